"""Site build time and memory against bare Sphinx builds.

    python benchmarks/build.py [--runs 3]

The yardstick (issue 20, reported first): the four witness texts, each split at line
boundaries into 4 pages, plus an index page (17 source documents, like the edition's), plain
MyST (``myst_parser`` only), alabaster, ``sphinx-build -q -b html``.

Also generates a larger bare Sphinx project in a temporary folder: the same pages (the docs pages with
the edition's directives and roles removed, and one page per game holding the same text:
every sentence's original, normalised and English text, and translator's notes; the engine
page as the functions' names and docstrings; the engine modules' source as code, as the
site's source pages have it), as plain MyST with no extension but
``myst_parser``, same theme. Then times, each in a fresh process as a user runs it:

- bare Sphinx: clean build, no-change rebuild;
- ``edition build``: clean build with a cold data cache (model, collation, example deals made
  from scratch; the example deals in a worker process alongside the model build), clean build
  with a warm data cache (a new output folder: Sphinx does all its work again), no-change
  rebuild (``edition build`` finds that nothing the site is built from has changed and leaves
  the site as it is), a forced rebuild (``--force``: Sphinx again, warm cache), and a rebuild
  after a translation edit (on a copy of the corpus).

The toolkit's modules are compiled to bytecode before any timing (``compileall``, into
their ``__pycache__`` folders), as an installed package's and Sphinx's are: where the
machine sets ``PYTHONDONTWRITEBYTECODE``, every build would otherwise compile them anew.

Prints wall-clock medians, the CPU seconds of the build processes (the machine may be shared),
and the ratios to the bare build. Aims (issue 14): clean build <= 3x bare, no-change
rebuild <= 1.2x bare.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from machine import describe  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
sys.path.insert(0, str(REPO))


def timed(cmd: list[str], env: dict | None = None) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak memory MiB) of running ``cmd``: the operating system's
    accounting of that child and the processes it waited for (``os.wait4``); the peak is the
    largest single process's resident set."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, env=env, cwd=REPO)
    _pid, status, use = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise subprocess.CalledProcessError(proc.returncode, cmd)
    return wall, use.ru_utime + use.ru_stime, use.ru_maxrss / 1024


def make_yardstick(dest: Path) -> int:
    """The issue-20 yardstick in ``dest``: each witness text of the corpus split at line
    boundaries into 4 pages (as literal text), and an index; returns the number of pages."""
    dest.mkdir(parents=True)
    (dest / "conf.py").write_text(
        'project = "Yardstick"\nextensions = ["myst_parser"]\n'
        'source_suffix = {".md": "markdown"}\nhtml_theme = "alabaster"\n'
        'exclude_patterns = ["_build"]\n', encoding="utf-8")
    names = []
    for w in sorted((REPO / "corpus" / "witnesses").glob("*.txt")):
        lines = w.read_text(encoding="utf-8").splitlines(keepends=True)
        q = -(-len(lines) // 4)
        for k in range(4):
            name = f"{w.stem}-{k + 1}"
            names.append(name)
            body = "".join(lines[k * q:(k + 1) * q])
            (dest / f"{name}.md").write_text(f"# {name}\n\n" + body, encoding="utf-8")
    (dest / "index.md").write_text("# Witnesses\n\n```{toctree}\n" + "\n".join(names)
                                   + "\n```\n", encoding="utf-8")
    return len(names) + 1


def _plain(md: str) -> str:
    """A docs page without the edition's directives and roles."""
    md = re.sub(r"```\{edition-[^}]*\}[^\n]*\n(?:[^`].*\n)*?```\n", "", md)
    return re.sub(r"\{(rule|interp)\}`([^`]*)`", r"`\2`", md)


def make_bare(dest: Path) -> int:
    """Write the bare project into ``dest``; returns the number of pages."""
    from extract.model.edition import build_edition
    from engine import games
    ed = build_edition()
    dest.mkdir(parents=True)
    (dest / "conf.py").write_text(
        'project = "Patience games (bare)"\nextensions = ["myst_parser"]\n'
        'source_suffix = {".md": "markdown"}\nhtml_theme = "alabaster"\n'
        'exclude_patterns = ["_build"]\n', encoding="utf-8")
    for p in DOCS.glob("*.md"):
        (dest / p.name).write_text(_plain(p.read_text(encoding="utf-8")), encoding="utf-8")
    gdir = dest / "games"
    gdir.mkdir()
    esc = str.maketrans({c: "\\" + c for c in "*_`[]<>#|{}"})
    for g in ed.games:
        lines = [f"# {g.title_ru} — {g.title_en or ''}\n"]
        for s in g.sentences:
            lines += [f"**{s.id}**\n", s.original.translate(esc) + "\n",
                      s.normalised.translate(esc) + "\n", (s.english or "").translate(esc) + "\n"]
            if s.note:
                lines.append(s.note.translate(esc) + "\n")
        (gdir / f"{g.slug}.md").write_text("\n".join(lines), encoding="utf-8")
    eng = ["# The engine: rules that run\n"]
    for slug in games.available():
        for e in games.entries(slug):
            eng += [f"## {e['function']}\n", (e.get("doc") or "").translate(esc) + "\n"]
    (gdir / "engine.md").write_text("\n".join(eng), encoding="utf-8")
    # the site's source pages of the engine modules (sphinx.ext.viewcode), as code
    mdir = dest / "modules"
    mdir.mkdir()
    import importlib
    for slug in games.available():
        module = games.record(slug).module
        src = Path(importlib.import_module(module).__file__).read_text(encoding="utf-8")
        (mdir / f"{slug}.md").write_text(f"---\norphan: true\n---\n# Source code for {module}\n\n````python\n{src}\n````\n",
                                         encoding="utf-8")
    (gdir / "index.md").write_text("# Games\n\n```{toctree}\n" + "\n".join(
        [g.slug for g in ed.games] + ["engine"]) + "\n```\n", encoding="utf-8")
    return len(list(dest.rglob("*.md")))


