"""A generic solver: depth-first search with a transposition table and safe automatic moves.

Algorithm: from the start, play the game's safe automatic moves (``State.safe_move()``, each
game documents which moves are safe and why) until there are none; then depth-first search
over ``legal_moves()`` (which games return best-first), playing the safe moves after every
branch move. A transposition table (a ``set`` of ``key()``) prunes positions already
explored or on the current path; this is complete for "can the game be won": any winning
line can be shortened to one that never repeats a position. Positions for which the game's
``State.dead()`` proves a deadlock (no win whatever is played; each game documents its test)
are not expanded.

Outcomes: ``"won"`` (a solution was found and replayed through the rules), ``"lost"`` (the
whole reachable tree was explored: no deal-order choice or move wins), ``"undecided"`` (the
budget of states ran out first: never reported as lost).

The budget counts *new positions*: a position (after its automatic moves) whose key the
search has not met before; a repeat is not counted (but the search also stops after
``WORK_FACTOR`` times the budget of moves applied, so that the budget bounds the time).

``safe=False`` turns the automatic moves off (every move branches): slower, but it checks the
games' claims that their safe moves never lose a win (tests/engine/test_solver_safe.py plays
small deals of every game both ways). The search branches over ``State.search_moves()``,
the legal moves less those a game proves dominated (by default all legal moves).

Every solution is re-checked by :func:`engine.games.replay`, which replays the moves from a
fresh deal checking each with the game's ``is_legal`` (written separately from the move
generator) before reporting it; a failed replay is a bug and raises ``RuntimeError``.
"""
from __future__ import annotations

import time
from itertools import combinations, product
from dataclasses import dataclass, field

from . import games
from .state import State

#: The budget of states per search when the caller gives none (new positions, see
#: :func:`search`).
DEFAULT_BUDGET = 200_000
#: A search stops after this many times its budget of moves applied (repeats included).
WORK_FACTOR = 10


@dataclass
class SolveResult:
    """``outcome`` "won" / "lost" / "undecided"; ``moves`` the verified solution (empty unless
    won); ``states`` distinct positions met (the budget's unit); ``seconds`` wall time."""

    outcome: str
    moves: list = field(default_factory=list)
    states: int = 0
    seconds: float = 0.0


def _no_safe_move(_s: State):
    return None


def search(root: State, budget: int = DEFAULT_BUDGET, safe: bool = True) -> SolveResult:
    """Unverified search (see :func:`solve`); the moves run from ``root``.

    Depth-first; ``budget`` counts *new* positions (distinct keys after the automatic moves),
    never a repeat. A repeat still costs a little work, so the search also stops (undecided)
    after ``WORK_FACTOR * budget`` moves applied in all: the budget bounds time as well."""
    t0 = time.perf_counter()
    path: list = []
    safe_move = type(root).safe_move if safe else _no_safe_move
    s = root
    work = 0
    sm = safe_move(s)
    while sm is not None:
        s = s.apply(sm)
        path.append(sm)
        work += 1
        sm = safe_move(s)
    if s.is_won():
        return SolveResult("won", list(path), 1, time.perf_counter() - t0)
    seen = {s.key()}
    count = 1
    if s.dead():
        return SolveResult("lost", [], count, time.perf_counter() - t0)
    max_work = WORK_FACTOR * budget
    stack: list[list] = [[s, s.search_moves(), 0, len(path)]]  # [state, moves, next, path length]
    while stack:
        top = stack[-1]
        moves = top[1]
        i = top[2]
        if i >= len(moves):
            stack.pop()
            continue
        top[2] = i + 1
        del path[top[3]:]
        m = moves[i]
        c = top[0].apply(m)
        path.append(m)
        work += 1
        sm = safe_move(c)
        while sm is not None:
            c = c.apply(sm)
            path.append(sm)
            work += 1
            sm = safe_move(c)
        if c.is_won():
            return SolveResult("won", list(path), count + 1, time.perf_counter() - t0)
        k = c.key()
        if k in seen:
            if work >= max_work:
                return SolveResult("undecided", [], count, time.perf_counter() - t0)
            continue
        seen.add(k)
        count += 1
        if count >= budget or work >= max_work:
            return SolveResult("undecided", [], count, time.perf_counter() - t0)
        if c.dead():
            continue
        stack.append([c, c.search_moves(), 0, len(path)])
    return SolveResult("lost", [], count, time.perf_counter() - t0)


