"""Египетская пирамида, The Egyptian Pyramid (chapter XL): two packs, one pass.

Sentences (``egyptian-pyramid:<n>``) and where they are executed:

1. two packs shuffled, one card taken "сверху или из середины" is the base card --
   :func:`take_base_card` (reading ``base-card``).
2. the next 8 cards laid as a truncated pyramid -- :func:`deal_tableau`.
3. foundations "в восходящем порядке и с соблюдением масти" -- :meth:`EPState.to_foundation`.
4. the 8 tableau piles build "в понижающемся порядке и без соблюдения мастей" --
   :meth:`EPState.legal_moves` (builds), :meth:`EPState.is_legal`.
5. all eight cards of the base rank start foundations as they turn up; the foundations take
   cards "как с переводных мест, так и отовсюду"; emptied tableau places "замещаются новою
   картою со сборной кучки" (from the waste only; at once, reading ``fill``) --
   :meth:`EPState.to_foundation`, :meth:`EPState.fill_moves`.
6. cards that go nowhere are put on the waste in the middle -- :meth:`EPState.turn`,
   :meth:`EPState.may_turn` (a turned card that goes somewhere is not covered: reading
   ``turned-card``).
7. a card may go onto a card of another suit; never onto the waste; from the waste cards go
   to every place -- :meth:`EPState.legal_moves`.
8. advice to the player (not a rule): the greedy and solver policies follow it.
9. advice to the player (not a rule), as sentence 8.
10. one pass: the waste is never redealt -- :meth:`EPState.legal_moves` offers no redeal.
11. won when every card is on the foundations -- :meth:`EPState.is_won`.

Foundations wrap round from king to ace (egyptian-pyramid:5 builds "старшие" on kings).
Tableau building does not wrap (an ace takes nothing). Single cards move.

Safe automatic moves (solver): a move to a foundation of a card on which nothing could be
built any more (an ace, or a card all eight of whose lower neighbours are on foundations):
such a card can only ever go up, and moving it up early takes no option away -- except,
under ``fill=compulsory``, from a pile of one card, whose emptied place then takes the waste
top at once: when that happens decides which waste card is saved, so it is left to the
search. Under ``fill=compulsory`` a pending fill (the only legal move) is automatic too.
Proofs of loss (solver, careful player): once the pack is used up, a waste top that can never
leave the waste, whatever the tableau does first (:func:`stuck_waste_top`); at any point, a
card of the piles, the waste or the pack outside the least closed set of cards that can ever
leave their places (:func:`card_never_leaves`). The rules' names and arguments:
:data:`PRUNINGS`.
"""
from __future__ import annotations

from ..cards import RANK, SUIT
from ..deal import check_deal, numbers
from ..readings import Ambiguity, Reading, resolve
from ..registry import executes
from ..state import Config, State, hidden_relabel, relabelled
from . import _common as fnd
from . import Game, register

#: The game's slug.
SLUG = "egyptian-pyramid"
#: Number of packs of 52.
PACKS = 2
#: The rules leave the player choices.
PLAYER_HAS_CHOICE = True
NTAB = 8

#: The solver's pruning rules (name -> argument); each is gated on ``name not in cfg.off``.
PRUNINGS = {
    "nothing-builds-up":
        "A card goes up automatically when nothing could ever be built on it (an ace, or "
        "a card all eight of whose lower neighbours are home): it can only ever go up or "
        "move onto another pile, and going up frees the card beneath it as well and takes "
        "no option away. Under ``fill=compulsory`` not from a pile of one card (its "
        "emptied place then takes the waste top at once, and when that happens decides "
        "which waste card is saved).",
    "forced-fill":
        "Under ``fill=compulsory`` a pending fill is the only legal move, so it is played "
        "in every continuation.",
    "key-places-alike":
        "The eight tableau places are alike (any card builds on any, an empty one takes "
        "the waste top), so the key sorts the piles.",
    "key-packs-alike":
        "The two packs are alike: the key takes each card within one pack (``c % 52``) "
        "and the two foundations of a suit as a sorted pair, with a flag telling whether "
        "the waste top is the card turned last (reading ``turned-card`` depends on it).",
    "stuck-waste-top":
        "Once the pack is used up the waste top W must leave the waste before any other "
        "waste card moves, so until then only tableau cards move. A tableau card can "
        "leave its pile only when every card above it has left, and then only home "
        "(needing a card of each lower place of its suit that has left a pile) or onto "
        "a card one rank higher that has left its pile or has every card above it gone. "
        "When the least set of tableau cards closed under this lets W neither go home, "
        "nor onto such a card, nor into a place emptied, no play wins: dead.",
    "card-never-leaves":
        "Every card must leave its place (pile, waste or pack) to be won. A card leaves "
        "its pile only after every card above it, a waste card only after every waste "
        "card above it (cards turned later and not gone cover it too); it leaves only "
        "home (a card of each lower place of its suit left its place), onto a card one "
        "rank higher that left its place or lies exposed once the cards counted above "
        "it left, or, from the waste or pack, into a place that empties (all its cards "
        "left, or empty now). The least set closed under this holds every card that "
        "ever leaves; a card outside it never leaves: dead.",
}

