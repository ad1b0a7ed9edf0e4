"""Every decision the engine declares is on its game page, as a reader sees it: anchored by
its citation id, with its question, every reading (anchored), the default and the reason;
and the odds are stated fairly (the solver named an all-seeing upper bound, bounds where
deals are undecided)."""
from __future__ import annotations

import html
import re

from engine import api, results
from extract.corpus.ids import anchor


def text_of(fragment: str) -> str:
    """The text a reader sees: inline tags (a linked id's code, spans, its <wbr>) join what
    they split; other tags separate."""
    inline = re.sub(r"</?(?:a|code|span|wbr)\b[^>]*>", "", fragment)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", inline)))


def squash(s: str) -> str:
    return re.sub(r"\s+", " ", s)


def test_every_declared_decision_is_rendered_with_anchors(site):
    n = 0
    for g in api.list_games():
        if not g["executable"]:
            continue
        page = (site / "games" / f"{g['slug']}.html").read_text(encoding="utf-8")
        for a in g["ambiguities"]:
            cite = f"{g['slug']}:{a['id']}"
            start = page.index(f'id="{anchor(cite)}"')
            nxt = page.find('class="edition-ambiguity', start + 10)
            block = text_of(page[start:nxt if nxt > 0 else len(page)])
            assert cite in block
            assert squash(a["question"]) in block, cite
            assert squash(a["reason"]) in block, cite
            assert f"Default {a['default']}" in block
            for r in a["readings"]:
                rc = f"{cite}={r['id']}"
                assert f'id="{anchor(rc)}"' in page, rc
                assert squash(r["label"]) in block, rc
                if r.get("restricts"):
                    # true of the all-seeing solver only: a player may do better under a
                    # reading that takes away moves he would have played badly
                    assert (f"It only removes moves from {cite}={r['restricts']}, so with "
                            f"every card known (the solver) it cannot come out more often; a "
                            f"player's odds may still be higher under it") in block, rc
            n += 1
    assert n >= 40


def test_odds_named_fairly_on_the_page(site):
    text = text_of((site / "games" / "peacock-tail.html").read_text(encoding="utf-8"))
    assert "upper bound on what any player can do" in text
    assert "solver, all-seeing upper bound" in text
    # the intervals' ends are rounded outward, and the page says so (a reader rounding the
    # stored ends to the nearest may find a tenth more or less)
    assert "Wilson 95% with undecided deals counted both ways, their ends rounded outward" in text
    # many undecided deals: bounds, not a point rate
    assert re.search(r"≥ \d+\.\d% won, \d+\.\d% undecided", text)


def test_odds_method_says_how_the_solver_searched(site):
    """The method names the probes and the playouts (engine.probes) with their numbers from
    the stored table's provenance, and says they can only find a win; an open row's note
    gives the budget."""
    table = results.load()
    n = table["provenance"]["solver_probes"]
    stale = {id(r) for r in results.stale_rows(table)}   # measured by an older engine
    row = next(r for r in table["rows"] if r["policy"] == "solver" and r["change"] is None
               and r["undecided"] and id(r) not in stale)
    text = text_of((site / "games" / f"{row['game']}.html").read_text(encoding="utf-8"))
    m = table["provenance"]["solver_playouts"]
    assert (f"searches (depth first; where that leaves a deal open, {n} more short searches "
            f"from random lines of play, then {m} playouts: the greedy and blind players' "
            f"games from the deal and the greedy player's after {m - 2} random lines; these "
            f"can only find a win)") in text
    assert (f"budget of {row['budget']} states, {n} probes of {row['budget'] // n} and {m} "
            f"playouts") in row["note"]
    assert squash(row["note"]) in text


def test_claim_box_says_what_was_measured_and_the_test(site):
    page = (site / "games" / "goes-doesnt-go.html").read_text(encoding="utf-8")
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", page)))
    assert "The author's claim (goes-doesnt-go:8)" in text
    assert "What was measured:" in text
    assert "Tested by tests/engine/test_claims.py::test_goes_doesnt_go_failure" in text


def test_edition_games_json_lists_every_decision_with_citations(cli):
    import json
    rows = {g["slug"]: g for g in json.loads(cli("games", "--format", "json").output)}
    for g in api.list_games():
        if not g["executable"]:
            continue
        listed = {a["id"]: a for a in rows[g["slug"]]["ambiguities"]}
        assert set(listed) == {a["id"] for a in g["ambiguities"]}
        for a in g["ambiguities"]:
            got = listed[a["id"]]
            cite = f"{g['slug']}:{a['id']}"
            assert got["cite"] == cite and got["anchor"] == anchor(cite)
            assert got["page"] == f"games/{g['slug']}.html#{anchor(cite)}"
            assert got["question"] == a["question"] and got["reason"] == a["reason"]
            for r, d in zip(a["readings"], got["reading_details"]):
                assert d["cite"] == f"{cite}={r['id']}" and d["anchor"] == anchor(d["cite"])
                assert d["label"] == r["label"] and d["restricts"] == r["restricts"]


def test_a_forest_plot_s_caption_names_the_dashed_bar_only_where_one_is_drawn(site):
    """Every forest plot's caption explained a dashed open bar (a bound), even where every
    deal was decided and none was drawn (a newcomer's reading): the caption says so exactly
    when the plot draws one."""
    seen = {True: 0, False: 0}
    for page in (site / "games").glob("*.html"):
        html_text = page.read_text(encoding="utf-8")
        for box in re.findall(r'class="edition-forest-box.*?</p>', html_text, re.S):
            drawn = "A dashed open bar is a bound: some deals were undecided." in box
            said = "A dashed open bar is a bound where deals stayed undecided" in box
            assert drawn == said, page.name
            seen[drawn] += 1
    assert seen[True] and seen[False], seen
