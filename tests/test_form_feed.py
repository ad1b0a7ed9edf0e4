"""Form feeds (U+000C), the page breaks pdftotext writes between pages (issue 18): taken in as
page breaks, never refused; a word or sentence divided across two pages is joined in the
reading text as a recorded change; the running head at the top of the new page is furniture;
the TEI writes each form feed as ``<pb/>`` and reads the witness back byte for byte."""
from __future__ import annotations

from pathlib import Path

from lxml import etree

from extract.text.characters import check_text
from extract.text.normalise import normalise
from extract.export.tei import (TEI_NS, edition_to_tei, normalisation_to_tei, regenerate_witness_text,
                         tei_bytes)

NS = {"t": TEI_NS}
LAYOUTS = Path(__file__).parent / "data" / "layouts"

# Two pages of a pdftotext export: the first ends inside a hyphenated word, the second inside
# a sentence; no running heads (the book's pages here have none).
PAGES = ("Мельница. Выбираются все тузы и рас-\n\fкладываются в ряд. Карты кладут\n"
         "\fпо четыре в пачке.\n\f")


def test_a_form_feed_is_book_text_not_a_refusal(tmp_path):
    check_text(PAGES, tmp_path / "w.txt")            # raises EditionError if refused


def test_words_and_sentences_divided_across_pages_are_joined():
    n = normalise(PAGES)
    assert n.text == ("Мельница. Выбираются все тузы и раскладываются в ряд. Карты кладут "
                      "по четыре в пачке.\n\f")
    assert [(c.orig, c.rule) for c in n.changes] == [("рас-\n\fкладываются", "hyphenation"),
                                                     ("\n\f", "page-break")]
    assert normalise(n.text).text == n.text          # a second pass changes nothing more


def test_normalise_tei_writes_a_page_break_element():
    root = etree.fromstring(normalisation_to_tei(normalise(PAGES)))
    assert len(root.xpath("//t:pb", namespaces=NS)) == 3
    assert root.xpath("//t:reg[@resp='#rule-page-break']/text()", namespaces=NS) == [" "]


def test_a_pdftotext_chapter_exports_and_reads_back(cli, corpus_copy, tmp_path, relaxng,
                                                    monkeypatch):
    monkeypatch.delenv("EDITION_CORPUS", raising=False)
    src = tmp_path / "pages.txt"
    src.write_text(PAGES, encoding="utf-8")
    for path, sig in ((LAYOUTS / "16-azbuka-pdftotext.txt", "PT"), (src, "PG")):
        r = cli("--corpus", corpus_copy, "add", path, "--siglum", sig)
        assert r.exit_code == 0, r.output
    from extract.model.edition import build_edition
    ed = build_edition(corpus_copy)
    s = ed.game("mill").texts["PG"]
    assert [x.normalised for x in s] == ["Выбираются все тузы и раскладываются в ряд.",
                                         "Карты кладут по четыре в пачке."]
    tree = etree.fromstring(tei_bytes(edition_to_tei(ed)))
    assert relaxng.validate(tree), relaxng.error_log
    for sig in ("PT", "PG"):
        assert regenerate_witness_text(tree, sig) == ed.witness(sig).text
    pt = tree.xpath("//t:div[@type='witness'][@n='PT']", namespaces=NS)[0]
    assert len(pt.xpath(".//t:pb", namespaces=NS)) == ed.witness("PT").text.count("\f")
    assert cli("--corpus", corpus_copy, "check").exit_code == 0
