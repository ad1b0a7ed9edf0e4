"""The intake stage: what enters the corpus, and the checks the whole corpus must pass.

In: a new witness file (``edition add``) or the corpus as the editors left it (``edition
check``), with the model and the exports built from it. Out: a changed corpus, written
atomically under the corpus lock, or a report of every problem:

- :mod:`.add`: ``edition add FILE``: a new witness tried on a scratch copy of the corpus
  (the model is built with it) before the real corpus is changed;
- :mod:`.checks`: ``edition check``: every validation of the corpus against the model, the
  lock, the engine's rule registry and the translations.
"""
