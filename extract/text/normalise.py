"""Lossless normalisation of Russian text: every change is a record, the original is kept.

The normaliser never rewrites its input. It returns the normalised text together with a list
of :class:`Change` records, each giving the original character offsets ``[start, end)``, the
original form, the normalised form, a kind (``orthography``, ``ocr``, ``typography``,
``emendation``) and the rule name (or, for an emendation, the editor's reason). Replacing each
change's span by its ``reg`` in the original gives the normalised text; the original spans of
the changes and of the untouched text between them join back to the input byte for byte.

The rule table :data:`RULES` names every rule with its kind and a one-line description; the
site's "Editorial principles" page is generated from it.

What is normalised (see :data:`RULES` for the full list):

* pre-reform orthography (kind ``orthography``): ѣ і ѳ ѵ, final ъ, ъи -> ы, -аго/-яго,
  -ыя/-ія, ея/нея, онѣ/однѣ/одне, з/с prefixes. Capitals and all-capital words keep their
  case. ``normalise(..., yo=True)`` spells ея/нея as её/неё (default ее/нее, as in the
  witnesses, which do not print ё); ё already in the text is never touched;
* OCR noise (kind ``ocr``): Latin look-alike letters inside otherwise Cyrillic words (pure
  Latin words, Roman numerals and words with other Latin letters are left alone), stressed
  vowels printed as accented Latin letters, a lone Latin look-alike letter between Cyrillic
  words, ђ for ѣ, ө for ѳ, and the letter confusions of Cyrillic OCR (н/и, н/п, н/я, і/г, ы/м,
  ъ/ь, е for с, іь or ь for ѣ), each accepted only when pymorphy3 knows the repaired word and
  not the printed one; a lone small н between two words, which no Russian word is, is the
  conjunction и. A letter that is both repaired and respelt (ђ -> ѣ -> е, Latin i -> і -> и)
  is one part of kind ``ocr`` whose ``reg`` is the final spelling. A Roman numeral that OCR
  read with the Cyrillic І, Х, С, М is read in Latin letters (ХLIV, ІІ -> XLIV, II), also
  with a century's в, вв, ст glued to it (ХІХв. -> XIXв.); a lone І stays, and no numeral is
  respelt as a word (ІІ is never ИИ);
* typography (kind ``typography``): dashes, runs of spaces, wrapped lines, soft hyphens and
  zero-width characters (see :mod:`extract.text.characters` for the invisible characters refused),
  words divided by a hyphen at a line end (joined, or the line break dropped after a
  compound's own hyphen) or inside a line (joined when only the joined form is a word).
  A page break inside a sentence is recognised by :mod:`extract.model.edition`, which knows the
  structure, and recorded under the rule ``page-break`` defined here.

Each changed word is ONE :class:`Change` spanning the word (a word divided at a line end, or
by a hyphen that is removed or becomes a space, is one word); its letter-level detail, one
part per letter group and rule, is in ``Change.parts``. Case is taken from the whole word
(ДВѣ -> ДВЕ). Endings, prefixes and OCR repairs are checked against the pymorphy3 dictionary
(loaded once, lazily): an ending rule is applied only when the result is a known word, and a
word that is modern as it stands ('благо', 'низкий', 'возки', 'Россия') is never respelt, so
modern text gets only typography changes, and normalising the result again changes nothing.
Pre-reform particles are written apart (то-есть, кто-же, чтожъ -> то есть, кто же, что ж);
old reflexive participles are respelt (оставшіяся -> оставшиеся).
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import chain, compress, product, repeat
from operator import attrgetter, is_not
from typing import Iterable, Sequence

from .errors import EditionError, line_of
from .words import NON_TERMINAL, TERMINAL

KINDS = ("orthography", "ocr", "typography", "emendation")
_set = object.__setattr__
_new = object.__new__


class EmendationError(EditionError, ValueError):
    """An emendation that does not fit the text it corrects (``line`` is the text's line)."""


@dataclass(frozen=True, init=False)
class Change:
    """One change made by the normaliser.

    ``start``/``end`` are character offsets into the original text (``end`` exclusive);
    ``orig`` is ``text[start:end]``; ``reg`` its normalised form; ``kind`` one of
    :data:`KINDS`; ``rule`` the rule name from :data:`RULES` or, for an emendation, the
    editor's reason.

    A change to a word is ONE record spanning the whole word (``лѣсъ`` -> ``лес``); its
    letter-level detail is in ``parts``, changes of the same shape (offsets into the same
    original text, ``parts`` empty) in order, one per letter group and rule. The word's
    ``kind`` is the strongest of its parts' (ocr > orthography > typography) and its ``rule``
    the first part's rule of that kind; :attr:`rules` lists them all.
    """

    start: int
    end: int
    orig: str
    reg: str
    kind: str
    rule: str
    parts: tuple["Change", ...] = ()

    def __init__(self, start: int, end: int, orig: str, reg: str, kind: str, rule: str,
                 parts: tuple["Change", ...] = ()) -> None:
        # the fields written at once (a frozen dataclass's own __init__ sets them one by one
        # through object.__setattr__, and the normaliser makes thousands of changes a text)
        _set(self, "__dict__", {"start": start, "end": end, "orig": orig, "reg": reg,
                                "kind": kind, "rule": rule, "parts": parts})

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule that made this change (the parts' rules, or ``(rule,)``), in order."""
        return tuple(dict.fromkeys(p.rule for p in self.parts)) if self.parts else (self.rule,)

    def to_json(self) -> dict:
        """The change as a JSON-ready dict with the keys start, end, orig, reg, kind, rule
        and, for a word change, parts (a list of such dicts)."""
        out = {"start": self.start, "end": self.end, "orig": self.orig, "reg": self.reg,
               "kind": self.kind, "rule": self.rule}
        if self.parts:
            out["parts"] = [p.to_json() for p in self.parts]
        return out

    @classmethod
    def from_json(cls, data: dict) -> "Change":
        """The change that :meth:`to_json` gave ``data``. Raises KeyError on a missing key."""
        return cls(data["start"], data["end"], data["orig"], data["reg"], data["kind"],
                   data["rule"], tuple(cls.from_json(p) for p in data.get("parts", ())))


@dataclass(frozen=True)
class Rule:
    """A normalisation rule: its name, kind and a description for the editorial principles."""

    name: str
    kind: str
    description: str


@dataclass(frozen=True)
class Emendation:
    """An editorial correction at original offsets ``[start, end)`` of one text.

    Emendations come from ``corpus/emendations.toml`` (see :mod:`extract.corpus.readers`); they take
    precedence over any rule change that overlaps them.
    """

    start: int
    end: int
    reading: str
    correction: str
    reason: str


@dataclass(frozen=True)
class Normalisation:
    """The result of :func:`normalise`: the input, the normalised text and the changes.

    ``changes`` are sorted by ``start`` and never overlap.
    """

    original: str
    text: str
    changes: tuple[Change, ...] = field(default_factory=tuple)

    def to_json(self) -> dict:
        """``{"text": normalised text, "changes": [Change.to_json(), ...]}`` (the original is
        not repeated: it is the witness itself)."""
        return {"text": self.text, "changes": [c.to_json() for c in self.changes]}

    @classmethod
    def from_json(cls, original: str, data: dict) -> "Normalisation":
        """The normalisation of ``original`` that :meth:`to_json` gave ``data``."""
        return cls(original, data["text"], tuple(Change.from_json(c) for c in data["changes"]))

    def norm_offset(self, pos: int) -> int:
        """Map an original offset (0..len(original)) to the normalised text.

        An offset inside a changed span maps to the start of that span's normalised form.
        """
        ends, shifts = self._index
        i = bisect_right(ends, pos)   # the changes before it: those that end at or before pos
        shift = shifts[i]
        ch = self.changes
        if i < len(ch) and ch[i].start < pos:
            return ch[i].start + shift
        return pos + shift

    def change_around(self, pos: int) -> "Change | None":
        """The change whose span holds original offset ``pos`` strictly inside it (``start <
        pos < end``), or None: a cut there would split the change. O(log n)."""
        i = bisect_right(self._index[0], pos)   # the first change that ends after pos
        ch = self.changes
        return ch[i] if i < len(ch) and ch[i].start < pos else None

    @cached_property
    def _index(self) -> tuple[list[int], list[int]]:
        """The changes' ends (sorted, as the changes are) and, for each k, the length the
        first k changes add to the text: a search on them maps offsets in O(log n)."""
        ends, shifts, total = [], [0], 0
        for c in self.changes:
            ends.append(c.end)
            total += len(c.reg) - (c.end - c.start)
            shifts.append(total)
        return ends, shifts

    def slice(self, start: int, end: int) -> "Normalisation":
        """The normalisation of ``original[start:end]``, offsets rebased to ``start``.

        Raises ValueError if a change straddles either boundary. Time: O(log n) to find the
        changes (n of the whole text) and linear in those of the slice.
        """
        out = []
        ch = self.changes
        # the first change that can touch the slice: the first that ends at or after start
        i = bisect_left(self._index[0], start)
        while i < len(ch) and ch[i].start <= end:
            c = ch[i]
            i += 1
            # an insertion (empty span) belongs to the slice it stands in, at its start or
            # inside; any other change to the slice it overlaps
            overlaps = start <= c.start < end if c.start == c.end else c.start < end and c.end > start
            if not overlaps:
                continue
            if c.start < start or c.end > end:
                raise ValueError(f"change {c} straddles the slice [{start}, {end})")
            out.append(_shift(c, -start))
        return Normalisation(self.original[start:end], apply_changes(self.original[start:end], out),
                             tuple(out))


class DisjointSpans:
    """Spans ``[start, end)`` of a text that do not overlap one another, kept sorted, so that
    whether a span meets any of them is a binary search (a page's markup or footnote markers
    can be thousands; a scan of them all for each was quadratic)."""

    def __init__(self, spans: Iterable[tuple[int, int]] = ()):
        self.starts: list[int] = []
        self.ends: list[int] = []
        for a, b in sorted(spans):
            self.add(a, b)

    def meets(self, a: int, b: int) -> bool:
        """Whether ``[a, b)`` shares a character with one of the spans; for an empty one
        (``a == b``), whether a span holds offset ``a`` (its start included)."""
        i = (bisect_left(self.starts, b) if a < b else bisect_right(self.starts, a)) - 1
        return i >= 0 and self.ends[i] > a

    def add(self, a: int, b: int) -> None:
        """Add ``[a, b)``, which must meet none of the spans (the caller checks
        :meth:`meets`): the test relies on their not overlapping."""
        i = bisect_left(self.starts, a)
        self.starts.insert(i, a)
        self.ends.insert(i, b)


def _shift(c: Change, d: int) -> Change:
    """``c`` (and its parts) with offsets moved by ``d``."""
    # (a copy of the fields with two of them moved: the normaliser moves one change per
    # changed word of a text, and Change.__init__ costs twice as much; the parts, which
    # have none of their own, are copied here rather than by a call for each)
    out = _new(Change)
    fields = out.__dict__
    fields.update(c.__dict__)
    fields["start"] += d
    fields["end"] += d
    parts = fields["parts"]
    if parts:
        moved = []
        for p in parts:
            q = _new(Change)
            f = q.__dict__
            f.update(p.__dict__)
            f["start"] += d
            f["end"] += d
            if f["parts"]:
                f["parts"] = tuple([_shift(x, d) for x in f["parts"]])
            moved.append(q)
        fields["parts"] = tuple(moved)
    return out


def apply_changes(text: str, changes: Iterable[Change]) -> str:
    """Return ``text`` with each change's span replaced by its ``reg``.

    ``changes`` must be sorted by ``start`` and must not overlap, with offsets into ``text``
    (as in :attr:`Normalisation.changes`); this is not checked, and unsorted or overlapping
    changes give a garbled result rather than an error.
    """
    parts, pos = [], 0
    for c in changes:
        parts.append(text[pos:c.start])
        parts.append(c.reg)
        pos = c.end
    parts.append(text[pos:])
    return "".join(parts)


# --- the rule table -----------------------------------------------------------------------

RULES: dict[str, Rule] = {}


def _rule(name: str, kind: str, description: str) -> str:
    RULES[name] = Rule(name, kind, description)
    return name


DASH = _rule("dash", "typography",
             "A hyphen standing alone between spaces (or a space and a line break) is a "
             "dash: ' - ' becomes ' — '.")
SPACES = _rule("spaces", "typography",
               "A run of several spaces or tabs inside a line becomes one space.")
LINE_WRAP = _rule("line-wrap", "typography",
                  "A single line break (LF, CRLF or CR) inside a paragraph (a wrapped line) "
                  "becomes a space.")
PAGE_FURNITURE = _rule("page-furniture", "typography",
                       "Page furniture inside a sentence that runs on from one page to the "
                       "next (a running head, a page number, a footnote, a page separator) is "
                       "left out of the reading text: the sentence reads on with a space, or "
                       "a word divided at the foot of the page is joined.")
PAGE_BREAK = _rule("page-break", "typography",
                   "A paragraph break that falls inside a sentence (a page break in the "
                   "printed book), or a form feed (U+000C: the page break pdftotext writes) "
                   "with the line break before it, becomes a space.")
FOOTNOTE_MARKER = _rule("footnote-marker", "typography",
                        "A footnote's marker after a word (*), **), 1), ¹) is left out of the "
                        "reading text: the footnote is a note attached to the sentence, reached "
                        "from a mark at that place.")
WIKI_MARKUP = _rule("wiki-markup", "typography",
                    "The formatting of a wiki or Markdown page (''italics'', '\'\'bold'\'\', "
                    "[[page|link text]], {{razr|spaced text}}, an HTML tag such as <i>, "
                    "**bold**, *italics*, [link](address), a quotation's > at a line start) "
                    "is left out of the reading text of its prose and its footnotes, and an "
                    "HTML entity on any page is read as its character (&nbsp; a space): the "
                    "text reads as the page shows it.")
HYPHENATION = _rule("hyphenation", "typography",
                    "A word divided by a hyphen at the end of a line is joined: "
                    "'раз-\\nложить' becomes 'разложить' (hyphen and line break removed; a "
                    "line end is LF, CRLF or CR, or a form feed, a page break); "
                    "an OCR export's line-end hyphen (¬, U+2010, U+2011) is one too, and an en "
                    "dash glued to the word where the joined word is one the dictionary "
                    "knows and a piece is none ('выхо–\\nдитъ'; 'пять–\\nдесять' is a "
                    "range).")
BULLET = _rule("bullet", "typography",
               "A list's bullet (•, ◦, ▪, ‣, ●, ∙, ·) that opens a line, and the space after it, "
               "is dropped where two lines or more open with it: the items run on as the "
               "book's sentence does. A symbol a figure's key explains ('● — занятое мѣсто') "
               "and a row of bullets stay.")
HYPHEN_COMPOUND = _rule("hyphen-compound", "typography",
                        "A hyphenated word broken at its own hyphen at the end of a line keeps "
                        "the hyphen and loses the line break: 'какой-\\nнибудь' becomes "
                        "'какой-нибудь'. So do two words that make no word joined, or one "
                        "only an OCR repair reads: 'пик-\\nпик', 'К-\\nвесть'.")
YAT = _rule("yat", "orthography", "The letter ѣ (Ѣ) is spelt е (Е): 'лѣсъ' becomes 'лес'.")
DECIMAL_I = _rule("decimal-i", "orthography",
                  "The letter і (І) is spelt и (И): 'Россія' becomes 'Россия'.")
FITA = _rule("fita", "orthography", "The letter ѳ (Ѳ) is spelt ф (Ф): 'Ѳедоръ' becomes 'Федор'.")
IZHITSA = _rule("izhitsa", "orthography",
                "The letter ѵ (Ѵ, also ѷ) is spelt и (И): 'мѵро' becomes 'миро'.")
FINAL_HARD_SIGN = _rule("final-hard-sign", "orthography",
                        "A hard sign ъ (Ъ) after a consonant at the end of a word (also before a "
                        "hyphen or punctuation) is dropped: 'изъ-за' becomes 'из-за'; ъ inside "
                        "a word is kept ('объявить').")
HARD_SIGN_I = _rule("hard-sign-i", "orthography",
                    "ъи (ъі) after a prefix ending in a consonant is spelt ы: 'отъискивать' "
                    "becomes 'отыскивать', 'съиграть' 'сыграть'.")
ENDING_AGO = _rule("ending-ago", "orthography",
                   "The adjective, participle and pronoun genitive ending -аго/-яго is spelt "
                   "-ого/-его: 'добраго' becomes 'доброго', 'синяго' 'синего', 'хорошаго' "
                   "'хорошего' (after ж ч ш щ ц the unstressed -его; 'большаго' 'большого'). "
                   "Where both endings make a word ('большаго': большого, 'big', or "
                   "большего, 'larger'; 'меньшаго') the word is named for the editor to "
                   "confirm or emend ('edition check'). Words that are modern as they stand "
                   "('благо', 'наго') are left alone.")
ENDING_YYA = _rule("ending-yya", "orthography",
                   "The plural ending -ыя/-ія of adjectives, participles and adjectival "
                   "pronouns is spelt -ые/-ие: 'новыя' becomes 'новые', 'синія' 'синие'; nouns "
                   "keep -ия ('Россія' becomes 'Россия', 'линія' 'линия'). The ending is "
                   "judged as spelt: -ѵя, and -ия where OCR read the і as и or 1, are -ія "
                   "('синѵя', 'сухия' become 'синие', 'сухие') in a word the dictionary lacks.")
PRONOUN_EYA = _rule("pronoun-eya", "orthography",
                    "The pronoun forms ея, нея are spelt ее, нее (её, неё when ё is printed).")
PRONOUN_ONE = _rule("pronoun-one", "orthography",
                    "The feminine plural pronouns онѣ, однѣ (одне, однѣхъ, однѣми, однѣмъ) are "
                    "spelt они, одни (одних, одними, одним), with or without the final ъ "
                    "('однѣх', 'однехъ' and 'однех' too).")
PREFIX_Z_S = _rule("prefix-z-s", "orthography",
                   "The prefixes без-, воз-, вз-, из-, низ-, раз-, роз-, чрез-, через- are spelt "
                   "with с before a voiceless consonant: 'безполезный' becomes 'бесполезный', "
                   "'разсказъ' 'рассказ'; where the dictionary knows only the spelling with one "
                   "с before сч, the з goes ('разсчетъ' becomes 'расчет'). Applied only when "
                   "the result is a known word or the original is not a modern word.")
OCR_LATIN = _rule("ocr-latin", "ocr",
                  "A Latin letter that looks like a Cyrillic one (a c e o p x y i; A B C E H K M "
                  "O P T X I), or a Greek one (Α Β Ε Η Κ Μ Ο Ρ Τ Υ Χ α ο κ ρ τ χ), inside an "
                  "otherwise Cyrillic word is read as the Cyrillic letter "
                  "(Latin i as the decimal і, hence и); if a spelling rule then changes that "
                  "letter, the one change shows the final spelling.")
OCR_ROMAN = _rule("ocr-roman", "ocr",
                  "A Roman numeral printed in Latin letters that OCR read, in a Cyrillic "
                  "text, with the Cyrillic І, Х, С, М of the same shape is read in Latin "
                  "letters: 'Глава ХLIV' becomes 'Глава XLIV', 'ГЛАВА ІІ' 'ГЛАВА II'; so is "
                  "one with a century's abbreviation glued to it, which stays as printed "
                  "('ХІХв.', 'ХVІІІвв.', 'ХVІІст.' become 'XIXв.', 'XVIIIвв.', 'XVIIст.'; "
                  "a case ending is read so after a hyphen, 'ХІХ-го', but not glued: 'Сія', "
                  "'Міръ' are words). A lone letter (a heap's label, the preposition С, the "
                  "numeral І, 'Св.') and a word the dictionary knows ('СМ', 'МС') are left "
                  "alone.")
OCR_DIGIT = _rule("ocr-digit", "ocr",
                  "The digit 1 between two Cyrillic letters ('верхн1я', 'ПРОЧ1Я'), which "
                  "OCR gives for the decimal і, is read as і (hence и), and the digit 0 "
                  "between two Cyrillic letters as о (О between capitals: 'Эт0тъ', "
                  "'ЭТ0ТЪ'): no word holds a digit. A 0 or 3 opening a word of Cyrillic "
                  "letters is о or з (О, З before a capital, or opening a sentence after a stop: "
                  "'столбикъ. 3атѣмъ' becomes 'столбик. Затем') when the dictionary knows the "
                  "word so read, a 1 or 0 inside it read as above ('0дной' becomes "
                  "'одной', '0д1н' 'один', '3ВѢЗДОЧКА' 'ЗВЕЗДОЧКА', '3АМОКЪ' "
                  "'ЗАМОК'; a count glued to what three counts, a noun in the genitive or a "
                  "plural adjective, '3ряда', '3раза', '3красныхъ', is left alone, unless the word "
                  "read with З is in such a form itself: '3рѣнія' becomes 'зрения').")
OCR_CASE = _rule("ocr-case", "ocr",
                 "One capital letter inside a word otherwise in small letters (not its first "
                 "letter), which OCR gives for the small letter of the same shape, is read "
                 "as the small letter when the dictionary knows the word so read: 'общуЮ' "
                 "becomes 'общую', 'карТы' 'карты'. A word in capitals, one with more than "
                 "one capital inside it, or two words that lost the space between them "
                 "('ДамыВнизу') are left alone.")
OCR_THREE = _rule("ocr-three", "ocr",
                  "The capital З, which OCR gives for the digit 3, is read as 3 where it stands "
                  "alone before what a count of three is followed by, a word in small letters "
                  "in the genitive or 'или 4' ('З раза' becomes '3 раза', 'З или 4' '3 или 4'; "
                  "an initial 'З.', a label 'З)' and a letter that labels a heap or a place, "
                  "'въ мѣста Ж, З и И', 'изъ кучки З кладутъ', are left alone), in a list of "
                  "counts ('по 2, З, 4 карты' becomes 'по 2, 3, 4 карты'; 'Ж, З, И' stays) or "
                  "among digits ('1З' becomes '13', 'З0' '30'). The text is judged as the other "
                  "rules leave it: a final ъ after the З (the word 'Зъ'), which rule "
                  "final-hard-sign drops, goes in the same change ('Зъ1' becomes '31', 'Зъ "
                  "раза' '3 раза'), and the word after it is read in the modern spelling "
                  "('З кapты', with Latin a and p, becomes '3 карты').")
OCR_DJE_YAT = _rule("ocr-dje-yat", "ocr",
                    "The Serbian letter ђ (Ђ), which OCR gives for ѣ, is read as ѣ inside a "
                    "Russian word and so spelt е (Е) (и in онѣ, однѣ): one change, kind ocr, "
                    "records both the OCR repair and the spelling. A word with ј љ њ ћ џ is "
                    "Serbian and left alone; so is ђ before a vowel in a text without "
                    "letters that Serbian lacks (ы э й щ ъ ь я ю ё ѣ і ѳ), printed or made by "
                    "another OCR repair ('ђи, рцм' becomes 'еи, рцы').")
OCR_PERCENT_YAT = _rule("ocr-percent-yat", "ocr",
                        "A % inside a Russian word, which OCR gives for ѣ, is read as ѣ and so "
                        "spelt е (Е) when the dictionary knows the word so read: one change, "
                        "kind ocr, for the whole word ('Зв%зда' becomes 'Звезда'). A % after a "
                        "number ('5%') and a word that reads as none are left alone.")
OCR_LETTER = _rule("ocr-letter", "ocr",
                   "A letter that OCR commonly confuses with another (н/и, н/п, н/я, і/г, ы/м, "
                   "ъ/ь, е for с, іь, ѣь, ь or ъ for ѣ (a final ъ or ь too, where the word without "
                   "it has no vowel: 'всЪ', 'всь' read 'все'); in a Cyrillic word, a Latin letter "
                   "that looks like no Cyrillic one: t or b for ѣ, t for т, b for ь or ъ, and the "
                   "italic m, u, n, r, h for т, и, п, г, н, a small l for і) is read as the other "
                   "letter when the dictionary (pymorphy3) knows the word so read and does not "
                   "know it as printed; of several readings, the only one from the most common "
                   "confusion (in the order н/и, ъ/ь, ѣ, н/п, ы/м, н/я, і/г, е for с, the Latin "
                   "letters) is taken, else none: 'нзвестно' becomes 'известно', 'домь' 'дом', "
                   "'кладутея' 'кладутся', 'Всt' 'Все'. A lone small н between two words, "
                   "with nothing but space at it, is the conjunction и ('тузъ н король' "
                   "becomes 'туз и король'): no word is н, and an abbreviation or a label has "
                   "a stop or a bracket at it ('н. ст.', 'н)'), an initial a capital. "
                   "One letter per word, but for t, which a "
                   "scan's text layer gives for ѣ several times in a word or beside Latin "
                   "look-alikes: every t read as ѣ or т, the only reading the dictionary knows "
                   "taken ('вмtстt' becomes 'вместе', 'cнtгъ' 'снег'). A Roman numeral with a "
                   "Russian ending ('XVв', 'Mв') is left alone. A capital Ь after a small letter "
                   "at a word's end is ѣ's shape (no word in small letters ends in a capital Ь): "
                   "it and every such Ь of the word are read as ѣ where the word so read is one, "
                   "though ь makes a word too ('столЬ', 'мЬстЬ', 'колодЬ' become 'столе', 'месте', "
                   "'колоде').")
OCR_BARRED_O = _rule("ocr-barred-o", "ocr",
                     "The letter ө (Ө), which OCR gives for ѳ, is read as ѳ inside a Russian word "
                     "and so spelt ф (Ф): 'Өома' becomes 'Фома'.")
OCR_LOST_HYPHEN = _rule("ocr-lost-hyphen", "ocr",
                        "A word divided at a line end whose hyphen the text layer lost "
                        "(djvu and pdf exports drop it) is joined when the two together are "
                        "a word and the first piece is none, or the second is none and the "
                        "first no preposition, conjunction, particle or interjection (the "
                        "second piece in lower case): 'пач\\nку' "
                        "becomes 'пачку', 'пере\\nложить' 'переложить'; 'въ\\nчетверомъ' "
                        "and two words stay apart (the line break becomes a space), as does a "
                        "letter alone ('A\\nна': no word is divided to leave one letter).")
OCR_LONE_LATIN = _rule("ocr-lone-latin", "ocr",
                       "A word of one or two letters, all Latin look-alikes (c o a e p x y, "
                       "C O A E P X; in a word of two letters H B K M T too), between two "
                       "Cyrillic words is read in the Cyrillic letters when that is a word: "
                       "'пришел c ним' becomes 'пришел с ним', 'co стола' 'со стола', 'Ha "
                       "столе' 'На столе'; so is a lone B or K opening a sentence and a lone k "
                       "anywhere, the prepositions в, к ('B колоде' 'В колоде', 'k королю' "
                       "'к королю'). Latin text, a Roman numeral and a lone A on a line with "
                       "a lone K, Q or J (card ranks: 'A на K') are left alone.")
OCR_SOFT_SIGN = _rule("ocr-soft-sign", "ocr",
                      "A soft sign ь after a consonant at the end of a word that makes it no "
                      "word, where the word without it is one (with a vowel: 'вс' is only an "
                      "abbreviation), is the old spelling's final "
                      "hard sign ъ misread by OCR and is dropped: 'вздохнуль' becomes "
                      "'вздохнул' (not 'вздохну ль').")
OCR_SPLIT_WORD = _rule("ocr-split-word", "ocr",
                       "A space inside a word (OCR's reading of a wide gap between two of its "
                       "letters) is removed when neither piece is a word the dictionary knows "
                       "and the two together are one, the second piece in lower case: 'пась "
                       "янсъ' becomes 'пасьянс'. A piece that is a word, a name with a "
                       "capital after the space and a letter alone keep the space ('пасьян "
                       "съ' stays two words: joining a word to its neighbour is a guess the "
                       "text does not support).")
PARTICLE_HYPHEN = _rule("particle-hyphen", "orthography",
                        "The particles ли (ль), же (ж), бы (б), written with a hyphen in the old "
                        "spelling, are written apart: 'кто-же' becomes 'кто же', 'хоть-бы' "
                        "'хоть бы'; so is 'то-есть' ('то есть').")
PARTICLE_APART = _rule("particle-apart", "orthography",
                       "A particle ж (же), б (бы), ль (ли) printed joined to the word before it "
                       "is written apart when only the parts are words: 'чтожъ' becomes "
                       "'что ж', 'лучшебъ' 'лучше б', 'такъже' 'так же'.")
TSY_TSI = _rule("tsy-tsi", "orthography",
                "цы in a word the dictionary knows only with ци is spelt ци, as the older "
                "spelling of some borrowed words had it: 'цыфра' becomes 'цифра', 'цыркуль' "
                "'циркуль'; 'цыган', 'цыпленок' and the ending of 'птицы' are modern as they "
                "stand.")
HUSHING_SOFT_SIGN = _rule("hushing-soft-sign", "orthography",
                          "A soft sign after ж ш at the end of a word that the dictionary knows "
                          "only without it is dropped: 'ужь' becomes 'уж'.")
INLINE_HYPHEN = _rule("inline-hyphen", "typography",
                      "A hyphen inside a line that divides a word (left from a line break, or an "
                      "OCR artefact) is removed when only the joined form is a word: 'кар-ты' "
                      "becomes 'карты'; 'из-за', 'какой-то', 'северо-запад' keep theirs. So is the "
                      "old spelling's hyphen after полу-, and after пол- before a consonant but л: "
                      "'пол-колоды' becomes 'полколоды'; 'пол-лимона', 'пол-апельсина', "
                      "'пол-Москвы' keep theirs. So is a hyphen and the space after it where a "
                      "line break was (the lines of a page joined with a space): 'Ту- зы' becomes "
                      "'Тузы' when one piece is no word on its own; 'дву- и трехэтажный' keeps its "
                      "hyphen. A hyphen beside a preposition that has one on its other side too "
                      "goes only where the whole is then a word: 'крестъ-на-крестъ' becomes "
                      "'крест-накрест', 'день-за-днемъ' 'день-за-днем'.")
SOFT_HYPHEN = _rule("soft-hyphen", "typography",
                    "A soft hyphen (U+00AD, an invisible hyphenation point) is removed.")
ZERO_WIDTH = _rule("zero-width", "typography",
                   "An invisible zero-width character that OCR, PDF extraction and web pages "
                   "leave in the text (U+200B ZERO WIDTH SPACE, U+200C ZERO WIDTH NON-JOINER, "
                   "U+200D ZERO WIDTH JOINER, U+2060 WORD JOINER, U+FEFF ZERO WIDTH NO-BREAK "
                   "SPACE) is removed; the printed page has nothing there. Other invisible "
                   "characters (control characters, direction marks) are refused on intake.")
SPACED_LETTERS = _rule("spaced-letters", "typography",
                       "A word set in spaced letters for emphasis (разрядка), four letters or "
                       "more each with a space after it, is written solid when the dictionary "
                       "knows the word so read: 'т у з о в ъ' becomes 'тузов' (its spelling "
                       "respelt as any word's); a word of one letter beside it ('и т у з ы' "
                       "becomes 'и тузы') and two such words one space apart ('т у з ъ и "
                       "к о р о л ь' becomes 'туз и король') are cut into the fewest words "
                       "the dictionary knows. Where the words stand two spaces apart or more "
                       "and such a word is among them, a short word of two or three spaced "
                       "letters is written solid too when the dictionary knows it ('в с ѣ  "
                       "к а р т ы  п о  м а с т я м ъ' becomes 'все карты по мастям'); letters "
                       "that may each be a word of one letter ('и в') stay apart.")
OCR_GUILLEMETS = _rule("ocr-guillemets", "ocr",
                       "A guillemet that OCR gives as two angle brackets (Google Books: << <‹ ‹‹ "
                       "for «, >> ›› ›> for ») is read as the guillemet where such a pair "
                       "encloses words on one line: '<<Паукъ>>' becomes '«Паук»', and so does "
                       "'<< Паукъ >>' (a space inside them, before a name's capital). A lone "
                       "< or > is left alone.")
EMENDATION = _rule("emendation", "emendation",
                   "An editorial correction listed in corpus/emendations.toml, with its reason.")

_TYPOGRAPHY = [
    (re.compile(r"(?<=\s)-(?=\s)"), "—", DASH),
    (re.compile(r"(?<=\S)[ \t]{2,}(?=\S)"), " ", SPACES),
    (re.compile(r"(?<=\S)[ \t]*(?:\r\n?|\n)[ \t]*(?=\S)"), " ", LINE_WRAP),
    # a form feed (pdftotext's page break) after at most one line break, inside a paragraph
    (re.compile(r"(?<=\S)[ \t]*(?:\r\n?|\n)?[ \t]*\f[ \t]*(?=\S)"), " ", PAGE_BREAK),
    (re.compile("\u00ad+"), "", SOFT_HYPHEN),
    (re.compile("[\u200b\u200c\u200d\u2060\ufeff]+"), "", ZERO_WIDTH),
]
# What a text must hold for each of the first four rules to match (a rule whose characters
# are absent is not run: most texts have no form feed, tab or double space).
_TYPOGRAPHY_NEEDS = {DASH: ("-",), SPACES: ("  ", "\t"), LINE_WRAP: ("\n", "\r"),
                     PAGE_BREAK: ("\f",)}

# --- letters ------------------------------------------------------------------------------

_OLD = "ѣѢіІѳѲѵѴѷѶ"
_CYR = "А-Яа-яЁё" + _OLD + "ђЂөӨ"
_LETTER = r"[^\W\d_]"
_COMBINING = "\u0300-\u036f"
_SHY = "\u00ad\u200b\u200c\u200d\u2060\ufeff"   # invisible inside a word: dropped
_SHY_RULE = {c: ZERO_WIDTH for c in _SHY} | {"\u00ad": SOFT_HYPHEN}
# What may stand between two pieces of a word divided at a line end: the line break is LF,
# CRLF or a lone CR (as rule line-wrap reads them), or a form feed (rule page-break's page
# break, with no line break before it), so that the hyphen is judged here as a line end's,
# not as the hyphen and space the typography rules would leave of it ('Ту- зы', which a
# second normalisation would join).
# (a form feed after the line break is a page break of a scan's text layer: pdftotext)
# (¬ and U+2010/U+2011: the line-end hyphens of OCR exports, ABBYY's ¬ above all)
# (and an en dash glued to the word, joined only where a piece is no word: :func:`joins_lost_hyphen`)
# (a soft hyphen beside it, as a word processor's export leaves one, is part of it)
_BREAK = re.compile(r"[-¬\u2010\u2011\u2013]\u00ad*[ \t]*(?:\r\n?|\n|\f)[ \t\f]*")
#: a list's bullet opening a line, and the spaces after it (group 1; rule bullet)
_BULLET = re.compile(r"^[ \t]*(([•◦▪‣●∙·])[ \t]*)(?=[^\s•◦▪‣●∙·—–-])", re.M)

_LATIN_LOOKALIKE = {
    "a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "y": "у", "i": "і",
    "A": "А", "B": "В", "C": "С", "E": "Е", "H": "Н", "K": "К", "M": "М", "O": "О",
    "P": "Р", "T": "Т", "X": "Х", "I": "І",
    # stressed vowels printed as accented Latin letters: the Cyrillic letter and the accent
    "á": "а\u0301", "é": "е\u0301", "ó": "о\u0301", "ý": "у\u0301", "à": "а\u0300",
    "è": "е\u0300", "ò": "о\u0300", "Á": "А\u0301", "É": "Е\u0301", "Ó": "О\u0301",
    # Greek capitals and small letters that OCR gives for Cyrillic ones of the same shape
    "Α": "А", "Β": "В", "Ε": "Е", "Η": "Н", "Κ": "К", "Μ": "М", "Ο": "О", "Ρ": "Р",
    "Τ": "Т", "Υ": "У", "Χ": "Х", "α": "а", "ο": "о", "κ": "к", "ρ": "р", "τ": "т", "χ": "х",
}
# A word piece: letters, combining marks (stress accents), soft hyphens and zero-width
# characters, no hyphen; it starts with a letter. A digit 1 between two letters each Cyrillic
# or read as Cyrillic (:data:`_LATIN_LOOKALIKE`) is OCR's і inside the word (rule
# ocr-digit: 'верхн1я').
# (written as letters, then runs of marks each followed by letters, possessive: the same
# matches as letter (letter | mark)*, found faster)
_READ_CYR = _CYR + "".join(_LATIN_LOOKALIKE)
_WORD = re.compile(rf"{_LETTER}{_LETTER}*+(?:(?:[{_COMBINING}{_SHY}]++|(?<=[{_READ_CYR}])[10]"
                   rf"(?=[{_READ_CYR}])){_LETTER}*+)*+")
# ... and one that a 0 or 3 may open before two Cyrillic letters (OCR's О and З: '0дной'),
# the second of them perhaps a 1 or 0 that the word reads as a letter ('0л1Ѳ' is one word,
# not '0' and 'л1Ѳ', as a second normalisation reads its '0лиф'), used only on a text where
# such a digit stands
# (:data:`_DIGIT_OPENS`): the other is faster
_TWO_CYR = rf"[{_READ_CYR}](?:[{_READ_CYR}]|[10][{_READ_CYR}])"
# (a digit after a combining mark opens no word: the mark is the letter's before it, and
# 'A\u03010CЕ' is the word 'A\u0301', a digit and 'CЕ', as a second normalisation reads it)
_WORD_OR_DIGIT = re.compile(rf"(?:{_LETTER}|(?<![^\W_])(?<![{_COMBINING}])[03](?={_TWO_CYR}))"
                            rf"{_LETTER}*+"
                            rf"(?:(?:[{_COMBINING}{_SHY}]++|(?<=[{_READ_CYR}])[10]"
                            rf"(?=[{_READ_CYR}])){_LETTER}*+)*+")
_DIGIT_OPENS = re.compile(rf"(?<![^\W_])(?<![{_COMBINING}])[03]{_TWO_CYR}")
_LATIN_CHAR = re.compile(r"[A-Za-z\u00c0-\u024f\u0370-\u03ff]")   # Latin or Greek
_LONE_LATIN = frozenset("coaepxyCOAEPX")
#: the Latin capitals that look like Cyrillic ones but are no lone word's (a label, 'кучка H'):
#: read only in a two-letter word ('Ha', 'He', 'OH')
_LONE_LATIN_PAIR = frozenset("HBKMT")
#: the prepositions в, к as OCR reads them alone: 'B' and 'K' opening a sentence ('B колодѣ
#: 52 карты.': a label never opens one), 'k' anywhere ('k королю': no label is in small letters)
_LONE_PREPOSITIONS = {"B": "В", "K": "К", "k": "к"}
_LONE_LATIN_CHAR = re.compile("[coaepxyCOAEPXHBKMTk]")
#: a lone K, Q or J: a card's rank in Latin notation ('кладутъ A на K, а Q на J'), beside
#: which a lone A is the ace, not OCR's а
_LATIN_RANK = re.compile(r"(?<![^\W\d_])[KQJ](?![^\W\d_])")
_HYPHEN = re.compile("[-¬\u2010\u2011\u2013]")
#: a digit, and a hyphen, before a number's case ending ('3-ью', '2-й', '1-мъ'): the ending
#: is no word, so no OCR repair may read it as one ('ью' as 'ею')
_DIGITS = frozenset("0123456789")
_ENDING_HYPHENS = frozenset("-\u2010\u2011")
# A line break between two word pieces with no hyphen: a word whose hyphen the export lost?
_BARE_BREAK = re.compile(r"[ \t]*\r?\n[ \t]*")
# A hyphen and the spaces after it where a line break was (lines joined with a space).
_SPACED_HYPHEN = re.compile(r"[-¬\u2010\u2011][ \t]+")
_LINE_END = re.compile("\n")
_OLD_LETTER = {
    "ѣ": ("е", YAT), "Ѣ": ("Е", YAT), "і": ("и", DECIMAL_I), "І": ("И", DECIMAL_I),
    "ѳ": ("ф", FITA), "Ѳ": ("Ф", FITA), "ѵ": ("и", IZHITSA), "Ѵ": ("И", IZHITSA),
    "ѷ": ("и", IZHITSA), "Ѷ": ("И", IZHITSA),
}
_HAS_CYR = re.compile(rf"[{_CYR}]")
_MARKS = re.compile(f"[{_COMBINING}]")
_MARKS_SHY = re.compile(f"[{_COMBINING}{_SHY}]")
_PLAIN = re.compile(r"[а-яё]+")
_HAS_LATIN = _LATIN_CHAR
# A Roman numeral with a Russian case ending glued to it ('XIXв', 'XLIVй') is not OCR noise.
_ROMAN_NUMERAL = re.compile(r"[IVXLCDM]{2,}[а-яё]{1,3}|[IVXLCDM]+(?:в|вв|й|го|му|м|х|ми)")
# A Roman numeral written with the Cyrillic І (and Х, С, М look-alikes): 'ІІ', 'ХІV', 'XLІ'.
_ROMAN = re.compile(r"M{0,4}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
_ROMAN_READ = str.maketrans("ІХСМ", "IXCM")
# ... with the abbreviation of a century glued to it ('ХІХв.', 'ХVІІІвв.', 'ХVІІст.'): read
# as the bare numeral, the tail left as printed (rule ocr-roman). Only these tails: a case
# ending glued to a numeral of Cyrillic letters reads as a capitalised word in the old
# letters ('Сія', 'Сіе', 'Сій', 'Міръ': С, М and І are such a word's first letters), while
# в, вв, ст after two capitals or more make no word; a case ending after a hyphen ('ХІХ-го',
# 'ІІ-й') is a word of its own already, and the numeral before it is read bare.
_ROMAN_TAIL = re.compile(r"([ІХСМIVXLCDM]{2,})(?:в|вв|ст)")
_SERBIAN = re.compile(r"[јЈљЉњЊћЋџЏ]")
_NON_RUSSIAN = re.compile(r"[әғқңұүһӘҒҚҢҰҮҺ]")
_CONSONANTS = frozenset("бвгджзклмнпрстфхцчшщѳ")
_VOWELS = frozenset("аеиоуыэюяёѣіѵaeiouy")
_VOICELESS = frozenset("кпстфхцчшщ")
_PREFIXES = ("через", "чрез", "низ", "без", "воз", "раз", "роз", "вз", "из")
_PREFIX_RE = re.compile(r"(через|чрез|низ|без|воз|раз|роз|вз|из)(?=[кпстфхцчшщ])")
# What may stand before a prefix: nothing, or another prefix ('не|без|разсудный').
_BEFORE_PREFIX = frozenset(("", "не", "по", "о", "об", "обе", "при", "пре", "до", "за", "на",
                            "вы", "пере", "про", "со", "от", "без", "бес", "небез", "небес"))
_STRONG_PREFIXES = frozenset(("без", "раз", "воз", "чрез", "через"))
# -аго after a hushing consonant is unstressed (-его) except in these stems (stressed -ого).
# больш-: большаго is большого (большой, 'big') or большего (больший, 'larger'); the
# adjective, the commoner, is read (the gold's 'Отъ большаго дома'; the adjudicated dev
# reference's three), and :func:`ambiguous_endings` names every such word for the editor to
# confirm or emend ('не меньшаго и не большаго числа' is the comparative). Not наибольш-:
# the superlative наибольший has the unstressed наибольшего.
_STRESSED_HUSHING = frozenset(("больш", "небольш", "чуж"))
# онѣ, однѣ and their forms (rule pronoun-one), as printed (lower case) -> the place of the
# letter that becomes и. A form ending in a consonant is listed with and without its final ъ
# (the old spelling's, which the rules drop): the rule must know the form that its
# neighbours in _letters leave, or a second normalisation would change it again ('однѣх'
# and 'однехъ' are spelt 'однех', which is 'одних')
_ONE_FORMS = {"онѣ": 2, "однѣ": 3, "однѣх": 3, "однѣми": 3, "однѣм": 3,
              "одне": 3, "однех": 3, "однеми": 3}
_ONE_FORMS |= {form + "ъ": k for form, k in _ONE_FORMS.items() if form[-1] in "хм"}
# Particles and first parts after/before which a hyphen at a line end is the word's own.
_HYPHEN_PARTICLES = frozenset(("то", "либо", "нибудь", "ка", "таки", "де", "с"))
_HYPHEN_FIRST = frozenset(("кое", "кой", "по", "во", "из", "ино"))
# Prefixes that are written joined to the word after them, so a hyphen after one at a line end
# is the printer's ('полу-' / 'колоду': полуколоду, which the dictionary may not know); пол-
# keeps its own before a vowel or л ('пол-лимона', 'пол-апельсина')
_JOINED_PREFIXES = frozenset(("полу", "пол"))
_POL_HYPHEN_BEFORE = frozenset("аеёиоуыэюяѣіл")
# Particles written with a hyphen in the old spelling and apart in the modern one.
_SEPARATE_PARTICLES = frozenset(("ли", "ль", "же", "ж", "бы", "б"))
# OCR letter confusions: printed -> read, in classes from the most to the least common (a
# reading from an earlier class wins over one from a later class; see OCR_LETTER).
_CONFUSIONS = (
    (("н", "и"), ("и", "н")),
    (("ъ", "ь"), ("ь", "ъ")),
    (("іь", "ѣ"), ("iь", "ѣ"), ("ѣь", "ѣ"), ("ь", "ѣ"), ("ъ", "ѣ")),
    (("н", "п"), ("п", "н")),
    (("ы", "м"), ("м", "ы")),
    (("н", "я"), ("я", "н")),
    (("і", "г"), ("i", "г"), ("г", "і")),
    # е for с (OCR sees a bar in с: 'кладутея'), one way only: anywhere in a word, as no
    # reading of е as с made a known word of another (each с of the dev set's known words
    # misread so: 2,619 read back right, none wrong, 9 left), nor read one of its words the
    # dictionary lacks; the other way (с for е) does read a misprint there ('посовѣтусте'), which
    # the dev reference copies
    (("е", "с"),),
    # a Latin letter with no Cyrillic look-alike, inside a Cyrillic word (a scan's text
    # layer): ѣ read as t or b, and the italic forms of т, и, п, г read as m, u, n, r
    (("t", "ѣ"), ("t", "т"), ("b", "ѣ"), ("b", "ь"), ("b", "ъ"), ("h", "н"), ("m", "т"),
     ("u", "и"), ("n", "п"), ("r", "г"), ("l", "і")),
)
#: a Cyrillic word with one Latin letter that no look-alike rule reads (``Всt``, ``мbсто``):
#: the OCR letter repair tries it, short and capitalised or not (no name mixes scripts)
_ONE_LATIN = re.compile(r"[а-яё]*[a-z][а-яё]*")

# A word needs the rule pass only if it matches this (or is one of _WHOLE_WORDS).
_SUSPECT = re.compile(r"[ѣѢіІѳѲѵѴѷѶђЂөӨ\u00ad\u200b-\u200d\u2060\ufeffA-Za-z\u00c0-\u024fъЪ]|(?:аго|яго|ыя|ія|ыяся|іяся)$|"
                      r"[зЗ][кпстфхцчшщКПСТФХЦЧШЩ]", re.IGNORECASE)
# The same test in two parts (see _suspect): the letters and pairs anywhere, the endings
# looked for only in the last four characters (an ending is at most four letters, and a
# word piece holds no line break for $ to stand before).
_SUSPECT_LETTERS = re.compile(r"[ѣѢіІѳѲѵѴѷѶђЂөӨ\u00ad\u200b-\u200d\u2060\ufeffA-Za-z\u00c0-\u024fъЪ]|"
                              r"[зЗ][кпстфхцчшщКПСТФХЦЧШЩ]|(?-i:[а-яёѣіѳѵ][А-ЯЁ])",
                              re.IGNORECASE)
_SUSPECT_ENDING = re.compile(r"(?:аго|яго|ыя|ія|ыяся|іяся)$", re.IGNORECASE)
_AGO_KEEP = frozenset(("драго", "благо", "наго"))
_WHOLE_WORDS = frozenset(("ея", "нея", "одне", "однех", "однеми"))
_KIND_ORDER = ("emendation", "ocr", "orthography", "typography")
_KIND_RANK = {k: i for i, k in enumerate(_KIND_ORDER)}

_morph = None
_words = ()   # the dictionary's word forms, as spelt there (see _known)
_words_loaded = False   # whether _words is the dictionary's own set (else ask word_is_known)


def _analyzer():
    """The pymorphy3 analyser, loaded once on first use (None if pymorphy3 is missing)."""
    global _morph, _words, _words_loaded
    if _morph is None:
        try:
            from .morph import analyzer   # lazy: pymorphy3 is slow to import
            _morph = analyzer()           # (the one the lemmas use: its dictionary once)
        except Exception:  # pragma: no cover - optional dependency
            _morph = False
        else:
            _words = getattr(getattr(_morph, "dictionary", None), "words", None) or ()
            # (word_is_known tries ё for е and nothing else in Russian: then a word without е
            # is known exactly when it is in the set)
            _words_loaded = bool(_words) and getattr(_morph, "char_substitutes", None) == \
                _words.compile_replaces({"е": "ё"})
    return _morph or None


def _known(word: str) -> bool:
    """Whether ``word`` (lower case, modern spelling) is in the pymorphy3 dictionary."""
    # (a word spelt as the dictionary spells it is found by a plain look-up in the
    # dictionary's word set, faster than the cache; before the dictionary is loaded the set
    # is empty and the cached look-up loads it)
    low = word.lower()
    if low in _words:
        return True
    # (pymorphy3's word_is_known differs from the plain look-up only in trying ё for е: a word
    # without е that is not in the set is unknown)
    return _known_other(word) if "е" in low or not _words_loaded else False


def _voweless(word: str, modern: str) -> bool:
    """Whether ``word``, printed with a final ъ, has a modern form of two letters or more
    with no vowel ('всЪ', modern 'вс'): the dictionary knows such a form only as an
    abbreviation (вс, ст, гр), which the old spelling never closes with ъ, so the ъ is OCR's
    reading of ѣ (its bar lost) and the form no word (:func:`_analyse` tries the repair)."""
    return word[-1:] in "ъЪ" and _no_vowel(modern)


def _no_vowel(modern: str) -> bool:
    """Whether ``modern`` (lower case, modern spelling) is two letters or more and no vowel:
    the dictionary knows such a form ('вс', 'ст', 'вмс') only as an abbreviation, never what
    an OCR repair or a dropped letter should read a printed word as."""
    return len(modern) >= 2 and _VOWELS.isdisjoint(modern)


@lru_cache(maxsize=200_000)
def _known_other(word: str) -> bool:
    """:func:`_known` of a word not in the dictionary's word set as it stands."""
    m = _analyzer()
    # (word_is_known, several times slower than the plain look-up, also tries ё for each е:
    # it is asked only when that fails)
    return bool(m and (word.lower() in _words or m.word_is_known(word)))


@lru_cache(maxsize=100_000)
def _modern_word(word: str, capital: bool = False) -> bool:
    """Whether ``word`` (lower case) is a modern word as it stands: known to pymorphy3 with a
    reading other than a surname, or, if it is written with a capital, with any reading
    (so 'Живаго' stays, but 'живаго' becomes 'живого')."""
    if word in _AGO_KEEP:
        return True
    m = _analyzer()
    if not m or not _known(word):
        return False
    return capital or any("Surn" not in p.tag for p in m.parse(word))


#: pymorphy3's marks of a name or an abbreviation, and of a noun that has no plural
#: (singularia tantum: 'нака'), never what a glued count three counts
_NOT_COUNTED = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr", "Init",
                          "Fixd", "Sgtm"})


@lru_cache(maxsize=10_000)
def _three_counts(word: str) -> bool:
    """Whether ``word`` (lower case, modern) can be what the count three governs: a noun in
    the genitive singular or an adjective (participle) in the plural, nominative or genitive
    ('ряда', 'раза', 'короля', 'красных'): after a 3 glued to it, a count; a word in no such
    form ('амок', 'верь'), a name or an abbreviation, or a noun with no plural
    (:data:`_NOT_COUNTED`: 'наки', of нака, so '3наки' is 'знаки') is none, and the 3
    before it OCR's З."""
    if not _known(word):
        return False
    m = _analyzer()
    if not m:               # (no analyser: any word after the 3 is taken as its noun)
        return True
    for p in m.parse(word):
        t = p.tag
        if _NOT_COUNTED & t.grammemes:
            continue        # a name, an abbreviation ('ато', 'вали': '3ато' is 'Зато'), a
            #                 noun with no plural ('наки')
        if t.POS == "NOUN" and t.number == "sing" and t.case == "gent" or \
                t.POS in ("ADJF", "PRTF") and t.number == "plur" and t.case in ("nomn", "gent"):
            return True
    return False



@lru_cache(maxsize=100_000)
def _plural_adjective(word: str) -> bool:
    """Whether ``word`` (lower case, modern) can be a plural adjective, participle or pronoun."""
    m = _analyzer()
    if not m:
        return True
    for p in m.parse(word):
        if p.tag.POS in ("ADJF", "PRTF", "NPRO", "NUMR") and p.tag.number == "plur":
            return True
    return False


def _lower(text: str) -> str:
    """Lowercase letter by letter, keeping the length (``"İ".lower()`` is two characters)."""
    low = text.lower()
    # str.lower is letter by letter but for the letters whose lower case is longer (then the
    # lengths differ) and for Σ, whose lower case depends on its place in the word
    if len(low) == len(text) and "Σ" not in text:
        return low
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in text)


