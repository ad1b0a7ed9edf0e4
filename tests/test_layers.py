"""The import layers of pyproject.toml's [tool.importlinter] hold: the engine never imports the
pipeline, and in the pipeline no module imports a layer above its own (text, corpus, model,
export, intake, site, CLI); and the contract does catch an import that runs upward. Every import
of the pipeline names a module that exists, wherever the import stands."""
from __future__ import annotations

import ast
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
    assert "4 kept, 0 broken" in r.stdout


def _copy(tmp_path: Path) -> Path:
    for pkg in ("extract", "engine"):
        shutil.copytree(REPO / pkg, tmp_path / pkg, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_an_import_cycle_breaks_the_contract(tmp_path):
    """A circle inside the engine (cards, which the games use, importing the games) and one
    inside a layer of the pipeline (the text layer's errors importing the normaliser), in
    a copy of the code, are each reported, even from inside a function."""
    root = _copy(tmp_path)
    cards = root / "engine" / "cards.py"
    cards.write_text(cards.read_text(encoding="utf-8") + "\n\ndef _x():\n    from . import games\n",
                     encoding="utf-8")
    r = _lint(root)
    assert r.returncode != 0 and "no import cycle among the engine's modules BROKEN" in r.stdout
    shutil.copy(REPO / "engine" / "cards.py", cards)
    errors = root / "extract" / "text" / "errors.py"   # the normaliser imports it
    errors.write_text(errors.read_text(encoding="utf-8") + "\nfrom . import normalise  # a circle\n",
                      encoding="utf-8")
    r = _lint(root)
    assert r.returncode != 0 and "in any of its layers BROKEN" in r.stdout, r.stdout[-2000:]


def test_an_upward_import_breaks_the_contract(tmp_path):
    """The text layer importing the model (in a copy of the code) is reported, by module."""
    _copy(tmp_path)
    words = tmp_path / "extract" / "text" / "words.py"
    words.write_text(words.read_text(encoding="utf-8") + "\nfrom ..model import edition  # upward\n",
                     encoding="utf-8")
    r = _lint(tmp_path)
    assert r.returncode != 0
    assert "extract.text.words -> extract.model.edition" in r.stdout


def _bound(tree: ast.Module) -> set[str]:
    """The names a module binds at its top (also inside a top-level ``if`` or ``try``)."""
    names, todo = set(), list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
        elif isinstance(node, (ast.If, ast.Try)):
            todo += [*node.body, *node.orelse, *getattr(node, "finalbody", []),
                     *[s for h in getattr(node, "handlers", []) for s in h.body]]
    return names


def stale_imports(source: str, package: tuple[str, ...], root: Path = REPO) -> list[str]:
    """The imports in ``source`` (a module of ``package``) of a module of ``extract`` that is
    not there, or of a name a package of ``extract`` neither holds as a module nor binds
    (``line: what``). Read, not run: an import inside a function or under ``if
    TYPE_CHECKING:`` counts too."""
    def where(module: str) -> Path | None:
        path = root.joinpath(*module.split("."))
        return next((p for p in (path.with_suffix(".py"), path / "__init__.py") if p.is_file()), None)
    bad = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else ()
            module = ".".join([*base, *([node.module] if node.module else [])])
            if module.split(".")[0] != "extract":
                continue
            found = where(module)
            if found is None:
                bad.append(f"{node.lineno}: {module}")
            elif found.name == "__init__.py":
                bound = _bound(ast.parse(found.read_text(encoding="utf-8")))
                bad += [f"{node.lineno}: {module}.{a.name}" for a in node.names
                        if a.name != "*" and a.name not in bound and where(f"{module}.{a.name}") is None]
        elif isinstance(node, ast.Import):
            bad += [f"{node.lineno}: {a.name}" for a in node.names
                    if a.name.split(".")[0] == "extract" and where(a.name) is None]
    return sorted(bad, key=lambda s: int(s.split(":")[0]))


def test_every_import_of_the_pipeline_names_a_module_that_exists():
    """Since extract/ was grouped by stage (extract.text, extract.corpus, ...), no import, not
    even one that no test runs, names a place that is gone (``extract.nlp``, ``from .model``)."""
    files = [*(p for folder in ("extract", "tests", "benchmarks")
               for p in sorted((REPO / folder).rglob("*.py"))), REPO / "docs" / "conf.py"]
    bad = {str(p.relative_to(REPO)): lines for p in files
           if (lines := stale_imports(p.read_text(encoding="utf-8"),
                                      p.relative_to(REPO).parent.parts))}
    assert bad == {}
    # and the check does see each kind of stale import
    probe = ("from __future__ import annotations\n"
             "from typing import TYPE_CHECKING\n"
             "from .readers import entries\n"
             "from ..text import errors\n"
             "if TYPE_CHECKING:\n"
             "    from .model import Edition\n"             # extract.corpus.model: none
             "def f():\n"
             "    from .. import model, nlp   # lazy: a probe\n"   # extract.nlp: none
             "    import extract.atomic   # lazy: a probe\n"       # moved to extract.corpus
             "    from ..model import Edition   # lazy: a probe\n")  # in model.edition
    assert stale_imports(probe, ("extract", "corpus")) == [
        "6: extract.corpus.model", "8: extract.nlp", "9: extract.atomic", "10: extract.model.Edition"]
