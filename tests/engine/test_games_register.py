"""The games register themselves (:func:`engine.games.register`): no list to edit; and the
one replay (:func:`engine.games.replayed`) counts moves from 1."""
import json
import subprocess
import sys

import pytest

from engine import api, games
from engine.games import Game, register
from extract.sphinxext import play_worker

TINY = '''"""A game added by dropping its module into the package."""
from engine.games import Game, register
from engine.games.mill import AMBIGUITIES, PACKS, PLAYER_HAS_CHOICE, new

SLUG = "tiny-mill"
GAME = register(Game(SLUG, "A Tiny Mill", __name__, PACKS, AMBIGUITIES))
'''


@pytest.fixture
def extra_games(tmp_path, monkeypatch):
    """A second folder of the package's modules (as a game added by an editor), whose
    records and modules are forgotten afterwards."""
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(tmp_path)])
    monkeypatch.setattr(games, "_REGISTERED", dict(games._REGISTERED))
    yield tmp_path
    for name in [n for n in sys.modules if n.startswith("engine.games.") and
                 n.rsplit(".", 1)[-1] in {p.stem for p in tmp_path.glob("*.py")}]:
        del sys.modules[name]


def test_every_module_is_found_without_importing_one():
    code = ("import sys; from engine import games; k = games.known(); "
            "print(k, [m for m in sys.modules if m.startswith('engine.games.')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == f"{sorted(games.known())} []", out
    assert "octagon" in games.known() and "fragment-p13" in games.known()
    assert "octagon" in games.available() and "fragment-p13" not in games.available()


def test_a_record_is_the_module_s_own():
    for slug in games.available():
        g, mod = games.record(slug), games.get(slug)
        assert (g.slug, g.module, g.packs, g.ambiguities) == (
            slug, mod.__name__, mod.PACKS, mod.AMBIGUITIES)
        assert mod.GAME is g and g.title and g.executable
        assert set(g.sentences) == set(games.by_sentence(slug)) and g.sentences
    assert games.record("mill").sentences[:3] == ["mill:1", "mill:2", "mill:3"]
    assert [x["title"] for x in api.list_games() if x["slug"] == "octagon"] == ["The Octagon"]


def test_a_game_the_engine_cannot_play():
    g = games.record("fragment-p13")
    assert not g.executable and "mid-game" in g.why_not
    with pytest.raises(ValueError, match="not executable: the text begins in mid-game"):
        games.get("fragment-p13")
    (listed,) = [x for x in api.list_games() if x["slug"] == "fragment-p13"]
    assert listed["executable"] is False and listed["why_not"] == g.why_not
    assert api.list_games()[-1]["slug"] == "fragment-p13"   # after the games it plays


def test_an_unknown_game_names_the_known_ones():
    with pytest.raises(ValueError, match="unknown game 'chess'; allowed: dense-column, "):
        games.record("chess")


def test_a_module_dropped_into_the_package_is_a_game(extra_games):
    (extra_games / "tiny_mill.py").write_text(TINY)
    assert "tiny-mill" in games.available()
    assert games.new("tiny-mill", 1).legal_moves() == games.new("mill", 1).legal_moves()
    assert [x["title"] for x in api.list_games() if x["slug"] == "tiny-mill"] == ["A Tiny Mill"]


def test_a_module_that_registers_nothing(extra_games):
    (extra_games / "quiet.py").write_text("SLUG = 'quiet'\n")
    with pytest.raises(RuntimeError, match="engine.games.quiet registers no game: end it with"):
        games.record("quiet")


def test_register_refuses_a_module_not_named_after_the_slug(extra_games):
    with pytest.raises(ValueError, match="its module must be engine.games.tiny_mill"):
        register(Game("tiny-mill", "A Tiny Mill", "engine.games.tinymill", 1, ("a",)))


def test_no_module_registers_another_s_game(extra_games):
    (extra_games / "thief.py").write_text(
        "from engine.games import Game, register\n"
        "GAME = register(Game('mill', 'Not the Mill', __name__, 1, ('a',)))\n")
    with pytest.raises(ValueError, match="'mill' registered by engine.games.thief: its "
                                         "module must be engine.games.mill"):
        games.record("thief")
    assert games.record("mill").title == "The Mill"


def test_register_refuses_a_playable_game_without_packs_or_ambiguities(extra_games):
    for packs, ambs in ((0, ("a",)), (3, ("a",)), (1, ())):
        with pytest.raises(ValueError, match="gives its packs"):
            register(Game("tiny-mill", "A Tiny Mill", "engine.games.tiny_mill", packs, ambs))
    register(Game("tiny-mill", "A Tiny Mill", "engine.games.tiny_mill", why_not="no rules"))


def test_the_replay_counts_moves_from_one():
    start = games.new("mill", 1)
    good = start.legal_moves()[0]
    bad = ("no-such-move", 99)
    with pytest.raises(ValueError, match=r"move 1 \['no-such-move', 99\] is illegal in mill "
                                         r"deal 1; legal there: \["):
        games.replayed(start, [bad])
    with pytest.raises(ValueError, match=r"^move 2 "):
        games.replay("mill", 1, None, [good, bad])
    with pytest.raises(ValueError, match=r"^move 7 "):
        games.replayed(start.apply(good), [bad], first=7)
    after = games.replayed(start, [good, bad, good], strict=False)
    assert [s.key() for s in after] == [start.apply(good).key()]
    assert games.replay("mill", 1, None, []).key() == start.key()


def test_the_play_panel_counts_moves_from_one():
    """The panel's line and its replay after a reading is switched use the one replay."""
    start = games.new("mill", 1)
    first = [list(start.legal_moves()[0])]
    out = json.loads(play_worker.answer("position", json.dumps(
        {"game": "mill", "deal": "1", "moves": first + [["no-such-move", 99]]})))
    assert out["error"].startswith("move 2 ['no-such-move', 99] is illegal in mill deal 1")
    out = json.loads(play_worker.answer("replay", json.dumps(
        {"game": "mill", "deal": "1", "moves": first + [["no-such-move", 99]] + first})))
    assert (out["result"]["kept"], out["result"]["asked"]) == (1, 3)


def test_a_registered_game_is_found_without_a_look_at_the_folder(monkeypatch):
    """Every deal asks for its game (games.new, games.get): once registered, a game is found
    without listing the package's folder (that cost the odds runs a tenth of their speed)."""
    games.record("mill")

    def listing():
        raise AssertionError("the package's folder listed for a registered game")
    monkeypatch.setattr(games, "known", listing)
    assert games.get("mill").SLUG == "mill" and games.new("mill", 1).cfg.deal == 1
