"""Small wording helpers for messages shown to people (the CLI, the site)."""
from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` with its noun in the right number: ``count(1, "deal")`` -> ``"1 deal"``,
    ``count(2, "deal")`` -> ``"2 deals"``, ``count(2, "entry", "entries")`` -> ``"2 entries"``.
    English has one singular (1) and one plural (0, 2, 3, ...)."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"