#: The ambiguities of the text, with their readings: every decision the engine takes. Those
#: with one reading are decisions the text settles; their reason quotes it.
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
    Ambiguity(
        "tableau",
        "How many building piles are dealt, and from where?",
        ("egyptian-pyramid:2", "egyptian-pyramid:4"),
        (Reading("eight-from-top", "the next eight cards from the top, one to each of eight "
                 "building piles"),),
        "eight-from-top",
        "Plain: egyptian-pyramid:2 'следующие первые сверху 8 карт раскладываются'; :4 "
        "'Лежащие в пирамиде 8 карт внутри ее составляют переводные кучки'.",
    ),
    Ambiguity(
        "foundations",
        "How are the foundations built, and do they go past the king?",
        ("egyptian-pyramid:3", "egyptian-pyramid:5"),
        (Reading("up-in-suit-wrapping", "eight foundations, each started by a card of the "
                 "base rank as it turns up, built up in suit, past the king to the ace, "
                 "thirteen cards"),),
        "up-in-suit-wrapping",
        "Plain: egyptian-pyramid:3 'в восходящем порядке и с соблюдением масти'; :5 takes "
        "a king as base card and builds on it 'старшие одной масти', which for a king can "
        "only mean counting on from the ace; :5 'все восемь королей кладутся ... по мере, "
        "как они будут выходить'.",
    ),
    Ambiguity(
        "building",
        "What may be built on the building piles, and how many cards move at a time?",
        ("egyptian-pyramid:4", "egyptian-pyramid:7"),
        (Reading("down-any-suit-single", "one card at a time, onto a card one rank higher "
                 "of any suit; no building from ace to king"),),
        "down-any-suit-single",
        "Plain: egyptian-pyramid:4 'перекладывать карты с одной на другую, но только в "
        "понижающемся порядке и без соблюдения мастей'; :7 moves a single card ('эту тройку "
        "переложить на четверку другой масти').",
    ),
    Ambiguity(
        "fill",
        "Must an empty building place be filled from the waste at once, or may the player "
        "wait?",
        ("egyptian-pyramid:5",),
        (Reading("compulsory", "at once: while a place is empty and the waste has a card, "
                 "the waste top goes there before anything else", restricts="optional"),
         Reading("optional", "the player fills it with the waste top when he likes")),
        "compulsory",
        "egyptian-pyramid:5 'то они замещаются новою картою со сборной кучки': 'are filled' "
        "states what happens, as the other rules of the sentence do; no choice is offered. "
        "'optional' is kept because the sentence gives no moment for it.",
    ),
    Ambiguity(
        "fill-source",
        "Where does the card that fills an empty building place come from?",
        ("egyptian-pyramid:5",),
        (Reading("waste", "the top of the waste only"),),
        "waste",
        "Plain: egyptian-pyramid:5 'замещаются новою картою со сборной кучки'.",
    ),
    Ambiguity(
        "turned-card",
        "May a card turned from the pack that goes somewhere be left on the waste and "
        "covered by the next card?",
        ("egyptian-pyramid:6",),
        (Reading("must-place", "no: while the card just turned is the waste top and goes "
                 "to a foundation, onto a building pile or into an empty place, the next card "
                 "may not be turned", restricts="may-bury"),
         Reading("may-bury", "yes: the player may turn the next card at any time")),
        "must-place",
        "egyptian-pyramid:6 'Все же те карты, которые не идут на переводные или начальные "
        "места, кладутся в одно общее место': only the cards that go nowhere are laid on the "
        "waste. The player may still move other cards first (egyptian-pyramid:8 advises "
        "laying the seven on the eight before the six).",
    ),
    Ambiguity(
        "waste",
        "What may go onto the waste, and is it redealt?",
        ("egyptian-pyramid:7", "egyptian-pyramid:10"),
        (Reading("turned-only-one-pass", "only cards turned from the pack; its top card "
                 "goes to every place; no redeal"),),
        "turned-only-one-pass",
        "Plain: egyptian-pyramid:7 'ни в коем случае нельзя переводить карту на сборную "
        "кучку ... с нее же, напротив, переводятся они на все места'; :10 'среднюю кучку "
        "нельзя перекладывать вновь'.",
    ),
    Ambiguity(
        "foundation-cards",
        "May a card on a foundation come back into play?",
        ("egyptian-pyramid:3", "egyptian-pyramid:11"),
        (Reading("never", "no: a card laid on a foundation stays there"),),
        "never",
        "Plain: the text moves cards only onto the foundations (egyptian-pyramid:5 'на них "
        "накладываются ... все те карты, которые идти будут'; :11 'все карты ... перейдут на "
        "начальные места') and never from them.",
    ),
)

