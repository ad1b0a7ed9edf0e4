"""The ``edition`` Sphinx domain: citable sentences, ambiguities and readings.

Roles: ``{rule}`mill:4``` cites a sentence; ``{interp}`goes-doesnt-go:deal-pattern``` an
ambiguity and ``{interp}`goes-doesnt-go:deal-pattern=dittography``` a reading;
``{app}`dense-column:app-1``` an entry of the critical apparatus. Objects are
kept per document (``clear_doc``/``merge_domaindata`` make parallel builds safe), duplicates
are warned about with the type ``edition.duplicate``, and all objects go into
``objects.inv`` twice: as ``edition:sentence``, ``edition:ambiguity``, ``edition:reading``
and ``edition:apparatus`` (name ``mill:4``, anchor ``mill.4``), and as ``std:label`` with the
same name and anchor.

Citing the edition from another Sphinx project:

- with intersphinx alone (``intersphinx_mapping = {"edition": (URL, None)}``), through the
  labels: ``:external+edition:ref:`mill:4``` (MyST ``{external+edition:ref}`mill:4```), or
  ``:ref:`edition:mill:4```, ``:ref:`edition:goes-doesnt-go:deal-pattern=dittography```;
- with this module as a light extension (``extensions = ["sphinx.ext.intersphinx",
  "extract.sphinxext.domain"]``: the domain and its roles, no pages, no corpus), with the
  edition's own roles: ``:edition:rule:`mill:4```, ``:edition:interp:`...```, or
  ``:external+edition:edition:rule:`mill:4```.

Without a title of the citing author's own, the link text is the id (``mill:4``) for every kind
of object, set as code by the edition's roles and as text by ``:ref:``, the same for all three.
"""
from __future__ import annotations

from docutils import nodes
from sphinx.domains import Domain, ObjType
from sphinx.domains.std import StandardDomain
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
        "apparatus": ObjType("apparatus entry", "app"),
    }
    roles = {"rule": XRefRole(warn_dangling=True), "interp": XRefRole(warn_dangling=True),
             "app": XRefRole(warn_dangling=True)}
    initial_data = {"objects": {}}  # name -> (docname, anchor, objtype, title)
    data_version = 1

    @property
    def objects(self) -> dict:
        return self.data.setdefault("objects", {})

    def note_object(self, name: str, objtype: str, anchor: str, title: str, location=None) -> None:
        """Record a citable object ``name`` (``mill:4``) of ``objtype`` at ``anchor`` (an id of
        the current document, ``mill.4``), also as a ``std`` label of the same name, so that
        ``:ref:`` through intersphinx reaches it; warn (type ``edition.duplicate``) if it is
        already known from another document."""
        if name in self.objects and self.objects[name][0] != self.env.docname:
            logger.warning(f"duplicate edition object {name!r}, also in {self.objects[name][0]}",
                           location=location, type="edition", subtype="duplicate")
            return
        self.objects[name] = (self.env.docname, anchor, objtype, title)
        std = self.env.get_domain("std")
        assert isinstance(std, StandardDomain)
        # the link text another project gets without a title of its own is the id itself,
        # for every kind of object (a sentence once gave "The Mill, sentence 4")
        std.note_hyperlink_target(name, self.env.docname, anchor, name)

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
        if typ not in self.object_types[objtype].roles:
            return None
        return make_refnode(builder, fromdocname, docname, anchor, contnode, title)

    def resolve_any_xref(self, env, fromdocname, builder, target, node, contnode):
        obj = self.objects.get(target)
        if obj is None:
            return []
        docname, anchor, objtype, title = obj
        return [(f"edition:{self.object_types[objtype].roles[0]}", make_refnode(builder, fromdocname, docname, anchor,
                                                 contnode, title))]

    def get_objects(self):
        """Every object with its id as the display name (``objects.inv``): a citation through
        intersphinx reads ``mill:4``, ``mill:redeals``, ``mill:redeals=two`` alike."""
        for name, (docname, anchor, objtype, _title) in self.objects.items():
            yield name, name, objtype, docname, anchor, 1


def permalink(anchor: str, what: str) -> nodes.reference:
    """A visible ``¶`` link to ``#anchor`` (class ``headerlink``, title 'Link to <what>'),
    to put at the end of the paragraph that starts the anchored element."""
    return nodes.reference("", "¶", refid=anchor, classes=["headerlink"],
                           reftitle=f"Link to {what}")


def warn_unknown(app, domain, node) -> bool | None:
    """Warn (type ``edition.unknown``, so the build fails under -W) about a citation of the
    edition that nothing resolved: neither this project nor, through intersphinx, another
    project's inventory (Sphinx emits ``warn-missing-reference`` only after both tried)."""
    if domain is not None and domain.name == "edition":
        logger.warning(f"unknown edition id {node['reftarget']!r}", location=node,
                       type="edition", subtype="unknown")
        return True
    return None


def setup(app) -> dict:
    """The light extension: the ``edition`` domain and its roles only (no pages, no corpus),
    for a project that cites an edition through intersphinx."""
    app.add_domain(EditionDomain)
    app.connect("warn-missing-reference", warn_unknown)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
