"""Вертящееся колесо, The Spinning Wheel (page 13): two packs; a wheel of thirteen foundations,
one of each rank, built up regardless of suit; two waste piles in the middle.

Sentences (``spinning-wheel:<n>``) and where they are executed:

1. "Из двух полных колод кладут все 13 карт по порядку в кружок ... рядом с шестеркой с одной
   стороны лежала семерка, а с другой пятерка" -- :func:`make_wheel`: one card of each rank
   is taken out (the first of its rank to come in the shuffled pack; suits do not matter)
   and laid in a circle, the ace at the top, the two to its right ... the king to its left.
2. "Те карты, которые совсем не идут в круг, кладутся в середине его на две кучки ... по
   желанию раскладывающего" -- :meth:`WheelState.may_waste`, :meth:`WheelState.waste_moves`:
   a card in hand that no place of the wheel takes goes onto either waste pile, as the
   player likes (reading ``waste-entry``; under ``any`` even a card that could go on).
3. "все 13 карт суть начальные и накладываются возвышающимся порядком ... не соблюдая масти"
   -- :meth:`WheelState.targets`: a card goes on a foundation showing the rank below it
   (any suit; after the king comes the ace again: each foundation takes seven cards on
   average, so the wheel must turn the corner).
4. "класть карты подле равных ... всегда подле старшей или подле равной" and
5. "Это для того, чтобы ... порядок лежащих в кругу карт не был нарушен" --
   :meth:`WheelState.targets` (reading ``placement``).
6. "Две сборные кучки ... переводить с одной сборной кучки на другую или в другой раз не
   позволяется, а должна эта раскладка выходить в один раз" -- :meth:`WheelState.wheel_moves`
   (the top card of a waste pile goes on the wheel, reading ``waste``), no move between the
   waste piles and no redeal (the game is lost when the hand is empty and no waste top goes).
7. "круг ... напоследок ... совершенно перевернется ... в том же порядке, но только в
   противную сторону, налево" -- :func:`turned` (a test checks it on every won deal).
8. (the figure's dotted and full cards: :meth:`WheelState.piles` shows both).

Reading ``placement=compulsory`` (the default) makes sentence 7 true. A card of rank ``r``
goes on the foundation showing ``r - 1`` that lies next to a foundation showing ``r`` ("подле
равной") or, if no foundation shows ``r`` any more, next to the higher card ("подле
старшей"): in a wheel read clockwise in ascending order this is always the *last* (clockwise)
of the foundations that show ``r - 1``. The clockwise order is then never broken (sentence
5) and, since each rank comes seven times more, every foundation is raised by exactly seven:
the ace ends at the seventh place from its start, the wheel has turned half round, and from
the ace and the king the ranks now run round the other side ("налево"). With
``placement=advice`` any foundation showing ``r - 1`` takes the card and the wheel ends in
any order. Whether a deal comes out does not depend on the reading: a card always turns one
top ``r - 1`` into ``r`` and which of equal tops it covers changes nothing later, which is
also why :meth:`WheelState.key` holds the tops as a sorted multiset.
"""
from __future__ import annotations

import copy
import math

from ..cards import RANK
from ..deal import check_deal, shuffled
from ..readings import Ambiguity, Reading, decision, resolve
from ..registry import executes
from ..state import Config, State, hidden_relabel, relabelled
from . import Game, register

