"""The games, one module each, and the contract a game module keeps.

Contract of a game module ``engine/games/<name>.py`` (add it to :data:`GAMES`):

``SLUG``
    the game's ASCII slug (``"mill"``), as in ``corpus/games.toml``.
``PACKS``
    1 or 2.
``PLAYER_HAS_CHOICE``
    False when the rules leave the player nothing to decide (then every policy plays alike).
``PRUNINGS`` (optional)
    dict: name -> the argument (one or two sentences) of every pruning rule the solver relies
    on in this game: safe automatic moves, moves proved dominated, proofs of loss (``dead``),
    folds of the canonical key. Each is gated on ``name not in self.cfg.off`` so that
    ``new(slug, deal, readings, off={name})`` plays the same deal with the rule off;
    tests/engine/test_pruning.py checks on small deals that no verdict changes.
``AMBIGUITIES``
    tuple of :class:`engine.readings.Ambiguity`: every ambiguity of the text, each with its
    readings, default and reason (citing the sentence); readings the text does not give are
    ``editorial=True`` with a justification.
``new(deal: int, readings: dict[str, str] | None = None) -> State``
    the starting position of numbered deal ``deal`` (>= 1) under the readings (ambiguity id
    -> reading id; missing ones take the default). Deals come from
    :func:`engine.deal.shuffled` (``shuffled(SLUG, deal, PACKS)``). ValueError for a bad deal
    number or an unknown ambiguity/reading (use :func:`engine.readings.resolve`).
a ``State`` subclass of :class:`engine.state.State`
    immutable; ``legal_moves()``, ``apply(move)`` (new state), ``is_legal(move)`` written
    independently of ``legal_moves`` (the replay check of solver solutions relies on it),
    ``is_won()``, ``key()``, ``piles()``; optionally ``safe_move()`` (documented: which moves
    the solver may play without branching, and why that is safe) and ``frees(move)``.
rule functions
    every function that executes a sentence of the text carries
    ``@engine.registry.executes("<slug>:<n>", ...)``; together they cover the text's rules in
    its order, and the module docstring lists the sentences and where each is executed.

Moves are tuples of str/int (kind first). A game serialises as ``{"game", "deal",
"readings", "moves"}`` (:meth:`engine.state.State.to_json`); :func:`from_json` replays it.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from ..state import State
from . import fragment_p13 as _fragment_p13

#: slug -> module path of every executable game.
GAMES: dict[str, str] = {
    "mill": "engine.games.mill",
    "egyptian-pyramid": "engine.games.egyptian_pyramid",
    "macedonian-phalanx": "engine.games.macedonian_phalanx",
    "octagon": "engine.games.octagon",
    "goes-doesnt-go": "engine.games.goes_doesnt_go",
    "favourite": "engine.games.favourite",
    "spinning-wheel": "engine.games.spinning_wheel",
    "dense-column": "engine.games.dense_column",
    "heart-to-heart": "engine.games.heart_to_heart",
    "peacock-tail": "engine.games.peacock_tail",
}

#: slug -> why the game is not executable (games of the edition that have no rules module);
#: :func:`engine.api.list_games` lists them with ``executable`` False and ``why_not``.
NOT_EXECUTABLE: dict[str, str] = {
    "fragment-p13": _fragment_p13.WHY_NOT,
}


def get(slug: str) -> ModuleType:
    """The module of game ``slug``; ValueError listing the known slugs otherwise."""
    if slug not in GAMES:
        raise ValueError(f"unknown game {slug!r}; allowed: {', '.join(sorted(GAMES))}")
    try:
        return importlib.import_module(GAMES[slug])
    except ModuleNotFoundError as e:
        if e.name != GAMES[slug]:
            raise
        raise ValueError(f"game {slug!r} is not executable yet (no module {e.name})") from None


def available() -> list[str]:
    """Slugs of the games whose module exists (in :data:`GAMES` order)."""
    out = []
    for slug in GAMES:
        try:
            get(slug)
        except ValueError:
            continue
        out.append(slug)
    return out


def new(slug: str, deal: int, readings: dict[str, str] | None = None, off=()) -> State:
    """Starting state of deal ``deal`` of game ``slug`` under ``readings``; ``off`` names
    pruning rules of the game's ``PRUNINGS`` to switch off (tests and benchmarks; ValueError
    naming the known rules for an unknown one)."""
    mod = get(slug)
    s = mod.new(deal, readings)
    if off:
        known = getattr(mod, "PRUNINGS", {})
        bad = sorted(set(off) - set(known))
        if bad:
            raise ValueError(f"{slug} has no pruning rule {', '.join(bad)}; "
                             f"known: {', '.join(sorted(known)) or 'none'}")
        s.cfg.off = frozenset(off)   # a fresh Config of this deal, not yet shared
    return s


def replay(slug: str, deal: int, readings: dict[str, str] | None, moves) -> State:
    """Replay ``moves`` from the deal, checking each with the game's ``is_legal`` (not with
    its move generator) before applying it. Returns the final state; ValueError naming the
    first illegal move."""
    s = new(slug, deal, readings)
    for i, m in enumerate(moves):
        m = tuple(m)
        if not s.is_legal(m):
            raise ValueError(f"move {i} {list(m)} is illegal in {slug} deal {deal}")
        s = s.apply(m)
    return s


def from_json(obj: dict) -> State:
    """Inverse of :meth:`State.to_json`: replays ``obj["moves"]`` (checked)."""
    try:
        return replay(obj["game"], obj["deal"], obj.get("readings"), obj.get("moves", []))
    except KeyError as e:
        raise ValueError(f"game JSON lacks {e}; needs game, deal, readings, moves") from None
