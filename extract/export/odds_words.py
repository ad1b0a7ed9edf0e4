"""Measured odds in plain words, for the game pages and the claims: every figure a reader sees is made here
from the stored rows of ``corpus/results/odds.json`` (one row: ``game``, ``change`` (None for
the default readings, else ``"<ambiguity>=<reading>"``), ``policy``, ``deals``, ``won``,
``lost``, ``undecided``, ``ci95``), never typed into prose.

- :func:`share_words` a share of deals as a reader says it ("about 1 deal in 5").
- :func:`fill_figures` the placeholders of a claim's answer (``{default/solver:lost}``).
- :func:`bracket_sentences` per reading, the careful player's odds beside the solver's
  ceiling (and the greedy player's), with counts and intervals.
- :func:`forest_svg` per ambiguity, a small forest plot of its readings' intervals.
- :func:`caveats` what a reader must know before trusting a game's figures (a solver that
  settled few deals, players still going at their move limit).
- :func:`never_comes_out` whether the default readings leave a game (nearly) never coming
  out, and :func:`finding_sentence` that finding with the alternatives' odds beside it.
"""
from __future__ import annotations

import re
from fractions import Fraction
from html import escape

from ..model.engine_link import careful_sight

#: the players of the bracket, in the order a reader meets them: the careful player (sees only
#: the face-up cards and plans), the quick greedy player, and the all-seeing solver's ceiling
BRACKET_POLICIES = ("careful", "greedy", "solver")

#: what the plain words call each policy (the subject of "wins ..."); the careful player's
#: words depend on what it sees in the game (:data:`CAREFUL_WHO`)
WHO = {"careful": "A careful player, who sees only the face-up cards, remembers them and plans ahead,",
       "greedy": "A greedy player, who plays the first good-looking move,",
       "blind": "A blind player, who sees only the face-up cards,",
       "solver": "With every card known, the solver",
       "random": "A random player"}

#: the careful player by what it sees (:func:`extract.model.engine_link.careful_sight`)
CAREFUL_WHO = {
    "remembers": WHO["careful"],
    "forgets": "A careful player, who sees only the face-up cards (forgetting a card once it "
               "is covered) and plans ahead,",
    "all": "A careful player, who here sees every card (they all lie face up from the deal) "
           "and so plays as the solver does,",
}


def who(row: dict) -> str:
    """The subject of a row's sentence (:data:`WHO`; the careful player's as it sees in that
    game and readings, :data:`CAREFUL_WHO`)."""
    sight = (careful_sight(row["game"], row["readings"])
             if row["policy"] == "careful" and row.get("readings") is not None else None)
    return CAREFUL_WHO[sight] if sight else WHO[row["policy"]]


#: a row's key in a claim's ``rows`` and in placeholders: ``"<change or default>/<policy>"``
def row_key(row: dict) -> str:
    """``"default/solver"``, ``"side-places=first-round/greedy"``: how claims name a row."""
    return f"{row['change'] or 'default'}/{row['policy']}"


def row_label(row: dict) -> str:
    """A row named for a reader: ``"default readings, solver"``, ``"side-places=always,
    careful player"`` (a claim's figures; :func:`row_key` is how claims name it)."""
    who_ = {"solver": "solver", "careful": "careful player", "greedy": "greedy player",
            "blind": "blind player"}.get(row["policy"], row["policy"])
    return f"{row['change'] or 'default readings'}, {who_}"


def restamped_when(restamps: list[dict], slug: str) -> str:
    """Sentences on the restamps (``restamps``: the table's provenance ``"restamps"``,
    :func:`engine.results.restamp`) that carried a game's rows over to a later version of
    the engine's code, or "" when none did: ``"On 2026-12-05 the engine's code changed
    without changing a rule: 12 of these deals were played again by the new code, each came
    out as stored, and the rows were marked as that code's."`` (several: how many times,
    on which dates, and the deals in all); and for each restamp that played the solver's
    playouts (``"playouts"``), what they won: ``"On 2026-12-07 the solver's playouts
    changed (...): the 154 deals its rows of this game had left undecided were played
    through them, and 31 were won; then 12 of these deals were played again in full by the
    new code, each came out as now stored, and the rows were marked as that code's."``"""
    mine = [r for r in restamps if slug in r.get("games", {})]
    plain = [r for r in mine if "playouts" not in r]
    out = []
    if len(plain) == 1:
        n = plain[0]["games"][slug]
        out.append(f"On {plain[0]['date']} the engine's code changed without changing a rule: "
                   f"{n} of these deals {'was' if n == 1 else 'were'} played again by the new "
                   f"code, each came out as stored, and the rows were marked as that code's.")
    elif plain:
        n = sum(r["games"][slug] for r in plain)
        dates = _and(list(dict.fromkeys(r["date"] for r in plain)))
        out.append(f"The engine's code changed {len(plain)} times without changing a rule "
                   f"(on {dates}): each time a sample of these deals was played again by the "
                   f"new code ({n} deals in all), each came out as stored, and the rows were "
                   f"marked as that code's.")
    for r in mine:
        if "playouts" not in r:
            continue
        got = r["playouts"]["games"].get(slug, {"deals": 0, "won": 0})
        n = r["games"][slug]
        done = (f"the {got['deals']} deals its rows of this game had left undecided were "
                f"played through them, and {got['won']} {'was' if got['won'] == 1 else 'were'}"
                f" won; then" if got["deals"] else "its rows of this game had left no deal "
                "undecided;")
        out.append(f"On {r['date']} the solver's playouts changed (the greedy and blind "
                   f"players from the deal, and the greedy player after random lines, tried "
                   f"where the search leaves a deal open): {done} {n} of these deals "
                   f"{'was' if n == 1 else 'were'} played again in full by the new code, each "
                   f"came out as now stored, and the rows were marked as that code's.")
    return " ".join(out)


