"""Probes: what the solver of the odds table (:func:`solve_deal_probing`) tries where the
depth-first search ran out of budget, to find wins it missed: short searches from random
lines, then playouts.

Why: the depth-first search of :mod:`engine.solver` sinks its budget in the last phase of the
first line it follows (after the last deal, in the last pass of the stock), so a deal it
leaves undecided is often won by a line that differs early. A probe plays a seeded random
line of legal moves from the deal (:data:`PREFIX_STEP` moves for the first probe, twice as
many for the second, and so on; fewer where the game ends first), then searches from there
with its share of the budget. Measured on the table's undecided deals before probes were
added (deals 1-1000 at 20,000 states): the Spinning Wheel 27 of 39 won, Heart Speaks to
Heart under ``unmatched=set-aside`` 28 of its first 30, the Macedonian Phalanx 2 of 9; none
of the Peacock's Tail's first 15 or of Goes, Doesn't Go under ``packs=two`` (their undecided
deals are probably lost, which a probe never shows).

Then the playouts (:func:`playouts`): the greedy and blind players of :mod:`engine.policies`
from the deal, with a move limit no smaller than their rows' (:data:`PLAYOUT_MOVES`), so that
every deal a quick player wins the solver wins too (before them the table's solver rows left
open deals its greedy player won: the Egyptian Pyramid's 23, 24, 32, 51 and 144); then the
greedy player after each of :data:`LINES` random lines
(the probes' lines, :func:`random_line`, and longer ones). In the Egyptian Pyramid the greedy
order walks the piles' rearrangements that the search counts one state at a time: on the 60
first undecided deals of its default row the greedy player after 20 random lines won 12
(deals 5, 6, 7, 8, 12, 17, 19, 23, 24, 26, 45 and 61; median 1.1 s CPU a deal), where a
greedy order that strays at random now and then won 5 or 6. In the other games the
playouts end within a few hundred moves and cost little.

What a probe or a playout proves: a win only. Its moves are legal from the deal, and the
whole line is replayed from the deal through the game's ``is_legal`` before it is reported
(:func:`engine.solver.solve` for a probe's search, :func:`_verified` for a playout), so a won
verdict is as sure as the search's. A probe that runs out of moves or proves its own position
lost, or a playout that loses, proves nothing about the deal (its random moves may have
thrown the game away): the deal stays undecided. Deterministic: random line ``k`` of deal
``d`` draws from ``SplitMix64(d * PROBES + k)``; the players draw nothing.
"""
from __future__ import annotations

import time

from . import games
from .deal import SplitMix64
from .policies import run
from .solver import DEFAULT_BUDGET, SolveResult, restrictions, solve, solve_deal

#: probes tried on a deal the depth-first search leaves undecided; each searches
#: ``budget // PROBES`` states, so all of them together search at most ``budget`` more.
PROBES = 8
#: random moves before probe ``k`` searches: ``PREFIX_STEP * (k + 1)``.
PREFIX_STEP = 10
#: the move limit of the greedy and blind playouts from the deal: no smaller than any of
#: their rows' (:data:`engine.results.MOVE_LIMITS`, a test checks), so that each deal those
#: players win is a playout win here (a player never plays a position twice, so a longer
#: limit only plays on where a shorter one stopped).
PLAYOUT_MOVES = 1_000_000
#: greedy playouts after random lines (:func:`random_line` 0 .. LINES - 1) tried on a deal
#: that the search, the probes and the players leave open.
LINES = 20
#: the move limit of each of those playouts after its random line.
LINE_MOVES = 20_000


def random_line(slug: str, deal: int, readings: dict | None, k: int):
    """The position after probe ``k``'s random line from deal ``deal`` of ``slug``:
    ``PREFIX_STEP * (k + 1)`` legal moves (fewer when none is left), each drawn uniformly
    from :meth:`~engine.state.State.legal_moves` by ``SplitMix64(deal * PROBES + k)``."""
    rng = SplitMix64(deal * PROBES + k)
    s = games.new(slug, deal, readings)
    for _ in range(PREFIX_STEP * (k + 1)):
        moves = s.legal_moves()
        if not moves:
            break
        s = s.apply(moves[rng.below(len(moves))])
    return s


