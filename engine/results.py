"""The stored table of measured odds, ``corpus/results/odds.json``, and how to regenerate it.

``edition results --workers 2`` (or ``regenerate(workers=2)``) measures, for every executable
game, the default choice of readings and each change of a single reading from it, with each
policy of :data:`POLICIES`, on **fixed deal ranges** (:data:`DEALS`: deals 1..N of each
policy; a single-change row is measured on the same range as the default row it is compared
with, so any two rows of one policy and game cover the same deals). The deals run on a Dask
``LocalCluster`` of ``workers`` worker processes that the command starts itself, every
listener of it (scheduler, workers) on 127.0.0.1 and the dashboards off; ``jobs`` local
processes or a ``scheduler`` address are the alternatives. The table::

    {"provenance": {"engine": <hash of the engine's rule sources, engine_hash()>,
                    "date": "YYYY-MM-DD", "generator": "engine.results.regenerate",
                    "python", "how": "dask LocalCluster, 2 worker processes on 127.0.0.1"
                    (or "N local processes", "dask scheduler at ADDRESS"),
                    "workers": 2, "wall_seconds", "cpu_seconds" (summed over the deals, in
                    the workers), "budgets": {policy: budget}, "solver_budgets": {game: budget}
                    (:data:`SOLVER_BUDGETS`), "move_limits": {game: moves} (the greedy and
                    blind players', :data:`MOVE_LIMITS`; each row stores its own), "deal_ranges": {policy:
                    [first, last]}, "careful_samples", "solver_probes" (probes of
                    :mod:`engine.probes` on a deal the solver's search leaves undecided),
                    "solver_playouts" (the playouts after them, :func:`engine.probes.playouts`),
                    "command" (these of the latest run),
                    "runs": [{"games", "date", "how", "workers", "wall_seconds",
                              "cpu_seconds", "deal_ranges", "command", "reused_deals",
                              "complete", and while it is false "wrote": [[game, change,
                              policy], ...] (the rows a run stopped part-way wrote)}, ...]
                    (every run whose rows the table holds: ``edition results --game G``
                    measures some games and keeps the other games' rows; a run that took
                    over stored deals, ``reused_deals``, keeps the runs that measured them),
                    "restamps": [{"date", "command", "games" ({game: deals played}),
                                  "rows", "deals_played",
                                  "cpu_seconds", "former_engine", "why"}, ...] (where
                    :func:`restamp` marked rows as a later source's after replaying a sample
                    of their deals; kept until a run measures the whole table anew)},
     "rows": [row, ...]}

A **row** (one game, one choice of readings, one policy)::

    {"game", "readings" (complete), "change": "<ambiguity>=<reading>" or null (the
     default readings), "policy", "first", "deals" (deals first .. first + deals - 1),
     "budget", "won", "lost", "undecided", "rate" (won / deals: with undecided deals a lower
     bound, never a rate), "bounds": [won / deals, (won + undecided) / deals] (the true
     share of won deals lies between), "ci95": [low, high] (Wilson 95%, undecided deals
     counted both ways: low as lost, high as won), "outcomes": "WLU..." (one character per
     deal from ``first``: W won, L lost, U undecided; :func:`range_counts` summarises any
     range of it, :func:`common_counts` two rows on the deals both cover), "seconds" (wall),
     "cpu_seconds" (the deals' CPU time in the workers), "note" (what is undecided, in
     words; "" when nothing is), "engine" (:func:`game_hash` of the game and policy when measured: an
     edit of one game makes only its rows stale, :func:`stale_games`)}

The fields ``game, readings, change, policy, deals, first, won, lost, undecided, rate, ci95,
note`` are those the site has always read; ``bounds, outcomes, cpu_seconds`` are new.
:func:`stale` tells whether a stored table predates the engine's rule source;
:func:`recheck` replays a sample of a table's deals and compares them with its stored
outcomes (the test suite's check on the stored table, which CI cannot regenerate). The file
is written atomically (a failed run leaves the previous table).
"""
from __future__ import annotations

import datetime as _dt
import ast
import contextlib
import hashlib
import json
import logging
import math
import os
import platform
import signal
import threading
import time
import uuid
from pathlib import Path
from typing import Any, Callable, NamedTuple

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

from . import games
from .odds import Z95, describe_rate, interval, map_tasks, outcomes, play_deal, summarise
from .careful import (CAREFUL_BUDGET, CAREFUL_MAX_MOVES, CAREFUL_SAMPLES, CAREFUL_SOLVE_BUDGET,
                      effort)
from .deal import SplitMix64
from .probes import LINES, PROBES
from .readings import resolve

ENGINE_DIR = Path(__file__).resolve().parent
DEFAULT_PATH = ENGINE_DIR.parent / "corpus" / "results" / "odds.json"
#: the budgets of the stored table: the solver's and the careful player's in states (the
#: careful player's per decision, :func:`engine.careful.careful_run`), the playing
#: policies' in moves (a game may give its careful player more: :func:`engine.careful.effort`;
#: its rows say so).
BUDGETS = {"solver": 20_000, "careful": CAREFUL_BUDGET, "greedy": 5_000, "blind": 5_000}
#: games whose solver rows search with another budget than :data:`BUDGETS` (every reading of
#: the game alike, so that its rows stay comparable; each row stores its budget and its note
#: states it). Given where the search at 20,000 states leaves deals open that a larger
#: budget decides: the depth-first search is deterministic, so a deal decided at a budget is
#: decided alike at any larger one, and only the open deals cost more (the median deal's
#: cost is unchanged). Measured on the open deals of the 20,000-state rows (the maintainers'
#: guide, "How the solver of the odds table searches").
#: The Peacock's Tail: of the default row's 57 open deals at 20,000 states, deals 7, 35, 46,
#: 56, 69 and 116 were proved lost at 22,000 to 140,000 states (7 and 35 at 44,410 and
#: 46,041) and 119 won at 28,000.
#: The Spinning Wheel: of the default row's 20 open deals at 20,000 states, the first 15
#: searched at 300,000 (with probes, as the table searches) gave 11 won (142, 174, 251, 356,
#: 553, 587, 593, 636, 715, 748, 777; 54,000 to 435,000 states in all, 3 to 28 s CPU each)
#: and none proved lost: enough to reach 99% decided. Its ``waste-entry=any`` row costs
#: about 4 times as much a state.
#: The Dense Column searches less far, 5,000 states, so that every reading is measured on the
#: default's 1,000 deals: the default decides deals 1-300 at 5,000 as at 20,000 but one
#: (299 won, 1 open; median 85 states, 0.007 s CPU a deal), while the ``side-places`` readings
#: leave nearly every deal open at either budget (``during-deal`` 1 of deals 1-100 won at
#: 20,000, none of 1-20 at 5,000; ``always`` none), at about 4 s CPU a deal at 20,000 and 0.9 s
#: at 5,000: their 1,000 deals at 20,000 would cost some 8,000 s for the same open verdicts.
SOLVER_BUDGETS: dict[str, int] = {"peacock-tail": 100_000, "spinning-wheel": 300_000,
                                  "dense-column": 5_000}
#: games whose greedy and blind rows play with a longer move limit than :data:`BUDGETS`
#: (every reading of the game alike; each row stores its limit as its budget). A player never
#: plays into a position it has played (:mod:`engine.policies`), so every playout ends; the
#: limit only stops one that wanders long. A playout is deterministic, so a deal decided
#: within a limit is decided alike within a larger one: only the open deals cost more.
#: The Egyptian Pyramid: its players, for whom a move between piles outranks turning a card,
#: move single cards among alike building piles through many thousand positions before they
#: turn the next card; at 5,000 moves 232 of the default row's 1,000 deals were left open
#: (greedy and blind alike). Measured with no limit on deals 1-100, greedy: every deal ends,
#: the longest after 128,476 moves (deal 74, 4.4 s CPU, 110 MiB); blind, deals 1-30: the
#: longest 102,573 moves (deal 24, won; 25.7 s CPU, 506 MiB).
MOVE_LIMITS: dict[str, int] = {"egyptian-pyramid": 1_000_000}
#: the policies of the table: ``blind`` a player who sees only the face-up cards,
#: ``greedy`` a player who plays the first good-looking move, ``careful`` a player who sees
#: only the face-up cards and plans over samples of the others (the realistic figure),
#: ``solver`` an all-seeing search (it sees every face-down card, so its rate is an upper
#: bound for any player).
POLICIES = ("blind", "greedy", "careful", "solver")
#: the fixed deal ranges of the stored table: deals 1..N per policy (the careful player,
#: which searches at every decision, on fewer).
DEALS = {"solver": 1000, "careful": 200, "greedy": 1000, "blind": 1000}


