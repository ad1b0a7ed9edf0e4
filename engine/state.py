"""The state interface every game implements (modelled on OpenSpiel's ``State``).

A state is **immutable**: :meth:`State.apply` returns a *new* state and never changes the
receiver, so the solver can keep states on its stack without copying. Game states store
tuples of card numbers (see :mod:`engine.cards`), so a child costs a few tuple copies.

Moves are tuples whose first item names the kind (``"found"`` to a foundation, ``"build"``
between piles, ``"fill"`` into an empty place, ``"turn"`` a card from the stock, ``"redeal"``,
...); the other items are pile indices or ``"w"`` (the waste). In JSON a move is a list.
"""
from __future__ import annotations

from typing import Any, Iterator

from .cards import CARDS, CODES
from .deal import shown

#: Squared piles (fan ``"none"``) whose name is, or ends with, one of these lie face down:
#: a player sees none of their cards (see :meth:`State.visible`).
FACE_DOWN_PILES = ("stock", "hand", "reserve")


def as_move(move) -> tuple:
    """``move``, a list or tuple with its kind first (``["found", 1]``), as a tuple;
    ValueError (one line) for anything else. Whether it is legal is the game's question."""
    if not isinstance(move, (list, tuple)):
        raise ValueError(f"a move is a list such as ['found', 1] (its kind first), not "
                         f"{shown(move)}")
    return tuple(move)


def as_moves(moves) -> list[tuple]:
    """``moves``, a list or tuple of moves (:func:`as_move`), as a list of tuples;
    ValueError (one line) for anything else."""
    if not isinstance(moves, (list, tuple)):
        raise ValueError(f"moves must be a list of moves, each a list such as ['found', 1], "
                         f"not {shown(moves)}")
    return [as_move(m) for m in moves]


class Config:
    """Per-game, per-deal constants shared by all states of one game: ``slug``, ``deal``,
    ``readings`` (ambiguity id -> reading id, complete), plus whatever flags the game derives
    from the readings. Never mutated after ``new()``.

    ``off`` names the game's pruning rules (its module's ``PRUNINGS``) switched off for this
    deal: set only by :func:`engine.games.new` for tests and benchmarks, which check that
    switching a rule off never changes a verdict. Empty (every rule on) by default."""

    off: frozenset = frozenset()

    # The flags the games pass to ``Config(...)`` in their ``new()`` (``**flags``), declared
    # for the type checker only: a bare annotation binds nothing, and a game's config has only
    # its own game's flags.
    # dense_column
    max_deals: int
    side: str
    build_either: bool
    gather: str                     # also mill
    # egyptian_pyramid, macedonian_phalanx (base also favourite)
    base: int
    base_card: int
    fill_compulsory: bool
    must_place: bool
    refill_from_waste: bool
    play_up: str
    # favourite
    found_order: tuple[int, ...]
    direction: str
    sep_builds: bool
    wrap: bool
    fill_from_sep: bool
    # goes_doesnt_go (packs also peacock_tail)
    packs: int
    running: bool
    first_row_all: bool
    ace_always: bool
    lift_waiting: bool
    optional: bool
    goes_at: tuple[bool, ...]       # set after Config(...): the table of place_goes per place
    # heart_to_heart
    reserve: tuple[tuple[int, ...], tuple[int, ...]]
    all_of_rank: bool
    set_aside: bool
    # mill
    round_robin: bool
    max_passes: int | None
    # octagon (compulsory also spinning_wheel)
    literal: bool
    in_suit: bool
    max_redeals: int
    compulsory: bool
    transfers: bool
    dead_cache: dict
    # peacock_tail
    upper_rule: bool
    # spinning_wheel
    wheel: tuple[int, ...]
    rest: tuple[int, ...]
    ncards: int
    hand_left: tuple[tuple[int, ...], ...]
    waste_play: bool
    waste_any: bool

    def __init__(self, slug: str, deal: int, readings: dict[str, str], **flags: Any):
        self.slug = slug
        self.deal = deal
        self.readings = readings
        self.__dict__.update(flags)


