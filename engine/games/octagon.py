"""Восьмиугольник, The Octagon (chapter XLIV): two packs, eight aces, four side piles of five.

Sentences (``octagon:<n>``) and where they are executed:

1. two full packs -- :func:`take_out_aces` (with :data:`PACKS` = 2).
2. the eight aces laid in pairs; between the pairs, at the corners, piles of five cards --
   :func:`take_out_aces`, :func:`deal_side_piles`.
3. the aces are foundations, built up in suit -- :meth:`OctagonState.to_foundation`.
4. first the top cards of the side piles go onto the aces, "если они приходятся не по
   порядку" -- :meth:`OctagonState.opening_moves` (reading ``negation``).
5. the stock is turned card by card in the middle (the waste); cards that fit go up on the
   foundations or down on the side piles -- :meth:`OctagonState.turn`,
   :meth:`OctagonState.build_ok` (readings ``side-build``, ``stock-play``).
6. when a side pile's top fits a foundation, all the cards heaped on it go there --
   :meth:`OctagonState.side_to_foundation` (card by card, each checked).
7. a side pile gone wholly to the foundations is refilled with five cards from the stock --
   :meth:`OctagonState.refill`.
8. the stock may be redealt 3 times; if the stock and the side piles are not all laid out the
   patience fails -- :meth:`OctagonState.redeal` (reading ``redeals``).

Not in the text, so not allowed: moving cards between side piles (reading
``side-transfers=allowed`` offers it, from later collections), building on an empty side
pile (it is refilled instead; if the stock is empty it waits for the next redeal).

Pruning rules of the solver (:data:`PRUNINGS`, each can be switched off for the tests):
``safe-foundation`` and ``twin-below`` (automatic moves) and ``blocked`` (a proof of loss,
:meth:`OctagonState.dead`),
which ``second-copy`` (copies home counted), ``last-pass`` (the waste held in the last pass)
and ``last-pass-stock`` (the last pass's stock turned in order) make stronger.
"""
from __future__ import annotations

from ..cards import RANK, SUIT
from ..deal import check_deal, numbers
from ..readings import Ambiguity, Reading, decision, resolve
from ..registry import executes
from ..state import Config, State, hidden_relabel, relabelled
from ._common import canonical
from . import Game, register

#: The game's slug.
SLUG = "octagon"
#: Number of packs of 52.
PACKS = 2
#: The rules leave the player choices.
PLAYER_HAS_CHOICE = True
NSIDE = 4
SIDE_SIZE = 5

