"""Густая колонна, The Dense Column (chapter XLVI; a second text on page 13): two packs; four
aces built up and four kings built down in suit; twelve places round them.

Sentences (``dense-column:<n>``) and where they are executed:

1. "выбрать из обеих колод четырех тузов и четырех королей, по одному каждой масти ... тузов
   на одну сторону, а королей на другую" and the first card "на левую сторону несколько
   подалее от верхнего туза" -- :func:`take_out` and :data:`DEAL_ORDER`.
2. the order of the twelve places: the upper left corner, beside the four aces (sideways),
   the lower left corner, then the same on the right by the kings -- :data:`DEAL_ORDER`
   (the text skips "the fifth": the engine lays it beside the fourth ace, the
   editorial reading ``fifth-card``) and
   :meth:`ColumnState.turn` (one card at a time round the places).
3. "на тузов накладываются возвышающимся порядком ... а на королей понижающимся" --
   :meth:`ColumnState.fits` (in suit, sentence 4).
4. "карты с флангов или с углов ... идут всюду ... а с тех мест, которые подле королей и
   тузов ... только на смежные или начальные карты" and
5. "... она идет только на этого туза ... места, с которых сняты карты на начальные кучки,
   особыми картами не закладываются и ... порядок раскладывания ... никогда не нарушается"
   -- :meth:`ColumnState.foundation_moves`, :meth:`ColumnState.side_restricted` (reading
   ``side-places``) and
   :meth:`ColumnState.turn` (an emptied place gets its next card only when the round
   comes to it).
6. "Когда ... разложены все карты обеих колод, тогда можно переходить с места на место без
   различия и по произволу ... по мастям" -- :meth:`ColumnState.build_moves` (reading
   ``build``).
7. "Те места, которые после переводов останутся пустыми, не замещаются ничем" --
   :meth:`ColumnState.build_moves` (never onto an empty place).
8. "Когда уже и после переводов нечего будет класть на места начальные, тогда все боковые
   двенадцать кучек собираются вместе, начиная с левой верхней угловой, и не тасуя
   раскладывают их прежним порядком вновь" -- :func:`gather` (reading ``gather``) and
   :meth:`ColumnState.redeal_moves` (only when no card can go to a foundation).
9. "Это повторяется до трех раз, если после второго раза пасьянс не вышел" --
   :meth:`ColumnState.redeal_moves` (reading ``deals``).
10. "После каждого раза допускаются переводы, но только не с начальных мест" --
   :meth:`ColumnState.build_moves` (builds again after every deal, never from a foundation).

Places (``DEAL_ORDER``): 0 upper left corner, 1-4 beside the aces (top to bottom), 5 lower
left corner, 6 upper right corner, 7-10 beside the kings, 11 lower right corner. Foundations
0-3 the aces (spades, hearts, diamonds, clubs, top to bottom), 4-7 the kings in the same order.
Each place is a pile; its last card is on top and the only one free.

The solver's only automatic move: turning the next card when no card can go to a
foundation during a deal (the only legal move then). Its proof of loss (``stuck-card``,
:meth:`ColumnState.dead`): in the last deal, a card that can never leave its place.
"""
from __future__ import annotations

from ..cards import CARDS, RANK, SUIT
from ..deal import check_deal, shuffled
from ..readings import Ambiguity, Reading, decision, resolve
from ..registry import executes
from ..state import Config, State, hidden_relabel, relabelled
from . import Game, register