def measured_when(rows: list[dict], runs: list[dict], slug: str) -> str:
    """When a game's rows (``rows``) were measured, from the table's runs (``runs``, oldest
    first: ``games``, ``date``, ``deal_ranges`` by policy; a run without ``deal_ranges``
    measured every policy): per policy the date of the last run of the game that measured
    it, the policies of one date together, and where a row took over deals of an earlier
    run (``reused_deals``), that run's date: ``"on 2026-12-02 (the rows of the blind, greedy
    and careful players) and on 2026-12-03 (the rows of the solver; its deals 1–100 taken
    over from the run of 2026-12-02, made by the same code)"``. Empty when no run names the
    game."""
    names = {"solver": "the solver's", "careful": "the careful player's",
             "greedy": "the greedy player's", "blind": "the blind player's", "random": "the random player's"}
    dates: dict[str, list[str]] = {}
    taken: dict[str, str] = {}
    for policy in dict.fromkeys(r["policy"] for r in rows):
        # a run stopped part-way (its ``wrote``) made only the rows it wrote, not every row
        # of the games it names
        changes = [[slug, r.get("change"), policy] for r in rows if r["policy"] == policy]
        made = [run for run in runs if slug in run.get("games", ())
                and policy in run.get("deal_ranges", {policy: None})
                and ("wrote" not in run or any(c in run["wrote"] for c in changes))]
        if not made:
            continue
        dates.setdefault(made[-1]["date"], []).append(policy)
        reused = max((r.get("reused_deals", 0) for r in rows if r["policy"] == policy), default=0)
        if reused and len(made) > 1:
            first = min(r.get("first", 1) for r in rows if r["policy"] == policy)
            taken[policy] = (f"deals {first}–{first + reused - 1} taken over from the run of "
                             f"{made[-2]['date']}, made by the same code")
    if len(dates) == 1 and not taken:
        return f"on {next(iter(dates))}"
    parts = []
    for date, policies in sorted(dates.items()):
        players = [p for p in policies if p != "solver"]
        who_ = ([f"{_and(players)} player{'s' if len(players) > 1 else ''}"] if players else []) \
            + (["solver"] if "solver" in policies else [])
        said = f"the rows of the {' and the '.join(who_)}"
        said += "".join(f"; {'its' if len(policies) == 1 else names[p]} {taken[p]}"
                        for p in policies if p in taken)
        parts.append(f"on {date} ({said})")
    return " and ".join(parts)


def _and(words: list[str]) -> str:
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]


#: what a player's budget counts (a row's ``budget``)
BUDGET_UNITS = {"blind": "moves a deal", "greedy": "moves a deal", "random": "moves a deal",
                "careful": "states a decision", "solver": "states a deal"}


def budget_words(row: dict) -> str:
    """The budget a row's player ran with, as the site's table and ``edition odds --stored``
    say it: ``"2,000 states a decision"``, ``"5,000 moves a deal"``; for the careful player
    where every card lies face up from the deal ``"one search of 20,000 states a deal"``
    (it searches the deal once, as the solver does, and its stored budget, the states of a
    decision, is never used: :data:`engine.careful.CAREFUL_SOLVE_BUDGET`); empty for a
    budget that is no whole number or a policy without a unit."""
    if row["policy"] == "careful" and row.get("readings") is not None and \
            careful_sight(row["game"], row["readings"]) == "all":
        from engine.careful import CAREFUL_SOLVE_BUDGET   # lazy: the engine is optional
        return f"one search of {CAREFUL_SOLVE_BUDGET:,} states a deal"
    if isinstance(row.get("budget"), int) and row["policy"] in BUDGET_UNITS:
        return f"{row['budget']:,} {BUDGET_UNITS[row['policy']]}"
    return ""