#: engine modules that measure (results, odds) or present (api, describe) and so never
#: change an outcome: editing them does not make the stored table stale.
NOT_RULES = ("results.py", "odds.py", "api.py", "describe.py")


def _rule_sources() -> list[tuple[str, Path]]:
    """(relative path, file) of every rule source: ``engine/**/*.py`` but
    :data:`NOT_RULES`, sorted."""
    out = []
    for p in sorted(ENGINE_DIR.rglob("*.py")):
        rel = p.relative_to(ENGINE_DIR).as_posix()
        if rel not in NOT_RULES and "__pycache__" not in rel:
            out.append((rel, p))
    return out


def _digest(sources, code_only: bool = False) -> str:
    h = hashlib.sha256()
    for rel, p in sources:
        h.update(rel.encode() + b"\0" + (_code(p) if code_only else p.read_bytes()) + b"\0")
    return h.hexdigest()[:16]


#: :func:`_code` of each source already read in this process: (path, size, mtime) -> code
_CODE: dict[tuple[str, int, int], bytes] = {}


def _code(path: Path) -> bytes:
    """The code of a Python source without what cannot change an outcome: its docstrings,
    comments, layout and type hints (``ast.unparse`` of its syntax tree less what
    :func:`_unparsed` drops), UTF-8. The unparsed form is that of the running Python's
    ``ast`` module (3.11 for the stored table); another version may print the same code
    otherwise and so stale every row. Remembered per file size and modification time
    (parsing costs about 40 ms a module)."""
    st = path.stat()
    key = (str(path), st.st_size, st.st_mtime_ns)
    if key not in _CODE:
        _CODE[key] = _unparsed(path)
    return _CODE[key]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"
            or isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


#: the fields of a statement (or an except handler, a match case) that hold statements
_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")


def _statements(stmts: list):
    """Every statement in ``stmts`` and, inside them, every nested statement, except handler
    and match case. An expression holds no statement, so nothing here looks into one."""
    for node in stmts:
        yield node
        for f in _BODIES:
            v = getattr(node, f, None)
            if isinstance(v, list):
                yield from _statements(v)


def _no_docstring(node) -> None:
    """Drop the docstring of a module, class or function ``node`` (a body left empty: pass)."""
    body = node.body
    if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)):
        node.body = body[1:] or [ast.Pass()]


