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
    for cs, i, j, _place in moved:
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
        assert all(i is None or i != j for _cs, i, j, _p in moved), (where, moved)
        cards = [c for cs, _i, _j, _p in moved for c in cs]
        assert len(cards) == len(set(cards)), (where, moved)
        assert _told(names, moved) == _changed(states[n - 1], states[n]), (where, moved)
        text = describe.caption(tuple(moves[n - 1]), moved,
                                describe.masked(states[n - 1], layouts[n - 1]),
                                describe.masked(states[n], layouts[n]))
        assert not SELF_MOVE.search(text), (where, text)
        assert not re.search(r"face-down cards? from foundation", text), (where, text)
        _check_places(text, moved, layouts[n - 1], layouts[n], where)


CLAUSE = re.compile(r"^.+? from (?P<src>.+?) (?:onto (?P<onto>\S+) on |under (?P<under>\S+) on "
                    r"|(?P<bottom>to the bottom of )|to )(?P<dst>.+)$")


def _check_places(text, moved, before, after, where):
    """Play the caption's words: each clause puts its cards where it says ("onto Y on Q": on
    Y, Q's top card at that point of the move; "under Z on Q": right under Z; "to the bottom
    of Q"; "to Q": anywhere, which says where only when Q is empty), starting from the cards
    that stay in each pile (the words say nothing of their order: a gather may turn them
    over); every pile the words place fully must come out as the move leaves it (each
    clause's cards in any order among themselves). Redeals that gather the packets
    and deal them again put cards under those that stay, or on piles whose cards all leave:
    "onto" named their top card all the same (Mill deal 2, move 79: "3 face-down cards from
    packet 5 onto 9♠ on packet 1", which went under it)."""
    if not moved or len(moved) > describe.MAX_CLAUSES:
        return
    names = [p["name"] for p in before["piles"]]
    now = {p["name"]: list(p["cards"]) for p in after["piles"]}
    by_ends = {(names[t[1]], names[t[2]]): t[0] for t in moved
               if t[1] is not None and t[2] is not None}
    sim: dict[str, list | None] = {   # the cards that stay, as they lie after the move
        p["name"]: [[c] for c in now.get(p["name"], []) if c in p["cards"]]
        for p in before["piles"]}
    body = text.split(": ", 1)[1] if re.match(r"^[a-z ]+: ", text) else text
    for clause in body.split("; "):
        m = CLAUSE.match(clause)
        if not m or (m["src"], m["dst"]) not in by_ends or m["dst"].startswith("foundation"):
            continue
        dst, piles = m["dst"], sim[m["dst"]]
        if piles is None:
            continue
        cs = sorted(by_ends[m["src"], dst], key=now[dst].index)
        if m["onto"]:
            assert piles and describe.symbol(piles[-1][-1]) == m["onto"], (where, text)
            piles.append(cs)
        elif m["under"]:
            k = [describe.symbol(b[0]) for b in piles].index(m["under"]) if piles else None
            assert k is not None, (where, text)
            piles.insert(k, cs)
        elif m["bottom"]:
            assert piles, (where, text)
            piles.insert(0, cs)
        elif piles:
            sim[dst] = None       # "to Q" onto cards: where is not said
        else:
            piles.append(cs)
    for name, piles in sim.items():
        if piles is None or name.startswith("foundation") or name not in now:
            continue
        got, k = now[name], 0
        for b in piles:
            assert sorted(got[k:k + len(b)]) == sorted(b), (where, text, name, piles, got)
            k += len(b)


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
    # a redeal gathers the packets and deals them again: K♠ lands under the three that stay
    ("mill", 1, {}, 94, "redeal: J♠ from packet 1 to packet 2; K♠ from packet 3 to the "
                        "bottom of packet 1"),
    # ... the three go under 9♠, which the first clause dealt there
    ("mill", 2, {}, 79, "redeal: 9♠ from packet 4 to packet 1; 2 face-down cards from packet 4 "
                        "to packet 2; 3 face-down cards from packet 5 to the bottom of packet 1"),
    # ... packet 1's two go to packet 2, whose two (K♠ on top) all leave: not "onto K♠"
    ("mill", 2, {}, 80, "redeal: 2 face-down cards from packet 1 to packet 2; 2 face-down "
                        "cards from packet 2 to the bottom of packet 1"),
])
def test_the_testers_captions(slug, deal, rd, n, expected):
    moves = api.play(slug, deal, rd, policy="greedy", budget=n)["moves"]
    assert api.steps(slug, deal, rd, moves[:n])[n]["caption"] == expected


def _layout(**piles):
    return {"piles": [{"name": name.replace("_", " "), "cards": cards}
                      for name, cards in piles.items()]}


def test_a_card_put_under_others_is_told_so():
    """The words say where a card lands: on the top card only when it goes on top; between
    two cards, under the upper one, named only if seen; under all, at the bottom."""
    before = _layout(packet_1=["AS", "2S", "3S"], packet_2=["KH"], packet_3=["QH"])
    after = _layout(packet_1=["AS", "KH", "2S", "3S"], packet_2=[], packet_3=["QH"])
    moved = describe.transfers(before, after)
    assert moved == [(["KH"], 1, 0, ("AS", "2S"))]
    seen = before["piles"]
    assert describe.caption(("x",), moved, seen, None) == "K♥ from packet 2 under 2♠ on packet 1"
    hidden = [dict(p, cards=[None, None, "3S"]) if p["name"] == "packet 1" else p for p in seen]
    assert describe.caption(("x",), moved, hidden, None) == "K♥ from packet 2 to packet 1"
    bottom = _layout(packet_1=["KH", "AS", "2S", "3S"], packet_2=[], packet_3=["QH"])
    assert describe.caption(("x",), describe.transfers(before, bottom), seen, None) == (
        "K♥ from packet 2 to the bottom of packet 1")
    top = _layout(packet_1=["AS", "2S", "3S", "KH"], packet_2=[], packet_3=["QH"])
    assert describe.caption(("x",), describe.transfers(before, top), seen, None) == (
        "K♥ from packet 2 onto 3♠ on packet 1")
    # dealt in turn with the cards that stay: no single place to name
    two = _layout(packet_1=["AS", "2S", "3S"], packet_2=["KH", "QH"], packet_3=[])
    apart = _layout(packet_1=["AS", "KH", "2S", "QH", "3S"], packet_2=[], packet_3=[])
    assert describe.caption(("x",), describe.transfers(two, apart), two["piles"], None) == (
        "K♥, Q♥ from packet 2 to packet 1")