def _quick_modern(piece: str) -> str:
    """A rough lower-case modern form of a word piece, for dictionary look-ups only."""
    s = "".join(_LATIN_LOOKALIKE.get(c, c) for c in piece).lower().replace("ђ", "ѣ")
    s = "".join(_OLD_LETTER[c][0] if c in _OLD_LETTER else c for c in s)
    if len(s) > 1 and s[-1] == "ъ" and s[-2] in _CONSONANTS:
        s = s[:-1]
    return _MARKS_SHY.sub("", s)


def _piece_modern(piece: str) -> str:
    """:func:`_quick_modern` of a word piece after the repairs :func:`_analyse` makes to it
    as a word of its own, so that a hyphen is judged on the pieces as the normalised text
    will show them (normalising twice then decides the same as once)."""
    out, pos = [], 0
    for start, end, reg, _rule in _analyse(piece, False):
        out += [piece[pos:start], reg]
        pos = end
    return _quick_modern("".join(out) + piece[pos:])


def joins_across_lines(left: str, right: str) -> bool:
    """Whether a word divided by a hyphen at a line (or page) end into the pieces ``left``
    and ``right`` is one word (join them, dropping the hyphen) or a compound whose own
    hyphen fell there (keep the hyphen): the hyphenation rule's own decision."""
    return _join_decision(left, right)


