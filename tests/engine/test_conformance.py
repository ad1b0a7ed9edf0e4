"""One conformance suite over every registered game (issue 19, item 3).

For every game of :func:`engine.games.available`, on a sample of deals and readings (the
defaults on deals 1-3; every single-change reading, one ambiguity set to one other reading,
on deals 1-2), a seeded random playout of at most ``MAX_MOVES`` moves checks after every
move that:

- every card is dealt, each as many times as there are packs, and no card is made up or
  comes back once taken away;
- ``is_legal(m) == (m in legal_moves())`` both ways: every offered move is legal, and
  plausible moves that are not offered (the offered kinds with other piles, other arities,
  malformed tuples) are refused;
- ``key()`` is hashable and the JSON round trip (``to_json`` -> :func:`engine.games.from_json`)
  gives a state with the same key and the same piles;
- ``visible()`` agrees with ``piles()`` (same piles, same counts, a shown card is the card
  that lies there) and never shows a card of a pile the game lays face down
  (:data:`engine.state.FACE_DOWN_PILES`), but for the top card where the game's own
  ``visible`` turns it up to be played;
- replaying the history with :func:`engine.games.replay` (which checks each move with
  ``is_legal``) gives the same state.
"""
from __future__ import annotations

import collections
import json
import random

import pytest

from engine import games
from engine.cards import RANK, SUIT
from engine.state import FACE_DOWN_PILES, State

MAX_MOVES = 120


def _cases():
    out = []
    for slug in games.available():
        mod = games.get(slug)
        out += [(slug, d, {}) for d in (1, 2, 3)]
        out += [(slug, d, {a.id: r.id}) for a in mod.AMBIGUITIES for r in a.readings
                if r.id != a.default for d in (1, 2)]
    return out


def _packs(s) -> int:
    return getattr(s.cfg, "packs", games.get(s.cfg.slug).PACKS)


def _census(s, before: collections.Counter | None) -> collections.Counter:
    """The cards on the table: at the deal every card of every pack; after it no card made
    up, none more often than there are packs, and none back once taken away (Heart to Heart
    takes pairs away). Returns the census, for the next move."""
    n = collections.Counter((RANK[c], SUIT[c]) for _n, _x, _y, cards, _f in s.piles()
                            for c in cards)
    packs = _packs(s)
    if before is None:
        assert sum(n.values()) == 52 * packs, f"{sum(n.values())} cards dealt"
        assert len(n) == 52 and set(n.values()) == {packs}, n
    else:
        assert not n - before, f"cards that were not on the table: {n - before}"
    return n


def _not_offered(rng: random.Random, legal: list[tuple], seen: dict, npiles: int) -> set:
    """Plausible moves: every kind seen in this deal, with arguments drawn from the values
    seen in that place (and pile numbers), plus malformed ones; less the offered moves."""
    out = {(), ("no-such-move",), ("found", 10_000), ("build", -1, 0)}
    for kind, shapes in seen.items():
        out.add((kind,) + (10_000,) * max(len(a) for a in shapes))
        for _ in range(12):
            args = rng.choice(list(shapes))
            m = tuple(rng.choice(list(seen_at(seen, kind, i)) + list(range(npiles)))
                      if rng.random() < 0.8 else rng.choice([-1, "w", None])
                      for i in range(len(args)))
            out.add((kind,) + m)
            if args:
                out.add((kind,) + m[:-1])      # one argument short
            out.add((kind,) + m + (0,))          # one too many
    return out - set(legal)


def seen_at(seen: dict, kind: str, i: int) -> set:
    return {a[i] for a in seen[kind] if len(a) > i} or {0}


def _visible(s) -> None:
    piles = s.piles()
    vis = s.visible()
    assert [n for n, _c in vis] == [p[0] for p in piles]
    own = type(s).visible is not State.visible
    # (a foundation's card as drawn, shown_piles: the copy not lying elsewhere)
    for (name, _x, _y, cards, fan), (_n, shown), drawn in zip(piles, vis, s.shown_piles()):
        assert len(shown) == len(cards), name
        assert all(v is None or v == c for v, c in zip(shown, drawn[3])), f"{name}: a wrong card"
        if fan == "none" and name.rsplit(" ", 1)[-1] in FACE_DOWN_PILES and shown:
            below = shown[:-1] if own else shown
            assert all(v is None for v in below), f"{name} lies face down, but shows {shown}"


@pytest.mark.parametrize("slug,deal,readings", _cases(),
                         ids=lambda v: (",".join(f"{k}={r}" for k, r in v.items()) or "default")
                         if isinstance(v, dict) else str(v))
def test_conformance(slug, deal, readings):
    rng = random.Random(f"{slug}:{deal}:{sorted(readings.items())}")
    s = games.new(slug, deal, readings)
    seen: dict[str, set] = collections.defaultdict(set)
    census = None
    for _ in range(MAX_MOVES + 1):
        census = _census(s, census)
        legal = s.legal_moves()
        for m in legal:
            seen[m[0]].add(m[1:])
        assert all(s.is_legal(m) for m in legal), [m for m in legal if not s.is_legal(m)]
        bad = [m for m in _not_offered(rng, legal, seen, len(s.piles())) if s.is_legal(m)]
        assert not bad, f"legal but not offered: {bad[:5]} (offered: {legal})"
        hash(s.key())
        back = games.from_json(json.loads(json.dumps(s.to_json())))
        assert back.key() == s.key() and back.piles() == s.piles()
        _visible(s)
        if not legal or s.is_won():
            break
        s = s.apply(rng.choice(legal))
    again = games.replay(slug, deal, readings, s.moves())
    assert again.key() == s.key() and again.piles() == s.piles()
    assert again.to_json() == s.to_json()
