"""TEI P5 serialisation of the model, built with lxml's tree API (no string-built XML)."""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import replace
from pathlib import Path

from lxml import etree

from .. import CODE_LICENCE, LICENCE
from ..corpus.atomic import write_atomic
from ..corpus.ids import anchor
from ..corpus.readers import corpus_dir
from ..model.collate import apparatus, base_sentence_of
from ..model.engine_link import engine_games
from ..model.notes import NoteTable, note_blocks
from ..text.errors import EditionError, line_of
from ..text.normalise import RULES, Normalisation

#: the dedication to the public domain of the editors' contributions (the second licence)
CC0 = "https://creativecommons.org/publicdomain/zero/1.0/"

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
        append_text(el, text)
    return el


#: A form feed (U+000C, a page break in a scan's text layer: pdftotext writes one between
#: pages) cannot stand in XML: it is written as an empty ``pb`` element, and read back as one.
PAGE_BREAK_CHAR = "\f"


def append_text(parent, text: str) -> None:
    """Append ``text`` after the last child of ``parent`` (or as its text); each form feed in
    it becomes a ``pb`` element (:data:`PAGE_BREAK_CHAR`)."""
    first, *rest = text.split(PAGE_BREAK_CHAR)
    if first:
        last = next(reversed(parent), None)  # len(parent) counts every child: quadratic
        if last is not None:
            last.tail = (last.tail or "") + first
        else:
            parent.text = (parent.text or "") + first
    for piece in rest:
        tei("pb", parent).tail = piece or None


#: ``supplied/@reason`` of an editorial supplement (a TEI word; the editors' reason for the
#: supplement follows it in a ``note``)
SUPPLIED_REASON = "omitted-in-original"
_BRACKETED = re.compile(r"\s*\[([^\[\]]+)\]")


def supplement_pieces(reading: str, correction: str) -> list[tuple[str, bool]] | None:
    """If an emendation is an editorial supplement (its correction repeats the reading and
    adds words in square brackets, the convention of ``corpus/emendations.toml``), the
    correction as pieces ``(text, supplied?)``: the unsupplied pieces join to ``reading``;
    a supplied piece is the bracketed words without the brackets, with the space before the
    bracket. None for any other emendation."""
    pieces, pos = [], 0
    for m in _BRACKETED.finditer(correction):
        if m.start() > pos:
            pieces.append((correction[pos:m.start()], False))
        pieces.append((m.group(0).replace("[", "", 1)[:-1], True))
        pos = m.end()
    if pos < len(correction):
        pieces.append((correction[pos:], False))
    if not any(sup for _, sup in pieces) or "".join(t for t, sup in pieces if not sup) != reading:
        return None
    return pieces


def add_changes(parent, original: str, changes, notes=None) -> None:
    """Append ``original`` to ``parent`` with each change as ``choice/orig+reg`` or, for an
    emendation, ``choice/sic+corr``; an editorial supplement (:func:`supplement_pieces`) is
    the original text with the supplied words in ``supplied reason="omitted-in-original"
    resp="#editor"``, followed by ``note type="editorial" resp="#editor"`` giving the
    editors' reason. ``notes``: footnotes by the start of the change that leaves their marker
    out of the reading text (offsets in ``original``), each ``(footnote, xml:id)``: the
    footnote follows that change as ``note place="foot" n="*"`` (its text with its own
    changes), anchored where the marker stands."""
    pos = 0
    for c in changes:
        append_text(parent, original[pos:c.start])
        pieces = supplement_pieces(c.orig, c.reg) if c.kind == "emendation" else None
        if pieces is not None:
            for text, supplied in pieces:
                if supplied:
                    tei("supplied", parent, text, reason=SUPPLIED_REASON, resp="#editor")
                else:
                    append_text(parent, text)
            tei("note", parent, c.rule, type="editorial", resp="#editor")
            pos = c.end
            continue
        choice = tei("choice", parent)
        if c.kind == "emendation":
            tei("sic", choice, c.orig)
            tei("corr", choice, c.reg, resp="#editor")
        else:
            tei("orig", choice, c.orig)
            tei("reg", choice, c.reg, type=c.kind, resp=f"#rule-{c.rule}")
        if notes and c.start in notes:
            f, xid = notes[c.start]
            note = tei("note", parent, place="foot", n=f.marker, xml_id=xid)
            add_changes(note, f.original, f.changes)
        pos = c.end
    append_text(parent, original[pos:])


