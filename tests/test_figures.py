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
