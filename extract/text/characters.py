"""Characters that are not book text, and what intake does with each (one place decides).

A witness is letters, punctuation, spaces, tabs and line breaks. Anything else that a file
can carry invisibly is sorted here:

* a **byte order mark** at the very start of a file (bytes ``EF BB BF``) is a mark of the
  file's encoding, not text: :func:`strip_bom` drops it. ``edition segment`` and ``edition
  normalise`` read the text after it (offsets count from there); ``edition add`` stores the
  file without it and says so in its report (the manifest's sha256 is that of the stored
  file). A witness already in ``corpus/witnesses/`` must not start with one (``add`` never
  stores one), so loading such a file is an error;
* **decomposed letters** (a base letter and a combining mark, ``и`` + U+0306 for ``й``, ``е``
  + U+0308 for ``ё``: Unicode's NFD, as a Mac's clipboard and some PDF tools give text) are
  the same letters as the composed ones typed: :func:`compose` composes them (NFC). ``edition
  add`` stores the composed text and says so (so a decomposed copy and a composed one are one
  witness, and no word is cut at a combining mark or collated as a variant); ``edition
  segment`` and ``edition normalise`` read the composed text (offsets count in it). A witness
  already in ``corpus/witnesses/`` must be composed (``add`` stores it so: the offsets of its
  text are those of its file), so loading one that is not is an error. A combining mark with
  no composed form (a stress accent, ``а́``) is composed text already and stays;
* **zero-width characters** that OCR, PDF extraction and web pages leave inside or between
  words, :data:`ZERO_WIDTH` (U+200B ZERO WIDTH SPACE, U+200C ZERO WIDTH NON-JOINER, U+200D
  ZERO WIDTH JOINER, U+2060 WORD JOINER, U+FEFF ZERO WIDTH NO-BREAK SPACE anywhere but the
  start of a file) are kept in the witness and removed by the normaliser, each removal a
  recorded change (rule ``zero-width``, kind typography) shown in the apparatus, like the
  soft hyphen (U+00AD, rule ``soft-hyphen``);
* everything else invisible is an error naming the file, line, column, the character
  (``U+200E LEFT-TO-RIGHT MARK``) and the fix (:func:`check_text`): control characters
  (U+0000-U+001F but tab, line feed and carriage return; U+007F; U+0080-U+009F), the
  direction marks and overrides (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069: they
  reorder what a reader sees, so an apparatus could show text in an order the witness does
  not have), the line and paragraph separators U+2028 and U+2029 (a line break the pipeline
  would not see as one), other invisible format characters (Unicode category Cf) and the
  noncharacters U+FFFE and U+FFFF, and the blank "filler" letters (:data:`FILLERS`: U+115F,
  U+1160, U+3164, U+FFA0, letters that print nothing and so pass for a space or for nothing).
  None of them is ever printed in a book; the editor deletes or replaces it in the file, so
  the witness stays the text as transcribed.

A data file's text field (a translation, a title, a reason: :func:`bad_in_field`) is judged
the same way, and a zero-width character is refused there too: no normaliser runs over such a
field, so the character would reach the site and the TEI unseen (splitting a word for the
search, or a link). Only a field copied from a witness as printed may keep it.
"""
from __future__ import annotations

import re
import shlex
import unicodedata
from bisect import bisect_left
from pathlib import Path

from .errors import EditionError, line_of

BOM_BYTES = b"\xef\xbb\xbf"

#: Zero-width characters the normaliser removes (rule ``zero-width``), with their names.
ZERO_WIDTH = {"\u200b": "ZERO WIDTH SPACE", "\u200c": "ZERO WIDTH NON-JOINER",
              "\u200d": "ZERO WIDTH JOINER", "\u2060": "WORD JOINER",
              "\ufeff": "ZERO WIDTH NO-BREAK SPACE"}

_C0_NAMES = (
    "NULL", "START OF HEADING", "START OF TEXT", "END OF TEXT", "END OF TRANSMISSION",
    "ENQUIRY", "ACKNOWLEDGE", "BELL", "BACKSPACE", "CHARACTER TABULATION", "LINE FEED",
    "LINE TABULATION", "FORM FEED", "CARRIAGE RETURN", "SHIFT OUT", "SHIFT IN",
    "DATA LINK ESCAPE", "DEVICE CONTROL ONE", "DEVICE CONTROL TWO", "DEVICE CONTROL THREE",
    "DEVICE CONTROL FOUR", "NEGATIVE ACKNOWLEDGE", "SYNCHRONOUS IDLE",
    "END OF TRANSMISSION BLOCK", "CANCEL", "END OF MEDIUM", "SUBSTITUTE", "ESCAPE",
    "INFORMATION SEPARATOR FOUR", "INFORMATION SEPARATOR THREE", "INFORMATION SEPARATOR TWO",
    "INFORMATION SEPARATOR ONE")
