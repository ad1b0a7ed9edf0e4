"""The edition's one immutable in-memory model: ``Edition`` -> ``Game`` -> ``Sentence``.

:func:`build_edition` reads ``corpus/``, splits each witness into its parts, normalises and
segments the prose, assigns sentence ids from ``corpus/ids.lock`` and returns the model.
The Sphinx extension and every exporter render this model; nothing re-reads the text.
Results are cached per process by a fingerprint of the corpus files, and on disk as JSON
(:mod:`extract.corpus.cache`).
"""
from __future__ import annotations

import hashlib
import re
from bisect import bisect_left
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import accumulate
from importlib.metadata import version
from pathlib import Path
from typing import Sequence

from ..corpus import cache
from ..corpus import ids as idlock
from ..corpus.glossary import Term, find_terms, load_glossary
from ..corpus.ids import slugify, title_slug  # noqa: F401 (the model's slugs; re-exported)
from ..corpus.readers import (
    KnownGame,
    Witness,
    _did_you_mean,
    _key_line,
    corpus_dir,
    load_emendations,
    load_games,
    load_marks,
    load_witnesses,
    one_script,
    read_text,
    read_toml,
)
from ..corpus.structure import (
    FOOTNOTE,
    FURNITURE,
    LINE_END_RULES,
    PAGE_MARKUP,
    Part,
    analyse,
    continues,
    key,
    marker_name,
    prose_markup,
    runs_on_across,
    wiki_markup,
)
from ..text.errors import EditionError, line_of
from ..text.normalise import (
    FOOTNOTE_MARKER,
    HYPHENATION,
    PAGE_BREAK,
    PAGE_FURNITURE,
    WIKI_MARKUP,
    Change,
    DisjointSpans,
    Normalisation,
    apply_changes,
    joins_across_lines,
    joins_lost_hyphen,
    normalise,
    word_change,
)
from ..text.words import unpaired_bracket
from .notes import note_blocks


@dataclass(frozen=True)
class Footnote:
    """A footnote printed at the foot of a page of a witness, kept as a note attached to the
    sentence whose marker calls it (:attr:`Sentence.footnotes`), never a sentence itself.

    ``marker`` is the marker as a reader cites it (``*``, ``**``, ``1``); ``witness`` the
    siglum; ``spans`` the note's text in the witness as ``(start, end)`` pieces (the marker
    printed at its start left out; a second piece where it goes on at the foot of the next
    page); ``original`` the pieces joined by a line break; ``normalised`` its reading text and
    ``changes`` the normalisation records, offsets into ``original``; ``anchor`` the span of
    the marker in the witness's text that the reading text leaves out (rule
    ``footnote-marker``)."""

    marker: str
    witness: str
    spans: tuple[tuple[int, int], ...]
    original: str
    normalised: str
    changes: tuple[Change, ...]
    anchor: tuple[int, int]


@dataclass(frozen=True)
class Sentence:
    """One sentence of a game in one witness.

    ``id`` is the citable ``<game>:<n>`` (base witness) or, for another witness's text of the
    same game, ``<game>:<n>@<siglum>`` where ``n`` counts that witness's sentences;
    ``[start, end)`` are offsets into the witness text; ``original`` is that span verbatim;
    ``normalised`` the reading text; ``changes`` the normalisation records with offsets
    relative to ``start``; ``paragraph`` the index of its paragraph within the game;
    ``locked`` whether the id is recorded in ``corpus/ids.lock``; ``english`` the
    translation (or None); ``terms`` the glossary occurrences ``(start, end, key)`` in the
    normalised text; ``note`` the translator's note on it (or None); ``footnotes`` the
    witness's footnotes whose markers stand in it, in text order (:class:`Footnote`).
    """

    id: str
    game: str
    witness: str
    start: int
    end: int
    original: str
    normalised: str
    changes: tuple[Change, ...]
    paragraph: int
    locked: bool = True
    english: str | None = None
    terms: tuple[tuple[int, int, str], ...] = ()
    note: str | None = None
    footnotes: tuple[Footnote, ...] = ()

    @property
    def n(self) -> int:
        return int(self.id.split(":")[1].split("@")[0])

    @property
    def book_text(self) -> str:
        """``original`` less the page furniture the sentence runs on across (the spans of its
        ``page-furniture`` changes: a running head between the two pages it stands on; and of
        its ``wiki-markup`` changes that read a Wikisource page's ``<noinclude>`` header or
        footer, or a page number's template, as nothing): the book's words as the witness
        has them. The furniture reads as the blank its change puts in its place (two words
        stay apart), or as nothing (a word divided at the page's foot, joined)."""
        out, pos = [], 0
        for c in self.changes:
            if c.rule == PAGE_FURNITURE or c.rule == WIKI_MARKUP and \
                    PAGE_MARKUP.fullmatch(c.orig.strip()):
                out.append(self.original[pos:c.start])
                out.append(" " if c.reg and not c.reg.strip() else "")
                pos = c.end
        return "".join(out) + self.original[pos:]


@dataclass(frozen=True)
class Unit:
    """A span of a witness in the model: ``kind`` is ``page-title`` or ``debris`` (the web
    page's, not the book's text: no game), ``heading`` (``game`` set when the heading titles
    the game whose text follows it), ``title``, ``figure`` or ``sentence``; ``[start, end)``
    its text; ``tail`` the end of the whitespace that follows it. The units of a witness tile
    its text (leading whitespace aside)."""

    kind: str
    start: int
    end: int
    tail: int
    game: str | None = None
    ref: str = ""


@dataclass(frozen=True)
class Figure:
    """A figure marker (``Фиг. 30``) in a game: its number and the id of the sentence it
    follows (None if it comes first), or holds: a figure set inside a running sentence, or
    a figure line that sentence refers to (``какъ показано на`` / ``Фиг. 5.``, its text)."""

    number: str
    witness: str
    start: int
    end: int
    after: str | None


@dataclass(frozen=True)
class Game:
    """One game: slug, titles, its witnesses and the base witness's sentences.

    ``texts`` maps each siglum to that witness's sentences of the game (the base witness's
    are ``sentences``); ``title_original`` is the printed title unit; ``known`` whether the
    game is listed in ``corpus/games.toml``.
    """

    slug: str
    title_ru: str
    title_en: str | None
    base: str
    witnesses: tuple[str, ...]
    title_original: str
    sentences: tuple[Sentence, ...]
    texts: dict[str, tuple[Sentence, ...]]
    figures: tuple[Figure, ...]
    fragment: bool = False
    known: bool = True

    @property
    def cited(self) -> tuple[Sentence, ...]:
        """Every sentence of the game with a citable id of its own: the base text's, then the
        sentences of each other witness (in the order of ``witnesses``) that the texts before
        it lack (id ``<game>:<n>``, no ``@``; :func:`extract.corpus.ids.assign_new`). These
        are what the translation covers and what a citation may name."""
        return self.sentences + tuple(
            s for sig in self.witnesses if sig != self.base
            for s in self.texts.get(sig, ()) if "@" not in s.id)

    def sentence(self, sid: str) -> Sentence:
        for s in self.sentences:
            if s.id == sid:
                return s
        raise KeyError(sid)


