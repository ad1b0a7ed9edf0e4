"""The Egyptian Pyramid's pruning rules (``PRUNINGS``): switching any one off never changes
a verdict of the solver on positions late in won games (and their siblings one move away),
and a deliberately unsound variant of the automatic moves is caught by the same
comparison."""
import functools
import random

import pytest

from engine import games, solver
from engine.games import egyptian_pyramid as EP
from engine_walk import disagreements

G = "egyptian-pyramid"
BUDGET = 20_000


@functools.cache
def _solutions() -> dict:
    """Solutions (every rule on) of won deals."""
    out = {}
    for d in (10, 15):
        r = solver.solve(games.new(G, d), 100_000)
        assert r.outcome == "won"
        out[d] = r.moves
    return out


def positions(off=()) -> list:
    """Positions along the solutions once at most 12 cards are left in the pack (every 40th move),
    each with a sibling one other legal move away (turning the next card, where it
    may), built with the rules ``off`` switched off."""
    out = []
    for d, sol in _solutions().items():
        rnd = random.Random(d)
        s = games.new(G, d, off=off)
        for j, m in enumerate(sol):
            if len(s.stock) - s.ptr <= 12 and j % 40 == 0:
                out.append(s)
                others = [o for o in s.legal_moves() if o != m]
                if others:
                    out.append(s.apply(("turn",) if ("turn",) in others
                                       else rnd.choice(others)))
            s = s.apply(m)
    return out


def verdicts(off=()) -> list[str]:
    return [solver.search(s, BUDGET).outcome for s in positions(off)]


@functools.cache
def _on() -> tuple:
    return tuple(verdicts())


@pytest.mark.parametrize("rule", sorted(EP.PRUNINGS))
def test_switching_a_rule_off_never_changes_a_verdict(rule):
    on, off = list(_on()), verdicts({rule})
    assert "won" in on
    decided = sum("undecided" not in (x, y) for x, y in zip(on, off))
    assert decided >= 0.5 * len(on)
    assert disagreements(on, off) == 0


def test_every_move_up_automatic_is_caught(monkeypatch):
    """Playing every card that goes up without branching (a card that could still take a
    lower card, or whose move empties a place the waste must fill) is unsound."""
    def every_move_up(self):
        if self.fill_pending():
            return self.fill_moves()[0]
        return next((m for m in self.legal_moves() if m[0] == "found"), None)
    _solutions()
    off = verdicts({"nothing-builds-up"})
    monkeypatch.setattr(EP.EPState, "safe_move", every_move_up)
    assert disagreements(verdicts(), off) >= 1


# -- the proof of loss in dead(): made unsound on purpose, it is caught ---------------------

def test_stuck_waste_top_without_moves_of_the_tableau_is_caught(monkeypatch):
    """``stuck-waste-top`` that forgets the tableau cards can move first (the waste top
    'stuck' whenever it cannot go home at once) proves false losses, and the comparison
    sees them."""
    _solutions()
    off = verdicts({"stuck-waste-top"})
    monkeypatch.setattr(EP, "stuck_waste_top",
                        lambda found, base, tab, w: EP.fnd.target(found, base, w) < 0)
    assert disagreements(verdicts(), off) >= 1


def test_proofs_of_loss_never_claim_a_won_position():
    """Along the solutions of won deals (every position, automatic moves and all), under
    the default and the other readings, dead() is never True: a won position is never
    proved lost."""
    for readings in ({}, {"fill": "optional"}, {"turned-card": "may-bury"}):
        for d in (10, 15):
            r = solver.solve(games.new(G, d, readings), 100_000)
            if r.outcome != "won":
                continue
            s = games.new(G, d, readings)
            for m in r.moves:
                assert not s.dead(), (readings, d, len(s.moves()))
                s = s.apply(m)


# -- card-never-leaves: made unsound on purpose, it claims won positions dead ----------------

import inspect  # noqa: E402

#: deals won at the defaults within 5,000 states, whose every position is a won one
_WON_FAST = (10, 15, 30, 40, 49, 84)

#: name -> (the function of the rule edited: :func:`EP.card_never_leaves` or the bookkeeping
#: it shares, :func:`EP._leaving`; a text of it; its unsound replacement)
CNL_VARIANTS = {
    # a waste or pack card may go onto an exposed pile top that never moved: forgotten
    "hosts-must-have-left": ("card_never_leaves", "(lrank[r] or r in exposed)", "lrank[r]"),
    # a waste or pack card may go into a place that empties: forgotten
    "no-empty-place": ("card_never_leaves", "if empty or home_ok(y)", "if home_ok(y)"),
    # a card may go home on either foundation of its suit: only the higher one counted
    "one-foundation": ("_leaving", "for h in (lowh[s], highh[s]):", "for h in (highh[s],):"),
    # a card of the pack, once it leaves, can host: forgotten
    "pack-never-hosts": ("card_never_leaves", "rest_left[j] = True\n                    add(y)",
                         "rest_left[j] = True"),
}


@functools.cache
def _won_positions() -> tuple:
    """Every position (automatic moves and all) along the solutions of :data:`_WON_FAST`:
    each is won, so no sound proof of loss may claim one."""
    out = []
    for d in _WON_FAST:
        r = solver.solve(games.new(G, d), 5_000)
        assert r.outcome == "won", d
        s = games.new(G, d)
        for m in r.moves:
            out.append(s)
            s = s.apply(m)
    return tuple(out)


def test_card_never_leaves_never_claims_a_won_position():
    assert not any(s.dead() for s in _won_positions())


@pytest.mark.parametrize("variant", sorted(CNL_VARIANTS))
def test_card_never_leaves_made_unsound_is_caught(monkeypatch, variant):
    """Each guard of ``card-never-leaves`` dropped in turn (the function's source edited)
    makes ``dead()`` claim some position along a won game."""
    name, old, new = CNL_VARIANTS[variant]
    src = inspect.getsource(getattr(EP, name))
    assert old in src, variant
    ns = dict(vars(EP))
    exec(src.replace(old, new), ns)  # noqa: S102 - a test's deliberate variant
    positions = _won_positions()
    monkeypatch.setattr(EP, name, ns[name])
    assert any(s.dead() for s in positions), variant
