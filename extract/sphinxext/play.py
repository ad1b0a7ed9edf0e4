"""The "Play it" part of a game page: a step-through example deal and runnable Python.

**Which deal.** The example should teach how the game comes out, so it is chosen by playing
numbered deals with the engine at build time, the same way every time (default readings):
the first of deals 1 to :data:`GREEDY_SEARCH` that the greedy policy wins; else the first of
deals 1 to :data:`SOLVER_SEARCH` whose win the solver finds within :data:`SOLVER_BUDGET`
states (its winning line is shown); else deal 1 played greedily, and the page says that the
game rarely comes out and why that deal ends. The choice and the trace are cached on disk
beside the model, keyed by the engine's and the toolkit's source (:func:`example_trace`).

**What the viewer gets.** The trace is stored in the page as JSON: the starting layout, then
for each move only the piles it changed and a caption of the move in words ("7♥ from
packet 3 to foundation 1", with the piles' full names); each pile has a short label (``extract.figures.short_labels``) with a key under the
viewer. ``edition.js`` draws it; other builders show the summary line only.
"""
from __future__ import annotations

import hashlib
import json
from html import escape

from docutils import nodes

GREEDY_SEARCH = 12       # deals tried with the greedy policy
SOLVER_SEARCH = 2        # then deals tried with the solver
SOLVER_BUDGET = 5_000    # states per solver search
MAX_STEPS = 600
BUDGET = 2000            # moves: a greedy deal that runs longer is reported undecided


class trace_viewer(nodes.General, nodes.Element):
    """A step-through viewer; attribute ``data`` is the compact trace (a dict)."""


def _cards(codes: list[str]) -> str:
    from ..figures import card_label
    labels = [card_label(c)[0] for c in codes]
    if len(labels) <= 3:
        return " ".join(labels)
    return f"{len(labels)} cards ({labels[0]} … {labels[-1]})"


def describe_move(move: list, before: list[list[str]], after: list[list[str]],
                  names: list[str]) -> str:
    """A move in words from the piles it changed (``names``: the piles' names): ``"7♥ from
    packet 3 to foundation 1"``; a move that gathers or deals many piles is named by its kind and the number of piles it changed (``"redeal:
    16 piles change"``); one that moves no card by its kind and arguments (``"direction
    down"``). ``before``/``after``: each pile's cards (bottom first) around the move."""
    changed = [i for i, (b, a) in enumerate(zip(before, after)) if b != a]
    lost = [i for i in changed if len(after[i]) < len(before[i])]
    gained = [i for i in changed if len(after[i]) > len(before[i])]
    kind = str(move[0]) if move else "move"
    if not changed:
        return " ".join(str(m) for m in move)
    if len(lost) == 1 and len(gained) == 1 and len(changed) == 2:
        src, dst = lost[0], gained[0]
        moved = after[dst][len(before[dst]):] if after[dst][:len(before[dst])] == before[dst] \
            else after[dst]
        return f"{_cards(moved)} from {names[src]} to {names[dst]}"
    if len(lost) == 2 and not gained and len(changed) == 2:   # a pair discarded together
        cards = [before[i][-1] for i in lost]
        return f"{kind}: {_cards(cards)} from {names[lost[0]]} and {names[lost[1]]}"
    if len(changed) == 1 and not lost and not gained:         # a card turned over in place
        return f"{kind}: {names[changed[0]]}"
    return f"{kind}: {len(changed)} piles change"


def compact_trace(trace: dict) -> dict:
    """``{"game", "deal", "policy", "outcome", "readings", "piles": [names], "labels":
    [short labels], "key": [[label, words]...], "start": [[x, y, fan, cards]...], "steps":
    [{"move", "text", "set": {index: cards}}]}`` from :func:`engine.api.trace` (whose
    ``steps`` may stop early: ``"moves"`` counts ``trace["moves"]``); at most
    :data:`MAX_STEPS` steps (``"truncated"`` says so)."""
    from ..figures import short_labels
    first = trace["steps"][0]["layout"]["piles"]
    names = [p["name"] for p in first]
    labels, key = short_labels(names)
    prev = [p["cards"] for p in first]
    steps = []
    for st in trace["steps"][1:MAX_STEPS + 1]:
        cur = [p["cards"] for p in st["layout"]["piles"]]
        steps.append({"move": st["move"], "text": describe_move(st["move"], prev, cur, names),
                      "set": {str(i): c for i, c in enumerate(cur) if c != prev[i]}})
        prev = cur
    return {"game": trace["game"], "deal": trace["deal"], "policy": trace["policy"],
            "outcome": trace["outcome"], "readings": trace["readings"],
            "reason": trace["final"].get("reason", ""),
            "piles": names, "labels": labels, "key": [list(k) for k in key],
            "start": [[p["x"], p["y"], p["fan"], p["cards"]] for p in first],
            "steps": steps, "moves": len(trace["moves"]),
            "truncated": len(trace["moves"]) > MAX_STEPS}


