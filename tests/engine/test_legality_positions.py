"""``is_legal`` against ``legal_moves`` in positions the conformance suite's playouts do not
reach (a mutation sweep of every game's ``is_legal`` found the conditions they never
exercised; fix22).

Each case builds its position through the public API (a deal, readings, then moves: a
seeded random playout, or the solver's line, stopped at the first position the case asks
for; one Octagon position no playout comes to is built from its parts, as
tests/engine/test_octagon.py builds its own) and checks there that
``is_legal(m) == (m in legal_moves())`` for the moves that matter and for every well-formed
move of the game's kinds over every pile number, and that ``is_legal`` raises on none of
them.

The sweep's 16 other survivors (of 363 mutants) are equivalent, so not tested here: dropping
the condition changes no answer.
- ``i != j`` (Dense Column, Favourite, Goes Doesn't Go, Mill, Octagon; the Egyptian Pyramid's
  ``src == dst``): a card built onto itself is refused by its rank anyway.
- the Dense Column's ``0 <= f < 8``: a number outside 0-7 matches no suit in ``_fits_card``.
- ``found[f] < 13`` (the Egyptian Pyramid, the Macedonian Phalanx): a full foundation would
  next take the base rank, and any copy of it still out fits the suit's other foundation,
  which must then be empty.
- the Egyptian Pyramid's ``p and``: an empty pile is caught by the ``any(not p ...)`` before.
- the Favourite's ``not is_won()``: under ``one-choice`` nothing moves before a direction is
  chosen, so a won game has one; its ``== 'per-foundation'``: a suit with no direction set
  happens only under ``per-foundation``.
- Goes, Doesn't Go's ace clause: when the aces always go out, no ace lies in a column.
- ``is_won`` (Heart Speaks to Heart, the Octagon): a won game has the reserve used up and
  nothing showing (the Octagon: an empty waste).
- the Spinning Wheel's ``waste_play``: under ``waste=dead`` a card on the waste ends the
  game, and ``_dead()`` already refuses the move.
"""
from __future__ import annotations

import itertools
import random

import pytest

from engine import games, solver
from engine.cards import CARDS, RANK

#: The kinds of move of each game and their number of arguments.
KINDS = {
    "dense-column": {"turn": 0, "redeal": 0, "found": 2, "build": 2},
    "favourite": {"direction": 1, "found": 1, "build": 2, "fill": 2},
    "goes-doesnt-go": {"deal": 0, "redeal": 0, "found": 1, "build": 2, "fill": 2},
    "macedonian-phalanx": {"turn": 0, "found": 1},
    "octagon": {"turn": 0, "redeal": 0, "found": 1, "build": 2, "move": 2, "dig": 2},
    "peacock-tail": {"found": 1},
}
#: Random playouts tried per deal, and deals tried, before a case gives up.
SEEDS = 6
DEALS = range(1, 31)
MAX_MOVES = 3000


def _reach(slug, readings, want, deals=DEALS):
    """The first position of seeded random playouts (deals ``deals``, :data:`SEEDS` each)
    for which ``want(s)`` holds."""
    for deal in deals:
        for seed in range(SEEDS):
            rng = random.Random(f"fix22:{slug}:{deal}:{seed}")
            s = games.new(slug, deal, readings)
            for _ in range(MAX_MOVES):
                if want(s):
                    return s
                legal = s.legal_moves()
                if not legal:
                    break
                s = s.apply(rng.choice(legal))
    pytest.fail(f"{slug} {readings}: no playout reaches the position")


def _conforms(s, moves=()):
    """``is_legal`` agrees with ``legal_moves`` on ``moves`` and on every move of the
    game's kinds with arguments among the pile numbers, "w", "h", "up" and "down", and
    raises on none."""
    legal = s.legal_moves()
    values = list(range(len(s.piles()) + 2)) + ["w", "h", "up", "down", -1]
    tried = set(moves) | set(legal)
    for kind, n in KINDS[s.cfg.slug].items():
        tried.update((kind,) + a for a in itertools.product(values, repeat=n))
    wrong = []
    for m in sorted(tried, key=repr):
        try:
            ok = s.is_legal(m)
        except Exception as e:   # a well-formed move must never raise
            pytest.fail(f"is_legal{m} raised {e!r} (offered: {legal})")
        if ok != (m in legal):
            wrong.append((m, ok))
    assert not wrong, f"is_legal disagrees with legal_moves on {wrong[:5]} (offered: {legal})"
    for m in moves:   # the moves that matter must really have been tried
        assert s.is_legal(m) == (m in legal)
    return legal


