"""Фаворитка, The Favourite (chapter XLIV): one pack; the first card fixes the foundation rank.

Sentences (``favourite:<n>``) and where they are executed:

1. (praise of the game; no rule).
2. "первая вскрывшаяся карта будет начальною ... в середине" -- :func:`deal_layout` (the
   first card is the first foundation; its rank is the foundation rank of all four).
3. the order of cards 2-11 (right separate line, right rows, left separate line, left rows;
   the other three foundation cards go to the middle "по мере как будут выходить с рук") --
   :func:`deal_slots` and :func:`deal_layout` (reading ``deal-order``).
4. "двенадцатая карта кладется опять на правую сторону в отдельные пять карт, закрыв ею
   несколько прежде туда положенных" -- :func:`deal_slots` (cards overlap: the last laid is
   the free one).
5. "Следующие затем четыре карты ... четыре ряда поперечных, по пяти карт в каждом, с правой
   стороны" -- :func:`deal_slots`.
6. the same on the left; the final count (four foundations; right: rows of five and five
   separate; left: five separate, rows of 5, 5, 4, 4) -- :func:`deal_slots`; the test
   ``test_deal_accounts_for_all_cards`` checks the count on every reading.
7. "все карты свести на места начальные по мастям" -- :meth:`FavouriteState.foundation_moves`
   and :meth:`FavouriteState.is_won` (a foundation per suit, 13 cards, turning the corner
   K-A: a foundation that starts at an eight must pass the king or the ace to take all 13).
8. "Порядок же их оставляется на волю раскладывающего: возвышающийся или понижающийся" --
   :meth:`FavouriteState.direction_moves` (reading ``direction=one-choice``): the player's
   first move, ``("direction", "up")`` or ``("direction", "down")``; under
   ``direction=per-foundation`` the first card laid on each foundation fixes its direction
   (:meth:`FavouriteState.foundation_moves`). Up or down is always the player's choice,
   never a reading, and the solver explores both.
9. "переводы двойные между поперечными рядами ... также боковыми и отдельными линиями" and
10. "Переводить можно всячески и старшую и младшую, только по мастям" --
   :meth:`FavouriteState.build_moves`: the end card of a row or the top card of a separate
   line goes onto the end card of another row (or separate line, reading ``separate``) of its
   suit one rank higher *or* lower ("двойные": both ways, as sentence 10 explains).
11. "очистится ... поперечный ряд ... на место его может ... класть новую карту, любую со
   всех рядов ... но крайнюю" -- :meth:`FavouriteState.fill_moves`.
12. "два места карт, лежащих отдельно ... вновь не занимаются" --
   :meth:`FavouriteState.fill_moves` (never into a separate line) and ``build_moves`` (never
   onto an empty one).
13-14. (advice: look ahead before choosing the direction; the solver does.)

Layout (figure 31 reconstructed): the four foundations in a column in the middle (x = 5);
right of them four rows fanned to the right (x = 6), the right separate line at x = 12;
left: four rows at x = 1 (drawn fanned to the right, the free end card is the last), the left
separate line at x = 0. Indices of ``piles``: 0-3 right rows top to bottom, 4-7 left rows,
8 right separate line, 9 left separate line.

Safe automatic moves (solver): a foundation move once the direction is fixed. One pack: the
card ``c`` that goes up has its predecessor on the foundation already, so the only card it
could still hold is its successor, which can go straight onto the foundation after it;
nothing else depends on ``c`` staying where it is.

Proof of loss (solver and careful player, :meth:`FavouriteState.dead`): rule
``stuck-separate`` (reading ``fill=rows-only`` only), see :meth:`FavouriteState._stuck_cycle`.
Move order (solver, :meth:`FavouriteState.search_moves`): fewest cards lying on each suit's
next two cards first; a heuristic that prunes nothing.
"""
from __future__ import annotations

from ..cards import CARDS, RANK, SUIT
from ..deal import check_deal, shuffled
from ..readings import Ambiguity, Reading, decision, resolve
from ..registry import executes
from ..state import Config, State, hidden_relabel, relabelled
from . import Game, register

