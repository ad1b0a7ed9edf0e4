"""The five games of chapters XL and XLIV: pinned deals, solver results, invariants, readings."""
import hashlib
import json

import pytest

from engine import api, games, policies, solver
from engine.cards import CARDS
from engine.deal import shuffled

MINE = ["mill", "egyptian-pyramid", "macedonian-phalanx", "octagon", "goes-doesnt-go"]

# deal n -> (first eight cards of the shuffled pack, sha256 prefix of all the codes)
GOLDEN = {
    "mill": {1: ("AC 9S 9D AS JH 3D 2S QS", "f71ae4727caa020c"),
             2: ("JC 6C 10D 7D JD JS AD 9C", "29033bb9ca1f7025"),
             3: ("6S 4D 7S 8S 4C JC 5S 7H", "37b1380717b757c9")},
    "egyptian-pyramid": {1: ("7H' 10S' 10D' 6D' QH' 5S KC KH", "28ef2745110bfc78"),
                         2: ("9S' 3D' 4S KC KS 6S 4D 8C", "51ef489151d62c53"),
                         3: ("7D' AH 6S KS 5D 7H 9C AC", "645b24ce36174ffd")},
    "macedonian-phalanx": {1: ("7C' JD' QS 10D 7H' 5S' QS' 8H", "a46edda0eacbb1d0"),
                           2: ("2H 3D 3H AD' KH QS' 3H' JC", "93eac57d6cfad67d"),
                           3: ("KD' 3S 7D' AS 7C 6S' AD 10D", "654f496c4a8b75ae")},
    "octagon": {1: ("10C AS 6H 9H 8S JD JH 8C'", "8ef72c764e8e1b04"),
                2: ("JD 7C 8H' 6S 10D 7D' JC 5S'", "5bba4c3630a9a96c"),
                3: ("QH 7C JC' 10D' 5D' 2D 10D JS", "777c429699568ae2")},
    "goes-doesnt-go": {1: ("3C KS 2D 6S 3H AS 3D 10C", "c8744eeef51073ae"),
                       2: ("KD 9C KH 2D QH QS QC 3H", "ca1a6b56fd849748"),
                       3: ("3D 4C 10S KC AC 6H 2C 4D", "4e1fd606fd33c5bc")},
}


@pytest.mark.parametrize("slug", MINE)
@pytest.mark.parametrize("n", [1, 2, 3])
def test_golden_deals(slug, n):
    cards = shuffled(slug, n, games.get(slug).PACKS)
    codes = [CARDS[c].code for c in cards]
    first, digest = GOLDEN[slug][n]
    assert " ".join(codes[:8]) == first
    assert hashlib.sha256(",".join(codes).encode()).hexdigest()[:16] == digest


def test_starting_layouts_pinned():
    s = games.new("mill", 1)
    assert [CARDS[c].code for c in s.packets[0]] == ["9S", "9D", "JH", "3D"]
    s = games.new("goes-doesnt-go", 1)
    assert s.found == (4, 1, 1, 1)
    s = games.new("macedonian-phalanx", 1)
    assert s.cfg.base == 3 and sorted(s.found) == [0] * 7 + [1]
    s = games.new("egyptian-pyramid", 1)
    assert CARDS[s.cfg.base_card].code == "7H'" and len(s.tab) == 8
    s = games.new("octagon", 1)
    assert [len(p) for p in s.sides] == [5] * 4 and len(s.stock) == 76


# (game, readings, deal, budget) whose outcome the solver decides.
WON = [("mill", {}, 1, 5000), ("goes-doesnt-go", {}, 2, 20000),
       ("macedonian-phalanx", {}, 1, 5000), ("egyptian-pyramid", {}, 10, 20000),
       ("octagon", {}, 19, 40000)]
LOST = [("mill", {}, 21, 5000), ("goes-doesnt-go", {}, 1, 5000),
        ("macedonian-phalanx", {"play-up": "compulsory"}, 2, 10000),
        ("mill", {"redeals": "two"}, 1, 20000),
        ("octagon", {"redeals": "three-passes", "stock-play": "compulsory"}, 32, 5000)]


@pytest.mark.parametrize("slug,readings,deal,budget", WON)
def test_solver_won_and_replayed(slug, readings, deal, budget):
    r = solver.solve(games.new(slug, deal, readings), budget)
    assert r.outcome == "won"
    end = games.replay(slug, deal, readings, r.moves)  # checked with is_legal
    assert end.is_won() and end.is_over()
    # and through the JSON form
    again = games.from_json(json.loads(json.dumps(end.to_json())))
    assert again.key() == end.key() and again.is_won()


@pytest.mark.parametrize("slug,readings,deal,budget", LOST)
def test_solver_lost(slug, readings, deal, budget):
    start = games.new(slug, deal, readings)
    r = solver.solve(start, budget)
    assert r.outcome == "lost" and r.moves == []
    for pol in ("greedy", "random"):
        out, _ = policies.playout(start, pol, seed=7)
        assert out != "won"


def test_budget_out_is_undecided_not_lost():
    r = solver.solve(games.new("egyptian-pyramid", 1), 50)
    assert r.outcome == "undecided"
    assert api.play("egyptian-pyramid", 1, policy="solver", budget=50)["outcome"] == "undecided"


