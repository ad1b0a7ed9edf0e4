"""engine.describe records rule calls with sys.setprofile; under a profiler (cProfile) it
must neither crash nor switch the profiler off (issue 19, item 11)."""
import cProfile
import pstats
import sys

from engine import describe, games


def test_describe_runs_under_cprofile_and_leaves_it_on():
    s = games.new("mill", 1)
    pr = cProfile.Profile()
    pr.enable()
    try:
        moves = describe.legal_with_rules(s)
        after = games.new("mill", 2)   # profiled only if the profiler is still on
    finally:
        pr.disable()
    assert moves and after
    assert sys.getprofile() is None
    names = {f[2] for f in pstats.Stats(pr).stats}
    assert "new" in names and "legal_with_rules" in names


def test_describe_restores_a_python_profile_hook():
    seen = []

    def hook(frame, event, arg):
        seen.append(event)
    sys.setprofile(hook)
    try:
        describe.legal_with_rules(games.new("mill", 1))
        assert sys.getprofile() is hook
    finally:
        sys.setprofile(None)
