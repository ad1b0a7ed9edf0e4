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


def test_a_king_turned_after_a_waste_card_left_covers_the_waste():
    """Last pass: the four of spades leaves the waste (it goes up); the king of spades
    turned next lands where it lay and, never built on a side pile, covers the queen of
    hearts and the sixes of spades: lost (rule ``last-pass-stock``). The waste's flags of
    "may be built on a side pile" must follow the waste: the four's flag (a five of spades
    is still to turn) once wrongly freed the king."""
    c = _codes()
    sp, hs = octagon.SUIT[c["2S"]], octagon.SUIT[c["2H"]]
    found = tuple(3 if f // 2 == sp else 10 if f // 2 == hs else 13 for f in range(8))
    piles = ((c["QH'"],),)
    waste = (c["6S"], c["6S'"], c["QH"], c["4S"])
    stock = (c["KS"], c["5S"], c["JH"], c["JH'"])
    assert octagon._relaxed_blocked(found, piles, waste, True, stock, True)
    assert not octagon._relaxed_blocked(found, piles, waste, True, stock, False)
    assert not octagon._relaxed_blocked(found, piles, waste, True, stock[1:] + stock[:1], True)


def test_last_pass_chain_holds_a_card_whose_higher_neighbours_are_never_built():
    """Last pass: the queen of spades is turned first, onto the king of hearts and the
    jacks of spades in the waste; both kings of spades come after it and are kings, so it
    can never be built on a side pile and waits for a jack of spades, which lies under it:
    lost (rule ``last-pass-chain``). With the rule off the queen is free once turned, the
    queens of hearts free the king of hearts and all goes up."""
    c = _codes()
    sp, hs = octagon.SUIT[c["2S"]], octagon.SUIT[c["2H"]]
    found = tuple(10 if f // 2 == sp else 11 if f // 2 == hs else 13 for f in range(8))
    piles = ((c["QS'"],),)
    waste = (c["JS"], c["JS'"], c["KH"])
    stock = (c["QS"], c["QH"], c["QH'"], c["KS"], c["KS'"])
    assert octagon._relaxed_blocked(found, piles, waste, True, stock, True, True, True)
    assert not octagon._relaxed_blocked(found, piles, waste, True, stock, True, True, False)
    home = [[0] * 14 for _ in range(4)]
    assert octagon._chain_held(stock, home) == [True, False, False, True, True]
    # a king is never built on a side pile, wherever it lies in the stock
    early = (c["KS"], c["QS"], c["QH"], c["QH'"], c["KS'"])
    assert octagon._chain_held(early, home) == [True, True, False, False, True]


def test_chain_counts_a_buildable_higher_neighbour():
    """Last pass, spades at the king and at nine: the jack of spades turned second can go on
    the queen turned first, which can go on the king on the side pile, so it is not held;
    then the queens of hearts free the king of hearts, the ten of spades under it goes up
    and everything follows: not lost. The deliberately unsound chain that counts every
    stock card one rank higher as never built (:func:`_chain_every_copy`) holds the jack
    over the king of hearts and claims a loss."""
    c = _codes()
    sp, hs = octagon.SUIT[c["2S"]], octagon.SUIT[c["2H"]]
    found = tuple((13 if f % 2 == 0 else 9) if f // 2 == sp else 11 if f // 2 == hs else 13
                  for f in range(8))
    piles = ((c["KS'"],),)
    waste = (c["10S'"], c["KH"])
    stock = (c["QS'"], c["JS'"], c["QH"], c["QH'"])
    args = (found, piles, waste, True, stock, True, True, True)
    assert not octagon._relaxed_blocked(*args)
    orig = octagon._chain_held
    try:
        octagon._chain_held = _chain_every_copy
        assert octagon._relaxed_blocked(*args)
    finally:
        octagon._chain_held = orig


def test_chain_lets_held_cards_go_once_a_pile_empties():
    """The same, but the side pile holds a two of diamonds that goes up at once: the pile
    empties, a refill may then put a king of spades on a pile's top, so the stock is let
    free and the queen does not hold the cards below: not lost."""
    c = _codes()
    sp, hs, di = (octagon.SUIT[c[x]] for x in ("2S", "2H", "2D"))
    found = tuple(10 if f // 2 == sp else 11 if f // 2 == hs else
                  (1 if f % 2 == 0 else 13) if f // 2 == di else 13 for f in range(8))
    piles = ((c["2D"],),)
    waste = (c["JS"], c["JS'"], c["KH"])
    stock = (c["QS"], c["QH"], c["QH'"], c["KS"], c["KS'"])
    assert not octagon._relaxed_blocked(found, piles, waste, True, stock, True, True, True)


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


def _chain_every_copy(stock, home, in_suit=True):
    """A deliberately unsound ``_chain_held``: it drops the condition that a higher
    neighbour in the stock must itself be never built (one that can go on a side pile is a
    place to build this card on)."""
    out = [False] * len(stock)
    for i, c in enumerate(stock):
        r, s = octagon.RANK[c], octagon.SUIT[c]
        copies = sum(1 for d in stock if octagon.RANK[d] == r + 1 and octagon.SUIT[d] == s)
        out[i] = r == 13 or home[s][r + 1] + copies >= 2
    return out


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


def _alarm(seconds):
    """Fail (rather than hang) a test whose code loops for ever."""
    import signal

    def fail(*_a):
        raise AssertionError(f"still running after {seconds} s")
    signal.signal(signal.SIGALRM, fail)
    signal.alarm(seconds)


def test_dead_ends_on_a_position_no_legal_play_reaches():
    """A dig applied to a careful player's sample where the dug card does not fit adds a
    card to the last foundation: a rank counted three times, or a foundation past the king.
    ``dead`` must still answer (its relaxation once looped for ever on a negative count of
    free cards) and claims nothing past the king."""
    import signal
    _alarm(20)
    try:
        twos = [c for c in range(104) if octagon.SUIT[c] == 3 and octagon.RANK[c] == 2]
        # the last foundation (suit 3's second) at two while both twos of suit 3 still
        # lie in a side pile: three copies of a card
        octagon._relaxed_blocked((1,) * 7 + (2,), (tuple(twos),))
        s = games.new("octagon", 1, {"negation": "literal"})
        e = s.apply(("turn",))
        e.found = e.found[:7] + (14,)
        assert e.dead() is False
    finally:
        signal.alarm(0)


def test_careful_player_ends_under_literal():
    """The careful player's first moves of deal 1 under negation=literal (it applies opening
    digs of cards it has not seen to its samples): they once hung in ``dead``."""
    import signal
    from engine.careful import careful_run
    _alarm(120)
    try:
        r = careful_run(games.new("octagon", 1, {"negation": "literal"}), budget=2000,
                        max_moves=30)
        assert r.state.moves()
    finally:
        signal.alarm(0)


def _position(found, sides, waste, stock, passes=3, off=()):
    """An Octagon position in the last pass (default readings) built from its parts."""
    s = games.new("octagon", 1, off=set(off))
    s.found, s.sides, s.waste, s.stock, s.ptr, s.passes, s.opening = (
        found, sides, waste, stock, 0, passes, False)
    s.fstock = bytes(x % 52 for x in stock)
    return s


def _bared_nine():
    """Last pass. Spades at eight and six, hearts at three and the king: the four of
    hearts goes up, laying bare the nine of spades, which could go up at once but is the
    place for the eight of spades on the waste's top, over the seven of spades: built
    there, it lets the seven up, and everything follows. All the other cards are home or
    go up in order."""
    c = _codes()
    sp, hs = octagon.SUIT[c["2S"]], octagon.SUIT[c["2H"]]
    found = tuple((8 if f % 2 == 0 else 6) if f // 2 == sp else
                  (3 if f % 2 == 0 else 13) if f // 2 == hs else 13 for f in range(8))
    sides = ((c["9S"], c["4H'"]), (c["7H'"], c["6H'"], c["5H'"]),
             (c["10H'"], c["9H'"], c["8H'"]), (c["KH'"], c["QH'"], c["JH'"]))
    waste = (c["9S'"], c["7S'"], c["8S'"])
    stock = tuple(c[x] for x in ("10S", "10S'", "JS", "JS'", "QS", "QS'", "KS", "KS'"))
    return found, sides, waste, stock


def test_a_card_laid_bare_for_a_moment_is_a_place_to_build():
    """The nine of spades is a side pile's top only between the four of hearts going up
    and itself going up; ``blocked`` once marked the piles' tops only after a whole run
    of cards had gone up, missed it and claimed this won position lost (with the automatic
    moves off, the solver then called it lost). Found by a helper checking the proof."""
    s = _position(*_bared_nine(), off=("safe-foundation",))
    assert not s.dead()
    assert solver.search(s, 20_000).outcome == "won"


def _twins(twin_under: bool, off=()):
    """Last pass, stock and waste empty. Spades at four and two; hearts at the queen twice.
    Side piles: the five of spades over a king of hearts; the other four of spades with the
    other five of spades under it (``twin_under``) or over it; the other king of hearts over
    the other three of spades; the rest of the spades, six to king, in order."""
    c = _codes()
    sp, hs = octagon.SUIT[c["2S"]], octagon.SUIT[c["2H"]]
    found = tuple((4 if f % 2 == 0 else 2) if f // 2 == sp else 12 if f // 2 == hs else 13
                  for f in range(8))
    pair = (c["5S'"], c["4S'"]) if twin_under else (c["4S'"], c["5S'"])
    rest = tuple(c[f"{r}S{p}"] for r in ("K", "Q", "J", "10", "9", "8", "7", "6")
                 for p in ("'", ""))
    sides = ((c["KH"], c["5S"]), pair, (c["3S'"], c["KH'"]), rest)
    return _position(found, sides, (), (), off=off)


def test_a_card_goes_up_at_once_when_its_twin_lies_under_the_card_below_it():
    """Rule ``twin-below``: the five of spades goes up at once when the other four of
    spades lies over the other five (that five is bared only after the four has gone up on
    the other foundation); with the rule off it is searched; the verdicts agree."""
    s, off = _twins(True), _twins(True, off=("twin-below",))
    assert s.safe_move() == ("found", 0)
    assert off.safe_move() == ("found", 2)          # the king of hearts: safe-foundation
    assert solver.search(s, 5000).outcome == solver.search(off, 5000).outcome == "won"


def test_a_card_waits_when_its_twin_lies_over_the_card_below_it(monkeypatch):
    """The other five of spades over the other four: it must go up first, on the four's
    foundation, so the five of spades must wait for the other foundation. The rule does not
    fire and the deal is won; a variant that fires whenever the four lies in a side pile
    throws the win away (the deliberately unsound rule a verdict comparison must catch)."""
    s = _twins(False)
    assert s.safe_move() == ("found", 2)
    assert solver.search(s, 5000).outcome == "won"
    monkeypatch.setattr(octagon.OctagonState, "_twin_below", lambda self, c: True)
    bad = _twins(False)
    assert bad.safe_move() == ("found", 0)
    assert solver.search(bad, 5000).outcome == "lost"


def test_the_waste_top_goes_up_by_itself_only_in_the_last_pass():
    """Rule ``safe-foundation`` from the waste: a line that leaves the card there may redeal
    it into the stock, where a refill (five stock cards) would take other cards than after
    it went up; in the last pass no redeal comes. Side piles' tops go up in any pass."""
    c = _codes()
    sp = octagon.SUIT[c["2S"]]
    found = tuple(4 if f // 2 == sp else 1 for f in range(8))
    sides = ((c["2H"], c["3H"]), (c["2H'"], c["3H'"]), (c["2D"], c["3D"]), (c["2D'"], c["3D'"]))
    for passes in (0, 1, 2, 3):
        s = _position(found, sides, (c["5S"],), (c["6S"],), passes=passes)
        assert s.safe_move() == (("found", "w") if passes == 3 else None), passes
    piles = ((c["2H"], c["5S"]),) + sides[1:]
    assert _position(found, piles, (), (c["6S"],), passes=0).safe_move() == ("found", 0)


def test_twin_below_waits_under_any_suit_building():
    """Under side-build=any-suit a four of any suit may need the five of spades as its
    place: the four of diamonds on the waste's top, over the three of diamonds and the
    other three of spades, goes on it, then both threes go up and all follows. The five's
    twin lies under the other four of spades, so in suit the rule would fire; here it must
    not (the five gone up, the four of diamonds has no place and the deal is lost)."""
    c = _codes()
    sp, hs, ds = (octagon.SUIT[c[f"2{x}"]] for x in "SHD")
    found = tuple((4 if f % 2 == 0 else 2) if f // 2 == sp else 12 if f // 2 == hs else
                  (13 if f % 2 == 0 else 2) if f // 2 == ds else 13 for f in range(8))
    rest = tuple(c[f"{r}S{p}"] for r in ("K", "Q", "J", "10", "9", "8", "7", "6")
                 for p in ("'", ""))
    sides = ((c["KH"], c["5S"]), (c["5S'"], c["4S'"]), (c["KH'"],), rest)
    waste = tuple(c[f"{r}D'"] for r in ("K", "Q", "J", "10", "9", "8", "7", "6", "5")) + (
        c["3S'"], c["3D'"], c["4D'"])
    s = games.new("octagon", 1, {"side-build": "any-suit"})
    s.found, s.sides, s.waste, s.stock, s.ptr, s.passes, s.opening = (
        found, sides, waste, (), 0, 3, False)
    s.fstock = b""
    assert s.safe_move() is None
    assert solver.search(s, 20_000).outcome == "won"


def test_twin_below_waits_when_side_piles_trade_cards():
    """Under side-transfers=allowed the other four of spades may need the five of spades as
    its place: it lies over the other five and the other three of spades, and moved onto
    the five it bares them both. The rule must not fire (the five gone up, the deal is lost)."""
    c = _codes()
    sp, hs = octagon.SUIT[c["2S"]], octagon.SUIT[c["2H"]]
    found = tuple((4 if f % 2 == 0 else 2) if f // 2 == sp else 12 if f // 2 == hs else 13
                  for f in range(8))
    rest = tuple(c[f"{r}S{p}"] for r in ("K", "Q", "J", "10", "9", "8", "7", "6")
                 for p in ("'", ""))
    sides = ((c["KH"], c["5S"]), (c["3S'"], c["5S'"], c["4S'"]), (c["KH'"],), rest)
    s = games.new("octagon", 1, {"side-transfers": "allowed"})
    s.found, s.sides, s.waste, s.stock, s.ptr, s.passes, s.opening = (
        found, sides, (), (), 0, 3, False)
    s.fstock = b""
    assert s.safe_move() is None
    assert solver.search(s, 20_000).outcome == "won"


def test_an_empty_side_pile_under_transfers_is_refused_not_indexed():
    """Under side-transfers=allowed with the stock out, a side pile emptied (onto a
    foundation or another pile) stays empty until a redeal refills it (octagon:7), as real
    deals reach. ``is_legal`` must refuse every move from or onto it with False, not by
    indexing its top card (IndexError: a mutation sweep found no test that would notice),
    and ``step`` must refuse it with the engine's ValueError."""
    c = {CARDS[i].code: i for i in range(104)}
    s = _position((1,) * 8, ((c["5S"],), (), (c["9H"],), (c["6S"],)), (c["KD"],), ())
    s.cfg = games.new("octagon", 1, {"side-transfers": "allowed"}).cfg
    assert s.legal_moves() == [("move", 0, 3)]
    empty = [("move", 1, j) for j in (0, 2, 3)] + [("move", i, 1) for i in (0, 2, 3)] + [
        ("found", 1), ("build", "w", 1), ("dig", 1, 0)]
    for m in empty:
        assert not s.is_legal(m)
        with pytest.raises(ValueError, match="illegal move"):
            s.step(m)
    t = s.step(("move", 0, 3))   # empties a second pile; nothing refills it
    assert t.sides == ((), (), (c["9H"],), (c["6S"], c["5S"]))
    assert t.legal_moves() == [] and not any(t.is_legal(("move", i, j))
                                             for i in range(4) for j in range(4))
