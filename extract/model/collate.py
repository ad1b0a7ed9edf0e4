"""Collation of the witnesses of a game: token alignment and the critical apparatus.

For every game with more than one witness the sentences of each witness are cut into word and
punctuation tokens and aligned with CollateX (the ``collatex`` package, without near matching
or segmentation), one base sentence at a time: each with the copies' sentences that read it
(:func:`_stretches`), so that a copy's words stay in the base sentence its sentence reads.
Tokens are *compared* on a collation form and *shown* in their original form:

``collation form``
    the witness text with the normaliser's orthography, OCR-rule and typography changes
    applied, but **not** the editors' emendations (an emendation is a judgement about a slip;
    the slip is still what the witness says), lowercased, ``ё`` folded to ``е``.

Consecutive columns in which the witnesses' *literal* forms (original text with only
typography changes applied: line wraps, hyphenation, dashes, spaces) differ form one
variation, an :class:`Entry`. Differences of layout alone (page and paragraph breaks,
no-break spaces, line wraps, the position of a figure marker between sentences) are not
variants and make no entry. Each variant :class:`Reading` has a kind:

``punctuation``
    only punctuation differs (a comma present or absent, a different mark).
``orthographic``
    the same word form spelt differently: the readings agree once spelling is normalised
    (pre-reform letters, ``-аго``/``-ого``, capitals, ``ё``).
``ocr``
    a letter-level slip of recognition or typing in one witness, which the normaliser's OCR
    rules or an editorial emendation correct so that the readings agree, and which does not
    produce another form of the same word (``мета`` for ``места``: a different lexeme;
    ``елевой`` for ``с левой``: not a word). Without an emendation, a reading within one
    letter in five of the other (spaces aside) whose words are divided differently, or which
    has a word the dictionary does not know where the other's are all known, is such a slip
    too: ``ocr``, not emended (see :func:`_unemended_slip`).
``substantive``
    different words or a different grammatical form. A slip that yields another inflected
    form of the same word is substantive even when the editors emend it, because the reader
    of that witness reads a different grammar: ``флангового`` (genitive) for ``фланговою``
    (instrumental, agreeing with ``картою``) in P13 is *substantive*, marked ``emended``
    (the reading text of P13 has the correction). Same word or not is decided by pymorphy3
    lemmas, the project's morphological analyser.

An entry's ``kind`` is the weightiest kind of its variant readings (substantive > ocr >
orthographic > punctuation). Its place is the base sentence id and the character offsets
``[start, end)`` of the base reading within that sentence's original text (an addition in a
variant has ``start == end``, the point after the preceding base token). Entries never cross a
base sentence boundary.

Words and punctuation make separate entries: a comma present in one witness and absent in
another is a punctuation entry of its own, never part of a word's entry, and CollateX's
pairing of a comma with a word in one column (``, то`` against ``и то``) is undone, so that
the word is an addition and the comma an omission, each with its kind. A stretch of words
a witness lacks is one omission, the marks among and beside them included (a clause, its
commas and all); a mark alone lacking is a punctuation entry.

A witness's sentence that stands in none of the base text's sentences (the test by which
``edition add`` gives it a citable id of its own, :func:`extract.corpus.ids.found_in`) is that
witness's *addition*: its words are not aligned with the base's (CollateX would make them
readings of whatever sentences stand at that place), and it is one entry, whole, at the point
after the witness's text before it. A base sentence that a witness lacks wholly, where the
other witnesses read it as the base does, is likewise one omission entry.

``lacuna``
    A witness that does not cover part of the base text because its page ends (or begins)
    there is not reported as omitting every word: the base text before its first token (when
    its text of the game has no title: it begins on a lost page) and after its last token
    (when the game is the last thing in the witness: the page is cut off) is *one* entry of
    kind ``lacuna``, placed at the point where the witness's text stops (or, for a lacuna
    at the beginning, at the start of the game), with ``lacuna`` giving the base text it
    spans as ``(first sentence id, offset, last sentence id, end offset)``. Within the
    lacuna the witness takes no part in other entries. A witness that has only the game's
    title (its page ends there) lacks the whole text: one lacuna entry.
"""
from __future__ import annotations

import bisect
import hashlib
import json
import re
import warnings
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from typing import Iterable

from ..corpus.ids import (LOCK_NAME, SAME_SENTENCE, LockEntry, anchor, best_match, moved_bases,
                          quote_of, sentence_words)
from ..text.errors import EditionError
from ..text.morph import analyzer
from ..text.normalise import _known
from .edition import Sentence, code_fingerprint, disk_cached

KIND_WEIGHT = {"punctuation": 0, "orthographic": 1, "ocr": 2, "substantive": 3}
TOKEN = re.compile(r"\w+(?:-\w+)*|[^\w\s]")


@dataclass(frozen=True)
class Reading:
    """One witness's reading in an entry.

    ``sigla``: the witnesses that read so (one reading may stand for several); ``original``:
    the text as the first of them has it (original characters, from the first to the last
    token of the reading; "" for an omission); ``normalised``: the same in the reading text
    (emendations applied); ``sentence``: that witness's sentence id (None for an omission);
    ``start``/``end``: offsets within that sentence's original text; ``kind``: the kind of
    the difference from the base reading (None for the base reading itself); ``emended``:
    True when an editorial emendation corrects this reading in its witness.
    """

    sigla: tuple[str, ...]
    original: str
    normalised: str
    sentence: str | None
    start: int
    end: int
    kind: str | None = None
    emended: bool = False


@dataclass(frozen=True)
class Entry:
    """One apparatus entry: a place in the base text where the witnesses differ.

    ``id``: ``<game>:app-<n>``, the number locked in ``corpus/ids.lock`` (:func:`numbered`;
    ``locked`` False for an entry not recorded there yet); ``game``: the slug; ``sentence``:
    the base sentence id; ``start``/``end``: offsets of the base reading in that sentence's
    original text; ``lem``: the base reading (sigla: the base and every witness that agrees
    with it); ``readings``: the variant readings; ``kind``: the weightiest variant kind, or
    ``"lacuna"``; ``lacuna``: for a lacuna, the base text the witness lacks as ``(first
    sentence id, start offset, last sentence id, end offset)`` (``start == end`` then: the
    entry is a point), else None.
    """

    id: str
    game: str
    sentence: str
    start: int
    end: int
    lem: Reading
    readings: tuple[Reading, ...]
    kind: str
    lacuna: tuple[str, int, str, int] | None = None
    locked: bool = True

    @property
    def anchor(self) -> str:
        """The NCName/HTML anchor of the entry (``dense-column.app-1``)."""
        return anchor(self.id)


