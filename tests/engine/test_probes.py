"""The solver's probes (:mod:`engine.probes`): where the depth-first search leaves a deal
undecided, short searches from seeded random lines find wins it missed; a win is a line
legal from the deal; a probe that proves its own position lost proves nothing."""
import pytest

from engine import games, probes, solver

SPIN = "spinning-wheel"
BUDGET = 1000


def test_a_probe_wins_a_deal_the_search_leaves_undecided():
    """Spinning Wheel deal 57 at 1,000 states: the search runs out; the third probe wins.
    The reported moves run from the deal and win under the rules' own referee (a variant
    returning only the probe's own moves, without its random line, fails here)."""
    assert solver.solve_deal(SPIN, 57, None, BUDGET).outcome == "undecided"
    r = probes.solve_deal_probing(SPIN, 57, None, BUDGET)
    assert r.outcome == "won"
    assert games.replay(SPIN, 57, None, r.moves).is_won()
    start = probes.random_line(SPIN, 57, None, 2)
    assert r.moves[:len(start.moves())] == start.moves()
    assert len(start.moves()) == probes.PREFIX_STEP * 3


def test_probes_are_deterministic_and_their_states_add_up():
    a = probes.solve_deal_probing(SPIN, 57, None, BUDGET)
    b = probes.solve_deal_probing(SPIN, 57, None, BUDGET)
    assert a.moves == b.moves and a.states == b.states
    plain = solver.solve_deal(SPIN, 57, None, BUDGET)
    assert a.states > plain.states


def test_a_probe_proving_its_own_position_lost_leaves_the_deal_undecided():
    """Spinning Wheel deal 48 at 1,000 states: the search runs out and the last two probes'
    random lines end in positions their searches prove lost, none wins: the deal stays
    undecided (never lost: the random moves may have thrown a won game away). A variant
    that reports such a deal lost fails here."""
    lost = [k for k in range(probes.PROBES) if solver.solve(
        probes.random_line(SPIN, 48, None, k), BUDGET // probes.PROBES).outcome == "lost"]
    assert lost
    assert probes.solve_deal_probing(SPIN, 48, None, BUDGET).outcome == "undecided"


def test_a_decided_deal_is_left_to_the_search():
    """Where the search decides (won or lost), no probe runs: the verdict and the states
    are the search's."""
    for d in (1, 2, 3):
        plain = solver.solve_deal("mill", d, None, 20_000)
        assert plain.outcome != "undecided"
        r = probes.solve_deal_probing("mill", d, None, 20_000)
        assert (r.outcome, r.moves, r.states) == (plain.outcome, plain.moves, plain.states)


def test_a_random_line_is_legal_and_stops_where_the_game_ends():
    for k in range(probes.PROBES):
        s = probes.random_line("mill", 5, None, k)
        end = games.replay("mill", 5, None, s.moves())
        assert end.key() == s.key()
        assert len(s.moves()) == probes.PREFIX_STEP * (k + 1) or not s.legal_moves()


def _undecided_search(monkeypatch, slug, deal, readings):
    """Make the depth-first search and every probe's search run out of budget, recording
    the readings each probe played under."""
    seen = []
    real_line = probes.random_line
    monkeypatch.setattr(probes, "solve_deal", lambda *a: solver.SolveResult("undecided"))

    def line(slug_, deal_, choice, k):
        seen.append(dict(choice))
        return real_line(slug_, deal_, choice, k)
    monkeypatch.setattr(probes, "random_line", line)
    return seen


def test_probes_also_play_under_each_restriction(monkeypatch):
    """As the depth-first search does (engine.solver.solve_deal), the probes of a deal under
    the wider reading run under every reading that only takes moves away, so each deal a
    restriction's probes win the wider reading's probes win too (a variant probing only
    under the readings asked fails here)."""
    seen = _undecided_search(monkeypatch, "octagon", 3, {"side-transfers": "allowed"})
    monkeypatch.setattr(probes, "solve", lambda s, b: solver.SolveResult("undecided"))
    r = probes.solve_deal_probing("octagon", 3, {"side-transfers": "allowed"}, 800)
    assert r.outcome == "undecided"
    full = games.new("octagon", 3, {"side-transfers": "allowed"}).cfg.readings
    wanted = [full] + solver.restrictions(games.get("octagon"), full)
    assert len(wanted) > 1
    assert seen == [c for c in wanted for _ in range(probes.PROBES)]


def test_a_restriction_probe_win_is_replayed_under_the_wider_readings(monkeypatch):
    """A win a restriction's probe reports is replayed from the deal under the readings
    asked; one the rules refuse there raises (a false 'restricts' declaration)."""
    _undecided_search(monkeypatch, "octagon", 3, {"side-transfers": "allowed"})

    def fake(s, b):   # a "win" under the restriction only, of a move no reading allows
        if s.cfg.readings["side-transfers"] == "none":
            return solver.SolveResult("won", [("no such move",)])
        return solver.SolveResult("undecided")
    monkeypatch.setattr(probes, "solve", fake)

    with pytest.raises(RuntimeError, match="restricts"):
        probes.solve_deal_probing("octagon", 3, {"side-transfers": "allowed"}, 800)