def normalisation_to_tei(norm: Normalisation) -> str:
    """A TEI fragment ``<text xml:space="preserve"><body><p>…`` with the normalisation as
    ``choice`` elements (the spaces between words are text: a TEI tool that drops blank text
    keeps them, as in ``export tei``).

    Raises EditionError if the text holds a character XML cannot represent (a control
    character other than tab and line breaks)."""
    bad = re.search(r"[\x00-\x08\x0b\x0e-\x1f\ufffe\uffff]", norm.original)
    if bad:
        raise EditionError(f"the text holds U+{ord(bad.group()):04X} (line "
                           f"{line_of(norm.original, bad.start())}), which XML cannot represent",
                           fix="remove control characters, or use --format json")
    text = tei("text")
    text.set(f"{{{XML_NS}}}space", "preserve")
    p = tei("p", tei("body", text))
    add_changes(p, norm.original, norm.changes)
    return etree.tostring(text, encoding="unicode", pretty_print=False)


# --- the whole edition as one TEI P5 document ---------------------------------------------

XML_WHITESPACE = frozenset(" \t\r\n")
#: elements whose content is not part of a witness's original text (editorial layers)
EDITORIAL = frozenset({"reg", "corr", "rdg", "note", "figDesc", "supplied"})
EDITION_TITLE = "Patience games: an annotated, executable edition"
BOOK_TITLE = "Пасьянсы (a nineteenth-century Russian book of patience games)"
EDITORS = ("The edition's editors",)
TRANSLATORS = "The edition's translators"


def _local(el) -> str:
    return etree.QName(el).localname if isinstance(el.tag, str) else ""


def _set_tail(el, text: str) -> None:
    """Put inter-unit whitespace after ``el``; where only elements may stand (between divs,
    heads, figures) and the text is not XML whitespace, keep it inside ``el`` instead."""
    if not text:
        return
    if set(text) <= XML_WHITESPACE | {PAGE_BREAK_CHAR} \
            or _local(el.getparent()) in ("p", "s", "head"):
        first, *rest = text.split(PAGE_BREAK_CHAR)
        el.tail = (el.tail or "") + first or None
        last = el
        for piece in rest:   # a page break between units: a pb beside them
            pb = tei("pb")
            last.addnext(pb)
            pb.tail, last = piece or None, pb
    else:
        append_text(el, text)


def _start(change) -> int:
    return change.start


def _inside(changes, a: int, b: int):
    """The changes wholly inside ``[a, b)``, rebased to ``a``; those straddling an edge are
    left out (their original text stays, as plain text). ``changes`` sorted by start (as a
    :class:`Normalisation`'s are): a binary search finds those starting in ``[a, b]``, so a
    witness of n units and m changes costs O(n log m), not O(n m) (40,000 units took 31 s)."""
    lo = bisect_left(changes, a, key=_start)
    hi = bisect_right(changes, b, lo, key=_start)
    return [replace(c, start=c.start - a, end=c.end - a) for c in changes[lo:hi]
            if c.end <= b and not (c.start == c.end == b and b != a)]


def add_text(parent, original: str, changes, entries=(), notes=None) -> None:
    """Append ``original`` to ``parent`` with normalisation changes as ``choice`` and the
    apparatus ``entries`` (offsets in ``original``) as ``app/lem+rdg``; ``notes`` as in
    :func:`add_changes` (offsets in ``original``).

    A change lying across the edge of an entry is kept as plain original text (the original
    is never lost; only that change's ``reg`` is then not encoded).
    """
    notes = notes or {}

    def within(a: int, b: int) -> dict:
        return {k - a: v for k, v in notes.items() if a <= k < b}
    pos = 0
    for e in sorted(entries, key=lambda e: (e.start, e.end)):
        if e.start < pos:
            continue   # overlapping entries cannot happen; be safe
        add_changes(parent, original[pos:e.start], _inside(changes, pos, e.start),
                    within(pos, e.start))
        app = tei("app", parent, type=e.kind, xml_id=e.anchor)
        lem = tei("lem", app, wit=" ".join(f"#{s}" for s in e.lem.sigla))
        add_changes(lem, original[e.start:e.end], _inside(changes, e.start, e.end),
                    within(e.start, e.end))
        for r in e.readings:
            rdg = tei("rdg", app, r.original or None, wit=" ".join(f"#{s}" for s in r.sigla),
                      type=r.kind)
            if r.emended:
                rdg.set("cause", "slip")
        pos = e.end
    add_changes(parent, original[pos:], _inside(changes, pos, len(original)),
                within(pos, len(original) + 1))


