"""The model of this build as the extension's parts get it, the folder of the generated
pages, and the name of the corpus listing that makes pages stale when a corpus file is added
(no Sphinx set-up here, so that every part of the extension can import it)."""
from __future__ import annotations

import re
from pathlib import Path

from sphinx.errors import ExtensionError

from ..model.edition import build_edition


def cache_folder(config, doctreedir) -> Path:
    """The folder of the extension's disk cache: ``edition_cache_dir`` of ``config``, or
    ``edition`` beside the doctrees (``doctreedir``), also in a project that does not set
    up the edition's extension (which declares the setting)."""
    return Path(getattr(config, "edition_cache_dir", None) or Path(doctreedir) / "edition")


def pages_folder(config) -> str:
    """The folder of the generated pages, relative to the sources (``edition_pages``, default
    ``games``): one or more plain names (letters of any script, digits, ``-``, ``_``) joined
    by ``/``; ExtensionError naming the setting for anything else (an absolute path, ``..``,
    a space), which could reach outside the project."""
    name = config.edition_pages
    if not re.fullmatch(r"[\w-]+(?:/[\w-]+)*", name):
        raise ExtensionError(f"edition_pages = {name!r} in conf.py: give a folder inside the "
                             "project, as names of letters, digits, '-' and '_' joined by '/' "
                             "(for example 'games' or 'edition/games')")
    return name


def get_edition(env):
    """The model for this build: cached in memory and on disk, with the data derived from it
    (collation, example deals), in :func:`cache_folder`."""
    return build_edition(env.config.edition_corpus or None, cache_folder(env.config, env.doctreedir))


#: the list of the corpus's files, a dependency of every page that shows corpus data: a
#: file added to the corpus (a new translation, say) makes those pages stale, which noting
#: the files that exist cannot do
CORPUS_LISTING = ".corpus-files"