def _ocr_join(left: str, right: str, pieces: str) -> bool:
    """Whether the word two pieces make joined reads as a word only by an OCR repair of
    :func:`_letters` (a stray soft sign, say), not as the pieces are normalised alone
    (``pieces``: the two normalised by :func:`_piece_modern`, joined)."""
    if _known(pieces):
        return False
    return any(r is not None and RULES[r].kind == "ocr" for r in _letters(left + right, False,
                                                                          True)[1])


@lru_cache(maxsize=50_000)
def _joins_to_word(left: str, right: str) -> bool:
    """Do two pieces of a word divided at a line end make a word joined?"""
    return _known(_piece_modern(left) + _piece_modern(right)) or \
        _known(_modern_form(left + right, False, True)) or \
        _known(_modern_form(_piece_modern(left) + right, False, True))


def joins_to_word(left: str, right: str) -> bool:
    """Whether two pieces of a word divided at a line end make a word joined (``во`` and
    ``семь``; not ``ко`` and ``семь``), the second in lower case."""
    return right[:1].islower() and _joins_to_word(left, right)


@lru_cache(maxsize=10_000)
def _spaced_join(left: str, right: str, last: bool = True) -> bool:
    """Join two pieces a hyphen and a space divide inside a line ('Ту- зы', where the export
    joined the lines with a space)? When the second begins in lower case, the two make a
    word joined as printed, or, the second ending the word (``last``: no hyphen after it),
    as the normalised text shows them, a first piece's final ъ gone ('подъ- рядъ' as 'под-
    ряд', so that normalising twice decides as once; a first piece ending in ъ before one a
    hyphen goes on from keeps it inside and makes none: 'крестъ- на-крестъ'), and no
    hyphenated one, and the first is no compound's first part ('дву- и трехэтажный', 'кто-
    то', 'по- моему' keep theirs: joined they make no word)."""
    if not right[:1].islower() or not (_known(_modern_form(left + right, False, True).lower())
                                       or last and _joins_to_word(left, right)):
        return False
    a, b = _piece_modern(left), _piece_modern(right)
    return not (_known(a + "-" + b) or a in _HYPHEN_FIRST)


