"""The bracket as a reader sees it once the table holds the careful player's rows (issue 23.6):
a site built by the CLI from a copy of the corpus whose odds table has ``careful`` rows (a
fixture: the real table plus made-up careful rows, so the figures below are the fixture's,
not a measurement). Per reading the careful player's odds stand first, beside the solver's
ceiling; a careful row with undecided deals is a bound; the forest plot draws the careful
intervals; the finding of issue 23.4 names the careful player; and on a 375 px phone the
plots and the sentence marks fit."""
from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.odds import interval
from extract.corpus.ids import anchor

REPO = Path(__file__).resolve().parent.parent


def careful(game: str, change: str | None, won: int, lost: int, und: int, readings: dict,
            policy: str = "careful") -> dict:
    n = won + lost + und
    lo, hi = interval(won, und, n)
    return {"game": game, "readings": readings, "policy": policy, "deals": n, "first": 1,
            "budget": 200, "won": won, "lost": lost, "undecided": und, "rate": won / n,
            "ci95": [round(lo, 6), round(hi, 6)], "seconds": 1.0, "note": "", "change": change,
            "outcomes": "W" * won + "L" * lost + "U" * und}


#: (game, change, won, lost, undecided) of the fixture's careful rows
CAREFUL = [("dense-column", None, 2, 98, 0), ("dense-column", "side-places=during-deal", 55, 45, 0),
           ("dense-column", "side-places=always", 0, 100, 0), ("mill", None, 30, 18, 2),
           ("mill", "deal-order=round", 40, 10, 0)]
#: the fixture's dense-column default rows of the other policies: a default under which the
#: game (nearly) never comes out, whatever the stored table says, so that the finding shows
NEVER = [("dense-column", None, "solver", 0, 0, 100), ("dense-column", None, "greedy", 0, 100, 0),
         ("dense-column", None, "blind", 0, 100, 0)]


