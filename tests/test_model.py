"""The model built from the real seeds: games, fragment, witnesses, tiling, ids."""
from __future__ import annotations

import pytest

from extract.text.errors import EditionError
from extract.model.edition import build_edition

GAMES_PER_WITNESS = {
    "XL": ["mill", "egyptian-pyramid", "macedonian-phalanx"],
    "XLIV": ["octagon", "favourite", "goes-doesnt-go"],
    "XLVI": ["heart-to-heart", "peacock-tail", "dense-column"],
    "P13": ["dense-column", "fragment-p13", "spinning-wheel"],
}


def test_games_found_per_witness(edition):
    for siglum, slugs in GAMES_PER_WITNESS.items():
        assert sorted(g.slug for g in edition.games if siglum in g.witnesses) == sorted(slugs)
    assert len(edition.games) == 11


def test_fragment_is_its_own_game(edition):
    frag = edition.game("fragment-p13")
    assert frag.fragment and frag.witnesses == ("P13",)
    assert frag.sentences[0].original.startswith("Когда все карты уложены в ряды")
    assert frag.sentences[-1].original.endswith("пасьянс не вышел.")
    wheel = edition.game("spinning-wheel")
    assert wheel.sentences[0].original.startswith("Из двух полных колод")


def test_page_title_kept_but_not_read(edition):
    units = edition.units["P13"]
    assert units[0].kind == "page-title"
    w = edition.witness("P13")
    assert w.text[units[0].start:units[0].end] == "Пасьянсы - страница 13"
    assert not any("страница 13" in s.normalised for g in edition.games for s in g.sentences)


def test_dense_column_has_two_witnesses_base_xlvi(edition):
    g = edition.game("dense-column")
    assert g.base == "XLVI" and set(g.witnesses) == {"XLVI", "P13"}
    assert all(s.witness == "XLVI" for s in g.sentences)
    assert len(g.texts["P13"]) == len(g.sentences)
    assert all(s.id.endswith("@P13") for s in g.texts["P13"])


def test_sentence_across_page_break_is_one(edition):
    g = edition.game("dense-column")
    s = g.sentences[0]
    assert "несколько подалее" in s.original and "от верхнего туза" in s.original
    assert "\n\n" in s.original
    assert "подалее от верхнего туза" in s.normalised
    assert any(c.rule == "page-break" for c in s.changes)


@pytest.mark.parametrize("sid, end", [
    ("mill:3", "затем тройки и т. д. до королей."),
    ("egyptian-pyramid:2", "т. е. в виде усеченной пирамиды."),
    ("octagon:4", "то и она кладется на туза и т. д."),
    ("goes-doesnt-go:2", "т. е. на тузов класть двойки, тройки и проч."),
    ("heart-to-heart:10", "нижняя опять перевертывается и т. д."),
    ("mill:4", "(девятка на десятку, десятка на валета и т. д.), но непременно по мастям."),
])
def test_abbreviation_boundaries(edition, sid, end):
    g = edition.game(sid.split(":")[0])
    s = g.sentence(sid)
    assert " ".join(s.original.split()).endswith(end)


def test_every_character_in_exactly_one_unit(edition):
    for w in edition.witnesses:
        units = edition.units[w.siglum]
        covered = [0] * len(w.text)
        for u in units:
            for i in range(u.start, u.end):
                covered[i] += 1
            assert not w.text[u.end:u.tail].strip()
        assert all(c == 1 for i, c in enumerate(covered) if not w.text[i].isspace()), w.siglum
        assert all(c <= 1 for c in covered)
        assert w.text[:units[0].start] + "".join(w.text[u.start:u.tail] for u in units) == w.text
        assert {u.kind for u in units} <= {"page-title", "heading", "title", "sentence", "figure"}


def test_figure_markers(edition):
    assert [f.number for f in edition.game("octagon").figures] == ["30"]
    assert edition.game("mill").figures[0].after == "mill:2"
    assert not edition.game("goes-doesnt-go").figures


def test_ids_stable_across_builds(corpus_copy):
    a = build_edition(corpus_copy)
    (corpus_copy / "extra.txt").write_text("changes the fingerprint", encoding="utf-8")
    b = build_edition(corpus_copy)
    assert a.fingerprint != b.fingerprint
    assert [s.id for g in a.games for s in g.sentences] == [s.id for g in b.games for s in g.sentences]
    assert all(s.locked for g in b.games for s in g.sentences)


def test_checksum_mismatch_names_file_and_fix(corpus_copy):
    w = corpus_copy / "witnesses" / "003_7baec4a93eb690a9.txt"
    w.write_text(w.read_text(encoding="utf-8") + " ", encoding="utf-8")
    with pytest.raises(EditionError) as e:
        build_edition(corpus_copy)
    assert "checksum mismatch" in str(e.value) and "003_7baec4a93eb690a9.txt" in str(e.value)
    assert "fix:" in str(e.value)


def _replace_witness(corpus, name, data: bytes):
    import hashlib, re
    (corpus / "witnesses" / name).write_bytes(data)
    m = corpus / "manifest.toml"
    text = m.read_text(encoding="utf-8")
    old = re.search(rf'file = "witnesses/{name}"\nsha256 = "([0-9a-f]+)"', text).group(1)
    m.write_text(text.replace(old, hashlib.sha256(data).hexdigest()), encoding="utf-8")


def test_not_utf8_names_line(corpus_copy):
    _replace_witness(corpus_copy, "003_7baec4a93eb690a9.txt", "Глава XL.\n\nМельница.".encode("cp1251"))
    with pytest.raises(EditionError) as e:
        build_edition(corpus_copy)
    assert "not UTF-8" in str(e.value) and ":1:" in str(e.value)


def test_empty_witness(corpus_copy):
    _replace_witness(corpus_copy, "003_7baec4a93eb690a9.txt", b"\n\n")
    with pytest.raises(EditionError, match="empty"):
        build_edition(corpus_copy)


def test_titled_game_missing(corpus_copy):
    path = corpus_copy / "witnesses" / "003_7baec4a93eb690a9.txt"
    text = path.read_text(encoding="utf-8").replace("Египетская пирамида. (Фиг. 22).", "Пирамида. (Фиг. 22).")
    _replace_witness(corpus_copy, path.name, text.encode())
    # a heading naming a game the text lacks is a warning (a cut-off page is normal input);
    # the lost ids are what `edition check` reports
    from extract.corpus.structure import analyse
    warnings = analyse(text, path, None, []).warnings
    assert any(line == 1 and "'Египетская пирамида'" in msg and "cut-off" in msg
               for line, msg in warnings), warnings
    ed = build_edition(corpus_copy)
    assert "egyptian-pyramid" not in {g.slug for g in ed.games}
    from extract.intake.checks import run_checks
    ok, report = run_checks(ed)
    assert not ok and "egyptian-pyramid:1" in report
