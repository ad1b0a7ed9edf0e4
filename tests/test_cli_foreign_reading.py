"""`edition play/odds GAME --reading OTHER:AMBIGUITY=READING`: one line naming what was given,
GAME's own ambiguities and the form to use (exit 2, nothing on stdout)."""
import pytest
from click.testing import CliRunner

from engine import games
from extract.cli import main


@pytest.mark.parametrize("args", [
    ["play", "mill", "--deal", "1", "--reading", "octagon:x=y"],
    ["play", "mill", "--deal", "1", "--reading", "egyptian-pyramid:fill=optional"],
    ["odds", "mill", "--deals", "2", "--reading", "octagon:x=y"],
])
def test_reading_of_another_game_is_one_clear_line(args):
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2 and r.stdout == ""
    msg = r.stderr.strip()
    assert "\n" not in msg and "names a reading of " in msg and "not mill" in msg
    for a in games.get("mill").AMBIGUITIES:
        assert a.id in msg
    assert "give AMBIGUITY=READING or mill:AMBIGUITY=READING" in msg
    assert "--reading deal-order=packet" in msg          # a working example: the default
    assert CliRunner().invoke(main, ["play", "mill", "--deal", "1", "--reading",
                                     "deal-order=packet"]).exit_code == 0


def test_unknown_prefix_and_unknown_game():
    r = CliRunner().invoke(main, ["play", "octagon", "--deal", "1", "--reading", "foo:x=y"])
    assert r.exit_code == 2 and "the unknown prefix 'foo', not octagon" in r.stderr
    r = CliRunner().invoke(main, ["play", "nosuch", "--deal", "1", "--reading", "octagon:x=y"])
    assert r.exit_code == 2 and r.stderr.startswith("edition: unknown game 'nosuch'")


def test_own_prefix_still_accepted():
    r = CliRunner().invoke(main, ["play", "mill", "--deal", "1", "--reading",
                                  "mill:redeals=two", "--format", "json"])
    assert r.exit_code == 0 and '"redeals": "two"' in r.stdout