SLUG = "dense-column"
PACKS = 2
PLAYER_HAS_CHOICE = True
#: The solver's pruning rules and their arguments (see :mod:`engine.games`).
PRUNINGS = {
    "forced-turn": "During a deal, the next card is turned automatically when no card can "
    "go to a foundation: it is then the only legal move.",
    "stuck-card": "In the last deal a card that can never leave its place proves the deal "
    "lost (every card must reach a foundation). Relaxed test (ColumnState._stuck_card): "
    "a card may leave only once the cards above it have, and only to a foundation whose "
    "missing ranks below it can each still leave somewhere, or onto a card of its suit and "
    "the next rank that is not buried under a card that never leaves; while the last deal is "
    "laid out each place is taken as the round will finish it (ColumnState._stuck_dealing).",
    "fold-last-deal": "Once the last deal is laid out, the places are alike: no card is "
    "dealt or gathered again, any free card goes to any foundation it fits (unless "
    "side-places=always) and builds go between any two places, so positions that differ "
    "only in which place holds which pile have the same future; the key sorts the places.",
    "no-emptying": "Once the last deal is laid out (unless side-places=always), a build that "
    "takes the only card of a place is never needed: the card and the cards later put on it "
    "can do all they could do on top of the other pile from their own place, which was "
    "empty and useless otherwise, and the target stays uncovered; a winning line without the "
    "build is one move shorter.",
    "crossed-suit": "Once the last deal is laid out (its dealing included; unless "
    "side-places=always), a card goes up automatically when its suit's ace pile has reached "
    "its king pile: every card of the suit left is then the only one of its rank, nothing "
    "but the next card up can ever lie on it, and that card can go up in its place.",
    "meeting-suit": "Once the last deal is laid out (its dealing included; unless "
    "side-places=always), a card goes up automatically when its suit's ace pile is one "
    "rank below its king pile: every card of the suit left is then the only one of its "
    "rank, as after a crossing; a card built onto the one played up (the next rank up, or "
    "the next down, which the other pile takes next) goes up on that pile instead.",
    "fold-twins": "The two copies of a card are alike for every rule (what fits a foundation "
    "or goes onto a card looks only at suit and rank, and gathering keeps the order), so "
    "positions that differ only in which copy lies where have the same future; the key "
    "writes each card as its suit and rank, dropping the pack (once the last deal is laid "
    "out, where the search spends nearly all its states).",
}
#: card number -> the same card of the first pack (rule ``fold-twins``), for bytes.translate
FACE = bytes(c % 52 for c in range(256))
NPLACES = 12
#: card -> suit * 16 + rank: a slot per card of a suit with empty slots for ranks 0 and 14
#: (the proof of loss ``stuck-card`` looks at rank +- 1 without a bounds test).
IDX16 = tuple(SUIT[c] * 16 + RANK[c] for c in range(len(CARDS)))
CORNERS = (0, 5, 6, 11)
#: place -> the foundation it is next to (side places) or None (corners).
BESIDE = (None, 0, 1, 2, 3, None, None, 4, 5, 6, 7, None)
DEAL_ORDER = tuple(range(NPLACES))
PLACE_NAMES = ("upper left corner", "beside ace 1", "beside ace 2", "beside ace 3",
               "beside ace 4", "lower left corner", "upper right corner", "beside king 1",
               "beside king 2", "beside king 3", "beside king 4", "lower right corner")

