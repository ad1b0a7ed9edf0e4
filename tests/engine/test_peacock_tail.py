"""The Peacock's Tail (engine/games/peacock_tail.py)."""
from hypothesis import given, settings, strategies as st

from engine import games

from engine_walk import walk
from engine.cards import RANK, SUIT
from engine.games import peacock_tail as P
from engine.solver import solve

G = "peacock-tail"


def real_cards(s):
    return [c for p in s.reserves for c in p] + list(s.waste) + [c for p in s.up for c in p]


def test_golden_deal_1():
    s = P.new(1)
    p = {d["name"]: d["cards"] for d in s.layout()["piles"]}
    assert p["semicircle 13"] == ["KH", "KS'"]
    assert p["reserve 1"][:3] == ["AH", "10D", "JH"]
    assert s.found == (1, 1, 1, 1, 1)
    assert s.legal_moves() == [("found", 2), ("found", 5)]


def test_semicircle_alternates_colours_and_one_pack_leaves_twelve():
    for d in range(1, 40):
        s = P.new(d)
        for r, place in enumerate(s.up, start=2):
            assert all(RANK[c] == r for c in place)
            red = [SUIT[c] in (1, 2) for c in place]
            assert all(a != b for a, b in zip(red, red[1:]))
        one = P.new(d, {"packs": "one"})
        assert len(real_cards(one)) + len(one.found) == 52
        assert sum(len(p) for p in one.up) + len(one.waste) + len(one.found) == 12


def test_solver_win_replays_and_a_lost_deal():
    r = solve(P.new(38), 20_000)
    assert r.outcome == "won"
    assert games.replay(G, 38, None, r.moves).is_won()
    assert solve(P.new(5), 20_000).outcome == "lost"


def test_readings_change_play():
    assert P.new(1, {"packs": "one"}).found != P.new(1).found
    a, b = P.new(1), P.new(1, {"upper": "rule"})
    assert ("found", 5) in a.legal_moves() and ("found", 5) not in b.legal_moves()


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 10_000), st.sampled_from([{}, {"packs": "one"}, {"upper": "rule"}]),
       st.lists(st.integers(0, 99), max_size=100))
def test_invariants(deal, readings, picks):
    def invariant(s):
        cs = real_cards(s)
        assert len(cs) == len(set(cs)) and len(cs) + sum(s.found) == 52 * s.cfg.packs
    walk(P.new(deal, readings), picks, invariant)
