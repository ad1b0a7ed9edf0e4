"""Reading the data in ``corpus/``: the manifest, the witnesses, the known games, emendations.

Every reader checks what it reads and raises :class:`~extract.text.errors.EditionError` naming the
file, the line and the fix. Nothing here writes.
"""
from __future__ import annotations

import codecs
import difflib
import functools
import hashlib
import os
import re
import tomllib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..text.characters import bad_in_field, char_name, check_text, first_decomposed
from ..text.errors import EditionError, line_of
from ..text.normalise import Emendation
from ..text.words import unpaired_bracket
from .structure import HEADING, MARKS, QUOTED_TITLE, Mark
from .structure import key as title_key

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def corpus_dir(path: str | Path | None = None) -> Path:
    """The corpus folder: ``path`` if given, else ``$EDITION_CORPUS``, else the repository's."""
    p = Path(path or os.environ.get("EDITION_CORPUS") or DEFAULT_CORPUS)
    if (p / "manifest.toml").is_dir():
        raise EditionError("manifest.toml is a folder, not a file", p / "manifest.toml",
                           fix="restore it from git (git checkout corpus/manifest.toml)")
    if not (p / "manifest.toml").is_file():
        raise EditionError("no manifest.toml here: this is not an edition corpus", p,
                           fix="pass --corpus DIR pointing at a folder with manifest.toml")
    return p


def read_text(path: Path, what: str = "file") -> str:
    """Read a corpus text file (TOML, the id lock) as UTF-8, a leading byte order mark dropped
    (an editor that saves one marks the encoding, not the text); raise EditionError (file,
    line, fix) if it is missing, a folder or not UTF-8. (A witness is read by
    :func:`decode_witness`, which refuses a byte order mark: it is stored without one.)
    A file of a corpus (a folder above it holds ``manifest.toml``) that is, or lies in a
    folder that is, a symbolic link out of that corpus is refused like a witness: the
    edition publishes only what the corpus holds."""
    outside_corpus(path, what)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise EditionError(f"{what} not found", path, fix="create it or restore it from git") from None
    except IsADirectoryError:
        raise EditionError(f"{what} is a folder, not a file", path, fix="give a file") from None
    except PermissionError:
        raise EditionError(f"{what} cannot be read (permission denied)", path,
                           fix="make it readable") from None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise not_utf8(path, data, e) from None


def outside_corpus(path: Path, what: str = "file") -> None:
    """Raise EditionError if ``path`` lies in a corpus (the nearest folder above it holding
    ``manifest.toml``) but resolves, through a symbolic link, to a file outside it."""
    path = Path(path).absolute()
    root = next((p for p in path.parents if (p / "manifest.toml").is_file()), None)
    if root is not None and not path.resolve().is_relative_to(root.resolve()):
        raise EditionError(f"{what} {path.relative_to(root)} lies outside the corpus (a "
                           f"symbolic link to {path.resolve()})", path,
                           fix="copy the file into the corpus instead of linking to it")


def read_toml(path: Path) -> dict:
    """Parse a TOML file; any problem becomes an EditionError with the file and line: bad
    syntax, nesting too deep to read, or a key or string holding a character that is not text
    (a control character, a direction mark, a noncharacter: :func:`bad_in_field`), which
    the site and the TEI could not carry or would show reordered."""
    text = read_text(path, "TOML file")
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise EditionError("not valid TOML for the edition: tables or lists nested too deeply "
                           "to read", path, fix="write the data flat, as the other entries "
                                                "are") from None
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        raise EditionError(f"not valid TOML: {e}", path, int(m.group(1)) if m else None,
                           fix="correct the TOML syntax") from None
    except ValueError:              # an integer too long to convert (Python's 4300-digit limit)
        m = re.search(r"\d{4000}", text)
        raise EditionError("a number too long to read (thousands of digits)", path,
                           line_of(text, m.start()) if m else None,
                           fix="write a number of ordinary size") from None
    _screen_fields(data, text, path)
    return data


def _screen_fields(data: dict, text: str, path: Path) -> None:
    """EditionError for a key or string of ``data`` (parsed from ``text``, the file ``path``)
    that holds a character that is not text (:func:`bad_in_field`; a field copied from a
    witness, :data:`VERBATIM_KEYS`, may hold its page breaks and zero-width characters),
    naming the key's line."""
    todo: list = [("", data)]
    while todo:
        name, v = todo.pop()
        if isinstance(v, dict):
            for k, x in v.items():
                _screen_one(k, k, text, path)
                todo.append((k, x))
        elif isinstance(v, list):
            todo.extend((name, x) for x in v)
        elif isinstance(v, str):
            _screen_one(name, v, text, path)


def _screen_one(name: str, value: str, text: str, path: Path) -> None:
    bad = bad_in_field(value, verbatim=name in VERBATIM_KEYS,
                       zero_width_ok=name in READ_AS_LETTERS)
    if bad is not None:
        at, what, fix = bad
        cp = ord(value[at])   # the line: where the character, or its escape, stands
        found = re.search(rf"{re.escape(value[at])}|\\u{cp:04x}|\\U{cp:08x}", text, re.I)
        raise EditionError(f"`{name}` holds {what} (character {at + 1} of its text), which is "
                           f"not text", path,
                           line_of(text, found.start()) if found else _key_line(text, name, 0),
                           fix=f"{fix} (in TOML it may be written as an escape, \\uXXXX)")


def _entry_line(text: str, table: str, index: int) -> int | None:
    """Line of the ``index``-th ``[[table]]`` header in a TOML text (for error messages)."""
    found = [m.start() for m in re.finditer(rf"^\[\[{re.escape(table)}\]\]", text, re.M)]
    return line_of(text, found[index]) if index < len(found) else None


#: keys whose text is a lookup key read as its letters, never shown: a zero-width character
#: in it is let be (the glossary's lemma, :func:`extract.corpus.ids.unmarked`)
READ_AS_LETTERS = frozenset({"lemma"})
#: entry keys not checked for mixed scripts: copied from a witness as printed (OCR letters
#: and all), or ASCII names with their own check (siglum, slug, base)
VERBATIM_KEYS = frozenset({"reading", "file", "sha256", "page_title", "siglum", "slug", "base",
                           "fragment"})