#: The ambiguities of the text, with their readings.
AMBIGUITIES = (
    decision(
        "aces-out",
        "Are the eight aces taken out before the deal (octagon:2)?",
        ("octagon:1", "octagon:2"),
        "before-deal", "all eight aces out first, as foundations; the rest is the pack",
        "octagon:2 'Выбранные из 2 колод все 8 тузов кладутся попарно' is plain."),
    Ambiguity(
        "side-deal",
        "How are the four side piles of five dealt (octagon:2 'кладутся пачки по пяти "
        "карт')?",
        ("octagon:2",),
        (Reading("pile-at-a-time", "a pile at a time, five cards each, from the top of the "
                 "pack; the last laid is the pile's top"),
         Reading("round", "a card to each pile in turn, five rounds")),
        "pile-at-a-time",
        "octagon:2 'кладутся пачки по пяти карт' lays piles, each of five, and does not say "
        "more; from a shuffled pack both ways give the same chances (only which deal number "
        "gives which layout differs), so the plainer one is the default. The two readings' "
        "rows below differ by chance and, for the solver, by the deals its budget leaves "
        "undecided under each (a different layout for each deal number is searched in a "
        "different order), not by the rule: the true chances are the same.",
    ),
    decision(
        "side-piles-seen",
        "Are the cards of a side pile seen, or only its top (octagon:4 'если под двойкой "
        "случится тройка')?",
        ("octagon:4",),
        "top-only", "the side piles are squared, face up: only the top card shows; the one "
        "below comes to light when the top goes (what the blind policy sees)",
        "octagon:4 'если под двойкой случится тройка' (if a three happens to lie under the "
        "two) speaks of finding the card below when the two is lifted. No rule depends on it; "
        "only a player's knowledge.", kind="silent"),
    decision(
        "waste-pile",
        "Where do the turned cards that do not fit go, and may they go later (octagon:5)?",
        ("octagon:5",),
        "middle-pile", "they lie in a pile in the middle (the waste), whose top card may go "
        "on a foundation or a side pile later",
        "octagon:5 'накладываются постепенно карты колоды в середине восьмиугольника': the "
        "cards are laid one on another in the middle, the top one in view."),
    Ambiguity(
        "side-transfers",
        "May cards be moved from one side pile to another, or onto an empty one?",
        ("octagon:5", "octagon:6", "octagon:7"),
        (Reading("none", "no: a side pile takes cards from the stock (octagon:5) or a refill "
                 "(octagon:7) only, and gives them only to the foundations (octagon:6)",
                 restricts="allowed"),
         Reading("allowed", "the top card of a side pile may go onto the top card of another "
                 "side pile by the rule of octagon:5 (one rank lower, in suit by default); "
                 "never onto an empty pile (it is refilled, octagon:7)", editorial=True,
                 justification="Not in the text: later collections' Octagon lets the side "
                 "piles' top cards move between them; offered to measure what the book's "
                 "silence costs. A side pile emptied so is refilled like one emptied onto "
                 "the foundations (octagon:7 names no other case).")),
        "none",
        "octagon:5 names where the stock's cards go ('кладутся на эти пачки', the side "
        "piles) and octagon:6 where a side pile's cards go ('кладутся на эти пачки', the "
        "aces' piles); no sentence moves a card from one side pile to another, and a move "
        "the text never names is not allowed.",
    ),
    decision(
        "side-to-foundation",
        "octagon:6 'все карты, которые накопились, кладутся на эти пачки': at once, or card "
        "by card as each fits?",
        ("octagon:4", "octagon:6"),
        "card-by-card", "the top card goes up when it fits, then the next, each checked; the "
        "player may play them at any time",
        "octagon:4 shows it card by card: 'если под двойкой случится тройка ... то и она "
        "кладется на туза'; cards built down in suit on a pile fit one after the other."),
    decision(
        "refill",
        "When and from where is an emptied side pile refilled (octagon:7)?",
        ("octagon:7",),
        "at-once-from-stock", "at once, with the next five cards of the stock (fewer if fewer "
        "are left); with the stock out, after the next redeal",
        "octagon:7 'наполняется из колоды пятью картами' is plain about the stock and the "
        "five; the moment, at once, is the plain sense of 'наполняется'."),
    decision(
        "redeal-order",
        "How is the stock redealt (octagon:8 'Колоду можно перекладывать')?",
        ("octagon:8",),
        "unshuffled", "the waste is turned over without shuffling and turned again from its "
        "first card",
        "'перекладывать колоду' is to redeal without shuffling (see the glossary)."),
    decision(
        "end",
        "When has the patience come out, and when has it failed (octagon:8)?",
        ("octagon:8",),
        "all-home", "it comes out when all 104 cards are on the foundations; it fails when "
        "no move is left after the last redeal",
        "octagon:8 'если карты колоды и вспомогательных пачек не уложились, то пасьянс не "
        "вышел' is plain."),
    Ambiguity(
        "negation",
        "octagon:4 says the top cards of the side piles go on the aces 'если они приходятся "
        "не по порядку' (if they do NOT come in order), contradicting its own example.",
        ("octagon:4",),
        (Reading("in-order",
                 "read 'по порядку': a side pile's top card goes up when it follows in suit",
                 restricts="literal"),
         Reading("literal",
                 "keep 'не по порядку' as 'out of the piles' order': before the first stock "
                 "card, any card of a side pile that fits may go up, not only the top one, so "
                 "the player looks through the side piles to find them (what the blind and "
                 "careful players see until the first card is turned)")),
        "in-order",
        "octagon:4 goes on 'если сверху какой-либо пачки лежит двойка, то эту двойку надо "
        "сложить на туза ... если под двойкой случится тройка ... то и она': cards go up from "
        "the top, in sequence; the 'не' contradicts that example.",
    ),
    Ambiguity(
        "side-build",
        "octagon:5 builds the side piles 'в нисходящем порядке' without saying 'in suit'.",
        ("octagon:5", "octagon:6"),
        (Reading("in-suit", "build down in suit", restricts="any-suit"),
         Reading("any-suit", "build down regardless of suit")),
        "in-suit",
        "octagon:6: when a side pile's top fits a foundation 'все карты, которые накопились, "
        "кладутся на эти пачки' -- the whole heap can follow only if built in suit.",
    ),
    Ambiguity(
        "redeals",
        "octagon:8 'Колоду можно перекладывать 3 раза': three redeals or three passes?",
        ("octagon:8",),
        (Reading("three-redeals", "three redeals: four passes through the stock"),
         Reading("three-passes", "three passes in all: two redeals")),
        "three-redeals",
        "octagon:8 counts the times the stock is 'перекладывать' (redealt), which begins after "
        "the first pass; PySolFC's Octagon also has four passes.",
    ),
    Ambiguity(
        "stock-play",
        "Must a turned card that fits be played (octagon:5 'кладутся на них')?",
        ("octagon:5",),
        (Reading("optional", "the waste top may stay; it can be played later"),
         Reading("compulsory", "while the waste top fits a foundation or a side pile, no card "
                 "is turned and the stock is not redealt", restricts="optional")),
        "optional",
        "octagon:5 describes where the fitting cards go, not an obligation, and the turned "
        "cards stay in the middle (a waste) whose top can go on later.",
    ),
)

