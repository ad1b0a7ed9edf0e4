"""``edition add FILE``: take a new witness into the corpus.

The file is checked (exists, UTF-8, not empty), its siglum chosen (``--siglum`` or the roman
numeral of its chapter heading), and the whole addition is tried on a scratch copy of the
corpus first: the model is built with the new witness, so its chapter heading, game titles and
sentences are found exactly as on every build. Only when that succeeds is the real corpus
changed: the file is copied verbatim (a leading byte order mark aside, see
:mod:`extract.text.characters`) into ``corpus/witnesses/``, a ``[[witness]]`` entry with
its sha256 is appended to ``manifest.toml`` (as text: comments and layout are kept) and the new
sentence ids are recorded in ``ids.lock`` (existing ids untouched). Each write is atomic; any
error leaves the corpus as it was and names the file and the fix.

A new copy of a known game joins that game's witnesses and is collated on the next build; a
game the edition has never seen builds into a page with original and normalised text, marked
untranslated and not executable, and ``edition check`` lists what it lacks.

The siglum, when not given, is derived: the chapter heading's numeral (``XLVIII``), else the
page number of a web page title (``Пасьянсы - страница 16`` gives ``P16``), else the file's
name (``kopiya-b.txt`` gives ``kopiya-b``), else ``W`` and the witness's number; a derived
siglum that is taken gets a letter (``XLb``). Text before the first title that continues a
game the edition knows (most of its word pairs stand in that game's text) is taken as a
partial witness of that game (``fragment = "<slug>"`` in the manifest), so it is collated,
with a lacuna for what the page lacks. ``dry_run`` does all of this on the scratch copy and
writes nothing.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..corpus import ids as idlock
from ..corpus.atomic import TMP_PREFIX, corpus_lock, write_atomic
from ..corpus.ids import slugify, title_slug
from ..corpus.readers import (SIGLUM, corpus_dir, decode_witness, load_games, load_marks,
                              load_witnesses, mixed_word)
from ..corpus.structure import (MARKS_FILE, UNREAD_TEMPLATE_LINE, analyse, heading_text, key,
                                ocr_title, side_column, two_columns, unwrap_lines)
from ..model.collate import apparatus_lock
from ..model.edition import build_edition
from ..text.characters import bad_in_field, compose, private_use_warning, strip_bom
from ..text.errors import EditionError, line_finder, line_of
from ..text.normalise import Normalisation, ambiguous_endings, normalise
from ..text.words import count

PRE_REFORM = re.compile(r"[ѣѢіІѳѲѵѴ]|[бвгджзклмнпрстфхцчшщ]ъ\b", re.I)


#: how many new ids a dry run lists before it says how many more there are
SHOWN_IDS = 20


@dataclass(frozen=True)
class Added:
    """What ``add_witness`` did (or, with ``dry_run``, would do): the siglum, the stored
    file, the orthography, the games found (slug, known to the edition?, sentences) and how
    many ids were recorded; ``siglum_from`` says where a derived siglum came from;
    ``units`` the witness's units as ``(kind, first line, last line, game or id, text)``;
    ``new_id_list`` the new sentence ids; ``warnings`` ``(line, message)``; ``fragment`` the
    known game the text before the first title continues (or None); ``source`` the file
    given; ``bom`` whether the file began with a byte order mark (not stored: the witness
    is the text after it, and ``sha256`` in the manifest is that of the stored file);
    ``composed`` how many combining marks were composed with the letter before them (a
    decomposed ``й``: the witness is stored composed, :func:`extract.text.characters.compose`);
    ``title_composed`` likewise for the description given by ``--title``."""

    siglum: str
    file: Path
    orthography: str
    games: tuple[tuple[str, bool, int], ...]
    new_ids: int
    dry_run: bool = False
    siglum_from: str = "given"
    units: tuple[tuple[str, int, int, str, str], ...] = ()
    new_id_list: tuple[str, ...] = ()
    warnings: tuple[tuple[int, str], ...] = ()
    fragment: str | None = None
    source: Path | None = None
    bom: bool = False
    composed: int = 0
    title_composed: int = 0
    #: ``(id, original text less page furniture inside it)`` of every sentence of the
    #: witness, game by game (:attr:`extract.model.edition.Sentence.book_text`)
    sentence_texts: tuple[tuple[str, str], ...] = ()
    #: ``(new, retired)`` apparatus ids: entries the new copy adds, and locked ones that no
    #: entry claims any more (variations it merged), retired with the reason in the lock
    apparatus_ids: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    #: ``(game, marker, text)`` of every footnote attached to a sentence of the witness (its
    #: text on one line, a word divided at a line end joined), in text order
    footnotes: tuple[tuple[str, str, str], ...] = ()

    def _apparatus_lines(self) -> list[str]:
        new, gone = self.apparatus_ids
        verb = "would be" if self.dry_run else "are"
        out = []
        if new:
            out.append(f"  new apparatus ids ({len(new)}): {', '.join(new[:SHOWN_IDS])}"
                       + (f", … and {len(new) - SHOWN_IDS} more" if len(new) > SHOWN_IDS else ""))
        if gone:
            out.append(f"  apparatus ids that {verb} retired (the new copy merges their "
                       f"variations with others): {', '.join(gone)}")
        return out

    def _bom_line(self) -> list[str]:
        verb = "would not be" if self.dry_run else "is not"
        return ([f"  the byte order mark at the start of {self.source or 'the file'} {verb} "
                 f"stored (it marks the file's encoding, it is not text): the witness is the "
                 f"file's text after it, byte for byte"]
                if self.bom else []) + self._composed_line()

    def _composed_line(self) -> list[str]:
        verb = "would be" if self.dry_run else "are"
        n = self.composed
        return ([f"  the decomposed letters of {self.source or 'the file'} ({n}, a letter and a "
                 f"combining mark each) {verb} stored composed (NFC: й, ё one character each, as "
                 f"typed): the witness is the file's text composed"] if n else []) + (
            [f"  the decomposed letters of --title ({self.title_composed}, a letter and a "
             f"combining mark each) {verb} stored composed (NFC), as the witness's text is"]
            if self.title_composed else [])

    def report(self) -> str:
        """A few lines for the command line (with ``dry_run``, the whole finding)."""
        if self.dry_run:
            return self._dry_report()
        lines = [f"added witness {self.siglum} ({self.orthography} spelling) as {self.file}"]
        if self.siglum_from != "given":
            lines.append(f"  siglum {self.siglum} derived from {self.siglum_from}")
        lines += self._bom_line()
        for slug, known, n in self.games:
            what = ("another copy of a known game: collated on the next build" if known else
                    "a new game: untranslated, not executable (see `edition check`)")
            lines.append(f"  {slug}: {count(n, 'sentence')} — {what}")
        lines.append(f"  {count(self.new_ids, 'new sentence id')} recorded in ids.lock")
        lines += self._apparatus_lines()
        lines += [f"  warning: {self.source or self.file}:{n}: {m}" for n, m in self.warnings]
        return "\n".join(lines)

    def _dry_report(self) -> str:
        out = [f"dry run: nothing written. Witness {self.siglum} (siglum: {self.siglum_from}), "
               f"{self.orthography} spelling, would be stored as {self.file}",
               *self._bom_line(), "units:"]
        for kind, a, b, ref, text in self.units:
            lines = f"line {a}" if a == b else f"lines {a}-{b}"
            out.append(f"  {lines:12} {kind:10} {ref:24} {text}")
        out.append("games:")
        for slug, known, n in self.games:
            what = "known game, collated" if known else "new game"
            out.append(f"  {slug}: {n} sentence{'' if n == 1 else 's'} ({what})")
        shown = self.new_id_list[:SHOWN_IDS]
        more = len(self.new_id_list) - len(shown)
        out.append(f"new sentence ids ({len(self.new_id_list)}): "
                   + (", ".join(shown) or "none") + (f", … and {more} more" if more > 0 else ""))
        out += self._apparatus_lines()
        guesses = [str(a) for _, a, _, _, t in self.units if "   <- guess: " in t]
        if guesses:
            out.append(f"guesses (the finder went by the shape of the line; check these): "
                       f"line{'s' if len(guesses) > 1 else ''} {', '.join(guesses)}")
        out.append("warnings:" if self.warnings else "warnings: none")
        out += [f"  {self.source or self.file}:{n}: {m}" for n, m in self.warnings]
        return "\n".join(out)


#: the share of a text's Cyrillic words spelt the old way (:data:`PRE_REFORM`) from which
#: it is pre-reform: a pre-reform page has 20-60% (every word ending in a consonant takes
#: ъ; 21% where OCR lost most of them), a modern reprint that quotes the old spelling a
#: few per cent (6.5% in a tester's page)
PRE_REFORM_SHARE = 0.12
_CYRILLIC_WORD = re.compile(r"[А-Яа-яЁёѣѢіІѳѲѵѴ]+")


def detect_orthography(text: str) -> str:
    """``"pre-reform"`` if at least :data:`PRE_REFORM_SHARE` of the text's words have ѣ, і,
    ѳ, ѵ or a word-final ъ, else ``"modern"`` (a modern text quoting the old spelling is
    modern)."""
    words = _CYRILLIC_WORD.findall(text)
    old = sum(1 for w in words if PRE_REFORM.search(w + " "))
    return "pre-reform" if words and old >= PRE_REFORM_SHARE * len(words) else "modern"


def _toml_str(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)   # a JSON string is a valid TOML basic string


SCRATCH_PREFIX = "edition-add-"


def clean_scratch() -> list[Path]:
    """Remove scratch corpora (``$TMPDIR/edition-add-<pid>-*``) left by an ``add`` that was
    killed: those whose process is gone. Returns what was removed."""
    gone = []
    for p in Path(tempfile.gettempdir()).glob(f"{SCRATCH_PREFIX}*-*"):
        pid = p.name[len(SCRATCH_PREFIX):].split("-", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
            continue            # still running
        except ProcessLookupError:
            pass
        except PermissionError:
            continue            # another user's live process
        shutil.rmtree(p, ignore_errors=True)
        gone.append(p)
    return gone


def clean_temporaries(root: Path) -> list[Path]:
    """Remove temporary files a killed writer left in the corpus (``.tmp-*``, ``*.tmp``); call only
    while holding the corpus lock (no writer is then at work)."""
    gone = [p for p in Path(root).rglob("*")
            if p.is_file() and (p.name.startswith(TMP_PREFIX) or p.name.endswith(".tmp"))]
    for p in gone:
        p.unlink()
    return gone


def orphan_witness(root: Path, digest: str) -> str | None:
    """The name of a witness file with this sha256 left in ``witnesses/`` by an interrupted
    ``add`` (no manifest entry), so that adding the file again reuses it; else None."""
    folder = root / "witnesses"
    for p in sorted(folder.glob(f"*_{digest[:16]}.txt")) if folder.is_dir() else []:
        if hashlib.sha256(p.read_bytes()).hexdigest() == digest:
            return p.name
    return None


#: an untitled text with at least this many words is taken in as a fragment of a game (a
#: page from inside a game); a shorter one is refused as "no game found"
MIN_FRAGMENT_WORDS = 20


def _free(base: str, taken: set[str]) -> str:
    """``base``, or with the first letter b, c, ... that makes it untaken."""
    for suffix in [""] + [chr(c) for c in range(ord("b"), ord("z") + 1)]:
        if base + suffix not in taken:
            return base + suffix
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


#: a line this long holds a page or more: its line breaks were lost on the way
LONG_LINE = 2000


#: Wikisource's transclusion of an index's pages (``<pages index="X.djvu" from=192 to=193
#: />``): the chapter's page holds only this tag, its text lives on the pages it names
_PAGES_TAG = re.compile(r"<pages\b([^<>]*)>", re.I)
_TAG_ATTRIBUTE = re.compile(r"""\b(index|from|to)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'/>]+))""",
                            re.I)