# -- the Dense Column --------------------------------------------------------------------

def dense_column_won_before_the_last_deal():
    """Deal 16 comes out in the second of three deals: the stock is out and a deal is
    left, yet a won game offers no redeal (``is_legal`` refuses it only by ``is_won``)."""
    for deal in range(16, 41):
        r = solver.solve(games.new("dense-column", deal), 3_000)
        if r.outcome != "won":
            continue
        s = games.replay("dense-column", deal, {}, r.moves)
        if s.deal_no < s.cfg.max_deals:
            break
    else:
        pytest.fail("no deal of 16-40 won before its last deal within 3,000 states")
    assert s.is_won() and not s.stock
    assert _conforms(s, [("redeal",), ("turn",)]) == []


# -- the Favourite -----------------------------------------------------------------------

def favourite_build_onto_a_source_only_line():
    """Reading ``separate=source-only``: a free card that fits the top of a separate line
    may not be built there."""
    fav = games.get("favourite")

    def want(s):
        ps = s.piles_
        return any(s.dirs[0] and ps[i] and ps[j] and s._adjacent(ps[i][-1], ps[j][-1])
                   for j in (fav.RSEP, fav.LSEP) for i in range(fav.NPILES) if i != j)
    s = _reach("favourite", {"separate": "source-only"}, want)
    ps = s.piles_
    builds = [("build", i, j) for j in (fav.RSEP, fav.LSEP) for i in range(fav.NPILES)
              if i != j and ps[i] and ps[j] and s._adjacent(ps[i][-1], ps[j][-1])]
    legal = _conforms(s, builds)
    assert not set(builds) & set(legal)


def favourite_fill_under_rows_only():
    """Reading ``fill=rows-only``: an emptied row is filled from a row (offered), never from
    a separate line."""
    fav = games.get("favourite")

    def want(s):
        ps = s.piles_
        return (any(not ps[j] for j in range(fav.NROWS))
                and any(len(ps[i]) >= 2 for i in range(fav.NROWS))
                and (ps[fav.RSEP] or ps[fav.LSEP]))
    s = _reach("favourite", {"fill": "rows-only"}, want)
    ps = s.piles_
    first = next(j for j in range(fav.NROWS) if not ps[j])
    fills = [("fill", i, first) for i in range(fav.NPILES) if ps[i]]
    legal = _conforms(s, fills)
    assert [m for m in fills if m in legal] == [m for m in fills if m[1] < fav.NROWS
                                                and len(ps[m[1]]) >= 2]
    assert any(m in legal for m in fills)
    assert not any(m in legal for m in fills if m[1] >= fav.NROWS)


