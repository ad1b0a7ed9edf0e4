"""The executable rules of the edition: cards, reproducible deals, one module per game, rule
readings, a solver, play policies and traces.

Standard library only; knows nothing of ``extract``. Public entry point: :mod:`engine.api`.
Modules: :mod:`engine.cards`, :mod:`engine.deal`, :mod:`engine.readings`,
:mod:`engine.registry`, :mod:`engine.state`, :mod:`engine.solver`, :mod:`engine.policies`,
:mod:`engine.games` (the contract of a game module is in its docstring).
"""
from .cards import Card, CARDS  # noqa: F401
from .registry import executes  # noqa: F401
