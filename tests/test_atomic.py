"""write_atomic replaces a file in one step (issue 19, item 2: each guard broken once)."""
from __future__ import annotations

import errno
import os

import pytest

from extract.corpus import atomic
from extract.corpus.atomic import write_atomic


def test_a_reader_sees_the_old_file_or_the_new_never_a_mix(tmp_path):
    p = tmp_path / "manifest.toml"
    p.write_bytes(b"old " * 1000)
    with p.open("rb") as reader:              # opened before the write
        write_atomic(p, b"new")
        assert reader.read() == b"old " * 1000   # still the whole old file
    assert p.read_bytes() == b"new"
    assert oct(p.stat().st_mode & 0o777) == "0o644"
    assert not [q for q in tmp_path.iterdir() if q.name.startswith(atomic.TMP_PREFIX)]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    p = tmp_path / "ids.lock"
    p.write_bytes(b"old")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError) as e:
        write_atomic(p, b"new" * 1000)
    assert e.value.filename == str(p)          # names the file, not the temporary
    assert p.read_bytes() == b"old"
    assert [q.name for q in tmp_path.iterdir()] == ["ids.lock"]
