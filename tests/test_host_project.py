"""Another edition's Sphinx project uses the extension with one line of conf.py: it builds
with no warning, and the extension never overwrites or deletes a file it did not write."""
from __future__ import annotations

import os
import re
import shutil
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


ENV = dict(os.environ,
           PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))


def _sphinx(src: Path, out: Path):
    return subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(src),
                           str(out)], capture_output=True, text=True, cwd=src, env=ENV)


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


def _drop_witness_p13(corpus: Path) -> None:
    """Remove the witness P13 from a copy of the corpus: the games fragment-p13 and
    spinning-wheel go with it (their emendations and translations too)."""
    manifest = corpus / "manifest.toml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text[:text.index('[[witness]]\nsiglum = "P13"')], encoding="utf-8")
    em = corpus / "emendations.toml"
    blocks = re.split(r"(?=^\[\[)", em.read_text(encoding="utf-8"), flags=re.M)
    em.write_text("".join(b for b in blocks if 'witness = "P13"' not in b), encoding="utf-8")
    for slug in ("spinning-wheel", "fragment-p13"):
        (corpus / "translations" / "en" / f"{slug}.toml").unlink(missing_ok=True)


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


def test_a_figure_the_extension_never_drew_is_not_claimed(tmp_path):
    """Only the games the engine plays get a figure (not fragment-p13): the list names only
    the files written, so a drawing of the host's put where the fragment's would be is
    not the extension's, and stays when the game leaves the corpus."""
    corpus = tmp_path / "corpus"
    shutil.copytree(REPO / "corpus", corpus)
    src = _host(tmp_path)
    (src / "conf.py").write_text(CONF.format(corpus=str(corpus)), encoding="utf-8")
    r = _sphinx(src, tmp_path / "out")
    assert r.returncode == 0, r.stderr[-3000:]
    folder = src / "games"
    listed = (folder / ".edition-generated").read_text(encoding="utf-8").split()
    never_written = [rel for rel in listed if not (folder / rel).exists()]
    theirs = folder / "figures" / "fragment-p13.svg"
    theirs.write_text("<svg><title>Our own drawing of the fragment</title></svg>\n",
                      encoding="utf-8")
    _drop_witness_p13(corpus)
    r = _sphinx(src, tmp_path / "out")
    assert r.returncode == 0, r.stderr[-3000:]
    assert theirs.is_file(), f"deleted; the list had named files never written: {never_written}"


def test_a_host_page_in_an_old_folder_is_not_taken_for_a_generated_one(tmp_path):
    """A folder from before the list: a page of the host's whose first line is a label
    like the extension's (``(game-variants)=`` in ``variants.md``, ``(games)=`` in
    ``overview.md``) but not a page the extension generates, a TEI file without the
    extension's stamp and a corpus listing that names no corpus are not ones it wrote: the
    pages stay as they are; the files in the way of its own stop the build, untouched."""
    src = _host(tmp_path)
    folder = src / "games"
    (folder / ".engine.stamp").write_text("old\n", encoding="utf-8")
    pages = {"variants.md": "(game-variants)=\n# Variants we play at home\n",
             "overview.md": "(games)=\n# Our overview of the games\n"}
    for rel, text in pages.items():
        (folder / rel).write_text(text, encoding="utf-8")
    _sphinx(src, tmp_path / "out")
    assert {rel: (folder / rel).read_text(encoding="utf-8") if (folder / rel).exists() else None
            for rel in pages} == pages
    for rel, text in {"edition.tei.xml": "<TEI>our own</TEI>\n",
                      ".corpus-files": "our-notes.txt\n"}.items():
        shutil.rmtree(folder)
        folder.mkdir()
        (folder / ".engine.stamp").write_text("old\n", encoding="utf-8")
        (folder / rel).write_text(text, encoding="utf-8")
        r = _sphinx(src, tmp_path / "out")
        assert r.returncode != 0 and "this file was not written by the edition extension" in r.stderr
        assert (folder / rel).read_text(encoding="utf-8") == text


def test_moving_the_pages_leaves_no_second_copy_in_the_site(tmp_path):
    """``edition_pages`` changed between two builds: the pages the extension wrote in the
    former folder are removed (they had stayed and been read again: hundreds of duplicate
    objects and labels, and ``game-mill`` in objects.inv pointing at the stale copy); a
    file of the host's there stays."""
    from sphinx.util.inventory import InventoryFile
    src = _host(tmp_path)
    r = _sphinx(src, tmp_path / "out")
    assert r.returncode == 0, r.stderr[-3000:]
    mine = src / "games" / "notes.txt"
    mine.write_text("the host's own notes\n", encoding="utf-8")
    conf = src / "conf.py"
    conf.write_text(conf.read_text(encoding="utf-8") + 'edition_pages = "edition"\n',
                    encoding="utf-8")
    (src / "index.rst").write_text(INDEX.replace("games/index", "edition/index"),
                                   encoding="utf-8")
    r = _sphinx(src, tmp_path / "out")
    assert r.returncode == 0, r.stderr[-3000:]
    with (tmp_path / "out" / "objects.inv").open("rb") as f:
        inv = InventoryFile.load(f, "", lambda base, uri: uri)
    item = inv["std:label"]["game-mill"]
    assert (item.uri if hasattr(item, "uri") else item[2]).startswith("edition/mill.html")
    assert sorted(p.name for p in (src / "games").iterdir()) == ["notes.txt"]


