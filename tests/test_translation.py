"""The English translation, the translator's notes and the editorial emendations against the
Russian witnesses: quotations in notes stand in the text, the Goes, Doesn't Go table is the
engine's, emendations and the Dense Column supplement reach the reading text and the site,
and a note's table is checked when the corpus is read."""
from __future__ import annotations

import re

import pytest
from lxml import html as lhtml

from extract.text.errors import EditionError
from extract.corpus.ids import anchor
from extract.model.edition import build_edition
from extract.model.notes import NoteTable, note_blocks


def sentence(edition, sid):
    return edition.game(sid.split(":")[0]).sentence(sid)


def test_russian_quotations_in_notes_stand_in_the_games_text(edition):
    """Every «...» quotation in a translator's note is in the original or the reading text of
    its game (any witness); '...' inside a quotation separates quoted pieces, a trailing '-'
    quotes a stem."""
    checked = 0
    for g in edition.games:
        text = " ".join(x for sents in g.texts.values() for s in sents
                        for x in (s.original, s.normalised)).lower()
        for s in g.sentences:
            for quote in re.findall(r"«([^»]*)»", s.note or ""):
                for piece in re.split(r"\s*\.\.\.\s*", quote.lower()):
                    piece = piece.strip().rstrip("-")
                    if piece:
                        assert piece in text, (s.id, piece)
                        checked += 1
    assert checked > 20


def test_goes_doesnt_go_note_prints_the_doubled_words_twice(edition):
    s = sentence(edition, "goes-doesnt-go:4")
    doubled = "с левой руки идут; средние три не идут, а другие крайние две"
    assert f"«{doubled}»" in s.note
    assert len(re.findall(f"(?={re.escape(doubled)})", s.original)) == 2   # as printed
    assert s.normalised.count(doubled) == 1                                  # emended
    printed_en = ("the outer two on the left hand go; the middle three do not go, and the other "
                  "outer two on the left hand go; the middle three do not go, and the other outer "
                  "two on the right hand go again")
    assert printed_en in s.note and printed_en not in s.english


