"""`edition export tei`: the editors' supplement is ``supplied`` (with its reason in a note),
not a sic/corr pair; translator's notes are ``note type="translator"`` attached to their
sentence; both point at people declared in the header, and the witnesses still come back
byte for byte."""
from __future__ import annotations

import re

import pytest
from lxml import etree

from extract.model.edition import build_edition
from extract.model.notes import NoteTable, note_blocks
from extract.export.tei import (TEI_NS, XML_NS, edition_to_tei, english_id, regenerate_witness_text,
                         supplement_pieces, tei_bytes)

NS = {"t": TEI_NS}
XID = f"{{{XML_NS}}}id"


def _x(tree, path, **kw):
    return tree.xpath(path, namespaces=NS, **kw)



def _block(el):
    """A TEI note's ``p`` or ``table`` read back as :func:`extract.model.notes.note_blocks` gives it."""
    if etree.QName(el).localname == "p":
        return el.text
    rows = [tuple(c.text or "" for c in _x(r, "t:cell")) for r in _x(el, "t:row")]
    assert _x(el, "t:row[1]/@role") == ["label"] and not _x(el, "t:row[position() > 1]/@role")
    return NoteTable(rows[0], tuple(rows[1:]))


def _bracketed(el) -> str:
    """An English ``s`` read back as the translation file has it: ``supplied`` in brackets."""
    out = [el.text or ""]
    for child in el:
        assert etree.QName(child).localname == "supplied" and child.get("resp") == "#translator"
        out += ["[", child.text, "]", child.tail or ""]
    return "".join(out)


def test_english_brackets_are_supplied_by_the_translators(edition, exported):
    en = _x(exported, "//t:text[@type='translation']")[0]
    sup = _x(en, ".//t:s[@xml:id='dense-column.2_en']/t:supplied")
    assert [(x.text, x.get("resp")) for x in sup] == [("the fifth beside the fourth,", "#translator")]
    oct2 = _x(en, ".//t:s[@xml:id='octagon.2_en']/t:supplied")
    assert [x.text for x in oct2] == ["oct"] and oct2[0].tail.startswith("agon")
    assert not [t for t in _x(en, ".//t:s//text()") if "[" in t or "]" in t]
    for g in edition.games:
        for s in g.sentences:
            if s.english:
                el = _x(en, ".//t:s[@xml:id=$x]", x=english_id(s.id))[0]
                assert _bracketed(el) == s.english


def _ids(tree) -> set[str]:
    return set(_x(tree, "//@xml:id"))


@pytest.mark.parametrize("sid", ["dense-column.2", "dense-column.2.P13"])
def test_dense_column_supplement_is_supplied_with_a_note(exported, sid):
    s = _x(exported, "//t:s[@xml:id=$sid]", sid=sid)[0]
    sup = _x(s, "t:supplied")
    assert len(sup) == 1
    assert sup[0].get("reason") == "omitted-in-original" and sup[0].get("resp") == "#editor"
    assert sup[0].text.strip() == "пятую подле четвертого,"          # no brackets in the TEI
    before = (sup[0].getprevious().tail if sup[0].getprevious() is not None else s.text) or ""
    assert before.endswith("четвертую подле третьего,")
    note = sup[0].getnext()
    assert etree.QName(note).localname == "note" and note.get("type") == "editorial"
    assert note.get("resp") == "#editor" and note.text.startswith("Editorial supplement")
    assert note.tail.startswith(" а шестую карту")
    # the supplement is not encoded as a correction of the printed text
    assert not _x(s, ".//t:choice[t:sic='третьего,']")
    assert not [t for t in _x(s, ".//t:corr/text()") if "[" in t]


def test_resp_points_at_declared_people(exported):
    ids = _ids(exported)
    resp = set(_x(exported, "//t:text//@resp"))
    assert {"#editor", "#translator"} <= resp
    assert {r[1:] for r in resp if not r.startswith("#rule-")} <= ids
    stmt = _x(exported, "//t:titleStmt/t:respStmt[@xml:id='translator']")[0]
    assert "translat" in _x(stmt, "string(t:resp)") and _x(stmt, "string(t:name)")


