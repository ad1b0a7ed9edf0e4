"""Building the site: the Sphinx project and the corpus in, a whole new site swapped in for
the old one out. ``edition build`` (:mod:`extract.cli`) parses its options and calls
:func:`build_site`; everything else about a build is here: what the site is built from
(and so when it is up to date), the guard on the output folder, the lock, the swap, the
Play panel's Pyodide and Sphinx itself (in-process)."""
from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import hashlib
import json
import os
import pickle
import shutil
import sys
import sysconfig
import tempfile
import time
from importlib.metadata import version
from pathlib import Path

from engine import games as engine_games

from .corpus.atomic import corpus_lock, env_seconds, folder_lock, write_atomic
from .text.errors import EditionError
from .text.words import count

REPO = Path(__file__).resolve().parent.parent
#: the site's Sphinx project: the repository's ``docs/`` in a checkout; installed from a wheel,
#: the copy the package carries (``extract/packaged/site``, a link to ``docs/`` in the checkout)
DOCS = REPO / "docs" if (REPO / "docs" / "conf.py").is_file() else \
    Path(__file__).resolve().parent / "packaged" / "site"
#: ``build --out`` and ``serve --dir`` by default: ``docs/_build/html`` in a checkout, else
#: ``_build/html`` in the current folder (never inside the installed package)
DEFAULT_SITE = DOCS / "_build" / "html" if DOCS == REPO / "docs" else Path("_build") / "html"


def default_site(corpus: Path | None) -> Path:
    """``build --out`` and ``serve --dir`` when not given, for ``corpus`` (None: the default
    corpus): :data:`DEFAULT_SITE` for the repository's own corpus; for another corpus
    ``_build/html`` in the current folder, so that building another edition never replaces
    the repository's site."""
    from .corpus.readers import DEFAULT_CORPUS, corpus_dir  # lazy: the corpus layer, and the CLI imports this module at start
    if corpus_dir(corpus).resolve() == Path(DEFAULT_CORPUS).resolve():
        return DEFAULT_SITE
    return Path("_build") / "html"


def sync_sources(docs: Path, source: Path) -> None:
    """Mirror the Sphinx project ``docs`` into ``source``, the build's own source folder
    (so builds of different corpora or outputs never share generated pages). Files whose
    content is unchanged are left alone, keeping incremental rebuilds fast; a file copied
    takes the time of the copy, so Sphinx reads it again even where ``docs`` holds it with
    an older time than the last build (put back with ``cp -p`` or ``git stash``)."""
    keep = set()
    for p in docs.rglob("*"):
        rel = p.relative_to(docs)
        if not p.is_file() or rel.parts[0] in ("_build", "games") or "__pycache__" in rel.parts:
            continue
        keep.add(rel)
        dst = source / rel
        if not dst.exists() or dst.read_bytes() != p.read_bytes():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(p, dst)
    for p in source.rglob("*"):
        rel = p.relative_to(source)
        if p.is_file() and rel.parts[0] != "games" and rel not in keep:
            p.unlink()


def toolkit_inputs() -> str:
    """A sha256 (hex) of what a site build reads besides the corpus: the Sphinx project
    ``docs/``, the toolkit's code and assets (``extract/``, ``engine/``), the pinned Pyodide
    (``package.json``, ``package-lock.json`` and the installed copy's ``package.json``), the
    installed Python packages (their ``*.dist-info`` names, which carry the versions), the
    Python version and ``$SOURCE_DATE_EPOCH`` (the year in every page's footer)."""
    h = hashlib.sha256()
    for name, root in (("docs", DOCS), ("extract", REPO / "extract"), ("engine", REPO / "engine")):
        _hash_folder(h, name, root)
    from .sphinxext.bundle import find_node_dir  # lazy: extract.sphinxext.bundle loads sphinx
    node = find_node_dir(None)
    for p in (node / "package.json", node / "package-lock.json",
              node / "node_modules" / "pyodide" / "package.json"):
        h.update(f"\0{p.name}\0".encode() + (p.read_bytes() if p.is_file() else b"missing"))
    paths = sysconfig.get_paths()
    for lib in sorted({paths["purelib"], paths["platlib"]}):
        names = sorted(n for n in os.listdir(lib) if n.endswith(".dist-info")) \
            if os.path.isdir(lib) else []
        h.update(("\0".join(names)).encode())
    h.update(f"\0{sys.version}\0{os.environ.get('SOURCE_DATE_EPOCH', '')}\0".encode())
    return h.hexdigest()


