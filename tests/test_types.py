"""The type check holds: mypy, with pyproject.toml's [tool.mypy] settings (the packages
extract and engine, default non-strict checks), reports no error over every module of both,
and the settings let nothing through wholesale. Its cache goes under pytest's tmp_path, never
into the repository."""
from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_mypy_passes(tmp_path):
    r = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "mypy"),
                        "--hide-error-context"],
                       cwd=REPO, capture_output=True, text=True)
    out = r.stdout + r.stderr
    # (less mypy's reminder that it does not look inside functions without annotations)
    shown = "\n".join(ln for ln in out.splitlines() if "[annotation-unchecked]" not in ln)
    assert r.returncode == 0, "mypy reports errors:\n" + shown[-20000:]
    # every module of both packages was checked (the configuration names them, not a path
    # that could match nothing)
    checked = re.search(r"no issues found in (\d+) source files", out)
    assert checked, out[-2000:]
    modules = [p for pkg in ("extract", "engine") for p in (REPO / pkg).rglob("*.py")]
    assert int(checked.group(1)) >= len(modules), out[-2000:]


def test_nothing_is_let_through_wholesale():
    """Missing imports are ignored per third-party module by name, never globally, and no
    module's errors are switched off; unused ``type: ignore`` comments are errors."""
    conf = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert conf["packages"] == ["extract", "engine"]
    assert conf.get("warn_unused_ignores") is True
    for key in ("ignore_missing_imports", "ignore_errors", "follow_imports"):
        assert key not in conf, key
    for o in conf.get("overrides", []):
        assert "ignore_errors" not in o, o
        names = o["module"] if isinstance(o["module"], list) else [o["module"]]
        assert not any(n.split(".")[0] in ("extract", "engine") or n == "*" for n in names), o
