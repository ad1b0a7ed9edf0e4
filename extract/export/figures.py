"""Reconstructed figures: a game's starting layout drawn as SVG from the engine's own layout.

The book's figures are not in our witnesses. Each drawing is made from
``engine.games.new(slug, deal).layout()`` (piles with grid positions, cards bottom first and
how they are fanned), so the picture can never disagree with the rules that run. SVG is built
with lxml's tree API.

Legibility: every pile carries a short label above it (:func:`short_labels`: ``F3`` for
"foundation 3", with a key in the caption); an unfanned pile shows only its top
:data:`STACK_SHOWN` cards as edges, with its card count, so a 91-card hand stays the size of
a card; a second pack's cards carry a prime (``7♥′``).
"""
from __future__ import annotations

from lxml import etree

from engine import games
from engine.describe import PRIME  # the second pack's mark, as the captions write it
from engine.describe import short_labels  # noqa: F401 (the figures label piles as the Play panel does)

SVG_NS = "http://www.w3.org/2000/svg"
CARD_W, CARD_H = 44, 62          # px
GAP_X, GAP_Y = 10, 12            # px between grid cells
LABEL_H = 13                     # px band above each grid row for the pile labels
FAN = {"down": (0, 15), "right": (13, 0), "none": (0, 0)}
STACK = 2                        # px offset per visible edge of an unfanned pile
STACK_SHOWN = 3                  # edges drawn for an unfanned pile (the rest lie under them)
RED = {"H", "D"}
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
PRIME_LEGEND = (f"A card marked {PRIME} (7♥{PRIME}) belongs to the second pack; the two packs "
                "are alike and the mark only tells the copies apart.")


def _el(tag: str, parent=None, text: str | None = None, **attrs):
    qn = f"{{{SVG_NS}}}{tag}"
    el = etree.SubElement(parent, qn) if parent is not None else etree.Element(qn, nsmap={None: SVG_NS})
    for k, v in attrs.items():
        el.set(k.rstrip("_").replace("_", "-"), str(v))
    if text is not None:
        el.text = text
    return el


#: the key's words for a card drawn as its back (:func:`layout_key`)
FACE_DOWN_LEGEND = "A card drawn as its back lies face down: a player does not see it."


def card_label(code: str) -> tuple[str, bool]:
    """``("10♥", True)`` for code ``10H``; a second pack's card keeps its mark as a prime:
    ``AS'`` -> ``("A♠′", False)``."""
    prime = code.endswith("'")
    core = code.rstrip("'")
    rank, suit = core[:-1], core[-1]
    return f"{rank}{SUIT_SYMBOL.get(suit, suit)}{PRIME if prime else ''}", suit in RED


def layout_key(layout: dict) -> str:
    """The words under a drawn layout: the key to its pile labels and, if a second pack is
    dealt, what the prime means (``"Piles: F foundation, W waste. A card marked ′ ..."``)."""
    _labels, key = short_labels([p["name"] for p in layout["piles"]])
    out = ("Piles: " + ", ".join(f"{a} {w}" for a, w in key) + ".") if key else ""
    if packs_of(layout) == 2:
        out = (out + " " + PRIME_LEGEND).strip()
    if any(any(p.get("face_down", ())) for p in layout["piles"]):
        out = (out + " " + FACE_DOWN_LEGEND).strip()
    return out


def starting_layout(slug: str, deal: int = 1) -> dict:
    """The engine's layout of deal ``deal`` of game ``slug`` under the default readings (what
    the reconstructed figure draws), each pile with ``face_down``: per card, bottom first,
    whether it lies face down, drawn as a card's back as the Play panel shows it: a card a
    player at the table cannot see (:meth:`engine.state.State.visible`) in a pile whose top
    card is not seen either (the stock). The cards under a squared pile's top that shows
    are only covered, face up."""
    state = games.new(slug, deal)
    layout = state.layout()
    for pile, (_name, seen) in zip(layout["piles"], state.visible()):
        down = bool(seen) and seen[-1] is None
        pile["face_down"] = [down and c is None for c in seen]
    return layout


def packs_of(layout: dict) -> int:
    """1 or 2: whether any card of ``layout`` is of the second pack."""
    return 2 if any(c.endswith("'") for p in layout["piles"] for c in p["cards"]) else 1


