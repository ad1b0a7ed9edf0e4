"""The ``edition`` Sphinx domain: citable sentences, ambiguities and readings.

Roles: ``{rule}`mill:4``` cites a sentence; ``{interp}`goes-doesnt-go:deal-pattern``` an
ambiguity and ``{interp}`goes-doesnt-go:deal-pattern=dittography``` a reading. Objects are
kept per document (``clear_doc``/``merge_domaindata`` make parallel builds safe), duplicates
are warned about with the type ``edition.duplicate``, and all objects go into
``objects.inv``.
"""
from __future__ import annotations

from sphinx.domains import Domain, ObjType
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

logger = logging.getLogger(__name__)


class EditionDomain(Domain):
    name = "edition"
    label = "Edition"
    object_types = {
        "sentence": ObjType("sentence", "rule"),
        "ambiguity": ObjType("ambiguity", "interp"),
        "reading": ObjType("reading", "interp"),
    }
    roles = {"rule": XRefRole(), "interp": XRefRole()}
    initial_data: dict = {"objects": {}}  # name -> (docname, anchor, objtype, title)
    data_version = 1

    @property
    def objects(self) -> dict:
        return self.data.setdefault("objects", {})

    def note_object(self, name: str, objtype: str, anchor: str, title: str, location=None) -> None:
        """Record a citable object; warn (type ``edition.duplicate``) if it is already known."""
        if name in self.objects and self.objects[name][0] != self.env.docname:
            logger.warning(f"duplicate edition object {name!r}, also in {self.objects[name][0]}",
                           location=location, type="edition", subtype="duplicate")
        self.objects[name] = (self.env.docname, anchor, objtype, title)

    def clear_doc(self, docname: str) -> None:
        for name, (doc, *_rest) in list(self.objects.items()):
            if doc == docname:
                del self.objects[name]

    def merge_domaindata(self, docnames, otherdata: dict) -> None:
        for name, value in otherdata["objects"].items():
            if value[0] in docnames:
                self.objects[name] = value

    def resolve_xref(self, env, fromdocname, builder, typ, target, node, contnode):
        obj = self.objects.get(target)
        if obj is None:
            return None
        docname, anchor, objtype, title = obj
        if typ == "rule" and objtype != "sentence" or typ == "interp" and objtype == "sentence":
            return None
        return make_refnode(builder, fromdocname, docname, anchor, contnode, title)

    def resolve_any_xref(self, env, fromdocname, builder, target, node, contnode):
        obj = self.objects.get(target)
        if obj is None:
            return []
        docname, anchor, objtype, title = obj
        role = "rule" if objtype == "sentence" else "interp"
        return [(f"edition:{role}", make_refnode(builder, fromdocname, docname, anchor,
                                                 contnode, title))]

    def get_objects(self):
        for name, (docname, anchor, objtype, title) in self.objects.items():
            yield name, title or name, objtype, docname, anchor, 1


def missing_reference(app, env, node, contnode):
    """Warn about an unknown edition citation (so the build fails under -W)."""
    if node.get("refdomain") == "edition":
        logger.warning(f"unknown edition id {node['reftarget']!r}", location=node,
                       type="edition", subtype="unknown")
    return None
