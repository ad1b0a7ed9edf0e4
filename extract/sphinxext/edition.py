"""The model of this build as the extension's parts get it, and the name of the corpus
listing that makes pages stale when a corpus file is added (no Sphinx set-up here, so that
every part of the extension can import it)."""
from __future__ import annotations

from pathlib import Path

from ..model.edition import build_edition


def get_edition(env):
    """The model for this build: cached in memory and on disk, with the data derived from it
    (collation, example deals), in ``edition_cache_dir`` (default: beside the doctrees)."""
    cache = env.config.edition_cache_dir or Path(env.doctreedir) / "edition"
    return build_edition(env.config.edition_corpus or None, Path(cache))


#: the list of the corpus's files, a dependency of every page that shows corpus data: a
#: file added to the corpus (a new translation, say) makes those pages stale, which noting
#: the files that exist cannot do
CORPUS_LISTING = ".corpus-files"