_OTHER_NAMES = {0x7F: "DELETE", 0x85: "NEXT LINE", 0xFFFE: "NONCHARACTER",
                0xFFFF: "NONCHARACTER"}

#: Letters that print nothing (Hangul fillers): not book text anywhere.
FILLERS = {"\u115f": "HANGUL CHOSEONG FILLER", "\u1160": "HANGUL JUNGSEONG FILLER",
           "\u3164": "HANGUL FILLER", "\uffa0": "HALFWIDTH HANGUL FILLER"}

BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

# Candidates for :func:`check_text` (a quick scan; each hit is then classified).
_SUSPECT = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\u2028\u2029\ufffe\uffff"
                      r"\u115f\u1160\u3164\uffa0\u0600-\u0605\u061c\u06dd\u070f\u08e2\u180e\u200b-\u200f\u202a-\u202e"
                      r"\u2060-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U0001bca0-\U0001bca3"
                      r"\U0001d173-\U0001d17a\U000e0001-\U000e007f]")


def char_name(ch: str) -> str:
    """``U+XXXX NAME`` of one character (control characters by their ISO 6429 names)."""
    cp = ord(ch)
    name = (_C0_NAMES[cp] if cp < 0x20 else _OTHER_NAMES.get(cp)
            or ("C1 CONTROL" if 0x80 <= cp <= 0x9F else unicodedata.name(ch, "")
                or ("PRIVATE USE CHARACTER" if unicodedata.category(ch) == "Co"
                    else "UNNAMED")))
    return f"U+{cp:04X} {name}"


#: the Private Use Areas: glyphs a font draws that Unicode gives no meaning (a PDF font of the
#: old spelling puts its ѣ or і there)
PRIVATE_USE = re.compile("[\ue000-\uf8ff\U000f0000-\U000ffffd\U00100000-\U0010fffd]")


def private_use_warning(text: str) -> tuple[int, str] | None:
    """``(line, message)`` of the first Private Use Area character in ``text`` (its column,
    ``U+XXXX``, how many there are and the fix), or None if there is none. Such a character is
    kept, as the witness is stored verbatim, but it is no letter a reader can see: ``add``
    and ``check`` warn of it."""
    m = PRIVATE_USE.search(text)
    if m is None:
        return None
    pos = m.start()
    column = pos - (text.rfind("\n", 0, pos) + 1) + 1
    count = len(PRIVATE_USE.findall(text))
    return line_of(text, pos), (
        f"the text holds {char_name(m.group())} at column {column} ({count} in all), a "
        f"private-use glyph that a PDF font gives for a letter it draws (often ѣ): replace "
        f"each with the letter the scan shows; to find each one: "
        f"grep -nP '[\\x{{E000}}-\\x{{F8FF}}]' FILE")


def strip_bom(data: bytes) -> tuple[bytes, bool]:
    """``data`` without a leading UTF-8 byte order mark, and whether there was one."""
    return (data[3:], True) if data.startswith(BOM_BYTES) else (data, False)


