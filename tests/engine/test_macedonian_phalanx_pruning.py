"""The Macedonian Phalanx's pruning rules (``PRUNINGS``): switching any one off never
changes a verdict of the solver on positions late in won games (and their siblings one
move away), and a deliberately unsound variant of the proof of loss is caught by the same
comparison."""
import functools
import random

import pytest

from engine import games, solver
from engine.games import macedonian_phalanx as MP
from engine_walk import disagreements

G = "macedonian-phalanx"
BUDGET = 20_000


@functools.cache
def _solutions() -> dict:
    """Solutions (every rule on) of won deals."""
    out = {}
    for d in (1, 4, 6, 12, 15, 18, 23):
        r = solver.solve(games.new(G, d), BUDGET)
        assert r.outcome == "won"
        out[d] = r.moves
    return out


def positions(off=()) -> list:
    """Positions along the solutions once at most 10 cards are left in the pack, each with
    a sibling one other legal move away (dealing, where it may), and the positions of deals 1-30 with 5 cards left in the pack when the next card is
    dealt whenever it may be; built with the rules ``off`` switched off."""
    out = []
    for d, sol in _solutions().items():
        rnd = random.Random(d)
        s = games.new(G, d, off=off)
        for j, m in enumerate(sol):
            if len(s.stock) - s.ptr <= 10 and j % 6 == 0:
                out.append(s)
                others = [o for o in s.legal_moves() if o != m]
                if others:   # dealing when the solution does not: often lost
                    out.append(s.apply(("turn",) if ("turn",) in others
                                       else rnd.choice(others)))
            s = s.apply(m)
    for d in range(1, 31):   # a player who deals whenever he may: mostly lost
        s = games.new(G, d, off=off)
        while s.legal_moves() and len(s.stock) - s.ptr > 5:
            s = s.apply(s.legal_moves()[-1])
        out.append(s)
    return out


def verdicts(off=()) -> list[str]:
    return [solver.search(s, BUDGET).outcome for s in positions(off)]


@functools.cache
def _on() -> tuple:
    return tuple(verdicts())


@pytest.mark.parametrize("rule", sorted(MP.PRUNINGS))
def test_switching_a_rule_off_never_changes_a_verdict(rule):
    on, off = list(_on()), verdicts({rule})
    assert {"won", "lost"} <= set(on)
    decided = sum("undecided" not in (x, y) for x, y in zip(on, off))
    assert decided >= 0.8 * len(on)
    assert disagreements(on, off) == 0


def test_a_relaxed_bound_that_forgets_the_waste_is_caught(monkeypatch):
    """A relaxation that never lets a buried waste card come back (only the pyramid, the
    pack and the waste top count) is no relaxation: it claims losses that are wins."""
    real = MP.relaxed_wins

    def forgets(found, base, pyr, stock, waste, **kw):
        return real(found, base, pyr, stock, waste[-1:], **kw)
    _solutions()
    off = verdicts({"relaxed-bound", "relaxed-deals-bury"})
    monkeypatch.setattr(MP, "relaxed_wins", forgets)
    assert disagreements(verdicts(), off) >= 1


def test_relaxed_bound_is_exact_once_the_pack_is_used_up():
    """With the pack used up the relaxed game is the game: the proof of loss holds exactly
    where greedy play up (rule ``endgame``) fails."""
    n = 0
    for s in positions():
        if s.ptr >= len(s.stock) and s.phase == 2:
            n += 1
            t = s
            while t.legal_moves():
                t = t.apply(t.legal_moves()[0])
            assert t.is_won() == (not s.dead())
    assert n >= 3