_MIXED = re.compile(r"\w*(?:[\u0400-\u04ff][A-Za-z]|[A-Za-z][\u0400-\u04ff])\w*")


def mixed_word(value: str) -> str | None:
    """The first word of ``value`` that mixes Latin and Cyrillic letters, or None."""
    m = _MIXED.search(value)
    return m.group() if m else None


def one_script(value: str, what: str, path: Path, line: int | None) -> None:
    """Raise EditionError (file, line, fix) if a word of ``value`` mixes Latin and Cyrillic
    letters (``Пaсьянс`` with a Latin ``a``): a look-alike typed by mistake, which would stand
    in the edition's text unnoticed and never match the printed word."""
    m = _MIXED.search(value)
    if m:
        word = m.group()
        latin = [c for c in word if c.isascii() and c.isalpha()]
        cyrillic = [c for c in word if "\u0400" <= c <= "\u04ff"]
        odd, script, other = (latin, "Latin", "Cyrillic") if len(latin) <= len(cyrillic) \
            else (cyrillic, "Cyrillic", "Latin")
        letters = ", ".join(f"{c} U+{ord(c):04X}" for c in dict.fromkeys(odd))
        raise EditionError(f"{what}: the word {word!r} mixes {script} letters ({letters}) into "
                           f"{other}", path, line,
                           fix=f"retype those letters in {other} (a look-alike typed by mistake)")


def _did_you_mean(word: str, choices: list[str]) -> str:
    """`` (did you mean `x`?)`` for the closest of ``choices`` to a mistyped ``word``, or ''."""
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean `{close[0]}`?)" if close else ""


@functools.lru_cache(maxsize=4)
def _line_starts(text: str) -> tuple[int, ...]:
    """The offset where each line of ``text`` starts (lines as ``str.splitlines`` counts
    them), and the text's length last: a file's entries ask for them once, not each."""
    out, at = [0], 0
    for line in text.splitlines(keepends=True):
        at += len(line)
        out.append(at)
    return tuple(out)


def _key_line(text: str, key: str, after: int | None) -> int | None:
    """The line of the first ``key = `` (or ``[key]`` / ``[[key]]`` header) at or after line
    ``after`` (1-based; 0 or None: from the top) of a TOML text, for error messages."""
    starts = _line_starts(text)
    start = starts[min(max((after or 1) - 1, 0), len(starts) - 1)]
    k = re.escape(key)
    m = re.compile(rf'^\s*(?:"{k}"|{k}|\[\[?\s*{k}\s*\]\]?)\s*(?:=|$)', re.M).search(text, start)
    return line_of(text, m.start()) if m else None


def _type_name(t) -> str:
    return {str: "a string", int: "a whole number", bool: "true or false", list: "a list"}[t]


def entries(path: Path, table: str,
            spec: Mapping[str, tuple[type, bool]]) -> list[tuple[dict, int | None]]:
    """The ``[[table]]`` entries of a TOML file, each checked against ``spec``
    (field -> (type, required)), with the line of each entry.

    Raises EditionError (file, line, fix) if the file is unreadable, ``table`` is not an array
    of tables, a required field is missing or empty, or a field has the wrong type.
    A missing file has no entries.
    """
    if not path.exists():
        return []
    data = read_toml(path)
    text = read_text(path, "TOML file")
    items = data.get(table, [])
    if not isinstance(items, list) or not all(isinstance(e, dict) for e in items):
        m = re.search(rf"^\s*\[?{re.escape(table)}\b", text, re.M)
        raise EditionError(f"`{table}` must be a list of tables, each written [[{table}]]", path,
                           line_of(text, m.start()) if m else None,
                           fix=f"write each entry under its own [[{table}]] header")
    for key in data:
        if key != table:
            raise EditionError(f"unknown {'table' if isinstance(data[key], (dict, list)) else 'key'}"
                               f" `{key}`{_did_you_mean(key, [table])}: this file holds only "
                               f"[[{table}]] entries", path, _key_line(text, key, 0),
                               fix=f"rename it to [[{table}]], or remove it")
    out = []
    for i, e in enumerate(items):
        line = _entry_line(text, table, i)
        for key in e:
            if key not in spec:
                raise EditionError(f"{table} entry has an unknown key `{key}`"
                                   f"{_did_you_mean(key, list(spec))}", path,
                                   _key_line(text, key, line) or line,
                                   fix=f"each {table} entry takes {', '.join(spec)}: correct "
                                       f"the key's name or remove it")
        for key, (typ, required) in spec.items():
            if key not in e:
                if required:
                    raise EditionError(f"{table} entry lacks `{key}`", path, line,
                                       fix=f"add `{key} = ...` to this entry")
                continue
            v = e[key]
            if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
                raise EditionError(f"`{key}` must be {_type_name(typ)}, not {v!r}", path, line,
                                   fix=f"correct `{key}` in this entry")
            if required and typ is str and isinstance(v, str) and not v.strip():
                raise EditionError(f"`{key}` is empty", path, line, fix=f"give `{key}` a value")
            if typ is str and isinstance(v, str) and key not in VERBATIM_KEYS:
                one_script(v, f"`{key}`", path, _key_line(text, key, line) or line)
        out.append((e, line))
    return out


SLUG = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")   # an XML id too: begins with a letter
SIGLUM = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,15}")
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufeff\ufffe\uffff]")


@dataclass(frozen=True)
class Witness:
    """One witness: a source text kept verbatim.

    ``siglum`` is its short citable name; ``path`` the file; ``text`` its content (str, decoded
    from UTF-8); ``orthography`` ``"modern"`` or ``"pre-reform"``; ``page_title`` a line that
    belongs to the web page, not the book (or None); ``fragment`` the slug for text before the
    first game title (or None).
    """

    siglum: str
    path: Path
    text: str
    sha256: str
    description: str
    orthography: str
    page_title: str | None = None
    fragment: str | None = None


_RUSSIAN_COMMON = frozenset("оеаинтсрвлкмдпуяыь")


