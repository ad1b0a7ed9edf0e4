"""Мельница, The Mill (chapter XL): one pack, four aces out, twelve packets of four.

Sentences (``mill:<n>``) and where they are executed:

1. "Выбираются все четыре туза и раскладываются подряд" -- :func:`take_out_aces`.
2. "...кладут три ряда пачек, по четыре пачки в ряд и по четыре карты в пачке" --
   :func:`deal_packets` (reading ``deal-order``).
3. "С пачек снимаются двойки и кладутся по мастям на тузов, затем тройки и т. д." --
   :func:`goes_up` (top cards only: see below).
4. "Верхние карты пачек перекладываются на другие пачки, меньшие на большие ... но
   непременно по мастям" -- :func:`builds_on` (build down in suit, one card).

:func:`rule_moves` lists the legal moves from these plain rules; the solver uses
:meth:`MillState.legal_moves`, the same moves computed with bit masks for speed
(tests/engine/test_mill_rules.py checks that the two agree along played deals).
5. "Когда уже нечего перекладывать, то карты собираются снова в колоду, причем последняя
   пачка низа ложится на верх колоды" -- :func:`gather` (reading ``gather``) and the rule that
   a redeal is legal only when no foundation or build move is left.
6. "Колоду не тасуют, а снова кладут ряды ... до тех пор, пока он не выйдет" --
   :meth:`MillState.redeal_into` (reading ``redeals``).
7. "...вследствие повторения одних и тех же карт становится невозможным" --
   :meth:`MillState.repeats`: a redeal that would deal a pack already dealt is refused and
   the game is lost.

Layout: the foundations (aces) in a row at y = 0; packets 1-12 row by row below them
(packet 12 is "последняя пачка низа"). Packets are squared: only the top card is available
(sentence 4 says "верхние карты"; if any card of a packet could go up, sentence 3, every deal
would come out at once, against sentence 7, so this is not offered as a reading).
Empty packets take no cards (sentence 4 moves a card only onto a larger one).

Safe automatic moves (solver): any move to a foundation. One pack: a card that can go up has
its lower neighbour on the foundation, so nothing can be built on it; moving it up uncovers
the same card as moving it onto its upper neighbour would, and as a redeal is legal only when
no move is left, it would go up before the redeal anyway.
"""
from __future__ import annotations

from itertools import chain

from ..cards import CARDS, RANK, SUIT
from ..deal import check_deal, numbers
from ..readings import Ambiguity, Reading, resolve
from ..registry import executes
from ..state import Config, State, hidden_relabel, relabelled
from . import Game, register

#: The game's slug.
SLUG = "mill"
#: Number of packs of 52.
PACKS = 1
#: The rules leave the player choices.
PLAYER_HAS_CHOICE = True
#: The solver's pruning rules and their arguments (see :mod:`engine.games`).
PRUNINGS = {
    "safe-foundation": "Any card that fits a foundation goes up automatically: one pack, "
    "so nothing can be built on it; going up uncovers the same card a build would, and a "
    "redeal is legal only when no move is left, so it would go up before the redeal anyway.",
}
NPACKETS = 12
#: The careful player's effort here, (samples, states) a decision (engine.careful.effort):
#: a decision of the Mill is mostly between two or three builds, so even sixteen samples
#: searched with about 330 states each leave a deal at 0.25 s of CPU (the stored careful row),
#: less than a deal of Heart Speaks to Heart with four (1.4 s). With four it cannot tell a
#: build that wins in 60% of the worlds left from one that wins in 66% (deal 23, move 47: 120
#: against 133 of 200 sampled worlds); deals 1-200: 101 won with four samples and 2,000
#: states, 125 with these.
CAREFUL_EFFORT = (16, 16_000)

