"""Citing the edition: ids in objects.inv with their anchors, ¶ links and highlighted targets on
the site, stable glossary anchors, and another Sphinx project that cites sentences, ambiguities
and readings through intersphinx (alone, and with the light extension)."""
from __future__ import annotations

import html
import re
import shutil
import subprocess
import sys
from pathlib import Path

from lxml import html as lhtml
from sphinx.util.inventory import InventoryFile

from extract.intake.checks import engine_games
from extract.corpus.glossary import load_glossary
from extract.corpus.ids import anchor

BASE = "https://edition.example.org/patience/"


def inventory(site: Path) -> dict:
    with (site / "objects.inv").open("rb") as f:
        inv = InventoryFile.load(f, BASE, lambda base, uri: base + uri)
    # Sphinx 8 returns {type: {name: tuple}}, Sphinx 9 an Inventory object with .data
    data = getattr(inv, "data", inv)
    return {typ: {name: (item.uri if hasattr(item, "uri") else item[2]) for name, item in d.items()}
            for typ, d in data.items()}


def test_inventory_states_the_toolkits_version(site):
    """A citing project sees which edition it cites: the inventory's header names the
    version that pyproject.toml gives (it was empty)."""
    import tomllib
    want = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml")
                         .read_text(encoding="utf-8"))["project"]["version"]
    head = (site / "objects.inv").read_bytes().split(b"\n")[:3]
    assert head[2].decode() == f"# Version: {want}", head


def ambiguity_ids() -> list[tuple[str, str, list[str]]]:
    """(game, ambiguity id, [reading ids]) of every ambiguity the engine declares."""
    out = []
    for slug, g in engine_games().items():
        for a in g.get("ambiguities", []):
            readings = [r["id"] if isinstance(r, dict) else r for r in a["readings"]]
            out.append((slug, f"{slug}:{a['id']}", [f"{slug}:{a['id']}={r}" for r in readings]))
    return out


def test_inventory_holds_every_citable_id_at_its_anchor(site, edition):
    inv = inventory(site)
    sentences = [s for g in edition.games for s in g.sentences]
    amb = ambiguity_ids()
    assert sentences and amb
    for s in sentences:
        url = f"{BASE}games/{s.game}.html#{anchor(s.id)}"
        assert inv["edition:sentence"][s.id] == url
        assert inv["std:label"][s.id] == url
    for slug, aid, readings in amb:
        assert inv["edition:ambiguity"][aid] == f"{BASE}games/{slug}.html#{anchor(aid)}"
        assert inv["std:label"][aid] == f"{BASE}games/{slug}.html#{anchor(aid)}"
        for rid in readings:
            assert inv["edition:reading"][rid] == f"{BASE}games/{slug}.html#{anchor(rid)}"
    assert anchor("goes-doesnt-go:deal-pattern=dittography") == "goes-doesnt-go.deal-pattern.dittography"


def test_inventory_holds_every_apparatus_entry_at_its_anchor(site, edition, tmp_path):
    """The README cites an apparatus entry (``dense-column:app-1``): it is in the inventory
    (``edition:apparatus`` and a ``std:label``) at its anchor, and another project cites it
    with the light extension's ``app`` role or with ``:ref:`` (a newcomer's find: the
    entries were missing from objects.inv)."""
    from extract.model.collate import apparatus
    inv = inventory(site)
    entries = [(g.slug, e) for g in edition.games if len(g.witnesses) > 1
               for e in apparatus(edition, g)]
    assert any(e.id == "dense-column:app-1" for _slug, e in entries)
    for slug, e in entries:
        url = f"{BASE}games/{slug}.html#{e.anchor}"
        assert inv["edition:apparatus"][e.id] == url and inv["std:label"][e.id] == url
    assert e.anchor == anchor(e.id)
    r = build_client(tmp_path, site, ["sphinx.ext.intersphinx", "extract.sphinxext.domain"], {
        "sentence": ":edition:app:`dense-column:app-1`",
        "ambiguity": ":external+edition:ref:`dense-column:app-1`",
        "reading": ":edition:rule:`mill:4`"})
    assert r.returncode == 0, r.stderr
    want = BASE + "games/dense-column.html#dense-column.app-1"
    assert links(tmp_path) == {"dense-column:app-1": want, "mill:4": BASE + "games/mill.html#mill.4"}
    # the role says what it cites: a sentence is no apparatus entry, and the reverse
    (tmp_path / "wrong").mkdir()
    r = build_client(tmp_path / "wrong", site, ["sphinx.ext.intersphinx",
                                                "extract.sphinxext.domain"], {
        "sentence": ":edition:app:`mill:4`", "ambiguity": "none", "reading": "none"})
    assert r.returncode != 0 and "mill:4" in r.stderr


