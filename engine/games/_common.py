"""Helpers shared by games with eight foundations started on a base rank (two packs).

A foundation is a count ``n`` (0 = not started); foundation ``f`` (0..7) takes suit
``f // 2``; its next card has rank ``next_rank(base, n)``: the base rank when empty, then up
in suit, wrapping from king to ace ("K, A, 2, ..."), 13 cards in all.
"""
from __future__ import annotations

from ..cards import RANK, SUIT


def next_rank(base: int, n: int) -> int:
    """Rank (1..13) the foundation with ``n`` cards takes next (``n`` < 13)."""
    return (base - 1 + n) % 13 + 1


def target(found: tuple, base: int, c: int) -> int:
    """Index of the first foundation card ``c`` may go on, or -1."""
    s = SUIT[c] * 2
    r = RANK[c]
    n = found[s]
    if n < 13 and (base - 1 + n) % 13 + 1 == r:
        return s
    n = found[s + 1]
    if n < 13 and (base - 1 + n) % 13 + 1 == r:
        return s + 1
    return -1


def put(found: tuple, f: int) -> tuple:
    """Foundations with one more card on foundation ``f``."""
    lst = list(found)
    lst[f] += 1
    return tuple(lst)


def canonical(found: tuple) -> tuple:
    """Key of the foundations: the two of a suit are interchangeable, so sort each pair.
    Memoised (it is part of every key the solver and the policies compute)."""
    k = _CANON.get(found)
    if k is None:
        k = tuple(min(found[i], found[i + 1]) * 16 + max(found[i], found[i + 1])
                  for i in range(0, 8, 2))
        if len(_CANON) >= 1 << 16:
            _CANON.clear()
        _CANON[found] = k
    return k


_CANON: dict = {}


def all_home_below(found: tuple, base: int, rank: int) -> bool:
    """Are all eight cards of ``rank`` already on foundations?"""
    rel = (rank - base) % 13
    return all(n > rel for n in found)


def foundation_cards(found: tuple, base: int, f: int, pack_of=None) -> tuple:
    """Card numbers to draw on foundation ``f`` (pack 0 for even f, 1 for odd)."""
    s = f // 2
    p = f % 2
    return tuple(p * 52 + s * 13 + next_rank(base, k) - 1 for k in range(found[f]))


def wanted(found: tuple, base: int) -> frozenset:
    """Cards (numbered within one pack, ``c % 52``) that some foundation takes next.
    Memoised; do not change the set returned."""
    k = (found, base)
    w = _WANTED.get(k)
    if w is None:
        w = frozenset((f // 2) * 13 + (base - 1 + n) % 13 for f, n in enumerate(found) if n < 13)
        if len(_WANTED) >= 1 << 16:
            _WANTED.clear()
        _WANTED[k] = w
    return w


_WANTED: dict = {}
