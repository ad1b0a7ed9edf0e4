"""Sphinx extension that renders the edition's model.

Use it from any Sphinx project with ``extensions = ["extract.sphinxext"]`` and, optionally,
``edition_corpus = "path/to/corpus"``. It provides:

- the ``edition`` domain, whose roles ``{rule}`` (a sentence, ``mill:4``) and ``{interp}``
  (an ambiguity or reading, ``goes-doesnt-go:deal-pattern=dittography``) cite the edition's
  objects; every sentence, ambiguity and reading goes into ``objects.inv`` so that other
  projects can cite them through intersphinx (alone, or with the light extension
  ``extract.sphinxext.domain``, which adds only the domain: see its docstring);
- directives ``edition-game`` (a game page's body), ``edition-witnesses`` (the witnesses
  table), ``edition-games`` (the list of games) and ``edition-principles`` (the rule table);
- one generated stub page per game in ``<srcdir>/games/`` (rewritten only when it changes;
  ``edition_pages = "folder"`` in ``conf.py`` names another folder, for a host project that
  has a ``games/`` of its own);
- the role ``{edition-tei}`` (a link to the TEI export of the whole edition, which HTML
  builds put at the site's root).

Directives emit builder-neutral docutils nodes; HTML specifics live in node visitors.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import cast

from docutils import nodes as docutils_nodes
from sphinx.application import Sphinx
from sphinx.domains.std import StandardDomain
from sphinx.errors import ExtensionError
from sphinx.util import logging
from sphinx.util.osutil import relative_uri

from engine import games
from engine import results as engine_results

from ..corpus.readers import corpus_dir
from ..export.figures import layout_svg, starting_layout
from ..export.tei import ENGINE_PAGE, GAMES_INDEX, write_tei
from ..model.edition import code_fingerprint
from ..model.engine_link import engine_games
from ..text.errors import EditionError
from . import assets, directives, play, search, titles, witnesses
from . import nodes as enodes
from .edition import CORPUS_LISTING, get_edition, pages_folder  # noqa: F401 (re-exported)
from .highlighting import cache_highlighting

logger = logging.getLogger(__name__)


def _stub(game) -> str:
    """The generated page of a game: its label and one directive, with the slug only (an
    ASCII name checked on load). The title, corpus text, is made by the directive as a text
    node: nothing from the corpus is ever spliced into MyST (see :mod:`.titles`)."""
    if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", game.slug):
        raise ValueError(f"game slug {game.slug!r} is not an ASCII slug")
    return f"(game-{game.slug})=\n\n```{{edition-game-page}} {game.slug}\n```\n"


def engine_page(known: frozenset[str] = frozenset()) -> str:
    """The engine reference: every function that executes a sentence of the book, documented
    by autodoc under its game, so that a rule sentence links to its code (and viewcode); each
    sentence id it executes links back to the sentence when the id is in ``known`` (the
    corpus's sentence ids; an id of a game the corpus lacks stays plain text)."""
    parts = ["(engine)=\n# The engine: rules that run\n\nEach game is one module of the "
             "package `engine.games`; below, every function that executes a sentence of the "
             "book, with the sentence ids it executes.\n"]
    for slug in games.available():
        module = games.record(slug).module
        entries = games.entries(slug)
        if not entries:
            continue
        lines = [f"\n## {slug}\n", "```{eval-rst}", f".. py:module:: {module}", ""]
        for e in entries:
            fn = e["function"]
            kind = "automethod" if fn.removeprefix(module + ".").count(".") else "autofunction"
            ids = [f":edition:rule:`{i}`" if i in known else f"``{i}``" for i in e["ids"]]
            lines += [f".. {kind}:: {fn}", "", f"   Executes: {', '.join(ids)}.", ""]
        lines.append("```")
        parts.append("\n".join(lines) + "\n")
    return "".join(parts)


def _engine_stamp(known: frozenset[str]) -> str:

    ids = hashlib.sha256("\0".join(sorted(known)).encode()).hexdigest()[:16]
    return f"{engine_results.engine_hash()}:{code_fingerprint()}:{ids}"


def _engine_page_cached(folder: Path, known: frozenset[str]) -> str:
    """:func:`engine_page`, made again only when the engine's source, the toolkit or the
    corpus's sentence ids have changed (making it imports every game module); ``write_stubs``
    records the stamp."""
    page, mark = folder / f"{ENGINE_PAGE}.md", folder / ".engine.stamp"
    if (page.exists() and mark.exists()
            and mark.read_text(encoding="utf-8") == _engine_stamp(known)):
        return page.read_text(encoding="utf-8")
    return engine_page(known)


#: the files the extension wrote in ``games/``, one relative path a line: it overwrites or
#: deletes only those, never a file of the host project's
OWNED = ".edition-generated"


def owned_files(folder: Path) -> set[str]:
    """The relative paths the extension wrote in ``folder`` (its :data:`OWNED` list). In a
    folder from before the list (it has the extension's ``.engine.stamp`` and no list), only
    the files an earlier version wrote, known by name and content (:func:`_written_before`):
    a file of the host's there is never claimed. ExtensionError, naming the list's file and
    line, for a line that names no file inside ``folder`` (``../conf.py``, an absolute path:
    the list says what the extension may delete)."""
    listing = folder / OWNED
    if listing.is_file():
        owned = set()
        for n, rel in enumerate(listing.read_text(encoding="utf-8").split("\n"), 1):
            if rel and ("\\" in rel or any(part in ("", ".", "..") for part in rel.split("/"))):
                raise ExtensionError(f"{listing}:{n}: {rel!r} is not a file in {folder}, "
                                     f"and the extension lists only files it wrote there: "
                                     f"delete that line")
            if rel:
                owned.add(rel)
        return owned
    if (folder / ".engine.stamp").is_file():
        return {rel for p in folder.rglob("*")
                if p.is_file() and _written_before(folder, rel := p.relative_to(folder).as_posix())}
    return set()


#: the stamps an earlier version wrote in the pages' folder (names no host would choose)
_STAMPS = {".engine.stamp", "edition.tei.stamp", "figures/.stamp"}


def _written_before(folder: Path, rel: str) -> bool:
    """Whether ``folder / rel``, in a folder the extension used before it kept a list, is
    one it wrote, known by name and content: a stamp (:data:`_STAMPS`); the TEI export beside
    its stamp, a TEI document; the corpus listing, naming a ``manifest.toml``; a page that
    begins with the label the extension gives a page of that name (``(game-mill)=`` in
    ``mill.md``, ``(games)=`` in ``index.md``, ``(engine)=`` in ``engine.md``) and holds what
    it writes there (the game's directive, the toctree, the engine's heading); a figure of
    its drawing (its title says so)."""
    if rel in _STAMPS:
        return True
    text = (folder / rel).read_text(encoding="utf-8", errors="replace")
    if rel == "edition.tei.xml":
        return (folder / "edition.tei.stamp").is_file() and "<TEI" in text[:2000]
    if rel == CORPUS_LISTING:
        return "manifest.toml" in text.split("\n")
    if rel.startswith("figures/") and rel.endswith(".svg") and rel.count("/") == 1:
        return FIGURE_TITLE_END in text
    if rel.endswith(".md") and "/" not in rel:
        slug = rel.removesuffix(".md")
        label, bodies = {f"{GAMES_INDEX}.md": ("games", ["```{toctree}"]),
                         f"{ENGINE_PAGE}.md": ("engine", ["# The engine: rules that run"])}.get(
            rel, (f"game-{slug}", [f"```{{edition-game-page}} {slug}\n",    # today's stub
                                   f"```{{edition-game}} {slug}\n"]))       # an earlier one
        return text.startswith(f"({label})=\n") and any(b in text for b in bodies)
    return False


def claim(folder: Path, rel: str, owned: set[str]) -> Path:
    """``folder / rel``, which the extension is about to write; ExtensionError if a file of
    that name is there that the extension did not write (it is the host project's)."""
    p = folder / rel
    if (p.exists() or p.is_symlink()) and rel not in owned:
        raise ExtensionError(f"{p}: this file was not written by the edition extension, "
                             f"which generates the pages in {folder} (it lists what it wrote "
                             f"in {OWNED} there); move the file out of that folder, or "
                             f"name another folder for the generated pages with "
                             f"edition_pages = \"...\" in conf.py, or delete the file if it is "
                             f"a page the extension generated and its list was lost (the "
                             f"extension never overwrites or deletes a file it did not write)")
    return p


def write_stubs(app: Sphinx) -> None:
    """Write ``games/<slug>.md`` and ``games/index.md`` for every game (only if changed), the
    engine page, the corpus listing, the figures and the TEI download; delete the pages it
    wrote before that are no longer wanted (a removed game). Files of the host project's in
    ``games/`` are never overwritten or deleted: ExtensionError names the first one."""
    ed = get_edition(app.env)
    folder = Path(app.srcdir) / pages_folder(app.config)
    folder.mkdir(parents=True, exist_ok=True)
    first_here = not (folder / OWNED).is_file()   # the pages may have moved here
    owned = owned_files(folder)
    wanted = {f"{g.slug}.md": _stub(g) for g in ed.games}
    wanted[f"{GAMES_INDEX}.md"] = ("(games)=\n# Games\n\n```{toctree}\n:maxdepth: 1\n\n"
                                   + "\n".join(g.slug for g in ed.games)
                                   + f"\n{ENGINE_PAGE}\n```\n")
    known = frozenset(s.id for g in ed.games for s in g.sentences)
    wanted[f"{ENGINE_PAGE}.md"] = _engine_page_cached(folder, known)
    wanted[".engine.stamp"] = _engine_stamp(known)
    written = set(wanted) | {CORPUS_LISTING, "edition.tei.xml", "edition.tei.stamp",
                             "figures/.stamp"}
    written |= {f"figures/{slug}.svg" for slug in _drawn(ed)}
    for rel in sorted(written):
        claim(folder, rel, owned)
    # the list first: a build stopped midway still knows every file it may have written
    # (the list at the end names only the files there)
    (folder / OWNED).write_text("\n".join(sorted(written | owned)) + "\n", encoding="utf-8")
    for name, text in wanted.items():
        p = folder / name
        if not p.exists() or p.read_text(encoding="utf-8") != text:
            p.write_text(text, encoding="utf-8")
    write_corpus_listing(folder / CORPUS_LISTING, ed.root)
    write_figures(folder / "figures", ed)
    write_tei_download(folder, ed)
    for rel in sorted(owned - written):
        p = folder / rel
        if p.is_file() and rel != OWNED:
            p.unlink()
    (folder / OWNED).write_text("\n".join(sorted(r for r in written if (folder / r).is_file()))
                                + "\n", encoding="utf-8")
    for other in _former_folders(Path(app.srcdir), folder, app) if first_here else ():
        _give_up(other)


def _former_folders(srcdir: Path, folder: Path, app: Sphinx) -> list[Path]:
    """The folders under ``srcdir`` other than ``folder`` that hold the extension's list of
    generated files: where it wrote its pages before ``edition_pages`` changed (hidden
    folders, ``node_modules`` and the build's own output are not searched)."""
    skip = {Path(app.outdir).resolve(), Path(app.doctreedir).resolve(), folder.resolve()}
    found = []
    for here, dirs, files in os.walk(srcdir):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d != "node_modules"
                   and (Path(here) / d).resolve() not in skip]
        if OWNED in files and Path(here).resolve() != folder.resolve():
            found.append(Path(here))
    return found