def _transclusion(text: str, src) -> EditionError | None:
    """The refusal of ``src``, a page with no game whose text is transcluded from an index's
    pages by a ``<pages index=... />`` tag, naming the tag's line and what to copy, else None.
    Such a page's wikitext names where its text is and holds none of it, so a message about
    titles would send the editor looking for what is not there."""
    m = _PAGES_TAG.search(text)
    if m is None:
        return None
    field = {a.group(1).lower(): next(v for v in a.groups()[1:] if v is not None).strip()
             for a in _TAG_ATTRIBUTE.finditer(m.group(1))}
    if "index" not in field:
        return None
    index, first, last = field.get("index", ""), field.get("from", ""), field.get("to", "")
    pages = (f"pages {first}-{last}" if first and last and first != last else
             f"page {first or last}" if first or last else "the pages")
    n = line_of(text, m.start())
    where = f"Страница:{index}/{first or '<N>'}" + (f" to /{last}" if last and last != first
                                                     else "")
    return EditionError(
        f"no game found: the text is not in this file: line {n} transcludes {pages} of the "
        f"index '{index}' ({m.group().strip()}), and Wikisource shows their text only on the "
        f"rendered page", src, n,
        fix=f"copy the chapter's text as the rendered page shows it (from the browser, or the "
            f"page's 'print' or export), or the wikitext of the pages it transcludes ({where}, "
            f"one after another, in one file), and add that file instead")


