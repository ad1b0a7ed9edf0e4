"""The spaCy layer: a blank ``ru`` pipeline with the edition's own registered components.

``edition_normaliser``
    keeps ``Doc.text`` as the original and stores the normalisation as plain data on
    ``doc._.norm_data`` (the JSON form); ``doc._.normalisation`` (a
    :class:`~extract.text.normalise.Normalisation`) and ``doc._.changes`` are rebuilt from it (once
    per data object, then reused), so Docs serialise (``Doc.to_bytes``, ``DocBin(store_user_data=True)``) and cross
    processes (``nlp.pipe(texts, n_process=2)``). Each token's normalised form is
    ``token._.reg`` (spaCy fills ``norm_`` itself, so it is left alone).
``edition_sentences``
    sentence boundaries computed on ``token._.reg`` (:func:`sentence_starts`): abbreviations
    (``т. е.``, ``и т. д.``, ``Фиг. 30``), initials and letters named in the text, labels
    (``II.``), quotations and brackets, and lines (headings, captions, title lines) as units.
    Boundaries are computed first and set on the Doc at once: linear time.
``edition_lemmas``
    ``token._.lemma`` by :func:`extract.text.morph.lemma` on the normalised form: the glossary's
    terms (config ``prefer``), then the card vocabulary, then pymorphy3.

The components are registered with spaCy's entry points (``spacy_factories`` in
pyproject.toml) and also by importing this module.
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from functools import lru_cache
from heapq import heappop, heappush
from itertools import accumulate
from typing import Any, Sequence

import numpy
import spacy
from spacy.attrs import IDX, IS_SPACE, LENGTH, SENT_START, SPACY
from spacy.language import Language
from spacy.tokens import Doc, Token

from .errors import EditionError
from .morph import lemma, refers_onward
from .normalise import Change, Normalisation, _analyzer, normalise
from .words import NON_TERMINAL, TERMINAL  # the abbreviations: the structure finder's too


def _get_normalisation(doc: Doc) -> Normalisation | None:
    data = doc._.norm_data
    if data is None:
        return None
    # rebuilt from the data once, not on every access: the Normalisation made from this very
    # data object is kept (a few, the latest); the data stay the truth, so a Doc that crossed
    # processes or was deserialised rebuilds it from its own
    held = _BUILT.get(id(data))
    if held is not None and held[0] is data and len(held[1].original) == _text_length(doc):
        return held[1]
    return _keep(data, Normalisation.from_json(doc.text, data))


def _text_length(doc: Doc) -> int:
    """``len(doc.text)`` without building the text (spaCy joins every token for it)."""
    if not len(doc):
        return 0
    last = doc[-1]
    return last.idx + len(last.text_with_ws)


def _keep(data: dict, norm: Normalisation) -> Normalisation:
    """Remember ``norm`` as the Normalisation of ``data`` (the last :data:`_BUILT_MAX`)."""
    _BUILT[id(data)] = (data, norm)
    while len(_BUILT) > _BUILT_MAX:
        del _BUILT[next(iter(_BUILT))]
    return norm


def _set_normalisation(doc: Doc, value: Normalisation | None) -> None:
    if value is not None and value.original != doc.text:
        raise ValueError("the normalisation is of another text than the Doc's: normalise "
                         "doc.text, or make the Doc from norm.original (see analyse())")
    doc._.norm_data = None if value is None else value.to_json()
    if value is not None:
        _keep(doc._.norm_data, value)


_BUILT: dict[int, tuple[dict, Normalisation]] = {}
_BUILT_MAX = 64


# Everything stored on a Doc is plain data (str, list, dict), so that Doc.to_bytes, DocBin
# (store_user_data=True) and nlp.pipe(..., n_process=N) carry it; the Normalisation and its
# changes are rebuilt from it on access.
if not Doc.has_extension("norm_data"):
    Doc.set_extension("norm_data", default=None)
if not Doc.has_extension("normalisation"):
    Doc.set_extension("normalisation", getter=_get_normalisation, setter=_set_normalisation)
if not Doc.has_extension("changes"):
    Doc.set_extension("changes", getter=lambda doc: (doc._.normalisation.changes
                                                     if doc._.norm_data is not None else ()))
for _name in ("reg", "lemma"):
    if not Token.has_extension(_name):
        Token.set_extension(_name, default=None)

ENDERS = (".", "!", "?", "…")
CLOSERS = frozenset(")]»\"'”’“")
#: what stands glued after a stop and belongs to its sentence: more stops (``!..``, ``?!``) and a
#: footnote's marker (``*``, ``¹``)
_AFTER_STOP = ".…!?*⁰¹²³⁴⁵⁶⁷⁸⁹"
#: a Markdown footnote's call, a marker too (``вверхъ.[^1]``)
_MD_CALL = re.compile(r"\[\^[^\]\s]{1,100}\]")
PAIRS = {"«": "»", "(": ")", "„": "“", "[": "]"}
#: quotes and brackets that open a word (``«перекладка»``, ``(см.``, ``„Звѣзда“``)
_OPENERS = "«„“\"'‘(["
_BRACKETS = frozenset(PAIRS) | frozenset(PAIRS.values())
#: A chapter heading line: one unit, whatever periods it holds ('Глава XL. Мельница. - ...').
HEADING_LINE = re.compile(r"\s*(?:ГЛАВА|Глава|ЧАСТЬ|Часть|ОТДЕЛ|Отдел|КНИГА|Книга)\s+"
                          r"(?:[IVXLCDMІХ]+|\d+)\b")
#: A figure caption line: one unit ('Фиг. 30.', 'Рис. 2').
CAPTION_LINE = re.compile(r"\s*\(?(?:Фиг|ФИГ|Рис|РИС|Табл|Черт)\.?\s*\d+[а-я]?\s*[.)]?\s*\)?\.?\s*")
ROMAN_OR_NUMBER = re.compile(r"(?:[IVXLCDMІХ]+|\d+)")
_FINAL = re.compile(r"[.!?…][)\]»\"'”’“]*\s*$")
#: the number of an item of a list opening a line ('1. Берутъ ...', '2) ...'): a new unit
#: may begin there, as it may not before a number that goes on with the clause ('10 картъ')
_ITEM_LABEL = re.compile(r"\d{1,3}[.)]")
_OPEN_END = re.compile(r"[^\W_][)\]»\"'”’“]*\s*$")


class _Offsets:
    """Map increasing original offsets to normalised ones in one sweep (amortised O(1))."""

    def __init__(self, norm: Normalisation):
        self.changes = norm.changes
        self.i = 0
        self.shift = 0

    def __call__(self, pos: int) -> int:
        ch = self.changes
        while self.i < len(ch) and ch[self.i].end <= pos and not (
                ch[self.i].start == ch[self.i].end == pos):
            c = ch[self.i]
            self.shift += len(c.reg) - (c.end - c.start)
            self.i += 1
        if self.i < len(ch) and ch[self.i].start < pos < ch[self.i].end:
            return ch[self.i].start + self.shift
        return pos + self.shift


@Language.factory("edition_normaliser", assigns=["doc._.norm_data", "token._.reg"])
def make_normaliser(nlp: Language, name: str):
    """Factory of the normaliser component (see the module docstring)."""
    def normaliser(doc: Doc) -> Doc:
        norm = doc._.normalisation
        if norm is None:
            norm = normalise(doc.text)
            doc._.normalisation = norm
        starts, ends = _Offsets(norm), _Offsets(norm)
        text = norm.text
        # token._.reg for every token, written where spaCy keeps a token extension's value
        # (Doc.user_data[("._.", name, token.idx, None)]): the same data as ``tok._.reg = x``
        # without the per-token attribute machinery, which dominates on long texts.
        # (the tokens' offsets and lengths read as one array: a Token object per token costs
        # more than the rest of this loop)
        ud: dict = doc.user_data     # (typed dict[str, Any]; spaCy's own keys are tuples)
        for s, n in doc.to_array([IDX, LENGTH]).tolist():
            ud[("._.", "reg", s, None)] = text[starts(s):ends(s + n)]
        return doc
    return normaliser


def _abbreviation(i: int, regs: list[str], ws: list[int]) -> str | None:
    """If token ``i`` is (or ends with) the period of an abbreviation, its word (lowercase,
    or an initial's capital letter or an abbreviated first name as printed); ``ws``: whether
    each token has a space after it."""
    reg = regs[i]
    if reg == ".":
        if i == 0:
            return None
        if ws[i - 1]:
            return None
        word = regs[i - 1]
    elif reg.endswith(".") and len(reg) > 1:
        word = reg[:-1]
    else:
        return None
    pieces = word.split(".")
    word = pieces[-1].strip()   # 'т.&nbsp;е.' reads 'т. е.'
    if word[:1] == "-" and len(pieces) > 1:
        word = pieces[-2].strip()   # a compound rank, 'ген.-лейт.', 'ген.-м.': its head's
    if (len(word) == 1 and word.isupper()) or word in _FIRST_NAMES:
        return word  # a capital letter (an initial, or a letter named in the text) or a name's
    low = word.lower()
    return low if low in NON_TERMINAL or low in TERMINAL or low in _TITLE_OR_WORD else None


#: abbreviated first names, as printed (capitalised: 'ив' is a word, of willows), read as an
#: initial is; not 'Петр.', a name in full that may end a sentence
_FIRST_NAMES = frozenset("Ив Вл Влад Ал Алекс Ник Никол Серг Дм Мих Фед Ѳед Пав Конст Евг"
                         .split())


def _is_initial(i: int, j: int, regs: list[str], ws: list[int], opens_line: bool) -> bool:
    """Whether the capital letter (or abbreviated first name, :data:`_FIRST_NAMES`) ending at
    token ``i`` (the next word at token ``j``) is an initial: another initial stands before
    or after it ('А. С. Пушкин'; after initials, unless a pronoun, preposition, conjunction or
    particle follows, :data:`_OPENS_NO_NAME`), or a surname follows (one of the dictionary's first two
    readings of the word, or of it with е for ё: 'Огарёв' it knows as 'Огарев'), or, unless
    the letter ``opens_line`` (a list's mark, 'А. Общія правила'), a word the dictionary
    does not know as an ordinary one ('Н. Вагнеръ', a first name to it; 'В. Крестовскій', a
    place; 'J. Smith', unknown): a one-letter sentence end is rare in prose, so only a word
    known as no name is evidence of one. Otherwise it is a letter named in the text and its
    period ends a sentence ('буквой А. Затем')."""
    def initial_at(k: int) -> bool:
        r = regs[k] if 0 <= k < len(regs) else ""
        if len(r) == 2 and r[0].isupper() and r[1] == ".":
            return True
        return len(r) == 1 and r.isupper() and k + 1 < len(regs) and regs[k + 1] == "." \
            and not ws[k]
    first = i - 1 if regs[i] == "." else i
    # (the initial before it is the token before it, or the two before it when its period is
    # a token of its own: 'А', '.'; not a word between them, 'Д. на К.')
    if initial_at(j):
        return True
    m = _analyzer()
    nxt = regs[j]
    if initial_at(first - 1) or (first >= 2 and regs[first - 1] == "." and initial_at(first - 2)):
        # initials, and a name follows them unless a pronoun, preposition, conjunction or
        # particle opens the next sentence ('написал Н. Н. Он же ...')
        return not (m and nxt[:1].isupper() and m.parse(nxt)[0].tag.POS in _OPENS_NO_NAME)
    if not (m and nxt[:1].isupper()):
        return False
    if any("Surn" in p.tag for w in {nxt, nxt.replace("ё", "е")} for p in m.parse(w)[:2]):
        return True
    return not opens_line and not (m.word_is_known(nxt) and not
                                   _NAME_MARKS & m.parse(nxt)[0].tag.grammemes)


#: parts of speech (pymorphy3's) of a capitalised word after initials that is no name but
#: opens a sentence: a pronoun, a preposition, a conjunction, a particle
_OPENS_NO_NAME = frozenset(("NPRO", "PREP", "CONJ", "PRCL"))
#: abbreviations that end a sentence before a capital only after a number: the year (or
#: the gram) after its number, 'въ 1885 г. Онъ же ...', and the hour, 'въ 1 ч. Пасьянсъ
#: ...'; alone they are :data:`NON_TERMINAL` ('г. Ивановъ', Mr Ivanov; 'ч. 2', part two)
_AFTER_NUMBER = frozenset(("г", "гг", "ч"))
#: abbreviations of :data:`NON_TERMINAL` that after a number are money and end a sentence
#: before a capital as 'коп.' does ('Ставка 10 к. Выигравшій ...'; 'т. к. Колоды' goes on)
_MONEY_AFTER_NUMBER = frozenset(("к",))
#: abbreviated titles that are words too (полкъ, a regiment and полковникъ; газъ, gas and
#: газета; сов, of owls and совѣтникъ; гимнъ, a hymn and гимназистъ; кап, a burl and
#: капитанъ): the stop ends no sentence before what follows a title (a name, a title in
#: quotes, a number: 'полк. Петровъ', 'газ. «Новое Время»', 'гимн. 3-го кл.') and ends one
#: as the word's does before anything else ('уѣхалъ въ полк. Тамъ ...')
_TITLE_OR_WORD = frozenset("полк газ сов гимн кап".split())
#: pymorphy3's marks of a name: a capital after 'въ 1812 г.' that may be one goes on the
#: sentence ('въ 1812 г. Москва горѣла', 'въ 1885 г. Ивановымъ')
_NAME_MARKS = frozenset(("Name", "Surn", "Patr", "Geox", "Orgn"))


def _title_goes_on(nxt: str, opener: str, j: int, regs: list[str]) -> bool:
    """Whether the sentence goes on after an abbreviation of :data:`_TITLE_OR_WORD`: the next
    word ``nxt`` (at token ``j``, or inside the quote ``opener`` there) is a title in quotes,
    a number that is no list item's, or a name (one of the dictionary's first two readings)."""
    if opener[:1] in "«„" or (nxt[:1].isdigit() and not _enumerator(j, regs)):
        return True
    m = _analyzer()
    return bool(m) and nxt[:1].isupper() and any(
        _NAME_MARKS & p.tag.grammemes for p in m.parse(nxt)[:2])


def _number_abbreviation_ends(label: int, nxt: str, regs: list[str]) -> bool:
    """Whether the abbreviation of :data:`_AFTER_NUMBER` at token ``label`` ends its
    sentence: a number stands before it and the next word ``nxt`` is capitalised and none of
    the dictionary's first two readings of it is a name's (:data:`_NAME_MARKS`)."""
    if label == 0 or not regs[label - 1][-1:].isdigit() or not nxt[:1].isupper():
        return False
    m = _analyzer()
    return bool(m) and not any(_NAME_MARKS & p.tag.grammemes for p in m.parse(nxt)[:2])


#: parts of speech (pymorphy3's) of a word that a clause goes on after: a finite verb (its
#: object or its adverbial follows: 'берутъ' / '2 колоды'), a preposition, a conjunction
_GOES_ON_AFTER = frozenset(("VERB", "PREP", "CONJ"))


def _goes_on_after(word: str) -> bool:
    """Whether the clause goes on after ``word`` (a modern form, as the reading text has it):
    its likeliest part of speech is in :data:`_GOES_ON_AFTER`. A line that ends so is no
    title ('Для этого пасьянса берутъ' / '2 колоды картъ ...'; 'Потомъ открываютъ' / 'Туза
    пикъ ...')."""
    m = _analyzer()
    if not m or not word.isalpha():
        return False
    return m.parse(word.lower())[0].tag.POS in _GOES_ON_AFTER


def _line_units(text: str, furniture: Sequence[tuple[int, int]] = (),
                last_word=lambda end: "") -> tuple[list[int], list[tuple[int, int]]]:
    """Line-aware units of ``text``: character offsets that must start a sentence, and
    ``(start, end)`` spans of lines that are one unit each (no break inside).

    A heading line ('Глава XL. Мельница. - Фаворитка'), a caption line ('Фиг. 30.'; not one
    inside a sentence that runs on across it, :func:`_runs_across`, nor one the line before
    refers to, :func:`extract.text.morph.refers_onward`) and a
    short line without final punctuation that follows a finished sentence and is followed by
    a capitalised line or an item's number ('1. Берутъ ...'; not a number that goes on with
    the clause, '10 картъ') (a title inside an OCR'd page; not a line as wide as those around it,
    :func:`_full_width`, nor one whose last word the clause goes on after,
    :func:`_goes_on_after` of ``last_word(end)``, the modern form of the word ending at
    offset ``end``) are units of their own. The lines
    inside ``furniture`` (spans of page furniture a sentence runs across: a running head, a
    page number) are passed over, as blank, when the lines before and after are looked at:
    a line whose sentence runs on below the furniture is no title.
    """
    starts: list[int] = []
    whole: list[tuple[int, int]] = []
    lines = []
    pos = 0
    cut = sorted(furniture)
    cut_starts = [a for a, _ in cut]
    for line in text.split("\n"):
        k = bisect_right(cut_starts, pos) - 1      # the last furniture span starting here or before
        inside = k >= 0 and pos + len(line) <= cut[k][1]
        lines.append((pos, pos + len(line), "" if inside else line))
        pos += len(line) + 1
    for k, (s, e, line) in enumerate(lines):
        body = line.strip()
        if not body:
            continue
        before = next((q for q in range(k - 1, -1, -1) if lines[q][2].strip()), None)
        prev = lines[before][2].strip() if before is not None else None
        nxt = next((lines[q][2].strip() for q in range(k + 1, len(lines)) if lines[q][2].strip()), None)
        short = len(body) <= 200
        caption = CAPTION_LINE.fullmatch(body) and not _runs_across(prev, nxt) and not (
            prev is not None and before is not None and refers_onward(
                prev, last_word(lines[before][0] + len(lines[before][2].rstrip()))))
        unit = short and bool(HEADING_LINE.match(body) or caption)
        if not unit and _OPEN_END.search(body) and len(body.split()) <= 12 and \
                (prev is None or _FINAL.search(prev) or HEADING_LINE.match(prev)
                 or CAPTION_LINE.fullmatch(prev)) and \
                (nxt is None or nxt[:1].isupper() or _ITEM_LABEL.match(nxt) or nxt[:1] in "«—-(")\
                and (prev is not None or nxt is not None) and not _full_width(body, prev, nxt) \
                and not _goes_on_after(last_word(s + len(line.rstrip()))):
            unit = True
        if unit:
            a = s + len(line) - len(line.lstrip())
            starts.append(a)
            whole.append((a, s + len(line.rstrip())))
            if nxt is not None:
                starts.append(e + 1)
    return starts, whole


def _runs_across(prev: str | None, nxt: str | None) -> bool:
    """Whether a sentence runs on across a line between lines ``prev`` and ``nxt`` (their
    text, None at the text's edge): ``prev`` ends without a stop, or with the period of an
    abbreviation that ends no sentence (:data:`NON_TERMINAL`, '(см.'), and ``nxt`` begins
    with a small letter ('какъ на' / 'Фиг. 3' / 'видно, ...': the figure stands inside it)."""
    if prev is None or nxt is None or not nxt[:1].islower():
        return False
    last = prev.split()[-1].lstrip("(«\"„") if prev.split() else ""
    return not _FINAL.search(prev) or last[:-1].lower() in NON_TERMINAL


def _list_items(text: str, norm: Normalisation | None) -> list[int]:
    """Offsets in ``text`` of the items of a wiki or Markdown list that start a sentence (the
    offset of the item's mark, which its sentence keeps as the first item's does): an
    item is a line, indented or not, whose mark (``*``, ``+``, ``#``, ``:``, ``;``) the
    reading text leaves out (rule ``wiki-markup``); it starts one unless the line before it
    ends a clause that goes on (``,``, ``;``, a dash; or a colon, when the item has a stop
    or a comma of its own:
    ``Правила такiя: берутъ колоду; кладутъ тузы.`` is one sentence), so items with no
    stop of their own are not run on into one."""
    out = []
    for c in norm.changes if norm else ():
        if c.rule != "wiki-markup" or text[c.start:c.start + 1] not in _ITEM_MARKS or \
                c.end >= len(text):
            continue
        a = c.start
        while a and text[a - 1] in " \t":     # an indented item's mark
            a -= 1
        if not a or text[a - 1] != "\n":
            continue                          # a mark inside a line is no item's
        while a and text[a - 1].isspace():
            a -= 1
        if not a:
            continue
        if text[a - 1] == ":":                # after a lead-in, bare items stand alone too
            nl = text.find("\n", c.end)
            if text[c.end:nl if nl >= 0 else len(text)].rstrip()[-1:] not in _ITEM_ENDS:
                out.append(c.start)
        elif text[a - 1] not in _GOES_ON:
            out.append(c.start)
    return out


#: the marks of a list's items (:func:`_list_items`); what ends an item that goes on from a
#: lead-in's colon; what ends a line whose clause the next item goes on with
_ITEM_MARKS = frozenset("*+#:;")
_ITEM_ENDS = frozenset(",;.!?…:")
_GOES_ON = frozenset(",;—–-")


def _full_width(body: str, prev: str | None, nxt: str | None) -> bool:
    """Whether a line is as wide as the lines around it (at least 35 characters and four
    fifths of the wider neighbour): a line of hard-wrapped prose whose sentence goes on
    below ('... извѣстенъ у насъ подъ именемъ' / 'Косынки. Цѣль ...'), not a title set on a
    short line of its own."""
    widest = max(len(prev or ""), len(nxt or ""))
    return len(body) >= 35 and len(body) >= 0.8 * widest


def sentence_starts(doc: Doc) -> list[bool]:
    """For each token of ``doc`` (normalised forms in ``token._.reg``), whether it starts a
    sentence. Linear in the length of the Doc.

    Rules: a sentence ends at . ! ? … (and the closing quotes or brackets after it) before a
    word that is not lowercase and not , ; : ) ; not after the period of an abbreviation
    (:data:`NON_TERMINAL`; :data:`TERMINAL` ones end a sentence before a capital, and so
    do :data:`_MONEY_AFTER_NUMBER` ones after a number; :data:`_AFTER_NUMBER` ones after a
    number before a capital that is no name; :data:`_TITLE_OR_WORD` ones before what follows
    no title) or of an initial or an abbreviated first name; not after a label at the start of a sentence ('II.', '3.'); never inside a
    matched «…», (…), „…“ or […], nor after an unclosed « that opens a line (speech that goes
    on into the next paragraph); lines are units as :func:`_line_units` says.
    """
    if not len(doc):
        return []
    ud: dict = doc.user_data     # (typed dict[str, Any]; spaCy's own keys are tuples)
    text = doc.text   # (spaCy builds Doc.text anew on every access)
    rows = doc.to_array([IDX, LENGTH, IS_SPACE, SPACY]).tolist()
    regs = [ud.get(("._.", "reg", r[0], None)) or text[r[0]:r[0] + r[1]] for r in rows]
    return _sentence_starts(rows, regs, text, _get_normalisation(doc))


def _sentence_starts(rows: list[list[int]], regs: list[str], text: str,
                     norm: Normalisation | None) -> list[bool]:
    """:func:`sentence_starts` on the tokens' ``rows`` ([offset, length, is space, space
    after]) and normalised forms ``regs`` (a token that the normaliser empties reads as
    printed) of ``text``, whose normalisation is ``norm``. ``regs`` is changed in place."""
    n = len(rows)
    starts = [False] * n
    if not n:
        return starts
    idx = [r[0] for r in rows]
    space = [bool(r[2]) for r in rows]
    ws = [r[3] for r in rows]
    # page furniture inside a sentence (rule page-furniture: a running head between the two
    # pages a sentence runs across) is not in the reading text: its tokens count as space
    cut = [(c.start, c.end) for c in (norm.changes if norm else ()) if c.rule == "page-furniture"]
    if cut:
        cut_starts = [a for a, _ in cut]
        for i, s in enumerate(idx):
            k = bisect_right(cut_starts, s) - 1
            if k >= 0 and s < cut[k][1]:
                regs[i], space[i] = "", True
    # matched brackets and quotes: tokens strictly inside one never start a sentence
    # (only the tokens that are a bracket or quote are looked at)
    depth_change = [0] * (n + 1)
    stack: list[tuple[str, int]] = []
    for i in [i for i, r in enumerate(regs) if r in _BRACKETS]:
        r = regs[i]
        if r in PAIRS:
            stack.append((PAIRS[r], i))
        elif stack and r == stack[-1][0]:
            _, o = stack.pop()
            depth_change[o + 1] += 1
            depth_change[i] -= 1
        else:
            # a closer that matches an outer opener closes the inner ones too
            for q in range(len(stack) - 1, -1, -1):
                if stack[q][0] == r:
                    _, o = stack[q]
                    del stack[q:]
                    depth_change[o + 1] += 1
                    depth_change[i] -= 1
                    break
    # an unclosed « that opens a line is speech going on into the next paragraph (Russian
    # convention): it runs to the end of the text; any other unclosed opener is ignored
    for close, o in stack:
        if close == "»" and (o == 0 or "\n" in text[idx[o - 1]:idx[o]] or space[o - 1]):
            depth_change[o + 1] += 1
            break
    inside = [d > 0 for d in accumulate(depth_change[:n])]
    # line units: offsets that start a sentence, and lines with no break inside
    def last_word(end: int) -> str:
        i = bisect_left(idx, end) - 1         # the last token ending by ``end``
        while i >= 0 and not regs[i].strip():
            i -= 1
        return regs[i] if i >= 0 else ""
    forced, whole = _line_units(text, cut, last_word)
    forced += _list_items(text, norm)
    forced_at = set()
    for a in forced:
        i = bisect_left(idx, a)
        if i < n and idx[i] == a and not space[i]:
            forced_at.add(i)
    no_break: set[int] = set()
    for a, b in whole:
        no_break.update(range(bisect_right(idx, a), bisect_left(idx, b)))
    # The tokens that can decide anything: those that must start a sentence and those that
    # end with . ! ? …; the others are passed over. ``sent_first`` is the last token at or
    # before the current one that starts a sentence (``later``: the starts set ahead).
    todo = [i for i, r in enumerate(regs) if r.endswith(ENDERS)]
    if forced_at:
        todo = sorted(forced_at.union(todo))
    starts[0] = True
    # what the reading text leaves out (changes to nothing), by start: ``gone``, ``gone_end``
    dels = [(c.start, c.end) for c in (norm.changes if norm else ()) if not c.reg and c.end > c.start]
    gone, gone_end = [a for a, _ in dels], [b for _, b in dels]

    # a wiki template the reading text keeps as printed (``рядами{{sic|.}} На``): a stop
    # inside it ends no sentence there, one that ends a sentence ends it after its ``}}``
    kept = _kept_templates(text, gone, gone_end) if "{{" in text else []
    kept_starts = [a for a, _ in kept]

    def _gone(t: int) -> bool:   # token t wholly inside markup the reading text leaves out
        if not gone:
            return False
        k = bisect_right(gone, idx[t]) - 1
        return k >= 0 and gone_end[k] >= idx[t] + rows[t][1]
    sent_first = 0   # first word token of the current sentence
    later: list[int] = []   # a heap
    for i in todo:
        while later and later[0] <= i:
            sent_first = heappop(later)
        if _gone(i) and i not in forced_at:
            continue   # a stop inside markup the reading text leaves out ('<!-- x -->')
        if i in forced_at:
            starts[i] = True
            sent_first = i
            continue
        reg = regs[i]
        if reg in (".", "…") and i and regs[i - 1] in (".", "…") and \
                text[idx[i - 1] + rows[i - 1][1]:idx[i]] == " ":
            continue   # a later dot of a spaced ellipsis: its first dot decided
        j = i + 1
        # markup glued after the stop that the reading text leaves out ('кругомъ.<ref></ref>'
        # or '<ref name=b/>', which the tokenizer cuts anywhere) belongs to its sentence
        end = idx[i] + rows[i][1]
        k = bisect_right(gone, end) - 1 if gone else -1
        if k >= 0 and gone[k] > idx[i] and gone_end[k] > end:
            # the token that holds the markup's end, or the first after it ('/>Тузы')
            j = max(j, bisect_right(idx, gone_end[k]) - 1)
            if idx[j] + rows[j][1] <= gone_end[k]:
                j += 1
        k = bisect_right(kept_starts, idx[i]) - 1 if kept else -1
        if k >= 0 and idx[i] < kept[k][1]:
            j = max(j, bisect_left(idx, kept[k][1]))   # (past the template's ``}}``)
        # the stops after a '!' or '?' ('видѣлъ!.. Катится') belong to it, and so does a
        # footnote's marker after the stop ('вверхъ.*', 'вверхъ.*)', 'вверхъ.¹')
        # and so do the other dots of a spaced ellipsis ('Конецъ . . . Потомъ', one stop)
        while j < n and (regs[j] in CLOSERS or space[j]
                         or (not ws[j - 1] and regs[j] and (regs[j].strip(_AFTER_STOP) == ""
                                                            or _MD_CALL.fullmatch(regs[j]))
                             and "\n" not in text[end:idx[j]])   # a marker is on its line
                         or (regs[j] in (".", "…") and regs[j - 1] in (".", "…")
                             and text[idx[j - 1] + rows[j - 1][1]:idx[j]] == " ")):
            j += 1
        if j >= n:
            break
        if starts[j] or j in no_break or inside[j]:
            continue
        v = j   # the next word the reader sees: past markup left out ('# Короли', ': Дамы')
        while v + 1 < n and (space[v] or _gone(v)):
            v += 1
        nxt = regs[v]
        w = v   # its case is the case of the word inside quotes or brackets opening it
        while w + 1 < n and nxt and not nxt.strip(_OPENERS):   # ('т. наз. «перекладка»')
            w += 1
            nxt = regs[w]
        if w != v and not nxt[:1].isalpha():
            nxt = regs[v]
        if reg.endswith("."):
            label = i - 1 if reg == "." else i
            word = regs[label] if reg == "." else reg[:-1]
            if label == sent_first and ROMAN_OR_NUMBER.fullmatch(word):
                continue   # 'II. Карты ...': a label stays with its sentence
            abbr = _abbreviation(i, regs, ws)
        else:
            abbr = None
        if abbr is not None:
            if (len(abbr) == 1 and abbr.isupper()) or abbr in _FIRST_NAMES:
                opens_line = label == 0 or "\n" in text[idx[label - 1]:idx[label]]
                if _is_initial(i, j, regs, ws, opens_line) or not nxt[:1].isupper():
                    continue
            elif abbr in _AFTER_NUMBER and _number_abbreviation_ends(label, nxt, regs):
                pass   # 'въ 1885 г. Онъ же ...': the sentence ends
            elif abbr in _TITLE_OR_WORD:
                if _title_goes_on(nxt, regs[v], j, regs):
                    continue
            elif not (abbr in TERMINAL or abbr in _MONEY_AFTER_NUMBER and label
                      and regs[label - 1][-1:].isdigit()) or \
                    not (nxt[:1].isupper() or _enumerator(j, regs)):
                continue
        elif (nxt[:1].islower() or nxt[:1] in ",;:)" or _counting_on(i, j, regs, nxt)
              or _leader(i, j, regs, nxt) or _author_goes_on(i, v, regs, space, ws)):
            continue
        starts[j] = True
        heappush(later, j)
    return starts


def _kept_templates(text: str, gone: list[int], gone_end: list[int]) -> list[tuple[int, int]]:
    """The spans of the wiki templates in ``text`` (``{{...}}``, balanced, inside one
    paragraph) that the reading text keeps as printed: their ``{{`` is no part of markup it
    leaves out (``gone``, ``gone_end``: the starts and ends of what it leaves out, sorted);
    the outermost of those, sorted. A template the toolkit reads (``{{razr|...}}``) is read
    as its text, which may hold sentences; one it does not (``{{sic|.}}``) is one piece of
    the sentence it stands in."""
    found: list[tuple[int, int]] = []
    stack: list[int] = []
    for m in re.finditer(r"\{\{|\}\}|\n[ \t]*\n", text):
        if m.group()[0] == "\n":
            stack.clear()        # (a template left open in its paragraph is none)
        elif m.group() == "{{":
            stack.append(m.start())
        elif stack:
            a = stack.pop()
            k = bisect_right(gone, a) - 1
            if not (k >= 0 and a < gone_end[k]):
                found.append((a, m.end()))
    out: list[tuple[int, int]] = []
    for a, b in sorted(found):
        if not out or a >= out[-1][1]:
            out.append((a, b))
    return out


#: a dash that brings in the author's words after direct speech
_SPEECH_DASHES = ("—", "–", "-")


def _author_goes_on(i: int, v: int, regs: list[str], space: list[bool], ws: list) -> bool:
    """Whether the question or exclamation whose stops end at token ``i`` is speech that the
    author's words go on after: a dash (token ``v``) and a word in lower case, '— Сколько
    колодъ? — спрашиваетъ одинъ.', 'Куда?.. — спросилъ онъ.' (Russian punctuation of direct
    speech: one sentence). A full stop before the dash is left alone, as is a capital after
    it (a new line of speech). ``ws``: whether each token has a space after it."""
    stop, k = regs[i], i
    while k and not ws[k - 1] and regs[k - 1] and not regs[k - 1].strip("?!.…"):
        k -= 1
        stop = regs[k] + stop      # the stops glued before it: '?' of '?..'
    if not any(ch in stop for ch in "?!…") or regs[v] not in _SPEECH_DASHES:
        return False
    w = v + 1
    while w < len(regs) and space[w]:
        w += 1
    return w < len(regs) and regs[w][:1].islower()


def _counting_on(i: int, j: int, regs: list[str], nxt: str) -> bool:
    """Whether the stop at token ``i`` (its dots running to token ``j``) is an ellipsis in a
    run of numbers, which ends no sentence: '1, 2, 3… 12 картъ', '2, 3, 4 . . . 10 и такъ
    до короля' (a number before it, the next word ``nxt`` a number)."""
    reg = regs[i]
    ellipsis = reg.endswith(("…", "..")) or (reg == "." and j > i + 1 and regs[j - 1] == ".")
    before = reg.rstrip(".…") or (regs[i - 1] if i else "")
    return ellipsis and before.isdigit() and nxt[:1].isdigit()


def _leader(i: int, j: int, regs: list[str], nxt: str) -> bool:
    """Whether the dots at tokens ``i`` to ``j`` are a dot leader before a number, which ends
    no sentence: a table's row, ``Тузъ ............ 1``, ``Десятки . . . . . 10`` (four
    dots or more, glued or spaced; an ellipsis has three)."""
    dots = "".join(regs[i:j]) if all(r and not r.strip(".") for r in regs[i:j]) else ""
    return len(dots) >= 4 and nxt.isdigit()


def _enumerator(j: int, regs: list[str]) -> bool:
    """Whether token ``j`` is the number of an item of a list (``2)``, ``2.``): after an
    abbreviation that may end a sentence (``и т. д. 2) Открытыя ...``), a new item begins."""
    return regs[j].isdigit() and len(regs[j]) <= 2 and j + 1 < len(regs) and \
        regs[j + 1] in (")", ".")


@Language.factory("edition_sentences", requires=["token._.reg"],
                  assigns=["token.is_sent_start"])
def make_sentences(nlp: Language, name: str):
    """Factory of the sentence boundary component (see :func:`sentence_starts`); the
    boundaries are computed first and set on the Doc at once."""
    def sentences(doc: Doc) -> Doc:
        if len(doc):
            flags = sentence_starts(doc)
            arr = numpy.array([1 if f else -1 for f in flags], dtype="int64").astype("uint64")
            doc.from_array([SENT_START], arr.reshape(-1, 1))  # type: ignore[arg-type]  # thinc's Ints2d is this numpy array; numpy's own type does not match thinc's alias
        return doc
    return sentences


@Language.factory("edition_lemmas", default_config={"prefer": []}, requires=["token._.reg"],
                  assigns=["token._.lemma"])
def make_lemmas(nlp: Language, name: str, prefer: list):
    """Factory of the lemma component: ``token._.lemma`` of ``token._.reg`` by
    :func:`extract.text.morph.lemma`; ``prefer`` (config) lists the glossary's one-word lemmas,
    which win over the card vocabulary and the analyser (see :mod:`extract.corpus.glossary`)."""
    if isinstance(prefer, str) or not all(isinstance(w, str) for w in prefer):
        raise EditionError(f"edition_lemmas: prefer must be a list of words, got {prefer!r}",
                           "the pipeline config ([components.edition_lemmas])",
                           fix='give the glossary lemmas as a list: prefer = ["дама", "крап"]')
    wanted = frozenset(prefer)

    def lemmas(doc: Doc) -> Doc:
        for tok in doc:
            reg = tok._.reg or tok.text
            if reg[:1].isalpha():
                tok._.lemma = lemma(reg, wanted)
        return doc
    return lemmas


#: markup of a wiki or Markdown page that the tokenizer cuts off the words it is glued to
#: (``карт.<br/>Тузы``, ``карт.[^1]Тузы``, ``кла<!-- x -->дутъ.``): a line break, a comment's
#: opening, a footnote tag, a Markdown footnote call (not a comment's ``-->``, which OCR
#: text prints as an arrow, ``тузъ-->король``; spaCy's own rules cut it well enough).
#: Without the cut a stop before it stays inside one token and ends no sentence, and the
#: ``!`` of a ``<!--`` that begins a word is a token of its own that ends one.
MARKUP_PIECE = re.compile(r"<(?:/?br\s*/?\s*>|!--|/?ref\b[^<>\s]*>)|" + _MD_CALL.pattern, re.I)
_MARKUP_AT_END = re.compile(f"(?:{MARKUP_PIECE.pattern})$")


def _cut_markup(nlp: Language) -> None:
    """Give ``nlp`` a tokenizer that cuts :data:`MARKUP_PIECE` off the start of a word (a
    prefix), off its end (a suffix: ``картъ.[^b]``, whose ``]`` spaCy's suffixes cut alone)
    and out of it (an infix), tried before spaCy's own rules (an infix of those that
    overlaps the markup is dropped). Text with no such markup is cut as before. The rules
    wrap the compiled ones of ``spacy.blank`` (compiling the lists anew costs about 0.05 s a
    process), and the tokenizer is made once with them (each rule set on its own reloads its special cases)."""
    old = nlp.tokenizer
    tokenizer: Any = type(old)   # spaCy's Tokenizer (a compiled class with no type stubs)
    prefix, suffix, infixes = old.prefix_search, old.suffix_search, old.infix_finditer  # type: ignore[union-attr]  # spaCy's Tokenizer: Language types it as any callable

    def prefix_search(text: str):
        return MARKUP_PIECE.match(text) or prefix(text)

    def suffix_search(text: str):
        return _MARKUP_AT_END.search(text) or suffix(text)

    def infix_finditer(text: str):
        mine = list(MARKUP_PIECE.finditer(text))
        if not mine:
            return infixes(text)
        rest = [m for m in infixes(text)
                if not any(m.start() < x.end() and x.start() < m.end() for x in mine)]
        return sorted(mine + rest, key=lambda m: m.start())

    nlp.tokenizer = tokenizer(nlp.vocab, rules=nlp.Defaults.tokenizer_exceptions,
                              prefix_search=prefix_search, suffix_search=suffix_search,
                              infix_finditer=infix_finditer, token_match=old.token_match,  # type: ignore[union-attr]
                              url_match=old.url_match)  # type: ignore[union-attr]


@lru_cache(maxsize=2)
def pipeline(lemmas: bool = False) -> Language:
    """The blank ``ru`` pipeline with the edition's components (lemmas optional: slower),
    its tokenizer cutting markup off words (:func:`_cut_markup`)."""
    nlp = spacy.blank("ru")
    _cut_markup(nlp)
    nlp.max_length = 100_000_000   # a long paragraph of OCR is text, not an attack (~1 GB RAM)
    nlp.add_pipe("edition_normaliser")
    nlp.add_pipe("edition_sentences")
    if lemmas:
        nlp.add_pipe("edition_lemmas")
    return nlp


def analyse(norm: Normalisation, lemmas: bool = False) -> Doc:
    """Run the pipeline over ``norm.original`` with the given normalisation (emendations kept)."""
    nlp = pipeline(lemmas)
    doc = nlp.make_doc(norm.original)
    # (the Doc is made of norm.original: what the setter would check by building Doc.text)
    doc._.norm_data = norm.to_json()
    _keep(doc._.norm_data, norm)
    for _, proc in nlp.pipeline:
        doc = proc(doc)
    return doc


def sentence_spans(norm: Normalisation) -> list[tuple[int, int]]:
    """Sentence spans ``[(start, end)]`` in original offsets, trailing whitespace excluded.

    The same sentences as :func:`analyse` marks (the pipeline's tokenizer, the normaliser's
    forms, :func:`sentence_starts`), computed on plain lists: no token extension is written
    and no Doc attribute set, which cost more than the rules themselves on long texts.
    """
    text = norm.original
    rows = _token_rows(text)
    flags = _sentence_starts(rows, _token_regs(rows, text, norm), text, norm)
    out: list[tuple[int, int]] = []
    firsts = [k for k, f in enumerate(flags) if f] + [len(rows)]
    for a, b in zip(firsts, firsts[1:]):
        s, e = rows[a][0], rows[b - 1][0] + rows[b - 1][1]
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if norm.changes:
            s, e = _past_change(norm, s), _past_change(norm, e)
            s = _past_space(norm, s, e)
            while out and s < e and (c := _change_from(norm, s)) is not None and not c.reg \
                    and c.orig.lstrip()[:1] == "<":
                # a tag read as nothing before the first word goes with the sentence before,
                # as markup glued after its stop does (a list's mark stays with its item)
                s = _past_space(norm, c.end, e)
            if out and s < e and _read_as_nothing(norm, s, e):
                # a sentence of nothing but markup read as nothing (the ``}}`` that closes
                # a template wrapping a paragraph, after its last stop) closes the one before
                out[-1] = (out[-1][0], e)
                continue
            if out and text[out[-1][1]:s].strip():
                # markup read as nothing that a stop's sentence end passed over and the next
                # start moved past (``картъ. <!-- a --> <!-- b --> Тузы``): the sentence
                # before keeps it, so that no text falls between two sentences
                k = s
                while text[k - 1].isspace():
                    k -= 1
                c = norm.change_around(k)
                out[-1] = (out[-1][0], k if c is None else c.end)
        if e > s:
            out.append((s, e))
    return out


def _read_as_nothing(norm: Normalisation, s: int, e: int) -> bool:
    """Is ``[s, e)`` (original offsets) only changes read as nothing, and blanks?"""
    text = norm.original
    while s < e:
        c = _change_from(norm, s)
        if c is None or c.reg.strip():
            return False
        s = c.end
        while s < e and text[s].isspace():
            s += 1
    return True


def _past_space(norm: Normalisation, s: int, e: int) -> int:
    """``s`` moved past the blanks before ``e``, never to a place inside a change (past it
    then, and past the blanks after it)."""
    text = norm.original
    while True:
        while s < e and text[s].isspace():
            s += 1
        t = _past_change(norm, s)
        if t == s:
            return s
        s = t


def _change_from(norm: Normalisation, pos: int) -> Change | None:
    """The change that begins at original offset ``pos``, or None. O(log n)."""
    ends = norm._index[0]
    i = bisect_right(ends, pos)
    return norm.changes[i] if i < len(ends) and norm.changes[i].start == pos else None


def _past_change(norm: Normalisation, pos: int) -> int:
    """``pos``, or the end of the change it falls inside: a sentence never cuts a change in
    two (the tokenizer may split markup that one change reads as nothing, ``кругомъ.<ref>``
    / ``</ref>``, and a stop inside its first token ends the sentence there)."""
    c = norm.change_around(pos)
    return pos if c is None else c.end


#: A text longer than this is tokenized in pieces of about this length (see _token_rows).
TOKENIZE_PIECE = 20_000


def _token_rows(text: str) -> list[list[int]]:
    """``[offset, length, is space, space after]`` of each token of the pipeline's tokenizer
    on ``text``.

    A long text is tokenized in pieces, cut at a single space between two words where no
    special case of the tokenizer can run across (the word after it does not begin with a
    letter that begins a later word of a special case written with spaces, 'д-р мед. наук'):
    the tokenizer splits at spaces and matches only special cases across them, so the
    pieces give the same tokens as the whole, and spaCy's Doc of a long paragraph grows
    slower than its pieces do.
    """
    nlp = pipeline(False)
    attrs = [IDX, LENGTH, IS_SPACE, SPACY]
    if len(text) <= TOKENIZE_PIECE:
        return nlp.make_doc(text).to_array(attrs).tolist()
    cut = _safe_cut(nlp)
    rows: list[list[int]] = []
    a = 0
    while a < len(text):
        m = cut.search(text, a + TOKENIZE_PIECE) if a + TOKENIZE_PIECE < len(text) else None
        b = m.end() if m else len(text)
        piece = nlp.make_doc(text[a:b]).to_array(attrs).tolist()
        for r in piece:
            r[0] += a
        rows += piece
        a = b
    return rows


@lru_cache(maxsize=4)
def _safe_cut(nlp: Language) -> re.Pattern:
    """Where ``nlp``'s tokenizer may be cut (see :func:`_token_rows`): a single space after a
    non-space, before a non-space that begins no later word of a special case."""
    firsts = {p[0] for rule in nlp.tokenizer.rules if " " in rule.strip()  # type: ignore[union-attr]  # spaCy's Tokenizer: Language types it as any callable
              for p in rule.split(" ")[1:] if p}
    return re.compile(r"(?<=\S) (?=[^\s" + "".join(re.escape(c) for c in sorted(firsts)) + "])")


def _token_regs(rows: list[list[int]], text: str, norm: Normalisation) -> list[str]:
    """The normalised form of each token (``rows``: [offset, length, ...] into ``text``, the
    original), as the normaliser component writes it to ``token._.reg``, or the printed
    token where that form is empty (as :func:`sentence_starts` reads it).

    A token that no change touches (none starts at or before its end and ends at or after
    its start) reads in the normalised text as it is printed; only the touched ones are
    mapped (:class:`_Offsets`, in the order of the tokens, as the component does).
    """
    regs = [text[r[0]:r[0] + r[1]] for r in rows]
    if not norm.changes:
        return regs
    starts = [r[0] for r in rows]
    ends = [r[0] + r[1] for r in rows]
    touched: set[int] = set()
    for c in norm.changes:
        touched.update(range(bisect_left(ends, c.start), bisect_right(starts, c.end)))
    first, last = _Offsets(norm), _Offsets(norm)
    out = norm.text
    for i in sorted(touched):
        reg = out[first(starts[i]):last(ends[i])]
        if reg:
            regs[i] = reg
    return regs
