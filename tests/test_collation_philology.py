"""Collation as a philologist expects it: words and punctuation are separate entries, a word
added in one witness is an addition (not a substitution of a comma), a reading shows the
witness's own letters (кладутъ) while alignment uses the normalised form, an OCR slip the
normaliser repairs is kind ``ocr`` without an emendation, and a witness whose page is cut off
has one lacuna entry, not an omission for every word it lacks.

The witnesses are copies of Мельница (corpus XL) made for these tests, each with the
differences named in its test, added with `edition add` to a copy of the corpus."""
from __future__ import annotations

from pathlib import Path

import pytest

from extract.model.collate import apparatus
from extract.model.edition import build_edition

# XL's Мельница with four changes: "и затем" -> ", затем" (mill:2); "т. д.)," -> "т. д.)"
# (mill:4); "перекладывать, то" -> "перекладывать и то" (mill:5). Modern spelling.
MILL_WORDS = """Мельница. (Полная колода карт)

Выбираются все четыре туза и раскладываются подряд, как показано на рисунке. Все оставшиеся \
на руках карты тщательно тасуются, затем кладут три ряда пачек, по четыре пачки в ряд и по \
четыре карты в пачке, как показано на фигуре 21.

С пачек снимаются двойки и кладутся по мастям на тузов, затем тройки и т. д. до королей. \
Верхние карты пачек перекладываются на другие пачки, меньшие на большие (девятка на десятку, \
десятка на валета и т. д.) но непременно по мастям. Когда уже нечего перекладывать и то карты \
собираются снова в колоду, причем последняя пачка низа ложится на верх колоды. Колоду не \
тасуют, а снова кладут ряды по четыре в пачке и продолжают так пасьянс до тех пор, пока он не \
выйдет. Иногда он удается скоро, а иногда вследствие повторения одних и тех же карт \
становится невозможным со второго, третьего раза.
"""

# The first two sentences in pre-reform spelling with OCR slips the normaliser repairs (Latin
# "a" in пaчки, ђ for ѣ in затђмъ); the page is cut off after mill:2.
MILL_CUT = """Мельница.

Выбираются всѣ четыре туза и раскладываются подрядъ, какъ показано на рисункѣ. Все \
оставшиеся на рукахъ карты тщательно тасуются и затђмъ кладутъ три ряда пачекъ, по четыре \
пaчки въ рядъ и по четыре карты въ пачкѣ, какъ показано на фигурѣ 21.
"""

# A web page that begins inside mill:3 ("...на тузов, затем тройки") and goes on to a new game.
MILL_PAGE = """Пасьянсы - страница 7

Читать онлайн

тузов, затем тройки и т. д. до королей. Верхние карты пачек перекладываются на другие пачки, \
меньшие на большие (девятка на десятку, десятка на валета и т. д.), но непременно по мастям. \
Когда уже нечего перекладывать, то карты собираются снова в колоду, причем последняя пачка \
низа ложится на верх колоды. Колоду не тасуют, а снова кладут ряды по четыре в пачке и \
продолжают так пасьянс до тех пор, пока он не выйдет. Иногда он удается скоро, а иногда \
вследствие повторения одних и тех же карт становится невозможным со второго, третьего раза.

Пасьянсъ «Часовой». Изъ одной колоды выбирается король пикъ и ставится въ сторонѣ. \
Остальныя карты раскладываютъ въ четыре ряда.
"""


@pytest.fixture(autouse=True)
def _restore_env(monkeypatch):
    monkeypatch.setenv("EDITION_CORPUS", "")
    monkeypatch.delenv("EDITION_CORPUS")


def _add(cli, corpus: Path, tmp_path: Path, name: str, text: str, *options) -> str:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    r = cli("--corpus", corpus, "add", f, *options)
    assert r.exit_code == 0, r.output
    return r.output


def _summary(entries, siglum):
    return [(e.sentence, e.lem.original, r.original, r.kind, e.start == e.end)
            for e in entries for r in e.readings if siglum in r.sigla]