#: The solver's pruning rules and their arguments (see :mod:`engine.games`).
PRUNINGS = {
    "safe-foundation": "A side pile's top card goes up automatically, when the pile keeps "
    "a card, if every card that could still be built on it is home (in suit: both copies "
    "of the rank below in its suit; any suit: all eight): no card can ever need it as a "
    "place to go, the card laid bare only adds moves, and no refill is triggered, so "
    "every line from before the move is matched by one after it. So does the waste's top "
    "card, but only in the last pass: before it a line that leaves the card on the waste "
    "may redeal it into the stock, and then a refill (octagon:7 takes the next five stock "
    "cards) takes other cards than the same refill after the card went up.",
    "twin-below": "In suit, and not under side-transfers=allowed, stock-play=compulsory, or "
    "in the opening under negation=literal: a card c that safe-foundation may move (a side "
    "pile's top, the pile keeping a card; the waste's top in the last pass) goes up "
    "automatically onto the foundation one rank below it when the other copy b of that "
    "rank below lies in a side pile with c's twin (the other copy of c) under it. No card "
    "can ever be built on c: only b could be (the other copy is home), and b leaves its "
    "side pile only for a foundation (octagon:6). c's twin is bared only after b has gone "
    "up on the suit's other foundation, which is then one rank below c as well, so the "
    "twin still has a place when it comes; and the card under c only adds moves. So every "
    "line from before the move is matched by one after it. Not under any-suit building (a "
    "card of any suit one rank below c may need c as its place) nor with transfers (b may "
    "need it); the other two exclusions are only not argued.",
    "blocked": "A position is lost when, even with every card outside the side piles free "
    "to go up at any time, the side piles cannot be emptied: they give up only their top "
    "cards and only to the foundations (octagon:6), so the real game can do no better "
    "than this relaxation (OctagonState.dead).",
    "last-pass": "In the last pass no redeal turns the waste over, so the waste is a pile "
    "too: a card leaves it only from the top, to a foundation or onto a side pile, and only "
    "onto a card one rank higher that is not home and not below it in the waste (so never "
    "a king): the cards under one that can do neither are held like those of a side pile "
    "(part of ``blocked``'s relaxation).",
    "second-copy": "A foundation takes the next card of its suit only when its top is one "
    "rank lower; with a copy of a rank already home, the other copy can go up only on the "
    "suit's other foundation, so only once both copies of the rank below are home "
    "(``blocked``'s relaxation counts the copies home, not only whether one is).",
    "last-pass-stock": "In the last pass the stock still to turn is known and fixed, and a "
    "turned card goes on the waste's top: a card of it that can never be built on a side "
    "pile (a king; a card both of whose higher neighbours in suit are home) leaves the waste "
    "only to a foundation, so once it is turned every card below it stays until it goes up. "
    "The relaxation turns such a card only when nothing else can move (turning earlier only "
    "covers more), and lets every other stock card free; once a side pile is empty (a refill "
    "takes stock cards past the waste) the rest of the stock is free too "
    "(part of ``blocked``'s relaxation).",
    "last-pass-chain": "In the last pass a stock card can go on a side pile only onto a "
    "card one rank higher that is a side pile's top then; a card gets there only by being "
    "built (onto its own higher neighbour) or by a refill (a pile emptied); so when every "
    "such card is home or is a stock card that, by the same argument from the king down, "
    "can never be built, this card too leaves the waste only to a foundation and holds the "
    "cards below it, like a king (part of ``blocked``'s relaxation, which lets such cards "
    "free again once a side pile is empty).",
}

_TURN = ("turn",)
_FOLD = tuple(c % 52 for c in range(104)).__getitem__  # a card -> the same card of pack 0
_REDEAL = ("redeal",)


@executes("octagon:1", "octagon:2")
def take_out_aces(cards: list[int]) -> tuple[tuple[int, ...], list[int]]:
    """The eight aces out as foundations (top rank 1 each, two per suit, in pairs); the rest
    in order."""
    return (1,) * 8, [c for c in cards if RANK[c] != 1]


@executes("octagon:2")
def deal_side_piles(rest: list[int], by_round: bool = False) -> tuple[tuple, tuple]:
    """Four side piles of five, first card at the bottom: a pile at a time, or (reading
    ``side-deal=round``) a card to each pile in turn; returns (piles, the stock)."""
    if by_round:
        piles = tuple(tuple(rest[i:NSIDE * SIDE_SIZE:NSIDE]) for i in range(NSIDE))
    else:
        piles = tuple(tuple(rest[i * SIDE_SIZE:(i + 1) * SIDE_SIZE]) for i in range(NSIDE))
    return piles, tuple(rest[NSIDE * SIDE_SIZE:])


