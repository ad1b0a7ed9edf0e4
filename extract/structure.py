"""Splitting a witness into its parts: page title, chapter heading, game titles, figure
markers and prose paragraphs.

All offsets are character offsets into the witness text. Matching is done on a comparison
key (lowercase, ё as е, Latin look-alikes as Cyrillic) so that OCR noise and spelling do not
hide a title; the spans kept are always the original ones.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import EditionError, line_of

#: a blank line (with LF, CRLF or CR line ends), a form feed or a paragraph separator
PARAGRAPH_BREAK = re.compile(r"(?:\r\n|\n|\r)[ \t]*(?:\r\n|\n|\r)\s*|[ \t]*[\f\u2029]\s*")
HEADING = re.compile(r"^Глава\s+([IVXLCІХУ]+)\s*\.\s*(.*)$", re.S)
FIGURE = re.compile(r"^Фиг\s*\.\s*(\d+)\s*\.?$")
QUOTED_TITLE = re.compile(r"^Пасьянс\s+«([^»]{2,80})»")
TITLE_TAIL = re.compile(r"\.?(?:\s*\([^()\n]{1,60}\))?\.?")
SENTENCE_END = re.compile(r"[.!?…][)\]»\"”’]*$")

_LOOKALIKE = str.maketrans("aceopxyiAOCEHKMPTXBІіѣѢ", "асеорхуиАОСЕНКМРТХВИиеЕ")


def key(text: str) -> str:
    """Comparison key: lowercase, ё→е, Latin look-alikes and old letters folded, spaces single."""
    return re.sub(r"\s+", " ", text.translate(_LOOKALIKE).lower().replace("ё", "е")).strip()


@dataclass(frozen=True)
class Part:
    """A span of a witness: ``kind`` is ``page-title``, ``heading``, ``title``, ``figure`` or
    ``prose``; ``[start, end)`` its text without surrounding whitespace; ``label`` the figure
    number or the game title as printed (else "")."""

    kind: str
    start: int
    end: int
    label: str = ""


def paragraphs(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Blank-line separated paragraphs of ``text[start:end]`` as stripped ``(start, end)`` spans."""
    end = len(text) if end is None else end
    out, pos = [], start
    for m in PARAGRAPH_BREAK.finditer(text, start, end):
        out.append((pos, m.start()))
        pos = m.end()
    out.append((pos, end))
    spans = []
    for s, e in out:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            spans.append((s, e))
    return spans


def continues(text: str, prev_end: int, next_start: int) -> bool:
    """True when a paragraph break is a page break inside a sentence: the paragraph before
    ends without sentence-final punctuation and the next begins with a lowercase letter."""
    return (not SENTENCE_END.search(text[max(0, prev_end - 4):prev_end])
            and text[next_start:next_start + 1].islower())


def prose_blocks(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Paragraphs of ``text[start:end]``, joining those split by a page break (see
    :func:`continues`)."""
    blocks: list[list[int]] = []
    for s, e in paragraphs(text, start, end):
        if blocks and continues(text, blocks[-1][1], s):
            blocks[-1][1] = e
        else:
            blocks.append([s, e])
    return [(s, e) for s, e in blocks]


def parse_heading(text: str) -> tuple[str, list[str]] | None:
    """``("XL", ["Мельница", ...])`` for a chapter heading paragraph, else None."""
    m = HEADING.match(text)
    if not m:
        return None
    titles = [t.strip(" .") for t in re.split(r"\s+[-–—]\s+", m.group(2)) if t.strip(" .")]
    return m.group(1), titles


def match_title(text: str, titles: list[str]) -> tuple[str, int] | None:
    """If the paragraph ``text`` begins with a game title, ``(title as printed, length of the
    title unit)``. A title is one of ``titles`` followed by ``.`` or `` (``, or ``Пасьянс «X»``;
    the unit takes in a following parenthesis and period (``Мельница. (Полная колода карт)``).
    """
    m = QUOTED_TITLE.match(text)
    if m:
        printed, n = m.group(1), m.end()
    else:
        k = key(text[:100])
        for t in sorted(titles, key=len, reverse=True):
            kt = key(t)
            if k.startswith(kt) and k[len(kt):len(kt) + 1] in (".", " (") or \
                    k.startswith(kt + " ("):
                printed, n = text[:len(t)], len(t)
                break
        else:
            return None
    n += TITLE_TAIL.match(text, n).end() - n
    return printed, n


def split_witness(text: str, path, page_title: str | None, titles: list[str]) -> list[Part]:
    """Split a witness into its parts, in text order.

    ``titles`` are the known game titles (from games.toml); a chapter heading adds its own.
    Raises EditionError if the declared page title is missing or a game named in the heading
    has no paragraph that begins with its title.
    """
    parts: list[Part] = []
    paras = paragraphs(text)
    if page_title is not None:
        if not paras or text[paras[0][0]:paras[0][1]] != page_title:
            raise EditionError(f"the manifest says the page title is {page_title!r}, "
                               f"but the first line is not that", path, 1,
                               fix="correct `page_title` in corpus/manifest.toml or remove it")
        parts.append(Part("page-title", *paras[0]))
        paras = paras[1:]
    heading_titles: list[str] = []
    if paras:
        h = parse_heading(text[paras[0][0]:paras[0][1]])
        if h:
            parts.append(Part("heading", *paras[0], label=h[0]))
            heading_titles = h[1]
            paras = paras[1:]
    candidates = heading_titles + [t for t in titles if t not in heading_titles]
    found = set()
    for s, e in paras:
        para = text[s:e]
        fig = FIGURE.match(para)
        if fig:
            parts.append(Part("figure", s, e, label=fig.group(1)))
            continue
        t = match_title(para, candidates)
        if t:
            printed, n = t
            title_end = s + n
            while title_end > s and text[title_end - 1].isspace():
                title_end -= 1
            parts.append(Part("title", s, title_end, label=printed))
            found.add(key(printed))
            rest = s + n
            while rest < e and text[rest].isspace():
                rest += 1
            if rest < e:
                parts.append(Part("prose", rest, e))
        else:
            parts.append(Part("prose", s, e))
    for t in heading_titles:
        if key(t) not in found:
            hs = next(p for p in parts if p.kind == "heading")
            raise EditionError(
                f"the chapter heading names the game {t!r}, but no paragraph begins with "
                f"that title", path, line_of(text, hs.start),
                fix=f"check the title's spelling in the heading and at the head of its "
                    f"paragraph (a game begins with '{t}.' at the start of a paragraph)")
    return parts