def favourite_king_onto_ace_under_wrap():
    """Reading ``wrap=yes``: a king builds on the ace of its suit (and back)."""
    fav = games.get("favourite")

    def pairs(s):
        ps = s.piles_
        return [("build", i, j) for i in range(fav.NPILES) for j in range(fav.NPILES)
                if i != j and ps[i] and ps[j] and s.dirs[0]
                and abs(RANK[ps[i][-1]] - RANK[ps[j][-1]]) == 12
                and ps[i][-1] // 13 == ps[j][-1] // 13]
    s = _reach("favourite", {"wrap": "yes"}, pairs)
    builds = pairs(s)
    legal = _conforms(s, builds)
    assert any(m in legal for m in builds)


# -- Goes, Doesn't Go --------------------------------------------------------------------

def _gdg_fits(s, c):
    gdg = games.get("goes-doesnt-go")
    return gdg._target(s.found, c) >= 0


def goes_doesnt_go_a_waiting_card_under_dealt_card():
    """Readings ``deal-auto=optional`` and ``deal-lift=dealt-card``: while dealing, a card
    lying in a place that goes and fitting its foundation, but not the card just dealt,
    waits for the transfers."""
    gdg = games.get("goes-doesnt-go")

    def waiting(s):
        return [("found", j) for j, col in enumerate(s.cols)
                if s.k >= 0 and col and s.kpl[j][-1] != s.k - 1
                and gdg.place_goes(s.kpl[j][-1], s.cfg) and _gdg_fits(s, col[-1])]
    s = _reach("goes-doesnt-go", {"deal-auto": "optional", "deal-lift": "dealt-card"},
               waiting)
    moves = waiting(s)
    legal = _conforms(s, moves)
    assert not set(moves) & set(legal)


def goes_doesnt_go_the_dealt_card_under_dealt_card():
    """Readings ``deal-auto=optional`` and ``deal-lift=dealt-card``: while dealing, the card
    just dealt to a place that goes may be lifted when it fits."""
    def dealt(s):
        return [m for m in s.legal_moves()
                if s.k >= 0 and m[0] == "found" and s.kpl[m[1]][-1] == s.k - 1]
    s = _reach("goes-doesnt-go", {"deal-auto": "optional", "deal-lift": "dealt-card"},
               dealt)
    moves = dealt(s)
    legal = _conforms(s, moves)
    assert moves and set(moves) <= set(legal)


def goes_doesnt_go_an_ace_in_a_place_that_does_not_go():
    """Readings ``deal-auto=optional`` and ``ace-in-middle=stays``: an ace dealt to a place
    that does not go stays there while dealing."""
    gdg = games.get("goes-doesnt-go")

    def aces(s):
        return [("found", j) for j, col in enumerate(s.cols)
                if s.k >= 0 and col and col[-1] % 13 == 0
                and not gdg.place_goes(s.kpl[j][-1], s.cfg)]
    s = _reach("goes-doesnt-go", {"deal-auto": "optional", "ace-in-middle": "stays"}, aces)
    moves = aces(s)
    legal = _conforms(s, moves)
    assert not set(moves) & set(legal)


# -- the Macedonian Phalanx --------------------------------------------------------------

def macedonian_phalanx_an_empty_place_under_compulsory():
    """Reading ``play-up=compulsory``: a place of the pyramid left empty (the waste is used
    up) holds no card that goes up, whatever the foundations want: the next card may be
    dealt. An empty place is -1, which read as a card is the king of the fourth suit, so
    the position has a foundation of that suit wanting its king: on a deal whose base card
    is a king, one still empty."""
    def want(s):
        base = s.cfg.base
        return (s.phase == 2 and -1 in s.pyr and s.ptr < len(s.stock)
                and any(f // 2 == 3 and s.found[f] < 13
                        and (base - 1 + s.found[f]) % 13 + 1 == 13 for f in range(8))
                and ("turn",) in s.legal_moves())
    kings = [d for d in range(1, 200) if games.new("macedonian-phalanx", d).cfg.base == 13]
    s = _reach("macedonian-phalanx", {"play-up": "compulsory"}, want, deals=kings)
    legal = _conforms(s, [("turn",)])
    assert ("turn",) in legal


# -- the Octagon -------------------------------------------------------------------------

def octagon_redeal_with_an_empty_waste():
    """The stock is out and every card of the waste has been played, but two cards lie on a
    side pile (the queen of spades on the king, the queen going up next): no redeal, there
    is nothing to turn over. No playout of the suite comes here (the waste is rarely
    emptied at the end of a pass), so the position is built from its parts, as
    tests/engine/test_octagon.py builds its own: every other card home, one spade
    foundation at the jack."""
    codes = {c.code: i for i, c in enumerate(CARDS[:104])}
    s = games.new("octagon", 1)
    s.found = (11,) + (13,) * 7
    s.sides = ((codes["KS"], codes["QS"]), (), (), ())
    s.waste, s.stock, s.ptr, s.passes, s.opening = (), (), 0, 0, False
    s.fstock = b""
    assert s.ptr == len(s.stock) and s.passes < s.cfg.max_redeals and not s.is_won()
    legal = _conforms(s, [("redeal",), ("turn",)])
    assert legal == [("found", 0)]


def octagon_redeal_by_an_empty_side_pile_under_compulsory():
    """Reading ``stock-play=compulsory``: at the end of the stock, with a side pile empty
    (no stock left to refill it), the waste top that fits nowhere leaves the redeal free."""
    def want(s):
        return (s.ptr == len(s.stock) and s.waste and s.passes < s.cfg.max_redeals
                and () in s.sides and s.to_foundation(s.waste[-1]) < 0)
    s = _reach("octagon", {"stock-play": "compulsory"}, want)
    legal = _conforms(s, [("redeal",)])
    assert ("redeal",) in legal


def octagon_transfers_with_an_empty_side_pile():
    """Reading ``side-transfers=allowed``: no transfer from or onto an empty side pile."""
    octa = games.get("octagon")
    s = _reach("octagon", {"side-transfers": "allowed"}, lambda s: () in s.sides)
    e = s.sides.index(())
    moves = ([("move", e, j) for j in range(octa.NSIDE)]
             + [("move", i, e) for i in range(octa.NSIDE)])
    legal = _conforms(s, moves)
    assert not set(moves) & set(legal)


def octagon_transfers_in_any_suit():
    """Readings ``side-transfers=allowed`` and ``side-build=any-suit``: a side pile's top
    goes onto a card one rank higher of another suit."""
    def across(s):
        sd = s.sides
        return [("move", i, j) for i, p in enumerate(sd) for j, q in enumerate(sd)
                if i != j and p and q and RANK[q[-1]] == RANK[p[-1]] + 1
                and q[-1] // 13 % 4 != p[-1] // 13 % 4]
    s = _reach("octagon", {"side-transfers": "allowed", "side-build": "any-suit"}, across)
    moves = across(s)
    legal = _conforms(s, moves)
    assert set(moves) <= set(legal)


# -- the Peacock's Tail ------------------------------------------------------------------

def peacock_tail_an_ace_before_the_semicircle():
    """Reading ``upper=rule``: while an ace lies free on a reserve or the waste pile (and
    goes up: it starts a foundation), no card of the semicircle goes up, even one that
    fits."""
    pt = games.get("peacock-tail")

    def want(s):
        tops = [s._src_card(src) for src in range(pt.NRES + 1)]
        return (any(c is not None and RANK[c] == 1 for c in tops)
                and not any(c is not None and RANK[c] != 1 and RANK[c] - 1 in s.found
                            for c in tops)
                and any(s.up[r - 2] and r - 1 in s.found for r in range(2, 14)))
    s = _reach("peacock-tail", {"upper": "rule"}, want, deals=range(1, 101))
    ups = [("found", pt.UP0 + r - 2) for r in range(2, 14)
           if s.up[r - 2] and r - 1 in s.found]
    legal = _conforms(s, ups)
    assert not set(ups) & set(legal)


CASES = {
    "dense-column": [dense_column_won_before_the_last_deal],
    "favourite": [favourite_build_onto_a_source_only_line, favourite_fill_under_rows_only,
                  favourite_king_onto_ace_under_wrap],
    "goes-doesnt-go": [goes_doesnt_go_a_waiting_card_under_dealt_card,
                       goes_doesnt_go_the_dealt_card_under_dealt_card,
                       goes_doesnt_go_an_ace_in_a_place_that_does_not_go],
    "macedonian-phalanx": [macedonian_phalanx_an_empty_place_under_compulsory],
    "octagon": [octagon_redeal_with_an_empty_waste,
                octagon_redeal_by_an_empty_side_pile_under_compulsory,
                octagon_transfers_with_an_empty_side_pile, octagon_transfers_in_any_suit],
    "peacock-tail": [peacock_tail_an_ace_before_the_semicircle],
}


@pytest.mark.parametrize("slug,case", [(slug, f) for slug, fs in CASES.items() for f in fs],
                         ids=lambda v: v.__name__ if callable(v) else v)
def test_legality_at(slug, case):
    case()
