"""The careful player against greedy and the all-seeing solver, per game, on the same deals.

For each game (default readings) and each deal of the range: the greedy player's outcome
(:func:`engine.policies.run`, the table's 5,000 moves), the careful player's
(:func:`engine.careful.careful_run`, the game's samples and budget, :func:`engine.careful.effort`,
as the table plays it, with its CPU time) and the solver's
(:func:`engine.probes.solve_deal_probing`, the table's budget for the game). Prints one line
per game: wins of each (undecided in brackets), the share of the greedy-to-solver gap the
careful player closes (``(careful - greedy) / (solver - greedy)`` in won deals), and the
careful player's median and largest CPU seconds per deal; ``--json`` the per-deal outcomes
as W/L/U strings. Figures are read by people, never asserted.

    PYTHONPATH=. python benchmarks/careful.py --first 1 --deals 30 [--game mill ...] [--json]
    PYTHONPATH=. python benchmarks/careful.py --smoke     # two deals of two games
    PYTHONPATH=. python benchmarks/careful.py --no-memory ... # the careful player without memory
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.machine import describe  # noqa: E402
from engine import games  # noqa: E402
from engine.odds import parse_readings  # noqa: E402
from engine.careful import careful_run  # noqa: E402
from engine.policies import run  # noqa: E402
from engine.results import BUDGETS, CODE, default_budget  # noqa: E402
from engine.probes import solve_deal_probing  # noqa: E402


def measure(slug: str, first: int, deals: int, memory: bool = True,
            readings: dict | None = None) -> dict:
    """Per-deal outcomes (W/L/U strings) of greedy, careful and solver under ``readings``
    (None: the defaults), and careful's CPU."""
    out = {"game": slug, "first": first, "greedy": "", "careful": "", "solver": "", "cpu": []}
    for d in range(first, first + deals):
        out["greedy"] += CODE[run(games.new(slug, d, readings), "greedy",
                                  max_moves=BUDGETS["greedy"]).outcome]
        t = time.process_time()
        out["careful"] += CODE[careful_run(games.new(slug, d, readings),
                                           memory=memory).outcome]
        out["cpu"].append(round(time.process_time() - t, 3))
        out["solver"] += CODE[solve_deal_probing(slug, d, readings,
                                                 default_budget(slug, "solver")).outcome]
    return out


def gap_closed(r: dict) -> float | None:
    """The share of the greedy-to-solver gap in won deals that the careful player closes
    (None when the solver wins no more than greedy)."""
    g, c, s = (r[p].count("W") for p in ("greedy", "careful", "solver"))
    return None if s <= g else round((c - g) / (s - g), 2)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--game", action="append", help="only these games (repeatable)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--smoke", action="store_true", help="two deals of two games")
    ap.add_argument("--no-memory", action="store_true",
                    help="the careful player without memory (careful_run(memory=False))")
    ap.add_argument("--reading", action="append", default=[], metavar="A=R",
                    help="a reading other than the default (repeatable; one game only)")
    a = ap.parse_args(argv)
    readings = parse_readings(a.reading) or None
    if readings and len(a.game or ()) != 1:
        ap.error("--reading needs exactly one --game")
    slugs = a.game or (["mill", "favourite"] if a.smoke else games.available())
    deals = 2 if a.smoke else a.deals
    print(f"machine: {describe()}", flush=True)
    rows = []
    for slug in slugs:
        r = measure(slug, a.first, deals, memory=not a.no_memory, readings=readings)
        rows.append(r)
        und = {p: r[p].count("U") for p in ("greedy", "careful", "solver")}
        print(f"{slug:<20} deals {a.first}-{a.first + deals - 1}  "
              + "  ".join(f"{p} {r[p].count('W')}" + (f" (+{und[p]} undecided)" if und[p] else "")
                          for p in ("greedy", "careful", "solver"))
              + f"  gap closed {gap_closed(r)}  careful cpu/deal median "
              f"{statistics.median(r['cpu']):.2f} s, max {max(r['cpu']):.2f} s", flush=True)
    if a.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
