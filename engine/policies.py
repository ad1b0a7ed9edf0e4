"""Play policies: ``random`` (seeded), ``greedy``, ``blind``, ``careful``, ``solver``.

* ``random``: a uniformly chosen legal move, drawn with :class:`engine.deal.SplitMix64`
  seeded with ``seed`` (default: the deal number), so a playout is reproducible everywhere.
* ``greedy``: the first legal move by priority: (0) a move to a foundation; (1) a move that
  frees a card (uncovers one or empties a place, ``State.frees``); (2) any other move between
  piles; (3) turning a card from the stock; (4) a redeal. Ties keep the game's move order.
* ``blind``: a player who sees only what lies face up (:meth:`~engine.state.State.visible`)
  and knows the rules, not the order of the stock or the face-down cards: the greedy
  priority, and never a move whose outcome it can foresee to be a position it has already
  seen (see :func:`blind_choice`). Its choices are a function of what it has seen.
* ``careful``: a player who sees only what lies face up, as ``blind``, and plans: it draws
  determinisations of the unseen cards, solves each with a small budget and plays the move
  that wins in most of them (:func:`engine.careful.careful_run`). Its rate is the realistic figure (a lower
  bound on a perfect player at the table); the solver's is the ceiling.
* ``solver``: the moves of :func:`engine.solver.solve` (won) or none.

**No position is played twice.** The ``random`` and ``greedy`` policies remember the
:meth:`~engine.state.State.key` of every position of the playout (the start included) and
never play a move into a position already seen: ``greedy`` takes the best move by the
priority above whose result is new, ``random`` draws uniformly among the moves whose result
is new (it draws among all moves and, should the drawn one lead back, draws again among the
others, so a playout that never comes back to a position draws exactly as without the rule).
When every legal move leads back to a position already seen, the deal is **lost** for that
policy, with the reason :data:`REVISIT_REASON`. A playout is therefore finite in every game
(the positions of a deal are finite in number), and it cannot shuffle cards to and fro into
the same position. The ``blind`` player remembers what it saw (:func:`seen_form`), which
may not tell a position played from a new one (the keys fold the game's symmetries, such as
the two packs of the Egyptian Pyramid); the referee then refuses the move back and the
player takes its next move, and its deal is lost the same way only when every legal move
leads back.

This is the players' sense, **not a rule of the book and not a reading**: no witness speaks
of playing a position twice, so it is no ambiguity of the text and has no reading id. It is
a decision of the edition's players, made so that every playout ends; the solver needs no
such rule (its transposition table never searches a position twice). It does not stop a
player from wandering through many *different* positions: the greedy player of the
Egyptian Pyramid, for whom a build outranks turning a card, moves single cards among alike
building piles through thousands of new positions before it turns the next card (deal 1:
21,681 moves, 21,537 of them builds, before every move leads back); its rows in the odds
table play with a longer move limit than the others' (``MOVE_LIMITS`` in
:mod:`engine.results`), so that such a deal ends rather than being left open.

:func:`run` plays a policy to the end or to ``max_moves`` moves (then outcome
"undecided"); :func:`playout` is its older two-value form.
"""
from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass

from .deal import SplitMix64
from .state import State

POLICIES = ("random", "greedy", "blind", "careful", "solver")
#: The policies :func:`run` plays (the solver is :func:`engine.solver.solve`).
PLAYOUT_POLICIES = ("random", "greedy", "blind")
_KIND_RANK = {"found": 0, "dig": 0, "build": 2, "fill": 2, "turn": 3, "redeal": 4}

#: ``over_reason`` of a playout stopped because every legal move leads back to a position the
#: policy has already played.
REVISIT_REASON = ("every legal move leads back to a position already played "
                  "(the policy never revisits a position)")


def greedy_rank(s: State, m: tuple) -> int:
    """Priority of move ``m`` in ``s`` for the greedy policy (lower first)."""
    r = _KIND_RANK.get(m[0], 2)
    if r == 2 and s.frees(m):
        return 1
    return r


def greedy_order(s: State, moves: list) -> list:
    """``moves`` sorted by :func:`greedy_rank`, ties in the game's order (a stable sort)."""
    return sorted(moves, key=lambda m: greedy_rank(s, m))


def choose(policy: str, s: State, rng: SplitMix64 | None = None,
           seen: Container | None = None) -> tuple | None:
    """One move of ``policy`` ("random", "greedy" or "blind") in non-final state ``s``.

    With ``seen`` (a set of :meth:`~engine.state.State.key` values; for "blind" of
    :func:`seen_form` values) only moves into positions not in ``seen`` are considered, and
    None is returned when there is none; ``seen`` is not changed. Without it every legal
    move is considered (the first move of a playout).
    """
    if policy == "blind" and seen is None:
        seen = set()
    pick = _pick(policy, s, s.legal_moves(), rng, seen)
    return None if pick is None else pick[0].hist[0]  # type: ignore[index]  # a child state has a move in its hist