def deal_range(row: dict) -> str:
    """The deals a row played, ``"1–200"``."""
    first = row.get("first", 1)
    return f"{first}–{first + row['deals'] - 1}"


#: fractions a reader says at a glance (halves, thirds, quarters, fifths, tenths, and one in
#: six, seven, eight or nine, so that the words between a tenth and a fifth do not jump),
#: smallest denominator first
_SAYABLE = sorted({Fraction(a, b) for b in (2, 3, 4, 5, 10) for a in range(1, b)}
                  | {Fraction(1, b) for b in (6, 7, 8, 9)},
                  key=lambda f: (f.denominator, f))


#: a bound may also say eighths: without them 39% was "at least 1 deal in 3" (a newcomer
#: found it odd), now "at least 3 deals in 8"
_BOUNDS = sorted(set(_SAYABLE) | {Fraction(a, 8) for a in (3, 5, 7)},
                 key=lambda f: (f.denominator, f))


def _fraction(p: Fraction, how: str) -> Fraction:
    """The sayable fraction nearest ``p`` (``how="near"``), or the largest at most ``p``
    (``"floor"``), or the smallest at least ``p`` (``"ceil"``; a bound may say eighths too,
    :data:`_BOUNDS`); among those within a point of the best, the one with the smallest
    denominator; below a fifth the best itself (one in six, seven, eight, nine and ten lie a
    point or two apart there: 13% is "1 in 8", not "1 in 7"). ``p`` is exact, so a bound is
    never off by a rounding."""
    if how == "floor":
        pool = [f for f in _BOUNDS if f <= p]
    elif how == "ceil":
        pool = [f for f in _BOUNDS if f >= p]
    else:
        pool = list(_SAYABLE)
    best = min(abs(f - p) for f in pool)
    slack = Fraction(1, 100) if p >= Fraction(1, 5) else 0
    return next(f for f in pool if abs(f - p) <= best + slack)


def _say(f: Fraction) -> str:
    if f == Fraction(1, 2):
        return "half the deals"
    return f"{f.numerator} deal{'s' if f.numerator > 1 else ''} in {f.denominator}"


#: "N - 1 deals in N" for the bounds above nine tenths
_NICE = (10, 20, 50, 100, 1000, 10000)
#: round numbers N for "1 deal in N", the bounds below a tenth: tight enough that 4 of 1,000
#: is "at least 1 deal in 250", not "1 in 1000"
_ROUND = sorted({m * 10 ** e for e in range(4) for m in (10, 12, 15, 20, 25, 30, 40, 50, 60, 70, 80)})


def share_words(k: int, n: int, how: str = "near") -> str:
    """``k`` of ``n`` deals as a share in words: ``"no deal"``, ``"every deal"``, else
    ``"about 1 deal in 5"`` (``how="near"``; below a tenth ``"about 1 deal in 17"``, one in
    so many, and above nine tenths ``"all but about 1 deal in 20"``), ``"at least 1 deal in
    5"`` (``"floor"``: never more than ``k/n``) or ``"at most 1 deal in 5"`` (``"ceil"``: never
    less). Bounds below a tenth say one in a round number (:data:`_ROUND`: ``"at least 1 deal
    in 250"``, ``"at most 1 deal in 25"``), above nine tenths ``"at least 99 deals in 100"``,
    ``"at most 249 deals in 250"``, so that a bound is about as tight as the figure.
    ValueError unless 0 <= k <= n and n > 0, or for an unknown ``how``."""
    if n <= 0 or not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n and n > 0, not k={k}, n={n}")
    if how not in ("near", "floor", "ceil"):
        raise ValueError(f"unknown how {how!r}; allowed: near, floor, ceil")
    p = Fraction(k, n)
    if k == 0:
        return "no deal"
    if k == n:
        return "every deal"
    if p < Fraction(1, 10):
        if how == "near":   # one deal in so many: 6% and 0.2% are not the same to a reader
            return f"about 1 deal in {round(1 / p):,}"
        if how == "floor":
            big = next((b for b in _ROUND if Fraction(1, b) <= p), None)
            return f"at least 1 deal in {big:,}" if big else f"at least {k} of {_deals(n)}"
        big = max(b for b in _ROUND if Fraction(1, b) >= p)
        return f"at most 1 deal in {big:,}"
    if p > Fraction(9, 10):
        q = 1 - p
        if how == "near":
            return f"all but about 1 deal in {round(1 / q):,}"
        if how == "ceil":
            big = next((b for b in _ROUND if Fraction(1, b) <= q), None)
            return f"at most {big - 1:,} deals in {big:,}" if big else f"at most {k} of {_deals(n)}"
        big = max(b for b in _NICE if Fraction(1, b) >= q)
        return f"at least {big - 1:,} deals in {big:,}"
    word = {"near": "about", "floor": "at least", "ceil": "at most"}[how]
    return f"{word} {_say(_fraction(p, how))}"


