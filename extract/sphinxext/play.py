"""The "Play it" part of a game page: a step-through example deal and runnable Python.

**Which deal.** The example should teach how the game comes out, so it is chosen by playing
numbered deals with the engine at build time, the same way every time (default readings):
the first of deals 1 to :data:`GREEDY_SEARCH` that the greedy policy wins; else the first of
deals 1 to :data:`SOLVER_SEARCH` whose win the solver finds within :data:`SOLVER_BUDGET`
states (its winning line is shown); else deal 1 played greedily, and the page says that the
game rarely comes out and why that deal ends. A deal the stored odds table's current rows
show that search cannot win is not played again (:func:`not_won`: the choice is the same,
the clean build is spared the searches). The choice and the trace are cached on disk
beside the model, keyed by the engine's and the toolkit's source (:func:`example_trace`).

**What the viewer gets.** The trace is stored in the page as JSON: the starting layout, then
for each move only the piles it changed and a caption of the move in words ("7♥ from
packet 3 to foundation 1", with the piles' full names); each pile has a short label (``extract.export.figures.short_labels``) with a key under the
viewer. ``edition.js`` draws it; other builders show the summary line only.
"""
from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
from contextlib import contextmanager

from docutils import nodes

from engine import api
from engine import results as engine_results

from ..corpus.cache import entry_path
from ..model.edition import code_fingerprint, disk_cached
from ..text.words import count
from .bundle import ENGINE

GREEDY_SEARCH = 12       # deals tried with the greedy policy
SOLVER_SEARCH = 2        # then deals tried with the solver
SOLVER_BUDGET = 5_000    # states per solver search
MAX_STEPS = 600
BUDGET = 2000            # moves: a greedy deal that runs longer is reported undecided


class trace_viewer(nodes.General, nodes.Element):
    """A step-through viewer; attribute ``data`` is the compact trace (a dict)."""


class play_panel(nodes.General, nodes.Element):
    """The Play panel (``static/play-panel.js``): attribute ``data`` ``{"game", "title",
    "ambiguities"}`` (from :func:`engine.api.list_games`)."""


def cited(caption: str, rules: list[str]) -> str:
    """A move's caption with the sentences that allow it, as the Play panel writes it:
    ``"2♦ from packet 3 onto 4♦ on packet 12 (mill:4)"``; the caption alone when no rule
    sentence is recorded."""
    return f"{caption} ({', '.join(rules)})" if rules else caption


def compact_trace(result: dict) -> dict:
    """``{"game", "deal", "policy", "outcome", "readings", "reason", "piles": [names],
    "labels": [short labels], "key": [[label, words]...], "start": [[x, y, fan, cards]...],
    "steps": [{"move", "text", "rules", "set": {index: cards}}]}`` for a result of
    :func:`engine.api.play`: the piles as a player sees them (a face-down or covered card is
    ``null``: its name is not in the page), each move captioned in words and citing the rule
    sentences it executes (``"text"``, :func:`cited`; ``"rules"``, from
    :func:`engine.api.steps`), at most :data:`MAX_STEPS` steps
    (``"truncated"`` says so)."""

    from ..export.figures import short_labels  # lazy: extract.export.figures loads lxml
    moves = result["moves"]
    walk = api.steps(result["game"], result["deal"], result["readings"], moves[:MAX_STEPS])
    first = walk[0]["piles"]
    names = [p["name"] for p in first]
    labels, key = short_labels(names)
    prev = [p["cards"] for p in first]
    steps = []
    for st in walk[1:]:
        cur = [p["cards"] for p in st["piles"]]
        steps.append({"move": st["move"], "text": cited(st["caption"], st["rules"]),
                      "rules": st["rules"],
                      "set": {str(i): c for i, c in enumerate(cur) if c != prev[i]}})
        prev = cur
    return {"game": result["game"], "deal": result["deal"], "policy": result["policy"],
            "outcome": result["outcome"], "readings": result["readings"],
            "reason": result["final"].get("reason", ""),
            "piles": names, "labels": labels, "key": [list(k) for k in key],
            "start": [[p["x"], p["y"], p["fan"], p["cards"]] for p in first],
            "steps": steps, "moves": len(moves), "truncated": len(moves) > MAX_STEPS}


