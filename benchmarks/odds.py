"""Deals per second of :func:`engine.odds.odds`: 1 and 2 local worker processes and a Dask
LocalCluster of 2 worker processes, per game, with a description of the machine.

    python benchmarks/odds.py                 # every game, solver policy
    python benchmarks/odds.py --smoke         # CI: two games, few deals, checks agreement
    python benchmarks/odds.py --games favourite mill --deals 200 --policy greedy --json

The counts of every run must agree (the benchmark fails otherwise). The aim: 2 workers at
least 1.7 times as fast as one. Timings include starting the worker processes (the cluster's
start-up is reported apart, and not counted).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import games, odds  # noqa: E402

#: deals and budget per game for a run of a few seconds on one core (solver policy).
DEFAULT_DEALS = 120
BUDGET = 5_000


def machine() -> dict:
    info = {"python": platform.python_version(), "platform": platform.platform(),
            "processor": platform.processor() or platform.machine(),
            "cpus": os.cpu_count()}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    info["processor"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return info


def timed(fn):
    t = time.perf_counter()
    r = fn()
    return r, time.perf_counter() - t


def bench_local(game: str, deals: int, policy: str, budget: int) -> dict:
    kw = dict(deals=deals, first=1, policy=policy, budget=budget)
    r1, t1 = timed(lambda: odds.odds(game, jobs=1, **kw))
    r2, t2 = timed(lambda: odds.odds(game, jobs=2, **kw))
    if r2 != r1:
        raise SystemExit(f"{game}: 1 and 2 workers disagree: {r1} {r2}")
    return {"game": game, "deals": deals, "policy": policy, "budget": budget,
            "won": r1["won"], "lost": r1["lost"], "undecided": r1["undecided"],
            "seconds_1": round(t1, 2), "deals_per_s_1": round(deals / t1, 2),
            "deals_per_s_2": round(deals / t2, 2), "speedup_2": round(t1 / t2, 2),
            "_result": r1}


def bench_cluster(row: dict, cluster) -> None:
    kw = dict(deals=row["deals"], first=1, policy=row["policy"], budget=row["budget"])
    rc, tc = timed(lambda: odds.odds(row["game"], scheduler=cluster.scheduler_address, **kw))
    if rc != row["_result"]:
        raise SystemExit(f"{row['game']}: the cluster disagrees: {row['_result']} {rc}")
    row["deals_per_s_cluster"] = round(row["deals"] / tc, 2)
    row["speedup_cluster"] = round(row["seconds_1"] / tc, 2)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="*", default=None)
    ap.add_argument("--deals", type=int, default=None)
    ap.add_argument("--policy", default="solver", choices=odds.POLICIES)
    ap.add_argument("--budget", type=int, default=BUDGET)
    ap.add_argument("--no-cluster", action="store_true", help="skip the Dask LocalCluster")
    ap.add_argument("--smoke", action="store_true", help="quick run for CI")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    slugs = a.games or games.available()
    deals = a.deals or DEFAULT_DEALS
    if a.smoke:
        slugs = a.games or ["heart-to-heart", "favourite"]
        deals = a.deals or 16
        a.budget = min(a.budget, 1000)
    # local runs first: the cluster starts threads in this process, after which the local
    # pool has to spawn its workers instead of forking them
    rows = []
    for g in slugs:
        rows.append(bench_local(g, deals, a.policy, a.budget))
        if not a.json:
            r = rows[-1]
            print(f"{g:<20} 1 worker {r['deals_per_s_1']:>8}/s  2 workers "
                  f"{r['deals_per_s_2']:>8}/s  x{r['speedup_2']}", flush=True)
    startup = None
    if not a.no_cluster:
        try:
            from distributed import LocalCluster
        except ImportError:
            LocalCluster = None
            print("dask.distributed not installed: no cluster run", file=sys.stderr)
        if LocalCluster is not None:
            t = time.perf_counter()
            cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                   dashboard_address=None)
            startup = round(time.perf_counter() - t, 2)
            try:
                for r in rows:
                    bench_cluster(r, cluster)
                    if not a.json:
                        print(f"{r['game']:<20} cluster (2 processes) "
                              f"{r['deals_per_s_cluster']:>8}/s  x{r['speedup_cluster']}",
                              flush=True)
            finally:
                cluster.close()
    for r in rows:
        del r["_result"]
    out = {"machine": machine(), "cluster_startup_s": startup, "rows": rows}
    if a.json:
        print(json.dumps(out, indent=1))
    else:
        print(json.dumps(out["machine"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
