"""A build with nothing changed leaves the site as it is; any change of what the site is
built from (or of the site itself) builds again."""
from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from extract.build import build_inputs


@pytest.fixture(autouse=True)
def _restore_env(monkeypatch):
    monkeypatch.setenv("EDITION_CORPUS", os.environ.get("EDITION_CORPUS", ""))


def _build(cli, corpus, out, *extra):
    r = cli("--corpus", corpus, "build", "-q", "--out", out, *extra)
    assert r.exit_code == 0, r.output
    return r.output


def test_a_build_with_nothing_changed_leaves_the_site_alone(cli, corpus_copy, tmp_path):
    out = tmp_path / "html"
    assert "site built" in _build(cli, corpus_copy, out)
    # the site folder is readable as the umask allows (a web server runs as another user)
    mask = os.umask(0)
    os.umask(mask)
    assert out.stat().st_mode & 0o777 == 0o777 & ~mask
    index = out / "index.html"
    page = out / "games" / "mill.html"
    stamp = index.stat().st_mtime_ns

    said = _build(cli, corpus_copy, out)
    assert "site up to date" in said and "--force" in said
    assert index.stat().st_mtime_ns == stamp

    # a translation edit: built again, and the page shows it
    tr = corpus_copy / "translations" / "en" / "mill.toml"
    text = tr.read_text(encoding="utf-8")
    assert "All four aces" in text
    tr.write_text(text.replace("All four aces", "Every one of the four aces", 1), encoding="utf-8")
    assert "site built" in _build(cli, corpus_copy, out)
    assert "Every one of the four aces" in page.read_text(encoding="utf-8")

    # a page of the site deleted by hand: built again, and the page is back
    page.unlink()
    assert "site built" in _build(cli, corpus_copy, out)
    assert page.is_file()

    # --force builds even when nothing changed
    assert "site up to date" in _build(cli, corpus_copy, out)
    before = index.stat().st_mtime_ns
    assert "site built" in _build(cli, corpus_copy, out, "--force")
    assert index.stat().st_mtime_ns != before


def test_what_counts_as_a_change(corpus_copy, tmp_path, monkeypatch):
    out = tmp_path / "html"
    first = build_inputs(corpus_copy, out)
    assert build_inputs(corpus_copy, out) == first
    (corpus_copy / ".edition.lock").write_text("")        # the write lock: not an input
    assert build_inputs(corpus_copy, out) == first
    (corpus_copy / "results").mkdir(exist_ok=True)        # the odds table is an input
    (corpus_copy / "results" / "odds.json").write_text("{}")
    changed = build_inputs(corpus_copy, out)
    assert changed != first
    assert build_inputs(corpus_copy, tmp_path / "other") != changed     # another --out
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    assert build_inputs(corpus_copy, out) != changed


def test_pyodide_is_installed_before_the_inputs_are_hashed(cli, corpus_copy, tmp_path,
                                                           monkeypatch):
    """A build that installs Pyodide (npm ci) hashes the installed copy, not its absence:
    otherwise the next build with nothing changed would build everything again."""
    from extract import build
    from extract.sphinxext import bundle
    events = []
    real = bundle.ensure_pyodide

    def ensure(*a, **k):
        events.append("install")
        return real(*a, **k)

    class Hashed(Exception):
        pass

    def inputs(*a, **k):
        events.append("hash")
        raise Hashed

    monkeypatch.setattr(bundle, "ensure_pyodide", ensure)
    monkeypatch.setattr(build, "build_inputs", inputs)
    with pytest.raises(Hashed):
        cli("--corpus", corpus_copy, "build", "-q", "--out", tmp_path / "html")
    assert events == ["install", "hash"]