def not_won(slug: str, odds) -> dict[str, set[int]]:
    """Deals of game ``slug`` that the stored odds table at ``odds`` (a path, or None) shows
    no example search of :func:`choose_example` can win, by policy: ``{"greedy": {deals},
    "solver": {deals}}``. Read only from the default readings' rows that are current
    (:func:`engine.results.stale_rows`) and searched at least as far as the example does
    (the greedy row's budget of moves at least :data:`BUDGET`, the solver row's states at
    least :data:`SOLVER_BUDGET`): the players and the solver are deterministic, and a deal
    not won within a budget is not won within a smaller one, so skipping these deals
    changes no choice; it spares a clean build the searches (the Octagon's two solver
    searches cost about 4 s). Empty sets when the table is missing or cannot be read."""
    out: dict[str, set[int]] = {"greedy": set(), "solver": set()}
    if odds is None or not os.path.isfile(odds):
        return out
    try:
        table = engine_results.load_shared(odds)
        stale = {id(r) for r in engine_results.stale_rows(table)}
    except (OSError, ValueError):
        return out   # no table to trust: every deal is searched, as without one (the
        # odds section of the page reports the table's fault)
    floor = {"greedy": BUDGET, "solver": SOLVER_BUDGET}
    for r in table.get("rows", []):
        p = r.get("policy")
        if (r.get("game") == slug and r.get("change") is None and p in floor
                and id(r) not in stale and r.get("budget", 0) >= floor[p]):
            out[p] |= {r["first"] + i for i, c in enumerate(r.get("outcomes", "")) if c != "W"}
    return out


def choose_example(slug: str, odds=None) -> dict:
    """The example deal of a game (see the module docstring): ``{"deal", "policy",
    "budget", "comes_out" (bool), "why" (a sentence for the page), "result" (the
    :func:`engine.api.play` result of that deal, so that it is not played twice)}``.
    Deterministic; ``odds``, the stored odds table's path, only spares searches whose
    outcome it already holds (:func:`not_won`)."""
    skip = not_won(slug, odds)
    for deal in range(1, GREEDY_SEARCH + 1):
        if deal > 1 and deal in skip["greedy"]:   # deal 1 is played: it is the fallback
            continue
        result = api.play(slug, deal, {}, "greedy", BUDGET)
        if result["outcome"] == "won":
            why = ("the first deal from 1 up that the greedy policy wins" if deal > 1 else
                   "deal 1, which the greedy policy wins")
            return {"deal": deal, "policy": "greedy", "budget": BUDGET, "comes_out": True,
                    "why": why, "result": result}
        if deal == 1:
            first = result
    for deal in range(1, SOLVER_SEARCH + 1):
        if deal in skip["solver"]:
            continue
        result = api.play(slug, deal, {}, "solver", SOLVER_BUDGET)
        if result["outcome"] == "won":
            return {"deal": deal, "policy": "solver", "budget": SOLVER_BUDGET, "comes_out": True,
                    "why": (f"the greedy policy wins none of deals 1–{GREEDY_SEARCH}, so this is "
                            f"the first deal whose win the solver finds; it shows a winning line"),
                    "result": result}
    return {"deal": 1, "policy": "greedy", "budget": BUDGET, "comes_out": False,
            "why": (f"this patience rarely comes out as the engine plays it: the greedy policy "
                    f"wins none of deals 1–{GREEDY_SEARCH}, and the solver finds no win in deals "
                    f"1–{SOLVER_SEARCH} within {SOLVER_BUDGET} states (the measured rates are under "
                    f"“How often it comes out”), so deal 1 shows how a game ends instead"),
            "result": first}


#: Results of :func:`examples_alongside`'s worker, which :func:`example_trace` waits for.
_PENDING: list = []