def test_goes_doesnt_go_table_is_the_engines(edition):
    """The row-by-row table in the note on goes-doesnt-go:4 is what the engine's place_goes
    gives for one pack under each reading of deal-pattern and first-row."""
    from engine.games import goes_doesnt_go as gdg
    table = next(b for b in note_blocks(sentence(edition, "goes-doesnt-go:4").note)
                 if isinstance(b, NoteTable))
    columns = {"dittography": ("dittography", "all-go"),
               "running-count": ("running-count", "all-go"),
               "dittography, first row by pattern": ("dittography", "pattern"),
               "running-count, first row by pattern": ("running-count", "pattern")}
    assert table.head[1:] == tuple(columns)
    cards = gdg.PACKS * 52
    assert len(table.rows) == -(-cards // gdg.NCOL)
    for j, (pattern, first) in enumerate(columns.values(), 1):
        cfg = gdg.new(1, {"deal-pattern": pattern, "first-row": first}).cfg
        for r, row in enumerate(table.rows):
            places = range(min(gdg.NCOL, cards - r * gdg.NCOL))
            first_card, last_card = r * gdg.NCOL + 1, r * gdg.NCOL + len(places)
            assert row[0] == f"{r + 1} ({first_card}–{last_card})"
            expected = " ".join(str(c + 1) if gdg.place_goes(r * gdg.NCOL + c, cfg) else "·"
                                for c in places)
            assert row[j] == expected, (pattern, first, r + 1)


@pytest.mark.parametrize("sid, printed, corrected", [
    ("goes-doesnt-go:9", "Такого ряда расчеты", "Такого рода расчеты"),
    ("fragment-p13:4", "наблюдая затем, чтобы", "наблюдая за тем, чтобы"),
    ("dense-column:2", "четвертую подле третьего, а шестую",
     "четвертую подле третьего, [пятую подле четвертого,] а шестую"),
])
def test_emendations_reach_the_reading_text_and_leave_the_original(edition, sid, printed, corrected):
    s = sentence(edition, sid)
    assert printed in s.original and corrected in s.normalised
    assert any(c.kind == "emendation" and c.orig in printed and c.reg in corrected
               for c in s.changes)


def test_dense_column_supplement_in_both_witnesses_and_in_english(edition):
    g = edition.game("dense-column")
    assert set(g.witnesses) == {"XLVI", "P13"}
    for siglum, sents in g.texts.items():
        hits = [c for s in sents for c in s.changes
                if c.kind == "emendation" and "[пятую подле четвертого,]" in c.reg]
        assert len(hits) == 1, siglum
        assert hits[0].rule.startswith("Editorial supplement")
        assert "пятую" not in " ".join(s.original for s in sents)   # the text never names it
    s = sentence(edition, "dense-column:2")
    assert "the fourth beside the third, [the fifth beside the fourth,] and the sixth" in s.english
    assert "editorial supplement" in s.note


@pytest.mark.parametrize("sid, russian, english", [
    ("macedonian-phalanx:3", "другого фаланга", "from the pyramid, or other phalanx,"),
    ("octagon:2", "образуется угольник", "an [oct]agon is formed"),
    ("favourite:4", "прежде туда положенных", "partly covering with it the cards laid there before"),
    ("favourite:3", "в отдельные пять карт", "in the separate line of five"),
    ("favourite:6", "в отдельные пять карт", "first in the separate line of five"),
    ("spinning-wheel:6", "служат не для того", "serve for laying cards from them"),
])
def test_english_renders_the_words_the_russian_has(edition, sid, russian, english):
    s = sentence(edition, sid)
    assert russian in s.original and english in s.english


def test_square_brackets_balanced_in_the_english(edition):
    for g in edition.games:
        for s in g.sentences:
            depth = 0
            for ch in s.english or "":
                depth += {"[": 1, "]": -1}.get(ch, 0)
                assert 0 <= depth <= 1, s.id
            assert depth == 0, s.id


def test_supplement_and_note_table_on_the_site(site, edition):
    doc = lhtml.fromstring((site / "games" / "dense-column.html").read_bytes())
    sent = doc.get_element_by_id(anchor("dense-column:2"))
    chg = [e for e in sent.find_class("chg-emendation") if "[пятую подле четвертого,]" in e.text_content()]
    assert len(chg) == 1 and chg[0].get("data-orig") == "третьего,"
    assert chg[0].get("data-rule").startswith("Editorial supplement")
    assert "[the fifth beside the fourth,]" in sent.find_class("en")[0].text_content()

    doc = lhtml.fromstring((site / "games" / "goes-doesnt-go.html").read_bytes())
    sent = doc.get_element_by_id(anchor("goes-doesnt-go:4"))
    tables = sent.find_class("edition-note-table")
    assert len(tables) == 1
    note = next(b for b in note_blocks(sentence(edition, "goes-doesnt-go:4").note)
                if isinstance(b, NoteTable))
    rows = [[td.text_content().strip() for td in tr.iter("td")] for tr in tables[0].iter("tr")]
    assert [r for r in rows if r] == [list(r) for r in note.rows]
    # the note's further paragraphs stand under the sentence, with the reading ids linked
    more = sent.find_class("tr-note-more")[0]
    assert more.xpath(f".//a[@href='#{anchor('goes-doesnt-go:deal-pattern=running-count')}']")


def test_a_ragged_table_in_a_note_is_an_error_naming_file_and_line(corpus_copy):
    path = corpus_copy / "translations" / "en" / "mill.toml"
    text = path.read_text(encoding="utf-8")
    assert "[notes]\n" in text
    text = text.replace("[notes]\n", '[notes]\n"mill:1" = """Note.\n\n| a | b |\n| 1 |"""\n', 1)
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index('| 1 |"""') + 1
    with pytest.raises(EditionError) as e:
        build_edition(corpus_copy)
    msg = str(e.value)
    assert f"mill.toml:{line}" in msg and "mill:1" in msg and "1 cells, its heading 2" in msg


def test_note_blocks_paragraphs_and_tables():
    blocks = note_blocks("First\nline.\n\nSecond.\n\n| x | y |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |")
    assert blocks == ["First line.", "Second.", NoteTable(("x", "y"), (("1", "2"), ("3", "4")))]
    with pytest.raises(ValueError, match="line 1 of the note has a heading but no rows"):
        note_blocks("| x | y |")
