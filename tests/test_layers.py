"""The import layers of pyproject.toml's [tool.importlinter] hold: the engine never imports the
pipeline, and in the pipeline no module imports a layer above its own (text, corpus, model,
export, site, CLI); and the contract does catch an import that runs upward."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _lint(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from importlinter.cli import lint_imports_command;"
                           " lint_imports_command()", "--no-cache"],
                          cwd=root, capture_output=True, text=True,
                          env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"})


def test_the_layers_hold():
    r = _lint(REPO)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "2 kept, 0 broken" in r.stdout


def test_an_upward_import_breaks_the_contract(tmp_path):
    """The text layer importing the model (in a copy of the code) is reported, by module."""
    for pkg in ("extract", "engine"):
        shutil.copytree(REPO / pkg, tmp_path / pkg, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    words = tmp_path / "extract" / "text" / "words.py"
    words.write_text(words.read_text(encoding="utf-8") + "\nfrom ..model import edition  # upward\n",
                     encoding="utf-8")
    r = _lint(tmp_path)
    assert r.returncode != 0
    assert "extract.text.words -> extract.model.edition" in r.stdout