SLUG = "favourite"
PACKS = 1
PLAYER_HAS_CHOICE = True
#: The solver's pruning rules and their arguments (see :mod:`engine.games`).
PRUNINGS = {
    "safe-foundation": "Once every foundation's direction is fixed, a card that fits a "
    "foundation goes up automatically: one pack, so its predecessor is home and the only "
    "card it could still hold is its successor, which can go up straight after it.",
    "stuck-separate": "Under fill=rows-only a separate-line card whose build partners are "
    "each on a foundation or under it in its line leaves only for its foundation, so it "
    "goes up before every card under it; with the suits' foundation orders a cycle of such "
    "constraints means no order of play wins.",
}
NROWS = 8            # 0-3 right rows, 4-7 left rows
RSEP, LSEP = 8, 9    # the two separate lines
NPILES = 10
PILE_NAMES = tuple([f"right row {i + 1}" for i in range(4)] + [f"left row {i + 1}" for i in
                   range(4)] + ["right separate", "left separate"])

AMBIGUITIES = (
    Ambiguity(
        "deal-order",
        "Where do the cards go? favourite:3-6 describe the round by example (card 2 to the "
        "right separate line, 3-6 to the right rows, 7 to the left separate line, 8-11 to the "
        "left rows, 12 again to the right separate line ...), and the other three foundation "
        "cards go to the middle 'as they come from the hand'.",
        ("favourite:3", "favourite:4", "favourite:5", "favourite:6"),
        (Reading("round",
                 "rounds of five (one to the separate line, one to each of the four rows), "
                 "right then left; a card of the foundation rank goes to the middle and the "
                 "next card takes the place it would have had"),
         Reading("base-in-turn",
                 "as 'round', but a card of the foundation rank uses up the turn of the place "
                 "it came to (that place gets no card in this round)")),
        "round",
        "Only 'round' gives on every deal the final counts of favourite:6 (right: rows of "
        "five and five separate; left: five separate, rows of 5, 5, 4, 4; 4 + 25 + 23 = 52); "
        "'base-in-turn' gives them only when the three foundation cards happen to fall late.",
    ),
    Ambiguity(
        "direction",
        "favourite:8 leaves the order 'to the player's will: ascending or descending': chosen "
        "once for all four foundations, or separately for each?",
        ("favourite:8", "favourite:13"),
        (Reading("one-choice",
                 "the player chooses, after the deal and before any other move, one "
                 "direction for all four foundations (a move: up or down)"),
         Reading("per-foundation",
                 "the player chooses for each foundation, by the first card laid on it "
                 "(the next rank up or the next rank down)")),
        "one-choice",
        "favourite:8 'Порядок же их ... возвышающийся или понижающийся' speaks of one order "
        "for the foundations together, and favourite:13 'начиная раскладку с младшей или "
        "старшей' of one decision at the start of the play. Up or down is not a reading: "
        "the text leaves it 'на волю раскладывающего', so it is the player's move, and the "
        "solver tries both.",
    ),
    decision(
        "foundation-rank",
        "Which cards are the foundations (favourite:2-3)?",
        ("favourite:2", "favourite:3"),
        "first-card-rank", "the first card turned up, and the three other cards of its "
        "rank, laid in the middle as they come from the hand",
        "favourite:2 'первая вскрывшаяся карта будет начальною' and favourite:3 'места для "
        "остальных трех начальных карт, которые туда и кладутся по мере как будут выходить "
        "с рук' are plain."),
    decision(
        "foundation-wrap",
        "Does a foundation pass from the king to the ace (or the ace to the king)?",
        ("favourite:7",),
        "turns-the-corner", "yes: a foundation takes all thirteen cards of its suit, going "
        "on past the king (up) or the ace (down)",
        "favourite:7 'все карты свести на места начальные по мастям': a foundation that "
        "starts at, say, an eight can hold its whole suit only by turning the corner."),
    decision(
        "free-cards",
        "Which cards may be moved (favourite:9-11)?",
        ("favourite:9", "favourite:10", "favourite:11"),
        "end-cards", "only the free end card of a row or the top card of a separate line, "
        "one at a time",
        "favourite:11 'не вынимая, однако же, ее из середины, но крайнюю': only the end card "
        "is free; favourite:4-5 lay each card 'закрыв ею несколько прежде туда положенных'."),
    Ambiguity(
        "fill",
        "favourite:11 lets the player fill an emptied row with 'новую карту, любую со всех "
        "рядов ... но крайнюю': from the rows only, or also from the two separate lines?",
        ("favourite:11",),
        (Reading("any-free-card", "the player may (need not) lay any free card, from a row "
                 "or a separate line, in an emptied row"),
         Reading("rows-only", "only the end card of a row may fill an emptied row; the "
                 "separate lines give cards only to builds and the foundations")),
        "any-free-card",
        "favourite:11 'может раскладывающий класть новую карту, любую' (may lay a new card, "
        "any): the filling is optional and the card is 'любую'. 'со всех рядов' could "
        "exclude the separate lines, which favourite:9 calls 'линиями', not 'рядами' "
        "(rows-only); but favourite:12 names the separate lines as the exception to this "
        "rule only as places that are not filled again, not as cards that may not fill.",
    ),
    decision(
        "separate-refill",
        "Are the separate lines filled again once emptied (favourite:12)?",
        ("favourite:12",),
        "never", "no: an emptied separate line stays empty",
        "favourite:12 'два места карт, лежащих отдельно, которые, если будут один раз "
        "разобраны или сведены, то вновь не занимаются' is plain."),
    decision(
        "end",
        "Is there a redeal, and when has the patience come out or failed?",
        ("favourite:7", "favourite:14"),
        "one-deal", "one deal, no redeal; it comes out when all 52 cards are on the "
        "foundations and fails when no move is left",
        "The text never speaks of gathering or dealing again; favourite:7 sets the aim, "
        "'все карты свести на места начальные'.", kind="silent"),
    Ambiguity(
        "separate",
        "Do the two separate lines take cards built on them, or only give cards?",
        ("favourite:9", "favourite:12"),
        (Reading("build-on",
                 "the top card of a separate line takes builds like the end of a row"),
         Reading("source-only", "the separate lines only give cards")),
        "build-on",
        "favourite:9 allows moves between the rows 'также боковыми и отдельными линиями' (also "
        "with the side and separate lines); favourite:12 only forbids refilling them once empty.",
    ),
    Ambiguity(
        "wrap",
        "Does building turn the corner (a king on an ace of its suit and back), as the "
        "foundations must?",
        ("favourite:10",),
        (Reading("no", "builds only between ranks next to each other, ace-two ... queen-king"),
         Reading("yes", "the king and the ace of a suit are also next to each other",
                 editorial=True,
                 justification="Not in the text; the foundations turn the corner K-A "
                 "(favourite:7 needs all 13 cards of a suit on a foundation that starts at "
                 "any rank), so builds may be meant to do the same.")),
        "no",
        "favourite:10 'старшую и младшую' (the higher and the lower card) speaks of rank "
        "order, in which the ace is not next to the king.",
    ),
)

