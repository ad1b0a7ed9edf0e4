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


def test_a_win_under_two_restrictions_at_once_counts_for_the_wider_reading():
    """The Octagon under ``side-build=any-suit``: its restrictions are ``side-build=in-suit``
    and ``stock-play=compulsory``, each alone, and the two at once (each takes moves away
    whatever the other ambiguity reads). Deal 33 at 3,000 states a search is won only under
    both (the default, in-suit, wins it through its own restriction, compulsory), and the win
    is replayed under any-suit before it counts (a variant without the combinations leaves
    the deal undecided here)."""
    mod = games.get("octagon")
    wide = {"side-build": "any-suit"}
    full = mod.new(33, wide).cfg.readings
    both = {**full, "side-build": "in-suit", "stock-play": "compulsory"}
    assert solver.restrictions(mod, full)[-1] == both
    for single in solver.restrictions(mod, full)[:-1]:
        assert solver.solve(mod.new(33, single), 3000).outcome == "undecided"
    r = solver.solve_deal("octagon", 33, wide, 3000)
    assert r.outcome == "won"
    assert games.replay("octagon", 33, wide, r.moves).is_won()
