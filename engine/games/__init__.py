"""The games, one module each, and the contract a game module keeps.

Contract of a game module ``engine/games/<name>.py``, named after its slug with ``_`` for
``-`` (no list to edit: :func:`known` finds the module by its name, and the module registers
itself when it is imported):

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
``GAME = register(Game(SLUG, "English title", __name__, PACKS, AMBIGUITIES))``
    last in the module: its record (:class:`Game`). A game of the edition whose rules cannot
    be executed registers ``Game(SLUG, title, __name__, why_not="...")`` and nothing else.
rule functions
    every function that executes a sentence of the text carries
    ``@engine.registry.executes("<slug>:<n>", ...)``; together they cover the text's rules in
    its order, and the module docstring lists the sentences and where each is executed.

Moves are tuples of str/int (kind first). A game serialises as ``{"game", "deal",
"readings", "moves"}`` (:meth:`engine.state.State.to_json`); :func:`from_json` replays it.
"""
from __future__ import annotations

import importlib
import pkgutil
import re
import sys
from dataclasses import dataclass, field
from types import ModuleType

from ..registry import recorded
from ..deal import shown
from ..state import State, as_moves


@dataclass(frozen=True)
class Game:
    """The record a game module registers (:func:`register`): ``slug`` (``"mill"``),
    ``title`` (English), ``module`` (its ``__name__``), ``packs`` (1 or 2), ``ambiguities``
    (its :class:`engine.readings.Ambiguity` tuple), ``why_not`` (why the game cannot be
    executed; "" for a game that can)."""

    slug: str
    title: str
    module: str
    packs: int = 0
    ambiguities: tuple = field(default=(), repr=False)
    why_not: str = ""

    @property
    def executable(self) -> bool:
        """Whether the engine plays the game (it gives no ``why_not``)."""
        return not self.why_not

    @property
    def sentences(self) -> list[str]:
        """The sentence ids (``"mill:3"``) that a function of the game's module executes
        (:func:`engine.registry.executes`), in the text's order."""
        ids = {i for fn in own_functions(importlib.import_module(self.module))
               for i in getattr(fn, "__executes__", ()) if i.startswith(f"{self.slug}:")}
        return sorted(ids, key=lambda i: [int(x) if x.isdigit() else x
                                          for x in re.split(r"(\d+)", i)])


_REGISTERED: dict[str, Game] = {}


def own_functions(mod: ModuleType) -> list:
    """The plain functions defined in module ``mod``, at its top level and in its classes
    (a game's rules live in its own module)."""
    out: list = []
    for obj in vars(mod).values():
        if getattr(obj, "__module__", None) != mod.__name__:
            continue
        members = vars(obj).values() if isinstance(obj, type) else (obj,)
        out.extend(m for m in members if hasattr(m, "__code__"))
    return out


def register(game: Game) -> Game:
    """Record ``game`` (called once, last, by the game's own module) and return it.
    ValueError when its module is not ``engine.games.<slug with _ for ->`` (then
    :func:`known` could not find it, and no module can register another's slug), or when
    a game that can be executed gives no packs or no ambiguities."""
    want = f"{__name__}.{game.slug.replace('-', '_')}"
    if game.module != want:
        raise ValueError(f"game {game.slug!r} registered by {game.module}: its module must be "
                         f"{want} (named after the slug, with _ for -)")
    if game.executable and (game.packs not in (1, 2) or not game.ambiguities):
        raise ValueError(f"game {game.slug!r}: a game the engine plays gives its packs (1 or 2) "
                         "and its ambiguities")
    _REGISTERED[game.slug] = game
    return game


def known() -> list[str]:
    """The slugs of every game module of the package, alphabetical, found by the modules'
    names (none is imported: the Play panel's first answer imports one game)."""
    return sorted(m.name.replace("_", "-") for m in pkgutil.iter_modules(__path__)
                  if not m.name.startswith("_"))


def record(slug: str) -> Game:
    """The record of game ``slug`` (its module imported). ValueError listing the games the
    engine plays (:func:`available`) for an unknown one; RuntimeError for a module that
    registers nothing."""
    if isinstance(slug, str) and slug in _REGISTERED:   # every deal asks: no look at the
        return _REGISTERED[slug]                         # package's folder then
    if not isinstance(slug, str) or slug not in known():
        raise ValueError(f"unknown game {shown(slug)}; allowed: {', '.join(available())}")
    name = f"{__name__}.{slug.replace('-', '_')}"
    importlib.import_module(name)
    if slug not in _REGISTERED:
        raise RuntimeError(f"{name} registers no game: end it with "
                           f"GAME = register(Game(SLUG, title, __name__, PACKS, AMBIGUITIES))")
    return _REGISTERED[slug]


