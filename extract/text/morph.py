"""Russian morphology for the text layer: pymorphy3's analyser, loaded once, and the lemmas
the edition uses (the glossary, the spaCy lemma component, the structure finder).

Lemmas (:func:`lemma`) prefer, in this order: a glossary term's lemma among the word's
readings; the book's card vocabulary (:data:`SUITS`, :data:`RANKS`), so that ``дам`` is
``дама`` (not ``дать``), ``червей`` ``черви`` (not ``червь``); then pymorphy3's most likely
reading. This is an editorial choice for a book about cards: in it these forms name cards.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_STRESS = re.compile("[\u0300\u0301]")


@lru_cache(maxsize=1)
def analyzer():
    """pymorphy3's analyser of Russian, loaded once (its dictionaries take a moment)."""
    import pymorphy3  # lazy: here, not at import: loading the dictionaries is slow
    return pymorphy3.MorphAnalyzer(lang="ru")


def refers_onward(line: str, word: str) -> bool:
    """Whether ``line``, whose last word's modern form is ``word``, ends on a preposition or
    'см.' (pymorphy3's likeliest reading), so that a figure's number on the next line is what
    it refers to, the sentence's text ('какъ показано на' / 'Фиг. 5.' / 'Затѣмъ ...'), not a
    figure or caption set there. The layout's test and the segmenter's."""
    if re.search(r"(?<!\w)см\.\s*$", line, re.I):
        return True
    return word.isalpha() and analyzer().parse(word.lower())[0].tag.POS == "PREP"


#: The suits, named as in the book (plural nouns), by the normal forms pymorphy3 gives for
#: their inflected forms (``пик`` -> ``пик``/``пика``, ``червей`` -> ``червь``).
SUITS = {"черви": "черви", "червь": "черви", "бубны": "бубны", "бубна": "бубны",
         "бубен": "бубны", "пики": "пики", "пика": "пики", "пик": "пики", "трефы": "трефы",
         "трефа": "трефы", "треф": "трефы", "вини": "вини", "крести": "крести"}
#: The ranks, as nouns.
RANKS = frozenset(("туз", "король", "дама", "валет", "десятка", "девятка", "восьмерка",
                   "семерка", "шестерка", "пятерка", "четверка", "тройка", "двойка"))


@lru_cache(maxsize=1 << 16)
def lemma(word: str, prefer: frozenset[str] = frozenset()) -> str:
    """The normal form of ``word`` (lowercase, ё spelt е): the first of pymorphy3's readings
    whose normal form is in ``prefer`` (the glossary's one-word lemmas), else a card word
    (:data:`SUITS`, :data:`RANKS`), else pymorphy3's most likely reading.

    The word is read as printed letters: composed (a decomposed й or ё, и or е followed by
    its combining mark, is the letter) and without stress accents (``кладу́т`` is ``кладут``).
    """
    word = unicodedata.normalize("NFC", _STRESS.sub("", unicodedata.normalize("NFD", word)))
    parses = analyzer().parse(word.lower())
    forms = [p.normal_form.replace("ё", "е") for p in parses]
    for f in forms:
        if f in prefer:
            return f
    for p, f in zip(parses, forms):
        if p.tag.POS == "NOUN" and (f in SUITS or f in RANKS):
            return SUITS.get(f, f)
    return forms[0]
