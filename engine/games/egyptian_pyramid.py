"""Египетская пирамида, The Egyptian Pyramid (chapter XL): two packs, one pass.

Sentences (``egyptian-pyramid:<n>``) and where they are executed:

1. two packs shuffled, one card taken "сверху или из середины" is the base card --
   :func:`take_base_card` (reading ``base-card``).
2. the next 8 cards laid as a truncated pyramid -- :func:`deal_tableau`.
3. foundations "в восходящем порядке и с соблюдением масти" -- :meth:`EPState.to_foundation`.
4. the 8 tableau piles build "в понижающемся порядке и без соблюдения мастей" --
   :meth:`EPState.legal_moves` (builds), :meth:`EPState.is_legal`.
5. all eight cards of the base rank start foundations as they turn up; the foundations take
   cards "как с переводных мест, так и отовсюду"; emptied tableau places are refilled "новою
   картою со сборной кучки" (from the waste only) -- :meth:`EPState.to_foundation`,
   :meth:`EPState.fill_moves`.
6. cards that go nowhere are put on the waste in the middle -- :meth:`EPState.turn`.
7. a card may go onto a card of another suit; never onto the waste; from the waste cards go
   to every place -- :meth:`EPState.legal_moves`.
8. advice to the player (not a rule): the greedy and solver policies follow it.
9. advice to the player (not a rule), as sentence 8.
10. one pass: the waste is never redealt -- :meth:`EPState.legal_moves` offers no redeal.
11. won when every card is on the foundations -- :meth:`EPState.is_won`.

Foundations wrap round from king to ace (egyptian-pyramid:5 builds "старшие" on kings).
Tableau building does not wrap (an ace takes nothing). Single cards move.

Safe automatic moves (solver): a move to a foundation of a card on which nothing could be
built any more (an ace, or a card all eight of whose lower neighbours are on foundations).
"""
from __future__ import annotations

from ..cards import RANK
from ..deal import check_deal, numbers
from ..readings import Ambiguity, Reading, resolve
from ..registry import executes
from ..state import Config, State
from . import _common as fnd

#: The game's slug.
SLUG = "egyptian-pyramid"
#: Number of packs of 52.
PACKS = 2
#: The rules leave the player choices.
PLAYER_HAS_CHOICE = True
NTAB = 8

#: The ambiguities of the text, with their readings.
AMBIGUITIES = (
    Ambiguity(
        "base-card",
        "The base card is taken 'сверху или из середины' (from the top or the middle): which?",
        ("egyptian-pyramid:1",),
        (Reading("top", "the top card of the shuffled packs"),
         Reading("middle", "the middle card (the 53rd of 104)")),
        "top",
        "egyptian-pyramid:1 offers both as equal ('одну какую-нибудь карту'); after a fair "
        "shuffle they are equivalent, and egyptian-pyramid:2 goes on with 'следующие первые "
        "сверху 8 карт', so the top is the plain reading.",
    ),
)

_TURN = ("turn",)
_FOLD = tuple(c % 52 for c in range(104)).__getitem__  # a card -> the same card of pack 0


@executes("egyptian-pyramid:1")
def take_base_card(cards: list[int], middle: bool) -> tuple[int, list[int]]:
    """The base card and the rest of the pack (reading ``base-card``)."""
    i = len(cards) // 2 if middle else 0
    return cards[i], cards[:i] + cards[i + 1:]


@executes("egyptian-pyramid:2")
def deal_tableau(rest: list[int]) -> tuple[tuple, tuple]:
    """The next 8 cards one to each tableau pile; returns (tableau, stock)."""
    return tuple((c,) for c in rest[:NTAB]), tuple(rest[NTAB:])


