"""TEI P5 serialisation of the model, built with lxml's tree API (no string-built XML)."""
from __future__ import annotations

from lxml import etree

from .normalise import Normalisation

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_NS = "http://www.w3.org/XML/1998/namespace"


def tei(tag: str, parent=None, text: str | None = None, **attrs):
    """Make a TEI element (``xml_id`` -> ``xml:id``), appended to ``parent`` if given."""
    qn = f"{{{TEI_NS}}}{tag}"
    el = etree.SubElement(parent, qn) if parent is not None else etree.Element(qn, nsmap={None: TEI_NS})
    for k, v in attrs.items():
        name = f"{{{XML_NS}}}id" if k == "xml_id" else k.replace("_", "-")
        el.set(name, v)
    if text:
        el.text = text
    return el


def append_text(parent, text: str) -> None:
    """Append ``text`` after the last child of ``parent`` (or as its text)."""
    if not text:
        return
    if len(parent):
        parent[-1].tail = (parent[-1].tail or "") + text
    else:
        parent.text = (parent.text or "") + text


def add_changes(parent, original: str, changes) -> None:
    """Append ``original`` to ``parent`` with each change as ``choice/orig+reg`` or, for an
    emendation, ``choice/sic+corr``."""
    pos = 0
    for c in changes:
        append_text(parent, original[pos:c.start])
        choice = tei("choice", parent)
        if c.kind == "emendation":
            tei("sic", choice, c.orig)
            tei("corr", choice, c.reg, resp="#editor")
        else:
            tei("orig", choice, c.orig)
            tei("reg", choice, c.reg, type=c.kind, resp=f"#rule-{c.rule}")
        pos = c.end
    append_text(parent, original[pos:])


def normalisation_to_tei(norm: Normalisation) -> str:
    """A TEI fragment ``<text><body><p>…`` with the normalisation as ``choice`` elements."""
    text = tei("text")
    p = tei("p", tei("body", text))
    add_changes(p, norm.original, norm.changes)
    return etree.tostring(text, encoding="unicode", pretty_print=False)
