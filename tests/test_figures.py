"""Reconstructed figures: the SVG drawn for each game is the engine's own starting layout."""
from __future__ import annotations

import pytest

from extract.intake.checks import engine_games
from extract.export.figures import layout_svg, pile_label_svg

EXECUTABLE = [slug for slug, g in engine_games().items() if g.get("executable")]


@pytest.mark.parametrize("slug", EXECUTABLE)
def test_site_figure_matches_engine_layout(site, slug):
    from engine import games
    layout = games.new(slug, 1).layout()
    drawn = pile_label_svg((site / "_images" / f"{slug}.svg").read_text(encoding="utf-8"))
    assert [(p["name"], p["x"], p["y"], p["cards"]) for p in drawn] == \
           [(p["name"], float(p["x"]), float(p["y"]), p["cards"]) for p in layout["piles"]]
    assert sum(len(p["cards"]) for p in drawn) == sum(len(p["cards"]) for p in layout["piles"])


def test_figure_is_placed_at_the_book_marker_with_caption(site):
    page = (site / "games" / "octagon.html").read_text(encoding="utf-8")
    marker = page.index('id="octagon-fig-30"')
    assert page.index('id="octagon.2"') < marker < page.index('id="octagon.3"')
    block = page[marker:marker + 2000]
    assert "octagon.svg" in block and "reconstruction, not the book" in block
    assert "octagon:1" in block or "octagon:2" in block


def test_unknown_fan_is_an_error():
    with pytest.raises(ValueError, match="unknown fan"):
        layout_svg({"piles": [{"name": "p", "x": 0, "y": 0, "fan": "spiral", "cards": []}]}, "t")


def test_a_face_down_card_is_drawn_as_its_back_as_the_play_panel_shows_it(site):
    """The Octagon's figure drew the stock's top card face up (Q♦′) where the Play panel, as
    a player at the table, shows it face down (a newcomer's find): the cards a player cannot
    see in a pile whose top is unseen (the stock) are drawn as backs, named in the key; the
    cards under a squared pile's visible top are only covered and keep their faces."""
    from lxml import etree
    from engine import games
    from extract.export.figures import FACE_DOWN_LEGEND, layout_key, starting_layout
    svg = etree.parse(str(site / "_images" / "octagon.svg")).getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    piles = {g.get("data-name"): g for g in svg.iterfind(".//s:g[@class='pile']", ns)}
    seen = dict(games.new("octagon", 1).visible())
    for name, g in piles.items():
        cards = g.findall("s:g[@class='card']", ns)
        down = [c.get("data-face") == "down" for c in cards]
        texts = [c.find("s:text", ns) for c in cards]
        if name == "stock":
            assert down and all(down) and not any(t is not None for t in texts)
            assert all(c is None for c in seen[name])
        else:
            assert not any(down) and all(t is not None for t in texts), name
    assert FACE_DOWN_LEGEND in layout_key(starting_layout("octagon"))
    page = (site / "games" / "octagon.html").read_text(encoding="utf-8")
    assert FACE_DOWN_LEGEND in page
    assert FACE_DOWN_LEGEND not in layout_key(starting_layout("favourite"))   # all face up
