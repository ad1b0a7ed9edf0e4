"""Public API of the engine, called by the ``edition`` CLI (``extract/cli.py``).

All errors are ``ValueError`` with a one-line message listing what is allowed.
"""
from __future__ import annotations

from . import careful, describe, games, policies, probes, solver
from .deal import MASK64, check_deal, check_seed
from .state import as_moves

__all__ = ["list_games", "play", "trace", "rules", "position", "legal_moves_described",
           "hint", "solve_from", "steps"]


def list_games() -> list[dict]:
    """Every game the engine plays, then every game of the edition it cannot play
    (:func:`engine.games.registered`, each in :func:`engine.games.known` order):
    ``[{"slug", "title", "executable", "packs", "player_has_choice", "ambiguities": [{"id",
    "question", "sentences", "readings": [{"id", "label", "editorial", "justification",
    "restricts"}], "default", "reason"}]}]``; a game it cannot play has ``executable``
    False, ``packs`` and ``player_has_choice`` None, no ambiguities, and ``why_not``, the
    reason."""
    out, cannot = [], []
    for g in games.registered():
        if not g.executable:
            cannot.append({"slug": g.slug, "title": g.title, "executable": False,
                           "packs": None, "player_has_choice": None, "ambiguities": [],
                           "why_not": g.why_not})
            continue
        m = games.get(g.slug)
        out.append({"slug": g.slug, "title": g.title, "executable": True, "packs": g.packs,
                    "player_has_choice": m.PLAYER_HAS_CHOICE,
                    "ambiguities": [a.to_dict() for a in g.ambiguities]})
    return out + cannot


def rules(game: str) -> list[dict]:
    """The registry for one game: ``[{"function", "ids", "doc"}]`` (see
    :mod:`engine.registry`)."""
    games.get(game)
    return [{k: e[k] for k in ("function", "ids", "doc")} for e in games.entries(game)]


def _check(game, deal, readings, policy, budget, seed):
    mod = games.get(game)
    check_deal(deal)
    if seed is not None:
        check_seed(seed)
    if policy not in policies.POLICIES:
        raise ValueError(f"unknown policy {policy!r}; allowed: {', '.join(policies.POLICIES)}")
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise ValueError(f"budget must be an integer >= 1, not {budget!r}")
    return mod.new(deal, readings)


def _run(game, deal, readings, policy, budget, seed):
    """Returns (outcome, start state, final state, extra dict)."""
    if budget is None:
        budget = careful.effort(game)[1] if policy == "careful" else 100_000
    start = _check(game, deal, readings, policy, budget, seed)
    if policy == "solver":
        r = probes.solve_deal_probing(game, deal, readings, budget)
        final = start
        for m in r.moves:
            final = final.apply(m)
        return r.outcome, start, final, {"states": r.states, "seconds": round(r.seconds, 3)}
    if policy == "careful":
        r = careful.careful_run(start, seed, budget)
    else:
        r = policies.run(start, policy, seed, budget)
    return r.outcome, start, r.state, {"reason": r.reason}


def play(game: str, deal: int, readings: dict[str, str] | None = None,
         policy: str = "greedy", budget: int | None = None, seed: int | None = None,
         captions: bool = False) -> dict:
    """Play one numbered deal.

    ``readings`` ambiguity id -> reading id (others default); ``policy`` "random" (seeded by
    ``seed``, default the deal number), "greedy", "blind" (sees only the face-up cards:
    :func:`engine.policies.blind_choice`), "careful" (sees only the face-up cards and plans
    over samples of the others: :func:`engine.careful.careful_run`, seeded by ``seed``) or
    "solver"; ``budget``: for the solver the number of states, for the careful player the
    states of one decision, for the others the maximum number of moves (then "undecided");
    None: 100,000, and for the careful player the game's (:func:`engine.careful.effort`).
    Returns ``{"game", "deal", "readings" (complete), "policy", "outcome" ("won" / "lost" /
    "undecided"), "moves": [[...], ...], "final": {...}}`` plus, for the random and
    careful policies, ``"seed"`` (the one used: ``seed``, else the deal number modulo 2**64,
    as :class:`engine.deal.SplitMix64` takes it: a deal number past 2**64 is no seed
    :func:`engine.deal.check_seed` accepts, this one is and replays the same moves) (``final`` from
    :meth:`engine.state.State.summary`; the solver adds ``"search": {"states",
    "seconds"}``). A solver's moves are empty unless it won. The solver is
    :func:`engine.probes.solve_deal_probing` (the depth-first search, then probes where it leaves
    the deal undecided), as in the odds table. With ``captions`` also
    ``"steps": [{"n", "move", "caption", "rules"}]``, one per move: its words and the
    sentence ids it executes, the captions of the site's step-through (:func:`steps`).
    """
    outcome, start, final, extra = _run(game, deal, readings, policy, budget, seed)
    summary = final.summary()
    moves = [list(m) for m in final.moves()]
    _let_go(final)
    reason = extra.pop("reason", None)
    if reason is not None:
        summary["reason"] = reason
    out = {"game": game, "deal": deal, "readings": dict(start.cfg.readings),
           "policy": policy, "outcome": outcome,
           **({"seed": deal & MASK64 if seed is None else seed}
              if policy in ("random", "careful") else {}),
           "moves": moves, "final": summary}
    if extra:
        out["search"] = extra
    if captions:
        out["steps"] = [{k: st[k] for k in ("n", "move", "caption", "rules")}
                        for st in steps(game, deal, out["readings"], out["moves"])[1:]]
    return out