def test_each_role_resolves_only_its_own_kind_of_object():
    """Inside the edition, ``{rule}`` cites a sentence, ``{interp}`` an ambiguity or a
    reading, ``{app}`` an apparatus entry; a role given another kind's id resolves to
    nothing (and so is warned about), and ``any`` names the right role."""
    from types import SimpleNamespace
    from docutils import nodes
    from extract.sphinxext.domain import EditionDomain
    env = SimpleNamespace(domaindata={}, docname="games/mill")
    dom = EditionDomain(env)
    kinds = {"mill:4": "sentence", "mill:redeals": "ambiguity", "mill:redeals=two": "reading",
             "dense-column:app-1": "apparatus"}
    for name, kind in kinds.items():
        dom.objects[name] = ("games/x", name.replace(":", ".").replace("=", "."), kind, name)
    builder = SimpleNamespace(get_relative_uri=lambda _from, to: to + ".html")
    role_of = {"sentence": "rule", "ambiguity": "interp", "reading": "interp",
               "apparatus": "app"}
    for role in ("rule", "interp", "app"):
        for name, kind in kinds.items():
            got = dom.resolve_xref(env, "index", builder, role, name, None, nodes.Text(name))
            assert (got is not None) == (role_of[kind] == role), (role, name)
            if got is not None:
                assert got["refuri"] == "games/x.html#" + name.replace(":", ".").replace("=", ".")
        assert dom.resolve_xref(env, "index", builder, role, "mill:99", None,
                                nodes.Text("mill:99")) is None
    for name, kind in kinds.items():
        [(role, _node)] = dom.resolve_any_xref(env, "index", builder, name, None, nodes.Text(name))
        assert role == f"edition:{role_of[kind]}"


def test_every_ambiguity_and_reading_has_a_permalink_to_its_own_anchor(site):
    by_game: dict[str, list[str]] = {}
    for slug, aid, readings in ambiguity_ids():
        by_game.setdefault(slug, []).extend([aid, *readings])
    for slug, ids in by_game.items():
        doc = lhtml.fromstring((site / "games" / f"{slug}.html").read_bytes())
        for cid in ids:
            el = doc.get_element_by_id(anchor(cid))
            links = [a for a in el.iter("a") if "headerlink" in a.get("class", "").split()
                     and a.get("href") == f"#{anchor(cid)}"]
            assert len(links) == 1, (slug, cid)
            assert links[0].text_content() == "¶" and cid in links[0].get("title")


def test_glossary_anchors_come_from_the_lemma_not_the_position(site, edition, corpus_copy):
    doc = lhtml.fromstring((site / "glossary.html").read_bytes())
    for t in edition.glossary:
        assert re.fullmatch(r"term-[a-z0-9]+(-[a-z0-9]+)*", t.anchor), t.anchor
        assert doc.get_element_by_id(t.anchor).text_content().startswith(t.display)
    assert next(t for t in edition.glossary if t.display == "крапом вверх").anchor == "term-krap-vverkh"
    # a new first entry changes no other entry's anchor
    path = corpus_copy / "glossary.toml"
    text = path.read_text(encoding="utf-8")
    head, sep, rest = text.partition("[[term]]")
    path.write_text(head + '[[term]]\nlemma = "бубна"\ndisplay = "бубны"\nenglish = "diamonds"\n\n'
                    + sep + rest, encoding="utf-8")
    before = {t.display: t.anchor for t in edition.glossary}
    after = {t.display: t.anchor for t in load_glossary(corpus_copy)}
    assert after.pop("бубны") == "term-bubna"
    assert after == before