SLUG = "spinning-wheel"
#: The solver's pruning rules (name -> argument); each is gated on ``name not in cfg.off``.
PRUNINGS = {
    "equal-wastes":
        "While the two waste piles hold the same cards, a move onto (or from) the second "
        "leads to the position the same move on the first leads to, with the two piles' "
        "names swapped; the key holds the piles as an unordered pair, so the solver tries "
        "the move on the first pile only.",
    "waste-lead":
        "Proof of loss: a top showing r disappears only when a card of rank r + 1 (after "
        "the king the ace) covers it, so from now on the cards of rank r + 1 played can "
        "never outnumber those of rank r played by more than the tops showing r now. Any "
        "top part P of a waste pile must be played before the rest of that pile, and by "
        "then at most all the cards of rank r in hand and those of the other pile's best "
        "top part can have been played besides P's; if P's cards of rank r + 1 outnumber "
        "its cards of rank r by more than that allowance plus the tops showing r, the "
        "pile can never be emptied and the position is lost.",
    "waste-chain":
        "Proof of loss by counting along the wheel: a top showing r - 1 is made only by a "
        "card of rank r - 1, so from now on the cards of rank r played never outnumber those "
        "of rank r - 1 played by more than the tops showing r - 1 now (after the ace comes "
        "the king). Going down a waste pile from its top, the cards above must be played "
        "first, so this bounds from below how many cards of each rank must be played by the "
        "time each card of the pile goes, following the chain of ranks down round the wheel; "
        "if more of some rank must come from elsewhere than the hand and the other waste pile "
        "hold, the pile can never be emptied and the position is lost.",
    "waste-pair":
        "Proof of loss by counting along the wheel over both waste piles at once: from now "
        "on the cards of rank r played never outnumber those of rank r - 1 played by more than "
        "the tops showing r - 1 now (after the ace comes the king). Each waste pile is played "
        "from its top down, so a win passes, pile card after pile card, through every pair "
        "(top part of pile 1, top part of pile 2) of a monotone path; at each such pair the "
        "least counts of each rank that the two top parts force (following the chain of ranks "
        "down round the wheel) must be made up by cards from the hand. If no monotone path "
        "from both piles full to both empty passes only through pairs the hand can make up, "
        "the piles can never both be emptied and the position is lost.",
    "equal-tops":
        "A card onto one of several places showing the same rank leads to positions that "
        "differ only in which of equal tops was covered, which changes nothing later (see "
        "the module docstring) and gives the same key, so the solver tries one such place "
        "per card and rank shown.",
    "key-tops-multiset":
        "A card always turns one top showing r - 1 into r, and which of equal tops it "
        "covers changes nothing later (see the module docstring), so the key holds the "
        "tops as a sorted multiset.",
    "key-wastes-alike":
        "The two waste piles are alike (each takes any card from the hand and gives its "
        "top to the wheel), and suits play no part on the wheel, so the key holds them by "
        "rank as an unordered pair.",
}
PACKS = 2
PLAYER_HAS_CHOICE = True
N = 13