def _near_titles(text: str, layout) -> list[tuple[int, str]]:
    """The first three lines of ``text`` that look like a game's title and were not taken as
    one, each ``(line, why)``: a subheading, a group heading, or a paragraph that opens with
    markup (bold, italics, an HTML heading), for the message of a page with no game; a short
    line set far to the right (16 blanks or more: read as a signature's place); then a
    game a chapter heading names that stands inside a line (``... ПАСЬЯНСЫ. Кругъ. Берутъ``),
    said of a line of :data:`LONG_LINE` characters or more to have lost its line breaks."""
    out = []
    for p in layout.parts:
        first = text[p.start:p.end].split("\n", 1)[0].strip()
        if p.kind == "debris" and p.label == "subheading":
            why = "taken as a subheading"
        elif p.kind == "heading" and not p.label:
            why = "taken as a heading over a group of games"
        elif p.kind == "prose" and re.match(r"(?:\*|_|''|<h\d)", first, re.I):
            why = "taken as text: its markup or its end (a colon, no stop) keeps it from " \
                  "reading as a title"
        else:
            continue
        short = first if len(first) <= 60 else first[:57] + "..."
        out.append((line_of(text, p.start), f"line {line_of(text, p.start)} {short!r} looks "
                                             f"like a title but was {why}"))
        if len(out) == 3:
            return out
    # a short line set far to the right, taken as an epigraph's source or a signature
    for m in re.finditer(r"(?m)^([ \t]{16,})(\S[^\n]{0,58}?)[ \t]*$", text):
        if len(m.group(2).split()) <= 4 and m.group(2)[:1].isupper() and any(
                p.kind == "prose" and p.start <= m.start(2) < p.end for p in layout.parts):
            n = line_of(text, m.start(2))
            out.append((n, f"line {n} {m.group(2)!r} looks like a title but was taken as text: "
                           f"set far to the right ({len(m.group(1))} blanks), as an epigraph's "
                           f"source or a signature is (a title in small letters so set needs a "
                           f"`title` mark in corpus/structure/<siglum>.toml)"))
            if len(out) == 3:
                return out
    for _numeral, names in layout.headings:
        for name in names:
            if len(name.split()) > 4:
                continue
            # (the heading's own list names it first)
            inside = [m.start() for m in re.finditer(rf"(?<=\S[ \t]){re.escape(name)}\.", text)]
            if len(inside) < 2:
                continue
            n = line_of(text, inside[1])
            width = len(text[text.rfind("\n", 0, inside[1]) + 1:].split("\n", 1)[0])
            long = width >= LONG_LINE
            out.append((n, f"'{name}' (named by the chapter heading) stands inside line {n}, "
                           f"not at the start of a line or paragraph" + (
                               f"; the line holds {width} characters: a page or "
                               f"more run onto one line, its line breaks lost (copy the text "
                               f"again from a view that keeps them, e.g. the _djvu.txt file)"
                               if long else "")))
            if len(out) == 3:
                return out
    return out


def derive_siglum(layout, path: Path, taken: set[str],
                  avoid: frozenset[str] | set[str] = frozenset()) -> tuple[str, str]:
    """A siglum for a witness added without one, and where it came from: the first chapter
    heading's numeral, else ``P`` and the page number of a web page title, else the file's
    name (transliterated, cut to 14 characters; not a bare number or checksum), else ``W``
    and a number. A taken siglum, or one in ``avoid`` (the edition's other names: game slugs,
    fixed ids; see :func:`_names`), gets a letter (``XLb``)."""
    used = set(taken) | set(avoid)
    if layout.headings:
        numeral = layout.headings[0][0]
        return _free(numeral if numeral[:1].isalpha() else f"Ch{numeral}", used), \
            "the chapter heading"
    if layout.page:
        return _free(f"P{layout.page}", used), "the web page title"
    stem = path.stem
    name = stem if re.fullmatch(r"[\x00-\x7f]*", stem) else slugify(stem)
    name = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-_")
    name = re.sub(r"^[^A-Za-z]+", "", name)[:14].rstrip("-_")
    if name and not (re.fullmatch(r"[0-9a-fA-F_-]+", name) and re.search(r"\d", name)):
        return _free(name, used), "the file name"      # not a checksum-like name
    n = len(taken) + 1
    while f"W{n}" in used:
        n += 1
    return f"W{n}", "the witness count (no heading, page title or usable file name)"


