"""Идет не идет, Goes, Doesn't Go (chapter XLIV): seven columns dealt in rows, one redeal.

Sentences (``goes-doesnt-go:<n>``) and where they are executed:

1. the aces are the foundations and go out as they turn up from the hand --
   :func:`lay_out` (reading ``ace-in-middle``).
2. the first row of seven: all may go to the foundations, up in suit -- :func:`place_goes`
   (reading ``first-row``), :func:`lay_out`.
3. the other rows are laid on the first, overlapping, in columns -- :func:`lay_out`.
4. from the second row on only the outer places "go" (a card there that fits goes up), the
   middle ones do not -- :func:`place_goes` (readings ``deal-pattern``, ``first-row``).
5. after the deal, transfers; an emptied column is at once refilled with any card from the
   bottom of a column -- :meth:`GDGState.fill_moves`.
6. transfers in suit, one rank up or down, only between the bottom (exposed) cards of the
   columns -- :meth:`GDGState.build_moves`; exposed cards that fit go up --
   :meth:`GDGState.foundation_moves`.
7. then the columns are gathered, the seventh on the sixth ... onto the first, so that the
   first column and its first card are dealt first again -- :func:`gather`.
8. dealt again a last time -- :meth:`GDGState.redeal` (one redeal only).
9. comment on the interest of the game: no rule.

During a deal a card that may go and fits goes up at once (the deal has no choices: reading
``deal-auto=at-once``, the default; under ``deal-auto=optional`` the player deals card by
card, ``("deal",)``, and may lift such a card, ``("found", column)``,
:meth:`GDGState.lift_moves`, :meth:`GDGState.deal_card`); under the default reading ``deal-lift=waiting`` so do the cards
lying free in places that go, as soon as their predecessor is up (:func:`lift_waiting`);
under ``deal-lift=dealt-card`` only the card being dealt, the others waiting for the
transfers. Moving a column's only card into an empty column would change nothing, so a
refill must come from a column of two cards or more; if there is none, no refill is due.
The player ends the transfers of the first deal by redealing (goes-doesnt-go:7 "Окончив все
переводы"); the game is over when the last deal leaves no legal move.

Safe automatic moves (solver): in the last deal with one pack, a foundation move that does
not empty a column: its lower neighbour is home, and its upper neighbour can then go home
instead of onto it, so nothing is lost; uncovering a card only adds options.
"""
from __future__ import annotations

from ..cards import RANK, SUIT
from ..deal import check_deal, numbers
from ..readings import Ambiguity, Reading, decision, resolve
from ..registry import executes
from ..state import Config, State, hidden_relabel, relabelled
from . import Game, register

#: The game's slug.
SLUG = "goes-doesnt-go"
#: Number of packs of 52.
PACKS = 1  # the default; reading packs=two uses 2
#: The rules leave the player choices.
PLAYER_HAS_CHOICE = True
#: The solver's pruning rules and their arguments (see :mod:`engine.games`).
PRUNINGS = {
    "forced-deal": "While dealing, the next card is dealt automatically when no card may be "
    "lifted: it is then the only legal move.",
    "safe-foundation": "With one pack, in the last deal once it is laid out, a card goes up "
    "automatically when that does not empty a column: its lower neighbour is home, and "
    "its upper neighbour can then go home instead of onto it; uncovering only adds options. "
    "Not in the first deal: a card gone up there is not gathered, which changes the places "
    "the redeal gives the cards after it.",
}
NCOL = 7
#: goes-doesnt-go:4 read as a count running along the dealt cards: 2 go, 3 not, 2 go,
#: 3 not, 2 go, then again.
RUNNING = (True, True, False, False, False, True, True, False, False, False, True, True)

