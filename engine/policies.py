"""Play policies: ``random`` (seeded), ``greedy``, ``solver``.

* ``random``: a uniformly chosen legal move, drawn with :class:`engine.deal.SplitMix64`
  seeded with ``seed`` (default: the deal number), so a playout is reproducible everywhere.
* ``greedy``: the first legal move by priority: (0) a move to a foundation; (1) a move that
  frees a card (uncovers one or empties a place, ``State.frees``); (2) any other move between
  piles; (3) turning a card from the stock; (4) a redeal. Ties keep the game's move order.
* ``solver``: the moves of :func:`engine.solver.solve` (won) or none.

**No position is played twice.** The ``random`` and ``greedy`` policies remember the
:meth:`~engine.state.State.key` of every position of the playout (the start included) and
never play a move into a position already seen: ``greedy`` takes the best move by the
priority above whose result is new, ``random`` draws uniformly among the moves whose result
is new (it draws among all moves and, should the drawn one lead back, draws again among the
others, so a playout that never comes back to a position draws exactly as without the rule).
When every legal move leads back to a position already seen, the deal is **lost** for that
policy, with the reason :data:`REVISIT_REASON`. A playout is therefore finite in every game
(the positions of a deal are finite in number), and it cannot shuffle cards to and fro.

:func:`run` plays a policy to the end or to ``max_moves`` moves (then outcome
"undecided"); :func:`playout` is its older two-value form.
"""
from __future__ import annotations

from dataclasses import dataclass

from .deal import SplitMix64
from .state import State

POLICIES = ("random", "greedy", "solver")
_KIND_RANK = {"found": 0, "dig": 0, "build": 2, "fill": 2, "turn": 3, "redeal": 4}

#: ``over_reason`` of a playout stopped because every legal move leads back to a position the
#: policy has already played.
REVISIT_REASON = ("every legal move leads back to a position already played "
                  "(the policy never revisits a position)")


def greedy_rank(s: State, m: tuple) -> int:
    """Priority of move ``m`` in ``s`` for the greedy policy (lower first)."""
    r = _KIND_RANK.get(m[0], 2)
    if r == 2 and s.frees(m):
        return 1
    return r


def greedy_order(s: State, moves: list) -> list:
    """``moves`` sorted by :func:`greedy_rank`, ties in the game's order (a stable sort)."""
    return sorted(moves, key=lambda m: greedy_rank(s, m))


def choose(policy: str, s: State, rng: SplitMix64 | None = None,
           seen: set | None = None) -> tuple | None:
    """One move of ``policy`` ("random" or "greedy") in non-final state ``s``.

    With ``seen`` (a set of :meth:`~engine.state.State.key` values) only moves into positions
    not in ``seen`` are considered, and None is returned when there is none; ``seen`` is not
    changed. Without it every legal move is considered (the first move of a playout).
    """
    child = _next(policy, s, s.legal_moves(), rng, seen, record=False)
    return None if child is None else child.hist[0]


def _next(policy: str, s: State, moves: list, rng, seen, record: bool = True) -> State | None:
    """The state after the policy's move from ``s`` (``moves`` its legal moves, non-empty)
    into a position not in ``seen`` (None: check nothing), or None if there is none. With
    ``record`` the new position's key is added to ``seen``."""
    if policy == "random":
        n = len(moves)
        if seen is None:
            return s.apply(moves[rng.below(n)])
        below = rng.below
        i = below(n)
        c = s.apply(moves[i])
        k = c.key()
        if k not in seen:  # the usual case: no copy of the moves
            if record:
                seen.add(k)
            return c
        moves = list(moves)
        while True:
            moves[i] = moves[-1]
            moves.pop()
            n -= 1
            if not n:
                return None
            i = below(n)
            c = s.apply(moves[i])
            k = c.key()
            if k not in seen:
                if record:
                    seen.add(k)
                return c
    if policy == "greedy":
        for m in greedy_order(s, moves):
            c = s.apply(m)
            if seen is None:
                return c
            k = c.key()
            if k not in seen:
                if record:
                    seen.add(k)
                return c
        return None
    raise ValueError(f"unknown policy {policy!r}; allowed: random, greedy")


@dataclass
class Playout:
    """Result of :func:`run`: ``outcome`` "won" / "lost" / "undecided", ``state`` the final
    position, ``reason`` why it ended ("won", the game's
    :meth:`~engine.state.State.over_reason`, :data:`REVISIT_REASON`, or "move limit
    reached")."""

    outcome: str
    state: State
    reason: str


def run(s: State, policy: str, seed: int | None = None, max_moves: int = 5000) -> Playout:
    """Play ``policy`` ("random" or "greedy") from ``s`` for at most ``max_moves`` moves,
    never into a position already played (see the module docstring).

    Outcome "won"; "lost" when no legal move is left (reason: the game's ``over_reason``) or
    every legal move leads back to a position already played (reason
    :data:`REVISIT_REASON`); "undecided" when ``max_moves`` moves were played first.
    ``random`` draws from :class:`~engine.deal.SplitMix64` seeded with ``seed`` (default: the
    deal number).
    """
    if policy not in ("random", "greedy"):
        raise ValueError(f"unknown policy {policy!r}; allowed: random, greedy")
    rng = SplitMix64(s.cfg.deal if seed is None else seed)
    seen = {s.key()}
    for _ in range(max_moves):
        if s.is_won():
            return Playout("won", s, "won")
        moves = s.legal_moves()
        if not moves:
            return Playout("lost", s, s.over_reason())
        c = _next(policy, s, moves, rng, seen)
        if c is None:
            return Playout("lost", s, REVISIT_REASON)
        s = c
    if s.is_won():
        return Playout("won", s, "won")
    if not s.legal_moves():
        return Playout("lost", s, s.over_reason())
    return Playout("undecided", s, "move limit reached")


def playout(s: State, policy: str, seed: int | None = None,
            max_moves: int = 5000) -> tuple[str, State]:
    """Play ``policy`` from ``s``; returns (outcome, final state): :func:`run` without the
    reason. Outcome "won", "lost" (no legal move left, or only moves back to positions
    already played) or "undecided" (``max_moves`` reached)."""
    r = run(s, policy, seed, max_moves)
    return r.outcome, r.state
