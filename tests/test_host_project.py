"""Another edition's Sphinx project uses the extension with one line of conf.py: it builds
with no warning, and the extension never overwrites or deletes a file it did not write."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CONF = """project = "Host"
extensions = ["extract.sphinxext"]
edition_corpus = {corpus!r}
edition_play = False
"""
INDEX = "Host\n====\n\n.. toctree::\n\n   games/index\n"


def _host(root: Path) -> Path:
    src = root / "src"
    (src / "games").mkdir(parents=True)
    (src / "conf.py").write_text(CONF.format(corpus=str(REPO / "corpus")), encoding="utf-8")
    (src / "index.rst").write_text(INDEX, encoding="utf-8")
    return src


def _sphinx(src: Path, out: Path):
    env = dict(os.environ,
               PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(src),
                           str(out)], capture_output=True, text=True, cwd=src, env=env)


def test_a_host_project_builds_with_no_warning_and_keeps_its_files(tmp_path):
    src = _host(tmp_path)
    mine = src / "games" / "notes.txt"          # a file of the host's in the pages' folder
    mine.write_text("the host's own notes\n", encoding="utf-8")
    r = _sphinx(src, tmp_path / "out")
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stderr == ""                       # no warning: no glossary, no autodoc set-up
    page = (tmp_path / "out" / "games" / "mill.html").read_text(encoding="utf-8")
    assert 'id="mill.4"' in page and "engine.games.mill" in \
        (tmp_path / "out" / "games" / "engine.html").read_text(encoding="utf-8")
    assert mine.read_text(encoding="utf-8") == "the host's own notes\n"
    # a page the extension wrote and no longer wants is removed; the host's file stays
    (src / "games" / "old-game.md").write_text("(old)=\n# Old\n", encoding="utf-8")
    listing = src / "games" / ".edition-generated"
    listing.write_text(listing.read_text(encoding="utf-8") + "old-game.md\n", encoding="utf-8")
    r = _sphinx(src, tmp_path / "out")
    assert r.returncode == 0, r.stderr[-3000:]
    assert not (src / "games" / "old-game.md").exists() and mine.exists()


def test_a_host_file_in_the_way_is_refused_not_overwritten(tmp_path):
    src = _host(tmp_path)
    theirs = src / "games" / "mill.md"
    theirs.write_text("# The host's own page about mills\n", encoding="utf-8")
    r = _sphinx(src, tmp_path / "out")
    assert r.returncode != 0
    assert f"{theirs}: this file was not written by the edition extension" in r.stderr
    assert theirs.read_text(encoding="utf-8") == "# The host's own page about mills\n"


def test_the_tei_link_is_right_for_each_builder_sharing_the_doctrees(tmp_path):
    """``{edition-tei}`` in a page one folder down links to the export at the site's root,
    worked out when each builder writes: html and dirhtml share one doctree folder here, and
    their pages sit at different depths. The html build puts the export there."""
    src = _host(tmp_path)
    (src / "sub").mkdir()
    (src / "sub" / "page.rst").write_text("Page\n====\n\nThe :edition-tei:`TEI & more`.\n",
                                          encoding="utf-8")
    (src / "index.rst").write_text(INDEX + "   sub/page\n", encoding="utf-8")
    env = dict(os.environ,
               PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    for builder in ("html", "dirhtml"):
        r = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", builder, "-d",
                            str(tmp_path / "doctrees"), str(src), str(tmp_path / builder)],
                           capture_output=True, text=True, cwd=src, env=env)
        assert r.returncode == 0, r.stderr[-3000:]
    html = (tmp_path / "html" / "sub" / "page.html").read_text(encoding="utf-8")
    assert 'href="../edition.tei.xml">TEI &amp; more</a>' in html
    assert (tmp_path / "html" / "edition.tei.xml").read_text(encoding="utf-8").startswith("<?xml")
    dirhtml = (tmp_path / "dirhtml" / "sub" / "page" / "index.html").read_text(encoding="utf-8")
    assert 'href="../../edition.tei.xml">TEI &amp; more</a>' in dirhtml


def _pages(out: Path) -> dict[str, str]:
    return {str(p.relative_to(out)): p.read_text(encoding="utf-8")
            for p in sorted(out.rglob("*.html"))}


def test_a_parallel_build_reads_and_writes_the_same_site(tmp_path):
    """``setup()`` says the extension is safe for parallel reading and writing: a host built
    with ``-j 2`` (pages read in two processes, the domain's objects merged back) makes every
    page as the serial build does, with no warning, and the same citable objects."""
    from sphinx.util.inventory import InventoryFile
    src = _host(tmp_path)
    env = dict(os.environ,
               PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    built = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"out-{jobs}"
        r = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-j", jobs, "-b", "html",
                            "-d", str(tmp_path / f"doctrees-{jobs}"), str(src), str(out)],
                           capture_output=True, text=True, cwd=src, env=env)
        assert r.returncode == 0, r.stderr[-3000:]
        assert r.stderr == ""
        with (out / "objects.inv").open("rb") as f:
            inventory = InventoryFile.load(f, "", lambda base, uri: uri)
        built[jobs] = _pages(out), {kind: sorted(objs) for kind, objs in inventory.items()}
    (serial, serial_inv), (parallel, parallel_inv) = built["1"], built["2"]
    assert len(serial) > 10 and sorted(parallel) == sorted(serial)
    assert [name for name in serial if parallel[name] != serial[name]] == []
    assert "edition:sentence" in serial_inv and parallel_inv == serial_inv


def test_a_host_with_the_play_panel_gets_pyodide_and_the_engine(tmp_path):
    """The default (``edition_play`` on): the host's site gets the pinned Pyodide from npm
    (the toolkit's ``package.json``: a host needs no npm set-up of its own), the engine zip
    and a Play panel on each playable game's page."""
    src = _host(tmp_path)
    conf = src / "conf.py"
    conf.write_text(conf.read_text(encoding="utf-8").replace("edition_play = False\n", ""),
                    encoding="utf-8")
    r = _sphinx(src, tmp_path / "out")
    assert r.returncode == 0, r.stderr[-3000:]
    static = tmp_path / "out" / "_static"
    assert (static / "pyodide" / "pyodide.asm.wasm").stat().st_size > 1_000_000
    assert len(list((static / "play").glob("engine-*.zip"))) == 1
    page = (tmp_path / "out" / "games" / "mill.html").read_text(encoding="utf-8")
    assert 'id="mill-play-panel"' in page


def test_a_folder_from_before_the_list_gives_up_only_the_extensions_old_files(tmp_path):
    """A ``games/`` folder an earlier version used (its ``.engine.stamp``, no list of what it
    wrote): the extension takes back its own old files, known by name and first line (a
    stale game page is removed), and leaves the host's there as they are."""
    src = _host(tmp_path)
    folder = src / "games"
    (folder / ".engine.stamp").write_text("old\n", encoding="utf-8")
    (folder / "figures").mkdir()
    (folder / "figures" / ".stamp").write_text("old\n", encoding="utf-8")
    (folder / "figures" / "old-game.svg").write_text(
        '<svg><title>Old: starting layout of deal 1 (reconstruction)</title></svg>\n',
        encoding="utf-8")
    (folder / "old-game.md").write_text("(game-old-game)=\n\n```{edition-game-page} old-game\n```\n",
                                        encoding="utf-8")
    theirs = {"notes.txt": "the host's own notes\n",
              "about.md": "---\norphan: true\n---\n# About our games\n",
              "figures/drawing.svg": "<svg/>\n"}
    for rel, text in theirs.items():
        (folder / rel).parent.mkdir(exist_ok=True)
        (folder / rel).write_text(text, encoding="utf-8")
    r = _sphinx(src, tmp_path / "out")
    assert r.returncode == 0, r.stderr[-3000:]
    assert not (folder / "old-game.md").exists()
    assert not (folder / "figures" / "old-game.svg").exists()
    assert {rel: (folder / rel).read_text(encoding="utf-8") for rel in theirs} == theirs
    listed = set((folder / ".edition-generated").read_text(encoding="utf-8").split())
    assert "mill.md" in listed and not listed & set(theirs)


def test_a_host_with_a_games_folder_of_its_own_names_another_for_the_pages(tmp_path):
    """``edition_pages = "edition/pages"``: the generated pages, their list and the links to
    them (the games list, the witnesses table) go there; the host's own ``games/`` is not
    touched. A setting that could reach outside the project is refused, naming it."""
    src = _host(tmp_path)
    theirs = src / "games" / "index.md"
    theirs.write_text("# Our own games\n\nCards we play at home.\n", encoding="utf-8")
    conf = src / "conf.py"
    conf.write_text(conf.read_text(encoding="utf-8") + 'edition_pages = "edition/pages"\n',
                    encoding="utf-8")
    (src / "index.rst").write_text(INDEX + "   edition/pages/index\n   lists\n", encoding="utf-8")
    (src / "lists.md").write_text("# Lists\n\n```{edition-games}\n```\n\n```{edition-witnesses}\n```\n",
                                  encoding="utf-8")
    r = _sphinx(src, tmp_path / "out")
    assert r.returncode == 0, r.stderr[-3000:]
    out = tmp_path / "out"
    assert theirs.read_text(encoding="utf-8").startswith("# Our own games")
    assert sorted(p.name for p in (src / "games").iterdir()) == ["index.md"]
    assert (src / "edition" / "pages" / ".edition-generated").is_file()
    assert 'id="mill.4"' in (out / "edition" / "pages" / "mill.html").read_text(encoding="utf-8")
    lists = (out / "lists.html").read_text(encoding="utf-8")
    assert 'href="edition/pages/mill.html"' in lists and 'href="games/mill' not in lists
    assert "Cards we play at home." in (out / "games" / "index.html").read_text(encoding="utf-8")
    for bad in ("../outside", "/tmp/pages", "games/../..", "my pages"):
        conf.write_text(CONF.format(corpus=str(REPO / "corpus")) + f"edition_pages = {bad!r}\n",
                        encoding="utf-8")
        r = _sphinx(src, tmp_path / "out")
        assert r.returncode != 0
        assert f"edition_pages = {bad!r} in conf.py: give a folder inside the project" in r.stderr
    assert not (tmp_path / "outside").exists()


def test_a_list_that_names_a_file_outside_the_folder_is_refused_and_nothing_deleted(tmp_path):
    """The list of generated files is the extension's licence to delete: a line of it edited
    by hand to name a file outside the pages' folder (``../conf.py``, an absolute path) stops
    the build, naming the list's file and line; no file is deleted."""
    src = _host(tmp_path)
    r = _sphinx(src, tmp_path / "out")
    assert r.returncode == 0, r.stderr[-3000:]
    listing = src / "games" / ".edition-generated"
    kept = listing.read_text(encoding="utf-8")
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me\n", encoding="utf-8")
    for bad in ("../conf.py", str(outside), "figures/../../index.rst", "./mill.md"):
        listing.write_text(kept + bad + "\n", encoding="utf-8")
        r = _sphinx(src, tmp_path / "out")
        line = len(kept.splitlines()) + 1
        assert r.returncode != 0
        assert f"{listing}:{line}: {bad!r} is not a file in {src / 'games'}" in r.stderr
        assert (src / "conf.py").is_file() and (src / "index.rst").is_file()
        assert outside.is_file() and (src / "games" / "mill.md").is_file()
