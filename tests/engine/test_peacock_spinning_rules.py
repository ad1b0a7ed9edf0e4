"""The pruning rules added to the Peacock's Tail (``pile-lead``, ``lazy-semicircle``,
``chain-semicircle``, ``pile-room``) and the Spinning Wheel (``waste-lead``, ``waste-chain``, ``equal-tops``): each made
deliberately unsound (a condition dropped or shifted) changes a verdict of the solver on
positions near the end of won games, so the comparisons in test_pruning.py and the per-game
pruning tests can see such a mistake. The rules themselves, switched off one at a time, are
compared by those tests."""
import functools
import random

from engine import games, solver
from engine.cards import PACK, RANK, SUIT
from engine.games import peacock_tail as P
from engine.games import spinning_wheel as SW
from engine_walk import disagreements

import test_peacock_tail_pruning as PT

BUDGET = 20_000


def _pt_caught(monkeypatch, name, value, rule):
    PT._solutions()
    off = PT.verdicts({rule})
    monkeypatch.setattr(P.PeacockState, name, value)
    return disagreements(PT.verdicts(), off)


def test_lazy_semicircle_on_the_wrong_rank_is_caught(monkeypatch):
    """Holding back a semicircle card of rank r while a foundation shows r - 1 (the rank
    it needs, not its own) drops needed moves."""
    def shifted(self, moves):
        return [m for m in moves if m[1] <= P.WASTE or (m[1] - P.UP0 + 1) not in self.found]
    assert _pt_caught(monkeypatch, "_lazy", shifted, "lazy-semicircle") >= 1


# -- the Spinning Wheel -----------------------------------------------------------------

@functools.cache
def _sw_positions() -> tuple:
    """(deal, moves) along the solver's winning lines of a few deals, from the 50th card of
    the hand on: every fourth position of the line, and every sibling of each move of the
    line (another legal move there: the card in hand on the other waste pile, or another
    card onto the wheel; some are lost)."""
    out = []
    for d in (4, 7, 8):
        r = solver.solve(games.new("spinning-wheel", d), BUDGET)
        assert r.outcome == "won"
        s = games.new("spinning-wheel", d)
        for j, m in enumerate(r.moves):
            if s.pos >= 50:
                if j % 4 == 0:
                    out.append((d, tuple(r.moves[:j])))
                out += [(d, tuple(r.moves[:j]) + (x,)) for x in s.legal_moves() if x != m]
            s = s.apply(m)
    return tuple(out)


def _sw_verdicts(off=()) -> list[str]:
    out = []
    for d, moves in _sw_positions():
        s = games.new("spinning-wheel", d, off=off)
        for m in moves:
            s = s.apply(m)
        out.append(solver.search(s, BUDGET).outcome)
    return out


@functools.cache
def _sw_sound(off=frozenset()) -> tuple:
    """:func:`_sw_verdicts` with the module as it is (cached: several tests compare with
    the same verdicts)."""
    return tuple(_sw_verdicts(off))


def test_waste_lead_decides_these_positions_both_ways():
    on, off = _sw_sound(), _sw_sound(frozenset({"waste-lead"}))
    assert {"won", "lost"} <= set(on)
    assert disagreements(on, off) == 0


def test_waste_chain_and_equal_tops_decide_these_positions_both_ways():
    on = _sw_sound()
    for rule in ("waste-chain", "equal-tops"):
        off = _sw_sound(frozenset({rule}))
        assert sum("undecided" not in (x, y) for x, y in zip(on, off)) >= 100, rule
        assert disagreements(on, off) == 0, rule


def test_waste_chain_that_forgets_the_tops_is_caught(monkeypatch):
    """Counting no top showing any rank (so every card would need a card of the rank below
    played first, all the way round): unsound."""
    off = _sw_sound(frozenset({"waste-chain"}))
    real = SW.WheelState._chain_dead

    def forgets(self):
        s = self._child(None)
        s.tops = (0,) * SW.N
        return real(s)
    monkeypatch.setattr(SW.WheelState, "_chain_dead", forgets)
    assert disagreements(_sw_verdicts(), off) >= 1


def test_equal_tops_across_cards_is_caught(monkeypatch):
    """Keeping one move per rank shown whatever card moves (so a waste top and the card in
    hand of the same rank count as one): unsound."""
    off = _sw_sound(frozenset({"equal-tops"}))

    def across(self, moves):
        seen, out = set(), []
        for m in moves:
            if m[0] == "wheel":
                if self.tops[m[2]] in seen:
                    continue
                seen.add(self.tops[m[2]])
            out.append(m)
        return out
    monkeypatch.setattr(SW.WheelState, "_one_per_top", across)
    assert disagreements(_sw_verdicts(), off) >= 1


def forgetting_the_hand(real):
    """``real`` (a proof of loss of the Spinning Wheel) run as if no card were left in hand:
    the unsound variant of a proof that must count the hand."""
    def no_hand(self):
        cfg = self.cfg
        saved = cfg.hand_left
        cfg.hand_left = ((0,) * 14,) * len(saved)
        try:
            return real(self)
        finally:
            cfg.hand_left = saved
    return no_hand


def test_waste_lead_without_the_hand_is_caught(monkeypatch):
    """Forgetting that the cards of rank r still in hand may be played first: unsound."""
    off = _sw_sound(frozenset({"waste-lead"}))
    monkeypatch.setattr(SW.WheelState, "dead", forgetting_the_hand(SW.WheelState.dead))
    assert disagreements(_sw_verdicts(), off) >= 1