@dataclass(frozen=True)
class _Token:
    sentence: str          # sentence id in its witness
    witness: str
    start: int             # original offsets, relative to the sentence
    end: int
    original: str
    literal: str           # typography applied
    coll: str              # collation form (no emendations), folded
    reg: str               # reading text form (all changes)
    ocr: bool              # an OCR-rule change lies in it
    emended: bool          # an emendation lies in it
    punct: bool


def _fold(s: str) -> str:
    return s.lower().replace("ё", "е")


def _layer(original: str, changes: Iterable) -> tuple[str, list[int], list[int]]:
    """Apply ``changes`` to ``original``; for each character of the result, the original
    span ``[ostart, oend)`` it comes from (a change's replacement maps to its whole span)."""
    out: list[str] = []
    os_: list[int] = []
    oe: list[int] = []
    pos = 0
    for c in changes:
        for i in range(pos, c.start):
            out.append(original[i]); os_.append(i); oe.append(i + 1)
        for ch in c.reg:
            out.append(ch); os_.append(c.start); oe.append(c.end)
        pos = c.end
    for i in range(pos, len(original)):
        out.append(original[i]); os_.append(i); oe.append(i + 1)
    return "".join(out), os_, oe


def _apply_inside(original: str, changes, a: int, b: int, keep) -> str:
    """``original[a:b]`` with the changes lying wholly inside it and passing ``keep`` applied."""
    parts, pos = [], a
    for c in changes:
        if c.start >= a and c.end <= b and keep(c) and c.start >= pos:
            parts.append(original[pos:c.start]); parts.append(c.reg); pos = c.end
    parts.append(original[pos:b])
    return "".join(parts)


def _tokens(sentence) -> list[_Token]:
    """The sentence's tokens, cut on the collation layer and mapped back to the original."""
    changes = [c for c in sentence.changes if c.kind != "emendation"]
    text, os_, oe = _layer(sentence.original, changes)
    out = []
    for m in TOKEN.finditer(text):
        a, b = os_[m.start()], oe[m.end() - 1]
        for c in changes:   # a letter the layer deletes at the word's end (final ъ) is the word's
            if c.start == b and not c.reg and c.orig.isalpha() and not m.group()[-1:].isspace():
                b = c.end
        inside = [c for c in sentence.changes if c.start < b and c.end > a]
        out.append(_Token(
            sentence.id, sentence.witness, a, b, sentence.original[a:b],
            _apply_inside(sentence.original, sentence.changes, a, b,
                          lambda c: c.kind == "typography"),
            _fold(m.group()),
            _apply_inside(sentence.original, sentence.changes, a, b, lambda c: True),
            any(c.kind == "ocr" for c in inside),
            any(c.kind == "emendation" for c in inside),
            not any(ch.isalnum() for ch in m.group())))
    return out


#: Runs of at least this many tokens that read alike (collation form) in every witness are
#: aligned directly; CollateX aligns what lies between them (see :func:`_align`).
ANCHOR_RUN = 4


def _align(texts: dict[str, list[_Token]], order: list[str]) -> list[dict[str, _Token | None]]:
    """Align the witnesses' token lists; one dict siglum -> token per column.

    Runs of at least :data:`ANCHOR_RUN` tokens whose collation forms agree in every witness
    (found with :class:`difflib.SequenceMatcher` against the first witness) are aligned as
    they stand, and CollateX aligns each stretch between two runs. CollateX's own aligner is
    quadratic in pure Python (about 3 s for two witnesses of 500 tokens); anchoring on long
    agreeing runs first gives the same table where the witnesses agree for four words or
    more, which is what a collation of two printings mostly is."""
    present = [sig for sig in order if texts[sig]]
    if len(present) < 2:
        return []
    runs = _anchor_runs({sig: [t.coll for t in texts[sig]] for sig in present}, present)
    cols: list[dict[str, _Token | None]] = []
    pos = {sig: 0 for sig in present}
    for run in runs + [{sig: (len(texts[sig]), 0) for sig in present}]:
        gap = {sig: texts[sig][pos[sig]:run[sig][0]] for sig in present}
        cols += _collatex({sig: gap.get(sig, []) for sig in order})
        n = run[present[0]][1]
        for k in range(n):
            cols.append({sig: (texts[sig][run[sig][0] + k] if sig in run else None)
                         for sig in order})
        pos = {sig: run[sig][0] + n for sig in present}
    return cols


def _anchor_runs(forms: dict[str, list[str]], present: list[str]) -> list[dict[str, tuple]]:
    """Runs of tokens that read alike in every witness: ``[{siglum: (start, length)}]`` in
    order, each at least :data:`ANCHOR_RUN` long, the starts increasing in every witness."""
    base = present[0]
    maps: list[dict[int, int]] = []
    for sig in present[1:]:
        sm = SequenceMatcher(None, forms[base], forms[sig], autojunk=False)
        m: dict[int, int] = {}
        for a, b, size in sm.get_matching_blocks():
            if size >= ANCHOR_RUN:
                m.update({a + k: b + k for k in range(size)})
        maps.append(m)
    runs: list[dict[str, tuple]] = []
    i, n = 0, len(forms[base])
    while i < n:
        if not all(i in m for m in maps):
            i += 1
            continue
        j = i + 1
        while j < n and all(j in m and m[j] == m[j - 1] + 1 for m in maps):
            j += 1
        if j - i >= ANCHOR_RUN:
            run = {base: (i, j - i)}
            run.update({sig: (m[i], j - i) for sig, m in zip(present[1:], maps)})
            runs.append(run)
        i = j
    return runs