@dataclass(frozen=True)
class Edition:
    """The whole edition: witnesses, games in reading order, units per witness, the lock."""

    root: Path
    witnesses: tuple[Witness, ...]
    games: tuple[Game, ...]
    units: dict[str, tuple[Unit, ...]]
    normalisations: dict[str, Normalisation]
    lock: dict[str, idlock.LockEntry]
    fingerprint: str
    glossary: tuple = ()
    translated: frozenset[str] = frozenset()   # ids in translations/en/*.toml (sentences, notes)
    #: where derived data (collation, example traces) is cached on disk beside the model
    #: (None: in memory only); set by :func:`build_edition`, not part of the model's value
    cache_dir: Path | None = field(default=None, compare=False)

    def game(self, slug: str) -> Game:
        for g in self.games:
            if g.slug == slug:
                return g
        raise EditionError(f"unknown game {slug!r}",
                           fix=f"use one of: {', '.join(g.slug for g in self.games)}")

    def witness(self, siglum: str) -> Witness:
        return next(w for w in self.witnesses if w.siglum == siglum)


#: the corpus's translation layer: files the text model (:func:`_text_model`) never reads;
#: :func:`_with_translations` lays them over it
TRANSLATION_LAYER = ("translations", "glossary.toml")


def corpus_fingerprint(root: Path, leave_out: tuple[str, ...] = ()) -> str:
    """sha256 over the names and contents of every file in the corpus folder (hidden files,
    such as the write lock or a temporary file, ``results/`` and the files or folders named
    in ``leave_out`` at the corpus's top left out)."""
    h = hashlib.sha256()
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root).parts
        if (p.is_file() and "results" not in rel and not any(x.startswith(".") for x in rel)
                and rel[0] not in leave_out):
            h.update(str(p.relative_to(root)).encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


#: the last word of a part, and the hyphen after it (group 2, empty where none is printed;
#: an en dash, as a djvu layer prints a hyphen, ``коро–``); a word is letters and digits,
#: no underscore (Markdown's, ``_корол_**и**``: markup)
_PIECE_BEFORE = re.compile(r"([^\W_]+)([-\u00ad\u2013]?)[ \t]*$")
_PIECE_AFTER = re.compile(r"[^\W_]+")


#: a word divided across page furniture or markup: its pieces as ``(start, end)``, in order
#: (a hyphen before the division is in no piece)
Pieces = list[tuple[int, int]]


def _furniture_change(text: str, a: Part, b: Part, changes
                      ) -> tuple[Change, int, int, Pieces | None]:
    """The change that leaves the page furniture between prose parts ``a`` and ``b`` out of
    the reading text (rule ``page-furniture``), the span it replaces, and the pieces of the
    word it joins (None where it joins none): the gap, read as a
    space; or, when ``a`` ends in a word divided by a hyphen that the hyphenation rule would
    join with the first word of ``b``, or by no hyphen where the export lost one (rule
    ``ocr-lost-hyphen``'s test: ``двѣнад`` / ``цать``), the hyphen and the gap, read as
    nothing (no recorded change may cross the hyphen); an en dash joins as the hyphenation
    rule joins one at a line's end, only where a piece is no word (``коро–`` / ``лей``; not
    ``пять–`` / ``десять``)."""
    gap = Change(a.end, b.start, text[a.end:b.start], " ", "typography", PAGE_FURNITURE)
    left, right = _PIECE_BEFORE.search(text, a.start, a.end), _PIECE_AFTER.match(text, b.start)
    if left and right and (joins_across_lines if left.group(2) not in ("", "\u2013") else
                           joins_lost_hyphen)(left.group(1), right.group()):
        hyphen = left.end(1)
        if not any(c.start < hyphen < c.end for c in changes):
            return (Change(hyphen, b.start, text[hyphen:b.start], "", "typography",
                           PAGE_FURNITURE), hyphen, b.start,
                    [(left.start(1), hyphen), (right.start(), right.end())])
    return gap, a.end, b.start, None


def _inside_words(text: str, markup) -> list[Pieces]:
    """The words of ``text`` with markup read as nothing inside them (``markup``: ``(start,
    end, reading)``, :func:`extract.corpus.structure.wiki_markup`), each as its pieces:
    Wikisource's ``{{перенос|выхо|дилъ}}`` (its ``|``), a hyphen and a page's furniture
    between two pages (``выкла-<noinclude>...</noinclude>дываютъ``), italics inside a word
    (``вы''хо''дилъ``); a run of such markup with a letter on either side divides them."""
    nothing = {b: a for a, b, reading in markup if not reading}   # end -> start
    runs = {}                                                      # start -> end
    for b, a in nothing.items():
        if b < len(text) and text[b].isalpha():
            while a in nothing:         # back through the run (pieces end to end)
                a = nothing[a]
            if a and text[a - 1].isalpha():
                runs[a] = b
    ends = set(runs.values())
    words = []
    for a, b in runs.items():
        left = _PIECE_BEFORE.search(text, max(0, a - 60), a)
        if left is None or left.group(2) or left.start(1) in ends:
            continue                    # (a run after the word's first is taken with it)
        pieces = [(left.start(1), a)]
        while True:
            right = _PIECE_AFTER.match(text, b)
            assert right is not None    # a letter follows every run
            pieces.append((b, right.end()))
            if right.end() not in runs:
                break
            b = runs[right.end()]
        words.append(pieces)
    return words


def _joined_pieces(text: str, pieces: Pieces, changes, emendations
                   ) -> tuple[list[Change], list[Change]] | None:
    """The changes of the pieces of a word divided across page furniture or markup
    (``pieces``: :data:`Pieces`) as the word reads joined: ``(old, new)``, the changes the
    normaliser made to each piece as a word of its own (``объ`` lost its ъ, ``цать`` its ь
    as an OCR slip) and those of the joined word (``объявленіе``, ``двѣнадцать``), each
    letter's change in its piece. None (the pieces left as they are) where an emendation
    touches a piece or a letter group of the joined word spans a division."""
    if any(e.start < b and e.end > a for e in emendations for a, b in pieces):
        return None
    word = "".join(text[a:b] for a, b in pieces)
    cuts = list(accumulate(b - a for a, b in pieces))[:-1]
    letters = [p for c in normalise(word).changes for p in (c.parts or (c,))]
    if any(p.start < cut < p.end or p.start == p.end == cut for p in letters for cut in cuts):
        return None
    new, lo = [], 0
    for a, b in pieces:
        hi, shift = lo + b - a, a - lo
        mine = [Change(p.start + shift, p.end + shift, p.orig, p.reg, p.kind, p.rule)
                for p in letters if lo <= p.start and p.end <= hi]
        if mine:
            new.append(word_change(text, a, b, mine))
        lo = hi
    old = [c for c in changes if any(a <= c.start and c.end <= b for a, b in pieces)]
    return old, new


#: what stands in for a footnote's marker while the words around it are normalised: no
#: letter, digit, space or hyphen, so the word before it is read as a word of its own
_MARKER_MASK = "|"


def _covering(spans) -> DisjointSpans:
    """The union of ``spans`` (``(start, end)``, overlapping or not) as disjoint spans: a
    span or an insertion meets the union exactly when it meets one of them, found by a
    binary search (a page of 20,000 list marks took 137 s with a scan of them all for each
    change)."""
    merged: list[list[int]] = []
    for a, b in sorted(spans):
        if merged and a < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return DisjointSpans((a, b) for a, b in merged)


def _marked_normalisation(text: str, emendations, attached, orphans,
                          markup: Sequence[tuple[int, int, str]] = ()) -> Normalisation:
    """Normalise ``text`` with the footnote markers in it (``attached``: spans of markers
    that call a footnote; ``orphans``: markers no footnote answers) read as no part of the
    word they follow (``колоды*)`` is ``колоды`` and a mark), so the word is normalised as a
    word; an attached marker (and one space before it, when a space or mark follows) is left
    out of the reading text by a change of rule ``footnote-marker``, an orphan stays. The
    wiki formatting ``markup`` (``(start, end, reading)``,
    :func:`extract.corpus.structure.wiki_markup`) is read apart from its words alike and
    read as ``reading`` by a change of rule ``wiki-markup`` (not where a marker or an
    emendation covers it)."""
    spans = sorted(set(attached) | set(orphans))
    marked = _covering(spans)
    amended = _covering((e.start, e.end) for e in emendations)
    markup = [(a, b, r) for a, b, r in markup if not marked.meets(a, b) and not amended.meets(a, b)]
    if not spans and not markup:
        return normalise(text, emendations)
    masked = list(text)
    cut = spans + [(a, b) for a, b, _ in markup]
    for a, b in cut:
        masked[a:b] = _MARKER_MASK * (b - a)
    norm = normalise("".join(masked), emendations)
    blocked = _covering(cut)
    keep = [c for c in norm.changes if not blocked.meets(c.start, c.end)]
    kept = DisjointSpans((c.start, c.end) for c in keep if c.end > c.start)
    for a, b in sorted(attached):
        if a > 1 and text[a - 1] in " \t" and \
                (text[a - 2].isalnum() or text[a - 2] in ".,;:!?…»)\"'") and \
                (b == len(text) or not text[b].isalnum()) and not kept.meets(a - 1, a):
            a -= 1                     # "колоды *) и": the space before the marker goes too
            # (after a word or its punctuation only: a line's indent before it is no part of
            # the paragraph, and a tag's end before it, '</noinclude> <ref>', another unit's)
        keep.append(Change(a, b, text[a:b], "", "typography", FOOTNOTE_MARKER))
    keep += [Change(a, b, text[a:b], reg, "typography", WIKI_MARKUP) for a, b, reg in markup]
    changes = tuple(sorted(keep, key=lambda c: (c.start, c.end)))
    return Normalisation(text, apply_changes(text, changes), changes)


def _note_normalisation(text: str) -> Normalisation:
    """Normalise the text of a note a wiki page writes inside ``<ref>``: its wiki formatting
    (:func:`extract.corpus.structure.wiki_markup`) read apart from the words it wraps, as a
    footnote marker is, and left out of the reading text (an entity read as its character)
    by changes of rule ``wiki-markup``."""
    return _marked_normalisation(text, (), (), (), wiki_markup(text))


def _footnotes(w: Witness, parts: list[Part], norm: Normalisation,
               inline=(), again=(), follows=()) -> list[Footnote]:
    """The footnotes of a witness that have a marker in its text (the parts labelled
    ``footnote`` grouped by ``note``), each with the span its marker's change removes; and
    those written where they are called (``inline``: :attr:`Layout.inline`, a wiki page's
    ``<ref>``), numbered as the page shows them, the whole tag their marker. A Markdown call
    of a note called before (``again``: :attr:`Layout.again`) gives that note again, at its
    own marker, as a wiki page's ``<ref name="a"/>`` does: one note, printed once. A wiki
    note's rest on the next page (``follows``: :attr:`Layout.follows`) is joined to it, as
    a printed note's next line is."""
    removed = {c.end: c for c in norm.changes if c.rule == FOOTNOTE_MARKER}
    rests: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for note, rest in follows:
        rests.setdefault(note, []).append(rest)
    out = []
    for call, (a, b), number in inline:
        held = ((a, b), *rests.get((a, b), ()))
        original = "\n".join(w.text[x:y] for x, y in held)
        reading = _note_normalisation(original)
        change = removed[call[1]]
        out.append(Footnote(number, w.siglum, held, original, reading.text,
                            reading.changes, (change.start, change.end)))
    groups: dict[int | None, list[Part]] = {}
    for p in parts:
        if p.kind == "debris" and p.label == "footnote" and p.marker is not None:
            groups.setdefault(p.note, []).append(p)
    for pieces in groups.values():
        first = pieces[0]
        f = FOOTNOTE.match(w.text[first.start:first.end])
        spans = []
        for p in pieces:
            start, end = p.start, p.end
            if p is first and f:
                start = p.start + f.end(1)
                while start < p.end and w.text[start] in " \t\u00a0":
                    start += 1
            if p is pieces[-1] and f and f.group(1).startswith("[Footnote") and \
                    w.text[start:end].endswith("]"):
                end -= 1        # a Gutenberg note's closing bracket: the transcriber's
            spans.append((start, end))
        original = "\n".join(w.text[a:b] for a, b in spans)
        reading = normalise(original)
        assert first.marker is not None        # grouped above only with a marker
        change = removed[first.marker[1]]
        # (a copied wiki page's "↑ ..." is numbered by its call, "[1]", and so is a Gutenberg
        # note with no number, "[Footnote: ...]", "[*]")
        printed = f.group(1) if f and f.group(1) != "↑" and marker_name(f.group(1)) \
            else w.text[first.marker[0]:first.marker[1]]
        out.append(Footnote(marker_name(printed),
                            w.siglum, tuple(spans), original, reading.text, reading.changes,
                            (change.start, change.end)))
    by_marker = {n.anchor[1]: n for n in out}
    for call, first in again:
        change = removed[call[1]]
        out.append(replace(by_marker[first[1]], anchor=(change.start, change.end)))
    return sorted(out, key=lambda n: n.anchor)


def _masked(block: Normalisation, calls: list[tuple[int, int]]) -> Normalisation:
    """``block`` with the tags of the footnotes written where they are called (``calls``,
    offsets in it) read as one mark each (:data:`_MARKER_MASK`, line breaks kept): the
    sentence ends inside a note are none of the text's. For finding sentences only."""
    text = list(block.original)
    for a, b in calls:
        text[a:b] = [c if c == "\n" else _MARKER_MASK for c in text[a:b]]
        if b < len(text) and not text[b].isspace() and text[b - 1] != "\n":
            text[b - 1] = " "    # 'лежатъ.<ref>x</ref>Шестерки': the next word is a token
    return Normalisation("".join(text), block.text, block.changes)


def _keep_markers(spans: list[tuple[int, int]], markers: list[tuple[int, int]], text: str,
                  offset: int) -> list[tuple[int, int]]:
    """Sentence ``spans`` (offsets from ``offset`` in ``text``) moved so that no footnote
    marker (witness offsets) begins a sentence or is cut by a boundary: a marker after a
    sentence's last word belongs to that sentence (``... вышелъ.*)``)."""
    out = [list(x) for x in spans]
    for a, b in markers:
        while a < b and text[a].isspace():   # the blank before a marker goes with its change
            a += 1
        a, b = a - offset, b - offset
        for i in range(1, len(out)):
            if out[i][0] <= a < out[i][1] and text[offset + out[i][0]:offset + a].strip() == "" \
                    or out[i - 1][0] < a < out[i - 1][1] < b:
                out[i - 1][1] = max(out[i - 1][1], b)
                s = max(out[i][0], b)
                while s < out[i][1] and text[offset + s].isspace():
                    s += 1
                out[i][0] = s
    return [(x, y) for x, y in out if y > x]


def _witness_normalisation(w: Witness, parts: list[Part], emendations,
                           orphans=(), inline=(), again=()) -> Normalisation:
    """Normalise a whole witness; page breaks inside a sentence become a typography change,
    and so does page furniture inside one (:func:`extract.corpus.structure.runs_on_across`: the
    changes the normaliser made inside the furniture give way to it); footnote markers are
    read apart from their word (:func:`_marked_normalisation`), and so are the tags of the
    footnotes written where they are called (``inline``, :attr:`Layout.inline`), and so are
    Markdown calls of a note called before (``again``, :attr:`Layout.again`); a footnote
    tag that holds no note (an orphan ``<ref></ref>``) is markup printed nowhere, read as
    nothing like a wiki page's other formatting (an orphan marker, ``*)``, is printed and
    stays)."""
    attached = {p.marker for p in parts if p.kind == "debris" and p.label == "footnote"
                and p.marker is not None} | {call for call, _, _ in inline} | \
        {call for call, _ in again}
    empty_tags = [(a, b) for a, b in orphans if w.text.startswith("<ref", a)]
    markup = prose_markup(w.text, parts) + [(a, b, "") for a, b in empty_tags]
    markers = [span for span in orphans if not w.text.startswith("<ref", span[0])]
    norm = _marked_normalisation(w.text, emendations, attached, markers, markup)
    extra, dropped = [], []
    for inside_word in _inside_words(w.text, markup):
        joined = _joined_pieces(w.text, inside_word, norm.changes, emendations)
        if joined:     # a word with markup inside it, read whole
            dropped += joined[0]
            extra += joined[1]
    prose = [i for i, p in enumerate(parts) if p.kind == "prose"]
    for i, j in zip(prose, prose[1:]):
        a, b = parts[i], parts[j]
        if j == i + 1:       # adjacent prose: a paragraph (page) break inside a sentence
            if continues(w.text, a.end, b.start) and not any(
                    c.start < b.start and c.end > a.end for c in norm.changes):
                extra.append(Change(a.end, b.start, w.text[a.end:b.start], " ", "typography",
                                    PAGE_BREAK))
        elif runs_on_across(w.text, parts, i, j):
            # a line end the normaliser joined across the furniture's edge ('раскла-' /
            # 'Фиг. 3': 'раскла-Фиг') joins no word of the text: undone, the word's own
            # letters read as before (the furniture's word is left out with it)
            edge = [c for c in norm.changes if c.kind != "emendation"
                    and (c.start < a.end < c.end or c.start < b.start < c.end)
                    and any(p.rule in LINE_END_RULES for p in c.parts or (c,))]
            live = [c for c in norm.changes if c not in edge]
            change, start, end, pieces = _furniture_change(w.text, a, b, live)
            inside = [c for c in live if start <= c.start and c.end <= end]
            if any(c.start < end and c.end > start for c in live if c not in inside):
                continue     # a recorded change crosses the furniture's edge: left as it is
            extra.append(change)
            dropped += inside + edge
            for c in edge if not pieces else ():   # (a joined word is read whole below)
                word = (c.start, a.end) if c.start < a.end else (b.start, c.end)
                mine = [p for p in c.parts if word[0] <= p.start and p.end <= word[1]]
                if mine:     # the letters the normaliser changed in the text's piece
                    extra.append(word_change(w.text, *word, mine))
            joined = _joined_pieces(w.text, pieces, norm.changes, emendations) if pieces else None
            if joined:     # a word divided across the furniture, read whole
                dropped += joined[0]
                extra += joined[1]
    # a line end the normaliser joined from a paragraph's last line into the furniture after
    # it ('раскла-' / 'Навигация' at a page's foot, the text or the game ending there):
    # undone as across furniture between two paragraphs (the word's piece read as before)
    starts = [p.start for p in parts]
    for c in norm.changes:
        if "\n" not in c.orig or c in dropped or c.kind == "emendation" or \
                not any(q.rule in LINE_END_RULES for q in c.parts or (c,)):
            continue
        k = bisect_left(starts, c.start + 1) - 1       # the part the change begins in
        p = parts[k] if k >= 0 else None
        if p is None or p.kind != "prose" or c.end <= p.end:
            continue
        after = parts[k + 1] if k + 1 < len(parts) else None
        if after is not None and after.kind == "prose":
            continue                  # a sentence across a page break: the join is the text's
        dropped.append(c)
        mine = [q for q in c.parts if c.start <= q.start and q.end <= p.end]
        if mine:                      # the letters the normaliser changed in the text's piece
            extra.append(word_change(w.text, c.start, p.end, mine))
    if not extra and not dropped:
        return norm
    keep = tuple(c for c in norm.changes if c not in dropped)
    changes = tuple(sorted(keep + tuple(extra), key=lambda c: (c.start, c.end)))
    return Normalisation(w.text, apply_changes(w.text, changes), changes)


def _load_translations(root: Path) -> tuple[dict[str, str], dict[str, str]]:
    """English sentences and translator's notes by sentence id, from
    ``translations/en/<slug>.toml`` (tables ``[sentences]`` and ``[notes]``, id -> text).

    Raises EditionError (file, line, fix) for a table of the wrong shape, a value that is not
    text, an id of another game, or an id translated in two files.
    """
    sentences: dict[str, str] = {}
    notes: dict[str, str] = {}
    folder = root / "translations" / "en"
    for f in (folder.parent, folder):
        if f.exists() and not f.is_dir():
            raise EditionError("is a file; it should be the folder of the translations "
                               "(translations/en/<game>.toml)", f,
                               fix="restore the folder from git (git checkout corpus/translations)")
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        data = read_toml(path)
        text = path.read_text(encoding="utf-8")
        _check_translation_tables(path, text, data)
        for table, into in (("sentences", sentences), ("notes", notes)):
            items = data.get(table, {})
            if not isinstance(items, dict):
                raise EditionError(f"`{table}` must be a table of id = \"text\" lines", path,
                                   fix=f"write [{table}] and then one \"id\" = \"text\" a line")
            header = re.search(rf"^\[{table}\]", text, re.M)
            for sid, value in items.items():
                m = re.compile(rf'^\s*["\']?{re.escape(sid)}["\']?\s*=', re.M).search(
                    text, header.end() if header else 0)
                line = line_of(text, m.start()) if m else None
                if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*:[1-9][0-9]*", sid):
                    raise EditionError(f"{sid!r} is not a sentence id (<game>:<n>, e.g. "
                                       f"{path.stem}:1)", path, line,
                                       fix=f"give the sentence's id as the site shows it "
                                           f"({path.stem}:1, {path.stem}:2 ...)")
                if not isinstance(value, str):
                    raise EditionError(f"{sid}: the {table[:-1]} must be text, not {value!r}",
                                       path, line, fix="write it in double quotes")
                one_script(value, f"{sid}: the {table[:-1]}", path, line)
                if value and not value.strip():   # counted as translated, shown as nothing
                    raise EditionError(f"{sid}: the {table[:-1]} is only blanks", path, line,
                                       fix=f"write the {table[:-1]}, or \"\" while there is "
                                           f"none yet")
                if not sid.startswith(path.stem + ":"):
                    raise EditionError(f"{sid} is not a sentence of {path.stem}", path, line,
                                       fix=f"move it to translations/en/{sid.split(':')[0]}.toml")
                if sid in into:
                    raise EditionError(f"{sid} is translated twice", path, line,
                                       fix="keep one translation")
                if table == "notes":
                    _check_note(sid, value, path, line)
                else:
                    _check_brackets(sid, value, path, line)
                into[sid] = value
    return sentences, notes


def _check_brackets(sid: str, english: str, path: Path, line: int | None) -> None:
    """EditionError (file, line, fix) when the square brackets of a translation, which
    mark the translator's additions (``[to a row]``), do not pair: an unclosed ``[`` would
    make the rest of the sentence look added, a stray ``]`` hides where the addition began."""
    what = unpaired_bracket(english)
    if what:
        raise EditionError(f"{sid}: the translation's square brackets (the translator's "
                           f"additions) do not pair: {what}", path, line,
                           fix="close each [addition] with ], or remove the stray bracket")


def _check_translation_tables(path: Path, text: str, data: dict) -> None:
    """Raise EditionError (file, line, fix) for a table or key of a translation file other
    than ``[sentences]`` and ``[notes]`` (``[sentense]`` would silently translate nothing).
    A line above the first table (the ``[sentences]`` header left out) is a key, not a
    table: the message says where it belongs."""
    for table in data:
        if table not in ("sentences", "notes") and not isinstance(data[table], dict):
            raise EditionError(f"`{table}` stands above the file's first table: a translation's "
                               f"lines stand under [sentences] (the English) or [notes] (the "
                               f"translator's notes)", path, _key_line(text, table, 0),
                               fix="write [sentences] on a line of its own above the first "
                                   "line of the English")
        if table not in ("sentences", "notes"):
            raise EditionError(f"unknown table `{table}`"
                               f"{_did_you_mean(table, ['sentences', 'notes'])}"
                               f": a translation file holds [sentences] and [notes]", path,
                               _key_line(text, table, 0),
                               fix="rename it, or put its lines under [sentences] or [notes]")


def _check_note(sid: str, note: str, path: Path, line: int | None) -> None:
    """Raise EditionError (file, line, fix) if a translator's note's table is ragged."""
    try:
        note_blocks(note)
    except ValueError as e:
        m = re.search(r"line (\d+)", str(e))
        raise EditionError(f"{sid}: the note's {e}", path,
                           line + int(m.group(1)) - 1 if line and m else line,
                           fix="give every row of the table as many | cells as its "
                               "heading") from None


@dataclass(frozen=True)
class GlossaryLayer:
    """The glossary of a corpus and, by the id of every base sentence, the terms found in
    its normalised text: ``(start, end, term key)`` (what :func:`_with_translations` caches:
    the cache reader checks these types all the way down)."""

    glossary: tuple[Term, ...]
    terms: dict[str, tuple[tuple[int, int, str], ...]]


def code_fingerprint() -> str:
    """sha256 over the source of the ``extract`` package (a cached model depends on it).
    The files are read again only when one's size or modification time (ns) has changed,
    or one was added or removed, since the last call in this process."""
    files = sorted(Path(__file__).parent.parent.rglob("*.py"))
    stats = [p.stat() for p in files]
    seen = tuple((str(p), st.st_size, st.st_mtime_ns) for p, st in zip(files, stats))
    if _CODE_FINGERPRINT and _CODE_FINGERPRINT[0] == seen:
        return _CODE_FINGERPRINT[1]
    h = hashlib.sha256()
    for p in files:
        h.update(p.read_bytes())
    _CODE_FINGERPRINT[:] = [seen, h.hexdigest()[:16]]
    return _CODE_FINGERPRINT[1]


#: the last :func:`code_fingerprint` of this process: [the files' (path, size, mtime), it]
_CODE_FINGERPRINT: list = []


def _by_offset(items: list, offset) -> tuple[list[int], list[tuple[int, object]]]:
    """``items`` keyed by ``offset(item)`` for :func:`_between`: the offsets sorted, and
    (index in ``items``, item) in that order."""
    order = sorted(range(len(items)), key=lambda i: offset(items[i]))
    return [offset(items[i]) for i in order], [(i, items[i]) for i in order]


def _between(keyed: tuple[list[int], list[tuple[int, object]]], s: int, e: int) -> list:
    """The items of ``keyed`` (:func:`_by_offset`) whose offset lies in ``[s, e)``, in their
    order in the list they came from: a binary search, as a page may hold many."""
    keys, items = keyed
    picked = items[bisect_left(keys, s):bisect_left(keys, e)]
    return [x for _, x in sorted(picked, key=lambda p: p[0])]


def build_edition(root: str | Path | None = None, cache_dir: Path | None = None) -> Edition:
    """Build the model from a corpus folder (default: the repository's ``corpus/``).

    Raises EditionError (file, line, fix) on any bad input. Cached per process by corpus
    fingerprint and, with ``cache_dir``, on disk as JSON (:mod:`extract.corpus.cache`: data, never
    code) keyed by the corpus and code fingerprints (so a rebuild with nothing changed does
    not load the NLP pipeline). A damaged or foreign entry is rebuilt, an unwritable folder
    is run without (a one-line warning each). The returned model's ``cache_dir`` is where
    derived data is cached (:func:`disk_cached`; None when the folder cannot be written).
    """
    root = corpus_dir(root).resolve()
    fp = corpus_fingerprint(root)
    if cache_dir is None:
        return _build(root, fp)
    cache_dir = Path(cache_dir)
    path = cache.entry_path(cache_dir, "edition", f"{fp[:16]}-{code_fingerprint()}")
    if (path, root) in _LOADED:
        return _LOADED[path, root]
    ed = cache.read(path, MODEL_CLASSES, Edition)
    if ed is None or ed.root != root:
        # the text model has a cache entry of its own, so that a translation edit does not
        # segment the witnesses again (nor load the NLP pipeline to do so)
        text_fp = corpus_fingerprint(root, TRANSLATION_LAYER)
        tpath = cache.entry_path(cache_dir, "text-model", f"{text_fp[:16]}-{code_fingerprint()}")
        text = cache.read(tpath, MODEL_CLASSES, Edition)
        if text is None or text.root != root:
            text = _text_model(root, text_fp)
            cache.write(tpath, text, "text-model-*.json")
        ed = _with_translations(text, fp, cache_dir)
        if not cache.write(path, ed, "edition-*.json"):
            cache_dir = None   # derived data is not cached either
    _LOADED[path, root] = replace(ed, cache_dir=cache_dir)
    return _LOADED[path, root]


#: models read from a disk cache in this process, by file and corpus folder (two folders with
#: the same content share a cache file, but each model names its own folder: its ``root``)
_LOADED: dict[tuple[Path, Path], Edition] = {}

#: the classes a cached model may hold (any other class in the file makes it foreign)
MODEL_CLASSES = (Edition, Game, Sentence, Unit, Figure, Change, Normalisation, Witness,
                 idlock.LockEntry, Term, Footnote, GlossaryLayer)


def disk_cached(cache_dir: Path | None, name: str, key: str, compute, classes=(),
                expect: type = object):
    """``compute()``, cached in ``cache_dir`` as ``<name>-<key>.json`` (no caching when
    ``cache_dir`` is None). ``key`` must change whenever the result would: callers hash
    their inputs and :func:`code_fingerprint` (and the engine's hash for engine results).
    ``classes``: the dataclasses the value may hold; ``expect``: its type (an entry holding
    anything else is foreign: rebuilt, with a warning). Older entries of the same ``name``
    are removed when a new one is written; a folder that cannot be written is run without."""
    if cache_dir is None:
        return compute()
    path = cache.entry_path(cache_dir, name, key)
    value = cache.read(path, classes, expect)   # damaged or foreign: None, recomputed
    if value is not None:
        return value
    value = compute()
    cache.write(path, value, f"{name}-*.json")
    return value


@lru_cache(maxsize=4)
def _build(root: Path, fingerprint: str) -> Edition:
    """The model of the corpus in ``root`` (``fingerprint``: its :func:`corpus_fingerprint`):
    the text model with the translation layer laid over it."""
    return _with_translations(_text_model(root, corpus_fingerprint(root, TRANSLATION_LAYER)),
                              fingerprint)


def _with_translations(text: Edition, fingerprint: str, cache_dir: Path | None = None) -> Edition:
    """The model ``text`` (:func:`_text_model`) with the translation layer of its corpus
    (:data:`TRANSLATION_LAYER`) laid over the base witness's sentences: English, translator's
    notes, glossary terms (:func:`_glossary_layer`, cached in ``cache_dir`` when given); and
    English and notes over the copies' sentences that have citable ids of their own
    (:attr:`Game.cited`). ``fingerprint`` the whole corpus's. Raises EditionError (file, line,
    fix) for a bad translation or glossary file."""
    english, notes = _load_translations(text.root)
    source = text.root / "glossary.toml"
    # read as load_glossary reads it (a link out of the corpus refused), cached or not
    said = read_text(source, "TOML file").encode() if source.exists() else b""
    key = hashlib.sha256(said + b"\0" + text.fingerprint.encode() + b"\0"
                         + version("pymorphy3").encode()).hexdigest()[:16]
    entry = (cache.entry_path(cache_dir, "glossary-layer", f"{key}-{code_fingerprint()}")
             if cache_dir is not None else None)
    layer = cache.read(entry, MODEL_CLASSES, GlossaryLayer) if entry is not None else None
    if layer is not None and not _layer_fits(layer, text):
        cache.warn(f"read {entry}", f"the cache entry {entry} is damaged or foreign (its "
                                    f"sentences or terms are not the text's): rebuilding it")
        layer = None
    if layer is None:
        layer = _glossary_layer(text)
        if entry is not None:
            cache.write(entry, layer, "glossary-layer-*.json")
    glossary = layer.glossary
    games = []
    for g in text.games:
        base = tuple(replace(s, english=english.get(s.id), note=notes.get(s.id),
                             terms=layer.terms[s.id])
                     for s in g.sentences)
        texts = {sig: base if sig == g.base else tuple(   # a copy's own sentences too
            s if "@" in s.id else replace(s, english=english.get(s.id), note=notes.get(s.id))
            for s in ss) for sig, ss in g.texts.items()}
        games.append(replace(g, sentences=base, texts=texts))
    return replace(text, games=tuple(games), fingerprint=fingerprint, glossary=glossary,
                   translated=frozenset(english) | frozenset(notes))


def _layer_fits(layer: GlossaryLayer, text: Edition) -> bool:
    """Whether ``layer`` (types already checked) is one of ``text``: a term list for every
    base sentence and no other, each term an entry of its glossary, inside the sentence."""
    sentences = {s.id: len(s.normalised) for g in text.games for s in g.sentences}
    keys = {t.key for t in layer.glossary}
    return layer.terms.keys() == sentences.keys() and all(
        k in keys and 0 <= a < b <= sentences[sid]
        for sid, found in layer.terms.items() for a, b, k in found)


def _glossary_layer(text: Edition) -> GlossaryLayer:
    """The glossary of ``text``'s corpus (:func:`load_glossary`) and the terms it finds in
    each base sentence (:func:`find_terms`). Raises EditionError (file, line, fix) for a bad
    glossary."""
    glossary = load_glossary(text.root)
    return GlossaryLayer(glossary, {
        s.id: tuple((a, b, t.key) for a, b, t in find_terms(s.normalised, glossary))
        for g in text.games for s in g.sentences})


def _text_model(root: Path, fingerprint: str) -> Edition:
    """The model of the corpus in ``root`` without its translation layer (no English, notes,
    terms or glossary): witnesses, games, sentences and their ids, units, normalisations;
    ``fingerprint`` its :func:`corpus_fingerprint` without :data:`TRANSLATION_LAYER`.
    Raises EditionError (file, line, fix) on any bad input."""
    from ..text.nlp import sentence_spans  # lazy: loads spaCy: only when the model is really built
    witnesses = load_witnesses(root)
    known = load_games(root)
    by_title = {key(g.title_ru): g for g in known}
    all_sigla = {w.siglum for w in witnesses}
    emendations = load_emendations(root, witnesses)
    lock = idlock.read_lock(root)

    # Per witness: its parts, its normalisation, and for each game it holds the items
    # ("figure", number, start, end) and ("prose", paragraph index, start, end).
    found: dict[str, dict] = {}   # slug -> {"known", "title", "texts": {siglum: [items]}}
    order: list[str] = []
    units: dict[str, list[Unit]] = {}
    norms: dict[str, Normalisation] = {}
    notes_of: dict[str, list[Footnote]] = {}
    calls_of: dict[str, list[tuple[int, int]]] = {}   # the tags of the inline footnotes
    notes_by: dict[str, tuple] = {}   # the same by offset, for :func:`_between`
    calls_by: dict[str, tuple] = {}
    rows_of: dict[str, set[tuple[int, int]]] = {}   # the rows of tables (whole sentences)
    referred: dict[str, tuple[tuple[int, int, str], ...]] = {}   # Layout.referred
    for w in witnesses:
        layout = analyse(w.text, w.path, w.page_title, [g.title_ru for g in known],
                         load_marks(root, w.siglum, w.text))
        parts = list(layout.parts)
        referred[w.siglum] = layout.referred
        norm = _witness_normalisation(w, parts, emendations.get(w.siglum, []), layout.orphans,
                                      layout.inline, layout.again)
        norms[w.siglum] = norm
        notes_of[w.siglum] = _footnotes(w, parts, norm, layout.inline, layout.again,
                                        layout.follows)
        # (and the tags read as nothing, a note's rest among them: no stop in them ends a
        # sentence)
        calls_of[w.siglum] = sorted([call for call, _, _ in layout.inline] + [
            o for o in layout.orphans if w.text.startswith("<ref", o[0])])
        notes_by[w.siglum] = _by_offset(notes_of[w.siglum], lambda f: f.anchor[0])
        calls_by[w.siglum] = _by_offset(calls_of[w.siglum], lambda c: c[0])
        current: str | None = None
        wunits: list[Unit] = []
        para_index: dict[str, int] = {}
        prev_prose_end = None
        prose = [i for i, p in enumerate(parts) if p.kind == "prose"]
        rows_of[w.siglum] = {(p.start, p.end) for p in parts
                             if p.kind == "prose" and p.label == "row"}
        inside_sentence = {k for i, j in zip(prose, prose[1:]) if j > i + 1
                           and runs_on_across(w.text, parts, i, j) for k in range(i + 1, j)}
        for k, p in enumerate(parts):
            if p.kind == "heading" and not p.opens:
                wunits.append(Unit("heading", p.start, p.end, p.end))
                current, prev_prose_end = None, None
                continue
            if p.kind == "title" or p.kind == "heading":
                label = p.label if p.kind == "title" else p.opens
                kg: KnownGame | None = by_title.get(key(label))
                slug = kg.slug if kg else title_slug(label)
                if kg is None and slug in all_sigla:   # an anchor and xml:id of its own
                    slug = f"{slug}-game"
                first, n = slug, 1
                # a title twice (not a title over the same title run in: no text between);
                # a numbered slug another title has ('Часы 2' is chasy-2) is passed over
                while slug in found and (found[slug]["texts"].get(w.siglum) or n > 1 and
                                         key(found[slug]["title"]) != key(label)):
                    n += 1
                    slug, kg = f"{first}-{n}", None
                current = slug
                if slug not in found:
                    found[slug] = {"known": kg, "title": label, "texts": {},
                                   "title_original": {}}
                    order.append(slug)
                found[slug]["title_original"][w.siglum] = w.text[p.start:p.end]
                found[slug]["texts"].setdefault(w.siglum, [])
                wunits.append(Unit(p.kind, p.start, p.end, p.end, slug))
                prev_prose_end = None
                continue
            if p.kind in ("page-title", "debris"):   # not the book's text: no game, no sentence
                if k in inside_sentence:    # page furniture inside a sentence: part of it
                    continue
                wunits.append(Unit(p.kind, p.start, p.end, p.end, ref=p.label))
                if not (p.kind == "page-title" or p.label in FURNITURE):
                    prev_prose_end = None
                continue
            if current is None:
                # a siglum may hold '_' (a file name's), a slug only a-z, 0-9 and '-'
                current = w.fragment or "fragment-" + "-".join(
                    re.findall(r"[a-z0-9]+", w.siglum.lower()))
                kg = next((g for g in known if g.slug == current), None)
                if current not in found:
                    found[current] = {"known": kg, "title": kg.title_ru if kg else current,
                                      "texts": {}, "title_original": {}}
                    order.append(current)
                found[current]["texts"].setdefault(w.siglum, [])
            if p.kind == "figure":
                # (a figure inside a sentence is in that sentence, no unit of its own)
                if k not in inside_sentence:
                    wunits.append(Unit("figure", p.start, p.end, p.end, current, p.label))
                found[current]["texts"][w.siglum].append(("figure", p.label, p.start, p.end))
                continue
            # prose: a new paragraph unless it continues the last one across a page break
            # (and the page furniture or a figure there, if any)
            joined = prev_prose_end is not None and (
                k - 1 in inside_sentence or continues(w.text, prev_prose_end, p.start))
            if not joined:
                para_index[current] = para_index.get(current, -1) + 1
            prev_prose_end = p.end
            wtexts = found[current]["texts"][w.siglum]
            last = len(wtexts) - 1
            while last >= 0 and wtexts[last][0] == "figure" and k - 1 in inside_sentence:
                last -= 1            # past the figures inside the sentence
            if joined and last >= 0 and wtexts[last][0] == "prose":
                wtexts[last] = ("prose", wtexts[last][1], wtexts[last][2], p.end)
            else:
                wtexts.append(("prose", para_index[current], p.start, p.end))
        units[w.siglum] = wunits

    games = []
    for slug in order:
        info = found[slug]
        kg = info["known"]
        sigla = [w.siglum for w in witnesses if w.siglum in info["texts"]]
        if kg and kg.base and kg.base not in {w.siglum for w in witnesses}:
            raise EditionError(f"game {slug}: base witness {kg.base!r} is not in the manifest",
                               root / "games.toml",
                               fix=f"use one of {', '.join(w.siglum for w in witnesses)}")
        if kg and kg.base and kg.base not in sigla:
            gtext = (root / "games.toml").read_text(encoding="utf-8")
            at = re.search(rf'^slug = "{re.escape(slug)}"(?:\n(?!\[).*)*?\n(base\s*=)', gtext, re.M)
            raise EditionError(f"game {slug}: base witness {kg.base} does not hold this game "
                               f"(it stands in {', '.join(sigla)})", root / "games.toml",
                               line_of(gtext, at.start(1)) if at else None,
                               fix=f"set base to one of {', '.join(sigla)}, or remove `base`")
        base = kg.base if kg and kg.base in sigla else sigla[0]
        texts: dict[str, tuple[Sentence, ...]] = {}
        figures: list[Figure] = []
        for siglum in sigla:
            norm = norms[siglum]
            sents: list[Sentence] = []
            for item in info["texts"][siglum]:
                if item[0] == "figure":
                    # after the sentence before it, or the one it is in; a number once (an
                    # image and its caption's line, '![Фиг. 9](f.png)' / '*Фиг. 9. ...*')
                    if siglum == base and all(f.number != item[1] for f in figures):
                        figures.append(Figure(item[1], siglum, item[2], item[3], next(
                            (x.id for x in reversed(sents) if x.start < item[2]), None)))
                    continue
                _, para, s, e = item
                try:
                    block = norm.slice(s, e)
                except ValueError:   # (a safety net: the finder keeps a joined word in one unit)
                    w = next(x for x in witnesses if x.siglum == siglum)
                    top, bottom = line_of(w.text, s), line_of(w.text, max(s, e - 1))
                    raise EditionError(
                        f"a word the normaliser joins runs across the edge of the text of "
                        f"lines {top}-{bottom} (game {slug}): the structure finder cut it "
                        f"apart", w.path, top,
                        fix=f"mark the lines the word runs over as one kind in the corpus's "
                            f"structure/{siglum}.toml (the README: 'When the finder is "
                            f"wrong'), and report the layout") from None
                feet = _between(notes_by[siglum], s, e)
                calls = [(a - s, b - s) for a, b in _between(calls_by[siglum], s, e)]
                spans = ([(0, e - s)] if (s, e) in rows_of[siglum]   # a table's row: whole
                         else sentence_spans(_masked(block, calls) if calls else block))
                if feet:
                    spans = _keep_markers(spans, [f.anchor for f in feet], norm.original, s)
                for a, b in spans:
                    sub = block.slice(a, b)
                    provisional = (f"{slug}:{len(sents) + 1}"
                                   + ("" if siglum == base else f"@{siglum}"))
                    sents.append(Sentence(provisional, slug, siglum, s + a, s + b, sub.original,
                                          sub.text, sub.changes, para,
                                          footnotes=tuple(f for f in feet
                                                          if s + a <= f.anchor[0] < s + b)))
            texts[siglum] = tuple(sents)
            if siglum == base:    # a figure line the sentence refers to: in its text, and
                for a, b, number in referred[siglum]:   # listed once (its own line first)
                    x = next((x for x in sents if x.start <= a < x.end), None)
                    if x is not None and all(f.number != number for f in figures):
                        figures.append(Figure(number, siglum, a, b, x.id))
        figures.sort(key=lambda f: f.start)
        base_sents = idlock.assign(slug, texts[base], lock)
        texts[base] = base_sents
        for siglum in sigla:
            if siglum != base:
                texts[siglum] = idlock.assign_new(slug, siglum, texts[siglum], texts, lock)
        # figures refer to provisional ids of the base: remap by position
        remap = {f"{slug}:{i + 1}": s.id for i, s in enumerate(base_sents)}
        figures = [Figure(f.number, f.witness, f.start, f.end,
                          remap.get(f.after, f.after) if f.after is not None else None)
                   for f in figures]
        games.append(Game(
            slug=slug, title_ru=kg.title_ru if kg else normalise(
                info["title"].capitalize() if info["title"].isupper() else info["title"]).text,
            title_en=kg.title_en if kg else None, base=base, witnesses=tuple(sigla),
            title_original=info["title_original"].get(base, ""), sentences=base_sents,
            texts=texts, figures=tuple(figures), fragment=bool(kg and kg.fragment),
            known=kg is not None))

    # sentence units, then sort and compute tails so that units tile each witness
    final_units: dict[str, tuple[Unit, ...]] = {}
    for w in witnesses:
        us = list(units[w.siglum])
        for g in games:
            for s in g.texts.get(w.siglum, ()):
                us.append(Unit("sentence", s.start, s.end, s.end, g.slug, s.id))
        us.sort(key=lambda u: u.start)
        tiled = []
        for i, u in enumerate(us):
            nxt = us[i + 1].start if i + 1 < len(us) else len(w.text)
            gap = w.text[u.end:nxt]
            if gap.strip().strip("\u200b\u200c\u200d\u2060\ufeff"):   # zero-width: see _lines
                raise EditionError(f"text not covered by the model: {gap.strip()[:40]!r}",
                                   w.path, line_of(w.text, u.end),
                                   fix="report this: the splitter lost text")
            tiled.append(Unit(u.kind, u.start, u.end, nxt, u.game, u.ref))
        final_units[w.siglum] = tuple(tiled)
    return Edition(root, tuple(witnesses), tuple(games), final_units, norms, lock, fingerprint)