AMBIGUITIES = (
    decision(
        "take-out",
        "Which four aces and four kings are taken out of the two packs (dense-column:1)?",
        ("dense-column:1",),
        "one-of-each-suit", "one ace and one king of each suit (the first copy the pack "
        "gives; the two copies of a card are alike); the other copies stay in the pack",
        "dense-column:1 'четырех тузов и четырех королей, по одному каждой масти' is plain; "
        "which pack a copy comes from changes nothing in the play."),
    decision(
        "fifth-card",
        "dense-column:2 places the second card beside the top ace, the third beside the "
        "second ace, the fourth beside the third, then 'шестую карту опять на угол': where "
        "does the fifth card go?",
        ("dense-column:2",),
        "beside-fourth-ace", "the fifth card goes beside the fourth (bottom) ace, so that the "
        "round is: upper left corner, beside aces 1-4, lower left corner, then the same on "
        "the right",
        "The text never names the fifth card; the engine supplies the only place left free.",
        editorial=True,
        justification="Not in the text: dense-column:2 passes from 'четвертую подле "
        "третьего' to 'а шестую карту опять на угол'. Four aces need four side places ('подле ... остальных трех королей' on the "
        "right side, 'таким же точно образом'), and dense-column:4-5 speak of the first "
        "twelve cards making twelve places, so the fifth card must lie beside the fourth "
        "ace; the same round is then kept on the right (dense-column:2 'таким же точно "
        "образом')."),
    decision(
        "deal-round",
        "Does a deal go round the twelve places one card at a time, and does an emptied "
        "place get its card when the round comes to it (dense-column:2, 5)?",
        ("dense-column:2", "dense-column:5"),
        "fixed-round", "one card at a time to the next place of the round, whether the "
        "place is empty or not",
        "dense-column:5 'места, с которых сняты карты на начальные кучки, особыми картами не "
        "закладываются и показанный прежде порядок раскладывания первых двенадцати карт "
        "никогда не нарушается' is plain."),
    decision(
        "deal-play",
        "During a deal, must a card that fits a foundation go up at once, and may it go "
        "later (dense-column:4-5)?",
        ("dense-column:4", "dense-column:5"),
        "optional", "a free card that fits may go up at any time during the deal (the "
        "player may also turn the next card first)",
        "dense-column:4-5 say where a card 'идет' (may go), never that it must go at once; "
        "the places keep their cards, so a card can still go up later while it is free."),
    decision(
        "places-seen",
        "Are the cards under the top of a place seen, and the cards in hand?",
        ("dense-column:2", "dense-column:8"),
        "top-only", "each place is a squared pile: only its top card shows; the hand is "
        "face down (what the blind policy sees)",
        "dense-column:8 calls the places 'кучки' (heaps) and gathers them 'не тасуя': cards "
        "lie one on another; the hand is dealt from the top, one card at a time "
        "(dense-column:2). No rule depends on it; only a player's knowledge.", kind="silent"),
    decision(
        "builds-when",
        "When may cards be moved between places (dense-column:6, 10)?",
        ("dense-column:6", "dense-column:10"),
        "after-each-deal", "only once all the cards of a deal are laid out, after every deal",
        "dense-column:6 'Когда таким образом разложены все карты обеих колод, тогда можно "
        "переходить с места на место' and dense-column:10 'После каждого раза допускаются "
        "переводы' are plain."),
    decision(
        "empty-places",
        "May a card be moved onto an emptied place (dense-column:7)?",
        ("dense-column:7",),
        "never", "an empty place takes no card by a move (it gets one only from the next "
        "deal's round)",
        "dense-column:7 'Те места, которые после переводов останутся пустыми, не замещаются "
        "ничем' is plain."),
    decision(
        "redeal-when",
        "When are the piles gathered for the next deal (dense-column:8)?",
        ("dense-column:8",),
        "nothing-goes", "only when no free card can go to a foundation (the player may "
        "still move cards between places first)",
        "dense-column:8 'Когда уже и после переводов нечего будет класть на места начальные, "
        "тогда ... собираются' is plain."),
    decision(
        "end",
        "When has the patience come out, and when has it failed?",
        ("dense-column:8", "dense-column:9"),
        "all-home", "it comes out when all 104 cards are on the eight foundations; it fails "
        "when the last deal leaves no card to move",
        "dense-column:9 'если после второго раза пасьянс не вышел' counts deals until the "
        "patience comes out; the book's patiences come out when all cards are on the "
        "foundations."),
    Ambiguity(
        "deals",
        "dense-column:9 'Это повторяется до трех раз, если после второго раза пасьянс не "
        "вышел': three deals in all, or three redeals after the first deal?",
        ("dense-column:8", "dense-column:9"),
        (Reading("three-deals", "three deals in all: the first and two redeals"),
         Reading("three-redeals", "the first deal and three redeals (four deals)")),
        "three-deals",
        "dense-column:9 counts the times ('до трех раз') and makes the third depend on the "
        "second ('если после второго раза пасьянс не вышел'): the second time is the first "
        "redeal, so the third time is the last.",
    ),
    Ambiguity(
        "side-places",
        "Does the rule that a card beside an ace or a king goes only to that foundation "
        "(dense-column:4-5) hold only while the first twelve cards are laid out, while the "
        "whole deal is laid out, or always?",
        ("dense-column:4", "dense-column:5", "dense-column:6"),
        (Reading("first-round", "only while the first twelve cards of a deal are laid out "
                 "(until the thirteenth card comes); after that, during the deal too, a free "
                 "card goes to any foundation it fits"),
         Reading("during-deal",
                 "while a deal is being laid out; once all cards are down, any free card "
                 "goes to any foundation it fits"),
         Reading("always", "a card beside an ace or a king goes only to that foundation, "
                 "at any time")),
        "first-round",
        "dense-column:4 opens the rule with its time, 'Во время раскладывания первых "
        "двенадцати карт' (while the first twelve cards are being laid out), and "
        "dense-column:5 closes it by naming them again ('порядок раскладывания первых "
        "двенадцати карт никогда не нарушается'); its 'так и со всеми прочими картами' "
        "follows the example of a two beside the ace of spades and extends it to the other "
        "cards of such places, not to the later rounds of the deal. The wider readings stretch "
        "'the first twelve cards' to every card dealt (during-deal) or to the whole game "
        "(always). An earlier version of this edition took during-deal as the default; it "
        "was changed when the "
        "measurements (below) showed that under it and under always the patience, which "
        "dense-column:9 presents as one that comes out, often by the second deal ('если после "
        "второго раза пасьянс не вышел'), (nearly) never does, for any player: the literal "
        "reading is also the only one that gives the game the author describes.",
    ),
    Ambiguity(
        "build",
        "dense-column:6 asks only that moves between places be 'по мастям': onto the next "
        "higher or the next lower card of the suit, or only downwards?",
        ("dense-column:6",),
        (Reading("either", "onto the next higher or next lower card of the same suit"),
         Reading("down", "only onto the next higher card of the same suit (building down)",
                 editorial=True,
                 justification="Not in the text; the usual rule of English patiences of this "
                 "family, offered to compare the odds.")),
        "either",
        "dense-column:6 names the suit and no direction; the Favourite (favourite:10) "
        "builds 'и старшую и младшую' in the same book.",
    ),
    Ambiguity(
        "gather",
        "dense-column:8 gathers the piles 'начиная с левой верхней угловой' and deals them "
        "'прежним порядком': which cards are dealt first after the gathering?",
        ("dense-column:8",),
        (Reading("corner-first",
                 "the upper left corner's pile is dealt first (bottom card first), then the "
                 "other places in the order of the deal"),
         Reading("corner-last",
                 "the upper left corner's pile is picked up first and so ends at the bottom "
                 "of the pack: the lower right corner's pile is dealt first")),
        "corner-first",
        "dense-column:8 begins the gathering with the upper left corner, the place where the "
        "deal also begins; keeping the piles' order is the plain sense of 'не тасуя ... "
        "прежним порядком'.",
    ),
)


