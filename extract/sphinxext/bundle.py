"""What the in-page Play panel needs in the built site: Pyodide and the engine.

Pyodide (CPython compiled to WebAssembly) comes from the npm registry at the version pinned
in the project's ``package.json`` / ``package-lock.json``: when ``node_modules/pyodide`` is
missing or is not the pinned version, ``npm ci`` installs it (at ``builder-inited``, so a
build fails early, naming the fix, when npm is missing). When the HTML build has finished,
only the files Pyodide needs at run time are copied into ``_static/pyodide/`` and the
engine package is zipped into ``_static/play/engine-<hash>.zip`` (its source must use the
standard library only: checked here). Nothing is fetched from a CDN when the site is read.

Configuration: ``edition_play`` (default True; False builds the site without the panel),
``edition_node_dir`` (the folder holding ``package.json``; default: the toolkit's repository,
else, for a toolkit installed from a wheel, the pin the package carries, copied into
``$XDG_CACHE_HOME/patience-edition/npm`` where ``npm ci`` installs it; a ``package.json`` of
the host project's is never taken unless named: ``npm ci`` would replace its ``node_modules``).
"""
from __future__ import annotations

import ast
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from sphinx.errors import ExtensionError
from sphinx.util import logging

from ..corpus import cache
from ..model.edition import code_fingerprint
from .edition import cache_folder

logger = logging.getLogger(__name__)

#: Files of the npm package ``pyodide`` that the site needs (the loader, the interpreter,
#: the standard library, the package index it reads at start).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
ENGINE = Path(__file__).resolve().parents[2] / "engine"
#: The Python half of the panel's worker, shipped at the top of the engine zip.
WORKER = Path(__file__).resolve().parent / "play_worker.py"
FIX_NPM = ("install Node.js and npm (Debian: `apt-get install -y nodejs npm`; they come "
           "with https://nodejs.org), then build again")
#: The other way out, for a Sphinx project of one's own.
NO_PANEL = "; or set `edition_play = False` in conf.py to build the site without the Play panel"


def node_dir(app) -> Path:
    """The folder holding the project's ``package.json`` (see the module docstring);
    ExtensionError naming the fix when there is none."""
    return find_node_dir(app.config.edition_node_dir)


def find_node_dir(configured: str | None) -> Path:
    """``configured`` (``edition_node_dir``) if given, else the toolkit's repository (a
    checkout), else the pin the installed package carries, copied to
    :func:`packaged_node_dir` (the installed package's own folder is never written)."""
    if configured:
        d = Path(configured)
        if not (d / "package.json").is_file():
            raise ExtensionError(f"edition_node_dir = {str(d)!r} has no package.json; point "
                                 "it at the folder with the package.json that pins pyodide")
        if not (d / "package-lock.json").is_file():
            raise ExtensionError(f"edition_node_dir = {str(d)!r} has no package-lock.json, "
                                 "and `npm ci` installs only what a lock file pins; run "
                                 f"`npm install --package-lock-only` in {d} once, or copy "
                                 "the toolkit's package.json and package-lock.json there")
        return d
    if (ENGINE.parent / "package.json").is_file() and ENGINE.parent.resolve() != PACKAGED:
        return ENGINE.parent
    if (PACKAGED / "package.json").is_file():
        return packaged_node_dir()
    raise ExtensionError("the Play panel needs Pyodide from npm, but no package.json was "
                         f"found (in {ENGINE.parent} nor in {PACKAGED}); set "
                         "edition_node_dir in conf.py, or edition_play = False")


#: the pin a wheel carries (``extract/packaged``: links to the repository's files in a checkout)
PACKAGED = Path(__file__).resolve().parents[1] / "packaged"


