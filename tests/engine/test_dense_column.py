"""The Dense Column (engine/games/dense_column.py)."""
from collections import Counter

from hypothesis import given, settings, strategies as st

from engine import games

from engine_walk import walk
from engine.games import dense_column as D
from engine.policies import playout
from engine.solver import solve

G = "dense-column"


def cards(s):
    return Counter(c % 52 for _n, _x, _y, cs, _f in s.piles() for c in cs)


def test_golden_deal_1():
    s = D.new(1)
    assert len(s.stock) == 96 and s.legal_moves() == [("turn",)]
    for _ in range(12):
        s = s.turn()
    p = {d["name"]: d["cards"] for d in s.layout()["piles"]}
    assert [len(p[n]) for n in D.PLACE_NAMES] == [1] * 12
    assert s.found == (1, 1, 1, 1, 13, 13, 13, 13)


def test_full_deal_and_side_rule():
    s = D.new(1)
    while s.stock:
        s = s.apply(("turn",))
    assert [len(p) for p in s.places] == [8] * 12
    # while dealing, a side card goes only to its own foundation
    s = D.new(3)
    seen = 0
    while s.stock:
        for m in s.foundation_moves():
            if D.BESIDE[m[1]] is not None:
                assert m[2] == D.BESIDE[m[1]]
                seen += 1
        s = s.apply(("turn",))
    assert cards(s) == Counter({c: 2 for c in range(52)})


def test_redeals_and_the_lost_end():
    """Greedy play of deal 1 loses; it redeals twice (three deals in all) and then stops."""
    o, f = playout(D.new(1), "greedy", max_moves=5000)
    assert o == "lost" and f.deal_no == 3 and not f.stock
    o4, f4 = playout(D.new(1, {"deals": "three-redeals"}), "greedy", max_moves=5000)
    assert f4.deal_no == 4
    assert games.replay(G, 1, None, f.moves()).key() == f.key()
    assert sum(1 for m in f.moves() if m == ("redeal",)) == 2


def test_solver_on_a_short_deal():
    """No deal of the first hundred is decided within a small budget (the game is long:
    96 cards, three deals); the solver answers undecided, never a wrong "lost"."""
    r = solve(D.new(1), 2_000)
    assert r.outcome == "undecided"


def test_readings_change_play():
    s = D.new(1)
    while s.stock:
        s = s.apply(("turn",))
    for rd in ({"build": "down"}, {"side-places": "always"}):
        t = D.new(1, rd)
        while t.stock:
            t = t.apply(("turn",))
        assert set(t.legal_moves()) < set(s.legal_moves()), rd
    a = playout(D.new(1), "greedy")[1]
    b = playout(D.new(1, {"gather": "corner-last"}), "greedy")[1]
    assert a.moves() != b.moves()
    c = playout(D.new(1, {"deals": "three-redeals"}), "greedy")[1]
    assert len(c.moves()) > len(a.moves())


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 10_000), st.sampled_from([{}, {"build": "down", "gather": "corner-last"},
                                                {"side-places": "always"}]),
       st.lists(st.integers(0, 99), max_size=150))
def test_invariants(deal, readings, picks):
    def invariant(s):
        assert cards(s) == Counter({c: 2 for c in range(52)})
    walk(D.new(deal, readings), picks, invariant)
