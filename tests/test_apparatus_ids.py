"""Apparatus entries are citable and locked like sentences (issue 18): adding a witness never
renumbers an entry; a new variation gets the next number; an entry that a new copy widens
keeps its id; a variation merged away is retired, and said; the lock's apparatus lines are
checked like the sentences' lines."""
from __future__ import annotations

from pathlib import Path

import pytest

from extract.model.collate import apparatus, numbered, place_key
from extract.text.errors import EditionError
from extract.corpus.ids import read_lock
from extract.model.edition import build_edition

ROOT = Path(__file__).resolve().parent.parent
XLVI = ROOT / "corpus" / "witnesses" / "002_7b322efc7018396e.txt"


@pytest.fixture(autouse=True)
def _restore_env(monkeypatch):
    monkeypatch.setenv("EDITION_CORPUS", "")
    monkeypatch.delenv("EDITION_CORPUS")


def dense_column_copy(*edits: tuple[str, str]) -> str:
    """The Dense Column as chapter XLVI prints it, with ``(old, new)`` edits applied once each."""
    text = XLVI.read_text(encoding="utf-8")
    game = text[text.index("\nГустая колонна") + 1:]
    for old, new in edits:
        assert game.count(old) >= 1, old
        game = game.replace(old, new, 1)
    return game


def app_lines(root: Path) -> list[str]:
    return [ln for ln in (root / "ids.lock").read_text(encoding="utf-8").splitlines()
            if ":app-" in ln]


def places(root: Path, slug: str = "dense-column") -> dict[str, tuple[str, int]]:
    ed = build_edition(root)
    return {e.id: (e.sentence, e.start) for e in apparatus(ed, slug)}


def test_a_third_copy_keeps_every_apparatus_id(cli, corpus_copy, tmp_path):
    before_lines = app_lines(corpus_copy)
    before = places(corpus_copy)
    assert set(before) == {"dense-column:app-1", "dense-column:app-2"}
    # a variation in sentence 1, before every existing entry: numbered in text order it
    # would take app-1 and push the others on
    src = tmp_path / "dc3.txt"
    src.write_text(dense_column_copy(("необходимо прежде", "надобно прежде")), encoding="utf-8")
    r = cli("--corpus", corpus_copy, "add", src, "--siglum", "DC3")
    assert r.exit_code == 0, r.output
    assert "new apparatus ids (1): dense-column:app-3" in r.output
    after = places(corpus_copy)
    for cid, where in before.items():
        assert after[cid] == where, cid
    assert after["dense-column:app-3"][0] == "dense-column:1"
    assert app_lines(corpus_copy)[:2] == before_lines          # locked lines untouched
    assert cli("--corpus", corpus_copy, "check").exit_code == 0


def test_an_entry_a_new_copy_widens_keeps_its_id(cli, corpus_copy, tmp_path):
    ed = build_edition(corpus_copy)
    app1 = next(e for e in apparatus(ed, "dense-column") if e.id == "dense-column:app-1")
    base = ed.game("dense-column").sentence(app1.sentence).original
    word_before = base[:app1.start].split()[-1]
    src = tmp_path / "dc3.txt"
    # the word before app-1's place differs too: the variation now spans both words
    src.write_text(dense_column_copy((f"{word_before} {app1.lem.original}",
                                      f"ино {app1.lem.original}")), encoding="utf-8")
    r = cli("--corpus", corpus_copy, "add", src, "--siglum", "DC3")
    assert r.exit_code == 0, r.output
    ed = build_edition(corpus_copy)
    widened = next(e for e in apparatus(ed, "dense-column") if e.id == "dense-column:app-1")
    assert widened.sentence == app1.sentence
    assert widened.start < app1.start <= widened.end                  # it grew leftwards
    assert "DC3" in {s for rd in widened.readings for s in rd.sigla}