def _bare_join(left: str, right: str) -> str | None:
    """The rule that joins two pieces divided by a bare line break (no hyphen printed): a
    soft hyphen ending the first piece is the typesetter's own hyphenation point
    (:data:`HYPHENATION`, the second piece in lower case), else :data:`OCR_LOST_HYPHEN`
    when :func:`joins_lost_hyphen` says the export lost a hyphen; None to keep them apart."""
    if left.endswith("\u00ad"):
        return HYPHENATION if right[:1].islower() else None
    return OCR_LOST_HYPHEN if joins_lost_hyphen(left, right) else None


def _join_decision(left: str, right: str) -> bool:
    """True to join two pieces of a word divided at a line end, False to keep the hyphen."""
    if not right[:1].islower():
        return False
    a, b = _piece_modern(left), _piece_modern(right)
    if _joins_to_word(left, right):
        # two words that make a word joined only by an OCR repair ('К-\nвесть', read
        # 'Квест' as a stray soft sign dropped) keep the hyphen, as two words that make
        # none do (below): a repair reads a misprinted word, not two printed ones
        return not (_known(a) and _known(b) and _ocr_join(left, right, a + b))
    if _joined_prefix(left.lower(), b):
        return True       # (as printed, no ъ: 'полъ-' would leave it inside the joined word)
    if _known(a + "-" + b) or b in _HYPHEN_PARTICLES or a in _HYPHEN_FIRST:
        return False
    # two words that make no word joined ('пик-\nпик', 'а-\nтакже'): the hyphen is the
    # compound's own, and joining would make a word no rule but an OCR repair could read
    return not (_known(a) and _known(b))


def _joined_prefix(a: str, b: str) -> bool:
    """Whether the hyphen after ``a`` before ``b`` (modern spelling, lower case) is the old
    spelling's after a prefix that the modern one writes joined: полу- always, пол- before a
    consonant but л ('полколоды', 'полчаса'; 'пол-лимона', 'пол-апельсина' keep it), the
    second piece a word of more than two letters and no preposition, conjunction or particle
    ('полу-' / 'и' stays). Asked inside a line and at its end alike."""
    return a in _JOINED_PREFIXES and len(b) > 2 and _known(b) and not _function_word(b) and \
        not (a == "пол" and b[0] in _POL_HYPHEN_BEFORE)


@lru_cache(maxsize=50_000)
def joins_lost_hyphen(left: str, right: str) -> bool:
    """Whether two word pieces a bare line break divides are one word whose line-end hyphen
    the export lost (rule ``ocr-lost-hyphen``): the right piece begins in lower case, the
    two together are a word (as printed together: a left piece ending in ъ, a word's end in
    the old spelling, keeps it inside and makes none), and either the left piece is none,
    or the right piece is none and the left is no preposition, conjunction, particle or
    interjection (``на\nземь``: the period printed them apart). The pieces are judged in
    the modern spelling, no OCR repair made (``онѣ`` is ``они``). A piece of one letter is
    a word of its own (``A\nна``: OCR's а, or the ace, not the name Ана): a typesetter never
    divides a word so as to leave one letter on a line."""
    if not right[:1].islower() or len(left) < 2 or len(right) < 2:
        return False
    if not _known(_modern_form(left + right, False, True).lower()):
        return False
    a, b = _modern_form(left, False, True).lower(), _modern_form(right, False, True).lower()
    if not _known(a) or not _common_word(a):
        return True
    return (not _known(b) or not _common_word(b)) and not _function_word(a)


#: readings of a word that do not make it a word of the book's prose when it could be a
#: broken piece or a misread one (``изь`` is only a form of the name Изя, ``нюю`` a place)
_RARE_READINGS = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Infr"})


@lru_cache(maxsize=10_000)
def _common_word(word: str) -> bool:
    """Whether ``word`` (lower case, modern spelling) is in the dictionary with a reading that
    is no name, surname, patronymic, place, organisation or informal form
    (:data:`_RARE_READINGS`): asked where an OCR repair or a join hangs on whether a piece
    is a word, after :func:`_known` says it is one."""
    m = _analyzer()
    return bool(m) and any(not (_RARE_READINGS & t.grammemes) for t in m.tag(word))


def _soft_sign_slip(word: str) -> bool:
    """Rule ``ocr-soft-sign``: whether ``word`` (lower case, modern spelling, ending in ь)
    ends in a ь after a consonant that makes no word where the word without it is one, or
    that makes only a name or informal form where the word without it is a preposition,
    conjunction or particle (``изь``: ``из``, ``черезь``; but ``Кать`` stays; such words are
    short: a longer one is not asked, which keeps the normaliser's speed): OCR's reading
    of ъ."""
    if len(word) <= 2 or word[-2] not in _CONSONANTS:
        return False
    if not _known(word):
        return _known(word[:-1]) and not _no_vowel(word[:-1])
    return (len(word) <= 7 and word[:-1] in _words and _function_word(word[:-1])
            and not _common_word(word))


@lru_cache(maxsize=10_000)
def _function_word(word: str) -> bool:
    """Whether the dictionary's likeliest reading of ``word`` is a preposition, conjunction,
    particle or interjection."""
    m = _analyzer()
    tags = m.tag(word) if m else []      # (the readings of m.parse, likeliest first)
    return bool(tags) and tags[0].POS in ("PREP", "CONJ", "PRCL", "INTJ")


@lru_cache(maxsize=50_000)
def _inline_hyphen(left: str, right: str) -> str | None:
    """What to do with a hyphen between two word pieces inside a line: ``"particle"`` (write
    apart), ``"join"`` (remove it) or None (keep it)."""
    if not right[:1].islower():
        return None
    a, b = _piece_modern(left), _piece_modern(right)
    # (a piece with no vowel is an abbreviation, which no particle follows: 'г-жѣ' is г-же,
    # of госпожа, and 'г-жъ' г-ж)
    if (b in _SEPARATE_PARTICLES and (_known(a) and not _VOWELS.isdisjoint(a)
                                      or a in ("кто", "что"))) or (a, b) == ("то", "есть"):
        return "particle"
    if (_known(a + b) and not _known(a + "-" + b) and b not in _HYPHEN_PARTICLES
            and a not in _HYPHEN_FIRST and len(a) > 1 and len(b) > 1) or _joined_prefix(a, b):
        return "join"
    return None


def _hyphen_between(text: str, end: int, start: int) -> bool:
    """Whether a hyphen alone joins the word pieces ending at ``end`` and starting at
    ``start``: inside the line, or at its end (the line break after it)."""
    if not _HYPHEN.match(text, end):
        return False
    if end + 1 == start:
        return True
    b = _BREAK.match(text, end)
    return b is not None and b.end() == start


def _chain_keeps(text: str, pieces: list[tuple[int, int]], k: int) -> bool:
    """Whether the hyphen between pieces ``k`` and ``k + 1`` must stay because one of the two
    is a preposition, conjunction or particle with a hyphen on its other side too (an adverb
    of the old spelling: 'крестъ-на-крестъ', 'день-за-днемъ'). Such a hyphen is the
    compound's, not the printer's: it goes only where the three pieces without it are a word
    the dictionary knows ('крест-накрест'); 'крестна' and 'заднем' alone are words, but
    joining them would make 'крестна-крест' and 'день-заднем', which are none."""
    def piece(i: int) -> str:
        return _piece_modern(text[pieces[i][0]:pieces[i][1]])
    if k + 2 < len(pieces) and _hyphen_between(text, pieces[k + 1][1], pieces[k + 2][0]) \
            and _function_word(piece(k + 1)):
        return not _known(piece(k) + piece(k + 1) + "-" + piece(k + 2))
    if k > 0 and _hyphen_between(text, pieces[k - 1][1], pieces[k][0]) \
            and _function_word(piece(k)):
        return not _known(piece(k - 1) + "-" + piece(k) + piece(k + 1))
    return False


def _letters(word: str, yo: bool, dje_is_yat: bool) -> tuple[list[str], list[str | None]]:
    """Per character of ``word``: its normalised form (``""`` if dropped) and the rule that
    changed it (None if unchanged). Spelling rules and the unconditional OCR repairs; the
    dictionary-checked OCR letter repairs are in :func:`_analyse`."""
    n = len(word)
    target = list(word)
    rule: list[str | None] = [None] * n
    if not _HAS_CYR.search(word):
        return target, rule
    # A Roman numeral that OCR read with Cyrillic І, Х, С, М (rule ocr-roman); a lone І, a
    # label or the numeral, is left alone, and a word the dictionary knows, its Latin
    # look-alikes read as Cyrillic ('СМ', 'CМ': см.), is the word.
    # A century's abbreviation glued to the numeral ('ХІХв', :data:`_ROMAN_TAIL`) is left
    # as printed.
    if word[0] in "ІХСМIVXLCDM":
        glued = _ROMAN_TAIL.fullmatch(word)
        roman = (glued[1] if glued else word).translate(_ROMAN_READ)
        if _ROMAN.fullmatch(roman):
            if len(word) > 1 and not _known("".join([_LATIN_LOOKALIKE.get(c, c)
                                                     for c in word]).lower()):
                for i, c in enumerate(roman):
                    if c != word[i]:
                        target[i] = c
                        rule[i] = OCR_ROMAN
                return target, rule
            if "І" in word:
                return target, rule
    # 1. OCR: Latin look-alikes (only if every Latin letter of the word is one), ђ for ѣ,
    # ө for ѳ; soft hyphens dropped.
    if (_HAS_LATIN.search(word)
            and all(c in _LATIN_LOOKALIKE for c in word if _LATIN_CHAR.match(c))
            and not _ROMAN_NUMERAL.fullmatch(word)):
        for i, c in enumerate(word):
            if c in _LATIN_LOOKALIKE:
                target[i] = _LATIN_LOOKALIKE[c]
                rule[i] = OCR_LATIN
    if word[0] in "03":     # opening a word before two Cyrillic letters (_WORD_OR_DIGIT)
        target[0] = ("О" if word[0] == "0" else "З") if word[1].isupper() else \
            ("о" if word[0] == "0" else "з")
        rule[0] = OCR_DIGIT
    if "1" in word or "0" in word:   # only where _WORD takes them in: between Cyrillic letters
        for i, c in enumerate(word):
            if c == "1":
                target[i] = "і"
                rule[i] = OCR_DIGIT
            elif c == "0" and 0 < i < n - 1:      # о, or О between capitals ('ЭТ0ТЪ')
                target[i] = "О" if word[i - 1].isupper() and word[i + 1].isupper() else "о"
                rule[i] = OCR_DIGIT
    if ("ђ" in word or "Ђ" in word) and not _SERBIAN.search(word):
        for i, c in enumerate(word):
            # Serbian ђ stands before a vowel; before a consonant or at the end it is ѣ.
            if c in "ђЂ" and (dje_is_yat or i + 1 == n or word[i + 1].lower() not in _VOWELS):
                target[i] = "ѣ" if c == "ђ" else "Ѣ"
                rule[i] = OCR_DJE_YAT
    if ("ө" in word or "Ө" in word) and not _NON_RUSSIAN.search(word):
        for i, c in enumerate(word):
            if c in "өӨ":
                target[i] = "ѳ" if c == "ө" else "Ѳ"
                rule[i] = OCR_BARRED_O
    if _INVISIBLE.search(word):
        for i, c in enumerate(word):
            if c in _SHY_RULE:
                target[i] = ""
                rule[i] = _SHY_RULE[c]
    # The word as read (Cyrillic letters, old spelling), and its base letters (no accents,
    # no soft hyphens).
    base = [i for i, c in enumerate(target) if c and not ("\u0300" <= c[0] <= "\u036f")]
    read = "".join([target[i][0] for i in base])   # (an accented letter's accent follows it)
    low = _lower(read)
    # The case of the word, from its letters that no rule touches (ДВѣ is all capitals).
    cased = [c for c in read if c.lower() != c.upper() and c not in _OLD_LETTER
             and c not in "ъЪьЬ"]
    all_caps = len(cased) > 1 and all(c.isupper() for c in cased)
    any_lower = any(c.islower() for c in cased)

    def put(k: int, ch: str, name: str) -> None:
        """Set base letter ``k``'s normalised form under rule ``name``; its case is the
        word's: capital in an all-capital word, else small inside a word with small letters,
        else (the first letter, a short word) the letter's own."""
        i = base[k]
        upper = all_caps or (read[k].isupper() and (k == 0 or not any_lower))
        target[i] = ((ch.upper() if upper else ch.lower()) if ch else "") + target[i][1:]
        had = rule[i]
        if had is None or RULES[had].kind != "ocr":
            rule[i] = name

    if not base:
        return target, rule
    # 2. Whole-word pronouns.
    if len(low) in (2, 3) and "".join(
            [_OLD_LETTER[c][0].lower() if c in _OLD_LETTER else c for c in low]) in ("ея", "нея"):
        put(len(low) - 1, "ё" if yo else "е", PRONOUN_EYA)
    one = _ONE_FORMS.get(low)
    # 3. Old letters.
    for k, c in enumerate(read):
        if c in _OLD_LETTER:
            put(k, _OLD_LETTER[c][0], _OLD_LETTER[c][1])
    if one is not None:
        put(one, "и", PRONOUN_ONE)
    # 4. ъи after a prefix is ы; final hard sign after a consonant.
    # (the first character of each letter's form, lowercased: one string when each has one)
    initials = "".join([target[i][:1] for i in base])
    cur: str | list[str] = _lower(initials) if len(initials) == len(base) else \
        [_lower(target[i][:1]) for i in base]
    for k in range(1, len(cur) - 1):
        if cur[k] == "ъ" and cur[k + 1] == "и" and cur[k - 1] in _CONSONANTS:
            put(k, "", HARD_SIGN_I)
            put(k + 1, "ы", HARD_SIGN_I)

    m = len(low)
    if m > 1 and low[-1] == "ъ" and low[-2] in _CONSONANTS:
        put(m - 1, "", FINAL_HARD_SIGN)
        m -= 1
    modern = _lower("".join([target[base[k]][:1] for k in range(m)]))
    if m > 2 and modern[-1] == "ь" and modern[-2] in "жш" and not _known(modern) \
            and _known(modern[:-1]):
        put(m - 1, "", HUSHING_SOFT_SIGN)
        m -= 1
        modern = modern[:-1]
    if modern[-1:] == "ь" and _soft_sign_slip(modern):
        put(m - 1, "", OCR_SOFT_SIGN)
        m -= 1
        modern = modern[:-1]
    if "цы" in modern and not _known(modern) and _known(modern.replace("цы", "ци")):
        for k in range(1, m):
            if modern[k - 1:k + 1] == "цы":
                put(k, "и", TSY_TSI)
        modern = modern.replace("цы", "ци")
    # Particles printed joined to the word before them (чтожъ, такъже, Еслиб).
    if not _known(modern):
        # (the letter of ``modern`` at each place: the base letter k, past those a rule
        # dropped inside the word, the ъ of ъи read as ы: 'ѣмБъі' is 'ем' and 'Бы')
        at = range(m) if len(modern) == m else [k for k in range(m) if target[base[k]]]
        for p in ("же", "ж", "бы", "б", "ли", "ль"):
            stem = modern[:-len(p)]
            hard = stem.endswith("ъ")
            if hard:
                stem = stem[:-1]
            if modern.endswith(p) and len(stem) > 1 and _plain_word(stem) and _known(stem):
                j = len(modern) - len(p)
                if hard:
                    put(at[j - 1], "", FINAL_HARD_SIGN)
                i = base[at[j]]
                target[i] = " " + target[i]
                rule[i] = PARTICLE_APART
                # the stem is now a word of its own, and gets the whole-word rules ('Ђяб':
                # ея б -> ее б, as 'ея' standing alone)
                if stem in ("ея", "нея"):
                    put(at[len(stem) - 1], "ё" if yo else "е", PRONOUN_EYA)
                # ... and the rules of a word's end: 'изьб' is 'из б', as 'изь' alone is 'из'
                # (rule ocr-soft-sign; a stem the dictionary knows, so no hushing-soft-sign)
                elif stem[-1] == "ь" and _soft_sign_slip(stem):
                    put(at[len(stem) - 1], "", OCR_SOFT_SIGN)
                return target, rule
    # 5. Endings, decided on the modern spelling of the stem; applied only when the dictionary
    # knows the result (an unknown stem is never given a new ending).
    # (a form is judged with the з/с prefix respelt too, as step 6 will: 'безчисленныя' is
    # 'бесчисленные', though 'безчисленные' is no word; and step 6 judges the word with its
    # new ending)
    if m >= 4 and modern.endswith(("аго", "яго")) and not _modern_word(
            modern, read[:1].isupper() and read[1:].islower()):
        stem = modern[:-3]
        if modern[-3] == "я":
            new = "его"
        elif stem[-1] in "жчшщц":
            new = "ого" if stem in _STRESSED_HUSHING or (
                _as_word(stem + "ого") and not _as_word(stem + "его")) else "его"
        else:
            new = "его" if _as_word(stem + "его") and not _as_word(stem + "ого") else "ого"
        if _as_word(stem + new):
            put(m - 3, new[0], ENDING_AGO)
            modern = stem + new
    elif m >= 5 and low[m - 4:m] in ("ыяся", "іяся") and not _known(modern):
        # old reflexive participles: оставшіяся -> оставшиеся
        if _as_word(modern[:-4] + modern[-4] + "еся"):
            put(m - 3, "е", ENDING_YYA)
            modern = modern[:-3] + "еся"
    elif m >= 3 and modern[-2:] in ("ыя", "ия") and not _modern_word(modern):
        # (judged on the letters as spelt: -ія, -ѵя and OCR's -1я are -ия, as a second
        # normalisation reads them; -ия: the decimal і read as и by OCR, 'сухия'; only in a
        # word the dictionary lacks)
        stem = modern[:-2]
        new = stem + ("ые" if modern[-2] == "ы" else "ие")
        word_ = _as_word(new)
        if word_ and (modern[-2] == "ы" or (not _as_word(stem + "ия")
                                            and _plural_adjective(word_))):
            put(m - 1, "е", ENDING_YYA)
            modern = new
    # 6. з/с prefixes.
    prereform = any(c in _OLD_LETTER for c in low) or low.endswith("ъ")
    for pm in _PREFIX_RE.finditer(modern):
        before = modern[:pm.start()]
        if before not in _BEFORE_PREFIX or _known(modern):
            continue
        k = pm.end() - 1
        cand = modern[:k] + "с" + modern[k + 1:]
        # the modern spelling writes one с where the root begins with с and a hushing
        # consonant follows ('разсчетъ' is 'расчет', against 'рассчитать')
        single = modern[:k] + modern[k + 1:]
        if modern[k + 1:k + 3] == "сч" and not _known(cand) and _known(single):
            put(k, "", PREFIX_Z_S)
            modern = single
        elif _known(cand) or (not before and pm.group(1) in _STRONG_PREFIXES and m > k + 3
                              and prereform):
            put(k, "с", PREFIX_Z_S)
            modern = cand
    return target, rule


