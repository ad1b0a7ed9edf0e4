"""Македонская фаланга, The Macedonian Phalanx (chapter XL): two packs, a pyramid of 25.

Sentences (``macedonian-phalanx:<n>``) and where they are executed:

1. two packs; the first cards are laid as a pyramid, one, then three, and so on --
   :func:`deal_pyramid` (rows of 1, 3, 5, 7, 9: sentence 2 names the last row of nine).
2. after the row of nine the next card turned up is the base card; all cards of its rank go
   out of the pyramid to the foundations, four suits on each side -- :func:`take_base_card`,
   :meth:`PhalanxState.to_foundation`.
3. then the next ranks go up in suit; empty places in the pyramid are refilled with new cards;
   when none goes up any more the rest is dealt onto the waste below, from which cards go up,
   and the pyramid is kept full -- :meth:`PhalanxState.legal_moves`,
   :meth:`PhalanxState.may_deal` (the two phases; reading ``play-up``),
   :meth:`PhalanxState.refill` (readings ``refill``, ``refill-when``).
4. the game ends when pyramid and waste are all on the foundations, each ending with the rank
   below the base -- :meth:`PhalanxState.is_won` (foundations wrap from king to ace).
5. no building, one card to a place -- no build moves are generated.
6. no pile is redealt -- no redeal.

Safe automatic moves (solver): in the first phase only, a pyramid card that is the only
candidate for its foundation (no card may be dealt while one goes up, so all of them go up
before the phase ends, in any order; nothing is built on the pyramid; with a competitor for
the foundation the choice is left to the search). In the second phase no move is automatic
unless it is the only legal one: playing a pyramid card up there refills its place at once
(from the waste top or the pack), and *when* that happens decides which card is saved into
the pyramid and which stays buried in the waste, so an early move up can lose a won game
(tests/engine/test_phalanx_egypt.py builds such a position). Once the pack is used up every
move is a move up, and those commute (rule ``endgame``), so any of them is automatic then.
The solver's proofs of loss (rules ``relaxed-deals-bury`` and, when it is off, the weaker
``relaxed-bound``: :meth:`PhalanxState.dead`), its order of moves
(:meth:`PhalanxState.search_moves`) and every rule's argument are in :data:`PRUNINGS`.
"""
from __future__ import annotations

from ..cards import RANK
from ..deal import check_deal, numbers
from ..readings import Ambiguity, Reading, resolve
from ..registry import executes
from ..state import Config, State, hidden_relabel, relabelled
from . import _common as fnd
from . import Game, register

#: The game's slug.
SLUG = "macedonian-phalanx"
#: Number of packs of 52.
PACKS = 2
#: The rules leave the player choices.
PLAYER_HAS_CHOICE = True
ROWS = (1, 3, 5, 7, 9)
NPYR = sum(ROWS)
#: The careful player's effort here, (samples, states) a decision (engine.careful.effort):
#: a decision of the second phase is between dealing and playing up a waste top or a
#: pyramid card, and which card a refill saves; four samples searched with 2,000 states
#: seldom find a win to tell them apart (the player then falls back on the greedy order).
#: Deals 1-80, default readings: 23 won with four samples and 2,000 states, 33 with these
#: (greedy 17, the solver 52); deals 1-40: 32 samples with 16,000 states won no more (18)
#: at twice the cost; greedy roll-outs scoring the cards home when no sample wins changed
#: nothing (11 of deals 1-40 either way). About 7 s of CPU a deal. (These trials ran while
#: the player could still read a foundation's copy label, a peek since closed; the stored
#: careful rows, measured anew after the fix, are the player's figures.)
CAREFUL_EFFORT = (16, 16_000)