def _word_pairs(sentences) -> set[tuple[str, str]]:
    """The pairs of neighbouring words (normalised, lowercased) of ``sentences``."""
    words = [w.lower() for s in sentences for w in re.findall(r"\w+", s.normalised)]
    return set(zip(words, words[1:]))


#: a copy of a known game shares at least this share of its word pairs with the game's text
#: in the other witnesses, or ``add`` warns that it may be another game of the same title
#: (measured: the corpus's two copies of the Dense Column share all their pairs, the test
#: suite's modern-spelling copy of the Mill 96%; other games titled «Мельница», 0% and 4%)
SAME_GAME_SHARE = 0.2


def _unlike_known_copies(ed, siglum: str) -> list[tuple[str, float]]:
    """The known games of which witness ``siglum`` holds a copy that shares less than
    :data:`SAME_GAME_SHARE` of its word pairs with the game's text in the other witnesses,
    with that share: another game under the same title, rather than a copy to collate?
    Copies of fewer than eight word pairs are not judged."""
    out = []
    for g in ed.games:
        others = [s for w, ss in g.texts.items() if w != siglum for s in ss]
        if siglum not in g.texts or not others:
            continue
        mine = _word_pairs(g.texts[siglum])
        if len(mine) >= 8:
            share = len(mine & _word_pairs(others)) / len(mine)
            if share < SAME_GAME_SHARE:
                out.append((g.slug, share))
    return out


def _fragment_game(ed, siglum: str) -> tuple[str, float] | None:
    """The known game that the untitled text at the start of witness ``siglum`` continues:
    the game whose base text holds the largest share (at least half) of the fragment's word
    pairs (normalised, lowercased), with that share; None if no game comes near or the
    fragment is shorter than eight words."""
    frag = next((g for g in ed.games if siglum in g.texts and g.slug.startswith("fragment-")
                 and not g.known), None)
    if frag is None:
        return None
    mine = _word_pairs(frag.texts[siglum])
    if len(mine) < 7:
        return None
    best = max(((g.slug, len(mine & _word_pairs(g.sentences)) / len(mine)) for g in ed.games
                if g.known and not g.fragment and g is not frag), key=lambda x: x[1], default=None)
    return best if best and best[1] >= 0.5 else None


def ending_warnings(text: str, norm: Normalisation, siglum: str) -> list[tuple[int, str]]:
    """A warning ``(line, message)`` for each word form whose old ending -аго the normaliser
    read one way where the other is a word too (:func:`extract.text.normalise.ambiguous_endings`:
    'большаго' read большего, 'larger', where большого, 'big', may be meant), at its first
    line, naming every line it stands on and the emendation that settles each."""
    lines: dict[tuple[str, str, str], list[int]] = {}
    for c, other in ambiguous_endings(norm):
        lines.setdefault((c.orig, c.reg, other), []).append(line_of(text, c.start))
    out = []
    for (orig, reg, other), ns in lines.items():
        where = f"line {ns[0]}" if len(ns) == 1 else f"lines {', '.join(map(str, ns))}"
        out.append((ns[0], f"'{orig}' ({where}) reads '{reg}', but '{other}' is a word too "
                           f"(the old ending -аго stood for both): if that is meant, give an "
                           f"emendation in corpus/emendations.toml (witness = \"{siglum}\", "
                           f"line = {ns[0]}, reading = {_toml_str(orig)}, correction = "
                           f"{_toml_str(other)}); one with correction = {_toml_str(reg)} "
                           f"confirms this reading"))
    return out


def witness_warnings(text: str, layout, siglum: str, locked: bool = False
                     ) -> list[tuple[int, str]]:
    """The warnings that the text of a witness gives, ``(line, message)``: the structure
    finder's (:attr:`Layout.warnings`), a title OCR garbled (its slug made from it as read),
    a U+FFFD (a character lost before the file came here), a private-use glyph (a PDF font's,
    :func:`extract.text.characters.private_use_warning`) and a second chapter in the file.
    ``add`` prints them; ``check`` gives them again from the stored witness, since each comes
    from the witness's text and its layout alone (``locked``: its ids are locked, so the
    garbled title's fix is said for a slug that no longer changes freely). What ``add`` warns
    of from the rest of the corpus (a heading another witness has, a partial witness of a
    known game, a copy unlike the others, no title found) is said at the add only."""
    # (the structure finder knows no siglum: its fixes name the file as <siglum>)
    warnings = [(n, m.replace(MARKS_FILE, f"corpus/structure/{siglum}.toml"))
                for n, m in layout.warnings]
    for p in layout.parts:
        if p.kind == "title" and p.label:
            read = ocr_title(p.label)
            if read is not None:
                n = line_of(text, p.start)
                mark = (f"[[mark]] lines = {n} as = \"title\" title = \"{read}\", or the "
                        f"title as the book spells it")
                warnings.append((n, f"the title '{p.label}' looks garbled by OCR (read "
                                    f"'{read}'), and its game's slug, "
                                    f"{title_slug(p.label)}, is made from it as read: " + (
                                        f"its ids are locked under that slug now (a `title` "
                                        f"mark in corpus/structure/{siglum}.toml, {mark}, "
                                        f"would give the game another slug and orphan them)"
                                        if locked else
                                        f"to give the game its title, mark the line in "
                                        f"corpus/structure/{siglum}.toml before the add locks "
                                        f"the ids ({mark})")))
    lost = text.find("\ufffd")
    if lost >= 0:
        warnings.append((line_of(text, lost), f"the text holds U+FFFD, the sign of a character "
                                              f"lost to a wrong encoding before the file came "
                                              f"here ({text.count(chr(0xfffd))} in all): restore "
                                              f"each from the source or the scan"))
    glyph = private_use_warning(text)
    if glyph is not None:
        warnings.append(glyph)
    chapters = [(p.label, line_of(text, p.start)) for p in layout.parts
                if p.kind == "heading" and p.label]
    other = next(((n, at) for n, at in chapters if n != chapters[0][0]), None)
    if other is not None:
        warnings.append((other[1], f"the file holds more than one chapter ({chapters[0][0]} on "
                                   f"line {chapters[0][1]}, {other[0]} on line {other[1]}): "
                                   f"taken in as one witness, {siglum}; to keep the chapters "
                                   f"apart, add each from a file of its own"))
    return warnings