def _header(edition) -> etree._Element:
    header = tei("teiHeader")
    fd = tei("fileDesc", header)
    ts = tei("titleStmt", fd)
    tei("title", ts, EDITION_TITLE, type="main")
    tei("title", ts, BOOK_TITLE, type="sub")
    for i, name in enumerate(EDITORS):
        ed = tei("editor", ts, xml_id="editor" if i == 0 else f"editor{i + 1}")
        tei("name", ed, name)
    resp = tei("respStmt", ts, xml_id="translator")
    tei("resp", resp, "English translation and translator's notes")
    tei("name", resp, TRANSLATORS)
    ps = tei("publicationStmt", fd)
    tei("authority", ps, EDITORS[0])
    avail = tei("availability", ps, status="free")
    tei("licence", avail, LICENCE, target=f"https://spdx.org/licenses/{CODE_LICENCE}.html")
    tei("licence", avail, "The editors' translations, notes, glossary and emendations: CC0 1.0 "
                          "Universal.", target=CC0)
    tei("p", avail, "Exported by `edition export tei` from the edition's corpus "
                    f"(corpus fingerprint {edition.fingerprint[:16]}).")
    sd = tei("sourceDesc", fd)
    lw = tei("listWit", sd)
    for w in edition.witnesses:
        wit = tei("witness", lw, xml_id=w.siglum, n=w.siglum)
        games = [g.slug for g in edition.games if w.siglum in g.witnesses]
        wit.text = (f"{w.description.rstrip('.')}. Orthography: {w.orthography}. "
                    f"Games: {', '.join(games)}. "
                    f"File {w.path.name}, sha256 {w.sha256}.")
    enc = tei("encodingDesc", header)
    tei("variantEncoding", enc, method="parallel-segmentation", location="internal")
    ed_decl = tei("editorialDecl", enc)
    seg = tei("segmentation", ed_decl)
    tei("p", seg, "Each game is a div; its sentences are s elements whose xml:id is the "
                  "citable sentence id with ':' (and '@') written '.' (mill:4 is mill.4). "
                  "Every witness is encoded in full, in its own div type='witness', so that "
                  "reading orig, sic, lem and plain text (not reg, corr, rdg, note, "
                  "supplied) gives back each witness file exactly. Apparatus entries stand "
                  "in the base text. A footnote of the book stands twice: where the page "
                  "prints it, as fw type='footnote' (the witness's text), and in the sentence "
                  "whose marker calls it, right after that marker, as note place='foot' "
                  "(xml:id the sentence's id and .fn1, .fn2 ...), which fw/@corresp names; "
                  "where a sentence runs on over the page's foot, the printed note (with the "
                  "running head and page number there) is the orig of a choice whose reg is "
                  "empty (resp='#rule-page-furniture'), not an fw.")
    norm = tei("normalization", ed_decl, method="markup")
    for r in RULES.values():
        tei("p", norm, f"{r.name} ({r.kind}): {r.description}", xml_id=f"rule-{r.name}")
    corr = tei("correction", ed_decl, method="markup")
    ems = [(sig, c) for sig, n in edition.normalisations.items() for c in n.changes
           if c.kind == "emendation"]
    cp = tei("p", corr, f"Editorial emendations ({len(ems)}), each encoded as choice/sic+corr "
                        "or, for words the text needs but never prints (shown in square "
                        "brackets in the reading text), as supplied followed by a note "
                        "type='editorial' with the reason; the witness files are never edited:")
    lst = tei("list", cp)
    for sig, c in ems:
        tei("item", lst, f"{sig}: «{c.orig}» → «{c.reg}» — {c.rule}")
    interp = tei("interpretation", ed_decl)
    tei("p", interp, "Variant kinds (app/@type, rdg/@type): substantive, ocr, orthographic, "
                     "punctuation, as defined in extract.model.collate; rdg/@cause='slip' marks a "
                     "reading the editors emend. note type='ambiguity' records the readings of "
                     "an ambiguous rule implemented by the engine. In the English translation, "
                     "supplied resp='#translator' marks words the translators add (printed in "
                     "square brackets on the site), and note type='translator' a translator's "
                     "note, placed after the English sentence it is attached to (@target).")
    return header