def _as_word(word: str) -> str | None:
    """``word`` (lower case, modern spelling) as the dictionary knows it: as it stands, or
    with a з/с prefix respelt as step 6 of :func:`_letters` respells it when that makes a
    word ('безчисленные' -> 'бесчисленные', 'разсчета' -> 'расчета'); None if neither is a
    word. The ending rules judge their result so, or a word that needs both rules gets
    neither: the prefix is judged on the word with its new ending."""
    if _known(word):
        return word
    for pm in _PREFIX_RE.finditer(word):
        if word[:pm.start()] in _BEFORE_PREFIX:
            k = pm.end() - 1
            cand, single = word[:k] + "с" + word[k + 1:], word[:k] + word[k + 1:]
            if _known(cand):
                return cand
            if word[k + 1:k + 3] == "сч" and _known(single):
                return single
    return None


def _inner_capital(target: list[str], rule: list[str | None]) -> None:
    """Rule ocr-case on a word's letters as the other rules leave them (``target``, ``rule``:
    as :func:`_letters` gives them), in place: one modern capital after a small letter, in a
    word with at least two other small letters (not ъ, ь or an old letter), is made small
    when the dictionary knows the word so read. A particle split off ('роВб' read 'роВ б')
    makes two words, each judged alone (so that a second reading changes nothing more)."""
    cuts = [0] + [i for i in range(1, len(target)) if target[i][:1] == " "] + [len(target)]
    for a, b in zip(cuts, cuts[1:]):
        _inner_capital_of(target, rule, a, b)


def _inner_capital_of(target: list[str], rule: list[str | None], a: int, b: int) -> None:
    """:func:`_inner_capital` on the word ``target[a:b]``."""
    part = [c.lstrip(" ") for c in target[a:b]]
    caps = [i for i in range(1, len(part)) if "А" <= part[i][:1] <= "Я" or part[i][:1] == "Ё"]
    if len(caps) != 1:
        return
    k = caps[0]
    before = next((c for c in reversed(part[:k]) if c), "")
    small = sum(1 for c in part if c[:1].islower() and c[:1] not in _OLD_LETTER
                and c[:1] not in "ъь")
    if before[-1:].islower() and small >= 2:
        part[k] = part[k].lower()
        if _known(_modern_of(part)):
            target[a + k] = target[a + k].lower()
            rule[a + k] = OCR_CASE
        # (else two words that lost the space between them: 'ДамыВнизу')


def _modern_of(target: list[str]) -> str:
    """The lower-case modern form of a word from its per-character targets (no accents)."""
    return _MARKS.sub("", _lower("".join(target)))


def _groups(word: str, target: list[str], rule: list[str | None]
            ) -> tuple[tuple[int, int, str, str], ...]:
    """Group consecutive characters changed by one rule: ``(start, end, reg, rule)``."""
    out: list[tuple[int, int, str, str]] = []
    n = len(word)
    i = 0
    while i < n:
        name = rule[i]
        if name is None:
            i += 1
            continue
        j = i + 1
        while j < n and rule[j] == name:
            j += 1
        reg = "".join(target[i:j])
        if reg != word[i:j]:
            out.append((i, j, reg, name))
        i = j
    return tuple(out)


def _plain_word(modern: str) -> bool:
    """Whether ``modern`` is all Russian letters (what the OCR letter repair may look at)."""
    return _PLAIN.fullmatch(modern) is not None


@lru_cache(maxsize=200_000)
def _analyse(word: str, yo: bool, dje_is_yat: bool = True,
             stop: bool = False) -> tuple[tuple[int, int, str, str], ...]:
    """The changes inside one word: ``(start, end, reg, rule)`` with offsets into ``word``.

    ``dje_is_yat``: read ђ as ѣ (the text is Russian, see :func:`_dje_is_yat`). ``stop``: a
    full stop follows the word (it may be an abbreviation, :func:`_abbreviation`).

    ``word`` is a run of letters, combining marks and soft hyphens (several line pieces
    joined, if the word was divided at a line end). Consecutive letters changed by the same
    rule are grouped. If the word so normalised is unknown to the dictionary, one OCR letter
    confusion (:data:`_CONFUSIONS`) is tried at each place; the repair is kept if exactly one
    reading is a known word (see OCR_LETTER).
    """
    # (_SUSPECT.search(word), in two parts: searching for the endings at every place of the
    # word costs more than the rest of the test)
    if not (_SUSPECT_LETTERS.search(word) or _SUSPECT_ENDING.search(word, max(0, len(word) - 4))):
        low = word.lower()
        if low not in _WHOLE_WORDS and (len(word) < 2 or _known(_MARKS.sub("", low))) and \
                not (low[-1:] == "ь" and _soft_sign_slip(low)):
            return ()
    # (a word the fast path takes is Cyrillic letters: asked first, it spares that test)
    simple = _simple_prereform(word)
    if simple is not None:
        return simple
    if not _HAS_CYR.search(word):
        return ()
    target, rule = (word[-1] == "Ь" and word[-2:-1].islower() and
                    _capital_soft_yat(word, yo, dje_is_yat)) or _letters(word, yo, dje_is_yat)
    modern = _modern_of(target)
    if word[0] in "03" and (not _known(modern) or word[0] == "3" and _three_counts(modern[1:])
                            and not _three_counts(modern.lower())):
        return ()      # a count glued to its noun ('3ряда'; '3раза' too, though 'зраза' is a
        #                word: the noun is one three counts without the 3), or a word the
        #                dictionary lacks ('3АМОКЪ' is ЗАМОКЪ: 'амок' is a word, no count's);
        #                but where the word with З is in a count's form itself ('3рѣнія':
        #                'зрения', beside 'рения'), the count tells nothing: OCR's З
    shown = "".join(target)
    # (a short word in capitals is an abbreviation, a short capitalised one likely a name; an
    # archaic instrumental in -ию (плотию, хитростию) is a word, not a misreading)
    # (a Roman numeral with a Russian ending, 'XVв', 'Mв', which _letters leaves alone and
    # rule ocr-lone-latin counts as no Cyrillic word, is not read letter by letter either)
    mixed = _ONE_LATIN.fullmatch(modern) is not None and len(modern) > 1 and \
        not _ROMAN_NUMERAL.fullmatch(word)
    voweless = _voweless(word, modern)     # (no abbreviation, no name either: 'ВсЪ')
    if 2 <= len(modern) <= MAX_REPAIR_LETTERS and (mixed or _plain_word(modern) and (
            not _known(modern) or voweless)) and \
            not (shown[:1].isupper() and len(modern) <= 4 and not mixed and not voweless) and \
            not (modern.endswith("ию") and _known(modern[:-2] + "ью")) and \
            not (len(modern) == 2 and modern[0] == modern[1]) and \
            modern not in NON_TERMINAL and modern not in TERMINAL and \
            not (stop and _abbreviation(word)):    # пп, гг, наз, журн.: abbreviations
        repair = _ocr_repair(word, target, rule, yo, dje_is_yat)
        if repair is not None:
            target, rule = repair
    elif "t" in word and not mixed:
        repair = _yat_t_repair(word, yo, dje_is_yat)
        if repair is not None:
            target, rule = repair
    if not word[1:].islower():     # (a capital after the first letter, as printed)
        _inner_capital(target, rule)
    groups = _groups(word, target, rule)
    if len(modern) >= 2 and _plain_word(modern) and (not _known(modern) or OCR_SOFT_SIGN in rule):
        return _Odd(groups)     # (a final ь dropped by rule ocr-soft-sign made no word)
    return groups


_analyse_word = _analyse.__wrapped__   # (the same, its result not cached)

#: the longest piece before a full stop that may be an abbreviation (журн., сант., вершк.)
MAX_ABBREVIATION = 5
#: the small consonants, before a full stop what may end an abbreviation (:func:`_abbreviation`)
_SMALL_CONSONANTS = frozenset("бвгджзклмнпрстфхцчшщ")


def _abbreviation(word: str) -> bool:
    """Whether ``word``, a full stop after it, may be an abbreviation, which no OCR letter
    repair reads as another word ('журн.' is not 'жури.', 'сант.' not 'саит.'): small
    Russian letters, two to :data:`MAX_ABBREVIATION` of them, the last a consonant, and the
    beginning of a longer word the dictionary knows.

    The old spelling ends every word in a vowel, ъ, ь or й and closes no abbreviation with
    ъ: a bare consonant before a full stop is where a word was cut. A word whose end OCR
    misread is still read before a stop where it ends in ъ, ь or a vowel ('карть.' is
    'карт.', 'ои.' 'он.'), begins no word ('картм.' is 'карты.') or is longer
    ('нзвестен.'); one that looks like a cut word ('онн.' for 'они.': 'онн' begins 'онно')
    is left as printed, a misprint kept costing less than an abbreviation made another
    word."""
    prefix = getattr(_words, "has_keys_with_prefix", None)   # (the dictionary's own set)
    return 2 <= len(word) <= MAX_ABBREVIATION and word[-1] in _CONSONANTS and \
        _plain_word(word) and prefix is not None and prefix(word)


def _capital_soft_yat(word: str, yo: bool, dje: bool):
    """The per-character (target, rule) of ``word``, which ends in a capital Ь after a small
    letter, with each capital Ь after a small letter read as ѣ (rule ocr-letter), or None
    when the word so read is none the dictionary knows.

    A capital Ь never ends a word printed in small letters, and OCR gives it for ѣ, whose
    tall stem and bowl it has ('колодЬ', 'всЬ', 'мЬстЬ'); so such a Ь is read as ѣ even
    where ь or its drop (the old ъ, rule ocr-soft-sign) makes a word too ('столЬ' is
    'столе', not 'столь'; 'колодЬ' 'колоде', not 'колод'). The shape is the evidence: a
    small ь at a word's end is read so only where no other reading is a word (rule
    ocr-letter, 'всь'), and a word that ѣ does not make a word keeps its Ь for the other
    repairs ('путЬ': ocr-case, 'путь')."""
    variant = "".join("ѣ" if c == "Ь" and i and word[i - 1].islower() else c
                      for i, c in enumerate(word))
    target, rule = _letters(variant, yo, dje)
    modern = _modern_of(target)
    if not (_plain_word(modern) and _known(modern)):
        return None
    for i, c in enumerate(variant):
        if c == "ѣ" and word[i] == "Ь":
            rule[i] = OCR_LETTER
    return target, rule


class _Odd(tuple):
    """What :func:`_analyse` gives a word whose modern form (by the spelling rules, before
    any OCR letter repair) is all Russian letters, two or more, and no word the dictionary
    knows (or one only once rule ocr-soft-sign drops its final ь): a piece that a space may have split off a word (rule ocr-split-word). A tuple of
    its changes like any other result."""

    __slots__ = ()

_SIMPLE_WORD = re.compile(r"[А-ЯЁ]?[а-яёѣіѳѵѷ]+")
_SIMPLE_MAP = str.maketrans("ѣіѳѵѷ", "еифии")
_SIMPLE_RULE = {"ѣ": YAT, "і": DECIMAL_I, "ѳ": FITA, "ѵ": IZHITSA, "ѷ": IZHITSA}
_SIMPLE_OLD = re.compile("[ѣіѳѵѷ]")


def _simple_modern(word: str) -> tuple[str, bool] | None:
    """The modern form of a word that the rules of :func:`_letters` only respell (old
    letters, a final hard sign), and whether it is a known word; None when the word may need
    any other rule (then the full rules decide).

    The word qualifies when it is small Cyrillic letters (the first may be a modern capital)
    and no other rule looks at it: not ея/нея or онѣ/однѣ, no ъи, no ending -аго/-яго/-ыя/
    -ия; not a known word that OCR's ь for ъ may have made (изь, :func:`_soft_sign_slip`);
    and if its modern form is not a known word, no ending -ыяся, no particle or soft sign
    at the end (the particle ль, the hushing and OCR soft signs), no з/с prefix. Most pre-reform words are such, and this is what
    keeps the normaliser fast on them; the tests check that it decides as the full rules do.
    """
    if len(word) < 2 or _SIMPLE_WORD.fullmatch(word) is None:
        return None
    low = word.lower()
    # (as low.translate(_SIMPLE_MAP), which looks up every letter in a dict: slower)
    mapped = low.replace("ѣ", "е").replace("і", "и").replace("ѳ", "ф").replace("ѵ", "и") \
        .replace("ѷ", "и")
    m = len(word)
    if mapped[-1] == "ъ" and low[-2] in _CONSONANTS:
        m -= 1
    modern = mapped[:m]
    if mapped.find("ъи", 1) > 0 or mapped in ("ея", "нея") or low in _ONE_FORMS or \
            (m >= 4 and modern.endswith(("аго", "яго"))) or \
            (m >= 3 and modern.endswith(("ыя", "ия"))):
        return None
    if _known(modern) and (m == len(word) or not _voweless(word, modern)):
        return None if modern[-1] == "ь" and _soft_sign_slip(modern) else (modern, True)
    if modern.endswith(("ыяся", "ияся", "же", "ж", "бы", "б", "ли", "ь")) or \
            _PREFIX_RE.search(modern):
        return None
    return modern, False


def _simple_prereform(word: str) -> tuple[tuple[int, int, str, str], ...] | None:
    """What :func:`_analyse` gives a word that :func:`_simple_modern` respells into a known
    word (so it needs no OCR repair either), or None."""
    simple = _simple_modern(word)
    if simple is None or not simple[1]:
        return None
    m = len(simple[0])
    out: list[tuple[int, int, str, str]] = []
    for found in _SIMPLE_OLD.finditer(word, 0, m):
        i, c = found.start(), found.group()
        if out and out[-1][1] == i and out[-1][3] == _SIMPLE_RULE[c]:
            a, _, reg, name = out.pop()
            out.append((a, i + 1, reg + _SIMPLE_MAP_CH[c], name))
        else:
            out.append((i, i + 1, _SIMPLE_MAP_CH[c], _SIMPLE_RULE[c]))
    if m < len(word):
        out.append((m, m + 1, "", FINAL_HARD_SIGN))
    return tuple(out)


def _modern_form(word: str, yo: bool, dje: bool) -> str:
    """The lower-case modern form of ``word`` by the rules of :func:`_letters` (no OCR letter
    repair)."""
    simple = _simple_modern(word)
    return simple[0] if simple is not None else _modern_of(_letters(word, yo, dje)[0])


_SIMPLE_MAP_CH = {c: c.translate(_SIMPLE_MAP) for c in _SIMPLE_RULE}


#: A longer run of letters is not looked for in the dictionary with OCR repairs (the longest
#: Russian words have some 35 letters): the search tries every place of the word and costs
#: time in the square of its length, so one run-on "word" of OCR garbage could stall intake.
MAX_REPAIR_LETTERS = 40


def _candidates(x: str, yo: bool, dje: bool) -> dict[str, tuple[int, int, str, int]]:
    """Readings of ``x`` with one OCR letter confusion repaired whose modern form is a known
    word: modern form -> (start, end, repaired letters, confusion class) in ``x``."""
    found: dict[str, tuple[int, int, str, int]] = {}
    low = _lower(x)
    for rank, pairs in enumerate(_CONFUSIONS):
        for src, dst in pairs:
            start = low.find(src)
            while start >= 0:
                end = start + len(src)
                if src == "l" and x[start] != "l":   # a capital L is no і's shape
                    start = low.find(src, start + 1)
                    continue
                rep = dst.upper() if x[start].isupper() else dst
                # (_modern_form, keeping whether the fast path found the word known)
                variant = x[:start] + rep + x[end:]
                simple = _simple_modern(variant)
                if simple is not None:
                    modern, known = simple
                    if known and modern not in found and _plain_word(modern) and \
                            not _voweless(variant, modern):
                        found[modern] = (start, end, rep, rank)
                else:
                    modern = _modern_of(_letters(variant, yo, dje)[0])
                    if modern not in found and _plain_word(modern) and _known(modern) and \
                            not _voweless(variant, modern):
                        found[modern] = (start, end, rep, rank)
                start = low.find(src, start + 1)
    return found


def _decide(cands: dict[str, tuple]) -> str | None:
    """The reading to take: the only one of the best-ranked confusion class, or None."""
    if not cands:
        return None
    best = min(c[3] for c in cands.values())
    top = [m for m, c in cands.items() if c[3] == best]
    return top[0] if len(top) == 1 else None


