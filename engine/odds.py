"""Measured odds: how often a game comes out, over numbered deals, under readings and a policy.

:func:`odds` plays deals ``first .. first + deals - 1`` of a game under a choice of readings
with a policy (``solver``, ``careful``, ``greedy``, ``blind`` or ``random``) and returns::

    {"game", "readings", "policy", "deals", "first", "budget",
     "won", "lost", "undecided", "rate", "bounds": [low, high], "ci95": [low, high]}

``rate`` is ``won / deals``: with any undecided deal only a lower bound, so ``bounds`` gives
both ends, ``[won / deals, (won + undecided) / deals]`` (equal when every deal is decided),
and :func:`describe_rate` and :func:`format_text` state bounds, never a rate, then. ``ci95`` is the Wilson 95% score interval with the undecided
deals counted both ways: the low bound counts them as lost (Wilson low of ``won`` in
``deals``), the high bound as won (Wilson high of ``won + undecided``). With no undecided
deals it is the plain Wilson interval.

``budget`` is, as in :func:`engine.api.play`, the solver's budget in states
(:func:`engine.solver.solve`), the careful player's states per decision
(:func:`engine.careful.careful_run`), and for the ``greedy``, ``blind`` and ``random``
policies the most moves played (then the deal is undecided). Every deal's outcome is a pure function of (game, deal, readings, policy, budget): the
solver's budget counts states, not seconds, and the random policy is seeded with the deal
number. So the counts are the same however the deals are spread over processes or machines.

Parallelism: ``jobs`` local worker processes (default: the number of CPUs; ``jobs=1`` runs in
this process); with ``scheduler`` (a Dask distributed scheduler address ``"tcp://host:8786"``,
or a ``distributed.Client``) the same chunks of deals are sent to that cluster instead (the
workers need this package importable). Needs ``dask[distributed]`` only for ``scheduler``.
"""
from __future__ import annotations

import contextlib
import math
import multiprocessing as mp
import os
import signal
import threading
import time
from typing import Callable, Iterable, Iterator

from . import games
from .careful import careful_run, effort
from .deal import MAX_DEAL_DIGITS, check_deal
from .policies import POLICIES, playout
from .probes import playouts, solve_deal_probing
from .readings import resolve

DEFAULT_BUDGET = 100_000
MAX_MOVES = 5000
Z95 = 1.959963984540054

Progress = Callable[[int, int], None]


