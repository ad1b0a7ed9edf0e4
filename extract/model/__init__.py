"""The model stage: the edition as one immutable in-memory model, and what is joined to it.

In: a corpus folder (read through the corpus stage) and, when it is installed, the engine.
Out: :class:`~extract.model.edition.Edition` -> ``Game`` -> ``Sentence``, built once per
build and cached, which every stage above renders and nothing re-reads:

- :mod:`.edition`: :func:`~extract.model.edition.build_edition`: the witnesses split,
  normalised and segmented, sentence ids from the lock, translations, notes, glossary and
  emendations joined; the code and corpus fingerprints and the disk-cached derived data;
- :mod:`.collate`: the collation of a game's witnesses (CollateX) and the critical apparatus;
- :mod:`.engine_link`: what the edition reads from the engine (its games, ambiguities and
  readings, which function executes each sentence); empty without the engine;
- :mod:`.notes`: the shape of a translator's note (paragraphs and tables).
"""