@pytest.fixture(scope="module")
def careful_site(tmp_path_factory):
    import extract.build
    import extract.cli
    tmp = tmp_path_factory.mktemp("careful")
    corpus = tmp / "corpus"
    shutil.copytree(REPO / "corpus", corpus)
    table = json.loads((corpus / "results" / "odds.json").read_text(encoding="utf-8"))
    # the fixture's careful rows replace any the stored table has for those configurations
    synthetic = [(game, change, "careful", *n) for game, change, *n in CAREFUL] + NEVER
    fixed = {(game, change, policy) for game, change, policy, *_ in synthetic}
    readings = {(r["game"], r["change"]): r["readings"] for r in table["rows"]}
    table["rows"] = [r for r in table["rows"]
                     if (r["game"], r["change"], r["policy"]) not in fixed]
    for game, change, policy, won, lost, und in synthetic:
        table["rows"].append(careful(game, change, won, lost, und, readings[(game, change)],
                                     policy))
    table["provenance"]["careful_samples"] = 3
    mill = next(r for r in table["rows"] if (r["game"], r["change"], r["policy"])
                == ("mill", None, "careful"))
    mill["cpu_seconds"], mill["samples"] = 21.0, 16
    # and octagon has no careful row at all
    table["rows"] = [r for r in table["rows"]
                     if (r["game"], r["policy"]) != ("octagon", "careful")]
    (corpus / "results" / "odds.json").write_text(json.dumps(table), encoding="utf-8")
    docs = tmp / "docs"
    shutil.copytree(REPO / "docs", docs, ignore=shutil.ignore_patterns("_build", "games"))
    out = tmp / "html"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(extract.build, "DOCS", docs)
        r = CliRunner().invoke(extract.cli.main, ["--corpus", str(corpus), "build", "-q",
                                                  "--out", str(out)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return out


def text(page: str) -> str:
    page = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", page, flags=re.S)
    inline = re.sub(r"</?(?:a|code|span|wbr|strong|em)\b[^>]*>", "", page)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", inline)).split())


def block(page: str, aid: str) -> str:
    start = page.index(f'id="{anchor(aid)}"')
    nxt = page.find('class="edition-ambiguity', start + 10)
    return page[start:nxt if nxt > 0 else len(page)]


def test_the_careful_player_stands_first_beside_the_solvers_ceiling(careful_site):
    page = (careful_site / "games" / "dense-column.html").read_text(encoding="utf-8")
    odds = text(page[page.index('id="dense-column-odds"'):])
    # the fixture's solver settled none of its deals: "almost never comes out" would be a
    # rate its undecided deals may belie, so only what was measured is said
    assert ("Under the default readings few measured deals of this game came out, though the "
            "book gives "
            "it as a patience that does. A careful player, who sees only the face-up cards, "
            "remembers them and plans ahead, wins about 1 deal in 50: 2 of 100 deals") in odds
    assert "Under dense-column:side-places=during-deal: A careful player" in odds
    assert odds.index("A careful player") < odds.index("A greedy player") \
        < odds.index("With every card known, the solver")
    assert "careful player, face-up cards only, remembers them, plans ahead" in odds  # the table's
    amb = text(block(page, "dense-column:side-places"))
    assert "wins about half the deals: 55 of 100 deals" in amb
    assert "A careful player, who sees only the face-up cards, remembers them and plans " \
           "ahead, wins no deal: 0 of 100 deals" in amb


def test_the_careful_players_effort_is_read_from_the_table(careful_site):
    """How hard the careful player planned is stated from the game's default careful row
    (its samples, states per decision and CPU), or for a row from before rows stored their
    samples from the table's, never typed."""
    page = (careful_site / "games" / "mill.html").read_text(encoding="utf-8")
    assert ("(16 shuffles of them and 200 positions searched at each decision; 0.42 s of CPU a "
            "deal on the machine that measured it)") in text(page[page.index('id="mill-odds"'):])
    page = (careful_site / "games" / "dense-column.html").read_text(encoding="utf-8")
    assert "(3 shuffles of them and 200 positions searched at each decision" in text(page)
    # no careful row, or every card face up (the careful player is the solver): nothing said
    for game in ("octagon", "favourite"):
        page = (careful_site / "games" / f"{game}.html").read_text(encoding="utf-8")
        assert "the careful player" in text(page).lower() and "shuffles of them" not in text(page)


def test_a_careful_row_with_undecided_deals_is_a_bound(careful_site):
    page = (careful_site / "games" / "mill.html").read_text(encoding="utf-8")
    odds = text(page[page.index('id="mill-odds"'):])
    said = re.search(r"A careful player, [^.]*?wins ([^:]*): 30 won, 18 lost and 2 undecided of "
                     r"50 deals", odds)
    assert said and said.group(1).startswith("at least 3 deals in 5 and at most"), said


def test_the_forest_plot_draws_the_careful_intervals(careful_site):
    page = (careful_site / "games" / "dense-column.html").read_text(encoding="utf-8")
    svg = re.search(r"<svg\b.*?</svg>", block(page, "dense-column:side-places"), re.S).group(0)
    assert "careful player" in svg and 'fill="#1f5fa8"' in svg
    desc = html.unescape(re.search(r"<desc[^>]*>(.*?)</desc>", svg, re.S).group(1))
    assert "during-deal, careful player: wins about half the deals: 55 of 100 deals" in desc


def test_the_finding_names_the_careful_players_odds_under_the_alternative(careful_site):
    page = (careful_site / "games" / "dense-column.html").read_text(encoding="utf-8")
    found = text(re.search(r'<p class="amb-finding">.*?</p>',
                           block(page, "dense-column:side-places"), re.S).group(0))
    assert found.startswith("Under the default readings few measured deals of this game came out")
    assert ("Under dense-column:side-places=during-deal: A careful player, who sees only the "
            "face-up cards, remembers them and plans ahead, wins about half the deals") in found


def test_plots_and_sentence_marks_fit_a_phone(careful_site):
    from playwright.sync_api import sync_playwright
    from tests.test_browser import ARGS, CHROMIUM
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        page = b.new_page(viewport={"width": 375, "height": 800})
        for slug in ("dense-column", "mill"):
            page.goto((careful_site / "games" / f"{slug}.html").as_uri())
            assert page.evaluate("document.documentElement.scrollWidth") <= 375, slug
            boxes = page.evaluate("""() => [...document.querySelectorAll(
                'svg.edition-forest, .sent-questions, .amb-bracket, .amb-finding')].map(e => {
                const r = e.getBoundingClientRect(); return [e.className.baseVal ?? e.className,
                r.left, r.right, r.width, r.height]; })""")
            assert len([x for x in boxes if "edition-forest" in str(x[0])]) >= 2, slug
            for cls, left, right, width, height in boxes:
                assert left >= 0 and right <= 375 and width > 0, (slug, cls, left, right)
            forest = [x for x in boxes if "edition-forest" in str(x[0])]
            assert all(h >= 60 for *_, h in forest)      # readable, not squashed to a line
        b.close()
