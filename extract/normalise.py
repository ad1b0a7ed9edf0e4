"""Lossless normalisation of Russian text: every change is a record, the original is kept.

The normaliser never rewrites its input. It returns the normalised text together with a list
of :class:`Change` records, each giving the original character offsets ``[start, end)``, the
original form, the normalised form, a kind (``orthography``, ``ocr``, ``typography``,
``emendation``) and the rule name (or, for an emendation, the editor's reason). Replacing each
change's span by its ``reg`` in the original gives the normalised text; the original spans of
the changes and of the untouched text between them join back to the input byte for byte.

The rule table :data:`RULES` names every rule with its kind and a one-line description; the
site's "Editorial principles" page is generated from it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Sequence

KINDS = ("orthography", "ocr", "typography", "emendation")


@dataclass(frozen=True)
class Change:
    """One change made by the normaliser.

    ``start``/``end`` are character offsets into the original text (``end`` exclusive);
    ``orig`` is ``text[start:end]``; ``reg`` its normalised form; ``kind`` one of
    :data:`KINDS`; ``rule`` the rule name from :data:`RULES` or, for an emendation, the
    editor's reason.
    """

    start: int
    end: int
    orig: str
    reg: str
    kind: str
    rule: str

    def to_json(self) -> dict:
        return {"start": self.start, "end": self.end, "orig": self.orig, "reg": self.reg,
                "kind": self.kind, "rule": self.rule}


@dataclass(frozen=True)
class Rule:
    """A normalisation rule: its name, kind and a description for the editorial principles."""

    name: str
    kind: str
    description: str


@dataclass(frozen=True)
class Emendation:
    """An editorial correction at original offsets ``[start, end)`` of one text.

    Emendations come from ``corpus/emendations.toml`` (see :mod:`extract.corpus`); they take
    precedence over any rule change that overlaps them.
    """

    start: int
    end: int
    reading: str
    correction: str
    reason: str


@dataclass(frozen=True)
class Normalisation:
    """The result of :func:`normalise`: the input, the normalised text and the changes.

    ``changes`` are sorted by ``start`` and never overlap.
    """

    original: str
    text: str
    changes: tuple[Change, ...] = field(default_factory=tuple)

    def to_json(self) -> dict:
        return {"text": self.text, "changes": [c.to_json() for c in self.changes]}

    def norm_offset(self, pos: int) -> int:
        """Map an original offset (0..len(original)) to the normalised text.

        An offset inside a changed span maps to the start of that span's normalised form.
        """
        shift = 0
        for c in self.changes:
            if c.end <= pos:
                shift += len(c.reg) - (c.end - c.start)
            elif c.start < pos:
                return c.start + shift
            else:
                break
        return pos + shift

    def slice(self, start: int, end: int) -> "Normalisation":
        """The normalisation of ``original[start:end]``, offsets rebased to ``start``.

        Raises ValueError if a change straddles either boundary.
        """
        out = []
        for c in self.changes:
            if c.end <= start or c.start >= end:
                if not (c.start == c.end and start <= c.start <= end and c.start != end):
                    continue
            if c.start < start or c.end > end:
                raise ValueError(f"change {c} straddles the slice [{start}, {end})")
            out.append(Change(c.start - start, c.end - start, c.orig, c.reg, c.kind, c.rule))
        return Normalisation(self.original[start:end], apply_changes(self.original[start:end], out),
                             tuple(out))


def apply_changes(text: str, changes: Iterable[Change]) -> str:
    """Return ``text`` with each change's span replaced by its ``reg`` (changes sorted)."""
    parts, pos = [], 0
    for c in changes:
        parts.append(text[pos:c.start])
        parts.append(c.reg)
        pos = c.end
    parts.append(text[pos:])
    return "".join(parts)


# --- the rule table -----------------------------------------------------------------------

RULES: dict[str, Rule] = {}


def _rule(name: str, kind: str, description: str) -> str:
    RULES[name] = Rule(name, kind, description)
    return name


DASH = _rule("dash", "typography",
             "A hyphen standing alone between spaces is a dash: ' - ' becomes ' — '.")
SPACES = _rule("spaces", "typography",
               "A run of several spaces or tabs inside a line becomes one space.")
LINE_WRAP = _rule("line-wrap", "typography",
                  "A single line break inside a paragraph (a wrapped line) becomes a space.")
PAGE_BREAK = _rule("page-break", "typography",
                   "A paragraph break that falls inside a sentence (a page break in the "
                   "printed book) becomes a space.")
EMENDATION = _rule("emendation", "emendation",
                   "An editorial correction listed in corpus/emendations.toml, with its reason.")

_TYPOGRAPHY = [
    (re.compile(r"(?<= )-(?= )"), "—", DASH),
    (re.compile(r"(?<=\S)[ \t]{2,}(?=\S)"), " ", SPACES),
    (re.compile(r"(?<=\S)[ \t]*\n[ \t]*(?=\S)"), " ", LINE_WRAP),
]


def _rule_changes(text: str) -> list[Change]:
    out = []
    for pattern, reg, rule in _TYPOGRAPHY:
        for m in pattern.finditer(text):
            if m.group() != reg:
                out.append(Change(m.start(), m.end(), m.group(), reg, RULES[rule].kind, rule))
    return out


def _merge(preferred: Sequence[Change], others: Iterable[Change]) -> tuple[Change, ...]:
    """Keep every preferred change and each other change that overlaps none kept so far."""
    kept = list(preferred)
    for c in sorted(others, key=lambda c: (c.start, c.end)):
        if all(c.end <= k.start or c.start >= k.end for k in kept):
            kept.append(c)
    return tuple(sorted(kept, key=lambda c: (c.start, c.end)))


def normalise(text: str, emendations: Sequence[Emendation] = ()) -> Normalisation:
    """Normalise ``text`` (any string) and return a :class:`Normalisation`.

    ``emendations`` are applied as changes of kind ``emendation`` and win over rule changes
    that overlap them. Raises ValueError if an emendation's span does not hold its reading.
    """
    em = []
    for e in emendations:
        if text[e.start:e.end] != e.reading:
            raise ValueError(f"emendation expects {e.reading!r} at {e.start}-{e.end}, "
                             f"found {text[e.start:e.end]!r}")
        em.append(Change(e.start, e.end, e.reading, e.correction, "emendation", e.reason))
    changes = _merge(em, _rule_changes(text))
    return Normalisation(text, apply_changes(text, changes), changes)
