"""The command line starts light: `import extract.cli` (what `edition --help` and `edition
--version` pay) loads none of the heavy parts, and each import inside a function of cli.py,
which is there only for that, says why on its own line (``# lazy: ...``); so does every import
inside a function anywhere in ``extract/`` and ``engine/`` (issue 22: imports inside functions
only where start-up cost or an optional package demands it; a circle of imports is refused by
the contracts, tests/test_layers.py)."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
HEAVY = ("spacy", "sphinx", "lxml", "collatex", "pymorphy3", "distributed", "http.server",
         "extract.model.edition", "extract.corpus.readers", "extract.intake.checks", "extract.export.tei", "extract.intake.add",
         "engine.api", "engine.odds", "engine.results")


def test_starting_the_cli_loads_nothing_heavy():
    code = ("import sys, extract.cli; heavy = sys.argv[1:]; "
            "print(' '.join(m for m in heavy if m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code, *HEAVY], capture_output=True, text=True,
                       cwd=REPO, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == []


def lazy_imports_without_reason(source: str) -> list[int]:
    """Line numbers of the imports inside a function that do not say ``# lazy: why``."""
    lines = source.splitlines()
    bad = []
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(fn):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                comment = lines[node.end_lineno - 1].partition("#")[2].strip()
                if not comment.startswith("lazy: ") or len(comment) < len("lazy: ") + 5:
                    bad.append(node.lineno)
    return sorted(set(bad))


def test_every_import_inside_a_function_of_the_cli_says_why():
    source = (REPO / "extract" / "cli.py").read_text(encoding="utf-8")
    assert lazy_imports_without_reason(source) == []
    # and the check does see one that does not
    broken = source.replace("    from .model.edition import build_edition   # lazy: the model and the "
                            "pipeline under it\n", "    from .model.edition import build_edition\n")
    assert broken != source
    assert len(lazy_imports_without_reason(broken)) == 1


def test_every_import_inside_a_function_of_extract_and_the_engine_says_why():
    bad = {str(p.relative_to(REPO)): lines
           for p in sorted([*(REPO / "extract").rglob("*.py"), *(REPO / "engine").rglob("*.py")])
           if (lines := lazy_imports_without_reason(p.read_text(encoding="utf-8")))}
    assert bad == {}, "say why after each (# lazy: ...), or move it to the module top"
