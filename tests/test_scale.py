"""Scale: id assignment is linear (no timing here: see benchmarks/intake.py), and a witness
beyond the documented size is refused with a clear message, before any work."""
from __future__ import annotations

from dataclasses import dataclass

from extract.corpus import ids
from extract.corpus.readers import MAX_WITNESS_BYTES


@dataclass(frozen=True)
class S:
    id: str
    original: str
    locked: bool = False


def test_assign_matches_repeated_quotes_in_order():
    sents = [S("", "Same words.")] * 3 + [S("", "Other.")]
    lock = {"g:1": ids.LockEntry("g:1", "W", "Same words."),
            "g:2": ids.LockEntry("g:2", "W", "Other."),
            "g:3": ids.LockEntry("g:3", "W", "Same words."),
            "g:4": ids.LockEntry("g:4", "W", "Gone.", retired="removed")}
    out = ids.assign("g", sents, lock)
    assert [(s.id, s.locked) for s in out] == [("g:1", True), ("g:3", True), ("g:5", False),
                                               ("g:2", True)]


def test_assign_looks_at_each_lock_entry_a_fixed_number_of_times():
    """Linear, not quadratic: how often the lock entries are read grows with the sentences
    (a scan of the lock for every sentence would read them n*n/2 times)."""
    reads = [0]

    class Counted(ids.LockEntry):
        def __getattribute__(self, name):
            if name in ("id", "quote"):
                reads[0] += 1
            return super().__getattribute__(name)
    n = 3_000
    sents = [S("", f"Sentence {i}.") for i in range(n)]
    lock = {f"g:{i + 1}": Counted(f"g:{i + 1}", "W", f"Sentence {i}.") for i in range(n)}
    out = ids.assign("g", sents, lock)
    assert out[-1].id == f"g:{n}" and all(s.locked for s in out)
    assert reads[0] <= 6 * n, reads[0]


def test_oversized_witness_is_refused(cli, corpus_copy, tmp_path):
    big = tmp_path / "book.txt"
    line = "Карты кладут в ряд по мастям.\n\n".encode("utf-8")
    big.write_bytes(b"\xd0\x93\xd0\xbb\xd0\xb0\xd0\xb2\xd0\xb0 L.\n\n" +
                    line * (MAX_WITNESS_BYTES // len(line) + 1))
    r = cli("--corpus", corpus_copy, "add", big, "--siglum", "B")
    assert r.exit_code == 1
    assert f"{big}: the witness is 4.0 MiB; a witness may be at most 4 MiB" in r.output
    assert "split the text into chapters" in r.output


def test_intake_benchmark_smoke_run():
    """benchmarks/intake.py runs (tiny sizes) and prints the machine and its figures."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    repo = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, str(repo / "benchmarks" / "intake.py"), "--sizes",
                          "100,200"], cwd=repo, capture_output=True, text=True, timeout=600,
                         env=dict(os.environ, PYTHONPATH=str(repo)))
    assert out.returncode == 0, out.stderr[-2000:]
    assert "cores" in out.stdout
    for step in ("ids.assign", "build model", "updated_lock", "run_checks"):
        assert "  200 " in out.stdout and step in out.stdout
