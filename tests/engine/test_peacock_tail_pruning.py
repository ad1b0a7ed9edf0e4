"""The Peacock's Tail's pruning rules (``PRUNINGS``): switching any one off never changes a
verdict of the solver on positions near the end of won games, and a deliberately unsound
variant of the semicircle dominance (the rule inverted: issue 19, item 2) is caught by the
same comparison."""
import functools
import random

import pytest

from engine import games, solver
from engine.cards import RANK
from engine.games import peacock_tail as P
from engine_walk import disagreements

G = "peacock-tail"
BUDGET = 20_000


@functools.cache
def _solutions() -> dict:
    """Solutions (every rule on) of three won deals."""
    out = {}
    for d in (24, 30, 38):
        r = solver.solve(games.new(G, d), BUDGET)
        assert r.outcome == "won"
        out[d] = r.moves
    return out


def positions(off=()) -> list:
    """Positions along the solutions (from move 34 on, every 10th), each with a sibling one
    other legal move away (often lost), built with the rules ``off`` switched off."""
    out = []
    for d, sol in _solutions().items():
        rnd = random.Random(d)
        for j in range(34, len(sol), 10):
            s = games.new(G, d, off=off)
            for m in sol[:j]:
                s = s.apply(m)
            out.append(s)
            others = [m for m in s.legal_moves() if m != sol[j]]
            if others:
                out.append(s.apply(rnd.choice(others)))
    return out


def verdicts(off=()) -> list[str]:
    return [solver.search(s, BUDGET).outcome for s in positions(off)]


@functools.cache
def _on() -> tuple:
    return tuple(verdicts())


@pytest.mark.parametrize("rule", sorted(P.PRUNINGS))
def test_switching_a_rule_off_never_changes_a_verdict(rule):
    on, off = list(_on()), verdicts({rule})
    assert {"won", "lost"} <= set(on)
    decided = sum("undecided" not in (x, y) for x, y in zip(on, off))
    assert decided >= 0.8 * len(on)
    assert disagreements(on, off) == 0


def test_the_semicircle_dominance_inverted_is_caught(monkeypatch):
    """Inverted, the dominance drops the reserve's and the waste's cards whenever the
    semicircle offers the same rank: unsound, and the comparison sees it."""
    def inverted(self):
        moves = self.legal_moves()
        up = {RANK[self._src_card(m[1])] for m in moves if m[1] > P.WASTE}
        return [m for m in moves if m[1] > P.WASTE or RANK[self._src_card(m[1])] not in up]
    _solutions()
    off = verdicts({"semicircle-dominated"})
    monkeypatch.setattr(P.PeacockState, "search_moves", inverted)
    assert disagreements(verdicts(), off) >= 5


def test_a_blocked_rank_proof_that_forgets_the_semicircle_is_caught(monkeypatch):
    """The proof of loss without its condition on the semicircle (a card of rank k there is
    free, so the rank is not blocked) is unsound; the comparison sees it."""
    def forgets(self):
        top = max(self.found, default=0)
        present, free = [False] * 14, [False] * 14
        for p in self.reserves + (self.waste,):
            above = 0
            for c in reversed(p):
                r = RANK[c]
                present[r] = True
                if r >= above:
                    free[r] = above = r
        return any(present[k] and not free[k] for k in range(max(top + 1, 2), 14))
    _solutions()
    off = verdicts({"blocked-rank"})
    monkeypatch.setattr(P.PeacockState, "dead", forgets)
    assert disagreements(verdicts(), off) >= 1