@contextmanager
def examples_alongside(slugs: list[str], cache_dir, odds=None):
    """Within this context, the example traces of ``slugs`` are made into ``cache_dir`` in one
    worker process, while this process builds the model and Sphinx starts (a clean build's
    wall time; the CPU time is the same). :func:`example_trace` waits for the worker, and an
    exception raised there is raised in this process. Nothing is started when there is one
    CPU or no cache folder. On leaving, a worker still running is stopped."""
    pool = None
    if cache_dir is not None:        # only the examples not made already
        key = _example_key()
        slugs = [s for s in slugs if not entry_path(cache_dir, f"example-{s}", key).is_file()]
    if (os.cpu_count() or 1) > 1 and cache_dir is not None and slugs:
        pool = multiprocessing.get_context("spawn").Pool(1)
        _PENDING.append(pool.apply_async(_make_examples, (list(slugs), str(cache_dir),
                                                          None if odds is None else str(odds))))
    try:
        yield
    finally:
        _PENDING.clear()
        if pool is not None:
            pool.terminate()
            pool.join()


def _make_examples(slugs: list[str], cache_dir: str, odds: str | None = None) -> None:
    for slug in slugs:
        example_trace(slug, cache_dir, odds)


def example_trace(slug: str, cache_dir=None, odds=None) -> dict:
    """The compact trace of the page's example deal, with ``"choice"`` (from
    :func:`choose_example`). Cached in ``cache_dir`` (the model's cache, or none) under a key
    of the engine's source hash and the toolkit's code fingerprint. Waits first for a worker
    started by :func:`start_examples`."""
    while _PENDING:
        _PENDING.pop().get()

    def compute() -> dict:
        c = choose_example(slug, odds)
        t = compact_trace(c.pop("result"))
        t["choice"] = c
        return t
    return disk_cached(cache_dir, f"example-{slug}", _example_key(), compute, expect=dict)


def _example_key() -> str:
    """The cache key of the example traces: every source of the engine (:data:`ENGINE`: its
    rules, and the words and API a trace is told in, ``describe.py`` and ``api.py``, which
    the rules' hash leaves out) and the toolkit's code fingerprint."""
    h = hashlib.sha256(f"{engine_results.engine_hash()}:{code_fingerprint()}".encode())
    for p in sorted(ENGINE.rglob("*.py")):
        h.update(p.relative_to(ENGINE).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:20]


def python_example(slug: str, ambiguities: list[dict], deal: int, policy: str = "greedy",
                   budget: int = BUDGET) -> str:
    """Python code, run by the test suite, that plays the example deal and, if the game has
    an ambiguity, the same deal under another reading."""
    lines = ["from engine import api, games", "",
             f"state = games.new({slug!r}, {deal})          # deal {deal}, default readings",
             "print(state.render())                       # the starting layout", "",
             f"result = api.play({slug!r}, {deal}, {{}}, policy={policy!r}, budget={budget})",
             "print(result[\"outcome\"], len(result[\"moves\"]), \"moves\")"]
    for a in ambiguities:
        other = next((r["id"] for r in a["readings"] if r["id"] != a["default"]), None)
        if other:
            lines += ["", f"# the same deal under the reading {slug}:{a['id']}={other}",
                      f"other = api.play({slug!r}, {deal}, {{{a['id']!r}: {other!r}}}, "
                      f"policy={policy!r}, budget={budget})",
                      "print(other[\"outcome\"], other[\"readings\"])"]
            break
    return "\n".join(lines) + "\n"


