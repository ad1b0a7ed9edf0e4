"""What the edition reads from the engine, which stands apart and never imports ``extract``:
the games it plays (with their ambiguities and readings) and which engine function executes
each sentence of the book. Empty when the engine package is not installed."""
from __future__ import annotations

import functools
import hashlib
import importlib.util
import re
import sys
from pathlib import Path

from ..corpus import cache


def engine_games() -> dict[str, dict]:
    """The engine's description of its games (``engine.api.list_games``), by slug."""
    if importlib.util.find_spec("engine.api") is None:
        return {}
    from engine import api  # lazy: the engine is optional (find_spec above)
    return {g["slug"]: g for g in api.list_games()}


def rule_links() -> dict[str, list[str]]:
    """Sentence id -> the engine functions that execute it (from the engine's registry)."""
    if importlib.util.find_spec("engine.games") is None:
        return {}
    from engine import games  # lazy: the engine is optional (find_spec above)
    return games.by_sentence()


@functools.lru_cache(maxsize=None)
def _careful_sight(slug: str, readings: tuple) -> str | None:
    from engine import careful, games, results  # lazy: the engine is optional (see engine_games)
    from engine.deal import SplitMix64  # lazy: as above
    try:
        if results.face_up(slug, dict(readings)):
            return "all"
        s = games.new(slug, 1, dict(readings))
    except ValueError:      # a game or reading the engine no longer has (a stale table)
        return None
    return "remembers" if careful.remembering_sample(s, SplitMix64(0), set()) is not None \
        else "forgets"


def careful_sight(slug: str, readings: dict | None = None) -> str | None:
    """What the careful player (:func:`engine.careful.careful_run`) of game ``slug`` under
    ``readings`` sees, tested on deal 1 as the player itself tests its deal: ``"all"`` when
    every card lies face up from the deal (it then plays exactly the solver's game),
    ``"remembers"`` when it remembers the cards it has seen face up, ``"forgets"`` when the
    game's sampler lets it remember nothing (Heart Speaks to Heart); None for a game or
    reading the engine does not have (a row of a stale table)."""
    return _careful_sight(slug, tuple(sorted((readings or {}).items())))


#: :func:`stale_games` already worked out: key (see there) -> the games
_STALE: dict[tuple, list[str]] = {}


def stale_games(path, table: dict, cache_dir: Path | None = None) -> list[str]:
    """``engine.results.stale_games(table)`` of the odds table ``table`` loaded from the file
    ``path``, worked out once for each state of that file and of the engine's sources: a
    site build asks it on every game's page, and each answer hashes the engine's code for
    every game and player of the table (about a second). Remembered in this process (by the
    files' paths, sizes and modification times) and, given ``cache_dir``, on disk by their
    contents and the Python version (the code hash depends on it), so a later build with the
    same engine and table does not hash again."""
    from engine import results  # lazy: the engine is optional (engine_games asks find_spec)

    def stamp(p: Path) -> tuple:
        st = p.stat()
        return str(p), st.st_size, st.st_mtime_ns
    sources = sorted(results.ENGINE_DIR.rglob("*.py"))
    key = (stamp(Path(path)), tuple(stamp(p) for p in sources), str(cache_dir))
    if key not in _STALE:
        if len(_STALE) > 16:
            _STALE.clear()
        _STALE[key] = _stale_on_disk(Path(path), sources, results.ENGINE_DIR, cache_dir,
                                     lambda: results.stale_games(table))
    return list(_STALE[key])


def _stale_on_disk(path: Path, sources: list[Path], engine_dir: Path, cache_dir,
                   compute) -> list[str]:
    """``compute()`` (the stale games), kept in ``cache_dir`` (None: not kept) under a
    SHA-256 of the odds file's bytes, each engine source's path and bytes, and the Python
    version."""
    if cache_dir is None:
        return compute()
    h = hashlib.sha256(f"{sys.version}\0".encode() + path.read_bytes())
    for p in sources:
        h.update(b"\0" + p.relative_to(engine_dir).as_posix().encode() + b"\0"
                 + p.read_bytes())
    entry = cache.entry_path(Path(cache_dir), "stale-games", h.hexdigest()[:32])
    found = cache.read(entry, expect=list)
    if isinstance(found, list) and all(isinstance(g, str) for g in found):
        return found
    games = compute()
    cache.write(entry, games, stale="stale-games-*.json")
    return games


#: decisions that rest on the text's silence, until the game modules declare
#: ``decision(..., kind="silent")`` themselves (engine/games/*.py belong to the engine's
#: authors): :func:`decision_kind` reads the engine's kind when it is declared and this table
#: otherwise; tests/test_site_questions.py fails when the two disagree
SILENT_DECISIONS = frozenset({
    "octagon:side-piles-seen", "favourite:end", "heart-to-heart:end",
    "macedonian-phalanx:refill-order", "spinning-wheel:hand", "dense-column:places-seen",
})


def decision_kind(slug: str, a: dict) -> str:
    """What a one-reading decision (``Ambiguity.to_dict()``) rests on: ``text``, ``silent`` or
    ``editorial`` (the engine's ``kind`` unless it is the derived ``text`` and the decision is
    in :data:`SILENT_DECISIONS`); ``""`` for an ambiguity with several readings."""
    if len(a["readings"]) != 1:
        return ""
    r = a["readings"][0]
    editorial = r.get("editorial") if isinstance(r, dict) else False
    kind = a.get("kind") or ("editorial" if editorial else "text")
    if kind == "text" and f"{slug}:{a['id']}" in SILENT_DECISIONS:
        return "silent"
    return kind


_QUOTED_THEN_ASKED = re.compile(r"['’»]\s*:\s+(.+)$", re.S)
_LEADING_ID = re.compile(r"^[a-z0-9-]+:\d+(?:-\d+)?\s+")
_ID_IN_PARENS = re.compile(r"\s*\([a-z0-9-]+:\d[^)]*\)")


def question_label(question: str, limit: int = 90) -> str:
    """A few words a reader can take in at a glance for an ambiguity's ``question`` (the mark
    under a sentence, ``edition games``): its first sentence, without the quotation of the text
    that leads up to the question (the sentence stands right above the mark) and without
    sentence ids in parentheses; where the question begins with a sentence id as its subject
    ("octagon:5 builds ..."), "The text" stands for it; cut at a word with "…" past ``limit``
    characters. The id stays beside it for citing; the whole question is the link's title."""
    q = " ".join(question.split())
    m = _QUOTED_THEN_ASKED.search(q)
    if m:
        q = m.group(1)
    elif _LEADING_ID.match(q):
        q = "The text " + _LEADING_ID.sub("", q)
    m = re.match(r"(.+?[?.])(?:\s|$)", q)
    if m:
        q = m.group(1)
    q = _ID_IN_PARENS.sub("", q).strip()
    if not q:
        return ""
    q = q[0].upper() + q[1:]
    if len(q) > limit:
        q = q[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return q
