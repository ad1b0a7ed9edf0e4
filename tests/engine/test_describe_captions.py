"""Move captions tell what moved, once (breaker round 7, entry 1).

:func:`engine.describe.transfers` diffs two layouts, which name a count-only foundation's
cards by :meth:`engine.state.State.shown_piles`: in a game of two packs the copy drawn on a
foundation can change with a move elsewhere (a label swap, not a move), and a dig or a
redeal shifts the cards that stay in a pile. Both used to read as cards moving: "3♠′ from
foundation 1 to foundation 2; 3♠ from waste to foundation 1; 2 face-down cards from
foundation 1 to foundation 1" for one card sent home (Octagon deal 1, move 104). This walks
every game under every reading and checks each played move's transfers against the piles
the rules keep (:meth:`~engine.state.State.piles`)."""
from __future__ import annotations

import re
from collections import Counter

import pytest

from engine import api, describe, games
from engine.cards import CODES

NUMBER = {c: i for i, c in enumerate(CODES)}
SELF_MOVE = re.compile(r"from ([a-z]+(?: [a-z]+)*(?: \d+)?) (?:to|onto \S+ on) \1(?:[;,)]|$)")


def _cases():
    out = []
    for slug in games.available():
        mod = games.get(slug)
        for rd in [{}] + [{a.id: r.id} for a in mod.AMBIGUITIES for r in a.readings
                          if r.id != a.default]:
            out.append((slug, rd))
    return out


def _key(name: str, card: int) -> int:
    """A card as the check compares it: on a foundation (which keeps only a count, so which
    copy lies there is not kept) by rank and suit, elsewhere by its number."""
    return card % 52 if name.startswith("foundation") else card


def _changed(before, after) -> list[tuple[Counter, Counter]]:
    """Per pile of :meth:`piles` before the move, the cards that left it and the cards that
    came (a card that stays in its pile, shifted or not, did not move; a pile the move
    empties may leave the layout: the Goes-Doesn't-Go hand)."""
    now = {name: cards for name, _x, _y, cards, _f in after.piles()}
    out = []
    for name, _x, _y, b, _f in before.piles():
        a = now.get(name, ())
        bc, ac = Counter(_key(name, c) for c in b), Counter(_key(name, c) for c in a)
        out.append((bc - ac, ac - bc))
    return out


def _told(names: list[str], moved) -> list[tuple[Counter, Counter]]:
    out: list[tuple[Counter, Counter]] = [(Counter(), Counter()) for _ in names]
    for cs, i, j in moved:
        for c in cs:
            if i is not None:
                out[i][0][_key(names[i], NUMBER[c])] += 1
            if j is not None:
                out[j][1][_key(names[j], NUMBER[c])] += 1
    return out


def _check(slug, rd, deal, policy, moves):
    start = games.new(slug, deal, rd)
    states = [start, *games.replayed(start, [tuple(m) for m in moves])]
    layouts = [s.layout() for s in states]
    for n in range(1, len(states)):
        names = [p["name"] for p in layouts[n - 1]["piles"]]
        where = f"{slug} {rd} deal {deal} {policy} move {n} {moves[n - 1]}"
        moved = describe.transfers(layouts[n - 1], layouts[n])
        assert all(i is None or i != j for _cs, i, j in moved), (where, moved)
        cards = [c for cs, _i, _j in moved for c in cs]
        assert len(cards) == len(set(cards)), (where, moved)
        assert _told(names, moved) == _changed(states[n - 1], states[n]), (where, moved)
        text = describe.caption(tuple(moves[n - 1]), moved,
                                describe.masked(states[n - 1], layouts[n - 1]),
                                describe.masked(states[n], layouts[n]))
        assert not SELF_MOVE.search(text), (where, text)
        assert not re.search(r"face-down cards? from foundation", text), (where, text)


@pytest.mark.parametrize("slug,rd", _cases(), ids=lambda x: x if isinstance(x, str) else
                         ",".join(f"{k}={v}" for k, v in x.items()) or "default")
def test_captions_tell_each_moved_card_once(slug, rd):
    for deal in (1, 2):
        for policy in ("greedy", "random"):
            moves = api.play(slug, deal, rd, policy=policy, budget=150)["moves"]
            _check(slug, rd, deal, policy, moves)


@pytest.mark.parametrize("slug,deal,rd,n,expected", [
    # one card sent home, not a swap of two foundations' labels (the tester read foundation
    # 1; foundation 2 is the one that grows: its count goes from 2 to 3)
    ("octagon", 1, {}, 104, "3♠ from waste to foundation 2"),
    # a dig: the cards above the dug one stay in their pile
    ("octagon", 1, {"negation": "literal"}, 1, "2♥ from side pile 3 to foundation 3"),
])
def test_the_testers_captions(slug, deal, rd, n, expected):
    moves = api.play(slug, deal, rd, policy="greedy", budget=n)["moves"]
    assert api.steps(slug, deal, rd, moves[:n])[n]["caption"] == expected
