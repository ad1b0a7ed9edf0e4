"""Rendering of a translator's note (its blocks: see :mod:`extract.notes`) as docutils nodes."""
from __future__ import annotations

from docutils import nodes

from ..notes import NoteTable, note_blocks


def add_note(en: nodes.paragraph, note: str, known: set[str]) -> nodes.container | None:
    """Put a translator's note under the English ``en``: its first paragraph inside ``en``
    (class ``tr-note``), as a one-paragraph note has always been shown; any further paragraphs
    and tables go into the returned container (classes ``tr-note tr-note-more``), to be placed
    after ``en`` in the sentence; None if there are none. Sentence, ambiguity and reading ids
    in ``known`` become citations; everything else is text."""
    from .directives import cited_text, make_table
    blocks = note_blocks(note)
    if blocks and isinstance(blocks[0], str):
        en += cited_text(blocks.pop(0), known, ["tr-note"])
    if not blocks:
        return None
    more = nodes.container(classes=["tr-note", "tr-note-more"])
    for b in blocks:
        if isinstance(b, NoteTable):
            width = max(1, 100 // len(b.head))
            rows = [[cited_text(c, known, []) for c in row] for row in b.rows]
            more += make_table("edition-note-table", [(h, width) for h in b.head], rows)
        else:
            p = nodes.paragraph()
            p += cited_text(b, known, [])
            more += p
    return more