def test_words_and_punctuation_are_separate_entries(cli, corpus_copy, tmp_path):
    _add(cli, corpus_copy, tmp_path, "m2.txt", MILL_WORDS, "--siglum", "M2")
    ed = build_edition(corpus_copy)
    entries = apparatus(ed, "mill")
    assert _summary(entries, "M2") == [
        ("mill:2", "и", "", "substantive", False),       # "и" omitted ...
        ("mill:2", "", ",", "punctuation", True),        # ... and a comma added: two entries
        ("mill:4", ",", "", "punctuation", False),
        ("mill:5", ",", "", "punctuation", False),       # the comma omitted ...
        ("mill:5", "", "и", "substantive", True),        # ... and "и" added, not ", ] и"
    ]
    mill = ed.game("mill")
    add = entries[-1]
    assert mill.sentence("mill:5").original[:add.start].endswith("перекладывать,")
    assert [e.id for e in entries] == [f"mill:app-{i}" for i in range(1, 6)]


def test_readings_keep_the_witness_letters_and_ocr_needs_no_emendation(cli, corpus_copy, tmp_path):
    _add(cli, corpus_copy, tmp_path, "cut.txt", MILL_CUT, "--siglum", "C")
    assert "C" not in (corpus_copy / "emendations.toml").read_text(encoding="utf-8").split("witness = ")
    ed = build_edition(corpus_copy)
    by_lem = {(e.sentence, e.lem.original): e for e in apparatus(ed, "mill") if e.kind != "lacuna"}
    kl = by_lem[("mill:2", "кладут")].readings[0]
    assert (kl.original, kl.normalised, kl.kind) == ("кладутъ", "кладут", "orthographic")
    assert by_lem[("mill:1", "подряд")].readings[0].original == "подрядъ"
    assert by_lem[("mill:1", "все")].readings[0].original == "всѣ"
    slip = by_lem[("mill:2", "пачки")].readings[0]
    assert (slip.original, slip.kind, slip.emended) == ("пaчки", "ocr", False)   # Latin a
    dje = by_lem[("mill:2", "затем")].readings[0]
    assert (dje.original, dje.normalised, dje.kind, dje.emended) == ("затђмъ", "затем", "ocr", False)
    # aligned on the normalised form: no word of C is an addition or omission
    assert all(e.start < e.end and r.original for e in by_lem.values() for r in e.readings)


def test_a_page_cut_off_is_one_lacuna_not_omissions(cli, corpus_copy, tmp_path):
    _add(cli, corpus_copy, tmp_path, "cut.txt", MILL_CUT, "--siglum", "C")
    ed = build_edition(corpus_copy)
    mill = ed.game("mill")
    entries = apparatus(ed, "mill")
    lac = [e for e in entries if e.kind == "lacuna"]
    assert len(lac) == 1
    last = mill.sentence("mill:7")
    assert lac[0].lacuna == ("mill:3", 0, "mill:7", len(last.original))
    assert lac[0].readings[0].sigla == ("C",) and lac[0].lem.sigla == ("XL",)
    assert (lac[0].sentence, lac[0].start, lac[0].end) == ("mill:3", 0, 0)
    # nothing else is reported from mill:3 on: no omissions, not the page's last full stop
    assert [e for e in entries if e.kind != "lacuna" and e.sentence >= "mill:3"] == []
    assert entries[-1].kind == "lacuna" and entries[-1].id == f"mill:app-{len(entries)}"


def test_a_page_that_begins_inside_a_game_is_a_partial_witness(cli, corpus_copy, tmp_path):
    out = _add(cli, corpus_copy, tmp_path, "page7.txt", MILL_PAGE)
    assert "added witness P7 " in out
    assert "continues the game mill" in out and "mill: 5 sentences" in out
    assert 'fragment = "mill"' in (corpus_copy / "manifest.toml").read_text(encoding="utf-8")
    ed = build_edition(corpus_copy)
    mill = ed.game("mill")
    assert mill.witnesses == ("XL", "P7") and mill.base == "XL"
    entries = apparatus(ed, "mill")
    lac = [e for e in entries if e.kind == "lacuna"]
    s3 = mill.sentence("mill:3").original
    # from the start of the game to the end of "на", the last word before the page's "тузов"
    assert len(lac) == 1 and lac[0].lacuna == ("mill:1", 0, "mill:3", s3.index(" тузов,"))
    assert lac[0].id == "mill:app-1" and (lac[0].sentence, lac[0].start) == ("mill:1", 0)
    # the rest of P7 agrees with XL: no other entry (the new game after it ends the page)
    assert [e.kind for e in entries] == ["lacuna"]
    assert "chasovoi" in {g.slug for g in ed.games}