#: The solver's pruning rules (name -> argument); each is gated on ``name not in cfg.off``.
PRUNINGS = {
    "first-phase-only-candidate":
        "In the first phase no card may be dealt while one goes up, so every pyramid card "
        "that goes up does so before the phase ends, and nothing is built on the pyramid: "
        "a card that is the only candidate for its foundation (no competitor of the same "
        "rank for either foundation of its suit) goes up in every line, and earlier is "
        "never worse.",
    "forced-move":
        "A move that is the only legal one is played in every continuation.",
    "endgame":
        "Once the pack is used up the only moves are moves up, and they commute: a card "
        "that goes up keeps going up until it or its twin of the other pack is played, "
        "playing one only adds a card (the next from the waste, or none) to those a player "
        "can reach, and advances a foundation that only it or its twin could advance. So "
        "every line plays up the same cards whatever the order; any move up is automatic.",
    "relaxed-bound":
        "Proof of loss by a relaxation that can only do more than the player: every card of "
        "the pack is taken as already reachable, and the waste card under k others as "
        "reachable after any k moves up (in the game each move up takes at most one card "
        "off the waste, and dealing only buries it deeper). In the relaxed game moves up "
        "commute (as in rule ``endgame``), so playing up greedily decides it; when even "
        "that leaves a card off the foundations, the position is lost.",
    "relaxed-deals-bury":
        "A tighter relaxation than ``relaxed-bound``, in which every card reached stays "
        "reachable, so moves up commute and are never worse made at once, and dealing only "
        "when nothing goes up decides it. Reading ``refill=waste``: while a waste card lies "
        "in the waste every move up takes at most one card off the waste and every card "
        "dealt goes on top of it, so the waste card under k others comes to the top only "
        "once the moves up outnumber the cards dealt since by k; a card of the pack is "
        "reached only once dealt (in the first phase, where a move up refills from the "
        "pack, or under reading ``refill=stock``, once moves up and deals together reach "
        "it). Under reading ``refill=stock`` also a second relaxation: a waste card leaves "
        "the waste only by going up from its top, so the waste is a pile played from the "
        "top, with every card of the pack and the pyramid free; a free card that goes up "
        "while its twin lies in the pile is lent, and the twin reaching the top may be taken "
        "as free instead, so going up at once is never worse than waiting for the twin. "
        "When even a relaxed game leaves a card off the foundations, the position is lost.",
    "key-places-alike":
        "Every place of the pyramid is alike (each card in it is free, nothing is built on "
        "it, and which empty place is filled first changes nothing), so the key sorts them.",
    "key-packs-alike":
        "The two packs are alike: the key takes each card within one pack (``c % 52``), "
        "with a flag telling whether the waste top is the card dealt last (reading "
        "``play-up`` depends on it).",
}