def _give_up(folder: Path) -> None:
    """Delete the files the extension listed as written in ``folder`` (a folder it no longer
    writes its pages in), then the list, then the folders left empty: the site must not
    keep a second copy of each page, nor Sphinx read them twice."""
    for rel in sorted(owned_files(folder)):
        p = folder / rel
        if p.is_file() and not p.is_symlink():
            p.unlink()
    (folder / OWNED).unlink()
    logger.info(f"the edition's pages moved (edition_pages): the ones in {folder} removed")
    for d in sorted((d for d in folder.rglob("*") if d.is_dir()), reverse=True):
        if not any(d.iterdir()):
            d.rmdir()
    if not any(folder.iterdir()):
        folder.rmdir()


def write_corpus_listing(path: Path, root: Path) -> None:
    """Write the sorted relative paths of the corpus files under ``root`` (``results/``
    excepted) to ``path``, only when the list has changed (its mtime marks the change)."""
    names = sorted(str(f.relative_to(root)) for f in root.rglob("*")
                   if f.is_file() and "results" not in f.relative_to(root).parts)
    text = "\n".join(names) + "\n"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


#: where the site offers the TEI export (:func:`write_tei_download`), from its root
TEI_DOWNLOAD = "edition.tei.xml"


def tei_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """``{edition-tei}`link text```: a link to the TEI export of the whole edition, which
    the HTML build puts at the site's root (:data:`TEI_DOWNLOAD`, a stable address to cite).
    Unlike Sphinx's ``download`` role, the page is not made to depend on the file, so an
    edit that changes only the export (a translation) does not read the page again. The
    address is filled in when a builder writes the page (:func:`tei_links`): builders
    sharing the doctrees lay pages out differently (``dirhtml``)."""
    node = docutils_nodes.reference(rawtext, text or TEI_DOWNLOAD, refuri=TEI_DOWNLOAD,
                                    classes=["edition-tei"])
    node["edition_tei"] = True
    return [node], []