def is_bound(row: dict) -> bool:
    """True when the row has undecided deals: its win share is then a bound, never a rate."""
    return row["undecided"] > 0


def _interval(lo: float, hi: float) -> str:
    """A 95% interval, ``"13.7%–17.9%"``, its ends rounded outward
    (:func:`engine.odds.interval_percent`)."""
    from engine.odds import interval_percent   # lazy: the engine is optional (only rows need it)
    return interval_percent(lo, hi).replace("–", "%–")


def _share(k: int, n: int) -> str:
    """``k`` of ``n`` deals as a percentage that never says all or none when it is not
    (:func:`engine.odds.share_percent`)."""
    from engine.odds import share_percent   # lazy: the engine is optional (only rows need it)
    return share_percent(k, n)


def _deals(n: int) -> str:
    """``"1 deal"``, ``"16 deals"``."""
    return f"{n} deal" if n == 1 else f"{n} deals"


def rate_figure(row: dict) -> str:
    """A row's win figure for a table cell, as :func:`engine.odds.describe_rate` states it:
    ``"54.2% (95%: 48.0–60.3%)"`` when every deal was decided; else bounds, never a point
    rate, however few deals are undecided: ``"≥ 15.6% won, 0.1% undecided (95%: 13.7–17.9%)"``."""
    from engine.odds import describe_rate   # lazy: the engine is optional (only rows need it)
    return describe_rate(row)


#: a row whose undecided deals are at most one in this many is said as its two bounds in
#: figures (:func:`wins_words`)
NARROW_BOUNDS = 50


def wins_words(row: dict) -> str:
    """What a row's player wins, in words, with counts and the 95% interval: ``"wins about 1
    deal in 5: 37 of 200 deals, 95% interval 13.1–24.0%"``; a row with undecided deals is
    stated as bounds (``"wins at least ... and at most ..."``) with the undecided counted, or,
    when at most one deal in :data:`NARROW_BOUNDS` is undecided, as the two bounds in figures
    (``"wins between 59.7% and 60.5% of the deals: ..."``: no share between them in words,
    which would read as a rate); a row with every deal undecided says so (``"settled none of its 16 deals
    ..."``)."""
    n, won, und = row["deals"], row["won"], row["undecided"]
    lo, hi = row["ci95"]
    if won == 0 and row["lost"] == 0:
        return (f"settled none of its {_deals(n)} within its budget: whether they can come out "
                f"is undecided, 95% interval {_interval(lo, hi)} counting the undecided both "
                f"ways")
    if is_bound(row) and won and und * NARROW_BOUNDS <= n:
        # bounds this close are said as the two ends in figures: "at least half and at most
        # 2 in 3" would stretch 59.7-60.5% over 50-67%, and a share between them is a rate
        return (f"wins between {_share(won, n)} and {_share(won + und, n)} of the deals: "
                f"{won} won, {row['lost']} lost and "
                f"{und} undecided of {_deals(n)}, 95% interval {_interval(lo, hi)} counting "
                f"the undecided both ways")
    if is_bound(row):
        low = "no deal for certain" if won == 0 else share_words(won, n, "floor")
        high = ("perhaps every deal" if won + und == n
                else share_words(won + und, n, "ceil").replace("about", "at most"))
        return (f"wins {low} and {high}: {won} won, {row['lost']} lost and {und} undecided of "
                f"{_deals(n)}, 95% interval {_interval(lo, hi)} counting the undecided both ways")
    share = share_words(won, n)
    verb = "wins no deal" if won == 0 else f"wins {share}"
    return f"{verb}: {won} of {_deals(n)}, 95% interval {_interval(lo, hi)}"


def bracket_sentences(rows: list[dict], change: str | None) -> list[str]:
    """Per reading (``change``: None for the default readings), one sentence per measured
    policy of :data:`BRACKET_POLICIES`, in that order; only what is measured: no sentence for a
    policy without a row. Each sentence starts with a capital and ends with a full stop."""
    mine = {p: r for p in BRACKET_POLICIES for r in rows
            if r["change"] == change and r["policy"] == p}
    careful = mine.get("careful")
    out = []
    for policy, row in mine.items():
        said = f"{who(row)} {wins_words(row)}"
        if policy != "careful" and careful is not None:
            # only figures on the same deals can be set side by side: the deals both played
            a, b = row.get("first", 1), careful.get("first", 1)
            first, last = max(a, b), min(a + row["deals"], b + careful["deals"]) - 1
            same, theirs = on_deals(row, first, last), on_deals(careful, first, last)
            if same is not None and theirs is not None:
                if same["deals"] != row["deals"]:
                    said += (f"; on deals {first}–{last}, which the careful player played "
                             f"too, it {wins_words(same)}")
                    if theirs["deals"] != careful["deals"]:
                        said += f" (the careful player there {wins_words(theirs)})"
                elif theirs["deals"] != careful["deals"]:
                    said += (f"; on the same deals {first}–{last} the careful player "
                             f"{wins_words(theirs)}")
                if same.get("outcomes") == theirs.get("outcomes"):
                    said += (f"; on deals {first}–{last} the careful player won and lost the "
                             f"very same deals")
        out.append(said + ".")
    return out


