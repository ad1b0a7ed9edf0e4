"""The stored table of measured odds, ``corpus/results/odds.json``, and how to regenerate it.

``edition results --seconds-per-row 20 --jobs 2`` (or ``regenerate(seconds_per_row=20,
jobs=2)``) measures, for every executable game, the default choice of readings and each
change of a single reading from it, with each policy of :data:`POLICIES` (``blind``,
``greedy``, ``solver``), and writes::

    {"provenance": {"engine": <hash of the engine's source files>, "date", "generator",
                    "python", "target_width", "seconds_per_row"},
     "rows": [{<the odds JSON of engine.odds.odds>, "change": "<ambiguity>=<reading>" or
               null, "seconds": wall time, "note": why fewer deals / what is undecided}]}

Deals: played in batches (four per worker) until, after at least ``pilot`` deals, the 95%
interval is no wider than ``target_width`` (4 points), or the next batch would overrun
``seconds_per_row`` of computing; where the time or the undecided deals do not allow that, the row's ``note``
says so. Rows differ in their deal counts, never in the deals themselves: every row starts at
deal ``first``. :func:`stale` tells whether a stored table predates the engine's source.
The file is written atomically (a failed run leaves the previous table).
"""
from __future__ import annotations

import datetime as _dt
import hashlib
import json
import math
import os
import platform
import time
from pathlib import Path
from typing import Callable

from . import games
from .odds import Z95, outcomes, summarise

ENGINE_DIR = Path(__file__).resolve().parent
DEFAULT_PATH = ENGINE_DIR.parent / "corpus" / "results" / "odds.json"
#: the solver's budget (states) and the playing policies' (moves) in the stored table.
BUDGETS = {"solver": 20_000, "greedy": 5_000, "blind": 5_000}
#: the policies of the table: ``blind`` a player who sees only the face-up cards,
#: ``greedy`` a player who plays the first good-looking move, ``solver`` an all-seeing search
#: (it sees every face-down card, so its rate is an upper bound for any player).
POLICIES = ("blind", "greedy", "solver")


#: engine modules that measure (results, odds) or present (api, describe) and so never
#: change an outcome: editing them does not make the stored table stale.
NOT_RULES = ("results.py", "odds.py", "api.py", "describe.py")