def tei_links(app: Sphinx, doctree, docname: str) -> None:
    """On ``doctree-resolved`` (a builder about to write ``docname``): give every
    ``{edition-tei}`` link its address relative to that page."""
    uri = relative_uri(app.builder.get_target_uri(docname), TEI_DOWNLOAD)
    for node in doctree.findall(docutils_nodes.reference):
        if node.get("edition_tei"):
            node["refuri"] = uri


def _copy_tei_download(app: Sphinx, exception) -> None:
    """On ``build-finished`` (HTML builders): the TEI export written by
    :func:`write_tei_download` copied to the site's root, when it differs."""
    if exception is not None or app.builder.format != "html":
        return
    src = Path(app.srcdir) / pages_folder(app.config) / TEI_DOWNLOAD
    dst = Path(app.outdir) / TEI_DOWNLOAD
    if src.is_file() and (not dst.is_file() or dst.read_bytes() != src.read_bytes()):
        shutil.copyfile(src, dst)


def write_tei_download(folder: Path, ed) -> None:
    """Export the edition as TEI (``games/edition.tei.xml``) for the site's download link;
    redone only when the corpus, the toolkit or the engine has changed."""
    stamp = f"{ed.fingerprint}:{code_fingerprint()}:{engine_results.engine_hash()}"
    target, mark = folder / "edition.tei.xml", folder / "edition.tei.stamp"
    if target.exists() and mark.exists() and mark.read_text(encoding="utf-8") == stamp:
        return
    write_tei(ed, target)
    mark.write_text(stamp, encoding="utf-8")


