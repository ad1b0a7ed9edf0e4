"""Rebuild the layout fixtures 10-15 from real public-domain text, laid out the way editors
get chapters (djvu/pdftotext scans, Markdown and Wikisource exports, two columns, pdftotext
with its form feeds between pages).

Text: L. N. Tolstoy, «Азбука», book IV (1872), pre-reform spelling as printed (page numbers
«— 2 —» and OCR slips such as «НАСЪДКА» kept), from ``../shared/data/tolstoy_azbuka4_dev.jsonl``
(Tolstoy.Digital's encoding, CC BY-SA; see benchmarks/data/README.md); and the seed page of
chapter XLIV of the book of patiences (``../shared/seeds/000_c3eccc830ebc789a.txt``). Only the
layout is made here (line wrapping, running heads, markup); the words are the sources'.
Run from the repository root: ``python tests/data/layouts/make_real.py``.
"""
import json
import textwrap
from pathlib import Path

HERE = Path(__file__).parent
SHARED = HERE.parents[3] / "shared"
ROWS = [json.loads(x)["orig"] for x in
        (SHARED / "data" / "tolstoy_azbuka4_dev.jsonl").read_text(encoding="utf-8").splitlines()[1:]]


def wrap(p, width, hyphen_every=3):
    """Hard-wrap a paragraph; every third line end that falls inside a long word is hyphenated."""
    out, line, n = [], "", 0
    for w in p.split():
        if len(line) + 1 + len(w) > width and line:
            n += 1
            if n % hyphen_every == 0 and len(w) > 7 and w.isalpha():
                cut = len(w) // 2
                out.append(line + " " + w[:cut] + "-")
                line = w[cut:]
                continue
            out.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    return out + [line]


def pages(rows):
    """Split rows at the printed page numbers («— 2 —»): [(number or None, [rows])]."""
    out, num, cur = [], None, []
    for r in rows:
        if r.startswith("— ") and r.endswith(" —") and r[2:-2].isdigit():
            out.append((num, cur))
            num, cur = r[2:-2], []
        else:
            cur.append(r)
    return out + [(num, cur)]


def scan_pages(rows, width, even, odd):
    """The pages of a scan's text layer, each its lines joined: the running head ``even`` or
    ``odd`` (formatted with the page number) on top, titles as they are, the prose
    hard-wrapped at ``width`` with hyphenation, no blank lines between paragraphs."""
    out = []
    for num, rs in pages(rows):
        page = [(even if int(num) % 2 == 0 else odd).format(num)] if num else []
        for r in rs:
            page += [r] if r.isupper() else wrap(r, width)
        out.append("\n".join(page))
    return out


def djvu(rows):
    """A djvu text layer: a blank line between pages, the running head «АЗБУКА.» with the page
    number, wrapped lines with hyphenation, no blank lines between paragraphs."""
    return "\n\n".join(scan_pages(rows, 58, "{}                АЗБУКА.",
                                   "КНИГА ЧЕТВЕРТАЯ.                {}")) + "\n"


def pdftotext(rows):
    """pdftotext's default output: each page's lines, then a form feed (U+000C) before the
    next page; running heads «КНИГА ЧЕТВЕРТАЯ.» with the page number at the top of each page,
    hard-wrapped lines with hyphenation (a word divided across two pages too), no blank
    lines."""
    return "".join(p + "\n\f" for p in scan_pages(rows, 52, "{}  КНИГА ЧЕТВЕРТАЯ.",
                                                   "АЗБУКА.  {}"))


def markdown(rows):
    out = ["# Л. Н. Толстой. Азбука. Книга четвертая", ""]
    for num, rs in pages(rows):
        if num:
            out += ["---", "", f"*— {num} —*", ""]
            if num == "5":
                out += ["![Насѣдка и цыплята, рисунокъ](images/azbuka-5.png)", ""]
        for r in rs:
            if r.isupper():
                out += [f"## {r}" if len(out) % 2 else f"**{r}**", ""]
            else:
                out += [r, ""]
    return "\n".join(out)


def wikisource(rows):
    out = ["{{Отексте", "| АВТОР = Лев Николаевич Толстой", "| НАЗВАНИЕ = Азбука. Книга четвертая",
           "| ИСТОЧНИК = Азбука графа Л. Н. Толстого. — СПб., 1872", "}}",
           '<div class="text">', ""]
    for num, rs in pages(rows):
        if num:
            out += [f"{{{{pagenum|{num}}}}}", ""]
        for r in rs:
            if r == "II.":
                out += ["<center>II.</center>", ""]
            elif r.isupper():
                out += [f"=== {r} ===", ""]
            else:
                out += [r, ""]
    return "\n".join(out + ["</div>", "", "{{PD-old}}", "[[Категория:Лев Николаевич Толстой]]",
                            "[[Категория:Басни]]", ""])


