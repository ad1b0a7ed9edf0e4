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