#: The ambiguities of the text, with their readings: every decision the engine takes. Those
#: with one reading are decisions the text settles; their reason quotes it.
AMBIGUITIES = (
    Ambiguity(
        "pyramid-rows",
        "How many cards in each row of the pyramid?",
        ("macedonian-phalanx:1", "macedonian-phalanx:2"),
        (Reading("rows-1-3-5-7-9", "five rows of 1, 3, 5, 7 and 9 cards (25 cards)"),),
        "rows-1-3-5-7-9",
        "Plain: macedonian-phalanx:1 'сначала одну, потом три и так далее' (rows growing by "
        "two) and macedonian-phalanx:2 'последний ряд, в котором девять карт' (the last row "
        "has nine).",
    ),
    Ambiguity(
        "base-card",
        "Which card is the base (foundation) card, and does it start a foundation itself?",
        ("macedonian-phalanx:2",),
        (Reading("next-card", "the first card turned after the pyramid; it starts the first "
                 "foundation of its suit"),),
        "next-card",
        "Plain: macedonian-phalanx:2 'первая карта, которая потом вскрывается, будет "
        "начальною' -- a 'начальная' card is a foundation card, so it starts one.",
    ),
    Ambiguity(
        "foundations",
        "How many foundations, of which suits, and where do they end?",
        ("macedonian-phalanx:2", "macedonian-phalanx:4"),
        (Reading("two-per-suit-wrapping", "eight foundations, two of each suit (four "
                 "suits on each side), each from the base rank up in suit, past the king to "
                 "the ace, thirteen cards ending on the rank below the base"),),
        "two-per-suit-wrapping",
        "Plain: macedonian-phalanx:2 'все четверки ... кладутся четырьмя разными мастями по "
        "обеим сторонам пирамиды' (two packs: eight cards of the base rank), :3 "
        "'возвышающимся порядком ... по мастям', :4 'все здесь кончатся тройками' (base four, "
        "ending on threes: the count wraps from king to ace).",
    ),
    Ambiguity(
        "first-phase",
        "When does the dealing onto the waste begin?",
        ("macedonian-phalanx:3",),
        (Reading("when-nothing-goes-up", "only when every empty place is filled and no "
                 "pyramid card goes to a foundation; until then pyramid cards that go up must "
                 "go up"),),
        "when-nothing-goes-up",
        "Plain: macedonian-phalanx:3 'и когда все замещены и никакие уже более не идут на "
        "места начальные, тогда все прочие кладутся внизу в общую массу'.",
    ),
    Ambiguity(
        "refill",
        "Once the rest of the pack is being dealt onto the waste, where do the cards that "
        "refill empty places of the pyramid come from?",
        ("macedonian-phalanx:3",),
        (Reading("waste", "from the top of the waste ('из которой ... так же замещаются')"),
         Reading("stock", "from the pack in hand, as before the waste was begun")),
        "waste",
        "macedonian-phalanx:3: 'в общую массу, из которой, по мере как будут выходить, "
        "кладутся карты на места начальные, так же замещаются пустые места в пирамиде' -- the "
        "relative 'из которой' governs both clauses.",
    ),
    Ambiguity(
        "refill-when",
        "Is filling an empty place of the pyramid the player's choice, and when is it done?",
        ("macedonian-phalanx:3",),
        (Reading("at-once", "at once and always, whenever a card is there to fill it"),),
        "at-once",
        "Plain: macedonian-phalanx:3 'пустые места в пирамиде замещаются новыми картами' "
        "(are filled: no choice is offered) 'в пирамиде, которая должна всегда быть полна' "
        "(must always be full).",
    ),
    Ambiguity(
        "play-up",
        "In the second phase, must a card that goes to a foundation go there before the next "
        "card is dealt onto the waste?",
        ("macedonian-phalanx:3",),
        (Reading("turned-card", "a card just dealt onto the waste that goes to a "
                 "foundation goes there before the next card is dealt (it may not be "
                 "buried); other cards go up when the player likes",
                 restricts="optional"),
         Reading("compulsory", "every card that goes to a foundation (pyramid or waste "
                 "top) goes there before the next card is dealt, as in the first phase",
                 restricts="turned-card"),
         Reading("optional", "the player may deal the next card at any time")),
        "turned-card",
        "macedonian-phalanx:3 'из которой, по мере как будут выходить, кладутся карты на "
        "места начальные': the cards coming out of the heap are laid on the foundations as "
        "they come out, so a fitting card is not covered by the next; for the pyramid's "
        "cards the sentence says nothing of the kind after the first phase.",
    ),
    Ambiguity(
        "moves",
        "Is there any building, or a redeal?",
        ("macedonian-phalanx:5", "macedonian-phalanx:6"),
        (Reading("none", "no building on the pyramid or the waste, one card to a place, no "
                 "redeal"),),
        "none",
        "Plain: macedonian-phalanx:5 'Переводов здесь никаких нет, и на места в фаланге более "
        "одной карты накладывать нельзя'; :6 'не позволяется перекладывать и другие кучки'.",
    ),
    Ambiguity(
        "refill-order",
        "When several places are empty at once, which is filled first?",
        ("macedonian-phalanx:3",),
        (Reading("first-place-first", "the first empty place (row by row, left to "
                 "right) first"),),
        "first-place-first",
        "The text does not say, and it makes no difference: every card of the pyramid is "
        "free and nothing is built on it (macedonian-phalanx:5 'на места в фаланге более "
        "одной карты накладывать нельзя'), so which place a card fills changes nothing.",
        kind="silent",
    ),
)