def test_a_relative_corpus_is_read_from_beside_conf_py_wherever_the_build_runs(tmp_path):
    """``edition_corpus = "../corpus"`` is read from the folder of conf.py, as Sphinx's own
    paths are, not from wherever the build runs (it had built another corpus without a word
    when run from a folder whose ../corpus was one); a path with no corpus there stops the
    build, naming the setting."""
    src = _host(tmp_path)
    shutil.copytree(REPO / "corpus", tmp_path / "corpus")
    games = tmp_path / "corpus" / "games.toml"
    games.write_text(games.read_text(encoding="utf-8").replace(
        'title_en = "The Mill"', 'title_en = "The Host Mill"'), encoding="utf-8")
    (src / "conf.py").write_text(CONF.format(corpus="../corpus"), encoding="utf-8")
    elsewhere = REPO / "docs"        # its ../corpus is the repository's, not the host's
    r = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(src),
                        str(tmp_path / "out")], capture_output=True, text=True,
                       cwd=elsewhere, env=ENV)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "The Host Mill" in (tmp_path / "out" / "games" / "mill.html").read_text(encoding="utf-8")
    (src / "conf.py").write_text(CONF.format(corpus="../no-corpus"), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(src),
                        str(tmp_path / "out")], capture_output=True, text=True,
                       cwd=elsewhere, env=ENV)
    assert r.returncode != 0
    assert (f"edition_corpus in conf.py: {src / '../no-corpus'} has no manifest.toml" in r.stderr
            and f"a relative path is read from {src}, the folder of conf.py" in r.stderr)


def test_a_link_in_the_pages_folder_is_never_written_through(tmp_path):
    """A link (even one whose target does not exist) where the extension would write a page
    is the host's: the build stops naming it, and nothing is written where it points."""
    src = _host(tmp_path)
    link = src / "games" / "mill.md"
    link.symlink_to(tmp_path / "outside-mill.md")
    r = _sphinx(src, tmp_path / "out")
    assert r.returncode != 0
    assert f"{link}: this file was not written by the edition extension" in r.stderr
    assert not (tmp_path / "outside-mill.md").exists() and link.is_symlink()


def test_the_play_panel_never_takes_a_package_json_of_the_hosts(tmp_path, monkeypatch):
    """Installed from a wheel (no checkout beside the engine), npm installs Pyodide where the
    copy of the pin the package carries is, or where ``edition_node_dir`` says: a
    ``package.json`` of the host's above its sources and the working folder is not taken
    (``npm ci`` would replace the host's modules)."""
    import pytest
    from sphinx.errors import ExtensionError

    from extract.sphinxext import bundle
    host = tmp_path / "host"
    (host / "src").mkdir(parents=True)
    (host / "package.json").write_text('{"devDependencies": {"prettier": "3.3.3"}}',
                                       encoding="utf-8")
    packaged = tmp_path / "site-packages" / "extract" / "packaged"
    packaged.mkdir(parents=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(REPO / name, packaged / name)
    monkeypatch.setattr(bundle, "ENGINE", tmp_path / "site-packages" / "engine")
    monkeypatch.setattr(bundle, "PACKAGED", packaged)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.chdir(host / "src")
    assert bundle.find_node_dir(None) == tmp_path / "cache" / "patience-edition" / "npm"
    mine = host / "npm"                                       # named, with its lock: taken
    shutil.copytree(packaged, mine)
    assert bundle.find_node_dir(str(mine)) == mine
    with pytest.raises(ExtensionError, match="has no package.json"):
        bundle.find_node_dir(str(host / "src"))


def test_a_corpus_and_an_npm_folder_inside_the_host_are_not_read_as_pages(tmp_path):
    """A host that keeps its corpus and its npm folder (``edition_node_dir``) beside
    ``conf.py``: their Markdown files (the corpus's README, the packages' READMEs) are data,
    not pages, and the ``-W`` build passes with the Play panel on (it had failed on 12
    warnings: pages in no toctree, headings out of order)."""
    src = _host(tmp_path)
    shutil.copytree(REPO / "corpus", src / "corpus", ignore=shutil.ignore_patterns("results"))
    node = src / "node"
    node.mkdir()
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(REPO / name, node / name)
    shutil.copytree(REPO / "node_modules", node / "node_modules", symlinks=True)
    assert list(node.rglob("README.md")) and (src / "corpus" / "README.md").is_file()
    (src / "conf.py").write_text(CONF.format(corpus="corpus").replace(
        "edition_play = False\n", 'edition_node_dir = "node"\n'), encoding="utf-8")
    r = _sphinx(src, tmp_path / "out")
    assert r.returncode == 0, r.stderr[-3000:]
    assert (tmp_path / "out" / "_static" / "pyodide" / "pyodide.asm.wasm").is_file()
    assert not (tmp_path / "out" / "corpus").exists() and not (tmp_path / "out" / "node").exists()


def test_an_npm_folder_without_a_lock_file_is_named_with_the_fix(tmp_path):
    from extract.sphinxext import bundle
    import pytest
    from sphinx.errors import ExtensionError
    shutil.copyfile(REPO / "package.json", tmp_path / "package.json")
    with pytest.raises(ExtensionError, match=r"has no package-lock.json, and `npm ci` installs "
                                             r"only what a lock file pins; run `npm install "
                                             r"--package-lock-only`"):
        bundle.find_node_dir(str(tmp_path))
