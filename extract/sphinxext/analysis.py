"""The engine's modules as autodoc and viewcode analyse them, kept between builds.

Every HTML build has Sphinx's own Python parser (:class:`sphinx.pycode.ModuleAnalyzer`) read
each documented module again, for its attribute comments (``#:``), definitions and their
line numbers: about a quarter of a second of a warm build for modules that rarely change.
:func:`cache_analysis` keeps what the analyser found in the edition's cache folder, keyed by
the module's source text and the Sphinx version, so an unchanged module costs a look-up. A
module with ``@overload`` signatures is never kept (they are Python objects, not data) and is
analysed in every build, as it is without the cache.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib.metadata import version

from sphinx.pycode import ModuleAnalyzer

from ..corpus import cache
from .edition import cache_folder


@dataclass(frozen=True)
class Analysis:
    """What :meth:`ModuleAnalyzer.analyze` finds in one module's source (its attributes of
    the same names): comments of attributes by (scope, name), annotations, ``Final`` names,
    definitions as name -> (kind, first line, last line), and their order."""
    attr_docs: dict[tuple[str, ...], list[str]]
    annotations: dict[tuple[str, ...], str]
    finals: list[str]
    tags: dict[str, tuple[str, int, int]]
    tagorder: dict[str, int]


def _source_key(code: str) -> str:
    return hashlib.sha256(code.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def cache_analysis(app) -> None:
    """On ``builder-inited``: for this build, :meth:`ModuleAnalyzer.analyze` takes a module
    whose source an earlier build analysed from the cache entry ``pycode-<key>.json`` in
    ``edition_cache_dir`` (default: ``edition`` beside the doctrees), and analyses any other
    module as Sphinx does. At ``build-finished`` the analyser is Sphinx's own again, and a
    build that analysed a module anew rewrites the entry with the modules this build used (a
    failed build writes nothing). A damaged or foreign entry is ignored with a one-line
    warning and an unwritable folder builds without the cache (:mod:`extract.corpus.cache`)."""
    path = cache.entry_path(cache_folder(app.config, app.doctreedir), "pycode",
                            _source_key(version("sphinx"))[:16])
    stored = cache.read(path, classes=(Analysis,), expect=dict) or {}
    stored = {k: v for k, v in stored.items() if isinstance(v, Analysis)}
    used: dict[str, Analysis] = {}
    sphinx_analyze = ModuleAnalyzer.analyze

    def analyze(self) -> None:
        if self._analyzed:
            return
        key = _source_key(self.code)
        found = stored.get(key)
        if found is None:
            sphinx_analyze(self)
            if not self.overloads:
                used[key] = Analysis(self.attr_docs, self.annotations, self.finals,
                                     self.tags, self.tagorder)
            return
        self.attr_docs, self.annotations = found.attr_docs, found.annotations
        self.finals, self.tags, self.tagorder = found.finals, found.tags, found.tagorder
        self.overloads = {}
        self._analyzed = True
        used[key] = found

    ModuleAnalyzer.analyze = analyze     # type: ignore[method-assign]

    def finished(_app, exc) -> None:
        ModuleAnalyzer.analyze = sphinx_analyze      # type: ignore[method-assign]
        if exc is None and not used.keys() <= stored.keys():
            cache.write(path, used, "pycode-*.json")

    app.connect("build-finished", finished)


def setup(app) -> dict:
    """Use the cache in any Sphinx project (``extensions = [..., "extract.sphinxext.analysis"]``);
    the edition's extension sets it up itself."""
    app.connect("builder-inited", cache_analysis)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