def test_lacuna_on_the_site_and_in_tei(cli, corpus_copy, tmp_path):
    from docutils import nodes
    from extract.sphinxext.apparatus import apparatus_nodes
    from extract.export.tei import edition_to_tei, tei_bytes
    _add(cli, corpus_copy, tmp_path, "cut.txt", MILL_CUT, "--siglum", "C")
    ed = build_edition(corpus_copy)
    out = apparatus_nodes(ed, "mill")
    items = [li for n in out for li in n.findall(nodes.list_item)]
    lac = [li for li in items if "app-lacuna" in li["classes"]]
    assert len(lac) == 1
    text = lac[0].astext()
    assert text.startswith("mill:3 [0] – mill:7 [") and "lac. C" in text
    assert "does not cover this text" in text and "om." not in text
    assert [r["refuri"] for r in lac[0].findall(nodes.reference)] == ["#mill.3", "#mill.7"]
    xml = tei_bytes(edition_to_tei(ed)).decode("utf-8")
    assert '<app type="lacuna"' in xml and 'type="lacuna"' in xml.split('<app type="lacuna"', 1)[1]


def test_anchoring_on_agreeing_runs_gives_collatex_own_alignment(cli, corpus_copy, tmp_path,
                                                                  monkeypatch):
    """The speed-up (runs of ANCHOR_RUN agreeing tokens aligned directly, CollateX between
    them) gives the same apparatus as CollateX over the whole text: three witnesses of the
    Mill (one with word and comma variants, one cut off with OCR slips) and the two real
    witnesses of the Dense Column."""
    from extract.model import collate
    _add(cli, corpus_copy, tmp_path, "m2.txt", MILL_WORDS, "--siglum", "M2")
    _add(cli, corpus_copy, tmp_path, "cut.txt", MILL_CUT, "--siglum", "C")
    ed = build_edition(corpus_copy)

    def fresh(game):
        monkeypatch.setattr(collate, "_CACHE", {})
        return apparatus(ed, game)
    anchored = {g: fresh(g) for g in ("mill", "dense-column")}
    monkeypatch.setattr(collate, "ANCHOR_RUN", 10**9)     # no run is that long: CollateX alone
    whole = {g: fresh(g) for g in ("mill", "dense-column")}
    assert len(anchored["mill"]) >= 6 and len(anchored["dense-column"]) >= 2
    assert anchored == whole


# A pre-reform copy of the Mill that has mill:1-3 and then a sentence of its own in the same
# paragraph, and lacks mill:4-7 (the page ends after it).
MILL_NEW_RULE = """ГЛАВА XL.

Мельница.
(Полная колода картъ.)

Выбираются всѣ четыре туза и раскладываются подрядъ, какъ показано
на рисункѣ. Всѣ оставшіяся на рукахъ карты тщательно тасуются и
затѣмъ кладутъ три ряда пачекъ, по четыре пачки въ рядъ и по четыре
карты въ пачкѣ, какъ показано на фигурѣ 21.

Съ пачекъ снимаются двойки и кладутся по мастямъ на тузовъ, затѣмъ
тройки и т. д. до королей. Новое правило: короля можно перекладывать
на пустое мѣсто.
"""
NEW_RULE = "Новое правило: короля можно перекладывать на пустое мѣсто."


def _additions(entries, siglum):
    return [e for e in entries for r in e.readings if siglum in r.sigla and r.original
            and e.kind != "lacuna" and not e.lem.original]


