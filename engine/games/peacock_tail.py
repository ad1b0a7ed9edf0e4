"""Павлиний хвост, The Peacock's Tail (chapter XLVI): four reserves of ten; aces as
foundations, built up regardless of suit; the cards from the hand sorted by rank into an
upper semicircle in alternating colours; one waste pile; no moves between piles, no redeal.

Sentences (``peacock-tail:<n>``) and where they are executed:

1. "кладутся 4 магазина по 10 карт без всякого выбора" -- :func:`deal` (ten cards to a
   reserve, reserve after reserve; the last card laid is the free one).
2. "Тузы ... кладутся полукругом над магазинами, по мере того, как будут выходить" --
   :func:`deal` (aces from the hand) and :meth:`PeacockState.foundation_moves` (an ace
   freed in a reserve or on the waste pile starts a new foundation).
3. "ни одна карта с магазинов не кладется даже и на тузов, пока все прочие карты с рук не
   будут разложены; ... раскладываются другим полукружием над тузами ... короли ... с левой
   стороны ... до двоек" -- :func:`deal`: the whole hand is dealt before any card moves; a
   place per rank, kings to twos.
4. "кладутся по цвету мастей, т. е. на черного короля или даму класть красного" --
   :func:`deal` (a card goes on its rank's place only on a card of the other colour, or
   on the empty place).
5. "Те карты, которые не идут на верхнее полукружие, кладутся в одну общую сборную кучку"
   -- :func:`deal`.
6. "Когда ... разложены все карты из рук, тогда только ... начинают класть карты на места
   начальные, непременно стараясь, чтобы с магазинов и со сборного места все карты сошли
   прежде" and
7. "Кладутся же все они на тузов, без соблюдения мастей возвышающимся порядком ...
   преимущественно ... с магазинов и с нижней кучки; а если там нет, тогда уже с верхнего
   полукружия" -- :meth:`PeacockState.foundation_moves` (reading ``upper``).
8. "Переводы никакие здесь не допущены, равно и перекладывать другой раз нельзя; даже по
   недостатку в верхнем круге какой-либо карты нельзя на ее место класть с магазинов или со
   сборной кучки" -- :meth:`PeacockState.legal_moves` (no other kind of move exists),
   :meth:`PeacockState.over_reason`.

The deal leaves the player nothing to decide; in the play the player chooses which free card
of the wanted rank goes up (a reserve's, the waste pile's or the semicircle's).

Solver: suits play no part after the deal and the foundations are alike, so the key holds
ranks only, the foundations as a sorted tuple, the reserves sorted and each place of the
semicircle as its number of cards (a place holds one rank only and nothing is laid on it
after the deal). Its automatic moves, dominated moves, proof of loss and key folds are named,
with their arguments, in :data:`PRUNINGS`.
"""
from __future__ import annotations

from ..cards import RANK, SUIT
from ..deal import check_deal, shuffled
from ..readings import Ambiguity, Reading, resolve
from ..registry import executes
from ..state import Config, State, hidden_relabel, relabelled
from . import Game, register

SLUG = "peacock-tail"
PACKS = 2  # the default reading; ``new`` deals one pack under ``packs=one``
PLAYER_HAS_CHOICE = True
NRES = 4
WASTE = 4          # source 4 is the waste pile
UP0 = 5            # sources 5..16: the semicircle's places for ranks 2..13 (UP0 + rank - 2)

