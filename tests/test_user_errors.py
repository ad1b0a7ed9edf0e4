"""What a user sees when something goes wrong: one message naming the file and the fix, never
a traceback (file names and options that are not UTF-8, a port out of range or taken, an output
folder that cannot be written, a full disk, a Sphinx crash, a scheduler that is not Dask, too
many jobs, a reading given twice, a file in another encoding)."""
from __future__ import annotations

import errno
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.test_add import MILL3

REPO = Path(__file__).resolve().parent.parent
EDITION = [sys.executable, "-m", "extract.cli"]


def run(*args, timeout=600) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "EDITION_CORPUS"}
    argv = [a if isinstance(a, bytes) else os.fsencode(str(a)) for a in args]
    r = subprocess.run([os.fsencode(x) for x in EDITION] + argv, capture_output=True,
                       env=env, cwd=REPO, timeout=timeout)
    r.stdout, r.stderr = (x.decode("utf-8", "replace") for x in (r.stdout, r.stderr))
    assert "Traceback" not in r.stderr + r.stdout, r.stderr
    return r


def one_message(text: str) -> list[str]:
    """The lines of an error message: 'edition: FILE: what' and '  fix: ...'."""
    lines = [l for l in text.strip().splitlines() if l.strip()]
    assert lines[0].startswith("edition: ") or lines[0].startswith("Error: "), text
    return lines


def test_file_name_that_is_not_utf8(corpus_copy, tmp_path):
    name = os.fsencode(str(tmp_path)) + b"/\xff\xfe.txt"
    with open(name, "w", encoding="utf-8") as f:
        f.write(MILL3)
    r = run(b"--corpus", os.fsencode(str(corpus_copy)), b"add", name, b"--siglum", b"M3")
    assert r.returncode == 0, r.stderr
    assert 'description = "Witness \\\\xff\\\\xfe.txt"' in (corpus_copy / "manifest.toml").read_text("utf-8")
    r = run(b"--corpus", os.fsencode(str(corpus_copy)), b"add", name)  # again: nothing to do
    assert r.returncode == 0 and "\\xff\\xfe.txt: this file is already in the corpus" in r.stdout


def test_title_that_is_not_utf8(corpus_copy, tmp_path):
    src = tmp_path / "mill3.txt"
    src.write_text(MILL3, encoding="utf-8")
    before = (corpus_copy / "manifest.toml").read_bytes()
    r = run("--corpus", corpus_copy, "add", src, "--siglum", "M3", b"--title", b"\xffbad")
    assert r.returncode == 2
    assert one_message(r.stderr) == ["edition: --title is not UTF-8 text (byte ff at character 1); "
                                     "give it in UTF-8"]
    assert (corpus_copy / "manifest.toml").read_bytes() == before


def test_serve_port_out_of_range_or_taken(tmp_path):
    r = run("serve", "--port", "99999", "--dir", tmp_path)
    assert r.returncode == 2 and "99999 is not in the range 0<=x<=65535" in r.stderr
    (tmp_path / "index.html").write_text("<p>site</p>")
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        r = run("serve", "--port", taken.getsockname()[1], "--dir", tmp_path, timeout=60)
    finally:
        taken.close()
    assert r.returncode == 1
    assert one_message(r.stderr)[-1].strip() == "fix: the port is taken: choose another --port"


@pytest.mark.parametrize("args", [("build", "--out", "/proc/edition-test/html"),
                                  ("export", "tei", "--out", "/proc/edition-test/x.xml")])
def test_output_that_cannot_be_written(corpus_copy, args):
    r = run("--corpus", corpus_copy, *args)
    assert r.returncode == 1
    lines = one_message(r.stderr)
    assert "/proc/edition-test" in lines[-2] and lines[-1].strip().startswith("fix: ")


def test_disk_full_names_the_file(cli, corpus_copy, tmp_path, monkeypatch):
    import extract.corpus.atomic
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    # the model and the collation cached first, so the export is the only write left
    assert cli("--corpus", corpus_copy, "export", "tei", "--out", tmp_path / "warm.xml").exit_code == 0

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(extract.corpus.atomic.os, "fsync", full)
    out = tmp_path / "edition.tei.xml"
    r = cli("--corpus", corpus_copy, "export", "tei", "--out", out)
    assert r.exit_code == 1
    assert r.output.splitlines() == [
        f"edition: {out}: No space left on device",
        "  fix: free some disk space (or choose another --out), then run again"]
    assert not list(tmp_path.glob(".tmp-*")) and not out.exists()


def test_a_failed_copy_is_one_message_not_a_list(cli, corpus_copy, tmp_path, monkeypatch):
    import shutil
    import extract.intake.add
    def full(src, dst, **kw):
        raise shutil.Error([(f"{src}/manifest.toml", f"{dst}/manifest.toml",
                             "[Errno 28] No space left on device")])
    monkeypatch.setattr(extract.intake.add.shutil, "copytree", full)
    src = tmp_path / "mill3.txt"
    src.write_text(MILL3, encoding="utf-8")
    r = cli("--corpus", corpus_copy, "add", src, "--siglum", "M3")
    assert r.exit_code == 1
    assert "[(" not in r.output
    assert r.output.splitlines()[0].endswith("manifest.toml: copying "
                                             f"{corpus_copy}/manifest.toml failed: [Errno 28] "
                                             "No space left on device")