def engine_hash() -> str:
    """SHA-256 (hex, first 16) of the engine's rule source: every ``engine/**/*.py`` except
    the modules that only measure or present (:data:`NOT_RULES`), path and bytes."""
    h = hashlib.sha256()
    for p in sorted(ENGINE_DIR.rglob("*.py")):
        rel = p.relative_to(ENGINE_DIR).as_posix()
        if rel in NOT_RULES or "__pycache__" in rel:
            continue
        h.update(rel.encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def stale(results: dict) -> bool:
    """True when ``results`` (a loaded odds table) was made by another engine source."""
    return results.get("provenance", {}).get("engine") != engine_hash()


def load(path: str | os.PathLike = DEFAULT_PATH) -> dict:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def configurations(slug: str) -> list[tuple[str | None, dict]]:
    """(change, readings) for the default and each single-reading change of game ``slug``."""
    mod = games.get(slug)
    out: list[tuple[str | None, dict]] = [(None, {})]
    for a in mod.AMBIGUITIES:
        for r in a.readings:
            if r.id != a.default:
                out.append((f"{a.id}={r.id}", {a.id: r.id}))
    return out


def deals_for_width(rate: float, width: float) -> int:
    """Deals a Wilson 95% interval needs to be about ``width`` wide at ``rate``."""
    p = min(max(rate, 0.0), 1.0)
    normal = (2 * Z95) ** 2 * p * (1 - p) / width ** 2
    # at 0 or n wins the Wilson interval is z^2 / (n + z^2) wide
    edge = Z95 ** 2 * (1 / width - 1)
    return int(math.ceil(max(normal, edge)))


def measure(slug: str, readings: dict, policy: str, *, first: int = 1, pilot: int = 16,
            target_width: float = 0.04, seconds: float = 60.0, max_deals: int = 3000,
            jobs: int | None = None, scheduler=None) -> dict:
    """One row of the table (see the module docstring). Deals are played in batches (four
    per worker) from deal ``first`` on, until the interval is narrow enough (judged after at
    least ``pilot`` deals), ``max_deals`` are played, or, once ``pilot`` deals are played, the
    next batch would not finish within ``seconds`` (so a row takes at most about ``seconds``
    plus one batch, or the time of ``pilot`` deals)."""
    budget = BUDGETS[policy]
    workers = jobs or os.cpu_count() or 1
    batch = max(4, 4 * workers)
    t0 = time.perf_counter()
    res: dict = {}
    n = 0
    while n < max_deals:
        size = min(batch, max_deals - n)
        res.update(outcomes(slug, size, first + n, policy, readings, budget, jobs,
                            scheduler))
        n += size
        won = sum(o == "won" for o in res.values())
        if n >= pilot:
            need = min(max_deals, deals_for_width(won / n, target_width))
            if n >= need:
                break
        spent = time.perf_counter() - t0
        if n >= pilot and spent + spent / n * batch > seconds:   # at least the pilot's deals
            break
    need = min(max_deals, deals_for_width(sum(o == "won" for o in res.values()) / n,
                                          target_width))
    mod = games.get(slug)
    from .readings import resolve
    row = summarise(slug, resolve(slug, mod.AMBIGUITIES, readings), policy, n, first, budget,
                    res)
    row["seconds"] = round(time.perf_counter() - t0, 1)
    notes = []
    lo, hi = row["ci95"]
    if hi - lo > target_width + 1e-9:
        if row["undecided"] and (row["undecided"] / n) > target_width / 2:
            notes.append(f"{row['undecided']} of {n} deals undecided within the budget of "
                         f"{budget} {'states' if policy == 'solver' else 'moves'}: the "
                         "interval counts them both ways")
        if n < need:
            notes.append(f"{n} deals (an interval of {100 * target_width:.0f} points needs "
                         f"about {need}; the game's speed allowed {n} in {seconds:.0f} s)")
        elif not notes:
            notes.append(f"the interval is {100 * (hi - lo):.1f} points wide after {n} deals")
    row["note"] = "; ".join(notes)
    return row


def rows_planned(games_: list[str] | None = None,
                 policies: tuple[str, ...] = POLICIES) -> int:
    """Number of rows :func:`regenerate` will measure."""
    return sum(len(configurations(slug)) for slug in (games_ or games.available())) \
        * len(policies)


def estimate_seconds(games_: list[str] | None = None, policies: tuple[str, ...] = POLICIES,
                     seconds_per_row: float = 60.0) -> float:
    """An estimate of :func:`regenerate`'s wall time: every row takes its ``seconds_per_row``
    and overruns by about 15% (its last batch of deals); rows that reach their target width
    sooner (games with few choices) make it shorter. On 2 cores, ``seconds_per_row=10``
    gives about 25 minutes for the ten games."""
    return rows_planned(games_, policies) * seconds_per_row * 1.15


def regenerate(path: str | os.PathLike = DEFAULT_PATH, games_: list[str] | None = None,
               policies: tuple[str, ...] = POLICIES, *, first: int = 1,
               pilot: int = 16, target_width: float = 0.04, seconds_per_row: float = 60.0,
               max_deals: int = 3000, jobs: int | None = None, scheduler=None,
               progress: Callable[[str], None] | None = None, date: str | None = None) -> dict:
    """Measure every game (or ``games_``) under the default and each single-reading change,
    with each of ``policies`` (default :data:`POLICIES`), and write the table to ``path``
    atomically. Returns it. ``seconds_per_row`` the computing time allowed a row, ``jobs``
    local worker processes (see :func:`measure`); :func:`estimate_seconds` tells the time
    before starting. ``progress(message)`` is called before each row."""
    slugs = games_ or games.available()
    rows = []
    for slug in slugs:
        for change, readings in configurations(slug):
            for policy in policies:
                if progress:
                    progress(f"{slug} {change or 'default'} {policy}")
                row = measure(slug, readings, policy, first=first, pilot=pilot,
                              target_width=target_width, seconds=seconds_per_row,
                              max_deals=max_deals, jobs=jobs, scheduler=scheduler)
                row["change"] = change
                rows.append(row)
    table = {"provenance": {"engine": engine_hash(),
                            "date": date or _dt.date.today().isoformat(),
                            "generator": "engine.results.regenerate",
                            "python": platform.python_version(),
                            "budgets": dict(BUDGETS), "first": first,
                            "target_width": target_width,
                            "seconds_per_row": seconds_per_row, "max_deals": max_deals},
             "rows": rows}
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(table, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return table


def summary_text(table: dict) -> str:
    """A plain table: game, change, policy, deals, won/lost/undecided and the rate as
    :func:`engine.odds.describe_rate` states it (bounds when many deals are undecided)."""
    from .odds import describe_rate
    lines = []
    for r in table["rows"]:
        lines.append(f"{r['game']:<20} {r['change'] or 'default':<32} {r['policy']:<7} "
                     f"{r['deals']:>5} {r['won']:>5}/{r['lost']:>5}/{r['undecided']:>5} "
                     f"{describe_rate(r)}" + (f"  ({r['note']})" if r["note"] else ""))
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover
    t = regenerate(progress=lambda m: print(m, flush=True))
    print(summary_text(t))
