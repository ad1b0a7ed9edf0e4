"""Solver coverage: per game (and reading), the share of deals the all-seeing solver decides.

    python benchmarks/solver_coverage.py --game octagon --first 1 --deals 30
    python benchmarks/solver_coverage.py --first 1 --deals 20 --budget 20000   # every game
    python benchmarks/solver_coverage.py --game dense-column --reading side-places=first-round

Prints the machine (:mod:`benchmarks.machine`), then one line per game: deals decided (won or
proved lost) as a share, won/lost/undecided counts, median and maximum CPU seconds per deal
(``time.process_time``, so the load of other processes on a shared machine matters less than
for wall time) and the peak resident memory of the process (``ru_maxrss``) in MiB. Each game
runs in a fresh child process, so its peak memory is its own. ``--json`` prints the rows as
JSON instead. The budget defaults to :data:`engine.solver.DEFAULT_BUDGET`.
"""
from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.machine import describe  # noqa: E402
from engine import games, probes, solver  # noqa: E402


def run_one(slug: str, first: int, n: int, budget: int, readings: dict, off: list,
            probing: bool = True) -> dict:
    """Solve deals ``first .. first+n-1`` of ``slug`` in this process, as the odds table does
    (:func:`engine.probes.solve_deal_probing`; ``probing`` False: the depth-first search of
    :func:`engine.solver.solve_deal` alone; rules ``off``: :func:`engine.solver.solve` of the
    deal alone); the row as a dict."""
    counts = {"won": 0, "lost": 0, "undecided": 0}
    cpu = []
    states = []
    for deal in range(first, first + n):
        t0 = time.process_time()
        if off:
            r = solver.solve(games.new(slug, deal, readings, off=off), budget)
        elif probing:
            r = probes.solve_deal_probing(slug, deal, readings, budget)
        else:
            r = solver.solve_deal(slug, deal, readings, budget)
        cpu.append(time.process_time() - t0)
        states.append(r.states)
        counts[r.outcome] += 1
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return {"game": slug, "readings": readings, "off": off, "probes": probing and not off,
            "first": first, "deals": n,
            "budget": budget, **counts,
            "decided": (counts["won"] + counts["lost"]) / n,
            "cpu_median": statistics.median(cpu), "cpu_max": max(cpu),
            "states_median": statistics.median(states), "peak_mib": peak}


def line(row: dict) -> str:
    name = row["game"] + "".join(f" {k}={v}" for k, v in row["readings"].items())
    name += "".join(f" -{o}" for o in row["off"]) + ("" if row["probes"] else " -probes")
    return (f"{name:<40} decided {row['decided']:6.1%}  won {row['won']:4d}  lost "
            f"{row['lost']:4d}  undecided {row['undecided']:4d}  cpu/deal median "
            f"{row['cpu_median']:.3f} s max {row['cpu_max']:.2f} s  states median "
            f"{row['states_median']:.0f}  peak {row['peak_mib']:.0f} MiB")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", help="game slug (repeatable; default: all)")
    ap.add_argument("--first", type=int, default=1, help="first deal number")
    ap.add_argument("--deals", type=int, default=30, help="number of deals")
    ap.add_argument("--budget", type=int, default=solver.DEFAULT_BUDGET, help="states per deal")
    ap.add_argument("--reading", action="append", default=[], metavar="AMBIGUITY=READING")
    ap.add_argument("--off", action="append", default=[], metavar="RULE",
                    help="switch a pruning rule of the game's PRUNINGS off")
    ap.add_argument("--no-probes", action="store_true",
                    help="the depth-first search alone, without the probes of engine.probes")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    readings = dict(r.split("=", 1) for r in a.reading)
    slugs = a.game or games.available()
    if a.child:
        print(json.dumps(run_one(slugs[0], a.first, a.deals, a.budget, readings, a.off,
                                    not a.no_probes)))
        return 0
    rows = []
    if not a.json:
        print(describe())
        print(f"deals {a.first}-{a.first + a.deals - 1}, budget {a.budget} states")
    for slug in slugs:
        cmd = [sys.executable, __file__, "--child", "--game", slug, "--first", str(a.first),
               "--deals", str(a.deals), "--budget", str(a.budget)]
        cmd += [x for r in a.reading for x in ("--reading", r)]
        cmd += [x for o in a.off for x in ("--off", o)] + (["--no-probes"] if a.no_probes else [])
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        row = json.loads(out)
        rows.append(row)
        if not a.json:
            print(line(row), flush=True)
    if a.json:
        print(json.dumps({"machine": describe(), "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