_DIR = {"up": 1, "down": -1}


@executes("favourite:3", "favourite:4", "favourite:5", "favourite:6")
def deal_slots(n: int = 60) -> list[int]:
    """The places, in order, of the cards of the round (favourite:3-6): the right separate
    line, right rows 1-4, the left separate line, left rows 1-4, then again (``n`` slots)."""
    cycle = [RSEP, 0, 1, 2, 3, LSEP, 4, 5, 6, 7]
    return [cycle[i % 10] for i in range(n)]


@executes("favourite:2", "favourite:3")
def deal_layout(cards, base_in_turn: bool = False) -> tuple[int, tuple[int, ...],
                                                             tuple[tuple[int, ...], ...]]:
    """Deal the pack (first card first): returns the foundation rank, the order (suits) in
    which the foundation cards came out, and the ten piles (cards bottom first, the end card
    last). The first card is the first foundation (favourite:2); the other cards of its rank
    go to the middle as they come; the rest follow :func:`deal_slots`."""
    base = RANK[cards[0]]
    founds = [SUIT[cards[0]]]
    piles: list[list[int]] = [[] for _ in range(NPILES)]
    slots = deal_slots(64)
    k = 0
    for c in cards[1:]:
        if RANK[c] == base:
            founds.append(SUIT[c])
            if base_in_turn:
                k += 1
            continue
        piles[slots[k]].append(c)
        k += 1
    return base, tuple(founds), tuple(tuple(p) for p in piles)