class AlreadyAdded(EditionError):
    """The file given to :func:`add_witness` is in the corpus already, byte for byte, with
    its sentence ids locked, and no other siglum is asked for: nothing to do (the CLI says
    so and exits 0, so that a script that adds a chapter may run again)."""


def add_witness(file: str | Path, root: str | Path | None = None, siglum: str | None = None,
                title: str | None = None, dry_run: bool = False) -> Added:
    """Add the witness ``file`` to the corpus at ``root`` (default: the current corpus).

    ``siglum``: its short ASCII name (default: derived, see :func:`derive_siglum`);
    ``title``: the manifest description (default: the chapter heading, the web page title,
    or the file name); ``dry_run``: find everything, write nothing. Returns :class:`Added`.
    Raises EditionError, leaving the corpus untouched, if the file is missing, empty or not
    UTF-8, a given siglum is malformed or taken, no game is found in it, or the model cannot
    be built with it; or if another command holds the corpus lock for too long.

    The whole addition holds the corpus lock (:func:`extract.corpus.atomic.corpus_lock`), so two
    ``add`` or ``lock`` commands never lose each other's work. Writes go witness file, then
    manifest, then ``ids.lock``: a crash in between leaves a witness file without a manifest
    entry (``check`` names it; adding the file again reuses it) or sentences not yet locked
    (``check`` names them; ``edition lock`` records them).
    """
    root = corpus_dir(root).resolve()
    with corpus_lock(root):
        if not dry_run:
            clean_scratch()
            clean_temporaries(root)
        return _add_witness(file, root, siglum, title, dry_run)


