"""The Spinning Wheel's pruning rules (``PRUNINGS``, folds of the key): switching any one
off never changes a verdict of the solver on deals 1-30, and a deliberately unsound fold
(the two waste piles merged into one sorted heap, which forgets their order) is caught by
the same comparison."""
import functools

import pytest

from engine import games, solver
from engine.cards import RANK
from engine.games import spinning_wheel as SW
from engine_walk import disagreements

G = "spinning-wheel"
BUDGET = 20_000


def verdicts(off=()) -> list[str]:
    return [solver.search(games.new(G, d, off=off), BUDGET).outcome for d in range(1, 31)]


@functools.cache
def _on() -> tuple:
    return tuple(verdicts())


@pytest.mark.parametrize("rule", sorted(SW.PRUNINGS))
def test_switching_a_rule_off_never_changes_a_verdict(rule):
    on, off = list(_on()), verdicts({rule})
    assert "won" in on
    assert sum("undecided" not in (x, y) for x, y in zip(on, off)) >= 20
    assert disagreements(on, off) == 0


def test_a_fold_that_forgets_the_waste_order_is_caught(monkeypatch):
    def merged(self):
        w0, w1 = self.waste
        return (self.pos, tuple(sorted(self.tops)), tuple(sorted(RANK[c] for c in w0 + w1)))
    off = verdicts({"key-wastes-alike"})
    monkeypatch.setattr(SW.WheelState, "key", merged)
    assert disagreements(verdicts(), off) >= 1