def test_a_sentence_only_the_copy_has_is_an_addition_not_variants_of_others(cli, corpus_copy,
                                                                          tmp_path):
    """A copy's sentence found in no sentence of the base text (the one ``add`` gives a new
    citable id) is collated as that copy's addition, whole, where it stands in the copy: its
    words are never readings of the base's other sentences; the base's sentences the copy
    lacks are the lacuna after its end."""
    f = tmp_path / "mill-copy.txt"
    f.write_text(MILL_NEW_RULE, encoding="utf-8")
    r = cli("--corpus", corpus_copy, "add", f, "--siglum", "XLb", "--dry-run")
    assert r.exit_code == 0 and "new sentence ids (1): mill:8" in r.output, r.output
    _add(cli, corpus_copy, tmp_path, "mill-copy.txt", MILL_NEW_RULE, "--siglum", "XLb")
    ed = build_edition(corpus_copy)
    mill = ed.game("mill")
    assert [s.id for s in mill.texts["XLb"]][-1] == "mill:8"
    entries = apparatus(ed, "mill")
    add = _additions(entries, "XLb")
    assert len(add) == 1, [(e.sentence, e.lem.original, e.readings) for e in entries]
    s3 = mill.sentence("mill:3").original
    assert (add[0].sentence, add[0].start, add[0].end) == ("mill:3", len(s3), len(s3))
    rdg = add[0].readings[0]     # the witness's own characters (its line break too)
    assert " ".join(rdg.original.split()) == NEW_RULE and rdg.sentence == "mill:8"
    # mill:4-7: one lacuna, and no reading of XLb's words there
    later = [e for e in entries if e.sentence in ("mill:4", "mill:5", "mill:6", "mill:7")]
    assert [e.kind for e in later] == ["lacuna"]
    assert later[0].lacuna == ("mill:4", 0, "mill:7", len(mill.sentence("mill:7").original))
    from lxml import etree
    from extract.export.tei import edition_to_tei
    tei = edition_to_tei(ed)
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    rdgs = [r for r in tei.iterfind(".//t:rdg", ns) if "правило" in "".join(r.itertext())]
    assert len(rdgs) == 1 and " ".join("".join(rdgs[0].itertext()).split()) == NEW_RULE
    lem = rdgs[0].getparent().find("t:lem", ns)
    assert "".join(lem.itertext()) == "", etree.tostring(rdgs[0].getparent(), encoding="unicode")
    assert not [r for r in tei.iterfind(".//t:rdg", ns) if "пустое" in "".join(r.itertext())
                and r is not rdgs[0]]
    # `edition games` lists it among the game's sentences to cite, as the lock and the site do
    import json
    rows = json.loads(cli("--corpus", corpus_copy, "games", "--format", "json").output)
    row = next(r for r in rows if r["slug"] == "mill")
    eight = row["sentence_details"][-1]
    assert (eight["cite"], eight["witness"], eight["english"]) == ("mill:8", "XLb", None)
    assert row["sentences"] == len(row["sentence_details"]) == 8


def test_a_copy_s_own_sentence_is_translated_like_the_base_s(cli, corpus_copy, tmp_path):
    """A sentence only a copy has gets a citable id (mill:8), so the translation covers it:
    ``check`` lists it as still to translate (not fatal: ``add`` leaves it so), accepts its
    English and note (it refused them as 'not a sentence of the edition'), and the English
    reaches the model, ``games``, the TEI's translation and the game page's witness text."""
    _add(cli, corpus_copy, tmp_path, "mill-copy.txt", MILL_NEW_RULE, "--siglum", "XLb")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 0, r.output
    todo = r.output.split("[todo] every sentence another witness adds is translated")[1]
    assert "mill: 1 sentence of another witness untranslated (mill:8)" in todo.split("[")[0]
    english = "A new rule: a king may be moved to an empty place."
    path = corpus_copy / "translations" / "en" / "mill.toml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("[sentences]\n", f'[sentences]\n"mill:8" = "{english}"\n', 1)
    text = text.replace("[notes]\n", '[notes]\n"mill:8" = "Only in XLb; compare mill:3."\n', 1)
    path.write_text(text, encoding="utf-8")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 0 and "mill:8" not in r.output, r.output
    mill = build_edition(corpus_copy).game("mill")
    eight = mill.texts["XLb"][-1]
    assert (eight.id, eight.english, eight.note) == ("mill:8", english,
                                                    "Only in XLb; compare mill:3.")
    assert mill.cited[-1] == eight and mill.cited[:len(mill.sentences)] == mill.sentences
    import json
    rows = json.loads(cli("--corpus", corpus_copy, "games", "--format", "json").output)
    row = next(r for r in rows if r["slug"] == "mill")
    assert row["sentence_details"][-1]["english"] == english
    from extract.export.tei import edition_to_tei
    tei = edition_to_tei(build_edition(corpus_copy))
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    s = [e for e in tei.iterfind(".//t:text[@type='translation']//t:s", ns)
         if e.get("corresp") == "#mill.8"]
    assert len(s) == 1 and "".join(s[0].itertext()) == english
    assert tei.find(".//t:*[@{http://www.w3.org/XML/1998/namespace}id='mill.8']", ns) is not None
    out = tmp_path / "site"
    r = cli("--corpus", corpus_copy, "build", "-q", "--out", out)
    assert r.exit_code == 0, r.output
    from lxml import html
    page = html.parse(str(out / "games" / "mill.html")).getroot()
    variant = page.get_element_by_id("mill.8")
    assert "edition-variant" in variant.get("class")
    en = variant.find_class("en")
    assert len(en) == 1 and en[0].text_content().startswith(english)
    assert "compare" in en[0].text_content()    # the note's one paragraph, inside the English
    assert [a.get("href") for a in en[0].iter("a")] == ["#mill.3"]


