"""The players' no-revisit rule (engine.policies: never a move back into a position already
had in the deal; lost when every legal move would), through engine.api.play and
`edition play ... --format json`. It is the players' sense, not a reading: the readings
echoed back are the game's own, and the solver is not bound by it."""
import json

import pytest
from click.testing import CliRunner

from engine import api, games, policies
from extract.cli import main


def _check_lost_by_revisit(slug, deal, readings, moves):
    """Every position along ``moves`` is new, and every legal move at the end leads back."""
    s = games.new(slug, deal, readings)
    keys = {s.key()}
    for m in moves:
        s = s.step(m)
        assert s.key() not in keys, m
        keys.add(s.key())
    legal = s.legal_moves()
    assert legal and not s.is_won()                      # the rules still allow moves ...
    assert all(s.apply(m).key() in keys for m in legal)  # ... but each leads back


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_api_play_ends_when_every_move_leads_back(policy):
    for deal in (1, 2):
        r = api.play("egyptian-pyramid", deal, {}, policy)
        assert r["outcome"] == "lost" and r["final"]["reason"] == policies.REVISIT_REASON
        assert not r["final"]["over"]
        _check_lost_by_revisit("egyptian-pyramid", deal, r["readings"], r["moves"])


def test_cli_play_json_reports_the_revisit_reason():
    out = CliRunner().invoke(main, ["play", "egyptian-pyramid", "--deal", "1",
                                    "--format", "json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["policy"] == "greedy" and data["outcome"] == "lost"
    assert data["reason"] == data["final"]["reason"] == policies.REVISIT_REASON
    assert set(data["readings"]) == {a.id for a in games.get("egyptian-pyramid").AMBIGUITIES}
    _check_lost_by_revisit("egyptian-pyramid", 1, data["readings"], data["moves"])


def test_cli_text_says_why_and_help_calls_it_the_players_sense():
    out = CliRunner().invoke(main, ["play", "egyptian-pyramid", "--deal", "2"])
    assert out.exit_code == 0 and "leads back to a position already played" in out.stdout
    help_text = " ".join(CliRunner().invoke(main, ["play", "--help"]).stdout.split())
    assert "never play a move back into a position" in help_text
    assert "not a rule of the book" in help_text


def test_blind_lost_by_the_referee_the_same_way():
    r = api.play("egyptian-pyramid", 1, {}, "blind")
    assert r["outcome"] == "lost" and r["final"]["reason"] == policies.REVISIT_REASON
    s = games.new("egyptian-pyramid", 1)
    keys = [s.key()]
    for m in r["moves"]:
        s = s.step(m)
        keys.append(s.key())
    assert len(set(keys)) == len(keys)


def test_blind_takes_its_next_move_when_the_referee_refuses_one():
    """Egyptian Pyramid deal 18: after two builds the blind player's first choice moves 9♦
    from 10♣' onto 10♣, which it sees as a new position but which is the same position up
    to the two packs (the key folds them). The referee refuses it; the player goes on with
    its next move instead of losing the deal there."""
    s = games.new("egyptian-pyramid", 18).step(("build", 0, 6)).step(("build", 2, 1))
    refused = s.apply(("build", 1, 4))
    assert refused.key() == s.key()
    assert policies.seen_form(refused) != policies.seen_form(s)
    assert policies.blind_choice(s, s.legal_moves(), {policies.seen_form(s)})[0] == \
        ("build", 1, 4)
    r = api.play("egyptian-pyramid", 18, {}, "blind")
    assert r["moves"][:2] == [["build", 0, 6], ["build", 2, 1]]
    assert r["moves"][2] != ["build", 1, 4] and len(r["moves"]) > 2
    if r["outcome"] == "lost" and r["final"]["reason"] == policies.REVISIT_REASON:
        _check_lost_by_revisit("egyptian-pyramid", 18, r["readings"], r["moves"])