def _no_hints(stmts: list) -> list:
    """``stmts`` without what a type checker reads and the running code never does: the
    annotations of parameters and returns (every engine module starts ``from __future__
    import annotations``, so they are never evaluated), a bare annotation (``x: int``) or the
    annotation of an assignment (``x: int = 0`` becomes ``x = 0``), and an ``if
    TYPE_CHECKING:`` block with no ``else``; nested statements alike. Kept as they are: the
    class bodies of a decorated class (a ``@dataclass`` makes its fields of its annotations)
    and of a class with a base class other than a plain name (``NamedTuple``-like forms are
    written so), but for the functions and classes in them."""
    out = []
    for node in stmts:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = node.args
            for arg in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg):
                if arg is not None:
                    arg.annotation = None
            node.returns = None
            node.body = _no_hints(node.body)
        elif isinstance(node, ast.ClassDef):
            if node.decorator_list or any(not isinstance(b, ast.Name) for b in node.bases):
                node.body = [_no_hints([c])[0] if isinstance(
                    c, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else c
                    for c in node.body]      # a dataclass's fields are its annotations
            else:
                node.body = _no_hints(node.body)
        elif isinstance(node, ast.AnnAssign):
            if node.value is None:
                continue
            node = ast.copy_location(ast.Assign(targets=[node.target], value=node.value), node)
        elif isinstance(node, ast.If) and _is_type_checking(node.test) and not node.orelse:
            continue
        else:
            for f in _BODIES:
                v = getattr(node, f, None)
                if isinstance(v, list):
                    setattr(node, f, _no_hints(v))
        out.append(node)
    return out


def _unparsed(path: Path) -> bytes:
    """:func:`_code` of ``path``, worked out: the syntax tree less its docstrings, then less
    the type hints (:func:`_no_hints`), a body left empty given ``pass``, unparsed. Only
    statements are looked into (an expression holds no docstring, hint or body): the same
    text as a walk of the whole tree, about twice as fast (compared on some 20,000 modules
    of the standard library, the installed packages and this repository)."""
    tree = ast.parse(path.read_bytes(), filename=str(path))
    _no_docstring(tree)
    for node in list(_statements(tree.body)):
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            _no_docstring(node)
    tree.body = _no_hints(tree.body)
    for node in [tree, *_statements(tree.body)]:    # a body left empty by what was dropped
        if isinstance(getattr(node, "body", None), list) and not node.body:
            node.body = [ast.Pass()]
    return ast.unparse(tree).encode()


def engine_hash() -> str:
    """SHA-256 (hex, first 16) of the engine's rule source: every ``engine/**/*.py`` except
    the modules that only measure or present (:data:`NOT_RULES`), path and bytes."""
    return _digest(_rule_sources())


#: rule sources a policy's rows never run: the solver's rows come from
#: :func:`engine.probes.solve_deal_probing`, which plays the greedy and blind players
#: (``policies.py``) but never the careful one (``careful.py``); the greedy and blind
#: players never call the careful one; no player calls the probes (the careful player's
#: searches are :mod:`engine.solver`'s own).
NOT_RUN_BY: dict[str, tuple[str, ...]] = {
    "solver": ("careful.py",),
    "careful": ("probes.py",),
    "greedy": ("careful.py", "probes.py"), "blind": ("careful.py", "probes.py")}


def game_hash(slug: str, policy: str | None = None) -> str:
    """SHA-256 (hex, first 16) of the rule code one game's rows of ``policy`` depend on (the
    code only: an edit of a docstring or a comment changes no outcome, :func:`_code`):
    the shared engine (every rule source outside ``engine/games/``, and ``games/__init__.py``
    and ``games/_common.py``) less the modules that policy never runs (:data:`NOT_RUN_BY`;
    ``policy`` None: none left out), and the game's own module. A row stores it
    (``"engine"``), so that an edit of one game makes only that game's rows stale, an edit
    of the probes (``probes.py``) only the solver's rows, and an edit of the careful player
    (``careful.py``) only its own rows."""
    own = games.record(slug).module.rsplit(".", 1)[-1] + ".py"
    keep = ("games/__init__.py", "games/_common.py", f"games/{own}")
    skip = NOT_RUN_BY.get(policy, ()) if policy is not None else ()
    return _digest([(rel, p) for rel, p in _rule_sources()
                    if (not rel.startswith("games/") or rel in keep) and rel not in skip],
                   code_only=True)


def stale_games(results: dict) -> list[str]:
    """The games with rows in ``results`` (a loaded odds table) that were made by another
    engine source than today's (each row's ``"engine"`` against :func:`game_hash`). A row
    from before per-game hashes is judged by the table's whole-engine hash
    (``provenance.engine`` against :func:`engine_hash`); a table with no rows is stale as a
    whole only by that hash."""
    if not results.get("rows"):
        return [] if _whole_table_current(results) else list(games.available())
    return sorted({r["game"] for r in stale_rows(results)},
                  key=list(games.available()).index)


def stale_rows(results: dict) -> list[dict]:
    """The rows of ``results`` (a loaded odds table) of an executable game and a policy of
    the table (:data:`POLICIES`) that were made by
    another engine source than today's: each row's ``"engine"`` against :func:`game_hash` of
    its game and policy (a row without one against the table's whole-engine hash, as in
    :func:`stale_games`), or at another budget than the one it would be measured at today
    (:func:`default_budget`: a game given a budget in :data:`SOLVER_BUDGETS`, say). A row
    of another policy (``random``, say) is never one: no run measures it anew, and
    ``edition check`` names it as a row to remove (a row without a policy is judged by
    the hash of all the code its game runs, :func:`game_hash` with ``policy`` None)."""
    whole_ok = _whole_table_current(results)
    current: dict = {}
    out = []
    playable = set(games.available())
    for r in results.get("rows", []):
        if r.get("game") not in playable or r.get("policy") not in (None, *POLICIES):
            continue
        k = (r["game"], r.get("policy"))
        if k not in current:
            current[k] = game_hash(*k)
        if not (r["engine"] == current[k] if "engine" in r else whole_ok) or (
                "budget" in r and r.get("policy") in POLICIES
                and r["budget"] != default_budget(*k)):
            out.append(r)
    return out


def _whole_table_current(results: dict) -> bool:
    """Whether a table from before per-row hashes is current: its whole-engine hash is
    today's. A table of per-game runs ("runs") hashes every row; a row there without a hash
    was kept from an older table, and is judged stale."""
    prov = results.get("provenance", {})
    return prov.get("engine") == engine_hash() and "runs" not in prov


def stale(results: dict) -> bool:
    """True when any game's rows in ``results`` were made by another engine source
    (:func:`stale_games`)."""
    return bool(stale_games(results))


def load(path: str | os.PathLike = DEFAULT_PATH) -> dict:
    """The odds table stored at ``path``, parsed. OSError if it cannot be read; ValueError
    if it is not JSON (or not UTF-8), or is nested too deeply to parse."""
    with open(path, "rb") as f:
        return _parse(f.read())


def _parse(data: bytes) -> dict:
    try:
        return json.loads(data.decode("utf-8"))
    except RecursionError:
        raise ValueError("the JSON is nested too deeply to read") from None


def load_shared(path: str | os.PathLike = DEFAULT_PATH) -> dict:
    """The odds table at ``path`` as :func:`load` reads it (the same errors), parsed once
    for as long as the file's bytes stay the same: a site build reads it for every game
    page (about 20 times, 6 ms each), so a repeat call with the same bytes returns the
    same dict. For readers only: a caller must not change what it gets (take
    :func:`load` to edit the table)."""
    with open(path, "rb") as f:
        data = f.read()
    hit = _SHARED.get(data)
    if hit is None:
        hit = _parse(data)
        _SHARED.clear()   # one table kept: the file read last
        _SHARED[data] = hit
    return hit


_SHARED: dict[bytes, dict] = {}


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


#: a deal's outcome as one character of a row's ``outcomes`` string, and back.
CODE = {"won": "W", "lost": "L", "undecided": "U"}
OUTCOME = {v: k for k, v in CODE.items()}


def range_counts(row: dict, first: int | None = None, last: int | None = None) -> dict:
    """Counts of a row's deals ``first .. last`` (default: all the row holds) from its
    ``outcomes``: ``{"first", "deals", "won", "lost", "undecided"}``. ValueError when the row
    does not hold every deal of the range."""
    a = row["first"] if first is None else first
    b = row["first"] + len(row["outcomes"]) - 1 if last is None else last
    if a < row["first"] or b > row["first"] + len(row["outcomes"]) - 1 or b < a:
        raise ValueError(f"the row holds deals {row['first']}.."
                         f"{row['first'] + len(row['outcomes']) - 1}, not {a}..{b}")
    s = row["outcomes"][a - row["first"]:b - row["first"] + 1]
    return {"first": a, "deals": len(s), "won": s.count("W"), "lost": s.count("L"),
            "undecided": s.count("U")}


def common_counts(a: dict, b: dict) -> tuple[dict, dict]:
    """The counts of rows ``a`` and ``b`` on the deals both hold (:func:`range_counts`), so
    that two rows are compared on the same deals. ValueError when they share none."""
    first = max(a["first"], b["first"])
    last = min(a["first"] + len(a["outcomes"]), b["first"] + len(b["outcomes"])) - 1
    return range_counts(a, first, last), range_counts(b, first, last)


def measure(slug: str, readings: dict, policy: str, *, first: int = 1, deals: int = 100,
            budget: int | None = None, jobs: int | None = None, scheduler=None,
            progress: Callable[[int, int], None] | None = None,
            stored: dict | None = None) -> dict:
    """One row of the table (see the module docstring): deals ``first .. first + deals - 1``
    of ``slug`` under ``readings`` with ``policy`` and ``budget`` (default
    :data:`BUDGETS`; the careful player's: the game's, :func:`engine.careful.effort`). A
    careful row also stores the samples it drew at a decision (``"samples"``).
    ``progress(done, total)`` is called as deals complete. ``stored``: a stored row of the
    same game, readings, policy and budget, measured by today's engine source from the same
    first deal (:func:`reusable`), on at most ``deals`` deals: its outcomes are taken as they
    are and only the deals after them are played (every deal's outcome depends on the deal,
    the readings, the budget and the source alone), its seconds added to the new ones; the
    row says how many deals it took over (``"reused_deals"``) and their CPU seconds
    (``"reused_cpu_seconds"``, in its ``cpu_seconds`` but not in the run's)."""
    if budget is None:
        budget = default_budget(slug, policy)
    t0 = time.perf_counter()
    cpu: list = []
    known = stored["outcomes"] if stored else ""
    if len(known) > deals:
        raise ValueError(f"the stored row holds {len(known)} deals, more than the {deals} "
                         "asked for")
    res = {first + i: OUTCOME[o] for i, o in enumerate(known)}
    if len(known) < deals:
        res.update(outcomes(slug, deals - len(known), first + len(known), policy, readings,
                            budget, jobs, scheduler, progress, cpu=cpu))
    mod = games.get(slug)
    row = summarise(slug, resolve(slug, mod.AMBIGUITIES, readings), policy, deals, first,
                    budget, res)
    row["outcomes"] = "".join(CODE[res[d]] for d in range(first, first + deals))
    row["seconds"] = round(time.perf_counter() - t0 + (stored["seconds"] if stored else 0), 1)
    row["cpu_seconds"] = round(sum(cpu) + (stored["cpu_seconds"] if stored else 0), 1)
    if stored and known:
        # the row's seconds are of all its deals; the run's, of the deals it played
        row["reused_deals"] = len(known)
        row["reused_cpu_seconds"] = stored["cpu_seconds"]
    if policy == "careful":
        row["samples"] = effort(slug)[0]
    row["note"] = undecided_note(row)
    return row


def _longer_rows(stored: dict, slugs, policies, first: int, ranges: dict, hashes: dict
                 ) -> list[tuple[tuple, int]]:
    """The stored rows that a run over ``ranges`` would replace with shorter ones although
    today's source made them from the same first deal at the same budget: ``((game, change,
    policy), deals stored)``. A stale row is measured anew whatever its length."""
    out = []
    for slug in slugs:
        for change, readings in configurations(slug):
            for policy in policies:
                row = stored.get((slug, change, policy))
                o = row.get("outcomes") if isinstance(row, dict) else None
                if isinstance(o, str) and len(o) > ranges[policy] and reusable(
                        row, slug, readings, policy, first=first, deals=len(o),
                        budget=default_budget(slug, policy), engine=hashes[(slug, policy)]):
                    out.append(((slug, change, policy), len(o)))
    return out


def reusable(row: dict | None, slug: str, readings: dict, policy: str, *, first: int,
             deals: int, budget: int, engine: str) -> dict | None:
    """``row`` (a stored row, or None) when :func:`measure` may take its outcomes over for
    deals ``first ..`` of ``slug`` under ``readings`` (complete or a change, as
    :func:`configurations` gives them) with ``policy`` at ``budget``: the same game,
    readings, policy and budget, the same first deal, no more deals than asked for (at
    least one), and made by the rule source ``engine`` (:func:`game_hash` today), with the
    seconds it took; otherwise None."""
    if not isinstance(row, dict):
        return None
    full = resolve(slug, games.get(slug).AMBIGUITIES, readings)
    same = (row.get("game") == slug and row.get("policy") == policy
            and row.get("readings") == full and row.get("budget") == budget
            and row.get("first") == first and row.get("engine") == engine)
    o = row.get("outcomes")
    fits = isinstance(o, str) and 0 < len(o) <= deals and not set(o) - set(OUTCOME)
    timed = all(isinstance(row.get(k), (int, float)) and not isinstance(row.get(k), bool)
                and math.isfinite(row[k]) and row[k] >= 0 for k in ("seconds", "cpu_seconds"))
    return row if same and fits and timed else None


def undecided_note(row: dict) -> str:
    """Why the undecided deals of ``row`` (a stored row: ``game``, ``readings``, ``policy``,
    ``budget``, ``deals``, ``undecided``) are undecided, in words; empty when none is. The
    solver's budget of states (and its probes) ran out; a greedy, blind or random player's
    budget of moves (its move limit); the careful player's move limit
    (:func:`engine.careful.careful_run`'s ``max_moves``: it was still playing; its ``budget``
    is the states of each decision),
    except where every card lies face up from the deal: there it searches the deal once, as
    the solver does, with :data:`engine.careful.CAREFUL_SOLVE_BUDGET` states. For a row of a
    game or reading the engine no longer has, its stored ``note``."""
    und, deals, budget, policy = row["undecided"], row["deals"], row["budget"], row["policy"]
    if not und:
        return ""
    if policy == "solver":
        within = (f"the budget of {budget} states, {PROBES} probes of {max(1, budget // PROBES)} "
                  f"and {2 + LINES} playouts")
    elif policy == "careful" and (up := _face_up_or_none(row)):
        within = (f"the budget of {CAREFUL_SOLVE_BUDGET} states of its one search of the deal "
                  f"(every card lies face up, so it searches as the solver does)")
    elif policy == "careful" and up is None:    # a game or reading no longer known
        return row.get("note") or ""
    elif policy == "careful":
        within = (f"the move limit of {CAREFUL_MAX_MOVES} moves a deal (the game was still "
                  f"going; that limit is not its budget, the {budget} states it searches at "
                  f"each decision)")
    else:
        within = f"the move limit of {budget} moves a deal (its budget)"
    return (f"{und} of {deals} deals undecided within {within}: "
            "the share won is given as bounds and the interval counts them both ways")


def face_up(slug: str, readings: dict | None = None) -> bool:
    """Whether every card of ``slug``'s deal 1 under ``readings`` lies face up from the deal,
    as :func:`engine.careful.careful_run` tests its deal (nothing for ``sample_hidden`` to
    shuffle). ValueError for an unknown game or reading."""
    s = games.new(slug, 1, readings)
    return s.sample_hidden(SplitMix64(0)) is s


def _face_up_or_none(row: dict) -> bool | None:
    """:func:`face_up` of a row's game and readings; None when the engine no longer has them."""
    try:
        return face_up(row["game"], row.get("readings"))
    except ValueError:
        return None


def default_budget(slug: str, policy: str) -> int:
    """The budget of ``policy``'s rows of game ``slug`` in the stored table: the careful
    player's per decision (:func:`engine.careful.effort`), the solver's from
    :data:`SOLVER_BUDGETS` where the game has one, the greedy and blind players' from
    :data:`MOVE_LIMITS` where the game has one, else :data:`BUDGETS`. KeyError for an
    unknown policy."""
    if policy == "careful":
        return effort(slug)[1]
    if policy == "solver":
        return SOLVER_BUDGETS.get(slug, BUDGETS["solver"])
    if policy in ("greedy", "blind"):
        return MOVE_LIMITS.get(slug, BUDGETS[policy])
    return BUDGETS[policy]


def deal_ranges(deals: int | dict | None = None) -> dict[str, int]:
    """How many deals (from deal 1) each policy of :data:`POLICIES` plays: :data:`DEALS`, or
    ``deals`` (one number for every policy, or ``{policy: n}`` overriding some)."""
    out = dict(DEALS)
    if isinstance(deals, dict):
        out.update(deals)
    elif deals is not None:
        out = {p: deals for p in out}
    for p, n in out.items():
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"deals of {p} must be an integer >= 1, not {n!r}")
    return out