def test_pile_lead_that_forgets_the_foundations_showing_r_is_caught(monkeypatch):
    """Counting no foundation showing r (so every card of rank r + 1 would need a new card
    of rank r first) in the proof of rule ``pile-lead`` only: unsound."""
    real = P.PeacockState._counting_dead

    def forgets(self, lead, queue):
        if not lead:
            return real(self, lead, queue)
        s = self._child(None)
        s.found = tuple(f if f <= 1 else 1 for f in self.found)   # all tops read as aces
        s.up = self.up
        return real(s, True, False) or real(self, False, queue)
    assert _pt_caught(monkeypatch, "_counting_dead", forgets, "pile-lead") >= 1


def _end_position():
    """Reserves and waste empty, foundations at J, J and six kings, the semicircle holding
    two queens and two kings: won (Q, K, Q, K or Q, Q, K, K). Rule ``lowest-up`` is off
    (it would play these cards without search)."""
    s = games.new("peacock-tail", 1, off={"lowest-up"})
    q = tuple(c for c in range(104) if RANK[c] == 12)[:2]
    k = tuple(c for c in range(104) if RANK[c] == 13)[:2]
    t = s._child(None)
    t.hist = None
    t.reserves, t.waste = ((), (), (), ()), ()
    t.up = ((),) * 10 + (q, k)
    t.found = (11, 11, 13, 13, 13, 13, 13, 13)
    t.laid = None                                       # (the drawing's cards: a suit each)
    for k, n in enumerate(t.found):
        for r in range(1, n + 1):
            t.laid = (next(c for c in range(104) if RANK[c] == r and SUIT[c] == k % 4
                           and PACK[c] == k // 4), t.laid)
    return t


def test_lazy_semicircle_with_a_king_clause_is_caught(monkeypatch):
    """The first version of the rule also held the semicircle's kings back while any other
    card was left (its argument, postponing the kings to the end, did not hold): after one
    queen goes up, the king that must follow it was never tried. test_pruning.py caught it
    with ``lowest-up`` off; this end position shows it directly."""
    assert solver.search(_end_position(), 1000).outcome == "won"
    real = P.PeacockState._lazy

    def kings_too(self, moves):
        others = any(self.reserves) or self.waste or any(self.up[:-1])
        return [m for m in real(self, moves) if not (m[1] == P.UP0 + 11 and others)]
    monkeypatch.setattr(P.PeacockState, "_lazy", kings_too)
    assert solver.search(_end_position().apply(("found", P.UP0 + 10)), 1000).outcome == "lost"



def test_rank_queue_that_forgets_the_semicircle_is_caught(monkeypatch):
    """The proof of rule ``rank-queue`` counting no semicircle card of the rank (so the
    first card of each rank in the piles would have to be freed with none of its rank up):
    unsound."""
    real = P._stuck
    assert _pt_caught(monkeypatch, "_more_dead", P.PeacockState._more_dead, "rank-queue") == 0
    monkeypatch.setattr(P, "_stuck", lambda queues, free: real(queues, 0))
    assert disagreements(PT.verdicts(), PT.verdicts({"rank-queue"})) >= 1


def test_chain_semicircle_of_one_card_only_is_caught(monkeypatch):
    """Trying a semicircle card only when it alone lifts a foundation to take a pile's top
    (no chain of two or more semicircle cards): unsound."""
    def one(self, moves):
        if not (any(self.reserves) or self.waste):
            return moves
        found, starts = self.found, set()
        for p in self.reserves + (self.waste,):
            if p:
                j = RANK[p[-1]] - 1
                if j >= 2 and j not in found and self.up[j - 2] and j - 1 in found:
                    starts.add(j)
        return [m for m in moves if m[1] <= P.WASTE or m[1] - P.UP0 + 2 in starts]
    assert _pt_caught(monkeypatch, "_chains", one, "chain-semicircle") >= 1


def test_pile_room_one_card_short_is_caught(monkeypatch):
    """Playing a pile's top card of rank r automatically when the foundations showing r - 1
    are one fewer than the piles' cards of rank r: unsound."""
    def short(self):
        piles = self.reserves + (self.waste,)
        for src, p in enumerate(piles):
            if p:
                r = RANK[p[-1]]
                room = self.found.count(r - 1)
                n = sum(1 for q in piles for c in q if RANK[c] == r)
                if room and n <= room + 1:
                    return ("found", src)
        return None
    assert _pt_caught(monkeypatch, "_pile_room", short, "pile-room") >= 1


def test_pile_room_forgetting_the_card_itself_is_caught(monkeypatch):
    """Playing a pile's top card of rank r automatically when the foundations showing r - 1
    are only as many as the other piles' cards of rank r (the card itself needs one too):
    unsound."""
    def forgets(self):
        piles = self.reserves + (self.waste,)
        for src, p in enumerate(piles):
            if p:
                r = RANK[p[-1]]
                room = self.found.count(r - 1)
                others = sum(1 for i, q in enumerate(piles) if i != src
                             for c in q if RANK[c] == r)
                if room and others <= room:
                    return ("found", src)
        return None
    assert _pt_caught(monkeypatch, "_pile_room", forgets, "pile-room") >= 1
