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