def solve(root: State, budget: int = DEFAULT_BUDGET, safe: bool = True) -> SolveResult:
    """Solve from ``root`` within ``budget`` states; a won result's moves (from ``root``) have
    been replayed through the rules from a fresh deal. ``budget`` must be >= 1 (ValueError);
    ``safe`` False branches on every move (no automatic safe moves). RuntimeError (a solver
    bug) when a solution found is refused by the rules or does not end won."""
    if not isinstance(budget, int) or budget < 1:
        raise ValueError(f"budget must be an integer >= 1, not {budget!r}")
    r = search(root, budget, safe)
    if r.outcome == "won":
        full = root.moves() + r.moves
        try:
            end = games.replay(root.cfg.slug, root.cfg.deal, root.cfg.readings, full)
        except ValueError as e:
            raise RuntimeError(f"solver bug: solution of {root.cfg.slug} deal "
                               f"{root.cfg.deal} is refused by the rules: {e}") from None
        if not end.is_won():
            raise RuntimeError(f"solver bug: solution of {root.cfg.slug} deal {root.cfg.deal}"
                               " replays to a position that is not won")
    return r


def restrictions(mod, readings: dict) -> list[dict]:
    """Choices of readings that only take moves away from ``readings`` (complete): for each
    ambiguity, every reading that restricts the chosen one, directly or through others
    (:attr:`engine.readings.Reading.restricts`), the other ambiguities unchanged, nearest
    first; then the choices that restrict two ambiguities or more at once, fewer first.

    Why the combinations: a restriction of one ambiguity takes moves away whatever the others
    read, so restricting a second one too takes moves away again; a game won under them is
    won under ``readings``. Without them a reading that widens one ambiguity could leave open
    a deal its own restriction wins (the Octagon: the default ``side-build=in-suit`` wins
    deal 6 through its restriction ``stock-play=compulsory``; under ``side-build=any-suit``
    that win lies under both restrictions at once). Each win is replayed under ``readings``
    before it counts (:func:`solve_deal`), so a false declaration is caught, not trusted."""
    out, each = [], []
    for a in mod.AMBIGUITIES:
        chosen = readings[a.id]
        frontier, seen, mine = [chosen], {chosen}, []
        while frontier:
            nxt = []
            for r in a.readings:
                if r.restricts in frontier and r.id not in seen:
                    seen.add(r.id)
                    nxt.append(r.id)
                    out.append({**readings, a.id: r.id})
                    mine.append((a.id, r.id))
            frontier = nxt
        if mine:
            each.append(mine)
    for k in range(2, len(each) + 1):
        for group in combinations(each, k):
            for picks in product(*group):
                out.append({**readings, **dict(picks)})
    return out


def solve_deal(slug: str, deal: int, readings: dict | None = None, budget: int = DEFAULT_BUDGET,
               safe: bool = True) -> SolveResult:
    """Solve numbered deal ``deal`` of game ``slug`` under ``readings``; when that search
    runs out of budget (undecided), search each choice of :func:`restrictions` too (fewer moves, so a smaller
    search, each with ``budget`` states): a win found there is a game legal under
    ``readings`` as well, and is replayed under them through the rules before it is reported
    (a failed replay means a false ``restricts`` declaration and raises ``RuntimeError``).
    "lost" under a restriction proves nothing and is not used. ``states``/``seconds`` add
    up over the searches."""
    mod = games.get(slug)
    root = mod.new(deal, readings)
    r = solve(root, budget, safe)
    if r.outcome != "undecided":  # lost under the wider reading: lost under a restriction
        return r
    states, seconds = r.states, r.seconds
    for other in restrictions(mod, root.cfg.readings):
        r2 = solve(mod.new(deal, other), budget, safe)
        states += r2.states
        seconds += r2.seconds
        if r2.outcome == "won":
            try:
                end = games.replay(slug, deal, root.cfg.readings, r2.moves)
            except ValueError as e:
                raise RuntimeError(f"{slug}: a win under {other} is not legal under "
                                   f"{root.cfg.readings}, so a 'restricts' declaration is "
                                   f"false: {e}") from None
            if not end.is_won():
                raise RuntimeError(f"{slug}: a win under {other} does not win under "
                                   f"{root.cfg.readings}; a 'restricts' declaration is false")
            return SolveResult("won", list(r2.moves), states, seconds)
    return SolveResult(r.outcome, [], states, seconds)
