"""`edition build` and its output folder: a clean start (pages of removed games go), one
build at a time per folder, a killed build's leftovers cleaned, OUT never left missing."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from extract.build import recover_site, swap_in

REPO = Path(__file__).resolve().parent.parent

EDITION = [sys.executable, "-m", "extract.cli"]


def _env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "EDITION_CORPUS"}
    env.update(extra)
    return env


def test_build_starts_clean_and_cleans_a_killed_builds_leftovers(corpus_copy, tmp_path):
    out = tmp_path / "html"
    (out / "games").mkdir(parents=True)
    (out / ".buildinfo").write_text("# Sphinx build info version 1\n")   # an earlier build's
    (out / "index.html").write_text("old site", encoding="utf-8")
    (out / "games" / "removed-game.html").write_text("a game no longer in the corpus")
    stale = tmp_path / ".html.building.k1ll3d"      # what a killed build leaves
    (stale / "games").mkdir(parents=True)
    old = tmp_path / ".html.old"
    old.mkdir()
    r = subprocess.run(EDITION + ["--corpus", str(corpus_copy), "build", "--out", str(out)],
                       capture_output=True, text=True, env=_env(), timeout=1200)
    assert r.returncode == 0, r.stderr
    assert "old site" not in (out / "index.html").read_text(encoding="utf-8")
    assert (out / "games" / "mill.html").is_file()
    assert not (out / "games" / "removed-game.html").exists()
    assert not stale.exists() and not old.exists()
    assert not list(tmp_path.glob(".html.building.*"))


def test_second_build_into_the_same_folder_waits_then_fails_clearly(tmp_path, corpus_copy):
    from extract.corpus.atomic import folder_lock
    out = tmp_path / "html"
    out.mkdir()
    (out / ".buildinfo").write_text("# Sphinx build info version 1\n")
    (out / "index.html").write_text("the site being built", encoding="utf-8")
    with folder_lock(tmp_path, ".html.lock", "the site folder"):
        r = subprocess.run(EDITION + ["--corpus", str(corpus_copy), "build", "--out", str(out)],
                           capture_output=True, text=True, env=_env(EDITION_LOCK_TIMEOUT="1"),
                           timeout=600)
    assert r.returncode == 1 and "is in use by another edition command" in r.stderr
    assert "Traceback" not in r.stderr
    assert (out / "index.html").read_text(encoding="utf-8") == "the site being built"


def test_swap_replaces_the_site_in_one_step(tmp_path):
    out, new = tmp_path / "html", tmp_path / ".html.building.1"
    out.mkdir()
    (out / "a.html").write_text("old")
    new.mkdir()
    (new / "a.html").write_text("new")
    swap_in(new, out)
    assert (out / "a.html").read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["html"]


def test_swap_cut_in_half_is_undone(tmp_path, monkeypatch):
    import extract.build as build
    out, new = tmp_path / "html", tmp_path / ".html.building.1"
    out.mkdir()
    (out / "a.html").write_text("old")
    new.mkdir()
    monkeypatch.setattr(build, "_exchange", lambda a, b: False)   # a system without the exchange
    real_rename = Path.rename

    def killed(self, target):
        if self == new:
            raise KeyboardInterrupt   # the process dies between the two renames
        return real_rename(self, target)
    monkeypatch.setattr(Path, "rename", killed)
    try:
        swap_in(new, out)
    except KeyboardInterrupt:
        pass
    monkeypatch.setattr(Path, "rename", real_rename)
    assert not out.exists()                        # the state a kill leaves
    recover_site(out)                              # what the next build does first
    assert (out / "a.html").read_text() == "old"
    assert not list(tmp_path.glob(".html.*"))


# --- a read-only --out (issue 19, item 11), run as an unprivileged user ---------------------

def _as_nobody(code: str, cwd: Path) -> subprocess.CompletedProcess:
    """Run ``code`` with this Python as a user to whom permission bits apply: nobody when the
    tests run as root (who ignores them; via ``setpriv``), else the user running them."""
    env = {k: v for k, v in os.environ.items() if k != "EDITION_CORPUS"}
    env["XDG_CACHE_HOME"] = str(cwd / "cache")
    drop = (["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
            if os.geteuid() == 0 else [])
    return subprocess.run(drop + [sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=REPO, env=env, timeout=300)


@pytest.fixture
def open_dir():
    """A folder that user nobody may use (pytest's tmp_path is root's alone)."""
    import shutil as sh
    import tempfile
    d = Path(tempfile.mkdtemp(prefix="edition-ro-"))
    os.chmod(d, 0o777)
    yield d
    sh.rmtree(d, ignore_errors=True)


def test_a_read_only_out_is_refused_before_building(open_dir):
    out = open_dir / "site"
    code = ("import os, sys, pathlib\n"
            f"out = pathlib.Path({str(out)!r}); out.mkdir(); (out / '.buildinfo').write_text('x')\n"
            "os.chmod(out, 0o555)\n"
            "from extract.cli import main\n"
            "sys.argv = ['edition', 'build', '--out', str(out)]\n"
            "main()\n")
    r = _as_nobody(code, open_dir)
    assert r.returncode == 1 and "--out is read-only" in r.stderr, r.stderr
    assert "chmod -R u+w" in r.stderr and "Traceback" not in r.stderr
    assert sorted(p.name for p in open_dir.iterdir()) == ["site"]   # nothing left beside it


def test_an_old_site_with_read_only_folders_is_deleted_whole(open_dir):
    old = open_dir / ".site.old"
    code = ("import os, pathlib\n"
            f"old = pathlib.Path({str(old)!r}); (old / '_static').mkdir(parents=True)\n"
            "(old / '_static' / 'a.css').write_text('p {}'); (old / 'index.html').write_text('x')\n"
            "os.chmod(old / '_static', 0o555); os.chmod(old, 0o555)\n"
            "from extract.build import remove_tree\n"
            "remove_tree(old)\n"
            "print(old.exists())\n")
    r = _as_nobody(code, open_dir)
    assert r.returncode == 0 and r.stdout.strip() == "False", (r.stdout, r.stderr)