def pile_origin(x: float, y: float) -> tuple[float, float]:
    """Pixel position of grid cell ``(x, y)`` (its top card's corner; the label is above)."""
    return 8 + x * (CARD_W + GAP_X), 8 + LABEL_H + y * (CARD_H + GAP_Y + LABEL_H)


def card_offset(fan: str, i: int, n: int) -> tuple[float, float]:
    """Offset in px of card ``i`` (bottom first) of a pile of ``n`` cards fanned ``fan``:
    fanned piles spread every card; an unfanned pile shows its top :data:`STACK_SHOWN`
    cards as edges and keeps the others under the lowest of them."""
    dx, dy = FAN[fan]
    if dx or dy:
        return i * dx, i * dy
    k = max(0, i - max(n - STACK_SHOWN, 0)) * STACK
    return k, k


def layout_svg(layout: dict, title: str) -> str:
    """SVG text for a layout ``{"piles": [{"name", "x", "y", "fan", "cards"}]}`` (a pile may
    carry ``face_down``, per card: drawn as its back, :func:`starting_layout`).

    Each pile is a ``<g class="pile">`` carrying ``data-name``, ``data-x``, ``data-y``, its
    short label (:func:`short_labels`) and, for an unfanned pile of more than one card, its
    card count; each card a ``<g class="card" data-card=CODE>``. Raises ValueError for an
    unknown fan.
    """
    piles = layout["piles"]
    labels, _key = short_labels([p["name"] for p in piles])
    width = height = 0.0
    for p in piles:
        if p["fan"] not in FAN:
            raise ValueError(f"unknown fan {p['fan']!r} in pile {p['name']!r}")
        n = len(p["cards"])
        cx, cy = card_offset(p["fan"], max(n - 1, 0), n)
        ox, oy = pile_origin(p["x"], p["y"])
        width = max(width, ox + CARD_W + cx + 8)
        height = max(height, oy + CARD_H + cy + 8)
    svg = _el("svg", None, viewBox=f"0 0 {width:.0f} {height:.0f}", width=f"{width:.0f}",
              height=f"{height:.0f}", role="img", class_="edition-layout")
    svg.set("aria-label", title)
    _el("title", svg, title)
    for p, label in zip(piles, labels):
        ox, oy = pile_origin(p["x"], p["y"])
        n = len(p["cards"])
        g = _el("g", svg, class_="pile", transform=f"translate({ox:.1f},{oy:.1f})")
        g.set("data-name", p["name"])
        g.set("data-x", repr(float(p["x"])))
        g.set("data-y", repr(float(p["y"])))
        _el("title", g, f"{p['name']}: {n} card{'' if n == 1 else 's'}")
        _el("text", g, label, x=1, y=-3, font_size=10, font_family="sans-serif", fill="#333",
            class_="pile-label")
        if not p["cards"]:
            _el("rect", g, width=CARD_W, height=CARD_H, rx=4, class_="empty", fill="none",
                stroke="#999", stroke_dasharray="4 3")
        down = p.get("face_down") or [False] * n
        for i, code in enumerate(p["cards"]):
            text, red = card_label(code)
            cx, cy = card_offset(p["fan"], i, n)
            c = _el("g", g, class_="card", transform=f"translate({cx:.1f},{cy:.1f})")
            c.set("data-card", code)
            if down[i]:      # its back, as the player sees it (the Play panel draws it so)
                c.set("data-face", "down")
                _el("rect", c, width=CARD_W, height=CARD_H, rx=4, fill="#35538a", stroke="#333")
                _el("rect", c, x=4, y=4, width=CARD_W - 8, height=CARD_H - 8, rx=2,
                    fill="none", stroke="#c9d3e6")
                continue
            _el("rect", c, width=CARD_W, height=CARD_H, rx=4, fill="#fff", stroke="#333")
            _el("text", c, text, x=4, y=16, font_size=14, font_family="sans-serif",
                fill="#b00020" if red else "#111")
        if p["fan"] == "none" and n > 1:
            cx, cy = card_offset("none", n - 1, n)
            _el("text", g, f"{n} cards", x=cx + CARD_W / 2, y=cy + CARD_H - 6, font_size=10,
                font_family="sans-serif", fill="#555", text_anchor="middle", class_="pile-count")
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
