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
    """As the depth-first search does (engine.solver.solve_deal), the probes and the
    playouts of a deal under the wider reading run under every reading that only takes moves
    away, so each deal a restriction's probes win the wider reading's probes win too (a
    variant probing or playing out only under the readings asked fails here)."""
    seen = _undecided_search(monkeypatch, "octagon", 3, {"side-transfers": "allowed"})
    monkeypatch.setattr(probes, "solve", lambda s, b: solver.SolveResult("undecided"))
    r = probes.solve_deal_probing("octagon", 3, {"side-transfers": "allowed"}, 800)
    assert r.outcome == "undecided"
    full = games.new("octagon", 3, {"side-transfers": "allowed"}).cfg.readings
    wanted = [full] + solver.restrictions(games.get("octagon"), full)
    assert len(wanted) > 1
    # the probes under each choice, then the playouts' random lines under each
    assert seen == [c for c in wanted for _ in range(probes.PROBES)] + [
        c for c in wanted for _ in range(probes.LINES)]


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


def test_every_deal_the_greedy_player_wins_the_playouts_win_with_its_moves():
    """The playouts begin with the greedy player from the deal, at a move limit no smaller
    than its rows' (so the solver's row is the ceiling of the greedy row on every deal): on
    deals the greedy player wins, the playouts' win is the greedy player's own game (a
    variant that starts with the random lines, or leaves the greedy player out, fails)."""
    from engine import policies
    checked = 0
    for d in range(1, 30):
        g = policies.run(games.new("heart-to-heart", d), "greedy", max_moves=5_000)
        if g.outcome != "won":
            continue
        r = probes.playouts("heart-to-heart", d)
        assert (r.outcome, r.moves) == ("won", g.state.moves())
        checked += 1
    assert checked >= 5


def test_the_playouts_move_limit_covers_every_players_row():
    from engine import results
    assert probes.PLAYOUT_MOVES >= max([results.BUDGETS["greedy"], results.BUDGETS["blind"]]
                                       + list(results.MOVE_LIMITS.values()))


def test_the_greedy_player_after_a_random_line_wins_what_the_search_left_open():
    """Heart Speaks to Heart under ``unmatched=set-aside``, deal 163: the search and its
    probes at the table's 20,000 states leave it undecided and the greedy player loses it
    from the deal; after random line 8 the greedy player wins. The win runs from the deal
    (random line, then the player's moves) and replays under the rules."""
    set_aside = {"unmatched": "set-aside"}
    from engine import policies
    assert policies.run(games.new("heart-to-heart", 163, set_aside), "greedy").outcome != "won"
    r = probes.playouts("heart-to-heart", 163, set_aside)
    assert r.outcome == "won"
    line = probes.random_line("heart-to-heart", 163, set_aside, 8).moves()
    assert r.moves[:len(line)] == line
    assert games.replay("heart-to-heart", 163, set_aside, r.moves).is_won()


def test_a_lost_playout_proves_nothing():
    """Where every playout loses (the Dense Column's deal 1 under ``side-places=always``,
    which no playout wins), the verdict is undecided, never lost."""
    r = probes.playouts("dense-column", 1, {"side-places": "always"})
    assert (r.outcome, r.moves) == ("undecided", [])
    assert r.states > 0


def test_a_playout_win_the_rules_refuse_raises(monkeypatch):
    """Every playout win is replayed from the deal through the game's own referee before it
    is reported: a playout that claims a win with a move the rules refuse raises (a variant
    that reports the win unreplayed fails here)."""
    from engine import policies

    class Claimed:   # a position that says it is won, reached by a move no game has
        def moves(self):
            return [("no such move",)]

        def is_won(self):
            return True
    monkeypatch.setattr(probes, "run", lambda *a, **k: policies.Playout("won", Claimed(), "won"))
    with pytest.raises(RuntimeError, match="not legal"):
        probes.playouts("mill", 1)


def test_the_probing_solver_ends_with_the_playouts(monkeypatch):
    """Where the search and every probe leave the deal open, the playouts' win is the
    solver's verdict, its states added to theirs."""
    _undecided_search(monkeypatch, "heart-to-heart", 163, {"unmatched": "set-aside"})
    monkeypatch.setattr(probes, "solve", lambda s, b: solver.SolveResult("undecided", [], 7))
    r = probes.solve_deal_probing("heart-to-heart", 163, {"unmatched": "set-aside"}, 800)
    p = probes.playouts("heart-to-heart", 163, {"unmatched": "set-aside"})
    assert (r.outcome, r.moves) == ("won", p.moves)
    assert r.states == 7 * probes.PROBES * (1 + len(solver.restrictions(
        games.get("heart-to-heart"), games.new("heart-to-heart", 163,
                                                {"unmatched": "set-aside"}).cfg.readings))) \
        + p.states


def test_the_playouts_play_the_greedy_and_blind_players_from_the_deal_first(monkeypatch):
    """The first two playouts are the greedy and the blind player's games from the deal at
    :data:`engine.probes.PLAYOUT_MOVES` moves (a variant leaving either out, or playing them
    after a random line or with a shorter limit, fails); then the greedy player after each
    random line."""
    from engine import policies
    calls = []

    def recorded(s, policy, seed=None, max_moves=5000):
        calls.append((policy, len(s.moves()), max_moves))
        return policies.run(s, policy, seed, max_moves)
    monkeypatch.setattr(probes, "run", recorded)
    assert probes.playouts("dense-column", 1, {"side-places": "always"}).outcome == "undecided"
    assert calls[:2] == [("greedy", 0, probes.PLAYOUT_MOVES), ("blind", 0, probes.PLAYOUT_MOVES)]
    assert [c[0] for c in calls[2:]] == ["greedy"] * probes.LINES
    assert all(c[1] > 0 and c[2] == probes.LINE_MOVES for c in calls[2:])