class _WitnessWriter:
    """Encodes one witness, unit by unit, into a ``div type="witness"``."""

    def __init__(self, edition, siglum: str, body, entries: dict, ambiguities: dict, used: set):
        self.ed, self.sig, self.entries, self.amb, self.used = (
            edition, siglum, entries, ambiguities, used)
        self.w = edition.witness(siglum)
        self.norm = edition.normalisations[siglum]
        self.root = tei("div", body, type="witness", n=siglum, corresp=f"#{siglum}")
        self.container = self.root
        self.game_div = None
        self.game_slug: str | None = None
        self.p = None
        self.para: int | None = None
        self.sentences = {s.id: s for g in edition.games for s in g.texts.get(siglum, ())}
        #: per game, the base sentence each copy sentence reads (collate.base_sentence_of)
        self.reads: dict[str, dict[str, str]] = {}
        self._feet: list | None = None       # footnote units by start (:meth:`_foot_lines`)
        self._feet_starts: list[int] = []
        #: footnote lines (by start) -> the xml:id of the note they are encoded as (a note
        #: called again, Markdown's ``[^1]`` twice: its first call's)
        self.foot: dict[int, str] = {}
        for s in sorted(self.sentences.values(), key=lambda s: s.start):
            for k, f in enumerate(s.footnotes, 1):
                for a in self._foot_lines(f):
                    self.foot.setdefault(a, f"{anchor_id(s.id)}.fn{k}")

    def _foot_lines(self, f) -> list[int]:
        """The starts of the debris units that print footnote ``f`` (the unit's text begins
        with the marker, so it starts at or before the note's first span)."""
        if self._feet is None:    # the footnote units by start, once (a page may hold many)
            self._feet = [u for u in self.ed.units[self.sig]
                          if u.kind == "debris" and u.ref == "footnote"]
            self._feet.sort(key=lambda u: u.start)
            self._feet_starts = [u.start for u in self._feet]
        feet, starts = self._feet, self._feet_starts
        found = set()
        for a, b in f.spans:   # a unit that holds a, and those that start inside [a, b)
            k = bisect_right(starts, a) - 1
            if k >= 0 and a < feet[k].end:
                found.add(k)
            found.update(range(bisect_left(starts, a), bisect_left(starts, b)))
        return [feet[k].start for k in sorted(found)]

    def _id(self, wanted: str) -> str | None:
        if wanted in self.used:
            return None
        self.used.add(wanted)
        return wanted

    def _close_game(self):
        if self.game_div is not None and self.game_slug is not None:
            g = self.ed.game(self.game_slug)
            if g.base == self.sig:
                for a in self.amb.get(g.slug, []):
                    self._ambiguity(g, a)
        self.game_div, self.game_slug, self.p, self.para = None, None, None, None

    def _open_game(self, slug: str):
        self._close_game()
        g = self.ed.game(slug)
        attrs = {"type": "game", "n": slug}
        if g.base == self.sig:
            attrs["xml_id"] = slug
        else:
            attrs.update(subtype="witness-copy", corresp=f"#{slug}", xml_id=f"{slug}.{self.sig}")
        if g.fragment:
            attrs["subtype"] = "fragment"
        if self._id(attrs["xml_id"]) is None:
            # the game's text resumes after a line of another kind ('=== Дама. ===' again
            # under its own text): a second div of it, pointing at the first
            del attrs["xml_id"]
            attrs.update(subtype="continued", corresp=f"#{slug}")
        self.game_div = tei("div", self.container, **attrs)
        self.game_slug = slug

    def _span(self, parent, start: int, end: int):
        add_changes(parent, self.w.text[start:end], _inside(self.norm.changes, start, end))

    def write(self):
        units = self.ed.units[self.sig]
        text = self.w.text
        lead = text[:units[0].start] if units else text
        if lead:
            append_text(self.root, lead)    # a form feed before the first unit is a pb too
        for u in units:
            tail = text[u.end:u.tail]
            if u.kind in ("page-title", "debris"):   # the web page's, not the book's text
                parent = next(x for x in (self.p, self.game_div, self.container) if x is not None)
                el = tei("fw", parent, type="header" if u.kind == "page-title" else
                         "footnote" if u.ref == "footnote" else "debris")
                if u.start in self.foot:            # a footnote, encoded as a note at its marker
                    el.set("corresp", f"#{self.foot[u.start]}")
                self._span(el, u.start, u.end)
            elif u.kind == "heading":
                self._close_game()
                self.container = tei("div", self.root, type="chapter")
                el = tei("head", self.container, type="chapter")
                self._span(el, u.start, u.end)
            elif u.kind == "title":
                if u.game != self.game_slug or self.p is not None:
                    self._open_game(u.game)        # not again for the same title run in under it
                el = tei("head", self.game_div)
                self._span(el, u.start, u.end)
            elif u.kind == "figure":
                if u.game != self.game_slug:
                    self._open_game(u.game)
                self.p, self.para = None, None
                el = tei("figure", self.game_div, n=u.ref)
                fid = self._id(f"{u.game}.fig.{u.ref}" if self.ed.game(u.game).base == self.sig
                               else f"{u.game}.fig.{u.ref}.{self.sig}")
                if fid:
                    el.set(f"{{{XML_NS}}}id", fid)
                head = tei("head", el)
                self._span(head, u.start, u.end)
            else:
                el = self._sentence(u)
            _set_tail(el, tail)
        self._close_game()
        return self.root

    def _sentence(self, u):
        s = self.sentences[u.ref]
        if u.game != self.game_slug:
            self._open_game(u.game)
        if self.p is None or s.paragraph != self.para:
            self.p = tei("p", self.game_div)
            self.para = s.paragraph
        el = tei("s", self.p, n=str(s.n), xml_id=anchor_id(s.id))
        if "@" in s.id:     # a copy's sentence: the base sentence it reads (not by number)
            if u.game not in self.reads:
                self.reads[u.game] = base_sentence_of(self.ed.game(u.game))
            read = self.reads[u.game].get(s.id)
            if read is not None:
                el.set("corresp", f"#{anchor_id(read)}")
        self.used.add(anchor_id(s.id))
        notes = {f.anchor[0] - s.start: (f, f"{anchor_id(s.id)}.fn{k}")
                 for k, f in enumerate(s.footnotes, 1)}
        self.used.update(xid for _, xid in notes.values())
        add_text(el, s.original, s.changes, self.entries.get(s.id, ()), notes)
        return el

    def _ambiguity(self, g, a: dict):
        aid = f"{g.slug}:{a['id']}"
        attrs = {"type": "ambiguity", "xml_id": anchor_id(aid)}
        targets = a.get("sentences") or []
        if targets:
            attrs["target"] = " ".join(f"#{anchor_id(t)}" for t in targets)
        note = tei("note", self.game_div, **attrs)
        tei("label", note, aid)
        if a.get("question"):
            tei("p", note, a["question"])
        tei("p", note, f"Default reading: {a.get('default')}. {a.get('reason', '')}".strip())
        lst = tei("list", note)
        for r in a.get("readings", []):
            rid = r["id"] if isinstance(r, dict) else r
            label = r.get("label", "") if isinstance(r, dict) else ""
            item = tei("item", lst, f"{aid}={rid}" + (f": {label}" if label else ""),
                       xml_id=anchor_id(f"{aid}={rid}"))
            for key in ("odds", "outcome"):
                if isinstance(r, dict) and r.get(key) is not None:
                    item.text += f" ({key}: {r[key]})"