def rows_planned(games_: list[str] | None = None,
                 policies: tuple[str, ...] = POLICIES) -> int:
    """Number of rows :func:`regenerate` will measure."""
    return sum(len(configurations(slug)) for slug in (games_ or games.available())) \
        * len(policies)


def local_cluster(workers: int):
    """A Dask ``LocalCluster`` of ``workers`` worker processes (one thread each) with every
    listener on 127.0.0.1 (the HTTP servers on free ports) and no dashboard; RuntimeError if
    dask.distributed is missing or a listener is elsewhere. The worker processes ignore
    Ctrl-C: the caller closes the cluster, stopping or not."""
    try:
        from distributed import LocalCluster  # lazy: the cluster extra
    except ImportError:  # pragma: no cover - depends on the environment
        raise RuntimeError("--workers needs dask.distributed: pip install "
                           "'patience-edition[cluster]' (or 'dask[distributed]')") from None
    # The worker processes start with Ctrl-C ignored (a disposition a child inherits, and
    # Python then leaves as it is): SIGINT goes to the whole process group, and each worker
    # printed its own KeyboardInterrupt traceback while this process stopped and closed them
    main = threading.current_thread() is threading.main_thread()
    before = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        # (the scheduler's HTTP server, which serves its health and metrics whether or not
        # the dashboard is on, takes a free port of 127.0.0.1: by default it takes 8787,
        # which a second cluster on the machine finds in use)
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               host="127.0.0.1", scheduler_port=0,
                               scheduler_kwargs={"dashboard": False},
                               dashboard_address="127.0.0.1:0",
                               worker_dashboard_address="127.0.0.1:0")
    finally:
        if main:
            signal.signal(signal.SIGINT, before)
    # Dask's own warnings (a task cancelled, a worker killed while stopping) are not the
    # command's: the workers report errors only
    cluster.get_client().run(_errors_only)
    where = [cluster.scheduler_address] + list(cluster.scheduler_info["workers"])
    if not all(a.startswith("tcp://127.0.0.1:") for a in where):
        cluster.close()
        raise RuntimeError(f"a listener of the cluster is not on 127.0.0.1: {where}")
    return cluster


def _errors_only() -> None:
    """Let the ``distributed`` loggers of this process (a worker's) report errors only, less
    the one a worker logs when its heartbeat finds the scheduler gone
    (:func:`_not_a_closing_heartbeat`): closing a cluster stopped by Ctrl-C can close the
    scheduler before a worker's next heartbeat, and its traceback is not the command's."""
    log = logging.getLogger("distributed")
    log.setLevel(logging.ERROR)
    worker = logging.getLogger("distributed.worker")
    if _not_a_closing_heartbeat not in worker.filters:
        worker.addFilter(_not_a_closing_heartbeat)


def _not_a_closing_heartbeat(record: logging.LogRecord) -> bool:
    """False for a worker's record that its heartbeat could not reach the scheduler (what
    distributed logs as 'Failed to communicate with scheduler during heartbeat'), True for
    any other: a logging filter."""
    return not str(record.msg).startswith("Failed to communicate with scheduler during heartbeat")


@contextlib.contextmanager
def _quiet_dask():
    """The ``distributed`` loggers of this process report errors only inside the block
    (closing a cluster stopped by Ctrl-C warns of every cancelled task and killed worker)."""
    log = logging.getLogger("distributed")
    level = log.level
    _errors_only()
    try:
        yield
    finally:
        log.setLevel(level)


#: The loggers of Dask and of tornado, its event loop, in this process (each with those
#: below it: distributed's own configuration gives some of them levels of their own, such as
#: ``tornado.application`` and ``distributed.client``).
_DASK_LOGGERS = ("distributed", "tornado")


def _dask_loggers() -> list[logging.Logger]:
    """The loggers of :data:`_DASK_LOGGERS` and every logger below them made so far."""
    below = tuple(f"{name}." for name in _DASK_LOGGERS)
    return [logging.getLogger(name) for name in _DASK_LOGGERS] + [
        log for name, log in list(logging.Logger.manager.loggerDict.items())
        if isinstance(log, logging.Logger) and name.startswith(below)]


@contextlib.contextmanager
def _silent_once_stopped():
    """Inside the block, Ctrl-C (SIGINT, in the main thread) first silences the loggers of
    :func:`_dask_loggers` and then raises KeyboardInterrupt as usual; their levels are put
    back when the block ends. Why: Ctrl-C during a cluster run reaches the client while it
    gathers a result, and what the event loop's thread then logs as it cancels (the client's
    "Couldn't gather keys" warning, the scheduler's error for the keys forgotten, and now and
    then a traceback of distributed's own ``sync`` cancel callback, a NameError inside the
    library) comes after the command was told to stop and is not the command's; it raced
    with the one message the command prints (the test of Ctrl-C failed on it once in CI).
    Silenced before KeyboardInterrupt is raised, so no such record can come first. Errors
    before Ctrl-C are logged as ever."""
    levels: dict[logging.Logger, int] = {}

    def stop(signum, frame):
        for log in _dask_loggers():
            levels.setdefault(log, log.level)
            log.setLevel(logging.CRITICAL + 1)
        raise KeyboardInterrupt

    main = threading.current_thread() is threading.main_thread()
    before = signal.signal(signal.SIGINT, stop) if main else None
    try:
        yield
    finally:
        if main:
            signal.signal(signal.SIGINT, before)
        for log, level in levels.items():
            log.setLevel(level)


