"""The model of this build as the extension's parts get it, and the name of the corpus
listing that makes pages stale when a corpus file is added (no Sphinx set-up here, so that
every part of the extension can import it)."""
from __future__ import annotations

from pathlib import Path

from ..model.edition import build_edition


def cache_folder(config, doctreedir) -> Path:
    """The folder of the extension's disk cache: ``edition_cache_dir`` of ``config``, or
    ``edition`` beside the doctrees (``doctreedir``)."""
    return Path(config.edition_cache_dir or Path(doctreedir) / "edition")


def get_edition(env):
    """The model for this build: cached in memory and on disk, with the data derived from it
    (collation, example deals), in :func:`cache_folder`."""
    return build_edition(env.config.edition_corpus or None, cache_folder(env.config, env.doctreedir))


#: the list of the corpus's files, a dependency of every page that shows corpus data: a
#: file added to the corpus (a new translation, say) makes those pages stale, which noting
#: the files that exist cannot do
CORPUS_LISTING = ".corpus-files"