def wikisource_pages(rows):
    """Wikisource's Page: namespace, pages exported one after another (the raw wikitext of each
    ``Страница:...djvu/N``, joined by a line break as the transclusion joins them): each page's
    header and footer in ``<noinclude>`` (the page quality mark, the running head
    ``{{колонтитул|...}}``, ``<references />``), a title as ``{{c|{{larger|...}}}}``, a
    ``<section begin=.../>`` mark before it, and every other word divided across two pages
    written as ru.wikisource writes it: ``{{перенос|отъ|искивать}}`` ending the first page and
    ``{{перенос2|отъ|искивать}}`` opening the next."""
    out, carry, k = [], "", 0
    for num, rs in pages(rows):
        if not rs:
            continue
        head = (f'<noinclude><pagequality level="3" user="Korrektor" /><div class="indented-page">'
                f'{{{{колонтитул|— {num} —|АЗБУКА.|}}}}</noinclude>') if num else ""
        body = []
        for r in rs:
            if r.isupper():
                body += [f"<section begin=\"{r.strip('.').lower()}\" />{{{{c|{{{{larger|{r}}}}}}}}}", ""]
            else:
                body += [r, ""]
        text = "\n".join(body).strip("\n")
        if carry:
            text = carry + text
            carry = ""
        k += 1
        last = text.rsplit(" ", 1)
        word = last[-1]
        if k % 2 == 0 and len(last) == 2 and len(word) > 7 and word.isalpha():
            cut = len(word) // 2
            text = f"{last[0]} {{{{перенос|{word[:cut]}|{word[cut:]}}}}}"
            carry = f"{{{{перенос2|{word[:cut]}|{word[cut:]}}}}} "
        out.append(head + text + "<noinclude><references /></div></noinclude>")
    return "\n".join(out) + "\n"


def djvutxt_run_on(rows):
    """An archive.org-style djvu text layer with nothing between pages: no form feed and no
    blank line; each page opens with its running head beside the page number on one line
    («КАВКАЗСКІЙ ПЛѢННИКЪ.  33»), then the prose hard-wrapped with hyphenation, a word divided
    across two pages too; no blank lines between paragraphs."""
    lines = []
    for num, rs in pages(rows):
        if num:
            lines.append(f"{num}          КНИГА ЧЕТВЕРТАЯ." if int(num) % 2 == 0
                         else f"КАВКАЗСКІЙ ПЛѢННИКЪ.          {num}")
        for r in rs:
            lines += [r] if r.isupper() or len(r) < 6 else wrap(r, 60, 2)
    return "\n".join(lines) + "\n"


def two_columns(rows):
    """pdftotext -layout of a two-column page: the lines of both columns side by side."""
    left = [ln for r in rows[:len(rows) // 2] for ln in (wrap(r, 40, 99) + [""])]
    right = [ln for r in rows[len(rows) // 2:] for ln in (wrap(r, 40, 99) + [""])]
    n = max(len(left), len(right))
    left += [""] * (n - len(left))
    right += [""] * (n - len(right))
    return "\n".join(f"{a:<44}{b}".rstrip() for a, b in zip(left, right)) + "\n"


def spaced(title):
    return "  ".join(" ".join(w) for w in title.split())


def seed_scan():
    """Chapter XLIV as a scanned book: a table of contents with dot leaders, running heads and
    page numbers, blank lines between pages, a title in spaced capitals over
    the same run-in title."""
    seed = (SHARED / "seeds" / "000_c3eccc830ebc789a.txt").read_text(encoding="utf-8")
    paras = [p for p in seed.split("\n\n") if p.strip()][1:]       # the chapter heading aside
    toc = ["ОГЛАВЛЕНІЕ.", "", "Восьмиугольник . . . . . . . . . . . . 112",
           "Фаворитка . . . . . . . . . . . . . . . 114", "Идет не идет . . . . . . . . . . . . . 115", ""]
    lines = ["ГЛАВА XLIV.", ""]
    for p in paras:
        if p.startswith("Восьмиугольник. "):
            lines += [spaced("ВОСЬМИУГОЛЬНИК."), ""]
        lines += wrap(p, 64) + [""]
    out, page = [], 112
    for k in range(0, len(lines), 24):
        head = (f"{page}                ПАСЬЯНСЫ." if page % 2 == 0 else f"ПАСЬЯНСЫ.                {page}")
        out.append(head + "\n\n" + "\n".join(lines[k:k + 24]).strip("\n"))
        page += 1
    return "\n".join(toc) + "\n" + "\n\n".join(out) + "\n"


def collision():
    """A standalone title over the same title run in (the file name is the game's slug)."""
    i = ROWS.index("ЦАРЬ И СЛОНЫ.")
    return ("ЦАРЬ И СЛОНЫ.\n\nЦарь и слоны. " + ROWS[i + 1] + "\n\n" + ROWS[i + 2] + "\n")


def main():
    files = {"10-azbuka-djvu-scan.txt": djvu(ROWS[0:31]),
             "11-azbuka-markdown.txt": markdown(ROWS[31:53]),
             "12-azbuka-wikisource.txt": wikisource(ROWS[53:91]),
             "13-seed-scan-toc.txt": seed_scan(),
             "14-azbuka-two-columns.txt": two_columns(ROWS[91:110]),
             "15-tsar-i-slony.txt": collision(),
             "16-azbuka-pdftotext.txt": pdftotext(ROWS[110:150]),
             "21-azbuka-wikisource-pages.txt": wikisource_pages(ROWS[158:224]),
             "22-azbuka-djvutxt-run-on.txt": djvutxt_run_on(ROWS[224:280])}
    for name, text in files.items():
        (HERE / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