#: The ambiguities of the text, with their readings.
AMBIGUITIES = (
    decision(
        "foundations",
        "Which cards are the foundations, and how are they built (goes-doesnt-go:1-2)?",
        ("goes-doesnt-go:1", "goes-doesnt-go:2"),
        "aces-up-in-suit", "the aces, taken out as they turn up; built up in suit to the "
        "king",
        "goes-doesnt-go:1 'всегда тузы бывают начальными картами' and goes-doesnt-go:2 'по "
        "мастям и в порядке возвышающемся, т. е. на тузов класть двойки, тройки и проч.' "
        "are plain."),
    Ambiguity(
        "deal-lift",
        "During the deal, may a card already lying in a place that goes go up when its "
        "predecessor reaches the foundation, or only the card just dealt?",
        ("goes-doesnt-go:2", "goes-doesnt-go:4"),
        (Reading("waiting",
                 "every card lying free (last in its column) in a place that goes goes up "
                 "as soon as it fits"),
         Reading("dealt-card",
                 "only the card just dealt may go up; cards already lying wait for the "
                 "transfers after the deal")),
        "waiting",
        "goes-doesnt-go:2 says of the seven cards of the first row, once laid, 'которые все "
        "могут быть вынимаемы на места начальные, если будут идти по мастям' (all of which "
        "may be taken out ... if they go in suit): a two lying there goes up when its ace "
        "turns up later.",
    ),
    Ambiguity(
        "deal-auto",
        "During the deal, must a card that may go and fits go up (goes-doesnt-go:2 'могут "
        "быть вынимаемы')?",
        ("goes-doesnt-go:2", "goes-doesnt-go:4"),
        (Reading("at-once", "it goes up at once; the deal has no choices (aces always)"),
         Reading("optional", "the player deals card by card and may lift a card that may go "
                 "and fits, or leave it (aces always go at once, goes-doesnt-go:1)")),
        "at-once",
        "goes-doesnt-go:4 'кладутся или не кладутся, хотя бы по приличию и следовало их "
        "положить' speaks of the places, not of the player's will: the places that go lay "
        "their cards up, and the player's choices begin with the transfers ('Разложив всю "
        "колоду, приступают к переводам', goes-doesnt-go:5). 'могут' (may) in "
        "goes-doesnt-go:2 allows the optional reading: keeping a card back changes the "
        "gathered pack and so the second deal (goes-doesnt-go:8).",
    ),
    decision(
        "fill",
        "When a column is emptied, how is it refilled (goes-doesnt-go:5)?",
        ("goes-doesnt-go:5",),
        "at-once-from-bottom", "at once, before any other move, with a card the player "
        "chooses from the bottom (the free end) of a column; a column's only card is not "
        "offered (moving it changes nothing)",
        "goes-doesnt-go:5 'место его немедленно замещается любою картою по произволению "
        "раскладывающего, не вынимая только ее из середины, откуда-нибудь снизу' is plain."),
    decision(
        "builds",
        "Which cards may be moved onto which (goes-doesnt-go:6)?",
        ("goes-doesnt-go:6",),
        "bottom-cards-in-suit", "the free card of a column onto the free card of another, "
        "same suit, one rank higher or lower; one card at a time",
        "goes-doesnt-go:6 'Карты переводятся по мастям и старшие и младшие, но только между "
        "картами, лежащими снизу продольных рядов' is plain."),
    decision(
        "redeal",
        "When are the columns gathered and dealt again, and how often (goes-doesnt-go:7-8)?",
        ("goes-doesnt-go:7", "goes-doesnt-go:8"),
        "once-when-player-ends", "once, when the player ends the transfers of the first "
        "deal; the second deal follows the same rules, and it is the last",
        "goes-doesnt-go:7 'Окончив все переводы ... собирают' leaves the moment to the "
        "player; goes-doesnt-go:8 'опять раскладывают в последний раз' is plain."),
    decision(
        "end",
        "When has the patience come out, and when has it failed?",
        ("goes-doesnt-go:8",),
        "all-home", "it comes out when every card is on the foundations; it fails when the "
        "last deal leaves no move",
        "goes-doesnt-go:8 'если раскладка не вышла' after the last deal: no third deal."),
    Ambiguity(
        "deal-pattern",
        "goes-doesnt-go:4 reads 'крайние две с левой руки идут; средние три не идут, а другие "
        "крайние две с левой руки идут; средние три не идут, а другие крайние две с правой "
        "руки опять идут': a line written twice (dittography) or a count along the cards?",
        ("goes-doesnt-go:4",),
        (Reading("dittography",
                 "the repeated line is a slip: in every row of seven the two left and the two "
                 "right cards go, the middle three do not"),
         Reading("running-count",
                 "as printed, counted along the dealt cards: 2 go, 3 not, 2 go, 3 not, 2 go "
                 "(12 cards), then again, across the rows")),
        "dittography",
        "goes-doesnt-go:4 itself sums it up 'кладя только крайние две, а средних три не кладя' "
        "(2 + 3 + 2 = 7, a row), and 'крайние' (outer) fits only the ends of a row.",
    ),
    Ambiguity(
        "first-row",
        "goes-doesnt-go:4 applies the pattern 'включая первого начального ряда, с которого, "
        "как уже сказано, все карты идут': including the first row, from which all cards go?",
        ("goes-doesnt-go:2", "goes-doesnt-go:4"),
        (Reading("all-go", "every card of the first row of a deal goes (read 'исключая')"),
         Reading("pattern", "the first row follows the pattern too ('включая' as printed)")),
        "all-go",
        "goes-doesnt-go:2 says all seven first cards 'все могут быть вынимаемы на места "
        "начальные', and goes-doesnt-go:4 repeats 'как уже сказано, все карты идут'.",
    ),
    Ambiguity(
        "packs",
        "How many packs? The text does not say.",
        ("goes-doesnt-go:3",),
        (Reading("one", "one pack of 52"),
         Reading("two", "two packs of 52 (eight aces)")),
        "one",
        "goes-doesnt-go:3 deals 'до конца колоды' and goes-doesnt-go:5 'Разложив всю колоду' "
        "(a pack, singular), and the neighbouring Фаворитка is 'в одну колоду'.",
    ),
    Ambiguity(
        "ace-in-middle",
        "May an ace turned up in a place that does not go go out?",
        ("goes-doesnt-go:1", "goes-doesnt-go:4"),
        (Reading("goes", "aces always go out as they turn up"),
         Reading("stays", "an ace in a place that does not go is laid in its column")),
        "goes",
        "goes-doesnt-go:1 'Здесь всегда тузы бывают начальными картами и вынимаются по мере "
        "того, как будут вскрываться с руки' -- always, as they turn up.",
    ),
)