def regenerate(path: str | os.PathLike = DEFAULT_PATH, games_: list[str] | None = None,
               policies: tuple[str, ...] = POLICIES, *, deals: int | dict | None = None,
               first: int = 1, workers: int | None = None, jobs: int | None = None,
               scheduler=None, progress: Callable[[str], None] | None = None,
               date: str | None = None, command: str | None = None,
               deal_progress: Callable[[int, int], None] | None = None,
               reuse: bool = True) -> dict:
    """Measure every game (or ``games_``) under the default and each single-reading change,
    with each of ``policies`` (default :data:`POLICIES`), each policy on its fixed range of
    deals (:func:`deal_ranges` of ``deals``, from deal ``first``), and write the table to
    ``path`` atomically after every row (:func:`_write`), so that a run stopped part-way keeps
    the rows it finished; its run in the provenance counts them (``rows`` of
    ``rows_planned``, ``complete`` false until the last is written). Returns the table. ``workers``: start a local Dask cluster of that many
    worker processes (:func:`local_cluster`) and run there; otherwise ``scheduler`` (an
    address or a ``distributed.Client``) or ``jobs`` local processes (default: all CPUs).
    ``progress(message)`` is called before each row, ``deal_progress(done, total)`` as its
    deals complete; ``command`` is stored as how it was run. With ``reuse`` (the default) a
    stored row that today's source made on the same deals from the same first deal, no
    more of them than asked for (:func:`reusable`), keeps its outcomes and only the deals
    after them are played: so a row is extended to more deals at the cost of the new deals
    alone; the run counts the deals taken over (``reused_deals``)."""
    slugs = list(dict.fromkeys(games_)) if games_ else games.available()
    for slug in slugs:
        games.get(slug)   # ValueError naming the known games, before any deal runs
    ranges = deal_ranges(deals)
    if Path(path).exists() and not Path(path).is_file():
        raise ValueError(f"{path} is not a file: move it away")
    stored: dict = {}
    if Path(path).is_file():
        # before any deal runs: a table that cannot be read is never replaced
        for r in _readable(path).get("rows", []):
            stored[(r["game"], r["change"], r["policy"])] = r
    cluster = local_cluster(workers) if workers else None
    if cluster is not None:
        scheduler = cluster.get_client()
        how = f"dask LocalCluster, {workers} worker processes on 127.0.0.1"
    elif scheduler is not None:
        address = getattr(getattr(scheduler, "scheduler", None), "address", scheduler)
        how = f"dask scheduler at {address}"
    else:
        n = jobs or os.cpu_count() or 1
        how = f"{n} local process{'' if n == 1 else 'es'}"
    t0 = time.perf_counter()
    rows: list[dict] = []
    # the source hashed is the source measured: hashed before any deal runs, so that an edit
    # made while the deals run leaves the rows stale rather than passing for current
    hashes = {(slug, p): game_hash(slug, p) for slug in slugs for p in policies}
    run: dict[str, Any] = {"games": list(slugs), "date": date or _dt.date.today().isoformat(),
           "how": how,
           "workers": workers or jobs or (None if scheduler is not None else os.cpu_count() or 1),
           "wall_seconds": 0.0, "cpu_seconds": 0.0,
           "deal_ranges": {p: [first, first + ranges[p] - 1] for p in policies},
           "command": command or "engine.results.regenerate()",
           "rows": 0, "rows_planned": rows_planned(slugs, policies), "complete": False,
           "reused_deals": 0, "id": uuid.uuid4().hex[:12]}
    wrote: list[list] = []   # the rows written so far, [game, change, policy] each
    whole = not games_ and tuple(policies) == POLICIES
    if reuse:
        longer = _longer_rows(stored, slugs, policies, first, ranges, hashes)
        if longer:
            (slug, change, policy), n = longer[0]
            raise ValueError(
                f"{len(longer)} stored current row{'s' if len(longer) > 1 else ''} measured "
                f"on more deals than asked would be replaced by shorter ones, their other "
                f"deals discarded ({slug} {change or 'default'} {policy}: {n} deals, asked "
                f"{ranges[policy]}): give --deals (or --careful-deals) {n} or more to keep "
                f"them, or --fresh to measure anew on fewer deals")
    try:
        with _silent_once_stopped():
            for slug in slugs:
                for change, readings in configurations(slug):
                    for policy in policies:
                        budget = default_budget(slug, policy)
                        old = reusable(stored.get((slug, change, policy)), slug, readings, policy,
                                       first=first, deals=ranges[policy], budget=budget,
                                       engine=hashes[(slug, policy)]) if reuse else None
                        if progress:
                            kept = (f" ({len(old['outcomes'])} of its {ranges[policy]} deals "
                                    "stored and current: the rest played)" if old else "")
                            progress(f"{slug} {change or 'default'} {policy}{kept}")
                        row = measure(slug, readings, policy, first=first, deals=ranges[policy],
                                      budget=budget, jobs=jobs, scheduler=scheduler,
                                      progress=deal_progress, stored=old)
                        run["reused_deals"] += row.get("reused_deals", 0)
                        row["change"] = change
                        row["engine"] = hashes[(slug, policy)]
                        rows.append(row)
                        # every row is written as it is finished: a run stopped part-way keeps
                        # what it measured (its run says how many of its rows it wrote, and
                        # which: the site dates only those by it)
                        wrote.append([slug, change, policy])
                        run["wrote"] = wrote
                        run.update(rows=len(rows), wall_seconds=round(time.perf_counter() - t0, 1),
                                   cpu_seconds=round(sum(r["cpu_seconds"] - r.get(
                                       "reused_cpu_seconds", 0) for r in rows), 1))
                        _write(path, rows, run, policies, whole, final=False)
    finally:
        if cluster is not None:
            with _quiet_dask():
                scheduler.close()
                cluster.close()
    run.update(complete=True, wall_seconds=round(time.perf_counter() - t0, 1))
    run.pop("wrote", None)      # every row it names: the list is needed only part-way
    return _write(path, rows, run, policies, whole, final=True)


def _is_count(x, least: int = 0) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= least


def _shares(x, n: int = 2) -> bool:
    """True when ``x`` is a list of ``n`` shares in order (finite numbers from 0 to 1): a
    row's ``bounds`` or ``ci95``, or its ``rate`` as a list of one."""
    return (isinstance(x, list) and len(x) == n and all(
        isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
        and 0 <= v <= 1 for v in x) and x == sorted(x))


def _playouts_tally(x) -> bool:
    """Whether ``x`` is a restamp's ``"playouts"``: ``{"games": {game: {"deals", "won"}}}``
    with whole numbers, none won more than played (the site prints them)."""
    return isinstance(x, dict) and isinstance(x.get("games"), dict) and all(
        isinstance(g, dict) and _is_count(g.get("deals")) and _is_count(g.get("won"))
        and g["won"] <= g["deals"] for g in x["games"].values())