def _collatex(texts: dict[str, list[_Token]]) -> list[dict[str, _Token | None]]:
    """CollateX's alignment of the witnesses' token lists (in ``texts``' order)."""
    order = list(texts)
    present = [sig for sig in order if texts[sig]]
    if not present:
        return []
    if len(present) == 1:
        return [{sig: (t if sig == present[0] else None) for sig in order}
                for t in texts[present[0]]]
    try:
        with warnings.catch_warnings():   # collatex imports IPython's deprecated display
            warnings.simplefilter("ignore", DeprecationWarning)
            from collatex import Collation, collate  # lazy: collatex is slow to import
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise EditionError(f"the collatex package is not usable: {e}",
                           fix="pip install 'collatex>=2.3,<3' Levenshtein") from None
    data = {"witnesses": [{"id": sig, "tokens": [{"t": t.original, "n": t.coll, "k": i}
                                                 for i, t in enumerate(texts[sig])]}
                          for sig in present]}
    table = json.loads(collate(Collation.create_from_dict(data), output="json",
                               segmentation=False))
    rows = dict(zip(table["witnesses"], table["table"]))
    ncols = len(next(iter(rows.values())))
    cols = []
    for j in range(ncols):
        col: dict[str, _Token | None] = {}
        for sig in order:
            cell = rows[sig][j] if sig in rows else None
            col[sig] = texts[sig][cell[0]["k"]] if cell else None
        cols.append(col)
    return cols


def _join(tokens: list[_Token], sentences: dict[str, Sentence], attr: str) -> str:
    """The text of consecutive tokens of one witness: original characters from the first to
    the last token (across sentences through the witness text), or the joined forms."""
    if not tokens:
        return ""
    if attr == "original":
        first, last = tokens[0], tokens[-1]
        s1, s2 = sentences[first.sentence], sentences[last.sentence]
        if s1 is s2:
            return s1.original[first.start:last.end]
        between = [sentences[i].original for i in dict.fromkeys(t.sentence for t in tokens)
                   if i not in (first.sentence, last.sentence)]
        return " ".join([s1.original[first.start:], *between, s2.original[:last.end]])
    out = ""
    prev = None
    for t in tokens:
        form = getattr(t, attr)
        if prev is not None and not t.punct:
            out += " "
        out += form
        prev = t
    return out


def _same_lexeme(a: str, b: str) -> bool:
    """True when the two word sequences differ only in inflection (pymorphy3 lemmas agree)."""
    wa, wb = re.findall(r"\w+", a.lower()), re.findall(r"\w+", b.lower())
    if len(wa) != len(wb) or not wa:
        return False
    m = analyzer()
    for x, y in zip(wa, wb):
        if x == y:
            continue
        px, py = m.parse(x), m.parse(y)
        if not (all(p.is_known for p in px[:1]) and all(p.is_known for p in py[:1])):
            return False
        if not {p.normal_form for p in px} & {p.normal_form for p in py}:
            return False
    return True


def classify(base: list[_Token], var: list[_Token]) -> str:
    """The kind of the difference between a base reading and a variant (see the module doc)."""
    if all(t.punct for t in base) and all(t.punct for t in var):
        return "punctuation"
    bw = [t for t in base if not t.punct]
    vw = [t for t in var if not t.punct]
    if [t.coll for t in bw] == [t.coll for t in vw]:
        if [t.literal for t in bw] == [t.literal for t in vw]:
            return "punctuation"
        if any(t.ocr for t in bw + vw):
            return "ocr"
        return "orthographic"
    breg = _fold(" ".join(t.reg for t in bw))
    vreg = _fold(" ".join(t.reg for t in vw))
    if breg == vreg and any(t.emended for t in bw + vw):
        slip, right = (vw, bw) if any(t.emended for t in vw) else (bw, vw)
        if _same_lexeme(" ".join(t.coll for t in slip), " ".join(t.coll for t in right)):
            return "substantive"
        return "ocr"
    if _unemended_slip(bw, vw) or _unemended_slip(vw, bw):
        return "ocr"
    return "substantive"


#: a word of Cyrillic letters with one or more Latin letters among them (OCR's)
_MIXED = re.compile(r"(?=[а-яa-z]*[а-я])(?=[а-яa-z]*[a-z])[а-яa-z]+")


