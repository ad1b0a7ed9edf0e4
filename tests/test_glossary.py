"""Glossary occurrences are found by lemma on inflected forms and link to their entry."""
from __future__ import annotations

import pytest

from extract.text.errors import EditionError
from extract.corpus.glossary import find_terms, lemma, load_glossary


@pytest.fixture(scope="module")
def terms(edition):
    return edition.glossary


@pytest.mark.parametrize("text, found", [
    ("кладут крапом вверх", "крапом вверх"),
    ("без крапа", "крапа"),
    ("положить подле туза", "подле"),
    ("на четыре магазина", "магазина"),
    ("из магазинов", "магазинов"),
    ("сборную кучку", "сборную кучку"),
])
def test_inflected_forms_found(terms, text, found):
    hits = [text[a:b] for a, b, _ in find_terms(text, terms)]
    assert found in hits


@pytest.mark.parametrize("word, want", [
    ("сделаи\u0306те", "сделать"),       # й decomposed: и and a combining breve
    ("кладу\u0301т", "класть"),          # a stress accent
    ("ка\u0300рты", "карта"),            # a grave accent
    ("ещё", "еще"), ("еще\u0308", "еще"),  # ё composed or decomposed: spelt е
    ("сделайте", "сделать"),
])
def test_lemma_reads_decomposed_and_stressed_forms(word, want):
    assert lemma(word) == want


def test_stressed_and_decomposed_forms_are_found_whole(terms):
    text = "без кра\u0301па, сборную ку\u0301чку"
    hits = [text[a:b] for a, b, _ in find_terms(text, terms)]
    assert hits == ["кра\u0301па", "сборную ку\u0301чку"]


def test_longest_phrase_wins(terms):
    hits = find_terms("крапом вверх", terms)
    assert len(hits) == 1 and hits[0][2].display == "крапом вверх"


def test_duplicate_lemma_is_an_error(tmp_path):
    (tmp_path / "glossary.toml").write_text(
        '[[term]]\nlemma = "крап"\ndisplay = "крап"\nenglish = "back"\n\n'
        '[[term]]\nlemma = "крапа"\ndisplay = "крапа"\nenglish = "back"\n', encoding="utf-8")
    with pytest.raises(EditionError) as e:
        load_glossary(tmp_path)
    assert "glossary.toml:6" in str(e.value) and "line 1" in str(e.value)


def test_game_page_links_first_occurrence_to_glossary(site, edition):
    html = (site / "games" / "peacock-tail.html").read_text(encoding="utf-8")
    t = next(t for t in edition.glossary if t.display == "магазин")
    assert html.count(f'glossary.html#{t.anchor}"') == 1
    gl = (site / "glossary.html").read_text(encoding="utf-8")
    assert f'id="{t.anchor}"' in gl and t.english in gl


@pytest.mark.parametrize("written", ["ма\u0301сть", "мас\u200bть", "мас\u2060ть"])
def test_a_lemma_with_a_stress_mark_or_an_invisible_character_is_the_same_entry(
        corpus_copy, written):
    """A lemma written as a dictionary prints it (``ма́сть``, a stress mark) or with an
    invisible character made the entry match no word of the text and changed its anchor
    (``term-ma-st``), breaking citations of it (a breaker's find): the lemma is read as its
    letters."""
    from extract.model.edition import build_edition
    before = build_edition(corpus_copy)
    path = corpus_copy / "glossary.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('lemma = "масть"',
                                                             f'lemma = "{written}"'),
                    encoding="utf-8")
    after = build_edition(corpus_copy)
    assert [t.anchor for t in after.glossary] == [t.anchor for t in before.glossary]
    assert [s.terms for g in after.games for s in g.sentences] == \
        [s.terms for g in before.games for s in g.sentences]


def test_a_lemma_no_dictionary_knows_fails_check(cli, corpus_copy):
    """A typo in a lemma (``мастт``) linked the entry from nothing, and check passed."""
    path = corpus_copy / "glossary.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('lemma = "масть"', 'lemma = "мастт"'), encoding="utf-8")
    r = cli("--corpus", corpus_copy, "check")
    line = text[:text.index('display = "масть"')].count("\n") + 1
    assert r.exit_code == 1 and f"glossary.toml:{line}: the lemma of 'масть' has 'мастт', " \
        "which no dictionary knows" in r.output, r.output


def test_an_entry_whose_lemma_pymorphy_reads_first_otherwise_is_found(edition):
    """``боковой пачка`` (боковые пачки) matched no text: pymorphy3 reads ``боковой`` first
    as a form of the surname Боков, so the entry's key was ``боков пачка``. A lemma word that
    is a dictionary form of itself is kept, and the text's words prefer the glossary's
    lemmas: octagon:5's "боковые пачки" links to it, fragment-p13:8's "основных кучек" to
    ``основной кучка``."""
    def found(sid, words, key):
        s = next(s for g in edition.games for s in g.sentences if s.id == sid)
        return any(s.normalised[a:b] == words and k == key for a, b, k in s.terms)
    assert found("octagon:5", "боковые пачки", "боковой пачка")
    # a word read first otherwise (основных) takes the glossary's lemma word (основной)
    assert found("fragment-p13:8", "основных кучек", "основной кучка")