#: The solver's pruning rules (name -> argument); each is gated on ``name not in cfg.off``.
PRUNINGS = {
    "ace-up":
        "An ace goes up automatically: it starts a new foundation, so it takes no place "
        "another card could use and only adds a place to build on; it frees the card "
        "beneath it.",
    "lowest-up":
        "Under ``upper=advice``, a free card of rank r goes up automatically when every "
        "foundation of the game (4 per pack, those not yet begun counting as 0) shows at "
        "least r - 1: then there are as many foundations showing r - 1 as cards of rank r "
        "not yet home, so no card of rank r ever waits for a place; playing it now only "
        "frees the card beneath it earlier (nothing is laid on a pile after the deal, so a "
        "free card stays free) and any line can be followed with it played first. Under "
        "``upper=rule`` a freed card can forbid a semicircle move, so the rule is off.",
    "pile-room":
        "Under ``upper=advice``, a reserve's or the waste's top card of rank r goes up "
        "automatically when more foundations show r - 1 than the other reserves and the "
        "waste pile (all but its own pile) hold cards of rank r. Take a winning line, play "
        "this card first, and skip the line's first semicircle card of rank r before the "
        "card's own move, played instead where the card was (a semicircle card is free at "
        "any time); until then the only other cards of rank r to go up are those of the other "
        "piles (its own pile's lie beneath it), and each still finds a foundation showing "
        "r - 1; one more foundation shows r (which only helps), and the card beneath is freed "
        "earlier; afterwards the lines agree.",
    "semicircle-dominated":
        "A semicircle card of a rank that a reserve's or the waste pile's top card could "
        "take up instead is not tried: nothing is ever laid on a reserve or the waste, so "
        "the semicircle card stays free for later, while the other card, moved up instead, "
        "frees the card beneath it; any play after the semicircle move can be mimicked "
        "after the other (suits play no part on the foundations).",
    "lazy-semicircle":
        "Under ``upper=advice``, a semicircle card of rank r < 13 is not tried while some "
        "foundation already shows r. Take a winning line and its longest opening run of such "
        "moves (it is not the whole line: the last card of a win is a king); the move m after "
        "the run is legal now (the run only adds foundations showing ranks that some "
        "foundation shows already, and frees no card). If the run holds a semicircle card of "
        "m's rank, put m in the first such card's place and that card in m's place (the same "
        "change to the foundations, and a semicircle card is free at any time): the run gets "
        "shorter. Else play m first: the run's moves do not need what m takes. Repeating, a "
        "winning line starts with a move this rule keeps. Under ``upper=rule`` a moved card "
        "could be forbidden, so the rule is off.",
    "chain-semicircle":
        "Under ``upper=advice``, while a reserve or the waste pile holds a card, a semicircle "
        "card of rank j is tried only as the first of a chain j, j + 1, ..., R - 1 of "
        "semicircle cards that lifts a foundation showing j - 1 to take a reserve's or the "
        "waste's top card of rank R, no foundation showing any rank from j to R - 1. Take a "
        "winning line and replay its pile moves in order, putting before each the fewest "
        "semicircle cards it needs: going down from R - 1 while no foundation shows the rank "
        "below, each card needed is one the line has played by then and this replay not yet "
        "(the line's counts of cards up stay at least the replay's, rank by rank), and the "
        "chain stops above the aces (no ace lies in the semicircle); the semicircle cards "
        "left go up at the end, lowest first. The replay wins and starts with a pile move "
        "or such a chain.",
    "blocked-rank":
        "Proof of loss: when no foundation has yet reached rank k (k >= 2), the semicircle "
        "has no card of rank k, and every card of rank k not yet home lies under a card of "
        "higher rank in its reserve or the waste pile, the position is lost: the first card "
        "of rank k to go up must be freed first, and its cover of rank above k needs a "
        "foundation that has already taken a k.",
    "pile-lead":
        "Proof of loss by counting: a foundation showing r changes only when a card of "
        "rank r + 1 goes on it, so from now on the cards of rank r + 1 gone up never "
        "outnumber those of rank r gone up by more than the foundations showing r now. "
        "Going down a reserve or the waste pile from its top, the cards above must go up "
        "first, so this bounds from below how many cards of each rank from elsewhere (the "
        "semicircle, the other piles) must be up by the time each card of the pile goes; "
        "if that exceeds the cards of that rank elsewhere, the pile can never be emptied and "
        "the position is lost.",
    "rank-queue":
        "Proof of loss by counting: until a card of rank k in a reserve or the waste pile "
        "goes up, the cards of rank k gone up are the semicircle's and those of the piles "
        "gone up before it. The cards above it must go up first, which needs (counting as "
        "rule pile-lead does, through the foundations showing each rank) a least number of "
        "cards of rank k gone up; so it can go up only after at least that number less the "
        "semicircle's cards of rank k of the piles' cards of rank k. If no order of the "
        "piles' cards of rank k (each pile's from its top down) meets these least numbers, "
        "some pile can never be emptied and the position is lost.",
    "pile-pair":
        "Proof of loss by counting over two piles at once (two reserves, or a reserve and "
        "the waste pile): from now on the cards of rank r + 1 gone up never outnumber those "
        "of rank r gone up by more than the foundations showing r now. Each pile goes up from "
        "its top down, so a win passes, card after card of the two piles, through every pair "
        "(top part of the one, top part of the other) of a monotone path; at each such pair "
        "the least counts of each rank that the two top parts force (following the ranks "
        "down) must be made up by cards from elsewhere (the semicircle and the other piles, "
        "taken as free). If no monotone path from both piles full to both empty passes only "
        "through pairs that can be made up, the two piles can never both be emptied and the "
        "position is lost.",
    "key-ranks-only":
        "Suits play no part after the deal (foundations are built regardless of suit) and "
        "the foundations are alike, so the key holds ranks only, the foundations sorted, "
        "and each semicircle place as its number of cards (one rank to a place, nothing "
        "laid on it after the deal).",
    "key-reserves-alike":
        "The four reserves are alike (each is a pile whose top card is free), so the key "
        "sorts them.",
}

