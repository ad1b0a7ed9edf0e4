"""Heart to Heart's pruning rules (``PRUNINGS``): switching any one off never changes a
verdict of the solver on deals 1-30, and a deliberately unsound variant of the
``same-packets`` rule (every pair taken as equivalent to the first one) is caught by the
same comparison."""
import functools

import pytest

from engine import games, solver
from engine.games import heart_to_heart as H
from engine_walk import disagreements

G = "heart-to-heart"
BUDGET = 20_000


def verdicts(off=()) -> list[str]:
    return [solver.search(games.new(G, d, off=off), BUDGET).outcome for d in range(1, 31)]


@functools.cache
def _on() -> tuple:
    return tuple(verdicts())


@pytest.mark.parametrize("rule", sorted(H.PRUNINGS))
def test_switching_a_rule_off_never_changes_a_verdict(rule):
    on, off = list(_on()), verdicts({rule})
    assert "won" in on
    assert sum("undecided" not in (x, y) for x, y in zip(on, off)) >= 25
    assert disagreements(on, off) == 0


def test_every_pair_taken_as_the_first_is_caught(monkeypatch):
    def first_pair_only(self):
        moves = self.legal_moves()
        pairs = [m for m in moves if m[0] == "pair"]
        return pairs[:1] + [m for m in moves if m[0] != "pair"]
    off = verdicts({"same-packets"})
    monkeypatch.setattr(H.HeartState, "search_moves", first_pair_only)
    assert disagreements(verdicts(), off) >= 1