def play_section(slug: str, game_title: str, eg: dict, cache_dir=None,
                 odds=None) -> nodes.section:
    """The "Play it" section: why this deal, the viewer, its key, and the Python example
    (``odds``: the stored odds table's path, :func:`choose_example`)."""
    from ..export.figures import PRIME_LEGEND  # lazy: extract.export.figures loads lxml
    t = example_trace(slug, cache_dir, odds)
    c = t["choice"]
    reason = "no legal move was left" if t["reason"] == "no legal moves" else t["reason"]
    sec = nodes.section(ids=[f"{slug}-play"])
    sec += nodes.title("", "Play it")
    who = "the greedy policy" if c["policy"] == "greedy" else "the solver"
    p = nodes.paragraph()
    p += nodes.Text(f"Deal {t['deal']} of {game_title}, played by {who} under the default "
                    f"readings: {t['outcome']} after {count(t['moves'], 'move')}"
                    f"{' (first ' + str(MAX_STEPS) + ' shown)' if t['truncated'] else ''}"
                    f"{': ' + reason if t['outcome'] == 'lost' and reason else ''}. "
                    f"Why this deal: {c['why']}.")
    if not c["comes_out"]:
        p["classes"].append("example-fails")
    sec += p
    sec += nodes.paragraph("", "Step through it below: each move is told in words under the "
                               "buttons, and the piles it touches are outlined.",
                           classes=["trace-help"])
    sec += trace_viewer(data=t)
    sec += play_panel(data={"game": slug, "title": game_title,
                            "ambiguities": eg.get("ambiguities", [])})
    legend = [f"{a} = {w}" for a, w in t["key"]]
    words = ("Pile labels: " + "; ".join(legend) + ". ") if legend else ""
    if any(card and card.endswith("'") for pile in t["start"] for card in pile[3]):
        words += PRIME_LEGEND
    if words:
        sec += nodes.paragraph("", words.strip(), classes=["trace-key"])
    code = python_example(slug, eg.get("ambiguities", []), t["deal"], c["policy"], c["budget"])
    block = nodes.literal_block(code, code, language="python", classes=["edition-example"])
    sec += block
    cli = f"edition play {slug} --deal {t['deal']} --policy {c['policy']} --budget {c['budget']}"
    sec += nodes.paragraph("", "", nodes.Text("From the command line: "), nodes.literal(cli, cli))
    return sec


#: characters that must not stand raw in JSON inside an HTML ``<script>`` element: ``<`` and
#: ``>`` (``</script>``, ``<!--``), ``&`` (character references in foreign content) and the line
#: separators U+2028/U+2029 (line breaks to pre-2019 JavaScript). JSON allows ``\uXXXX`` for any.
_HTML_UNSAFE_IN_JSON = {ord(c): "\\u%04x" % ord(c) for c in "<>&\u2028\u2029"}


def json_for_html(obj) -> str:
    """``obj`` as compact JSON text that is safe inside an HTML ``<script type="application/json">``
    element: the same value for ``JSON.parse`` (strings keep every character), but no ``<``,
    ``>``, ``&``, U+2028 or U+2029 appears raw, so corpus text in the data (a title such as
    ``"The Mill <!--<script>"``) can neither close the element nor open a comment. The one
    place the site puts JSON into HTML."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).translate(
        _HTML_UNSAFE_IN_JSON)


def _visit_html(self, node: trace_viewer) -> None:
    # the JSON is element content, made safe for a <script> element by json_for_html
    self.body.append(self.starttag(node, "div", "", CLASS="edition-trace",
                                   **{"data-game": node["data"]["game"]})
                     + self.starttag(nodes.Element(), "script", "", CLASS="trace-data",
                                     type="application/json")
                     + json_for_html(node["data"]) + "</script></div>")
    raise nodes.SkipNode


def _visit_panel(self, node: play_panel) -> None:
    if not self.builder.config.edition_play:
        raise nodes.SkipNode
    from .bundle import engine_zip  # lazy: extract.sphinxext.bundle loads sphinx
    slug = node["data"]["game"]
    inner = nodes.Element()     # the inner elements take none of the node's ids or classes
    self.body.append(
        self.starttag(node, "details", "", CLASS="edition-play", ids=[f"{slug}-play-panel"],
                      **{"data-game": slug, "data-engine": engine_zip()[0]})
        + "<summary>Play any deal here: your moves, any reading, hints and the solver (runs "
          "the engine in your browser)</summary>"
        + self.starttag(inner, "script", "", CLASS="play-data", type="application/json")
        + json_for_html(node["data"]) + "</script>"
        + self.starttag(inner, "div", "", CLASS="play-root")
        + self.starttag(inner, "p", "", CLASS="play-note") + "The panel needs JavaScript.</p>"
        + "</div></details>")
    raise nodes.SkipNode


def _skip(self, node) -> None:
    raise nodes.SkipNode


def register(app) -> None:
    app.add_node(trace_viewer, html=(_visit_html, None), latex=(_skip, None),
                 text=(_skip, None), man=(_skip, None), texinfo=(_skip, None))
    app.add_node(play_panel, html=(_visit_panel, None), latex=(_skip, None),
                 text=(_skip, None), man=(_skip, None), texinfo=(_skip, None))
    from . import bundle  # lazy: extract.sphinxext.bundle loads sphinx
    bundle.register(app)
