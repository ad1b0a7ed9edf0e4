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
from dataclasses import dataclass
from pathlib import Path

from ..text.errors import EditionError
from ..text.morph import RANKS, SUITS, analyzer, lemma  # noqa: F401 (the glossary's lemmas; re-exported)
from .ids import slugify, unmarked
from .readers import entries

# a word: Cyrillic letters with any combining marks (a stress accent, or the breve of a
# decomposed й), pieces joined by hyphens
WORD = re.compile(r"[А-Яа-яЁё][А-Яа-яЁё\u0300-\u036f]*(?:-[А-Яа-яЁё][А-Яа-яЁё\u0300-\u036f]*)*")


@dataclass(frozen=True)
class Term:
    """A glossary entry: ``key`` (the lemmas, space-joined), the book's ``display`` form, the
    ``modern`` Russian and ``english`` equivalents, a ``note``, and its ``anchor``: ``term-``
    and the transliterated ``lemma`` of the entry (``крап вверх`` -> ``term-krap-vverkh``), so
    that a link to an entry survives adding, removing or reordering the others; ``written``
    the lemma as the glossary writes it."""

    key: str
    display: str
    modern: str
    english: str
    note: str
    anchor: str
    #: the entry's ``lemma`` as written in the glossary
    written: str = ""


def preferred(terms: tuple["Term", ...]) -> frozenset[str]:
    """The words of the lemmas of ``terms``, which :func:`lemma` prefers (``боковые`` read as
    the glossary's ``боковой``)."""
    return frozenset(w for t in terms for w in t.key.split())


def _dictionary_form(word: str) -> str:
    """A word of an entry's ``lemma`` as its key: the word itself where it is a dictionary
    form of itself (``боковой``, which pymorphy3 reads first as a form of the surname
    Боков: the entry ``боковой пачка`` matched no text), else its :func:`lemma`."""
    w = word.lower().replace("ё", "е")
    if any(p.normal_form.replace("ё", "е") == w for p in analyzer().parse(w)):
        return w
    return lemma(word)


def load_glossary(root: Path) -> tuple[Term, ...]:
    """Read ``root/glossary.toml``; an entry's key is the lemmas of its ``lemma`` words.

    Raises EditionError (file, line, fix) for a missing field, a key used twice or two
    lemmas with the same transliterated anchor.
    """
    path = root / "glossary.toml"
    out: list[Term] = []
    seen: dict[str, int | None] = {}
    anchors: dict[str, int | None] = {}
    spec = {"lemma": (str, True), "display": (str, True), "english": (str, True),
            "modern": (str, False), "note": (str, False)}
    for e, line in entries(path, "term", spec):
        # (a stress mark, as dictionaries print it, or an invisible character in the lemma
        # made it a word the text never has, and changed its anchor: мага́зин, maga-zin)
        k = " ".join(_dictionary_form(w) for w in WORD.findall(unmarked(e["lemma"])))
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
                        anchor, e["lemma"]))
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
