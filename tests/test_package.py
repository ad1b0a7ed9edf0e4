"""The package as a user installs it: its version, its optional parts, its metadata."""
from __future__ import annotations

import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_version_option(cli):
    r = cli("--version")
    assert r.exit_code == 0
    assert r.output.strip() == f"edition (patience-edition) {version('patience-edition')}"


def test_scheduler_without_the_cluster_extra_says_which_extra(cli, monkeypatch):
    """Dask is optional (`patience-edition[cluster]`): without it, --scheduler is one line."""
    monkeypatch.setitem(sys.modules, "distributed", None)   # import distributed -> ImportError
    r = cli("odds", "mill", "--deals", "2", "--scheduler", "tcp://127.0.0.1:1")
    assert r.exit_code == 2
    assert "pip install 'patience-edition[cluster]'" in r.output
    assert "Traceback" not in r.output


def test_metadata_is_typed_and_classified():
    meta = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "dask[distributed]>=2024.1" in meta["optional-dependencies"]["cluster"]
    assert not any(d.startswith("dask") for d in meta["dependencies"])
    assert "Typing :: Typed" in meta["classifiers"]
    for pkg in ("extract", "engine"):
        assert (REPO / pkg / "py.typed").is_file()


def test_build_quiet_and_verbose_contradict(cli, tmp_path):
    r = cli("build", "-q", "-v", "--out", tmp_path / "site")
    assert r.exit_code == 2 and "contradict" in r.output
    assert not (tmp_path / "site").exists()
