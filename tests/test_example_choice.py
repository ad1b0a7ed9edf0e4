"""The example deal of a game page: the stored odds table only spares searches, it never
changes which deal is shown (extract.sphinxext.play.choose_example)."""
import json

import pytest

from engine import api, games, results
from extract.sphinxext import play


def _row(game, policy, outcomes, budget, engine=None):
    return {"game": game, "change": None, "policy": policy, "first": 1, "budget": budget,
            "deals": len(outcomes), "outcomes": outcomes,
            "engine": engine or results.game_hash(game, policy)}


@pytest.fixture
def calls(monkeypatch):
    """The (policy, deal) of every deal choose_example plays."""
    made = []
    real = api.play

    def recorded(slug, deal, readings, policy, budget):
        made.append((policy, deal))
        return real(slug, deal, readings, policy, budget)
    monkeypatch.setattr(play.api, "play", recorded)
    return made


def _choice(c):
    return {k: c[k] for k in ("deal", "policy", "budget", "comes_out", "why")}


def test_the_stored_outcomes_spare_the_octagons_searches(tmp_path, calls):
    """Deals 2-12 lost by the greedy player and deals 1-2 left open by a solver searching
    further than the example does: only deal 1 is played, and the choice is the one the
    full search makes."""
    full = _choice(play.choose_example("octagon"))
    searched = list(calls)
    assert ("solver", 1) in searched and ("solver", 2) in searched
    odds = tmp_path / "odds.json"
    odds.write_text(json.dumps({"rows": [
        _row("octagon", "greedy", "L" * 12, results.default_budget("octagon", "greedy")),
        _row("octagon", "solver", "UU", results.default_budget("octagon", "solver"))]}))
    calls.clear()
    assert _choice(play.choose_example("octagon", odds)) == full
    assert calls == [("greedy", 1)]


@pytest.mark.parametrize("spoil", ["engine", "stale budget", "shallow", "change"])
def test_a_stale_or_shallower_row_is_not_trusted(tmp_path, calls, monkeypatch, spoil):
    """A row made by other engine code or at another budget than the table's, one searched
    less far than the example search (a table whose solver budget is below it), or one of
    another reading spares nothing."""
    row = _row("octagon", "solver", "UU", results.default_budget("octagon", "solver"))
    if spoil == "engine":
        row["engine"] = "0" * 16
    elif spoil == "stale budget":
        row["budget"] += 1
    elif spoil == "shallow":
        monkeypatch.setitem(results.BUDGETS, "solver", play.SOLVER_BUDGET - 1)
        monkeypatch.setattr(results, "SOLVER_BUDGETS", {})
        row["budget"] = play.SOLVER_BUDGET - 1
        assert results.stale_rows({"rows": [row]}) == []
    else:
        row["change"] = "redeals=three-passes"
    odds = tmp_path / "odds.json"
    odds.write_text(json.dumps({"rows": [row]}))
    play.choose_example("octagon", odds)
    assert ("solver", 1) in calls and ("solver", 2) in calls


def test_the_stored_table_changes_no_example(calls):
    """Every game's example chosen with the stored table is the one chosen without it."""
    for slug in games.available():
        assert _choice(play.choose_example(slug, results.DEFAULT_PATH)) == \
            _choice(play.choose_example(slug)), slug