def test_numbering_follows_the_lock_not_the_text_order():
    ed = build_edition(ROOT / "corpus")
    entries = apparatus(ed, "dense-column")
    assert all(e.locked for e in entries)
    # the same entries against a lock that has them the other way round
    flipped = {e.id: e for e in ed.lock.values() if ":app-" not in e.id}
    a, b = (ed.lock[e.id] for e in entries)
    flipped[a.id] = type(a)(a.id, a.witness, b.quote)
    flipped[b.id] = type(b)(b.id, b.witness, a.quote)
    got = numbered("dense-column", entries, flipped)
    assert [e.id for e in got] == ["dense-column:app-2", "dense-column:app-1"]
    # nothing locked: text order, none locked
    fresh = numbered("dense-column", entries, {})
    assert [e.id for e in fresh] == ["dense-column:app-1", "dense-column:app-2"]
    assert not any(e.locked for e in fresh)
    assert place_key(entries[0]).startswith(f"{entries[0].sentence}@{entries[0].start}-")


def test_an_exact_place_wins_over_an_overlap():
    """A point entry (an addition) right after a word that a new copy varies: the word's
    entry touches the point's place, but the point keeps its id."""
    from dataclasses import replace
    from extract.corpus.ids import LockEntry
    ed = build_edition(ROOT / "corpus")
    e = apparatus(ed, "dense-column")[0]
    word, point = replace(e, start=10, end=15), replace(e, start=15, end=15)
    lock = {"dense-column:app-1": LockEntry("dense-column:app-1", "XLVI", place_key(point))}
    got = numbered("dense-column", [word, point], lock)
    assert [(x.id, x.locked) for x in got] == [("dense-column:app-2", False),
                                               ("dense-column:app-1", True)]


def test_a_vanished_apparatus_id_blocks_check_and_lock_retires_it(cli, corpus_copy):
    from extract.corpus.ids import LockEntry, write_lock
    extra = LockEntry("dense-column:app-3", "XLVI", "dense-column:5@0-3 abc")
    write_lock(corpus_copy, [*read_lock(corpus_copy).values(), extra])   # as `lock` writes
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and "apparatus id dense-column:app-3 has vanished" in r.output
    r = cli("--corpus", corpus_copy, "lock")
    assert r.exit_code == 0 and "1 apparatus id retired" in r.output, r.output
    assert read_lock(corpus_copy)["dense-column:app-3"].retired
    assert cli("--corpus", corpus_copy, "check").exit_code == 0


def test_a_deleted_apparatus_line_is_refused(corpus_copy):
    lock = corpus_copy / "ids.lock"
    lines = lock.read_text(encoding="utf-8").splitlines(keepends=True)
    lock.write_text("".join(ln for ln in lines if '"dense-column:app-1"' not in ln),
                    encoding="utf-8")
    with pytest.raises(EditionError, match=r"dense-column:app-1 is missing.*apparatus entry"):
        read_lock(corpus_copy)


def test_an_apparatus_id_edited_by_hand_fails_its_checksum(corpus_copy):
    lock = corpus_copy / "ids.lock"
    text = lock.read_text(encoding="utf-8")
    lock.write_text(text.replace("dense-column:2@444-453", "dense-column:2@440-453"),
                    encoding="utf-8")
    with pytest.raises(EditionError, match="checksum"):
        read_lock(corpus_copy)


def test_apparatus_numbers_never_move_sentence_numbers():
    """A game's sentence and apparatus ids are numbered apart: a new sentence after g:1 is
    g:2 even when g:app-7 is locked."""
    import dataclasses
    from extract.corpus.ids import LockEntry, assign
    S = dataclasses.make_dataclass("S", [("original", str), ("id", str, ""), ("locked", bool, True)])
    lock = {"g:1": LockEntry("g:1", "W", "One."), "g:app-7": LockEntry("g:app-7", "W", "g:1@0-3")}
    out = assign("g", [S("One."), S("Two.")], lock)
    assert [(s.id, s.locked) for s in out] == [("g:1", True), ("g:2", False)]