def _hash_folder(h, name: str, root: Path, leave_out: tuple[str, ...] = ()) -> None:
    """Feed ``h`` each file of ``root`` (path, bytes), hidden, cache and build files and the
    top-level entries named in ``leave_out`` left out."""
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root).parts
        if p.is_file() and rel[0] not in leave_out and not any(
                x.startswith(".") or x in ("__pycache__", "_build") for x in rel):
            h.update(f"\0{name}/{'/'.join(rel)}\0".encode() + p.read_bytes())


def build_inputs(corpus: Path, out: Path, toolkit: str | None = None) -> str:
    """A sha256 (hex) of everything a site build into ``out`` reads: the corpus folder
    (``results/`` included; hidden lock and temporary files left out), the toolkit
    (:func:`toolkit_inputs`, computed when ``toolkit`` is None), and the corpus and output
    paths."""
    h = hashlib.sha256()
    _hash_folder(h, "corpus", corpus)
    h.update((toolkit or toolkit_inputs()).encode())
    h.update(f"\0{corpus}\0{out}\0".encode())
    return h.hexdigest()


def site_listing(out: Path) -> str:
    """A sha256 (hex) of the file names, modification times and contents in the folder
    ``out`` (a built site, or Sphinx's doctrees beside it), so that a site edited or damaged
    by hand is never taken as up to date (nor lends its pages to the next build). Under
    ``_static/`` (the Pyodide run time: most of the bytes, and never lent) sizes stand for
    the contents."""
    h = hashlib.sha256()
    for p in sorted(out.rglob("*")):
        if p.is_file():
            rel = p.relative_to(out)
            st = p.stat()
            h.update(f"{rel}\0{st.st_mtime_ns}\0{st.st_size}\0".encode())
            if rel.parts[0] != "_static":
                h.update(hashlib.sha256(p.read_bytes()).digest())
    return h.hexdigest()


def beyond_translations(corpus: Path) -> str:
    """A sha256 (hex) of the corpus folder but its ``translations/``: a change there may
    change pages whose own sources did not (a game's title names it in every page's links,
    the engine's page among them), which Sphinx's incremental build does not write again;
    a translation shows on its game's page only."""
    h = hashlib.sha256()
    _hash_folder(h, "corpus", corpus, leave_out=("translations",))
    return h.hexdigest()


def _stamp_path(out: Path) -> Path:
    return out.with_name(f".{out.name}.stamp")


def site_up_to_date(out: Path, inputs: str) -> bool:
    """True when ``out`` was built by ``edition build`` from exactly ``inputs``
    (:func:`build_inputs`) and has not been touched since (:func:`site_listing`)."""
    try:
        stamp = json.loads(_stamp_path(out).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return (isinstance(stamp, dict) and stamp.get("inputs") == inputs and out.is_dir()
            and stamp.get("site") == site_listing(out))


def write_stamp(out: Path, inputs: str, toolkit: str, doctrees: Path, corpus: str) -> None:
    """Record that ``out`` is the site built from ``inputs`` with the toolkit ``toolkit``
    (:func:`build_inputs`, :func:`toolkit_inputs`), the corpus as ``corpus`` (its state but
    the translations, :func:`beyond_translations`, when the build read it) and the Sphinx
    environment in ``doctrees`` as it is now (beside it, atomically)."""
    write_atomic(_stamp_path(out), json.dumps({
        "inputs": inputs, "toolkit": toolkit, "corpus": corpus,
        "site": site_listing(out), "environment": site_listing(doctrees),
        "files": _files(out)}).encode())


def _files(out: Path) -> list[str]:
    """The files in the folder ``out``, as paths relative to it, sorted."""
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())