def packaged_node_dir() -> Path:
    """A folder in the user's cache holding the package's own ``package.json`` and
    ``package-lock.json`` (copied when they differ), for ``npm ci`` to install into: an
    installed package's folder is never written."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    d = Path(base) / "patience-edition" / "npm"
    d.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        data = (PACKAGED / name).read_bytes()
        if not (d / name).is_file() or (d / name).read_bytes() != data:
            (d / name).write_bytes(data)
    return d


def pinned(root: Path) -> str:
    """The pyodide version pinned in ``root/package.json``."""
    data = json.loads((root / "package.json").read_text(encoding="utf-8"))
    v = data.get("dependencies", {}).get("pyodide")
    if not v:
        raise ExtensionError(f"{root / 'package.json'}: no dependency on pyodide; add "
                             '"pyodide": "<exact version>" to "dependencies"')
    return v


def ensure_pyodide(root: Path, say=None, alternative: str = NO_PANEL) -> Path:
    """``root/node_modules/pyodide`` at the pinned version, running ``npm ci --omit=dev``
    first (the test-only devDependencies are not the site's) when it is missing or another
    version (``say``, a function of one string, is told so; default
    Sphinx's log). Returns its folder; ExtensionError naming the fix when npm is missing or
    fails (``alternative`` ends the fix)."""
    want = pinned(root)
    pkg = root / "node_modules" / "pyodide"

    def ok() -> bool:
        try:
            have = json.loads((pkg / "package.json").read_text(encoding="utf-8"))["version"]
        except (OSError, ValueError, KeyError):
            return False
        return have == want and all((pkg / f).is_file() for f in PYODIDE_FILES)

    if ok():
        return pkg
    npm = shutil.which("npm")
    if npm is None:
        raise ExtensionError(f"the Play panel needs pyodide {want} from npm, which is not "
                             f"installed in {root / 'node_modules'}, and the command `npm` "
                             f"was not found. Fix: {FIX_NPM}{alternative}")
    (say or logger.info)(f"installing the pinned npm packages with `npm ci` in {root} "
                         f"(pyodide {want} for the site; not package.json's "
                         f"devDependencies, which only the tests use) ...")
    r = subprocess.run([npm, "ci", "--omit=dev", "--no-audit", "--no-fund"], cwd=root,
                       capture_output=True, text=True)
    if r.returncode != 0 or not ok():
        tail = (r.stderr or r.stdout).strip().splitlines()[-5:]
        raise ExtensionError(f"`npm ci` in {root} failed (exit {r.returncode}): "
                             + " | ".join(tail) + f". Fix: check the network and "
                             f"package-lock.json, then build again; or {FIX_NPM}"
                             f"{alternative}")
    return pkg


def check_stdlib_only(folder: Path = ENGINE) -> None:
    """ExtensionError naming ``file:line`` if a module of the engine (or the file ``folder``)
    imports anything but
    the standard library and the engine itself (Pyodide has only the standard library). An
    optional import, inside ``try: ... except ImportError``, is allowed (``engine.odds``
    imports dask's ``distributed`` that way for ``edition odds --scheduler``)."""
    allowed = set(sys.stdlib_module_names) | {"engine", "__future__"}

    def walk(statements, optional):
        # an import is a statement: only statement lists are looked into, never expressions
        # (a third of the build's walk of the engine otherwise)
        for child in statements:
            names = []
            if isinstance(child, ast.Import):
                names = [a.name for a in child.names]
            elif isinstance(child, ast.ImportFrom) and child.level == 0 and child.module:
                names = [child.module]
            for n in names:
                if n.split(".")[0] not in allowed and not optional:
                    yield child.lineno, n
            # only the body of a ``try`` whose handler catches the ImportError is optional;
            # its handlers, ``else`` and ``finally`` run whether or not the import failed
            guarded = optional or (isinstance(child, (ast.Try, ast.TryStar)) and any(
                isinstance(h.type, ast.Name) and h.type.id in ("ImportError",
                                                                "ModuleNotFoundError")
                for h in child.handlers))
            yield from walk(getattr(child, "body", ()), guarded)
            for f in ("orelse", "finalbody", "handlers", "cases"):
                yield from walk(getattr(child, f, ()), optional)

    for p in [folder] if folder.is_file() else sorted(folder.rglob("*.py")):
        for line, n in walk(ast.parse(p.read_text(encoding="utf-8"), str(p)).body, False):
            raise ExtensionError(
                f"{p}:{line}: the engine imports {n!r}, which is not in the standard "
                "library, so it cannot run in the page (Pyodide); keep the engine to the "
                "standard library, or make the import optional (try: ... except "
                "ImportError)")


#: :func:`engine_zip` of each state of the sources met in this process: their (name, size,
#: modification time) -> the zip, so a build's many game pages read the sources once
_ZIPS: dict[tuple, tuple[str, bytes]] = {}


def engine_zip(cache_dir: Path | None = None) -> tuple[str, bytes]:
    """(file name ``engine-<hash>.zip``, bytes): the ``engine`` package's ``.py`` files and
    :data:`WORKER` (as ``play_worker.py``) in a zip with fixed dates, so the same source gives
    the same file. The sources are first checked (:func:`check_stdlib_only`;
    ExtensionError), once per process for the same sources, and, with ``cache_dir`` (the
    extension's disk cache), once for good: the check's passing is kept there as an entry
    keyed by the sources, the toolkit's code (the check's own) and the Python version (its
    standard library): a verdict, never the code itself; the zip is made from the sources
    every time."""
    files = [(p, p.relative_to(ENGINE.parent).as_posix()) for p in sorted(ENGINE.rglob("*.py"))]
    files.append((WORKER, WORKER.name))
    seen = tuple((name, st.st_size, st.st_mtime_ns)
                 for p, name in files for st in [p.stat()])
    if seen in _ZIPS:
        return _ZIPS[seen]
    sources = [(name, p.read_bytes()) for p, name in files]
    # the verdict depends on the sources, the check's own code and the standard library's
    # modules (this Python's)
    h = hashlib.sha256(f"{code_fingerprint()}\0{sys.version}\0".encode())
    for name, data in sources:
        h.update(name.encode() + b"\0" + data + b"\0")
    digest = h.hexdigest()
    entry = cache.entry_path(cache_dir, "engine-stdlib-only", digest[:16]) if cache_dir else None
    if entry is None or cache.read(entry) != digest:
        check_stdlib_only(ENGINE)
        check_stdlib_only(WORKER)
        if entry is not None:
            cache.write(entry, digest, "engine-stdlib-only-*.json")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in sources:
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    data = buf.getvalue()
    _ZIPS[seen] = f"engine-{hashlib.sha256(data).hexdigest()[:12]}.zip", data
    return _ZIPS[seen]


def builder_inited(app) -> None:
    """Install Pyodide if needed (HTML builders only, ``edition_play`` on), and check and
    zip the engine (:func:`engine_zip`, with the extension's disk cache)."""
    if app.config.edition_play and app.builder.format == "html":
        ensure_pyodide(node_dir(app))
        engine_zip(cache_folder(app.config, app.doctreedir))


def build_finished(app, exception) -> None:
    """Copy Pyodide's run-time files and the engine zip into the site's ``_static``."""
    if exception is not None or not app.config.edition_play or app.builder.format != "html":
        return
    src = ensure_pyodide(node_dir(app))
    static = Path(app.outdir) / "_static"
    dst = static / "pyodide"
    dst.mkdir(parents=True, exist_ok=True)
    for f in PYODIDE_FILES:
        target = dst / f
        if not target.exists() or target.stat().st_size != (src / f).stat().st_size:
            shutil.copyfile(src / f, target)
    for extra in dst.iterdir():
        if extra.name not in PYODIDE_FILES:
            extra.unlink()
    name, data = engine_zip()
    play = static / "play"
    play.mkdir(exist_ok=True)
    for old in play.glob("engine-*.zip"):
        if old.name != name:
            old.unlink()
    (play / name).write_bytes(data)


def register(app) -> None:
    app.add_config_value("edition_play", True, "html", types=(bool,))
    app.add_config_value("edition_node_dir", None, "html", types=(str, type(None)))
    app.connect("builder-inited", builder_inited)
    app.connect("build-finished", build_finished)