# -- the interval -------------------------------------------------------------------------
def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of ``k`` successes in ``n`` trials (``(0.0, 1.0)`` for n = 0)."""
    if n < 0 or not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, not k={k}, n={n}")
    if n == 0:
        return 0.0, 1.0
    p = k / n
    z2 = z * z
    den = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den
    lo = 0.0 if k == 0 else max(0.0, centre - half)
    hi = 1.0 if k == n else min(1.0, centre + half)
    return lo, hi


def interval(won: int, undecided: int, n: int) -> tuple[float, float]:
    """95% interval of the win rate with undecided deals counted both ways."""
    return wilson(won, n)[0], wilson(won + undecided, n)[1]


# -- one deal -----------------------------------------------------------------------------
def play_deal(game: str, deal: int, readings: dict | None = None, policy: str = "solver",
              budget: int = DEFAULT_BUDGET) -> str:
    """Outcome of one deal: ``"won"``, ``"lost"`` or ``"undecided"``. The solver runs through
    :func:`engine.solver.solve_deal` (a win found under a reading that only removes moves
    counts: so a restriction's upper bound never exceeds the wider reading's), with probes
    where it leaves the deal undecided, under the restrictions too
    (:func:`engine.probes.solve_deal_probing`); any other
    policy of :data:`engine.policies.POLICIES` plays out through
    :func:`engine.policies.playout`, the careful player through
    :func:`engine.careful.careful_run` with ``budget`` states per decision."""
    if policy == "solver":
        return solve_deal_probing(game, deal, readings, budget).outcome
    if policy == "careful":
        return careful_run(games.new(game, deal, readings), budget=budget).outcome
    if policy in POLICIES:
        return playout(games.new(game, deal, readings), policy, max_moves=budget)[0]
    raise ValueError(f"unknown policy {policy!r}; allowed: {', '.join(POLICIES)}")


def run_chunk(task: tuple) -> list[tuple[int, str]]:
    """Worker entry point: ``(game, deals, readings, policy, budget)`` -> [(deal, outcome)].
    A sixth item ``"playouts"`` (with policy "solver") plays the solver's last stage alone,
    :func:`engine.probes.playouts` (for :func:`engine.results.restamp`)."""
    game, deal_list, readings, policy, budget, *stage = task
    if stage == ["playouts"] and policy == "solver":
        return [(d, playouts(game, d, readings).outcome) for d in deal_list]
    if stage:
        raise ValueError(f"unknown stage {stage!r} of policy {policy!r}; allowed: 'playouts' "
                         "of the solver")
    return [(d, play_deal(game, d, readings, policy, budget)) for d in deal_list]


def run_chunk_cpu(task: tuple) -> tuple[list[tuple[int, str]], float]:
    """:func:`run_chunk` and the CPU seconds the worker spent on it."""
    t = time.process_time()
    res = run_chunk(task)
    return res, time.process_time() - t


def _chunks(first: int, deals: int, size: int) -> list[list[int]]:
    ds = list(range(first, first + deals))
    return [ds[i:i + size] for i in range(0, len(ds), size)]


def _check(game: str, deals: int, first: int, policy: str, readings, budget) -> dict:
    mod = games.get(game)
    full = resolve(game, mod.AMBIGUITIES, readings)
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"deals must be an integer >= 1, not {deals!r}")
    if isinstance(first, bool) or not isinstance(first, int) or first < 1:
        raise ValueError(f"first must be an integer >= 1, not {first!r}")
    try:    # the last deal: engine.deal holds the one limit, the message names the range
        check_deal(first + deals - 1)
    except ValueError:
        raise ValueError(f"the last deal (first + deals - 1) has more than {MAX_DEAL_DIGITS} "
                         f"digits; a deal number has at most {MAX_DEAL_DIGITS} digits") from None
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}; allowed: {', '.join(POLICIES)}")
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise ValueError(f"budget must be an integer >= 1, not {budget!r}")
    return full


def outcomes(game: str, deals: int = 100, first: int = 1, policy: str = "solver",
             readings: dict | None = None, budget: int = DEFAULT_BUDGET,
             jobs: int | None = None, scheduler=None, progress: Progress | None = None,
             chunk: int | None = None, cpu: list | None = None) -> dict[int, str]:
    """Outcome of every deal ``first .. first + deals - 1``: ``{deal: outcome}`` (see
    :func:`odds` for the arguments). With ``cpu`` (a list) the CPU seconds of each chunk of
    deals, measured where it ran, are appended to it."""
    full = _check(game, deals, first, policy, readings, budget)
    if jobs is None:
        jobs = os.cpu_count() or 1
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be an integer >= 1, not {jobs!r}")
    workers = jobs
    if scheduler is not None:
        workers = max(jobs, 4)
    if chunk is None:
        chunk = max(1, min(50, deals // (workers * 8) or 1))
    tasks = [(game, c, full, policy, budget) for c in _chunks(first, deals, chunk)]
    out: dict[int, str] = {}

    def take(res_cpu: tuple[Iterable[tuple[int, str]], float]):
        res, seconds = res_cpu
        if cpu is not None:
            cpu.append(seconds)
        for d, o in res:
            out[d] = o
        if progress is not None:
            progress(len(out), deals)

    for _, res in map_tasks(tasks, jobs, scheduler):
        take(res)
    return dict(sorted(out.items()))


def map_tasks(tasks: list[tuple], jobs: int = 1, scheduler=None
              ) -> Iterator[tuple[int, tuple[list[tuple[int, str]], float]]]:
    """``(i, run_chunk_cpu(tasks[i]))`` for each of ``tasks`` (``(game, deals, readings,
    policy, budget)``, :func:`run_chunk_cpu`), yielded as each completes, in no set order:
    on the Dask cluster ``scheduler`` (an address or a ``distributed.Client``) when given,
    else in ``jobs`` local processes (one: in this process)."""
    if scheduler is not None:
        yield from _dask_map(scheduler, tasks)
    elif jobs == 1 or len(tasks) <= 1:
        for i, t in enumerate(tasks):
            yield i, run_chunk_cpu(t)
    else:
        # fork is fast; after threads were started (a Dask client, a test runner) it can
        # deadlock, so spawn then.
        method = "fork" if (threading.active_count() == 1
                            and "fork" in mp.get_all_start_methods()) else "spawn"
        ctx = mp.get_context(method)
        # a Pool, left by an exception or Ctrl-C, terminates its workers (they ignore the
        # terminal's Ctrl-C: only this process answers it); a ProcessPoolExecutor waited for
        # them, and `edition results --jobs 2` interrupted hung at exit
        with contextlib.ExitStack() as stack:
            with _interrupt_deferred():    # (a Ctrl-C let in here stops the pool too)
                pool = stack.enter_context(ctx.Pool(min(jobs, len(tasks)),
                                                    initializer=_ignore_interrupt))
            yield from pool.imap_unordered(_run_indexed, enumerate(tasks))


@contextlib.contextmanager
def _interrupt_deferred():
    """Hold Ctrl-C (SIGINT) back from this thread while the block runs, and let it in after
    (on a platform that can block signals; the main thread only). Starting a pool forks, and a
    KeyboardInterrupt raised while the fork runs the logging module's at-fork handler is
    printed as "Exception ignored" and lost: `edition results --jobs 2` then ran on to its end
    (a test's find, on a loaded machine). The threads the block starts keep it blocked, so
    the signal reaches the main thread."""
    if not (hasattr(signal, "pthread_sigmask")
            and threading.current_thread() is threading.main_thread()):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _run_indexed(item: tuple[int, tuple]) -> tuple[int, tuple[list[tuple[int, str]], float]]:
    """Worker entry point: ``(i, task)`` -> ``(i, run_chunk_cpu(task))``."""
    return item[0], run_chunk_cpu(item[1])


def _ignore_interrupt() -> None:
    """A worker process's start: Ctrl-C (SIGINT, sent to the whole process group) is left
    to the parent, which stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _dask_map(scheduler, tasks):
    """Run :func:`run_chunk_cpu` over ``tasks`` on a Dask distributed cluster, yielding
    ``(index of the task, result)`` as they complete. ``scheduler`` is an address or a
    ``distributed.Client``."""
    try:
        from distributed import Client, as_completed as d_as_completed  # lazy: the cluster extra
    except ImportError:  # pragma: no cover - depends on the environment
        raise RuntimeError("a scheduler address needs dask.distributed: "
                           "pip install 'patience-edition[cluster]' (or 'dask[distributed]')") from None
    own = not isinstance(scheduler, Client)
    client = Client(scheduler) if own else scheduler
    try:
        futs = client.map(run_chunk_cpu, tasks, pure=False)
        place = {f.key: i for i, f in enumerate(futs)}
        for f in d_as_completed(futs):
            yield place[f.key], f.result()
    finally:
        if own:
            client.close()


#: above this share of undecided deals a rate is shown only as bounds (:func:`describe_rate`):
#: none, so any undecided deal makes the figure bounds.
UNDECIDED_SHARE = 0.0


def share_percent(k: int, n: int) -> str:
    """``k`` of ``n`` as a percentage with as many places as it takes never to say all or
    none when it is not: ``"54.2%"``, but 1,999 of 2,000 ``"99.95%"`` (not ``"100.0%"``) and 1
    of 20,000 ``"0.01%"`` (not ``"0.0%"``). ``n`` >= 1, 0 <= ``k`` <= ``n``."""
    for places in range(1, 12):
        text = f"{100 * k / n:.{places}f}"
        if (float(text) == 100) == (k == n) and (float(text) == 0) == (k == 0):
            break
    return text + "%"


def interval_percent(lo: float, hi: float) -> str:
    """A 95% interval as percentages to one place, each end rounded outward so the printed
    interval holds the true one: ``(0.99717, 0.99991)`` -> ``"99.7–100.0%"``, ``(0.9997, 1.0)``
    -> ``"99.9–100.0%"`` (not ``"100.0–100.0%"``)."""
    return (f"{math.floor(round(1000 * lo, 6)) / 10:.1f}–"
            f"{math.ceil(round(1000 * hi, 6)) / 10:.1f}%")


def describe_rate(row: dict) -> str:
    """How a row's win rate may fairly be stated. With every deal decided the rate and its
    95% interval, ``"54.2% (95%: 48.0–60.3%)"``; with any undecided deal, bounds only, never
    a point rate: ``"≥ 3.2% won, 91.5% undecided"`` (the true rate lies between the won
    share and the won-or-undecided share). Shares as :func:`share_percent` gives them."""
    n = row["deals"]
    lo, hi = row["ci95"]
    if n and row["undecided"] / n > UNDECIDED_SHARE:
        return (f"≥ {share_percent(row['won'], n)} won, {share_percent(row['undecided'], n)} "
                f"undecided (95%: {interval_percent(lo, hi)})")
    return f"{share_percent(row['won'], n)} (95%: {interval_percent(lo, hi)})"


def summarise(game: str, full_readings: dict, policy: str, deals: int, first: int,
              budget: int, results: dict[int, str]) -> dict:
    """The odds JSON of a set of outcomes."""
    won = sum(1 for o in results.values() if o == "won")
    lost = sum(1 for o in results.values() if o == "lost")
    und = deals - won - lost
    lo, hi = interval(won, und, deals)
    return {"game": game, "readings": dict(full_readings), "policy": policy, "deals": deals,
            "first": first, "budget": budget, "won": won, "lost": lost, "undecided": und,
            "rate": round(won / deals, 6),
            "bounds": [round(won / deals, 6), round((won + und) / deals, 6)],
            "ci95": [round(lo, 6), round(hi, 6)]}


def odds(game: str, deals: int = 100, first: int = 1, policy: str = "solver",
         readings: dict | None = None, budget: int | None = None, jobs: int | None = None,
         scheduler=None, progress: Progress | None = None) -> dict:
    """Play deals ``first .. first + deals - 1`` of ``game`` under ``readings`` (ambiguity id
    -> reading id; the rest take their defaults) with ``policy`` and return the odds JSON
    (module docstring). ``budget`` None: :data:`DEFAULT_BUDGET`, for the careful player
    the game's (:func:`engine.careful.effort`). ``jobs`` local processes (default: all CPUs),
    or ``scheduler`` a Dask scheduler address / client; ``progress(done, total)`` is called as deals complete.
    Matches ``edition odds GAME [--deals N] [--first K] [--policy P] [--reading A=R ...]
    [--budget S] [--jobs N] [--scheduler ADDR]``. ValueError (one line) on bad arguments."""
    if budget is None:
        budget = effort(game)[1] if policy == "careful" else DEFAULT_BUDGET
    full = _check(game, deals, first, policy, readings, budget)
    res = outcomes(game, deals, first, policy, full, budget, jobs, scheduler, progress)
    return summarise(game, full, policy, deals, first, budget, res)


def parse_readings(items: Iterable[str]) -> dict[str, str]:
    """``["A=R", ...]`` (the CLI's ``--reading``) -> ``{A: R}``; ValueError otherwise."""
    out = {}
    for it in items:
        a, sep, r = it.partition("=")
        if not sep or not a or not r:
            raise ValueError(f"bad reading {it!r}; expected AMBIGUITY=READING")
        out[a.strip()] = r.strip()
    return out


def format_text(res: dict) -> str:
    """One paragraph for ``--format text``: the counts, then the rate as
    :func:`describe_rate` states it (bounds, never a rate, when any deal is undecided)."""
    rd = ", ".join(f"{a}={r}" for a, r in res["readings"].items()) or "no ambiguities"
    return (f"{res['game']} ({rd}); policy {res['policy']}, deals {res['first']}.."
            f"{res['first'] + res['deals'] - 1}, budget {res['budget']}\n"
            f"won {res['won']}, lost {res['lost']}, undecided {res['undecided']}: "
            f"{describe_rate(res)}")
