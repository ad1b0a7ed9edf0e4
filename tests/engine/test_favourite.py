"""The Favourite (engine/games/favourite.py)."""
from collections import Counter

from hypothesis import given, settings, strategies as st

from engine import games

from engine_walk import walk
from engine.cards import RANK
from engine.games import favourite as F
from engine.solver import solve

G = "favourite"


def cards_everywhere(s):
    return Counter(c for _n, _x, _y, cards, _f in s.piles() for c in cards)


def test_golden_deal_1():
    s = F.new(1)
    p = {d["name"]: d["cards"] for d in s.layout()["piles"]}
    assert s.cfg.base == 11
    assert [p[f"foundation {i}"] for i in range(1, 5)] == [["JD"], ["JH"], ["JC"], ["JS"]]
    assert p["right row 1"] == ["6D", "8H", "9H", "3D", "3H"]
    assert p["left row 4"] == ["8D", "4S", "2H", "10C"]
    assert p["right separate"] == ["4C", "3C", "2C", "8S", "2S"]
    assert s.legal_moves() == [("direction", "down"), ("direction", "up")]


def test_deal_accounts_for_all_cards():
    """favourite:6: four foundations; right rows of five and five apart; left five apart and
    rows of 5, 5, 4, 4: 52 cards, on every deal (reading deal-order=round)."""
    for d in range(1, 301):
        s = F.new(d)
        ps = s.piles_
        assert [len(ps[i]) for i in range(10)] == [5, 5, 5, 5, 5, 5, 4, 4, 5, 5]
        assert all(RANK[c] != s.cfg.base for p in ps for c in p)
        assert sorted(cards_everywhere(s)) == list(range(52))


def test_base_in_turn_breaks_the_counts():
    bad = sum(1 for d in range(1, 51)
              if [len(p) for p in F.new(d, {"deal-order": "base-in-turn"}).piles_]
              != [5, 5, 5, 5, 5, 5, 4, 4, 5, 5])
    assert bad > 40


def test_solver_win_replays_and_a_lost_deal():
    r = solve(F.new(1), 50_000)
    assert r.outcome == "won"
    assert r.moves[0][0] == "direction"
    end = games.replay(G, 1, None, r.moves)
    assert end.is_won() and not end.legal_moves()
    assert solve(F.new(2), 50_000).outcome == "lost"


def test_readings_change_play():
    base = F.new(1)
    pf = F.new(1, {"direction": "per-foundation"})
    assert pf.legal_moves()[0][0] != "direction"
    assert F.new(1, {"deal-order": "base-in-turn"}).piles_ != base.piles_
    s = F.new(3).apply(("direction", "up"))
    so = F.new(3, {"separate": "source-only"}).apply(("direction", "up"))
    assert set(so.legal_moves()) < set(s.legal_moves())
    s = F.new(8).apply(("direction", "up"))
    w = F.new(8, {"wrap": "yes"}).apply(("direction", "up"))
    assert set(s.legal_moves()) < set(w.legal_moves())


READINGS = [{}, {"direction": "per-foundation"}, {"separate": "source-only", "wrap": "yes"},
            {"deal-order": "base-in-turn", "direction": "per-foundation"}]


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 10_000), st.sampled_from(READINGS), st.lists(st.integers(0, 99),
                                                                     max_size=60))
def test_invariants(deal, readings, picks):
    def invariant(s):
        assert sorted(cards_everywhere(s)) == list(range(52))
    s = walk(F.new(deal, readings), picks, invariant)
    assert not s.is_legal(("build", 0, 0)) and not s.is_legal(("nonsense",))