def _mill_copy(corpus: Path, order: list[int], drop_clause: bool = False) -> str:
    """A modern copy of the Mill whose sentences are the base's ``order`` (1-based), each a
    paragraph; ``drop_clause``: mill:2 without its ', как показано на фигуре 21'."""
    mill = build_edition(corpus).game("mill")
    text = [" ".join(mill.sentences[n - 1].original.split()) for n in order]
    if drop_clause:
        text = [t.replace(", как показано на фигуре 21.", ".") for t in text]
    return "ГЛАВА XL.\n\nМельница.\n\n" + "\n\n".join(text) + "\n"


def _not_spelling(entries):
    return [(e.kind, e.sentence, " ".join(e.lem.original.split()),
             [" ".join(r.original.split()) for r in e.readings]) for e in entries
            if e.kind not in ("orthographic", "lacuna")]


def test_a_transposed_pair_is_one_omission_and_one_addition_whole(cli, corpus_copy, tmp_path):
    """A copy with mill:3 and mill:4 swapped: the moved sentence is one omission at its place
    in the base and one addition, whole, where the copy has it. It was an omission and then
    the same sentence cut at its marks into seven entries ('затем тройки и т', 'д' as
    substantive readings)."""
    _add(cli, corpus_copy, tmp_path, "swap.txt", _mill_copy(corpus_copy, [1, 2, 4, 3, 5, 6, 7]),
         "--siglum", "XLb")
    ed = build_edition(corpus_copy)
    three = " ".join(ed.game("mill").sentence("mill:3").original.split())
    got = _not_spelling(apparatus(ed, "mill"))
    assert got == [("substantive", "mill:3", three, [""]),
                   ("substantive", "mill:4", "", [three])], got


def test_a_lost_sentence_beside_a_transposition_is_an_omission_not_readings(cli, corpus_copy,
                                                                           tmp_path):
    """A copy that lost mill:5 and a clause of mill:2 and has mill:3 after mill:4: the
    apparatus said the copy read mill:3's words ('С пачек снимаются двойки') where the base
    has mill:5 ('Когда уже нечего перекладывать'), and 'д' for 'на верх'. Now mill:5 is one
    omission, whole; mill:3 an omission at its place and an addition where the copy has it;
    no entry gives the copy words at a place where it has other ones."""
    _add(cli, corpus_copy, tmp_path, "lost.txt",
         _mill_copy(corpus_copy, [1, 2, 4, 3, 6, 7], drop_clause=True), "--siglum", "XLb")
    ed = build_edition(corpus_copy)
    mill = ed.game("mill")
    three, five = (" ".join(mill.sentence(f"mill:{n}").original.split()) for n in (3, 5))
    got = _not_spelling(apparatus(ed, "mill"))
    assert ("substantive", "mill:5", five, [""]) in got, got
    assert ("substantive", "mill:3", three, [""]) in got and \
        ("substantive", "mill:4", "", [three]) in got, got
    # every other entry is the lost clause of mill:2, read as nothing
    rest = [e for e in got if e[1] != "mill:3" and e[1:] not in (("mill:5", five, [""]),
                                                                 ("mill:4", "", [three]))]
    assert all(e[1] == "mill:2" and e[3] == [""] for e in rest), rest
    # the copy's sentences are numbered by their place in it; each says which base sentence
    # it reads (a breaker read mill:5@XLb, which holds mill:6's text, as mill:5), in the TEI
    # (corresp) and on the game page
    from extract.model.collate import base_sentence_of
    reads = {f"mill:{k}@XLb": f"mill:{n}" for k, n in enumerate([1, 2, 4, 3, 6, 7], 1)}
    assert base_sentence_of(mill) == reads
    from extract.export.tei import edition_to_tei
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    xml_id = "{http://www.w3.org/XML/1998/namespace}id"
    tei = {e.get(xml_id): e.get("corresp") for e in edition_to_tei(ed).iterfind(".//t:s", ns)}
    assert tei["mill.5.XLb"] == "#mill.6" and tei["mill.1.XLb"] == "#mill.1"
    out = tmp_path / "site"
    assert cli("--corpus", corpus_copy, "build", "-q", "--out", out).exit_code == 0
    from lxml import html
    label = html.parse(str(out / "games" / "mill.html")).getroot().get_element_by_id(
        "mill.5.XLb").find_class("sid")[0]
    assert " ".join(label.text_content().split()) == "mill:5@XLb reads mill:6"
    assert [a.get("href") for a in label.iter("a")] == ["#mill.6"]


