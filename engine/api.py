"""Public API of the engine, called by the ``edition`` CLI (``extract/cli.py``).

All errors are ``ValueError`` with a one-line message listing what is allowed.
"""
from __future__ import annotations

from . import games, policies, solver
from .deal import check_deal
from .registry import entries

__all__ = ["list_games", "play", "trace", "rules"]


def list_games() -> list[dict]:
    """Every game of :data:`engine.games.GAMES` (``executable`` False while its module is
    missing): ``[{"slug", "executable", "packs", "player_has_choice",
    "ambiguities": [{"id", "question", "sentences", "readings": [{"id", "label",
    "editorial", "justification", "restricts"}], "default", "reason"}]}]``, in the order of
    :data:`engine.games.GAMES`; then each game of :data:`engine.games.NOT_EXECUTABLE` with
    ``executable`` False and ``why_not``, the reason."""
    out = []
    for slug in games.GAMES:
        try:
            m = games.get(slug)
        except ValueError:
            out.append({"slug": slug, "executable": False, "packs": None,
                        "player_has_choice": None, "ambiguities": []})
            continue
        out.append({"slug": slug, "executable": True, "packs": m.PACKS,
                    "player_has_choice": m.PLAYER_HAS_CHOICE,
                    "ambiguities": [a.to_dict() for a in m.AMBIGUITIES]})
    for slug, why in games.NOT_EXECUTABLE.items():
        out.append({"slug": slug, "executable": False, "packs": None, "player_has_choice": None,
                    "ambiguities": [], "why_not": why})
    return out


def rules(game: str) -> list[dict]:
    """The registry for one game: ``[{"function", "ids", "doc"}]`` (see
    :mod:`engine.registry`)."""
    games.get(game)
    return [{k: e[k] for k in ("function", "ids", "doc")} for e in entries(game)]


def _check(game, deal, readings, policy, budget):
    mod = games.get(game)
    check_deal(deal)
    if policy not in policies.POLICIES:
        raise ValueError(f"unknown policy {policy!r}; allowed: {', '.join(policies.POLICIES)}")
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise ValueError(f"budget must be an integer >= 1, not {budget!r}")
    return mod.new(deal, readings)


def _run(game, deal, readings, policy, budget, seed):
    """Returns (outcome, start state, final state, extra dict)."""
    start = _check(game, deal, readings, policy, budget)
    if policy == "solver":
        r = solver.solve_deal(game, deal, readings, budget)
        final = start
        for m in r.moves:
            final = final.apply(m)
        return r.outcome, start, final, {"states": r.states, "seconds": round(r.seconds, 3)}
    r = policies.run(start, policy, seed, budget)
    return r.outcome, start, r.state, {"reason": r.reason}


def play(game: str, deal: int, readings: dict[str, str] | None = None,
         policy: str = "greedy", budget: int = 100_000, seed: int | None = None) -> dict:
    """Play one numbered deal.

    ``readings`` ambiguity id -> reading id (others default); ``policy`` "random" (seeded by
    ``seed``, default the deal number), "greedy", "blind" (sees only the face-up cards:
    :func:`engine.policies.blind_choice`) or "solver"; ``budget``: for the solver the
    number of states, for the others the maximum number of moves (then "undecided").
    Returns ``{"game", "deal", "readings" (complete), "policy", "outcome" ("won" / "lost" /
    "undecided"), "moves": [[...], ...], "final": {...}}`` (``final`` from
    :meth:`engine.state.State.summary`; the solver adds ``"search": {"states",
    "seconds"}``). A solver's moves are empty unless it won. The solver is
    :func:`engine.solver.solve_deal`, as in the odds table.
    """
    outcome, start, final, extra = _run(game, deal, readings, policy, budget, seed)
    summary = final.summary()
    reason = extra.pop("reason", None)
    if reason is not None:
        summary["reason"] = reason
    out = {"game": game, "deal": deal, "readings": dict(start.cfg.readings),
           "policy": policy, "outcome": outcome,
           "moves": [list(m) for m in final.moves()], "final": summary}
    if extra:
        out["search"] = extra
    return out


def trace(game: str, deal: int, readings: dict[str, str] | None = None,
          policy: str = "greedy", budget: int = 100_000, seed: int | None = None) -> dict:
    """Like :func:`play`, plus ``"steps"``: the states of the played deal for step-through,
    ``[{"n", "move" (None for the deal), "layout"}]`` (layout as
    :meth:`engine.state.State.layout`)."""
    out = play(game, deal, readings, policy, budget, seed)
    s = games.new(game, deal, out["readings"])
    steps = [{"n": 0, "move": None, "layout": s.layout()}]
    for i, m in enumerate(out["moves"], 1):
        s = s.step(m)
        steps.append({"n": i, "move": m, "layout": s.layout()})
    out["steps"] = steps
    return out
