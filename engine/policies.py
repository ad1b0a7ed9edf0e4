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
  that wins in most of them (:func:`careful_run`). Its rate is the realistic figure (a lower
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
21,681 moves, 21,537 of them builds, before every move leads back).

:func:`run` plays a policy to the end or to ``max_moves`` moves (then outcome
"undecided"); :func:`playout` is its older two-value form.
"""
from __future__ import annotations

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
           seen: set | None = None) -> tuple | None:
    """One move of ``policy`` ("random", "greedy" or "blind") in non-final state ``s``.

    With ``seen`` (a set of :meth:`~engine.state.State.key` values; for "blind" of
    :func:`seen_form` values) only moves into positions not in ``seen`` are considered, and
    None is returned when there is none; ``seen`` is not changed. Without it every legal
    move is considered (the first move of a playout).
    """
    if policy == "blind" and seen is None:
        seen = set()
    pick = _pick(policy, s, s.legal_moves(), rng, seen)
    return None if pick is None else pick[0].hist[0]


def _pick(policy: str, s: State, moves: list, rng, seen,
          keys: set | None = None) -> tuple[State, tuple | None, tuple | None] | None:
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


def _shown(view: tuple) -> set:
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


def blind_choice(s: State, moves: list, seen: set,
                 keys: set | None = None) -> tuple[tuple, State] | None:
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


def _blind_pick(s: State, moves: list, seen: set, keys: set | None):
    """:func:`blind_choice` as ``(move, state after it, its key or None, its seen_form)``."""
    shown = _shown(s.visible())
    for m in greedy_order(s, moves):
        c = s.apply(m)
        view = c.visible()
        legal = tuple(c.legal_moves())
        if _foreseen(view, shown) is None or (view, legal) not in seen:
            k = None if keys is None else c.key()
            if k is None or k not in keys:
                return m, c, k, (view, legal)
    return None


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
    """Play ``policy`` ("random", "greedy", "blind" or "careful", the last through
    :func:`careful_run` with its default budget) from ``s`` for at most ``max_moves`` moves,
    never into a position already played (see the module docstring).

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
    every legal move leads back. So every playout ends.
    """
    if policy == "careful":
        return careful_run(s, seed, max_moves=max_moves)
    if policy not in PLAYOUT_POLICIES:
        raise ValueError(f"unknown policy {policy!r}; allowed: {', '.join(PLAYOUT_POLICIES)}")
    rng = SplitMix64(s.cfg.deal if seed is None else seed) if policy == "random" else None
    keys = {s.key()}                    # the referee's record: every position played
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


# -- the careful player: sees what a player sees, and plans ---------------------------------
#: states one decision of the careful player may search (split over its moves and samples).
CAREFUL_BUDGET = 2_000
#: determinisations drawn per decision (when something is hidden).
CAREFUL_SAMPLES = 4
#: decisions' worth of states a deal may search in all (``CAREFUL_DECISIONS * budget``);
#: then the careful player plays the greedy order to the end. Bounds the cost of a deal.
CAREFUL_DECISIONS = 100
#: the states of the one search from a deal that lies all face up (:data:`FACE_UP_GAMES`):
#: the solver's budget in the stored odds table, so that there the two coincide.
CAREFUL_SOLVE_BUDGET = 20_000

#: Games whose every card lies face up from the start under the default readings (nothing
#: for :meth:`~engine.state.State.sample_hidden` to shuffle): there the careful player's one
#: sample is the deal itself, and it plays exactly the solver's game
#: (tests/engine/test_careful.py checks that, and that the others hide something).
#: Goes, Doesn't Go deals the whole pack face up at once (``deal-auto=at-once``; under
#: ``optional`` the pack is in hand and hidden); the Favourite lays out every card face up.
FACE_UP_GAMES = ("favourite", "goes-doesnt-go")


class _Replay:
    """An ``rng`` for :func:`engine.state.hidden_relabel` that plays back chosen draws, so
    that a game's ``sample_hidden`` lays the hidden cards as :func:`remembering_sample`
    chose (a draw out of range, or one too many, raises :class:`_Mismatch`)."""

    __slots__ = ("draws", "i")

    def __init__(self, draws: list):
        self.draws, self.i = draws, 0

    def below(self, n: int) -> int:
        if self.i >= len(self.draws) or self.draws[self.i] >= n:
            raise _Mismatch
        self.i += 1
        return self.draws[self.i - 1]


class _Mismatch(Exception):
    """The game's sampler did not draw as :func:`remembering_sample` expects."""


def _hidden_places(s: State) -> list:
    """The cards at the places :meth:`~engine.state.State.visible` shows as ``None``, the
    foundations aside, piles in order and bottom first: the order in which
    :func:`engine.state.hidden_relabel` deals the hidden cards out again."""
    out = []
    for (name, _x, _y, cards, _f), (_n, shown) in zip(s.piles(), s.visible()):
        if not name.startswith("foundation"):
            out.extend(c for c, v in zip(cards, shown) if v is None)
    return out


