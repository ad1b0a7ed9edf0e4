"""Restamping the odds table after an edit of the engine that changes no rule
(:func:`engine.results.restamp`, ``edition results --restamp N``): the rows are marked as
today's code's only when a sample of their deals, played again, comes out as stored."""
import json
import shutil

import pytest

from engine import odds, results
from extract.export.odds_words import restamped_when


@pytest.fixture
def edited(tmp_path, monkeypatch):
    """A small table of the Mill (greedy and solver, deals 1-3) made by today's code, then
    an edit of the Mill's module that changes no rule (a new constant): its rows are stale.
    Returns the table's path."""
    path = tmp_path / "odds.json"
    results.regenerate(path, ["mill"], ("greedy", "solver"), deals=3, jobs=1)
    copy = tmp_path / "engine"
    shutil.copytree(results.ENGINE_DIR, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(results, "ENGINE_DIR", copy)
    with (copy / "games" / "mill.py").open("a") as f:
        f.write("\nAN_EDIT = 1\n")
    assert len(results.stale_rows(results.load(path))) == 2 * len(results.configurations("mill"))
    return path


def test_a_restamp_marks_the_rows_current_and_says_so(edited):
    rows = results.load(edited)["rows"]
    old = {f"mill {r['change'] or 'default'} {r['policy']}": r["engine"] for r in rows}
    t = results.restamp(edited, deals=2, jobs=1, date="2026-12-05")
    assert results.stale_rows(results.load(edited)) == []
    assert all(r["engine"] == results.game_hash("mill", r["policy"]) for r in t["rows"])
    assert [r["engine"] for r in t["rows"]] != [r["engine"] for r in rows]
    (stamp,) = t["provenance"]["restamps"]
    n = 2 * len(rows)
    assert (stamp["games"], stamp["rows"], stamp["deals_played"]) == ({"mill": n}, len(rows), n)
    assert stamp["former_engine"] == old
    assert results.load(edited) == t
    # nothing stale: nothing played, nothing written
    before = edited.read_bytes()
    assert results.restamp(edited, deals=2, jobs=1) == t
    assert edited.read_bytes() == before
    assert restamped_when(t["provenance"]["restamps"], "mill") == (
        f"On 2026-12-05 the engine's code changed without changing a rule: {n} of these deals "
        "were played again by the new code, each came out as stored, and the rows were "
        "marked as that code's.")
    assert restamped_when(t["provenance"]["restamps"], "octagon") == ""
    twice = t["provenance"]["restamps"] * 2
    assert restamped_when(twice, "mill") == (
        "The engine's code changed 2 times without changing a rule (on 2026-12-05): each "
        f"time a sample of these deals was played again by the new code ({2 * n} deals in "
        "all), each came out as stored, and the rows were marked as that code's.")


def test_a_restamp_refuses_when_a_sampled_deal_comes_out_otherwise(edited):
    """A stored outcome the code no longer gives (every deal of the greedy rows flipped, so
    whichever is sampled disagrees): ValueError naming the deal, the file as it was."""
    t = json.loads(edited.read_text())
    for r in t["rows"]:
        if r["policy"] == "greedy":
            assert "U" not in r["outcomes"]
            r["outcomes"] = r["outcomes"].translate(str.maketrans("WL", "LW"))
            r["won"], r["lost"] = r["lost"], r["won"]
            # the figures the counts give (a table with others is refused as damaged)
            r.update({k: v for k, v in odds.summarise(
                "mill", r["readings"], "greedy", r["deals"], r["first"], r["budget"],
                dict(enumerate(["won"] * r["won"] + ["lost"] * r["lost"]))).items()
                if k in ("rate", "bounds", "ci95")})
    edited.write_text(json.dumps(t))
    before = edited.read_bytes()
    with pytest.raises(ValueError, match=r"mill default greedy deal 1: stored \w+, played"):
        results.restamp(edited, deals=1, jobs=1)
    assert edited.read_bytes() == before


def test_a_row_stale_by_its_budget_is_never_restamped(edited):
    t = json.loads(edited.read_text())
    t["rows"][0]["budget"] += 1
    edited.write_text(json.dumps(t))
    before = edited.read_bytes()
    with pytest.raises(ValueError, match="another budget than today's.*measure them anew"):
        results.restamp(edited, deals=1, jobs=1)
    assert edited.read_bytes() == before


def test_the_sample_takes_the_ends_and_each_outcome():
    got = results._sampled_deals("WWWWLWWWWU", 4, 0)
    assert {0, 4, 9} <= set(got) and len(set(got)) == 4 and got == sorted(got)
    assert results._sampled_deals("LLUL", 10, 1) == [0, 1, 2, 3]
    assert results._sampled_deals("W", 3, 0) == [0]


def test_a_later_run_of_some_rows_keeps_the_restamps(edited):
    results.restamp(edited, deals=1, jobs=1)
    t = results.regenerate(edited, ["mill"], ("greedy",), deals=3, jobs=1)
    assert len(t["provenance"]["restamps"]) == 1


def test_restamp_from_the_command_line(corpus_copy, cli, tmp_path, monkeypatch):
    """``--restamp N`` with no stale row changes nothing; after an edit that changes no
    rule it restamps the stale rows; with ``--game`` it is a usage error (it checks every
    stale row)."""
    path = corpus_copy / "results" / "odds.json"
    results.regenerate(path, ["mill"], ("greedy",), deals=2, jobs=1)
    before = path.read_bytes()
    r = cli("--corpus", corpus_copy, "results", "--restamp", "2", "--jobs", "1")
    assert r.exit_code == 0 and "no stale row" in r.output
    assert path.read_bytes() == before
    copy = tmp_path / "engine"
    shutil.copytree(results.ENGINE_DIR, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(results, "ENGINE_DIR", copy)
    with (copy / "games" / "mill.py").open("a") as f:
        f.write("\nAN_EDIT = 1\n")
    n = len(results.configurations("mill"))
    r = cli("--corpus", corpus_copy, "results", "--restamp", "2", "--jobs", "1")
    assert r.exit_code == 0 and f"restamped {n} stale row(s)" in r.output, r.output
    t = results.load(path)
    assert results.stale_rows(t) == []
    assert t["provenance"]["restamps"][0]["command"] == "edition results --restamp 2"
    r = cli("--corpus", corpus_copy, "results", "--restamp", "2", "--game", "mill")
    assert r.exit_code == 2 and "without --game" in r.output


@pytest.fixture
def open_row(tmp_path):
    """A table of one solver row as the engine made it before the playouts were added (its
    stored hash no longer today's): Heart Speaks to Heart under ``unmatched=set-aside``,
    deals 160-165, of which deal 163 the search and its probes leave undecided and the
    greedy player after a random line wins. Returns the table's path."""
    readings = dict(results.games.new("heart-to-heart", 1, {"unmatched": "set-aside"})
                    .cfg.readings)
    outcomes = "WWWUWW"
    row = odds.summarise("heart-to-heart", readings, "solver", 6, 160, 20_000,
                         {160 + i: results.OUTCOME[o] for i, o in enumerate(outcomes)})
    row.update({"change": "unmatched=set-aside", "outcomes": outcomes, "seconds": 1.0,
                "cpu_seconds": 1.0, "engine": "a former code"})
    row["note"] = results.undecided_note(row)
    path = tmp_path / "odds.json"
    path.write_text(json.dumps({"provenance": {"engine": "a former code", "runs": []},
                                "rows": [row]}))
    return path


def test_a_playouts_restamp_plays_the_open_deals_and_checks_a_won_one_in_full(open_row):
    """``restamp(playouts=True)``: the undecided deal is played through the playouts, which
    win it; the row's counts, interval and note follow (a variant that skips the playouts
    leaves deal 163 open and fails); the sample plays that deal again in full (the first
    changed deal joins the sample); the provenance says what the playouts won."""
    t = results.restamp(open_row, deals=1, jobs=1, playouts=True, date="2026-12-07")
    (r,) = t["rows"]
    assert (r["outcomes"], r["won"], r["undecided"], r["note"]) == ("WWWWWW", 6, 0, "")
    assert r["ci95"] == [round(x, 6) for x in odds.interval(6, 0, 6)]
    assert results.stale_rows(t) == []
    (stamp,) = t["provenance"]["restamps"]
    assert stamp["playouts"]["games"] == {"heart-to-heart": {"deals": 1, "won": 1}}
    assert stamp["games"] == {"heart-to-heart": 2}   # deal 160 and the changed 163
    assert results.problems(t) == []
    assert restamped_when(t["provenance"]["restamps"], "heart-to-heart") == (
        "On 2026-12-07 the solver's playouts changed (the greedy and blind players from the "
        "deal, and the greedy player after random lines, tried where the search leaves a "
        "deal open): the 1 deals its rows of this game had left undecided were played "
        "through them, and 1 was won; then 2 of these deals were played again in full by the "
        "new code, each came out as now stored, and the rows were marked as that code's.")


def test_a_playouts_restamp_refuses_a_decided_deal_that_plays_otherwise(open_row):
    """A decided deal stored otherwise than the code plays it (deal 160 stored lost, which
    it wins) is caught by the sample: nothing is written."""
    t = json.loads(open_row.read_text())
    t["rows"][0]["outcomes"] = "LWWUWW"
    t["rows"][0].update({k: v for k, v in odds.summarise(
        "heart-to-heart", t["rows"][0]["readings"], "solver", 6, 160, 20_000,
        {160: "lost", 161: "won", 162: "won", 163: "undecided", 164: "won",
         165: "won"}).items() if k in ("won", "lost", "rate", "bounds", "ci95")})
    open_row.write_text(json.dumps(t))
    before = open_row.read_bytes()
    with pytest.raises(ValueError, match="deal 160: stored lost, played won"):
        results.restamp(open_row, deals=1, jobs=1, playouts=True)
    assert open_row.read_bytes() == before


def test_playouts_goes_with_restamp_on_the_command_line(corpus_copy, cli):
    r = cli("--corpus", corpus_copy, "results", "--playouts", "--jobs", "1")
    assert r.exit_code == 2 and "--playouts goes with --restamp" in r.output
