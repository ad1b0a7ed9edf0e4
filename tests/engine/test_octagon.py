"""Octagon: the reading side-transfers=allowed (moves between side piles) and the solver's
proofs of loss (rules ``blocked`` and ``last-pass``)."""
import pytest

from engine import games, policies, solver
from engine.cards import CARDS
from engine.games import octagon


def _with_transfer(readings):
    """The first position of a random playout of deals 1-40 where a side pile's top card
    builds on another's (by octagon:5's rule)."""
    for deal in range(1, 41):
        s = games.new("octagon", deal, readings)
        for m in policies.run(s, "random", seed=deal, max_moves=300).state.moves():
            sd = s.sides
            if any(p and q and i != j and s.build_ok(p[-1], q[-1])
                   for i, p in enumerate(sd) for j, q in enumerate(sd)):
                return s
            s = s.apply(m)
    raise AssertionError("no position with a possible transfer in deals 1-40")


def test_transfers_only_under_their_reading():
    s = _with_transfer({"side-transfers": "allowed"})
    moves = [m for m in s.legal_moves() if m[0] == "move"]
    assert moves and all(s.is_legal(m) for m in moves)
    i, j = moves[0][1], moves[0][2]
    t = s.apply(moves[0])
    assert t.sides[j][-1] == s.sides[i][-1] or not s.sides[i][:-1]  # moved (or refilled)
    plain = games.replay("octagon", s.cfg.deal, None, s.moves())  # same position, default
    assert not [m for m in plain.legal_moves() if m[0] == "move"]
    assert not plain.is_legal(moves[0])


def test_transfer_refused_when_it_does_not_build():
    s = _with_transfer({"side-transfers": "allowed"})
    sd = s.sides
    bad = [("move", i, j) for i in range(4) for j in range(4) if i != j and sd[i] and sd[j]
           and not s.build_ok(sd[i][-1], sd[j][-1])]
    assert bad and not any(s.is_legal(m) for m in bad)
    assert not s.is_legal(("move", 0, 0)) and not s.is_legal(("move", 0, 9))


def test_none_restricts_allowed_so_a_win_without_transfers_counts():
    a = next(a for a in octagon.AMBIGUITIES if a.id == "side-transfers")
    assert a.default == "none" and a.reading("none").restricts == "allowed"
    assert a.reading("allowed").editorial and a.reading("allowed").justification


def test_blocked_is_not_claimed_under_transfers():
    s = games.new("octagon", 80, {"side-transfers": "allowed"})
    assert not s.dead()  # a card above both copies it needs could be moved away
    assert games.new("octagon", 80).dead()


def test_blocked_across_two_piles():
    """A cycle no single pile shows: 4S lies on 3H and 4H on 3S (and their copies alike):
    each four waits for a three that lies under the other four. With the threes on top
    instead, all goes up. Every two is home and the rest of the pack is free."""
    c = {CARDS[i].code: i for i in range(104)}
    found = (2,) * 8
    cycle = ((c["3H"], c["4S"]), (c["3S"], c["4H"]), (c["3H'"], c["4S'"]), (c["3S'"], c["4H'"]))
    assert octagon._relaxed_blocked(found, cycle)
    fine = tuple(p[::-1] for p in cycle)
    assert not octagon._relaxed_blocked(found, fine)
    one_copy_free = cycle[:3] + ((),)  # 3S' and 4H' free: 4H' is not needed, 3S' frees 4S'
    assert not octagon._relaxed_blocked(found, one_copy_free)


def test_last_pass_waste_king_holds_the_cards_below():
    """In the last pass a king in the waste leaves only to a foundation: with both queens of
    its suit under it, the waste is held; earlier, a redeal would free them."""
    c = {CARDS[i].code: i for i in range(104)}
    found = (1,) * 8
    waste = (c["QS"], c["QS'"], c["KS"])
    assert octagon._relaxed_blocked(found, ((), (), (), ()), waste)
    assert not octagon._relaxed_blocked(found, ((), (), (), ()), waste[::-1])
    assert not octagon._relaxed_blocked(found, ((), (), (), ()))