def _ocr_repair(word: str, target: list[str], rule: list, yo: bool, dje: bool):
    """The per-character (target, rule) of ``word`` with one OCR letter confusion repaired,
    or None.

    The candidates are read off the printed word and off its modern form; the reading is
    the only one of the most common confusion class that gives a known word (:func:`_decide`),
    among both sets of candidates, or else among those of the modern form alone (so that
    normalising the result again changes nothing: the modern form of a word left alone has
    no reading to take).
    """
    # the modern form, and for each of its letters the printed character it comes from
    owner, letters = [], []
    for i, form in enumerate(target):
        for ch in form:
            if not ("\u0300" <= ch <= "\u036f"):
                owner.append(i)
                letters.append(ch)
    modern = "".join(letters)
    printed = _candidates(word, yo, dje)
    from_modern = printed if modern == word else _candidates(modern, yo, dje)
    # (a reading the word has unrepaired is no repair: 'всъ' as 'всь' reads 'вс' again)
    printed.pop(_lower(modern), None)
    from_modern.pop(_lower(modern), None)
    union = {**from_modern, **{m: c for m, c in printed.items()
                               if m not in from_modern or c[3] < from_modern[m][3]}}
    reading = _decide(union)
    if reading is not None and reading in printed and (
            reading not in from_modern or printed[reading][3] <= from_modern[reading][3]):
        source = "printed"
    elif reading is not None:
        source = "modern"
    else:
        reading = _decide(from_modern)
        if reading is None:
            return None
        source = "modern"
    if source == "printed":
        start, end, rep, _ = printed[reading]
        t, r = _letters(word[:start] + rep + word[end:], yo, dje)
        chunk = "".join(t[start:start + len(rep)])
        new_t = t[:start] + [chunk] + [""] * (end - start - 1) + t[start + len(rep):]
        new_r = r[:start] + [OCR_LETTER] * (end - start) + r[start + len(rep):]
    else:
        start, end, rep, _ = from_modern[reading]
        t, _ = _letters(modern[:start] + rep + modern[end:], yo, dje)
        chunk = "".join(t[start:start + len(rep)])
        first, last = owner[start], owner[end - 1]
        new_t, new_r = list(target), list(rule)
        new_t[first] = target[first][:start - owner.index(first)] + chunk
        for i in range(first + 1, last + 1):
            new_t[i] = ""
        # the rest of the last printed character's form, if it stood for several letters
        tail = target[last][end - owner.index(last):] if last != first else \
            target[first][end - owner.index(first):]
        new_t[last] += tail
        for i in range(first, last + 1):
            new_r[i] = OCR_LETTER
    if _modern_of(new_t) != reading:
        # the repaired letter made another rule apply to its neighbours (iЪ -> нЪ drops the
        # hard sign; yMЪH -> yMЪИ reads ъи as ы): the printed word with the letter repaired,
        # through the rules again
        if source == "printed":
            return None
        first, last = owner[start], owner[end - 1]
        # printed characters that a rule folded into the repaired letter (ъи read as ы: the
        # ъ gives "", under rule hard-sign-i, whichever rule the и's own record names, as
        # ocr-latin for a Latin I) are replaced with it
        while first > 0 and target[first - 1] == "" and rule[first - 1] == HARD_SIGN_I:
            first -= 1
        new_t, new_r = _letters(word[:first] + rep + word[last + 1:], yo, dje)
        if len(rep) != 1:
            return None
        new_t = new_t[:first] + [new_t[first]] + [""] * (last - first) + new_t[first + 1:]
        new_r = new_r[:first] + [OCR_LETTER] * (last - first + 1) + new_r[first + 1:]
        # a character the rules dropped from the printed word stays dropped, as the modern
        # form the reading was found in lacks it ('бъHЪ', modern 'бъН', read 'бы': the final
        # Ъ, dropped after Н, is no final hard sign after ы, but 'бъН' alone reads 'бы')
        # and a Latin look-alike read as its Cyrillic letter stays read so ('IMёiъ', read
        # 'ИМён': without its Latin i the word 'IMёнъ' is no longer judged a Cyrillic word
        # with Latin letters in it, but the text once normalised prints 'ИМёиъ')
        for i, form in enumerate(target):
            if form == "" and not first <= i <= last and new_t[i] != "":
                new_t[i], new_r[i] = "", rule[i]
            elif rule[i] == OCR_LATIN and not first <= i <= last:
                new_t[i], new_r[i] = form, OCR_LATIN
        if _modern_of(new_t) != reading:
            return None
    return new_t, new_r


#: a word with more t's than this is not tried by :func:`_yat_t_repair` (each t doubles the
#: readings; a word of the book has at most three ѣ)
MAX_YAT_T = 4


def _yat_t_repair(word: str, yo: bool, dje: bool):
    """The per-character (target, rule) of ``word`` with each Latin t read as ѣ or т, or None.

    A scan's text layer reads ѣ as t, at times several in one word (``вмtстt``) or beside
    Latin look-alikes (``cнtгъ``, a Latin c), which the one-letter repair
    (:func:`_ocr_repair`) cannot mend. Tried only on a word of at least two Cyrillic letters
    whose other Latin letters are all look-alikes (:data:`_LATIN_LOOKALIKE`): each t is read
    as ѣ or as т, and the reading is taken when it is the only one the dictionary knows
    (rule ocr-letter on the t's, ocr-latin on the look-alikes); a Latin word, or one no
    reading makes a word (``вмtстtрх``), stays as printed."""
    count = word.count("t")
    if count > MAX_YAT_T or len(_HAS_CYR.findall(word)) < 2 or \
            not all(c == "t" or c in _LATIN_LOOKALIKE for c in word if _LATIN_CHAR.match(c)):
        return None
    found: dict[str, str] = {}
    for letters in product("ѣт", repeat=count):
        it = iter(letters)
        variant = "".join(next(it) if c == "t" else c for c in word)
        modern = _modern_form(variant, yo, dje)
        if _plain_word(modern) and _known(modern):
            found.setdefault(modern, variant)
    if len(found) != 1:
        return None
    target, rule = _letters(next(iter(found.values())), yo, dje)
    for i, c in enumerate(word):
        if c == "t":
            rule[i] = OCR_LETTER
    return target, rule


# word -> (its change where it was first met, that offset), or None if it has none; a word
# that :func:`_analyse` finds odd (:class:`_Odd`) -> (its change or None, the offset, True)
_CACHES: dict[tuple[bool, bool], dict[str, "tuple | None"]] = {}
_CACHE_LIMIT = 500_000
_RUSSIAN_ONLY = re.compile(r"[ыЫэЭйЙщЩъЪьЬяЯюЮёЁѣѢіІѳѲ]")


def _dje_is_yat(text: str) -> bool:
    """Whether ђ before a vowel in ``text`` stands for ѣ: the text has letters that Serbian
    lacks (ы, э, й, щ, ъ, ь, я, ю, ё, ѣ, і, ѳ). (ђ before a consonant or at the end of a word
    is always ѣ; a word with Serbian's own ј љ њ ћ џ is never touched.)"""
    return _RUSSIAN_ONLY.search(text) is not None


def word_change(text: str, start: int, end: int, parts: list[Change], at: int = 0) -> Change:
    """One record for the word ``text[start:end]`` made of letter-level ``parts``; ``at``: the
    offset of ``text`` in the text that the parts' offsets are into."""
    if len(parts) == 1:
        kind, rule = parts[0].kind, parts[0].rule
    else:
        kind = min([p.kind for p in parts], key=_KIND_RANK.__getitem__)
        rule = next(p.rule for p in parts if p.kind == kind)
    # the word with its parts applied (as apply_changes on the word, without moving them)
    out, pos = [], start
    for p in parts:
        out.append(text[pos:p.start - at])
        out.append(p.reg)
        pos = p.end - at
    out.append(text[pos:end])
    return Change(start + at, end + at, text[start:end], "".join(out), kind, rule, tuple(parts))


def _word_template(word: str, start: int, yo: bool, dje: bool,
                   ending: bool = False) -> Change | None:
    """The change of the word ``word`` standing alone at offset ``start`` (None if it is left
    as it is). ``ending``: it is a number's case ending after its hyphen ('3-ью', '1-мъ'),
    which the spelling rules respell ('1-м') but no OCR repair reads as a word ('3-ею')."""
    # (its analysis is not kept in _analyse's cache: the caller keeps the change per word)
    if ending:
        found = _groups(word, *_letters(word, yo, dje)) if _HAS_CYR.search(word) else ()
    else:
        found = _analyse_word(word, yo, dje)
    return _change_of(word, start, found)


def _change_of(word: str, start: int, found: tuple[tuple[int, int, str, str], ...]
               ) -> Change | None:
    """The change of the word ``word`` at offset ``start`` whose analysis (:func:`_analyse`)
    is ``found``; None if it has none."""
    if not found:
        return None
    if len(found) == 1:
        # (one part: as word_change makes it, without its loops)
        a, z, reg, name = found[0]
        kind = RULES[name].kind
        return Change(start, start + len(word), word, word[:a] + reg + word[z:], kind, name,
                      (Change(a + start, z + start, word[a:z], reg, kind, name),))
    parts = [Change(a + start, z + start, word[a:z], reg, RULES[name].kind, name)
             for a, z, reg, name in found]
    return word_change(word, 0, len(word), parts, start)


def _junction_hard_signs(text: str, seg: list, word: str, where: list, parts: list, yo: bool,
                         dje: bool) -> tuple[str, list]:
    """A word joined from pieces (a hyphen or a line break removed between them) whose piece
    ends in ъ: that ъ was the old spelling's word end, and goes when the word is known without
    it and not with it ('Подъ-рядъ' reads 'подряд'; 'объ-\nявить' keeps its ъ, 'объявить').
    Each ъ dropped is a change of ``parts`` (rule final-hard-sign); returns the word and its
    letters' places in ``text`` without them."""
    ends = {z - 1 for _, z in seg[:-1] if text[z - 1] in "ъЪ"}
    kept = [(ch, p) for ch, p in zip(word, where) if p not in ends]
    bare = "".join(ch for ch, _ in kept)
    if _known(_modern_form(bare, yo, dje)) and not _known(_modern_form(word, yo, dje)):
        parts.extend(Change(p, p + 1, text[p], "", "orthography", FINAL_HARD_SIGN)
                     for p in sorted(ends))
        return bare, [p for _, p in kept]
    return word, where


def _cyrillic_piece(text: str, span: tuple[int, int] | None) -> bool:
    """Whether the word piece at ``span`` is (or is normalised to) all Cyrillic."""
    if span is None:
        return False
    w = text[span[0]:span[1]]
    return bool(_HAS_CYR.search(w)) and \
        all(c in _LATIN_LOOKALIKE for c in w if _LATIN_CHAR.match(c)) \
        and not _ROMAN_NUMERAL.fullmatch(w)


def _cyrillic_word(text: str, pieces: list[tuple[int, int]], joined: set[int], i: int) -> bool:
    """Whether the word that piece ``i`` is part of (with the pieces ``joined`` to it: a word
    divided at a line end) is (or is normalised to) all Cyrillic (:func:`_cyrillic_piece`)."""
    if not 0 <= i < len(pieces):
        return False
    a = z = i
    while a - 1 in joined:
        a -= 1
    while z in joined:
        z += 1
    return _cyrillic_piece(text, (pieces[a][0], pieces[z][1]))


def _word_changes(text: str, yo: bool, dje: bool | None = None) -> list[Change]:
    """Spelling and OCR changes in every word of ``text``, one :class:`Change` per changed
    word (a word divided at a line end, or by a hyphen that is removed or becomes a space,
    is one word). ``dje``: read ђ before a vowel as ѣ (None: as :func:`_dje_is_yat` judges
    ``text``)."""
    if dje is None:
        dje = ("ђ" in text or "Ђ" in text) and _dje_is_yat(text)
    cache = _CACHES.setdefault((yo, dje), {})
    if len(cache) > _CACHE_LIMIT:
        cache.clear()
    pattern = _WORD_OR_DIGIT if ("0" in text or "3" in text) and _DIGIT_OPENS.search(text) \
        else _WORD
    pieces = [m.span() for m in pattern.finditer(text)]
    out: list[Change] = []
    np_ = len(pieces)
    # The pieces a hyphen follows (not the last piece): only such a piece links to the next
    # one; every other piece is a word of its own.
    linked = set()
    joined: set[int] = set()    # the pieces a unit below joins to the next in one word
    endings: set[int] = set()   # the starts of numbers' case endings ('3-ью')
    if _HYPHEN.search(text):
        ends = [e for _, e in pieces]
        for h in _HYPHEN.finditer(text):
            at = h.start()
            i = bisect_left(ends, at)
            if i < np_ - 1 and ends[i] == at:
                linked.add(i)
            if at and text[at - 1] in _DIGITS and text[at] in _ENDING_HYPHENS \
                    and text[at + 1:at + 2].isalpha():
                endings.add(at + 1)     # a number's case ending ('3-ью') starts there
    if "\n" in text:
        # and the pieces a bare line break joins to the next (rule ocr-lost-hyphen)
        ends = [e for _, e in pieces]
        for n in _LINE_END.finditer(text):
            i = bisect_right(ends, n.start()) - 1
            if 0 <= i < np_ - 1 and i not in linked:
                b = _BARE_BREAK.match(text, pieces[i][1])
                if (b and b.end() == pieces[i + 1][0]
                        and _bare_join(text[slice(*pieces[i])], text[slice(*pieces[i + 1])])):
                    linked.add(i)
    # A word of its own has its change made once per distinct word (where it is first met)
    # and moved to each other place: the words already known to have none are passed over
    # without a look.
    get = cache.get
    words = [text[a:z] for a, z in pieces]
    known = list(map(get, words, repeat(False)))    # False: not made yet
    if endings:         # True: a number's case ending ('3-ью'), made apart below
        starts = [a for a, _ in pieces]
        for e in endings:
            i = bisect_left(starts, e)
            if i < np_ and starts[i] == e:
                known[i] = True
    # The pieces a full stop may mark as abbreviations (a word with no change has none
    # before a stop either): made apart below, and kept in the cache as the word and its stop
    # (a plain search for each stop: a pattern with a look-behind tries every position)
    stops = set()
    at = text.find(".")
    while at != -1:
        if at and text[at - 1] in _SMALL_CONSONANTS:
            i = bisect_left(pieces, (at,)) - 1      # the last piece starting before the stop
            if i >= 0 and pieces[i][1] == at and known[i] is not None and \
                    len(words[i]) <= MAX_ABBREVIATION:
                stops.add(i)
                known[i] = get(words[i] + ".", False)
        at = text.find(".", at + 1)
    todo = list(compress(range(len(known)), map(is_not, known, repeat(None))))
    if linked:
        todo = sorted(linked.union(todo))
    done = 0    # the pieces before this one are in a unit already made
    odd: list[int] = []     # the pieces that are no word (_Odd), in order
    for k in todo:
        if k < done:
            continue
        if k not in linked:
            held = known[k]
            if held is False:
                stop = k in stops
                key = words[k] + "." if stop else words[k]
                held = get(key, False)
                if held is False:
                    ps = pieces[k][0]
                    found = _analyse_word(words[k], yo, dje, stop)
                    change = _change_of(words[k], ps, found)
                    if type(found) is _Odd:
                        odd.append(k)
                    cache[key] = (change, ps, True) if type(found) is _Odd else \
                        None if change is None else (change, ps)
                    if change is not None:
                        out.append(change)
                    continue
            if isinstance(held, tuple):     # else None: the word has no change
                if len(held) == 3:
                    odd.append(k)
                    if held[0] is None:
                        continue
                change, at = held[0], held[1]
                out.append(_shift(change, pieces[k][0] - at))
            elif held is True:
                # a number's case ending: its change is not kept in the cache (the same
                # letters as a word of their own may be a misreading)
                change = _word_template(words[k], pieces[k][0], yo, dje, ending=True)
                if change is not None:
                    out.append(change)
            continue
        # A unit: pieces linked by a line-end break or a hyphen that changes; within it,
        # segments are the pieces that make one orthographic word.
        first = k
        segments = [[pieces[k]]]
        links: list[Change] = []
        while k + 1 < np_:
            ps, pe = segments[-1][-1]
            ns, ne = pieces[k + 1]
            left, right = text[ps:pe], text[ns:ne]
            b = _BARE_BREAK.match(text, pe)
            if b and b.end() == ns and (how := _bare_join(left, right)):
                links.append(Change(b.start(), b.end(), b.group(), "", RULES[how].kind, how))
                segments[-1].append((ns, ne))
                k += 1
                continue
            b = _BREAK.match(text, pe)
            if b and b.end() == ns and b.group()[0] == "\u2013":
                if not joins_lost_hyphen(left, right):
                    break         # an en dash glued to a word: a dash unless it joins, a
                    #               piece being no word ('выхо–дитъ'; not 'пять–десять')
                links.append(Change(b.start(), b.end(), b.group(), "", "typography",
                                    HYPHENATION))
                segments[-1].append((ns, ne))
                k += 1
                continue
            if b and b.end() == ns:
                if _inline_hyphen(left, right) == "particle" and not _joins_to_word(left, right):
                    # the old spelling's hyphenated particle broken at its hyphen: кто-\nже
                    # (but снес-\nли is снесли: a line-end hyphen is the printer's first)
                    links.append(Change(b.start(), b.end(), b.group(), " ", "orthography",
                                        PARTICLE_HYPHEN))
                    segments.append([(ns, ne)])
                elif _join_decision(left, right) and not _chain_keeps(text, pieces, k):
                    links.append(Change(b.start(), b.end(), b.group(), "", "typography",
                                        HYPHENATION))
                    segments[-1].append((ns, ne))
                else:
                    if b.end() - b.start() == 1:
                        break
                    if b.group()[0] == "-":
                        links.append(Change(b.start() + 1, b.end(), b.group()[1:], "",
                                            "typography", HYPHEN_COMPOUND))
                    else:   # an OCR export's line-end hyphen: the compound's own is '-'
                        links.append(Change(b.start(), b.end(), b.group(), "-", "typography",
                                            HYPHEN_COMPOUND))
                    segments.append([(ns, ne)])
                k += 1
                continue
            b = _SPACED_HYPHEN.match(text, pe)
            if b and b.end() == ns and _spaced_join(left, right, text[ne:ne + 1] != "-"):
                # 'Ту- зы': a word divided at a line end whose break became a space
                links.append(Change(pe, ns, b.group(), "", "typography", INLINE_HYPHEN))
                segments[-1].append((ns, ne))
                k += 1
                continue
            if pe + 1 == ns and text[pe] == "-":
                what = _inline_hyphen(left, right)
                if what == "join" and not _chain_keeps(text, pieces, k):
                    links.append(Change(pe, ns, "-", "", "typography", INLINE_HYPHEN))
                    segments[-1].append((ns, ne))
                    k += 1
                    continue
                if what == "particle":
                    links.append(Change(pe, ns, "-", " ", "orthography", PARTICLE_HYPHEN))
                    segments.append([(ns, ne)])
                    k += 1
                    continue
            break
        k += 1
        parts = list(links)
        for seg in segments:
            word = "".join(text[a:z] for a, z in seg)
            where = [p for a, z in seg for p in range(a, z)]
            if len(seg) > 1 and any(text[z - 1] in "ъЪ" for _, z in seg[:-1]):
                word, where = _junction_hard_signs(text, seg, word, where, parts, yo, dje)
            parts += _placed_parts(text, where, _analyse(word, yo, dje))
        for seg in segments:         # (the unit's pieces, in order from ``first``)
            joined.update(range(first, first + len(seg) - 1))
            first += len(seg)
        if parts:
            parts.sort(key=lambda c: (c.start, c.end))
            out.append(word_change(text, segments[0][0][0], segments[-1][-1][1], parts))
        done = k
    if len(odd) > 1:
        out = _split_words(text, pieces, odd, out, joined, yo, dje)
    if pattern is _WORD_OR_DIGIT:
        out = [_digit_capital(text, c) for c in out]
    lone_n = _lone_n(text, pieces, joined) if "н" in words else ()  # (a look costs more)
    for lone in chain(_lone_latin(text, pieces, joined), lone_n):
        # a lone word that ends a hyphen compound whose line break goes ('Ђ-\fA'): the
        # compound's change spans it, so its part goes into that change (else the overlap
        # drops it, and a second normalisation makes it)
        unit = next((i for i, c in enumerate(out) if c.start < lone.end and lone.start < c.end),
                    None)
        if unit is None:
            out.append(lone)
        else:
            c = out[unit]
            out[unit] = word_change(text, c.start, c.end, sorted(c.parts + lone.parts, key=_SPAN))
    return out


