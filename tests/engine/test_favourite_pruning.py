"""The Favourite's solver rules (engine/games/favourite.py ``PRUNINGS``) under the readings
where they act, which the generic comparison of tests/engine/test_pruning.py (default
readings only) does not reach: rule ``stuck-separate`` acts only under ``fill=rows-only``.

Positions: the start, late positions of random playouts, positions along the solver's
winning lines (deals won under ``rows-only``), and the first position of each random
playout where the rule fires. Every pair of decided verdicts (rule on / off) must agree,
and where the rule fires the search with it off must never win. Deliberately unsound
variants (the partner test dropped; the reading guard dropped) must be caught."""
import pytest

from engine import games, policies, solver
from engine.games import favourite as F

import test_pruning as T

G = "favourite"
RULE = "stuck-separate"
ROWS_ONLY = {"fill": "rows-only"}
BUDGET = 3000


def _at(deal, moves, readings, off=()):
    s = games.new(G, deal, readings, off=off)
    for m in moves:
        s = s.apply(m)
    return s


def _positions(readings, deals=range(1, 13)):
    """(deal, moves): the start, late positions of random playouts and of the solver's
    winning lines, and every position of those lines where the rule fires."""
    out = []
    for deal in deals:
        start = games.new(G, deal, readings)
        lines = [policies.run(start, "random", seed=sd, max_moves=600).state.moves()
                 for sd in range(2)]
        r = solver.solve(start, BUDGET)
        if r.outcome == "won":
            lines.append(r.moves)
        out.append((deal, []))
        for moves in lines:
            for back in (2, 4, 8, 16, 32):
                if len(moves) > back:
                    out.append((deal, moves[:len(moves) - back]))
            s = start
            for i, m in enumerate(moves):
                s = s.apply(m)
                if s._stuck_cycle():
                    out.append((deal, moves[:i + 1]))
    return out


@pytest.fixture(scope="module")
def rows_only_positions():
    return _positions(ROWS_ONLY)


def test_stuck_separate_never_changes_a_verdict(rows_only_positions):
    decided, bad = T.compare(G, RULE, ROWS_ONLY, rows_only_positions)
    assert not bad, f"{RULE} changes verdicts (deal, moves, on, off): {bad}"
    assert decided >= 20, decided


def test_where_stuck_separate_fires_the_position_is_lost():
    """Positions where the rule fires (first such of random playouts, deals 1-40): the
    search with the rule off never wins there, and decides most of them lost."""
    lost = 0
    fired = 0
    for deal in range(1, 41):
        start = games.new(G, deal, ROWS_ONLY)
        for sd in range(3):
            moves = policies.run(start, "random", seed=sd, max_moves=600).state.moves()
            s = start
            for i, m in enumerate(moves):
                s = s.apply(m)
                if s._stuck_cycle():
                    fired += 1
                    r = solver.solve(_at(deal, moves[:i + 1], ROWS_ONLY, {RULE}), BUDGET)
                    assert r.outcome != "won", (deal, moves[:i + 1])
                    lost += r.outcome == "lost"
                    break
    assert fired >= 10 and lost >= 0.8 * fired, (fired, lost)


def test_stuck_separate_is_off_under_the_default_fill():
    for deal in range(1, 30):
        s = games.new(G, deal)
        s = s.apply(s.legal_moves()[0])
        assert not s._stuck_cycle()


def test_an_unsound_partner_test_is_caught(rows_only_positions, monkeypatch):
    """Every separate-line card lying on another counted as stuck (its build partners
    ignored): the comparison finds a verdict changed."""
    monkeypatch.setattr(F.FavouriteState, "_only_up", lambda self, x, below, up: True)
    decided, bad = T.compare(G, RULE, ROWS_ONLY, rows_only_positions)
    assert bad, f"unsound partner test went unnoticed ({decided} decided)"


def test_an_unsound_reading_guard_is_caught(monkeypatch):
    """The rule applied under fill=any-free-card too, where a separate-line card may fill
    an emptied row: the comparison finds a verdict changed."""
    where = _positions(None, range(1, 9))
    monkeypatch.setattr(F.FavouriteState, "_separate_never_fills", lambda self: True)
    decided, bad = T.compare(G, RULE, None, where)
    assert bad, f"unsound reading guard went unnoticed ({decided} decided)"


@pytest.mark.parametrize("readings", [None, ROWS_ONLY, {"direction": "per-foundation"}])
def test_search_moves_only_reorders(readings):
    """The move order (search_moves) prunes nothing: the legal moves, each once, along
    random playouts."""
    for deal in range(1, 6):
        s = games.new(G, deal, readings)
        for m in policies.run(s, "random", seed=deal, max_moves=200).state.moves():
            assert sorted(s.search_moves()) == sorted(s.legal_moves())
            s = s.apply(m)
