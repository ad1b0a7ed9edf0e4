"""The text stage, the bottom of the pipeline: Russian text as characters, words and sentences.

In: a string (a witness's text, a sentence, a word). Out: plain data about it, and nothing
about files, games or the corpus:

- :mod:`.characters`: the characters that are not book text (a byte order mark, zero-width
  and control characters), found or refused;
- :mod:`.normalise`: the lossless normalisation (pre-reform orthography, OCR noise,
  typography, the editors' emendations), every change a record over the original;
- :mod:`.morph`: pymorphy3's analyser and the edition's lemmas (the card vocabulary first);
- :mod:`.nlp`: the spaCy pipeline with the edition's registered components
  (``edition_normaliser``, ``edition_sentences``, ``edition_lemmas``) and sentence boundaries;
- :mod:`.words`: wording helpers for messages;
- :mod:`.errors`: :class:`~extract.text.errors.EditionError`, the one error for bad input
  (file, line, fix), which every stage above raises.

It imports no other part of ``extract``.
"""