def _add_witness(file, root: Path, siglum, title, dry_run: bool) -> Added:
    src = Path(file)
    if src.is_dir():
        raise EditionError("is a folder, not a text file", src,
                           fix="give one text file (a page or a chapter); add each file of a "
                               "folder with its own `edition add`")
    if str(file) == "-" and not src.exists():
        raise EditionError("`edition add` takes a file, not standard input (a witness is kept "
                           "as a file)", "-", fix="save the text to a file and give its path")
    if src.exists() and not src.is_file():
        raise EditionError("is not a regular file (a device or a pipe?)", src,
                           fix="save the text to a file and give its path")
    if not src.is_file():
        raise EditionError("file not found", src, fix="give the path of an existing text file")
    if src.resolve().is_relative_to(root) and not src.resolve().is_relative_to(root / "witnesses"):
        raise EditionError("this is a data file of the corpus itself, not a witness", src,
                           fix="give the text file of a page or chapter (from outside the corpus)")
    data, had_bom = strip_bom(src.read_bytes())   # an encoding mark, not text: not stored
    data, composed = compose(data)      # й as и and a combining breve: stored as one letter
    text = decode_witness(src, data)
    existing = load_witnesses(root)
    taken = {w.siglum for w in existing}
    digest = hashlib.sha256(data).hexdigest()
    same = next((w for w in existing if w.sha256 == digest), None)
    if same is not None:
        locked = all(s.locked for g in build_edition(root).games for s in g.sentences
                     if s.witness == same.siglum)
        if locked and siglum not in (None, same.siglum):
            raise EditionError(f"this file is already in the corpus as witness {same.siglum} "
                               f"({same.path.name}): it is not added again as {siglum}", src,
                               fix=f"nothing to do (it is witness {same.siglum}); to add "
                                   f"another copy, give its own file")
        if locked:
            raise AlreadyAdded(f"this file is already in the corpus as witness {same.siglum} "
                               f"({same.path.name}), its sentence ids locked: nothing added",
                               src)
        raise EditionError(f"this file is already in the corpus as witness {same.siglum} "
                           f"({same.path.name}), but its sentence ids are not locked yet",
                           src, fix="run `edition lock`")
    # text set side by side, which a reading across the lines would mix (pdftotext -layout)
    for line, what, fix in (
            (two_columns(text), "the text is laid out in two columns side by side (the lines of "
             "two columns interleave, as `pdftotext -layout` writes them): it would be read "
             "across the columns", "extract the text again without -layout (`pdftotext "
             "FILE.pdf OUT.txt`), or cut the file so that each column's text follows the "
             "other's, then add that"),
            (side_column(text), "a caption, a note or a second column of text is set beside "
             "the text (as `pdftotext -layout` writes it): read across the line it would be "
             "woven into the sentences", "move the caption's words to a line of their own after "
             "the paragraph (a figure's line, 'Фиг. 40. ...', is then listed as the game's "
             "figure); for two columns, or any of these, extract the text again without "
             "-layout (`pdftotext FILE.pdf OUT.txt`)")):
        if line is not None:
            raise EditionError(what, src, line, fix=fix)
    known_games = load_games(root)
    layout = analyse(text, src, None, [g.title_ru for g in known_games])
    siglum_from = "given"
    if siglum is None:
        siglum, siglum_from = derive_siglum(layout, src, taken, _names(root, known_games, layout))
    if not SIGLUM.fullmatch(siglum):
        raise EditionError(f"siglum {siglum!r} is not a short ASCII name", src,
                           fix="use up to 16 letters, digits, '-' or '_', starting with a letter "
                               "(e.g. P14)")
    if siglum in taken:
        raise EditionError(f"siglum {siglum!r} is taken by another witness", root / "manifest.toml",
                           fix=f"choose another: --siglum {siglum}b")
    lock_ids = sorted(e.id for e in idlock.read_lock(root).values()) \
        if siglum_from == "given" else []   # (a derived siglum avoids them: _names)
    lock_slugs = {i.split(":")[0] for i in lock_ids}
    if siglum in lock_slugs - {g.slug for g in known_games}:
        # a game unlisted in games.toml whose slug is a siglum is renamed '<slug>-game'
        # (extract.model.edition), which would orphan its locked ids (a listed game's
        # slug is refused by _refuse_clashes, naming games.toml)
        mine = [i for i in lock_ids if i.split(":")[0] == siglum]
        raise EditionError(f"siglum {siglum!r} is the name of a game whose ids are locked "
                           f"({', '.join(mine[:2])}{', ...' if len(mine) > 2 else ''}): a "
                           f"witness and a game cannot share a name",
                           root / "ids.lock",
                           fix="choose another siglum: --siglum "
                               f"{_free(siglum, taken | lock_slugs)}")
    marks = load_marks(root, siglum, text)          # the editor's corrections, if any
    if marks:
        layout = analyse(text, src, None, [g.title_ru for g in known_games], marks)
    orthography = detect_orthography(text)
    first = layout.parts[0] if layout.parts else None
    page_title = (text[first.start:first.end] if first is not None and first.kind == "page-title"
                  and line_of(text, first.start) == 1 else None)
    if title is not None and (bad := bad_in_field(title)) is not None:
        raise EditionError(f"--title holds {bad[1]} (character {bad[0] + 1}), which is not "
                           f"text", src, fix=bad[2])
    title_composed = 0
    if title is not None:     # a decomposed й or ё given: stored composed, as the text is
        data_title, title_composed = compose(title.encode("utf-8", "surrogateescape"))
        title = data_title.decode("utf-8", "surrogateescape")
    same_title = None
    if title is None:
        heading = next((p for p in layout.parts if p.kind == "heading"), None)
        title = (heading_text(text[heading.start:heading.end])[:120] if heading else
                 page_title or f"Witness {src.name}")
        # a derived description holds nothing that is not text (a file name may), and no
        # word of mixed letters (OCR's Latin I in 'ОГЛАВЛЕНIЕ'): its reading text then, which
        # reads them in Cyrillic, or the file's name
        title = "".join(ch for ch in title if bad_in_field(ch) is None)
        if mixed_word(title):
            title = normalise(title).text
        if mixed_word(title):
            title = "".join(ch for ch in f"Witness {src.name}" if bad_in_field(ch) is None)
        # a second witness of one chapter: its heading alone would describe both alike; its
        # siglum is its own
        same_title = next((w.siglum for w in existing if w.description == title), None)
        if same_title is not None:
            title = f"{title} ({siglum})"
    n = len(list((root / "witnesses").glob("*.txt"))) if (root / "witnesses").is_dir() else 0
    name = orphan_witness(root, digest)   # the copy an interrupted add left: reuse it
    while name is None:
        candidate = f"{n:03d}_{digest[:16]}.txt"
        name = None if (root / "witnesses" / candidate).exists() else candidate
        n += 1
    title = title.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    manifest = (root / "manifest.toml").read_text(encoding="utf-8")

    def manifest_with(fragment: str | None) -> str:
        entry = ("\n[[witness]]\n"
                 f"siglum = {_toml_str(siglum)}\n"
                 f"file = {_toml_str('witnesses/' + name)}\n"
                 f"sha256 = {_toml_str(digest)}\n"
                 f"description = {_toml_str(title)}\n"
                 f"orthography = {_toml_str(orthography)}\n"
                 + (f"page_title = {_toml_str(page_title)}\n" if page_title else "")
                 + (f"fragment = {_toml_str(fragment)}\n" if fragment else ""))
        return manifest + ("" if manifest.endswith("\n") else "\n") + entry

    new_manifest = manifest_with(None)
    warnings = witness_warnings(text, layout, siglum)
    if same_title is not None:
        warnings.append((1, f"witness {same_title} has the same heading: this one is described "
                            f"as {title!r} (give --title to describe it otherwise)"))

    # try the whole addition on a scratch copy of the corpus
    with tempfile.TemporaryDirectory(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-") as scratch:
        trial = Path(scratch) / "corpus"
        shutil.copytree(root, trial, ignore=shutil.ignore_patterns("results", ".*"))
        (trial / "witnesses").mkdir(exist_ok=True)
        (trial / "witnesses" / name).write_bytes(data)

        def refused(e: EditionError) -> EditionError:
            """``e`` naming the user's file, or the corpus file, not the scratch copy."""
            where = e.file
            if e.file is not None and Path(e.file).resolve().is_relative_to(trial.resolve()):
                rel = Path(e.file).resolve().relative_to(trial.resolve())
                where = src if rel == Path("witnesses") / name else root / rel
            return EditionError(f"cannot take in this witness: {e.message}", where, e.line,
                                fix=e.fix)

        def trial_build(manifest_text: str):
            (trial / "manifest.toml").write_text(manifest_text, encoding="utf-8")
            try:
                return build_edition(trial)
            except EditionError as e:
                raise refused(e) from None
        ed = trial_build(new_manifest)
        warnings += ending_warnings(text, ed.normalisations[siglum], siglum)
        fragment = _fragment_game(ed, siglum)
        if fragment is not None:
            new_manifest = manifest_with(fragment[0])
            ed = trial_build(new_manifest)
            lead = next(u for u in ed.units[siglum] if u.kind == "sentence")
            warnings.append((line_of(text, lead.start),
                             f"the text before the first title continues the game "
                             f"{fragment[0]} ({fragment[1]:.0%} of its word pairs stand in that "
                             f"game's text): taken as a partial witness of {fragment[0]} "
                             f"(fragment = \"{fragment[0]}\" in manifest.toml)"))
        _refuse_clashes(ed, siglum, siglum_from, src, root)
        found = [g for g in ed.games if siglum in g.witnesses]
        for slug, share in _unlike_known_copies(ed, siglum):
            head = next(u for u in ed.units[siglum] if u.game == slug)
            # (a title printed otherwise whose slug is the same: 'Герои' beside 'Герой')
            title_there = next(g.title_ru for g in ed.games if g.slug == slug)
            label = next((p.label for p in layout.parts
                          if p.kind == "title" and p.start == head.start and p.label), None)
            under = "the same title" if label is None or key(label) == key(title_there) else \
                f"a title with the same slug ({label!r} here, {title_there!r} there)"
            warnings.append((line_of(text, head.start),
                             f"the text of {slug} here shares only {share:.0%} of its word "
                             f"pairs with {slug} in the other witnesses: another game under "
                             f"{under}? It is collated as a copy of {slug}; if it is another "
                             f"game, give its title line a `title` mark with its own title in "
                             f"corpus/structure/{siglum}.toml (see the README)"))
        titled = [u for u in ed.units[siglum] if u.kind == "title" or
                  (u.kind == "heading" and u.game)]
        words = sum(len(re.findall(r"\w+", s.original)) for g in found for s in g.texts[siglum])
        if not titled and fragment is None and words >= MIN_FRAGMENT_WORDS:
            unread = [n for n, m in layout.warnings if m.startswith(UNREAD_TEMPLATE_LINE)]
            one = len(unread) == 1
            fix = (f"if {'line' if one else 'lines'} {', '.join(map(str, unread))}, wholly in "
                   f"a template the toolkit does not read, {'holds a title' if one else 'hold titles'}"
                   f", mark {'it' if one else 'them'} `title` in corpus/structure/{siglum}.toml "
                   f"(see the warning on {'it' if one else 'each'})") if unread else \
                "if it has titles, give each a line of its own"
            warnings.append((1, f"no game title found: the whole text ({words} words) is taken as "
                                f"a fragment of a game begun on a lost page "
                                f"({', '.join(g.slug for g in found)}); {fix}"))
        elif not titled and fragment is None:
            transcluded = _transclusion(text, src)
            if transcluded is not None:
                raise transcluded
            near = _near_titles(text, layout)
            raise EditionError("no game found: no paragraph begins with a game title" + (
                                   "; " + "; ".join(why for _, why in near) if near else ""),
                               src, near[0][0] if near else None,
                               fix="a game begins 'Название. Text...', 'Пасьянс «Название».' or "
                                   "with its title on a line of its own (its title named in a "
                                   "chapter heading 'Глава XL. A. - B.' or listed in "
                                   "corpus/games.toml)")
        empty = [g for g in found if not g.texts[siglum]]
        if found and len(empty) == len(found):
            first = next((u for u in ed.units[siglum] if u.game == empty[0].slug), None)
            raise EditionError(f"no game has any text: {', '.join(g.slug for g in empty)} "
                               f"{'has' if len(empty) == 1 else 'have'} a title and no sentence",
                               src, line_of(text, first.start) if first else None,
                               fix="add the games' text under their titles (a page of headings "
                                   "alone is no witness)")
        try:    # (a game's base moved off its locked witness, a locked id vanished)
            entries = idlock.updated_lock(ed, apparatus=apparatus_lock(ed))
        except EditionError as e:
            raise refused(e) from None
        old = {e.id for e in ed.lock.values()}
        # "known": in games.toml, or already in another witness (then this copy is collated)
        games = tuple((g.slug, g.known or any(s != siglum for s in g.texts),
                       len(g.texts[siglum])) for g in found)
        sentence_texts = tuple((s.id, s.book_text) for g in found for s in g.texts[siglum])
        footnotes = tuple((s.game, f.marker, unwrap_lines(f.original))
                          for g in found for s in g.texts[siglum] for f in s.footnotes)
        guessed = dict(layout.guesses)
        guessed.update((at, f"set by {where}") for at, where in layout.corrected)
        line_at = line_finder(text)
        # page furniture (or a figure) inside a sentence that runs on across it is no unit
        # of the model (the sentence holds it): listed here all the same, where it stands
        listed = {u.start for u in ed.units[siglum]}
        inner = [p for p in layout.parts
                 if p.kind in ("debris", "page-title", "figure") and p.start not in listed]
        shown = sorted([(u.start, u.end, u.kind, u.ref if u.kind == "sentence" else
                         (u.game or u.ref or ""), "") for u in ed.units[siglum]]
                       + [(p.start, p.end, p.kind, p.label, "   <- inside a sentence: kept in "
                           "its original text, left out of its reading text") for p in inner])
        feet = _footnote_notes(ed, siglum, layout, line_at)
        units = tuple((kind, line_at(a), line_at(max(a, b - 1)), ref, _excerpt(text[a:b])
                       + (("   <- " if guessed[a].startswith("set by") else "   <- guess: ")
                          + guessed[a] if a in guessed else "") + feet.get(a, "") + inside)
                      for a, b, kind, ref, inside in shown)
    new_ids = tuple(e.id for e in entries if e.id not in old and not e.is_apparatus)
    apparatus_ids = (tuple(e.id for e in entries if e.id not in old and e.is_apparatus),
                     tuple(e.id for e in entries if e.is_apparatus and e.retired is not None
                           and e.id in old and ed.lock[e.id].retired is None))
    details: dict[str, Any] = dict(
        siglum_from=siglum_from, units=units, new_id_list=new_ids, bom=had_bom,
        composed=composed, title_composed=title_composed,
        apparatus_ids=apparatus_ids,
        sentence_texts=sentence_texts, footnotes=footnotes,
        warnings=tuple(sorted(warnings)),
        fragment=fragment[0] if fragment else None, source=src)
    if dry_run:
        return Added(siglum, root / "witnesses" / name, orthography, games, len(new_ids),
                     dry_run=True, **details)

    # commit: witness file, manifest, lock (each atomic; see the docstring for a crash)
    (root / "witnesses").mkdir(exist_ok=True)
    dst = root / "witnesses" / name
    write_atomic(dst, data)
    try:
        write_atomic(root / "manifest.toml", new_manifest.encode("utf-8"))
    except BaseException:
        dst.unlink(missing_ok=True)
        raise
    try:
        idlock.write_lock(root, entries)
    except BaseException:
        write_atomic(root / "manifest.toml", manifest.encode("utf-8"))
        dst.unlink(missing_ok=True)
        raise
    return Added(siglum, dst, orthography, games, len(new_ids), **details)


def _footnote_notes(ed, siglum: str, layout, line_at) -> dict[int, str]:
    """For the dry run, what became of each footnote line (by its start): the sentence whose
    marker calls it (and those that call it again, :attr:`Layout.again`), or that it has no
    marker and stays debris."""
    called = {f.anchor[1]: s.id for g in ed.games for s in g.texts.get(siglum, ())
              for f in s.footnotes}
    again: dict[int, list[str]] = {}
    for call, first in layout.again:
        if call[1] in called:
            again.setdefault(first[1], []).append(called[call[1]])
    out = {}
    for p in layout.parts:
        if p.kind != "debris" or p.label != "footnote":
            continue
        if p.marker is not None and p.marker[1] in called:
            more = again.get(p.marker[1]) if p.note == p.start else None
            out[p.start] = (f"   <- footnote of {called[p.marker[1]]} (marker on line "
                            f"{line_at(p.marker[0])}): a note attached to that sentence"
                            + (f", called again in {', '.join(more)}" if more else ""))
        else:
            out[p.start] = ("   <- footnote with no marker in the text: kept as debris, "
                            "attached to no sentence")
    return out


def _names(root: Path, known_games, layout) -> set[str]:
    """Every name a derived siglum must not take: the slugs of games.toml and of the lock, the
    slugs this witness's titles would get, the TEI's fixed ids and ``fragment-*`` forms."""
    from ..export.tei import fixed_ids  # lazy: extract.export.tei loads lxml
    names = {g.slug for g in known_games} | set(fixed_ids())
    names |= {e.id.split(":")[0] for e in idlock.read_lock(root).values()}
    names |= {title_slug(p.label or p.opens) for p in layout.parts
              if p.kind == "title" or (p.kind == "heading" and p.opens)}
    return names


def _refuse_clashes(ed, siglum: str, siglum_from: str, src: Path, root: Path) -> None:
    """Raise EditionError if the trial model with the new witness has names that would make
    the same anchor or TEI ``xml:id`` (:func:`extract.export.tei.name_problems`) and the new witness
    is part of the clash: a given siglum is refused with a free one to use instead; anything
    else (which a derived name should never cause) is refused with the clash named; and if
    the edition's TEI (:func:`extract.export.tei.edition_to_tei`, which ``edition build``
    and ``export tei`` make) would be refused with the new witness."""
    from ..export.tei import edition_to_tei, name_problems  # lazy: extract.export.tei loads lxml
    mine = {siglum} | {g.slug for g in ed.games if siglum in g.witnesses}
    ours = [p.replace(str(ed.root), str(root)) for p in name_problems(ed)
            if any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", p) for n in mine)]
    if not ours:
        try:   # what `edition build` and `export tei` would refuse, `add` refuses first
            edition_to_tei(ed)
        except EditionError as e:
            raise EditionError(f"cannot take in this witness: the edition's TEI would be "
                               f"refused: {e.message}", src,
                               fix="look at the units the dry run (--dry-run) lists: a line "
                                   "taken as a heading or a title that is not one can be set "
                                   "right in corpus/structure/<siglum>.toml (see the README), "
                                   "or report this") from None
        return
    if any(f"the siglum {siglum} " in p for p in ours):
        taken = {w.siglum for w in ed.witnesses} | {g.slug for g in ed.games}
        free = _free(siglum, taken)
        raise EditionError(f"siglum {siglum!r} would make the same id as another name of the "
                           f"edition: {ours[0]}", src,
                           fix=f"choose another siglum: --siglum {free}"
                           if siglum_from == "given" else "give a siglum: --siglum NAME")
    raise EditionError("the witness would give names that clash with the edition's ids: "
                       + "; ".join(ours), src,
                       fix=f"name the game otherwise, with data: a `title` mark in "
                           f"{root / 'structure' / (siglum + '.toml')} ([[mark]], lines = N, as = "
                           f"\"title\", title = \"...\": N the title's line, as the dry run "
                           f"lists it; see the README), or report this")


def _excerpt(text: str, width: int = 60) -> str:
    """One line of at most ``width`` characters of ``text`` (whitespace folded)."""
    t = " ".join(text.split())
    return t if len(t) <= width else t[:width - 1] + "…"
