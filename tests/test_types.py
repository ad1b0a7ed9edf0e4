"""The type check holds: mypy, with pyproject.toml's [tool.mypy] settings (the packages
extract and engine), reports no error. Its cache goes under pytest's tmp_path, never into the
repository."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_mypy_passes(tmp_path):
    r = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "mypy"),
                        "--hide-error-context"],
                       cwd=REPO, capture_output=True, text=True)
    assert r.returncode == 0, "mypy reports errors:\n" + (r.stdout + r.stderr)[-20000:]