def remembering_sample(s: State, rng: SplitMix64, known: set) -> State | None:
    """A determinisation of ``s`` for a player who remembers the cards in ``known`` (cards
    it has seen face up) and where they went: each hidden place whose card is in ``known``
    keeps it; the cards never seen (a *set*, sorted, then shuffled Fisher-Yates with
    ``rng.below``) are dealt among the other hidden places, in the order of
    :func:`engine.state.hidden_relabel`. ``s`` itself when nothing is hidden.

    The game's own :meth:`~engine.state.State.sample_hidden` lays the cards out (through
    :class:`_Replay`, the draws that make its shuffle give this layout), so the sample is a
    position of the game like any other. None when the game's sampler does not shuffle the
    hidden cards as one group in that order (Heart Speaks to Heart shuffles each side's
    cards apart) or the result is not the layout asked for: then the caller draws a
    sample that remembers nothing (:meth:`~engine.state.State.sample_hidden`).

    What it reads of the hidden cards is what the player remembers: which hidden places hold
    a card it has seen, and which (the rules move cards by place, never by what is hidden,
    so a player who saw a card can follow it); of the others only their set."""
    places = _hidden_places(s)
    if all(c in known for c in places):         # nothing hidden, or all of it remembered
        return s
    unseen = sorted(c for c in places if c not in known)
    for i in range(len(unseen) - 1, 0, -1):
        j = rng.below(i + 1)
        unseen[i], unseen[j] = unseen[j], unseen[i]
    deal = iter(unseen)
    want = [c if c in known else next(deal) for c in places]
    pool = sorted(places)                       # hidden_relabel's pool, before its shuffle
    at = {c: i for i, c in enumerate(pool)}
    draws = []
    for i in range(len(pool) - 1, 0, -1):       # the draws that shuffle pool into want
        j = at[want[i]]
        draws.append(j)
        pool[i], pool[j] = pool[j], pool[i]
        at[pool[i]], at[pool[j]] = i, j
    replay = _Replay(draws)
    try:
        t = s.sample_hidden(replay)
    except _Mismatch:
        return None
    if replay.i != len(draws) or _hidden_places(t) != want:
        return None
    return t