_TURN = ("turn",)
#: :meth:`PhalanxState.search_moves`: a waste top its foundations take within this many
#: cards is saved (moves up first) rather than buried (dealing first).
SAVE_SOON = 3
_FOUND = tuple(("found", i) for i in range(NPYR))
_FOUND_W = ("found", "w")


@executes("macedonian-phalanx:1")
def deal_pyramid(cards: list[int]) -> tuple[int, ...]:
    """The first 25 cards as the pyramid, row by row (1, 3, 5, 7, 9), left to right."""
    return tuple(cards[:NPYR])


@executes("macedonian-phalanx:2")
def take_base_card(cards: list[int]) -> tuple[int, tuple[int, ...]]:
    """The card after the pyramid is the base card; returns (base card, stock)."""
    return cards[NPYR], tuple(cards[NPYR + 1:])


class PhalanxState(State):
    """``found`` 8 counts (f even: left side, odd: right); ``pyr`` 25 places (card or -1);
    ``stock``/``ptr``; ``waste`` (top last); ``phase`` 1 (refilling from the stock, no waste
    yet) or 2 (dealing onto the waste)."""

    __slots__ = ("found", "pyr", "stock", "ptr", "waste", "phase")
    found: tuple[int, ...]
    pyr: tuple[int, ...]
    stock: tuple[int, ...]
    ptr: int
    waste: tuple[int, ...]
    phase: int

    def _child(self, move):
        s = PhalanxState.__new__(PhalanxState)
        s.cfg, s.hist = self.cfg, (move, self.hist)
        s.found, s.pyr, s.stock, s.ptr, s.waste, s.phase = (
            self.found, self.pyr, self.stock, self.ptr, self.waste, self.phase)
        return s

    @executes("macedonian-phalanx:2", "macedonian-phalanx:3", "macedonian-phalanx:4")
    def to_foundation(self, c: int) -> int:
        """Foundation ``c`` goes on (base rank starts one; up in suit, wrapping), or -1."""
        return fnd.target(self.found, self.cfg.base, c)

    @executes("macedonian-phalanx:3", "macedonian-phalanx:5", "macedonian-phalanx:6")
    def legal_moves(self):
        """Pyramid or waste card to a foundation; dealing the next card onto the waste only
        when :meth:`may_deal` allows it; no builds, no redeal."""
        if self.is_won():
            return []
        want = fnd.wanted(self.found, self.cfg.base)
        moves = [_FOUND[i] for i, c in enumerate(self.pyr) if c >= 0 and c % 52 in want]
        waste_up = bool(self.waste) and self.waste[-1] % 52 in want
        if waste_up:
            moves.append(_FOUND_W)
        if self.may_deal(bool(moves), waste_up):
            moves.append(_TURN)
        return moves

    @executes("macedonian-phalanx:3")
    def may_deal(self, any_goes_up: bool, waste_top_goes_up: bool) -> bool:
        """May the next card be dealt onto the waste? Not when the pack is used up; in the
        first phase only when no card goes up ('когда ... никакие уже более не идут на места
        начальные'); in the second as reading ``play-up`` says: ``turned-card`` not while the
        card just dealt is the waste top and goes up, ``compulsory`` not while any card goes
        up, ``optional`` always."""
        if self.ptr >= len(self.stock):
            return False
        if self.phase == 1 or self.cfg.play_up == "compulsory":
            return not any_goes_up
        if self.cfg.play_up == "turned-card":
            return not (waste_top_goes_up and self.waste[-1] == self.stock[self.ptr - 1])
        return True

    def apply(self, move):
        s = self._child(move)
        if move[0] == "turn":
            s.waste = self.waste + (self.stock[self.ptr],)
            s.ptr = self.ptr + 1
            s.phase = 2
        elif move[1] == "w":
            c = self.waste[-1]
            s.waste = self.waste[:-1]
            s.found = fnd.put(self.found, self.to_foundation(c))
        else:
            i = move[1]
            c = self.pyr[i]
            s.found = fnd.put(self.found, self.to_foundation(c))
            p = list(self.pyr)
            p[i] = -1
            s.pyr = tuple(p)
        s.refill()
        return s

    @executes("macedonian-phalanx:3")
    def refill(self) -> None:
        """Fill empty places of the pyramid, first place first: from the stock before the
        waste is begun, then from the waste top (reading ``waste``) or the stock (``stock``).
        Mutates ``self`` (called on a fresh child only)."""
        if -1 not in self.pyr:
            return
        p = list(self.pyr)
        from_waste = self.phase == 2 and self.cfg.refill_from_waste
        for i, c in enumerate(p):
            if c < 0:
                if from_waste:
                    if not self.waste:
                        break
                    p[i] = self.waste[-1]
                    self.waste = self.waste[:-1]
                else:
                    if self.ptr >= len(self.stock):
                        break
                    p[i] = self.stock[self.ptr]
                    self.ptr += 1
        self.pyr = tuple(p)

    def is_legal(self, move) -> bool:
        if not isinstance(move, tuple) or not move:
            return False
        base = self.cfg.base

        def fits(c):
            for f in range(8):
                n = self.found[f]
                if f // 2 == (c // 13) % 4 and n < 13 and (base - 1 + n) % 13 + 1 == c % 13 + 1:
                    return True
            return False
        if move == ("turn",):
            if self.ptr >= len(self.stock):
                return False
            waste_up = bool(self.waste) and fits(self.waste[-1])
            any_up = waste_up or any(c >= 0 and fits(c) for c in self.pyr)
            if self.phase == 1 or self.cfg.play_up == "compulsory":
                return not any_up
            if self.cfg.play_up == "turned-card":
                # the card dealt last is still the waste top: it has not left the waste
                return not (waste_up and self.waste[-1] == self.stock[self.ptr - 1])
            return True
        if move[0] == "found" and len(move) == 2:
            src = move[1]
            if src == "w":
                return bool(self.waste) and fits(self.waste[-1])
            return isinstance(src, int) and 0 <= src < NPYR and self.pyr[src] >= 0 \
                and fits(self.pyr[src])
        return False

    @executes("macedonian-phalanx:4")
    def is_won(self):
        """Every foundation holds 13 cards."""
        return self.found == (13,) * 8

    def key(self):
        """Foundations (:func:`engine.games._common.canonical`), the pyramid as a sorted set
        of cards, the pack pointer and the waste, up to the symmetries of the rules: every
        place of the pyramid is alike (every card in it is free, nothing is built on it, and
        which empty place is filled first changes nothing), so the places are sorted; the
        two packs are alike, so cards are taken within one pack (``c % 52``), with a flag
        telling whether the waste top is the card dealt last."""
        off = self.cfg.off
        if off:
            fold = (lambda c: c) if "key-packs-alike" in off else (lambda c: c % 52)
            pyr = [fold(c) if c >= 0 else 255 for c in self.pyr]
            if "key-places-alike" not in off:
                pyr.sort()
            return (self.found if "key-packs-alike" in off else fnd.canonical(self.found),
                    bytes(pyr), self.ptr, self.phase, bytes(map(fold, self.waste)),
                    self._fresh())
        return (fnd.canonical(self.found), bytes(sorted(c % 52 if c >= 0 else 255
                                                         for c in self.pyr)),
                self.ptr, self.phase, bytes(c % 52 for c in self.waste), self._fresh())

    def _fresh(self) -> bool:
        """Is the waste top the card dealt last (it has never left the waste)? Part of the
        key: reading ``play-up=turned-card`` depends on it, and folding the two packs hides
        which copy of a card lies on top."""
        return bool(self.waste) and self.ptr > 0 and self.waste[-1] == self.stock[self.ptr - 1]

    def safe_move(self):
        """A foundation move the solver plays without branching (see the module docstring):
        in the first phase, a card that is the only candidate for its foundation (while any
        card goes up no card may be dealt, so every such card goes up before the phase
        ends, and nothing is built on the pyramid); in the second phase only a forced move
        (the single legal move); once the pack is used up, any move (rule ``endgame``).
        Returns None otherwise."""
        off = self.cfg.off
        if self.ptr >= len(self.stock) and "endgame" not in off:
            moves = self.legal_moves()
            return moves[0] if moves else None
        if self.phase == 2:
            if "forced-move" in off:
                return None
            moves = self.legal_moves()
            return moves[0] if len(moves) == 1 else None
        if "first-phase-only-candidate" in off:
            return None
        base, found = self.cfg.base, self.found
        want = fnd.wanted(found, base)
        cands = [(i, c) for i, c in enumerate(self.pyr) if c >= 0 and c % 52 in want]
        if not cands:
            return None
        by_f: dict[int, list] = {}
        for src, c in cands:
            f = fnd.target(found, base, c)
            if f >= 0:
                by_f.setdefault(f, []).append(src)
        for f, srcs in by_f.items():
            if len(srcs) == 1:
                # the other foundation of the suit may take the same rank: then it competes
                g = f ^ 1
                if found[g] == found[f] and found[f] > 0:
                    continue
                return ("found", srcs[0])
        return None

    def search_moves(self):
        """The legal moves in the order the solver tries them (none is pruned). Under
        reading ``refill=waste`` a move up now saves the waste top into the pyramid, and
        dealing first lets a later move up save a card dealt after it instead: the moves up
        come first when the waste top is a card its suit's foundations take within the next
        four (``SAVE_SOON``), dealing first otherwise. Otherwise :meth:`legal_moves`. (Deals
        14, 57, 63, 66 and 79 are won within the table's budget this way; with either fixed
        order some of them are not.)"""
        moves = self.legal_moves()
        if self.cfg.refill_from_waste and len(moves) > 1 and moves[-1] == _TURN:
            if self.waste:
                c = self.waste[-1] % 52
                f = (c // 13) * 2
                r = c % 13
                base, found = self.cfg.base, self.found
                if any(found[g] < 13 and (r - (base - 1 + found[g])) % 13 <= SAVE_SOON
                       for g in (f, f + 1)):
                    return moves
            return [_TURN] + moves[:-1]
        return moves

    def dead(self) -> bool:
        """Proof of loss (rules ``relaxed-deals-bury`` and ``relaxed-bound`` of
        :data:`PRUNINGS`): True when even a relaxed game cannot bring every card home.

        ``relaxed-deals-bury`` (:func:`relaxed_wins` with ``deals_bury``): every card
        reached stays reachable, so moves up commute and are never worse made at once, and
        dealing only when nothing goes up decides the relaxed game. Reading
        ``refill=waste``: while a waste card lies in the waste every move up takes at most
        one card off the waste and every card dealt goes on top of it, so the waste card
        under k others comes to the top only once the moves up outnumber the cards dealt
        since by k; a card of the pack is reached only once dealt (in the first phase, or
        under reading ``refill=stock``, once moves up and deals together reach it). Under
        reading ``refill=stock`` also a second relaxation (:func:`_relaxed_waste_pile`): a
        waste card leaves the waste only by going up from its top, so the waste is a pile
        played from the top, with every card of the pack and the pyramid free; a free card
        that goes up while its twin lies in the pile is lent, and the twin reaching the top
        may be taken as free instead, so going up at once is never worse than waiting.

        ``relaxed-bound`` (weaker, used when the first is off): every card of the pack
        reachable now, the waste card under k others reachable after k moves up. O(104)."""
        off = self.cfg.off
        if "relaxed-deals-bury" not in off:
            stock = self.stock[self.ptr:]
            if not self.cfg.refill_from_waste and not _relaxed_waste_pile(
                    self.found, self.cfg.base, self.pyr, stock, self.waste):
                return True
            return not relaxed_wins(self.found, self.cfg.base, self.pyr, stock, self.waste,
                                    deals_bury=True, refill_from_pack=(
                                        self.phase == 1 or not self.cfg.refill_from_waste))
        if "relaxed-bound" in off:
            return False
        return not relaxed_wins(self.found, self.cfg.base, self.pyr, self.stock[self.ptr:],
                                self.waste)

    def frees(self, move):
        return False

    def piles(self):
        out = []
        for f in range(8):
            out.append((f"foundation {f + 1}", -2.0 if f % 2 == 0 else 10.0, float(f // 2),
                        fnd.foundation_cards(self.found, self.cfg.base, f), "none"))
        i = 0
        for r, n in enumerate(ROWS):
            for k in range(n):
                c = self.pyr[i]
                out.append((f"pyramid {i + 1}", float(4 - r + k), float(r),
                            (c,) if c >= 0 else (), "none"))
                i += 1
        out.append(("stock", 3.0, 6.0, self.stock[self.ptr:][::-1], "none"))
        out.append(("waste", 5.0, 6.0, self.waste, "none"))
        return out

    def sample_hidden(self, rng) -> "PhalanxState":
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
        s.pyr = relabelled(self.pyr, sigma)
        s.stock, s.waste = relabelled(self.stock, sigma), relabelled(self.waste, sigma)
        return s


def relaxed_wins(found: tuple[int, ...] | list[int], base: int, pyr, stock, waste,
                 deals_bury: bool = False, refill_from_pack: bool = True) -> bool:
    """Does greedy play up win the relaxed game of rule ``relaxed-bound`` (or, with
    ``deals_bury``, of rule ``relaxed-deals-bury``)? ``found`` the 8 foundation counts,
    ``base`` the base rank, ``pyr`` the pyramid (-1 for a hole), ``stock`` the cards not yet
    dealt, ``waste`` bottom first; ``refill_from_pack``: a move up may take a card of the
    pack (first phase, or reading ``refill=stock``). Moves up commute in it, so greedy play
    decides it."""
    if deals_bury:
        return _relaxed_deals_bury(found, base, pyr, stock, waste, refill_from_pack)
    avail, queue = _reached(pyr, waste, stock)
    found = list(found)
    moved = True
    while moved:
        moved = False
        for f in range(8):
            n = found[f]
            if n < 13:
                c = (f // 2) * 13 + (base - 1 + n) % 13
                if avail[c]:
                    avail[c] -= 1
                    found[f] = n + 1
                    if queue:
                        avail[queue.pop()] += 1
                    moved = True
    return found == [13] * 8


def _reached(pyr, waste, free=()) -> tuple[list[int], list[int]]:
    """The relaxations' start: ``avail[c]`` how many copies of card ``c`` (0-51) are within
    reach (every pyramid card, the cards of ``free``, the waste top), and the rest of the
    waste as a queue popped from the end (the next card under the top first)."""
    avail = [0] * 52
    for c in pyr:
        if c >= 0:
            avail[c % 52] += 1
    for c in free:
        avail[c % 52] += 1
    queue = [c % 52 for c in waste]
    if queue:
        avail[queue.pop()] += 1
    return avail, queue


def _relaxed_deals_bury(found: tuple[int, ...] | list[int], base: int, pyr, stock, waste,
                        refill_from_pack: bool) -> bool:
    """The relaxed game of rule ``relaxed-deals-bury``, played greedily: every move up at
    once; a card dealt only when nothing goes up. ``lead`` counts the moves up less the
    cards dealt; the waste card under k others is reached once ``lead`` has reached k (while
    it lies in the waste each move up takes at most one card off it, each card dealt goes on
    top). A card of the pack is reached once dealt, or, with ``refill_from_pack``, once
    moves up and deals together reach it. Reached cards stay reached, so moves up commute,
    and making them at once is never worse (the lead only grows, more cards are reached);
    dealing is the only other action, so the greedy line decides the relaxed game."""
    avail, queue = _reached(pyr, waste)
    nstock = len(stock)
    nxt = 0                                  # cards of the pack reached
    lead = best = 0
    found = list(found)
    while True:
        moved = True
        while moved:
            moved = False
            for f in range(8):
                n = found[f]
                if n < 13:
                    c = (f // 2) * 13 + (base - 1 + n) % 13
                    if avail[c]:
                        avail[c] -= 1
                        found[f] = n + 1
                        moved = True
                        lead += 1
                        if lead > best:
                            best = lead
                            if queue:
                                avail[queue.pop()] += 1
                        if refill_from_pack and nxt < nstock:
                            avail[stock[nxt] % 52] += 1
                            nxt += 1
        while True:                          # nothing goes up: deal the next card
            if nxt >= nstock:
                return found == [13] * 8
            c = stock[nxt] % 52
            avail[c] += 1
            nxt += 1
            lead -= 1
            f = (c // 13) * 2                # only the card dealt can go up now
            r = c % 13
            if ((found[f] < 13 and (base - 1 + found[f]) % 13 == r)
                    or (found[f + 1] < 13 and (base - 1 + found[f + 1]) % 13 == r)):
                break


def _relaxed_waste_pile(found: tuple[int, ...] | list[int], base: int, pyr, stock,
                        waste) -> bool:
    """The relaxed game of rule ``relaxed-deals-bury`` under reading ``refill=stock``,
    played greedily: the waste a pile whose top only goes up; every card of the pack and
    of the pyramid free. A free card that goes up while its twin lies in the pile is lent:
    when that twin comes to the top it may be taken as free instead (as if the twin had
    gone up and the free card stayed), so a free card that goes up at once is never worse
    than waiting for its twin; a waste top that fits goes up before a free twin. Every move
    is then never worse made at once, and the greedy line decides the relaxed game."""
    avail = [0] * 52
    for c in pyr:
        if c >= 0:
            avail[c % 52] += 1
    for c in stock:
        avail[c % 52] += 1
    pile = [c % 52 for c in waste]           # top last
    inpile = [0] * 52
    for c in pile:
        inpile[c] += 1
    lent = [0] * 52
    found = list(found)
    moved = True
    while moved:
        moved = False
        while pile and lent[pile[-1]]:       # a lent twin comes to the top: free it
            c = pile.pop()
            inpile[c] -= 1
            lent[c] -= 1
            avail[c] += 1
        for f in range(8):
            n = found[f]
            if n < 13:
                c = (f // 2) * 13 + (base - 1 + n) % 13
                if pile and pile[-1] == c:
                    pile.pop()
                    inpile[c] -= 1
                elif avail[c]:
                    avail[c] -= 1
                    if inpile[c]:
                        lent[c] += 1
                else:
                    continue
                found[f] = n + 1
                moved = True
                while pile and lent[pile[-1]]:
                    c = pile.pop()
                    inpile[c] -= 1
                    lent[c] -= 1
                    avail[c] += 1
    return found == [13] * 8


def new(deal: int, readings: dict[str, str] | None = None) -> PhalanxState:
    """Deal ``deal`` of the Macedonian Phalanx under ``readings``."""
    check_deal(deal)
    r = resolve(SLUG, AMBIGUITIES, readings)
    cards = numbers(SLUG, deal, PACKS)
    pyr = deal_pyramid(cards)
    base_card, stock = take_base_card(cards)
    cfg = Config(SLUG, deal, r, base=RANK[base_card], base_card=base_card,
                 refill_from_waste=r["refill"] == "waste", play_up=r["play-up"])
    s = PhalanxState.__new__(PhalanxState)
    s.cfg, s.hist = cfg, None
    found = [0] * 8
    found[fnd.target(tuple(found), cfg.base, base_card)] = 1
    s.found, s.pyr, s.stock, s.ptr, s.waste, s.phase = tuple(found), pyr, stock, 0, (), 1
    return s


GAME = register(Game(SLUG, "The Macedonian Phalanx", __name__, PACKS, AMBIGUITIES))