def _drawn(ed) -> set[str]:
    """The slugs of the games of ``ed`` that get a figure: those the engine plays."""
    executable = {slug for slug, g in engine_games().items() if g.get("executable")}
    return {g.slug for g in ed.games if g.slug in executable}


#: how the title of each figure the extension draws ends
FIGURE_TITLE_END = ": starting layout of deal 1 (reconstruction)"


def write_figures(folder: Path, ed) -> None:
    """Draw ``<slug>.svg`` for every executable game: deal 1 under the default readings;
    redrawn only when what they show has changed: the games and their titles, the toolkit
    or the engine (not, say, a translated sentence)."""
    folder.mkdir(exist_ok=True)
    shown = [(g.slug, g.title_en or g.title_ru) for g in ed.games]
    stamp = f"{shown!r}:{code_fingerprint()}:{engine_results.engine_hash()}"
    mark = folder / ".stamp"
    if mark.exists() and mark.read_text(encoding="utf-8") == stamp:
        return
    drawn = _drawn(ed)
    for g in ed.games:
        if g.slug not in drawn:
            continue
        layout = starting_layout(g.slug)
        svg = layout_svg(layout, f"{g.title_en or g.title_ru}{FIGURE_TITLE_END}")
        p = folder / f"{g.slug}.svg"
        if not p.exists() or p.read_text(encoding="utf-8") != svg:
            p.write_text(svg, encoding="utf-8")
    mark.write_text(stamp, encoding="utf-8")