def _pick(policy: str, s: State, moves: list, rng, seen,
          keys: Container | None = None) -> tuple[State, tuple | None, tuple | None] | None:
    """The policy's move from ``s`` (``moves`` its legal moves, non-empty) as ``(state after
    it, its key, its seen_form)`` (None for what was not computed), or None when every move
    leads into ``seen``.

    ``seen`` is what the player remembers of the positions played (not changed here):
    :meth:`~engine.state.State.key` values for "random" and "greedy" (None: every move is
    new), :func:`seen_form` values for "blind" (:func:`blind_choice`, which also refuses
    a move into ``keys``, the referee's record)."""
    if policy == "blind":
        pick = _blind_pick(s, moves, seen, keys)
        return None if pick is None else pick[1:]
    if policy == "random":
        n = len(moves)
        if seen is None:
            return s.apply(moves[rng.below(n)]), None, None
        below = rng.below
        i = below(n)
        c = s.apply(moves[i])
        k = c.key()
        if k not in seen:  # the usual case: no copy of the moves
            return c, k, None
        moves = list(moves)
        while True:
            moves[i] = moves[-1]
            moves.pop()
            n -= 1
            if not n:
                return None
            i = below(n)
            c = s.apply(moves[i])
            k = c.key()
            if k not in seen:
                return c, k, None
    if policy == "greedy":
        for m in greedy_order(s, moves):
            c = s.apply(m)
            if seen is None:
                return c, None, None
            k = c.key()
            if k not in seen:
                return c, k, None
        return None
    raise ValueError(f"unknown policy {policy!r}; allowed: {', '.join(PLAYOUT_POLICIES)}")


def shown_cards(view: tuple) -> set:
    """The cards face up in ``view`` (a :meth:`~engine.state.State.visible` tuple)."""
    return {c for _name, cards in view for c in cards if c is not None}


def _foreseen(view: tuple, shown: set) -> tuple | None:
    """``view`` as a player who has seen only the cards ``shown`` can foresee it: None
    when it shows a card not in ``shown`` (the move turns up a card: its outcome cannot be
    foreseen), else ``view`` itself."""
    for _name, cards in view:
        for c in cards:
            if c is not None and c not in shown:
                return None
    return view


def seen_form(s: State) -> tuple:
    """What the blind player remembers of a position it has played: what it sees
    (:meth:`~engine.state.State.visible`) and the moves the rules allow there (which tell,
    say, how many redeals are left or whether a direction has been chosen)."""
    return (s.visible(), tuple(s.legal_moves()))


def blind_choice(s: State, moves: list, seen: Container,
                 keys: Container | None = None) -> tuple[tuple, State] | None:
    """The blind policy's move in ``s`` (``moves`` its legal moves, non-empty) and the
    state after it, or None when every move is foreseen to lead back to a position in
    ``seen`` (a set of :func:`seen_form` values) or, with ``keys`` (the referee's record of
    the positions played, :meth:`~engine.state.State.key` values), leads back to one of them.

    Moves are taken in the greedy order (:func:`greedy_order`, which reads the move and the
    pile sizes only). A move that turns up no card has an outcome the player can foresee
    from the face-up cards and the rules: it is skipped when that outcome (its
    :func:`seen_form`) was seen before. A move that turns up a card cannot be foreseen and
    is never skipped. Nothing hidden is read: the child states are computed (the engine
    has no other way to apply the rules) but only their face-up cards already shown in
    ``s`` are compared. The ``keys`` check is the referee's, not the player's: a move back
    into a position played (which the player may not tell from a new one: the keys fold the
    game's symmetries, e.g. the two packs) is refused, and the player takes its next move."""
    pick = _blind_pick(s, moves, seen, keys)
    return None if pick is None else pick[:2]


def _blind_pick(s: State, moves: list, seen: Container, keys: Container | None):
    """:func:`blind_choice` as ``(move, state after it, its key or None, its seen_form)``."""
    shown = shown_cards(s.visible())
    for m in greedy_order(s, moves):
        c = s.apply(m)
        view = c.visible()
        legal = tuple(c.legal_moves())
        if _foreseen(view, shown) is None or (view, legal) not in seen:
            k = None if keys is None else c.key()
            if k is None or k not in keys:  # type: ignore[operator]  # k is None exactly when keys is
                return m, c, k, (view, legal)
    return None


#: How many positions a player of :func:`run` remembers as they are before it keeps their
#: hashes instead (:class:`Hashes`).
COMPACT_AFTER = 20_000