def _next_rank(base: int, d: int, n: int) -> int:
    """Rank of the next card on a foundation of base ``base``, direction ``d``, ``n`` cards."""
    return (base - 1 + d * n) % 13 + 1


class FavouriteState(State):
    """``piles`` 10 tuples (bottom first; the free card last); ``found`` number of cards per
    suit on its foundation (1..13); ``dirs`` direction per suit (+1 / -1 / 0 not yet chosen)."""

    __slots__ = ("piles_", "found", "dirs")
    piles_: tuple[tuple[int, ...], ...]
    found: tuple[int, ...]
    dirs: tuple[int, ...]

    def _child(self, move):
        s = FavouriteState.__new__(FavouriteState)
        s.cfg = self.cfg
        s.hist = (move, self.hist)
        s.piles_ = self.piles_
        s.found = self.found
        s.dirs = self.dirs
        return s

    # -- rules ---------------------------------------------------------------------
    def _fits_found(self, c: int) -> bool:
        s = SUIT[c]
        n = self.found[s]
        if n >= 13:
            return False
        d = self.dirs[s]
        b = self.cfg.base
        if d:
            return RANK[c] == _next_rank(b, d, n)
        if self.cfg.direction == "per-foundation" and n == 1:
            return RANK[c] in (_next_rank(b, 1, 1), _next_rank(b, -1, 1))
        return False

    @executes("favourite:8", "favourite:13")
    def direction_moves(self) -> list[tuple]:
        """Before any other move (reading ``one-choice``): choose ascending or descending for
        all four foundations; the direction with more cards ready to go up is listed first."""
        if self.cfg.direction != "one-choice" or self.dirs[0]:
            return []
        b = self.cfg.base
        ends = [p[-1] for p in self.piles_ if p]
        score = {d: sum(1 for c in ends if RANK[c] == _next_rank(b, _DIR[d], 1))
                 for d in ("up", "down")}
        order = sorted(("up", "down"), key=lambda d: -score[d])
        return [("direction", d) for d in order]

    @executes("favourite:7")
    def foundation_moves(self) -> list[tuple]:
        """Free cards that go on their suit's foundation (favourite:7)."""
        return [("found", i) for i, p in enumerate(self.piles_) if p and self._fits_found(p[-1])]

    def _adjacent(self, a: int, b: int) -> bool:
        if SUIT[a] != SUIT[b]:
            return False
        d = abs(RANK[a] - RANK[b])
        return d == 1 or (self.cfg.wrap and d == 12)

    @executes("favourite:9", "favourite:10")
    def build_moves(self) -> list[tuple]:
        """Free card onto the free card of another non-empty pile, same suit, one rank higher
        or lower (favourite:9-10); onto a separate line only under reading ``build-on``."""
        ps = self.piles_
        out = []
        targets = range(NPILES) if self.cfg.sep_builds else range(NROWS)
        for i in range(NPILES):
            if not ps[i]:
                continue
            c = ps[i][-1]
            for j in targets:
                if j != i and ps[j] and self._adjacent(c, ps[j][-1]):
                    out.append(("build", i, j))
        return out

    @executes("favourite:11", "favourite:12")
    def fill_moves(self) -> list[tuple]:
        """Any free card (from a row only, reading ``fill=rows-only``) into an empty row
        (favourite:11); never into a separate line (favourite:12). Moving a row's only card to another empty row is not offered (it
        changes nothing)."""
        ps = self.piles_
        empty = [j for j in range(NROWS) if not ps[j]]
        if not empty:
            return []
        j = empty[0]  # the empty rows are interchangeable: offer the first
        out = []
        for i in range(NPILES if self.cfg.fill_from_sep else NROWS):
            if ps[i] and not (i < NROWS and len(ps[i]) == 1):
                out.append(("fill", i, j))
        return out

    def legal_moves(self) -> list[tuple]:
        if self.is_won():
            return []
        dm = self.direction_moves()
        if dm:
            return dm
        found = self.foundation_moves()
        builds = self.build_moves()
        ps = self.piles_
        freeing = [m for m in builds if len(ps[m[1]]) == 1]
        other = [m for m in builds if len(ps[m[1]]) != 1]
        return found + freeing + self.fill_moves() + other

    def apply(self, move):
        s = self._child(move)
        kind = move[0]
        if kind == "direction":
            d = _DIR[move[1]]
            s.dirs = (d, d, d, d)
            return s
        ps = list(self.piles_)
        i = move[1]
        c = ps[i][-1]
        ps[i] = ps[i][:-1]
        if kind == "found":
            su = SUIT[c]
            f = list(self.found)
            f[su] += 1
            s.found = tuple(f)
            if not self.dirs[su]:
                ds = list(self.dirs)
                ds[su] = 1 if RANK[c] == _next_rank(self.cfg.base, 1, 1) else -1
                s.dirs = tuple(ds)
        else:
            j = move[2]
            ps[j] = ps[j] + (c,)
        s.piles_ = tuple(ps)
        return s

    def is_legal(self, move) -> bool:
        if not isinstance(move, tuple) or not move:
            return False
        cfg = self.cfg
        chosen = any(self.dirs)
        if move[0] == "direction":
            return (len(move) == 2 and move[1] in _DIR and cfg.direction == "one-choice"
                    and not chosen and not self.is_won())
        if cfg.direction == "one-choice" and not chosen:
            return False
        ps = self.piles_
        if move[0] == "found" and len(move) == 2:
            i = move[1]
            if not (isinstance(i, int) and 0 <= i < NPILES and ps[i]):
                return False
            card = CARDS[ps[i][-1]]
            n = self.found[card.suit]
            if n >= 13:
                return False
            d = self.dirs[card.suit]
            if d:
                return card.rank == (cfg.base - 1 + d * n) % 13 + 1
            return (cfg.direction == "per-foundation"
                    and card.rank in (cfg.base % 13 + 1, (cfg.base - 2) % 13 + 1))
        if move[0] in ("build", "fill") and len(move) == 3:
            i, j = move[1], move[2]
            if not (isinstance(i, int) and isinstance(j, int) and 0 <= i < NPILES
                    and 0 <= j < NPILES and i != j and ps[i]):
                return False
            if move[0] == "fill":
                # into the first empty row, as fill_moves offers (the empty rows are alike),
                # and not a row's only card (that changes nothing)
                first = next((k for k in range(NROWS) if not ps[k]), None)
                return (j == first and (i < NROWS or cfg.fill_from_sep)
                        and not (i < NROWS and len(ps[i]) == 1))
            if not ps[j] or (j >= NROWS and not cfg.sep_builds):
                return False
            a, b = CARDS[ps[i][-1]], CARDS[ps[j][-1]]
            gap = abs(a.rank - b.rank)
            return a.suit == b.suit and (gap == 1 or (cfg.wrap and gap == 12))
        return False

    def is_won(self) -> bool:
        return self.found == (13, 13, 13, 13)

    def search_moves(self) -> list[tuple]:
        """The solver's moves: :meth:`legal_moves`, tried in the order of :meth:`_order_key`
        (a heuristic: it prunes nothing, so it changes no verdict, only how soon a win is
        met)."""
        moves = self.legal_moves()
        if len(moves) > 1 and moves[0][0] != "direction":
            scored = sorted((self.apply(m)._blockage(), i) for i, m in enumerate(moves))
            moves = [moves[i] for _h, i in scored]
        return moves

    def _urgency(self, c: int) -> int:
        """How many cards of ``c``'s suit must go up before ``c`` (0: ``c`` is next); with
        the direction of its foundation still open, the smaller of the two counts."""
        su = SUIT[c]
        n = self.found[su]
        d = self.dirs[su]
        r = RANK[c] - self.cfg.base
        if d:
            return (r * d) % 13 - n
        return min(r % 13, (-r) % 13) - n

    def _blockage(self) -> int:
        """The move order's score (lower first): for the next card of each suit (weight 2)
        and the one after it (weight 1), the number of cards lying on it, times the
        weight; less 3 for each empty row. A heuristic only (see :meth:`search_moves`)."""
        tot = 0
        urg = self._urgency
        for p in self.piles_:
            top = len(p) - 1
            for k, c in enumerate(p):
                if k < top:
                    u = urg(c)
                    if u <= 1:
                        tot += (top - k) * (2 - u)
        return tot - 3 * sum(1 for p in self.piles_[:NROWS] if not p)

    def dead(self) -> bool:
        """Proofs of loss (each a rule of :data:`PRUNINGS`): :meth:`_stuck_cycle`."""
        if "stuck-separate" not in self.cfg.off and self._stuck_cycle():
            return True
        return False

    def _stuck_cycle(self) -> bool:
        """Rule ``stuck-separate`` (reading ``fill=rows-only`` only): a card of a separate
        line whose build partners (its suit, one rank up or down; K-A too under
        ``wrap=yes``) are each on a foundation or under it in the same line can leave only
        for its foundation: it may not fill an emptied row (``rows-only``), nothing is laid
        on a foundation card, and a card under it is never free while it lies there. So it
        goes up before every card under it. With each suit's foundation order (suits whose
        direction is fixed), these 'goes up before' constraints are a graph on the cards
        still out; a cycle means no order of play puts every card up: lost."""
        cfg = self.cfg
        if not self._separate_never_fills():
            return False
        ps = self.piles_
        found, dirs, b = self.found, self.dirs, cfg.base
        up = [False] * 52  # on a foundation
        pos = [0] * 52     # place in its suit's foundation order (direction fixed)
        for su in range(4):
            d = dirs[su]
            for r in range(1, 14):
                c = su * 13 + r - 1
                if d:
                    pos[c] = ((r - b) * d) % 13
                    up[c] = pos[c] < found[su]
                else:
                    up[c] = r == b
        succ: dict[int, list[int]] = {}
        stuck_any = False
        for L in (RSEP, LSEP):
            line = ps[L]
            for k in range(1, len(line)):
                below = line[:k]
                if self._only_up(line[k], below, up):
                    succ.setdefault(line[k], []).extend(below)
                    stuck_any = True
        if not stuck_any:
            return False
        for su in range(4):
            if dirs[su]:
                order = sorted((c for c in range(su * 13, su * 13 + 13) if not up[c]),
                               key=pos.__getitem__)
                for a, c in zip(order, order[1:]):
                    succ.setdefault(a, []).append(c)
        # cycle search (iterative, three colours)
        colour = {}
        for start in list(succ):
            if start in colour:
                continue
            stack = [(start, iter(succ.get(start, ())))]
            colour[start] = 1
            while stack:
                node, it = stack[-1]
                for nxt in it:
                    cn = colour.get(nxt, 0)
                    if cn == 1:
                        return True
                    if cn == 0:
                        colour[nxt] = 1
                        stack.append((nxt, iter(succ.get(nxt, ()))))
                        break
                else:
                    colour[node] = 2
                    stack.pop()
        return False

    def _separate_never_fills(self) -> bool:
        """Rule ``stuck-separate``'s reading guard: under ``fill=rows-only`` a separate-line
        card never fills an emptied row (the only way for it to leave other than a build or
        its foundation)."""
        return not self.cfg.fill_from_sep

    def _only_up(self, x: int, below, up) -> bool:
        """Rule ``stuck-separate``: can separate-line card ``x`` (lying on the cards
        ``below`` in its line; ``up[c]`` card ``c`` is on a foundation) leave only for its
        foundation? Yes when each of its build partners (its suit, one rank up or down; K-A
        too under ``wrap=yes``) is on a foundation (nothing is laid on a foundation card) or
        in ``below`` (never free while ``x`` lies on it)."""
        r = RANK[x]
        partners: tuple[int, ...] = (r - 1, r + 1)
        if self.cfg.wrap:
            partners = tuple((q - 1) % 13 + 1 for q in partners)
        base = SUIT[x] * 13 - 1
        for q in partners:
            if 1 <= q <= 13:
                z = base + q
                if not up[z] and z not in below:
                    return False
        return True

    def key(self):
        ps = self.piles_
        return (self.found, self.dirs, tuple(sorted(ps[:NROWS])), tuple(sorted(ps[NROWS:])))

    def safe_move(self):
        """A foundation move once every foundation's direction is fixed (see the module
        docstring)."""
        if not all(self.dirs) or "safe-foundation" in self.cfg.off:
            return None
        for i, p in enumerate(self.piles_):
            if p and self._fits_found(p[-1]):
                return ("found", i)
        return None

    def frees(self, move) -> bool:
        return move[0] in ("build", "fill") and len(self.piles_[move[1]]) == 1

    def piles(self):
        out = []
        b = self.cfg.base
        for k, su in enumerate(self.cfg.found_order):
            n = self.found[su]
            d = self.dirs[su] or 1
            cards = tuple(su * 13 + _next_rank(b, d, m) - 1 for m in range(n))
            out.append((f"foundation {k + 1}", 5.0, float(k), cards, "none"))
        for i in range(4):
            out.append((PILE_NAMES[i], 6.0, float(i), self.piles_[i], "right"))
        for i in range(4, 8):
            out.append((PILE_NAMES[i], 1.0, float(i - 4), self.piles_[i], "right"))
        out.append((PILE_NAMES[RSEP], 12.0, 0.0, self.piles_[RSEP], "down"))
        out.append((PILE_NAMES[LSEP], 0.0, 0.0, self.piles_[LSEP], "down"))
        return out

    def sample_hidden(self, rng) -> "FavouriteState":
        """The same position with the cards a player cannot see dealt anew: the cards that
        :meth:`visible` shows as ``None`` (foundations aside: their cards follow from the
        counts) shuffled among those places by :func:`engine.state.hidden_relabel` (``rng``
        an :class:`engine.deal.SplitMix64`), the visible cards, counts and history kept.
        The identity (``self``) where nothing is hidden. A determinisation for the
        ``careful`` player (:mod:`engine.careful`); the result is for planning only (its
        cards differ from the deal's, so it does not replay from the deal number)."""
        sigma = hidden_relabel(self, rng)
        if not sigma:
            return self
        s = self._child(None)
        s.hist = self.hist
        s.piles_ = tuple(relabelled(p, sigma) for p in self.piles_)
        return s


def new(deal: int, readings: dict[str, str] | None = None) -> FavouriteState:
    """Deal ``deal`` of the Favourite under ``readings`` (see :data:`AMBIGUITIES`)."""
    check_deal(deal)
    r = resolve(SLUG, AMBIGUITIES, readings)
    cards = shuffled(SLUG, deal, PACKS)
    base, order, piles = deal_layout(cards, r["deal-order"] == "base-in-turn")
    cfg = Config(SLUG, deal, r, base=base, found_order=order, direction=r["direction"],
                 sep_builds=r["separate"] == "build-on", wrap=r["wrap"] == "yes",
                 fill_from_sep=r["fill"] == "any-free-card")
    s = FavouriteState.__new__(FavouriteState)
    s.cfg, s.hist = cfg, None
    s.piles_ = piles
    s.found = (1, 1, 1, 1)
    s.dirs = (0, 0, 0, 0)
    return s


GAME = register(Game(SLUG, "The Favourite", __name__, PACKS, AMBIGUITIES))