#: The ambiguities of the text, with their readings.
AMBIGUITIES = (
    Ambiguity(
        "deal-order",
        "Are the four cards of a packet dealt at once, packet after packet, or one card at a "
        "time round the twelve packets?",
        ("mill:2", "mill:6"),
        (Reading("packet", "four cards to a packet at once, packet after packet"),
         Reading("round", "one card to each packet in turn, round the twelve packets")),
        "packet",
        "mill:2 lays 'три ряда пачек ... по четыре карты в пачке' and mill:6 'кладут ряды по "
        "четыре в пачке': the unit laid is the packet of four, made one after another.",
    ),
    Ambiguity(
        "gather",
        "In what order do the packets go back into the pack? mill:5 fixes only that the last "
        "packet of the bottom row ends on top of the pack.",
        ("mill:5",),
        (Reading("last-packet-first",
                 "packets 12, 11, ..., 1 (last packet on top of the pack), each packet turned "
                 "face down so that its bottom card is dealt first"),
         Reading("top-card-first",
                 "packets 12, 11, ..., 1, each dealt from its top card down (the heap is "
                 "gathered face up and dealt from its face-up top)"),
         Reading("first-packet-first",
                 "packets 1, 2, ..., 12 each bottom card first (the face-up heap with packet "
                 "12 'on top' is turned over before dealing)")),
        "last-packet-first",
        "mill:5 'последняя пачка низа ложится на верх колоды': the last packet is on top of "
        "the pack, so it is dealt first; turning each packet over keeps its own order.",
    ),
    Ambiguity(
        "redeals",
        "How many redeals? mill:6 redeals 'until it comes out', which can repeat for ever.",
        ("mill:6", "mill:7"),
        (Reading("until-out",
                 "redeal until it comes out; a redeal that would deal a pack already dealt "
                 "is refused and the game is lost (mill:7)"),
         Reading("two", "two redeals (three deals in all), then the game is lost",
                 editorial=True, restricts="until-out",
                 justification="Not in the text. The same game is known in English as "
                 "Perseverance, played with two redeals; offered to compare the odds.")),
        "until-out",
        "mill:6 'продолжают так пасьянс до тех пор, пока он не выйдет'; mill:7 says it becomes "
        "impossible 'вследствие повторения одних и тех же карт', i.e. when the same cards "
        "come round again: that repetition is the end.",
    ),
    Ambiguity(
        "free-cards",
        "Which cards of a packet may move: only the top card, or any?",
        ("mill:3", "mill:4"),
        (Reading("top-only", "only the top card of each packet"),),
        "top-only",
        "Plain: mill:4 'Верхние карты пачек перекладываются'; were every card of a packet "
        "free (mill:3 alone), every deal would come out at once, against mill:7.",
    ),
    Ambiguity(
        "redeal-when",
        "When are the cards gathered: when nothing can be moved between packets, or also "
        "nothing to the foundations?",
        ("mill:5",),
        (Reading("no-move-left", "only when no card goes up and none can be laid on "
                 "another"),),
        "no-move-left",
        "Plain: mill:5 'Когда уже нечего перекладывать, то карты собираются снова в колоду'; "
        "a card that could still go up would be laid out of the packets first (mill:3), so "
        "nothing at all is left to move.",
    ),
    Ambiguity(
        "empty-packet",
        "May a card be laid in an emptied packet's place?",
        ("mill:4",),
        (Reading("no", "no: a card is laid only on a larger card of its suit"),),
        "no",
        "Plain: mill:4 'меньшие на большие': a card moves only onto a higher card.",
    ),
    Ambiguity(
        "foundations",
        "How are the foundations built?",
        ("mill:1", "mill:3"),
        (Reading("aces-up-in-suit", "the four aces in a row, each built up in its suit from "
                 "two to king"),),
        "aces-up-in-suit",
        "Plain: mill:1 'Выбираются все четыре туза и раскладываются подряд'; mill:3 "
        "'двойки ... кладутся по мастям на тузов, затем тройки и т. д. до королей'.",
    ),
)

_FOUND = tuple(("found", i) for i in range(NPACKETS))
_BUILD = tuple(tuple(("build", i, j) for j in range(NPACKETS)) for i in range(NPACKETS))
_REDEAL = ("redeal",)
_WON = (13, 13, 13, 13)
_NOT_KING = sum(1 << c for c in range(52) if RANK[c] < 13)  # bit mask of the cards


