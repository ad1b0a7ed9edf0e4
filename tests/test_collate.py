"""Collation of the witnesses: the apparatus of Густая колонна (XLVI base, P13), and kinds.

The real differences between the two texts of Густая колонна, read from both files
(XLVI = corpus/witnesses/002_*.txt from "Густая колонна. (Фиг. 37)." to the end;
P13 = corpus/witnesses/001_*.txt from "Пасьянс «Густая колонна»." to the end):

In the words of the sentences (these are the apparatus, exactly):
  1. dense-column:2  XLVI "между этою фланговою картою"  /  P13 "между этою флангового картою".
     P13's genitive does not agree with картою; it is emended to фланговою in P13's reading
     text. Kind: substantive (another grammatical form of the same word), emended.
  2. dense-column:8  XLVI "начиная елевой верхней угловой"  /  P13 "начиная с левой верхней
     угловой". XLVI's OCR slip (с read as е, space lost) is emended to "с левой". Kind: ocr.
Both have the slip "мета" for места (dense-column:5): not a difference between them.

Outside the words, not apparatus entries (layout, title, figure marker):
  - title: XLVI "Густая колонна. (Фиг. 37)."  /  P13 "Пасьянс «Густая колонна».";
  - XLVI breaks the first sentence across a page ("подалее\\n\\nот"), P13 runs on;
  - P13 writes "т.\\xa0е." with a no-break space where XLVI has "т. е.";
  - XLVI has a paragraph break and the marker "Фиг. 37" after sentence 5; P13 runs on in
    the same paragraph and has no figure marker.
"""
from __future__ import annotations

from hypothesis import example, given, strategies as st

from extract.model.collate import KIND_WEIGHT, apparatus, classify, _out_of_order, _tokens


def _summary(entries):
    return [(e.sentence, e.lem.original, tuple((r.sigla, r.original, r.kind, r.emended)
                                               for r in e.readings), e.kind) for e in entries]


def test_dense_column_lists_exactly_the_real_differences(edition):
    entries = apparatus(edition, "dense-column")
    assert _summary(entries) == [
        ("dense-column:2", "фланговою", ((("P13",), "флангового", "substantive", True),),
         "substantive"),
        ("dense-column:8", "елевой", ((("P13",), "с левой", "ocr", False),), "ocr"),
    ]
    for e in entries:
        s = edition.game("dense-column").sentence(e.sentence)
        assert s.original[e.start:e.end] == e.lem.original
    assert entries[1].lem.emended and entries[1].lem.normalised == "с левой"
    assert [e.id for e in entries] == ["dense-column:app-1", "dense-column:app-2"]
    assert entries[0].anchor == "dense-column.app-1"


def test_differences_outside_the_words_are_real_but_not_entries(edition):
    g = edition.game("dense-column")
    assert g.title_original == "Густая колонна. (Фиг. 37)."
    p13 = edition.witness("P13").text
    assert "Пасьянс «Густая колонна»." in p13
    assert [f.number for f in g.figures] == ["37"]
    assert "т.\xa0е. старшую, а на королей" in p13
    assert "подалее\n\nот верхнего" in edition.witness("XLVI").text


def test_single_witness_game_has_no_apparatus(edition):
    assert apparatus(edition, "mill") == []
    assert apparatus(edition, edition.game("spinning-wheel")) == []


def test_apparatus_is_cached(edition):
    assert apparatus(edition, "dense-column") == apparatus(edition, "dense-column")


class _S:
    """A stand-in sentence for classify(): original text, no changes."""

    def __init__(self, text, changes=()):
        self.id, self.witness, self.original, self.changes = "x:1", "A", text, tuple(changes)


def test_kinds():
    from extract.text.normalise import Change

    def toks(text, changes=()):
        return _tokens(_S(text, changes))
    assert classify(toks("карты,"), toks("карты;")) == "punctuation"
    assert classify(toks("дама"), toks("король")) == "substantive"
    yat = toks("лѣсъ", [Change(0, 4, "лѣсъ", "лес", "orthography", "yat")])
    assert classify(toks("лес"), yat) == "orthographic"
    assert classify(toks("Когда"), toks("когда")) == "orthographic"
    mis = toks("мета", [Change(0, 4, "мета", "места", "emendation", "OCR slip")])
    assert classify(toks("места"), mis) == "ocr"
    assert set(KIND_WEIGHT) == {"punctuation", "orthographic", "ocr", "substantive"}


def test_site_nodes(edition):
    from docutils import nodes
    from extract.sphinxext.apparatus import apparatus_nodes, sentence_variants, variant_markers
    out = apparatus_nodes(edition, "dense-column")
    refs = [r["refuri"] for n in out for r in n.findall(nodes.reference)]
    assert refs == ["#dense-column.2", "#dense-column.8"]
    items = [li for n in out for li in n.findall(nodes.list_item)]
    assert [li["ids"] for li in items] == [["dense-column.app-1"], ["dense-column.app-2"]]
    assert "флангового" in items[0].astext() and "P13" in items[0].astext()
    assert [e.id for e in sentence_variants(edition, "dense-column", "dense-column:8")] == \
        ["dense-column:app-2"]
    assert [n["refuri"] for n in variant_markers(edition, "dense-column", "dense-column:2")
            if isinstance(n, nodes.reference)] == ["#dense-column.app-1"]
    assert apparatus_nodes(edition, "mill") == []


