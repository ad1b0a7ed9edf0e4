"""``edition-witness-pages``: a section per witness: what it is, what it covers, checksum."""
from __future__ import annotations

from docutils import nodes
from sphinx.addnodes import pending_xref

from .directives import EditionDirective
from .edition import pages_folder


def _field(name: str, body) -> nodes.field:
    f = nodes.field()
    f += nodes.field_name("", name)
    b = nodes.field_body()
    p = nodes.paragraph()
    p += body if isinstance(body, nodes.Node) else nodes.Text(str(body))
    b += p
    f += b
    return f


class WitnessPagesDirective(EditionDirective):
    """One section per witness (anchor ``witness-<siglum>``): description, file, sha256,
    orthography, page title, the games it holds (with their sentence counts and whether it is
    the base text), and the normalisation changes made in it by kind."""

    def run(self):
        ed = self.edition()
        out = []
        for w in ed.witnesses:
            sec = nodes.section(ids=[f"witness-{w.siglum.lower()}"])
            sec += nodes.title("", f"{w.siglum} — {w.description}")
            fl = nodes.field_list()
            fl += _field("File", nodes.literal(text=f"corpus/{w.path.relative_to(ed.root)}"))
            fl += _field("sha256", nodes.literal(text=w.sha256))
            fl += _field("Orthography", w.orthography)
            fl += _field("Size", f"{len(w.text)} characters, {w.text.count(chr(10)) + 1} lines")
            if w.page_title:
                fl += _field("Page title (not the book's)", w.page_title)
            by: dict[str, int] = {}
            for c in ed.normalisations[w.siglum].changes:
                by[c.kind] = by.get(c.kind, 0) + 1
            fl += _field("Changes in the reading text",
                         ", ".join(f"{k} {v}" for k, v in sorted(by.items())) or "none")
            sec += fl
            lst = nodes.bullet_list()
            for g in ed.games:
                if w.siglum not in g.witnesses:
                    continue
                li = nodes.list_item()
                p = nodes.paragraph()
                ref = pending_xref("", refdomain="std", reftype="doc",
                                   reftarget=f"/{pages_folder(self.config)}/{g.slug}", refexplicit=True, refwarn=True)
                ref += nodes.inline(text=g.title_ru)
                p += ref
                role = ("base text" if g.base == w.siglum and len(g.witnesses) > 1 else
                        f"collated against {g.base}" if g.base != w.siglum else "only witness")
                p += nodes.Text(f" ({g.slug}): {len(g.texts[w.siglum])} sentences; {role}"
                                f"{'; fragment' if g.fragment else ''}"
                                f"{'' if g.known else '; new game, not yet edited'}.")
                li += p
                lst += li
            sec += nodes.paragraph(text="Games:")
            sec += lst
            out.append(sec)
        return out