AMBIGUITIES = (
    decision(
        "wheel-cards",
        "Which thirteen cards make the wheel (spinning-wheel:1 'кладут все 13 карт по "
        "порядку в кружок')?",
        ("spinning-wheel:1",),
        "first-of-each-rank", "one card of each rank, the first of its rank that the "
        "shuffled packs give; the ace at the top, then clockwise two ... king",
        "spinning-wheel:1 'не обращая внимания на масти': suits do not matter, so any card of "
        "a rank does; the order 'рядом с шестеркой с одной стороны лежала семерка, а с другой "
        "пятерка' is plain."),
    decision(
        "hand",
        "How are the other cards played: one at a time from the hand, in order?",
        ("spinning-wheel:2", "spinning-wheel:3"),
        "one-at-a-time", "the cards in hand are turned one at a time; each goes on the wheel "
        "or on a waste pile before the next is turned",
        "The text says where the cards go (spinning-wheel:2-3), not how they come; a single "
        "deal from the hand ('в один раз', spinning-wheel:6) is the only way it allows.",
        kind="silent"),
    Ambiguity(
        "waste-entry",
        "spinning-wheel:2 'Те карты, которые совсем не идут в круг, кладутся в середине его "
        "на две кучки': may a card that could go on the wheel be laid on a waste pile?",
        ("spinning-wheel:2",),
        (Reading("cannot-go",
                 "only a card in hand that cannot go on the wheel goes on a waste pile",
                 restricts="any"),
         Reading("any", "the player may lay any card in hand on a waste pile, even one "
                 "that could go on the wheel")),
        "cannot-go",
        "spinning-wheel:2 names the cards for the waste piles: 'которые совсем не идут в "
        "круг' (that do not go into the circle at all); the player's wish ('по желанию "
        "раскладывающего') is only which of the two piles, 'больше на одну, а меньше на "
        "другую'.",
    ),
    decision(
        "waste-pile",
        "Which waste pile takes a card (spinning-wheel:2)?",
        ("spinning-wheel:2",),
        "players-choice", "either of the two, as the player likes",
        "spinning-wheel:2 'по желанию раскладывающего, т. е. больше на одну, а меньше на "
        "другую, смотря по удобности' is plain."),
    decision(
        "wrap",
        "Does a foundation go on past the king (spinning-wheel:3 'возвышающимся порядком')?",
        ("spinning-wheel:3", "spinning-wheel:7"),
        "king-then-ace", "after the king comes the ace again, then the two ...",
        "104 - 13 = 91 cards go on 13 foundations, seven on each: a foundation must pass the "
        "king, and spinning-wheel:7 says the wheel ends 'в том же порядке, но только в "
        "противную сторону', which only going on past the king gives."),
    decision(
        "no-transfer",
        "May cards go from one waste pile to the other, or the cards be dealt a second time "
        "(spinning-wheel:6)?",
        ("spinning-wheel:6",),
        "neither", "no moves between the waste piles and no second deal",
        "spinning-wheel:6 'переводить с одной сборной кучки на другую или в другой раз не "
        "позволяется, а должна эта раскладка выходить в один раз' is plain."),
    decision(
        "end",
        "When has the patience come out, and when has it failed?",
        ("spinning-wheel:6",),
        "all-on-wheel", "it comes out when the hand and both waste piles are empty (all "
        "cards on the wheel); it fails when the hand is empty and no waste top goes",
        "spinning-wheel:6 'должна эта раскладка выходить в один раз': one deal, the cards "
        "that cannot go stay on the waste piles."),
    Ambiguity(
        "placement",
        "spinning-wheel:4 'класть карты подле равных ... всегда подле старшей или подле "
        "равной': a compulsory rule for which of several foundations of the same rank takes a "
        "card, or advice?",
        ("spinning-wheel:4", "spinning-wheel:5", "spinning-wheel:7"),
        (Reading("compulsory",
                 "a card goes on the foundation of the rank below it that lies next to a card "
                 "of its own rank, or else next to the higher card (the clockwise last of them)"),
         Reading("advice", "a card goes on any foundation of the rank below it")),
        "compulsory",
        "spinning-wheel:4 'надобно соблюдать' (it must be observed) and spinning-wheel:5 gives "
        "its purpose, that the order of the wheel is not broken; only this reading makes the "
        "claim of spinning-wheel:7 (the wheel ends turned round in the same order) true.",
    ),
    Ambiguity(
        "waste",
        "spinning-wheel:6 'служат не для того, чтобы с них класть на места начальные, но "
        "переводить ... не позволяется': may the top cards of the waste piles go on the wheel?",
        ("spinning-wheel:6",),
        (Reading("to-wheel",
                 "the top card of either waste pile may go on the wheel; no moves between the "
                 "waste piles"),
         Reading("dead", "nothing comes back from the waste piles (the negation read "
                 "literally)")),
        "to-wheel",
        "spinning-wheel:6 ends 'что непременно будет, если только осторожно положены карты на "
        "двух сборных местах': careful placing on the waste piles matters only if cards come "
        "back from them; the 'не' belongs to the moves between the piles that follow.",
    ),
)