class State:
    """Base class of game states.

    Subclasses implement ``legal_moves``, ``apply``, ``is_legal``, ``is_won``, ``key``,
    ``piles`` and usually ``safe_move`` and ``frees``; the rest is provided here.
    ``cfg`` is the game's :class:`Config`; ``hist`` the moves played so far as a cons list
    ``(move, previous_hist)`` or ``None`` (O(1) per move).
    """

    __slots__ = ("cfg", "hist")
    cfg: Config
    hist: tuple | None
    # Every game's state defines ``sample_hidden(rng)``: the same position with the cards a
    # player cannot see dealt anew (see :func:`hidden_relabel`), for the players of
    # :mod:`engine.policies` and :mod:`engine.careful`. Declared for the type checker only
    # (a bare annotation binds nothing): the base class has no body to give it.
    sample_hidden: Any

    # -- to implement --------------------------------------------------------------
    def legal_moves(self) -> list[tuple]:
        """Legal moves in this state, best-first for the solver. Empty when the game is over."""
        raise NotImplementedError

    def apply(self, move: tuple) -> "State":
        """The state after ``move``, which must be legal (unchecked, for speed: the solver's
        path). Use :meth:`~engine.state.State.step` to check first. Returns a new state; ``self`` is unchanged."""
        raise NotImplementedError

    def is_legal(self, move: tuple) -> bool:
        """Is ``move`` legal here? Written directly from the rules, *not* via
        :meth:`legal_moves`, so that replays check the solver independently."""
        raise NotImplementedError

    def is_won(self) -> bool:
        raise NotImplementedError

    def key(self) -> tuple:
        """Canonical hashable key: equal keys mean positions with the same future."""
        raise NotImplementedError

    def piles(self) -> list[tuple[str, float, float, tuple, str]]:
        """Named piles ``(name, x, y, cards, fan)``: grid position (x to the right, y down,
        in card widths/heights), cards bottom first, fan ``"none"``/``"down"``/``"right"``."""
        raise NotImplementedError

    # -- optional ------------------------------------------------------------------
    def safe_move(self) -> tuple | None:
        """A move the solver may play without branching (never loses a win), or None."""
        return None

    def search_moves(self) -> list[tuple]:
        """The legal moves the solver must try: :meth:`legal_moves` less moves the game
        proves dominated by another legal move (documented where overridden). Default: all
        legal moves."""
        return self.legal_moves()

    def dead(self) -> bool:
        """Is this position proven unwinnable by the rules alone, whatever is played (a
        deadlock)? The solver prunes such positions. Must never be True for a position from
        which a win exists; the default, False, claims nothing."""
        return False

    def frees(self, move: tuple) -> bool:
        """Does ``move`` free a card (uncover one or empty a place)? For the greedy policy."""
        return False

    def visible(self) -> tuple:
        """What a player at the table sees: ``((pile name, cards), ...)`` in the order of
        :meth:`piles`, each card its number or ``None`` where the player cannot see which
        card lies there (the count of cards is always seen). Used by the ``blind`` policy,
        which must decide from this alone.

        Default (a game overrides it where its table differs): a squared pile (fan
        ``"none"``) named or ending in one of :data:`FACE_DOWN_PILES` shows nothing; any
        other squared pile shows its top card only; a fanned pile shows every card. This
        errs towards hiding: a game whose squared piles are spread face up loses nothing
        but information for the blind player.

        The cards are those of :meth:`shown_piles`, not :meth:`piles`: where a foundation
        keeps only its count, the copy :meth:`piles` names there may be the one still lying
        face down elsewhere, and a player who read that label would know where the other
        copy lies (a peek; docs/maintainers.md, "A peek through a foundation's copy
        label")."""
        out = []
        for name, _x, _y, cards, fan in self.shown_piles():
            if fan == "none" and cards:
                last = name.rsplit(" ", 1)[-1]
                if last in FACE_DOWN_PILES:
                    cards = (None,) * len(cards)
                else:
                    cards = (None,) * (len(cards) - 1) + (cards[-1],)
            out.append((name, tuple(cards)))
        return tuple(out)

    def over_reason(self) -> str:
        """Why the game ended ("won", "no moves", ...); "" while it goes on."""
        if self.is_won():
            return "won"
        return "no legal moves" if not self.legal_moves() else ""

    # -- provided ------------------------------------------------------------------
    def is_over(self) -> bool:
        """True when won or when no move is legal."""
        return self.is_won() or not self.legal_moves()

    def step(self, move) -> "State":
        """Checked :meth:`apply`: ValueError (one line) if ``move`` is not legal here."""
        move = as_move(move)
        if not self.is_legal(move):
            raise ValueError(f"illegal move {list(move)} in {self.cfg.slug} deal {self.cfg.deal}"
                             f"; legal: {[list(m) for m in self.legal_moves()]}")
        return self.apply(move)

    def moves(self) -> list[tuple]:
        """Moves played from the deal to this state, in order."""
        out = []
        h = self.hist
        while h is not None:
            out.append(h[0])
            h = h[1]
        out.reverse()
        return out

    def to_json(self) -> dict:
        """``{"game", "deal", "readings", "moves"}``; :func:`engine.games.from_json` replays it
        to an equal state."""
        return {"game": self.cfg.slug, "deal": self.cfg.deal,
                "readings": dict(self.cfg.readings),
                "moves": [list(m) for m in self.moves()]}

    def shown_piles(self) -> list[tuple[str, float, float, tuple, str]]:
        """:meth:`piles` as drawn for a reader: where two packs are played, a foundation
        keeps only its count, and :meth:`piles` names its cards by the foundation's pack, so
        the copy named there may be the one lying in another pile; such a card is drawn as
        its twin (the other pack's copy, which is then the one home), and so is the second
        of two copies named on two foundations, so no card shows twice. For :meth:`layout`,
        :meth:`render` and :meth:`visible` (what a player sees): the rules read
        :meth:`piles`."""
        piles = self.piles()
        seen = {c for name, _x, _y, cards, _f in piles if not name.startswith("foundation")
                for c in cards}
        out = []
        for name, x, y, cards, f in piles:
            if name.startswith("foundation"):
                cards = tuple((c + 52) % 104 if c in seen else c for c in cards)
                seen.update(cards)   # two foundations that meet (up and down) hold both copies
            out.append((name, x, y, cards, f))
        return out

    def layout(self) -> dict:
        """Drawable description: ``{"game", "deal", "piles": [{"name", "x", "y", "fan",
        "cards": [codes]}]}`` (x, y in card units on a grid; cards bottom first; codes from
        :data:`engine.cards.CODES`; each card once, :meth:`shown_piles`)."""
        code = CODES.__getitem__
        return {"game": self.cfg.slug, "deal": self.cfg.deal,
                "piles": [{"name": n, "x": x, "y": y, "fan": f, "cards": list(map(code, cards))}
                          for n, x, y, cards, f in self.shown_piles()]}

    def render(self) -> str:
        """Plain-text rendering: one line per pile, cards bottom first, top card last, a
        second pack's card marked ′ as the move descriptions and the site mark it; each card
        once (:meth:`shown_piles`)."""
        lines = [f"{self.cfg.slug} deal {self.cfg.deal}"]
        piles = self.shown_piles()
        width = max(len(p[0]) for p in piles)
        for name, _x, _y, cards, _f in piles:
            lines.append(f"{name:<{width}} : " + " ".join(
                CARDS[c].symbol.replace("'", "\u2032") for c in cards))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.render()

    def summary(self) -> dict:
        """JSON summary for ``play()``'s ``final``: won/over flags, reason, cards on the
        foundations, number of moves, the layout."""
        home = sum(len(c) for n, _x, _y, c, _f in self.piles() if n.startswith("foundation"))
        return {"won": self.is_won(), "over": self.is_over(), "reason": self.over_reason(),
                "cards_on_foundations": home, "moves": len(self.moves()),
                "layout": self.layout()}