class EPState(State):
    """``found`` 8 counts; ``tab`` 8 tuples (bottom first); ``stock`` tuple with pointer
    ``ptr`` (next card ``stock[ptr]``); ``waste`` tuple (top last)."""

    __slots__ = ("found", "tab", "stock", "ptr", "waste")

    def _child(self, move):
        s = EPState.__new__(EPState)
        s.cfg, s.hist = self.cfg, (move, self.hist)
        s.found, s.tab, s.stock, s.ptr, s.waste = (self.found, self.tab, self.stock,
                                                   self.ptr, self.waste)
        return s

    @executes("egyptian-pyramid:3", "egyptian-pyramid:5")
    def to_foundation(self, c: int) -> int:
        """Foundation card ``c`` may go on (base rank starts one; then up in suit), or -1."""
        return fnd.target(self.found, self.cfg.base, c)

    @executes("egyptian-pyramid:5")
    def fill_moves(self) -> list[tuple]:
        """An empty tableau place takes the top of the waste, and only it."""
        if not self.waste:
            return []
        return [("fill", "w", j) for j, p in enumerate(self.tab) if not p]

    @executes("egyptian-pyramid:4", "egyptian-pyramid:7", "egyptian-pyramid:10")
    def legal_moves(self):
        """Foundation moves, builds (a tableau or waste top onto a tableau top one rank
        higher, any suit), fills, turning the next card; nothing goes onto the waste but the
        turned card; no redeal."""
        if self.is_won():
            return []
        fm, bm = [], []
        want = fnd.wanted(self.found, self.cfg.base)
        tops = {}  # rank -> piles with a top card of that rank
        for j, p in enumerate(self.tab):
            if p:
                tops.setdefault(RANK[p[-1]], []).append(j)
        for i, p in enumerate(self.tab):
            if p:
                c = p[-1]
                if c % 52 in want:
                    fm.append(("found", i))
                for j in tops.get(RANK[c] + 1, ()):
                    if j != i:
                        bm.append(("build", i, j))
        if self.waste:
            c = self.waste[-1]
            if c % 52 in want:
                fm.append(("found", "w"))
            for j in tops.get(RANK[c] + 1, ()):
                bm.append(("build", "w", j))
        moves = fm + bm + self.fill_moves()
        if self.ptr < len(self.stock):
            moves.append(_TURN)
        return moves

    def _take(self, s, src):
        if src == "w":
            c = self.waste[-1]
            s.waste = self.waste[:-1]
        else:
            c = self.tab[src][-1]
            t = list(s.tab)
            t[src] = t[src][:-1]
            s.tab = tuple(t)
        return c

    def apply(self, move):
        s = self._child(move)
        k = move[0]
        if k == "turn":
            self.turn(s)
        elif k == "found":
            c = self._take(s, move[1])
            s.found = fnd.put(self.found, self.to_foundation(c))
        else:  # build, fill
            c = self._take(s, move[1])
            t = list(s.tab)
            t[move[2]] = t[move[2]] + (c,)
            s.tab = tuple(t)
        return s

    @executes("egyptian-pyramid:6")
    def turn(self, s: "EPState") -> None:
        """Turn the next card of the stock onto the waste (it can go on from there)."""
        s.waste = self.waste + (self.stock[self.ptr],)
        s.ptr = self.ptr + 1

    def is_legal(self, move) -> bool:
        if not isinstance(move, tuple) or not move:
            return False
        base = self.cfg.base

        def top(src):
            if src == "w":
                return self.waste[-1] if self.waste else None
            if isinstance(src, int) and 0 <= src < NTAB and self.tab[src]:
                return self.tab[src][-1]
            return None

        def fits_foundation(c):
            for f in range(8):
                if f // 2 == (c // 13) % 4 and self.found[f] < 13 \
                        and fnd.next_rank(base, self.found[f]) == c % 13 + 1:
                    return True
            return False
        if move == ("turn",):
            return self.ptr < len(self.stock)
        if move[0] == "found" and len(move) == 2:
            c = top(move[1])
            return c is not None and fits_foundation(c)
        if move[0] in ("build", "fill") and len(move) == 3:
            src, dst = move[1], move[2]
            c = top(src)
            if c is None or src == dst or not (isinstance(dst, int) and 0 <= dst < NTAB):
                return False
            if move[0] == "fill":
                return src == "w" and not self.tab[dst]
            return bool(self.tab[dst]) and self.tab[dst][-1] % 13 == c % 13 + 1
        return False

    @executes("egyptian-pyramid:11")
    def is_won(self):
        """Every card is on the foundations (8 x 13)."""
        return self.found == (13,) * 8

    def key(self):
        """Foundations (:func:`engine.games._common.canonical`), tableau, stock pointer and
        waste, up to the symmetries of the rules: the eight tableau places are alike (any
        card builds on any, an empty one takes the waste top), so the piles are sorted; the
        two packs are alike, so cards are taken within one pack (``c % 52``)."""
        fold = _FOLD
        return (fnd.canonical(self.found), tuple(sorted([bytes(map(fold, p)) for p in self.tab])),
                self.ptr, bytes(map(fold, self.waste)))

    def safe_move(self):
        base = self.cfg.base
        found = self.found
        for i, p in enumerate(self.tab):
            if p:
                c = p[-1]
                if fnd.target(found, base, c) >= 0 and (
                        RANK[c] == 1 or fnd.all_home_below(found, base, RANK[c] - 1)):
                    return ("found", i)
        if self.waste:
            c = self.waste[-1]
            if fnd.target(found, base, c) >= 0 and (
                    RANK[c] == 1 or fnd.all_home_below(found, base, RANK[c] - 1)):
                return ("found", "w")
        return None

    def frees(self, move):
        return move[0] in ("build", "fill") and (move[1] == "w" or len(self.tab[move[1]]) > 0)

    def piles(self):
        pos = [(2, 0), (3, 0), (1.5, 1), (3.5, 1), (1, 2), (2, 2), (3, 2), (4, 2)]
        fpos = [(0, 0), (0, 1), (0, 2), (0, 3), (5, 0), (5, 1), (5, 2), (5, 3)]
        out = []
        for f in range(8):
            out.append((f"foundation {f + 1}", float(fpos[f][0]), float(fpos[f][1]),
                        fnd.foundation_cards(self.found, self.cfg.base, f), "none"))
        for i, p in enumerate(self.tab):
            out.append((f"tableau {i + 1}", float(pos[i][0]), float(pos[i][1]), p, "down"))
        out.append(("waste", 2.5, 1.0, self.waste, "none"))
        out.append(("stock", 2.5, 3.5, self.stock[self.ptr:][::-1], "none"))
        return out


def new(deal: int, readings: dict[str, str] | None = None) -> EPState:
    """Deal ``deal`` of the Egyptian Pyramid under ``readings``."""
    check_deal(deal)
    r = resolve(SLUG, AMBIGUITIES, readings)
    base_card, rest = take_base_card(numbers(SLUG, deal, PACKS), r["base-card"] == "middle")
    cfg = Config(SLUG, deal, r, base=RANK[base_card], base_card=base_card)
    s = EPState.__new__(EPState)
    s.cfg, s.hist = cfg, None
    found = [0] * 8
    found[fnd.target(tuple(found), cfg.base, base_card)] = 1
    s.found = tuple(found)
    s.tab, s.stock = deal_tableau(rest)
    s.ptr, s.waste = 0, ()
    return s
