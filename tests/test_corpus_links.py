"""Data files that are symbolic links out of the corpus are refused like witnesses (issue 19,
item 7): the edition publishes only what its corpus holds."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def _link_out(corpus: Path, rel: str, outside: Path) -> None:
    """Move ``corpus/rel`` to ``outside`` and leave a symbolic link to it in its place."""
    src = corpus / rel
    dst = outside / src.name
    outside.mkdir(exist_ok=True)
    shutil.move(src, dst)
    src.symlink_to(dst)


@pytest.mark.parametrize("rel", ["translations/en/mill.toml", "translations", "games.toml",
                                 "results/claims.toml", "glossary.toml", "emendations.toml",
                                 "ids.lock", "witnesses/001_afde1709e20ed715.txt"])
def test_a_data_file_linked_out_of_the_corpus_is_refused(cli, corpus_copy, tmp_path, rel):
    if rel.startswith("results/"):
        (corpus_copy / "results").mkdir()
        shutil.copy(REPO / "corpus" / rel, corpus_copy / rel)
    if not (corpus_copy / rel).exists():
        pytest.fail(f"{rel} is not in the corpus: update the test")
    _link_out(corpus_copy, rel, tmp_path / "outside")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and "Traceback" not in r.output, r.output
    assert "lies outside the corpus" in r.output, r.output


def test_a_link_inside_the_corpus_is_read(cli, corpus_copy):
    """A link that stays inside the corpus is not a way out: it is read as usual."""
    p = corpus_copy / "translations" / "en" / "mill.toml"
    (corpus_copy / "mill.toml.real").write_bytes(p.read_bytes())
    p.unlink()
    p.symlink_to(corpus_copy / "mill.toml.real")
    r = cli("--corpus", corpus_copy, "games")
    assert r.exit_code == 0 and "mill" in r.output, r.output