def english_id(sid: str) -> str:
    """The xml:id of a sentence's English translation: ``mill:4`` -> ``mill.4_en`` (no slug,
    siglum suffix or ambiguity id can produce it: slugs and ids hold no ``_``)."""
    return anchor_id(sid) + "_en"


NCNAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


#: the pages the site's extension writes among the games' own, ``games/<name>.md``: the
#: games' index and the engine's page; no game slug may be one of them
GAMES_INDEX, ENGINE_PAGE = "index", "engine"
SITE_PAGES = (GAMES_INDEX, ENGINE_PAGE)


def fixed_ids() -> dict[str, str]:
    """The document's own xml:ids (editors, normalisation rules), with what they are."""
    out = {("editor" if i == 0 else f"editor{i + 1}"): "the editors' id in the TEI header"
           for i in range(len(EDITORS))}
    out["translator"] = "the translators' id in the TEI header"
    out.update({f"rule-{r}": f"normalisation rule {r}" for r in RULES})
    return out


def name_problems(edition, engine: dict | None = None) -> list[str]:
    """Sigla, game slugs, the engine's ambiguity and reading ids, and the TEI's fixed ids,
    checked against each other: each must be a valid XML id (an NCName: no leading digit)
    without ``.`` (the separator of anchors) and no two may be the same, or two anchors
    (``mill.4``, ``dense-column.P13``, ``goes-doesnt-go.deal-pattern.dittography``) would
    collide. Returns one line per problem, naming the file to fix."""
    engine = engine_games() if engine is None else engine
    owners: dict[str, str] = {}
    problems: list[str] = []

    def claim(xid: str, what: str) -> None:
        if not NCNAME.fullmatch(xid):
            problems.append(f"{what}: {xid!r} cannot be an XML id or anchor (it must begin with "
                            f"a letter and hold only letters, digits, '-', '_')")
        elif xid in owners:
            problems.append(f"{what} and {owners[xid]} both make the id {xid!r}: rename one")
        else:
            owners[xid] = what
    for xid, what in fixed_ids().items():
        claim(xid, what)
    manifest, games_toml = edition.root / "manifest.toml", edition.root / "games.toml"
    lower: dict[str, str] = {}
    for w in edition.witnesses:
        claim(w.siglum, f"the siglum {w.siglum} ({manifest})")
        other = lower.setdefault(w.siglum.lower(), w.siglum)
        if other != w.siglum:   # the site's anchors are lower case (witness-xl)
            problems.append(f"the siglum {w.siglum} ({manifest}) and the siglum {other} differ "
                            f"only in case, and the site's anchors would be one "
                            f"(witness-{other.lower()}): rename one")
    for g in edition.games:
        where = games_toml if g.known else f"the title «{g.title_ru}» in witness {g.base}"
        if g.slug in SITE_PAGES:
            problems.append(f"the game slug {g.slug} ({where}) would make the page "
                            f"games/{g.slug}.html, which is the site's own: rename it")
        if not NAME.fullmatch(g.slug):
            problems.append(f"the game slug {g.slug!r} ({where}) must begin with a letter and "
                            f"hold only a-z, 0-9 and '-'")
        claim(g.slug, f"the game slug {g.slug} ({where})")
        for sig in g.witnesses:
            if sig != g.base:
                claim(anchor_id(f"{g.slug}@{sig}"), f"the copy of {g.slug} in witness {sig}")
        for a in engine.get(g.slug, {}).get("ambiguities", []):
            aid = f"{g.slug}:{a['id']}"
            if not NAME.fullmatch(a["id"]):
                problems.append(f"the ambiguity id {aid!r} (engine module of {g.slug}) must begin "
                                f"with a letter and hold only a-z, 0-9 and '-'")
            claim(anchor_id(aid), f"the ambiguity {aid}")
            for r in a.get("readings", []):
                rid = r["id"] if isinstance(r, dict) else r
                if not NAME.fullmatch(rid):
                    problems.append(f"the reading id {aid}={rid} (engine module of {g.slug}) must "
                                    f"begin with a letter and hold only a-z, 0-9 and '-'")
                claim(anchor_id(f"{aid}={rid}"), f"the reading {aid}={rid}")
    return problems