@executes("dense-column:1")
def take_out(cards) -> tuple[int, ...]:
    """Take out the first ace and the first king of each suit (dense-column:1); the other 96
    cards in their order (the aces and kings are the foundations, whatever their pack)."""
    seen_a, seen_k = set(), set()
    rest = []
    for c in cards:
        r, s = RANK[c], SUIT[c]
        if r == 1 and s not in seen_a:
            seen_a.add(s)
        elif r == 13 and s not in seen_k:
            seen_k.add(s)
        else:
            rest.append(c)
    return tuple(rest)


@executes("dense-column:8")
def gather(places, mode: str) -> tuple[int, ...]:
    """The pack after gathering the twelve places (reading ``gather``), first card first."""
    order = list(DEAL_ORDER) if mode == "corner-first" else list(reversed(DEAL_ORDER))
    out: list[int] = []
    for p in order:
        out.extend(places[p])
    return tuple(out)


class ColumnState(State):
    """``places`` 12 tuples (bottom first); ``found`` 8 top ranks (aces 1..13 up, kings
    13..1 down); ``stock`` cards still to deal in this deal (first first); ``dealt`` cards
    dealt in this deal; ``deal_no`` 1 for the first deal, 2 after the first redeal ..."""

    __slots__ = ("places", "found", "stock", "dealt", "deal_no")
    places: tuple[tuple[int, ...], ...]
    found: tuple[int, ...]
    stock: tuple[int, ...]
    dealt: int
    deal_no: int

    def _child(self, move):
        s = ColumnState.__new__(ColumnState)
        s.cfg = self.cfg
        s.hist = (move, self.hist)
        s.places, s.found, s.stock = self.places, self.found, self.stock
        s.dealt, s.deal_no = self.dealt, self.deal_no
        return s

    @executes("dense-column:3")
    def fits(self, card: int, f: int) -> bool:
        """Does ``card`` go on foundation ``f``: an ace pile up, a king pile down, in suit
        (dense-column:3)?"""
        if f < 4:
            return SUIT[card] == f and RANK[card] == self.found[f] + 1
        return SUIT[card] == f - 4 and RANK[card] == self.found[f] - 1

    @executes("dense-column:4", "dense-column:5")
    def side_restricted(self) -> bool:
        """Does the rule 'a card beside an ace or a king goes only to that foundation'
        hold now (reading ``side-places``: during the deal; always; or while the first
        twelve cards of a deal are laid out)?"""
        side = self.cfg.side
        if side == "always":
            return True
        if not self.stock:
            return False
        return side == "during-deal" or self.dealt <= NPLACES

    def _targets(self, p: int) -> tuple[int, ...]:
        b = BESIDE[p]
        if b is not None and self.side_restricted():
            return (b,)
        return tuple(range(8))

    @executes("dense-column:4", "dense-column:5", "dense-column:10")
    def foundation_moves(self) -> list[tuple]:
        """Top cards that go to a foundation: from a corner to any, from a side place only to
        the foundation beside it (while dealing, or always: reading ``side-places``)."""
        out = []
        for p, pile in enumerate(self.places):
            if pile:
                c = pile[-1]
                for f in self._targets(p):
                    if self.fits(c, f):
                        out.append(("found", p, f))
        return out

    @executes("dense-column:6", "dense-column:7", "dense-column:10")
    def build_moves(self) -> list[tuple]:
        """Once a deal is complete: a top card onto the top card of another non-empty place,
        same suit, one rank higher (reading ``build=down``) or either way (``either``)."""
        if self.stock:
            return []
        ps = self.places
        tops = [p[-1] if p else -1 for p in ps]
        either = self.cfg.build_either
        out = []
        for i, c in enumerate(tops):
            if c < 0:
                continue
            for j, d in enumerate(tops):
                if j != i and d >= 0 and SUIT[c] == SUIT[d]:
                    g = RANK[d] - RANK[c]
                    if g == 1 or (either and g == -1):
                        out.append(("build", i, j))
        return out

    @executes("dense-column:2", "dense-column:5")
    def turn(self) -> "ColumnState":
        """Deal the next card to the next place in the round (dense-column:2), whether that
        place is empty or not (dense-column:5: the order is never broken)."""
        s = self._child(("turn",))
        p = DEAL_ORDER[self.dealt % NPLACES]
        ps = list(self.places)
        ps[p] = ps[p] + (self.stock[0],)
        s.places = tuple(ps)
        s.stock = self.stock[1:]
        s.dealt = self.dealt + 1
        return s

    @executes("dense-column:8", "dense-column:9")
    def redeal_moves(self) -> list[tuple]:
        """A redeal when the deal is complete, no card can go to a foundation and a deal is
        left (reading ``deals``)."""
        if self.stock or self.deal_no >= self.cfg.max_deals or self.foundation_moves():
            return []
        return [("redeal",)]

    def legal_moves(self) -> list[tuple]:
        if self.is_won():
            return []
        found = self.foundation_moves()
        if self.stock:
            return found + [("turn",)]
        ps = self.places
        builds = self.build_moves()
        freeing = [m for m in builds if len(ps[m[1]]) == 1]
        rest = [m for m in builds if len(ps[m[1]]) != 1]
        return found + freeing + rest + self.redeal_moves()

    def apply(self, move):
        kind = move[0]
        if kind == "turn":
            return self.turn()
        s = self._child(move)
        if kind == "redeal":
            s.stock = gather(self.places, self.cfg.gather)
            s.places = ((),) * NPLACES
            s.dealt = 0
            s.deal_no = self.deal_no + 1
            return s
        ps = list(self.places)
        i = move[1]
        c = ps[i][-1]
        ps[i] = ps[i][:-1]
        if kind == "found":
            f = list(self.found)
            f[move[2]] += 1 if move[2] < 4 else -1
            s.found = tuple(f)
        else:
            j = move[2]
            ps[j] = ps[j] + (c,)
        s.places = tuple(ps)
        return s

    def is_legal(self, move) -> bool:
        if not isinstance(move, tuple) or not move or self.is_won():
            return False
        ps = self.places
        kind = move[0]
        if move == ("turn",):
            return bool(self.stock)
        if move == ("redeal",):
            if self.stock or self.deal_no >= self.cfg.max_deals:
                return False
            for p, pile in enumerate(ps):
                if pile and any(self._fits_card(CARDS[pile[-1]], f) for f in self._targets(p)):
                    return False
            return True
        if kind == "found" and len(move) == 3:
            p, f = move[1], move[2]
            if not (isinstance(p, int) and isinstance(f, int) and 0 <= p < NPLACES
                    and 0 <= f < 8 and ps[p]):
                return False
            b = BESIDE[p]
            if b is not None and b != f and self.side_restricted():
                return False
            return self._fits_card(CARDS[ps[p][-1]], f)
        if kind == "build" and len(move) == 3:
            i, j = move[1], move[2]
            if self.stock or not (isinstance(i, int) and isinstance(j, int)
                                  and 0 <= i < NPLACES and 0 <= j < NPLACES and i != j
                                  and ps[i] and ps[j]):
                return False
            a, b = CARDS[ps[i][-1]], CARDS[ps[j][-1]]
            if a.suit != b.suit:
                return False
            return b.rank == a.rank + 1 or (self.cfg.build_either and b.rank == a.rank - 1)
        return False

    def _fits_card(self, card, f: int) -> bool:
        if f < 4:
            return card.suit == f and card.rank == self.found[f] + 1
        return card.suit == f - 4 and card.rank == self.found[f] - 1

    def is_won(self) -> bool:
        return self.found == (13, 13, 13, 13, 1, 1, 1, 1)

    def key(self):
        """Foundations, places, the cards still to deal, the deal number and where the
        next card goes (``dealt`` modulo the twelve places: two positions alike in all else
        but this have different futures). Once the last deal is laid out the places are
        folded (rule ``fold-last-deal``, see :data:`PRUNINGS`). Rule ``fold-twins``: the two
        copies of a card are alike for every rule (what fits a foundation or goes onto a
        card looks only at suit and rank, and gathering keeps the order), so positions that
        differ only in which copy lies where have the same future; each card is written as
        its suit and rank (:data:`FACE`), dropping the pack; only once the last deal is laid
        out, where the search spends nearly all its states (earlier the translation costs
        more than it saves)."""
        off = self.cfg.off
        places, stock = self.places, self.stock
        if not stock and self.deal_no >= self.cfg.max_deals:
            if "fold-twins" not in off:
                places = [bytes(p).translate(FACE) for p in places]
            if self.cfg.side != "always" and "fold-last-deal" not in off:
                return (self.found, tuple(sorted(places)))
            return (self.found, tuple(places), self.deal_no, self.dealt % NPLACES)
        return (self.found, places, stock, self.deal_no, self.dealt % NPLACES)

    def dead(self) -> bool:
        """Proof of loss ``stuck-card`` (see :data:`PRUNINGS` and :meth:`_stuck_card`)."""
        return "stuck-card" not in self.cfg.off and self._stuck_card()

    def _stuck_card(self) -> bool:
        """Is some card proved never to leave its place? Only in the last deal (no card is
        gathered again; cards still in hand only go on top of places).

        Argument: H starts as every card in the places and loses, until nothing changes,
        each card (so H is a bottom run of each place) for which
        every card above it has left H and which has a way out: the ace foundation of its suit
        (its rank not below the next rank needed there, and every rank in between with a copy
        out of H), the king foundation likewise downwards, or a build onto a card of its suit
        one rank higher (or lower, reading ``build=either``) that is not under a card of H.
        Suppose a card of H ever left its place, and take the first, y. Cards above y left
        before it, so none is in H; a foundation way needs a copy of each missing rank on the
        foundation first, and some rank has all its copies in H, which have not left; a build
        needs its target on top, but every target lies under a card of H that has not left.
        So no card of H ever leaves, and the deal cannot come out if H is not empty. The
        relaxation ignores the side-place rule and which copy goes where, so it only ever
        admits more ways out. While the last deal is being laid out see
        :meth:`_stuck_dealing`."""
        if self.deal_no < self.cfg.max_deals:
            return False
        if self.stock:   # tested at the start of each round only (the test is costly)
            return self.dealt % NPLACES == 0 and self._stuck_dealing()
        piles = [[IDX16[c] for c in p] for p in self.places if p]
        out = [0] * 64      # copies of each card (IDX16) out of H
        ontop = [0] * 64    # copies not under a card of H
        h = [len(p) for p in piles]
        for p in piles:
            ontop[p[-1]] += 1
        found = self.found
        either = self.cfg.build_either
        # per suit the lowest rank from the ace foundation's next up, and the highest from
        # the king foundation's next down, with no copy out of H: a card goes up only
        # between the next rank and that gap
        lo = [found[s] + 1 for s in range(4)]
        hi = [found[s + 4] - 1 for s in range(4)]
        gap_a, gap_k = lo[:], hi[:]
        changed = True
        while changed:
            changed = False
            for i, p in enumerate(piles):
                n = h[i]
                while n:
                    x = p[n - 1]
                    if not (ontop[x + 1] or (either and ontop[x - 1])):
                        s, r = x >> 4, x & 15
                        if not (lo[s] <= r <= gap_a[s] or gap_k[s] <= r <= hi[s]):
                            break
                    n -= 1
                    out[x] += 1
                    s, r = x >> 4, x & 15
                    base = x - r
                    if r == gap_a[s]:
                        while out[base + gap_a[s]]:
                            gap_a[s] += 1
                    if r == gap_k[s]:
                        while out[base + gap_k[s]]:
                            gap_k[s] -= 1
                    if n:
                        ontop[p[n - 1]] += 1
                    changed = True
                h[i] = n
        return any(h)

    def _stuck_dealing(self) -> bool:
        """:meth:`_stuck_card` while the last deal is laid out (cards in hand): each place is
        its cards now plus the hand's cards the round will bring it (dense-column:2, 5),
        in order. A card may leave to a foundation once the cards on it *now* have left
        H (it may go before the later cards come), and by a build once every card above it
        in the finished place has (builds wait for the deal to be laid out, dense-column:6,
        so a card that leaves by a build lay under all of them); a build target must lie
        under no card of H in the finished place. The argument of :meth:`_stuck_card`
        holds as it stands: the first card of H to leave would need a card of H to have
        left before it. Cards that go to a foundation during the deal only leave more
        room, never less, and the relaxation still ignores the side-place rule."""
        piles = [list(p) for p in self.places]
        nphys = [len(p) for p in piles]
        for j, c in enumerate(self.stock):
            piles[DEAL_ORDER[(self.dealt + j) % NPLACES]].append(c)
        idx = [[SUIT[c] * 13 + RANK[c] - 1 for c in p] for p in piles]
        inh = [[True] * len(p) for p in piles]
        found = self.found
        either = self.cfg.build_either
        changed = True
        while changed:
            changed = False
            out = [0] * 64
            avail = [0] * 64
            for p in range(NPLACES):
                covered = False
                for i in range(len(piles[p]) - 1, -1, -1):
                    if inh[p][i]:
                        if not covered:
                            avail[idx[p][i]] += 1
                        covered = True
                    else:
                        out[idx[p][i]] += 1
                        if not covered:
                            avail[idx[p][i]] += 1
            for p in range(NPLACES):
                h = inh[p]
                n = len(h)
                # the highest card of H in the finished place, and the highest now
                top_h = max((i for i in range(n) if h[i]), default=-1)
                phys_h = max((i for i in range(min(n, nphys[p])) if h[i]), default=-1)
                for i in range(n):
                    if not h[i]:
                        continue
                    x = idx[p][i]
                    s, r = divmod(x, 13)
                    r += 1
                    base = s * 13 - 1
                    ok = False
                    if i >= phys_h:   # nothing of H on it now: a foundation may take it
                        a = found[s] + 1
                        k = found[s + 4] - 1
                        ok = ((a <= r and all(out[base + q] for q in range(a, r)))
                              or (r <= k and all(out[base + q] for q in range(r + 1, k + 1))))
                    if not ok and i >= top_h:
                        ok = bool((r < 13 and avail[base + r + 1])
                                  or (either and r > 1 and avail[base + r - 1]))
                    if ok:
                        h[i] = False
                        changed = True
        return any(any(h) for h in inh)

    def safe_move(self):
        """Turning the next card while nothing can go to a foundation (then the only move,
        rule ``forced-turn``); in the last deal, a card of a crossed suit to its foundation
        (rule ``crossed-suit``, :meth:`_crossed_move`), or of a suit whose piles meet (rule
        ``meeting-suit``, the same method)."""
        off = self.cfg.off
        if self.deal_no >= self.cfg.max_deals and self.cfg.side != "always":
            crossed, meeting = "crossed-suit" not in off, "meeting-suit" not in off
            if crossed or meeting:
                m = self._crossed_move(crossed, meeting)
                if m is not None:
                    return m
        if self.stock and not self.foundation_moves() and "forced-turn" not in off:
            return ("turn",)
        return None

    def _crossed_move(self, crossed: bool = True, meeting: bool = False):
        """Rule ``crossed-suit``: a foundation move of a card x of suit s when the ace pile
        of s has reached its king pile (``found[s] >= found[s + 4]``), in the last deal
        (dealing or not) and unless side-places=always.

        Argument: every card of s left is then the only one of its rank (the ace pile needs
        ranks above its top, the king pile ranks below its top, and these no longer meet),
        so x goes up on the ace pile, say (rank a + 1; the king pile is alike, mirrored),
        and its rank - 1 has no copy left. Take a winning line W from here; play x up, then
        W, keeping the cards of a set R (at first x) that are already up: skip W's moves of
        cards of R, and when W builds a card y onto a card of R, y is of suit s and the next
        rank up (the rank below is in R or up), R's top rank is y's minus one (R is a run of
        ranks from a + 1, each rank unique), so y goes up instead and joins R. Every other
        move of W stays legal: its card is on top here too (only cards of R are missing), a
        foundation move fits (R only adds ranks W puts up later, each rank unique), a deal
        lays its card on the same place, and the side-place rule (while dealing) looks only
        at the place, which is the same (after the deal no place is restricted, so y may go
        up from anywhere). W ends with every card up, so this line does too. Not before the
        last deal: a card up changes the next gathering.

        Rule ``meeting-suit`` (``meeting``): the same move when the ace pile of s is one rank
        below its king pile (``found[s] + 1 == found[s + 4]``, so x is of that king pile's
        rank k if it goes on the ace pile, or of the ace pile's rank a if it goes on the
        king pile). Every card of s left is again the only one of its rank: the ace pile
        holds one copy of 2..a, the king pile one of k..12 = a+1..12, so the other copy
        of each, the remaining ace and the remaining king are in the layout, one of each
        rank. The argument above holds with two sets: R_A the cards put up on the ace pile
        ahead of W (a run of ranks from W's ace top + 1) and R_K those on the king pile
        (a run down from W's king top - 1); at first R_A = {x} (or R_K = {x}). When W
        builds a card y onto a card t of R_A, y is of suit s and of rank t + 1 or t - 1;
        a rank inside the run of R_A or R_K is that set's card (each rank unique), whose
        moves are skipped; rank our ace top + 1 fits our ace pile, so y goes up there and
        joins R_A; rank t - 1 below the run is W's ace top, whose only copy is up, unless
        the piles still meet in W (W's ace top a' = W's king top - 1), when y is of the
        rank W's king pile takes next and goes up on our king pile (R_K is then empty:
        else y would be its card) and joins R_K. Mirrored for t in R_K. A foundation move
        of W of a card z not in R fits here: a run left in R_A would start at z's rank,
        which is unique, so z would be in R_A. Every other move of W stays legal (its
        card is on top, its target too, as only cards of R are missing; a deal lays the
        same card on the same place; a foundation move from a side place while dealing is
        from the same place), and W ends with every card up."""
        found = self.found
        met = [(crossed and found[s] >= found[s + 4])
               or (meeting and found[s] + 1 == found[s + 4]) for s in range(4)]
        if not any(met):
            return None
        restricted = self.side_restricted()
        for p, pile in enumerate(self.places):
            if pile:
                c = pile[-1]
                s = SUIT[c]
                if met[s]:
                    r = RANK[c]
                    f = s if r == found[s] + 1 else s + 4 if r == found[s + 4] - 1 else -1
                    if f >= 0 and not (restricted and BESIDE[p] is not None
                                       and BESIDE[p] != f):
                        return ("found", p, f)
        return None

    def search_moves(self):
        """:meth:`legal_moves` less, once the last deal is laid out (unless
        side-places=always), builds that take the only card of a place (rule
        ``no-emptying``).

        Argument: let such a build put c (alone in place i) onto d, and W be a winning
        line after it. Play W from here instead, with c and the cards W puts on it in place
        i rather than on d: a move of one of them is made from place i (no place is
        restricted after the last deal, so a foundation move is as legal), a build onto the
        top of that stack goes to place i, and every move that W makes with d or the cards
        under it is legal here too (d is uncovered earlier here, never later); no move goes
        onto an empty place, so the empty place i of W was of no use. This line is one move
        shorter than the build and W; repeating, a winning line without such builds exists
        whenever one exists. Not before the last deal: moving c changes the next
        gathering."""
        moves = self.legal_moves()
        if (self.stock or self.deal_no < self.cfg.max_deals or self.cfg.side == "always"
                or "no-emptying" in self.cfg.off):
            return moves
        ps = self.places
        return [m for m in moves if m[0] != "build" or len(ps[m[1]]) != 1]

    def frees(self, move) -> bool:
        return move[0] == "build" and len(self.places[move[1]]) == 1

    def over_reason(self) -> str:
        if self.is_won():
            return "won"
        if self.legal_moves():
            return ""
        return "no card goes to a foundation and no deal is left"

    def piles(self):
        out = []
        for f in range(4):
            out.append((f"foundation ace {f + 1}", 2.0, 1.0 + f,
                        tuple(f * 13 + r - 1 for r in range(1, self.found[f] + 1)), "none"))
        for f in range(4, 8):
            s = f - 4
            out.append((f"foundation king {s + 1}", 5.0, 1.0 + s,
                        tuple(s * 13 + r - 1 for r in range(13, self.found[f] - 1, -1)), "none"))
        pos = [(0.0, 0.0), (1.0, 1.0), (1.0, 2.0), (1.0, 3.0), (1.0, 4.0), (0.0, 5.0),
               (7.0, 0.0), (6.0, 1.0), (6.0, 2.0), (6.0, 3.0), (6.0, 4.0), (7.0, 5.0)]
        for p in range(NPLACES):
            out.append((PLACE_NAMES[p], pos[p][0], pos[p][1], self.places[p], "none"))
        out.append(("hand", 3.5, 6.0, tuple(reversed(self.stock)), "none"))
        return out

    def sample_hidden(self, rng) -> "ColumnState":
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
        s.places = tuple(relabelled(p, sigma) for p in self.places)
        s.stock = relabelled(self.stock, sigma)
        return s


def new(deal: int, readings: dict[str, str] | None = None) -> ColumnState:
    """Deal ``deal`` of the Dense Column under ``readings`` (see :data:`AMBIGUITIES`): the
    foundations out, the pack in hand, nothing dealt yet."""
    check_deal(deal)
    r = resolve(SLUG, AMBIGUITIES, readings)
    rest = take_out(shuffled(SLUG, deal, PACKS))
    cfg = Config(SLUG, deal, r, max_deals=3 if r["deals"] == "three-deals" else 4,
                 side=r["side-places"], build_either=r["build"] == "either",
                 gather=r["gather"])
    s = ColumnState.__new__(ColumnState)
    s.cfg, s.hist = cfg, None
    s.places = ((),) * NPLACES
    s.found = (1, 1, 1, 1, 13, 13, 13, 13)
    s.stock = rest
    s.dealt = 0
    s.deal_no = 1
    return s


GAME = register(Game(SLUG, "The Dense Column", __name__, PACKS, AMBIGUITIES))
