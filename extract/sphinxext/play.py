"""The "Play it" part of a game page: a step-through example deal and runnable Python.

The example deal is played by the engine at build time (greedy policy, default readings,
the first deal from 1 to :data:`SEARCH` that the greedy policy wins, else deal 1). It is
stored in the page as JSON: the starting layout, then for each move only the piles it
changed, so that a long deal stays small. ``edition.js`` draws it; other builders show the
summary line only.
"""
from __future__ import annotations

import json
from html import escape

from docutils import nodes

SEARCH = 30
MAX_STEPS = 600
BUDGET = 2000      # moves: a greedy deal that runs longer is reported undecided


class trace_viewer(nodes.General, nodes.Element):
    """A step-through viewer; attribute ``data`` is the compact trace (a dict)."""


def compact_trace(trace: dict) -> dict:
    """``{"game", "deal", "policy", "outcome", "readings", "piles": [names], "start":
    [[x, y, fan, cards]...], "steps": [{"move", "set": {index: cards}}]}`` from
    :func:`engine.api.trace`; at most :data:`MAX_STEPS` steps (``"truncated"`` says so)."""
    first = trace["steps"][0]["layout"]["piles"]
    prev = [p["cards"] for p in first]
    steps = []
    for st in trace["steps"][1:MAX_STEPS + 1]:
        cur = [p["cards"] for p in st["layout"]["piles"]]
        steps.append({"move": st["move"],
                      "set": {str(i): c for i, c in enumerate(cur) if c != prev[i]}})
        prev = cur
    return {"game": trace["game"], "deal": trace["deal"], "policy": trace["policy"],
            "outcome": trace["outcome"], "readings": trace["readings"],
            "piles": [p["name"] for p in first],
            "start": [[p["x"], p["y"], p["fan"], p["cards"]] for p in first],
            "steps": steps, "moves": len(trace["steps"]) - 1,
            "truncated": len(trace["steps"]) - 1 > MAX_STEPS}


def example_trace(slug: str) -> dict:
    """The compact trace of the page's example deal (see the module docstring)."""
    from engine import api
    for deal in range(1, SEARCH + 1):
        if api.play(slug, deal, {}, "greedy", BUDGET)["outcome"] == "won":
            break
    else:
        deal = 1
    return compact_trace(api.trace(slug, deal, {}, "greedy", BUDGET))


def python_example(slug: str, ambiguities: list[dict], deal: int) -> str:
    """Python code, run by the test suite, that plays the example deal and, if the game has
    an ambiguity, the same deal under another reading."""
    lines = ["from engine import api, games", "",
             f"state = games.new({slug!r}, {deal})          # deal {deal}, default readings",
             "print(state.render())                       # the starting layout", "",
             f"result = api.play({slug!r}, {deal}, {{}}, policy=\"greedy\", budget={BUDGET})",
             "print(result[\"outcome\"], len(result[\"moves\"]), \"moves\")"]
    for a in ambiguities:
        other = next((r["id"] for r in a["readings"] if r["id"] != a["default"]), None)
        if other:
            lines += ["", f"# the same deal under the reading {slug}:{a['id']}={other}",
                      f"other = api.play({slug!r}, {deal}, {{{a['id']!r}: {other!r}}}, policy=\"greedy\", "
                      f"budget={BUDGET})",
                      "print(other[\"outcome\"], other[\"readings\"])"]
            break
    return "\n".join(lines) + "\n"


def play_section(slug: str, game_title: str, eg: dict) -> nodes.section:
    """The "Play it" section: viewer, how it was played, and the Python example."""
    t = example_trace(slug)
    sec = nodes.section(ids=[f"{slug}-play"])
    sec += nodes.title("", "Play it")
    p = nodes.paragraph()
    p += nodes.Text(f"Deal {t['deal']} of {game_title}, played by the greedy policy under the "
                    f"default readings: {t['outcome']} after {t['moves']} moves"
                    f"{' (first ' + str(MAX_STEPS) + ' shown)' if t['truncated'] else ''}. "
                    f"Step through it below, or run the same in Python.")
    sec += p
    sec += trace_viewer(data=t)
    code = python_example(slug, eg.get("ambiguities", []), t["deal"])
    block = nodes.literal_block(code, code, language="python", classes=["edition-example"])
    sec += block
    cli = f"edition play {slug} --deal {t['deal']} --policy greedy --budget {BUDGET}"
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