def test_an_ocr_slip_with_no_emendation_is_ocr(corpus_copy):
    """XLVI's 'елевой' for P13's 'с левой' with its emendation taken out: still an OCR slip
    (not a word, one letter and a space from the other reading), not a substantive variant."""
    from extract.model.edition import build_edition
    path = corpus_copy / "emendations.toml"
    text = path.read_text(encoding="utf-8")
    block = text[text.index("[[emendation]]\nwitness = \"XLVI\"\nline = 23"):]
    block = block[:block.index("\n\n") + 2]
    path.write_text(text.replace(block, ""), encoding="utf-8")
    entries = apparatus(build_edition(corpus_copy), "dense-column")
    slip = next(e for e in entries if e.lem.original == "елевой")
    assert not slip.lem.emended
    assert [(r.original, r.kind, r.emended) for r in slip.readings] == [("с левой", "ocr", False)]
    assert slip.kind == "ocr"


def test_a_word_split_by_a_space_into_a_piece_that_is_no_word_is_an_ocr_slip():
    """'тща тельно' for 'тщательно' (a space OCR put in, leaving 'тща', no word): the same
    letters divided differently, with a piece the dictionary does not know -- an OCR slip, not
    a substitution plus an addition (issue 21). So is 'буб новый' for 'бубновый', though the
    dictionary knows 'буб': the cut falls inside a stem, with no function word beside it.
    A division beside a preposition or particle ('в месте' / 'вместе', 'не возможным' /
    'невозможным', 'так же' / 'также') stays two readings: the period wrote both."""
    def toks(text):
        return _tokens(_S(text, ()))
    assert classify(toks("тщательно"), toks("тща тельно")) == "ocr"
    assert classify(toks("тща тельно"), toks("тщательно")) == "ocr"
    assert classify(toks("вместе"), toks("в месте")) == "substantive"
    assert classify(toks("невозможным"), toks("не возможным")) == "substantive"
    assert classify(toks("бубновый"), toks("буб новый")) == "ocr"
    assert classify(toks("буб новый"), toks("бубновый")) == "ocr"
    assert classify(toks("также"), toks("так же")) == "substantive"
    assert classify(toks("тщательно тасуются"), toks("тщательнот асуются")) == "ocr"


def test_a_split_word_is_one_ocr_entry_in_the_apparatus(cli, corpus_copy, tmp_path):
    """Through `edition add` and the apparatus: a copy of Мельница that has 'тща тельно' for
    'тщательно' and 'не возможным' for 'невозможным' gives one entry for each, the first an OCR
    slip, the second a substantive variant."""
    from extract.model.edition import build_edition
    from test_collation_philology import MILL_WORDS, _add
    text = MILL_WORDS.replace("тщательно", "тща тельно").replace("невозможным", "не возможным")
    _add(cli, corpus_copy, tmp_path, "mill-split.txt", text, "--siglum", "MS")
    entries = apparatus(build_edition(corpus_copy), "mill")
    split = [(e.lem.original, [(r.original, r.kind) for r in e.readings]) for e in entries
             if "тщательно" in e.lem.original or "невозможным" in e.lem.original]
    assert split == [("тщательно", [("тща тельно", "ocr")]),
                     ("невозможным", [("не возможным", "substantive")])]


def _out_of_order_quadratic(places: list[int]) -> set[int]:
    """The reference for :func:`_out_of_order`: its first, O(n^2) form, kept as it was.
    ``places`` is a list of base sentence indices (ints, repeats allowed, never None: the
    caller drops sentences that stand in none); returns the positions outside one longest
    non-decreasing run, the latest-ending run and, within it, the earliest predecessors."""
    if not places:
        return set()
    length = [1] * len(places)
    back = [-1] * len(places)
    for k in range(len(places)):
        for j in range(k):
            if places[j] <= places[k] and length[j] + 1 > length[k]:
                length[k], back[k] = length[j] + 1, j
    k = max(range(len(places)), key=lambda x: (length[x], x))
    keep = set()
    while k != -1:
        keep.add(k)
        k = back[k]
    return set(range(len(places))) - keep


@given(st.lists(st.integers(0, 12), max_size=60))
@example([1, 0])                   # a swap: the later one in the copy is kept in place
@example([0, 2, 1, 1, 3])          # a tie of two runs of one length
@example([3, 3, 1, 2, 2, 0])       # repeats (a base sentence split in two)
@example([1, 0, 1])                # the earliest predecessor, not the latest, is kept
def test_out_of_order_judges_the_same_sentences_as_the_quadratic_form(places):
    """The O(n log n) longest run marks exactly the positions the O(n^2) one did, ties
    broken alike: which of two runs of one length is kept decides which sentences of a copy
    are its transpositions, and so its apparatus."""
    assert _out_of_order(places) == _out_of_order_quadratic(places)