@executes("mill:1")
def take_out_aces(cards: list[int]) -> tuple[tuple[int, int, int, int], list[int]]:
    """Take the four aces out as foundations (mill:1). Returns the foundations (top rank per
    suit, 1 = ace) and the other cards in their order. The text takes the aces out before
    the shuffle; shuffling the 48 others after, as here, gives the same distribution."""
    return (1, 1, 1, 1), [c for c in cards if RANK[c] != 1]


@executes("mill:2", "mill:6")
def deal_packets(pack, round_robin: bool) -> tuple[tuple[int, ...], ...]:
    """Deal ``pack`` (first card dealt first) into 12 packets of up to four, bottom card
    first: a packet at a time (reading ``packet``) or round the packets
    (``round``). Fewer than 48 cards (after some went up) leave the last packets short."""
    pack = tuple(pack)
    if round_robin:
        return tuple(pack[i::NPACKETS] for i in range(NPACKETS))
    return tuple(pack[i:i + 4] for i in range(0, 4 * NPACKETS, 4))


@executes("mill:5")
def gather(packets, mode: str) -> tuple[int, ...]:
    """The pack gathered from the packets, first card to deal first (reading ``gather``)."""
    if mode == "last-packet-first":
        return tuple(chain.from_iterable(reversed(packets)))
    if mode == "top-card-first":
        return tuple(chain.from_iterable(p[::-1] for p in reversed(packets)))
    return tuple(chain.from_iterable(packets))


@executes("mill:3")
def goes_up(card: int, found: tuple) -> bool:
    """mill:3 'С пачек снимаются двойки и кладутся по мастям на тузов, затем тройки и т. д.
    до королей': ``card`` goes on its suit's foundation when it is the next rank up
    (``found`` the top rank per suit). The plain rule; :meth:`MillState.foundation_moves` is
    its fast bit-mask form, tested against it."""
    return RANK[card] == found[SUIT[card]] + 1


@executes("mill:4")
def builds_on(card: int, onto: int) -> bool:
    """mill:4 'Верхние карты пачек перекладываются на другие пачки, меньшие на большие ...
    но непременно по мастям': ``card`` may be laid on ``onto`` when both are of one suit and
    ``onto`` is one rank higher. The plain rule; :meth:`MillState.build_moves` is its fast
    bit-mask form, tested against it."""
    return SUIT[card] == SUIT[onto] and RANK[onto] == RANK[card] + 1


@executes("mill:3", "mill:4", "mill:5")
def rule_moves(state: "MillState") -> list[tuple]:
    """The legal moves as the text says them, card by card, without bit masks: every top
    card that :func:`goes_up` (mill:3), every top card that :func:`builds_on` the top card
    of another packet (mill:4), and a redeal only when there is nothing to move ('Когда уже
    нечего перекладывать', mill:5) and no repetition forbids it. The same list as
    :meth:`MillState.legal_moves` (the fast path), in the same order."""
    if state.is_won():
        return []
    tops = [(i, p[-1]) for i, p in enumerate(state.packets) if p]
    moves: list[tuple] = [("found", i) for i, c in tops if goes_up(c, state.found)]
    moves += sorted(("build", i, j) for i, c in tops for j, d in tops
                    if i != j and builds_on(c, d))
    if moves:
        return moves
    return [("redeal",)] if state._can_redeal() else []


def _want(found) -> int:
    """Bit mask of the cards the foundations take next: card ``suit * 13 + top`` (rank top + 1)
    of each suit; a full foundation "takes" the next suit's ace (or bit 52), never in a packet.
    """
    return sum(1 << (s * 13 + f) for s, f in enumerate(found))