_TURN = ("turn",)
_REL: dict = {}  # base -> card -> its place in the suit's foundation order (0 .. 12)


def _rel(base: int) -> tuple:
    r = _REL.get(base)
    if r is None:
        r = _REL[base] = tuple((c % 13 + 1 - base) % 13 for c in range(104))
    return r


def _leaving(found: tuple, base: int):
    """The bookkeeping both proofs of loss below share: ``(left, lrank, home_ok, add)``:
    ``left`` the cards that can leave their places counted by suit * 13 + foundation place,
    ``lrank`` the same by rank, ``home_ok(c)`` whether card ``c`` could go home once those
    cards have left (a card of each lower place of its suit, for either foundation of the
    suit), ``add(c)`` counts ``c`` as able to leave."""
    rel = _rel(base)
    lowh = [0] * 4
    highh = [0] * 4
    for s in range(4):
        a, b = found[2 * s], found[2 * s + 1]
        lowh[s], highh[s] = (a, b) if a <= b else (b, a)
    left = [0] * 52
    lrank = [0] * 15

    def home_ok(c):
        s, k = SUIT[c], rel[c]
        b = s * 13
        for h in (lowh[s], highh[s]):
            if h <= k and all(left[b + j] for j in range(h, k)):
                return True
        return False

    def add(c):
        left[SUIT[c] * 13 + rel[c]] += 1
        lrank[c % 13 + 1] += 1

    return left, lrank, home_ok, add


def _exposed(piles, lv: list) -> set:
    """The ranks of the cards that lie exposed once the cards counted in ``lv`` (from the
    top of each pile) have left."""
    return {p[-1 - lv[i]] % 13 + 1 for i, p in enumerate(piles) if lv[i] < len(p)}


def _sweep_piles(piles, lv: list, exposed: set, lrank: list, home_ok, add) -> bool:
    """One pass over ``piles``: from the top of each, the cards that can leave (home, or onto
    a card one rank higher that can leave or whose rank is in ``exposed``; the cards of a
    card's own pile that can be exposed first lie above it, so rank lower: never its host)
    are counted in ``lv`` and by ``add``. True when any was."""
    changed = False
    for i, p in enumerate(piles):
        while lv[i] < len(p):
            y = p[len(p) - 1 - lv[i]]
            r = y % 13 + 2
            if home_ok(y) or (r <= 13 and (lrank[r] or r in exposed)):
                lv[i] += 1
                add(y)
                changed = True
            else:
                break
    return changed


def stuck_waste_top(found: tuple, base: int, tab: tuple, w: int) -> bool:
    """Rule ``stuck-waste-top`` (the pack used up, ``w`` the waste top): once the pack is
    used up the waste top W must leave the waste before any other waste card moves, so
    until then only tableau cards move. A tableau card can leave its pile only when every
    card above it has left, and then only home (needing a card of each lower place of its
    suit that has left a pile) or onto a card one rank higher that has left its pile or has
    every card above it gone. When the least set of tableau cards closed under this lets W
    neither go home, nor onto such a card, nor into a place emptied: True (dead).

    The set over-approximates the cards that can ever leave their piles while W lies on
    top (by induction on the moment each first leaves), so True is a proof."""
    piles = [p for p in tab if p]
    if len(piles) < len(tab):
        return False  # an empty place takes W
    _left, lrank, home_ok, add = _leaving(found, base)
    lv = [0] * len(piles)  # how many cards from the top of each pile can leave
    while _sweep_piles(piles, lv, _exposed(piles, lv), lrank, home_ok, add):
        pass
    if any(lv[i] == len(p) for i, p in enumerate(piles)):
        return False
    r = w % 13 + 2
    exposed = {p[-1 - lv[i]] % 13 + 1 for i, p in enumerate(piles)}
    return not (home_ok(w) or (r <= 13 and (lrank[r] or r in exposed)))


