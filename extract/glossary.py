"""The glossary (``corpus/glossary.toml``) and its occurrences in the reading text.

Occurrences are found by lemma with pymorphy3, not by spelling: ``крапом``, ``крапа`` and
``крап`` all find the entry ``крап``; a phrase entry (``крапом вверх``) matches the sequence
of its words' lemmas, the longest entry first.

Lemmas (:func:`lemma`) prefer, in this order: a glossary term's lemma among the word's
readings; the book's card vocabulary (:data:`SUITS`, :data:`RANKS`), so that ``дам`` is
``дама`` (not ``дать``), ``червей`` ``черви`` (not ``червь``), ``пик`` ``пики``, ``треф``
``трефы``, ``бубен`` ``бубны``, ``валетов`` ``валет``; then pymorphy3's most likely reading.
This is an editorial choice for a book about cards: in it these forms name cards.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .corpus import entries
from .errors import EditionError

# a word: Cyrillic letters with any combining marks (a stress accent, or the breve of a
# decomposed й), pieces joined by hyphens
WORD = re.compile(r"[А-Яа-яЁё][А-Яа-яЁё\u0300-\u036f]*(?:-[А-Яа-яЁё][А-Яа-яЁё\u0300-\u036f]*)*")
_STRESS = re.compile("[\u0300\u0301]")


@dataclass(frozen=True)
class Term:
    """A glossary entry: ``key`` (the lemmas, space-joined), the book's ``display`` form, the
    ``modern`` Russian and ``english`` equivalents, a ``note``, and its ``anchor``: ``term-``
    and the transliterated ``lemma`` of the entry (``крап вверх`` -> ``term-krap-vverkh``), so
    that a link to an entry survives adding, removing or reordering the others."""

    key: str
    display: str
    modern: str
    english: str
    note: str
    anchor: str


@lru_cache(maxsize=1)
def _morph():
    import pymorphy3
    return pymorphy3.MorphAnalyzer(lang="ru")


#: The suits, named as in the book (plural nouns), by the normal forms pymorphy3 gives for
#: their inflected forms (``пик`` -> ``пик``/``пика``, ``червей`` -> ``червь``).
SUITS = {"черви": "черви", "червь": "черви", "бубны": "бубны", "бубна": "бубны",
         "бубен": "бубны", "пики": "пики", "пика": "пики", "пик": "пики", "трефы": "трефы",
         "трефа": "трефы", "треф": "трефы", "вини": "вини", "крести": "крести"}
#: The ranks, as nouns.
RANKS = frozenset(("туз", "король", "дама", "валет", "десятка", "девятка", "восьмерка",
                   "семерка", "шестерка", "пятерка", "четверка", "тройка", "двойка"))


@lru_cache(maxsize=1 << 16)
@lru_cache(maxsize=100_000)
def lemma(word: str, prefer: frozenset[str] = frozenset()) -> str:
    """The normal form of ``word`` (lowercase, ё spelt е): the first of pymorphy3's readings
    whose normal form is in ``prefer`` (the glossary's one-word lemmas), else a card word
    (:data:`SUITS`, :data:`RANKS`), else pymorphy3's most likely reading.

    The word is read as printed letters: composed (a decomposed й or ё, и or е followed by
    its combining mark, is the letter) and without stress accents (``кладу́т`` is ``кладут``).
    """
    word = unicodedata.normalize("NFC", _STRESS.sub("", unicodedata.normalize("NFD", word)))
    parses = _morph().parse(word.lower())
    forms = [p.normal_form.replace("ё", "е") for p in parses]
    for f in forms:
        if f in prefer:
            return f
    for p, f in zip(parses, forms):
        if p.tag.POS == "NOUN" and (f in SUITS or f in RANKS):
            return SUITS.get(f, f)
    return forms[0]


def preferred(terms: tuple["Term", ...]) -> frozenset[str]:
    """The one-word lemmas of ``terms``, which :func:`lemma` prefers."""
    return frozenset(t.key for t in terms if " " not in t.key)


def load_glossary(root: Path) -> tuple[Term, ...]:
    """Read ``root/glossary.toml``; an entry's key is the lemmas of its ``lemma`` words.

    Raises EditionError (file, line, fix) for a missing field, a key used twice or two
    lemmas with the same transliterated anchor.
    """
    from .model import slugify
    path = root / "glossary.toml"
    out, seen, anchors = [], {}, {}
    spec = {"lemma": (str, True), "display": (str, True), "english": (str, True),
            "modern": (str, False), "note": (str, False)}
    for e, line in entries(path, "term", spec):
        k = " ".join(lemma(w) for w in WORD.findall(e["lemma"]))
        if not k:
            raise EditionError(f"lemma {e['lemma']!r} has no Russian word", path, line,
                               fix="give the Russian word(s) of the entry")
        if k in seen:
            raise EditionError(f"the entry {e['display']!r} has the same lemmas ({k}) as the "
                               f"entry on line {seen[k]}", path, line, fix="merge the two entries")
        seen[k] = line
        anchor = "term-" + slugify(e["lemma"])
        if anchor in anchors:
            raise EditionError(f"the entry {e['display']!r} has the same anchor ({anchor}) as the "
                               f"entry on line {anchors[anchor]}", path, line,
                               fix="merge the two entries or make their lemmas differ in letters")
        anchors[anchor] = line
        out.append(Term(k, e["display"], e.get("modern", ""), e["english"], e.get("note", ""),
                        anchor))
    return tuple(out)


def find_terms(text: str, terms: tuple[Term, ...]) -> list[tuple[int, int, Term]]:
    """Occurrences ``(start, end, term)`` of glossary terms in ``text`` (offsets into it),
    longest match first, not overlapping."""
    if not terms:
        return []
    by_key = {t.key: t for t in terms}
    longest = max(len(t.key.split()) for t in terms)
    prefer = preferred(terms)
    words = [(m.start(), m.end(), lemma(m.group(), prefer)) for m in WORD.finditer(text)]
    out, i = [], 0
    while i < len(words):
        for n in range(min(longest, len(words) - i), 0, -1):
            t = by_key.get(" ".join(w[2] for w in words[i:i + n]))
            if t:
                out.append((words[i][0], words[i + n - 1][1], t))
                i += n
                break
        else:
            i += 1
    return out
