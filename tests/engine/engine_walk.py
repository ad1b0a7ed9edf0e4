"""The invariant walk shared by the game tests: play moves picked by ``picks`` from a state,
checking at every step that every offered move is legal (by the game's independent
``is_legal``) and the game's own card invariant, then that ``to_json``/``from_json`` gives
the same state."""
from __future__ import annotations

from engine import games


def walk(state, picks, invariant):
    """Play ``picks`` (indices modulo the number of legal moves) from ``state``; call
    ``invariant(state)`` before each move (it asserts). Returns the last state."""
    for k in picks:
        invariant(state)
        moves = state.legal_moves()
        assert all(state.is_legal(m) for m in moves)
        if not moves:
            break
        state = state.apply(moves[k % len(moves)])
    back = games.from_json(state.to_json())
    assert back.key() == state.key() and back.to_json() == state.to_json()
    return state


def disagreements(a: list[str], b: list[str]) -> int:
    """Of two lists of solver verdicts ("won", "lost", "undecided") on the same positions, how
    many both searches decided with different verdicts (a pruning rule that changes one is
    unsound)."""
    return sum(x != y for x, y in zip(a, b) if "undecided" not in (x, y))