@pytest.mark.parametrize("deal", [19])
def test_last_pass_never_claimed_on_a_winning_line(deal):
    s = games.new("octagon", deal)
    r = solver.solve(s, 20_000)
    assert r.outcome == "won"
    for m in r.moves:
        assert not s.dead(), f"dead claimed after {len(s.moves())} moves of a win"
        s = s.apply(m)
    assert s.is_won()


def _codes():
    return {CARDS[i].code: i for i in range(104)}


def test_second_copy_of_a_rank_needs_both_below():
    """Hearts' foundations at five and at the ace: the other four of hearts can go up only
    on the ace's foundation once it is at three, but a two of hearts lies under it, so the
    game is lost; counting only whether some three is home (rule off) misses it."""
    c = _codes()
    h = 2 * octagon.SUIT[c["2H"]]
    found = tuple(5 if f == h else 1 for f in range(8))
    piles = ((c["2H'"], c["4H'"]),)
    assert octagon._relaxed_blocked(found, piles)
    assert not octagon._relaxed_blocked(found, piles, second=False)
    assert octagon._need(0) == 1 and octagon._need(1) == 2 and octagon._need(1, False) == 1


def test_last_pass_stock_turns_in_order():
    """Last pass: the king of spades is the next card to turn; it can go nowhere but up,
    and it covers the fives of spades in the waste, which wait for the fours turned after
    it: lost. With the fours first, all goes up; unordered (rule off) the fours are free."""
    c = _codes()
    sp = 2 * octagon.SUIT[c["2S"]]
    found = tuple(3 if f in (sp, sp + 1) else 1 for f in range(8))
    piles = ((c["7S"],), (c["7S'"],), (c["8S"],), (c["8S'"],))
    waste = (c["6S"], c["6S'"], c["5S"], c["5S'"])
    stock = (c["KS"], c["4S"], c["4S'"])
    assert octagon._relaxed_blocked(found, piles, waste, True, stock, True)
    assert not octagon._relaxed_blocked(found, piles, waste, True, stock, False)
    assert not octagon._relaxed_blocked(found, piles, waste, True, stock[1:] + stock[:1], True)


WON = [9, 10, 19, 22]  # deals the solver wins at 20,000 states (default readings)


@pytest.mark.parametrize("deal", WON)
def test_no_proof_of_loss_on_a_winning_line(deal):
    """Every position along a found win: ``dead`` (all its rules) must never claim it lost."""
    s = games.new("octagon", deal)
    r = solver.solve(s, 20_000)
    assert r.outcome == "won"
    for m in r.moves:
        assert not s.dead(), f"dead claimed after {len(s.moves())} moves of a win"
        s = s.apply(m)


def _wins():
    """(deal, moves) of the solver's win of each deal of :data:`WON`."""
    return [(deal, solver.solve(games.new("octagon", deal), 20_000).moves) for deal in WON]


def _claims_on_winning_lines(wins):
    """Positions along ``wins`` that ``dead`` claims lost (should be none)."""
    bad = 0
    for deal, moves in wins:
        s = games.new("octagon", deal)
        assert moves
        for m in moves:
            s.cfg.dead_cache.clear()
            bad += s.dead()
            s = s.apply(m)
    return bad


@pytest.mark.parametrize("variant", [
    ("_need", lambda home, second=True: 2),  # both copies below even for the first copy
    ("_never_built", lambda c, home, in_suit=True: True),  # every turned card stuck
])
def test_an_unsound_proof_of_loss_is_caught_on_a_winning_line(variant, monkeypatch):
    name, bad = variant
    wins = _wins()
    assert _claims_on_winning_lines(wins) == 0
    monkeypatch.setattr(octagon, name, bad)
    assert _claims_on_winning_lines(wins) > 0