class MillState(State):
    """A position of the Mill: ``found`` top rank per suit (1..13), ``packets`` 12 tuples
    (bottom card first), ``passes`` redeals made, ``seen`` the packs dealt so far (for the
    repetition rule; not part of the key, see :mod:`engine.solver`).

    Derived and kept up to date by :meth:`apply` for speed: ``tops`` the top card of each
    packet (-1 when empty), ``tmask`` the set of top cards as a bit mask (bit ``c`` for card
    ``c``), ``fmask`` the cards the foundations take next (:func:`_want`)."""

    __slots__ = ("found", "packets", "tops", "tmask", "fmask", "passes", "seen")
    found: tuple[int, ...]
    packets: tuple[tuple[int, ...], ...]
    tops: tuple[int, ...]
    tmask: int
    fmask: int
    passes: int
    seen: frozenset[tuple[int, ...]]

    def _child(self, move) -> "MillState":
        s = MillState.__new__(MillState)
        s.cfg = self.cfg
        s.hist = (move, self.hist)
        s.found = self.found
        s.packets = self.packets
        s.tops = self.tops
        s.tmask = self.tmask
        s.fmask = self.fmask
        s.passes = self.passes
        s.seen = self.seen
        return s

    def _set_packets(self, packets) -> None:
        self.packets = packets
        self.tops = tops = tuple(p[-1] if p else -1 for p in packets)
        m = 0
        for c in tops:
            if c >= 0:
                m |= 1 << c
        self.tmask = m

    @executes("mill:3")
    def foundation_moves(self) -> list[tuple]:
        """Top cards that go on their suit's foundation, next rank up: the fast bit-mask
        form of :func:`goes_up` (mill:3)."""
        hit = self.tmask & self.fmask  # fmask: _want(found)
        if not hit:
            return []
        index = self.tops.index
        out = []
        while hit:
            low = hit & -hit
            out.append(_FOUND[index(low.bit_length() - 1)])
            hit ^= low
        if len(out) > 1:
            out.sort()  # packet order
        return out

    @executes("mill:4")
    def build_moves(self) -> list[tuple]:
        """Top card onto the top card of another packet one rank higher in suit: the fast
        bit-mask form of :func:`builds_on` (mill:4)."""
        t = self.tmask
        # bit c: card c and card c + 1 (one pack: same suit, one rank higher) are both tops
        hit = t & (t >> 1) & _NOT_KING
        if not hit:
            return []
        index = self.tops.index
        out = []
        while hit:
            low = hit & -hit
            c = low.bit_length() - 1
            out.append(_BUILD[index(c)][index(c + 1)])
            hit ^= low
        if len(out) > 1:
            out.sort()  # packet order
        return out

    def legal_moves(self) -> list[tuple]:
        """Foundation moves, then builds; a redeal only when neither is left (mill:5)."""
        if self.found == _WON:
            return []
        moves = self.foundation_moves()
        moves += self.build_moves()
        if moves:
            return moves
        return [_REDEAL] if self._can_redeal() else []

    def _can_redeal(self) -> bool:
        if self.cfg.max_passes is not None and self.passes >= self.cfg.max_passes:
            return False
        return not self.repeats(gather(self.packets, self.cfg.gather))

    @executes("mill:7")
    def repeats(self, pack: tuple) -> bool:
        """Would dealing ``pack`` repeat a pack already dealt (mill:7)? Then it is lost."""
        return pack in self.seen

    def apply(self, move):
        kind = move[0]
        s = MillState.__new__(MillState)  # self._child(move), inlined: hot
        s.cfg = self.cfg
        s.hist = (move, self.hist)
        s.passes = self.passes
        s.seen = self.seen
        if kind == "found":
            i = move[1]
            ps = list(self.packets)
            p = ps[i]
            c = p[-1]
            ps[i] = p = p[:-1]
            s.packets = tuple(ps)
            t = list(self.tops)
            m = self.tmask ^ (1 << c)
            if p:
                t[i] = d = p[-1]
                m |= 1 << d
            else:
                t[i] = -1
            s.tops = tuple(t)
            s.tmask = m
            f = list(self.found)
            f[SUIT[c]] += 1
            s.found = tuple(f)
            s.fmask = self.fmask ^ (3 << c)  # its suit now takes c + 1 (see _want)
        elif kind == "build":
            i, j = move[1], move[2]
            ps = list(self.packets)
            p = ps[i]
            ps[i] = p[:-1]
            ps[j] = ps[j] + p[-1:]
            s.packets = tuple(ps)
            t = list(self.tops)
            m = self.tmask ^ (1 << t[j])  # the card built on is covered
            t[j] = p[-1]
            if len(p) > 1:
                t[i] = d = p[-2]
                m |= 1 << d
            else:
                t[i] = -1
            s.tops = tuple(t)
            s.tmask = m
            s.found = self.found
            s.fmask = self.fmask
        else:
            s.found = self.found
            s.fmask = self.fmask
            s.redeal_into(self)
        return s

    @executes("mill:5", "mill:6")
    def redeal_into(self, prev: "MillState") -> None:
        """Gather ``prev``'s packets without shuffling and deal them again (mill:5-6)."""
        pack = gather(prev.packets, self.cfg.gather)
        self._set_packets(deal_packets(pack, self.cfg.round_robin))
        self.passes = prev.passes + 1
        self.seen = prev.seen | {pack}

    def is_legal(self, move) -> bool:
        if not isinstance(move, tuple) or not move:
            return False
        ps = self.packets
        n = len(ps)
        if move[0] == "found" and len(move) == 2:
            i = move[1]
            if not (isinstance(i, int) and 0 <= i < n and ps[i]):
                return False
            c = CARDS[ps[i][-1]]
            return c.rank == self.found[c.suit] + 1
        if move[0] == "build" and len(move) == 3:
            i, j = move[1], move[2]
            if not (isinstance(i, int) and isinstance(j, int) and 0 <= i < n and 0 <= j < n
                    and i != j and ps[i] and ps[j]):
                return False
            a, b = CARDS[ps[i][-1]], CARDS[ps[j][-1]]
            return a.suit == b.suit and b.rank == a.rank + 1
        if move == ("redeal",):
            if all(f == 13 for f in self.found):
                return False
            tops = [CARDS[p[-1]] for p in ps if p]
            for a in tops:
                if a.rank == self.found[a.suit] + 1:
                    return False
                if any(b.suit == a.suit and b.rank == a.rank + 1 for b in tops):
                    return False
            if self.cfg.max_passes is not None and self.passes >= self.cfg.max_passes:
                return False
            return gather(ps, self.cfg.gather) not in self.seen
        return False

    def is_won(self) -> bool:
        return self.found == _WON

    def key(self):
        """The packets (and the redeals made when their number is limited): one pack, so the
        packets also tell which cards are on the foundations."""
        if self.cfg.max_passes is None:
            return self.packets
        return (self.packets, self.passes)

    def safe_move(self):
        """The first foundation move, if any (safe: see the module docstring)."""
        if "safe-foundation" in self.cfg.off:
            return None
        m = self.foundation_moves()
        return m[0] if m else None

    def frees(self, move) -> bool:
        return move[0] == "build" and len(self.packets[move[1]]) > 1

    def over_reason(self) -> str:
        if self.is_won():
            return "won"
        if self.legal_moves():
            return ""
        if self.cfg.max_passes is not None and self.passes >= self.cfg.max_passes:
            return "no moves and no redeal left"
        return "the redeal would repeat a pack already dealt (mill:7)"

    def piles(self):
        out = []
        for s in range(4):
            out.append((f"foundation {s + 1}", float(s), 0.0,
                        tuple(range(s * 13, s * 13 + self.found[s])), "none"))
        for i, p in enumerate(self.packets):
            out.append((f"packet {i + 1}", float(i % 4), 1.0 + i // 4, p, "none"))
        return out

    def sample_hidden(self, rng) -> "MillState":
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
        s._set_packets(tuple(relabelled(p, sigma) for p in self.packets))
        s.seen = frozenset(relabelled(p, sigma) for p in self.seen)
        return s


def new(deal: int, readings: dict[str, str] | None = None) -> MillState:
    """Deal ``deal`` of the Mill under ``readings`` (see :data:`AMBIGUITIES`)."""
    check_deal(deal)
    r = resolve(SLUG, AMBIGUITIES, readings)
    cfg = Config(SLUG, deal, r, round_robin=r["deal-order"] == "round", gather=r["gather"],
                 max_passes=2 if r["redeals"] == "two" else None)
    found, rest = take_out_aces(numbers(SLUG, deal, PACKS))
    s = MillState.__new__(MillState)
    s.cfg, s.hist = cfg, None
    s.found = found
    s.fmask = _want(found)
    s._set_packets(deal_packets(rest, cfg.round_robin))
    s.passes = 0
    s.seen = frozenset({tuple(rest)})
    return s


GAME = register(Game(SLUG, "The Mill", __name__, PACKS, AMBIGUITIES))