def test_a_translation_edit_reads_only_its_game_s_page_again(cli, corpus_copy, tmp_path):
    """A game's page depends on its own translation file only (the other pages show no
    English): after a translation edit Sphinx reads that page again, not the other games'
    nor the home page, which links to the TEI export (it holds the English) without
    depending on it; the export at the site's root has the edit."""
    out = tmp_path / "html"
    _build(cli, corpus_copy, out)
    tr = corpus_copy / "translations" / "en" / "mill.toml"
    text = tr.read_text(encoding="utf-8")
    tr.write_text(text.replace("All four aces", "Every one of the four aces", 1), encoding="utf-8")
    r = cli("--corpus", corpus_copy, "build", "-v", "--out", out)
    assert r.exit_code == 0, r.output
    said = re.sub(r"\x1b\[[0-9;]*m", "", r.output)
    read = re.findall(r"reading sources\.\.\. \[ *\d+%\] (\S+)", said)
    assert read == ["games/mill"], read
    assert "Every one of the four aces" in (out / "games" / "mill.html").read_text(encoding="utf-8")
    assert "Every one of the four aces" in (out / "edition.tei.xml").read_text(encoding="utf-8")
    home = (out / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a class="[^"]*edition-tei[^"]*" href="edition\.tei\.xml">', home), \
        "the home page links to the TEI export at the site's root"


def _search_index(files) -> dict:
    """The site's search index, words that lead to no page left out."""
    text = files["searchindex.js"].decode()
    index = json.loads(text[text.index("(") + 1:text.rindex(")")])
    for key in ("terms", "titleterms"):
        index[key] = {w: d for w, d in index[key].items() if d != []}
    return index


def _files(site):
    return {p.relative_to(site).as_posix(): p.read_bytes()
            for p in sorted(site.rglob("*")) if p.is_file()}


def test_a_rebuild_into_the_old_pages_gives_the_site_a_fresh_build_gives(
        cli, corpus_copy, tmp_path, private_docs):
    """A rebuild starts from the previous site's pages (Sphinx then writes only what changed,
    extract.build.reuse_pages): after a translation edit and a page removed, its site is
    file for file the site built into an empty folder, and the removed page is gone."""
    out = tmp_path / "html"
    extra = private_docs / "extra.md"
    extra.write_text("---\norphan: true\n---\n# Extra\n\nA page that will go.\n", encoding="utf-8")
    _build(cli, corpus_copy, out)
    assert (out / "extra.html").is_file()
    tr = corpus_copy / "translations" / "en" / "mill.toml"
    text = tr.read_text(encoding="utf-8")
    tr.write_text(text.replace("All four aces", "Every one of the four aces", 1), encoding="utf-8")
    extra.unlink()
    _build(cli, corpus_copy, out)
    fresh = tmp_path / "fresh" / "html"
    _build(cli, corpus_copy, fresh)
    got, want = _files(out), _files(fresh)
    assert "extra.html" not in got
    assert sorted(got) == sorted(want)
    assert [name for name in got if got[name] != want[name]
            and name != "searchindex.js"] == []
    # Sphinx's incremental index keeps a word of the removed page with no page: no hit
    assert _search_index(got) == _search_index(want)
    assert b"Every one of the four aces" in got["games/mill.html"]


def test_a_site_touched_by_hand_is_not_reused(cli, corpus_copy, tmp_path):
    """Only a site this command built and nobody changed since lends its pages: a page edited
    by hand is written anew even when its sources did not change."""
    out = tmp_path / "html"
    _build(cli, corpus_copy, out)
    page = out / "games" / "octagon.html"
    page.write_text("edited by hand", encoding="utf-8")
    tr = corpus_copy / "translations" / "en" / "mill.toml"
    tr.write_text(tr.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    _build(cli, corpus_copy, out)
    assert "edited by hand" not in page.read_text(encoding="utf-8")
    # a file added by hand (GitHub Pages' CNAME, notes beside the site) was deleted with no
    # word (a breaker's find): the build refuses and names it; moved out, the build goes on
    (out / "CNAME").write_text("example.org\n", encoding="utf-8")
    (out / "myfiles").mkdir()
    (out / "myfiles" / "notes.txt").write_text("x", encoding="utf-8")
    r = cli("--corpus", corpus_copy, "build", "-q", "--out", out)
    assert r.exit_code == 1 and "holds 2 files that no build wrote (CNAME, myfiles/notes.txt)" \
        in r.output and "move them out" in r.output, r.output
    assert (out / "CNAME").is_file() and (out / "myfiles" / "notes.txt").is_file()
    (out / "CNAME").unlink()
    shutil.rmtree(out / "myfiles")
    assert "site" in _build(cli, corpus_copy, out)


def test_pages_are_lent_only_by_a_site_of_the_same_toolkit(cli, corpus_copy, tmp_path):
    """A changed template, asset or directive changes pages whose sources did not change
    (a page would name a stylesheet that is gone): a site built with another toolkit
    (extract.build.toolkit_inputs) lends no pages."""
    from extract.build import beyond_translations, reuse_pages, toolkit_inputs
    out = tmp_path / "html"
    _build(cli, corpus_copy, out)
    other = tmp_path / "other"
    other.mkdir()
    doctrees, corpus = tmp_path / ".html.doctrees", beyond_translations(corpus_copy)
    assert not reuse_pages(out, other, "another toolkit", doctrees, corpus)
    assert not any(other.iterdir())
    assert reuse_pages(out, other, toolkit_inputs(), doctrees, corpus)
    assert (other / "games" / "mill.html").is_file() and not (other / "_static").exists()


def test_drop_orphans_removes_only_what_no_document_owns(tmp_path):
    """extract.build.drop_orphans on a folder of reused pages: a page, a module's source page
    and an image that the project no longer has go; what it still has, the builder's own
    pages, static files and anything written by this build stay."""
    import time
    from types import SimpleNamespace

    from extract.build import drop_orphans
    site = tmp_path / "html"
    names = ["games/mill.html", "gone.html", "genindex.html", "searchindex.js",
             "_modules/index.html", "_modules/engine/cards.html", "_modules/engine/old.html",
             "_images/a.svg", "_images/b.svg", "_static/x.css"]
    for n in names:
        (site / n).parent.mkdir(parents=True, exist_ok=True)
        (site / n).write_text(n, encoding="utf-8")
    since = time.time_ns()
    time.sleep(0.01)
    (site / "written-now.html").write_text("new", encoding="utf-8")
    env = SimpleNamespace(all_docs={"games/mill": 0, "index": 0},
                          _viewcode_modules={"engine.cards": ("code",), "engine.gone": False},
                          images={"figures/a.svg": ({"games/mill"}, "a.svg")})
    gone = drop_orphans(SimpleNamespace(outdir=str(site), env=env), since)
    assert sorted(p.as_posix() for p in gone) == [
        "_images/b.svg", "_modules/engine/old.html", "gone.html"]
    left = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert left == sorted(set(names) - {"_images/b.svg", "_modules/engine/old.html",
                                        "gone.html"} | {"written-now.html"})


def test_a_failed_build_leaves_no_page_unwritten(cli, corpus_copy, tmp_path, private_docs):
    """A build that fails after Sphinx read the changed pages leaves an environment that
    knows them while the site does not have them: the next build must not lend the old
    pages (it would never write those), so it writes every page."""
    out = tmp_path / "html"
    _build(cli, corpus_copy, out)
    tr = corpus_copy / "translations" / "en" / "mill.toml"
    text = tr.read_text(encoding="utf-8")
    tr.write_text(text.replace("All four aces", "Every one of the four aces", 1), encoding="utf-8")
    page = private_docs / "principles.md"
    good = page.read_text(encoding="utf-8")
    page.write_text(good + "\nSee {ref}`no-such-label`.\n", encoding="utf-8")
    r = cli("--corpus", corpus_copy, "build", "-q", "--out", out)
    assert r.exit_code != 0 and "no-such-label" in r.output
    assert "Every one of the four aces" not in (out / "games" / "mill.html").read_text(
        encoding="utf-8")                      # the old site is intact
    page.write_text(good, encoding="utf-8")    # fixed; the translation is not touched again
    _build(cli, corpus_copy, out)
    assert "Every one of the four aces" in (out / "games" / "mill.html").read_text(
        encoding="utf-8")


def test_a_title_changed_is_in_every_page_s_links(cli, corpus_copy, tmp_path):
    """A change outside the translations (a game's English title, which every page's links
    and the engine page's citations name) lends no pages: the site is a fresh build's."""
    out = tmp_path / "html"
    _build(cli, corpus_copy, out)
    games = corpus_copy / "games.toml"
    text = games.read_text(encoding="utf-8")
    assert 'title_en = "The Spinning Wheel"' in text
    games.write_text(text.replace('title_en = "The Spinning Wheel"',
                                  'title_en = "The Whirling Wheel"'), encoding="utf-8")
    _build(cli, corpus_copy, out)
    engine = (out / "games" / "engine.html").read_text(encoding="utf-8")
    assert "The Whirling Wheel" in engine and "The Spinning Wheel" not in engine
    # the starting layout's figure names the game: drawn again (its stamp holds the titles)
    figure = (out / "_images" / "spinning-wheel.svg").read_text(encoding="utf-8")
    assert "The Whirling Wheel: starting layout" in figure and "Spinning" not in figure


def test_a_file_put_back_with_an_older_time_is_read_again(cli, corpus_copy, tmp_path):
    """Sphinx reads a page again when a dependency is newer than its last reading; a corpus
    file put back with its old time (cp -p, git stash, tar x) is older, yet its content
    changed: the extension compares contents, so the page shows the file as it is now,
    with --force as without. A page edited by hand keeping its size and time is not lent."""
    out = tmp_path / "html"
    _build(cli, corpus_copy, out)
    tr = corpus_copy / "translations" / "en" / "mill.toml"
    kept = tmp_path / "mill.toml"
    shutil.copy2(tr, kept)
    text = tr.read_text(encoding="utf-8")
    tr.write_text(text.replace("All four aces", "EDITED four aces", 1), encoding="utf-8")
    _build(cli, corpus_copy, out)
    page = out / "games" / "mill.html"
    assert "EDITED four aces" in page.read_text(encoding="utf-8")
    shutil.copy2(kept, tr)                                  # back, with its old time
    _build(cli, corpus_copy, out)
    assert "EDITED four aces" not in page.read_text(encoding="utf-8")
    assert b"edited" not in (out / "searchindex.js").read_bytes().lower()
    # by hand: the same size and time, another content
    octagon = out / "games" / "octagon.html"
    st = octagon.stat()
    html = octagon.read_text(encoding="utf-8")
    octagon.write_text(html.replace("Octagon", "OctagoN", 1), encoding="utf-8")
    os.utime(octagon, ns=(st.st_atime_ns, st.st_mtime_ns))
    tr.write_text(text.replace("All four aces", "All the four aces", 1), encoding="utf-8")
    _build(cli, corpus_copy, out)
    assert "OctagoN" not in octagon.read_text(encoding="utf-8")


def test_a_docs_page_put_back_with_an_older_time_and_a_new_epoch(
        cli, corpus_copy, tmp_path, private_docs, monkeypatch):
    """A docs page put back with its old time is read again (the build copies a changed
    page with a new time); $SOURCE_DATE_EPOCH, the year of every footer, lends no pages."""
    out = tmp_path / "html"
    page = private_docs / "maintainers.md"
    kept = tmp_path / "maintainers.md"
    shutil.copy2(page, kept)
    page.write_text(page.read_text(encoding="utf-8") + "\nMARMOT added line.\n",
                    encoding="utf-8")
    _build(cli, corpus_copy, out)
    assert "MARMOT" in (out / "maintainers.html").read_text(encoding="utf-8")
    shutil.copy2(kept, page)
    _build(cli, corpus_copy, out)
    assert "MARMOT" not in (out / "maintainers.html").read_text(encoding="utf-8")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1735689600")       # 2025-01-01; nothing else
    _build(cli, corpus_copy, out)
    module_page = out / "_modules" / "engine" / "games" / "mill.html"
    assert "2025" in module_page.read_text(encoding="utf-8").split("footer")[-1]
    assert not (out / ".buildinfo.bak").exists()


def test_a_dependency_put_back_with_an_older_time_makes_its_pages_stale(tmp_path):
    """extract.sphinxext's env-get-outdated handler: a page is read again when any file it
    depends on (the corpus, a module of the engine) changed in content since the last
    reading (remembered on env-updated), whatever its time; with nothing remembered (the
    first build) Sphinx's own test stands."""
    from types import SimpleNamespace

    from extract.sphinxext import _outdated_by_content, _remember_contents
    corpus = tmp_path / "corpus"
    shutil.copytree(Path(__file__).parent.parent / "corpus", corpus,
                    ignore=shutil.ignore_patterns("results"))
    module = tmp_path / "code" / "rules.py"
    module.parent.mkdir()
    module.write_text("RULE = 1\n", encoding="utf-8")
    env = SimpleNamespace(srcdir=str(tmp_path / "src"), config=SimpleNamespace(
        edition_corpus=str(corpus)), found_docs={"a", "b", "c"},
        dependencies={"a": {str(module)}, "b": {str(corpus / "games.toml")}, "c": set()})
    module.write_text("RULE = 0\n", encoding="utf-8")
    assert _outdated_by_content(None, env, set(), set(), set()) == []     # nothing known
    _remember_contents(None, env)
    assert _outdated_by_content(None, env, set(), set(), set()) == []
    st = module.stat()
    module.write_text("RULE = 2\n", encoding="utf-8")
    os.utime(module, ns=(st.st_atime_ns, st.st_mtime_ns - 10**9))     # older than before
    assert _outdated_by_content(None, env, set(), set(), set()) == ["a"]
    (corpus / "games.toml").write_text("# emptied\n", encoding="utf-8")
    assert _outdated_by_content(None, env, set(), {"b"}, set()) == ["a"]  # b: Sphinx has it
    _remember_contents(None, env)
    assert _outdated_by_content(None, env, set(), set(), set()) == []
    module.unlink()
    assert _outdated_by_content(None, env, set(), set(), set()) == ["a"]
