"""The Dense Column's pruning rules added for the last deal (``no-emptying``,
``crossed-suit``, ``meeting-suit``, ``fold-twins``): switching one off never changes a verdict of the solver
on positions of the last deal (along winning lines and random playouts, with siblings one
move away), and a deliberately unsound variant of each is caught by the same comparison."""
import functools
import random

import pytest

from engine import games, solver
from engine.games import dense_column as D
from engine.policies import playout

G = "dense-column"
FR = {"side-places": "first-round"}
BUDGET = 2_000
RULES = ("no-emptying", "crossed-suit", "meeting-suit", "fold-twins")


@functools.cache
def _lines() -> tuple:
    """(deal, moves) of whole games under side-places=first-round: the solver's wins and
    random playouts of deals 1-4."""
    out = []
    for d in range(1, 5):
        start = D.new(d, FR)
        r = solver.solve(start, 3_000)
        if r.outcome == "won":
            out.append((d, tuple(r.moves)))
        out.append((d, tuple(playout(start, "random", seed=d, max_moves=2000)[1].moves())))
    return tuple(out)


@functools.cache
def _where() -> tuple:
    """(deal, moves) of last-deal positions (every 8th move of each line there), each with a
    sibling one other legal move away."""
    out = []
    for d, moves in _lines():
        rnd = random.Random(d)
        s = D.new(d, FR)
        for j, m in enumerate(moves):
            if s.deal_no == s.cfg.max_deals and j % 8 == 0:
                out.append((d, moves[:j]))
                others = [o for o in s.legal_moves() if o != m]
                if others:
                    out.append((d, moves[:j] + (rnd.choice(others),)))
            s = s.apply(m)
    return tuple(out)


def _at(deal, moves, off=()):
    s = games.new(G, deal, FR, off=off)
    for m in moves:
        s = s.apply(m)
    return s


def _verdicts(off=()) -> list:
    return [solver.solve(_at(d, ms, off), BUDGET).outcome for d, ms in _where()]


@functools.cache
def _on() -> tuple:
    return tuple(_verdicts())


def _bad(a, b) -> list:
    return [(i, x, y) for i, (x, y) in enumerate(zip(a, b)) if "undecided" not in (x, y)
            and x != y]


@pytest.mark.parametrize("rule", RULES)
def test_switching_a_rule_off_never_changes_a_verdict(rule):
    on, off = list(_on()), _verdicts({rule})
    assert "won" in on and "lost" in on, on
    assert not _bad(on, off), _bad(on, off)
    assert sum("undecided" not in (x, y) for x, y in zip(on, off)) >= 12


def _unsound_no_emptying(self):
    """No build at all once the last deal is laid out (the place need not be emptied)."""
    moves = self.legal_moves()
    if self.stock or self.deal_no < self.cfg.max_deals or "no-emptying" in self.cfg.off:
        return moves
    return [m for m in moves if m[0] != "build"]


def _unsound_crossed(self):
    """Any foundation move of the last deal is played at once (the suit need not be
    crossed)."""
    if self.deal_no >= self.cfg.max_deals and "crossed-suit" not in self.cfg.off:
        m = self.foundation_moves()
        if m:
            return m[0]
    if self.stock and not self.foundation_moves() and "forced-turn" not in self.cfg.off:
        return ("turn",)
    return None


UNSOUND = {
    "no-emptying": lambda mp: mp.setattr(D.ColumnState, "search_moves", _unsound_no_emptying),
    # crossed-suit: see test_crossed_suit_waits_for_the_crossing; fold-twins: see
    # test_fold_twins_folds_only_twins (too rare in these positions to be caught here)
}


@pytest.mark.parametrize("rule", ("no-emptying",))
def test_an_unsound_rule_is_caught(rule, monkeypatch):
    on = list(_on())   # the sound rules
    UNSOUND[rule](monkeypatch)
    off = _verdicts({rule})   # sound: the rule off
    bad = _verdicts()         # unsound: the rule on
    assert _bad(off, bad), f"an unsound {rule} went unnoticed"
    assert not _bad(on, off)


