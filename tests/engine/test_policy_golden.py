"""The play policies play exactly the recorded moves (tests/data/policy_golden.json).

The golden file was recorded with tests/engine/make_policy_golden.py before the playout loops
of engine/policies.py were merged into one; every game, three deals, greedy / blind / random
(two seeds), and a few playouts cut short by the move limit. A change of play must be
intended: re-record with that script and review the JSON diff.
"""
import json

import pytest

from engine import games, policies
from make_policy_golden import PATH, case_id, cases, record

GOLDEN = json.loads(PATH.read_text(encoding="utf-8"))["cases"]


def test_golden_covers_every_executable_game():
    recorded = {k.split("/")[0] for k in GOLDEN}
    assert recorded == set(games.available())
    assert set(GOLDEN) == {case_id(*c) for c in cases()}


@pytest.mark.parametrize("case", cases(), ids=lambda c: case_id(*c))
def test_same_moves_as_recorded(case):
    assert record(*case) == GOLDEN[case_id(*case)]


@pytest.mark.parametrize("case", cases(), ids=lambda c: case_id(*c))
def test_same_moves_when_the_player_remembers_hashes(case, monkeypatch):
    """Past :data:`engine.policies.COMPACT_AFTER` positions a player remembers their hashes
    (:class:`engine.policies.Hashes`); here from the third position on, and every recorded
    playout plays exactly the same moves."""
    monkeypatch.setattr(policies, "COMPACT_AFTER", 2)
    assert record(*case) == GOLDEN[case_id(*case)]
