"""The Macedonian Phalanx's and the Egyptian Pyramid's readings of «замещаются» and of the
turned card, and the soundness of the Phalanx's automatic moves in the second phase."""
import pytest

from engine import games, solver
from engine.games import _common as fnd
from engine.games import egyptian_pyramid as EP
from engine.games import macedonian_phalanx as MP
from engine.state import Config


def phalanx_position(play_up: str, refill: str = "waste") -> MP.PhalanxState:
    """A second-phase position (base rank ace) in which moving the king of suit 1 up at once
    -- the only candidate for its foundation, which the old rule played without branching --
    loses, while dealing one more card first wins (default reading ``refill=waste``).

    Foundation 0 (suit 0) needs 9, 10, J, Q, K. The pack holds 10, J, 9 of
    suit 0; the waste (top last) holds the keys of suits 2 and 3, then K and Q of suit 0. Moving
    the king up pulls the queen into the pyramid, so the 10 and J are dealt onto the king and
    the J buries the 10 for good; dealing the 10 first lets the king's place take the 10
    instead. No other pyramid card can go up before the keys (which would move a card out of
    the waste). (Under ``refill=stock`` the same happens with the queen as the next card of
    the pack; that search is too big for a unit test without automatic moves.)
    """
    x = 1 * 13 + 12                                   # king of suit 1
    suit2 = tuple(26 + r for r in range(2, 13)) + tuple(78 + r for r in range(2, 13))
    found = (8, 13, 12, 13, 1, 1, 10, 13)
    pyr = (x,) + suit2 + (39 + 11, 39 + 12)
    stock, waste = (11, 9, 10, 8), (49, 79, 27, 12, 11)   # the queen was dealt last
    assert len(pyr) == 25
    assert sum(found) + len(pyr) + len(stock[1:]) + len(waste) == 104  # every card once
    cfg = Config(MP.SLUG, 1, {"refill": refill, "play-up": play_up}, base=1, base_card=0,
                 refill_from_waste=refill == "waste", play_up=play_up)
    s = MP.PhalanxState.__new__(MP.PhalanxState)
    s.cfg, s.hist = cfg, None
    s.found, s.pyr, s.stock, s.ptr, s.waste, s.phase = found, pyr, stock, 1, waste, 2
    return s


@pytest.mark.parametrize("play_up", ["turned-card", "optional"])
def test_early_move_up_in_the_second_phase_can_lose_a_win(play_up):
    s = phalanx_position(play_up)
    x = ("found", 0)
    assert s.is_legal(x) and ("turn",) in s.legal_moves()
    # the only card that fits its foundation: the old rule played it without branching
    want = fnd.wanted(s.found, 1)
    assert [i for i, c in enumerate(s.pyr) if c % 52 in want] == [0]
    assert solver.search(s, 50_000, safe=False).outcome == "won"
    assert solver.search(s.apply(x), 50_000, safe=False).outcome == "lost"
    # the solver no longer plays it automatically, and finds the win
    assert s.safe_move() is None
    won = solver.search(s, 50_000)
    assert won.outcome == "won" and won.moves[0] == ("turn",)


def test_phalanx_first_phase_safe_move_and_play_up_readings():
    s = games.new("macedonian-phalanx", 1)
    assert s.phase == 1
    # the text's reading is the default; compulsory and turned-card restrict
    a = {a.id: a for a in MP.AMBIGUITIES}["play-up"]
    assert a.default == "turned-card"
    assert {r.id: r.restricts for r in a.readings} == {
        "turned-card": "optional", "compulsory": "turned-card", "optional": ""}


@pytest.mark.parametrize("play_up", ["turned-card", "compulsory", "optional"])
def test_phalanx_turned_card_is_not_buried(play_up):
    """Play deals into the second phase; whenever the card just dealt goes up, dealing the
    next one is illegal under turned-card and compulsory, legal under optional."""
    seen = 0
    for deal in range(1, 40):
        s = games.new("macedonian-phalanx", deal, {"play-up": play_up})
        while not s.is_over() and seen < 5:
            fresh = (s.phase == 2 and s.waste and s.ptr < len(s.stock)
                     and s.waste[-1] == s.stock[s.ptr - 1] and s.is_legal(("found", "w")))
            if fresh:
                seen += 1
                allowed = s.is_legal(("turn",))
                assert allowed == (play_up == "optional")
                assert (("turn",) in s.legal_moves()) == allowed
            moves = s.legal_moves()
            s = s.apply(moves[-1])  # deal when allowed, to reach the second phase
        if seen >= 5:
            break
    assert seen >= 5


def _empty_place_positions(readings, deals=range(1, 30)):
    for deal in deals:
        s = games.new("egyptian-pyramid", deal, readings)
        for _ in range(200):
            if s.is_over():
                break
            if s.waste and not all(s.tab):
                yield s
            moves = s.legal_moves()
            s = s.apply(moves[0])


def test_egyptian_empty_place_is_filled_at_once_by_default():
    n = 0
    for s in _empty_place_positions({}):
        n += 1
        moves = s.legal_moves()
        first = next(j for j, p in enumerate(s.tab) if not p)
        assert moves == [("fill", "w", first)]
        assert all(s.is_legal(m) == (m == ("fill", "w", first))
                   for m in [("turn",), ("found", "w")] + [("fill", "w", j) for j in range(8)])
    assert n >= 3


def test_egyptian_optional_fill_leaves_the_choice():
    n = 0
    for s in _empty_place_positions({"fill": "optional"}):
        moves = s.legal_moves()
        if s.ptr < len(s.stock) and not (s.waste[-1] == s.stock[s.ptr - 1]):
            n += 1
            assert ("turn",) in moves and len(moves) > 1
    assert n >= 1


def test_egyptian_turned_card_that_fits_is_not_buried():
    n = 0
    for deal in range(1, 30):
        s = games.new("egyptian-pyramid", deal)
        s_opt = games.new("egyptian-pyramid", deal, {"turned-card": "may-bury"})
        while not s.is_over() and len(s.moves()) < 150:
            if (s.waste and all(s.tab) and s.ptr < len(s.stock)
                    and s.waste[-1] == s.stock[s.ptr - 1]
                    and any(m[1] == "w" for m in s.legal_moves() if len(m) > 1)):
                n += 1
                assert not s.is_legal(("turn",)) and ("turn",) not in s.legal_moves()
                # the same position under may-bury allows the turn
                t = games.replay("egyptian-pyramid", deal, {"turned-card": "may-bury"},
                                 s.moves())
                assert t.is_legal(("turn",))
            s = s.apply(s.legal_moves()[-1])
    assert n >= 3
    assert s_opt.cfg.must_place is False


def test_egyptian_readings_declared_as_restrictions():
    by = {a.id: a for a in EP.AMBIGUITIES}
    assert by["fill"].default == "compulsory" and by["turned-card"].default == "must-place"
    assert by["fill"].reading("compulsory").restricts == "optional"
    assert by["turned-card"].reading("must-place").restricts == "may-bury"
