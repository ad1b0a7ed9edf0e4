"""Probes: short searches from random lines, run where the depth-first search ran out of
budget, to find wins it missed (:func:`solve_deal_probing`, the solver of the odds table).

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

What a probe proves: a win only. Its random line is made of legal moves, and the whole
line, the random moves and the search's, is replayed from the deal through the game's
``is_legal`` before it is reported (:func:`engine.solver.solve`), so a won verdict is as sure
as the search's. A probe that runs out of moves or proves its own position lost proves
nothing about the deal (its random moves may have thrown the game away): the deal stays
undecided. Deterministic: probe ``k`` of deal ``d`` draws from
``SplitMix64(d * PROBES + k)``.
"""
from __future__ import annotations

from . import games
from .deal import SplitMix64
from .solver import DEFAULT_BUDGET, SolveResult, restrictions, solve, solve_deal

#: probes tried on a deal the depth-first search leaves undecided; each searches
#: ``budget // PROBES`` states, so all of them together search at most ``budget`` more.
PROBES = 8
#: random moves before probe ``k`` searches: ``PREFIX_STEP * (k + 1)``.
PREFIX_STEP = 10


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
    have been replayed from the deal under ``readings`` through the rules; otherwise the
    search's verdict. ``states`` and ``seconds`` add up over every search. ValueError for a
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
                    _check_under(slug, deal, full, moves, choice)
                return SolveResult("won", moves, states, seconds)
    return SolveResult("undecided", [], states, seconds)


def _check_under(slug: str, deal: int, readings: dict, moves: list, won_under: dict) -> None:
    """RuntimeError unless ``moves`` (a win under the restriction ``won_under``) replay from
    the deal to a won position under the wider ``readings``."""
    try:
        end = games.replay(slug, deal, readings, moves)
    except ValueError as e:
        raise RuntimeError(f"{slug}: a probe's win under {won_under} is not legal under "
                           f"{readings}, so a 'restricts' declaration is false: {e}") from None
    if not end.is_won():
        raise RuntimeError(f"{slug}: a probe's win under {won_under} does not win under "
                           f"{readings}; a 'restricts' declaration is false")