@executes("goes-doesnt-go:2", "goes-doesnt-go:4")
def place_goes(k: int, cfg: Config) -> bool:
    """Does the ``k``-th place of a deal (0-based; row ``k // 7``, column ``k % 7``) go?"""
    if k < NCOL and cfg.first_row_all:
        return True
    if cfg.running:
        return RUNNING[(k - NCOL if cfg.first_row_all else k) % 12]
    return k % NCOL in (0, 1, 5, 6)


def _target(found, c: int) -> int:
    r = RANK[c] - 1
    if len(found) == 4:
        f = SUIT[c]
        return f if found[f] == r else -1
    f = SUIT[c] * 2
    if found[f] == r:
        return f
    return f + 1 if found[f + 1] == r else -1


@executes("goes-doesnt-go:1", "goes-doesnt-go:4")
def card_goes(k: int, c: int, cfg: Config) -> bool:
    """May card ``c``, dealt to the ``k``-th place of a deal, go to a foundation during the
    deal: its place goes (:func:`place_goes`, read from ``cfg.goes_at``, its table made once
    per game), or it is an ace (reading ``ace-in-middle``: 'всегда тузы ... вынимаются по
    мере того, как будут вскрываться')?"""
    return cfg.goes_at[k] or (cfg.ace_always and RANK[c] == 1)


@executes("goes-doesnt-go:2")
def lift_waiting(cols: list, places: list, f: list, cfg: Config) -> None:
    """Reading ``deal-lift=waiting``: every card lying free (the last of its column) in a
    place that goes and fitting a foundation goes up, again and again until none does
    ('семь карт, которые все могут быть вынимаемы на места начальные, если будут идти по
    мастям'). Changes ``cols`` (cards), ``places`` (their place numbers) and ``f``."""
    moved = True
    while moved:
        moved = False
        for j in range(NCOL):
            col = cols[j]
            if col and card_goes(places[j][-1], col[-1], cfg):
                t = _target(f, col[-1])
                if t >= 0:
                    f[t] += 1
                    col.pop()
                    places[j].pop()
                    moved = True


