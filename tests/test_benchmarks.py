"""The benchmarks run (as smoke runs: tiny sizes) and print figures and the machine.
Figures are read by people, never asserted: see benchmarks/."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("script, args, expect", [
    ("engine.py", ["--smoke"], "playouts"),
    ("odds.py", ["--smoke", "--no-cluster"], "worker"),
    ("normalise.py", ["--smoke"], "boundary p"),
    ("careful.py", ["--smoke"], "gap closed"),
    ("segment.py", ["--smoke"], "sentencizer"),
    ("intake.py", ["--sizes", "50", "--add-only", "--markup"], "s/1000 sent."),
    ("intake.py", ["--sizes", "50", "--add-only", "--debris"], "s/1000 sent."),
    ("intake.py", ["--sizes", "50", "--add-only", "--lists"], "s/1000 sent."),
])
def test_benchmark_smoke_run(script, args, expect):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, str(REPO / "benchmarks" / script), *args], cwd=REPO,
                         env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "cores" in out.stdout.lower() or "cpu" in out.stdout.lower()
    assert expect in out.stdout.lower()