def _duplicate_ids(root) -> list[str]:
    """xml:ids used twice in a finished document (a last guard after :func:`name_problems`)."""
    seen: dict[str, str] = {}
    out = []
    for el in root.iter():
        xid = el.get(f"{{{XML_NS}}}id") if isinstance(el.tag, str) else None
        if xid is None:
            continue
        if xid in seen:
            out.append(f"xml:id {xid!r} is used by a {_local(el)} and a {seen[xid]}")
        seen[xid] = _local(el)
    return out


def anchor_id(cid: str) -> str:
    """The xml:id of a citable id (``mill:4`` -> ``mill.4``; see :func:`extract.corpus.ids.anchor`)."""
    return anchor(cid)


def _translation(edition, group) -> None:
    text = tei("text", group, type="translation")
    text.set(f"{{{XML_NS}}}lang", "en")
    body = tei("body", text)
    for g in edition.games:
        div = tei("div", body, type="game", n=g.slug, corresp=f"#{g.slug}")
        tei("head", div, g.title_en or f"{g.title_ru} (untranslated)")
        p, para, translated = None, None, False
        for s in g.cited:       # a copy's own sentences after the base's, in its paragraphs
            if not (s.english or s.note):
                continue
            if p is None or (s.witness, s.paragraph) != para:
                p, para = tei("p", div), (s.witness, s.paragraph)
            if s.english:
                el = tei("s", p, n=str(s.n), corresp=f"#{anchor_id(s.id)}",
                         xml_id=english_id(s.id))
                _english_text(el, s.english)
                translated = True
            if s.note:
                _translator_note(p, s)
        if not translated:
            tei("gap", p if p is not None else tei("p", div), reason="untranslated")


