"""Which sentences of the book each engine function executes.

``@executes("mill:4", "mill:5")`` records, for the decorated function, the sentence ids it
executes (``<slug>:<n>``, the sentences of the game's reading text numbered from 1; the
authoritative numbering is ``corpus/ids.lock``). The function itself is returned unchanged
(with an ``__executes__`` attribute). :func:`engine.games.entries` and
:func:`engine.games.by_sentence` list them, game by game, to check the ids against the corpus
and to link sentences to code. The registry imports nothing of the engine: the game modules
import it.
"""
from __future__ import annotations

import re
from typing import Callable


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


def recorded(game: str | None = None) -> list[dict]:
    """The entries ``{"function", "ids", "doc", "games"}`` recorded so far (by the modules
    imported so far), optionally those of one game: ``function`` is the qualified name
    (``engine.games.mill.MillState.apply``), ``ids`` the sentence ids, ``doc`` the first
    docstring line. :func:`engine.games.entries` imports the game modules first."""
    return [dict(e) for e in _ENTRIES if game is None or game in e["games"]]
