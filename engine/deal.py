"""Numbered, reproducible deals.

Deal ``n`` of a game is the same on every machine and Python version because the shuffle is
written here rather than taken from :mod:`random` (whose algorithms may change).

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

from .cards import Card, deck

MASK64 = (1 << 64) - 1
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
        limit = (1 << 64) - ((1 << 64) % m)
        while True:
            x = self.next()
            if x < limit:
                return x % m


def seed_for(slug: str, n: int) -> int:
    """64-bit seed of deal ``n`` of game ``slug`` (step 1 of the module docstring)."""
    return int.from_bytes(hashlib.sha256(f"{slug}#{n}".encode("utf-8")).digest()[:8], "big")


def check_deal(n) -> int:
    """Validate a deal number: an int >= 1; ValueError otherwise."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"deal must be an integer >= 1, not {n!r}")
    return n


def shuffled(slug: str, n: int, packs: int = 1) -> list[Card]:
    """The shuffled pack of deal ``n`` of ``slug``: 52 or 104 cards, index 0 dealt first."""
    check_deal(n)
    cards = deck(packs)
    rng = SplitMix64(seed_for(slug, n))
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards
