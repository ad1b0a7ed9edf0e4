"""The shape of a translator's note: paragraphs and, where a note needs one, a table.

A note (``[notes]`` in ``corpus/translations/en/<slug>.toml``) is plain text. A blank line
separates blocks; a block whose every line starts with ``|`` is a table, one row a line, cells
between ``|`` (``| Row | dittography |``), its first row the heading; a line of only ``|``,
``-``, ``:`` and spaces after the heading is allowed and ignored. Every other block is a
paragraph. Nothing in a note is markup: the renderer turns it into text nodes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_RULE = re.compile(r"\|[\s:|-]*\|?")


@dataclass(frozen=True)
class NoteTable:
    """A table in a note: ``head`` the heading cells, ``rows`` the body rows (same length)."""

    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def _cells(line: str) -> tuple[str, ...]:
    inner = line.strip()
    inner = inner[1:-1] if inner.endswith("|") and len(inner) > 1 else inner[1:]
    return tuple(c.strip() for c in inner.split("|"))


def note_blocks(text: str) -> list[str | NoteTable]:
    """Split a note into its blocks: ``str`` paragraphs (inner line breaks folded to spaces)
    and :class:`NoteTable` tables.

    Raises ValueError naming the offending line (1-based within the note) if a table has no
    body row or a row with a different number of cells from its heading.
    """
    blocks: list[list[tuple[int, str]]] = [[]]
    for n, line in enumerate(text.strip().split("\n"), 1):
        if line.strip():
            blocks[-1].append((n, line))
        elif blocks[-1]:
            blocks.append([])
    out: list[str | NoteTable] = []
    for lines in blocks:
        if not lines:
            continue
        if not all(ln.lstrip().startswith("|") for _, ln in lines):
            out.append(" ".join(ln.strip() for _, ln in lines))
            continue
        rows = [(n, ln) for i, (n, ln) in enumerate(lines)
                if not (i == 1 and _RULE.fullmatch(ln.strip()))]
        head = _cells(rows[0][1])
        body = []
        for n, ln in rows[1:]:
            cells = _cells(ln)
            if len(cells) != len(head):
                raise ValueError(f"table row on line {n} of the note has {len(cells)} cells, "
                                 f"its heading {len(head)}")
            body.append(cells)
        if not body:
            raise ValueError(f"the table on line {rows[0][0]} of the note has a heading but "
                             f"no rows")
        out.append(NoteTable(head, tuple(body)))
    return out