def careful_run(s: State, seed: int | None = None, budget: int = CAREFUL_BUDGET,
                samples: int = CAREFUL_SAMPLES, max_moves: int = 5000,
                solve_budget: int = CAREFUL_SOLVE_BUDGET, memory: bool = True) -> Playout:
    """Play the **careful** policy from ``s``: a player who does not peek, and plans.

    **What it sees.** Only :meth:`~engine.state.State.visible` (the face-up cards, the
    counts of the others) and the rules, at every position it plays through; and it
    **remembers** (``memory``, the default) every card it has seen face up since ``s``, and
    where that card went: the rules move cards by place, never by what is hidden (the
    packets are gathered in a fixed order, the stock turns onto the waste, ...), so a
    player who saw a card can follow it under the cards laid on it, into the waste, round a
    redeal. It never learns a card it has not seen: where the cards it never saw lie, it
    draws (see below). It sees the positions between moves only (a card turned up and
    covered within one move is not seen). Its odds are therefore a lower bound on a perfect
    player at the table (who would play better, not know more; in Heart Speaks to Heart,
    where its memory is off, below, it also knows less); the solver's (all-seeing) are the
    ceiling. With ``memory=False`` it forgets a card as soon as it is covered (the player
    of the first stored tables: in the Mill it shuffles the card it has just built on back
    into the unseen ones, and plans no better than the greedy player).

    **How it plans**: hindsight optimisation (Bjarnason, Fern & Tadepalli, "Lower Bounding
    Klondike Solitaire with Monte-Carlo Planning", ICAPS 2009). At a decision (two or more
    legal moves) it draws ``samples`` determinisations of the position
    (:func:`remembering_sample`: every card it remembers in its place, the cards it never
    saw shuffled among the other hidden places, :class:`~engine.deal.SplitMix64` seeded with
    ``seed``, default the deal number; with ``memory=False``, or where the game's sampler
    shuffles in groups, as Heart Speaks to Heart's two sides, samples that remember nothing,
    :meth:`~engine.state.State.sample_hidden`: there for the whole deal, which is then
    played exactly as with ``memory=False``).
    For each legal move and each sample it searches the sample after the move, all-seeing,
    with ``budget // (moves * samples)`` states (at least 50; :func:`engine.solver.search`):
    a move scores the samples in which a win is found, and among equal scores the fewer
    states those wins took to find (a position nearer a win, in most worlds). It plays the
    move of highest score, ties in the greedy order (:func:`greedy_order`, which reads the
    move and the pile sizes only). A move the first sample's solver would play without branching
    (:meth:`~engine.state.State.safe_move` of the sample) is played without deliberation, as
    is a sole legal move. Where nothing is hidden its one sample is the position itself: in
    the games of :data:`FACE_UP_GAMES` the careful player is the solver
    (:func:`engine.solver.solve_deal` from the deal, with ``solve_budget`` states), and once
    it has seen every hidden card (the Mill after its first deal, often) its one sample is
    the position itself.

    **Cost.** A deal searches at most :data:`CAREFUL_DECISIONS` ``* budget`` states in all
    (counted, so the cut is deterministic); after that the player plays the greedy order
    to the end. Memory makes more deliberations find a win (fewer back-offs), so a deal
    costs somewhat more than without it (the Macedonian Phalanx about 1.3 times). ``benchmarks/careful.py`` measures its CPU seconds per deal and its wins
    beside the greedy player's and the solver's on the same deals.

    **Back-off.** When no move wins in any sample it plays the greedy move and deliberates
    again only after more cards have turned up: 1, 2, 4, ... newly seen cards since the last
    fruitless deliberation (this bounds the cost of hopeless deals); a deliberation that
    finds a win resets it.

    The referee's rule of :func:`run` holds: a move into a position already played is
    refused (the player takes its next move) and the deal is lost with
    :data:`REVISIT_REASON` when every move leads back. Outcome as :func:`run`; "undecided"
    after ``max_moves`` moves, or when the solver's search from a face-up deal is.
    Deterministic for a given deal, readings, ``seed``, ``budget``, ``samples`` and
    ``memory``; its choices never depend on where the cards it has not seen lie (the samples
    are drawn from the set of those cards). ValueError for a bad ``budget`` or ``samples``.
    """
    from .solver import search, solve_deal
    for name, v in (("budget", budget), ("samples", samples), ("solve_budget", solve_budget)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise ValueError(f"{name} must be an integer >= 1, not {v!r}")
    rng = SplitMix64(s.cfg.deal if seed is None else seed)
    if s.hist is None and s.sample_hidden(rng) is s:        # all face up from the deal
        r = solve_deal(s.cfg.slug, s.cfg.deal, s.cfg.readings, solve_budget)
        for m in r.moves:
            s = s.apply(m)
        return Playout(r.outcome, s, "won" if r.outcome == "won" else
                       ("no move of the deal wins (the solver's search)" if r.outcome == "lost"
                        else "the search's budget ran out"))
    keys = {s.key()}
    wait, since = 0, 0          # back-off: newly seen cards to wait for, and seen since
    left = CAREFUL_DECISIONS * budget   # states the deal may still search
    shown = _shown(s.visible())         # every card seen face up (what it remembers)

    # memory off where the game's sampler refuses (tried once here, with a throwaway rng, so
    # that there the player draws exactly as without memory), or from a later refusal on
    remembers = [memory and remembering_sample(s, SplitMix64(0), set()) is not None]

    def draw(s):
        t = remembering_sample(s, rng, shown) if remembers[0] else None
        if t is None:
            remembers[0] = False
            return s.sample_hidden(rng)
        return t

    for _ in range(max_moves):
        if s.is_won():
            return Playout("won", s, "won")
        moves = s.legal_moves()
        if not moves:
            return Playout("lost", s, s.over_reason())
        new = _shown(s.visible()) - shown
        shown |= new
        since += len(new)
        order = greedy_order(s, moves)
        if len(moves) > 1 and left > 0:
            if remembers[0]:
                first = draw(s)
                draws = [first] if first is s else [first] + [draw(s) for _ in range(samples - 1)]
            else:       # exactly the draws of the player without memory
                draws = [s.sample_hidden(rng) for _ in range(1 if s.sample_hidden(rng) is s
                                                             else samples)]
            sm = draws[0].safe_move()
            if sm is not None and sm in moves:
                order = [sm]
            elif since >= wait:
                each = max(50, budget // (len(moves) * len(draws)))
                score = {}
                for m in moves:
                    rs = [search(d.apply(m), each) for d in draws]
                    left -= sum(r.states for r in rs)
                    score[m] = (sum(r.outcome == "won" for r in rs),
                                -sum(r.states for r in rs if r.outcome == "won"))
                best = max(score.values())[0]
                if best:
                    order = sorted(order, key=lambda m: (-score[m][0], -score[m][1]))
                    wait, since = 0, 0
                else:
                    wait, since = max(1, 2 * wait), 0
        pick = None
        for m in order:
            c = s.apply(m)
            if c.key() not in keys:
                pick = c
                break
        if pick is None and len(order) < len(moves):
            for m in greedy_order(s, moves):
                c = s.apply(m)
                if c.key() not in keys:
                    pick = c
                    break
        if pick is None:
            return Playout("lost", s, REVISIT_REASON)
        s = pick
        keys.add(s.key())
    if s.is_won():
        return Playout("won", s, "won")
    if not s.legal_moves():
        return Playout("lost", s, s.over_reason())
    return Playout("undecided", s, "move limit reached")


def careful_choice(s: State, seed: int | None = None, budget: int = CAREFUL_BUDGET,
                   samples: int = CAREFUL_SAMPLES, memory: bool = True) -> tuple | None:
    """The careful player's first move from ``s`` (:func:`careful_run` for one move), or
    None when the game is over or every move leads back. For tests of what it sees."""
    r = careful_run(s, seed, budget, samples, max_moves=1, memory=memory)
    ms = r.state.moves()[len(s.moves()):]
    return ms[0] if ms else None
