"""Builder-neutral nodes of the edition and their visitors.

``change``: a normalisation record shown in the reading text (normalised form, with the
original form, kind and rule as attributes). HTML shows it as a focusable span whose title
gives the original and the rule; other builders show the normalised text.
"""
from __future__ import annotations

import re

from docutils import nodes
from sphinx import addnodes


class wbr(nodes.Inline, nodes.TextElement):
    """A line-break opportunity (HTML ``<wbr>``); nothing in other builders."""


def id_literal(text: str, after: str = ":=", classes: tuple[str, ...] = ()) -> nodes.literal:
    """A citable id as code that a narrow column may break only after the characters in
    ``after`` (``mill:<wbr>deal-order=<wbr>round``; ``after="."`` for a function's dotted
    name), never inside a word; the text is unchanged. ``classes`` are added."""
    lit = nodes.literal(text, "", classes=["edition-id", *classes])
    for piece in re.split(f"(?<=[{re.escape(after)}])", text):
        if len(lit):
            lit += wbr()
        lit += nodes.Text(piece)
    return lit


class change(nodes.inline):
    """One change: text is the normalised form; attributes ``orig``, ``kind``, ``rule``."""


class footnote_mark(nodes.Inline, nodes.TextElement):
    """The place of a footnote's marker in a sentence: text is the marker (``*``, ``1``);
    ``target`` the anchor of the note, ``ids`` the mark's own anchor (the note links back to
    it). HTML: a superscript link (a tap target on a phone, not a hover); other builders:
    the marker in brackets."""


def _visit_footnote_mark_html(self, node: footnote_mark) -> None:
    # every attribute through starttag, which escapes it (the marker is corpus text)
    self.body.append(self.starttag(node, "sup", "", CLASS="fn-ref"))
    self.body.append(self.starttag(nodes.Element(), "a", "", href=f"#{node['target']}",
                                   CLASS="fn-ref-link", role="doc-noteref",
                                   **{"aria-label": f"footnote {node.astext()}"}))


def _depart_footnote_mark_html(self, node: footnote_mark) -> None:
    self.body.append("</a></sup>")




def _visit_change_html(self, node: change) -> None:
    label = f"{node['orig']!r} → {node.astext()!r}: {node['kind']}, {node['rule']}"
    self.body.append(self.starttag(node, "span", "", CLASS=f"chg chg-{node['kind']}",
                                   tabindex="0", role="note", title=label,
                                   **{"data-orig": node["orig"], "data-rule": node["rule"]}))


def _depart_change_html(self, node: change) -> None:
    self.body.append("</span>")


def _pass(self, node) -> None:
    pass


def _visit_wbr_html(self, node: wbr) -> None:
    self.body.append(self.starttag(node, "wbr", ""))
    raise nodes.SkipNode


def _skip(self, node) -> None:
    raise nodes.SkipNode


def dotted_names_break_after_dots(app, doctree: nodes.document, docname: str) -> None:
    """A documented object's module path (Sphinx's ``desc_addname``,
    ``engine.games.dense_column.``, ``FavouriteState.``) gets a :class:`wbr` after each dot
    (the last one too: the name follows), so that a phone wraps a long signature between
    the parts of the name, never inside one (``take_ | out``); the text is unchanged."""
    for name in doctree.findall(addnodes.desc_addname):
        for text in list(name.findall(nodes.Text)):
            pieces = [p for p in re.split(r"(?<=\.)", str(text)) if p]
            if any(p.endswith(".") for p in pieces):
                text.parent.replace(text, [n for piece in pieces for n in (
                    (nodes.Text(piece), wbr()) if piece.endswith(".") else (nodes.Text(piece),))])


def register(app) -> None:
    """Register the nodes with HTML visitors; text, LaTeX etc. render them as plain inline;
    and :func:`dotted_names_break_after_dots`."""
    app.add_node(change, html=(_visit_change_html, _depart_change_html),
                 latex=(_pass, _pass), text=(_pass, _pass), man=(_pass, _pass),
                 texinfo=(_pass, _pass))
    app.add_node(wbr, html=(_visit_wbr_html, None), latex=(_skip, None), text=(_skip, None),
                 man=(_skip, None), texinfo=(_skip, None))
    app.add_node(footnote_mark, html=(_visit_footnote_mark_html, _depart_footnote_mark_html),
                 latex=(_pass, _pass), text=(_pass, _pass), man=(_pass, _pass),
                 texinfo=(_pass, _pass))
    app.connect("doctree-resolved", dotted_names_break_after_dots)