@executes("goes-doesnt-go:1", "goes-doesnt-go:2", "goes-doesnt-go:3", "goes-doesnt-go:4")
def lay_out(pack, found: tuple, cfg: Config) -> tuple[tuple, tuple]:
    """Deal ``pack`` in rows of seven; a card in a place that goes and fits a foundation
    goes up, aces always (reading ``ace-in-middle``); after a card goes up, the cards lying
    free in places that go follow when they fit (reading ``deal-lift``). Returns
    (columns, foundations)."""
    cols: list[list[int]] = [[] for _ in range(NCOL)]
    places: list[list[int]] = [[] for _ in range(NCOL)]
    f = list(found)
    waiting = cfg.lift_waiting
    for k, c in enumerate(pack):
        if card_goes(k, c, cfg):
            t = _target(f, c)
            if t >= 0:
                f[t] += 1
                if waiting:
                    lift_waiting(cols, places, f, cfg)
                continue
        cols[k % NCOL].append(c)
        if waiting:
            places[k % NCOL].append(k)
    return tuple(tuple(col) for col in cols), tuple(f)


@executes("goes-doesnt-go:7")
def gather(cols) -> tuple:
    """Columns gathered so that the first column, first card first, is dealt first again."""
    out = []
    for col in cols:
        out.extend(col)
    return tuple(out)