def _paths_beside_conf(app: Sphinx, config) -> None:
    """On ``config-inited``: ``edition_corpus``, ``edition_cache_dir`` and
    ``edition_node_dir`` given as relative paths are read from the folder of ``conf.py``, as
    Sphinx reads its own (``html_static_path``), not from wherever the build is run; a corpus
    that is not there: ExtensionError naming the setting and the folder it looked in."""
    base = Path(app.confdir or app.srcdir)
    for name in ("edition_corpus", "edition_cache_dir", "edition_node_dir"):
        value = getattr(config, name)
        if value and not Path(value).is_absolute():
            setattr(config, name, str(base / value))
    corpus = config.edition_corpus
    try:
        root = corpus_dir(corpus or None)
    except EditionError as e:
        if corpus:
            raise ExtensionError(f"edition_corpus in conf.py: {corpus} has no manifest.toml, "
                                 f"so it is not an edition corpus (a relative path is read "
                                 f"from {base}, the folder of conf.py); point it at the "
                                 f"corpus folder") from None
        raise ExtensionError(f"edition_corpus is not set in conf.py, and the corpus it falls "
                             f"back on is not there ({e}); set edition_corpus = "
                             f"\"path/to/corpus\" in conf.py") from None
    if not corpus:
        logger.info(f"edition_corpus is not set in conf.py: the edition is built from "
                    f"{root} ($EDITION_CORPUS, else the toolkit's own corpus)")
    # the corpus and the npm folder are data, not pages: a Markdown file in them (a README,
    # a package's) would be read as a page of the site
    src = Path(app.srcdir).resolve()
    for folder in (root, config.edition_node_dir):
        where = Path(folder).resolve() if folder else src
        if where != src and where.is_relative_to(src):
            rel = where.relative_to(src).as_posix()
            config.exclude_patterns = [*config.exclude_patterns, rel, f"{rel}/**"]


def _builder_inited(app: Sphinx) -> None:
    write_stubs(app)
    cache_highlighting(app)


def _dependency_contents(env) -> dict[str, str | None]:
    """sha256 of every file a page of ``env`` depends on (the corpus, the engine's and the
    toolkit's modules, generated sources) and of every file of the corpus; None for a file
    gone."""
    root = corpus_dir(env.config.edition_corpus or None).resolve()
    files = {p for p in root.rglob("*") if p.is_file()}
    files |= set(_resolved(env).values())
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else None
            for p in sorted(files)}


def _resolved(env) -> dict[str, Path]:
    """Every dependency named in ``env.dependencies`` (relative to the sources) -> its
    resolved path; each resolved once (the pages share most of theirs)."""
    src = Path(env.srcdir)
    return {d: (src / d).resolve()
            for d in {d for deps in env.dependencies.values() for d in deps}}