def test_a_copy_that_replaces_sentences_in_the_middle(cli, corpus_copy, tmp_path):
    """The same in the middle of the game: a copy with mill:1-3, a sentence of its own, then
    mill:6-7. The new sentence is one addition after mill:3; mill:4 and mill:5, which the
    copy lacks, are one omission each (not one entry per word and mark); mill:6-7 agree."""
    mill = build_edition(corpus_copy).game("mill")
    text = " ".join(mill.sentence(f"mill:{n}").original for n in (1, 2, 3)) + \
        " Новое правило: короля можно перекладывать на пустое место. " + \
        " ".join(mill.sentence(f"mill:{n}").original for n in (6, 7))
    _add(cli, corpus_copy, tmp_path, "mill-mid.txt", "Мельница.\n\n" + text + "\n", "--siglum", "M3")
    ed = build_edition(corpus_copy)
    entries = apparatus(ed, "mill")
    add = _additions(entries, "M3")
    assert len(add) == 1 and add[0].sentence == "mill:3", [(e.sentence, e.lem.original) for e in entries]
    assert add[0].readings[0].original == "Новое правило: короля можно перекладывать на пустое место."
    assert [(e.sentence, e.lem.original, e.readings[0].original, e.kind) for e in entries
            if e is not add[0]] == [
        ("mill:4", mill.sentence("mill:4").original, "", "substantive"),
        ("mill:5", mill.sentence("mill:5").original, "", "substantive")]


def _copy_readings_outside(entries, siglum, sentence):
    """The entries that give ``siglum`` words or marks from its sentence reading ``sentence``
    at another base sentence than ``sentence`` (lacunae aside)."""
    return [(e.sentence, e.lem.original, r.original) for e in entries if e.kind != "lacuna"
            and e.sentence != sentence for r in e.readings
            if siglum in r.sigla and r.original]


@pytest.mark.parametrize("copy", [
    "Выбираются все четыре туза на руках.",          # "на руках" stands in mill:2 too
    "Выбираются все четыре туза и кладут пасьянс.",  # "и ... кладут ... пасьянс" in mill:6
])
def test_a_copy_s_words_align_within_the_base_sentence_it_reads(cli, corpus_copy, tmp_path,
                                                                 copy):
    """A short copy of mill:1 (the game's last thing in the copy): its words are read
    against mill:1, the base sentence the copy's sentence reads, and the base sentences it
    lacks are one lacuna. CollateX over the whole game had aligned the copy's words and
    full stop with mill:2's or mill:6's, which cut the text the copy lacks into pieces."""
    _add(cli, corpus_copy, tmp_path, "short.txt", f"Мельница.\n\n{copy}\n", "--siglum", "S")
    ed = build_edition(corpus_copy)
    from extract.model.collate import base_sentence_of
    assert base_sentence_of(ed.game("mill")) == {"mill:1@S": "mill:1"}
    entries = apparatus(ed, "mill")
    assert _copy_readings_outside(entries, "S", "mill:1") == []
    assert [e.sentence for e in entries if e.sentence != "mill:1"] == ["mill:2"]
    lac = [e for e in entries if e.kind == "lacuna"]
    mill = ed.game("mill")
    assert [e.lacuna for e in lac] == [
        ("mill:2", 0, "mill:7", len(mill.sentence("mill:7").original))]