def guess_encoding(data: bytes) -> str | None:
    """The likely encoding of bytes that are not UTF-8, as ``iconv`` names it: ``UTF-32``
    or ``UTF-16`` (by byte order mark, or by the NUL bytes of mostly-ASCII/Cyrillic text),
    else the Cyrillic 8-bit code page (``CP1251``, ``KOI8-R``, ``CP866``, ``MACCYRILLIC``)
    under which the text reads most like Russian (most common lowercase letters); None if
    nothing fits."""
    if data[:4] in (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"):
        return "UTF-32"
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return "UTF-16"
    sample = data[:4096]
    if len(sample) >= 8:
        # UTF-16 without BOM: the high bytes of Latin (0x00) or Cyrillic (0x04) letters
        even, odd = sample[0::2], sample[1::2]
        high = lambda half: sum(half.count(b) for b in (0, 4)) / len(half)
        if max(high(even), high(odd)) > 0.6:
            return "UTF-16LE" if high(odd) > high(even) else "UTF-16BE"
    best, score = None, 0
    for enc in ("cp1251", "koi8-r", "cp866", "mac-cyrillic"):
        text = sample.decode(enc, "replace")
        n = sum(ch in _RUSSIAN_COMMON for ch in text)
        if n > score:
            best, score = enc, n
    return iconv_name(best) if best else None


def iconv_name(codec: str) -> str:
    """A Python codec's name as iconv spells it (``mac-cyrillic`` -> ``MACCYRILLIC``)."""
    return codec.upper().replace("MAC-CYRILLIC", "MACCYRILLIC")


#: the signatures of the files an editor may give instead of their text
_BINARY = ((b"%PDF-", "PDF"), (b"AT&TFORM", "DjVu"), (b"PK\x03\x04", "zip (a .docx, .odt or .epub?)"),
           (b"\x1f\x8b", "gzip"), (b"\xd0\xcf\x11\xe0", "Word 97-2003 (.doc)"),
           (b"\x89PNG", "PNG image"), (b"\xff\xd8\xff", "JPEG image"), (b"II*\x00", "TIFF image"),
           (b"MM\x00*", "TIFF image"), (b"BZh", "bzip2"), (b"\xfd7zXZ", "xz"),
           (b"7z\xbc\xaf", "7-zip"), (b"Rar!", "RAR"), (b"\x7fELF", "program (ELF)"))
#: e-books in a Palm database, by its type and creator at byte 60 (the file opens with the
#: book's name, so it has no signature at its start)
_PALM_EBOOKS = {b"BOOKMOBI": "Kindle e-book (.mobi, .azw, .azw3)", b"TEXtREAd": "PalmDOC e-book (.pdb)"}


#: the start of an HTML document (a web page saved as its source), before any text
_HTML_DOCUMENT = re.compile(r"\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*(?:<!doctype\s+html|<html[\s>])",
                            re.I | re.S)

#: a line that opens with an HTML block tag (``<p>``, ``<h3>``, ``<div ...>``, ``<br>``,
#: ``</p>`` ...): a web page's body copied without its ``<html>`` has one on most lines; a
#: Markdown or wiki page has one here and there (an HTML heading, a caption in ``<p>``), and
#: its inline tags (``<i>``, ``<sup>``, ``<center>``, ``<ref>``) are read as markup
_HTML_BLOCK_LINE = re.compile(r"[ \t]*</?(?:p|h[1-6]|div|br|li|ul|ol|table|tr|td|th|tbody|"
                              r"thead|blockquote|body|article|main)\b[^<>\n]*>", re.I)


def html_body(text: str) -> int | None:
    """The line (1-based) of the first block tag when ``text`` is a web page's HTML body
    without its ``<html>`` (three lines or more, and more than half of its lines that hold
    anything, open with an HTML block tag, :data:`_HTML_BLOCK_LINE`); else None."""
    lines = [(i, ln) for i, ln in enumerate(text.splitlines(), 1) if ln.strip()]
    tagged = [i for i, ln in lines if _HTML_BLOCK_LINE.match(ln)]
    if len(tagged) >= 3 and 2 * len(tagged) > len(lines):
        return tagged[0]
    return None


#: the start of an XML document: its declaration, comments and doctype, then its root
#: element (group 1); a wiki page's source, which may open with a tag, has no declaration
_XML_DOCUMENT = re.compile(r"\s*(<\?xml\s[^>]*>)?\s*(?:<\?[^>]*>\s*|<!--.*?-->\s*)*"
                           r"(?:<!DOCTYPE[^>]*>\s*)?<([A-Za-z_][\w:.-]*)", re.S)
#: XML documents an editor may give instead of their text, by root element: (kind, fix)
_XML_KINDS = {
    "fictionbook": ("a FictionBook (FB2) e-book",
                    "convert it to Markdown and add that: `pandoc -f fb2 -t markdown FILE.fb2 "
                    "-o FILE.md` (a Markdown page is read)"),
    "tei": ("a TEI XML document",
            "add the text of its body: e.g. `xmllint --xpath 'string(//*[local-name()=\"body\"])' "
            "FILE.xml > FILE.txt`"),
    "alto": ("an ALTO XML file (an OCR engine's layout: its words are the CONTENT of its "
             "String elements)",
             "export the OCR as plain text instead, or join the CONTENT of each line's String "
             "elements into a line of text (e.g. with xmlstarlet) and add that"),
    "pcgts": ("a PAGE XML file (an OCR engine's layout)",
              "export the OCR as plain text instead and add that"),
    "djvuxml": ("a DjVuXML file (a DjVu's hidden text with its layout)",
                "take the text layer as plain text: `djvutxt FILE.djvu FILE.txt`, and add that"),
}
#: ABBYY FineReader's XML (its root ``document``, its namespace abbyy.com)
_FINEREADER = ("an ABBYY FineReader XML file (an OCR engine's layout)",
               "save the OCR as plain text (FineReader: Save as > Text) and add that")
_XML_KINDS["tei.2"] = _XML_KINDS["tei"]


#: an OCR engine's hOCR page (HTML whose elements carry the classes ``ocr_page``,
#: ``ocr_line``, ``ocrx_word`` ...), whole or its body alone: a tag first, such a class soon
_HOCR = re.compile(r"\s*<.{0,4000}?class\s*=\s*[\"']ocrx?_(?:page|carea|par|line|word)\b", re.S)


def xml_document_kind(text: str) -> tuple[str, str] | None:
    """``(kind, fix)`` when ``text`` is an XML document rather than a page's text: one whose
    root element is a known kind (:data:`_XML_KINDS`: FB2, TEI, ALTO, PAGE, DjVuXML; ABBYY
    FineReader's ``document``) or that opens
    with an XML declaration and a root element other than ``html``; else None."""
    m = _XML_DOCUMENT.match(text)
    if m is None:
        return None
    root = m.group(2).rpartition(":")[2].lower()
    if root in _XML_KINDS:
        return _XML_KINDS[root]
    if root == "document" and "abbyy.com" in text[m.end():m.end() + 500]:
        return _FINEREADER
    if m.group(1) and root != "html":
        return (f"an XML document (its root element <{m.group(2)}>)",
                "extract its text (the words between the tags, a paragraph to a line) and "
                "add that")
    return None


#: a Cyrillic letter (what a text misread in another encoding loses most of; a word read as
#: Russian in a slug, :func:`extract.corpus.ids.slugify`)
CYRILLIC = re.compile(r"[\u0400-\u04ff]")


#: the code pages a UTF-8 text may have been misread in, each with the share of replacement
#: characters its misreading may leave (CP1252 leaves five bytes undefined, among them the
#: second byte of с, я and А: a correct Cyrillic text encoded in it becomes '?' and gives no
#: letters back, so its share can be loose)
_MISREAD_IN = (("cp1251", 20), ("koi8-r", 20), ("cp866", 20), ("mac-cyrillic", 20), ("cp1252", 3))


def _misread(sample: str) -> str | None:
    """The code page :data:`_MISREAD_IN` names in which ``sample`` is UTF-8 misread: encoded
    back in it and read as UTF-8, it gives ten Cyrillic letters or more, with a replacement
    character for at most one in its share (a correct Cyrillic text encoded so is hardly
    ever UTF-8: nearly every letter becomes a replacement character)."""
    for codec, share in _MISREAD_IN:
        back = sample.encode(codec, "replace").decode("utf-8", "replace")
        got = len(CYRILLIC.findall(back))
        if back != sample and got >= 10 and back.count("\ufffd") * share <= got:
            return codec
    return None


def mojibake(text: str) -> tuple[str, int] | None:
    """``(code page, line)`` when ``text`` is UTF-8 misread in an 8-bit code page and saved
    as UTF-8 again (``РџР°СЃСЊСЏРЅСЃСЉ`` for ``Пасьянсъ``, :func:`_misread`): its first
    lines (up to 4 KB), or a later line so misread (files run together) where two of every
    five Cyrillic letters are Р or С, or Ð and Ñ stand six times or more (what such a line
    is made of: a line of Russian is not); else None."""
    sample = text if len(text) <= 4096 else (text[:4096].rpartition("\n")[0] or text[:4096])
    codec = _misread(sample)
    if codec is not None:
        return codec, 1
    for n, line in enumerate(text.split("\n"), 1):
        rs = line.count("Р") + line.count("С")
        if (rs >= 6 and rs * 5 >= 2 * len(CYRILLIC.findall(line))) or \
                line.count("Ð") + line.count("Ñ") >= 6:
            codec = _misread(line)
            if codec is not None:
                return codec, n
    return None


def binary_kind(data: bytes) -> str | None:
    """What kind of file ``data`` is when it is not text at all (a PDF, a DjVu, a zip or a
    word processor's file, an image, an archive, a program: by its signature; an e-book,
    :data:`_PALM_EBOOKS`), else None."""
    kind = next((kind for magic, kind in _BINARY if data.startswith(magic)), None)
    return kind or _PALM_EBOOKS.get(data[60:68])


def binary_bytes(data: bytes) -> bool:
    """True when ``data`` is a file of bytes, not text in any encoding: one byte in a hundred
    or more of its first 4 KB is NUL, and no UTF-16 or UTF-32 reading of them is free of
    control characters. (The NULs of UTF-16 or UTF-32 text without a byte order mark are the
    high bytes of its letters: that text is named by its encoding, :func:`guess_encoding`; a
    text with a stray NUL is named with it, :func:`extract.text.characters.check_text`.)"""
    sample = data[:4096]
    if sample.count(0) * 100 < len(sample):
        return False
    for enc in ("utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"):
        try:    # (incremental: a letter cut at the sample's end is no error)
            text = codecs.getincrementaldecoder(enc)().decode(sample, final=False)
        except UnicodeDecodeError:
            continue
        if not CONTROL.search(text.lstrip("\ufeff")):
            return False
    return True


#: the start of a Rich Text Format file (a word processor's "Save as RTF"): ASCII, so it
#: decodes as UTF-8, but its words are control words and \'xx escapes, not the book's
_RTF = re.compile(rb"\s*\{\\rtf")


def refuse_not_text(path: Path, data: bytes) -> None:
    """Raise EditionError when ``data`` is a file of another kind than text (a PDF, a zip,
    an image, an e-book ..., :func:`binary_kind`; any other file of bytes,
    :func:`binary_bytes`; an RTF file), naming it and how to get its text: read as text, it
    looked like KOI8-R or UTF-16, and the iconv fix made garbage."""
    kind = binary_kind(data)
    if kind in _PALM_EBOOKS.values():
        raise EditionError(f"this is a {kind} file, not text", path,
                           fix="convert it to text: `ebook-convert FILE OUT.txt` (calibre), "
                               "and add OUT.txt")
    if kind is None and binary_bytes(data):
        kind = "binary (NUL bytes, no text in any encoding: a program, an e-book, an archive?)"
    if kind is not None:
        raise EditionError(f"this is a {kind} file, not text", path,
                           fix="extract its text first (pdftotext FILE.pdf OUT.txt; djvutxt "
                               "FILE.djvu OUT.txt; an e-book: ebook-convert FILE OUT.txt; for a "
                               "word processor's file, save it as plain text, UTF-8) and add that")
    if _RTF.match(data):
        raise EditionError("this is an RTF file (a word processor's document), not text (its "
                           "control words and \\'xx escapes would be read as the book's words)",
                           path, 1,
                           fix="save it as plain text, UTF-8, in the word processor, or convert "
                               "it: `pandoc -f rtf -t markdown FILE.rtf -o FILE.md` (a Markdown "
                               "page is read) or `unrtf --text FILE.rtf > FILE.txt`; add that")


def decode_utf8(path: Path, data: bytes) -> str:
    """Decode bytes as UTF-8; EditionError naming the line of the first bad byte and the
    encoding the bytes look like (:func:`guess_encoding`) otherwise."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise not_utf8(path, data, e) from None
    if CONTROL.search(text[:4096]) and (guess_encoding(data) or "").startswith("UTF-"):
        enc = guess_encoding(data)   # UTF-16 Cyrillic can be valid UTF-8 full of control bytes
        raise EditionError(f"not UTF-8 text: control bytes between the letters; it looks like "
                           f"{enc}", path, 1,
                           fix=f"convert it with iconv -f {enc} -t UTF-8 FILE > NEW")
    return text


def broken_utf8(data: bytes) -> bool:
    """True if ``data`` is UTF-8 with a few broken bytes rather than another encoding: more
    of its non-ASCII characters decode as UTF-8 than fail to (Cyrillic in an 8-bit code page
    is almost never valid UTF-8). Converting such a file with ``iconv`` from a code page
    would garble every good letter, so the bad bytes are to be mended instead."""
    text = data.decode("utf-8", "replace")
    bad = text.count("\ufffd")
    good = sum(1 for ch in text if ord(ch) > 127) - bad
    return good > bad


def not_utf8(path: Path, data: bytes, e: UnicodeDecodeError) -> EditionError:
    """The error for a file that is not UTF-8: where, and how to convert it (or, for a UTF-8
    file with a few broken bytes, :func:`broken_utf8`, where to mend it)."""
    line = data[:e.start].count(b"\n") + 1
    if broken_utf8(data):
        column = len(data[data.rfind(b"\n", 0, e.start) + 1:e.start].decode("utf-8", "replace")) + 1
        return EditionError(f"not UTF-8 (byte {e.start}: {data[e.start:e.start + 1]!r}, column "
                            f"{column}): the rest is UTF-8 with a broken byte", path, line,
                            fix=f"delete or retype the broken character at line {line}, column "
                                f"{column} (do not convert the whole file with iconv)")
    enc = guess_encoding(data)
    if enc:
        fix = f"it looks like {enc}: convert it with iconv -f {enc} -t UTF-8 FILE > NEW"
    else:
        fix = "convert the file to UTF-8 (iconv -f ENCODING -t UTF-8 FILE > NEW)"
    return EditionError(f"not UTF-8 (byte {e.start}: {data[e.start:e.start + 1]!r})"
                        + (f"; it looks like {enc}" if enc else ""), path, line, fix=fix)


#: The largest witness taken in (bytes): a witness is a page or a chapter (the seeds are
#: 3-20 KB; a whole book of patiences is under 1 MB). Intake and check take about 2 ms a
#: sentence (benchmarks/intake.py), so 4 MiB (some 45,000 sentences) is about 1.5 minutes.
MAX_WITNESS_BYTES = 4 * 2**20


#: the longest run of characters without a space taken in: no word of a book is near it, and
#: the tokenizer's time grows with the square of a run of punctuation (1,000 ``«``: ~1 s)
MAX_RUN = 1000
_LONG_RUN = re.compile(rf"\S{{{MAX_RUN + 1}}}\S*")     # the whole run (it starts a run)


def check_runs(text: str, path: Path) -> None:
    """Raise EditionError (file, line, fix) if ``text`` holds more than :data:`MAX_RUN`
    characters in a row without a space or line break."""
    m = _LONG_RUN.search(text)
    if m:
        run = m.group()
        raise EditionError(f"a run of {len(run):,} characters without a space ({run[:12]!r}...): "
                           f"no word is that long (at most {MAX_RUN:,} are taken)", path,
                           line_of(text, m.start()),
                           fix="break it up or delete it (is it a scanning artefact?)")


#: a line quoted as an e-mail's reply quotes: '>' (or several, spaced or not) before its text
_QUOTED_LINE = re.compile(r"^[ \t]*>(?:[ \t]?>)*(?![>=])")


def quoted_reply(text: str) -> int | None:
    """The line (1-based) of the first quoted line when ``text`` holds the book quoted as an
    e-mail reply quotes it: three lines or more open with ``>`` (``> ``, ``>``, ``>> ``) and
    one of them, unquoted,
    is a game's title or a chapter's heading (``> Пасьянсъ «Почта».``); else None. A
    Markdown page's quotation (an epigraph, a note) holds no title and passes."""
    lines = text.splitlines()
    quoted = [i for i, ln in enumerate(lines) if _QUOTED_LINE.match(ln)]
    if len(quoted) < 3:
        return None
    for i in quoted:
        body = re.sub(r"^[ \t]*(?:>[ \t]?)+", "", lines[i]).strip()
        if QUOTED_TITLE.match(body) or HEADING.match(body):
            return quoted[0] + 1
    return None


def decode_witness(path: Path, data: bytes) -> str:
    """Decode a witness file's bytes; raise EditionError if it is empty, larger than
    :data:`MAX_WITNESS_BYTES`, not UTF-8, is an HTML document (a web page's source, not its
    text, or its body alone, :func:`html_body`; an OCR engine's hOCR) or an XML document
    (:func:`xml_document_kind`: FB2, TEI, ALTO), is mojibake (:func:`mojibake`), is quoted as an e-mail reply
    (:func:`quoted_reply`), starts with a byte order mark (``edition add``
    strips one before calling this: :func:`extract.text.characters.strip_bom`), has a carriage
    return without a line feed, a run of more than :data:`MAX_RUN` characters without a space,
    holds a character that is not book text (:func:`extract.text.characters.check_text`: control
    characters, direction marks; zero-width characters pass, the normaliser removes them), or
    a decomposed letter (``edition add`` composes the text before calling this:
    :func:`extract.text.characters.compose`)."""
    if not data.strip():
        raise EditionError("the witness is empty", path, fix="put the page's text in the file")
    if len(data) > MAX_WITNESS_BYTES:
        raise EditionError(f"the witness is {len(data) / 2**20:.1f} MiB; a witness may be at "
                           f"most {MAX_WITNESS_BYTES // 2**20} MiB (a page or a chapter)", path,
                           fix="split the text into chapters and add each as its own witness")
    if data.startswith(b"\xef\xbb\xbf"):
        raise EditionError("the witness starts with a byte order mark (BOM)", path, 1,
                           fix="save it as UTF-8 without BOM (the BOM is not book text)")
    refuse_not_text(path, data)
    text = decode_utf8(path, data)
    if _HOCR.match(text):
        raise EditionError("this is an OCR engine's hOCR output (HTML that marks each "
                           "line's place on the scan), not text (its tags would be read "
                           "as the book's words)", path, 1,
                           fix="export the OCR as plain text instead, or take the text of "
                               "its lines: `hocr-lines FILE.hocr > FILE.txt` (hocr-tools)")
    if _HTML_DOCUMENT.match(text):
        raise EditionError("this is a web page's HTML source, not its text (its tags would be "
                           "read as the book's words)", path, 1,
                           fix="save the page's text and add that: the browser's Save as > "
                               "Text, `lynx -dump -nolist PAGE.html > PAGE.txt`, or `pandoc -f "
                               "html -t markdown PAGE.html -o PAGE.md` (a Markdown page is read)")
    body = html_body(text)
    if body is not None:
        raise EditionError("this is a web page's HTML source without its <html> (most of its "
                           "lines open with a tag, <p>, <h3>, <div>: the tags would be read as "
                           "the book's words)", path, body,
                           fix="convert it to Markdown and add that: `pandoc -f html -t "
                               "markdown PAGE.html -o PAGE.md` (a Markdown page is read), or "
                               "save the page's text from the browser (Save as > Text)")
    misread = mojibake(text)
    if misread is not None:
        codec, line = misread
        name = iconv_name(codec)
        seen = "Пасьянсъ".encode("utf-8").decode(codec, "replace")
        raise EditionError(f"this text is UTF-8 that was read as {name} and saved again (mojibake: "
                           f"'{seen}' for 'Пасьянсъ')" + (" from this line on" if line > 1 else ""),
                           path, line, fix=f"convert it back with iconv -f UTF-8 -t {name} FILE > "
                                           f"NEW (NEW is the UTF-8 text; a letter shown as "
                                           f"\ufffd is lost: take it from the source) and add NEW")
    xml = xml_document_kind(text)
    if xml is not None:
        raise EditionError(f"this is {xml[0]}, not text (its tags would be read as the book's "
                           f"words)", path, 1, fix=xml[1])
    reply = quoted_reply(text)
    if reply is not None:
        raise EditionError("the book's text is quoted as an e-mail reply quotes it (its lines "
                           "open with '>'); the quoting would be read as the book's", path,
                           reply, fix="take the quoting off (sed -E 's/^(> ?)+//' FILE > NEW), "
                                      "delete the mail's headers, greeting and signature from "
                                      "NEW, and add NEW")
    cr = re.search(r"\r(?!\n)", text)
    if cr:
        raise EditionError("the witness has a bare carriage return (CR without LF: old Mac line "
                           "ends?); its lines would run together", path, line_of(text, cr.start()),
                           fix="save it with LF or CRLF line ends (e.g. tr '\\r' '\\n' < FILE > NEW)")
    check_runs(text, path)
    check_text(text, path, "the witness")
    at = first_decomposed(text)
    if at is not None:      # (add stores the text composed: a stored witness is composed)
        mark = text[at + 1:at + 2]
        what = (f"'{text[at]}' and {char_name(mark)} after it, not the one composed letter"
                if mark and unicodedata.combining(mark) else char_name(text[at]))
        raise EditionError(f"the witness holds a decomposed letter ({what}) at column "
                           f"{at - text.rfind(chr(10), 0, at)}", path, line_of(text, at),
                           fix="add the file with `edition add`, which stores it composed "
                               "(NFC), or compose it (uconv -x any-nfc FILE > NEW) and set its "
                               "sha256 in the manifest")
    return text


WITNESS_SPEC = {"siglum": (str, True), "file": (str, True), "sha256": (str, True),
                "description": (str, False), "orthography": (str, False),
                "page_title": (str, False), "fragment": (str, False)}


def load_witnesses(root: Path, errors: list[EditionError] | None = None) -> list[Witness]:
    """Load every witness named in ``root/manifest.toml``, verifying each checksum.
    EditionError at the first problem; with ``errors`` (a list) each entry's problem is
    appended to it instead and the other entries are read on (the manifest's own problems
    still raise)."""
    mpath = root / "manifest.toml"
    out: list[Witness] = []
    seen: set[str] = set()
    files: dict[Path, str] = {}
    for e, line in entries(mpath, "witness", WITNESS_SPEC):
        try:
            out.append(_witness(root, mpath, e, line, seen, files))
        except EditionError as problem:
            if errors is None:
                raise
            errors.append(problem)
    if not out and not errors:
        raise EditionError("the manifest lists no witness", mpath,
                           fix="add a [[witness]] entry (or use `edition add FILE`)")
    return out


def _witness(root: Path, mpath: Path, e: dict, line: int | None, seen: set[str],
             files: dict[Path, str]) -> Witness:
    """The witness of manifest entry ``e`` (at ``line`` of ``mpath``), its checksum verified;
    ``seen`` the sigla and ``files`` the files of the entries before it (both updated)."""
    if not SIGLUM.fullmatch(e["siglum"]):
        raise EditionError(f"siglum {e['siglum']!r} is not a short ASCII name", mpath, line,
                           fix="use letters, digits, '-' or '_', starting with a letter (XL, P13)")
    if e["siglum"] in seen:
        raise EditionError(f"siglum {e['siglum']!r} is used twice", mpath, line,
                           fix="give each witness its own siglum")
    seen.add(e["siglum"])
    if e.get("fragment") is not None and not SLUG.fullmatch(e["fragment"]):
        raise EditionError(f"fragment slug {e['fragment']!r} is not lowercase ASCII words "
                           f"joined by '-'", mpath, line, fix='e.g. fragment = "fragment-p13"')
    path = (root / e["file"]).resolve()
    if not path.is_relative_to(root.resolve()):
        raise EditionError(f"witness file {e['file']} lies outside the corpus", mpath, line,
                           fix="keep witnesses in corpus/witnesses/ (edition add copies them)")
    if path in files:
        raise EditionError(f"witness file {e['file']} is listed twice (also as "
                           f"{files[path]})", mpath, line, fix="remove one of the entries")
    files[path] = e["siglum"]
    if not path.is_file():
        raise EditionError(f"witness file {e['file']} not found", mpath, line,
                           fix="restore the file or correct `file`")
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != e["sha256"].lower():    # (hex digits in either case: the same digest)
        raise EditionError(
            f"checksum mismatch for witness {e['siglum']}: the file's sha256 is {digest}",
            path, fix=f"witnesses are kept verbatim: restore the file from git, or if the "
                      f"new text is intended, set sha256 = \"{digest}\" in {mpath}:{line}")
    text = decode_witness(path, data)
    orth = e.get("orthography", "modern")
    if orth not in ("modern", "pre-reform"):
        raise EditionError(f"orthography {orth!r} is unknown", mpath, line,
                           fix='use "modern" or "pre-reform"')
    return Witness(e["siglum"], path, text, digest, e.get("description", ""), orth,
                   e.get("page_title"), e.get("fragment"))


@dataclass(frozen=True)
class KnownGame:
    """A game listed in ``corpus/games.toml``: slug, titles, base witness siglum (or None)."""

    slug: str
    title_ru: str
    title_en: str | None
    base: str | None = None
    fragment: bool = False


GAME_SPEC = {"slug": (str, True), "title_ru": (str, True), "title_en": (str, False),
             "base": (str, False), "fragment": (bool, False)}


def load_games(root: Path) -> list[KnownGame]:
    """Load ``root/games.toml`` (missing file: no known games); slugs and titles are unique."""
    path = root / "games.toml"
    out: list[KnownGame] = []
    slugs: dict[str, int | None] = {}
    titles: dict[str, int | None] = {}
    for g, line in entries(path, "game", GAME_SPEC):
        if not SLUG.fullmatch(g["slug"]):
            raise EditionError(f"slug {g['slug']!r} is not lowercase ASCII words joined by '-', "
                               f"beginning with a letter", path, line, fix="rename the slug")
        for kind, value, seen in (("slug", g["slug"], slugs), ("title", title_key(g["title_ru"]), titles)):
            if value in seen:
                raise EditionError(f"{kind} {value!r} is used twice (also on line {seen[value]})",
                                   path, line, fix=f"each game has its own {kind}")
            seen[value] = line
        out.append(KnownGame(g["slug"], g["title_ru"], g.get("title_en"), g.get("base"),
                             g.get("fragment", False)))
    return out


#: ``results/claims.toml``: the author's claims about the odds, and what the engine finds
CLAIM_SPEC = {"game": (str, True), "sentence": (str, True), "claim": (str, True),
              "answer": (str, True), "test": (str, False), "rows": (list, False),
              "measured": (str, False)}

EMENDATION_SPEC = {"witness": (str, True), "line": (int, True), "reading": (str, True),
                   "correction": (str, False), "reason": (str, True), "occurrence": (int, False)}


def load_emendations(root: Path, witnesses: list[Witness]) -> dict[str, list[Emendation]]:
    """Load ``root/emendations.toml``: for each siglum, its emendations at original offsets.

    Each entry gives ``witness``, ``line`` (1-based), ``reading`` (as in the witness),
    ``correction``, ``reason`` and optionally ``occurrence`` (which occurrence of the reading on
    that line, from 1). Raises EditionError if the reading is not on that line (that many
    times), or if the correction's square brackets (an editorial supplement's) do not pair
    where the reading's do.
    """
    path = root / "emendations.toml"
    by_siglum = {w.siglum: w for w in witnesses}
    out: dict[str, list[Emendation]] = {}
    where: dict[str, list[tuple[int, int, int | None]]] = {}
    for e, line in entries(path, "emendation", EMENDATION_SPEC):
        if "correction" not in e:
            raise EditionError("emendation lacks `correction`", path, line,
                               fix='add `correction = "..."` (it may be "" to delete)')
        w = by_siglum.get(e["witness"])
        if w is None:
            raise EditionError(f"unknown witness {e['witness']!r}", path, line,
                               fix=f"use one of {', '.join(by_siglum)}")
        lines = w.text.split("\n")
        n = e["line"]
        if not 1 <= n <= len(lines):
            raise EditionError(f"witness {w.siglum} has no line {n}", path, line,
                               fix=f"give a line from 1 to {len(lines)}")
        starts = [m.start() for m in re.finditer(re.escape(e["reading"]), lines[n - 1])]
        occ = e.get("occurrence", 1)
        if occ < 1:
            raise EditionError(f"occurrence must be 1 or more, not {occ}", path, line,
                               fix="count occurrences on the line from 1")
        if not starts:
            raise EditionError(f"{e['reading']!r} is not on line {n} of witness {w.siglum}",
                               path, line, fix="correct `line` or `reading`")
        if occ > len(starts):
            times = "once" if len(starts) == 1 else f"{len(starts)} times"
            raise EditionError(f"occurrence {occ}: {e['reading']!r} stands only {times} on "
                               f"line {n} of witness {w.siglum}", path, line,
                               fix=f"give an occurrence from 1 to {len(starts)}, or correct "
                                   f"`line`")
        if len(starts) > 1 and "occurrence" not in e:
            raise EditionError(f"{e['reading']!r} stands {len(starts)} times on line {n}",
                               path, line, fix="add `occurrence = N` to say which one")
        bracket = unpaired_bracket(e["correction"])
        if bracket and not unpaired_bracket(e["reading"]):   # (brackets printed unpaired stay)
            raise EditionError(f"the correction's square brackets (the editors' supplement) "
                               f"do not pair: {bracket}", path, line,
                               fix="close each [supplied words] with ], or remove the stray "
                                   "bracket")
        start = sum(len(x) + 1 for x in lines[:n - 1]) + starts[occ - 1]
        end = start + len(e["reading"])
        for a, b, other in where.get(w.siglum, []):
            if a < end and start < b:
                raise EditionError(f"this emendation overlaps the one on line {other} (same "
                                   f"text of witness {w.siglum})", path, line,
                                   fix="merge the two emendations into one")
        where.setdefault(w.siglum, []).append((start, end, line))
        out.setdefault(w.siglum, []).append(
            Emendation(start, end, e["reading"], e["correction"], e["reason"]))
    return out


def structure_file(root, siglum: str):
    """The path of a witness's corrections file: ``corpus/structure/<siglum>.toml``."""
    return Path(root) / "structure" / f"{siglum}.toml"


def load_marks(root, siglum: str, text: str) -> tuple[Mark, ...]:
    """The corrections for witness ``siglum`` (none if it has no file), checked against its
    ``text``. Raises EditionError naming the file and line for a key other than ``mark`` /
    ``lines`` / ``as`` / ``title``, a kind not in :data:`MARKS`, lines not given as ``N`` or
    ``"N-M"``, a range outside the witness, two ranges that overlap, or a ``title`` on a mark
    that is not a title."""
    path = structure_file(root, siglum)
    if not path.is_file():
        if path.exists() or path.is_symlink():      # a folder, or a link to nothing
            raise EditionError("the corrections file is not a file (a folder, or a symbolic "
                               "link to nothing)", path,
                               fix=f"make {path.name} a TOML file holding [[mark]] entries, or "
                                   f"remove it")
        return ()
    data = read_toml(path)
    src = path.read_text(encoding="utf-8")
    n_lines = text.count("\n") + (0 if text.endswith("\n") else 1)
    for k in data:
        if k != "mark":
            raise EditionError(f"unknown key `{k}`{_did_you_mean(k, ['mark'])}: the file holds "
                               f"[[mark]] entries", path, _key_line(src, k, 0),
                               fix='write each correction as [[mark]] with lines = "3-4" and '
                                   'as = "debris" (see the README, Adding a chapter)')
    marks: list[Mark] = []
    entries = data.get("mark", [])
    if not isinstance(entries, list):
        raise EditionError("`mark` must be a list of [[mark]] entries", path, _key_line(src, "mark", 0),
                           fix="write [[mark]] above each entry")
    for i, e in enumerate(entries):
        at = _entry_line(src, "mark", i)
        if not isinstance(e, dict):
            raise EditionError(f"`mark` holds {e!r}, not a [[mark]] entry", path,
                               at or _key_line(src, "mark", 0),
                               fix='write each correction as [[mark]] with lines = "3-4" and '
                                   'as = "debris"')
        for k in e:
            if k not in ("lines", "as", "title"):
                raise EditionError(f"unknown key `{k}`{_did_you_mean(k, ['lines', 'as', 'title'])} "
                                   f"in a [[mark]]", path, _key_line(src, k, at),
                                   fix="a [[mark]] holds lines, as and (for a title) title")
        kind, lines = e.get("as"), e.get("lines")
        if kind is None:
            raise EditionError("a [[mark]] without `as`: what the lines are is not said", path,
                               at, fix=f"add as = \"KIND\", one of: {', '.join(MARKS)}")
        if kind not in MARKS:
            raise EditionError(f"as = {kind!r} is not a kind of line{_did_you_mean(str(kind), list(MARKS))}",
                               path, _key_line(src, "as", at) or at,
                               fix=f"use one of: {', '.join(MARKS)}")
        m = re.fullmatch(r"\s*(\d{1,9})\s*(?:-\s*(\d{1,9})\s*)?", str(lines)) if isinstance(lines, (int, str)) \
            and not isinstance(lines, bool) else None
        if m is None:
            shown = repr(lines) if len(repr(lines)) <= 40 else repr(lines)[:37] + "..."
            raise EditionError(f"lines = {shown} is not a line or a range of lines", path,
                               _key_line(src, "lines", at) or at,
                               fix='write lines = 7 or lines = "7-9" (the witness\'s line numbers)')
        first, last = int(m.group(1)), int(m.group(2) or m.group(1))
        if not 1 <= first <= last <= n_lines:
            raise EditionError(f"lines {first}-{last} are outside the witness (lines 1-{n_lines})"
                               if first <= last else f"lines {first}-{last} run backwards", path,
                               _key_line(src, "lines", at) or at,
                               fix="give line numbers of the witness file as stored")
        if "title" in e and kind not in ("title", "prose"):
            raise EditionError("`title` names the game a mark begins: it needs as = \"title\" "
                               "(the lines are its title) or as = \"prose\" (a game with no "
                               "printed title begins there) and some text", path,
                               _key_line(src, "title", at) or at,
                               fix='remove it, or set as = "title" or as = "prose"')
        if "title" in e and (not isinstance(e["title"], str) or not e["title"].strip()):
            raise EditionError(f"`title` is {'empty' if isinstance(e['title'], str) else 'no text'}"
                               f": a {kind} mark's `title` is its game's title", path,
                               _key_line(src, "title", at) or at,
                               fix='give the game\'s title as text, title = "Колодецъ"' + (
                                   ", or remove the key (the title is then read from the marked lines)"
                                   if kind == "title" else ""))
        if not any(ln.strip() for ln in text.split("\n")[first - 1:last]):
            # (a mark on no printed line marks nothing: it would be passed over unsaid)
            raise EditionError(f"line{'s' if last > first else ''} "
                               f"{first if first == last else f'{first}-{last}'} "
                               f"{'is' if first == last else 'are'} blank: a mark says what "
                               f"printed lines are", path, _key_line(src, "lines", at) or at,
                               fix="give the number of the line it is for, as the dry run "
                                   "shows it (the witness file's line numbers)")
        for other in marks:
            if first <= other.last and other.first <= last:
                raise EditionError(f"lines {first}-{last} overlap the mark of lines "
                                   f"{other.first}-{other.last} ({other.where})", path, at,
                                   fix="give each line one mark")
        marks.append(Mark(first, last, kind, e.get("title", "").strip(), f"{path}:{at}"))
    return tuple(marks)