def foreign_files(out: Path) -> list[str]:
    """Files in the site folder ``out`` that the build which made it did not write (its
    stamp lists them; none is known where the stamp is missing or from before the list):
    a build replaces the whole folder and would delete them (a ``CNAME`` for GitHub Pages,
    notes kept beside the site)."""
    try:
        stamp = json.loads(_stamp_path(out).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    written = stamp.get("files") if isinstance(stamp, dict) else None
    if not isinstance(written, list) or not out.is_dir():
        return []
    known = set(written)
    return [f for f in _files(out) if f not in known]


def _executable_slugs(root: Path) -> list[str]:
    """The slugs of the corpus's games that the engine plays (none if games.toml is bad: the
    model build then says what is wrong)."""

    from .corpus.readers import load_games  # lazy: extract.corpus.readers pulls in the corpus layer, and the CLI imports this module at start
    try:
        return [g.slug for g in load_games(root) if g.slug in engine_games.available()]
    except EditionError:
        return []


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders in one atomic step (Linux ``renameat2(RENAME_EXCHANGE)``); False
    where the system cannot (then the caller renames twice and recovers on the next run)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    AT_FDCWD, RENAME_EXCHANGE = -100, 2
    return renameat2(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), RENAME_EXCHANGE) == 0


def recover_site(out: Path) -> None:
    """Put the site folder ``out`` back in order after a build that was killed: a missing
    OUT is restored from ``.OUT.old`` (a swap cut in half); stale ``.OUT.building.*`` and
    ``.OUT.old`` folders are removed. Call while holding the site lock."""
    old = out.with_name(f".{out.name}.old")
    if not out.exists() and old.is_dir():
        old.rename(out)
    remove_tree(old)
    for stale in out.parent.glob(f".{out.name}.building.*"):
        remove_tree(stale)


def remove_tree(path: Path) -> None:
    """Delete the folder ``path`` and everything in it, a read-only folder inside included
    (it is made writable first: an old site must never be left behind, undeletable). Errors
    that remain (the folder is not ours) are ignored, as by ``shutil.rmtree``."""
    def writable_then_retry(func, name, _exc):
        try:
            os.chmod(os.path.dirname(name), 0o700)   # the folder that refused the deletion
            func(name)
        except OSError:
            pass
    if path.exists():
        shutil.rmtree(path, onerror=writable_then_retry)


def swap_in(new: Path, out: Path) -> None:
    """Make the finished build ``new`` the site ``out``. OUT always exists: the folders are
    exchanged atomically where the system allows; else OUT is renamed to ``.OUT.old`` and
    ``new`` to OUT, and a kill between the two is undone by :func:`recover_site`."""
    if out.exists() and _exchange(new, out):
        remove_tree(new)   # now the old site
        return
    old = out.with_name(f".{out.name}.old")
    remove_tree(old)
    if out.exists():
        out.rename(old)
    new.rename(out)
    remove_tree(old)