@pytest.mark.parametrize("copy", [
    "Выбираются все четыре туза на руках.",
    "Выбираются все четыре туза и кладут пасьянс.",
])
def test_base_sentences_a_copy_lacks_are_one_omission_each(cli, corpus_copy, tmp_path, copy):
    """A copy with a shortened mill:1 whose words stand in later sentences too, then mill:7:
    mill:2-6 are one omission each, and every word of the copy's first sentence is read in
    mill:1 (they were read in mill:2 or mill:6, which cut that sentence into pieces)."""
    mill = build_edition(corpus_copy).game("mill")
    _add(cli, corpus_copy, tmp_path, "short.txt",
         f"Мельница.\n\n{copy}\n\n{mill.sentence('mill:7').original}\n", "--siglum", "S")
    ed = build_edition(corpus_copy)
    entries = apparatus(ed, "mill")
    assert _copy_readings_outside(entries, "S", "mill:1") == []
    later = [(e.sentence, e.lem.original, [r.original for r in e.readings], e.kind)
             for e in entries if e.sentence != "mill:1"]
    assert later == [(f"mill:{n}", mill.sentence(f"mill:{n}").original, [""], "substantive")
                     for n in range(2, 7)]


def test_a_contiguous_omitted_stretch_is_one_entry_marks_inside_included(cli, corpus_copy,
                                                                         tmp_path):
    """A copy that lacks part of a sentence (a clause with commas inside it, and the words
    between two commas) has one omission entry for each stretch it lacks, not one for each
    run of words and each mark inside it; a comma alone lacking stays a punctuation entry."""
    mill = build_edition(corpus_copy).game("mill")
    two = mill.sentence("mill:2").original
    assert ", по четыре пачки в ряд и по четыре карты в пачке, как показано" in two
    short = two.replace(" и затем кладут три ряда пачек, по четыре пачки в ряд и по четыре "
                        "карты в пачке, как показано на фигуре 21.", ".")
    five = mill.sentence("mill:5").original
    assert "колоду, причем последняя пачка низа ложится" in five
    five = five.replace("перекладывать,", "перекладывать").replace(", причем последняя пачка "
                                                                  "низа ложится на верх колоды", "")
    text = " ".join([mill.sentence("mill:1").original, short,
                     *(mill.sentence(f"mill:{n}").original for n in (3, 4)), five,
                     *(mill.sentence(f"mill:{n}").original for n in (6, 7))])
    _add(cli, corpus_copy, tmp_path, "clause.txt", f"Мельница.\n\n{text}\n", "--siglum", "S")
    got = [(e.sentence, e.lem.original, [r.original for r in e.readings], e.kind)
           for e in apparatus(build_edition(corpus_copy), "mill")]
    assert got == [
        ("mill:2", " ".join(two[two.index("и затем"):-1].split()), [""], "substantive"),
        ("mill:5", ",", [""], "punctuation"),
        ("mill:5", ", причем последняя пачка низа ложится на верх колоды", [""], "substantive"),
    ], got


@pytest.mark.parametrize("first", [1, 2])
def test_two_base_sentences_a_copy_prints_as_one_are_read_together(cli, corpus_copy, tmp_path,
                                                                   first):
    """A copy that prints two base sentences as one (a semicolon for the full stop, the next
    word in lower case): its sentence reads the longer of the two, and the other, beside it
    and read by no other sentence of the copy, is aligned with it too: a mark and a capital,
    not an omission of one sentence and an addition of its words in the other."""
    mill = build_edition(corpus_copy).game("mill")
    text = [mill.sentence(f"mill:{n}").original for n in range(1, 8)]
    a, b = text[first - 1], text[first]
    text[first - 1:first + 1] = [a[:-1] + "; " + b[0].lower() + b[1:]]
    _add(cli, corpus_copy, tmp_path, "joined.txt", "Мельница.\n\n" + " ".join(text) + "\n",
         "--siglum", "S")
    got = [(e.sentence, e.lem.original, [r.original for r in e.readings], e.kind)
           for e in apparatus(build_edition(corpus_copy), "mill")]
    assert got == [
        (f"mill:{first}", ".", [";"], "punctuation"),
        (f"mill:{first + 1}", b.split()[0], [b.split()[0].lower()], "orthographic"),
    ], got


def _entries(corpus):
    return [(e.sentence, e.lem.original, [r.original for r in e.readings], e.kind)
            for e in apparatus(build_edition(corpus), "mill")]