def choose_example(slug: str) -> dict:
    """The example deal of a game (see the module docstring): ``{"deal", "policy",
    "budget", "comes_out" (bool), "why" (a sentence for the page)}``. Deterministic."""
    from engine import api
    for deal in range(1, GREEDY_SEARCH + 1):
        if api.play(slug, deal, {}, "greedy", BUDGET)["outcome"] == "won":
            why = ("the first deal from 1 up that the greedy policy wins" if deal > 1 else
                   "deal 1, which the greedy policy wins")
            return {"deal": deal, "policy": "greedy", "budget": BUDGET, "comes_out": True,
                    "why": why}
    for deal in range(1, SOLVER_SEARCH + 1):
        if api.play(slug, deal, {}, "solver", SOLVER_BUDGET)["outcome"] == "won":
            return {"deal": deal, "policy": "solver", "budget": SOLVER_BUDGET, "comes_out": True,
                    "why": (f"the greedy policy wins none of deals 1–{GREEDY_SEARCH}, so this is "
                            f"the first deal whose win the solver finds; it shows a winning line")}
    return {"deal": 1, "policy": "greedy", "budget": BUDGET, "comes_out": False,
            "why": (f"this patience rarely comes out as the engine plays it: the greedy policy "
                    f"wins none of deals 1–{GREEDY_SEARCH}, and the solver finds no win in deals "
                    f"1–{SOLVER_SEARCH} within {SOLVER_BUDGET} states (the measured rates are under "
                    f"“How often it comes out”), so deal 1 shows how a game ends instead")}


def example_trace(slug: str, cache_dir=None) -> dict:
    """The compact trace of the page's example deal, with ``"choice"`` (from
    :func:`choose_example`). Cached in ``cache_dir`` (the model's cache, or none) under a key
    of the engine's source hash and the toolkit's code fingerprint."""
    from engine import api
    from engine.results import engine_hash
    from ..model import code_fingerprint, disk_cached

    def compute() -> dict:
        from engine import games
        c = choose_example(slug)
        # engine.api.trace, but the positions only as far as the viewer shows them
        trace = api.play(slug, c["deal"], {}, c["policy"], c["budget"])
        s = games.new(slug, c["deal"], trace["readings"])
        trace["steps"] = [{"n": 0, "move": None, "layout": s.layout()}]
        for i, m in enumerate(trace["moves"][:MAX_STEPS], 1):
            s = s.step(m)
            trace["steps"].append({"n": i, "move": m, "layout": s.layout()})
        t = compact_trace(trace)
        t["choice"] = c
        return t
    key = hashlib.sha256(f"{engine_hash()}:{code_fingerprint()}".encode()).hexdigest()[:20]
    return disk_cached(cache_dir, f"example-{slug}", key, compute)


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


def play_section(slug: str, game_title: str, eg: dict, cache_dir=None) -> nodes.section:
    """The "Play it" section: why this deal, the viewer, its key, and the Python example."""
    from ..figures import PRIME_LEGEND
    from ..words import count
    t = example_trace(slug, cache_dir)
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
    legend = [f"{a} = {w}" for a, w in t["key"]]
    words = ("Pile labels: " + "; ".join(legend) + ". ") if legend else ""
    if any(card.endswith("'") for pile in t["start"] for card in pile[3]):
        words += PRIME_LEGEND
    if words:
        sec += nodes.paragraph("", words.strip(), classes=["trace-key"])
    code = python_example(slug, eg.get("ambiguities", []), t["deal"], c["policy"], c["budget"])
    block = nodes.literal_block(code, code, language="python", classes=["edition-example"])
    sec += block
    cli = f"edition play {slug} --deal {t['deal']} --policy {c['policy']} --budget {c['budget']}"
    sec += nodes.paragraph("", "", nodes.Text("From the command line: "), nodes.literal(cli, cli))
    return sec


def _visit_html(self, node: trace_viewer) -> None:
    data = json.dumps(node["data"], ensure_ascii=False, separators=(",", ":"))
    self.body.append('<div class="edition-trace" data-game="%s">' % escape(node["data"]["game"]))
    self.body.append('<script type="application/json" class="trace-data">%s</script>'
                     % data.replace("</", "<\\/"))
    self.body.append("</div>")
    raise nodes.SkipNode


def _skip(self, node) -> None:
    raise nodes.SkipNode


def register(app) -> None:
    app.add_node(trace_viewer, html=(_visit_html, None), latex=(_skip, None),
                 text=(_skip, None), man=(_skip, None), texinfo=(_skip, None))
