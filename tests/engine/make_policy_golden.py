"""Record the playouts of the play policies into ``tests/data/policy_golden.json``.

Run ``python tests/engine/make_policy_golden.py`` only when a change of play is intended
(and review the diff of the JSON): ``tests/engine/test_policy_golden.py`` asserts that the
engine still plays exactly these moves. For every game of :func:`engine.games.available` that is
executable, deals :data:`DEALS`, under :data:`POLICIES` (``random`` with its default seed, the
deal number, and with seed 7), with a budget of :data:`BUDGET` moves, and the same
policies on a few deals cut short by a small budget (:data:`SHORT`, outcome "undecided"), it
stores the outcome, the reason, the number of moves, the
first and last moves (to read) and the SHA-256 of the whole move list (to compare).
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from engine import api, games

DEALS = (1, 2, 3)
#: (policy, seed) pairs; seed None is the policy's default (the deal number for random)
POLICIES = (("greedy", None), ("blind", None), ("random", None), ("random", 7))
BUDGET = 100_000
#: (game, deal, budget) cases cut short by the move limit
SHORT = (("egyptian-pyramid", 1, 40), ("octagon", 2, 25))
PATH = Path(__file__).resolve().parents[1] / "data" / "policy_golden.json"


def case_id(slug: str, deal: int, policy: str, seed: int | None, budget: int) -> str:
    return (f"{slug}/{deal}/{policy}" + ("" if seed is None else f"/seed={seed}")
            + ("" if budget == BUDGET else f"/budget={budget}"))


def record(slug: str, deal: int, policy: str, seed: int | None, budget: int) -> dict:
    """What :func:`engine.api.play` plays for one case, in the golden file's form."""
    r = api.play(slug, deal, {}, policy, budget, seed)
    moves = r["moves"]
    digest = hashlib.sha256(json.dumps(moves, separators=(",", ":")).encode()).hexdigest()
    return {"outcome": r["outcome"], "reason": r["final"]["reason"], "moves": len(moves),
            "first": moves[:5], "last": moves[-5:], "sha256": digest}


def cases() -> list[tuple[str, int, str, int | None, int]]:
    """Every case as ``(game, deal, policy, seed, budget)``."""
    full = [(slug, deal, policy, seed, BUDGET) for slug in games.available() for deal in DEALS
            for policy, seed in POLICIES]
    return full + [(slug, deal, policy, seed, budget) for slug, deal, budget in SHORT
                   for policy, seed in POLICIES]


def main() -> None:
    out = {"cases": {}}
    for c in cases():
        out["cases"][case_id(*c)] = record(*c)
        print(case_id(*c), out["cases"][case_id(*c)]["moves"], file=sys.stderr)
    lines = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"  # one case a line
             for k, v in out["cases"].items()]
    PATH.write_text('{"cases": {\n' + ",\n".join(lines) + "\n}}\n", encoding="utf-8")
    print(f"wrote {len(out['cases'])} cases to {PATH}")


if __name__ == "__main__":
    main()