def card_never_leaves(found: tuple, base: int, tab: tuple, waste: tuple, rest: tuple) -> bool:
    """Rule ``card-never-leaves`` (``rest`` the cards still in the pack): every card must
    leave its place (pile, waste or pack) to be won. A card leaves its pile only after every
    card above it, a waste card only after every waste card above it (cards turned later
    and not gone cover it too); it leaves only home (a card of each lower place of its suit
    left its place), onto a card one rank higher that left its place or lies exposed once
    the cards counted above it left, or, from the waste or pack, into a place that empties
    (all its cards left, or empty now). The least set closed under this holds every card
    that ever leaves; a card outside it never leaves: True (dead).

    Proof that the set holds every card that ever leaves, by induction on the moment a
    card first leaves its place in any continuation: the cards above it in its place left
    earlier (in the set); going home, the cards of the lower places of its foundation were
    home at the start or arrived later, so left their places earlier; onto a card one rank
    higher, that card either left its place earlier (in the set, counted by rank) or lies
    still in its place with every card above it gone (so it is the first card of its pile
    outside the set, "exposed"; cards of the mover's own pile that could be exposed lie
    above it and rank lower, so never host it); into an empty place, a place whose cards
    all left earlier (the set empties that pile) or one empty now. Cards never go onto
    the waste or from a pile into an empty place (fills come from the waste only). Every
    over-approximation (a host taking many cards, both copies of a card counted for one
    foundation, a card gone home still hosting) only enlarges the set."""
    _left, lrank, home_ok, add = _leaving(found, base)
    piles = tab
    lv = [0] * len(piles)  # how many cards from the top of each pile can leave
    wv = 0                 # how many cards from the top of the waste can leave
    rest_left = [False] * len(rest)
    empty = any(not p for p in piles)
    changed = True
    while changed:
        exposed = _exposed(piles, lv)
        changed = _sweep_piles(piles, lv, exposed, lrank, home_ok, add)
        empty = empty or any(p and lv[i] == len(p) for i, p in enumerate(piles))
        for j, y in enumerate(rest):
            if not rest_left[j]:
                r = y % 13 + 2
                if empty or home_ok(y) or (r <= 13 and (lrank[r] or r in exposed)):
                    rest_left[j] = True
                    add(y)
                    changed = True
        while wv < len(waste):
            y = waste[-1 - wv]
            r = y % 13 + 2
            if empty or home_ok(y) or (r <= 13 and (lrank[r] or r in exposed)):
                wv += 1
                add(y)
                changed = True
            else:
                break
    return (wv < len(waste) or not all(rest_left)
            or any(lv[i] < len(p) for i, p in enumerate(piles)))


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
    found: tuple[int, ...]
    tab: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    ptr: int
    waste: tuple[int, ...]

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
        """An empty tableau place takes the top of the waste, and only it (under
        ``fill=compulsory`` the first empty place: the places are alike)."""
        if not self.waste:
            return []
        empty = [j for j, p in enumerate(self.tab) if not p]
        if self.cfg.fill_compulsory:
            empty = empty[:1]
        return [("fill", "w", j) for j in empty]

    @executes("egyptian-pyramid:6")
    def may_turn(self, goes: bool) -> bool:
        """May the next card be turned? Not when the pack is used up; under
        ``turned-card=must-place`` not while the card turned last is still the waste top
        and goes somewhere (``goes``: to a foundation, a building pile or an empty place)."""
        if self.ptr >= len(self.stock):
            return False
        return not (self.cfg.must_place and goes and self.waste
                    and self.waste[-1] == self.stock[self.ptr - 1])

    def fill_pending(self) -> bool:
        """Under ``fill=compulsory``: is a place empty while the waste has a card?"""
        return self.cfg.fill_compulsory and bool(self.waste) and not all(self.tab)

    @executes("egyptian-pyramid:4", "egyptian-pyramid:7", "egyptian-pyramid:10")
    def legal_moves(self):
        """Foundation moves, builds (a tableau or waste top onto a tableau top one rank
        higher, any suit), fills, turning the next card (:meth:`may_turn`); nothing goes
        onto the waste but the turned card; no redeal. Under ``fill=compulsory`` a pending
        fill is the only move."""
        if self.is_won():
            return []
        if self.fill_pending():
            return self.fill_moves()
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
        wgoes = False
        if self.waste:
            c = self.waste[-1]
            if c % 52 in want:
                fm.append(("found", "w"))
                wgoes = True
            for j in tops.get(RANK[c] + 1, ()):
                bm.append(("build", "w", j))
                wgoes = True
        fills = self.fill_moves()
        moves = fm + bm + fills
        if self.may_turn(wgoes or bool(fills)):
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
        pending = (self.cfg.fill_compulsory and bool(self.waste)
                   and any(not p for p in self.tab))
        if move == ("turn",):
            if self.ptr >= len(self.stock) or pending:
                return False
            if self.cfg.must_place and self.waste and self.waste[-1] == self.stock[self.ptr - 1]:
                w = self.waste[-1]
                goes = (fits_foundation(w) or any(not p for p in self.tab)
                        or any(p and p[-1] % 13 == w % 13 + 1 for p in self.tab))
                return not goes
            return True
        if pending:
            # only a fill into the first empty place
            return (len(move) == 3 and move[0] == "fill" and move[1] == "w"
                    and move[2] == next(j for j, p in enumerate(self.tab) if not p))
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
        two packs are alike, so cards are taken within one pack (``c % 52``), with a flag
        telling whether the waste top is the card turned last (reading ``turned-card``
        depends on it, and the fold hides which copy lies on top)."""
        fold = _FOLD
        fresh = bool(self.waste) and self.ptr > 0 and self.waste[-1] == self.stock[self.ptr - 1]
        off = self.cfg.off
        if off:
            if "key-packs-alike" in off:
                found, tab, waste = self.found, [bytes(p) for p in self.tab], bytes(self.waste)
            else:
                found = fnd.canonical(self.found)
                tab, waste = [bytes(map(fold, p)) for p in self.tab], bytes(map(fold, self.waste))
            if "key-places-alike" not in off:
                tab.sort()
            return (found, tuple(tab), self.ptr, waste, fresh)
        return (fnd.canonical(self.found), tuple(sorted([bytes(map(fold, p)) for p in self.tab])),
                self.ptr, bytes(map(fold, self.waste)), fresh)

    def safe_move(self):
        """A card to a foundation on which nothing could be built any more (an ace, or a
        card all eight of whose lower neighbours are home); under ``fill=compulsory`` a
        pending fill (the only legal move) instead."""
        off = self.cfg.off
        if self.fill_pending():
            return None if "forced-fill" in off else self.fill_moves()[0]
        if "nothing-builds-up" in off:
            return None
        base = self.cfg.base
        found = self.found
        # under fill=compulsory emptying a place forces the waste top into it, and when
        # that happens is the player's choice: so only from piles of two cards or more
        least = 2 if self.cfg.fill_compulsory else 1
        for i, p in enumerate(self.tab):
            if len(p) >= least:
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

    def dead(self):
        """Rule ``stuck-waste-top`` (:func:`stuck_waste_top`), once the pack is used up: the
        waste top can never leave the waste, so no play wins. Rule ``card-never-leaves``
        (:func:`card_never_leaves`): some card of the piles, the waste or the pack can
        never leave its place, so no play wins."""
        off = self.cfg.off
        if (self.waste and self.ptr >= len(self.stock) and "stuck-waste-top" not in off
                and stuck_waste_top(self.found, self.cfg.base, self.tab, self.waste[-1])):
            return True
        if "card-never-leaves" not in off and card_never_leaves(
                self.found, self.cfg.base, self.tab, self.waste, self.stock[self.ptr:]):
            return True
        return False

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

    def sample_hidden(self, rng) -> "EPState":
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
        s.tab = tuple(relabelled(p, sigma) for p in self.tab)
        s.stock, s.waste = relabelled(self.stock, sigma), relabelled(self.waste, sigma)
        return s


def new(deal: int, readings: dict[str, str] | None = None) -> EPState:
    """Deal ``deal`` of the Egyptian Pyramid under ``readings``."""
    check_deal(deal)
    r = resolve(SLUG, AMBIGUITIES, readings)
    base_card, rest = take_base_card(numbers(SLUG, deal, PACKS), r["base-card"] == "middle")
    cfg = Config(SLUG, deal, r, base=RANK[base_card], base_card=base_card,
                 fill_compulsory=r["fill"] == "compulsory",
                 must_place=r["turned-card"] == "must-place")
    s = EPState.__new__(EPState)
    s.cfg, s.hist = cfg, None
    found = [0] * 8
    found[fnd.target(tuple(found), cfg.base, base_card)] = 1
    s.found = tuple(found)
    s.tab, s.stock = deal_tableau(rest)
    s.ptr, s.waste = 0, ()
    return s


GAME = register(Game(SLUG, "The Egyptian Pyramid", __name__, PACKS, AMBIGUITIES))