def _placed_parts(text: str, where: list[int], found: Iterable[tuple[int, int, str, str]]
                  ) -> list[Change]:
    """The changes :func:`_analyse` ``found`` in a word whose letters stand at offsets
    ``where`` of ``text`` (a word joined from pieces: a group of letters that lies on both
    sides of a gap between them is split at it)."""
    parts = []
    for a, z, reg, name in found:
        p = a
        while p < z:
            q = p + 1
            while q < z and where[q] == where[q - 1] + 1:
                q += 1
            part = reg[p - a:q - a] if len(reg) == z - a else (reg if p == a else "")
            parts.append(Change(where[p], where[q - 1] + 1, text[where[p]:where[q - 1] + 1],
                                part, RULES[name].kind, name))
            p = q
    return parts


def _split_words(text: str, pieces: list[tuple[int, int]], odd: list[int], out: list[Change],
                 joined: set[int], yo: bool, dje: bool) -> list[Change]:
    """Rule ocr-split-word: ``out`` (the word changes of ``text``) with each pair of
    neighbouring pieces that are no words (``odd``, indices into ``pieces`` in order),
    between them what the typography rules read as one space (:data:`_SPLIT_GAP`: spaces, a
    line break or a page break within a paragraph; a second normalisation would find the
    pair one space apart), that :func:`_split_join` reads as one word made one change, which
    takes the place of the pieces' own (put last: the caller sorts the changes). Each piece
    joins one other at most (the first pair from the left first), so a second normalisation
    finds nothing more to join. Adds the first piece of each pair to ``joined``."""
    pairs = []
    taken = -1
    ones = set(odd)
    for k in odd:
        if k > taken and k + 1 in ones:
            (a, z), (b, e) = pieces[k], pieces[k + 1]
            if z < b and _SPLIT_GAP.fullmatch(_INVISIBLE.sub("", text[z:b])) and \
                    _split_join(text[a:z], text[b:e]):
                pairs.append(k)
                taken = k + 1
    if not pairs:
        return out
    for k in pairs:
        (a, z), (b, e) = pieces[k], pieces[k + 1]
        word, where = text[a:z] + text[b:e], list(range(a, z)) + list(range(b, e))
        parts = [Change(z, b, text[z:b], "", RULES[OCR_SPLIT_WORD].kind, OCR_SPLIT_WORD)]
        if text[z - 1] in "ъЪ":
            word, where = _junction_hard_signs(text, [(a, z), (b, e)], word, where, parts,
                                               yo, dje)
        parts += _placed_parts(text, where, _analyse(word, yo, dje))
        parts.sort(key=_SPAN)
        out = [c for c in out if not (c.start < e and a < c.end)]
        out.append(word_change(text, a, e, parts))
        joined.add(k)
    return out


#: what the typography rules (spaces, line-wrap, page-break) make one space between two
#: words, invisible characters taken out first
_SPLIT_GAP = re.compile(r"[ \t]*(?:\r\n?|\n)?[ \t]*\f?[ \t]*")


@lru_cache(maxsize=10_000)
def _split_join(left: str, right: str) -> bool:
    """Rule ocr-split-word: whether two pieces one space divides, each no word (the caller
    asks: each has two letters or more), are one word: the right one begins in lower case,
    and the two together, in the modern spelling (no OCR repair), are a word of the book's
    prose (:func:`_common_word`: not a name or a place); a ъ ending the left piece, the old
    spelling's word end, may go inside the word (as :func:`_junction_hard_signs` drops it)."""
    if not right[:1].islower():
        return False
    for whole in (left + right, left[:-1] + right if left[-1] in "ъЪ" else None):
        modern = whole and _modern_form(whole, False, True).lower()
        if modern and _known(modern) and _common_word(modern):
            return True
    return False


#: what may stand between a sentence's stop and the next word: closing quotes and brackets
_AFTER_STOP_CLOSERS = "»”“\"')]"


def _after_stop(text: str, pos: int) -> bool:
    """Whether the word at ``pos`` follows a sentence's stop (. ! ? …, closing quotes or
    brackets after it, then space; opening quotes or brackets before the word), the stop no
    abbreviation's that ends no sentence ('т. е.', :data:`NON_TERMINAL`)."""
    j = pos
    while j and text[j - 1] in "«„\"'([":
        j -= 1
    k = j
    while j and text[j - 1].isspace():
        j -= 1
    if j == k:
        return False          # no space before the word: glued to what stands before
    while j and text[j - 1] in _AFTER_STOP_CLOSERS:
        j -= 1
    if not j or text[j - 1] not in ".!?…":
        return False
    if text[j - 1] == ".":
        k = j - 1
        while k and text[k - 1].isalpha():
            k -= 1
        if text[k:j - 1].lower() in NON_TERMINAL:
            return False
    return True


def _digit_capital(text: str, c: Change) -> Change:
    """The change ``c`` with a capital З or О for the digit 3 or 0 that opens its word (rule
    ocr-digit, which reads it small before small letters) where the word opens a sentence
    (:func:`_after_stop`): '... столбикъ. 3атѣмъ' reads 'Затем'."""
    if c.orig[:1] not in "03" or c.reg[:1] not in "зо" or not _after_stop(text, c.start):
        return c
    parts = [Change(p.start, p.end, p.orig, p.reg.upper(), p.kind, p.rule)
             if p.start == c.start and p.rule == OCR_DIGIT else p for p in c.parts]
    return word_change(text, c.start, c.end, parts)


def _opens_sentence_before(text: str, pieces: list[tuple[int, int]], i: int) -> bool:
    """Whether a lone ``B`` or ``K`` at piece ``i`` may be the preposition (see
    :data:`_LONE_PREPOSITIONS`): a small ``k`` anywhere; a capital only where a sentence
    opens (the text's first word, or after a sentence's stop, :func:`_after_stop`)."""
    return text[pieces[i][0]] == "k" or i == 0 or _after_stop(text, pieces[i][0])


def _lone_latin(text: str, pieces: list[tuple[int, int]], joined: set[int]) -> list[Change]:
    """One- and two-letter words all in Latin look-alikes between two Cyrillic words
    (OCR_LONE_LATIN): 'c' -> 'с', 'co' -> 'со', when the Cyrillic form is a word. ``joined``:
    the pieces joined to the next one in a word (divided at a line end, or by a hyphen
    removed): a piece of a longer word is none, and a neighbour is judged as the whole word
    it is a piece of ('ю' / 'c' is Cyrillic, as 'юс' is once joined), so that the text
    normalised once decides as the text normalised twice."""
    out: list[Change] = []
    # only the pieces that hold such a letter are looked at
    found = _LONE_LATIN_CHAR.finditer(text)
    first = next(found, None)
    if first is None:
        return out
    starts = [s for s, _ in pieces]
    at = sorted({bisect_right(starts, m.start()) - 1 for m in chain((first,), found)})
    for i in at:
        if i < 0:
            continue
        s, e = pieces[i]
        w = text[s:e]
        preposition = w in _LONE_PREPOSITIONS and text[e:e + 1].isspace() and \
            _opens_sentence_before(text, pieces, i)
        if not 1 <= e - s <= 2 or not preposition and (any(
                c not in _LONE_LATIN and (e - s == 1 or c not in _LONE_LATIN_PAIR)
                for c in w) or _ROMAN.fullmatch(w)):
            continue
        if i in joined or i - 1 in joined:
            continue                # a piece of a longer word
        if w == "A" and _LATIN_RANK.search(text, text.rfind("\n", 0, s) + 1,
                                            len(text) if text.find("\n", e) < 0
                                            else text.find("\n", e)):
            continue                # an ace among Latin ranks on its line
        cyr = "".join(_LATIN_LOOKALIKE.get(c) or _LONE_PREPOSITIONS[c] for c in text[s:e])
        if (_cyrillic_word(text, pieces, joined, i - 1) or preposition and i == 0) and \
                _cyrillic_word(text, pieces, joined, i + 1) and _known(cyr.lower()):
            part = Change(s, e, text[s:e], cyr, "ocr", OCR_LONE_LATIN)
            out.append(word_change(text, s, e, [part]))
    return out


#: a lone small н with space on both sides (rule ocr-letter: OCR's и); written with the
#: letter first, so that the search skips to each н rather than trying every place
_LONE_N = re.compile(r"н(?<=\sн)(?=\s)")


def _lone_n(text: str, pieces: list[tuple[int, int]], joined: set[int]) -> list[Change]:
    """A lone small н between two Cyrillic words, nothing but the space the typography rules
    make one space at it (:data:`_SPLIT_GAP`), read as the conjunction и (rule ocr-letter, the
    н/и confusion: 'тузъ н король'). No Russian word is н, but an abbreviation or a label
    is ('н. ст.', 'н.э.', 'н)'), and an initial is a capital ('Н. Н. Петровъ'): a stop, a
    bracket, a comma or any other mark at it, a capital, and an н that opens or ends the
    text keep it. ``joined`` as in :func:`_lone_latin`."""
    out: list[Change] = []
    starts: list[int] = []
    for m in _LONE_N.finditer(text):
        s = m.start()
        if not starts:
            starts = [a for a, _ in pieces]
        i = bisect_left(starts, s)
        if not 0 < i < len(pieces) - 1 or i in joined or i - 1 in joined:
            continue
        if _SPLIT_GAP.fullmatch(text, pieces[i - 1][1], s) and \
                _SPLIT_GAP.fullmatch(text, s + 1, pieces[i + 1][0]) and \
                _cyrillic_word(text, pieces, joined, i - 1) and \
                _cyrillic_word(text, pieces, joined, i + 1):
            out.append(word_change(text, s, s + 1, [Change(s, s + 1, "н", "и", "ocr",
                                                            OCR_LETTER)]))
    return out


#: the capital З for the digit 3 (rule ocr-three): alone before what a count of three is
#: followed by, a word in small letters in the genitive ('раза', 'карты', 'туза', 'красныхъ',
#: 'старшія'; three letters or more, not a word that counts nothing: 'или', 'для') or 'или 4'
#: ('и 4', '— 4'), a letter that labels a heap or a place being followed by anything ('въ
#: мѣста Ж, З и И', 'изъ кучки З кладутъ'); or in a run of digits and З's with a digit in it;
#: in a list of counts, after a digit and a comma, 'и', 'или' or 'до' (not an initial: 'въ 1889, З.
#: Ивановымъ'), or before a comma and a digit ('по 2, З, 4 карты', 'З, 4 и 5', 'по 2 и З';
#: not 'Ж, З, И'); no letter or digit on either side
_OCR_THREE = re.compile(r"(?<![^\W_])(?:(?:(?<=\d,[ \u00a0])|(?<=\d[ \u00a0]и[ \u00a0])|"
                        r"(?<=\d[ \u00a0]или[ \u00a0])|(?<=\d[ \u00a0]до[ \u00a0]))З"
                        r"(?!\.[ \u00a0]*[А-ЯЁѢІ])|З(?=,[ \u00a0]*\d)|"
                        r"З(?=[ \u00a0]+(?:(?:или|и|а|[-–—])[ \u00a0]+\d|"
                        r"(?!(?:или|для|при|она|они|эти|эта|когда|тогда|иногда|всегда|пока|хотя|"
                        r"чтобы|куда|туда|сюда)(?![^\W_]))[а-яёѣіѳѵ]{2,}(?:[аяиыі]|[ыиі]хъ?|"
                        r"[ыиі][яе])(?![^\W_])))|(?=[\dЗ]*\d)[\dЗ]*З[\dЗ]*)(?![^\W_])")


#: a З beside a digit, or after a digit and a comma, 'и', 'или' or 'до': with a З before a blank or
#: a comma, what any match of :data:`_OCR_THREE` holds
_THREE_BY_DIGIT = re.compile(r"З\d|\dЗ|\d(?:,|[ \u00a0]и|[ \u00a0]или|[ \u00a0]до)[ \u00a0]З")


def _three_spans(text: str) -> list[tuple[int, int]]:
    """Rule ocr-three's matches in ``text`` (the text as the other rules leave it): the
    spans of :data:`_OCR_THREE`'s matches, each З in them read as 3 (looked for only in a
    text with a З before a blank or a comma, or beside a digit)."""
    if not ("З " in text or "З\u00a0" in text or "З," in text or _THREE_BY_DIGIT.search(text)):
        return []
    # a З read as 3 may make a count of the one beside it ('З, З, 4'): read again until none
    # is new, on the text with those read (so that a second reading finds nothing)
    spans: dict[int, int] = {}
    probe = text
    while True:
        new = [m.span() for m in _OCR_THREE.finditer(probe) if m.start() not in spans]
        if not new:
            break
        for s, e in new:
            spans[s] = e
            probe = probe[:s] + probe[s:e].replace("З", "3") + probe[e:]
    return sorted(spans.items())


def _leaves(c: Change) -> tuple[Change, ...]:
    """The letter-level changes of ``c`` (its parts, or itself)."""
    return c.parts or (c,)


def _printed_offset(j: int, hit: list[int], changes: tuple[Change, ...], starts: list[int],
                    shifts: list[int]) -> int | None:
    """The offset in the printed text of character ``j`` of the normalised text (``starts``:
    where each change stands there, ``shifts``: the offset shift after it), or None when a
    rule made that character (it lies inside one of the leaves of a change in ``hit``)."""
    k = next((k for k in hit if starts[k] <= j < starts[k] + len(changes[k].reg)), None)
    if k is None:
        q = bisect_right(starts, j) - 1
        return j - (shifts[q] if q >= 0 else 0)
    # inside a change's span: past its leaves before it
    pos, at = changes[k].start, starts[k]
    for leaf in _leaves(changes[k]):
        if j < at + (leaf.start - pos):
            break
        at += leaf.start - pos
        if j < at + len(leaf.reg):
            return None
        at += len(leaf.reg)
        pos = leaf.end
    return pos + j - at


def _with_three(text: str, normalised: str, changes: tuple[Change, ...]) -> tuple[Change, ...]:
    """``changes`` (sorted, not overlapping; ``normalised``: ``text`` with them applied) with
    rule ocr-three's changes, judged on ``normalised``, as a second normalisation sees the
    text: a З that another rule leaves beside a digit or before a count's word ('Зъ1', whose
    final ъ rule final-hard-sign drops; 'ЗЪ с1и', whose next word reads 'сии'; 'З\u00ad1';
    '2,\nЗ') is read as 3 at once. Each З read as 3 joins the changes its match overlaps
    into one record of their letter-level parts and its own (kind ocr, rule ocr-three); a
    match that touches an emendation, or whose З a rule made, is left alone."""
    spans = _three_spans(normalised)
    if not spans:
        return changes
    # where each change stands in the normalised text, and the offset shift after it
    starts, shifts, shift = [], [], 0
    for c in changes:
        starts.append(c.start + shift)
        shift += len(c.reg) - (c.end - c.start)
        shifts.append(shift)
    drop: set[int] = set()
    added: list[Change] = []
    for s, e in spans:
        # the changes the match overlaps (an empty one strictly inside it)
        i = bisect_right(starts, s)
        while i > 0 and starts[i - 1] + len(changes[i - 1].reg) > s:
            i -= 1
        hit = []
        while i < len(changes) and starts[i] < e:
            ns, c = starts[i], changes[i]
            if ns + len(c.reg) > s or s < ns:
                hit.append(i)
            i += 1
        if any(changes[k].kind == "emendation" or k in drop for k in hit):
            continue
        where = [_printed_offset(j, hit, changes, starts, shifts)
                 for j in range(s, e) if normalised[j] == "З"]
        if not where or None in where:
            continue
        parts = [Change(pos, pos + 1, "З", "3", "ocr", OCR_THREE) for pos in where
                 if pos is not None]
        for k in hit:
            parts.extend(_leaves(changes[k]))
        parts.sort(key=_SPAN)
        a = min([parts[0].start] + [changes[k].start for k in hit])
        b = max([p.end for p in parts] + [changes[k].end for k in hit])
        drop.update(hit)
        added.append(word_change(text, a, b, parts))
    if not added:
        return changes
    return tuple(sorted([c for k, c in enumerate(changes) if k not in drop] + added, key=_SPAN))


#: a guillemet as OCR gives it (Google Books): two angle brackets, ``<<``, ``<‹``, ``‹‹`` for «
#: and ``>>``, ``››``, ``›>`` for » (rule ocr-guillemets; the structure finder reads a title in
#: them as in « »), with the spaces OCR may set inside them (``<< Паукъ >>``, ``<<  Паукъ``,
#: a line break after the opening one or before the closing one) theirs: after the opening
#: one only before a capital, a name (``карты << и >> ряды`` quotes nothing)
OPEN_ANGLES = r"[<‹]{2}(?:(?:[ \t]+|[ \t]*\n[ \t]*)(?=[A-ZА-ЯЁѢІѲѴ]))?"
CLOSE_ANGLES = r"(?:(?<=\S)(?:[ \t]+|[ \t]*\n[ \t]*))?[>›]{2}"
#: such a pair (or one of them and a guillemet) around words within a paragraph (a line
#: break inside, not a blank line: the reading text joins the lines, and a second reading
#: must find nothing new), no third bracket beside it and no ``|`` inside it (a web page's
#: links, ``<< Назад | Вперёд >>``): groups 1 and 2 the doubled brackets (and their space)
_ANGLE_QUOTES = re.compile(rf"(?<![<‹])(?:({OPEN_ANGLES})|«)(?=[^\s<‹])"
                           rf"(?:[^<>‹›«»|\n]|\n(?![ \t]*\n)){{1,200}}?"
                           rf"(?<=\S)(?:({CLOSE_ANGLES})|»)(?![>›])")