#: a solver row with at least this share of its deals undecided is flagged in plain words
#: (:func:`caveats`)
WEAK_SHARE = Fraction(1, 10)


def caveats(rows: list[dict]) -> list[str]:
    """What a reader must know before trusting the default readings' figures of a game
    (``rows``, its stored rows), in plain words, each a sentence: when at least
    :data:`WEAK_SHARE` of the solver's deals are undecided, how few it settled and, when it
    proved none lost, that its ceiling is then unknown above its wins; when a player's deals
    are undecided, that they were still going at its move limit; when the careful player won
    and lost the very deals the greedy player did, that its planning gained nothing there.
    Empty when none applies."""
    mine = {r["policy"]: r for r in rows if r["change"] is None}
    out = []
    solver = mine.get("solver")
    if solver and Fraction(solver["undecided"], solver["deals"]) >= WEAK_SHARE:
        n, und, lost = solver["deals"], solver["undecided"], solver["lost"]
        said = (f"Read these figures with care: the solver settled only {n - und} of its "
                f"{_deals(n)} ({_share(n - und, n)}); {und} stay undecided within its budget")
        said += (", and it proved no deal lost, so the true ceiling may lie anywhere from "
                 f"its {_share(solver['won'], n)} of deals won up to every deal." if lost == 0 else
                 f", so the true ceiling lies between {_share(solver['won'], n)} and "
                 f"{_share(solver['won'] + und, n)} of the deals.")
        out.append(said)
    for policy in ("careful", "greedy"):
        r = mine.get(policy)
        if r and r["undecided"]:
            out.append(f"The {policy} player's {r['undecided']} undecided deals of {r['deals']} "
                       f"were still going when it reached its move limit, so its figure is a "
                       f"bound too.")
    careful, greedy = mine.get("careful"), mine.get("greedy")
    if careful and greedy and careful.get("outcomes"):
        first = careful.get("first", 1)
        cut = on_deals(greedy, first, first + careful["deals"] - 1)
        if cut is not None and cut.get("outcomes") == careful["outcomes"]:
            out.append(f"On deals {deal_range(careful)} the careful player won and lost the "
                       f"very deals the greedy player did: its planning gains nothing here, "
                       f"so its figure is the greedy player's.")
    return out


def on_deals(row: dict, first: int, last: int) -> dict | None:
    """``row`` cut to deals ``first``..``last`` (its per-deal ``outcomes`` recounted, the 95%
    interval worked out again, :func:`engine.odds.interval`); ``row`` itself when it covers
    exactly those deals; None when it does not cover them all or has no outcomes."""
    o = row.get("outcomes")
    if not o or first < row["first"] or last > row["first"] + len(o) - 1:
        return None
    if (first, last) == (row["first"], row["first"] + row["deals"] - 1):
        return row
    from engine.odds import interval   # lazy: the engine is optional (only rows cut need it)
    cut = o[first - row["first"]:last - row["first"] + 1]
    won, lost, und = cut.count("W"), cut.count("L"), cut.count("U")
    return {**row, "first": first, "deals": len(cut), "won": won, "lost": lost,
            "undecided": und, "outcomes": cut, "ci95": list(interval(won, und, len(cut)))}


# -- placeholders in claims' answers ------------------------------------------------------
#: ``{<row key>}`` or ``{<row key>:<field>}`` in a claim's answer
PLACEHOLDER = re.compile(r"\{([a-z0-9=/-]+)(?::([a-z-]+))?\}")

#: the fields a placeholder may ask for
FIELDS = ("won", "lost", "undecided", "won-count", "lost-count", "undecided-count", "deals")

#: a figure typed into prose: a digit or a number word (a claim's answer must use placeholders)
TYPED_FIGURE = re.compile(
    r"\d|\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
    r"|(?:thir|four|fif|six|seven|eigh|nine)teen|(?:twen|thir|for|fif|six|seven|eigh|nine)ty"
    r"|hundreds?|thousands?|millions?|dozens?|twice|thrice"
    r"|half|halves|thirds?|quarters?|tenths?|per ?cent)\b", re.IGNORECASE)