def _let_go(state) -> None:
    """Drop ``state``'s move history one move at a time. The history is a chain of nested
    pairs ``(move, earlier history)`` (:class:`engine.state.State`), and a chain freed from
    its head frees each pair inside the last, one call deeper per move: Pyodide (the Play
    panel's Python) ran out of stack and died on a greedy play of 21,681 moves (CPython
    does not). Holding the next pair before letting each one go frees them flat."""
    h, state.hist = state.hist, None
    while h is not None:
        h = h[1]


def trace(game: str, deal: int, readings: dict[str, str] | None = None,
          policy: str = "greedy", budget: int | None = None, seed: int | None = None) -> dict:
    """Like :func:`play`, plus ``"steps"``: the states of the played deal for step-through,
    ``[{"n", "move" (None for the deal), "layout"}]`` (layout as
    :meth:`engine.state.State.layout`)."""
    out = play(game, deal, readings, policy, budget, seed)
    s = games.new(game, deal, out["readings"])
    steps = [{"n": 0, "move": None, "layout": s.layout()}]
    for i, m in enumerate(out["moves"], 1):
        s = s.step(m)
        steps.append({"n": i, "move": m, "layout": s.layout()})
    _let_go(s)
    out["steps"] = steps
    return out


# -- the in-page Play panel (runs in Pyodide; also called by CPython tests) -----------------
class _Line:
    """One game line: the states from the deal through the moves, with the views and the
    captions computed so far (cached: the panel asks again after every move)."""

    def __init__(self, game: str, deal: int, readings: dict):
        self.states = [games.new(game, deal, readings)]
        self.moves: list[tuple] = []
        self.views: dict[int, dict] = {}
        self.captions: dict[int, dict] = {}
        self.masked: dict[int, list[dict]] = {}
        self.layouts: dict[int, dict] = {}

    def follow(self, moves) -> None:
        moves = as_moves(moves)
        k = 0
        while k < len(self.moves) and k < len(moves) and self.moves[k] == moves[k]:
            k += 1
        del self.moves[k:], self.states[k + 1:]
        for cache in (self.views, self.captions, self.masked, self.layouts):
            for n in [n for n in cache if n > k]:
                del cache[n]
        # checked move by move (games.replayed); on an illegal move nothing after k is kept
        self.states += games.replayed(self.states[-1], moves[k:], first=k + 1)
        self.moves += moves[k:]

    def view(self, n: int) -> dict:
        """:func:`engine.describe.described` of position ``n`` (every legal move captioned)."""
        if n not in self.views:
            self.views[n] = describe.described(self.states[n])
        return self.views[n]

    def piles(self, n: int) -> list[dict]:
        """The masked piles of position ``n`` (from its view when that is made already)."""
        if n in self.views:
            return self.views[n]["piles"]
        if n not in self.masked:
            self.masked[n] = describe.masked(self.states[n], self.layout(n))
        return self.masked[n]

    def layout(self, n: int) -> dict:
        """:meth:`engine.state.State.layout` of position ``n``."""
        if n not in self.layouts:
            self.layouts[n] = self.states[n].layout()
        return self.layouts[n]

    def caption(self, n: int) -> dict:
        """Caption of move ``n`` (1-based) as played."""
        if n not in self.captions:
            before, move = self.states[n - 1], self.moves[n - 1]
            rules: list[str]
            if n - 1 in self.views:
                rules = next((e["rules"] for e in self.views[n - 1]["legal"]
                              if tuple(e["move"]) == move), [])
            else:
                rules = describe.legal_with_rules(before, only=move)[0][1]
            moved = describe.transfers(self.layout(n - 1), self.layout(n))
            self.captions[n] = {"move": list(move), "rules": rules,
                                "caption": describe.caption(move, moved, self.piles(n - 1),
                                                            self.piles(n))}
        return self.captions[n]


_LINES: dict = {}