def _ocr_guillemets(text: str) -> list[Change]:
    """Rule ocr-guillemets' changes: each doubled angle bracket of a pair of
    :data:`_ANGLE_QUOTES` read as the guillemet (looked for only in a text with ``<``,
    ``>``, ``‹`` or ``›``)."""
    out: list[Change] = []
    if not ("<" in text or ">" in text or "‹" in text or "›" in text):
        return out          # (four one-character looks: twice as fast as two-character ones)
    for m in _ANGLE_QUOTES.finditer(text):
        for g, reg in ((1, "«"), (2, "»")):
            if m.group(g):
                out.append(Change(m.start(g), m.end(g), m.group(g), reg, "ocr", OCR_GUILLEMETS))
    return out


#: what stands between two letters of a spaced word: one space, or a line break (a hyphen
#: before it or none, blanks about it) where the word is wrapped across a line
_SPACED_GAP = r"(?: |[ \t]*[-¬\u2010\u2011]?[ \t]*\r?\n[ \t]*)"
#: four Cyrillic letters or more, each but the last followed by a gap (:data:`_SPACED_GAP`),
#: no letter or digit on either side (rule spaced-letters)
_SPACED_LETTERS = re.compile(rf"(?<![^\W_])(?:[{_CYR}]{_SPACED_GAP}){{3,}}[{_CYR}](?![^\W_])")
#: the spaced letters before a letter of a run, read back from it (a line break among
#: them: ``о т`` / ``к л а д ы``)
_SPACED_BEFORE = re.compile(rf"(?<![^\W_])(?:[{_CYR}]{_SPACED_GAP})+$")
#: what a run unbroken in its first letters holds after its first letter: looked for
#: first, eight times faster
_SPACED_HINT = re.compile(r" (?=\w \w \w)")
#: a line that opens with a word of one letter: a run wrapped there (``Т У`` / ``З Ы``) may
#: hold too few blanks in a row for :data:`_SPACED_HINT`
_SPACED_LINE = re.compile(r"\n[ \t]*\w(?!\w)")


#: the words of one letter a run of spaced letters may hold beside a spaced word
_ONE_LETTER_WORDS = frozenset("аикосуяв")
#: the longest word looked for in a run of spaced letters (:func:`_spaced_words`; the
#: longest Russian words have some 30 letters): without a bound a run of n letters costs
#: n² look-ups of words up to n letters long, time in the cube of its length
MAX_SPACED_WORD = 32


def _spaced_words(letters: str, yo: bool) -> list[str] | None:
    """``letters`` (a run of spaced letters written solid) cut into the fewest words, each a
    word the dictionary knows (two letters or more) or a word of one letter
    (:data:`_ONE_LETTER_WORDS`), one of them four letters or more: ``итузы`` -> ``["и",
    "тузы"]``, ``тузъикороль`` -> ``["тузъ", "и", "король"]``; None when there is no such
    cut. No word is longer than :data:`MAX_SPACED_WORD` letters, so the time is linear in
    the run's length."""
    n = len(letters)
    fewest: list[int | None] = [None] * (n + 1)   # the fewest words letters[:j] is cut into
    back = [0] * (n + 1)                          # and where the last of them begins
    fewest[0] = 0
    for j in range(1, n + 1):
        for i in range(max(0, j - MAX_SPACED_WORD), j):
            before, now = fewest[i], fewest[j]
            if before is None or (now is not None and before + 1 >= now):
                continue
            w = letters[i:j]
            # (a hard sign and a word 'и' after it are two words, not the old ъи of 'тузы')
            if (len(w) == 1 and w.lower() in _ONE_LETTER_WORDS) or \
                    (len(w) > 1 and not re.search("[ъЪ][иИіІ]", w)
                     and _known(_modern_form(w, yo, True))):
                fewest[j], back[j] = before + 1, i
    if fewest[n] is None:
        return None
    cut, j = [], n
    while j:
        cut.append(letters[back[j]:j])
        j = back[j]
    cut.reverse()
    return cut if any(len(w) >= 4 for w in cut) else None


def _spaced_letters(text: str, yo: bool) -> list[Change]:
    """Rule spaced-letters' changes: each run of :data:`_SPACED_LETTERS` whose letters written
    solid make words the dictionary knows (:func:`_spaced_words`: a spaced word, with a word
    of one letter beside it or another spaced word), as those words in their reading (one
    record)."""
    out: list[Change] = []
    # a letter of each run there may be: the one after a hint's blank, or one opening a line;
    # the run begins at the first of the spaced letters before it, if any
    at = [h.end() for h in _SPACED_HINT.finditer(text)]
    if "\n" in text:
        at = sorted(at + [h.end() - 1 for h in _SPACED_LINE.finditer(text)])
    end = 0
    for p in at:
        if p < end:
            continue
        back = _SPACED_BEFORE.search(text, max(0, p - 40), p)
        m = _SPACED_LETTERS.match(text, back.start() if back else p)
        if m is None:
            continue
        end = m.end()
        words = _spaced_words("".join(ch for ch in m.group() if ch.isalpha()), yo)
        if words is None:
            continue
        reading = " ".join(apply_changes(w, _word_changes(w, yo)) for w in words)
        out.append(Change(m.start(), m.end(), m.group(), reading, "typography", SPACED_LETTERS))
    if out and "  " in text:
        out += _spaced_short_words(text, out, yo)
    return out


#: one to three spaced letters, no letter one space away on either side
_SPACED_SHORT = re.compile(rf"(?<![^\W_] )(?<![^\W_])[{_CYR}](?: [{_CYR}]){{0,2}}"
                           rf"(?! [{_CYR}])(?![^\W_])")
#: the gap between two words of a passage set in spaced letters with wider word gaps
_WIDE_GAP = re.compile(r"[ \t]{2,}")


def _spaced_short_words(text: str, runs: list[Change], yo: bool) -> list[Change]:
    """Rule spaced-letters on the short words of a passage whose words are set apart by wider
    gaps than its letters ('в с ѣ  к а р т ы  п о  м а с т я м ъ'): two or three spaced
    letters in a chain of such words, one wide gap (:data:`_WIDE_GAP`) between each and the
    next, that holds a run the rule took (``runs``, in order), written solid where that is a
    word the dictionary knows. Letters that may all be words of one letter ('и в', 'с о')
    stay: that may be no word gap OCR narrowed but two words ('и в колоду'); so does all
    of an ordinary text's double spaces, no run in its chain. Linear in the text: each word
    is looked at with its neighbour only."""
    ends = [c.end for c in runs]
    items = [(c.start, c.end, True) for c in runs]
    for m in _SPACED_SHORT.finditer(text):
        i = bisect_right(ends, m.start())
        if i == len(runs) or runs[i].start >= m.end():      # (not inside a run)
            items.append((m.start(), m.end(), False))
    items.sort()
    out: list[Change] = []
    passage: list[tuple[int, int, bool]] = []
    for k, item in enumerate(items):
        passage.append(item)
        if k + 1 < len(items) and _WIDE_GAP.fullmatch(text, item[1], items[k + 1][0]):
            continue
        if any(run for _, _, run in passage):
            for a, z, run in passage:
                letters = text[a:z].replace(" ", "")
                if run or len(letters) < 2 or \
                        all(c in _ONE_LETTER_WORDS for c in letters.lower()) or \
                        not _known(_modern_form(letters, yo, True)):
                    continue
                out.append(Change(a, z, text[a:z], apply_changes(
                    letters, _word_changes(letters, yo)), "typography", SPACED_LETTERS))
        passage = []
    return out


def _bullets(text: str) -> list[Change]:
    """Rule bullet's changes: a bullet opening a line, and the space after it, where two lines
    or more open with the same bullet (a list; one line so, a bullet before a dash or another
    bullet, is a symbol the text explains or a row of a figure: '● — занятое мѣсто')."""
    found = list(_BULLET.finditer(text))
    lines = Counter(m.group(2) for m in found)
    return [Change(m.start(1), m.end(1), m.group(1), "", "typography", BULLET)
            for m in found if lines[m.group(2)] >= 2]


#: a word with a % inside it, letters on both sides (rule ocr-percent-yat: ``Зв%зда``)
_PERCENT_WORD = re.compile(rf"(?<![^\W\d_])[{_CYR}]+(?:%[{_CYR}]+)+(?![^\W\d_])")


def _ocr_percent_yat(text: str, yo: bool) -> list[Change]:
    """Rule ocr-percent-yat's changes: each word of :data:`_PERCENT_WORD` whose reading with
    ѣ for each % the dictionary knows, one change for the word (its % read as ѣ and spelt as
    the word's other letters are, by the word's own rules)."""
    out: list[Change] = []
    for m in _PERCENT_WORD.finditer(text):
        read = m.group().replace("%", "ѣ")
        if not _known(_modern_form(read, yo, False)):
            continue
        s, e = m.span()
        template = _word_template(read, s, yo, False)
        parts = [Change(p.start, p.end, text[p.start:p.end], p.reg,
                        "ocr" if "%" in text[p.start:p.end] else p.kind,
                        OCR_PERCENT_YAT if "%" in text[p.start:p.end] else p.rule)
                 for p in (template.parts if template is not None else ())]
        parts += [Change(k, k + 1, "%", "ѣ", "ocr", OCR_PERCENT_YAT)
                  for k in range(s, e) if text[k] == "%" and
                  not any(p.start <= k < p.end for p in parts)]
        out.append(word_change(text, s, e, sorted(parts, key=_SPAN)))
    return out


def ambiguous_endings(norm: Normalisation) -> list[tuple[Change, str]]:
    """The changes of ``norm`` by rule ``ending-ago`` whose word the other modern ending
    makes a word too (the old -аго stood for both: 'большаго' is большего or большого), each
    with that other reading, in the change's case: ``[(change, other), ...]`` in text order.
    An emended word is none of them (its change is the emendation's)."""
    out = []
    for c in norm.changes:
        if ENDING_AGO not in c.rules:     # (an emendation's rule is its reason)
            continue
        low = c.reg.lower()
        at = max(low.rfind("ого"), low.rfind("его"))
        if at < 0 or low[at + 3:].strip(_NOT_LETTER):     # (the ending is the word's last)
            continue
        other = low[:at] + ("его" if low[at] == "о" else "ого") + low[at + 3:]
        if _known(other.strip(_NOT_LETTER)):
            out.append((c, "".join(o.upper() if r.isupper() else o
                                   for o, r in zip(other, c.reg))))
    return out


_NOT_LETTER = "-\u00ad\n "


#: a capitalised word in -аго/-яго after a stop: a surname when the stop ends 'г.'
#: (господин) or an initial (:func:`_surnames_keep_ago`)
_NAME_AGO = re.compile(r"\.[ \t\u00a0]*\n?[ \t]*([А-ЯЁ][^\W\d_]*[ая]го)(?![^\W\d_])")
_BEFORE_NAME = re.compile(r"(?<![^\W\d_])(?<!\d)(?<!\d )(?:[гГ]г?|[А-ЯЁ])$")  # (not 1889 г.)


def _surnames_keep_ago(text: str, out: list[Change]) -> list[Change]:
    """``out`` with rule ending-ago taken back from a surname: a capitalised word in
    -аго/-яго after 'г.' (господин, 'Mr') or an initial ('г. Мертваго', 'А. Живаго'), whose
    spelling is the family's, not the old orthography's (Мертваго stays Мертваго, as Живаго
    does, which the dictionary knows)."""
    names = {m.start(1) for m in _NAME_AGO.finditer(text)
             if _BEFORE_NAME.search(text, max(0, m.start() - 3), m.start())}
    if not names:
        return out
    kept = []
    for c in out:
        if c.start in names and ENDING_AGO in c.rules:
            parts = [p for p in c.parts if p.rule != ENDING_AGO]
            if not parts:
                continue
            c = word_change(text, c.start, c.end, parts)
        kept.append(c)
    return kept


def _rule_changes(text: str, yo: bool = False, dje: bool | None = None) -> list[Change]:
    out = _word_changes(text, yo, dje)
    if ("аго" in text or "яго" in text) and "." in text:      # (plain looks: a search costs more)
        out = _surnames_keep_ago(text, out)
    if "%" in text:
        # (the word read whole: the changes of its pieces, 'Зв' and 'зда', give way)
        percent = _ocr_percent_yat(text, yo)
        out = [c for c in out if not any(_overlap(c, p) for p in percent)] + percent
    guillemets = _ocr_guillemets(text)
    out += guillemets
    if _SPACED_HINT.search(text) or "\n" in text and _SPACED_LINE.search(text):
        # (a run read whole: the changes of its letters, which its reading holds, give way,
        # also the one of a first letter starting where the run does: 'ѣ х а т ь')
        spaced = _spaced_letters(text, yo)
        if spaced:
            out = list(_merge(spaced, out))
    if "•" in text or "◦" in text or "▪" in text or "‣" in text or "●" in text or "∙" in text \
            or "·" in text:
        # (one-character looks: four times as fast as a search for the class)
        out += _bullets(text)
    # Spaces, line breaks and dashes are judged on the text as it reads once soft hyphens and
    # zero-width characters are removed ('а \u200b б' has two spaces in a row): the rules
    # run on that text, and each match is mapped back to the original span it covers (the
    # invisible characters inside it go with it).
    where = None
    if _INVISIBLE.search(text):
        where = [i for i, c in enumerate(text) if c not in _SHY]
        seen = "".join(text[i] for i in where)
    else:
        seen = text
    for pattern, reg, rule in _TYPOGRAPHY[:4]:
        if not any(c in seen for c in _TYPOGRAPHY_NEEDS[rule]):
            continue
        kind = RULES[rule].kind
        for m in pattern.finditer(seen):
            s, e = m.span()
            if where is not None:
                s, e = where[s], where[e - 1] + 1
            g = text[s:e]
            if g != reg:
                change = Change(s, e, g, reg, kind, rule)
                # (the spaces inside OCR's guillemets, '<<  Паукъ  >>', are the guillemets')
                if not (guillemets and any(_overlap(change, q) for q in guillemets)):
                    out.append(change)
    for pattern, reg, rule in _TYPOGRAPHY[4:] if where is not None else ():
        # (soft hyphens and zero-width characters: only in a text with invisible characters)
        kind = RULES[rule].kind
        for m in pattern.finditer(text):
            s, e = m.span()
            out.append(Change(s, e, m.group(), reg, kind, rule))
    return out


_INVISIBLE = re.compile(f"[{_SHY}]")


def _overlap(a: Change, b: Change) -> bool:
    """Whether two changes overlap (a zero-width change overlaps a span strictly around it)."""
    if a.start == a.end and b.start == b.end:
        return a.start == b.start
    if a.start == a.end:
        return b.start < a.start < b.end
    if b.start == b.end:
        return a.start < b.start < a.end
    return a.start < b.end and b.start < a.end


def _merge(preferred: Sequence[Change], others: Iterable[Change]) -> tuple[Change, ...]:
    """Keep every preferred change and each other change that overlaps none kept so far.

    ``preferred`` must not overlap one another. Runs in O(n log n).
    """
    pref = sorted(preferred, key=_SPAN)
    starts = [c.start for c in pref]
    kept = list(pref)
    last = None
    for c in sorted(others, key=_SPAN):
        # (_overlap(c, last) once c starts at or after last's end: both empty, at one place)
        if last is not None and (c.start < last.end or c.start == c.end == last.start == last.end):
            continue
        if not pref:
            kept.append(c)
            last = c
            continue
        i = bisect_right(starts, c.start)
        near = pref[max(0, i - 2):i]
        while i < len(pref) and pref[i].start <= c.end:
            near.append(pref[i])
            i += 1
        if any(_overlap(c, p) for p in near):
            continue
        kept.append(c)
        last = c
    return tuple(sorted(kept, key=_SPAN) if pref else kept)


_SPAN = attrgetter("start", "end")


def normalise(text: str, emendations: Sequence[Emendation] = (), *,
              yo: bool = False) -> Normalisation:
    """Normalise ``text`` (any string) and return a :class:`Normalisation`.

    Shapes: ``text`` is any ``str`` (pre-reform or modern spelling, OCR noise, any
    characters); ``emendations`` a sequence of :class:`Emendation` at offsets into ``text``.
    The result holds ``original`` (``text`` itself), ``text`` (the normalised text) and
    ``changes``, a tuple of :class:`Change` sorted by offset, never overlapping, each within
    ``[0, len(text)]``; joining the original spans gives ``text`` back exactly.

    ``emendations`` are applied as changes of kind ``emendation`` and win over rule changes
    that overlap them. ``yo=True`` spells ея/нея as её/неё (default ее/нее); ё already in the
    text is never touched. Modern text gets only typography changes; normalising the result
    again changes nothing.

    Raises :class:`EmendationError` (a ValueError naming the line of ``text`` and the fix)
    if an emendation's span does not hold its reading or two emendations overlap.
    """
    em = []
    for e in emendations:
        if not (0 <= e.start <= e.end <= len(text)) or text[e.start:e.end] != e.reading:
            raise EmendationError(
                f"emendation expects {e.reading!r} at offsets {e.start}-{e.end} (line "
                f"{line_of(text, min(e.start, len(text)))}), found {text[e.start:e.end]!r}",
                line=line_of(text, min(e.start, len(text))),
                fix="give the reading exactly as the witness prints it on that line (and the "
                    "occurrence, if it is printed more than once)")
        em.append(Change(e.start, e.end, e.reading, e.correction, "emendation", e.reason))
    em.sort(key=lambda c: (c.start, c.end))
    for a, b in zip(em, em[1:]):
        if b.start < a.end:
            raise EmendationError(f"emendations overlap on line {line_of(text, b.start)}: "
                                  f"{a.orig!r} ({a.reg!r}) and {b.orig!r} ({b.reg!r})",
                                  line=line_of(text, b.start),
                                  fix="merge the two emendations into one")
    changes = _merge(em, _rule_changes(text, yo))
    normalised = apply_changes(text, changes)
    if ("ђ" in text or "Ђ" in text) and _dje_is_yat(normalised) and not _dje_is_yat(text):
        # a text whose ђ before a vowel was judged Serbian, since it has no letter that
        # Serbian lacks, that an OCR repair gives one ('ђи, рцм': 'рцы'): its ђ is ѣ, as a
        # second normalisation judges the text
        changes = _merge(em, _rule_changes(text, yo, dje=True))
        normalised = apply_changes(text, changes)
    if "З" in normalised:
        # (rule ocr-three, judged on the text as the other rules leave it: _with_three)
        three = _with_three(text, normalised, changes)
        if three is not changes:
            changes = three
            normalised = apply_changes(text, changes)
    return Normalisation(text, normalised, changes)