def figure(row: dict, field: str | None) -> str:
    """One placeholder's words from ``row``: no field or ``won`` the won share in words (a
    bound, ``"at least ..."``, when deals are undecided, and ``"no deal for certain"`` for
    none; when at most one in
    :data:`NARROW_BOUNDS` is, the two bounds in figures, ``"between 59.7% and 60.5% of the
    deals (...)"``), ``lost`` / ``undecided`` those shares
    (``lost`` is "at least", or "no deal for certain", when deals are undecided), ``<x>-count`` ``"728 of 896 deals"``,
    ``deals`` the number of deals. ValueError for an unknown field."""
    n = row["deals"]
    field = field or "won"
    if field == "deals":
        return _deals(n)
    if field.endswith("-count"):
        k = row[field.removesuffix("-count")]
        return f"{k} of {_deals(n)}"
    if field in ("won", "lost"):
        k, und = row[field], row["undecided"]
        if und and k and und * NARROW_BOUNDS <= n:     # as wins_words says close bounds
            return (f"between {_share(k, n)} and {_share(k + und, n)} of the deals (the "
                    f"undecided counted both ways)")
        if und and not k:      # as wins_words says it: the undecided may be any of them
            return "no deal for certain"
        return share_words(k, n, "floor" if und else "near")
    if field == "undecided":
        return share_words(row[field], n)
    raise ValueError(f"unknown figure field {field!r}; allowed: {', '.join(FIELDS)}")


def fill_figures(text: str, by_key: dict[str, dict]) -> str:
    """``text`` with each placeholder (:data:`PLACEHOLDER`) replaced by its row's words
    (:func:`figure`); a row not in ``by_key`` gives ``"not measured yet"``. ValueError for an
    unknown field."""
    def one(m: re.Match) -> str:
        row = by_key.get(m.group(1))
        return figure(row, m.group(2)) if row is not None else "not measured yet"
    return PLACEHOLDER.sub(one, text)


#: a measured figure stated in words, where the text is not filled from the rows (translator's
#: notes, the engine's questions, reasons and labels): they may count cards and places, never
#: say how often a game comes out
MEASURED_PHRASE = re.compile(
    r"\d+(?:\.\d+)?\s?%|\bper ?cent\b|\bdeals? in (?:ten|\d+)\b|\bof (?:the )?(?:measured )?deals\b"
    r"|\bmeasured deals?\b|\bwin rate\b|\bcomes? out in (?:most|half|few|every|\d)", re.I)


def typed_figures(text: str) -> list[str]:
    """The figures typed by hand in ``text`` outside its placeholders and the citable ids it
    names (``mill:redeals=two`` is a name, not a figure): should be none."""
    text = re.sub(r"[\w-]+:[\w=-]+|[\w-]+=[\w-]+", " ", PLACEHOLDER.sub(" ", text))
    return [m.group(0) for m in TYPED_FIGURE.finditer(text)]


# -- defaults that make a game (nearly) never come out (issue 23.4) ---------------------------
#: at most this share of deals won by every measured policy under the default readings is
#: "(nearly) never comes out"; an alternative reading "comes out" when some policy wins at
#: least :data:`COMES_OUT` of its deals
NEARLY_NEVER = 0.05
COMES_OUT = 0.2


def never_comes_out(rows: list[dict]) -> bool:
    """True when, under the default readings (``change`` None), every measured policy won at
    most :data:`NEARLY_NEVER` of its deals (at least one row needed)."""
    default = [r for r in rows if r["change"] is None]
    return bool(default) and all(r["won"] <= NEARLY_NEVER * r["deals"] for r in default)


def finding_sentence(rows: list[dict], changes: list[str], slug: str,
                     whole_game: bool = False) -> str | None:
    """If the default readings leave game ``slug`` (nearly) never coming out
    (:func:`never_comes_out`), the finding in plain words: the default readings' bracket, then
    that of each reading of ``changes`` (``"<ambiguity>=<reading>"``) that makes it come out
    (a measured policy wins at least :data:`COMES_OUT` of its deals), named by its citable id.
    For one question (``whole_game`` False) None when no reading of it does; for the whole
    game (every single change in ``changes``) it then says that none does. None when the
    defaults come out."""
    if not never_comes_out(rows):
        return None
    alts = [ch for ch in changes
            if any(r["change"] == ch and r["won"] >= COMES_OUT * r["deals"] for r in rows)]
    if not alts and not whole_game:
        return None
    default = [r for r in rows if r["change"] is None]
    head = ("Under the default readings no measured deal of this game came out"
            if all(r["won"] == 0 for r in default) else
            "Under the default readings this game almost never comes out"
            if all(r["won"] + r["undecided"] <= NEARLY_NEVER * r["deals"] for r in default) else
            # undecided deals may have come out: a rate ("almost never") would overstate
            "Under the default readings few measured deals of this game came out")
    what, whats = (("single change of reading", "single changes of reading") if whole_game
                   else ("reading of this question", "readings of this question"))
    out = [f"{head}, though the book gives it as a patience that does.",
           *bracket_sentences(rows, None)]
    if not alts:
        out.append(f"No measured {what} changes that.")
    else:
        out.append(f"Another {what} changes that." if len(alts) == 1 else
                   f"Other {whats} change that.")
    for ch in alts:
        out.append(f"Under {slug}:{ch}: " + " ".join(bracket_sentences(rows, ch)))
    return " ".join(out)


