"""engine.odds: the Wilson interval, the odds JSON, the same counts however the deals are
spread (1 or 2 local processes, a Dask LocalCluster); engine.results: hash and staleness."""
import json
import math

import pytest

from engine import games, odds, results


def test_wilson_by_hand():
    z = odds.Z95
    # 0/10: low 0, high z^2/(n+z^2)
    lo, hi = odds.wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(z * z / (10 + z * z), abs=1e-12)
    assert hi == pytest.approx(0.277532, abs=1e-6)
    # 10/10: the mirror image
    lo, hi = odds.wilson(10, 10)
    assert hi == 1.0 and lo == pytest.approx(10 / (10 + z * z), abs=1e-12)
    # 5/10: centred on 1/2, half width z*sqrt(1/40 + z^2/400)/(1 + z^2/10)
    lo, hi = odds.wilson(5, 10)
    half = z * math.sqrt(0.025 + z * z / 400) / (1 + z * z / 10)
    assert (lo, hi) == (pytest.approx(0.5 - half), pytest.approx(0.5 + half))
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    assert odds.wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        odds.wilson(3, 2)


def test_undecided_counted_both_ways():
    lo, hi = odds.interval(won=2, undecided=3, n=10)
    assert lo == odds.wilson(2, 10)[0] and hi == odds.wilson(5, 10)[1]


def test_odds_json_and_progress():
    seen = []
    r = odds.odds("heart-to-heart", deals=6, first=3, policy="greedy", jobs=1,
                  progress=lambda d, n: seen.append((d, n)))
    assert list(r) == ["game", "readings", "policy", "deals", "first", "budget", "won",
                       "lost", "undecided", "rate", "ci95"]
    assert r["won"] + r["lost"] + r["undecided"] == 6 and seen[-1] == (6, 6)
    assert {k: r["readings"][k] for k in ("pairing", "unmatched")} == {
        "pairing": "pairs", "unmatched": "stays-open"}
    assert set(r["readings"]) == {a.id for a in games.get("heart-to-heart").AMBIGUITIES}
    json.dumps(r)
    with pytest.raises(ValueError):
        odds.odds("heart-to-heart", deals=0)
    with pytest.raises(ValueError):
        odds.odds("heart-to-heart", readings={"pairing": "nonsense"})
    with pytest.raises(ValueError):
        odds.odds("heart-to-heart", policy="clever")
    assert odds.parse_readings(["pairing=all-of-rank"]) == {"pairing": "all-of-rank"}


ARGS = dict(game="favourite", deals=10, first=1, policy="solver", budget=1000)


@pytest.fixture(scope="module")
def serial():
    return odds.odds(**ARGS, jobs=1)


def test_one_and_two_workers_agree(serial):
    assert odds.odds(**ARGS, jobs=2) == serial
    assert serial["won"] > 0 and serial["lost"] > 0


def test_dask_local_cluster_agrees(serial):
    import distributed
    # processes=False: two workers as threads in this process (a process cluster takes
    # seconds to start; benchmarks/odds.py measures one)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            got = odds.odds(**ARGS, scheduler=client)
            by_address = odds.odds(**dict(ARGS, deals=3), scheduler=cluster.scheduler_address)
    assert got == serial
    assert by_address == odds.odds(**dict(ARGS, deals=3), jobs=1)


def test_engine_hash_and_stale(tmp_path):
    h = results.engine_hash()
    assert len(h) == 16 and h == results.engine_hash()
    assert not results.stale({"provenance": {"engine": h}})
    assert results.stale({"provenance": {"engine": "0" * 16}}) and results.stale({})
    assert results.configurations("heart-to-heart") == [
        (None, {}), ("pairing=all-of-rank", {"pairing": "all-of-rank"}),
        ("unmatched=set-aside", {"unmatched": "set-aside"})]
    assert results.deals_for_width(0.5, 0.04) == 2401
    assert results.deals_for_width(0.0, 0.04) == 93  # z^2 (1/w - 1)


def test_regenerate_small(tmp_path):
    p = tmp_path / "odds.json"
    t = results.regenerate(p, ["heart-to-heart"], ("greedy",), pilot=5, seconds_per_row=0.1,
                           jobs=1, date="2000-01-01")
    assert json.loads(p.read_text()) == t
    assert t["provenance"]["engine"] == results.engine_hash()
    assert t["provenance"]["date"] == "2000-01-01"
    assert [r["change"] for r in t["rows"]] == [None, "pairing=all-of-rank",
                                                "unmatched=set-aside"]
    assert all(r["deals"] >= 5 and r["note"] for r in t["rows"] if r["change"] is None)
    assert not results.stale(t)


def test_stored_table_is_well_formed():
    t = results.load()
    for r in t["rows"]:
        assert r["won"] + r["lost"] + r["undecided"] == r["deals"]
        lo, hi = odds.interval(r["won"], r["undecided"], r["deals"])
        assert r["ci95"] == [round(lo, 6), round(hi, 6)]
