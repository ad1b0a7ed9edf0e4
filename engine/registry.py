"""Which sentences of the book each engine function executes.

``@executes("mill:4", "mill:5")`` records, for the decorated function, the sentence ids it
executes (``<slug>:<n>``, the sentences of the game's reading text numbered from 1; the
authoritative numbering is ``corpus/ids.lock``). The function itself is returned unchanged
(with an ``__executes__`` attribute). ``extract`` imports :func:`entries` to check the ids
against the corpus and to link sentences to code.
"""
from __future__ import annotations

import re
from typing import Callable

from . import games

_ID = re.compile(r"^[a-z][a-z0-9-]*:[1-9][0-9]*$")
_ENTRIES: list[dict] = []


def executes(*ids: str) -> Callable:
    """Decorator: the function executes the sentences ``ids`` (``"mill:4"``, ...).

    Raises ``ValueError`` at import time for an id not of the form ``<slug>:<n>``.
    """
    for i in ids:
        if not isinstance(i, str) or not _ID.match(i):
            raise ValueError(f"bad sentence id {i!r}; expected <slug>:<n>, e.g. mill:4")
    if not ids:
        raise ValueError("executes() needs at least one sentence id")

    def deco(fn):
        doc = (fn.__doc__ or "").strip().splitlines()
        _ENTRIES.append({"function": f"{fn.__module__}.{fn.__qualname__}",
                         "ids": list(ids), "doc": doc[0] if doc else "",
                         "games": sorted({i.split(":")[0] for i in ids})})
        fn.__executes__ = tuple(ids)
        return fn
    return deco


def _load_all() -> None:
    games.registered()   # every game module imported, so every function is recorded


def entries(game: str | None = None) -> list[dict]:
    """All recorded entries ``{"function", "ids", "doc", "games"}``, optionally for one game.

    ``function`` is the qualified name (``engine.games.mill.MillState.apply``), ``ids`` the
    sentence ids, ``doc`` the first docstring line. Imports every game module first.
    """
    _load_all()
    return [dict(e) for e in _ENTRIES if game is None or game in e["games"]]


def by_sentence(game: str | None = None) -> dict[str, list[str]]:
    """Sentence id -> qualified names of the functions that execute it."""
    out: dict[str, list[str]] = {}
    for e in entries(game):
        for i in e["ids"]:
            if game is None or i.startswith(game + ":"):
                out.setdefault(i, []).append(e["function"])
    return out
