"""Issue 21, the newcomer's list, on the built game pages: the odds section says what was found
before how it was measured; a blind player's row that won and lost the very deals the greedy
player did is not a second row (the greedy row says so, generated from the stored outcomes);
no page speaks of "points" without saying they are percentage points."""
from __future__ import annotations

import json
import re
from pathlib import Path

from engine import api
from extract.sphinxext.directives import BLIND_AS_GREEDY, same_as_greedy

from test_site_questions import body, text_of

REPO = Path(__file__).parent.parent
GAMES = [g["slug"] for g in api.list_games() if g["executable"]]


def _rows(slug: str) -> list[dict]:
    table = json.loads((REPO / "corpus" / "results" / "odds.json").read_text(encoding="utf-8"))
    return [r for r in table["rows"] if r["game"] == slug]


def _odds(site, slug: str) -> str:
    page = body(site, slug)
    start = page.index(f'id="{slug}-odds"')
    return page[start:page.index("</section>", start)]


def _table_cells(site, slug: str) -> list[str]:
    """The text of each row of the odds table on ``slug``'s page, the heading row left out."""
    odds = _odds(site, slug)
    table = odds[odds.index("<table"):]
    return [" ".join(text_of(c).split())
            for c in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)[1:]]


def test_the_finding_comes_before_the_method(site):
    for slug in GAMES:
        odds = " ".join(text_of(_odds(site, slug)).split())
        said = odds.find("Under the default readings")
        method = odds.index("Measured over numbered deals")
        assert 0 <= said < method, slug
        assert odds.index("How often it comes out") < said


def test_a_blind_row_equal_to_the_greedy_row_is_shown_once_and_said(site):
    favourite = _rows("favourite")
    same = [r for r in favourite if same_as_greedy(r, favourite)]
    assert same, "the favourite's blind rows are the greedy rows, deal for deal"
    for slug in GAMES:
        rows = _rows(slug)
        cells = _table_cells(site, slug)
        blind = [c for c in cells if "blind player" in c and "greedy" not in c]
        kept = [r for r in rows if r["policy"] == "blind" and not same_as_greedy(r, rows)]
        assert len(blind) == len(kept), slug
        merged = [r for r in rows if same_as_greedy(r, rows)]
        said = BLIND_AS_GREEDY.split(";", 1)[1]         # after the name and its budget
        assert sum(said in c for c in cells) == len(merged), slug
        assert len(cells) == len(rows) - len(merged), slug


def test_same_as_greedy_compares_the_deals_not_the_counts():
    g = {"policy": "greedy", "change": None, "first": 1, "outcomes": "WLLW"}
    b = dict(g, policy="blind")
    assert same_as_greedy(b, [g, b])
    assert not same_as_greedy(dict(b, outcomes="LWWL"), [g, b])      # same counts, other deals
    assert not same_as_greedy(dict(b, change="x=y"), [g, b])
    assert not same_as_greedy(dict(b, first=2), [g, b])
    assert not same_as_greedy(g, [g, b])


def test_points_are_percentage_points(site):
    for page in sorted(site.rglob("*.html")):
        text = " ".join(text_of(page.read_text(encoding="utf-8")).split())
        for m in re.finditer(r"\b\S+ points\b", text):
            assert m.group(0).endswith("percentage points"), (page.name, m.group(0))


def test_a_share_of_the_distance_is_never_written_outside_0_to_1():
    """The careful player never wins a deal the solver cannot, so the share is at most 1 (a
    higher end from deals undecided both ways is cut there); a lower end below 0 is said in
    words, and a range from below 0 to 1 says nothing and is written as not known."""
    from fractions import Fraction as F

    from extract.sphinxext.directives import _share
    assert _share(F(1, 4), F(3, 4)) == "0.25–0.75"
    assert _share(F(1, 4), F(3, 2)) == "0.25–1.00"
    assert _share(F(-1, 3), F(1, 2)) == "below 0 (fewer than the greedy player) to 0.50"
    assert _share(F(-8, 25), F(36, 25)) == "not known: too many undecided deals"
    assert _share(F(1, 2), None) == "at least 0.50"
    assert _share(None, None) == "no distance"


def test_a_row_of_a_reading_the_engine_no_longer_has_is_still_named():
    """A stale table may hold a careful row under a reading since withdrawn: the page still
    names its player (as one who remembers) rather than failing the build."""
    from extract.export.odds_words import bracket_sentences
    from extract.sphinxext.directives import policy_name
    row = {"game": "mill", "change": "deal-order=gone", "policy": "careful", "first": 1,
           "deals": 2, "won": 1, "lost": 1, "undecided": 0, "outcomes": "WL", "budget": 200,
           "ci95": [0.09, 0.91], "readings": {"deal-order": "gone"}}
    assert policy_name(row, [row]).startswith("careful player, face-up cards only, remembers")
    assert bracket_sentences([row], "deal-order=gone")[0].startswith(
        "A careful player, who sees only the face-up cards, remembers them")


def test_each_odds_section_says_its_rows_were_restamped(site):
    """Rows carried over to later code by a restamp (edition results --restamp) are said to
    be so on the game's page, in the words made from the stored provenance."""
    from extract.export.odds_words import restamped_when
    table = json.loads((REPO / "corpus" / "results" / "odds.json").read_text(encoding="utf-8"))
    said = 0
    for slug in GAMES:
        words = restamped_when(table["provenance"].get("restamps", []), slug)
        if words:
            assert words in text_of(_odds(site, slug)), slug
            said += 1
    assert said == len({g for r in table["provenance"].get("restamps", []) for g in r["games"]})


def test_a_solver_row_on_more_deals_than_the_players_gives_the_players_deals_too(site):
    """A careful player's row on deals 1-200 beside a solver's on 1-1000 read as the player
    beating the ceiling (23.5% against 17.3%: an auditor's find). The solver's cell gives its
    figure on the player's deals, counted from its stored outcomes: never below the player's."""
    said = 0
    for slug in GAMES:
        rows = _rows(slug)
        cells = _table_cells(site, slug)
        shown = [r for r in rows if not same_as_greedy(r, rows)]     # a cell each, in order
        assert len(cells) == len(shown), slug
        for r, cell in zip(shown, cells):
            c = next((c for c in rows if c["policy"] == "careful"
                      and c["change"] == r["change"]), None)
            if r["policy"] != "solver" or c is None or c["deals"] == r["deals"]:
                assert "the careful player's:" not in cell, (slug, cell)
                continue
            cut = r["outcomes"][:c["deals"]]
            assert cut.count("W") >= c["won"], (slug, r["change"])
            words = (f"On deals 1–{c['deals']}, the careful player's: {cut.count('W')} won, "
                     f"{cut.count('L')} lost, {cut.count('U')} undecided")
            assert "solver" in cell and words in cell, (slug, r["change"], cell)
            said += 1
    assert said >= 10
