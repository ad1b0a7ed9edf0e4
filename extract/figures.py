"""Reconstructed figures: a game's starting layout drawn as SVG from the engine's own layout.

The book's figures are not in our witnesses. Each drawing is made from
``engine.games.new(slug, deal).layout()`` (piles with grid positions, cards bottom first and
how they are fanned), so the picture can never disagree with the rules that run. SVG is built
with lxml's tree API.
"""
from __future__ import annotations

from lxml import etree

SVG_NS = "http://www.w3.org/2000/svg"
CARD_W, CARD_H = 44, 62          # px
GAP_X, GAP_Y = 10, 12            # px between grid cells
FAN = {"down": (0, 15), "right": (13, 0), "none": (0, 0)}
STACK = 1.2                      # px offset per card in an unfanned pile
RED = {"H", "D"}
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _el(tag: str, parent=None, text: str | None = None, **attrs):
    qn = f"{{{SVG_NS}}}{tag}"
    el = etree.SubElement(parent, qn) if parent is not None else etree.Element(qn, nsmap={None: SVG_NS})
    for k, v in attrs.items():
        el.set(k.rstrip("_").replace("_", "-"), str(v))
    if text is not None:
        el.text = text
    return el


def card_label(code: str) -> tuple[str, bool]:
    """``("10♥", True)`` for code ``10H`` (a second pack's prime kept: ``AS'`` -> ``A♠'``)."""
    prime = code.endswith("'")
    core = code.rstrip("'")
    rank, suit = core[:-1], core[-1]
    return f"{rank}{SUIT_SYMBOL.get(suit, suit)}{chr(39) if prime else ''}", suit in RED


def pile_origin(x: float, y: float) -> tuple[float, float]:
    """Pixel position of grid cell ``(x, y)``."""
    return 8 + x * (CARD_W + GAP_X), 8 + y * (CARD_H + GAP_Y)


def layout_svg(layout: dict, title: str) -> str:
    """SVG text for a layout ``{"piles": [{"name", "x", "y", "fan", "cards"}]}``.

    Each pile is a ``<g class="pile">`` carrying ``data-name``, ``data-x``, ``data-y``; each
    card a ``<g class="card" data-card=CODE>``. Raises ValueError for an unknown fan.
    """
    piles = layout["piles"]
    width = height = 0.0
    for p in piles:
        if p["fan"] not in FAN:
            raise ValueError(f"unknown fan {p['fan']!r} in pile {p['name']!r}")
        dx, dy = FAN[p["fan"]]
        n = max(len(p["cards"]) - 1, 0)
        ox, oy = pile_origin(p["x"], p["y"])
        width = max(width, ox + CARD_W + n * (dx or STACK) + 8)
        height = max(height, oy + CARD_H + n * (dy or STACK) + 8)
    svg = _el("svg", None, viewBox=f"0 0 {width:.0f} {height:.0f}", width=f"{width:.0f}",
              height=f"{height:.0f}", role="img", class_="edition-layout")
    svg.set("aria-label", title)
    _el("title", svg, title)
    for p in piles:
        ox, oy = pile_origin(p["x"], p["y"])
        g = _el("g", svg, class_="pile", transform=f"translate({ox:.1f},{oy:.1f})")
        g.set("data-name", p["name"])
        g.set("data-x", repr(float(p["x"])))
        g.set("data-y", repr(float(p["y"])))
        _el("title", g, f"{p['name']}: {len(p['cards'])} cards")
        if not p["cards"]:
            _el("rect", g, width=CARD_W, height=CARD_H, rx=4, class_="empty", fill="none",
                stroke="#999", stroke_dasharray="4 3")
        dx, dy = FAN[p["fan"]]
        for i, code in enumerate(p["cards"]):
            label, red = card_label(code)
            cx, cy = i * (dx or STACK), i * (dy or STACK)
            c = _el("g", g, class_="card", transform=f"translate({cx:.1f},{cy:.1f})")
            c.set("data-card", code)
            _el("rect", c, width=CARD_W, height=CARD_H, rx=4, fill="#fff", stroke="#333")
            _el("text", c, label, x=4, y=14, font_size=12, font_family="sans-serif",
                fill="#b00020" if red else "#111")
    return etree.tostring(svg, encoding="unicode")


def pile_label_svg(svg_text: str) -> list[dict]:
    """Read back a drawn layout: ``[{"name", "x", "y", "cards": [codes]}]`` (for tests)."""
    root = etree.fromstring(svg_text.encode())
    out = []
    for g in root.iterfind(f"{{{SVG_NS}}}g"):
        out.append({"name": g.get("data-name"), "x": float(g.get("data-x")),
                    "y": float(g.get("data-y")),
                    "cards": [c.get("data-card") for c in g.iterfind(f"{{{SVG_NS}}}g")]})
    return out
