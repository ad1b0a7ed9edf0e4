"""Shared fixtures: the repository's corpus, a writable copy of it, the CLI runner."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

from hypothesis import settings

import pytest
from click.testing import CliRunner

# In CI, property tests run a fixed set of examples (reproducible runs); locally they explore.
settings.register_profile("ci", derandomize=True, deadline=None)
# before a stop: `pytest --hypothesis-profile=deep --hypothesis-seed=$RANDOM` explores far more
# (a test with its own @settings keeps its max_examples; a new seed still draws new examples)
settings.register_profile("deep", max_examples=1000, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "corpus"


def answers_ctrl_c() -> None:
    """A ``preexec_fn`` for a child process that a test interrupts with SIGINT: the default
    disposition again, so that Python there raises KeyboardInterrupt. A shell starts a
    command put in the background (``pytest ... &``, no job control) with SIGINT ignored,
    and a child inherits that: the test would fail for how it was run, not for the code."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture(scope="session")
def edition():
    from extract.model.edition import build_edition
    return build_edition(CORPUS)


@pytest.fixture
def corpus_copy(tmp_path) -> Path:
    """A writable copy of the corpus (results excluded) in a temporary folder."""
    dst = tmp_path / "corpus"
    shutil.copytree(CORPUS, dst, ignore=shutil.ignore_patterns("results"))
    return dst


@pytest.fixture
def private_docs(tmp_path, monkeypatch) -> Path:
    """A copy of docs/ that `edition build` uses in this test (``extract.build.DOCS``), so that
    a test's build never reads or writes the repository's."""
    import extract.build
    docs = tmp_path / "docs"
    shutil.copytree(REPO / "docs", docs, ignore=shutil.ignore_patterns("_build", "games"))
    monkeypatch.setattr(extract.build, "DOCS", docs)
    return docs


@pytest.fixture
def cli():
    from extract.cli import main
    runner = CliRunner()

    def run(*args, input=None):
        return runner.invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)
    return run


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The site built once per test session by the CLI, as a user builds it."""
    from extract.cli import main
    out = tmp_path_factory.mktemp("site") / "html"
    r = CliRunner().invoke(main, ["build", "-q", "--out", str(out)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return out


@pytest.fixture(scope="session")
def relaxng():
    """tei_all RELAX NG (tests/data/tei_all.rng), loaded once per session (some 15-35 s)."""
    import time
    from lxml import etree
    t = time.perf_counter()
    schema = etree.RelaxNG(etree.parse(str(Path(__file__).parent / "data" / "tei_all.rng")))
    print(f"tei_all.rng loaded in {time.perf_counter() - t:.1f} s")
    return schema


@pytest.fixture(scope="session")
def exported(tmp_path_factory):
    """The edition exported as TEI by the CLI (``edition export tei``), parsed back from the
    file (an lxml tree)."""
    from lxml import etree
    from extract.cli import main
    out = tmp_path_factory.mktemp("tei") / "edition.xml"
    r = CliRunner().invoke(main, ["export", "tei", "--out", str(out)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return etree.parse(str(out))