def registered() -> list[Game]:
    """The record of every game module, in :func:`known` order (every module imported)."""
    return [record(slug) for slug in known()]


def available() -> list[str]:
    """Slugs of the games the engine plays, in :func:`known` order."""
    return [g.slug for g in registered() if g.executable]


def get(slug: str) -> ModuleType:
    """The module of game ``slug``; ValueError listing the games it plays for an unknown one,
    or saying why a game of the edition is not executable."""
    g = record(slug)
    if not g.executable:
        raise ValueError(f"game {slug!r} is not executable: {g.why_not}")
    return sys.modules.get(g.module) or importlib.import_module(g.module)


def entries(game: str | None = None) -> list[dict]:
    """Every function that executes a sentence of the book (``@executes``), as the registry
    records it (:func:`engine.registry.recorded`: ``{"function", "ids", "doc", "games"}``),
    of every game, or of ``game`` only; the game modules are imported first, so none is
    missing. ValueError for an unknown game."""
    if game is None:
        registered()
    else:
        record(game)
    return recorded(game)


def by_sentence(game: str | None = None) -> dict[str, list[str]]:
    """Sentence id -> the qualified names of the functions that execute it (of every game,
    or of ``game`` only: :func:`entries`)."""
    out: dict[str, list[str]] = {}
    for e in entries(game):
        for i in e["ids"]:
            if game is None or i.startswith(game + ":"):
                out.setdefault(i, []).append(e["function"])
    return out


def new(slug: str, deal: int, readings: dict[str, str] | None = None, off=()) -> State:
    """Starting state of deal ``deal`` of game ``slug`` under ``readings``; ``off`` names
    pruning rules of the game's ``PRUNINGS`` to switch off (tests and benchmarks; ValueError
    naming the known rules for an unknown one)."""
    mod = get(slug)
    s = mod.new(deal, readings)
    if off:
        known_rules = getattr(mod, "PRUNINGS", {})
        bad = sorted(set(off) - set(known_rules))
        if bad:
            raise ValueError(f"{slug} has no pruning rule {', '.join(bad)}; "
                             f"known: {', '.join(sorted(known_rules)) or 'none'}")
        s.cfg.off = frozenset(off)   # a fresh Config of this deal, not yet shared
    return s


def replayed(start: State, moves, first: int = 1, strict: bool = True) -> list[State]:
    """The positions after each of ``moves`` played from ``start``, each checked with the
    game's ``is_legal`` (not with its move generator) before it is applied: ``[after move
    1, after move 2, ...]``. The one replay of the engine: :func:`replay`, the Play panel's
    line (:mod:`engine.api`) and its replay after a reading is switched use it. Moves are
    counted from ``first`` (the number of the first of ``moves`` in the whole game, 1-based)
    in the message. ``strict``: ValueError naming the first illegal move, its number and the
    moves legal there; otherwise the replay stops before it (fewer positions than moves)."""
    out: list[State] = []
    s = start
    for i, m in enumerate(as_moves(moves), first):
        if not s.is_legal(m):
            if not strict:
                break
            raise ValueError(f"move {i} {list(m)} is illegal in {s.cfg.slug} deal "
                             f"{s.cfg.deal}; legal there: {[list(x) for x in s.legal_moves()]}")
        s = s.apply(m)
        out.append(s)
    return out


def replay(slug: str, deal: int, readings: dict[str, str] | None, moves) -> State:
    """Replay ``moves`` from the deal (:func:`replayed`, strict). Returns the final state;
    ValueError naming the first illegal move (counted from 1)."""
    start = new(slug, deal, readings)
    return (replayed(start, moves) or [start])[-1]


def from_json(obj: dict) -> State:
    """Inverse of :meth:`State.to_json`: replays ``obj["moves"]`` (checked)."""
    if not isinstance(obj, dict):
        raise ValueError(f"game JSON must be an object with game, deal, readings, moves; "
                         f"not {shown(obj)}")
    try:
        return replay(obj["game"], obj["deal"], obj.get("readings"), obj.get("moves", []))
    except KeyError as e:
        raise ValueError(f"game JSON lacks {e}; needs game, deal, readings, moves") from None