AMBIGUITIES = (
    Ambiguity(
        "packs",
        "The text never says how many packs are used.",
        ("peacock-tail:1", "peacock-tail:3"),
        (Reading("two", "two packs (104 cards): 40 in the reserves, 64 from the hand"),
         Reading("one", "one pack (52 cards): 40 in the reserves, 12 from the hand")),
        "two",
        "peacock-tail:1 puts forty cards in the reserves: with one pack only twelve would be "
        "left for the hand, yet peacock-tail:3-4 sort 'все короли', 'все дамы' into places "
        "where red and black alternate, which needs many cards of each rank.",
    ),
    Ambiguity(
        "upper",
        "peacock-tail:7 'преимущественно ... с магазинов и с нижней кучки; а если там нет, "
        "тогда уже с верхнего полукружия': a rule or advice?",
        ("peacock-tail:6", "peacock-tail:7"),
        (Reading("advice", "a card of the semicircle may go up at any time; taking the "
                 "reserves' and the waste pile's cards first is advice"),
         Reading("rule", "a card of the semicircle may go up only when no reserve or waste "
                 "card can", restricts="advice")),
        "advice",
        "'преимущественно' (preferably) and peacock-tail:6 'непременно стараясь' (trying "
        "by all means) give advice on how to play, not a prohibition.",
    ),
    Ambiguity(
        "reserves",
        "How are the reserves dealt, and which of their cards are free?",
        ("peacock-tail:1",),
        (Reading("ten-each-top-free", "ten cards to a reserve, one reserve after another, "
                 "squared: only the top (last laid) card is free"),),
        "ten-each-top-free",
        "Plain: peacock-tail:1 'кладутся 4 магазина по 10 карт без всякого выбора'; a "
        "'магазин' is a stock pile from which the top card is taken.",
    ),
    Ambiguity(
        "aces",
        "When do aces start foundations, and may a freed ace of a reserve or the waste start "
        "one?",
        ("peacock-tail:2",),
        (Reading("as-they-come", "every ace starts a foundation as it comes out: from the "
                 "hand at once, from a reserve or the waste pile when freed"),),
        "as-they-come",
        "Plain: peacock-tail:2 'Тузы здесь составляют всегда начальные карты и кладутся "
        "полукругом над магазинами, по мере того, как будут выходить'.",
    ),
    Ambiguity(
        "semicircle",
        "Which cards of the hand go on the upper semicircle, and which to the waste?",
        ("peacock-tail:3", "peacock-tail:4", "peacock-tail:5"),
        (Reading("alternate-colour", "a card goes on its rank's place if that is empty or "
                 "shows a card of the other colour; otherwise on the waste pile"),),
        "alternate-colour",
        "Plain: peacock-tail:4 'кладутся по цвету мастей, т. е. на черного короля или даму "
        "класть красного'; :5 'Те карты, которые не идут на верхнее полукружие, кладутся в "
        "одну общую сборную кучку'.",
    ),
    Ambiguity(
        "no-play-during-deal",
        "May a card go up while the hand is being dealt?",
        ("peacock-tail:3", "peacock-tail:6"),
        (Reading("after-the-deal", "no card goes up (but aces) until the whole hand is "
                 "dealt"),),
        "after-the-deal",
        "Plain: peacock-tail:3 'ни одна карта с магазинов не кладется даже и на тузов, пока "
        "все прочие карты с рук не будут разложены'; :6 'тогда только, а не прежде'.",
    ),
    Ambiguity(
        "other-moves",
        "Is any move other than to a foundation allowed: building, a redeal, filling a gap "
        "of the semicircle?",
        ("peacock-tail:8",),
        (Reading("none", "none: the only move is a free card to a foundation"),),
        "none",
        "Plain: peacock-tail:8 'Переводы никакие здесь не допущены, равно и перекладывать "
        "другой раз нельзя; даже по недостатку в верхнем круге какой-либо карты нельзя на ее "
        "место класть с магазинов или со сборной кучки'.",
    ),
    Ambiguity(
        "foundation-choice",
        "When several foundations show the rank below, which takes the card?",
        ("peacock-tail:7",),
        (Reading("any", "any of them: they are alike"),),
        "any",
        "Plain: peacock-tail:7 'Кладутся же все они на тузов, без соблюдения мастей': with "
        "suits disregarded, foundations showing the same rank are interchangeable.",
    ),
)


def _red(c: int) -> bool:
    return SUIT[c] in (1, 2)


@executes("peacock-tail:1", "peacock-tail:2", "peacock-tail:3", "peacock-tail:4",
          "peacock-tail:5")
