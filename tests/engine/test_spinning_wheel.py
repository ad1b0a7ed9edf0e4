"""The Spinning Wheel (engine/games/spinning_wheel.py)."""
from collections import Counter

from hypothesis import given, settings, strategies as st

from engine import games

from engine_walk import walk
from engine.games import spinning_wheel as W
from engine.policies import playout
from engine.solver import solve

G = "spinning-wheel"


def test_golden_deal_1():
    s = W.new(1)
    p = {d["name"]: d["cards"] for d in s.layout()["piles"]}
    assert p["foundation 1"] == ["AS"] and p["foundation 13"] == ["KD'"]
    assert p["hand"][-3:] == ["8S", "10H", "8H"]  # bottom first: the next card is last
    # spinning-wheel:2 (reading waste-entry=cannot-go): the 8 goes on the wheel, so not
    # on a waste pile; under waste-entry=any the player may also lay it aside
    assert s.legal_moves() == [("wheel", "h", 6)]
    # both waste piles are empty: either may take it (the rules allow both); the solver
    # tries one (search_moves, rule equal-wastes)
    anyw = W.new(1, {"waste-entry": "any"})
    assert anyw.legal_moves() == [("wheel", "h", 6), ("waste", 0), ("waste", 1)]
    assert anyw.search_moves() == [("wheel", "h", 6), ("waste", 0)]
    assert len(s.hand) == 91


def final_tops(readings, deal):
    r = solve(W.new(deal, readings), 20_000)
    if r.outcome != "won":
        return None
    return games.replay(G, deal, readings, r.moves).tops


def test_wheel_ends_turned_round_under_compulsory_placement():
    """spinning-wheel:7: every won deal ends in the same clockwise order, the ace moved six
    places clockwise (seven counter-clockwise: half a turn)."""
    won = 0
    for d in range(1, 11):
        t = final_tops({}, d)
        if t is not None:
            won += 1
            assert W.turned(t) == 6, t
    assert won >= 3


def test_advice_placement_breaks_the_order_but_not_the_outcome():
    broken = 0
    for d in (1, 3, 6):
        a, b = solve(W.new(d), 20_000), solve(W.new(d, {"placement": "advice"}), 20_000)
        assert a.outcome == b.outcome == "won"
        s = W.new(d, {"placement": "advice"})
        # play the wheel moves to the first place offered but a different one when possible
        o, f = playout(s, "random", seed=d)
        broken += W.turned(f.tops) is None
    assert broken >= 1


def test_solver_win_replays_and_a_lost_deal():
    r = solve(W.new(1), 20_000)
    assert r.outcome == "won"
    assert games.replay(G, 1, None, r.moves).is_won()
    r = solve(W.new(1, {"waste": "dead"}), 20_000)
    assert r.outcome == "lost"


def test_readings_change_play():
    s = W.new(2)
    for _ in range(30):
        s = s.apply(s.legal_moves()[0])
    a = W.new(2, {"placement": "advice"})
    for m in s.moves():
        a = a.apply(m)
    assert len(a.wheel_moves()) >= len(s.wheel_moves())
    assert any(len(x.targets(r)) > len(y.targets(r)) for x, y in [(a, s)] for r in range(1, 14))
    d = W.new(1, {"waste": "dead", "waste-entry": "any"}).apply(("waste", 0))
    assert d.legal_moves() == []
    assert W.new(1, {"waste-entry": "any"}).apply(("waste", 0)).legal_moves()


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 10_000), st.sampled_from([{}, {"placement": "advice"},
                                                {"waste": "dead"}, {"waste-entry": "any"}]),
       st.lists(st.integers(0, 99), max_size=80))
def test_invariants(deal, readings, picks):
    def invariant(s):
        cards = Counter(c for _n, _x, _y, cs, _f in s.piles() for c in cs)
        assert sorted(cards) == list(range(104)) and max(cards.values()) == 1
        assert sum(s.count) + len(s.hand) + len(s.waste[0]) + len(s.waste[1]) == 91
    s = walk(W.new(deal, readings), picks, invariant)
    if readings.get("placement") != "advice":  # spinning-wheel:5: the order is kept
        tops = s.tops
        assert sum(1 for i in range(13) if tops[(i + 1) % 13] < tops[i]) <= 1
