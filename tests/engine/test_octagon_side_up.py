"""Octagon's rule ``safe-side-up`` (a side pile's top goes up automatically): each of its
two conditions, broken on purpose, throws a win away in a small hand-made last-pass position
that the sound rule leaves alone; and rule ``every-pass``'s redeal, broken, claims a loss."""
from engine import games, solver
from engine.cards import CARDS
from engine.games import octagon

C = {CARDS[i].code: i for i in range(104)}


def _position(piles, waste):
    """Last pass, stock out; clubs, diamonds done, hearts at the king and (second
    foundation) at the jack, spades at the jack and at nine; ``piles`` up to four side piles
    (bottom first), ``waste`` bottom first."""
    s = games.new("octagon", 1)
    s.cfg.dead_cache.clear()
    sp, hs = octagon.SUIT[C["2S"]], octagon.SUIT[C["2H"]]
    s.found = tuple((11 if f % 2 == 0 else 9) if f // 2 == sp else
                    (13 if f % 2 == 0 else 11) if f // 2 == hs else 13 for f in range(8))
    s.sides = tuple(tuple(C[x] for x in p) for p in piles) + ((),) * (4 - len(piles))
    s.waste = tuple(C[x] for x in waste)
    s.stock, s.ptr, s.passes, s.opening, s.fstock = (), 0, s.cfg.max_redeals, False, b""
    assert sum(s.found) + sum(map(len, s.sides)) + len(s.waste) == 104
    return s


def _copy_races():
    """The other queen of spades lies on the waste, over the ten the second foundation
    needs, with no king of spades on a side pile to take it: it must go up on the first
    foundation before the queen on the side pile does."""
    return _position([("KH'", "QS"), ("JS'",), ("QH'",)], ("KS", "KS'", "10S'", "QS'"))


def _jack_needs_the_queen():
    """The jack of spades on the waste, over the ten it waits for, must be built on the
    queen of spades on the side pile; the queen under it is covered by a king of hearts
    whose queen lies at the bottom of the waste."""
    return _position([("QS'", "KH'", "QS"), ("KS'", "KS")], ("QH'", "10S'", "JS'"))


def test_the_sound_rule_leaves_the_queen_and_wins():
    for s in (_copy_races(), _jack_needs_the_queen()):
        top = [i for i, p in enumerate(s.sides) if p and p[-1] == C["QS"]][0]
        assert s.safe_move() != ("found", top)
        assert solver.search(s, 5000).outcome == "won"


def test_breaking_the_copy_condition_throws_the_win_away(monkeypatch):
    monkeypatch.setattr(octagon, "_copy_waits", lambda *a, **k: True)
    s = _copy_races()
    assert s.safe_move() == ("found", 0)
    assert solver.search(s, 5000).outcome == "lost"


def test_breaking_the_nothing_builds_condition_throws_the_win_away(monkeypatch):
    monkeypatch.setattr(octagon, "_none_builds_on", lambda *a, **k: True)
    s = _jack_needs_the_queen()
    assert s.safe_move() == ("found", 0)
    assert solver.search(s, 5000).outcome == "lost"


def test_the_rule_fires_where_it_may():
    """The queen of spades over its copy, the jack of spades in a side pile: up it goes."""
    s = _position([("KH'", "QS'", "QS"), ("JS'", "KS"), ("KS'",)], ("QH'", "10S'"))
    assert solver.search(s, 5000).outcome == "won"
    while s.waste:  # the ten of spades, the queen of hearts (rule safe-foundation)
        assert s.safe_move() == ("found", "w")
        s = s.apply(("found", "w"))
    assert s.sides[0][-1] == C["QS"] and s.safe_move() == ("found", 0)
    s.cfg = games.new("octagon", 1, off={"safe-side-up"}).cfg
    assert s.safe_move() is None
