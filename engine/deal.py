"""Numbered, reproducible deals.

Deal ``n`` of a game is the same on every machine and Python version because the shuffle is
written here rather than taken from the ``random`` module (whose algorithms may change).

The algorithm, fixed forever (golden tests pin it):

1. **Seed.** ``seed = int.from_bytes(sha256(f"{slug}#{n}".encode("utf-8")).digest()[:8],
   "big")``: the first 8 bytes of the SHA-256 of the game slug, ``#`` and the decimal deal
   number, read as a big-endian unsigned 64-bit integer.
2. **Generator.** SplitMix64 (Steele, Lea, Flood 2014) on 64-bit unsigned integers:
   ``state += 0x9E3779B97F4A7C15``; ``z = state``;
   ``z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9``; ``z = (z ^ (z >> 27)) * 0x94D049BB133111EB``;
   output ``z ^ (z >> 31)``, all mod 2**64.
3. **Bounded draw.** ``below(m)`` draws outputs ``x`` until ``x < 2**64 - (2**64 % m)`` and
   returns ``x % m`` (rejection sampling, no modulo bias).
4. **Shuffle.** Start from the unshuffled deck (:func:`engine.cards.deck`: pack 0 then pack 1,
   each spades, hearts, diamonds, clubs, ace to king). Fisher-Yates: for ``i`` from
   ``len - 1`` down to ``1``, ``j = below(i + 1)``, swap items ``i`` and ``j``.
5. The result is read as the pack in hand, **index 0 on top**: index 0 is the first card dealt.
"""
from __future__ import annotations

import hashlib

from .cards import CARDS, Card

MASK64 = (1 << 64) - 1
_TWO64 = 1 << 64
_LIMITS = (0,) + tuple(_TWO64 - _TWO64 % m for m in range(1, 256))  # of below(m)
GOLDEN = 0x9E3779B97F4A7C15


class SplitMix64:
    """SplitMix64 pseudo-random generator (see the module docstring). Pure integer code."""

    __slots__ = ("state",)

    def __init__(self, seed: int):
        self.state = seed & MASK64

    def next(self) -> int:
        """Next 64-bit unsigned output."""
        self.state = (self.state + GOLDEN) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, m: int) -> int:
        """Uniform integer in ``0..m-1`` (``m >= 1``) by rejection sampling."""
        if m < 1:
            raise ValueError(f"below() needs m >= 1, not {m}")
        limit = _LIMITS[m] if m < 256 else _TWO64 - _TWO64 % m
        st = self.state
        while True:
            # self.next(), inlined (hot: one call per random move and per card shuffled)
            st = (st + GOLDEN) & MASK64
            z = ((st ^ (st >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            x = z ^ (z >> 31)
            if x < limit:
                self.state = st
                return x % m


def seed_for(slug: str, n: int) -> int:
    """64-bit seed of deal ``n`` of game ``slug`` (step 1 of the module docstring)."""
    return int.from_bytes(hashlib.sha256(f"{slug}#{n}".encode("utf-8")).digest()[:8], "big")


def check_deal(n) -> int:
    """Validate a deal number: an int >= 1; ValueError otherwise."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"deal must be an integer >= 1, not {n!r}")
    return n


def numbers(slug: str, n: int, packs: int = 1) -> list[int]:
    """The shuffled pack of deal ``n`` of ``slug`` as plain card numbers (exact ``int``, not
    :class:`~engine.cards.Card`: faster to hash, compare and index with in game states);
    the same cards as :func:`shuffled`."""
    check_deal(n)
    if packs not in (1, 2):
        raise ValueError(f"packs must be 1 or 2, not {packs!r}")
    cards = list(range(52 * packs))
    below = SplitMix64(seed_for(slug, n)).below
    for i in range(len(cards) - 1, 0, -1):
        j = below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def shuffled(slug: str, n: int, packs: int = 1) -> list[Card]:
    """The shuffled pack of deal ``n`` of ``slug``: 52 or 104 cards, index 0 dealt first."""
    return [CARDS[c] for c in numbers(slug, n, packs)]