def solve_deal_probing(slug: str, deal: int, readings: dict | None = None,
                       budget: int = DEFAULT_BUDGET) -> SolveResult:
    """:func:`engine.solver.solve_deal` with ``budget`` states; when that leaves the deal
    undecided, up to :data:`PROBES` probes (see the module docstring) under ``readings``, then
    as many under each reading that only takes moves away from them
    (:func:`engine.solver.restrictions`, as the search itself does), each searching
    ``budget // PROBES`` states (at least 1) from its random line. So every deal a
    restriction's probes win, the wider readings' probes win too. Returns the first won
    probe as a win whose ``moves`` run from the deal (random line, then the search's) and
    have been replayed from the deal under ``readings`` through the rules; when no probe
    wins, the playouts (:func:`playouts`), whose verdict (won or undecided) it returns.
    ``states`` and ``seconds`` add up over every search and playout. ValueError for a
    budget below 1 (:func:`engine.solver.solve`); RuntimeError when a restriction's win is
    refused under ``readings`` (a false ``restricts`` declaration)."""
    r = solve_deal(slug, deal, readings, budget)
    if r.outcome != "undecided":
        return r
    states, seconds = r.states, r.seconds
    mod = games.get(slug)
    full = mod.new(deal, readings).cfg.readings
    for choice in [full] + restrictions(mod, full):
        for k in range(PROBES):
            start = random_line(slug, deal, choice, k)
            p = solve(start, max(1, budget // PROBES))
            states += p.states
            seconds += p.seconds
            if p.outcome == "won":
                moves = start.moves() + p.moves
                if choice is not full:
                    _verified(slug, deal, full, moves, choice)
                return SolveResult("won", moves, states, seconds)
    p = playouts(slug, deal, readings)
    return SolveResult(p.outcome, p.moves, states + p.states, seconds + p.seconds)


def _playout_ends(slug: str, deal: int, readings: dict):
    """The last positions of the playouts of :func:`playouts` under ``readings``, one by
    one."""
    start = games.new(slug, deal, readings)
    yield run(start, "greedy", max_moves=PLAYOUT_MOVES).state
    yield run(start, "blind", max_moves=PLAYOUT_MOVES).state
    for k in range(LINES):
        yield run(random_line(slug, deal, readings, k), "greedy", max_moves=LINE_MOVES).state


def playouts(slug: str, deal: int, readings: dict | None = None) -> SolveResult:
    """The playouts of the module docstring on deal ``deal`` of ``slug``, under ``readings``
    and then each reading that only takes moves away (:func:`engine.solver.restrictions`):
    the greedy and the blind player from the deal (:data:`PLAYOUT_MOVES` moves at most),
    then the greedy player after each of :data:`LINES` random lines (:func:`random_line`,
    :data:`LINE_MOVES` moves at most after it). Returns the first
    win, its moves from the deal replayed under ``readings`` through the rules
    (:func:`_verified`), with ``states`` the positions played (a playout never plays one
    twice) and ``seconds`` the wall time; otherwise "undecided" (a lost playout proves
    nothing). RuntimeError for a win the rules refuse (a bug, or a false ``restricts``
    declaration)."""
    t0, played = time.perf_counter(), 0
    mod = games.get(slug)
    full = mod.new(deal, readings).cfg.readings
    for choice in [full] + restrictions(mod, full):
        for end in _playout_ends(slug, deal, choice):
            moves = end.moves()
            played += len(moves)
            if end.is_won():
                _verified(slug, deal, full, moves, choice)
                return SolveResult("won", moves, played, time.perf_counter() - t0)
    return SolveResult("undecided", [], played, time.perf_counter() - t0)


def _verified(slug: str, deal: int, readings: dict, moves: list, won_under: dict) -> None:
    """RuntimeError unless ``moves`` (a win found under ``won_under``: ``readings`` or a
    restriction of them) replay from the deal to a won position under ``readings``."""
    why = ("a bug in the game's moves or the playouts" if won_under == readings
           else "so a 'restricts' declaration is false")
    try:
        end = games.replay(slug, deal, readings, moves)
    except ValueError as e:
        raise RuntimeError(f"{slug}: a win found under {won_under} is not legal under "
                           f"{readings}, {why}: {e}") from None
    if not end.is_won():
        raise RuntimeError(f"{slug}: a win found under {won_under} does not win under "
                           f"{readings}; {why}")
