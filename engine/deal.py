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


#: The most digits a deal number has: the same limit for the engine, the CLI and the Play
#: panel (Python writes and reads at most 4,300 digits of an int by default).
MAX_DEAL_DIGITS = 4000
_DEAL_END = 10 ** MAX_DEAL_DIGITS


def shown(x) -> str:
    """``repr(x)`` for a message, a long one cut to its first characters and its length
    (Python will not write an int of more than 4,300 digits at all)."""
    if isinstance(x, int) and not -_DEAL_END < x < _DEAL_END:
        return f"a number of more than {MAX_DEAL_DIGITS} digits"
    text = repr(x)
    return text if len(text) <= 40 else f"{text[:12]}... ({len(text):,} characters)"


def check_deal(n) -> int:
    """Validate a deal number: an int from 1 of at most :data:`MAX_DEAL_DIGITS` digits;
    ValueError otherwise."""
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n < _DEAL_END:
        raise ValueError(f"deal must be an integer >= 1 of at most {MAX_DEAL_DIGITS} digits, "
                         f"not {shown(n)}")
    return n


def check_seed(seed) -> int:
    """Validate a player's seed (of :class:`SplitMix64`, whose state has 64 bits): an int
    from 0 to 2**64-1, so that no two seeds play alike; ValueError otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MASK64:
        raise ValueError(f"seed must be a whole number from 0 to 2**64-1 ({MASK64}), "
                         f"not {shown(seed)}")
    return seed


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