@pytest.mark.parametrize("first", [3, 6])
def test_two_base_sentences_of_like_length_a_copy_joins_are_read_together(cli, corpus_copy,
                                                                         tmp_path, first):
    """A copy that joins two base sentences of like length into one with 'и' (mill:3 and
    mill:4, 17 and 23 words; mill:6 and mill:7, 22 and 19): neither holds three in five of
    its words, so it was an addition with a citable id of its own (mill:8) and both base
    sentences omissions. It reads the two, as a copy that prints a short sentence with a long
    one does: the full stop and the capital are its variants."""
    mill = build_edition(corpus_copy).game("mill")
    text = [mill.sentence(f"mill:{n}").original for n in range(1, 8)]
    a, b = text[first - 1], text[first]
    text[first - 1:first + 1] = [a[:-1] + " и " + b[0].lower() + b[1:]]
    out = _add(cli, corpus_copy, tmp_path, "joined.txt", "Мельница.\n\n" + " ".join(text) + "\n",
               "--siglum", "S")
    assert "0 new sentence ids recorded" in out, out
    assert _entries(corpus_copy) == [
        (f"mill:{first}", ".", [""], "punctuation"),
        (f"mill:{first}", "", ["и"], "substantive"),
        (f"mill:{first + 1}", b.split()[0], [b.split()[0].lower()], "orthographic"),
    ]


def test_a_short_copy_sentence_reads_the_base_sentence_that_holds_its_words(cli, corpus_copy,
                                                                           tmp_path):
    """A copy whose first sentence shortens mill:1 to two of its words, one in another form
    ('Выбираются тузы.' for 'Выбираются все четыре туза ...'): one word in two is under three
    in five, so it was an addition (mill:8) and mill:1 an omission. Its words, read by their
    lemmas, all stand in order in mill:1: it reads mill:1, its differences are readings."""
    mill = build_edition(corpus_copy).game("mill")
    text = ["Выбираются тузы."] + [mill.sentence(f"mill:{n}").original for n in range(2, 8)]
    out = _add(cli, corpus_copy, tmp_path, "short.txt", "Мельница.\n\n" + " ".join(text) + "\n",
               "--siglum", "S")
    assert "0 new sentence ids recorded" in out, out
    from extract.model.collate import base_sentence_of
    assert base_sentence_of(build_edition(corpus_copy).game("mill"))["mill:1@S"] == "mill:1"
    assert _entries(corpus_copy) == [
        ("mill:1", "все четыре туза и раскладываются подряд", ["тузы"], "substantive"),
        ("mill:1", ", как показано на рисунке", [""], "substantive")]


@pytest.mark.parametrize("copy, lost", [
    # a short sentence whose words stand in no base sentence in order
    ("Игра трудная. {2} {3} {4} {5} {6} {7}", 1),
    ("Тузы выбираются. {2} {3} {4} {5} {6} {7}", 1),
    # mill:3 joined with a clause of like length that no base sentence has: three in five of
    # its words stand in mill:3 and mill:4 together ('карты', 'на' are mill:4's), but few of
    # mill:4's in it
    ("{1} {2} {3_} и новое правило: карты короля можно класть на пустое место без тузов. "
     "{4} {5} {6} {7}", 3),
])
def test_unrelated_copy_sentences_stay_an_addition_and_an_omission(cli, corpus_copy, tmp_path,
                                                                   copy, lost):
    """The looser readings above never match what the base text does not hold: a short
    sentence of other words, or of the same words in another order, and a sentence that joins
    a base sentence to words of its own are each the copy's addition (a citable id of its
    own), and the base sentence it replaces one omission."""
    mill = build_edition(corpus_copy).game("mill")
    s = {str(n): mill.sentence(f"mill:{n}").original for n in range(1, 8)}
    s["3_"] = s["3"][:-1]
    out = _add(cli, corpus_copy, tmp_path, "other.txt", "Мельница.\n\n" + _fill(copy, s) + "\n",
               "--siglum", "S")
    assert "1 new sentence id recorded" in out, out
    got = _entries(corpus_copy)
    assert (f"mill:{lost}", s[str(lost)], [""], "substantive") in got, got
    assert [e for e in got if e[1] == "" and e[3] == "substantive"] and len(got) == 2, got


def _fill(template: str, s: dict) -> str:
    for k in sorted(s, key=len, reverse=True):
        template = template.replace("{%s}" % k, s[k])
    return template
