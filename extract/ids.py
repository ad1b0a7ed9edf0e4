"""Citable identifiers and ``corpus/ids.lock``.

A sentence id is ``<game>:<n>``; an ambiguity ``<game>:<ambiguity>``; a reading
``<game>:<ambiguity>=<reading>``. Numbers are assigned once and recorded in the lock with a
short quote of the sentence's original text; an id is never renumbered or reused.
:func:`anchor` makes the form used where ``:`` and ``=`` may not stand (HTML anchors, TEI
``xml:id``): both become ``.``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterable, Sequence

from .errors import EditionError

LOCK_NAME = "ids.lock"
QUOTE_CHARS = 48
_LOCK_LINE = re.compile(r'^"(?P<id>[^"]+)" = \{ witness = "(?P<w>[^"]*)", quote = "(?P<q>(?:[^"\\]|\\.)*)" \}$')


def anchor(cid: str) -> str:
    """The NCName/anchor form of a citable id: ``mill:4`` -> ``mill.4``,
    ``goes-doesnt-go:deal-pattern=dittography`` -> ``goes-doesnt-go.deal-pattern.dittography``."""
    return cid.replace(":", ".").replace("=", ".").replace("@", ".")


def quote_of(original: str) -> str:
    """The lock's quote of a sentence: its original text, whitespace folded, first 48 chars."""
    return re.sub(r"\s+", " ", original).strip()[:QUOTE_CHARS]


@dataclass(frozen=True)
class LockEntry:
    """One line of the lock: the id, the witness siglum and the quote."""

    id: str
    witness: str
    quote: str
    line: int = 0


def _escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(s: str) -> str:
    return re.sub(r"\\(.)", r"\1", s)


def read_lock(root: Path) -> dict[str, LockEntry]:
    """Read ``root/ids.lock`` (a TOML subset, one id a line); a missing lock is empty."""
    from .corpus import read_text
    path = root / LOCK_NAME
    if not path.exists():
        return {}
    out: dict[str, LockEntry] = {}
    for n, line in enumerate(read_text(path, "id lock").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        m = _LOCK_LINE.match(line)
        if not m:
            raise EditionError("not a lock line", path, n,
                               fix='each line is "game:n" = { witness = "S", quote = "..." }')
        if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*:[1-9][0-9]*", m["id"]):
            raise EditionError(f"{m['id']!r} is not a sentence id (<game>:<n>)", path, n,
                               fix="restore the line from git: ids are written by `edition lock`")
        if m["id"] in out:
            raise EditionError(f"id {m['id']} is locked twice", path, n,
                               fix="an id is assigned once: remove the later line")
        out[m["id"]] = LockEntry(m["id"], m["w"], _unescape(m["q"]), n)
    return out


def write_lock(root: Path, entries: Iterable[LockEntry]) -> None:
    """Write the lock atomically, ordered by game (first appearance) and number."""
    path = root / LOCK_NAME
    lines = ["# Citable sentence ids: assigned once, never renumbered or reused.",
             "# Written by `edition lock` / `edition add`; checked by `edition check`."]
    for e in entries:
        lines.append(f'"{e.id}" = {{ witness = "{_escape(e.witness)}", quote = "{_escape(e.quote)}" }}')
    tmp = path.with_suffix(".lock.tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.replace(path)


def assign(slug: str, sentences: Sequence, lock: dict[str, LockEntry]) -> tuple:
    """Give each base-witness sentence of a game its locked id, matched by quote in order;
    sentences not in the lock get new numbers after the highest ever used, ``locked=False``."""
    mine = [e for e in lock.values() if e.id.startswith(slug + ":")]
    used: set[str] = set()
    top = max((int(e.id.split(":")[1]) for e in mine), default=0)
    out = []
    for s in sentences:
        q = quote_of(s.original)
        hit = next((e for e in mine if e.id not in used and e.quote == q), None)
        if hit:
            used.add(hit.id)
            out.append(replace(s, id=hit.id, locked=True))
        else:
            top += 1
            out.append(replace(s, id=f"{slug}:{top}", locked=False))
    return tuple(out)


def lock_problems(edition) -> list[str]:
    """What is wrong between the model and the lock: vanished or changed ids, unlocked ones."""
    problems = []
    present = {s.id: s for g in edition.games for s in g.sentences}
    for e in edition.lock.values():
        if e.id not in present:
            problems.append(f"{edition.root / LOCK_NAME}:{e.line}: id {e.id} has vanished or its "
                            f"sentence changed (quote {e.quote!r}); restore the witness text or, "
                            f"if the change is intended, retire the id with a note")
    for sid, s in present.items():
        if not s.locked:
            problems.append(f"sentence {sid} ({quote_of(s.original)!r}) is not in the lock; "
                            f"run `edition lock` to record it")
    return problems


def updated_lock(edition) -> list[LockEntry]:
    """The lock with every present sentence recorded (existing entries untouched)."""
    entries = dict(edition.lock)
    for g in edition.games:
        for s in g.sentences:
            if s.id not in entries:
                entries[s.id] = LockEntry(s.id, s.witness, quote_of(s.original))
    order = [g.slug for g in edition.games]
    def sort_key(e: LockEntry):
        slug, n = e.id.split(":")
        return (order.index(slug) if slug in order else len(order), slug, int(n))
    return sorted(entries.values(), key=sort_key)


CITED = re.compile(r"\b([a-z0-9]+(?:-[a-z0-9]+)*:[a-z0-9]+(?:-[a-z0-9]+)*(?:=[a-z0-9]+(?:-[a-z0-9]+)*)?)")


def reading_ids(engine_games: dict) -> set[str]:
    """Every citable ambiguity and reading id the engine declares."""
    out = set()
    for slug, g in engine_games.items():
        for a in g.get("ambiguities", []):
            out.add(f"{slug}:{a['id']}")
            out.update(f"{slug}:{a['id']}={r['id'] if isinstance(r, dict) else r}"
                       for r in a["readings"])
    return out