def test_play_and_trace_shapes():
    r = api.play("mill", 1, {"deal-order": "round"}, "random", 10_000, seed=3)
    assert set(r) >= {"game", "deal", "readings", "policy", "outcome", "moves", "final"}
    assert r["readings"]["deal-order"] == "round" and r["outcome"] in ("won", "lost")
    assert r == api.play("mill", 1, {"deal-order": "round"}, "random", 10_000, seed=3)
    t = api.trace("goes-doesnt-go", 2, {}, "greedy", 2000)
    assert len(t["steps"]) == len(t["moves"]) + 1
    json.dumps(t)
    piles = t["steps"][0]["layout"]["piles"]
    assert all({"name", "x", "y", "cards", "fan"} <= set(p) for p in piles)


def test_mill_repetition_ends_the_game():
    s = games.new("mill", 21)
    assert s.legal_moves() == [("redeal",)]
    s = s.step(("redeal",))
    assert s.legal_moves() == [] and "repeat" in s.over_reason()


def test_illegal_moves_rejected():
    s = games.new("mill", 1)
    for m in [("found", 0), ("build", 0, 0), ("redeal",), ("x",), (), ("found", 99)]:
        assert not s.is_legal(m)
    with pytest.raises(ValueError, match="illegal move"):
        s.step(("found", 0))


def _behaviour(slug, readings, deal):
    s = games.new(slug, deal, readings)
    out = [s.render()]
    for pol in ("greedy", "random"):
        res, end = policies.playout(s, pol, seed=1, max_moves=3000)
        out += [res, [tuple(m) for m in end.moves()]]
    return out


def _differs(slug, amb, rid, deals):
    for d in deals:
        if _behaviour(slug, {amb: rid}, d) != _behaviour(slug, {}, d):
            return d
    return None


@pytest.mark.parametrize("slug,amb,rid", [
    (slug, a.id, r.id) for slug in MINE for a in games.get(slug).AMBIGUITIES
    for r in a.readings if r.id != a.default])
def test_each_reading_changes_play(slug, amb, rid):
    assert _differs(slug, amb, rid, range(1, 9)) is not None


@pytest.mark.parametrize("slug", games.available())
def test_a_drawn_position_shows_each_card_once(slug):
    """A newcomer's find: in a game of two packs a foundation keeps only its count and its
    cards were named by the foundation's pack, so the copy drawn there could be the one
    lying in a side pile (2♥ on a foundation and in side pile 3 at once); the Peacock's
    Tail drew spades on every foundation. Along a played line, the layout and the text show
    every card at most once, the same number of cards as the position holds, and a second
    pack's card with the prime the move descriptions use."""
    from collections import Counter
    from engine.describe import PRIME
    for deal in (1, 2, 3):
        s = games.new(slug, deal)
        for m in api.play(slug, deal, {}, policy="greedy", budget=300)["moves"]:
            s = s.apply(tuple(m))
            drawn = [c for p in s.layout()["piles"] for c in p["cards"]]
            twice = [c for c, n in Counter(drawn).items() if n > 1]
            assert not twice, (slug, deal, twice, s.render())
            assert len(drawn) == sum(len(p[3]) for p in s.piles())
        start = games.new(slug, deal).render().split("\n", 1)[1]
        assert "'" not in start + s.render().split("\n", 1)[1]
        if games.get(slug).PACKS == 2:
            assert PRIME in start


@pytest.mark.parametrize("slug", games.available())
def test_a_player_sees_no_card_that_lies_face_down(slug):
    """What a player sees (State.visible(), all the blind and careful players read) names
    no card that is in fact still face down somewhere: where a foundation keeps only its
    count, the copy piles() names there may be the one lying hidden in another pile, and
    reading that label told the careful player where the other copy lies (a peek)."""
    for deal in (1, 2, 3):
        s = games.new(slug, deal)
        for m in [None] + api.play(slug, deal, {}, policy="greedy", budget=300)["moves"]:
            s = s if m is None else s.apply(tuple(m))
            seen, hidden = set(), set()
            for (name, _x, _y, cards, _f), (_n, shown) in zip(s.piles(), s.visible()):
                assert len(cards) == len(shown)
                seen.update(v for v in shown if v is not None)
                if not name.startswith("foundation"):  # (its covered cards: known by rule)
                    hidden.update(c for c, v in zip(cards, shown) if v is None)
            assert not seen & hidden, (slug, deal, sorted(seen & hidden), s.render())


def test_the_peacock_tail_draws_the_cards_that_went_up():
    """Its foundations are built regardless of suit and the rules keep their ranks only;
    the drawing shows the very cards played up, each on the foundation it went to."""
    s = games.new("peacock-tail", 1)
    aces = [p["cards"] for p in s.layout()["piles"] if p["name"].startswith("foundation")]
    assert all(len(a) <= 1 for a in aces) and all(a[0][0] == "A" for a in aces if a)
    for m in api.play("peacock-tail", 1, {}, policy="greedy", budget=300)["moves"]:
        card = s.piles()[[p[0] for p in s.piles()].index(_source_pile(s, m))][3][-1]
        s = s.apply(tuple(m))
        tops = [p["cards"][-1] for p in s.layout()["piles"]
                if p["name"].startswith("foundation") and p["cards"]]
        assert CARDS[card].code in tops


def _source_pile(s, move) -> str:
    """The name of the pile a Peacock's Tail move takes its card from."""
    from engine.games import peacock_tail as pt
    src = move[1]
    if src < pt.NRES:
        return f"reserve {src + 1}"
    if src == pt.WASTE:
        return "waste"
    return f"semicircle {src - pt.UP0 + 2}"