def _edit_translation(corpus: Path, n: int) -> None:
    p = corpus / "translations" / "en" / "mill.toml"
    text = p.read_text(encoding="utf-8")
    p.write_text(re.sub(r"(\"mill:1\" = \")", rf"\g<1>[edit {n}] ", text, count=1), encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    py = sys.executable
    tmp = Path(tempfile.mkdtemp(prefix="edition-bench-"))
    env = dict(os.environ, PYTHONPATH=str(REPO))
    # A user's install has its modules compiled (pip compiles them; an editable checkout
    # writes them on the first import), as Sphinx's are here; this machine may set
    # PYTHONDONTWRITEBYTECODE, which would make every build compile the toolkit's modules
    # again, so they are compiled once, before the clock starts (into their __pycache__
    # folders, which git and the build's own hashes leave out).
    subprocess.run([py, "-m", "compileall", "-q", str(REPO / "extract"), str(REPO / "engine")],
                   env=env, check=True, stdout=subprocess.DEVNULL)
    pages = make_bare(tmp / "bare")
    yard_pages = make_yardstick(tmp / "yard")
    rows: dict[str, list[tuple[float, float, float]]] = {}

    def add(name, m):
        rows.setdefault(name, []).append(m)
    for i in range(args.runs):
        out = tmp / f"yard-out-{i}"
        add("yardstick clean", timed([py, "-m", "sphinx", "-q", "-b", "html", "-d",
                                      str(out / ".doctrees"), str(tmp / "yard"), str(out)], env))
        out = tmp / f"bare-out-{i}"
        bare = [py, "-m", "sphinx", "-q", "-b", "html", "-d", str(out / ".doctrees"),
                str(tmp / "bare"), str(out)]
        add("bare clean", timed(bare, env))
        add("bare no-change", timed(bare, env))
        cold = dict(env, XDG_CACHE_HOME=str(tmp / f"cache-{i}"))
        site = [py, "-m", "extract.cli", "build", "-q", "--out"]
        add("edition clean, cold cache", timed(site + [str(tmp / f"cold-{i}" / "html")], cold))
        add("edition clean, warm cache", timed(site + [str(tmp / f"warm-{i}" / "html")], cold))
        add("edition no-change", timed(site + [str(tmp / f"warm-{i}" / "html")], cold))
        add("edition --force, nothing changed", timed(site + [str(tmp / f"warm-{i}" / "html"),
                                                              "--force"], cold))
        corpus = tmp / f"corpus-{i}"
        shutil.copytree(REPO / "corpus", corpus)
        out = str(tmp / f"tr-{i}" / "html")
        edit = [py, "-m", "extract.cli", "--corpus", str(corpus), "build", "-q", "--out", out]
        timed(edit, cold)
        _edit_translation(corpus, i)
        add("edition after a translation edit", timed(edit, cold))
    shutil.rmtree(tmp, ignore_errors=True)

    def med(name, k):
        return statistics.median(x[k] for x in rows[name])
    print(f"machine: {describe()}; load average {os.getloadavg()[0]:.1f}")
    print(f"yardstick: {yard_pages} pages (the witnesses, 4 pages each, and an index); bare "
          f"project: {pages} pages with all three text layers and the engine sources; both "
          f"myst_parser only, alabaster; {args.runs} runs each, medians")
    yard = "yardstick clean"
    print(f"{'build':36} {'wall s':>7} {'cpu s':>7} {'MiB':>6} {'x yard cpu':>10} "
          f"{'x yard MiB':>10} {'x bare cpu':>10}")
    for name in rows:
        base = "bare no-change" if name.endswith("no-change") else "bare clean"
        print(f"{name:36} {med(name, 0):7.2f} {med(name, 1):7.2f} {med(name, 2):6.0f} "
              f"{med(name, 1) / med(yard, 1):10.2f} {med(name, 2) / med(yard, 2):10.2f} "
              f"{med(name, 1) / med(base, 1):10.2f}")
    print("aims (issue 20, against the yardstick's clean build, CPU): edition clean with an "
          "empty cache <= 3x, with a warm data cache <= 2x, after one translation edit <= 1.5x, "
          "peak memory <= 2x; the no-change rebuild is compared with the bare project's "
          "no-change rebuild")


if __name__ == "__main__":
    main()
