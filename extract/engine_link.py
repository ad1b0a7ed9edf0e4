"""What the edition reads from the engine, which stands apart and never imports ``extract``:
the games it plays (with their ambiguities and readings) and which engine function executes
each sentence of the book. Empty when the engine package is not installed."""
from __future__ import annotations

import importlib.util


def engine_games() -> dict[str, dict]:
    """The engine's description of its games (``engine.api.list_games``), by slug."""
    if importlib.util.find_spec("engine.api") is None:
        return {}
    from engine import api
    return {g["slug"]: g for g in api.list_games()}


def rule_links() -> dict[str, list[str]]:
    """Sentence id -> the engine functions that execute it (from the engine's registry)."""
    if importlib.util.find_spec("engine.registry") is None:
        return {}
    from engine import registry
    return registry.by_sentence()