def push(hist, move):
    """Cons ``move`` onto a history list (helper for ``apply``)."""
    return (move, hist)


def iter_hist(hist) -> Iterator[tuple]:
    while hist is not None:
        yield hist[0]
        hist = hist[1]


def hidden_relabel(s: State, rng, group=None) -> dict[int, int]:
    """A relabelling of the cards a player cannot see in ``s``, for a game's
    ``sample_hidden``: ``{card: card}``, a bijection of the hidden cards onto themselves.

    The hidden cards are those :meth:`State.visible` shows as ``None`` (piles in the order of
    :meth:`State.piles`, bottom first), **except on the foundations**: a foundation's cards
    follow from its count and the rules, and games store only the count. They are sorted by
    card number and then shuffled (Fisher-Yates with ``rng.below``, an
    :class:`engine.deal.SplitMix64`), and the ``i``-th hidden place gets the ``i``-th card of
    the shuffle. Sorting first makes the result a function of the *set* of hidden cards, the
    visible cards and ``rng`` only, never of where the hidden cards really lie: a player who
    samples this way has not peeked. Empty when nothing is hidden.

    ``group`` (a function of the pile name) keeps what a player knows of where a card may
    lie: hidden cards are shuffled only among the hidden places of piles of the same group
    (e.g. each player's own pack in Heart Speaks to Heart); None: one group."""
    hidden: dict = {}
    for (name, _x, _y, cards, _f), (_n, shown) in zip(s.piles(), s.visible()):
        if name.startswith("foundation"):
            continue
        hidden.setdefault(None if group is None else group(name), []).extend(
            c for c, v in zip(cards, shown) if v is None)
    out: dict[int, int] = {}
    for _g, cards in sorted(hidden.items(), key=lambda kv: str(kv[0])):
        pool = sorted(cards)
        for i in range(len(pool) - 1, 0, -1):
            j = rng.below(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        out.update(zip(cards, pool))
    return out


def relabelled(cards: tuple, sigma: dict[int, int]) -> tuple:
    """``cards`` (a tuple of card numbers, or of ``-1`` for an empty place) with each card
    ``c`` replaced by ``sigma.get(c, c)`` (see :func:`hidden_relabel`)."""
    get = sigma.get
    return tuple(get(c, c) for c in cards)