def _english_text(parent, english: str) -> None:
    """Append an English sentence to ``parent``: words in square brackets (words the English
    needs that the Russian does not print, or the editors' supplement rendered) become
    ``supplied resp="#translator"`` without the brackets; the rest is text."""
    pos = 0
    for m in re.finditer(r"\[([^\[\]]+)\]", english):
        append_text(parent, english[pos:m.start()])
        tei("supplied", parent, m.group(1), resp="#translator")
        pos = m.end()
    append_text(parent, english[pos:])


def _translator_note(parent, s) -> None:
    """The translator's note on sentence ``s`` as ``note type="translator"
    resp="#translator"``, placed right after the English sentence it is attached to:
    ``target`` is that English ``s`` (or, if the sentence is untranslated, the Russian one),
    ``corresp`` the Russian sentence; its blocks (:func:`extract.model.notes.note_blocks`) become
    ``p`` and ``table`` (``row role="label"`` for the heading)."""
    target = english_id(s.id) if s.english else anchor_id(s.id)
    note = tei("note", parent, type="translator", resp="#translator", target=f"#{target}",
               corresp=f"#{anchor_id(s.id)}", n=s.id)
    for block in note_blocks(s.note):
        if isinstance(block, NoteTable):
            table = tei("table", note)
            for i, cells in enumerate((block.head, *block.rows)):
                row = tei("row", table, role="label") if i == 0 else tei("row", table)
                for cell in cells:
                    tei("cell", row, cell)
        else:
            tei("p", note, block)


def edition_to_tei(edition) -> etree._ElementTree:
    """The whole edition as one TEI P5 document (an lxml ElementTree).

    Shape: ``TEI/teiHeader`` (titleStmt, publicationStmt, sourceDesc/listWit with one
    ``witness xml:id=SIGLUM`` each, encodingDesc with the normalisation rules and the
    emendations) and ``TEI/text/group`` holding the Russian ``text`` (one ``div
    type="witness"`` per witness, in manifest order, holding its page title ``fw``, chapter
    ``div``s with their ``head``, and one ``div type="game"`` per game with ``head``, ``p``,
    ``s xml:id``, ``figure``, ``choice``, ``app`` and ``note type="ambiguity"``) and the
    English ``text`` whose ``s/@corresp`` point at the Russian sentences.
    Raises EditionError (from the model, the collation or the engine registry).
    """
    clashes = name_problems(edition)
    if clashes:
        raise EditionError("names that would collide in the TEI (and as anchors):\n  "
                           + "\n  ".join(clashes), edition.root,
                           fix="rename the siglum (manifest.toml) or slug (games.toml) named")
    root = tei("TEI")
    root.set(f"{{{XML_NS}}}lang", "ru")
    root.append(_header(edition))
    outer = tei("text", root)
    outer.set(f"{{{XML_NS}}}space", "preserve")   # whitespace in the witnesses is text
    group = tei("group", outer)
    ru = tei("text", group, type="original")
    ru.set(f"{{{XML_NS}}}lang", "ru")
    body = tei("body", ru)
    entries: dict[str, list] = {}
    for g in edition.games:
        for e in apparatus(edition, g):
            entries.setdefault(e.sentence, []).append(e)
    amb = {slug: info.get("ambiguities", []) for slug, info in engine_games().items()}
    used: set[str] = {w.siglum for w in edition.witnesses}
    for w in edition.witnesses:
        _WitnessWriter(edition, w.siglum, body, entries, amb, used).write()
    _translation(edition, group)
    dups = _duplicate_ids(root)
    if dups:
        raise EditionError("the TEI would hold the same xml:id twice:\n  " + "\n  ".join(dups[:10]),
                           edition.root, fix="rename the siglum, slug or id named (see "
                                             "`edition check`)")
    return etree.ElementTree(root)