@executes("spinning-wheel:1")
def make_wheel(cards) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Take the first card of each rank out of the pack for the wheel (spinning-wheel:1).
    Returns the wheel cards by place (place 0 the ace, clockwise) and the rest in order."""
    wheel: list[int | None] = [None] * N
    rest = []
    for c in cards:
        r = RANK[c]
        if wheel[r - 1] is None:
            wheel[r - 1] = c
        else:
            rest.append(c)
    return tuple(wheel), tuple(rest)  # type: ignore[arg-type]  # a pack holds every rank: no place is left None


@executes("spinning-wheel:7")
def turned(tops) -> int | None:
    """If the tops (rank by place, place 0 = the ace's at the start) are still in clockwise
    ascending order, the number of places the ace has moved clockwise; else None
    (spinning-wheel:7: ``turned(...) == 6`` at the end of every won deal with
    ``placement=compulsory``: seven places counter-clockwise, half a turn)."""
    a = tops.index(1) if 1 in tops else None
    if a is None:
        return None
    for i in range(N):
        if tops[(a + i) % N] != i + 1:
            return None
    return a


def _profile(pile) -> tuple[list[int], list[int]]:
    """For each rank r, over the top parts of ``pile`` (bottom first): the most by which
    its cards of rank r + 1 (after the king the ace) outnumber those of rank r, and the most
    by which those of rank r outnumber those of rank r + 1 (0 for the empty top part)."""
    lead = [0] * 14
    most = [0] * 14
    best = [0] * 14
    for c in reversed(pile):
        a = RANK[c]
        r = 13 if a == 1 else a - 1      # the card is rank r + 1 for pair r ...
        x = lead[r] + 1
        lead[r] = x
        if x > most[r]:
            most[r] = x
        x = lead[a] - 1                  # ... and rank r for pair a
        lead[a] = x
        if -x > best[a]:
            best[a] = -x
    return most, best


#: The rank below each rank round the wheel (below the ace the king); index 0 unused.
_BELOW = (0, 13) + tuple(range(1, 13))


def _hand_left(rest) -> tuple:
    """For each position of the hand, the cards of each rank (index 1..13) still in hand."""
    out: list = [None] * (len(rest) + 1)
    cnt = [0] * 14
    out[len(rest)] = tuple(cnt)
    for i in range(len(rest) - 1, -1, -1):
        cnt[RANK[rest[i]]] += 1
        out[i] = tuple(cnt)
    return tuple(out)


class WheelState(State):
    """``tops`` rank shown at each place of the wheel; ``count`` cards laid on each place;
    ``pos`` how many cards of the hand (``cfg.rest``) are dealt; ``waste`` the two waste piles
    (bottom first); ``topc`` the card on top of each place (for :meth:`visible`)."""

    __slots__ = ("tops", "count", "pos", "waste", "topc")
    tops: tuple[int, ...]
    count: tuple[int, ...]
    pos: int
    waste: tuple[tuple[int, ...], tuple[int, ...]]
    topc: tuple[int, ...]

    @property
    def hand(self) -> tuple[int, ...]:
        """The cards still in hand, the next to deal first."""
        return self.cfg.rest[self.pos:]

    def _child(self, move):
        s = WheelState.__new__(WheelState)
        s.cfg = self.cfg
        s.hist = (move, self.hist)
        s.tops, s.count, s.pos, s.waste = self.tops, self.count, self.pos, self.waste
        s.topc = self.topc
        return s

    @executes("spinning-wheel:3", "spinning-wheel:4", "spinning-wheel:5")
    def targets(self, rank: int) -> list[int]:
        """Places of the wheel that may take a card of ``rank``: those showing the rank below
        (spinning-wheel:3); with ``placement=compulsory`` only the clockwise last of a run of
        them, the one next to the equal or higher card (spinning-wheel:4-5)."""
        below = (rank - 2) % N + 1
        tops = self.tops
        places = [p for p in range(N) if tops[p] == below]
        if self.cfg.compulsory and len(places) < N:
            places = [p for p in places if tops[(p + 1) % N] != below]
        return places

    @executes("spinning-wheel:6")
    def wheel_moves(self) -> list[tuple]:
        """The card in hand, or the top card of a waste pile (reading ``waste``), onto the
        wheel (spinning-wheel:3, 6)."""
        out: list[tuple] = []
        if self.cfg.waste_play:
            for k in (0, 1):
                w = self.waste[k]
                if w:
                    out += [("wheel", k, p) for p in self.targets(RANK[w[-1]])]
        if self.pos < self.cfg.ncards:
            out += [("wheel", "h", p) for p in self.targets(RANK[self.cfg.rest[self.pos]])]
        return out

    @executes("spinning-wheel:2")
    def may_waste(self) -> bool:
        """May the card in hand go on a waste pile: there is one, and (reading
        ``waste-entry=cannot-go``, the default) it 'совсем не идет в круг', no place of the
        wheel takes it (spinning-wheel:2)."""
        if self.pos >= self.cfg.ncards:
            return False
        return self.cfg.waste_any or not self.targets(RANK[self.cfg.rest[self.pos]])

    @executes("spinning-wheel:2")
    def waste_moves(self, may: bool | None = None) -> list[tuple]:
        """The card in hand onto either waste pile, as the player likes (spinning-wheel:2),
        when :meth:`may_waste` (``may``: its answer if already known). Best first: an empty
        pile; else a pile whose top card is of the same or a higher rank (so the pile comes
        off in order), the highest first; else the higher top. Two equal piles: both moves
        are offered (the rules allow either); the solver tries one (:meth:`search_moves`)."""
        if not (self.may_waste() if may is None else may):
            return []
        w0, w1 = self.waste
        if w0 == w1:
            return [("waste", 0), ("waste", 1)]
        r = RANK[self.cfg.rest[self.pos]]

        def score(w):
            if not w:
                return (0, 0)
            t = RANK[w[-1]]
            return (1, -t) if t >= r else (2, -t)
        return sorted([("waste", 0), ("waste", 1)], key=lambda m: score(self.waste[m[1]]))

    def legal_moves(self) -> list[tuple]:
        if self.is_won() or self._dead():
            return []
        wm = self.wheel_moves()
        if self.pos >= self.cfg.ncards:
            return wm
        # may_waste, from the wheel moves already found: the card in hand goes nowhere
        may = self.cfg.waste_any or not (wm and wm[-1][1] == "h")
        return wm + self.waste_moves(may)

    def search_moves(self) -> list[tuple]:
        """The legal moves less those onto or from waste pile 2 while the two waste piles are
        equal (rule ``equal-wastes`` of :data:`PRUNINGS`): they lead to the position its
        twin move on pile 1 leads to, with the piles' names swapped; and less a card onto
        a second place showing the same rank (rule ``equal-tops``): which of equal tops is
        covered changes nothing later. Tried in the order of :meth:`_order_key`."""
        moves = self.legal_moves()
        off = self.cfg.off
        if self.waste[0] == self.waste[1] and "equal-wastes" not in off:
            moves = [m for m in moves if not (m[0] == "waste" and m[1] == 1)
                     and not (m[0] == "wheel" and m[1] == 1)]
        if "equal-tops" not in off:
            moves = self._one_per_top(moves)
        if len(moves) > 1 and self.pos < self.cfg.ncards:
            moves = sorted(moves, key=self._order_key)
        return moves

    def _one_per_top(self, moves):
        """Rule ``equal-tops`` of :data:`PRUNINGS`: a card onto one of several places
        showing the same rank leads to positions that differ only in which of equal tops
        was covered, which changes nothing later (see the module docstring) and gives the
        same key, so only the first such place per card and rank shown is kept."""
        seen = set()
        out = []
        tops = self.tops
        for m in moves:
            if m[0] == "wheel":
                k = (m[1], tops[m[2]])
                if k in seen:
                    continue
                seen.add(k)
            out.append(m)
        return out

    def _order_key(self, m):
        """The solver's order (a heuristic: it prunes nothing): moves onto the wheel first
        (as :meth:`legal_moves` gives them), then the card in hand onto an empty waste pile,
        then onto the pile whose top card comes off soonest after it: the top of rank t is
        counted (t - 1 - r) mod 13 steps of the wheel after the card's rank r, plus half a
        step for each card in the pile."""
        if m[0] == "wheel":
            return (0, 0.0)
        w = self.waste[m[1]]
        if not w:
            return (1, 0.0)
        r = RANK[self.cfg.rest[self.pos]]
        return (1, (RANK[w[-1]] - 1 - r) % N + 0.5 * len(w))

    def _dead(self) -> bool:
        """Reading ``waste=dead``: a card on a waste pile never comes back, so the patience
        has failed as soon as one lies there (the game ends)."""
        return not self.cfg.waste_play and bool(self.waste[0] or self.waste[1])

    def dead(self) -> bool:
        """Proof of loss (rule ``waste-lead`` of :data:`PRUNINGS`): a top showing r
        disappears only when a card of rank r + 1 (after the king the ace) covers it, so
        from now on the cards of rank r + 1 played can never outnumber those of rank r
        played by more than the tops showing r now. Any top part P of a waste pile must be
        played before the rest of that pile, and by then at most all the cards of rank r
        in hand and those of the other pile's best top part can have been played besides
        P's; if P's cards of rank r + 1 outnumber its cards of rank r by more than that
        allowance plus the tops showing r, the pile can never be emptied and the position
        is lost. O(cards in the waste piles). Then the proofs of rules ``waste-chain``
        (:meth:`_chain_dead`) and ``waste-pair`` (:meth:`_pair_dead`)."""
        w0, w1 = self.waste
        if not w0 and not w1:
            return False
        if "waste-lead" not in self.cfg.off and self._lead_dead():
            return True
        if "waste-chain" not in self.cfg.off and self._chain_dead():
            return True
        return "waste-pair" not in self.cfg.off and self._pair_dead()

    def _lead_dead(self) -> bool:
        """The proof of rule ``waste-lead`` (see :meth:`dead`)."""
        w0, w1 = self.waste
        if not w0 and not w1:
            return False
        lead0, ben0 = _profile(w0)
        lead1, ben1 = _profile(w1)
        n = [0] * 14
        for t in self.tops:
            n[t] += 1
        hand = self.cfg.hand_left[self.pos]
        for r in range(1, 14):
            room = n[r] + hand[r]
            if lead0[r] > room + ben1[r] or lead1[r] > room + ben0[r]:
                return True
        return False

    def _chain_dead(self) -> bool:
        """Proof of loss (rule ``waste-chain`` of :data:`PRUNINGS`), by counting along the
        wheel: a top showing r - 1 is made only by a card of rank r - 1, so from now on the
        cards of rank r played never outnumber those of rank r - 1 played by more than the
        tops showing r - 1 now (after the ace comes the king). Going down a waste pile from
        its top, the cards above must be played first, so this bounds from below how many
        cards of each rank must be played by the time each card of the pile goes, following
        the chain of ranks down round the wheel; if more of some rank must come from
        elsewhere than the hand and the other waste pile hold, the pile can never be emptied
        and the position is lost. O(13 * cards in the waste piles)."""
        shows = [0] * 14
        for t in self.tops:
            shows[t] += 1
        hand = self.cfg.hand_left[self.pos]
        piles = [[RANK[c] for c in reversed(w)] for w in self.waste]   # top first
        held = [[0] * 14, [0] * 14]
        for k in (0, 1):
            for r in piles[k]:
                held[k][r] += 1
        for k in (0, 1):
            other = held[1 - k]
            avail = [hand[r] + other[r] for r in range(14)]   # rank r elsewhere
            cnt = [0] * 14       # cards of each rank in the top part so far
            total = [0] * 14     # least played of each rank when the top part is done
            for a in piles[k]:
                cnt[a] += 1
                r, t = a, total[a] + 1          # the card itself, after those before
                while t > total[r]:             # ends within a turn: t drops by 13 a turn
                    total[r] = t
                    if t - cnt[r] > avail[r]:
                        return True
                    r = _BELOW[r]               # cards of rank r need tops showing r - 1
                    t -= shows[r]
        return False

    def _pair_dead(self) -> bool:
        """Proof of loss (rule ``waste-pair`` of :data:`PRUNINGS`), by counting along the
        wheel over both waste piles at once: from now on the cards of rank r played never
        outnumber those of rank r - 1 played by more than the tops showing r - 1 now (after
        the ace comes the king). Each waste pile is played from its top down, so a win
        passes, pile card after pile card, through every pair (top part of pile 1, top part
        of pile 2) of a monotone path; at each such pair the least counts of each rank that
        the two top parts force (following the chain of ranks down round the wheel) must be
        made up by cards from the hand. If no monotone path from both piles full to both
        empty passes only through pairs the hand can make up, the piles can never both be
        emptied and the position is lost. (Cards laid on a pile later come from the hand:
        counted there.) O(13 * (cards in pile 1 + 1) * (cards in pile 2 + 1))."""
        w0, w1 = self.waste
        if not w0 or not w1:
            return False
        shows = [0] * 14
        for t in self.tops:
            shows[t] += 1
        hand = self.cfg.hand_left[self.pos]
        piles = ([RANK[c] for c in reversed(w0)], [RANK[c] for c in reversed(w1)])  # top first
        la, lb = len(piles[0]), len(piles[1])
        below = _BELOW
        # Depth-first search for a path (waste 2's next card tried first), each pair met
        # once; along the path the least counts are closed step by step: a card of rank x
        # raises x, then the chain below it while it must rise (at most one turn round).
        seen = set()
        stack = [(0, 0, [0] * 14, [0] * 14)]    # (a, b, least, need): need closes least
        while stack:
            a, b, least, need = stack.pop()
            if a == la and b == lb:
                return False
            for k in (1, 0):                    # pushed last, tried first: waste 2
                if (a if k == 0 else b) == (la if k == 0 else lb):
                    continue
                na, nb = (a + 1, b) if k == 0 else (a, b + 1)
                if (na, nb) in seen:
                    continue
                seen.add((na, nb))
                x = piles[k][a if k == 0 else b]
                le = list(least)
                le[x] += 1
                ne = list(need)
                ok = True
                if le[x] > ne[x]:
                    ne[x] = le[x]
                    r = x
                    while True:
                        d = below[r]
                        q = ne[r] - shows[d]
                        if q <= ne[d]:
                            break
                        ne[d] = q
                        if q - le[d] > hand[d]:
                            ok = False
                            break
                        r = d
                if ok:
                    stack.append((na, nb, le, ne))
        return True

    def apply(self, move):
        s = self._child(move)
        if move[0] == "waste":
            c = self.cfg.rest[self.pos]
            s.pos = self.pos + 1
            w = list(self.waste)
            w[move[1]] = w[move[1]] + (c,)
            s.waste = tuple(w)
            return s
        src, p = move[1], move[2]
        if src == "h":
            c = self.cfg.rest[self.pos]
            s.pos = self.pos + 1
        else:
            c = self.waste[src][-1]
            w = list(self.waste)
            w[src] = w[src][:-1]
            s.waste = tuple(w)
        t = list(self.tops)
        t[p] = RANK[c]
        s.tops = tuple(t)
        t = list(self.topc)
        t[p] = c
        s.topc = tuple(t)
        cnt = list(self.count)
        cnt[p] += 1
        s.count = tuple(cnt)
        return s

    def is_legal(self, move) -> bool:
        if not isinstance(move, tuple) or not move or self._dead():
            return False
        if move[0] == "waste":
            if not (len(move) == 2 and move[1] in (0, 1) and self.hand):
                return False
            if self.cfg.waste_any:
                return True
            r = RANK[self.hand[0]]
            below = 13 if r == 1 else r - 1
            return below not in self.tops  # 'совсем не идут в круг'

        if move[0] != "wheel" or len(move) != 3:
            return False
        src, p = move[1], move[2]
        if not (isinstance(p, int) and 0 <= p < N):
            return False
        if src == "h":
            if not self.hand:
                return False
            c = self.hand[0]
        elif src in (0, 1) and self.cfg.waste_play and self.waste[src]:
            c = self.waste[src][-1]
        else:
            return False
        r = RANK[c]
        below = 13 if r == 1 else r - 1
        if self.tops[p] != below:
            return False
        if not self.cfg.compulsory:
            return True
        # compulsory: next to a card of the same rank, or (none showing) next to the next
        # higher rank shown, going clockwise; all thirteen alike: anywhere.
        if all(t == below for t in self.tops):
            return True
        nxt = self.tops[(p + 1) % N]
        return nxt != below

    def is_won(self) -> bool:
        return self.pos >= self.cfg.ncards and not self.waste[0] and not self.waste[1]

    def key(self):
        """Hand position, the tops as a sorted multiset and the two waste piles by rank,
        as an unordered pair (rules ``key-tops-multiset``, ``key-wastes-alike`` of
        :data:`PRUNINGS`)."""
        w0, w1 = self.waste
        a = tuple([RANK[c] for c in w0])
        b = tuple([RANK[c] for c in w1])
        off = self.cfg.off
        if off:
            tops = self.tops if "key-tops-multiset" in off else tuple(sorted(self.tops))
            if "key-wastes-alike" in off:
                return (self.pos, tops, (a, b))
            return (self.pos, tops, (a, b) if a <= b else (b, a))
        return (self.pos, tuple(sorted(self.tops)), (a, b) if a <= b else (b, a))

    def frees(self, move) -> bool:
        return move[0] == "wheel" and move[1] != "h"

    def over_reason(self) -> str:
        if self.is_won():
            return "won"
        if self.legal_moves():
            return ""
        if self._dead():
            return "a card lies on a waste pile and cannot come back (reading waste=dead)"
        return "the hand is empty and no waste card goes on the wheel"

    def visible(self) -> tuple:
        """What the player sees (as :meth:`engine.state.State.visible`, in the order of
        :meth:`piles`): the top card of each place of the wheel, both waste piles spread,
        and of the hand only the card turned up to be played (spinning-wheel:2-3: each
        card is placed as it comes)."""
        out = [(f"foundation {p + 1}", (None,) * self.count[p] + (self.topc[p],))
               for p in range(N)]
        out.append(("waste 1", self.waste[0]))
        out.append(("waste 2", self.waste[1]))
        n = self.cfg.ncards - self.pos
        out.append(("hand", (None,) * (n - 1) + (self.cfg.rest[self.pos],) if n else ()))
        return tuple(out)

    def piles(self):
        """The wheel (each place: its start card, then the cards laid on it), the two waste
        piles in the middle and the hand."""
        laid: list[list[int]] = [[] for _ in range(N)]
        st = new(self.cfg.deal, self.cfg.readings)
        for m in self.moves():
            if m[0] == "wheel":
                laid[m[2]].append(st.hand[0] if m[1] == "h" else st.waste[m[1]][-1])
            st = st.apply(m)
        out = []
        for p in range(N):
            a = 2 * math.pi * p / N
            x, y = round(6 + 5 * math.sin(a), 2), round(5 - 5 * math.cos(a), 2)
            out.append((f"foundation {p + 1}", x, y, (self.cfg.wheel[p],) + tuple(laid[p]),
                        "none"))
        out.append(("waste 1", 5.4, 5.0, self.waste[0], "down"))
        out.append(("waste 2", 6.6, 5.0, self.waste[1], "down"))
        out.append(("hand", 13.0, 10.0, tuple(reversed(self.hand)), "none"))
        return out

    def sample_hidden(self, rng) -> "WheelState":
        """The same position with the cards a player cannot see dealt anew: the cards that
        :meth:`visible` shows as ``None`` (foundations aside: their cards follow from the
        counts) shuffled among those places by :func:`engine.state.hidden_relabel` (``rng``
        an :class:`engine.deal.SplitMix64`), the visible cards, counts and history kept.
        The hand lives in ``cfg.rest``: the sample has a copy of the
        :class:`~engine.state.Config` with the hand relabelled. The identity (``self``) where nothing is hidden. A determinisation for the
        ``careful`` player (:mod:`engine.careful`); the result is for planning only (its
        cards differ from the deal's, so it does not replay from the deal number)."""
        sigma = hidden_relabel(self, rng)
        if not sigma:
            return self
        s = self._child(None)
        s.hist = self.hist
        s.cfg = copy.copy(self.cfg)
        s.cfg.rest = relabelled(self.cfg.rest, sigma)
        s.cfg.hand_left = _hand_left(s.cfg.rest)
        s.waste = tuple(relabelled(w, sigma) for w in self.waste)
        return s


def new(deal: int, readings: dict[str, str] | None = None) -> WheelState:
    """Deal ``deal`` of the Spinning Wheel under ``readings`` (see :data:`AMBIGUITIES`)."""
    check_deal(deal)
    r = resolve(SLUG, AMBIGUITIES, readings)
    wheel, rest = make_wheel(shuffled(SLUG, deal, PACKS))
    cfg = Config(SLUG, deal, r, wheel=wheel, rest=rest, ncards=len(rest),
                 hand_left=_hand_left(rest),
                 compulsory=r["placement"] == "compulsory",
                 waste_play=r["waste"] == "to-wheel", waste_any=r["waste-entry"] == "any")
    s = WheelState.__new__(WheelState)
    s.cfg, s.hist = cfg, None
    s.tops = tuple(range(1, N + 1))
    s.count = (0,) * N
    s.pos = 0
    s.waste = ((), ())
    s.topc = wheel
    return s


GAME = register(Game(SLUG, "The Spinning Wheel", __name__, PACKS, AMBIGUITIES))
