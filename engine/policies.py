"""Play policies: ``random`` (seeded), ``greedy``, ``solver``.

* ``random``: a uniformly chosen legal move, drawn with :class:`engine.deal.SplitMix64`
  seeded with ``seed`` (default: the deal number), so a playout is reproducible everywhere.
* ``greedy``: the first legal move by priority: (0) a move to a foundation; (1) a move that
  frees a card (uncovers one or empties a place, ``State.frees``); (2) any other move between
  piles; (3) turning a card from the stock; (4) a redeal. Ties keep the game's move order.
* ``solver``: the moves of :func:`engine.solver.solve` (won) or none.

:func:`playout` runs a policy to the end or to ``max_moves`` (then outcome "undecided":
some games allow endless back-and-forth moves).
"""
from __future__ import annotations

from .deal import SplitMix64
from .state import State

POLICIES = ("random", "greedy", "solver")
_KIND_RANK = {"found": 0, "dig": 0, "build": 2, "fill": 2, "turn": 3, "redeal": 4}


def greedy_rank(s: State, m: tuple) -> int:
    """Priority of move ``m`` in ``s`` for the greedy policy (lower first)."""
    r = _KIND_RANK.get(m[0], 2)
    if r == 2 and s.frees(m):
        return 1
    return r


def choose(policy: str, s: State, rng: SplitMix64 | None = None) -> tuple:
    """One move of ``policy`` ("random" or "greedy") in non-final state ``s``."""
    moves = s.legal_moves()
    if policy == "random":
        return moves[rng.below(len(moves))]
    if policy == "greedy":
        return min(moves, key=lambda m: greedy_rank(s, m))
    raise ValueError(f"unknown policy {policy!r}; allowed: random, greedy")


def playout(s: State, policy: str, seed: int | None = None,
            max_moves: int = 5000) -> tuple[str, State]:
    """Play ``policy`` from ``s``; returns (outcome, final state). Outcome "won", "lost" (no
    legal move left) or "undecided" (``max_moves`` reached)."""
    rng = SplitMix64(s.cfg.deal if seed is None else seed)
    for _ in range(max_moves):
        if s.is_won():
            return "won", s
        moves = s.legal_moves()
        if not moves:
            return "lost", s
        if policy == "random":
            m = moves[rng.below(len(moves))]
        else:
            m = min(moves, key=lambda mv: greedy_rank(s, mv))
        s = s.apply(m)
    return ("won" if s.is_won() else "undecided"), s