def deal(cards) -> tuple[tuple, tuple, tuple, tuple]:
    """Deal the pack: four reserves of ten (bottom first), then the hand card by card: an ace
    starts a foundation, another card goes on its rank's place of the semicircle if that is
    empty or shows the other colour, else on the waste pile. Returns (reserves, the aces that
    start foundations, in the order dealt, semicircle places for ranks 2..13, waste pile)."""
    reserves = tuple(tuple(cards[10 * i:10 * i + 10]) for i in range(NRES))
    up: list[list[int]] = [[] for _ in range(12)]
    waste = []
    aces = []
    for c in cards[40:]:
        r = RANK[c]
        if r == 1:
            aces.append(c)
            continue
        place = up[r - 2]
        if not place or _red(place[-1]) != _red(c):
            place.append(c)
        else:
            waste.append(c)
    return reserves, tuple(aces), tuple(tuple(p) for p in up), tuple(waste)


def _stuck(queues, free: int) -> bool:
    """Rule ``rank-queue``: ``queues`` holds, for each pile, the least numbers of cards of
    one rank gone up before each of its cards of that rank can go (top down); ``free`` the
    semicircle's cards of the rank. True if no order of the piles' cards (each pile top down)
    lets each go only after at least its least number less ``free`` of the piles' cards."""
    at = [0] * len(queues)
    done, left = 0, sum(len(q) for q in queues)
    while done < left:
        for i, q in enumerate(queues):
            if at[i] < len(q) and q[at[i]] <= free + done:
                at[i] += 1
                done += 1
                break
        else:
            return True
    return False


def _pair_path(pa, pb, shows, free) -> bool:
    """Rule ``pile-pair``: is there a monotone path from both piles full to both empty
    (``pa``, ``pb`` their ranks, top first) through pairs of top parts whose least counts,
    closed down the ranks through the foundations showing each rank (``shows``), exceed the
    cards of no rank from elsewhere (``free``) by more than the top parts hold? Depth-first,
    each pair met once; along the path the least counts are closed step by step: a card of
    rank x raises x, then the ranks below it while they must rise (no rank below the ace)."""
    la, lb = len(pa), len(pb)
    seen = set()
    stack = [(0, 0, [0] * 14, [0] * 14)]     # (a, b, least, need): need closes least
    while stack:
        a, b, least, need = stack.pop()
        if a == la and b == lb:
            return True
        for k in (1, 0):                     # pushed last, tried first: the first pile
            if k == 0:
                if b == lb:
                    continue
                na, nb, x = a, b + 1, pb[b]
            else:
                if a == la:
                    continue
                na, nb, x = a + 1, b, pa[a]
            if (na, nb) in seen:
                continue
            seen.add((na, nb))
            le = list(least)
            le[x] += 1
            ne = list(need)
            ok = True
            if le[x] > ne[x]:
                ne[x] = le[x]
                r = x
                while r > 1:
                    d = r - 1
                    q = ne[r] - shows[d]
                    if q <= ne[d]:
                        break
                    ne[d] = q
                    if q - le[d] > free[d]:
                        ok = False
                        break
                    r = d
            if ok:
                stack.append((na, nb, le, ne))
    return False


def _foundation_cards(laid: tuple | None) -> list[tuple[int, ...]]:
    """The cards on each foundation (bottom first, foundations in the order begun) from the
    chain of cards sent home (:attr:`PeacockState.laid`, last first): an ace begins a
    foundation, any other card goes on the first whose top is the rank below. Which of two
    such foundations takes it no rule says, nor does it matter to play (suits play no part):
    this is the drawing's choice only."""
    cards = []
    while laid is not None:
        c, laid = laid
        cards.append(c)
    out: list[tuple[int, ...]] = []
    for c in reversed(cards):
        r = RANK[c]
        if r == 1:
            out.append((c,))
        else:
            k = next(i for i, p in enumerate(out) if RANK[p[-1]] == r - 1)
            out[k] += (c,)
    return out