def test_home_page_documents_the_id_forms(site):
    text = html.unescape(re.sub(r"<[^>]+>", "", (site / "index.html").read_text(encoding="utf-8")))
    for form in ("<game>:<n>", "<game>:<ambiguity>", "<game>:<ambiguity>=<reading>", "#mill.4",
                 "#goes-doesnt-go.deal-pattern.dittography", ":external+edition:ref:`mill:4`",
                 ":edition:rule:`mill:4`", "extract.sphinxext.domain"):
        assert form in text, form


def test_every_game_page_says_where_its_ids_are_explained(site, edition):
    """A reader meets the ids on a game page: its key names one of them as the citation and
    links to the home page, where How to cite is (a newcomer's find: no game page said so)."""
    for g in edition.games:
        page = lhtml.parse(str(site / "games" / f"{g.slug}.html")).getroot()
        [key] = page.find_class("edition-key")
        text = key.text_content()
        assert f"The id beside a sentence ({g.sentences[0].id}) is its stable citation" in text
        assert [a.get("href") for a in key.iter("a")] == ["../index.html"], g.slug
        assert "How to cite" in (site / "index.html").read_text(encoding="utf-8")


def test_target_is_highlighted_when_reached(site):
    from playwright.sync_api import sync_playwright
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    target = "goes-doesnt-go.deal-pattern.dittography"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, headless=True,
                              args=["--no-sandbox", "--disable-gpu"])
        page = b.new_page()
        page.goto((site / "games" / "goes-doesnt-go.html").as_uri() + "#" + target)

        def bg(i):
            return page.evaluate(f"getComputedStyle(document.getElementById('{i}'))"
                                 f".backgroundColor")
        reached, other = bg(target), bg("goes-doesnt-go.deal-pattern.running-count")
        link = page.locator(f"[id='{target}'] a.headerlink")
        visible = link.is_visible()
        b.close()
    assert reached != other and other in ("rgba(0, 0, 0, 0)", "transparent")
    assert visible


CITING_PAGE = """\
Citing the edition
==================

A sentence: {sentence}.

An ambiguity: {ambiguity}.

A reading: {reading}.
"""


def build_client(tmp_path: Path, site: Path, extensions: list[str],
                 roles: dict) -> subprocess.CompletedProcess:
    """Build a tiny Sphinx project citing the edition through intersphinx (the inventory read
    from the built site's objects.inv by file path), with -W so that an unresolved citation
    fails the build; its page is ``tmp_path/out/index.html``."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        f"project = 'client'\nextensions = {extensions!r}\n"
        f"intersphinx_mapping = {{'edition': ({BASE!r}, {str(site / 'objects.inv')!r})}}\n",
        encoding="utf-8")
    (src / "index.rst").write_text(CITING_PAGE.format(**roles), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(src),
                           str(tmp_path / "out")], capture_output=True, text=True)


def links(tmp_path: Path) -> dict[str, str]:
    """Link text -> href of the client page's links into the edition."""
    doc = lhtml.fromstring((tmp_path / "out" / "index.html").read_bytes())
    return {a.text_content(): a.get("href") for a in doc.iter("a") if a.get("href", "").startswith(BASE)}


EXPECTED = {
    "mill:4": BASE + "games/mill.html#mill.4",
    "goes-doesnt-go:deal-pattern": BASE + "games/goes-doesnt-go.html#goes-doesnt-go.deal-pattern",
    "goes-doesnt-go:deal-pattern=dittography":
        BASE + "games/goes-doesnt-go.html#goes-doesnt-go.deal-pattern.dittography",
}


def test_client_cites_through_intersphinx_alone(site, tmp_path):
    r = build_client(tmp_path, site, ["sphinx.ext.intersphinx"], {
        "sentence": ":external+edition:ref:`mill:4 <mill:4>`",
        "ambiguity": ":ref:`goes-doesnt-go:deal-pattern <edition:goes-doesnt-go:deal-pattern>`",
        "reading": ":external+edition:ref:`goes-doesnt-go:deal-pattern=dittography "
                   "<goes-doesnt-go:deal-pattern=dittography>`"})
    assert r.returncode == 0, r.stderr
    assert links(tmp_path) == EXPECTED


