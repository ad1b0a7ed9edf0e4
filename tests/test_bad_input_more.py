"""More bad input, as a careless editor or a hostile file gives it: output folders that a
build or an export must not replace, numbers out of range, a closed stdin, a taken port.
Each ends in one message naming the file (and line) and the fix, exit 1 or 2, no traceback,
and nothing in the corpus or the folder written."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def _files(folder: Path) -> dict:
    return {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def _one_error(r, *wanted: str) -> None:
    """Exit 1 with one 'edition: ...' message and its '  fix: ...' line, naming ``wanted``."""
    assert r.exit_code == 1, r.output
    assert "Traceback" not in r.output
    lines = [l for l in r.output.splitlines() if l.strip()]
    assert lines[0].startswith("edition: ") and lines[-1].startswith("  fix: "), r.output
    for w in wanted:
        assert w in r.output, r.output


# --- edition build --out: a build replaces the whole folder, so it must be its own ---------

def test_build_refuses_the_corpus_as_out(cli, corpus_copy):
    before = _files(corpus_copy)
    r = cli("--corpus", corpus_copy, "build", "--out", corpus_copy)
    _one_error(r, f"{corpus_copy}: --out would replace the corpus", "fix: give --out a new or empty")
    assert _files(corpus_copy) == before
    assert sorted(p.name for p in corpus_copy.parent.iterdir()) == ["corpus"]   # no lock, no .source


def test_build_refuses_a_folder_holding_the_corpus(cli, corpus_copy):
    r = cli("--corpus", corpus_copy, "build", "--out", corpus_copy.parent)
    _one_error(r, "--out would replace the corpus")
    assert sorted(p.name for p in corpus_copy.parent.iterdir()) == ["corpus"]


def test_build_refuses_a_folder_inside_the_corpus(cli, corpus_copy):
    r = cli("--corpus", corpus_copy, "build", "--out", corpus_copy / "site")
    _one_error(r, "--out lies inside the corpus")
    assert not (corpus_copy / "site").exists() and not (corpus_copy / ".site.lock").exists()


@pytest.mark.parametrize("where", ["repository", "root"])
def test_build_refuses_the_repository_and_the_root(cli, corpus_copy, where):
    out = REPO if where == "repository" else Path("/")
    r = cli("--corpus", corpus_copy, "build", "--out", out)
    _one_error(r, "--out would replace the repository" if where == "repository"
               else "--out is the root of the file system")


def test_build_refuses_a_folder_of_other_files(cli, corpus_copy, tmp_path):
    mine = tmp_path / "my-papers"
    mine.mkdir()
    (mine / "thesis.txt").write_text("years of work")
    r = cli("--corpus", corpus_copy, "build", "--out", mine)
    _one_error(r, f"{mine}: --out is a folder with files that no `edition build` made")
    assert (mine / "thesis.txt").read_text() == "years of work"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus", "my-papers"]


def test_build_out_that_is_a_file_is_a_usage_error(cli, corpus_copy, tmp_path):
    f = tmp_path / "site.html"
    f.write_text("x")
    r = cli("--corpus", corpus_copy, "build", "--out", f)
    assert r.exit_code == 2 and "is a file" in r.output and f.read_text() == "x"


def test_site_folder_guard_accepts_a_new_empty_or_earlier_site(tmp_path, corpus_copy):
    from extract.cli import site_folder_guard
    site_folder_guard(tmp_path / "new" / "html", corpus_copy)
    (tmp_path / "empty").mkdir()
    site_folder_guard(tmp_path / "empty", corpus_copy)
    old = tmp_path / "old"
    old.mkdir()
    (old / ".buildinfo").write_text("# Sphinx build info version 1\n")
    (old / "index.html").write_text("<p>old site</p>")
    site_folder_guard(old, corpus_copy)


# --- edition export tei --out: never into the corpus, never over a file that is not XML ----

def test_export_refuses_to_write_over_the_manifest(cli, corpus_copy):
    before = _files(corpus_copy)
    r = cli("--corpus", corpus_copy, "export", "tei", "--out", corpus_copy / "manifest.toml")
    _one_error(r, "manifest.toml: --out lies inside the corpus")
    assert _files(corpus_copy) == before


def test_export_refuses_to_replace_a_file_that_is_not_xml(cli, corpus_copy, tmp_path):
    notes = tmp_path / "notes.md"
    notes.write_text("# my notes\n")
    r = cli("--corpus", corpus_copy, "export", "tei", "--out", notes)
    _one_error(r, f"{notes}: --out names an existing file that is not XML")
    assert notes.read_text() == "# my notes\n"


# --- numbers out of range ---------------------------------------------------------------------

def test_odds_with_more_deals_than_memory_is_a_usage_error(cli):
    r = cli("odds", "mill", "--deals", str(10 ** 30), "--jobs", "1")
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert "'--deals'" in r.output and "1<=x<=1000000" in r.output


@pytest.mark.parametrize("seconds", ["0", "-1"])
def test_results_needs_a_positive_time_per_row(cli, corpus_copy, seconds):
    r = cli("--corpus", corpus_copy, "results", "--seconds-per-row", seconds, "--game", "mill")
    assert r.exit_code == 2 and "'--seconds-per-row'" in r.output
    assert not (corpus_copy / "results").exists()


# --- stdin closed, a folder given as a witness, a taken port ---------------------------------

@pytest.mark.parametrize("command", ["normalise", "segment"])
def test_closed_stdin_is_one_message(command):
    p = subprocess.run(["bash", "-c", f'"{sys.executable}" -m extract.cli {command} - <&-'],
                       capture_output=True, text=True, cwd=REPO, timeout=300)
    assert p.returncode == 1 and "Traceback" not in p.stderr, p.stderr
    assert p.stderr.startswith("edition: <stdin>: standard input is closed")
    assert "fix: give a FILE" in p.stderr


def test_add_a_folder_says_it_is_a_folder(cli, corpus_copy, tmp_path):
    before = _files(corpus_copy)
    r = cli("--corpus", corpus_copy, "add", tmp_path / "corpus" / "witnesses")
    _one_error(r, "witnesses: is a folder, not a text file")
    assert _files(corpus_copy) == before


def test_serve_on_a_taken_port_names_the_port(tmp_path):
    (tmp_path / "index.html").write_text("<p>site</p>")
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k != "EDITION_CORPUS"}
    try:
        p = subprocess.run([sys.executable, "-m", "extract.cli", "serve", "--port", str(port),
                            "--dir", str(tmp_path)], capture_output=True, text=True, cwd=REPO,
                           env=env, timeout=60)
    finally:
        taken.close()
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert p.stderr.startswith(f"edition: cannot serve on 127.0.0.1:{port}: "), p.stderr