def _line(game: str, deal: int, readings: dict | None, moves) -> _Line:
    start = games.new(game, deal, readings)  # validates game, deal and readings
    key = (game, deal, tuple(sorted(start.cfg.readings.items())))
    line = _LINES.pop(key, None) or _Line(game, deal, start.cfg.readings)
    _LINES[key] = line                  # most recent last; keep four (two compared boards)
    while len(_LINES) > 4:
        del _LINES[next(iter(_LINES))]
    line.follow(moves or [])
    return line


def legal_moves_described(game: str, deal: int, readings: dict[str, str] | None = None,
                          moves=()) -> list[dict]:
    """The legal moves after ``moves`` (lists or tuples, from the deal) of deal ``deal``:
    ``[{"move", "caption", "rules", "from", "to"}]``: the move, its words ("7♣ from packet 5
    onto 8♣ on packet 2", cards a player cannot see named as face-down), the sentence ids it
    executes (``@executes``, see :mod:`engine.describe`), and the pile indices of
    :meth:`~engine.state.State.layout` it takes cards from / puts cards on. ValueError for a
    bad game, deal, reading or an illegal move (naming it)."""
    line = _line(game, deal, readings, moves)
    return line.view(len(line.moves))["legal"]


def position(game: str, deal: int, readings: dict[str, str] | None = None,
             moves=()) -> dict:
    """Everything the Play panel shows after ``moves``: ``{"game", "deal", "readings"
    (complete), "moves", "url_moves" (:func:`engine.describe.format_moves`), "piles" (the
    layout as a player sees it: hidden cards are None), "legal" (as
    :func:`legal_moves_described`), "history": [{"move", "caption", "rules"}] (the moves
    played, with the cards they turned up named), "won", "over", "reason"}``."""
    line = _line(game, deal, readings, moves)
    n = len(line.moves)
    view = line.view(n)
    return {"game": game, "deal": deal, "readings": dict(line.states[0].cfg.readings),
            "moves": [list(m) for m in line.moves],
            "url_moves": describe.format_moves(line.moves),
            "piles": view["piles"], "legal": view["legal"],
            "history": [line.caption(i) for i in range(1, n + 1)],
            "won": view["won"], "over": view["over"], "reason": view["reason"]}


def steps(game: str, deal: int, readings: dict[str, str] | None = None, moves=()) -> list[dict]:
    """The position after each of ``moves`` as a player sees it, for a step-through:
    ``[{"n", "move" (None for the deal), "caption", "rules", "piles"}]`` (``piles`` as in
    :func:`position`, hidden cards None; ``caption`` and ``rules`` as its ``history``)."""
    line = _line(game, deal, readings, moves)
    out = [{"n": 0, "move": None, "caption": "", "rules": [], "piles": line.piles(0)}]
    for n in range(1, len(line.moves) + 1):
        c = line.caption(n)
        out.append({"n": n, "move": c["move"], "caption": c["caption"], "rules": c["rules"],
                    "piles": line.piles(n)})
    return out


def hint(game: str, deal: int, readings: dict[str, str] | None = None, moves=()) -> dict:
    """The greedy policy's move after ``moves`` (:mod:`engine.policies`: never into a
    position already played on this line, the deal included), so that following hints from
    the deal plays exactly ``play(..., policy="greedy")``. Returns ``{"move": {"move",
    "caption", "rules", "from", "to"} or None, "reason"}``; ``reason`` says why there is no
    move (the game is over, or every move leads back: :data:`engine.policies.REVISIT_REASON`)."""
    line = _line(game, deal, readings, moves)
    s = line.states[-1]
    if s.is_won() or not s.legal_moves():
        return {"move": None, "reason": s.over_reason()}
    seen = {st.key() for st in line.states}
    m = policies.choose("greedy", s, seen=seen)
    if m is None:
        return {"move": None, "reason": policies.REVISIT_REASON}
    legal = line.view(len(line.moves))["legal"]
    return {"move": next(e for e in legal if tuple(e["move"]) == m), "reason": ""}


def solve_from(game: str, deal: int, readings: dict[str, str] | None = None, moves=(),
               budget: int = 20_000) -> dict:
    """Run the solver (:func:`engine.solver.solve`) from the position after ``moves`` within
    ``budget`` states: ``{"outcome" ("won" / "lost" / "undecided"), "moves" (the solution from
    here, replayed through the rules; empty unless won), "states", "seconds"}``."""
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise ValueError(f"budget must be an integer >= 1, not {budget!r}")
    line = _line(game, deal, readings, moves)
    r = solver.solve(line.states[-1], budget)
    return {"outcome": r.outcome, "moves": [list(m) for m in r.moves], "states": r.states,
            "seconds": round(r.seconds, 3)}
