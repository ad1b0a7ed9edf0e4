"""Solver: proven losses (never a budget running out), dead-position pruning, symmetric keys."""
import pytest

from engine import games, policies, solver
from engine.cards import CARDS


def test_octagon_lost_deal_default_readings():
    """Octagon deal 80, default readings: side pile 2 is 4C QD' QD KD' 5D (bottom first).
    KD' can go up only onto a queen of diamonds, and both lie under it: it never leaves the
    pile, so the deal is lost, and the solver says so (outcome "lost", not a budget out)."""
    s = games.new("octagon", 80)
    assert [CARDS[c].code for c in s.sides[1]] == ["4C", "QD'", "QD", "KD'", "5D"]
    r = solver.solve(s, 10_000)
    assert r.outcome == "lost" and r.moves == [] and r.states < 10_000
    for pol in ("greedy", "random"):
        assert policies.playout(s, pol, seed=3)[0] != "won"


def test_octagon_dead_is_not_claimed_during_a_literal_opening():
    s = games.new("octagon", 80, {"negation": "literal"})
    assert not s.dead()  # any fitting card may still be dug out of a side pile


@pytest.mark.parametrize("slug,deal,budget", [("octagon", 19, 40_000),
                                              ("egyptian-pyramid", 10, 20_000),
                                              ("mill", 1, 5000)])
def test_dead_never_claimed_on_a_winning_line(slug, deal, budget):
    s = games.new(slug, deal)
    r = solver.solve(s, budget)
    assert r.outcome == "won"
    for m in r.moves:
        assert not s.dead()
        s = s.apply(m)
    assert s.is_won()


def test_undecided_is_never_lost():
    # Egyptian Pyramid: no loss is provable within small budgets (see the engine notes)
    r = solver.solve(games.new("egyptian-pyramid", 1), 2000)
    assert r.outcome == "undecided" and r.states >= 2000
