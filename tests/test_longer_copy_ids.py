"""Ids that do not move (issue 18): a new copy of a known game that has more sentences than
the copies before it gets citable ids for the sentences that are new, recorded in ids.lock
by ``add``; the ids already locked never move.

Text: «Царь и слоны» from Tolstoy's «Азбука» (``tests/data/layouts/15-tsar-i-slony.txt``); the
shorter copy is the same page without its last paragraph."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from extract.corpus.ids import read_lock
from extract.model.edition import build_edition

LAYOUTS = Path(__file__).resolve().parent / "data" / "layouts"
FULL = (LAYOUTS / "15-tsar-i-slony.txt").read_text(encoding="utf-8")
LAST = "И всѣ слѣпые стали спорить и ссориться."


@pytest.fixture(autouse=True)
def _restore_env(monkeypatch):
    monkeypatch.setenv("EDITION_CORPUS", "")
    monkeypatch.delenv("EDITION_CORPUS")


def test_a_longer_copy_gets_ids_for_its_new_sentences(cli, corpus_copy, tmp_path):
    short, long_ = tmp_path / "kopiya-a.txt", tmp_path / "kopiya-b.txt"
    short.write_text(FULL.replace(LAST + "\n", ""), encoding="utf-8")
    long_.write_text(FULL, encoding="utf-8")
    assert cli("--corpus", corpus_copy, "add", short).exit_code == 0
    before = read_lock(corpus_copy)
    mine = sorted((e for e in before.values() if e.id.startswith("tsar-i-slony:")),
                  key=lambda e: e.number)
    assert [e.id for e in mine] == [f"tsar-i-slony:{n}" for n in range(1, 9)]

    r = cli("--corpus", corpus_copy, "add", long_, "--dry-run")
    assert "new sentence ids (1): tsar-i-slony:9" in r.output, r.output
    r = cli("--corpus", corpus_copy, "add", long_)
    assert r.exit_code == 0 and "1 new sentence id recorded" in r.output, r.output
    after = read_lock(corpus_copy)
    assert {k: v for k, v in after.items() if k in before} == before     # nothing moved
    new = after["tsar-i-slony:9"]
    assert (new.witness, new.quote) == ("kopiya-b", LAST[:48])

    ed = build_edition(corpus_copy)
    game = ed.game("tsar-i-slony")
    assert game.base == "kopiya-a" and [s.id for s in game.sentences] == [e.id for e in mine]
    copy = game.texts["kopiya-b"]
    assert copy[-1].id == "tsar-i-slony:9" and copy[-1].locked and copy[-1].original == LAST
    assert all(re.fullmatch(r"tsar-i-slony:\d+@kopiya-b", s.id) for s in copy[:-1])
    # the apparatus's addition names the new sentence by its citable id, and is the whole
    # sentence, its full stop too (one entry: collate._insert_additions)
    from extract.model.collate import apparatus
    added = [r for e in apparatus(ed, game) for r in e.readings if r.sentence == "tsar-i-slony:9"]
    assert len(added) == 1 and added[0].original == LAST
    assert cli("--corpus", corpus_copy, "check").exit_code == 0
    # a third copy, the same as the second: no new id, nothing moves
    third = tmp_path / "kopiya-c.txt"
    third.write_text(FULL + "\n", encoding="utf-8")
    r = cli("--corpus", corpus_copy, "add", third)
    assert r.exit_code == 0 and "0 new sentence ids recorded" in r.output, r.output
    assert {k: v for k, v in read_lock(corpus_copy).items() if k in after} == after
    ed = build_edition(corpus_copy)
    assert ed.game("tsar-i-slony").texts["kopiya-b"][-1].id == "tsar-i-slony:9"
