"""The corpus stage: the files in ``corpus/`` read, split and kept, and the disk under them.

In: a corpus folder (``manifest.toml``, the witnesses, ``games.toml``, emendations, marks,
the glossary, ``ids.lock``) and the text stage. Out: checked Python data, one file's worth
at a time, for the model to join:

- :mod:`.readers`: the readers of ``corpus/`` (manifest, witnesses, games, emendations,
  marks, claims), each checking what it reads; nothing there writes;
- :mod:`.structure`: a witness split into its parts (web debris, page titles, chapter
  headings, game titles, figure markers, footnotes, prose);
- :mod:`.ids`: citable identifiers and ``corpus/ids.lock`` (assigned once, never reused);
- :mod:`.glossary`: ``corpus/glossary.toml`` and its occurrences, found by lemma;
- :mod:`.cache`: the disk cache of built data (JSON, data never code);
- :mod:`.atomic`: atomic file replacement and the corpus write lock.
"""
