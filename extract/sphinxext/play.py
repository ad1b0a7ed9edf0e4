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


class play_panel(nodes.General, nodes.Element):
    """The Play panel (``static/play-panel.js``): attribute ``data`` ``{"game", "title",
    "ambiguities"}`` (from :func:`engine.api.list_games`)."""


def compact_trace(result: dict) -> dict:
    """``{"game", "deal", "policy", "outcome", "readings", "piles": [names], "start":
    [[x, y, fan, cards]...], "steps": [{"move", "caption", "rules", "set": {index:
    cards}}]}`` for a result of :func:`engine.api.play`: the piles as a player sees them
    (a face-down or covered card is ``null``: its name is not in the page), at most
    :data:`MAX_STEPS` steps (``"truncated"`` says so)."""
    from engine import api
    moves = result["moves"]
    walk = api.steps(result["game"], result["deal"], result["readings"], moves[:MAX_STEPS])
    first = walk[0]["piles"]
    prev = [p["cards"] for p in first]
    steps = []
    for st in walk[1:]:
        cur = [p["cards"] for p in st["piles"]]
        steps.append({"move": st["move"], "caption": st["caption"], "rules": st["rules"],
                      "set": {str(i): c for i, c in enumerate(cur) if c != prev[i]}})
        prev = cur
    return {"game": result["game"], "deal": result["deal"], "policy": result["policy"],
            "outcome": result["outcome"], "readings": result["readings"],
            "piles": [p["name"] for p in first],
            "start": [[p["x"], p["y"], p["fan"], p["cards"]] for p in first],
            "steps": steps, "moves": len(moves), "truncated": len(moves) > MAX_STEPS}


def example_trace(slug: str) -> dict:
    """The compact trace of the page's example deal (see the module docstring)."""
    from engine import api
    for deal in range(1, SEARCH + 1):
        r = api.play(slug, deal, {}, "greedy", BUDGET)
        if r["outcome"] == "won":
            break
    else:
        r = api.play(slug, 1, {}, "greedy", BUDGET)
    return compact_trace(r)


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
    sec += play_panel(data={"game": slug, "title": game_title,
                            "ambiguities": eg.get("ambiguities", [])})
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


def _visit_panel(self, node: play_panel) -> None:
    if not self.builder.config.edition_play:
        raise nodes.SkipNode
    from .bundle import engine_zip
    data = json.dumps(node["data"], ensure_ascii=False, separators=(",", ":"))
    slug = escape(node["data"]["game"])
    self.body.append(f'<details class="edition-play" id="{slug}-play-panel" data-game="{slug}" '
                     f'data-engine="{escape(engine_zip()[0])}">'
                     '<summary>Play any deal here: your moves, any reading, hints and the '
                     'solver (runs the engine in your browser)</summary>'
                     '<script type="application/json" class="play-data">%s</script>'
                     '<div class="play-root"><p class="play-note">The panel needs JavaScript.'
                     '</p></div></details>' % data.replace("</", "<\\/"))
    raise nodes.SkipNode


def _skip(self, node) -> None:
    raise nodes.SkipNode


def register(app) -> None:
    app.add_node(trace_viewer, html=(_visit_html, None), latex=(_skip, None),
                 text=(_skip, None), man=(_skip, None), texinfo=(_skip, None))
    app.add_node(play_panel, html=(_visit_panel, None), latex=(_skip, None),
                 text=(_skip, None), man=(_skip, None), texinfo=(_skip, None))
    from . import bundle
    bundle.register(app)
    app.connect("builder-inited", lambda app: (app.add_js_file("play-panel.js"),
                                               app.add_css_file("play-panel.css")))
