"""`edition export tei`: validity against TEI P5 tei_all, byte-exact round trip of every
witness, the encoding of sentences, changes, apparatus and translation; no string-built XML."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from lxml import etree

from extract.export import tei as teimod
from extract.export.tei import TEI_NS, XML_NS, edition_to_tei, regenerate_witness_text, tei_bytes

NS = {"t": TEI_NS}
XID = f"{{{XML_NS}}}id"



def test_export_validates_against_tei_all(relaxng, exported):
    ok = relaxng.validate(exported)
    assert ok, "\n".join(f"{e.line}: {e.message}" for e in list(relaxng.error_log)[:20])


def test_every_witness_regenerates_byte_for_byte(edition, exported):
    for w in edition.witnesses:
        assert regenerate_witness_text(exported, w.siglum).encode("utf-8") == w.path.read_bytes()
    with pytest.raises(KeyError):
        regenerate_witness_text(exported, "NOPE")


def test_round_trip_of_a_corpus_with_added_witnesses(corpus_copy, tmp_path, relaxng, monkeypatch):
    """Pre-reform spelling, a third witness with variants: still valid and exact."""
    from tests.test_add import CHAPTER, MILL3
    from extract.intake.add import add_witness
    from extract.model.edition import build_edition
    monkeypatch.delenv("EDITION_CORPUS", raising=False)
    for name, text, sig in (("m3.txt", MILL3, "M3"), ("ch.txt", CHAPTER, None)):
        (tmp_path / name).write_text(text, encoding="utf-8")
        add_witness(tmp_path / name, corpus_copy, siglum=sig)
    ed = build_edition(corpus_copy)
    tree = etree.fromstring(tei_bytes(edition_to_tei(ed)))
    assert relaxng.validate(tree), relaxng.error_log
    for w in ed.witnesses:
        assert regenerate_witness_text(tree, w.siglum) == w.text
    apps = tree.xpath("//t:div[@xml:id='mill']//t:app", namespaces=NS)
    assert len(apps) == 6 and apps[0].xpath("t:rdg/@wit", namespaces=NS) == ["#M3"]
    head = tree.xpath("//t:div[@xml:id='zvezda']/t:head", namespaces=NS)[0]
    assert teimod._original_text(head) == "Звѣзда."
    assert head.xpath("t:choice/t:reg/text()", namespaces=NS) == ["Звезда"]  # one record a word


def test_heading_marks_of_a_markdown_and_a_wiki_page_are_markup_in_the_tei(
        corpus_copy, tmp_path, relaxng, monkeypatch):
    """A Markdown page's ``## ГЛАВА XLIX.``, its bold run-in title ``**Пасьянсъ «Звѣздочка».**``
    and its heading attributes (``{#chasy}``), and a wiki page's ``=== Дама. ===``, were read
    as the book's text in the TEI's heads (a reader of the regularised text saw ``##`` and
    ``**``): each mark is now a change of rule wiki-markup, read as nothing, and the witness
    still regenerates byte for byte."""
    from extract.intake.add import add_witness
    from extract.model.edition import build_edition
    monkeypatch.delenv("EDITION_CORPUS", raising=False)
    pages = {"zv.md": "## ГЛАВА XLIX.\n\n**Пасьянсъ «Звѣздочка».**\n\nБерутъ одну колоду картъ.\n\n"
                      "## Часы {#chasy}\n\nБерутъ двѣ колоды картъ.\n",
             "dama.wiki": "== ГЛАВА L. ==\n\n=== Дама. ===\n\nБерутъ одну колоду картъ.\n"}
    for name, text in pages.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        add_witness(tmp_path / name, corpus_copy)
    ed = build_edition(corpus_copy)
    tree = etree.fromstring(tei_bytes(edition_to_tei(ed)))
    assert relaxng.validate(tree), relaxng.error_log
    for w in ed.witnesses:
        assert regenerate_witness_text(tree, w.siglum) == w.text

    def read(head):      # the head as the regularised text reads it
        return "".join(head.xpath(".//text()[not(ancestor::t:orig)]", namespaces=NS)).strip()
    heads = {read(h) for h in tree.xpath("//t:div[@type='witness']//t:head", namespaces=NS)}
    assert {"ГЛАВА XLIX.", "Пасьянс «Звездочка».", "Часы", "ГЛАВА L.", "Дама."} <= heads, heads
    assert not any("#" in h or "*" in h or "=" in h for h in heads), heads


def test_header(edition, exported):
    h = exported.getroot().find(f"{{{TEI_NS}}}teiHeader")
    assert h.xpath("t:fileDesc/t:titleStmt/t:title", namespaces=NS)
    assert h.xpath("t:fileDesc/t:titleStmt/t:editor", namespaces=NS)
    assert h.xpath("t:fileDesc/t:publicationStmt/t:availability/t:licence", namespaces=NS)
    wits = h.xpath("t:fileDesc/t:sourceDesc/t:listWit/t:witness", namespaces=NS)
    assert [w.get(XID) for w in wits] == [w.siglum for w in edition.witnesses]
    norm = h.xpath(".//t:editorialDecl/t:normalization/t:p", namespaces=NS)
    from extract.text.normalise import RULES
    assert [p.get(XID) for p in norm] == [f"rule-{r}" for r in RULES]
    items = h.xpath(".//t:editorialDecl/t:correction//t:item", namespaces=NS)
    assert any("мета" in i.text and "места" in i.text for i in items)


def test_sentences_changes_apparatus(edition, exported):
    s = exported.xpath("//t:s[@xml:id='mill.4']", namespaces=NS)[0]
    assert s.get("n") == "4"
    ids = set(exported.xpath("//t:text[@type='original']//t:s/@xml:id", namespaces=NS))
    assert {sent.id.replace(":", ".") for g in edition.games for sent in g.sentences} <= ids
    d5 = exported.xpath("//t:s[@xml:id='dense-column.5']", namespaces=NS)[0]
    assert d5.xpath("t:choice/t:sic/text()", namespaces=NS) == ["мета"]
    assert d5.xpath("t:choice/t:corr/text()", namespaces=NS) == ["места"]
    d1 = exported.xpath("//t:s[@xml:id='dense-column.1']", namespaces=NS)[0]
    assert d1.xpath("t:choice/t:reg/@type", namespaces=NS) == ["typography"]   # page break
    app = exported.xpath("//t:app[@xml:id='dense-column.app-1']", namespaces=NS)[0]
    assert app.getparent().get(XID) == "dense-column.2"
    assert app.xpath("t:lem/text()", namespaces=NS) == ["фланговою"]
    assert app.xpath("t:rdg[@wit='#P13']/text()", namespaces=NS) == ["флангового"]
    assert app.xpath("t:rdg/@type", namespaces=NS) == ["substantive"]
    app2 = exported.xpath("//t:app[@xml:id='dense-column.app-2']", namespaces=NS)[0]
    assert app2.xpath("t:lem/t:choice/t:sic/text()", namespaces=NS) == ["елевой"]
    copy = exported.xpath("//t:div[@xml:id='dense-column.P13']", namespaces=NS)[0]
    assert copy.get("corresp") == "#dense-column"
    fig = exported.xpath("//t:figure[@xml:id='dense-column.fig.37']/t:head", namespaces=NS)
    assert fig[0].text == "Фиг. 37"


def test_translation_points_at_russian(edition, exported):
    en = exported.xpath("//t:text[@type='translation']", namespaces=NS)[0]
    assert en.get(f"{{{XML_NS}}}lang") == "en"
    ru_ids = set(exported.xpath("//t:text[@type='original']//t:s/@xml:id", namespaces=NS))
    corresp = en.xpath(".//t:s/@corresp", namespaces=NS)
    assert corresp and all(c[1:] in ru_ids for c in corresp)
    mill4 = en.xpath(".//t:s[@corresp='#mill.4']", namespaces=NS)[0]
    assert mill4.xpath("string(.)") == edition.game("mill").sentence("mill:4").english


def test_ambiguity_notes(edition, exported):
    from extract.intake.checks import engine_games
    declared = {f"{slug}.{a['id']}" for slug, g in engine_games().items()
                for a in g.get("ambiguities", []) if slug in {x.slug for x in edition.games}}
    notes = set(exported.xpath("//t:note[@type='ambiguity']/@xml:id", namespaces=NS))
    assert notes == declared


def test_export_is_atomic(edition, tmp_path, monkeypatch):
    out = tmp_path / "e.xml"
    out.write_text("previous", encoding="utf-8")

    def boom(*a, **k):
        raise RuntimeError("disk full")
    monkeypatch.setattr(teimod, "tei_bytes", boom)
    with pytest.raises(RuntimeError):
        teimod.write_tei(edition, out)
    assert out.read_text(encoding="utf-8") == "previous"
    assert [p.name for p in tmp_path.iterdir()] == ["e.xml"]


def test_tei_module_builds_no_xml_by_string():
    src = Path(teimod.__file__).read_text(encoding="utf-8")
    tree = ast.parse(src)
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef))
                  and n.body and isinstance(n.body[0], ast.Expr)
                  and isinstance(n.body[0].value, ast.Constant)}
    markup = [n.value for n in ast.walk(tree)
              if isinstance(n, ast.Constant) and isinstance(n.value, str)
              and id(n) not in docstrings and "<" in n.value]
    assert markup == []
    assert "fromstring" not in src and "XML(" not in src


def _changes_from(cuts: list[int]):
    """Sorted, non-overlapping changes (some empty: insertions) at the offsets ``cuts``."""
    from extract.text.normalise import Change
    pts = sorted(cuts)
    return tuple(Change(a, b, "x" * (b - a), "y", "typography", "test")
                 for a, b in zip(pts[::2], pts[1::2]))


@given(st.lists(st.integers(0, 40), max_size=30), st.integers(0, 40), st.integers(0, 40))
@example([5, 5, 7, 9], 5, 7)       # an insertion at a unit's start is inside, one at its end not
@example([5, 5, 7, 7], 7, 7)       # an empty unit keeps an insertion at its offset
def test_changes_inside_a_unit_found_by_search_are_those_of_the_definition(cuts, a, b):
    """The TEI writer finds a unit's changes by a binary search over the witness's changes
    (linear, not units x changes): the same changes, in order, as the plain definition."""
    a, b = min(a, b), max(a, b)
    changes = _changes_from(cuts)
    plain = [(c.start - a, c.end - a) for c in changes
             if c.start >= a and c.end <= b and not (c.start == c.end == b and b != a)]
    assert [(c.start, c.end) for c in teimod._inside(changes, a, b)] == plain
