"""The Python half of the Play panel's worker (``static/play-worker.mjs``): one function,
:func:`answer`, that takes a command and its arguments as JSON text and returns JSON text.

It runs in the reader's browser (Pyodide), shipped at the top of the engine zip as
``play_worker.py`` (:func:`extract.sphinxext.bundle.engine_zip`), so it imports only the
standard library and the engine; the tests call it in CPython.

Two promises to the page:

* **Deal numbers are exact.** JavaScript numbers lose whole numbers above 2**53, so the page
  sends a deal number as its decimal text and gets it back as text (``"deal"`` of a
  position); Python's integers keep it exact (``?deal=9007199254740993`` plays that deal,
  as ``edition play --deal 9007199254740993`` does). Text that is not a deal number is
  refused with :data:`NOT_A_DEAL`.
* **No Python error text reaches the page.** A ``ValueError`` of the engine (a bad reading,
  an illegal move, a bad budget) is the same one-line message the ``edition`` CLI prints;
  anything else is a fault of the engine, answered with :data:`INTERNAL` (the traceback
  goes in ``"detail"``, which the page writes to the browser's console only).
"""
from __future__ import annotations

import json
import re
import traceback

from engine import api, games
from engine.deal import MAX_DEAL_DIGITS   # the longest deal number: the engine's and the CLI's

NOT_A_DEAL = ("{text!r} is not a deal number: a deal number is a whole number from 1 "
              f"(1, 2, 3 ...), written in at most {MAX_DEAL_DIGITS:,} digits")
INTERNAL = ("the engine failed on this request (a fault in the edition's engine, not in "
            "what you asked); please report it with this page's address")


def deal_number(text) -> int:
    """The deal number that ``text`` writes (a str of digits, value >= 1): the exact int.
    ValueError (:data:`NOT_A_DEAL`) for anything else, a JSON number too (the page sends
    text: a number may have been rounded on the way)."""
    if isinstance(text, str) and re.fullmatch(r"[0-9]{1,%d}" % MAX_DEAL_DIGITS, text) \
            and int(text) >= 1:
        return int(text)
    shown = text if isinstance(text, str) and len(text) <= 40 else (
        text[:40] + "…" if isinstance(text, str) else text)
    raise ValueError(NOT_A_DEAL.format(text=shown))


def _readings(value) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                              for k, v in value.items()):
        raise ValueError(f"readings must be ambiguity=reading pairs of names, not {value!r}")
    return value


def _moves(value) -> list[tuple]:
    """A list of moves, each a list of names and whole numbers; digit text becomes an int,
    as in the URL (:func:`engine.describe.parse_moves`)."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise ValueError(f"moves must be a list of moves, not {value!r}")
    out = []
    for i, m in enumerate(value, 1):
        if not isinstance(m, list) or not all(
                isinstance(x, str) or (isinstance(x, int) and not isinstance(x, bool))
                for x in m):
            raise ValueError(f"move {i} {m!r} is not a move (a list of names and numbers)")
        out.append(tuple(int(x) if isinstance(x, str) and re.fullmatch(r"-?[0-9]{1,9}", x)
                         else x for x in m))
    return out


def replay(game: str, deal: int, readings: dict | None = None, moves=()) -> dict:
    """The moves ``moves`` replayed under ``readings`` as far as they stay legal (a reading
    switched mid-game): :func:`engine.api.position` after the legal prefix, plus ``"kept"``
    (how many moves were replayed) and ``"asked"`` (how many were given)."""
    kept = len(games.replayed(games.new(game, deal, readings), moves, strict=False))
    out = api.position(game, deal, readings, list(moves)[:kept])
    out.update(kept=kept, asked=len(moves))
    return out


COMMANDS = {"position": api.position, "hint": api.hint, "solve": api.solve_from,
            "replay": replay}


def answer(cmd: str, text: str) -> str:
    """Run command ``cmd`` (one of :data:`COMMANDS`) with the keyword arguments in the JSON
    object ``text`` (``game``, ``deal`` as decimal text, ``readings``, ``moves``, and for
    ``solve`` ``budget``). Returns JSON text: ``{"result": ...}`` (a ``"deal"`` in it is
    decimal text) or ``{"error": one line}`` (with ``"detail"``, the traceback, for a fault
    of the engine). Never raises."""
    try:
        if cmd not in COMMANDS:
            raise ValueError(f"unknown command {cmd!r}; allowed: {', '.join(COMMANDS)}")
        args = json.loads(text)
        if not isinstance(args, dict) or not isinstance(args.get("game"), str):
            raise ValueError("the request must name a game")
        kw = {"game": args["game"], "deal": deal_number(args.get("deal")),
              "readings": _readings(args.get("readings")), "moves": _moves(args.get("moves"))}
        if cmd == "solve":
            kw["budget"] = args.get("budget")
        result = COMMANDS[cmd](**kw)
        if isinstance(result, dict) and "deal" in result:
            result["deal"] = str(result["deal"])
        return json.dumps({"result": result}, ensure_ascii=False)
    except ValueError as e:
        return json.dumps({"error": " ".join(str(e).split()) or "bad request"},
                          ensure_ascii=False)
    except Exception:  # noqa: BLE001 - a fault of the engine: never its text on the page
        return json.dumps({"error": INTERNAL, "detail": traceback.format_exc()},
                          ensure_ascii=False)
