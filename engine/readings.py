"""Ambiguities of a game's text and the readings of each.

A game module declares ``AMBIGUITIES``, a tuple of :class:`Ambiguity`. A *choice of readings*
is plain data, a ``dict`` mapping ambiguity id to reading id, passed to the game's ``new()``;
:func:`resolve` fills in the defaults and rejects anything unknown with a one-line
``ValueError`` that lists what is allowed.

Citable forms (see the maintainers' page of the site, docs/maintainers.md, Identifiers): ambiguity ``<game>:<ambiguity>``, reading
``<game>:<ambiguity>=<reading>``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .deal import shown


#: what a one-reading decision rests on (:attr:`Ambiguity.kind`)
DECISION_KINDS = ("text", "silent", "editorial")


@dataclass(frozen=True)
class Reading:
    """One way of reading an ambiguous passage.

    ``id`` short ASCII id; ``label`` a one-line English description; ``editorial`` True when the
    text does not give this reading at all (an editor's addition from outside the book), in
    which case ``justification`` says where it comes from and why it is offered.
    ``restricts`` the id of another reading of the same ambiguity when this one only takes
    moves away from it (every game played under this reading is a legal game under the
    other): then a deal won under this reading is won under the other, and the measured upper
    bound of this reading cannot exceed the other's (tested on the stored odds table).
    """

    id: str
    label: str
    editorial: bool = False
    justification: str = ""
    restricts: str = ""


@dataclass(frozen=True)
class Ambiguity:
    """An ambiguity of the text.

    ``id`` short ASCII id (``deal-pattern``); ``question`` what is unclear; ``sentences`` the
    sentence ids concerned; ``readings`` the implemented readings; ``default`` the id of the
    reading played unless another is asked for; ``reason`` why, citing the sentence. An
    ambiguity with a single reading records a decision the engine takes where the text is
    plain: its ``reason`` quotes the text that settles it.

    ``kind`` says, for such a decision, what it rests on (one of :data:`DECISION_KINDS`):
    ``"text"`` the text says it, ``"silent"`` the text is silent and the edition fills the gap
    (``reason`` says why), ``"editorial"`` the edition supplies what the text never gives. Left
    empty, it is derived (:attr:`decision_kind`). An ambiguity with several readings has
    kind ``""``.
    """

    id: str
    question: str
    sentences: tuple[str, ...]
    readings: tuple[Reading, ...]
    default: str
    reason: str
    kind: str = ""

    def __post_init__(self):
        ids = [r.id for r in self.readings]
        if self.default not in ids:
            raise ValueError(f"ambiguity {self.id}: default {self.default!r} not in {ids}")
        if len(set(ids)) != len(ids):
            raise ValueError(f"ambiguity {self.id}: duplicate reading ids {ids}")
        if self.kind and self.kind not in DECISION_KINDS:
            raise ValueError(f"ambiguity {self.id}: kind {self.kind!r} not in {DECISION_KINDS}")
        if self.kind and len(self.readings) > 1:
            raise ValueError(f"ambiguity {self.id}: only a one-reading decision has a kind")
        for r in self.readings:
            if r.restricts and (r.restricts not in ids or r.restricts == r.id):
                raise ValueError(f"ambiguity {self.id}: reading {r.id} restricts "
                                 f"{r.restricts!r}, not another reading of {ids}")

    @property
    def plain(self) -> bool:
        """True for a *plain decision*: one reading only, where the text is plain (or the
        engine's one editorial choice); ``reason`` then says why no other reading is offered."""
        return len(self.readings) == 1

    @property
    def decision_kind(self) -> str:
        """What a plain decision rests on: ``kind`` when declared, else ``"editorial"`` when
        its one reading is editorial and ``"text"`` otherwise; ``""`` for an ambiguity with
        several readings."""
        if not self.plain:
            return ""
        return self.kind or ("editorial" if self.readings[0].editorial else "text")

    def reading(self, rid: str) -> Reading:
        for r in self.readings:
            if r.id == rid:
                return r
        raise ValueError(f"unknown reading {rid!r} of {self.id!r}; allowed: "
                         + ", ".join(r.id for r in self.readings))

    def to_dict(self) -> dict:
        return {"id": self.id, "question": self.question, "sentences": list(self.sentences),
                "readings": [{"id": r.id, "label": r.label, "editorial": r.editorial,
                              "justification": r.justification, "restricts": r.restricts}
                             for r in self.readings],
                "default": self.default, "reason": self.reason, "kind": self.decision_kind}


def decision(id: str, question: str, sentences: tuple[str, ...], reading: str, label: str,
             reason: str, *, editorial: bool = False, justification: str = "",
             kind: str = "") -> Ambiguity:
    """A plain decision: an :class:`Ambiguity` with the one reading ``reading`` (its
    default), for a question a careful reader asks where the text allows one answer only;
    ``reason`` quotes the text that decides it (or, with ``editorial=True``, the
    ``justification`` says why the engine supplies what the text never says). ``kind`` one of
    :data:`DECISION_KINDS` (``"silent"``: the text does not say, and ``reason`` says why the
    engine's answer fills the gap); empty, it is derived (:attr:`Ambiguity.decision_kind`).
    ValueError for an unknown kind."""
    return Ambiguity(id, question, tuple(sentences),
                     (Reading(reading, label, editorial, justification),), reading, reason,
                     kind)


def resolve(slug: str, ambiguities: tuple[Ambiguity, ...],
            chosen: Mapping[str, str] | None) -> dict[str, str]:
    """Full choice of readings: ``chosen`` completed with the defaults.

    Returns a new ``dict`` ambiguity id -> reading id covering every ambiguity of the game, in
    declaration order. Raises ``ValueError`` (one line, listing what is allowed) for an unknown
    ambiguity or reading.
    """
    if chosen is not None and not isinstance(chosen, Mapping):
        raise ValueError(f"readings must be a dict of ambiguity id -> reading id (the "
                         f"ambiguities of {slug}: {', '.join(a.id for a in ambiguities) or 'none'}"
                         f"), not {shown(chosen)}")
    chosen = dict(chosen or {})
    by_id = {a.id: a for a in ambiguities}
    for aid, rid in chosen.items():
        if aid not in by_id:
            allowed = ", ".join(by_id) or "none"
            raise ValueError(f"unknown ambiguity {aid!r} for {slug}; allowed: {allowed}")
        by_id[aid].reading(rid)  # raises if unknown
    return {a.id: chosen.get(a.id, a.default) for a in ambiguities}
