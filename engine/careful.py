"""The **careful** player: sees only what a player at the table sees
(:meth:`~engine.state.State.visible`), remembers what it has seen, and plans by solving
samples of the cards it has not seen (:func:`careful_run`).

Its odds are the realistic figure beside the all-seeing solver's ceiling. It lives apart from
the quick players of :mod:`engine.policies` (whose priority order and referee it uses) so
that the stored rows of those players do not depend on its code
(:data:`engine.results.NOT_RUN_BY`).
"""
from __future__ import annotations

from . import games
from .deal import SplitMix64
from .policies import REVISIT_REASON, Playout, greedy_order, shown_cards
from .solver import search, solve_deal
from .state import State

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
#: moves a deal may last (:func:`careful_run`'s ``max_moves``; then "undecided"). The player
#: never plays into a position it has played, so every deal ends; the limit only stops one
#: that wanders long, and a deal decided within it is decided alike within a larger one (a
#: playout is deterministic and no choice depends on the limit). At 5,000 moves (before) the
#: Egyptian Pyramid's careful player left 41-42 of deals 1-200 open in every reading: there a
#: move between piles outranks turning a card and every pile is a run down by one, so once its
#: searches are spent it moves single cards among alike piles through many thousand new
#: positions. Ten of those deals (1, 12, 14, 16, 22, 23, 24, 26, 31, 36) played to 300,000
#: moves all ended, the longest at 102,573 (deal 24, won), 6.7-99 s CPU and at most 101 MiB
#: each. No other game's careful row had a deal open at 5,000 moves.
CAREFUL_MAX_MOVES = 1_000_000

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
    out: list[int] = []
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


def effort(slug: str) -> tuple[int, int]:
    """``(samples, budget)``: the determinisations the careful player draws at a decision and
    the states it searches there, for game ``slug``: the game module's ``CAREFUL_EFFORT``
    where it declares one, else (:data:`CAREFUL_SAMPLES`, :data:`CAREFUL_BUDGET`).
    ValueError for an unknown game.

    A game declares more where a decision is cheap: few legal moves to score (the Mill: two
    or three builds, mostly). There four samples cannot tell a move that wins in 60% of the
    worlds from one that wins in 66%; sixteen, searched with as many states each, more often
    can (the game module gives its figures). It is an effort of
    the player, stated beside its odds on the site, never a rule of the game."""
    return getattr(games.get(slug), "CAREFUL_EFFORT", (CAREFUL_SAMPLES, CAREFUL_BUDGET))


def careful_run(s: State, seed: int | None = None, budget: int | None = None,
                samples: int | None = None, max_moves: int = CAREFUL_MAX_MOVES,
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
    Klondike Solitaire with Monte-Carlo Planning", ICAPS 2009). ``samples`` and ``budget``
    default to the game's :func:`effort`. At a decision (two or more legal moves) it draws
    ``samples`` determinisations of the position
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
    the games of :data:`FACE_UP_GAMES` the careful player is the solver's depth-first search
    (:func:`engine.solver.solve_deal` from the deal, with ``solve_budget`` states; the odds
    table's solver adds the probes of :mod:`engine.probes` on a deal that search leaves
    undecided, so on such a deal the two may differ; at these games' default readings the
    search leaves none), and once
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
    after ``max_moves`` moves (default :data:`CAREFUL_MAX_MOVES`), or when the solver's search
    from a face-up deal is.
    Deterministic for a given deal, readings, ``seed``, ``budget``, ``samples`` and
    ``memory``; its choices never depend on where the cards it has not seen lie (the samples
    are drawn from the set of those cards). ValueError for a bad ``budget`` or ``samples``.
    """
    own_samples, own_budget = effort(s.cfg.slug)
    budget = own_budget if budget is None else budget
    samples = own_samples if samples is None else samples
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
    shown = shown_cards(s.visible())         # every card seen face up (what it remembers)

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
        new = shown_cards(s.visible()) - shown
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
                    # a move that names a card by its place may not be legal in a sample
                    # (octagon under negation=literal): there it wins nothing
                    rs = [search(d.apply(m), each) for d in draws if d.is_legal(m)]
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


def careful_choice(s: State, seed: int | None = None, budget: int | None = None,
                   samples: int | None = None, memory: bool = True) -> tuple | None:
    """The careful player's first move from ``s`` (:func:`careful_run` for one move), or
    None when the game is over or every move leads back. For tests of what it sees."""
    r = careful_run(s, seed, budget, samples, max_moves=1, memory=memory)
    ms = r.state.moves()[len(s.moves()):]
    return ms[0] if ms else None