def tei_bytes(tree) -> bytes:
    """Serialise a TEI tree as UTF-8 XML with a declaration (no pretty printing: the text's
    whitespace is significant)."""
    return etree.tostring(tree, xml_declaration=True, encoding="UTF-8")


def write_tei(edition, out) -> Path:
    """Write the edition's TEI to ``out`` atomically (temporary file, then rename)."""
    out = Path(out)
    data = tei_bytes(edition_to_tei(edition))
    out.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(out, data)
    return out


def _original_text(el) -> str:
    parts = [el.text or ""]
    for child in el:
        if isinstance(child.tag, str) and _local(child) == "pb":
            parts.append(PAGE_BREAK_CHAR)
        elif isinstance(child.tag, str) and _local(child) not in EDITORIAL:
            parts.append(_original_text(child))
        parts.append(child.tail or "")
    return "".join(parts)


def regenerate_witness_text(tree, siglum: str) -> str:
    """The original text of witness ``siglum`` read back from a TEI tree (or its root).

    Reads the plain text and ``orig``, ``sic`` and ``lem`` of the witness's ``div
    type="witness"``, leaving out ``reg``, ``corr``, ``rdg``, ``note`` and ``figDesc``.
    Raises KeyError if the document has no such witness.
    """
    root = tree.getroot() if hasattr(tree, "getroot") else tree
    found = root.xpath("//t:div[@type='witness'][@n=$sig]", namespaces={"t": TEI_NS}, sig=siglum)
    if not found:
        raise KeyError(siglum)
    div = found[0]
    return _original_text(div)


def tei_out_guard(out: Path, corpus: Path | None) -> None:
    """Refuse a TEI output file ``out`` (as given) that is a symbolic link, a device, a pipe
    or anything else but a regular file (the export writes a new file and renames it over
    ``out``, which would replace the link or the device with a file), one inside the corpus
    (data only), or an existing file that is no earlier TEI export (a manifest, a README, any
    other XML), which the export would replace. Raises EditionError naming the file and the fix before anything is
    written."""
    fix = "give --out a new file name, or an earlier export's (e.g. --out edition.tei.xml)"
    if out.is_symlink():
        raise EditionError("--out is a symbolic link: the export would replace the link with "
                           "a file", out, fix="give --out the file the link points to, or a "
                                              "new file name")
    if out.exists() and not out.is_file() and not out.is_dir():
        raise EditionError("--out is not a regular file (a device or a pipe?): the export "
                           "would replace it with a file", out, fix=fix)
    out = out.resolve()
    data = corpus_dir(corpus).resolve()
    if out.is_relative_to(data):
        raise EditionError(f"--out lies inside the corpus ({data}), which holds data only",
                           out, fix=fix)
    if out.is_dir():
        raise EditionError("--out is a folder; the TEI export is one file", out, fix=fix)
    if out.is_file() and out.stat().st_size:
        with open(out, "rb") as f:
            head = f.read(512).lstrip()
        # (any XML file passed: ``<x/>``, an XSLT, another project's data; only an earlier
        # export is replaced, its root a TEI element)
        if not re.match(rb"(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*)*<TEI[\s>]", head, re.S):
            raise EditionError("--out names an existing file that is no TEI export (its root "
                               "is not a TEI element): the export would replace it", out,
                               fix=fix)
