"""A build with nothing changed leaves the site as it is; any change of what the site is
built from (or of the site itself) builds again."""
from __future__ import annotations

import os
import re

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
    English): after a translation edit Sphinx reads that page again (and the home page,
    which offers the TEI download, which holds the English), not the other games'."""
    out = tmp_path / "html"
    _build(cli, corpus_copy, out)
    tr = corpus_copy / "translations" / "en" / "mill.toml"
    text = tr.read_text(encoding="utf-8")
    tr.write_text(text.replace("All four aces", "Every one of the four aces", 1), encoding="utf-8")
    r = cli("--corpus", corpus_copy, "build", "-v", "--out", out)
    assert r.exit_code == 0, r.output
    said = re.sub(r"\x1b\[[0-9;]*m", "", r.output)
    read = re.findall(r"reading sources\.\.\. \[ *\d+%\] (\S+)", said)
    assert "games/mill" in read and set(read) <= {"games/mill", "index"}, read
    assert "Every one of the four aces" in (out / "games" / "mill.html").read_text(encoding="utf-8")