def problems(table) -> list[str]:
    """What makes ``table`` (a loaded odds table) unfit to read, each in words naming the row
    (empty: fit). Checked: a JSON object with a ``provenance`` object (its ``runs`` a list of
    objects whose ``games`` is a list of names) and a ``rows`` list; each row an object with
    ``game`` and ``policy`` (text), ``change`` (text or null), ``note`` (text), ``first``,
    ``deals``, ``budget`` (whole numbers from 1), ``won``, ``lost``, ``undecided`` (from 0,
    adding up to ``deals``), ``seconds`` and ``cpu_seconds`` where given (finite, from 0)
    and ``outcomes`` (one of W, L, U a deal, agreeing with the counts); ``readings`` an
    object of text and ``engine`` text where given, ``samples`` and ``reused_deals`` whole
    numbers where given; ``ci95`` (and ``rate``, ``bounds`` where given) what the counts
    give (:func:`engine.odds.interval`, to the 6 decimals stored), since the site prints
    them; the provenance's ``engine`` text, each run's and restamp's ``date`` text, each
    restamp's ``games`` numbers of deals; a change ``A=R`` whose readings have ``A`` at
    ``R``; no two rows of one
    game, change and policy. Unknown games, readings and
    policies are not problems here (``edition check`` names them), nor readings that are
    not the row's game's defaults with its change (:func:`readings_problems`)."""
    if not isinstance(table, dict):
        return ["the table is not a JSON object"]
    out = []
    prov = table.get("provenance")
    if not isinstance(prov, dict):
        out.append("'provenance' is missing or not an object")
    else:
        if not isinstance(prov.get("engine"), str):
            out.append("'provenance.engine' (the hash of the engine's code) is missing or not "
                       "text")
        runs = prov.get("runs", [])
        if not isinstance(runs, list) or not all(
                isinstance(r, dict) and isinstance(r.get("games", []), list)
                and isinstance(r.get("date"), str) and isinstance(r.get("wrote", []), list)
                for r in runs):
            out.append("'provenance.runs' is not a list of runs (objects with a list 'games' "
                       "and a text 'date')")
        restamps = prov.get("restamps", [])
        if not isinstance(restamps, list) or not all(
                isinstance(r, dict) and isinstance(r.get("date"), str)
                and isinstance(r.get("games"), dict)
                and all(_is_count(n) for n in r["games"].values())
                and ("playouts" not in r or _playouts_tally(r["playouts"])) for r in restamps):
            out.append("'provenance.restamps' is not a list of restamps (objects with a text "
                       "'date' and 'games', each game's number of deals, and where given "
                       "'playouts' with 'games', each game's undecided 'deals' and 'won')")
    rows = table.get("rows")
    if not isinstance(rows, list):
        return out + ["'rows' is missing or not a list"]
    seen = set()
    for i, r in enumerate(rows, 1):
        if not isinstance(r, dict):
            out.append(f"row {i} is not an object")
            continue
        name = _row_name(i, r)
        bad = [k for k in ("game", "policy", "note") if not isinstance(r.get(k), str)]
        bad += [] if "change" in r and (r["change"] is None or isinstance(r["change"], str)) \
            else ["change"]
        bad += [k for k in ("first", "deals", "budget") if not _is_count(r.get(k), 1)]
        bad += [k for k in ("won", "lost", "undecided") if not _is_count(r.get(k))]
        bad += [k for k in ("seconds", "cpu_seconds") if k in r and not (
            isinstance(r[k], (int, float)) and not isinstance(r[k], bool)
            and math.isfinite(r[k]) and r[k] >= 0)]
        # the site prints these as they stand (the interval, the readings, the hash, the
        # careful player's shuffles)
        bad += ["readings"] if "readings" in r and not (isinstance(r["readings"], dict) and all(
            isinstance(v, str) for v in r["readings"].values())) else []
        bad += ["engine"] if "engine" in r and not isinstance(r["engine"], str) else []
        bad += [k for k in ("samples", "reused_deals") if r.get(k) is not None
                and not _is_count(r[k])]
        bad += [k for k in ("ci95", "bounds") if (k == "ci95" or k in r) and not _shares(r.get(k))]
        bad += ["rate"] if "rate" in r and not _shares([r["rate"]], 1) else []
        if bad:
            out.append(f"{name}: missing or wrong type: {', '.join(bad)}")
            continue
        amb, _, reading = (r["change"] or "").partition("=")
        if r["change"] is not None and "readings" in r and r["readings"].get(amb) != reading:
            # the site labels the row by its change: it must be the reading it was played under
            out.append(f"{name}: a row of {r['change']} whose readings have "
                       f"{amb}={r['readings'].get(amb)}")
        n, won, und = r["deals"], r["won"], r["undecided"]
        if won + r["lost"] + und == n:
            # derived from the counts: the site shows them, so they must be the counts'
            lo, hi = interval(won, und, n)
            if any(abs(a - b) > 2e-6 for a, b in zip(r["ci95"], (lo, hi))):
                out.append(f"{name}: 'ci95' {r['ci95']} is not the Wilson 95% interval of its "
                           f"counts ({won} won, {und} undecided of {n}: [{lo:.6f}, {hi:.6f}])")
            if "rate" in r and abs(r["rate"] - won / n) > 2e-6:
                out.append(f"{name}: 'rate' {r['rate']} is not won / deals ({won / n:.6f})")
            if "bounds" in r and any(abs(a - b) > 2e-6 for a, b in zip(
                    r["bounds"], (won / n, (won + und) / n))):
                out.append(f"{name}: 'bounds' {r['bounds']} are not won / deals and (won + "
                           f"undecided) / deals ([{won / n:.6f}, {(won + und) / n:.6f}])")
        o = r.get("outcomes")
        if not isinstance(o, str) or len(o) != r["deals"] or set(o) - set("WLU"):
            out.append(f"{name}: 'outcomes' must hold one of W, L, U for each of its "
                       f"{r['deals']} deals")
        elif (o.count("W"), o.count("L"), o.count("U")) != (r["won"], r["lost"],
                                                             r["undecided"]):
            out.append(f"{name}: won/lost/undecided disagree with its outcomes")
        key = (r["game"], r["change"], r["policy"])
        if key in seen:
            out.append(f"{name}: a second row of the same game, change and policy")
        seen.add(key)
    return out


def _row_name(i: int, r: dict) -> str:
    """How :func:`problems` and :func:`readings_problems` name the ``i``-th row ``r``."""
    return f"row {i} ({r.get('game')} {r.get('change') or 'default'} {r.get('policy')})"


def readings_problems(table: dict) -> list[tuple[dict, str]]:
    """The rows of ``table`` (a loaded odds table :func:`problems` finds fit) whose
    ``readings`` are not exactly their game's default readings with the row's own ``change``
    applied (a reading changed, one the game does not have, an ambiguity missing or one
    too many), each with words naming the row and what differs: the site and ``odds
    --stored`` label a row by its change alone ("default readings"), so its figures must
    be of those readings. Only current rows of a game, change and policy of the table are
    judged: a stale row (:func:`stale_rows`) may hold the readings of the code that made it
    (an ambiguity added since), and measuring it anew mends both; rows of a game, reading
    or policy the engine or the table does not have are named by ``edition check`` apart."""
    stale = {id(r) for r in stale_rows(table)}
    playable = set(games.available())
    out = []
    for i, r in enumerate(table.get("rows", []), 1):
        slug, change = r["game"], r["change"]
        if slug not in playable or r["policy"] not in POLICIES or id(r) in stale \
                or "readings" not in r:
            continue
        chosen = dict(configurations(slug)).get(change)
        if chosen is None:
            continue
        mod = games.get(slug)
        want = resolve(slug, mod.AMBIGUITIES, chosen)
        have = r["readings"]
        ids = {a.id: {x.id for x in a.readings} for a in mod.AMBIGUITIES}
        said = []
        for amb, reading in want.items():
            if amb not in have:
                said.append(f"no {amb} (it should be {amb}={reading})")
            elif have[amb] != reading:
                said.append(f"{amb}={have[amb]}, a reading {slug} does not have"
                            if have[amb] not in ids[amb] else
                            f"{amb}={have[amb]} where the "
                            f"{'change' if change == f'{amb}={reading}' else 'default'} is "
                            f"{amb}={reading}")
        said += [f"{amb}={v}, an ambiguity {slug} does not have"
                 for amb, v in have.items() if amb not in want]
        if said:
            out.append((r, f"{_row_name(i, r)}: its readings are not {slug}'s default readings"
                       + (f" with {change}" if change else "") + f": {'; '.join(said)}"))
    return out


def _readable(path: str | os.PathLike) -> dict:
    """The table at ``path`` (:func:`load`); ValueError naming the file, the first problems
    (:func:`problems`) and the fix when it cannot be read or is unfit (a run never writes
    over rows it could not read)."""
    fix = f"restore it (git checkout -- {path}) or move it away"
    try:
        table = load(path)
    except (OSError, ValueError) as e:
        raise ValueError(f"{path}: cannot read the stored odds table ({e}); {fix}") from None
    found = problems(table)
    if found:
        more = f" (and {len(found) - 3} more)" if len(found) > 3 else ""
        raise ValueError(f"{path}: the stored odds table is damaged: {'; '.join(found[:3])}"
                         f"{more}; {fix}")
    return table