def compose(data: bytes) -> tuple[bytes, int]:
    """``data`` (UTF-8) with its decomposed letters composed (NFC), and how many characters
    composing took away (0: ``data`` unchanged; bytes that are not UTF-8 are left for the
    decoder to refuse)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return data, 0
    if unicodedata.is_normalized("NFC", text):
        return data, 0
    composed = unicodedata.normalize("NFC", text)
    return composed.encode("utf-8"), len(text) - len(composed)


def first_decomposed(text: str) -> int | None:
    """The offset of the first character of ``text`` that composing (NFC) changes, or None
    if ``text`` is composed."""
    if unicodedata.is_normalized("NFC", text):
        return None
    return next(i for i, (a, b) in enumerate(zip(text, unicodedata.normalize("NFC", text)))
                if a != b)


def _kind_and_fix(ch: str) -> tuple[str, str] | None:
    """(what the character is, how to fix it), or None if the character is allowed."""
    cp = ord(ch)
    if ch in "\t\n\r\x0c" or ch in ZERO_WIDTH:   # a form feed: a page break (pdftotext)
        return None
    if ch in "\x85\u2028\u2029":
        return ("line separator", "replace it with a line break (a paragraph separator with "
                "a blank line): the pipeline breaks lines only at line feeds")
    if 0x80 <= cp <= 0x9F:
        return ("control character", "delete it; C1 control characters in a text usually "
                "mean it was converted from a Windows code page as if it were Latin-1: "
                "convert the original file again (iconv -f CP1251 -t UTF-8 FILE > NEW)")
    if unicodedata.category(ch) == "Cc":
        return ("control character", "delete it (a transcription holds letters, spaces, tabs "
                "and line breaks)")
    if ch in BIDI:
        return ("invisible direction mark", "delete it: it changes the order in which text is "
                "displayed, and Russian text needs none (it comes with text copied from web "
                "pages and word processors)")
    if cp in (0xFFFE, 0xFFFF):
        return ("noncharacter", "delete it: it is not a character of any text")
    if ch in FILLERS:
        return ("blank filler letter", "delete it (or write a space): it prints nothing, so "
                "it passes for a space or for nothing while search and collation read it as "
                "a letter")
    if unicodedata.category(ch) == "Cf":
        return ("invisible format character", "delete it: it is not book text")
    return None


def bad_in_field(value: str, verbatim: bool = False,
                 zero_width_ok: bool = False) -> tuple[int, str, str] | None:
    """The first character of a data file's text field (a translation, a title, a reason)
    that is not text: ``(offset, "U+XXXX NAME, a KIND", fix)``, or None. As
    :func:`check_text` judges a witness, but a form feed and a zero-width character
    (:data:`ZERO_WIDTH`) are refused too unless ``verbatim`` (a field copied from a witness
    as printed, which keeps them as the witness does): the TEI and the HTML cannot carry a
    form feed, and no normaliser removes a zero-width character from a field. A zero-width
    character passes where ``zero_width_ok`` (a lookup key read as its letters, never shown)."""
    for m in _SUSPECT.finditer(value):
        ch = m.group()
        k = _kind_and_fix(ch)
        if k is None and ch in ZERO_WIDTH and not (verbatim or zero_width_ok):
            k = ("zero-width character", "delete it: it is invisible, and it splits the word "
                 "it stands in for the search (the normaliser removes it from a witness, but "
                 "nothing removes it from a data file)")
        if k is not None:
            article = "an" if k[0][0] in "aeiou" else "a"
            return m.start(), f"{char_name(m.group())}, {article} {k[0]}", k[1]
    i = -1 if verbatim else value.find("\x0c")
    if i >= 0:
        return i, f"{char_name(chr(12))}, a control character", "delete it"
    return None


def check_text(text: str, path: str | Path | None = None, what: str = "the text") -> None:
    """Raise EditionError if ``text`` holds a character that is not book text (see the
    module's docstring): the message names the first one by line, column and ``U+XXXX
    NAME``, counts the others, and the fix says what to do and how to find them all
    (``grep -nP``). Tab, line feed, carriage return, the soft hyphen and :data:`ZERO_WIDTH`
    (removed by the normaliser, with a record) pass. ``what`` begins the message
    (``"the witness"``)."""
    found = [(m.start(), k) for m in _SUSPECT.finditer(text)
             if (k := _kind_and_fix(m.group())) is not None]
    if not found:
        return
    pos, (kind, fix) = found[0]
    ch = text[pos]
    line = line_of(text, pos)
    column = pos - (text.rfind("\n", 0, pos) + 1) + 1
    others = ""
    if len(found) > 1:
        breaks = [m.start() for m in re.finditer("\n", text)]
        lines = sorted({bisect_left(breaks, p) + 1 for p, _ in found[1:]})
        shown = ", ".join(map(str, lines[:10])) + (", …" if len(lines) > 10 else "")
        others = (f"; {len(found) - 1} more character{'s' if len(found) > 2 else ''} that "
                  f"{'are' if len(found) > 2 else 'is'} not book text (line"
                  f"{'s' if len(lines) > 1 else ''} {shown})")
    target = "FILE" if path is None or str(path) == "<stdin>" else shlex.quote(str(path))
    grep = f"grep -nP '\\x{{{ord(ch):04X}}}' {target}"
    raise EditionError(f"{what} holds the {kind} {char_name(ch)} at column {column}, which is "
                       f"not book text{others}", path, line,
                       fix=f"{fix}; to find each one: {grep}")