def test_sphinx_crash_is_one_message(cli, corpus_copy, tmp_path, monkeypatch):
    from extract.sphinxext import titles
    def crash(self):
        raise RuntimeError("the directive broke")
    monkeypatch.setattr(titles.GamePageDirective, "run", crash)
    out = tmp_path / "html"
    r = cli("--corpus", corpus_copy, "build", "--out", out)
    assert r.exit_code == 1
    lines = [l for l in r.output.splitlines() if l.startswith(("edition:", "  fix:"))]
    assert len(lines) == 2
    assert ".md: Sphinx stopped with an internal error (RuntimeError: the directive broke)" in lines[0]
    assert "edition build -v" in lines[1]
    assert "Traceback" not in r.output and not out.exists()


def test_scheduler_that_is_not_dask_times_out():
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen()
    held = []
    def accept():
        while True:
            try:
                held.append(srv.accept())   # accepts and never answers
            except OSError:
                return
    threading.Thread(target=accept, daemon=True).start()
    try:
        r = run("odds", "mill", "--deals", "2", "--scheduler",
                f"tcp://127.0.0.1:{srv.getsockname()[1]}", "--scheduler-timeout", "2", timeout=120)
    finally:
        srv.close()
    assert r.returncode == 2
    assert one_message(r.stderr)[0].startswith("edition: no Dask scheduler answered at "
                                                "tcp://127.0.0.1:")
    assert "within 2 s" in r.stderr


def test_jobs_capped_at_the_cpus(cli):
    cpus = os.cpu_count() or 1
    r = cli("odds", "mill", "--deals", "1", "--jobs", cpus + 1)
    assert r.exit_code == 2
    assert f"--jobs {cpus + 1} is more than the {cpus} CPUs" in r.output and "--force-jobs" in r.output
    r = cli("odds", "mill", "--deals", "1", "--jobs", cpus + 1, "--force-jobs", "--policy", "greedy")
    assert r.exit_code == 0, r.output
    # `results --workers` names its own option (it said "--jobs 5 ... use --jobs 2")
    r = cli("results", "--game", "mill", "--workers", cpus + 3)
    assert r.exit_code == 2 and f"--workers {cpus + 3} is more than the {cpus} CPUs" in r.output \
        and f"use --workers {cpus}" in r.output, r.output


def test_reading_given_twice_is_an_error(cli):
    r = cli("play", "mill", "--deal", "1", "--reading", "redeals=two",
            "--reading", "mill:redeals=until-out")
    assert r.exit_code == 2
    assert r.output.strip() == ("edition: --reading is given twice for the ambiguity redeals "
                                "(redeals=two and redeals=until-out): choose one reading per ambiguity")


@pytest.mark.parametrize("encoding,named", [("utf-16", "UTF-16"), ("utf-16-le", "UTF-16LE"),
                                            ("cp1251", "CP1251"), ("koi8-r", "KOI8-R"),
                                            ("cp866", "CP866")])
def test_encoding_hint_names_the_encoding(cli, tmp_path, encoding, named):
    p = tmp_path / "text.txt"
    p.write_bytes("Выбираются все четыре туза и раскладываются подряд.\n".encode(encoding))
    r = cli("segment", p)
    assert r.exit_code == 1
    assert f"it looks like {named}" in r.output and f"iconv -f {named} -t UTF-8" in r.output
    assert "cp1251" not in r.output.lower() or named == "CP1251"


def test_segment_and_normalise_read_no_more_than_a_book(cli, monkeypatch):
    """`segment /dev/zero` read for ever and 200 MB on stdin ended in a MemoryError's
    traceback (a breaker's find): both read at most MAX_INPUT_BYTES and say so."""
    from extract import cli as cli_mod
    r = cli("segment", "/dev/zero")
    assert r.exit_code == 1 and "/dev/zero: the text is larger than 64 MiB" in r.output
    monkeypatch.setattr(cli_mod, "MAX_INPUT_BYTES", 100)
    r = cli("normalise", "-", input="Тузы кладутъ. " * 20)
    assert r.exit_code == 1 and "<stdin>: the text is larger than" in r.output
    assert "fix: give a chapter" in r.output
    assert cli("normalise", "-", input="Тузы кладутъ.").output.startswith("Тузы кладут.")


def test_a_seed_for_a_player_that_draws_nothing_is_an_error(cli):
    """`play --seed 5` with the greedy policy was silently ignored (a breaker's find)."""
    r = cli("play", "mill", "--deal", "1", "--seed", "5")
    assert r.exit_code == 2 and "the greedy policy draws nothing" in r.output, r.output
    r = cli("play", "mill", "--deal", "1", "--seed", "5", "--policy", "random")
    assert r.exit_code == 0 and "(seed 5;" in r.output, r.output


def test_odds_takes_one_way_of_running(cli):
    """`odds --scheduler ADDRESS --jobs 2` accepted both and ignored --jobs (a breaker's)."""
    r = cli("odds", "mill", "--deals", "2", "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1")
    assert r.exit_code == 2 and "give one of --jobs and --scheduler" in r.output, r.output


def test_a_number_longer_than_python_reads_is_refused_briefly():
    """A deal number of 5,000 digits (past the 4,000 a deal number has, the Play panel's
    limit too) is refused as too long, quoting its first digits, not echoed whole nor called
    "not a valid integer"; a deal number of 4,000 digits is a deal like any other."""
    r = run("play", "mill", "--deal", "9" * 5000, "--policy", "greedy")
    assert r.returncode == 2
    assert ("Invalid value for '--deal': 999999999999... has 5,000 characters; a number here "
            "has at most 4,000 digits") in r.stderr
    assert len(r.stderr) < 1000
    r = run("play", "mill", "--deal", "7" * 4000, "--policy", "greedy", "--format", "json")
    assert r.returncode == 0, r.stderr
    assert '"deal": ' + "7" * 4000 in r.stdout