def _row_order(row: dict) -> tuple[int, int, int]:
    """Where ``row`` stands in the table: games in the engine's order, then the default and
    the changes in :func:`configurations` order, then :data:`POLICIES` order (rows of games,
    changes or policies no longer known last)."""
    order = games.available()
    slug = row.get("game")
    changes = [c for c, _ in configurations(slug)] if slug in order else []
    return (order.index(slug) if slug in order else len(order),
            changes.index(row.get("change")) if row.get("change") in changes else len(changes),
            POLICIES.index(row["policy"]) if row.get("policy") in POLICIES else len(POLICIES))


def _write(path: str | os.PathLike, rows: list[dict], run: dict, policies: tuple[str, ...],
           whole: bool, final: bool) -> dict:
    """Write ``rows`` and ``run`` (a run of :func:`regenerate`) into the table at ``path``
    atomically, loading the table afresh so that runs of other games writing meanwhile keep
    their rows. Part-way (``final`` False) a row replaces only the stored row of the same
    game, change and policy; at the end of the run (``final``) the rows of its games and
    policies (of every game when ``whole``) that it did not measure go, with the runs that
    made only those. Returns the table written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with _locked(path.parent):
        return _merge_and_write(path, rows, run, policies, whole, final)


@contextlib.contextmanager
def _locked(folder: Path):
    """Hold an exclusive lock on ``folder`` (``flock`` of the folder itself, so no lock file
    is left behind) while a run loads and rewrites the table in it; where the system has no
    ``fcntl`` (Windows) no lock, and two runs must not write at once."""
    if fcntl is None:  # pragma: no cover - not on Linux
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)   # closing the descriptor releases the lock


def _merge_and_write(path: Path, rows: list[dict], run: dict, policies: tuple[str, ...],
                     whole: bool, final: bool) -> dict:
    done = {(g, p) for g in run["games"] for p in policies}
    measured = {(r["game"], r["change"], r["policy"]) for r in rows}
    kept, runs, restamps = [], [], []
    if path.is_file():
        old = _readable(path)
        if not (final and whole):   # a whole new table was measured by the run alone
            restamps = old.get("provenance", {}).get("restamps", [])
        for r in old.get("rows", []):
            key = (r.get("game"), r.get("change"), r.get("policy"))
            if key not in measured and not (final and (whole or (key[0], key[2]) in done)):
                kept.append(r)
        for r in old.get("provenance", {}).get("runs", []):
            covers = {(g, p) for g in r.get("games", ()) for p in r.get("deal_ranges", POLICIES)}
            # a run whose rows were all measured anew is gone; one whose deals were taken
            # over (reused_deals) still tells how those deals were measured
            replaced = final and not run.get("reused_deals") and (whole or covers <= done)
            if r.get("id", "") != run["id"] and not replaced:
                runs.append(r)
    table = {"provenance": {"engine": engine_hash(), "date": run["date"],
                            "generator": "engine.results.regenerate",
                            "python": platform.python_version(),
                            "budgets": {p: BUDGETS[p] for p in policies},
                            "solver_budgets": dict(SOLVER_BUDGETS),
                            "move_limits": dict(MOVE_LIMITS),
                            "careful_samples": CAREFUL_SAMPLES, "solver_probes": PROBES,
                            "solver_playouts": 2 + LINES,
                            **{k: run[k] for k in ("how", "workers", "wall_seconds",
                                                   "cpu_seconds", "deal_ranges", "command")},
                            "runs": runs + [dict(run)],
                            **({"restamps": restamps} if restamps else {})},
             "rows": sorted(kept + rows, key=_row_order)}
    _replace(path, table)
    return table


def _replace(path: Path, table: dict) -> None:
    """Write ``table`` as the JSON at ``path`` atomically (a temporary file beside it, then
    renamed over it)."""
    tmp = path.with_suffix(f"{path.suffix}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(table, ensure_ascii=False, indent=1, allow_nan=False) + "\n",
                   encoding="utf-8")
    os.replace(tmp, path)


class Breach(NamedTuple):
    """A deal range of :func:`ceiling_breaches`: the player's row (``game``, ``change``,
    ``policy``) won deals that the solver's row of the same readings calls ``kind`` "lost"
    or leaves "undecided"; ``words`` says which, for a reader of `edition check`."""

    game: str
    change: str | None
    policy: str
    kind: str
    words: str


def ceiling_breaches(table: dict) -> list[Breach]:
    """Deals of ``table`` (a loaded, well-formed odds table) that a player's row won while
    the solver's row of the same game and readings did not: a :class:`Breach` for each pair
    of rows and kind, ``kind`` "lost" (the solver's row calls them lost: a proof of loss is
    unsound) or "undecided" (its ceiling lies below the player's on those deals).
    The solver sees every card and plays the greedy and blind players' games too
    (:func:`engine.probes.playouts`), so no deal of theirs can be either; the careful
    player's searches may find a win the solver's budget missed."""
    solver = {(r["game"], r["change"]): r for r in table["rows"] if r["policy"] == "solver"}
    out = []
    for r in table["rows"]:
        s = solver.get((r["game"], r["change"]))
        if r["policy"] == "solver" or s is None:
            continue
        found: dict[str, list[int]] = {"L": [], "U": []}
        for i, o in enumerate(r["outcomes"]):
            j = r["first"] + i - s["first"]
            if o == "W" and 0 <= j < len(s["outcomes"]) and s["outcomes"][j] != "W":
                found[s["outcomes"][j]].append(r["first"] + i)
        what = f"{r['game']} {r['change'] or 'default'}: the {r['policy']} player won deal(s)"
        row = (r["game"], r["change"], r["policy"])
        if found["L"]:
            out.append(Breach(*row, "lost", f"{what} {_listed(found['L'])} that the solver's "
                              f"row calls lost (a proof of loss is unsound)"))
        if found["U"]:
            out.append(Breach(*row, "undecided", f"{what} {_listed(found['U'])} that the "
                              f"solver's row leaves undecided (its ceiling lies below the "
                              f"player's there)"))
    return out


def _listed(deals: list[int], most: int = 8) -> str:
    """``deals`` as text, the first ``most`` of them and how many more."""
    more = f" and {len(deals) - most} more" if len(deals) > most else ""
    return ", ".join(map(str, deals[:most])) + more


def recheck(table: dict, rows: int = 3, deals: int = 2, seed: int = 0,
            policies: tuple[str, ...] = ("greedy", "blind", "solver")) -> list[str]:
    """Replay a sample of a stored table's deals and compare them with its stored outcomes:
    ``rows`` rows of ``policies`` (chosen by :class:`~engine.deal.SplitMix64` seeded with
    ``seed``), ``deals`` deals of each (also drawn); each deal is played again with the row's
    policy, readings and budget (:func:`engine.odds.play_deal`). Returns the disagreements in
    words (empty: every sampled deal agrees). Small by design: the test suite's check of a
    table it cannot regenerate."""
    rng = SplitMix64(seed)
    pool = [r for r in table["rows"] if r["policy"] in policies and r.get("outcomes")]
    bad = []
    for _ in range(min(rows, len(pool))):
        r = pool.pop(rng.below(len(pool)))
        for _ in range(deals):
            i = rng.below(len(r["outcomes"]))
            d = r["first"] + i
            got = play_deal(r["game"], d, r["readings"], r["policy"], r["budget"])
            if CODE[got] != r["outcomes"][i]:
                bad.append(f"{r['game']} {r['change'] or 'default'} {r['policy']} deal {d}: "
                           f"stored {OUTCOME[r['outcomes'][i]]}, played {got}")
    return bad


def _sampled_deals(outcomes: str, n: int, seed: int) -> list[int]:
    """Indexes into ``outcomes`` (a row's W/L/U string) of up to ``n`` deals to play again:
    its first and last deal and the first deal of each outcome it holds, then others drawn
    by :class:`~engine.deal.SplitMix64` seeded with ``seed``; sorted, none twice."""
    picked = list(dict.fromkeys([0, len(outcomes) - 1] + [outcomes.index(c) for c in "WLU"
                                                          if c in outcomes]))[:n]
    rng = SplitMix64(seed)
    rest = [i for i in range(len(outcomes)) if i not in picked]
    while len(picked) < n and rest:
        picked.append(rest.pop(rng.below(len(rest))))
    return sorted(picked)


def _sample_with_change(outcomes: str, before: str, n: int, seed: int) -> list[int]:
    """:func:`_sampled_deals` of ``outcomes``, and the first deal whose outcome differs from
    ``before`` (the row's outcomes before the playouts of :func:`restamp`) where one does:
    the sample then always plays a deal the playouts won again in full."""
    changed = [i for i, (a, b) in enumerate(zip(before, outcomes)) if a != b][:1]
    return sorted(set(_sampled_deals(outcomes, n, seed)) | set(changed))


def restamp(path: str | os.PathLike = DEFAULT_PATH, deals: int = 4, jobs: int | None = None,
            scheduler=None, date: str | None = None, command: str | None = None,
            playouts: bool = False) -> dict:
    """Mark the rows that an edit of the rule source made stale as today's source's, after
    playing a sample of each one's deals again and finding every one as stored: for an edit
    that moves or renames code and changes no outcome (a game registering itself, say), which
    would otherwise cost the whole table's measurement. A sample is evidence, not proof: a
    restamp is for edits that change no rule, and says so in the provenance.

    Each stale row (:func:`stale_rows`) has ``deals`` of its deals (at least 1; its first and
    last, one of each outcome it holds, the rest drawn: :func:`_sampled_deals`, seeded by the
    row's place and the number of earlier restamps, so that each draws other deals) played with its game, readings, policy and budget
    (:func:`engine.odds.map_tasks`: ``jobs`` local processes, default all CPUs, or
    ``scheduler``). Any disagreement: ValueError naming each, the table left as it was.
    Otherwise each row's ``"engine"`` becomes :func:`game_hash` of its game and policy, the
    table's ``"engine"`` :func:`engine_hash`, and the provenance gains a ``"restamps"`` entry
    (date, command, deals played per game, rows, deals played, CPU seconds, the former
    hashes), written atomically
    under the table's lock. Returns the table (unchanged when no row was stale).

    ``playouts``: the edit changed the solver's last stage only, the playouts that run
    where everything before them left a deal undecided (:func:`engine.probes.playouts`):
    first every undecided deal of each stale solver row is played through today's playouts
    alone (what comes before them would leave it undecided again, the sample checks that
    too), its outcome and counts, note and CPU seconds updated; then the sample is played
    in full against the updated outcomes. Far cheaper than measuring the rows anew, where
    the search's budget is spent on the undecided deals.

    ValueError also for ``deals`` below 1, a table that cannot be read (:func:`_readable`),
    and a row stale by its budget (measured at another budget than today's: not today's
    measurement whatever its deals say; measure it anew)."""
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"deals must be an integer >= 1, not {deals!r}")
    path = Path(path)
    # hashed before any deal runs, as regenerate does: an edit made meanwhile stays stale
    hashes = {(g, p): game_hash(g, p) for g in games.available() for p in POLICIES}
    with _locked(path.parent):
        table = _readable(path)
        rows = stale_rows(table)
        if not rows:
            return table
        off = [r for r in rows if r["budget"] != default_budget(r["game"], r["policy"])]
        if off:
            r = off[0]
            raise ValueError(
                f"{len(off)} stale row(s) were measured at another budget than today's "
                f"({r['game']} {r['change'] or 'default'} {r['policy']}: {r['budget']}, "
                f"today {default_budget(r['game'], r['policy'])}): a restamp cannot make them "
                f"today's; measure them anew (`edition results --game {r['game']}`)")
        before = [r["outcomes"] for r in rows]
        staged = _play_the_playouts(rows, jobs, scheduler) if playouts else None
        # each restamp of a table draws other deals: seeded by the row's place and by how
        # many restamps the table has had; a row the playouts changed has its first deal
        # they won played in full too
        done = len(table.get("provenance", {}).get("restamps", []))
        tasks = [(r["game"], [r["first"] + i for i in _sample_with_change(
                     r["outcomes"], old, deals, n + 100_003 * done)],
                  r["readings"], r["policy"], r["budget"])
                 for n, (r, old) in enumerate(zip(rows, before))]
        bad, cpu = [], 0.0
        for n, (res, seconds) in map_tasks(tasks, jobs or os.cpu_count() or 1, scheduler):
            cpu += seconds
            r = rows[n]
            bad += [f"{r['game']} {r['change'] or 'default'} {r['policy']} deal {d}: stored "
                    f"{OUTCOME[r['outcomes'][d - r['first']]]}, played {o}"
                    for d, o in res if CODE[o] != r["outcomes"][d - r["first"]]]
        if bad:
            raise ValueError(f"{len(bad)} sampled deal(s) played otherwise than stored, so "
                             "the edit changed an outcome and the rows must be measured anew "
                             "(`edition results`); nothing was written:\n  " + "\n  ".join(
                                 sorted(bad)))
        former = {}
        for r in rows:
            former[f"{r['game']} {r['change'] or 'default'} {r['policy']}"] = r.get("engine")
            r["engine"] = hashes[(r["game"], r["policy"])]
        prov = table.setdefault("provenance", {})
        prov["engine"] = engine_hash()
        if staged is not None:
            prov["solver_playouts"] = 2 + LINES
        prov.setdefault("restamps", []).append({
            "date": date or _dt.date.today().isoformat(),
            "command": command or "engine.results.restamp()",
            "games": {g: sum(len(t[1]) for t in tasks if t[0] == g)
                      for g in sorted({r["game"] for r in rows})},
            "rows": len(rows), "deals_played": sum(len(t[1]) for t in tasks),
            "cpu_seconds": round(cpu, 1), "former_engine": former,
            **({"why": "an edit of the solver's last stage, the playouts: each solver row's "
                       "undecided deals played through them, then each row's sampled deals "
                       "played again in full as updated", "playouts": staged}
               if staged is not None else
               {"why": "an edit of the rule source that changes no outcome: each row's "
                       "sampled deals played again as stored"})})
        _replace(path, table)
    return table


def _play_the_playouts(rows: list[dict], jobs: int | None, scheduler) -> dict:
    """For :func:`restamp` with ``playouts``: play each undecided deal of the solver rows
    among ``rows`` through :func:`engine.probes.playouts` alone (tasks of 8 deals,
    :func:`engine.odds.map_tasks`), and update each row in place: a deal won there becomes
    W, the counts, interval and note follow, its CPU seconds (and its seconds, as one
    process would have spent them) grow by the playouts'. Returns ``{"games": {game:
    {"deals": undecided deals played, "won": of them}}, "cpu_seconds"}``."""
    tasks, owner = [], []
    for n, r in enumerate(rows):
        if r["policy"] != "solver":
            continue
        open_deals = [r["first"] + i for i, o in enumerate(r["outcomes"]) if o == "U"]
        for i in range(0, len(open_deals), 8):
            tasks.append((r["game"], open_deals[i:i + 8], r["readings"], "solver",
                          r["budget"], "playouts"))
            owner.append(n)
    cpu = 0.0
    per_game: dict[str, dict[str, int]] = {}
    for k, (res, seconds) in map_tasks(tasks, jobs or os.cpu_count() or 1, scheduler):
        r = rows[owner[k]]
        codes = list(r["outcomes"])
        tally = per_game.setdefault(r["game"], {"deals": 0, "won": 0})
        tally["deals"] += len(res)
        for d, o in res:
            if o == "won":
                codes[d - r["first"]] = "W"
                tally["won"] += 1
        r["outcomes"] = "".join(codes)
        r["cpu_seconds"] = round(r.get("cpu_seconds", 0) + seconds, 1)
        r["seconds"] = round(r.get("seconds", 0) + seconds, 1)
        cpu += seconds
    for r in rows:
        if r["policy"] == "solver":
            counts = {r["first"] + i: OUTCOME[o] for i, o in enumerate(r["outcomes"])}
            r.update(summarise(r["game"], r["readings"], "solver", r["deals"], r["first"],
                               r["budget"], counts))
            r["note"] = undecided_note(r)
    return {"games": dict(sorted(per_game.items())), "cpu_seconds": round(cpu, 1)}


def summary_text(table: dict) -> str:
    """A plain table: game, change, policy, deals, won/lost/undecided and the rate as
    :func:`engine.odds.describe_rate` states it (bounds when many deals are undecided)."""
    lines = []
    for r in table["rows"]:
        note = undecided_note(r)   # worded from the row (an older stored note may be wrong)
        lines.append(f"{r['game']:<20} {r['change'] or 'default':<32} {r['policy']:<7} "
                     f"{r['deals']:>5} {r['won']:>5}/{r['lost']:>5}/{r['undecided']:>5} "
                     f"{describe_rate(r)}" + (f"  ({note})" if note else ""))
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover
    t = regenerate(workers=2, progress=lambda m: print(m, flush=True))
    print(summary_text(t))