class Hashes:
    """A set of values kept as their hashes, with ``in``, ``add`` and ``len``: what a player
    of :func:`run` remembers of the positions it played (:meth:`~engine.state.State.key` or
    :func:`seen_form` values) once it has played more than :data:`COMPACT_AFTER` of them.
    About 60 bytes a position against 300 to 4,000 for the values, so a playout of a million
    moves stays within a few hundred MiB (the blind player of the Egyptian Pyramid's deal
    163 under ``base-card=middle`` reached 4.9 GB with the values).

    ``in`` answers as a set of the values does, but for a chance of about 2**-64 a pair of
    unequal values. Equal values have equal hashes (Python's contract, on which a set rests;
    it holds for ``Card(5) == 5`` too, where a ``repr`` would differ), so a position played
    is always known again. Two unequal ones share a 64-bit hash so seldom that about 3 in
    100 million playouts of a million positions would refuse one new position as played;
    strings' hashes vary between processes, so such a collision would not repeat on a
    replay. The recorded playouts play the same moves with hashes from their third position
    on (tests/engine/test_policy_golden.py).
    """

    __slots__ = ("_hashes",)

    def __init__(self, values) -> None:
        self._hashes = {hash(v) for v in values}

    def __contains__(self, x) -> bool:
        return hash(x) in self._hashes

    def __len__(self) -> int:
        return len(self._hashes)

    def add(self, x) -> None:
        self._hashes.add(hash(x))


@dataclass
class Playout:
    """Result of :func:`run`: ``outcome`` "won" / "lost" / "undecided", ``state`` the final
    position, ``reason`` why it ended ("won", the game's
    :meth:`~engine.state.State.over_reason`, :data:`REVISIT_REASON`, or "move limit
    reached")."""

    outcome: str
    state: State
    reason: str


def run(s: State, policy: str, seed: int | None = None, max_moves: int = 5000) -> Playout:
    """Play ``policy`` ("random", "greedy" or "blind"; the careful player, which builds on
    this module, is :func:`engine.careful.careful_run`) from ``s`` for at most
    ``max_moves`` moves, never into a position already played (see the module docstring).
    ValueError for another policy.

    Outcome "won"; "lost" when no legal move is left (reason: the game's ``over_reason``) or
    every legal move leads back to a position already played (reason
    :data:`REVISIT_REASON`); "undecided" when ``max_moves`` moves were played first.
    ``random`` draws from :class:`~engine.deal.SplitMix64` seeded with ``seed`` (default: the
    deal number).

    One loop for every policy; they differ in what the player remembers of the positions
    played: "random" and "greedy" their :meth:`~engine.state.State.key` (so they never choose
    a move back), "blind" their :func:`seen_form` (what it saw). The referee keeps the keys
    in every case and refuses a blind move back into a position already played (the blind
    player, who cannot tell positions that look alike apart, may choose one): the player
    then takes its next move, and the game is lost, with :data:`REVISIT_REASON`, only when
    every legal move leads back. So every playout ends. Past :data:`COMPACT_AFTER` positions
    both records keep the positions' hashes (:class:`Hashes`), so that a long playout stays
    small in memory.
    """
    if policy not in PLAYOUT_POLICIES:
        raise ValueError(f"unknown policy {policy!r}; allowed: {', '.join(PLAYOUT_POLICIES)}")
    rng = SplitMix64(s.cfg.deal if seed is None else seed) if policy == "random" else None
    keys: set | Hashes = {s.key()}      # the referee's record: every position played
    memory: set | Hashes
    if policy == "blind":
        remember, memory = seen_form, {seen_form(s)}
    else:
        remember, memory = None, keys   # the player remembers what the referee does
    for _ in range(max_moves):
        if s.is_won():
            return Playout("won", s, "won")
        moves = s.legal_moves()
        if not moves:
            return Playout("lost", s, s.over_reason())
        pick = _pick(policy, s, moves, rng, memory, keys)
        if pick is None:
            return Playout("lost", s, REVISIT_REASON)
        c, k, form = pick
        keys.add(c.key() if k is None else k)
        if remember is not None:
            memory.add(remember(c) if form is None else form)
        if len(keys) > COMPACT_AFTER and type(keys) is set:    # a long playout: keep hashes
            keys = Hashes(keys)
            memory = keys if remember is None else Hashes(memory)
        s = c
    if s.is_won():
        return Playout("won", s, "won")
    if not s.legal_moves():
        return Playout("lost", s, s.over_reason())
    return Playout("undecided", s, "move limit reached")


def playout(s: State, policy: str, seed: int | None = None,
            max_moves: int = 5000) -> tuple[str, State]:
    """Play ``policy`` from ``s``; returns (outcome, final state): :func:`run` without the
    reason. Outcome "won", "lost" (no legal move left, or only moves back to positions
    already played) or "undecided" (``max_moves`` reached)."""
    r = run(s, policy, seed, max_moves)
    return r.outcome, r.state