def _unemended_slip(slip: list[_Token], right: list[_Token]) -> bool:
    """Whether ``slip`` reads as a slip of recognition or typing for ``right`` that no
    emendation corrects: their letters (spaces aside, which OCR loses and adds) differ by at
    least one and at most one in five, and either the words are divided differently (a space
    lost and a letter misread: ``елевой`` for ``с левой``) or ``slip`` has a word the
    dictionary does not know and every word of ``right`` is known. Letters alike but divided
    differently are a slip when ``slip`` has a word the dictionary does not know and every
    word of ``right`` is known (``тща тельно`` for ``тщательно``), or when ``slip`` divides
    where ``right`` does not with no function word on either side of the cut
    (:func:`_odd_division`: ``буб новый`` for ``бубновый``, a space OCR added in a stem); a
    division beside a preposition, particle or conjunction (``в месте`` / ``вместе``, ``не
    возможным`` / ``невозможным``, ``так же`` / ``также``) is how the period wrote, and
    may be two readings: not a slip."""
    import Levenshtein  # lazy: Levenshtein is slow to import

    a = [t.coll for t in slip]
    b = [t.coll for t in right]
    # a word of Cyrillic letters with a Latin one among them that the normaliser could not
    # read (``домb``: домъ or домѣ?) is recognition's, and no word: a slip's word too
    if not a or not b or not all(re.fullmatch(r"[а-я]+", w) for w in b) or not all(
            re.fullmatch(r"[а-я]+", w) or _MIXED.fullmatch(w) for w in a):
        return False
    x, y = "".join(a), "".join(b)
    unknown_for_known = not all(_known(w) and not _MIXED.fullmatch(w) for w in a) and all(
        _known(w) for w in b)
    if x == y:
        # the same letters divided differently (see the docstring)
        return unknown_for_known or _odd_division(a, b)
    if not 1 <= Levenshtein.distance(x, y) <= max(1, min(len(x), len(y)) // 5):
        return False
    return len(a) != len(b) or unknown_for_known


def _odd_division(a: list[str], b: list[str]) -> bool:
    """Whether the words ``a`` divide the letters they share with ``b`` at a place where ``b``
    does not, with no function word (preposition, conjunction or particle, by any pymorphy3
    parse) on either side of that cut: ``["буб", "новый"]`` against ``["бубновый"]`` (True),
    not ``["не", "возможным"]`` against ``["невозможным"]`` or ``["так", "же"]`` against
    ``["также"]`` (False). Word division beside such words varied in the period's printing;
    a cut inside a stem is a space the scan added."""
    m = analyzer()

    def function_word(w: str) -> bool:
        return any(p.tag.POS in ("PREP", "CONJ", "PRCL") for p in m.parse(w))

    cuts, at = set(), 0
    for w in b[:-1]:
        at += len(w)
        cuts.add(at)
    at = 0
    for left, right in zip(a, a[1:]):
        at += len(left)
        if at not in cuts and not (function_word(left) or function_word(right)):
            return True
    return False


_CACHE: dict[tuple[str, str, str], list[Entry]] = {}


def apparatus(edition, game) -> list[Entry]:
    """The apparatus of one game: a list of :class:`Entry` in base-text order.

    ``game`` is a :class:`~extract.model.edition.Game` or its slug. A game with one witness has an
    empty apparatus. Cached per corpus fingerprint and game. Raises EditionError if CollateX
    cannot be imported.
    """
    if isinstance(game, str):
        game = edition.game(game)
    key = (str(edition.root), edition.fingerprint, game.slug)
    if key not in _CACHE:
        _CACHE[key] = disk_cached(getattr(edition, "cache_dir", None), f"collation-{game.slug}",
                                  collation_key(game, edition),
                                  lambda: _collate(game, edition), (Entry, Reading), list)
    return numbered(game.slug, _CACHE[key], getattr(edition, "lock", {}))


def place_key(e: Entry) -> str:
    """Where an apparatus entry stands, as its lock line records it: the base sentence id,
    ``@``, the start and end offsets of the base reading in that sentence's original text,
    then (after a space) the start of the base reading's text: ``dense-column:2@14-20 кладутъ``.
    The base text never changes when a witness is added, so neither does this."""
    lem = quote_of(e.lem.original)[:24]
    return f"{e.sentence}@{e.start}-{e.end}" + (f" {lem}" if lem else "")


def _place(key: str) -> tuple[str, int, int]:
    where = key.split(" ", 1)[0]
    sentence, _, span = where.rpartition("@")
    start, _, end = span.partition("-")
    return sentence, int(start), int(end)


def numbered(slug: str, entries: list[Entry], lock: dict) -> list[Entry]:
    """``entries`` (in base-text order) with their citable ids: an entry whose place
    (:func:`place_key`) is locked keeps its id; one that grew or shrank (a new witness
    widened the variation) keeps the id of the first unclaimed locked entry it overlaps in
    the same sentence; the rest get new numbers after the highest ever locked for ``slug``
    (retired included), in text order, ``locked=False``. With nothing locked this numbers
    ``app-1``, ``app-2`` ... in text order. Linear in entries times the game's locked
    apparatus ids."""
    prefix = f"{slug}:app-"
    mine = sorted((e for e in lock.values() if e.id.startswith(prefix)), key=lambda e: e.number)
    top = max((e.number for e in mine), default=0)
    live = [e for e in mine if e.retired is None]
    by_key = {e.quote: e for e in live}
    taken: set[str] = set()
    out: list[Entry | None] = [None] * len(entries)
    for i, e in enumerate(entries):
        hit = by_key.get(place_key(e))
        if hit is not None and hit.id not in taken:
            taken.add(hit.id)
            out[i] = replace(e, id=hit.id, locked=True)
    for i, e in enumerate(entries):
        if out[i] is not None:
            continue
        for old in live:
            if old.id in taken:
                continue
            sentence, start, end = _place(old.quote)
            if sentence == e.sentence and start <= e.end and e.start <= end:
                taken.add(old.id)
                out[i] = replace(e, id=old.id, locked=True)
                break
    for i, e in enumerate(entries):
        if out[i] is None:
            top += 1
            out[i] = replace(e, id=f"{prefix}{top}", locked=False)
    return [e for e in out if e is not None]


def apparatus_lock(edition) -> list:
    """The lock entries (:class:`extract.corpus.ids.LockEntry`) of every game's apparatus as
    collated now: one per entry (witness: the game's base siglum; quote: its
    :func:`place_key`), and each locked apparatus id that no entry claims any more, marked
    retired with the reason (a witness added or changed merged or removed the variation).
    ``edition lock`` and ``edition add`` record them."""
    out = []
    for game in edition.games:
        entries = apparatus(edition, game) if len(game.texts) > 1 else []
        claimed = {e.id for e in entries}
        out += [LockEntry(e.id, game.base, place_key(e)) for e in entries]
        for old in edition.lock.values():
            if old.id.startswith(f"{game.slug}:app-") and old.retired is None \
                    and old.id not in claimed:
                out.append(replace(old, retired=f"no apparatus entry at {old.quote.split(' ')[0]} "
                                                "any more: the witnesses collated differently"))
    return out


def apparatus_problems(edition) -> list[str]:
    """What is wrong between the apparatus and the lock: entries not yet locked, and locked
    apparatus ids that no entry claims (vanished: a build refuses to publish while any is
    listed, see :func:`vanished_apparatus_ids`). A game whose base moved off its locked
    witness (:func:`extract.corpus.ids.moved_bases`) is left out: the lock check names the
    one fix, and `edition lock` here would retire its ids."""
    moved = moved_bases(edition)
    problems = vanished_apparatus_ids(edition, skip=moved)
    for game in edition.games:
        if len(game.texts) > 1 and game.slug not in moved:
            for e in apparatus(edition, game):
                if not e.locked:
                    problems.append(f"apparatus entry {e.id} ({place_key(e)}) is not in the "
                                    f"lock; run `edition lock` to record it")
    return problems


def vanished_apparatus_ids(edition, skip: Iterable[str] = ()) -> list[str]:
    """Locked apparatus ids (not retired) that no entry of the apparatus claims, each with
    the lock's file and line and the fix; the games in ``skip`` (slugs) left out."""
    present = {e.id for g in edition.games if len(g.texts) > 1 for e in apparatus(edition, g)}
    return [f"{edition.root / LOCK_NAME}:{e.line}: apparatus id {e.id} has vanished (no entry "
            f"at {e.quote.split(' ')[0]}); run `edition lock` to retire it, or restore the "
            f"witnesses"
            for e in edition.lock.values()
            if e.is_apparatus and e.retired is None and e.id not in present
            and e.id.split(":")[0] not in skip]


def collation_key(game, edition=None) -> str:
    """A hash of everything the collation of ``game`` depends on: each witness's sentences
    (ids, offsets, original and normalised text, changes), the witnesses' units (which tell
    where a cut-off page begins and ends: lacunae) and the toolkit's code, but not
    the translations or notes, so editing a translation does not collate again."""
    h = hashlib.sha256(code_fingerprint().encode())
    for sig in sorted(game.texts):
        h.update(f"\0{sig}\0{sig == game.base}".encode())
        for s in game.texts[sig]:
            h.update(repr((s.id, s.start, s.end, s.original, s.normalised, s.changes)).encode())
        units = edition.units.get(sig, ()) if edition is not None else ()
        h.update(repr([(u.kind, u.start, u.end, u.game) for u in units]).encode())
    return h.hexdigest()[:20]


def _split_mixed(cols: list[dict]) -> list[dict]:
    """Undo CollateX's pairing of a punctuation mark with a word in one column: such a
    column becomes a column of words and one of marks (the one holding the base's token
    first), so that a comma is never a variant of a word."""
    out = []
    for col in cols:
        toks = [t for t in col.values() if t is not None]
        if len({t.punct for t in toks}) < 2:
            out.append(col)
            continue
        words = {sig: (t if t is not None and not t.punct else None) for sig, t in col.items()}
        marks = {sig: (t if t is not None and t.punct else None) for sig, t in col.items()}
        base = next(iter(col))
        out += [marks, words] if marks[base] is not None else [words, marks]
    return out


#: a stretch of at least this many base tokens that a witness lacks counts as a gap when
#: stray tokens beyond it are put back (see :func:`_reseat`)
GAP = 5


def _reseat(cols: list[dict], sig: str, base: str, head: bool, tail: bool) -> list[dict]:
    """Put back a witness's stray edge tokens: CollateX may match the last full stop of a
    page that is cut off with the base's last full stop, far beyond the page's end (or the
    first mark of a page with the base's first). One or two tokens standing beyond a gap of
    :data:`GAP` base tokens that the witness lacks are moved next to the rest of its text
    (into the base's column when the base has the same mark there)."""
    cols = [dict(c) for c in cols]
    for at_tail in ([True] if tail else []) + ([False] if head else []):
        have = [j for j, c in enumerate(cols) if c[sig] is not None]
        if len(have) < 4:
            continue
        edge = have[-2:] if at_tail else have[:2]
        for n in (1, 2):
            stray = edge[-n:] if at_tail else edge[:n]
            anchor = have[-n - 1] if at_tail else have[n]
            lo, hi = (anchor, stray[0]) if at_tail else (stray[-1], anchor)
            if sum(1 for j in range(lo + 1, hi) if cols[j][base] is not None) >= GAP:
                toks = [cols[j][sig] for j in stray]
                for j in stray:
                    cols[j][sig] = None
                pos = anchor + 1 if at_tail else anchor
                for t in (toks if at_tail else reversed(toks)):
                    here = cols[pos] if pos < len(cols) else None
                    if here is not None and here[sig] is None and here[base] is not None \
                            and here[base].literal == t.literal:
                        here[sig] = t
                    else:
                        cols.insert(pos, {s: (t if s == sig else None) for s in cols[0]})
                    if at_tail:
                        pos += 1
                break
    return [c for c in cols if any(t is not None for t in c.values())]


def _stops_home(cols: list[dict], sig: str, base: str) -> list[dict]:
    """A witness's stop that ends its sentence put back at the end of the base sentence that
    sentence reads: where the witness lacks the base sentence after it (or the end of its
    own), CollateX may match its full stop with the next base sentence's stop beyond the gap
    (mill:2's '.' read at the end of the mill:3 the copy lacks), which cuts that omission
    into pieces of words and marks. Moved when the witness's token before the stop is of its
    same sentence and stands in a column of a base sentence whose last column, before the
    stop's, has the same stop and nothing of the witness (nor has any column between).
    Likewise forward: a stop that ends the witness's sentence short of the end of its base
    sentence (the copy's '.' set against the base's ',' where the copy lacks the rest of the
    sentence) goes to that sentence's last column when it has the same stop and no column
    between holds anything of the witness, so that the copy is not read as stopping (a
    lacuna) or adding a stop inside the sentence."""
    cols = [dict(c) for c in cols]
    have = [j for j, c in enumerate(cols) if c[sig] is not None]
    for n, j in enumerate(have):
        t = cols[j][sig]
        nxt = have[n + 1] if n + 1 < len(have) else len(cols)
        b = next((cols[k][base] for k in range(j, -1, -1) if cols[k][base] is not None), None)
        if t.literal not in ".!?…" or b is None or (
                nxt < len(cols) and cols[nxt][sig].sentence == t.sentence):
            continue
        last = max((k for k in range(j, nxt) if cols[k][base] is not None
                    and cols[k][base].sentence == b.sentence), default=j)
        if last > j and cols[last][base].literal == t.literal:
            cols[last][sig], cols[j][sig] = t, None
    prev = None   # the column of the witness's last token
    for j, c in enumerate(cols):
        t = c[sig]
        if t is None:
            continue
        p = cols[prev] if prev is not None else None
        if p is not None and prev + 1 < j and t.literal in ".!?…" and c[base] is not None \
                and p[sig].sentence == t.sentence and p[base] is not None \
                and c[base].sentence != p[base].sentence:
            last = max(k for k in range(prev, j) if cols[k][base] is not None
                       and cols[k][base].sentence == p[base].sentence)
            home = cols[last]
            if last > prev and home[base].literal == t.literal:
                home[sig], c[sig] = t, None
                prev = last
                continue
        prev = j
    return [c for c in cols if any(t is not None for t in c.values())]


def _edges(edition, game, sig: str) -> tuple[bool, bool]:
    """Whether witness ``sig``'s text of ``game`` may begin (no title of its own) and end
    (nothing of the book after it) on a lost or cut-off page."""
    units = edition.units.get(sig, ()) if edition is not None else ()
    mine = [u for u in units if u.game == game.slug]
    titled = any(u.kind in ("title", "heading") for u in mine)
    last = mine[-1] if mine else None
    later = [u for u in units if last is not None and u.start > last.start
             and u.kind not in ("debris", "page-title")]
    return not titled, bool(mine) and not later


def _lacunae(edition, game, cols: list[dict], order: list[str]) -> dict[str, set[int]]:
    """For each witness but the base, the columns its text does not reach (see the module
    doc): before its first token if its text of the game has no title, after its last token
    if the game is the last thing in the witness."""
    out: dict[str, set[int]] = {}
    for sig in order[1:]:
        have = [j for j, c in enumerate(cols) if c[sig] is not None]
        if not have:
            continue
        starts_lost, ends_lost = _edges(edition, game, sig)
        gone = set()
        if starts_lost:
            gone |= set(range(0, have[0]))
        if ends_lost:
            gone |= set(range(have[-1] + 1, len(cols)))
        lead = {j for j in gone if j < have[0]}
        for run in (lead, gone - lead):   # a lacuna lacks words, not just a final full stop
            if any(cols[j][order[0]] is not None and not cols[j][order[0]].punct for j in run):
                out.setdefault(sig, set()).update(run)
    return out


def _added(game, order: list[str]) -> dict[str, set[str]]:
    """For each witness but the base, the ids of its sentences that stand in no sentence of
    the base text (:func:`extract.corpus.ids.found_in`, the test that gives a copy's new
    sentence its own citable id), and of those it has in another order than the base
    (transposed, :func:`_out_of_order`): the copy's additions, each one entry, whole. Their
    words are never aligned with the base's, which would make them readings of sentences
    they have nothing to do with (a transposed pair with a lost sentence beside it read as
    words the copy does not have); the base sentence a transposed one stands in is then the
    copy's omission at its place. A base text of no sentence (a title alone) has nothing to
    add to: none then."""
    base = [sentence_words(s) for s in game.texts[game.base]]
    out: dict[str, set[str]] = {}
    for sig in order[1:]:
        if not base:
            out[sig] = set()
            continue
        where = [(s.id, i) for s, i in _reads(game.texts[sig], base)
                 if sentence_words(s)]                              # (no words: no entry)
        found = [(sid, i) for sid, i in where if i is not None]
        out[sig] = ({sid for sid, i in where if i is None}              # found_in no sentence
                    | {found[k][0] for k in _out_of_order([i for _, i in found])})
    return out


def _reads(sentences, base: list[list[str]]) -> list[tuple]:
    """Each of a copy's ``sentences`` with the index of the base sentence it reads (words
    ``base``, :func:`extract.corpus.ids.best_match`, tried first after the last one found),
    None for one that reads none or has no words."""
    out, last = [], -1
    for s in sentences:
        i = best_match(words, base, last + 1) if (words := sentence_words(s)) else None
        out.append((s, i))
        last = last if i is None else i
    return out


def _left_after(words: list[str], other: list[str]) -> list[str] | None:
    """``words`` less those that stand, in order, in ``other``, when most of ``other``'s
    words (:data:`extract.corpus.ids.SAME_SENTENCE`) stand so; else None."""
    blocks = SequenceMatcher(None, words, other, autojunk=False).get_matching_blocks()
    if not other or sum(b.size for b in blocks) < SAME_SENTENCE * len(other):
        return None
    matched = {b.a + k for b in blocks for k in range(b.size)}
    return [w for k, w in enumerate(words) if k not in matched]


def _stretches(game, order: list[str], added: dict[str, set[str]]
               ) -> list[dict[str, list[_Token]]]:
    """The witnesses' tokens cut where the base text's sentences end: for each base sentence,
    its tokens and those of each copy's sentences that read it (:func:`_reads`, the match by
    which :func:`base_sentence_of` names it), to be aligned on their own. The sentence
    alignment decides first and the words follow it: CollateX over the whole game read a
    short copy sentence's word and full stop in a later base sentence that shares the word
    and that the copy lacks, which cut that omission into pieces. A copy's sentence that
    also holds most of the words of a base sentence beside it that no other sentence of the
    copy reads (two sentences printed as one, ``;`` for ``.``) joins the two into one
    stretch; so does one that prints two of like length, which reads the first of them
    (:func:`extract.corpus.ids.best_match`) though neither holds most of its words. A copy's sentence of no words goes with the sentence before it (at the start,
    with the first that reads one); the copy's additions (``added``) are left out, as in
    :func:`_collate`."""
    base = game.texts[game.base]
    words = [sentence_words(s) for s in base]
    joined: set[int] = set()     # k: base sentences k and k + 1 are one stretch
    home: dict[str, list[tuple[int, list[_Token]]]] = {}
    for sig in order[1:]:
        reads = [(s, i) for s, i in _reads(game.texts[sig], words) if s.id not in added[sig]]
        taken = {i for _, i in reads if i is not None}
        at = next((i for _, i in reads if i is not None), 0)
        for s, i in reads:
            if i is not None:
                lo = hi = i
                left = _left_after(sentence_words(s), words[i])
                while left and hi + 1 < len(words) and hi + 1 not in taken and (
                        more := _left_after(left, words[hi + 1])) is not None:
                    hi, left = hi + 1, more
                while left and lo > 0 and lo - 1 not in taken and (
                        more := _left_after(left, words[lo - 1])) is not None:
                    lo, left = lo - 1, more
                taken |= set(range(lo, hi + 1))
                joined |= set(range(lo, hi))
                at = lo
            home.setdefault(sig, []).append((at, _tokens(s)))
    out: list[dict[str, list[_Token]]] = []
    first: list[int] = []        # the first base sentence of each stretch
    for k, s in enumerate(base):
        if k - 1 not in joined:
            out.append({sig: [] for sig in order})
            first.append(k)
        out[-1][game.base] += _tokens(s)
    for sig, toks in home.items():
        for at, ts in toks:
            out[bisect.bisect_right(first, at) - 1][sig] += ts
    return out


def base_sentence_of(game) -> dict[str, str]:
    """For each sentence of another witness than the base that has no citable id of its own
    (``<game>:<n>@<siglum>``, numbered by its place in that witness), the id of the base
    sentence it reads (:func:`extract.corpus.ids.best_match`); a sentence that reads none is
    left out. Its number need not be the base's: a copy that lost mill:5 has mill:6's text
    as mill:5@XLb, which reads mill:6."""
    ids = [s.id for s in game.sentences]
    base = [sentence_words(s) for s in game.sentences]
    out = {}
    for sig, sentences in game.texts.items():
        if sig == game.base:
            continue
        last = -1
        for s in sentences:
            i = best_match(sentence_words(s), base, last + 1) if "@" in s.id else None
            if i is not None:
                out[s.id], last = ids[i], i
    return out


def _out_of_order(places: list[int]) -> set[int]:
    """The positions of ``places`` (the base sentence each of a copy's sentences stands in,
    in the copy's order) outside one longest run that never goes back in the base (two
    copy sentences may stand in one base sentence, a sentence split in two): the copy's
    sentences that a transposition moved. Of two swapped sentences the later one in the
    copy is kept in place.

    Patience sorting, O(n log n) (a copy may have thousands of sentences). Pile ``p``
    holds the positions whose longest run ending there has ``p + 1`` sentences; along a
    pile the places strictly fall, so the positions before ``k`` that may precede it on a
    pile are a tail of that pile, found by bisection. The run kept ends at the latest
    position of the greatest length and steps back to the earliest possible predecessor
    each time: the ties the first, quadratic form broke, kept so that the same sentences
    are judged transposed (``tests/test_collate.py`` compares the two)."""
    tops: list[int] = []                  # the place last put on each pile, non-decreasing
    piles: list[list[int]] = []           # each pile's positions, in the copy's order
    falling: list[list[int]] = []         # each pile's places negated, so rising
    back = [-1] * len(places)
    for k, place in enumerate(places):
        p = bisect.bisect_right(tops, place)
        if p:
            back[k] = piles[p - 1][bisect.bisect_left(falling[p - 1], -place)]
        if p == len(tops):
            tops.append(place)
            piles.append([])
            falling.append([])
        tops[p] = place
        piles[p].append(k)
        falling[p].append(-place)
    keep = set()
    k = piles[-1][-1] if piles else -1
    while k != -1:
        keep.add(k)
        k = back[k]
    return set(range(len(places))) - keep


def _insert_additions(game, cols: list[dict], order: list[str], added: dict[str, set[str]]
                      ) -> tuple[list[dict], list[str | None]]:
    """``cols`` with each witness's added sentences (:func:`_added`) put in as columns of
    their own, right after the column of the witness's token before them (at the start if
    none); additions of several witnesses at one place are aligned with each other. Also
    returns, per column, the addition it belongs to (None for the others): an addition is
    one apparatus entry, whole."""
    blocks: dict[int, dict[str, list[_Token]]] = {}
    for sig in order[1:]:
        col_of = {(t.sentence, t.start): j for j, c in enumerate(cols)
                  if (t := c[sig]) is not None}
        at = 0
        for s in game.texts[sig]:
            toks = _tokens(s)
            if s.id in added[sig]:
                blocks.setdefault(at, {}).setdefault(sig, []).extend(toks)
            elif toks:
                at = col_of[(toks[-1].sentence, toks[-1].start)] + 1
    units: list[str | None] = [None] * len(cols)
    for at in sorted(blocks, reverse=True):
        new = _collatex({sig: blocks[at].get(sig, []) for sig in order})
        cols[at:at] = new
        units[at:at] = [f"add@{at}"] * len(new)
    return cols, units


def _omitted(game, cols: list[dict], order: list[str], lacunae: dict[str, set[int]],
             units: list[str | None]) -> list[str | None]:
    """``units`` with the columns of each base sentence that some witness lacks wholly (not
    in a lacuna) marked as one omission, when the other witnesses read that sentence as the
    base does: a sentence left out is one entry, not one for each word and mark."""
    units = list(units)
    span: dict[str, list[int]] = {}
    for j, c in enumerate(cols):
        if c[game.base] is not None:
            span.setdefault(c[game.base].sentence, []).append(j)
    for sid, js in span.items():
        run = range(js[0], js[-1] + 1)
        if any(units[j] is not None for j in run):
            continue
        lacking = {sig for sig in order[1:] if all(cols[j][sig] is None and
                                                   j not in lacunae.get(sig, ()) for j in run)}
        rest = [sig for sig in order if sig not in lacking]
        if lacking and all(
                len({None if cols[j][sig] is None else cols[j][sig].literal for sig in rest
                     if j not in lacunae.get(sig, ())}) == 1 for j in run):
            for j in run:
                units[j] = f"omit@{sid}"
    return units


def _collate(game, edition=None) -> list[Entry]:
    if len(game.witnesses) < 2:
        return []
    order = [game.base] + [s for s in game.witnesses if s != game.base]
    added = _added(game, order)
    texts = {sig: [t for s in game.texts[sig] if s.id not in added.get(sig, ())
                   for t in _tokens(s)] for sig in order}
    sentences = {s.id: s for sig in order for s in game.texts[sig]}
    if texts[game.base] and any(texts[sig] for sig in order[1:]):
        aligned = [c for stretch in _stretches(game, order, added)
                   for c in (_align(stretch, order) if sum(map(bool, stretch.values())) > 1
                             else _collatex(stretch))]
    else:
        aligned = _align(texts, order)
    cols = _split_mixed(aligned)
    if not cols and any(added.values()):    # no witness shares a sentence with the base
        cols = [{sig: (t if sig == game.base else None) for sig in order}
                for t in texts[game.base]]
    for sig in order[1:]:
        cols = _stops_home(_reseat(cols, sig, game.base, *_edges(edition, game, sig)),
                           sig, game.base)
    cols, units = _insert_additions(game, cols, order, added)
    lacunae = _lacunae(edition, game, cols, order)
    units = _omitted(game, cols, order, lacunae, units)

    def lit(t: _Token | None) -> str | None:
        return None if t is None else t.literal

    def present(j: int) -> list[str]:
        return [sig for sig in order if j not in lacunae.get(sig, ())]

    # group consecutive differing columns of one type (words or marks), never across a base
    # sentence boundary
    groups: list[list[int]] = []
    last_base: _Token | None = None
    places: list[_Token | None] = []   # the base token before each group (for additions)
    cur: list[int] = []
    cur_sent: str | None = None
    cur_punct: bool | None = None
    cur_unit: str | None = None
    cur_lack: frozenset[str] | None = None
    prev_alone = False
    for j, col in enumerate(cols):
        b = col[game.base]
        differs = len({lit(col[sig]) for sig in present(j)}) > 1
        punct = all(t.punct for t in col.values() if t is not None)
        # a word spelt differently in every witness that has it is an entry of its own
        alone = all(col[sig] is not None for sig in present(j)) and \
            len({col[sig].coll for sig in present(j)}) == 1
        # the witnesses that lack the base's token here, when every other one reads it
        lack = frozenset(sig for sig in present(j) if col[sig] is None) if b is not None \
            and all(col[sig] is None or col[sig].literal == b.literal for sig in present(j)) \
            else None
        if differs:
            sent = b.sentence if b else (last_base.sentence if last_base else None)
            # an addition or omission of whole sentences is one entry (units), words and
            # marks alike; so is a stretch of words omitted with the marks among and beside
            # them (a clause, commas and all); elsewhere words and marks are entries of
            # their own
            if cur and (units[j] != cur_unit or units[j] is None and (
                    (sent != cur_sent and b is not None and cur_sent is not None)
                    or (punct != cur_punct and (lack is None or lack != cur_lack))
                    or alone or prev_alone)):
                groups.append(cur); cur = []
            if not cur:
                places.append(last_base)
                cur_sent, cur_punct, cur_unit, cur_lack = sent, punct, units[j], lack
            cur.append(j)
            prev_alone = alone
            cur_lack = lack if lack == cur_lack else None
        elif cur:
            groups.append(cur); cur = []
        if b is not None:
            last_base = b
    if cur:
        groups.append(cur)

    found: list[tuple[int, Entry]] = []
    first_sentence = game.texts[game.base][0] if game.texts[game.base] else None
    for group, before in zip(groups, places):
        sigs = [sig for sig in order if any(j not in lacunae.get(sig, ()) for j in group)]
        by_sig = {sig: [cols[j][sig] for j in group if cols[j][sig] is not None
                        and j not in lacunae.get(sig, ())] for sig in sigs}
        base_toks = by_sig[game.base]
        if base_toks:
            sid, start, end = base_toks[0].sentence, base_toks[0].start, base_toks[-1].end
        elif before is not None:
            sid, start, end = before.sentence, before.end, before.end
        else:
            assert first_sentence is not None, f"{game.slug}: the base witness has no sentence"
            sid, start, end = first_sentence.id, 0, 0
        agree = [sig for sig in sigs
                 if [t.literal for t in by_sig[sig]] == [t.literal for t in base_toks]]
        lem = _reading(tuple(agree), base_toks, sentences, None)
        variants: dict[tuple, list[str]] = {}
        for sig in sigs:
            if sig in agree:
                continue
            variants.setdefault(tuple(t.literal for t in by_sig[sig]), []).append(sig)
        readings = []
        kinds: list[str] = []
        for vs in variants.values():
            toks = by_sig[vs[0]]
            kinds.append(classify(base_toks, toks))
            readings.append(_reading(tuple(vs), toks, sentences, kinds[-1]))
        kind = max(kinds, key=KIND_WEIGHT.__getitem__)
        found.append((group[0], Entry("", game.slug, sid, start, end, lem, tuple(readings), kind)))
    found += _lacuna_entries(game, cols, lacunae, order)
    empty = tuple(sig for sig in order[1:] if not texts[sig] and not added[sig])
    if empty and texts[game.base]:      # only the title stands in these witnesses
        first, last = texts[game.base][0], texts[game.base][-1]
        lem = Reading(tuple(s for s in order if s not in empty), "", "", first.sentence, 0, 0)
        found.append((-1, Entry("", game.slug, first.sentence, 0, 0, lem,
                                (Reading(empty, "", "", None, 0, 0, "lacuna"),), "lacuna",
                                (first.sentence, 0, last.sentence, last.end))))
    found.sort(key=lambda x: x[0])
    # provisional text-order ids; :func:`numbered` gives the locked ones
    return [replace(e, id=f"{game.slug}:app-{i}") for i, (_, e) in enumerate(found, 1)]


def _lacuna_entries(game, cols, lacunae, order) -> list[tuple[int, Entry]]:
    """One ``lacuna`` entry for each stretch of base text a witness does not reach (several
    witnesses lacking the same stretch share one entry)."""
    runs: dict[tuple[int, int], list[str]] = {}
    for sig, gone in lacunae.items():
        covered = [j for j, c in enumerate(cols) if c[sig] is not None and j not in gone]
        js = sorted(j for j in gone if cols[j][game.base] is not None)
        for run in ([j for j in js if j < covered[0]], [j for j in js if j > covered[-1]]):
            if run:
                runs.setdefault((run[0], run[-1]), []).append(sig)
    out = []
    for (a, b), sigs in runs.items():
        first, last = cols[a][game.base], cols[b][game.base]
        others = tuple(s for s in order if s not in sigs and s != game.base
                       and not (a in lacunae.get(s, ()) and b in lacunae.get(s, ())))
        lem = Reading((game.base,) + others, "", "", first.sentence, first.start, first.start)
        rdg = Reading(tuple(sigs), "", "", None, 0, 0, "lacuna")
        out.append((a, Entry("", game.slug, first.sentence, first.start, first.start, lem, (rdg,),
                             "lacuna", (first.sentence, first.start, last.sentence, last.end))))
    return out


def _reading(sigla, toks: list[_Token], sentences, kind) -> Reading:
    if not toks:
        return Reading(sigla, "", "", None, 0, 0, kind)
    return Reading(sigla, _join(toks, sentences, "original"), _join(toks, sentences, "reg"),
                   toks[0].sentence, toks[0].start,
                   toks[-1].end if toks[-1].sentence == toks[0].sentence else
                   len(sentences[toks[0].sentence].original),
                   kind, any(t.emended for t in toks))


def sentence_entries(edition, game, sentence_id: str) -> list[Entry]:
    """The entries placed in one base sentence, in text order."""
    return [e for e in apparatus(edition, game) if e.sentence == sentence_id]