# -- the forest plot ----------------------------------------------------------------------
#: colour and label of each policy in the plot (the legend names them)
PLOT_POLICIES = {"careful": ("#1f5fa8", "careful player"), "greedy": ("#6b6b6b", "greedy player"),
                 "solver": ("#c0561b", "solver, every card known")}


#: the forest plot's width and font size, in the drawing's units: on a 375 px phone the drawing
#: is about 320 px wide, so its text is drawn at about 12 px (tests/test_phone.py measures it)
FOREST_WIDTH = 330
FOREST_FONT = 13


#: the forest plot's words for a row drawn as a bound, said only where one is drawn
DASHED_BAR = "A dashed open bar is a bound: some deals were undecided."


def forest_svg(rows: list[dict], aid: str, readings: list[tuple[str | None, str]],
               svg_id: str) -> str | None:
    """A forest plot, inline SVG markup, of ambiguity ``aid``'s readings: one line per reading
    (``readings``: (change, label) pairs, the default's change None) and policy of
    :data:`PLOT_POLICIES` that has a row, from the low to the high end of its 95% interval on a
    0-100% axis, a dot at the won share; a row with undecided deals is drawn as a dashed open
    bar with a tick at its won share (a bound, the least it can be). ``<title>`` and ``<desc>`` (the figures in words)
    make it accessible; all text is escaped. None when fewer than two readings have rows."""
    lines: list[tuple[str, str, dict]] = []
    spans: set[tuple[int, int] | None] = set()
    for change, label in readings:
        mine = [(p, r) for p in PLOT_POLICIES for r in rows
                if r["change"] == change and r["policy"] == p]
        if not mine:
            continue
        # the players of a reading are drawn on the deals they all played (the solver may
        # have played more): a careful player drawn on 200 deals beside a ceiling drawn on
        # 1,000 could look above the ceiling
        first = max(r.get("first", 1) for _, r in mine)
        last = min(r.get("first", 1) + r["deals"] - 1 for _, r in mine)
        cut = [on_deals(r, first, last) for _, r in mine] if last >= first else []
        whole = [c for c in cut if c is not None]
        if cut and len(whole) == len(cut):
            mine = [(p, c) for (p, _), c in zip(mine, whole)]
            spans.add((first, last))
        else:
            spans.add(None)
        lines += [(label, p, r) for p, r in mine]
    if len({lbl for lbl, _, _ in lines}) < 2:
        return None
    span = next(iter(spans)) if len(spans) == 1 else None
    if span is not None:
        first, last = span
        on = f", on deals {first}–{last} (every player shown played them all)"
    else:     # readings on different deals, or rows without outcomes: each says its own
        lines = [(f"{lbl} (deals {r.get('first', 1)}–{r.get('first', 1) + r['deals'] - 1})", p, r)
                 for lbl, p, r in lines]
        on = ""
    # Laid out for a phone: each reading's label on a line of its own above its bars, which
    # take the whole width, so the drawing is narrow (FOREST_WIDTH units) and its text
    # (FOREST_FONT units) stays readable when the drawing is shrunk to a 375 px screen.
    font, total = FOREST_FONT, FOREST_WIDTH
    left, width = 8, FOREST_WIDTH - 30
    row_h, label_h = 13, font + 5
    char = 0.62 * font                           # a generous average width of a character
    legend, lx, ly = [], 4.0, font
    for policy, (colour, name) in PLOT_POLICIES.items():
        if any(p == policy for _, p, _ in lines):
            w = 12 + char * len(name)
            if lx > 4 and lx + w > total:
                lx, ly = 4.0, ly + font + 4
            legend.append(f'<circle cx="{lx + 4:.1f}" cy="{ly - font / 3:.1f}" r="3" fill="{colour}"/>'
                          f'<text x="{lx + 10:.1f}" y="{ly:.1f}" class="fp-legend">{escape(name)}</text>')
            lx += w + 8
    top = ly + 8
    n_labels = len(dict.fromkeys(lbl for lbl, _, _ in lines))
    height = top + label_h * n_labels + row_h * len(lines) + font + 14 + (font + 6 if on else 0)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="edition-forest" role="img" '
           f'viewBox="0 0 {total} {height:.0f}" font-size="{font}" '
           f'aria-labelledby="{svg_id}-t {svg_id}-d" id="{svg_id}">',
           f'<title id="{svg_id}-t">{escape(f"How often it comes out under each reading of {aid}{on}")}'
           f'</title>']
    desc = []
    y = top
    prev = None
    for label, policy, r in lines:
        colour, name = PLOT_POLICIES[policy]
        lo, hi = r["ci95"]
        share = r["won"] / r["deals"]
        x = lambda v: left + width * v  # noqa: E731
        if label != prev:
            y += label_h
            out.append(f'<text x="{left}" y="{y - 4:.1f}" class="fp-label">{escape(label)}</text>')
            prev = label
        cy = y + row_h / 2
        if is_bound(r):
            out.append(f'<rect x="{x(lo):.1f}" y="{cy - 3:.1f}" width="{max(1.0, x(hi) - x(lo)):.1f}" '
                       f'height="6" fill="none" stroke="{colour}" stroke-dasharray="3 2"/>')
            out.append(f'<line x1="{x(share):.1f}" x2="{x(share):.1f}" y1="{cy - 5:.1f}" '
                       f'y2="{cy + 5:.1f}" stroke="{colour}" stroke-width="2"/>')
        else:
            out.append(f'<line x1="{x(lo):.1f}" x2="{x(hi):.1f}" y1="{cy:.1f}" y2="{cy:.1f}" '
                       f'stroke="{colour}" stroke-width="2"/>')
            out.append(f'<circle cx="{x(share):.1f}" cy="{cy:.1f}" r="3" fill="{colour}"/>')
        desc.append(f"{label}, {name}: {wins_words(r)}.")
        y += row_h
    axis = y + 4
    out.append(f'<line x1="{left}" x2="{left + width}" y1="{axis:.1f}" y2="{axis:.1f}" stroke="#999"/>')
    for v in (0, 0.25, 0.5, 0.75, 1):
        out.append(f'<line x1="{left + width * v:.1f}" x2="{left + width * v:.1f}" y1="{top:.1f}" '
                   f'y2="{axis + 3:.1f}" stroke="#ddd"/>')
        anchor = "start" if v == 0 else "middle"
        out.append(f'<text x="{left + width * v:.1f}" y="{axis + font + 3:.1f}" '
                   f'text-anchor="{anchor}" class="fp-axis">{int(100 * v)}%</text>')
    if on:
        out.append(f'<text x="{left}" y="{axis + 2 * font + 8:.1f}" class="fp-axis">'
                   f'{escape(f"On deals {first}–{last}.")}</text>')
    out.extend(legend)
    bound = f" {DASHED_BAR}" if any(r["undecided"] for _, _, r in lines) else ""
    out.insert(2, f'<desc id="{svg_id}-d">{escape(" ".join(desc))}{bound}</desc>')
    out.append("</svg>")
    return "".join(out)


