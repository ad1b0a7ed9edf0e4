"""The highlighted source pages, kept between builds.

Every HTML build highlights the engine's and the toolkit's modules again for their source
pages (``sphinx.ext.viewcode``): about two seconds of Pygments in a build that takes four,
for source that rarely changes. :func:`cache_highlighting` keeps what the builder's
highlighter returns for every block in the edition's cache folder, keyed by the block's
text and everything else the result depends on (language, options, the formatter's
arguments, the Sphinx and Pygments versions), so an unchanged module costs a dictionary
look-up. A block no build has used for a while is dropped (:data:`KEEP_BUILDS`), so the
entry stays about one site's worth.
"""
from __future__ import annotations

import hashlib
import json
import logging
from importlib.metadata import version

from ..corpus import cache
from .edition import cache_folder


def _key(*parts) -> str:
    text = json.dumps(parts, sort_keys=True, default=repr, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


#: a block stays in the cache until this many later builds have added blocks without
#: using it (an incremental build uses only the blocks of the pages it writes, so the
#: others are kept for the next full build; an edited module's old blocks go in time)
KEEP_BUILDS = 20


class _Warnings(logging.Handler):
    """Notes whether a warning (or worse) was logged while it was attached."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen = False

    def emit(self, record: logging.LogRecord) -> None:
        self.seen = True


def cache_highlighting(app) -> None:
    """On ``builder-inited``: wrap the builder's ``highlighter.highlight_block`` (HTML
    builders have one; others are left alone) so that a block highlighted in an earlier
    build with the same key is taken from the cache entry ``highlight-<key>.json`` in
    ``edition_cache_dir`` (default: beside the doctrees). At ``build-finished`` a build that
    highlighted a new block rewrites the entry (a build that failed writes nothing): the
    blocks it used, and those of the :data:`KEEP_BUILDS` builds before that added blocks.
    A damaged entry is ignored with a one-line warning, and an unwritable folder builds
    without the cache (:mod:`extract.corpus.cache`).

    A block whose highlighting gave a warning (a lexing error) is never kept, so every build
    lexes it and warns again (with warnings as errors, every build fails on it)."""
    hl = getattr(app.builder, "highlighter", None)
    if hl is None:
        return
    folder = cache_folder(app.config, app.doctreedir)
    setting = _key(version("sphinx"), version("pygments"), type(hl).__qualname__,
                   getattr(hl, "dest", None), getattr(hl, "formatter_args", None),
                   app.config.trim_doctest_flags)
    path = cache.entry_path(folder, "highlight", setting[:16])
    # {"generation": builds that added blocks, "blocks": {key: [html, last generation]}}
    entry = cache.read(path, expect=dict) or {}
    generation = entry.get("generation")
    blocks = entry.get("blocks")
    if not isinstance(generation, int) or not isinstance(blocks, dict):
        generation, blocks = 0, {}
    stored = {k: v[0] for k, v in blocks.items()
              if isinstance(v, list) and len(v) == 2 and isinstance(v[0], str)
              and isinstance(v[1], int)}
    used: dict[str, str] = {}
    highlight_block = hl.highlight_block

    def cached(source, lang, opts=None, force=False, location=None, **kwargs):
        if not isinstance(source, str):
            return highlight_block(source, lang, opts, force, location, **kwargs)
        k = _key(source, lang, opts, force, kwargs)
        html = stored.get(k)
        if html is not None:
            used[k] = html
            return html
        warned = _Warnings()
        sphinx_log = logging.getLogger("sphinx")      # every Sphinx logger's parent
        sphinx_log.addHandler(warned)
        try:
            html = highlight_block(source, lang, opts, force, location, **kwargs)
        finally:
            sphinx_log.removeHandler(warned)
        if not warned.seen:   # a block that gave a warning (a lexing error) is not kept:
            used[k] = html    # the next build lexes it again and warns again
        return html

    hl.highlight_block = cached

    def finished(_app, exc) -> None:
        if exc is not None or used.keys() <= stored.keys():
            return
        now = generation + 1
        kept = {k: v for k, v in blocks.items() if k in stored and k not in used
                and v[1] > now - KEEP_BUILDS}
        kept.update((k, [html, now]) for k, html in used.items())
        cache.write(path, {"generation": now, "blocks": kept}, "highlight-*.json")

    app.connect("build-finished", finished)