def _crossing() -> D.ColumnState:
    """A last-deal position that only a build wins: every suit home but spades; the spades
    ace pile at the jack (needs the queen, then the king), the king pile at its king
    (needs the queen down to the ace). Place 0 holds a queen, place 1 the ten down to the
    ace (bottom: ace) under the other queen and a jack on top, place 2 the king. The jack
    must go onto the queen of place 0 so that the other queen, then the jack, then the ten
    to the ace go down on the king pile; the queen of place 0 then goes up with the king.
    Playing that queen up first leaves the jack with nowhere to go: the suit is not crossed
    (ace pile 11 < king pile 13), so ``crossed-suit`` must not play it."""
    s = D.new(1)
    s.found = (11, 13, 13, 13, 13, 1, 1, 1)
    places = [()] * D.NPLACES
    places[0] = (11,)                                   # Q spades
    places[1] = tuple(range(52, 62)) + (63, 62)         # A..10 spades', Q spades', J spades'
    places[2] = (12,)                                   # K spades
    s.places = tuple(places)
    s.stock = ()
    s.deal_no = s.cfg.max_deals
    return s


def test_crossed_suit_waits_for_the_crossing(monkeypatch):
    s = _crossing()
    assert s.safe_move() is None and ("found", 0, 0) in s.legal_moves()
    assert solver.search(s, 100).outcome == "won"
    monkeypatch.setattr(D.ColumnState, "safe_move", _unsound_crossed)
    assert solver.search(_crossing(), 100).outcome == "lost"   # the unsound variant loses it


def test_crossed_suit_plays_a_crossed_suit():
    s = _crossing()
    s.found = (12, 13, 13, 13, 12, 1, 1, 1)   # spades crossed: ace pile 12 >= king pile 12
    assert s.safe_move() is not None and s.safe_move()[0] == "found"


def test_fold_twins_folds_only_twins(monkeypatch):
    """Swapping the two copies of a card gives the same key; swapping two cards of one rank
    and different suits does not (the rule's argument holds for copies only). A key that
    writes cards by rank alone (unsound) fails the second half."""
    def pos(a, b):
        s = _crossing()
        places = list(s.places)
        places[3], places[4] = (a, 5), (b,)
        s.places = tuple(places)
        return s
    q_s, q_s2, q_h = 11, 52 + 11, 13 + 11          # Q spades, Q spades', Q hearts
    assert pos(q_s, q_s2).key() == pos(q_s2, q_s).key()
    assert pos(q_s, q_h).key() != pos(q_h, q_s).key()
    monkeypatch.setattr(D, "FACE", bytes(c % 13 for c in range(256)))
    assert pos(q_s, q_h).key() == pos(q_h, q_s).key()   # the unsound key folds them


def _meeting() -> D.ColumnState:
    """A last-deal position whose spades piles meet: every suit home but spades; the ace
    pile at the jack, the king pile at the queen (one rank apart), so one card of each
    rank is left. Place 0 holds the ace up to the jack (top: jack), place 1 the king
    under the queen."""
    s = _crossing()
    s.found = (11, 13, 13, 13, 12, 1, 1, 1)
    places = [()] * D.NPLACES
    places[0] = tuple(range(0, 11))   # A..J spades, the jack on top
    places[1] = (12, 11)              # K spades under Q spades
    s.places = tuple(places)
    return s


def test_meeting_suit_plays_a_meeting_suit():
    s = _meeting()
    assert s.safe_move() == ("found", 0, 4)          # the jack down on the king pile
    t = _meeting()
    t.cfg = games.new(G, 1, off={"meeting-suit", "crossed-suit"}).cfg
    assert t.safe_move() is None
    assert solver.search(s, 100).outcome == "won"
    assert solver.search(t, 100).outcome == "won"


def _unsound_meeting(self, crossed=True, meeting=False):
    """``meeting-suit`` two ranks apart (unsound): the suit is taken to meet when the ace
    pile is two ranks below the king pile."""
    m = _SOUND_CROSSED(self, crossed, meeting)
    if m is None and meeting:
        t = self._child(None)
        t.found = tuple(f - 1 if i >= 4 else f for i, f in enumerate(self.found))
        m = _SOUND_CROSSED(t, crossed, meeting)
        if m not in self.legal_moves():
            m = None
    return m


_SOUND_CROSSED = D.ColumnState._crossed_move


def test_meeting_suit_waits_for_the_meeting(monkeypatch):
    """In :func:`_crossing` the spades piles are two ranks apart: the rule must not fire
    (only a build wins there); its unsound variant two ranks apart plays the queen up and
    loses the position."""
    s = _crossing()
    assert s.safe_move() is None and solver.search(s, 100).outcome == "won"
    monkeypatch.setattr(D.ColumnState, "_crossed_move", _unsound_meeting)
    assert _crossing().safe_move() == ("found", 0, 0)
    assert solver.search(_crossing(), 100).outcome == "lost"