class PeacockState(State):
    """``reserves`` 4 tuples (bottom first); ``waste`` (bottom first); ``up`` the 12 places
    of the semicircle (ranks 2..13); ``found`` top ranks of the foundations (sorted);
    ``laid`` the cards sent home, last first, as a chain ``(card, earlier chain)`` (None: none),
    for the drawing only (:meth:`piles`, :func:`_foundation_cards`): the rules and the
    solver's key read ``found`` alone, since suits play no part there; a chain costs a move
    one pair."""

    __slots__ = ("reserves", "waste", "up", "found", "laid")
    reserves: tuple[tuple[int, ...], ...]
    waste: tuple[int, ...]
    up: tuple[tuple[int, ...], ...]
    found: tuple[int, ...]
    laid: tuple | None

    def _child(self, move):
        s = PeacockState.__new__(PeacockState)
        s.cfg = self.cfg
        s.hist = (move, self.hist)
        s.reserves, s.waste, s.up, s.found = self.reserves, self.waste, self.up, self.found
        s.laid = self.laid
        return s

    def _src_card(self, src: int) -> int | None:
        if src < NRES:
            p = self.reserves[src]
        elif src == WASTE:
            p = self.waste
        else:
            p = self.up[src - UP0]
        return p[-1] if p else None

    def _goes(self, c: int) -> bool:
        r = RANK[c]
        return r == 1 or (r - 1) in self.found

    @executes("peacock-tail:2", "peacock-tail:6", "peacock-tail:7")
    def foundation_moves(self) -> list[tuple]:
        """Free cards that go up: an ace to a new foundation, any other card on a foundation
        of the rank below, whatever the suit (peacock-tail:7); the reserves and the waste
        pile first; the semicircle's (reading ``upper=rule``: only when none of those can)."""
        out = []
        for src in range(NRES + 1):
            c = self._src_card(src)
            if c is not None and self._goes(c):
                out.append(("found", src))
        if out and self.cfg.upper_rule:
            return out
        for r in range(2, 14):
            if self.up[r - 2] and (r - 1) in self.found:
                out.append(("found", UP0 + r - 2))
        return out

    @executes("peacock-tail:8")
    def legal_moves(self) -> list[tuple]:
        """The moves of the game: only :meth:`foundation_moves`. 'Переводы никакие здесь не
        допущены' (no building), 'перекладывать другой раз нельзя' (no redeal), and no card
        fills a gap of the semicircle (peacock-tail:8)."""
        if self.is_won():
            return []
        return self.foundation_moves()

    def search_moves(self) -> list[tuple]:
        """The solver's moves: :meth:`legal_moves` less a semicircle card of a rank that a
        reserve's or the waste pile's top card could take up instead. Such a move is
        dominated: nothing is ever laid on a reserve or the waste, so the semicircle card
        stays free for later, while the reserve or waste card, moved up instead, frees the
        card beneath it; any play after the semicircle move can be mimicked after the other
        (suits play no part on the foundations). Under ``upper=advice`` also less the
        semicircle moves of rules ``chain-semicircle`` (:meth:`_chains`) and
        ``lazy-semicircle`` (:meth:`_lazy`). Tried lowest card first
        (:meth:`_order_key`)."""
        moves = self.legal_moves()
        off = self.cfg.off
        if "chain-semicircle" not in off and not self.cfg.upper_rule:
            moves = self._chains(moves)
        if "lazy-semicircle" not in off and not self.cfg.upper_rule:
            moves = self._lazy(moves)
        if "semicircle-dominated" not in off:
            low = {RANK[self._src_card(m[1])] for m in moves if m[1] <= WASTE}  # type: ignore[index]  # a legal move's source pile is never empty
            if low:
                moves = [m for m in moves
                         if m[1] <= WASTE or RANK[self._src_card(m[1])] not in low]  # type: ignore[index]  # as above
        if len(moves) > 1:
            moves = sorted(moves, key=self._order_key)
        return moves

    def _order_key(self, m):
        """The solver tries the lower cards first (a heuristic: it prunes nothing), a
        reserve's or the waste's before the semicircle's, the pile with more cards first."""
        src = m[1]
        if src > WASTE:
            return (src - UP0 + 2, 1, 0)
        p = self.reserves[src] if src < NRES else self.waste
        return (RANK[p[-1]], 0, -len(p))

    def _chains(self, moves):
        """Rule ``chain-semicircle`` of :data:`PRUNINGS` (``upper=advice`` only): while a
        reserve or the waste pile holds a card, a semicircle card of rank j is tried only as
        the first of a chain j, j + 1, ..., R - 1 of semicircle cards that lifts a foundation
        showing j - 1 to take a reserve's or the waste's top card of rank R, no foundation
        showing any rank from j to R - 1. Take a winning line and replay its pile moves in
        order, putting before each the fewest semicircle cards it needs: going down from
        R - 1 while no foundation shows the rank below, each card needed is one the line has
        played by then and this replay not yet (the line's counts of cards up stay at least
        the replay's, rank by rank), and the chain stops above the aces (no ace lies in the
        semicircle); the semicircle cards left go up at the end, lowest first. The replay
        wins and starts with a pile move or such a chain."""
        tops = [p[-1] for p in self.reserves if p]
        if self.waste:
            tops.append(self.waste[-1])
        if not tops:
            return moves
        found = self.found
        up = self.up
        starts = set()
        for c in tops:
            j = RANK[c] - 1
            if j < 2 or j in found:
                continue
            while j >= 2 and up[j - 2] and j not in found:
                if j - 1 in found:
                    starts.add(j)
                    break
                j -= 1
        return [m for m in moves if m[1] <= WASTE or m[1] - UP0 + 2 in starts]

    def _lazy(self, moves):
        """Rule ``lazy-semicircle`` of :data:`PRUNINGS` (``upper=advice`` only): a
        semicircle card of rank r < 13 is not tried while some foundation already shows r.
        Take a winning line and its longest opening run of such moves (it is not the whole
        line: the last card of a win is a king); the move m after the run is legal now (the
        run only adds foundations showing ranks that some foundation shows already, and
        frees no card). If the run holds a semicircle card of m's rank, put m in the first
        such card's place and that card in m's place (the same change to the foundations,
        and a semicircle card is free at any time): the run gets shorter. Else play m
        first: the run's moves do not need what m takes. Repeating, a winning line starts
        with a move this rule keeps."""
        found = self.found
        return [m for m in moves
                if m[1] <= WASTE or m[1] - UP0 + 2 == 13 or m[1] - UP0 + 2 not in found]

    def apply(self, move):
        s = self._child(move)
        src = move[1]
        if src < NRES:
            rs = list(self.reserves)
            c = rs[src][-1]
            rs[src] = rs[src][:-1]
            s.reserves = tuple(rs)
        elif src == WASTE:
            c = self.waste[-1]
            s.waste = self.waste[:-1]
        else:
            u = list(self.up)
            c = u[src - UP0][-1]
            u[src - UP0] = u[src - UP0][:-1]
            s.up = tuple(u)
        r = RANK[c]
        f = list(self.found)
        if r == 1:
            f.append(1)
        else:
            f[f.index(r - 1)] = r
        f.sort()
        s.found = tuple(f)
        s.laid = (c, self.laid)
        return s

    def is_legal(self, move) -> bool:
        if not (isinstance(move, tuple) and len(move) == 2 and move[0] == "found"):
            return False
        src = move[1]
        if not isinstance(src, int) or not 0 <= src < UP0 + 12:
            return False
        c = self._src_card(src)
        if c is None:
            return False
        r = RANK[c]
        if not (r == 1 or (r - 1) in self.found):
            return False
        if src >= UP0 and self.cfg.upper_rule:
            for s2 in range(NRES + 1):
                d = self._src_card(s2)
                if d is not None and (RANK[d] == 1 or (RANK[d] - 1) in self.found):
                    return False
        return True

    def is_won(self) -> bool:
        return (not self.waste and not any(self.reserves) and not any(self.up))

    def key(self):
        """Ranks only, reserves sorted (rules ``key-ranks-only``, ``key-reserves-alike``)."""
        off = self.cfg.off
        if off:
            fold = (lambda p: p) if "key-ranks-only" in off else (
                lambda p: tuple(RANK[c] for c in p))
            res = [fold(p) for p in self.reserves]
            if "key-reserves-alike" not in off:
                res.sort()
            return (self.found, tuple(res), fold(self.waste),
                    self.up if "key-ranks-only" in off else tuple(len(p) for p in self.up))
        return (self.found, tuple(sorted(tuple(RANK[c] for c in p) for p in self.reserves)),
                tuple(RANK[c] for c in self.waste), tuple(len(p) for p in self.up))

    def safe_move(self):
        """An ace to a new foundation (rule ``ace-up``); under ``upper=advice`` a free card
        of rank r when every foundation shows at least r - 1 (rule ``lowest-up``), or a
        reserve's or the waste's top card with room for every card of its rank in the other
        piles (rule ``pile-room``, :meth:`_pile_room`). None otherwise."""
        off = self.cfg.off
        if "ace-up" not in off:
            for src in range(NRES + 1):
                c = self._src_card(src)
                if c is not None and RANK[c] == 1:
                    return ("found", src)
        if self.cfg.upper_rule:
            return None
        nf = self.cfg.packs * 4
        if "lowest-up" not in off:
            low = self.found[0] if len(self.found) == nf else 0  # found is sorted
            if low:
                for src in range(NRES + 1):
                    c = self._src_card(src)
                    if c is not None and RANK[c] == low + 1:
                        return ("found", src)
                if low + 1 <= 13 and self.up[low - 1]:
                    return ("found", UP0 + low - 1)
        if "pile-room" not in off:
            return self._pile_room()
        return None

    def _pile_room(self):
        """Rule ``pile-room`` of :data:`PRUNINGS` (``upper=advice`` only): a reserve's or
        the waste's top card of rank r goes up when more foundations show r - 1 than the
        other reserves and the waste pile (all but its own pile) hold cards of rank r. Take
        a winning line, play this card first, and skip the line's first semicircle card of
        rank r before the card's own move, played instead where the card was (a semicircle
        card is free at any time); until then the only other cards of rank r to go up are
        those of the other piles (its own pile's lie beneath it), and each still finds a
        foundation showing r - 1; one more foundation shows r (which only helps), and the
        card beneath is freed earlier; afterwards the lines agree. The piles' cards of rank r
        are those neither up (one per foundation showing r or more) nor in the semicircle.
        O(cards of the piles with room)."""
        found = self.found
        total = 4 * self.cfg.packs              # cards of each rank in the game
        for src, p in enumerate(self.reserves + (self.waste,)):
            if not p:
                continue
            r = RANK[p[-1]]
            room = found.count(r - 1)
            if not room:
                continue
            # the piles' cards of rank r: those neither up nor in the semicircle
            n = total - sum(1 for f in found if f >= r) - len(self.up[r - 2])
            if n - sum(1 for c in p if RANK[c] == r) + 1 <= room:
                return ("found", src)
        return None

    def dead(self) -> bool:
        """Proof of loss (rule ``blocked-rank`` of :data:`PRUNINGS`): some rank k above
        every foundation has no card in the semicircle and every card of it not yet home
        lies under a card of higher rank. O(cards). Then the counting proofs of rules
        ``pile-lead`` and ``rank-queue`` (:meth:`_counting_dead`)."""
        off = self.cfg.off
        if "blocked-rank" in off:
            return self._more_dead(off)
        top = max(self.found, default=0)
        if top >= 12:
            return self._more_dead(off)
        present = [False] * 14      # a card of the rank lies in a reserve or the waste
        free = [False] * 14         # ... with no card of higher rank above it
        for p in self.reserves + (self.waste,):
            above = 0
            for c in reversed(p):
                r = RANK[c]
                present[r] = True
                if r >= above:
                    free[r] = True
                    above = r
        for k in range(max(top + 1, 2), 14):
            if present[k] and not free[k] and not self.up[k - 2]:
                return True
        return self._more_dead(off)

    def _more_dead(self, off) -> bool:
        """The proofs of rules ``pile-lead`` and ``rank-queue`` (:meth:`_counting_dead`),
        then ``pile-pair`` (:meth:`_pair_dead`), unless off."""
        lead = "pile-lead" not in off
        queue = "rank-queue" not in off
        if (lead or queue) and self._counting_dead(lead, queue):
            return True
        return "pile-pair" not in off and self._pair_dead()

    def _counting_dead(self, lead: bool, queue: bool) -> bool:
        """The counting proofs of loss, in one walk down each pile (top first) that bounds
        from below how many cards of each rank must be up by the time each card of the pile
        goes: a foundation showing r changes only when a card of rank r + 1 goes on it, so
        from now on the cards of rank r + 1 gone up never outnumber those of rank r gone up
        by more than the foundations showing r now; the cards above a card must go up first.

        Rule ``pile-lead`` (``lead``): going down a reserve or the waste pile from its top,
        if the least number of some rank exceeds the cards of that rank elsewhere (the
        semicircle, the other piles) plus those of the top part, the pile can never be
        emptied and the position is lost.

        Rule ``rank-queue`` (``queue``): until a card of rank k in a reserve or the waste
        pile goes up, the cards of rank k gone up are the semicircle's and those of the
        piles gone up before it. The cards above it must go up first, which needs a least
        number of cards of rank k gone up; so it can go up only after at least that number
        less the semicircle's cards of rank k of the piles' cards of rank k. If no order of
        the piles' cards of rank k (each pile's from its top down) meets these least
        numbers, some pile can never be emptied and the position is lost. Any order taking
        whichever card is ready finds one if there is one (a card once ready stays ready),
        so the test (:func:`_stuck`) is greedy. O(13 * cards)."""
        shows = [0] * 14
        for f in self.found:
            shows[f] += 1
        piles = [[RANK[c] for c in reversed(p)]          # top first
                 for p in self.reserves + (self.waste,) if p]
        if lead:
            where = [0] * 14                 # cards of each rank in the semicircle and piles
            for j in range(2, 14):
                where[j] = len(self.up[j - 2])
            for rp in piles:
                for r in rp:
                    where[r] += 1
        queues: list[list[list[int]]] = [[] for _ in range(14)]  # per rank: each pile's least numbers
        for rp in piles:
            if lead:
                out = list(where)            # cards of each rank outside this pile
                for r in rp:
                    out[r] -= 1
            mine: list = [None] * 14          # per rank: this pile's queue, once met
            cnt = [0] * 14                   # cards of each rank in the top part so far
            total = [0] * 15                 # least gone up of each rank when it is done
            for a in rp:
                if queue:
                    if mine[a] is None:
                        mine[a] = []
                        queues[a].append(mine[a])
                    mine[a].append(total[a])     # k's gone up before this card can go
                cnt[a] += 1
                r = a
                while r >= 1:
                    t = total[r] + (1 if r == a else 0)   # own card, or outside ones kept
                    need = total[r + 1] - shows[r] if r < 13 else 0
                    if need > t:
                        t = need
                    if t == total[r]:
                        break
                    total[r] = t
                    if lead and t - cnt[r] > out[r]:
                        return True
                    r -= 1
        if queue:
            for k in range(1, 14):
                if queues[k] and _stuck(queues[k], len(self.up[k - 2]) if k >= 2 else 0):
                    return True
        return False

    def _pair_dead(self) -> bool:
        """Proof of loss (rule ``pile-pair`` of :data:`PRUNINGS`), by counting over two
        piles at once (two reserves, or a reserve and the waste pile): from now on the cards
        of rank r + 1 gone up never outnumber those of rank r gone up by more than the
        foundations showing r now. Each pile goes up from its top down, so a win passes,
        card after card of the two piles, through every pair (top part of the one, top part
        of the other) of a monotone path; at each such pair the least counts of each rank
        that the two top parts force (following the ranks down) must be made up by cards
        from elsewhere (the semicircle and the other piles, taken as free). If no monotone
        path from both piles full to both empty passes only through pairs that can be made
        up, the two piles can never both be emptied and the position is lost. (Under
        ``upper=rule`` the semicircle is taken as free too: a relaxation, so still a
        proof.) O(pairs of piles * 13 * pairs of top parts)."""
        shows = [0] * 14
        for f in self.found:
            shows[f] += 1
        piles = [[RANK[c] for c in reversed(p)]          # top first
                 for p in self.reserves + (self.waste,) if p]
        if len(piles) < 2:
            return False
        where = [0] * 14                 # cards of each rank in the semicircle and piles
        for j in range(2, 14):
            where[j] = len(self.up[j - 2])
        for rp in piles:
            for r in rp:
                where[r] += 1
        for i in range(len(piles)):
            for j in range(i + 1, len(piles)):
                pa, pb = piles[i], piles[j]
                free = list(where)           # the cards outside the two piles
                for r in pa:
                    free[r] -= 1
                for r in pb:
                    free[r] -= 1
                if not _pair_path(pa, pb, shows, free):
                    return True
        return False

    def frees(self, move) -> bool:
        return move[1] <= WASTE

    @executes("peacock-tail:8")
    def over_reason(self) -> str:
        """Why the game ended: won, or no free card goes up and nothing else may be done
        (peacock-tail:8); "" while it goes on."""
        if self.is_won():
            return "won"
        if self.legal_moves():
            return ""
        return "no free card goes up; no moves between piles and no redeal (peacock-tail:8)"

    def piles(self):
        shown = _foundation_cards(self.laid)
        out = []
        for k in range(self.cfg.packs * 4):
            out.append((f"foundation {k + 1}", 2.0 + k, 2.0,
                        shown[k] if k < len(shown) else (), "none"))
        for r in range(13, 1, -1):
            out.append((f"semicircle {r}", float(13 - r), 0.0, self.up[r - 2], "down"))
        for i in range(NRES):
            out.append((f"reserve {i + 1}", 2.0 + 2 * i, 3.0, self.reserves[i], "down"))
        out.append(("waste", 5.0, 7.0, self.waste, "none"))
        return out

    def sample_hidden(self, rng) -> "PeacockState":
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
        s.reserves = tuple(relabelled(p, sigma) for p in self.reserves)
        s.up = tuple(relabelled(p, sigma) for p in self.up)
        s.waste = relabelled(self.waste, sigma)
        return s


def new(deal_no: int, readings: dict[str, str] | None = None) -> PeacockState:
    """Deal ``deal_no`` of the Peacock's Tail under ``readings`` (see :data:`AMBIGUITIES`)."""
    check_deal(deal_no)
    r = resolve(SLUG, AMBIGUITIES, readings)
    packs = 2 if r["packs"] == "two" else 1
    reserves, aces, up, waste = deal(shuffled(SLUG, deal_no, packs))
    cfg = Config(SLUG, deal_no, r, packs=packs, upper_rule=r["upper"] == "rule")
    s = PeacockState.__new__(PeacockState)
    s.cfg, s.hist = cfg, None
    s.reserves, s.waste, s.up = reserves, waste, up
    s.found = (1,) * len(aces)
    s.laid = None
    for a in aces:
        s.laid = (a, s.laid)
    return s


GAME = register(Game(SLUG, "The Peacock's Tail", __name__, PACKS, AMBIGUITIES))