def reuse_pages(out: Path, new: Path, toolkit: str, doctrees: Path, corpus: str) -> bool:
    """Copy the pages of the site ``out`` into ``new``, the folder a build is about to write,
    times kept, so that Sphinx writes only the pages whose sources or dependencies changed
    (its own incremental build: the environment beside the site knows what it read) rather
    than every page. Only a site this command built with the same toolkit ``toolkit``
    (:func:`toolkit_inputs`: a changed template, asset or directive changes pages whose
    sources did not change) from the corpus as it is now but its translations (``corpus``,
    :func:`beyond_translations`: a game's title, say, is in every page's links), nobody
    touched since (its stamp's listing,
    :func:`site_listing`), and whose Sphinx environment ``doctrees`` is the one that built
    it (a build that failed after Sphinx had read the changed pages leaves an environment
    that knows pages the site does not have: those would never be written) is taken; ``_static/`` and ``_downloads/`` are not (Sphinx copies
    them whole each build). True if the pages were copied. Pages whose document is gone are
    removed after the build (:func:`drop_orphans`); ``--force`` writes every page anew."""
    if int(version("sphinx").split(".")[0]) < 9:
        return False        # Sphinx 9 keeps the search index's data in its environment
    try:
        stamp = json.loads(_stamp_path(out).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if not (isinstance(stamp, dict) and out.is_dir() and stamp.get("toolkit") == toolkit
            and stamp.get("corpus") == corpus
            and stamp.get("site") == site_listing(out)
            and stamp.get("environment") == site_listing(doctrees)):
        return False
    shutil.copytree(out, new, dirs_exist_ok=True,
                    ignore=lambda folder, _names: ["_static", "_downloads", ".buildinfo.bak"]
                    if Path(folder) == out else [])
    return True


#: pages of an HTML build that are no document's
_BUILDER_PAGES = {"genindex", "search", "py-modindex"}


def drop_orphans(app, since_ns: int) -> list[Path]:
    """After the build ``app`` into a folder of reused pages (:func:`reuse_pages`): remove
    the pages not written since ``since_ns`` (``time.time_ns()``) whose document is no longer
    in the project (a page or a game removed; the site keeps no ``_sources``), the source
    pages of modules no longer shown (``_modules/``) and the images no page shows any more.
    Returns what was removed (paths relative to the site)."""
    outdir = Path(app.outdir)
    docs = set(app.env.all_docs)
    modules = {m for m, v in getattr(app.env, "_viewcode_modules", {}).items() if v}
    images = {unique for _docs, unique in app.env.images.values()}
    gone = []
    for p in outdir.rglob("*"):
        rel = p.relative_to(outdir)
        if not p.is_file() or p.stat().st_mtime_ns >= since_ns or rel.parts[0] == "_static":
            continue
        if rel.parts[0] == "_modules":
            orphan = (p.suffix == ".html" and rel.name != "index.html"
                      and ".".join(rel.with_suffix("").parts[1:]) not in modules)
        elif rel.parts[0] == "_images":
            orphan = rel.name not in images
        else:
            doc = rel.with_suffix("").as_posix()
            orphan = p.suffix == ".html" and doc not in docs and doc not in _BUILDER_PAGES
        if orphan:
            p.unlink()
            gone.append(rel)
    return gone


def keep_search_entries(app) -> None:
    """Pickle the environment again after the build: Sphinx pickles it after reading, but
    the search index's entries of each page (``env._search_index_index_entries``, the
    index entries of the engine's API) are collected while writing, so the next build,
    which writes only the pages that changed (:func:`reuse_pages`), would publish a search
    index without the others'. Entries of pages no longer in the project are dropped."""
    from sphinx.application import ENV_PICKLE_FILENAME  # lazy: sphinx is slow to import
    env = app.env
    entries = getattr(env, "_search_index_index_entries", {})    # Sphinx 9
    for doc in set(entries) - set(env.all_docs):
        del entries[doc]
    write_atomic(Path(app.doctreedir) / ENV_PICKLE_FILENAME,
                 pickle.dumps(env, pickle.HIGHEST_PROTOCOL))


def run_sphinx(source: Path, out: Path, doctrees: Path, corpus: Path | None,
               verbose: bool = False, cache: Path | None = None) -> int:
    """Run Sphinx's HTML build (warnings are errors, all reported); return its status.

    Sphinx's crash report (a traceback) is replaced by one message: an EditionError raised
    by the extension comes out as itself (file, line, fix); any other exception as an
    EditionError naming the source file and line Sphinx was at, what went wrong, and the
    fix (``-v`` re-raises it with the full traceback)."""
    from sphinx.application import Sphinx  # lazy: sphinx is slow to import
    from sphinx.errors import SphinxError  # lazy: sphinx is slow to import
    from sphinx.util.docutils import docutils_namespace, patch_docutils  # lazy: sphinx is slow to import
    overrides = {"edition_corpus": str(Path(corpus).resolve())} if corpus is not None else {}
    if cache is not None:   # model, collation, examples: reused between builds
        overrides["edition_cache_dir"] = str(cache)
    app = None
    try:
        with patch_docutils(source), docutils_namespace():
            app = Sphinx(source, source, out, doctrees, "html", overrides,
                         status=sys.stdout if verbose else None, warning=sys.stderr,
                         warningiserror=True, keep_going=True, verbosity=int(verbose))
            started = time.time_ns()
            app.build()
            if app.statuscode == 0:
                drop_orphans(app, started)
                keep_search_entries(app)
            return app.statuscode
    except (EditionError, OSError, KeyboardInterrupt):
        raise
    except Exception as e:
        if verbose:
            raise
        cause: BaseException | None = e
        while cause is not None and not isinstance(cause, EditionError):
            cause = cause.__cause__
        if isinstance(cause, EditionError):
            raise cause from None
        orig = getattr(e, "orig_exc", None) or e
        if isinstance(orig, EditionError):
            raise orig from None
        if isinstance(orig, OSError):
            raise orig from None
        where = None
        if app is not None and getattr(app, "env", None) is not None and app.env.docname:
            where = app.env.doc2path(app.env.docname)
        what = f"{type(orig).__name__}: {orig}" if not isinstance(e, SphinxError) else str(e)
        raise EditionError(f"Sphinx stopped with an internal error ({' '.join(what.split())})",
                           where, fix="run `edition build -v` for the full traceback, and report "
                                      "it with the file named here") from None


#: how long a second build into the same --out waits for the first (seconds;
#: ``$EDITION_LOCK_TIMEOUT`` sets it, as for the corpus lock)
BUILD_WAIT = env_seconds(1800)


def _prepare_play_panel(source: Path, say=None) -> None:
    """Install the pinned Pyodide (``npm ci``) before Sphinx starts, so that a missing npm
    stops the build with one clear message (see :mod:`extract.sphinxext.bundle`); ``say``
    is told that npm runs (None: nothing is said)."""
    from sphinx.errors import ExtensionError  # lazy: sphinx is slow to import

    from .sphinxext import bundle  # lazy: extract.sphinxext.bundle loads sphinx
    try:
        bundle.ensure_pyodide(bundle.find_node_dir(None),
                              say=say or (lambda msg: None), alternative="")
    except ExtensionError as e:
        message, _, fix = str(e).partition(" Fix: ")
        raise EditionError(message, fix=fix or None) from None


def site_folder_guard(out: Path, corpus: Path | None) -> None:
    """Refuse a site folder ``out`` (resolved) that a build must not replace: a build swaps
    the whole folder for the new site and deletes the old one, so OUT must be new, empty or
    an earlier build's (Sphinx's ``.buildinfo`` in it), and never a file-system root, the
    corpus, the repository or a folder holding or inside either. Raises EditionError naming
    OUT and the fix before anything is written."""
    from .corpus.readers import corpus_dir  # lazy: extract.corpus.readers pulls in the corpus layer, and the CLI imports this module at start
    fix = "give --out a new or empty folder of its own (e.g. --out site/html)"
    if out == Path(out.anchor):
        raise EditionError("--out is the root of the file system", out, fix=fix)
    data = corpus_dir(corpus).resolve()
    for what, folder in (("the corpus", data), ("the repository", REPO.resolve())):
        if out == folder or folder.is_relative_to(out):
            raise EditionError(f"--out would replace {what} ({folder}): a build replaces the "
                               f"whole output folder", out, fix=fix)
    if out.is_relative_to(data):
        raise EditionError(f"--out lies inside the corpus ({data}), which holds data only",
                           out, fix=fix)
    if out.exists() and not out.is_dir():
        raise EditionError("--out is not a folder (a file, a device or a pipe): a build "
                           "replaces the whole output folder", out, fix=fix)
    if out.is_dir() and any(out.iterdir()) and not (out / ".buildinfo").is_file():
        raise EditionError("--out is a folder with files that no `edition build` made (it has "
                           "no .buildinfo): a build replaces the whole folder and would delete "
                           "them", out, fix=fix)
    if out.is_dir() and not os.access(out, os.W_OK):
        raise EditionError("--out is read-only: a build replaces the whole folder, and the "
                           "old site could not be deleted", out,
                           fix="make it writable (chmod -R u+w), or choose another --out")


def _check_stored_odds(path: Path) -> None:
    """EditionError naming ``path`` and its first problem when the stored odds table there
    cannot be read or is damaged (:func:`engine.results.problems`): the game pages read it."""
    if not path.exists():
        return
    from engine import results as engine_results  # lazy: the engine's measuring module
    try:
        found = engine_results.problems(engine_results.load(path))
    except (OSError, ValueError) as e:
        found = [f"cannot be read ({e})"]
    if found:
        raise EditionError(f"the stored odds table is damaged: {found[0]}"
                           + (f" (and {len(found) - 1} more: `edition check` lists them)"
                              if len(found) > 1 else ""), path,
                           fix=f"restore it (git checkout -- {path}) or regenerate it "
                               f"(`edition results --workers 2`)")


def build_site(out: Path, corpus: Path | None, cache_dir, *, force: bool = False,
               verbose: bool = False, say=None) -> str:
    """Build the site from ``corpus`` (None: the default corpus) into ``out`` and return the
    one-line result ("site built: ..." or "site up to date: ..."): the guard on ``out``
    (:func:`site_folder_guard`), a lock beside it, the model (cached in the folder
    ``cache_dir()`` gives, asked only once ``out`` has passed the guard; None: no disk
    cache), a refusal while a locked sentence id is broken, a sentence is not yet locked or a
    translation names no sentence, Sphinx into a new folder and the
    swap. ``say(message)`` is told the progress (None: nothing is said); ``verbose``
    shows Sphinx's own. Raises EditionError (file, fix) for anything the user can fix; a
    failed build leaves the previous site intact."""
    from .corpus.ids import lock_problems, moved_bases  # lazy: extract.corpus.ids pulls in the corpus layer, and the CLI imports this module at start
    from .intake.checks import claim_problems, dangling_citations, translation_orphans  # lazy: extract.intake.checks pulls in the model and the engine, and the CLI imports this module at start
    from .model.edition import build_edition  # lazy: extract.model.edition is the model over the corpus layer, and the CLI imports this module at start
    out = out.resolve()
    site_folder_guard(out, corpus)
    cache = cache_dir()
    out.parent.mkdir(parents=True, exist_ok=True)
    with folder_lock(out.parent, f".{out.name}.lock", f"the site folder {out}", BUILD_WAIT), \
            contextlib.ExitStack() as alongside:
        recover_site(out)
        foreign = foreign_files(out)
        if foreign:
            raise EditionError(f"--out holds {count(len(foreign), 'file')} that no build wrote "
                               f"({', '.join(foreign[:5])}{' ...' if len(foreign) > 5 else ''}): "
                               f"a build replaces the whole folder and would delete "
                               f"{'it' if len(foreign) == 1 else 'them'}", out,
                               fix="move them out of the site folder (copy them in after each "
                                   "build), or build into another --out")
        doctrees = out.parent / f".{out.name}.doctrees"
        from .corpus.readers import corpus_dir  # lazy: extract.corpus.readers pulls in the corpus layer, and the CLI imports this module at start
        root = corpus_dir(corpus).resolve()
        with corpus_lock(root):   # not half-way through an add
            # Pyodide first: an install made by this build is then part of what it hashes,
            # so the next build with nothing changed finds the site up to date
            _prepare_play_panel(DOCS, say)
            toolkit = toolkit_inputs()
            inputs = build_inputs(root, out, toolkit)
            corpus_state = beyond_translations(root)
            if not force and site_up_to_date(out, inputs):
                return (f"site up to date (nothing it is built from has changed; --force "
                        f"builds anyway): {out / 'index.html'}")
            from .sphinxext.play import examples_alongside  # lazy: extract.sphinxext.play loads docutils
            alongside.enter_context(examples_alongside(_executable_slugs(root), cache,
                                                         root / "results" / "odds.json"))
            ed = build_edition(corpus, cache)  # fail early on bad data; cached
        from .model.collate import vanished_apparatus_ids  # lazy: extract.model.collate pulls in the corpus layer, and the CLI imports this module at start
        broken = lock_problems(ed) + vanished_apparatus_ids(ed, skip=moved_bases(ed))
        if broken:
            raise EditionError("the site would publish with citable ids broken or not yet "
                               "locked:\n  " + "\n  ".join(broken), ed.root / "ids.lock",
                               fix=f"a sentence not in the lock: `edition lock` records it; "
                                   f"a broken id: undo what changed it (`git diff -- "
                                   f"{ed.root}` shows it), or retire it (`edition lock "
                                   f"--retire ID --reason WHY`); `edition check` lists them")
        orphans = translation_orphans(ed)
        if orphans:
            raise EditionError("the site would leave out translations of ids that are not "
                               "sentences of the edition:\n  " + "\n  ".join(orphans),
                               ed.root / "translations",
                               fix="correct each id named, or delete its line; `edition "
                                   "check` lists them")
        from .model.engine_link import engine_games  # lazy: the engine's declarations
        wrong = claim_problems(ed) + dangling_citations(ed, engine_games())
        if wrong:
            # (a claim's placeholder that names no field stopped Sphinx with an "internal
            # error" on a temporary file; one that names no row published "not measured yet")
            raise EditionError("the site would publish the author's claims or the notes with "
                               "what `edition check` refuses:\n  " + "\n  ".join(wrong),
                               ed.root, fix="correct each file and line named")
        _check_stored_odds(ed.root / "results" / "odds.json")
        source = out.parent / f".{out.name}.source"
        sync_sources(DOCS, source)
        tmp = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.building."))
        mask = os.umask(0)   # (read the umask: mkdtemp makes the folder 0700, and a web
        os.umask(mask)       # server running as another user could not read the site)
        tmp.chmod(0o777 & ~mask)
        if not verbose and say is not None:
            say(f"building the site from {corpus or 'corpus/'} (use -v for Sphinx's "
                f"progress) ...")
        try:
            if not force:
                reuse_pages(out, tmp, toolkit, doctrees, corpus_state)
            code = run_sphinx(source, tmp, doctrees, corpus, verbose, cache)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        if code != 0:
            shutil.rmtree(tmp, ignore_errors=True)
            raise EditionError(f"the site build failed (sphinx exit {code}); the previous site "
                               f"in {out} is untouched", fix="read the messages above: each "
                               "names a file and line (a full traceback, if any, is in the log "
                               "file Sphinx names)")
        swap_in(tmp, out)
        write_stamp(out, inputs, toolkit, doctrees, corpus_state)
    return f"site built: {out / 'index.html'}" + untranslated_note(ed)


def untranslated_note(ed) -> str:
    """A line for the build's result when games listed in games.toml have sentences with no
    English yet (the site shows them as not yet translated; `edition check` fails): ``""``
    when there are none."""
    gaps = [(g.slug, sum(1 for s in g.sentences if not s.english), len(g.sentences))
            for g in ed.games if g.known]
    gaps = [x for x in gaps if x[1]]
    if not gaps:
        return ""
    said = "; ".join(f"{k} of {n} sentences of {slug}" for slug, k, n in gaps)
    return (f"\nnote: no English translation yet for {said}: the site shows them as not yet "
            f"translated, and `edition check` fails until they are")