class OctagonState(State):
    """``found`` 8 top ranks (foundation f has suit f // 2); ``sides`` 4 tuples (bottom
    first); ``stock``/``ptr``; ``waste`` (top last); ``passes`` redeals made; ``opening`` True
    until the first card is turned; ``fstock`` the stock's cards within one pack as
    ``bytes`` (for :meth:`key`; derived, kept for speed)."""

    __slots__ = ("found", "sides", "stock", "ptr", "waste", "passes", "opening", "fstock")
    found: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    ptr: int
    waste: tuple[int, ...]
    passes: int
    opening: bool
    fstock: bytes

    def _child(self, move):
        s = OctagonState.__new__(OctagonState)
        s.cfg, s.hist = self.cfg, (move, self.hist)
        s.found, s.sides, s.stock, s.ptr, s.waste, s.passes, s.opening, s.fstock = (
            self.found, self.sides, self.stock, self.ptr, self.waste, self.passes,
            self.opening, self.fstock)
        return s

    @executes("octagon:3")
    def to_foundation(self, c: int) -> int:
        """Foundation (0..7) card ``c`` goes on, up in suit, or -1."""
        f = SUIT[c] * 2
        r = RANK[c] - 1
        if self.found[f] == r:
            return f
        if self.found[f + 1] == r:
            return f + 1
        return -1

    @executes("octagon:5")
    def build_ok(self, c: int, onto: int) -> bool:
        """May ``c`` go on side-pile top ``onto``: one rank lower (in suit by default)."""
        return RANK[onto] == RANK[c] + 1 and (not self.cfg.in_suit or SUIT[onto] == SUIT[c])

    @executes("octagon:4")
    def opening_moves(self) -> list[tuple]:
        """Reading ``literal`` only: before the first card is turned, any card of a side pile
        that fits a foundation, not only the top one (``("dig", pile, index)``)."""
        if not (self.cfg.literal and self.opening):
            return []
        return [("dig", i, j) for i, p in enumerate(self.sides)
                for j in range(len(p) - 1) if self.to_foundation(p[j]) >= 0]

    @executes("octagon:4", "octagon:6")
    def side_to_foundation(self) -> list[tuple]:
        """Side-pile top cards that fit a foundation."""
        return [("found", i) for i, p in enumerate(self.sides)
                if p and self.to_foundation(p[-1]) >= 0]

    def transfer_moves(self) -> list[tuple]:
        """Reading ``side-transfers=allowed`` only: a side pile's top card onto another side
        pile's top card by :meth:`build_ok` (``("move", from, to)``)."""
        if not self.cfg.transfers:
            return []
        sd = self.sides
        return [("move", i, j) for i, p in enumerate(sd) if p for j, q in enumerate(sd)
                if j != i and q and self.build_ok(p[-1], q[-1])]

    def _waste_playable(self) -> bool:
        if not self.waste:
            return False
        c = self.waste[-1]
        return self.to_foundation(c) >= 0 or any(
            p and self.build_ok(c, p[-1]) for p in self.sides)

    @executes("octagon:5", "octagon:8")
    def legal_moves(self):
        """Foundation moves (side tops, waste top, the opening digs), the waste top onto a
        side pile, turning a card, a redeal when the stock is out and redeals remain."""
        if self.is_won():
            return []
        moves = self.side_to_foundation()
        if self.waste:
            c = self.waste[-1]
            if self.to_foundation(c) >= 0:
                moves.append(("found", "w"))
            for i, p in enumerate(self.sides):
                if p and self.build_ok(c, p[-1]):
                    moves.append(("build", "w", i))
        moves += self.opening_moves()
        moves += self.transfer_moves()
        if self.cfg.compulsory and self._waste_playable():
            return moves
        if self.ptr < len(self.stock):
            moves.append(_TURN)
        elif self.waste and self.passes < self.cfg.max_redeals:
            moves.append(_REDEAL)
        return moves

    def apply(self, move):
        s = self._child(move)
        k = move[0]
        if k == "turn":
            self.turn(s)
        elif k == "redeal":
            self.redeal(s)
        elif k == "found":
            if move[1] == "w":
                c = self.waste[-1]
                s.waste = self.waste[:-1]
            else:
                sd = list(self.sides)
                c = sd[move[1]][-1]
                sd[move[1]] = sd[move[1]][:-1]
                s.sides = tuple(sd)
            f = list(self.found)
            f[self.to_foundation(c)] += 1
            s.found = tuple(f)
        elif k == "dig":
            sd = list(self.sides)
            p = sd[move[1]]
            c = p[move[2]]
            sd[move[1]] = p[:move[2]] + p[move[2] + 1:]
            s.sides = tuple(sd)
            f = list(self.found)
            f[self.to_foundation(c)] += 1
            s.found = tuple(f)
        elif k == "move":
            sd = list(self.sides)
            c = sd[move[1]][-1]
            sd[move[1]] = sd[move[1]][:-1]
            sd[move[2]] = sd[move[2]] + (c,)
            s.sides = tuple(sd)
        else:  # build from the waste
            c = self.waste[-1]
            s.waste = self.waste[:-1]
            sd = list(self.sides)
            sd[move[2]] = sd[move[2]] + (c,)
            s.sides = tuple(sd)
        if () in s.sides:
            s.refill()
        return s

    @executes("octagon:5")
    def turn(self, s: "OctagonState") -> None:
        """Turn the next stock card onto the waste in the middle; the opening ends."""
        s.waste = self.waste + (self.stock[self.ptr],)
        s.ptr = self.ptr + 1
        s.opening = False

    @executes("octagon:8")
    def redeal(self, s: "OctagonState") -> None:
        """Turn the waste over, unshuffled, as the new stock (first turned, first again)."""
        s.stock, s.ptr, s.waste = self.waste, 0, ()
        s.fstock = bytes(map(_FOLD, s.stock))
        s.passes = self.passes + 1

    @executes("octagon:7")
    def refill(self) -> None:
        """Each empty side pile takes five cards (fewer if the stock has fewer) from the
        stock, first pile first. Mutates ``self`` (a fresh child)."""
        sd = list(self.sides)
        for i, p in enumerate(sd):
            if not p and self.ptr < len(self.stock):
                sd[i] = self.stock[self.ptr:self.ptr + SIDE_SIZE]
                self.ptr = min(len(self.stock), self.ptr + SIDE_SIZE)
        self.sides = tuple(sd)

    def is_legal(self, move) -> bool:
        if not isinstance(move, tuple) or not move:
            return False

        def fits_found(c):
            return any(f // 2 == (c // 13) % 4 and self.found[f] == c % 13
                       for f in range(8))

        def waste_fits():
            if not self.waste:
                return False
            c = self.waste[-1]
            return fits_found(c) or any(p and self.build_ok(c, p[-1]) for p in self.sides)
        if move == ("turn",):
            return self.ptr < len(self.stock) and not (self.cfg.compulsory and waste_fits())
        if move == ("redeal",):
            return (self.ptr == len(self.stock) and bool(self.waste)
                    and self.passes < self.cfg.max_redeals
                    and not (self.cfg.compulsory and waste_fits()) and not self.is_won())
        if move[0] == "found" and len(move) == 2:
            src = move[1]
            if src == "w":
                return bool(self.waste) and fits_found(self.waste[-1])
            return (isinstance(src, int) and 0 <= src < NSIDE and bool(self.sides[src])
                    and fits_found(self.sides[src][-1]))
        if move[0] == "build" and len(move) == 3 and move[1] == "w":
            i = move[2]
            if not (self.waste and isinstance(i, int) and 0 <= i < NSIDE and self.sides[i]):
                return False
            c, d = self.waste[-1], self.sides[i][-1]
            return d % 13 == c % 13 + 1 and (not self.cfg.in_suit or d // 13 % 4 == c // 13 % 4)
        if move[0] == "move" and len(move) == 3:
            i, j = move[1], move[2]
            if not (self.cfg.transfers and isinstance(i, int) and isinstance(j, int)
                    and 0 <= i < NSIDE and 0 <= j < NSIDE and i != j
                    and self.sides[i] and self.sides[j]):
                return False
            c, d = self.sides[i][-1], self.sides[j][-1]
            return d % 13 == c % 13 + 1 and (not self.cfg.in_suit or d // 13 % 4 == c // 13 % 4)
        if move[0] == "dig" and len(move) == 3:
            i, j = move[1], move[2]
            return (self.cfg.literal and self.opening and isinstance(i, int)
                    and 0 <= i < NSIDE and isinstance(j, int)
                    and 0 <= j < len(self.sides[i]) - 1 and fits_found(self.sides[i][j]))
        return False

    def is_won(self):
        return self.found == (13,) * 8

    def key(self):
        """Foundations (:func:`engine.games._common.canonical`), side piles, the stock still
        to turn, waste, redeals made, the opening flag; up to the symmetries of the rules:
        the side piles are alike (an empty one is refilled, first empty pile first, with
        the same cards whichever it is), so they are sorted; the two packs are alike, so
        cards are taken within one pack (``c % 52``)."""
        fold = _FOLD
        return (canonical(self.found), tuple(sorted([bytes(map(fold, p)) for p in self.sides])),
                self.fstock[self.ptr:], bytes(map(fold, self.waste)),
                self.passes, self.opening)

    def safe_move(self):
        """Rules ``safe-foundation`` and ``twin-below`` (see :data:`PRUNINGS`): a side pile's
        top card (the pile not emptied) that fits a foundation, or the waste's top card in
        the last pass, when the rule's condition holds; ``None`` when no card is so safe."""
        cfg = self.cfg
        if "safe-foundation" in cfg.off:
            return None
        f = self.found
        in_suit = cfg.in_suit
        low = min(f)
        twin_rule = ("twin-below" not in cfg.off and in_suit and not cfg.transfers
                     and not cfg.compulsory and not (cfg.literal and self.opening))
        last = self.passes >= cfg.max_redeals
        for src, c in [(i, p[-1]) for i, p in enumerate(self.sides) if len(p) > 1] + (
                [("w", self.waste[-1])] if self.waste and last else []):
            t = self.to_foundation(c)
            if t < 0:
                continue
            r = RANK[c] - 1
            if (f[t ^ 1] >= r) if in_suit else (low >= r):
                return ("found", src)
            if twin_rule and self._twin_below(c):
                return ("found", src)
        return None

    def _twin_below(self, c: int) -> bool:
        """Rule ``twin-below``: do the other copy of the card one rank below ``c`` in suit
        and, under it, ``c``'s twin (its other copy) lie in one side pile?"""
        below, twin = c % 52 - 1, c % 52
        for p in self.sides:
            under = False
            for d in p:   # bottom first
                if d % 52 == twin:
                    under = True
                elif under and d % 52 == below:
                    return True
        return False

    def dead(self) -> bool:
        """A proof of loss (rule ``blocked``, see :data:`PRUNINGS`): even if every card not in
        a side pile were free to go up at any time, and a card could go up once a copy of
        the card below it is up (both, rule ``second-copy``, when a copy of its rank is
        home), the side piles, which give up only their top cards and only
        to the foundations (octagon:6), cannot all be emptied (:func:`_relaxed_blocked`).
        This includes the plain case of a card lying above both copies of the card it needs.
        In the last pass (rule ``last-pass``) the waste counts too: no redeal will turn it
        over, so a card in it that can go neither up nor onto a side pile (a king; a card
        whose higher neighbours are home or below it) holds every card below it, and
        (rule ``last-pass-stock``) the stock turns in its order: a card still to turn is not
        free before it is turned, and a king turned covers the waste; so does (rule
        ``last-pass-chain``, :func:`_chain_held`) a card every higher neighbour of which is
        home or a stock card itself never built on a side pile.
        Not during the opening under
        reading ``literal`` (any fitting card of a side pile may be dug out then), nor under
        ``side-transfers=allowed`` (a side pile's cards may go elsewhere). Memoised on the
        foundations and the side piles."""
        cfg = self.cfg
        if "blocked" in cfg.off or cfg.transfers or (cfg.literal and self.opening):
            return False
        last = self.passes >= cfg.max_redeals
        waste = self.waste if last and "last-pass" not in cfg.off else ()
        stock = self.stock[self.ptr:] if last else ()
        ordered = bool(stock) and "last-pass-stock" not in cfg.off
        second = "second-copy" not in cfg.off
        chain = ordered and "last-pass-chain" not in cfg.off
        k = (self.found, self.sides, waste, stock, ordered, second, chain)
        cache = cfg.dead_cache
        d = cache.get(k)
        if d is None:
            # Positions no legal play reaches (the careful player once applied the real
            # position's moves to its samples, where under ``negation=literal`` an opening
            # dig may name a card that does not fit; engine.careful.careful_run now asks
            # the sample's ``is_legal`` first): ``apply`` of such a dig adds the card to the
            # last foundation, whose count may pass the king (nothing is claimed then) or
            # exceed the copies of a rank (settle's free count goes below zero: ``> 0``
            # there, not ``!= 0``, which looped for ever). Either way the answer ends, and
            # for every legal position it is unchanged.
            d = max(self.found) <= 13 and _relaxed_blocked(
                self.found, self.sides, waste, cfg.in_suit, stock, ordered, second, chain)
            if len(cache) >= 1 << 18:
                cache.clear()
            cache[k] = d
        return d

    def frees(self, move):
        return move[0] == "build"

    def piles(self):
        fpos = [(2, 0), (3, 0), (5, 2), (5, 3), (3, 5), (2, 5), (0, 3), (0, 2)]
        spos = [(4, 1), (4, 4), (1, 4), (1, 1)]
        out = []
        for i in range(8):
            s = i // 2
            out.append((f"foundation {i + 1}", float(fpos[i][0]), float(fpos[i][1]),
                        tuple((i % 2) * 52 + s * 13 + k for k in range(self.found[i])),
                        "none"))
        for i, p in enumerate(self.sides):
            out.append((f"side pile {i + 1}", float(spos[i][0]), float(spos[i][1]), p, "none"))
        out.append(("waste", 2.5, 2.5, self.waste, "none"))
        out.append(("stock", 2.5, 7.0, self.stock[self.ptr:][::-1], "none"))
        return out

    def visible(self) -> tuple:
        """As :meth:`engine.state.State.visible` (a side pile shows its top card only,
        decision ``side-piles-seen``), but under reading ``negation=literal`` until the first
        card is turned every card of the side piles shows: the reading lets any card of a
        side pile that fits go up (octagon:4, :meth:`opening_moves`), which a player can do
        only by looking through the piles, and a move offered for a card the player could
        not see would be a peek."""
        out = super().visible()
        if not (self.cfg.literal and self.opening):
            return out
        return tuple((name, self.sides[int(name.rsplit(" ", 1)[1]) - 1])
                     if name.startswith("side pile ") else (name, cards) for name, cards in out)

    def sample_hidden(self, rng) -> "OctagonState":
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
        s.sides = tuple(relabelled(p, sigma) for p in self.sides)
        s.stock, s.waste = relabelled(self.stock, sigma), relabelled(self.waste, sigma)
        s.fstock = bytes(c % 52 for c in s.stock)
        return s


def _need(home: int, second: bool = True) -> int:
    """Copies of the rank below that must be home before a copy of a rank goes up, given
    ``home`` copies of that rank home at the start: 1; 2 when one is home already and rule
    ``second-copy`` is on (``second``): the other goes on the suit's other foundation, which
    must be one rank lower, so both copies below are home."""
    return 2 if second and home else 1


def _never_built(c: int, home: list, in_suit: bool = True) -> bool:
    """May card ``c`` never go on a side pile (rule ``last-pass-stock``)? True for a king,
    and for a card every card one rank higher of which (in its suit when ``in_suit``, else
    of any suit) is home; ``home[s][r]`` copies home."""
    s, r = SUIT[c], RANK[c]
    if r == 13:
        return True
    if in_suit:
        return home[s][r + 1] >= 2
    return sum(home[t][r + 1] for t in range(4)) >= 8


def _chain_held(stock: tuple, home: list, in_suit: bool = True) -> list:
    """Rule ``last-pass-chain``: for each card of the last pass's ``stock`` (next first),
    can it never be built on a side pile while no side pile has emptied? True for a king;
    else when every copy of a card one rank higher (in its suit when ``in_suit``, else of
    any suit) is home or is itself such a card of the stock: a card becomes a side pile's
    top only by being built there (onto a side pile's top one rank higher) or by a refill
    (a pile emptied), so by induction from the king down none of these cards is ever a
    side pile's top to build this one on. ``home[s][r]`` copies home."""
    out = [False] * len(stock)
    held = [[0] * 15 for _ in range(4)]  # such cards of (suit, rank) in the stock
    by_rank: dict = {}
    for i, c in enumerate(stock):
        by_rank.setdefault(RANK[c], []).append(i)
    for r in range(13, 0, -1):
        for i in by_rank.get(r, ()):
            s = SUIT[stock[i]]
            if r == 13:
                out[i] = True
            elif in_suit:
                out[i] = home[s][r + 1] + held[s][r + 1] >= 2
            else:
                out[i] = sum(home[t][r + 1] + held[t][r + 1] for t in range(4)) >= 8
            if out[i]:
                held[s][r] += 1
    return out


def _relaxed_blocked(found: tuple, sides: tuple, waste: tuple = (), in_suit: bool = True,
                     stock: tuple = (), ordered: bool = False, second: bool = True,
                     chain: bool = False) -> bool:
    """Can the relaxed game of :meth:`OctagonState.dead` not empty the side piles (and the
    locked part of the waste)? ``found`` 8 top ranks, ``sides`` the side piles (bottom
    first), ``waste`` (bottom first) given only in the last pass, else empty.

    Relaxed: every card neither on a foundation, nor in a side pile, nor in ``waste`` is
    free; a card may go up as soon as a copy of the card below it in suit is up, or both
    copies when a copy of its own rank was home at the start (rule ``second-copy``, see
    :func:`_need`; the real rule needs a foundation at the rank below); a waste card leaves the waste
    from the top only: to a foundation, or (then free) onto a side pile, which the real
    game allows only if a card one rank higher (in its suit when ``in_suit``) will ever be
    a side pile's top: not a king, and not when every such card is home or lies below it
    in the waste (cards below it stay there while it does). Going up never stops another card from going up, so playing every card that can
    go up, in any order, reaches the one fixpoint; the relaxed game is lost iff cards are
    left in the piles there. Every real game is a relaxed game.

    ``stock`` (rule ``last-pass-stock``, given only in the last pass): the cards still to
    turn, next first. Those that can never be built on a side pile (a king; a card both of
    whose higher neighbours in suit, or all eight of any suit, are home) are held until
    turned; each is turned onto the waste, in order, only at a fixpoint (when nothing else
    can move), and then leaves it only to a foundation, from the top. The other stock cards
    are free. Once a side pile is empty in the relaxation (the real game can empty one no
    sooner, since its side piles' own cards go up no sooner), a refill may take stock cards
    past the waste, so the rest of the stock is let free."""
    held = [[0] * 14 for _ in range(4)]
    piles = [list(p) for p in sides if p]
    for p in piles:
        for c in p:
            held[SUIT[c]][RANK[c]] += 1
    for c in waste:
        held[SUIT[c]][RANK[c]] += 1
    home = [[0] * 14 for _ in range(4)]
    for f, n in enumerate(found):
        for r in range(1, n + 1):
            home[f // 2][r] += 1

    def never_built(c: int) -> bool:
        return _never_built(c, home, in_suit)

    queue = list(stock[::-1]) if ordered else []  # held until turned, next last
    for c in queue:
        held[SUIT[c]][RANK[c]] += 1
    # rule ``last-pass-chain``: stock cards (by index) that can never be a side pile's top
    # while no pile is empty, so never a place to build on (:func:`_chain_held`)
    stuck = _chain_held(stock, home, in_suit) if ordered and chain else None
    chained: list = []  # waste indices of cards held by the chain only (not never_built)
    # up[s][r]: copies of rank r of suit s home (rank 0 stands for the foundations' base);
    # need[s][r]: copies of rank r - 1 that must be home before a copy of rank r goes up
    # (2 when one copy of rank r is home already: the other goes on the second foundation)
    up = [[2] + home[s][1:] for s in range(4)]
    need = [[0] + [_need(home[s][r], second) for r in range(1, 14)] for s in range(4)]
    nfree = [[0] + [2 - held[s][r] - home[s][r] for r in range(1, 14)] for s in range(4)]

    def settle(s: int) -> None:  # the free cards of suit s go up while they can
        u, nd, fr = up[s], need[s], nfree[s]
        for r in range(2, 14):
            while fr[r] > 0 and u[r - 1] >= nd[r]:  # (> 0: see OctagonState.dead)
                fr[r] -= 1
                u[r] += 1

    def fits(c: int) -> bool:
        s, r = SUIT[c], RANK[c]
        return up[s][r - 1] >= need[s][r]

    def rise(c: int) -> None:  # card c goes up: free cards follow it
        s = SUIT[c]
        up[s][RANK[c]] += 1
        settle(s)

    def release(c: int) -> None:  # a waste card leaves the waste: free from now on
        s = SUIT[c]
        nfree[s][RANK[c]] += 1
        settle(s)

    for s in range(4):
        settle(s)
    # may waste card i be built on a side pile? Only on a card one rank higher (of its
    # suit, or any suit) that is a side pile's top then: one still to turn (a refill may
    # take it) or above it in the waste and not a king (which may go on a side pile first),
    # or one in a side pile once every card above it there has gone up (``exposed``); not
    # one home or below it in the waste
    w = list(waste)
    target = [[0] * 14 for _ in range(4)]  # copies in the stock or above waste card i
    for c in stock:
        target[SUIT[c]][RANK[c]] += 1
    build = [False] * len(w)
    for i in range(len(w) - 1, -1, -1):
        s, r = SUIT[w[i]], RANK[w[i]]
        if r < 13:
            build[i] = (target[s][r + 1] > 0 if in_suit
                        else any(target[t][r + 1] for t in range(4)))
            target[s][r] += 1  # a king in the waste never reaches a side pile
    exposed = [[False] * 15 for _ in range(4)]  # exposed[s][r]: such a card was a pile top

    def expose() -> None:
        for p in piles:
            if p:
                exposed[SUIT[p[-1]]][RANK[p[-1]]] = True

    def can_build(c: int) -> bool:
        s, r = SUIT[c], RANK[c]
        return exposed[s][r + 1] if in_suit else any(exposed[t][r + 1] for t in range(4))
    expose()
    nsides = len(sides)
    while True:
        moved = True
        while moved and (piles or w):
            moved = False
            while w and (build[-1] or fits(w[-1]) or can_build(w[-1])):
                c = w.pop()
                build.pop()  # ``build`` stays aligned with ``w``
                release(c)
                moved = True
            for p in piles:
                while p and fits(p[-1]):
                    rise(p.pop())
                    moved = True
                    expose()  # each card laid bare is a pile's top, if only for a moment
                    # (once marked only after the whole run went up: a card laid bare and
                    # gone up at once was missed, and a won position was claimed lost)
            piles = [p for p in piles if p]
            expose()
        if not queue:
            break
        if len(piles) < nsides:  # a pile is empty: refills may take any stock card
            while queue:
                release(queue.pop())
            for i in chained:  # ... and put a card one rank higher on a pile's top
                if i < len(build):
                    build[i] = True
            chained = []
        else:  # turn the next card: one never built stays on the waste, others are free
            c = queue.pop()
            if never_built(c):
                w.append(c)
                build.append(False)
            elif stuck is not None and stuck[len(stock) - len(queue) - 1]:
                chained.append(len(w))
                w.append(c)
                build.append(False)
            else:
                release(c)
    return bool(piles or w)


def new(deal: int, readings: dict[str, str] | None = None) -> OctagonState:
    """Deal ``deal`` of the Octagon under ``readings``."""
    check_deal(deal)
    r = resolve(SLUG, AMBIGUITIES, readings)
    cfg = Config(SLUG, deal, r, literal=r["negation"] == "literal",
                 in_suit=r["side-build"] == "in-suit",
                 max_redeals=3 if r["redeals"] == "three-redeals" else 2,
                 compulsory=r["stock-play"] == "compulsory",
                 transfers=r["side-transfers"] == "allowed", dead_cache={})
    found, rest = take_out_aces(numbers(SLUG, deal, PACKS))
    s = OctagonState.__new__(OctagonState)
    s.cfg, s.hist = cfg, None
    s.found = found
    s.sides, s.stock = deal_side_piles(rest, r["side-deal"] == "round")
    s.fstock = bytes(map(_FOLD, s.stock))
    s.ptr, s.waste, s.passes, s.opening = 0, (), 0, True
    return s


GAME = register(Game(SLUG, "The Octagon", __name__, PACKS, AMBIGUITIES))
