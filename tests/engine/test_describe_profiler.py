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


def test_rule_codes_of_a_game_are_what_the_registry_lists_for_it():
    """describe.rule_codes imports only the game's own module; for every game it finds the
    very functions (and their sentence ids) that engine.games.entries lists."""
    for slug in games.available():
        want = {}
        for e in games.entries(slug):
            mod, _, rest = e["function"].partition(f"{games.record(slug).module}.")
            assert mod == "", f"{e['function']} lies outside {slug}'s module"
            obj = games.get(slug)
            for part in rest.split("."):
                obj = getattr(obj, part)
            want[obj.__code__] = (tuple(e["ids"]), obj.__code__.co_name)
        assert want and describe.rule_codes(slug) == want, slug


def test_the_first_position_imports_only_its_games_module():
    """The Play panel's first answer (engine.api.position) imports one game, not all ten."""
    import json
    import subprocess
    code = ("import json, sys; from engine import api; api.position('octagon', 1); "
            "print(json.dumps(sorted(sys.modules)))")
    loaded = set(json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                           text=True, check=True).stdout))
    modules = {f"engine.games.{slug.replace('-', '_')}" for slug in games.known()}
    assert modules & loaded == {"engine.games.octagon"}