def _outdated_by_content(app: Sphinx, env, added, changed, removed) -> list[str]:
    """On ``env-get-outdated``: the pages that depend on a file whose *content* changed since
    the environment last read them (:func:`_remember_contents`). Sphinx reads a page again
    when a dependency's modification time is newer than the page's last reading; a file put
    back with an older time (``cp -p``, ``git stash``, ``rsync -a``, ``tar x``) would leave
    its pages as they were, even through ``--force``. An environment that has remembered
    nothing (the first build) leaves Sphinx's own test to stand."""
    before = getattr(env, "edition_dependency_files", None)
    if not before:
        return []
    now = _dependency_contents(env)
    moved = {p for p, digest in before.items() if now.get(p) != digest}
    if not moved:
        return []
    where = _resolved(env)
    return sorted(doc for doc, deps in env.dependencies.items()
                  if doc in env.found_docs and doc not in changed | added
                  and any(str(where[d]) in moved for d in deps))


def _remember_contents(app: Sphinx, env) -> list[str]:
    """On ``env-updated`` (the pages read, before Sphinx keeps the environment): remember
    the content of every dependency as read (``env.edition_dependency_files``), for
    :func:`_outdated_by_content` on the next build."""
    env.edition_dependency_files = _dependency_contents(env)
    return []


def _term_without_glossary(app: Sphinx, domain, node) -> bool | None:
    """Keep quiet about a glossary word of the reading text when the project has no page with
    the ``edition-glossary`` directive (a host project may leave the glossary out; the word
    then stays plain text). With the glossary present, a missing term still warns."""
    if node.get("reftype") != "term" or not node.get("edition_term"):
        return None
    objects = cast(StandardDomain, app.env.get_domain("std")).objects
    glossary = get_edition(app.env).glossary
    if any(("term", t.display) in objects for t in glossary):
        return None
    return True


def setup(app: Sphinx) -> dict:
    """Register the extension, and the extensions it needs (MyST for the generated pages,
    autodoc for the engine page), so that a host project needs only this one line."""
    for needed in ("myst_parser", "sphinx.ext.autodoc"):
        app.setup_extension(needed)
    app.add_config_value("edition_corpus", None, "env", types=(str, type(None)))
    app.add_config_value("edition_pages", "games", "env", types=(str,))
    # where the model and derived data are cached (keyed by content, so any folder is safe);
    # not part of the environment: moving the cache does not make pages stale
    app.add_config_value("edition_cache_dir", None, "", types=(str, type(None)))
    app.setup_extension("extract.sphinxext.domain")   # the domain; citations warn if unknown
    app.setup_extension("extract.sphinxext.analysis")  # the engine's modules parsed once
    app.add_search_language(search.SearchEnglishRussian)
    app.connect("config-inited", search.use_scorer)
    for name, cls in {**directives.DIRECTIVES,
                      "edition-witness-pages": witnesses.WitnessPagesDirective,
                      "edition-game-page": titles.GamePageDirective}.items():
        app.add_directive(name, cls)
    enodes.register(app)
    play.register(app)
    app.connect("config-inited", _paths_beside_conf)
    app.connect("builder-inited", _builder_inited)
    app.connect("env-get-outdated", _outdated_by_content)
    app.connect("env-updated", _remember_contents)
    app.connect("warn-missing-reference", _term_without_glossary)
    app.add_role("edition-tei", tei_role)
    app.connect("doctree-resolved", tei_links)
    app.connect("build-finished", _copy_tei_download)
    assets.register(app)     # the CSS and JavaScript, under hashed names
    try:
        release = version("patience-edition")
    except PackageNotFoundError:   # run from a checkout that is not installed
        release = "0+unknown"
    return {"version": release, "parallel_read_safe": True, "parallel_write_safe": True,
            "env_version": 1}

