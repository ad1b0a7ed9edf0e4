"""The critical apparatus of a game as builder-neutral docutils nodes.

:func:`apparatus_nodes` renders the list of entries of a game (each linking to its base
sentence's anchor, ``#dense-column.2``, and carrying its own anchor, ``#dense-column.app-1``);
:func:`sentence_variants` gives the entries placed in one base sentence, and
:func:`variant_markers` small links to them, for marking the text at their place.
"""
from __future__ import annotations

from docutils import nodes

from ..corpus.ids import anchor
from ..model.collate import Entry, apparatus

KIND_LABEL = {"substantive": "substantive", "ocr": "OCR slip", "orthographic": "spelling",
              "punctuation": "punctuation", "lacuna": "lacuna"}


def _inline(text: str, classes: list[str], lang: str | None = "ru") -> nodes.inline:
    node = nodes.inline(text, text, classes=classes)
    if lang:
        node["lang"] = lang
    return node


def _reading(r, base: bool) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    if r.original:
        out.append(_inline(r.original, ["app-lem" if base else "app-rdg"]))
        if r.normalised and r.normalised != r.original:
            out.append(nodes.Text(" ("))
            out.append(_inline(r.normalised, ["app-reg"]))
            out.append(nodes.Text(")"))
    else:
        out.append(_inline("om.", ["app-om"], None))
    out.append(nodes.Text(" "))
    out.append(_inline(" ".join(r.sigla), ["app-wit"], None))
    if not base:
        label = KIND_LABEL.get(r.kind or "", r.kind or "")
        out.append(nodes.Text(f" ({label}{'; emended' if r.emended else ''})"))
    return out


def lacuna_node(entry: Entry) -> nodes.list_item:
    """A lacuna entry: ``first sentence – last sentence ] lac. SIGLA``, each sentence id
    linking to the base sentence, with a plain-words explanation."""
    assert entry.lacuna is not None, "not a lacuna entry"
    first, start, last, end = entry.lacuna
    li = nodes.list_item(ids=[entry.anchor], classes=["app-entry", "app-lacuna"])
    p = nodes.paragraph()
    p += nodes.reference(first, first, refuri=f"#{anchor(first)}", classes=["app-place"])
    p += nodes.Text(f" [{start}] – ")
    p += nodes.reference(last, last, refuri=f"#{anchor(last)}", classes=["app-place"])
    p += nodes.Text(f" [{end}] ] ")
    p += _inline("lac.", ["app-lac"], None)
    p += nodes.Text(" ")
    sigla = entry.readings[0].sigla
    p += _inline(" ".join(sigla), ["app-wit"], None)
    p += nodes.Text(f" ({'this witness does' if len(sigla) == 1 else 'these witnesses do'} "
                    "not cover this text: a page lost or cut off, not an omission)")
    li += p
    return li


def entry_node(entry: Entry) -> nodes.list_item:
    """One entry: ``[sentence id] lemma SIGLA ] reading SIGLA (kind)``, anchored at the
    entry's id, its sentence id linking to the base sentence (a lacuna: see
    :func:`lacuna_node`)."""
    if entry.kind == "lacuna":
        return lacuna_node(entry)
    li = nodes.list_item(ids=[entry.anchor], classes=["app-entry", f"app-{entry.kind}"])
    p = nodes.paragraph()
    sid = anchor(entry.sentence)
    p += nodes.reference(entry.sentence, entry.sentence, refuri=f"#{sid}", classes=["app-place"])
    p += nodes.Text(f" [{entry.start}–{entry.end}] ")
    for n in _reading(entry.lem, True):
        p += n
    p += nodes.Text(" ] ")
    for i, r in enumerate(entry.readings):
        if i:
            p += nodes.Text("; ")
        for n in _reading(r, False):
            p += n
    li += p
    return li


def apparatus_nodes(edition, game) -> list[nodes.Node]:
    """The apparatus of ``game`` (a Game or slug) as nodes: an introductory paragraph and a
    bullet list of entries, or [] for a game with one witness. Raises EditionError if the
    collation cannot run."""
    if isinstance(game, str):
        game = edition.game(game)
    if len(game.witnesses) < 2:
        return []
    entries = apparatus(edition, game)
    others = [s for s in game.witnesses if s != game.base]
    intro = nodes.paragraph(classes=["app-intro"])
    intro += nodes.Text(
        f"Apparatus: base text {game.base}; collated with {', '.join(others)} "
        f"({len(entries)} {'entry' if len(entries) == 1 else 'entries'}). Differences of "
        "layout alone (line, paragraph and page breaks, spaces) are not listed.")
    if not entries:
        return [intro]
    lst = nodes.bullet_list(classes=["edition-apparatus"])
    for e in entries:
        lst += entry_node(e)
    return [intro, lst]


def sentence_variants(edition, game, sentence_id: str) -> list[Entry]:
    """The apparatus entries placed in base sentence ``sentence_id`` (offsets in
    ``entry.start``/``entry.end`` of its original text), in text order."""
    return [e for e in apparatus(edition, game) if e.sentence == sentence_id]


def variant_markers(edition, game, sentence_id: str) -> list[nodes.Node]:
    """Small links (``app-1``) from a base sentence to its apparatus entries."""
    out: list[nodes.Node] = []
    for e in sentence_variants(edition, game, sentence_id):
        out.append(nodes.Text(" "))
        label = e.id.split(":", 1)[1]
        out.append(nodes.reference(label, label, refuri=f"#{e.anchor}",
                                   classes=["app-marker", f"app-{e.kind}"]))
    return out