def test_client_cites_with_the_light_extension(site, tmp_path):
    r = build_client(tmp_path, site, ["sphinx.ext.intersphinx", "extract.sphinxext.domain"], {
        "sentence": ":edition:rule:`mill:4`",
        "ambiguity": ":external+edition:edition:interp:`goes-doesnt-go:deal-pattern`",
        "reading": ":edition:interp:`goes-doesnt-go:deal-pattern=dittography`"})
    assert r.returncode == 0, r.stderr
    found = links(tmp_path)
    assert sorted(found.values()) == sorted(EXPECTED.values())
    assert found == EXPECTED                        # the link text is the id, for every kind
    assert not (tmp_path / "src" / "games").exists()   # the light extension writes no pages


def _link_styles(tmp_path: Path) -> dict[str, tuple]:
    """Link text -> (the link's classes, the tags and classes inside it) of the client page's
    links into the edition; the class naming the role (``edition-rule``, ``edition-interp``)
    is left out: it says which role made the link and carries no style."""
    doc = lhtml.fromstring((tmp_path / "out" / "index.html").read_bytes())

    def cls(e) -> str:
        return " ".join(c for c in (e.get("class") or "").split()
                        if c not in ("edition-rule", "edition-interp"))
    return {a.text_content(): (cls(a), tuple((e.tag, cls(e)) for e in a.iterdescendants()))
            for a in doc.iter("a") if a.get("href", "").startswith(BASE)}


def test_client_link_text_is_the_id_styled_alike_for_every_kind(site, tmp_path):
    """Cited without a title of the author's own, a sentence, an ambiguity and a reading read
    as their ids, and their links are made alike (issue 21: a sentence read 'The Mill,
    sentence 4' while the others read as ids)."""
    for sub, extensions, roles in [
            ("ref", ["sphinx.ext.intersphinx"],
             {"sentence": ":external+edition:ref:`mill:4`",
              "ambiguity": ":external+edition:ref:`goes-doesnt-go:deal-pattern`",
              "reading": ":external+edition:ref:`goes-doesnt-go:deal-pattern=dittography`"}),
            ("domain", ["sphinx.ext.intersphinx", "extract.sphinxext.domain"],
             {"sentence": ":edition:rule:`mill:4`",
              "ambiguity": ":edition:interp:`goes-doesnt-go:deal-pattern`",
              "reading": ":edition:interp:`goes-doesnt-go:deal-pattern=dittography`"})]:
        out = tmp_path / sub
        out.mkdir()
        r = build_client(out, site, extensions, roles)
        assert r.returncode == 0, r.stderr
        assert links(out) == EXPECTED, sub
        styles = _link_styles(out)
        assert len(set(styles.values())) == 1, (sub, styles)


def test_client_build_fails_on_an_unknown_id(site, tmp_path):
    r = build_client(tmp_path, site, ["sphinx.ext.intersphinx", "extract.sphinxext.domain"], {
        "sentence": ":edition:rule:`mill:99`", "ambiguity": ":edition:rule:`mill:4`",
        "reading": "none"})
    assert r.returncode != 0 and "unknown edition id 'mill:99'" in r.stderr


def test_engine_reference_links_each_executed_sentence_back_to_the_text(site, edition):
    """On the engine page, every sentence id a function executes is a link to that sentence
    on its game page, and the anchor is there."""
    from engine import games
    doc = lhtml.parse(str(site / "games" / "engine.html")).getroot()
    links = {a.text_content(): a.get("href") for a in doc.iter("a")
             if "edition-rule" in (a.find("code").get("class") if a.find("code") is not None else "")}
    wanted = {i for slug in engine_games() for e in games.entries(slug) for i in e["ids"]}
    known = {s.id for g in edition.games for s in g.sentences}
    assert wanted and wanted <= known
    assert set(links) == wanted
    for sid, href in links.items():
        page, _, frag = href.partition("#")
        assert frag == anchor(sid)
        target = lhtml.parse(str(site / "games" / page)).getroot()
        assert target.get_element_by_id(frag) is not None, sid