def test_witnesses_still_regenerate_byte_for_byte(edition, exported):
    for w in edition.witnesses:
        assert regenerate_witness_text(exported, w.siglum).encode("utf-8") == w.path.read_bytes()


def test_every_translators_note_follows_its_english_sentence(edition, exported):
    noted = [s for g in edition.games for s in g.sentences if s.note]
    notes = _x(exported, "//t:text[@type='translation']//t:note[@type='translator']")
    assert noted and len(notes) == len(noted)
    for s in noted:
        found = _x(exported, "//t:note[@type='translator'][@n=$sid]", sid=s.id)
        assert len(found) == 1, s.id
        note = found[0]
        assert note.get("resp") == "#translator"
        assert note.get("target") == f"#{english_id(s.id)}"
        assert note.get("corresp") == f"#{s.id.replace(':', '.')}"
        en = note.getprevious()
        while etree.QName(en).localname == "note":      # notes of one sentence stay together
            en = en.getprevious()
        assert etree.QName(en).localname == "s" and en.get(XID) == english_id(s.id)
        assert _bracketed(en) == s.english
        assert [_block(b) for b in _x(note, "*")] == note_blocks(s.note)
    # and the dense column's note on the supplement is on dense-column:2
    dc2 = _x(exported, "//t:note[@type='translator'][@target='#dense-column.2_en']")[0]
    assert "editorial supplement" in _x(dc2, "string(.)")


def test_supplement_pieces():
    assert supplement_pieces("третьего,", "третьего, [пятую подле четвертого,]") == [
        ("третьего,", False), (" пятую подле четвертого,", True)]
    assert supplement_pieces("а б", "а [x] б [y]") == [
        ("а", False), (" x", True), (" б", False), (" y", True)]
    assert supplement_pieces("мета", "места") is None                   # a correction
    assert supplement_pieces("угольник", "[вось]мугольник") is None     # reading changed
    assert supplement_pieces("[x]", "[x]") is None                      # printed brackets


def test_a_new_supplement_and_a_note_with_a_table(corpus_copy, relaxng):
    em = corpus_copy / "emendations.toml"
    em.write_text(em.read_text(encoding="utf-8") + (
        '\n[[emendation]]\nwitness = "XL"\nline = 9\nreading = "двойки"\n'
        'correction = "двойки [всех мастей]"\nreason = "Test supplement: the suits."\n'),
        encoding="utf-8")
    tr = corpus_copy / "translations" / "en" / "mill.toml"
    note = ("Translator's note: the order of building.\\n\\n| Card | Goes on |\\n|---|---|\\n"
            "| two | ace |\\n| three | two |")
    tr.write_text(re.sub(r"^\[notes\]\n", lambda m: f'[notes]\n"mill:3" = "{note}"\n',
                         tr.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    ed = build_edition(corpus_copy)
    assert ed.game("mill").sentence("mill:3").normalised.startswith(
        "С пачек снимаются двойки [всех мастей] и кладутся")
    tree = etree.fromstring(tei_bytes(edition_to_tei(ed)))
    assert relaxng.validate(tree), relaxng.error_log
    sup = _x(tree, "//t:s[@xml:id='mill.3']/t:supplied")
    assert [(x.text, x.get("resp")) for x in sup] == [(" всех мастей", "#editor")]
    assert _x(sup[0], "string(following-sibling::t:note[1][@type='editorial'])") == \
        "Test supplement: the suits."
    n = _x(tree, "//t:note[@type='translator'][@target='#mill.3_en']")[0]
    assert _x(n, "string(t:p)") == "Translator's note: the order of building."
    assert [_x(r, "string(@role)") for r in _x(n, "t:table/t:row")] == ["label", "", ""]
    assert _x(n, "t:table/t:row[1]/t:cell/text()") == ["Card", "Goes on"]
    assert _x(n, "t:table/t:row[3]/t:cell/text()") == ["three", "two"]
    for w in ed.witnesses:
        assert regenerate_witness_text(tree, w.siglum) == w.text