class GDGState(State):
    """``found`` top rank per foundation (0 = no ace yet; 4 or 8 of them, foundation f has
    suit f or f // 2); ``cols`` 7 tuples (first dealt first, the exposed card last);
    ``deal_no`` 0 (first deal) or 1 (the last). Reading ``deal-auto=optional`` only:
    ``pack`` the pack of the deal being made, ``k`` the next card of it to deal (-1: the
    deal is complete), ``kpl`` per column the places (0-based, in the deal) of its cards;
    under ``at-once`` the deal is made whole (:func:`lay_out`) and ``k`` is -1."""

    __slots__ = ("found", "cols", "deal_no", "pack", "k", "kpl")
    found: tuple[int, ...]
    cols: tuple[tuple[int, ...], ...]
    deal_no: int
    pack: tuple[int, ...]
    k: int
    kpl: tuple[tuple[int, ...], ...]

    def _child(self, move):
        s = GDGState.__new__(GDGState)
        s.cfg, s.hist = self.cfg, (move, self.hist)
        s.found, s.cols, s.deal_no = self.found, self.cols, self.deal_no
        s.pack, s.k, s.kpl = self.pack, self.k, self.kpl
        return s

    # -- reading deal-auto=optional: the deal card by card ----------------------------
    @executes("goes-doesnt-go:2", "goes-doesnt-go:4")
    def lift_moves(self) -> list[tuple]:
        """While dealing (reading ``deal-auto=optional``): the free cards the player may
        lift to a foundation: in a place that goes and fitting; under ``deal-lift=
        dealt-card`` only the card just dealt, while it is still free."""
        out = []
        for j, col in enumerate(self.cols):
            if col and card_goes(self.kpl[j][-1], col[-1], self.cfg) \
                    and _target(self.found, col[-1]) >= 0:
                if self.cfg.lift_waiting or self.kpl[j][-1] == self.k - 1:
                    out.append(("found", j))
        return out

    @executes("goes-doesnt-go:1", "goes-doesnt-go:3")
    def deal_card(self, s: "GDGState") -> None:
        """Lay the next card of the pack in its column (rows of seven), an ace straight on
        a foundation (reading ``ace-in-middle``); the deal is complete after the last card.
        Changes the fresh child ``s``."""
        c, k = self.pack[self.k], self.k
        t = _target(self.found, c)
        if RANK[c] == 1 and card_goes(k, c, self.cfg) and t >= 0:
            f = list(self.found)
            f[t] += 1
            s.found = tuple(f)
        else:
            j = k % NCOL
            cols, kpl = list(self.cols), list(self.kpl)
            cols[j] = cols[j] + (c,)
            kpl[j] = kpl[j] + (k,)
            s.cols, s.kpl = tuple(cols), tuple(kpl)
        s.k = k + 1 if k + 1 < len(self.pack) else -1

    @executes("goes-doesnt-go:5")
    def fill_moves(self) -> list[tuple]:
        """If a column is empty, the moves refilling the first empty one from the bottom of
        a column of two or more cards (they are then the only legal moves)."""
        cols = self.cols
        for j, p in enumerate(cols):
            if not p:
                return [("fill", i, j) for i, q in enumerate(cols) if len(q) > 1]
        return []

    @executes("goes-doesnt-go:6")
    def foundation_moves(self) -> list[tuple]:
        """Exposed cards that fit a foundation (up in suit)."""
        return [("found", i) for i, p in enumerate(self.cols) if p and _target(self.found, p[-1]) >= 0]

    @executes("goes-doesnt-go:6")
    def build_moves(self) -> list[tuple]:
        """An exposed card onto another exposed card of its suit one rank above or below."""
        cols = self.cols
        out = []
        for i, p in enumerate(cols):
            if p:
                c = p[-1]
                for j, q in enumerate(cols):
                    if j != i and q:
                        d = q[-1]
                        if SUIT[d] == SUIT[c] and (RANK[d] - RANK[c]) in (1, -1):
                            out.append(("build", i, j))
        return out

    def legal_moves(self):
        if self.is_won():
            return []
        if self.k >= 0:
            return self.lift_moves() + [("deal",)]
        fills = self.fill_moves()
        if fills:
            return fills
        moves = self.foundation_moves() + self.build_moves()
        if self.deal_no == 0:
            moves.append(("redeal",))
        return moves

    def apply(self, move):
        s = self._child(move)
        k = move[0]
        if k == "redeal":
            self.redeal(s)
            return s
        if k == "deal":
            self.deal_card(s)
            return s
        cols = list(self.cols)
        c = cols[move[1]][-1]
        cols[move[1]] = cols[move[1]][:-1]
        if self.k >= 0:
            kpl = list(self.kpl)
            kpl[move[1]] = kpl[move[1]][:-1]
            s.kpl = tuple(kpl)
        if k == "found":
            f = list(self.found)
            f[_target(self.found, c)] += 1
            s.found = tuple(f)
        else:
            cols[move[2]] = cols[move[2]] + (c,)
        s.cols = tuple(cols)
        return s

    @executes("goes-doesnt-go:7", "goes-doesnt-go:8")
    def redeal(self, s: "GDGState") -> None:
        """Gather the columns and deal them the last time, with the same rules (card by
        card under reading ``deal-auto=optional``)."""
        s.deal_no = 1
        if self.cfg.optional:
            s.pack, s.k = gather(self.cols), 0
            s.cols, s.kpl = ((),) * NCOL, ((),) * NCOL
            if not s.pack:
                s.k = -1
            return
        s.cols, s.found = lay_out(gather(self.cols), self.found, self.cfg)

    def is_legal(self, move) -> bool:
        if not isinstance(move, tuple) or not move:
            return False
        cols = self.cols
        if self.is_won():
            return False
        if self.k >= 0:  # dealing, reading deal-auto=optional
            if move == ("deal",):
                return True
            if move[0] != "found" or len(move) != 2 or not isinstance(move[1], int) \
                    or not 0 <= move[1] < NCOL or not cols[move[1]]:
                return False
            j = move[1]
            c, at = cols[j][-1], self.kpl[j][-1]
            if not (self.cfg.lift_waiting or at == self.k - 1):
                return False
            if not (place_goes(at, self.cfg) or (self.cfg.ace_always and c % 13 == 0)):
                return False
            fs = range(len(self.found))
            return any((f if len(self.found) == 4 else f // 2) == (c // 13) % 4
                       and self.found[f] == c % 13 for f in fs)
        empty = [j for j in range(NCOL) if not cols[j]]
        fill_due = bool(empty) and any(len(q) >= 2 for q in cols)
        if move[0] == "fill" and len(move) == 3:
            i, j = move[1], move[2]
            return (fill_due and isinstance(i, int) and 0 <= i < NCOL and len(cols[i]) >= 2
                    and j == empty[0])
        if fill_due:
            return False
        if move == ("redeal",):
            return self.deal_no == 0
        if move[0] == "found" and len(move) == 2:
            i = move[1]
            if not (isinstance(i, int) and 0 <= i < NCOL and cols[i]):
                return False
            c = cols[i][-1]
            suit, rank = (c // 13) % 4, c % 13 + 1
            fs = range(4) if len(self.found) == 4 else range(8)
            return any((f if len(self.found) == 4 else f // 2) == suit
                       and self.found[f] == rank - 1 for f in fs)
        if move[0] == "build" and len(move) == 3:
            i, j = move[1], move[2]
            if not (isinstance(i, int) and isinstance(j, int) and 0 <= i < NCOL
                    and 0 <= j < NCOL and i != j and cols[i] and cols[j]):
                return False
            a, b = cols[i][-1], cols[j][-1]
            return (a // 13) % 4 == (b // 13) % 4 and abs(a % 13 - b % 13) == 1
        return False

    def is_won(self):
        return all(f == 13 for f in self.found)

    def key(self):
        if self.k >= 0:
            return (self.found, self.cols, self.kpl, self.pack[self.k:], self.deal_no)
        if self.deal_no == 1:
            return (self.found, tuple(sorted(self.cols)), 1)
        return (self.found, self.cols, 0)

    def safe_move(self):
        off = self.cfg.off
        if self.k >= 0:  # dealing: the next card when nothing may be lifted (the only move)
            return None if self.lift_moves() or "forced-deal" in off else ("deal",)
        if self.deal_no != 1 or len(self.found) != 4 or "safe-foundation" in off:
            return None
        cols = self.cols
        if () in cols:
            return None
        for i, p in enumerate(cols):
            if len(p) > 1 and _target(self.found, p[-1]) >= 0:
                return ("found", i)
        return None

    def frees(self, move):
        return move[0] == "build" and len(self.cols[move[1]]) > 1

    def piles(self):
        out = []
        n = len(self.found)
        for f in range(n):
            suit = f if n == 4 else f // 2
            pack = 0 if n == 4 else f % 2
            out.append((f"foundation {f + 1}", float(f), 0.0,
                        tuple(pack * 52 + suit * 13 + k for k in range(self.found[f])),
                        "none"))
        for i, p in enumerate(self.cols):
            out.append((f"column {i + 1}", float(i), 1.0, p, "down"))
        if self.k >= 0:
            out.append(("hand", 8.0, 0.0, self.pack[self.k:][::-1], "none"))
        return out

    def sample_hidden(self, rng) -> "GDGState":
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
        s.cols = tuple(relabelled(p, sigma) for p in self.cols)
        s.pack = relabelled(self.pack, sigma)
        return s


#: (running, first_row_all, packs) -> :func:`place_goes` for every place of a deal.
_GOES_AT: dict = {}


def new(deal: int, readings: dict[str, str] | None = None) -> GDGState:
    """Deal ``deal`` of Goes, Doesn't Go under ``readings``; the first deal is made here."""
    check_deal(deal)
    r = resolve(SLUG, AMBIGUITIES, readings)
    packs = 2 if r["packs"] == "two" else 1
    cfg = Config(SLUG, deal, r, packs=packs, running=r["deal-pattern"] == "running-count",
                 first_row_all=r["first-row"] == "all-go",
                 ace_always=r["ace-in-middle"] == "goes",
                 lift_waiting=r["deal-lift"] == "waiting",
                 optional=r["deal-auto"] == "optional")
    at = (cfg.running, cfg.first_row_all, packs)
    if at not in _GOES_AT:
        _GOES_AT[at] = tuple(place_goes(k, cfg) for k in range(52 * packs))
    cfg.goes_at = _GOES_AT[at]
    s = GDGState.__new__(GDGState)
    s.cfg, s.hist = cfg, None
    s.deal_no = 0
    pack = tuple(numbers(SLUG, deal, packs))
    if cfg.optional:
        s.cols, s.kpl, s.found = ((),) * NCOL, ((),) * NCOL, (0,) * (4 * packs)
        s.pack, s.k = pack, 0
    else:
        s.cols, s.found = lay_out(pack, (0,) * (4 * packs), cfg)
        s.pack, s.k, s.kpl = (), -1, ()
    return s


GAME = register(Game(SLUG, "Goes, Doesn't Go", __name__, PACKS, AMBIGUITIES))