# -- the edition's overview: how far the careful player comes toward the ceiling -----------
def gap_share(careful: dict, greedy: dict, solver: dict) -> tuple[int, int, int, int, int,
                                                                  Fraction | None, Fraction | None]:
    """How much of the distance between the greedy player and the solver's ceiling the
    careful player closes, on the deals all three rows measured (their common range, read
    from each row's ``outcomes``): ``(first, last, greedy won, careful won, solver won,
    low, high)``. With undecided solver deals the ceiling lies between its won count and
    that count plus the undecided, so the share lies between ``low`` (the ceiling at its
    highest) and ``high`` (at its lowest); both None when there is no distance (the solver
    wins no more than the greedy player even with every undecided deal won). The players'
    undecided deals (a game still going when its budget of moves ran out) bracket the share
    alike: ``low`` counts the greedy player's as won and the careful player's as lost,
    ``high`` the other way round; the won counts returned are the deals won. ValueError when
    the rows share no deal or a row has no ``outcomes``."""
    rows = (greedy, careful, solver)
    if any(not r.get("outcomes") for r in rows):
        raise ValueError("a row without per-deal outcomes cannot be compared deal by deal")
    first = max(r["first"] for r in rows)
    last = min(r["first"] + len(r["outcomes"]) - 1 for r in rows)
    if last < first:
        raise ValueError("the rows share no deal")

    def won(r: dict) -> str:
        return r["outcomes"][first - r["first"]:last - r["first"] + 1]
    g, c, s = (won(r).count("W") for r in rows)
    gu, cu, u = (won(r).count("U") for r in rows)
    if s + u <= g:
        return first, last, g, c, s, None, None
    low = Fraction(c - g - gu, s + u - g - gu) if s + u > g + gu else Fraction(0)
    high = Fraction(c + cu - g, s - g) if s > g else None
    return first, last, g, c, s, low, high
