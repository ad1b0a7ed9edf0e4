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
