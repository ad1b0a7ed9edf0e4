"""Splitting a witness into its parts: web debris, page titles, chapter headings, game titles,
figure markers and prose.

The finder works line by line, so that it reads the layouts a transcription comes in: one
paragraph a line with blank lines between (the seed pages), hard-wrapped OCR lines with
hyphenation, one paragraph a line with no blank lines at all (a web page), and text
copied from a web page with its menus around it.

A line is, in this order of tests:

``page-title``
    the web page's own title, ``Пасьянсы - страница 16`` (not the book's text);
``debris``
    other web page furniture: menus with ``|``, ``Читать онлайн``, ``Выбрать главу``,
    ``Следующая страница »``, comment counters, a line of only digits and marks
    (a page number, a separator);
``heading``
    a chapter heading, ``Глава XL. Мельница. - Египетская пирамида``, ``ГЛАВА XLVIII.``; a
    line listing the games (``Котильонъ. — Полушарія.``) right after a bare heading belongs to
    it;
``figure``
    a figure marker, ``Фиг. 30``;
``title``
    a game title: ``Пасьянс «Название».`` anywhere a paragraph begins; a title the edition
    knows (``corpus/games.toml`` or a chapter heading) followed by ``.``, `` (`` or the end of
    the line; or a line of its own (``Котильонъ``, ``Полушарія.``) that reads as a name: one
    to six words, capitalised, the first a noun or adjective that can be nominative and
    none a verb or predicative (pymorphy3, on the modern spelling); or, at the start of a
    paragraph, such a name of one to four words followed by ``.`` and a capitalised
    sentence;
``prose``
    everything else; consecutive prose lines of one paragraph make one part.

Before these tests, lines the editor marked in ``corpus/structure/<siglum>.toml`` take the
kind given (:func:`extract.corpus.readers.load_marks`; no guess overrides them), and markup is read: a line that is
only markup (an image link, a template, a category, an HTML tag) is ``debris`` labelled
``markup``, and the text inside markup that wraps a line (``## X``, ``== X ==``, ``**X**``,
``<center>X</center>``, ``{{razr|X}}``) or inside spaced letters (``З В Ѣ З Д А.``) is what
the tests read. After them, the furniture of a scanned page becomes ``debris`` with a label
(:func:`_furniture`: running heads, page numbers, a table of contents, footnotes), a title
set in capitals on a line of its own is taken before a paragraph, and :func:`_sections`
sorts short lines standing alone: over a title they are a group heading (``heading``), inside
a game a ``subheading`` (``debris``); a title over the same title run in is one game. Where
only the shape of a line decided, the layout records a guess (``Layout.guesses``) for the
dry run. Text in two columns side by side is found by :func:`two_columns` (``add`` refuses it).

A game whose paragraph does not repeat its title takes it from the chapter heading (the
heading ``opens`` it). A title named in a heading but absent from the text (a cut-off page)
and a title that stands twice are warnings, not errors: the text is still taken in.

Matching is done on a comparison key (lowercase, ё as е, Latin look-alikes as Cyrillic,
pre-reform letters folded, word-final ъ dropped) so that OCR noise and spelling do not hide a
title; the spans kept are always the original ones.
"""
from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import islice, tee

from ..text.characters import char_name
from ..text.errors import EditionError, line_finder, line_of
from ..text.morph import analyzer, refers_onward
from ..text.normalise import (CLOSE_ANGLES, OPEN_ANGLES, DisjointSpans, apply_changes,
                              joins_across_lines, joins_lost_hyphen, joins_to_word, normalise)
from ..text.words import NON_TERMINAL, TERMINAL

#: a footnote's number set superscript by the markup of an HTML or Markdown page: HTML's
#: ``<sup>1</sup>`` and pandoc's ``^1^`` (a call after a word, and a note's marker at the foot;
#: ``^1^`` is read so on a Markdown or wiki page only, HTML's tag on any page)
SUP_NUMBER = r"<sup>\d{1,2}</sup>|\^\d{1,2}\^"
#: the head of a Project Gutenberg transcriber's footnote, ``[Footnote 1:``, ``[Footnote A:``
#: or, with no number, ``[Footnote:``; the note runs to its closing bracket, over lines too
#: (``[Footnote 1: Т. е. пятьдесятъ`` / ``двѣ карты.]``), and answers the call ``[1]``,
#: ``[A]`` in the text (one with no number, ``[*]`` or a star)
PG_NOTE = r"\[Footnote(?:[ \t]+(?:\d{1,3}|[A-ZА-ЯЁ]|\*{1,3}))?:"
#: a Markdown footnote's label (``[^1]``, ``[^note]``): no space, bracket or caret in it
_MD_LABEL_NAME = r"[^\]\[\s^]{1,100}"
MD_LABEL = rf"\[\^{_MD_LABEL_NAME}\]"
#: a blank line (with LF, CRLF or CR line ends), a form feed or a paragraph separator
# (?<![ \t]): a break's leading blanks are matched from the first one only, so a long run of
# spaces without a form feed is scanned once, not once from each space (quadratic time);
# (?>...): a CRLF is one line end, never taken apart as a CR and an LF (two line ends, so a
# blank line: every line of a CRLF file a paragraph, a word hyphenated at a line end split)
PARAGRAPH_BREAK = re.compile(r"(?>\r\n|\n|\r)[ \t]*(?>\r\n|\n|\r)\s*|(?<![ \t])[ \t]*[\f\u2029]\s*")
LINE = re.compile(r"[^\n\r\f\u2028\u2029\x85]+")
#: a chapter's number as an ordinal word, feminine as 'глава' wants it (``ГЛАВА ПЕРВАЯ``,
#: ``Глава двѣнадцатая``; the pre-reform ``третія``), in its :func:`key` (ѣ and ё read е, і
#: и), and its value
CHAPTER_ORDINALS = {w: n for n, w in enumerate(
    "первая вторая третья четвертая пятая шестая седьмая восьмая девятая десятая "
    "одиннадцатая двенадцатая тринадцатая четырнадцатая пятнадцатая шестнадцатая "
    "семнадцатая восемнадцатая девятнадцатая".split(), 1)} | {
    "одинадцатая": 11, "третия": 3, "двадцатая": 20, "тридцатая": 30, "сороковая": 40,
    "пятидесятая": 50,
    "шестидесятая": 60, "семидесятая": 70, "восьмидесятая": 80, "девяностая": 90, "сотая": 100}
#: the tens before a unit's ordinal (``сорокъ пятая``, 45), in their :func:`key`
CHAPTER_TENS = {"двадцать": 20, "тридцать": 30, "сорок": 40, "пятьдесят": 50, "шестьдесят": 60,
                "семьдесят": 70, "восемьдесят": 80, "девяносто": 90}
#: the hundreds before the tens and the unit (``сто первая``, 101; ``двѣсти третья``), in
#: their :func:`key`
CHAPTER_HUNDREDS = {"сто": 100, "двести": 200, "триста": 300}
#: the units as cardinals, which number a chapter too (``ГЛАВА ПЯТЬ.``, ``Глава сто одинъ``),
#: in their :func:`key`
CHAPTER_UNITS = {w: n for n, w in enumerate(
    "один два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать "
    "тринадцать четырнадцать пятнадцать шестнадцать семнадцать восемнадцать "
    "девятнадцать".split(), 1)} | {"одна": 1, "две": 2, "одинадцать": 11}
#: every word of a chapter's number in words, and its value (a number's value is their sum)
CHAPTER_WORDS = CHAPTER_ORDINALS | CHAPTER_TENS | CHAPTER_HUNDREDS | CHAPTER_UNITS
#: a chapter's number in words (:data:`CHAPTER_ORDINALS`, after a ten: ``сорокъ пятая``; after
#: a hundred: ``сто первая``, ``сто сорокъ пятая``, ``сто двадцатая``), or a cardinal
#: (``ГЛАВА СТО.``, ``Глава двадцать пять``: a hundred, a ten, a unit, one or more in order)
_ORDINAL_NUMBER = (r"(?:(?:(?:" + "|".join(CHAPTER_HUNDREDS) + r")[ \t]+)?(?:(?:"
                   + "|".join(CHAPTER_TENS) + r")ъ?[ \t]+(?:"
                   + "|".join(w for w, n in CHAPTER_ORDINALS.items() if n < 10) + r")|"
                   + "|".join(sorted(CHAPTER_ORDINALS, key=len, reverse=True)) + r")|(?:"
                   + "|".join(CHAPTER_HUNDREDS) + r")(?:[ \t]+(?:" + "|".join(CHAPTER_TENS)
                   + r")ъ?)?(?:[ \t]+(?:" + "|".join(sorted(CHAPTER_UNITS, key=len, reverse=True))
                   + r")ъ?)?|(?:" + "|".join(CHAPTER_TENS) + r")ъ?(?:[ \t]+(?:"
                   + "|".join(sorted(CHAPTER_UNITS, key=len, reverse=True)) + r")ъ?)?|(?:"
                   + "|".join(sorted(CHAPTER_UNITS, key=len, reverse=True))
                   + r")ъ?)(?![^\W\d_])")
HEADING = re.compile(r"^\s*(?:глава|гл\.)\s*([ivxlcхіуси1]+|\d{1,3}|" + _ORDINAL_NUMBER
                     + r")\s*(?:[.:]|,(?=[ \t]*(?:\n|$))|(?=\s)|$)\s*(.*)$", re.S | re.I)
ROMAN = re.compile(r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
#: a figure's number on a line of its own (``Фиг. 41.``, ``(Рис. 3.)``, ``Чертежъ 2``), with
#: or without its caption after a stop (``Рис. 12. Расположеніе картъ ...``): a figure, never
#: a sentence or a title (a sentence about one, ``Рис. 12 показываетъ ...``, has no stop)
FIGURE = re.compile(r"^\(?\s*(?:(?:Фиг|Рис|Черт|ФИГ|РИС|ЧЕРТ)\s*\.|Фигура|Рисунокъ?|Чертежъ?|"
                    r"ФИГУРА|РИСУНОКЪ?|ЧЕРТЕЖЪ?)\s*(\d+)"
                    r"\s*(?:\.?\s*\)?\s*\.?|[.:]\s*(?P<caption>\S.{0,118}))$")
#: a title in quotes after 'Пасьянсъ' (after the game's number, if any: ``12.``, ``№ 12.``,
#: ``II.``): guillemets, straight or German quotes (the opening one as OCR gives it, two
#: commas: ``Пасьянсъ ,,Окно"``), the guillemets as OCR gives them, two
#: angle brackets (``Пасьянсъ <<Паукъ>>``, ``Пасьянсъ << Паукъ >>``: :data:`OPEN_ANGLES`,
#: whose spaces are no part of the name), or single quotes (``Пасьянсъ 'Окно'``: the closing
#: quote is one that no letter follows, an apostrophe before a letter is the name's,
#: ``'Д'Артаньянъ'``, ``‘Замокъ д’Иф’``; one in guillemets may stand anywhere:
#: ``«Д'Аламберъ»``); a tag inside them is one piece of the name, whatever it holds
#: (``«Звѣзда<sup>1</sup>»``, ``«[Звѣзда](<#z>)»``: :func:`_name_read` reads it); the name is
#: the group ``name``
QUOTED_TITLE = re.compile(r"^(?:(?:№\s*)?\d{1,3}\s*[.)]\s*|[IVXLCХІИ]{1,6}\s*\.\s*)?"
                          r"пасьянс[ъ]?\s*(?:(?P<single>['‘‚])|[«\"„“]|,,|" + OPEN_ANGLES
                          + r")(?P<name>(?(single)(?:[^'’‘]|['’](?=[^\W\d_]))"
                          r"|(?:<[^<>\n]{1,200}>|[^»\"”“>›])){2,80}?)"
                          r"(?(single)['’‘](?![^\W\d_])|(?:[»\"”“]|" + CLOSE_ANGLES + "))", re.I)
#: a patience the book numbers, not names: ``Пасьянсъ № 1`` (the line ends there, or a
#: stop and a sentence follow): its title is the whole of it
NUMBERED_TITLE = re.compile(r"^пасьянс[ъ]?\s*№\s*\d{1,3}(?=\s*\.?\s*$|\.\s)", re.I)
#: a footnote's marker printed after a title (``«Звѣздочка»*)``, ``ЗВѢЗДОЧКА¹``, ``## Проба[^1]``,
#: a word processor's or a copied Wikisource page's call ``«Звѣзда»[1]``, an HTML or pandoc
#: one, ``«Звѣзда»<sup>1</sup>``, ``«Звѣзда»^1^`` (:data:`SUP_NUMBER`), a scan's ``2)``
#: glued to a letter, a stop or a quote, ``Крѣпость.2)``, as a call in the text is glued:
#: :data:`ORPHAN_MARKER`; set a space apart, ``Крѣпость. 2) ...``, it numbers a list)
_MARKER = (r"(?:\*{1,3}\)|[¹²³⁴⁵⁶⁷⁸⁹][⁰¹²³⁴⁵⁶⁷⁸⁹]?\)?|" + MD_LABEL + "|" + SUP_NUMBER
           + r"|\[\d{1,3}\]|(?<=[^\W\d_⁰¹²³⁴⁵⁶⁷⁸⁹]|[.»\"”’])\d{1,2}\))")
TITLE_MARKER = r"[ \t]?" + _MARKER
#: a note's marker ending a title's name (``Проба[^1]``)
_END_MARKER = re.compile(TITLE_MARKER + "$")
#: a note's marker ending a line that markup wraps whole, after a stop or not (``Проба.*)``)
_WHOLE_MARKER = re.compile(r"[.»\"”]?" + TITLE_MARKER + r"\.?$")
#: a game's other name after its title, a capital first, a stop or the line's end after it:
#: ``Солнце, или Звѣзда.``, ``«Солнце», или «Звѣзда».`` (not ``Солнце или Звѣзда выходятъ``)
_ALT_BODY = (r",?(?:[ \t]+|[ \t]*\r?\n[ \t]*)или[ \t]+(?:[«\"„“‘']|" + OPEN_ANGLES
             + r")?[A-ZА-ЯЁѢІѲѴ][^\W\d_]*(?:[ \t-][^\W\d_]+){0,2}(?:[»\"”’']|" + CLOSE_ANGLES
             + r")?")
ALT_NAME = _ALT_BODY + r"(?=[ \t]*(?:[.(]|\r?$))"
_ALT_NAME = re.compile(ALT_NAME)
#: the game's other name set in commas, the sentence going on after it (``«Малая звѣзда»,
#: или Звѣздочка, раскладывается ...``)
_ALT_IN_COMMAS = re.compile(_ALT_BODY + r"[ \t]*,")
#: a quote that closes a name: a guillemet, a straight quote, an English one and a German
#: one (``„Мельница“``: the English opening quote closes it)
_CLOSING_QUOTE = r"[»\"”“]"
#: a footnote's marker glued to the stop before it, a space after it (``Крѣпость.[2] Берутъ
#: ...``): the title's, however the line goes on
_GLUED_MARKER = _MARKER + r"(?=[ \t])"
#: what follows a title in its unit: a closing quote, a footnote's marker (:data:`TITLE_MARKER`),
#: the game's other name (:data:`ALT_NAME`), a stop, a parenthesis (``Мельница. (Полная колода
#: карт)``), and a marker after the stop that ends the line (``Пасьянсъ «Звѣзда».*)``,
#: ``«Звѣзда».[1]``) or is glued to it, the text going on (``«Звѣзда».[1] Тузы ...``,
#: :data:`_GLUED_MARKER`; one set a space apart, ``«Звѣзда». [1] Тузы ...``, is a list's number);
#: a stop set apart by a space, a no-break or zero-width one (``Пасьянсъ «Окно» .``) is the title's
TITLE_TAIL = re.compile(r"(?:" + _CLOSING_QUOTE + "|" + CLOSE_ANGLES + r")?(?:" + TITLE_MARKER
                        + r")?(?:" + ALT_NAME
                        + r")?(?:[ \t\u00a0\u2009\u202f\u200b\u2060]{1,3}(?=\.(?!\.)))?"
                        r"[.,]?[»\"”'‘’`´]?(?:\s*\([^()\n]{1,60}\))?\.?"
                        r"(?:" + TITLE_MARKER + r"(?=[ \t]*$)|(?<=\.)" + _GLUED_MARKER + ")?")
#: a sentence's end at the end of a line: a stop, closing brackets or quotes, and a footnote's
#: marker after them (``вверхъ.*``, ``вверхъ.¹``, ``вверхъ.[^1]``, ``вверхъ.<ref>...</ref>``)
SENTENCE_END = re.compile(r"[.!?…][)\]»\"”’]*(?:\*{1,3}\)?|[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,2}\)?|" + MD_LABEL
                          + r"|<ref[^<>]*/>|<ref[^<>]*>[^\n]*?</ref\s*>)?$", re.I)
PAGE_TITLE = re.compile(r"^(?:(.{0,100}?)\s*[-–—|.,:(]\s*)?(?:страница|стр\.)\s*(\d{1,4})"
                        r"(?:\s*из\s*\d+)?\s*\)?\s*(?:[-–—|]\s*читать онлайн)?\s*$", re.I)
LIST_HEADING = re.compile(r"^([IVXLCХІ]{1,8})\s*\.\s+(.*)$")
META = re.compile(r"^(?:автор|авторы|жанр|жанры|серия|издательство|год|год издания|isbn|язык|"
                  r"переводчик|формат|рейтинг|теги|метки|категория|раздел|просмотров|"
                  r"добавлено|обновлено|поделиться|категории)\s*:", re.I)
#: a web page's line that opens with a word a book's line may open with too: a lib.ru page's
#: footer, 'Комментарии: 3, последний от ...', 'Оценка: 7.21*6' (a figure after it), and a
#: Wikisource page's source, 'Источник: Пасьянсы. — СПб., 1880.' (a year or an address in
#: it; not the book's 'Оценка: тузъ считается за одиннадцать')
WEB_FOOTER = re.compile(r"^(?:(?:комментарии|оценка)\s*:\s*\d|"
                        r"источник\s*:.*(?:\b1[5-9]\d\d\b|\b20\d\d\b|https?://|www\.))", re.I)
#: a book's imprint that ends a short line: a place of printing, perhaps its printer, and a
#: year (``Пасьянсы. СПб., 1889.``, ``— М.: тип. Сытина, 1890 г.``, ``С.-Петербургъ. Тип. А. С.
#: Суворина. 1889.``; a copied page's header), the place opening the line or after a stop or
#: a dash (a sentence's ``первое описаніе: Москва, 1812.`` or ``«Сто пасьянсовъ», М., 1885.``
#: is the book's)
IMPRINT = re.compile(r"(?:^|\.\s+|[—–]\s*)(?:(?i:спб)|С\.\s?-?\s?Петербург|Санкт-?[Пп]етербург|"
                     r"Петербург|Москва|К[іи]ев|Одесса|Варшава|Казань|Харьков|Рига|Вильна|"
                     r"Тифлис)ъ?(?:[.,:]\s*|\s+)(?:[^\d\n]{0,60}?[.,]\s*)?1[6-9]\d\d\s*"
                     r"(?:г\.?|года?)?\.?\s*$|(?:^|\.\s+|[—–]\s*)М[.:,]\s*(?:[^\d\n]{0,60}?"
                     r"[.,]\s*)?1[6-9]\d\d\s*(?:г\.?|года?)?\.?\s*$")
#: a word: letters, a stress accent or another combining mark among them (``Мельни́ца`` is one
#: word, ``Звѣзда́`` too), hyphens between
_MARKS = "\u0300-\u036f"
_MARK = re.compile(f"[{_MARKS}]")
WORD = re.compile(rf"[^\W\d_]+(?:[{_MARKS}]+[^\W\d_]*)*(?:-[^\W\d_]+(?:[{_MARKS}]+[^\W\d_]*)*)*")
#: a dash between a heading's games: a hyphen or the typewriter's ``--`` between spaces (a
#: lib.ru page: ``Лѣстница. -- Кошка и мышь.``), or a dash
LIST_SEPARATOR = re.compile(r"\s+(?:--|[-–—])\s+|\s*[–—]\s*")

_LOOKALIKE = str.maketrans("aceopxyiAOCEHKMPTXBІіѣѢѳѲѵѴђЂΑΒΕΗΚΜΟΡΤΥΧαοκρτχ",
                           "асеорхуиАОСЕНКМРТХВИиеЕфФиИеЕАВЕНКМОРТУХаокртх")

#: multi-word phrases that mark a line as web page furniture
DEBRIS_PHRASES = ("читать онлайн", "выбрать главу", "следующая страница", "предыдущая страница",
                  "следующая глава", "предыдущая глава", "на главную", "все права защищены",
                  "размер шрифта", "добавить в избранное", "скачать книгу", "читать книгу",
                  "оглавление книги", "страница из", "войти на сайт", "версия для печати",
                  "оставить комментарий", "написать комментарий", "добавить комментарий",
                  # a Wikisource page copied from the browser: its header, licence and menus
                  "материал из викитеки", "свободной библиотеки", "перешло в общественное достояние",
                  "персональные инструменты", "перейти к навигации", "перейти к поиску",
                  "пространства имён", "в других проектах", "распечатать/экспорт",
                  "— викитека", "- викитека")
#: MediaWiki's standard interface lines (ru), as a Wikisource page copied from the browser
#: has them, each a line of its own: its proofreading status, the personal tools, the page's
#: tabs and the sidebar's links. Web furniture only as the whole line, in modern spelling and
#: without a stop (a book's 'Вкладъ каждаго игрока ...' or 'Обсужденіе.' is text; words a
#: book may head a section with, 'Варианты', 'История', are not listed); lowercase, ё as е
MEDIAWIKI_LINES = frozenset((
    "эта страница не была вычитана", "эта страница была вычитана",
    "эта страница была выверена", "эта страница не содержит текста",
    "вы не представились системе", "вклад", "создать учетную запись", "войти", "обсуждение",
    "навигация", "править", "править код", "править текст", "просмотры",
    "пространства имен", "заглавная страница", "свежие правки", "случайная страница",
    "пожертвовать", "ссылки сюда", "связанные правки", "служебные страницы",
    "постоянная ссылка", "сведения о странице", "цитировать страницу", "печать/экспорт",
    "скачать как pdf", "версия для печати", "в других проектах", "на других языках",
    "элемент викиданных", "загрузить файл"))
#: what a digital library prints on its copy of a book (the Internet Archive's full text
#: page and its scans' first page, Google's scans and their notice, HathiTrust's ``Original
#: from`` / ``UNIVERSITY OF MICHIGAN``), in Latin letters
LIBRARY_PHRASES = re.compile(r"^(?:full text of\b|see other formats$|digiti[sz]ed (?:by|for)\b|"
                             r"(?:in \d{4} )?with funding from\b|university of [a-z]|"
                             r"internet archive$|original from\b|google$|"
                             r"this is a digital copy of a book\b)", re.I)
#: words that make up a menu line when a line holds nothing else
DEBRIS_WORDS = frozenset(
    "главная книги книга жанры авторы автор серии вход войти регистрация выход поиск найти "
    "скачать читать онлайн оглавление содержание назад вперед вперёд далее следующая "
    "предыдущая страница страницы глава главы комментарии комментарий отзывы отзыв "
    "рецензии цитаты закладки закладка избранное настройки шрифт меню контакты правообладателям "
    "навигация инструменты персональные просмотры обсуждение история "
    "fb2 epub pdf txt rtf mobi doc html zip и".split())
#: navigation words that a book may head a part of a game's text with (``Исторія.``): a line
#: of them with a stop, markup or an old letter is the book's
BOOK_WORDS = frozenset(("история", "обсуждение"))
_OLD = re.compile(r"[ѣѢіІѳѲѵѴ]|ъ\b")
#: words (modern spelling) that mark a short line as a note, a sub-heading of a game ("Другой
#: способ.") or a caption, not a game's name
NOT_TITLES = frozenset("примечание примечания замечание замечания объяснение объяснения правило "
                       "правила пример примеры итак наконец впрочем конец продолжение окончание "
                       "оглавление содержание предисловие способ способы вариант варианты "
                       "видоизменение изменение указание указания фигура рисунок чертеж таблица "
                       "расположение история варьянт".split())
#: words that may stand before a word of :data:`NOT_TITLES` in a subheading (``Первый
#: способъ.``, ``Другой вариантъ.``): ordinals and 'другой', each gender
SECTION_ORDINALS = frozenset(
    w + e for w, ends in (("перв", "ыйаяое"), ("втор", "ойаяое"), ("трет", "ийьяье"),
                          ("четверт", "ыйаяое"), ("пят", "ыйаяое"), ("шест", "ойаяое"),
                          ("седьм", "ойаяое"), ("восьм", "ойаяое"), ("девят", "ыйаяое"),
                          ("десят", "ыйаяое"), ("друг", "ойаяое"), ("последн", "ийяяее"))
    for e in (ends[0:2], ends[2:4], ends[4:6]))


#: The file of an editor's marks of a witness, as the finder's warnings name it: the finder
#: knows no siglum, and ``add`` and ``check`` put the witness's in
#: (:func:`extract.intake.add.witness_warnings`).
MARKS_FILE = "corpus/structure/<siglum>.toml"


def key(text: str) -> str:
    """Comparison key: lowercase, ё→е, Latin look-alikes and old letters folded, word-final ъ
    dropped, stress accents and other combining marks left out (``Мельни́ца`` is ``мельница``),
    spaces single."""
    k = _MARK.sub("", text) if _MARK.search(text) else text
    k = k.translate(_LOOKALIKE).lower().replace("ё", "е")
    return re.sub(r"\s+", " ", re.sub(r"ъ\b", "", k)).strip()


@dataclass(frozen=True)
class Part:
    """A span of a witness: ``kind`` is ``page-title``, ``debris``, ``heading``, ``title``,
    ``figure`` or ``prose``; ``[start, end)`` its text without surrounding whitespace;
    ``label`` the figure number, the game title as printed or the heading's numeral (else "");
    ``opens`` (headings only) the title of the game whose text follows the heading without a
    title of its own (else ""). For ``debris`` the label says what it is (``page number``,
    ``running head``, ``table of contents``, ``markup``, ``subheading``, ``footnote``,
    ``task``; empty for web furniture). A ``footnote`` part has ``note``, the start of the
    footnote's first part (a footnote wrapped over lines, or continued at the foot of the
    next page, is several parts with the same ``note``), and ``marker``, the span of the
    marker in the text that calls it (``*)``, ``¹``, ``1)`` after a word), or None when the
    text above has none. A ``prose`` part labelled ``row`` is one row of a table set in
    columns (a layout drawn in card names, ``Т. п.    К. б.``): one sentence, never cut at a
    stop inside it."""

    kind: str
    start: int
    end: int
    label: str = ""
    opens: str = ""
    marker: tuple[int, int] | None = None
    note: int | None = None


@dataclass(frozen=True)
class Layout:
    """What the finder found in a witness: its ``parts`` in text order; ``warnings`` as
    ``(line, message)``; ``headings`` as ``(numeral, game titles)``; ``page`` the page number
    of a web page title (``"16"``) or None."""

    parts: tuple[Part, ...]
    warnings: tuple[tuple[int, str], ...] = ()
    headings: tuple[tuple[str, tuple[str, ...]], ...] = ()
    page: str | None = None
    #: ``(offset, what)``: where the finder guessed (a bare line taken as a title, a repeated
    #: line taken as a running head ...), for the dry run to point the editor at
    guesses: tuple[tuple[int, str], ...] = ()
    #: ``(offset, "file:line")``: units the editor's corrections file set
    corrected: tuple[tuple[int, str], ...] = ()
    #: spans of footnote markers in the text that no footnote answers (``Ланчукъ*)`` on a
    #: page whose footnote is lost): kept in the reading text, the word read without them
    orphans: tuple[tuple[int, int], ...] = ()
    #: footnotes written inside the prose where they are called, as a wiki page writes them
    #: (``слово<ref>Примечание.</ref>``): ``(call, note, number)``, the span of the whole
    #: tag (left out of the reading text, the note's place), the span of the note's text and
    #: its number as the page shows it (:func:`inline_notes`)
    inline: tuple[tuple[tuple[int, int], tuple[int, int], str], ...] = ()
    #: Markdown calls of a label whose note answers an earlier call (``колоды[^1]`` twice,
    #: one ``[^1]: ...``): ``(call, first)``, the span of the call and that of the marker
    #: whose footnote it calls again (left out of the reading text like that marker)
    again: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()
    #: figure lines the line before refers to ('какъ показано на' / 'Фиг. 5.'): ``(start,
    #: end, number)``; the sentence's text, and its game's figures all the same
    referred: tuple[tuple[int, int, str], ...] = ()
    #: the rests of notes a wiki page continues on the next page (``<ref follow="a">``):
    #: ``(note, rest)``, the spans of the note's text and of its rest (its tag left out of
    #: the reading text, as :attr:`orphans` that are tags)
    follows: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()


#: a footnote a wiki page writes where it is called: ``<ref>text</ref>``, ``<ref
#: name="a">text</ref>`` (no ``<ref`` inside: a tag left open is no note), and a call of a
#: named one again, ``<ref name="a"/>``
INLINE_NOTE = re.compile(r"<ref(\s[^<>]*?)?\s*(?:/>|>((?:(?!<ref[\s>/]).)*?)</ref\s*>)",
                         re.S | re.I)
_REF_TAG = re.compile(r"</?ref(?:\s[^<>]*)?/?\s*>", re.I)
#: a note's opening tag (not a call of a named note, ``<ref name="a"/>``) and its closing one
_REF_OPENING = re.compile(r"<ref(?:\s[^<>]*)?(?<!/)>", re.I)
_REF_CLOSING = re.compile(r"</ref\s*>", re.I)
#: pandoc's inline note on a Markdown page, ``колоды^[Въ иныхъ изданіяхъ три.]``: a note
#: written where it is called, as a wiki page's ``<ref>`` (group 1 empty: no name; group 2
#: the note, which may hold a link's brackets)
_PANDOC_NOTE = re.compile(r"\^\[()((?:[^\[\]\n]|\[[^\[\]\n]*\])+)\]")
_REF_NAME = re.compile(r"""\bname\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'/>]+))""", re.I)
#: the rest of a note continued on the next page, as Wikisource writes it: ``<ref
#: follow="p62">...</ref>`` goes on with the note ``<ref name="p62">``
_REF_FOLLOW = re.compile(r"""\bfollow\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'/>]+))""", re.I)


Span = tuple[int, int]

#: the longest run of text one piece of formatting wraps (``''x''``, ``**x**``, ``<i>x</i>``):
#: longer, the pieces are left as they stand. Bounds the search for a closing piece, which
#: was quadratic on a long line of pieces that close nothing (4,000 of them: 12 s)
_WRAP_MAX = 1000

#: Wikisource's templates of type that show their one argument as it stands, but for its face
#: (bold, italics, small capitals, size, case): read as their text wherever they stand, a
#: title's line too (``{{bold|Пасьянсъ «Двойка».}}``)
_TYPE_TEMPLATES = ("bold|italic|sc|smallcaps|uc|lc|large|x-larger|xx-larger|x-smaller"
                   "|xx-smaller")
#: wiki templates whose text is read inside a sentence or a note (spacing, size, alignment;
#: ru.wikisource's spaced type by its Russian name too, ``{{разрядка|одна за другою}}``)
_TEXT_TEMPLATES = ("razr2?|разрядка|i|b|u|s|nobr|larger|smaller|big|small|right|left"
                   "|center|c|" + _TYPE_TEMPLATES)
#: wiki templates that, wrapping a whole line, are read as its text (a title in
#: ``{{center|...}}``, a heading in ``{{heading|...}}``); a line wholly in another template
#: the toolkit reads is markup (``{{right|ПАСЬЯНСЫ.}}``, a running head), one in a template
#: it does not read stays in the text with a warning (:func:`_unread_wrap`)
_WRAPPING_TEMPLATES = ("razr2?|разрядка|center|c|х|b|i|larger|smaller|big|small|heading|"
                       + _TYPE_TEMPLATES)
#: a page number's and a running head's templates, and those that hold no text (``{{gap}}``
#: aside: a space)
_PAGE_TEMPLATES = "pagenum|page|pg|стр|страница|rh|колонтитул"
#: a page number as a line or a template holds it (``— 55 —``)
PAGE_NUMBER = r"[-—–]?[ \t]*\d{1,4}[ \t]*[-—–]?"
_EMPTY_TEMPLATES = "nop|dhr|clear|clearfix|отступ|якорь|anchor"   # (``{{Отступ}}``: a paragraph's indent;
#                                                  an anchor shows nothing)
#: ru.wikisource's pair of readings, ``{{ВАР|дореформенный|современный}}``: the page shows the
#: first, the pre-reform spelling the book printed (``o`` and ``c`` as in :data:`_WIKI_WRAPS`:
#: the template's name and the second reading with its bar read as nothing)
_VARIANT_PAIR = re.compile(r"(?P<o>\{\{\s*вар\s*\|)[^{}|\n]+(?:\r?\n[^{}|\n]+)?"
                           r"(?P<c>\|[^{}|\n]*(?:\r?\n[^{}|\n]*)?\}\})", re.I)

#: the first half of a word divided across two pages, as Wikisource writes it where the first
#: page ends (``{{перенос|отъ|искивать}}``, English Wikisource ``{{hws|отъ|отъискивать}}``):
#: read as the whole word, its pieces as they stand in the witness (``o``, ``m``, ``c`` as in
#: :data:`_WIKI_WRAPS`: read as nothing). One with a part left empty is not read: it is warned of
_WORD_START = (
    re.compile(r"(?P<o>\{\{\s*перенос\s*\|)[^{}|\s]+(?P<m>\|)[^{}|\s]+(?P<c>\}\})", re.I),
    re.compile(r"(?P<o>\{\{\s*hws\s*\|[^{}|\n]*\|)[^{}|\s]+(?P<c>\}\})", re.I))
#: the second half, where the next page begins (``{{перенос2|отъ|искивать}}``, ``{{hwe|...}}``):
#: read as nothing, as in the book's text where Wikisource joins its pages
_WORD_END = re.compile(r"\{\{\s*(?:перенос2|hwe)\s*\|\s*[^{}|\n]+?\s*\|\s*[^{}|\n]+?\s*\}\}", re.I)

#: wiki formatting that wraps text inside a note (``o`` the opening piece, ``c`` the closing
#: one; the text between kept): an inline HTML tag, a formatting template, a link with or
#: without its target, quotes for italics and bold
_WIKI_WRAPS = (
    re.compile(r"(?P<o><(?P<tag>i|b|u|s|em|strong|small|big|sup|sub|span|nowiki|p|div|center"
               r"|font)(?:\s[^<>]*)?>)"
               r".{0,%d}?(?P<c></(?P=tag)\s*>)" % _WRAP_MAX, re.I),
    re.compile(r"(?P<o>\{\{\s*(?:" + _TEXT_TEMPLATES + r"|lang\|[a-z-]+)\s*\|)[^{}|\n]+"
               r"(?P<c>\}\})", re.I),
    _VARIANT_PAIR,
    *_WORD_START,
    re.compile(r"(?P<o>\[\[(?:[^\[\]|{}<>\n]*\|)?)[^\[\]|{}<>\n]+(?P<c>\]\])"),
    re.compile(r"(?P<o>'{2,5})(?=[^\s'])[^\n]{0,%d}?(?<=[^\s'])(?P<c>(?P=o))(?!')" % _WRAP_MAX),
)
_ENTITY = re.compile(r"&(?:[a-z]{2,8}|#\d{1,7}|#x[0-9a-f]{1,6});", re.I)
#: a comment on one line
_COMMENT = re.compile(r"<!--.*?-->")
#: markup of a wiki or Markdown page that stands alone, with what it reads as with no space
#: on either side and no stop before it (elsewhere nothing: after a stop a sentence may end): a line break (``<br />``) a space, a comment (``<!-- ... -->``,
#: within its paragraph) nothing; between two spaces it takes the one before it along
_HTML_SINGLES = ((re.compile(r"</?br\s*/?\s*>", re.I), " "),
                 (re.compile(r"<!--(?:(?!-->).){0,%d}?-->" % _WRAP_MAX, re.S), ""))
#: pandoc's empty span with its attributes, ``[]{#_Toc501 .anchor}``: a Word bookmark (a table of
#: contents' target, ``_GoBack``) as pandoc writes it; the page shows nothing there
_MD_ANCHOR = re.compile(r"\[\]\{[^{}\n]*\}")
#: what a Wikisource page leaves out of the book's text (its running head and page number:
#: ``<noinclude>{{rh|...}}</noinclude>``), over line breaks too (a page's footer,
#: ``<noinclude>`` / ``<references/></noinclude>``); bounded, so that one left open costs
#: no more than its bound
_NOINCLUDE = re.compile(r"<noinclude>(?:(?!</?noinclude>)[\s\S]){0,%d}</noinclude>" % _WRAP_MAX,
                        re.I)
#: a Markdown link's destination: CommonMark allows balanced parentheses in it (a Wikipedia
#: page's ``https://ru.wikipedia.org/wiki/Пасьянс_(игра)``, ``javascript:alert(1)``); one
#: level of them, each alternative beginning with its own character, so nothing backtracks
_MD_DESTINATION = r"(?:[^()\s]|\([^()\s]*\))+"
#: a Markdown link's address (``](#fig40)``, ``](https://...)``) or an autolink
_LINK_ADDRESS = re.compile(r"\]\(" + _MD_DESTINATION + r"\)|<https?://[^<>\s]+>")
#: on a wiki page also a page number's template in the text (``картъ {{pagenum|12}}.``) and
#: the templates that hold no text
_PAGE_TEMPLATE = re.compile(
    r"\{\{\s*(?:" + _PAGE_TEMPLATES + r")\s*\|[^{}\n]{0,40}\}\}"
    # (a page number set apart in a template of text, ``{{right|— 55 —}}``: the same)
    r"|\{\{\s*(?:" + _TEXT_TEMPLATES + r")\s*\|[ \t]*[\[(]?" + PAGE_NUMBER + r"[\])]?[ \t]*\}\}",
    re.I)
#: a wiki page's markup that holds the page's furniture (its ``<noinclude>``, a page number's
#: or running head's template): left out of a sentence's book text too
PAGE_MARKUP = re.compile(_NOINCLUDE.pattern + "|" + _PAGE_TEMPLATE.pattern, re.I)
_WIKI_SINGLES = _HTML_SINGLES + (
    # its section marks, and what a page of it leaves out of the book's text (its running
    # head and page number: ``<noinclude>{{rh|...}}</noinclude>``, first: the templates it
    # holds are its own)
    (re.compile(r"<section\b[^<>\n]*/>|" + _NOINCLUDE.pattern, re.I), ""),
    (_PAGE_TEMPLATE, ""),
    # Wikisource's templates that hold no text: a space (``{{gap}}``), a mark that stops a
    # line from joining the next (``{{nop}}``), blank lines (``{{dhr}}``), a clearing
    (re.compile(r"\{\{\s*gap\s*(?:\|[^{}\n]{0,20})?\}\}", re.I), " "),
    (re.compile(r"\{\{\s*(?:" + _EMPTY_TEMPLATES + r")\s*(?:\|[^{}\n]{0,20})?\}\}", re.I), ""),
    (_WORD_END, ""))
#: a Markdown page's markup that stands alone: HTML's, pandoc's empty span (nothing), and a
#: wiki page number's template an editor pasted in (``{{pagenum|12}}``): read as on a wiki
#: page, the page's furniture, not the book's text
_MD_SINGLES = _HTML_SINGLES + ((_MD_ANCHOR, ""), (_PAGE_TEMPLATE, ""))
#: Markdown's escape of a mark (``\*``, ``\[``: read as the mark, as text) and its hard line
#: break (a ``\`` ending a line: read as nothing), as pandoc writes them
_MD_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])|\\(?=\r?\n)")


#: Markdown formatting that wraps text (``o`` and ``c`` as in :data:`_WIKI_WRAPS`, and ``m``
#: a piece between them, all read as nothing): an HTML tag around text (``<i>x</i>``, as on a
#: wiki page), a link's brackets and address, an autolink's
#: angle brackets (``<https://...>`` reads as its address, as Markdown shows it), bold and
#: italics begun or ended together (``***полную** колоду*``: the ``***`` is both the italics'
#: opening and the bold's; ``***a* b**``, ``*a **b***``, ``**a *b***`` alike), bold
#: italics, bold, italics; all within a paragraph, across its line breaks (``*колоду`` /
#: ``картъ*`` of hard-wrapped text). As in CommonMark, stars open and close inside a word
#: too (``*Туз*ы``, ``ко*роли*``: the page shows 'Тузы'), underscores never (``__кор__оли``
#: and ``_кор_оли`` are shown as typed)
_MARKDOWN_WRAPS = (
    _WIKI_WRAPS[0],
    _WIKI_WRAPS[1],     # a wiki template of type an editor pasted, ``{{разрядка|всѣ}}``: its text
    _WIKI_WRAPS[-2],    # a notes app's link to a note, ``[[тузы|тузовъ]]``: its alias or name
    # a link, or an image inline, with pandoc's attributes after it (``{width="3in"}``)
    re.compile(r"(?P<o>!?\[)[^\[\]\n]+(?P<c>\]\(" + _MD_DESTINATION + r"\)(?:\{[^{}\n]*\})?)"),
    re.compile(r"(?P<o><)https?://[^<>\s]+(?P<c>>)"),
    re.compile(r"(?P<o>(?<!\^)\[)[^\[\]\n]+(?P<c>\]\[[^\[\]\n]*\])"),
    # pandoc's bracketed span with its attributes, ``[кучки]{.underline}``
    re.compile(r"(?P<o>(?<![!\^\]])\[)[^\[\]\n]+(?P<c>\]\{[^{}\n]*\})"),
    re.compile(r"(?P<o>\*\*\*)(?=[^\s*])[^*]{0,%d}?(?<=[^\s*])(?P<m>\*\*?)(?!\*)"
               r"[^*]{0,%d}?(?<=[^\s*])(?P<c>\*\*?)(?!\*)" % (_WRAP_MAX, _WRAP_MAX)),
    re.compile(r"(?<![*\w])(?P<o>\*\*?)(?=[^\s*])[^*]{0,%d}?(?<=\s)(?P<m>\*\*?)(?=[^\s*])"
               r"[^*]{0,%d}?(?<=[^\s*])(?P<c>\*\*\*)(?!\*)" % (_WRAP_MAX, _WRAP_MAX)),
    re.compile(r"(?P<o>\*\*\*)(?=\S)[\s\S]{0,%d}?(?<=\S)(?P<c>\*\*\*)" % _WRAP_MAX),
    re.compile(r"(?P<o>(?<![_\w])___)(?=\S)[\s\S]{0,%d}?(?<=\S)(?P<c>___)(?![_\w])" % _WRAP_MAX),
    re.compile(r"(?P<o>\*\*)(?=\S)[\s\S]{0,%d}?(?<=\S)(?P<c>\*\*)" % _WRAP_MAX),
    re.compile(r"(?P<o>(?<![_\w])__)(?=\S)[\s\S]{0,%d}?(?<=\S)(?P<c>__)(?![_\w])" % _WRAP_MAX),
    re.compile(r"(?P<o>(?<!\*)\*)(?=[^\s*)])[^*]*?(?<=[^\s*(])(?P<c>\*)(?![*)])"),
    re.compile(r"(?P<o>(?<![_\w])_)(?=[^\s_])[^_]*?(?<=[^\s_])(?P<c>_)(?![_\w])"),
)
#: a Project Gutenberg plain text's italics, ``_колоду_`` (Markdown's underscored italics)
_GUTENBERG_ITALICS = _MARKDOWN_WRAPS[-1:]
#: a Markdown page's marks at the start of a line: a quotation's ``>``, a list item's ``*``,
#: ``+`` or ``-`` (Markdown shows each as a bullet; on a page with no Markdown markup, an OCR
#: page, a ``-`` is a dash of dialogue and stays), nested (``> >``) or indented (group 1),
#: a line block's ``|`` (pandoc's: the line is shown without it)
_MARKDOWN_LINE_MARK = re.compile(r"^[ \t]*((?:>[ \t]?)+|[*+-][ \t]+(?=\S)|\|[ \t]+(?=\S))", re.M)
#: a line of pandoc's line block (``| Тузъ — часъ первый,``), its ``|`` and the space after it
_LINE_BLOCK = re.compile(r"\|[ \t]+(?=\S)")
#: a Markdown quotation's marks alone, nested or not (``> ``, ``> > ``, ``>>``)
_MD_QUOTE_MARK = re.compile(r"^[ \t]*(?:>[ \t]?)+")
#: a Markdown heading's marks: the ``#``s opening its line, closing ones, its attributes
#: (``## Часы {#chasy}``)
_MARKDOWN_HEADING_MARK = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+|[ \t]+#+[ \t]*$|[ \t]*\{#[^{}\n]*\}[ \t]*$",
                                    re.M)
#: a wiki heading's marks (``=== Часы ===``)
_WIKI_HEADING_MARK = re.compile(r"^=+[ \t]*|[ \t]*=+[ \t]*$", re.M)
#: a wiki page's list, indent or definition marks at the start of a line (``* ``, ``# ``,
#: ``: ``, ``;``)
_WIKI_LIST_MARK = re.compile(r"^[*#:;]+[ \t]*(?=[^\s*#:;])", re.M)


def _text_character(ch: str) -> bool:
    """Whether an entity's character (``html.unescape`` of it) is one character of text: not
    a control, format (a direction mark, a zero-width space, a soft hyphen), surrogate,
    private, unassigned or line-separator character, nor the replacement character that a
    bad number gives, nor nothing (``&#1;``). Another is left as the entity stands."""
    return len(ch) == 1 and ch != "\ufffd" and (
        ch == "\u00a0" or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn",
                                                          "Zl", "Zp"))


def _entity_reading(entity: str) -> str:
    """How an HTML entity (``&amp;``) reads: its character (``&nbsp;`` a space), or the
    entity as it stands when that is no character of text (:func:`_text_character`)."""
    import html   # lazy: only pages with entities need it
    ch = html.unescape(entity)
    return entity if not _text_character(ch) else " " if ch == "\u00a0" else ch


def _hyphen_gaps(text: str, a: int, nothing: dict[int, int], taken: DisjointSpans
                 ) -> tuple[str, list[tuple[int, int]]] | None:
    """Whether markup that begins at ``a`` in ``text`` follows a word divided by a hyphen,
    through markup read as nothing (``nothing``: end -> start) and white space of one line
    break at most: ``(the word before the hyphen, [the spans of the hyphen and of the white
    space between, not yet taken])``; None otherwise."""
    q, spaces = a, []
    while q > 0:
        if q in nothing:
            q = nothing[q]
        elif text[q - 1] in " \t\n" and not taken.meets(q - 1, q):
            spaces.append(q - 1)
            q -= 1
        else:
            break
    left = re.search(r"(\w+)-$", text[max(0, q - 40):q])
    if left is None or [text[i] for i in spaces].count("\n") > 1:
        return None
    gaps = [(q - 1, q)] + [(i, i + 1) for i in sorted(spaces)]
    return left.group(1), gaps


def wiki_markup(text: str, wraps: Sequence[re.Pattern] = _WIKI_WRAPS,
                marks: re.Pattern | None = None,
                singles=_HTML_SINGLES, escapes: bool = False) -> list[tuple[int, int, str]]:
    """The wiki formatting in ``text`` (a note a wiki page writes inside ``<ref>``, or its
    prose) as ``(start, end, reading)`` spans, sorted, none overlapping: the opening and
    closing pieces of ``<i>x</i>``, ``{{razr|x}}``, ``[[page|x]]``, ``[[x]]``, ``''x''`` and
    ``\'\'\'x\'\'\'`` read as nothing (``wraps``: :data:`_MARKDOWN_WRAPS` for a Markdown page's
    ``**x**``, ``*x*``, ``[x](url)``), the marks at a line start that ``marks`` finds (a
    Markdown quotation's ``>`` or list item's ``*``, :data:`_MARKDOWN_LINE_MARK`; a wiki list's ``*`` or ``#``,
    :data:`_WIKI_LIST_MARK`), the
    markup that stands alone (``singles``, :data:`_HTML_SINGLES`: ``<br />`` with no space
    on either side nor a stop before it read as a space, ``<!-- ... -->`` and ``<br />``
    elsewhere as nothing), and an
    HTML entity read as its character (``&nbsp;`` a space; one that is no character of text,
    ``&#x202E;``, is left as it stands, :func:`_text_character`). Markup not closed on its
    line is left as it is."""
    spans: list[tuple[int, int, str]] = []
    taken = DisjointSpans()

    def take(a: int, b: int, reading: str) -> None:
        spans.append((a, b, reading))
        taken.add(a, b)

    if escapes and "\\" in text:        # Markdown's escapes first: an escaped mark is text
        for m in _MD_ESCAPE.finditer(text):
            take(m.start(), m.end(), m.group(1) or "")
    # a comment first: what it holds is no formatting (``<!-- ''x'' -->``)
    mark_ends = {m.end() for m in marks.finditer(text)} if marks is not None else set()
    nothing: dict[int, int] = {}     # end -> start of a piece of markup read as nothing
    for pattern, between in singles:
        for m in pattern.finditer(text):
            a, b = m.span()
            p = a          # what stands before it, through markup read as nothing (a page's
            while p in nothing:      # footer and the next page's header)
                p = nothing[p]
            before, after = text[p - 1:p], text[b:b + 1]
            if before.isspace() and (after.isspace() or not after):
                if (a in mark_ends or p < a) and after:
                    b += 1           # "* <!-- x --> Тузы": the mark keeps its space; so does
                    # the markup before it ("картъ <noinclude>...</noinclude><!-- x --> Тузы")
                elif p == a:
                    a -= 1           # "Тузы <!-- x --> кладут": one space stays
            elif before.isspace() and after in tuple(",.;:!?…)»<") and p == a:
                a -= 1               # "картъ <!-- x -->.": no space is left before the stop
            elif not before and after.isspace():
                b += 1               # "<!-- x --> Берутъ" opening the text: none before it
            if after.islower() and (p < a or before in "- \t\n"):
                # a page's furniture inside a word divided by a hyphen (``выкла-<noinclude>
                # ...</noinclude>дываютъ``, a page's footer, a line break and the next page's
                # header between them too): the hyphen and what stands between go with it
                # where the hyphenation rule joins the pieces
                gaps = _hyphen_gaps(text, a, nothing, taken)
                right = re.match(r"\w+", text[b:b + 40])
                if gaps and right and joins_across_lines(gaps[0], right.group()):
                    for x, y in gaps[1]:
                        take(x, y, "")
                        nothing[y] = x
                    take(a, b, "")
                    nothing[b] = a
                    continue
            if not taken.meets(a, b):
                gap = before and after and not before.isspace() and not after.isspace() \
                    and before not in ".!?…"
                take(a, b, between if gap else "")
                if not (between if gap else ""):
                    nothing[b] = a
    for pattern in wraps:
        names = [g for g in ("o", "m", "c") if g in pattern.groupindex]
        for m in pattern.finditer(text):
            pieces = [m.span(g) for g in names]
            if not any(taken.meets(a, b) for a, b in pieces):
                for a, b in pieces:
                    take(a, b, "")
    if marks is not None:
        for m in marks.finditer(text):
            a, b = m.span(m.lastindex or 0)      # (a nested item's indent is no mark)
            if not taken.meets(a, b):
                take(a, b, "")
    if "&" in text:
        for m in _ENTITY.finditer(text):
            ch = _entity_reading(m.group())
            if ch != m.group() and not taken.meets(*m.span()):
                take(m.start(), m.end(), ch)
    return sorted(spans)


#: a wiki page's own markup: a heading line ``== X ==``, a template, a link
_WIKI_MARKUP = re.compile(r"^[ \t]*(={2,6})[^=\n]+\1[ \t]*\r?$|\{\{[^{}\n]*\}\}|\[\[[^\[\]\n]+\]\]",
                          re.M)
#: a footnote tag: a wiki page's, but a Markdown page may hold one too (raw HTML)
_REF_OPEN = re.compile(r"<ref[\s>/]|<references")
#: a Markdown page's own markup: a heading line ``## X``, a heading underlined (``X`` over
#: ``---`` or ``===``; a short line with no stop at its end, a blank line or the text's end
#: after the rule: a line of dashes under a sentence, or inside one, is a separator), a bold
#: line, a link, a quotation, pandoc's fenced div (``::: {.c3}``) and a span with its
#: attributes (``[x]{.c1}``, ``[x]{lang="ru-RU"}``, ``[]{#_Toc5}``)
MARKDOWN_PAGE = re.compile(r"^#{1,6}[ \t]+\S|^(?![ \t])[^\n.!?:;,]{0,78}[^\s.!?:;,]\n[ \t]{0,3}"
                           r"(?:={3,}|-{3,})[ \t]*(?:\n[ \t]*(?:\n|\Z)|\Z)|^\*\*[^*\n]+\*\*|\[[^\]\n]+\]\([^)\s]+\)|^>[ \t]"
                           r"|^:{3,}[ \t]*\{[^{}\n]*\}[ \t]*$|\]\{(?:[#.][\w-]|[a-z-]+=)[^{}\n]*\}",
                           re.M)


def is_wiki_page(text: str) -> bool:
    """Whether ``text`` is a wiki page: a heading ``== X ==`` says so on any page; a template,
    a link and a footnote tag (``<ref>...</ref>``) say so where no Markdown markup
    (:data:`MARKDOWN_PAGE`) but a ``# `` line (a wiki page's numbered list) stands. A
    Markdown page may hold them all and is read as Markdown: raw HTML, a notes app's links
    to its notes (Obsidian, Logseq: ``[[тузы|тузовъ]]``), a site generator's template left
    in its prose (``{{ page.note }}``) or a wiki template an editor pasted."""
    own = [m.group() for m in _WIKI_MARKUP.finditer(text)]
    if any(not m.startswith(("{{", "[[")) for m in own):
        return True
    markdown = any(not m.group().startswith("# ") for m in MARKDOWN_PAGE.finditer(text))
    return (bool(own) or _REF_OPEN.search(text) is not None) and not markdown


def prose_markup(text: str, parts: Sequence[Part]) -> list[tuple[int, int, str]]:
    """The markup inside the prose parts of ``text`` (:func:`wiki_markup`): a wiki page's
    formatting when the text is a wiki page (:func:`is_wiki_page`), a Markdown
    page's when it is one (:data:`MARKDOWN_PAGE`), on any page its HTML entities; ``''`` or
    ``*`` in an OCR export may be printed, never formatting; a Project Gutenberg book's
    italics, ``_колоду_`` (its ``*** START OF ...`` line, :data:`_GUTENBERG`), are its
    formatting. Inside the titles and headings
    of a wiki or Markdown page too, with their heading marks (``## ``, ``== ... ==``,
    :data:`_MARKDOWN_HEADING_MARK`, :data:`_WIKI_HEADING_MARK`): the book printed none of it.
    A wrap that a part's edge cuts on its line (``{{разрядка|Крѣпость. Короли}} идутъ``: a
    run-in title and the first words of its text in one template) is read on the whole line:
    each part gets its own piece of it (the title ``{{разрядка|``, the text ``}}``)."""
    wiki = is_wiki_page(text)
    md = not wiki and MARKDOWN_PAGE.search(text) is not None
    wraps = _WIKI_WRAPS if wiki else _MARKDOWN_WRAPS if md else (
        _GUTENBERG_ITALICS if _GUTENBERG.search(text) else ())
    if not wraps and "&" not in text:
        return []
    out = []
    for p in parts:
        if p.kind == "prose":
            marks = _MARKDOWN_LINE_MARK if md else _WIKI_LIST_MARK if wiki else None
        elif p.kind in ("title", "heading") and wraps:
            marks = _MARKDOWN_HEADING_MARK if md else _WIKI_HEADING_MARK if wiki else None
        else:
            continue
        how = (wraps, marks, _WIKI_SINGLES if wiki else _MD_SINGLES if md else (), md)
        own = [(a + p.start, b + p.start, r) for a, b, r in wiki_markup(text[p.start:p.end], *how)]
        lo, hi = text.rfind("\n", 0, p.start) + 1, text.find("\n", p.end) % (len(text) + 1)
        if wraps and (lo < p.start or hi > p.end):
            # (the pieces the part's line gives inside it that the part alone does not)
            taken = DisjointSpans((a, b) for a, b, _ in own)
            own = sorted(own + [(a + lo, b + lo, r) for a, b, r in wiki_markup(text[lo:hi], *how)
                                if p.start <= a + lo and b + lo <= p.end
                                and not taken.meets(a + lo, b + lo)])
        for ls, le in _line_spans(text, p.start, p.end) if md and "|" in text[p.start:p.end] \
                else ():
            if not _pipe_table_row(text, ls, le):
                continue
            # a pipe table's row (``| Тузъ  | 11   |``), or a line of a grid table's row
            # (a row over several lines): its bars read as nothing, a space between two cells
            # (an empty cell's bars with them: pandoc fills a wrapped row's lines so; a
            # line block's mark read in them, ``|     | масть``, goes in theirs)
            bars = [(m.start() + ls, m.end() + ls) for m in
                    re.finditer(r"(?:[ \t]*(?<!\\)\|[ \t]*)+", text[ls:le])]
            own = [x for x in own if not any(a <= x[0] and x[1] <= b for a, b in bars)]
            taken = DisjointSpans((a, b) for a, b, _ in own)
            own += [(a, b, "" if a == ls or b == le else " ") for a, b in bars
                    if not taken.meets(a, b)]
            own.sort()
        out += own
    return out


def _line_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The spans of the lines of ``text[start:end]``, each without its line break and the
    spaces at its edges."""
    out = []
    for m in re.finditer(r"[^\r\n]+", text[start:end]):
        a, b = m.start() + start, m.end() + start
        while a < b and text[a] in " \t":
            a += 1
        while b > a and text[b - 1] in " \t":
            b -= 1
        if b > a:
            out.append((a, b))
    return out


def _pipe_table_row(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is one line of a Markdown pipe table's rows: the table's
    ``|---|---|`` line (:data:`_PIPE_DELIMITER`) stands under it, or above it through lines
    that hold a bar, with no blank line between; or of a grid table's, a rule of it
    (:data:`_GRID_RULE`) above it so."""
    if "\n" in text[start:end]:
        return False
    nxt = text.find("\n", end)
    if nxt >= 0 and _PIPE_DELIMITER.fullmatch(text[nxt + 1:].split("\n", 1)[0].rstrip("\r")):
        return True
    a = text.rfind("\n", 0, start)
    while a > 0:
        b = a
        a = text.rfind("\n", 0, b)
        line = text[a + 1:b].rstrip("\r")
        if _PIPE_DELIMITER.fullmatch(line) or _GRID_RULE.fullmatch(line):
            return True
        if "|" not in line:
            return False
    return False


def unclosed_comments(text: str, parts: Sequence[Part]) -> list[tuple[int, str]]:
    """Warnings ``(line, message)`` for each comment of ``text`` that may not be what its
    editor meant: in the prose parts, those :func:`wiki_markup`
    leaves in the reading text (a ``<!--`` with no ``-->`` after it in its paragraph, a
    comment longer than the markup it reads, ``_WRAP_MAX`` characters) and a ``-->`` that
    closes no comment of its paragraph; and a comment opening a line that runs on across
    paragraphs (all it holds, headings and titles too, is markup, as Markdown reads it)."""
    if "<!--" not in text and "-->" not in text:
        return []
    line = line_finder(text)
    out = []
    for p in parts:
        if p.kind == "debris" and p.label == "markup" and text.startswith("<!--", p.start) \
                and "-->" not in text[p.start + 4:p.end]:
            b = text.find("-->", p.end)
            if b >= 0 and PARAGRAPH_BREAK.search(text, p.end, b):
                out.append((line(p.start), (
                    f"a comment <!-- runs on across paragraphs to line {line(b)}: all it "
                    f"holds, headings and titles too, is markup, out of the reading text (kept "
                    f"in the witness and the TEI); if it should end sooner, close it there")))
        if p.kind != "prose":
            continue
        at = p.start
        for m in _COMMENT_EDGE.finditer(text, p.start, p.end):
            if m.start() < at:
                continue
            if m.group() == "-->":
                out.append((line(m.start()), "a comment's end --> closes no comment <!-- of "
                                             "its paragraph: kept in the reading text as "
                                             "printed; remove it, or open the comment in its "
                                             "paragraph"))
                at = m.end()
                continue
            a = m.start()
            b = text.find("-->", a + 4, p.end)
            if b < 0 or b - a - 4 > _WRAP_MAX:
                why, fix = (("is not closed in its paragraph", "close it with --> in its "
                             "paragraph") if b < 0 else
                            (f"holds more than {_WRAP_MAX:,} characters", "shorten it"))
                out.append((line(a), f"a comment <!-- {why}: kept in the reading text as "
                                     f"printed; {fix}"))
                if b < 0:
                    break
            at = b + 3
    return out


#: where a comment opens or closes
_COMMENT_EDGE = re.compile(r"<!--|-->")


def inline_notes(text: str, parts: Sequence[Part]) -> tuple[
        list[tuple[Span, Span, str]], list[Span], list[tuple[int, str]], list[tuple[Span, Span]]]:
    """The footnotes written inside the prose parts of ``text`` (:data:`INLINE_NOTE`), in
    text order, numbered 1, 2 ... as a wiki page shows them: ``(call, note, number)``, the
    span of the whole tag (left out of the reading text, the note's place), the span of the
    note's text without the blanks round it, and its number as text. A named note keeps
    its number wherever it is called again (``<ref name="a"/>``), and a number that a
    Markdown note's label has on the same page (``[^1]: ...``) is passed over; a name whose text stands
    outside the prose (a list of notes, ``<references><ref name="a">...</ref></references>``)
    is numbered where it is first called. Returns ``(notes, orphans, warnings, follows)``: a
    tag with no note (empty, or naming none) is an orphan (kept in the reading text), and
    it, a ``<ref>`` left open and a ``</ref>`` that closes none are each a warning ``(line,
    message)``; a note's rest on the next page (``<ref follow="a">``, a note named ``a``
    before it) is no note of its own: ``(note, rest)`` in ``follows``, its tag an orphan
    with no warning (read as nothing)."""
    prose = [(p.start, p.end) for p in parts if p.kind == "prose"]
    starts = [a for a, _ in prose]
    line = line_finder(text)
    events: list[tuple[Span, str, Span | None, bool]] = []
    warnings: list[tuple[int, str]] = []
    orphans: list[Span] = []
    follows: list[tuple[Span, Span]] = []
    defined: dict[str, Span] = {}     # name -> its note's text
    spanning: list[Span] = []         # tags whose note runs across a paragraph break
    tags = list(INLINE_NOTE.finditer(text))
    if "^[" in text and not is_wiki_page(text) and MARKDOWN_PAGE.search(text):
        tags = sorted(tags + list(_PANDOC_NOTE.finditer(text)), key=lambda m: m.start())
    for m in tags:
        n = _REF_NAME.search(m.group(1) or "")
        name = next((g for g in n.groups() if g is not None), "") if n else ""
        note = None
        if m.group(2) is not None:
            a, b = m.span(2)
            while a < b and text[a].isspace():
                a += 1
            while b > a and text[b - 1].isspace():
                b -= 1
            note = (a, b) if b > a else None
            if note and name:
                defined.setdefault(name, note)
        k = bisect_right(starts, m.start()) - 1
        if k >= 0 and m.start() < prose[k][1]:
            if m.end() > prose[k][1]:
                # a note of several paragraphs: the paragraph break inside it ends the prose
                # the tag begins in, so it cannot be that prose's note
                spanning.append(m.span())
                warnings.append((line(m.start()),
                                 "a footnote tag <ref>...</ref> whose note runs across a "
                                 "paragraph break: kept in the reading text as it stands, no "
                                 "note made; write the note as one paragraph (a <br /> for "
                                 "its break)"))
                continue
            events.append((m.span(), name, note, m.group(2) is None))
    taken = sorted([call for call, *_ in events] + spanning)
    for x, y in prose:
        for t in _REF_TAG.finditer(text, x, y):
            k = bisect_right(taken, (t.start(), len(text))) - 1
            if not (k >= 0 and taken[k][0] <= t.start() < taken[k][1]):
                warnings.append((line(t.start()),
                                 f"a footnote tag {t.group()!r} that opens or closes no note "
                                 f"(left open, nested or stray): kept in the reading text; "
                                 f"close each <ref>...</ref>, one inside no other"))
    found: list[tuple[Span, Span, str]] = []
    numbers: dict[str, str] = {}
    count = 0
    # (a number a Markdown note's label has on the page is passed over: no two notes alike)
    labels = {marker_name(m.group()[:-1]) for m in _MD_DEFINITION.finditer(text)} \
        if "[^" in text else set()
    for call, name, note, again in events:
        f = _REF_FOLLOW.search(text, call[0], text.find(">", call[0]))
        target = defined.get(next(g for g in f.groups() if g is not None)) if f else None
        if f and note and target and target[1] < call[0]:
            follows.append((target, note))   # the rest of a note begun on the page before:
            orphans.append(call)             # one note; its tag is read as nothing
            continue
        if f and note:
            warnings.append((line(call[0]), (
                f"the note's rest {text[call[0]:text.find('>', call[0]) + 1]!r} follows no "
                f"note of that name before it on the page: kept as a note of its own; name "
                f"the note it goes on with (<ref name=\"...\">)")))
        if note is None:
            note = defined.get(name) if again and name else None
            if note is None:
                orphans.append(call)
                warnings.append((line(call[0]),
                                 f"the footnote tag {text[call[0]:call[1]]!r} holds no note "
                                 f"and names none on the page: left out of the reading text; "
                                 f"write the note inside it, or name a note of the page"))
                continue
        if name and name in numbers:
            number = numbers[name]
        else:
            count += 1
            while str(count) in labels:
                count += 1
            number = numbers[name] = str(count)
        found.append((call, note, number))
    return found, orphans, warnings, follows


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
    ends without sentence-final punctuation and the next begins with a lowercase letter, or
    with a number that counts the word after it (``раскладываютъ`` / ``52 карты ...``:
    :func:`_counts`). A Markdown quotation's marks opening the next (``> выходитъ``,
    :data:`_MD_QUOTE_MARK`) are passed over: inside a quotation the text runs on as outside it."""
    if SENTENCE_END.search(text[max(0, prev_end - 12):prev_end]):
        return False
    if text[next_start:next_start + 1] == ">" and (next_start == 0 or text[next_start - 1] == "\n"):
        mark = _MD_QUOTE_MARK.match(text[next_start:next_start + 40])
        next_start += mark.end() if mark else 0
    if text[next_start:next_start + 1].islower():
        return True
    n = re.match(r"\d{1,4}(?=[ \t]+\S)", text[next_start:next_start + 8])
    return n is not None and _counts(int(n.group()), text[next_start + n.end():next_start + 60])


#: debris labels of page furniture, which may stand inside a sentence that runs on from one
#: page to the next (the running head or page number at the top of the new page, a footnote
#: or a catchword at the foot of the old one, a Markdown or wiki page separator, a web page's furniture,
#: labelled "")
FURNITURE = frozenset({"running head", "page number", "footnote", "separator", "markup",
                       "OCR noise", "catchword", ""})


def runs_on_across(text: str, parts, i: int, j: int) -> bool:
    """Whether prose parts ``parts[i]`` and ``parts[j]`` (``i < j``, nothing but debris,
    figures and page titles between) are one sentence running on across page furniture: at
    least one part between, each page furniture (:data:`FURNITURE`), a figure set inside the
    sentence (``какъ`` / ``Фиг. 5`` / ``показано ...``) or the web page's title, and the text
    continues (:func:`continues`)."""
    between = parts[i + 1:j]
    return bool(between) and all(p.kind in ("page-title", "figure") or
                                 (p.kind == "debris" and p.label in FURNITURE)
                                 for p in between) \
        and continues(text, parts[i].end, parts[j].start)


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


def numeral_value(numeral: str) -> int:
    """The value of a numeral :func:`roman` gives (``"LXX"`` 70, ``"12"`` 12)."""
    if numeral.isdigit():
        return int(numeral)
    values = [{"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}[c]
              for c in numeral]
    return sum(-v if v < w else v for v, w in zip(values, values[1:] + [0]))


def roman(numeral: str) -> str | None:
    """A chapter numeral with OCR look-alikes (Cyrillic Х, І, У; ``1``/``l`` for I) as Latin
    capitals, or None if it is not a Roman numeral; Arabic numerals are kept, and a number in
    words (:data:`CHAPTER_WORDS`: ``ПЕРВАЯ``, ``сорокъ пятая``, ``СТО``) is written in Roman
    figures (``I``, ``XLV``, ``C``), as the book numbers its chapters."""
    if numeral.isdigit():
        return numeral
    words = key(numeral).split()
    if words and all(w in CHAPTER_WORDS for w in words):
        n = sum(CHAPTER_WORDS[w] for w in words)
        out = ""
        for value, figures in ((100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"),
                               (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
            out += figures * (n // value)
            n %= value
        return out
    r = numeral.upper().translate(str.maketrans("ХІУС1И", "XIVCII"))
    return r if r and ROMAN.fullmatch(r) else None


def split_list(text: str) -> list[str]:
    """The game titles of a heading's list: ``Мельница. - Египетская пирамида`` (dashes),
    ``Мельница. Египетская пирамида.`` (periods) when there is no dash, or ``Колесо, Бабочка``
    (commas) when every item so cut begins with a capital."""
    text = text.strip()
    items = LIST_SEPARATOR.split(text) if LIST_SEPARATOR.search(text) else re.split(r"[.;]\s+", text)
    if len(items) == 1 and "," in text:
        parts = [t.strip(" .") for t in text.split(",")]
        if all(t[:1].isupper() for t in parts):
            items = parts
    out = []
    for t in items:
        t = t.strip(" .;")
        q = QUOTED_TITLE.match(t)
        if q:
            t = q.group("name")
        t = t.strip(" «»\"„“”")
        if t:
            out.append(t)
    return out


#: inline markup a chapter heading is read through (:func:`parse_heading`,
#: :func:`heading_text`): a wiki template with no parameter (``{{Отступ}}``), one that holds
#: no text with its width (``{{Отступ|2}}``, as ru.wikisource's pages indent), bold and
#: italics (``'''X'''``, ``**X**``, ``__X__``, ``<b>X</b>``), and pandoc's empty span
#: (:data:`_MD_ANCHOR`: a Word bookmark before a line that Word shows as a heading but pandoc
#: writes as a plain paragraph, ``[]{#_Toc501 .anchor}Глава LXXVIII``; it shows nothing)
_HEADING_MARKUP = re.compile(r"\{\{[^{}|\n]{1,40}\}\}|\{\{\s*(?:" + _EMPTY_TEMPLATES + r"|gap)"
                             r"\s*\|[^{}\n]{0,20}\}\}|'{2,5}|\*{2,3}|__|"
                             r"</?(?:b|i|strong|em|big|u)>|" + _MD_ANCHOR.pattern, re.I)


def parse_heading(text: str) -> tuple[str, list[str]] | None:
    """``("XL", ["Мельница", ...])`` for a chapter heading line, else None. A line whose
    first letter is small ('глава вторая.' under '... говоритъ') goes on with a sentence.
    The line is read through inline markup (:data:`_HEADING_MARKUP`: ``{{Отступ}}'''ГЛАВА
    LVI.'''``, ``**ГЛАВА LVI.** Звѣзда``)."""
    text = _HEADING_MARKUP.sub("", text)
    if next((c for c in text if c.isalpha()), "").islower():
        return None
    m = HEADING.match(text.translate(_LOOKALIKE))
    if not m:
        m = LIST_HEADING.match(text)        # "XL. Мельница. - Египетская пирамида"
        if not m:
            return None
        names = split_list(m.group(2))
        numeral = roman(m.group(1))
        # (items cut at stops alone name no section: 'I. Первый способъ. Карты кладутъ
        # рядомъ.' is a section's number, its name and a sentence; a game's name may hold a
        # verb, 'XLIV. Восьмиугольникъ. Фаворитка. Идетъ не идетъ.')
        if numeral and (len(names) >= 2 and all(_name_shape(t, 6) for t in names) and (
                LIST_SEPARATOR.search(m.group(2)) or not any(_names_a_section(t) for t in names))
                or (
                # one game's chapter: 'LVIII. ПАСЬЯНСЪ «ДВОРЕЦЪ».'
                QUOTED_TITLE.match(m.group(2).translate(_LOOKALIKE))
                and re.fullmatch(r"[^«»\"„“”]*[«\"„“][^«»\"„“”]+[»\"”“]\.?", m.group(2).strip()))):
            return numeral, names
        return None
    numeral = roman(text[m.start(1):m.end(1)])
    if numeral is None:
        return None
    if m.group(1)[-1:].isalpha() and key(m.group(1)).split()[-1] in CHAPTER_WORDS and \
            text[m.end(1):].lstrip(" \t")[:1] not in ("", ".", ":", "\n", "\r"):
        return None     # a sentence that opens so ('Глава первая и вторая описываютъ ...')
    # (a page number beside the heading, ``ГЛАВА XLVIII. 185``, names no game: a running
    # head's; a name is read through inline markup, ``<b>Жирный</b>``, ``''Часы''``)
    names = [" ".join(re.sub(r"'{2,5}", "", _INLINE_MARKUP.sub(" ", t)).split())
             for t in split_list(text[m.start(2):m.end(2)])]
    # (nor does a group of games, 'Разные пасьянсы', 'Пасьянсы для двухъ колодъ': the plural)
    return numeral, [t for t in names if t and not re.fullmatch(PAGE_NUMBER, t)
                     and not _GAMES_PLURAL.intersection(_modern_words(t))]


#: the plural of 'пасьянс', which in a chapter heading names a group of games, never one
_GAMES_PLURAL = frozenset({"пасьянсы", "пасьянсов", "пасьянсам", "пасьянсами", "пасьянсах"})


#: the suits' signs, black and white
_SUITS = "♠♥♦♣♤♡♢♧"
#: the symbols a book's text holds: the suits' signs, №, °, +, =, ×
_TEXT_SIGNS = _SUITS + "№°+=×"
#: a word of a text line: three letters or more, a vowel among them
_REAL_WORD = re.compile(r"(?=[^\W\d_]*[аеёиоуыэюяѣіѵaeiouy])[^\W\d_]{3,}", re.I)


def ocr_noise(line: str) -> bool:
    """A line that is an OCR's reading of a speck, a smudge or an ornament, no book text: no
    word of three letters with a vowel in it, and what no text of the book holds: a symbol
    (Unicode's S categories, but :data:`_TEXT_SIGNS`: ``»ь ■ іі ' ,. ч``, ``ШЁ1Ш Ш ^ ■``),
    three small Latin letters or pairs and nothing else (``rn ii ll ,,``; not ``N. B.``), or
    a run of one letter (an ornament: ``ШШШШШШШШ``). A short line of short words (``Ну,
    да.``, ``― Да.``) and cards with their suits' signs (``10 ♠ 9 ♥``) are text."""
    s = line.strip()
    if len(s) < 2 or len(s) > 60 or any(len(set(w.lower())) > 1 for w in _REAL_WORD.findall(s)) \
            or re.fullmatch(r"[IVXLCDM]+\.?", s) or FOOTNOTE.match(s) or "[^" in s:
        return False     # (a footnote, a Markdown note's call or definition: ``[^c]: цэ``)
    return (any(unicodedata.category(ch)[0] == "S" and ch not in _TEXT_SIGNS for ch in s)
            or re.search(r"([^\W\d_])\1{3}", s) is not None
            or re.fullmatch(r"[a-z]{1,2}(?:[\s.,;:'\"]+[a-z]{1,2}){2,}[\s.,;:'\"]*", s) is not None)


#: what an OCR reads a speck or a smudge as, standing alone between two words of a line (a
#: space or tab on each side): a bar, a tilde, a caret, a backquote, a box-drawing, block or
#: geometric shape ('■', '▪', '│'); not a sign a rule is written with (an arrow, +, =, a suit)
_LONE_SIGN = re.compile(r"(?<=[^\W\d_][ \t])[|¦~^`\u2500-\u25ff](?=[ \t][^\W\d_])")


def inline_specks(text: str, parts: Sequence[Part]) -> list[tuple[int, str]]:
    """Warnings ``(line, message)`` for each OCR speck in the prose parts of ``text``: a
    character :data:`_LONE_SIGN` takes standing alone between two words of a line
    ('столбиковъ | по шести', 'нужны ■ а'), each named with its column; a ``|`` on a line
    that holds more than one (a table, a template) is text. The speck stays in the witness
    and the reading text: the normaliser has no rule for OCR debris inside a line, so the
    editor decides."""
    out: list[tuple[int, str]] = []
    line = line_finder(text)
    for p in parts:
        if p.kind != "prose":
            continue
        for m in _LONE_SIGN.finditer(text, p.start, p.end):
            ch = m.group()
            a = text.rfind("\n", 0, m.start()) + 1
            z = text.find("\n", m.start())
            if ch == "|" and text.count("|", a, len(text) if z < 0 else z) > 1:
                continue
            out.append((line(m.start()), (
                f"an OCR speck, {char_name(ch)}, alone between two words at column "
                f"{m.start() - a + 1}: kept in the text and the reading text; if the scan "
                f"shows nothing there, delete it from the file")))
    return out


def _heading_in_words_runs_on(line: str, nxt: _Line | None) -> bool:
    """Does a line that opens as a chapter heading with its number in words go on as a
    sentence (``Глава вторая`` / ``описываетъ ...``): no stop or colon after the ordinal, the
    line not in capitals, and the next line of its paragraph beginning in small letters?
    (``ГЛАВА ПЕРВАЯ``, ``Глава вторая.`` and ``Глава пятидесятая`` over a list of games are
    headings.)"""
    m = HEADING.match(line.translate(_LOOKALIKE))
    if m is None or not m.group(1)[-1:].isalpha() or \
            key(m.group(1)).split()[-1] not in CHAPTER_WORDS:
        return False
    first = re.search(r"[^\W\d_]", nxt.text) if nxt is not None and not nxt.brk else None
    return line[m.end(1):].lstrip(" \t")[:1] not in (".", ":") and line.upper() != line and \
        first is not None and first.group().islower()


def _numbered_heading(line: str) -> bool:
    """A chapter heading with an Arabic number, in capitals or closed by a stop (``ГЛАВА
    55.``): a heading, though its one word is a web page's (``Глава 5``, a link, is not)."""
    h = parse_heading(line)
    return h is not None and h[0].isdigit() and (line.upper() == line or line.rstrip()[-1:] == ".")


def _words(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), key(m.group())) for m in WORD.finditer(text)]


def _modern_words(text: str) -> tuple[str, ...]:
    """The words of ``text`` in modern spelling, in small letters, without stress accents (as
    the dictionary has them: ``кладу́тъ`` is ``кладут``)."""
    return tuple(_MARK.sub("", w).lower() for w in WORD.findall(normalise(text).text))


#: parts of speech (pymorphy3's) of a word that begins no game's name when it is the word's
#: likely reading: a conjunction, preposition, particle, interjection or adverb ("И", "Тутъ"),
#: however a rare reading makes it a noun (the letter "и")
_FUNCTION_WORDS = frozenset({"CONJ", "PREP", "PRCL", "INTJ", "ADVB"})
#: adverbs of degree, which qualify a predicate ('Игра очень трудная.'), never a game's name
_DEGREE_ADVERBS = frozenset({"очень", "весьма", "слишком", "довольно", "крайне",
                             "чрезвычайно", "совсем", "вполне"})


#: the words a game's text uses for the game itself, its play and its cards (modern lemmas):
#: the subject of a short verbless sentence that says what it is ('Колода полная.', 'Игра
#: долгая.'), not a game's name ('Туз бубновый', 'Звѣзда большая')
GAME_WORDS = frozenset({"пасьянс", "игра", "партия", "колода", "карта", "раскладка", "расклад",
                        "сдача", "ход", "талия", "масть"})


@lru_cache(maxsize=1024)
def says_what_it_is(text: str) -> bool:
    """True when ``text`` (a short phrase, any spelling) is a sentence with no verb: a word of
    :data:`GAME_WORDS` in the nominative and after it an adjective that agrees with it and
    can be a predicate (it has a short form, 'полная' / 'полна'; a relation, 'королевскій',
    has none) or says which (a pronoun's, 'любая', 'одна'), or a numeral, how many: 'Колода
    полная.', 'Пасьянсъ трудный.', 'Карты открытыя.', 'Масть любая.', 'Колоды двѣ.'. A
    game's name sets its adjective first ('Полная колода'), or a capital on the word after
    the noun ('Пасьянсъ Бѣлый')."""
    words = _modern_words(text)
    printed = WORD.findall(text)
    if len(words) != 2 or len(printed) == 2 and printed[1][:1].isupper() and \
            not printed[1].isupper():
        return False
    m = analyzer()
    nouns = [p.tag for p in m.parse(words[0])
             if p.tag.POS == "NOUN" and p.tag.case == "nomn" and p.normal_form in GAME_WORDS]
    for adj in m.parse(words[1]):
        if adj.tag.POS == "NUMR" and adj.tag.case == "nomn" and nouns:
            return True
        if adj.tag.POS != "ADJF" or adj.tag.case != "nomn" or not (
                "Apro" in adj.tag or any(f.tag.POS == "ADJS" for f in adj.lexeme)):
            continue
        if any(n.number == adj.tag.number and (n.number == "plur" or n.gender == adj.tag.gender)
               for n in nouns):
            return True
    return False


@lru_cache(maxsize=1024)
def says_where_it_goes(text: str) -> bool:
    """True when ``text`` (a short phrase, any spelling) is a rule with no verb: two to four
    words, the last most likely an adverb (pymorphy3's best parse of its modern form) that
    says where or how the cards go: 'Тузы внизъ.', 'Короли вверхъ.', 'Карты рубашкой
    вверхъ.', or a place they are laid to: 'Дамы по бокамъ.', 'Карты въ рядъ.'. A game's name is a noun's phrase, which no adverb ends; not one in 'по-' (a
    manner a noun takes, 'Косынка по-турецки'), one a capital opens ('Солнце Вверху'), nor
    'Пасьянсъ X' ('Пасьянсъ вдвоемъ', as 'Пасьянсъ Наполеона')."""
    words = _modern_words(text)
    last = WORD.findall(text)[-1:]
    if not 2 <= len(words) <= 4 or words[0] == "пасьянс" or words[-1].startswith("по-") or \
            last and last[0][:1].isupper():
        return False
    best = analyzer().parse(words[-1])[0]
    if best.tag.POS == "ADVB" and best.score >= 0.5:
        return True
    # or a place the cards are laid to, 'по' and a plural of :data:`_LAID_TO` ('Дамы по
    # бокамъ.', 'Валеты по угламъ.'), or 'в ряд' ('Карты въ рядъ.')
    if words[-2:] in (("в", "ряд"), ("во", "ряд")):
        return True
    return words[-2] == "по" and any(
        q.normal_form in _LAID_TO and {"datv", "plur"} <= q.tag.grammemes
        for q in analyzer().parse(words[-1])[:3])


#: the places a verbless rule may lay cards to (:func:`says_where_it_goes`): 'по бокам'
_LAID_TO = frozenset(("бок", "угол", "сторона", "край", "место", "ряд", "ярус"))


def _labels_a_part(text: str) -> bool:
    """Whether run-in label ``text`` names a part of a game's rules by a word of
    :data:`GAME_WORDS` (``Раскладка.``, ``Ходъ игры.``, ``Цѣль игры.``, ``Сдача картъ.``):
    three words at most, the first a noun in the nominative, no 'Пасьянсъ ...' (a game's
    name, ``Пасьянсъ Наполеона``)."""
    words = _modern_words(text)
    if not 0 < len(words) <= 3 or words[0] == "пасьянс":
        return False
    m = analyzer()
    if not any(p.tag.POS == "NOUN" and p.tag.case == "nomn" for p in m.parse(words[0])[:3]):
        return False
    return any(m.parse(w)[0].normal_form in GAME_WORDS for w in words)


@lru_cache(maxsize=4096)
def reads_as_name(text: str) -> bool:
    """True when ``text`` (a short phrase, any spelling) reads as a game's name: its first word
    a noun or full adjective that can be nominative (or a numeral with a word after it) and
    most likely no function word or adverb (:data:`_FUNCTION_WORDS`), no later word most
    likely a particle nor any an adverb of degree (:data:`_DEGREE_ADVERBS`: 'Ходъ игры такой
    же.', 'Игра очень трудная.' are sentences), no word one of :data:`NOT_TITLES` (nor
    "Пасьянсы" and more words, a section of games, nor what names a section, ``Первая
    раскладка``: :func:`_names_a_section`), and no word a finite verb, infinitive, short form, gerund or predicative (pymorphy3's best
    parse, on the modern spelling)."""
    words = _modern_words(text)
    if not words or any(w in NOT_TITLES for w in words) or _names_a_section(text) or \
            (words[0] == "пасьянсы" and len(words) > 1) or \
            " ".join(words) in BOOK_TITLE_HEADS:   # a section: "Пасьянсы для двухъ колодъ";
        return False                                # the book's title alone names no game
    m = analyzer()
    first = m.parse(words[0])[:4]
    if first[0].tag.POS in _FUNCTION_WORDS and first[0].score >= 0.5:
        return False                      # "И Демьянъ съ ними": a conjunction's rare noun
    if not any(p.tag.POS in ("NOUN", "ADJF") and "nomn" in p.tag for p in first) and not (
            len(words) > 1 and any(p.tag.POS == "NUMR" and "nomn" in p.tag for p in first)):
        return False                      # "Сорок разбойников": a numeral and its noun
    if any(w in _DEGREE_ADVERBS for w in words):
        return False                      # "Игра очень трудная": a predicate's adverb
    parses = [m.parse(w)[0] for w in words[1:]]
    if any(p.tag.POS == "PRCL" and p.score >= 0.5 for p in parses):
        return False                      # "Ходъ игры такой же": a particle
    return not any(p.tag.POS in ("VERB", "INFN", "PRTS", "ADJS", "GRND", "PRED")
                   for p in [first[0]] + parses)


def _refers_onward(line: str, after: str = "") -> bool:
    """:func:`extract.text.morph.refers_onward` of ``line`` ('какъ на' / 'Фиг. 5' / 'видно':
    the number is what the line refers to, not a figure set there), unless ``after``, the
    line under the figure's, opens with the word the preposition takes ('а въ' / 'Рис. 7.' /
    'серединѣ ...': a noun in a case, never the nominative, which no preposition takes):
    then the figure stands between the two, set inside the sentence."""
    words = _modern_words(line[-40:])
    if not refers_onward(line, words[-1] if words else ""):
        return False
    first = _modern_words(after[:40])[:1] if after[:1].islower() else ()
    if first and first[0].isalpha():
        parses = analyzer().parse(first[0])
        if parses[0].tag.case and not any(p.tag.case == "nomn" for p in parses):
            return False
    return True


def _counts(n: int, rest: str) -> bool:
    """Whether number ``n`` counts the word that begins ``rest``, a noun or adjective in the
    form a numeral governs (``1 карта``, ``2 колоды``, ``2 полныя``, ``8 картъ``; by
    pymorphy3's readings of its modern form): a count in the text, no page number glued to a
    page's first word (``12 кругомъ``)."""
    words = _modern_words(rest[:40])
    if not words:
        return False
    if n % 10 == 1 and n % 100 != 11:
        wanted = {("NOUN", "sing", "nomn"), ("NOUN", "sing", "accs"), ("ADJF", "sing", "nomn"),
                  ("ADJF", "sing", "accs")}
    elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        wanted = {("NOUN", "sing", "gent"), ("ADJF", "plur", "gent"), ("ADJF", "plur", "nomn")}
    else:
        wanted = {("NOUN", "plur", "gent"), ("ADJF", "plur", "gent")}
    return any((p.tag.POS, p.tag.number, p.tag.case) in wanted
               for p in analyzer().parse(words[0])[:4])


#: HTML around a line's text on a Markdown page: a paragraph, a figure's caption, italics
#: (``<p><i>Рис. 3. ...</i></p>``, ``<figcaption>Фиг. 23. Башня.</figcaption>``); an image's
#: tag and a figure's opening or closing tag beside them hold no text
_TAG_PAIR = re.compile(r"^\s*(?:<(?:img|figure)\b[^<>]*>\s*)*<(p|div|figcaption|caption|center|"
                       r"span|i|em|b|strong|small)\b[^<>]*>(.*)</\1\s*>\s*(?:</figure\s*>)?\s*$",
                       re.I | re.S)


def _in_tags(line: str) -> str:
    """``line`` without the HTML tags that wrap its whole text (:data:`_TAG_PAIR`, nested)."""
    while (m := _TAG_PAIR.match(line)) and m.group(2).strip():
        line = m.group(2).strip()
    return line


def _finite_verb(words: Sequence[str], tense: str = "") -> bool:
    """Whether one of ``words`` (modern forms, :func:`_modern_words`) is most likely a finite
    verb (pymorphy3's best parse), of ``tense`` (``"pres"``) if given: a sentence's, not a
    caption's or a name's."""
    m = analyzer()
    return any(p.POS == "VERB" and (not tense or tense in p)
               for p in (m.parse(w)[0].tag for w in words))


#: the stop after an abbreviated word inside a name ('Св. Елены', 'И. А. Крылова')
_ABBREVIATION_STOP = re.compile(r"\b([^\W\d_]{1,3})\.(?=[ \t]+\S)")


def _name_shape(body: str, max_words: int) -> bool:
    """A title's shape: 1..max_words words of letters (hyphens, commas and spaces between),
    at most 60 characters, beginning with a capital letter or with a number and a word
    (``40 разбойниковъ``)."""
    words = WORD.findall(body)
    return (0 < len(words) <= max_words and len(body) <= 60
            and (body[:1].isupper() or re.match(r"\d{1,3}[ \t]+[^\W\d_]", body) is not None)
            and re.fullmatch(rf"(?:\d{{1,3}}[ \t]+)?[^\W\d_][\w\s,\-&{_MARKS}]*", body) is not None
            and "_" not in body)


def _digit_inside(name: str, known: list[list[str]]) -> bool:
    """Whether a digit, plain or superscript, stands in ``name`` after the number that may
    open it, and no title a heading lists has its words (``known``, word keys): ``Короли
    номеръ 0``, ``Крѣпость²``; not ``40 разбойниковъ``, nor ``Часы 2`` under ``Часы. — Часы
    2.``. A name only its shape makes a title holds none: the digit is a sentence's count
    or a note's call."""
    return any(c.isdigit() for c in re.sub(r"^\d{1,3}[ \t]+", "", name)) and \
        [w for _, _, w in _words(name)] not in known


#: marks an OCR leaves about a title's words (a speck read as a comma or an apostrophe):
#: ``,Солнце.``, ``Солнце,``, ``Королевская свадьба.'``
_STRAY = ",'‘’`´"


def _known_title(line: str, known: list[list[str]]) -> tuple[int, int] | None:
    """If ``line`` begins with a known title (optionally after ``Пасьянс``), ``(start, end)``
    of the title words in the line; the title must be followed by ``.``, ``(``, a closing
    quote or the end of the line. An OCR speck before or after the title's words (a comma,
    an apostrophe: :data:`_STRAY`) does not hide a known title; a number before them with
    no stop after it (``40 РАЗБОЙНИКОВЪ.``) is part of the title."""
    words = _words(line[:200])
    first = 1 if words and words[0][2] == "пасьянс" else 0
    if first and not line[:words[0][0]].strip() == "":
        return None
    if not first and words and re.sub(OPEN_ANGLES, "", line[:words[0][0]]).strip(
            " \t«\"„“1234567890.)" + _STRAY):
        return None
    for title in sorted(known, key=len, reverse=True):
        got = words[first:first + len(title)]
        if len(got) == len(title) and [w[2] for w in got] == title:
            end = got[-1][1]
            rest = line[end:]
            if not rest.strip(" \t" + _STRAY) or re.match(
                    r"\s*(?:" + _CLOSING_QUOTE + "|" + CLOSE_ANGLES + r")?\s*(?:[.(]|" + ALT_NAME + ")", rest):
                start = words[first][0]
                number = re.fullmatch(r"\s*(\d{1,3})[ \t]+", line[:start])
                # a number before the name with no stop after it is the name's own
                # ('40 РАЗБОЙНИКОВЪ.'), a list's number is not ('2. Мельница.')
                return (number.start(1) if number and not first else start), end
    return None


def title_at(line: str, known: list[list[str]], own_line_ok: bool = True,
             inline_ok: bool = True) -> tuple[str, int] | None:
    """If ``line`` begins with a game title, ``(title as printed, length of the title unit)``;
    the unit takes in a following parenthesis and period (``Мельница. (Полная колода
    карт)``). ``known``: the known titles as lists of word keys. ``own_line_ok``: a line that
    is only a name counts; ``inline_ok``: a short name then ``.`` and a sentence counts."""
    folded = line.translate(_LOOKALIKE)
    m = QUOTED_TITLE.match(folded)
    numbered = NUMBERED_TITLE.match(folded)
    if m:
        # (a name wrapped over two lines, :func:`_join_wrapped_titles`: one line, a word
        # divided at the break joined, 'Ко-' / 'леса', or with no hyphen, :func:`_one_line`)
        printed = re.sub(r"(?<=[^\W\d_])-[ \t]*\n[ \t]*(?=[а-яёѣіѳѵ])", "",
                         line[m.start("name"):m.end("name")])
        printed, n = _one_line(printed), m.end()
    elif numbered:
        printed, n = line[:numbered.end()], numbered.end()
    else:
        k = _known_title(line, known)
        if k:
            printed, n = line[k[0]:k[1]], k[1]
            close = re.compile(_CLOSING_QUOTE + "|" + CLOSE_ANGLES).match(line, n, n + 3)
            n = close.end() if close else n
        else:
            return _unknown_title(line, known, own_line_ok, inline_ok)
    end = _past_tail(line, n)
    if _other_name_goes_on(line[n:end]):
        return None     # ('«Малая звѣзда», или Звѣздочка выходитъ рѣдко.': a sentence)
    alt = _ALT_IN_COMMAS.match(line, n)
    rest = line[alt.end():].strip() if alt is not None else ""
    if alt is not None and (not rest or rest[:1].islower() and _goes_on(_modern_words(rest)[:3])):
        return None     # ('«Малая звѣзда», или Звѣздочка, раскладывается ...', wrapped after
        #                 the comma too: a sentence, the name its subject)
    return printed, end


def _subject(line: str, n: int) -> bool:
    """Whether the title unit of ``line``'s first ``n`` characters is the subject of the
    sentence that goes on from it: no stop ends it and a word in lower case follows
    ('Пасьянсъ «Дворецъ» раскладывается изъ двухъ колодъ.'), so the name is the sentence's
    text, not a title set before it ('Пасьянсъ «Дворецъ». Берутъ ...')."""
    return (line[:n].rstrip()[-1:] not in ".:!?…" and n < len(line)
            and line[n:].lstrip(" \t")[:1].islower())


def _unlisted(name: str, heading: _Line | None) -> bool:
    """Whether ``heading``, the chapter's heading nearest above, lists its games and ``name``
    is not among them ('ГЛАВА LV. Косынка.' over 'Пасьянсъ «Мельница» раскладываютъ иначе.')."""
    listed = heading.extra.get("title_keys", set()) if heading is not None else set()
    return bool(listed) and key(name) not in listed


def _listed_name(line: str, heading: _Line | None) -> bool:
    """Whether ``line`` is only one of the names ``heading``, the chapter's heading nearest
    above, lists, with or without its stop ('Мостъ.' under 'ГЛАВА CV. Колодецъ. — Мостъ.')."""
    listed = heading.extra.get("title_keys", set()) if heading is not None else set()
    return bool(listed) and key(line.strip().rstrip(".")) in listed


def _past_tail(line: str, n: int) -> int:
    """``n`` moved past a title's tail at ``n`` in ``line`` (its marker, closing quote,
    bracketed note, full stop: :data:`TITLE_TAIL`, which also matches nothing)."""
    m = TITLE_TAIL.match(line, n)
    return m.end() if m else n


def ocr_title(text: str) -> str | None:
    """The reading of a title that OCR garbled (any change of kind ``ocr`` the normaliser
    makes: ``ЗвЬзда``, ``Зв%зда``, ``3ВѢЗДОЧКА``), else None. A digit opening it stands as tall
    as a capital: OCR's З or О, however the normaliser reads it before small letters
    (``3вѣзда`` reads ``Звезда``)."""
    read = normalise(text)
    if not any(c.kind == "ocr" for c in read.changes):
        return None
    if text[:1] in "03" and read.text[:1].isalpha():
        return read.text[:1].upper() + read.text[1:]
    return read.text


def _ocr_reading(text: str) -> str:
    """``text`` as the normaliser reads it where OCR printed a sign or a digit for a letter
    and the dictionary knows the word so read (``Зв%зда``, ``3ВѢЗДОЧКА``, ``3вѣзда``: rules
    ocr-percent-yat, ocr-digit; :func:`ocr_title`), else ``text`` as printed: a title OCR
    garbled so has the shape of one in its reading (``add`` warns of it)."""
    if "%" not in text and not re.search(r"\d", text):
        return text
    return ocr_title(text) or text


#: a run-in name that only its shape may make a title, then its stop and a space: up to
#: four words (a superscript digit is no letter of them but a note's call), a call before
#: the stop or glued after it (``Крѣпость[2]. Берутъ``, ``Крѣпость.[2] Берутъ``; a call set
#: a space after the stop is a list's number, ``Крѣпость. [2] Берутъ``); group 1 the name
_NAME_PIECE = rf"(?:[^\W_⁰¹²³⁴⁵⁶⁷⁸⁹]|[\-{_MARKS}])"
_RUN_IN_NAME = re.compile(rf"([^\W\d_⁰¹²³⁴⁵⁶⁷⁸⁹]{_NAME_PIECE}*(?:[ \t]+{_NAME_PIECE}+){{0,3}})(?:"
                          + TITLE_MARKER + r")?\.(?:" + _GLUED_MARKER + r")?[ \t]+(?=[^\W\d_«(])")


def _unknown_title(line: str, known: list[list[str]], own_line_ok: bool,
                   inline_ok: bool) -> tuple[str, int] | None:
    """A title that only its shape makes (no heading lists it, no quotes), as
    :func:`title_at` returns it: the line whole (``own_line_ok``: ``Крѣпость.``,
    ``Крѣпость.[2]``) or a run-in name before its text (``inline_ok``: ``Крѣпость.[2]
    Берутъ ...``, :data:`_RUN_IN_NAME`); a note's call is no part of the name. None when
    the words do not have a name's shape (:func:`_name_shape`) or do not read as one
    (:func:`reads_as_name`)."""
    body = line.strip()
    tail = re.search(r"\([^()\n]{1,60}\)\s*\.?$", body)   # no leading \s*: quadratic on long blanks
    if tail:
        body = body[:tail.start()].rstrip()
    body = re.sub(r"^(?:\d{1,3}|[IVXLC]{1,6})\s*[.)]\s+", "", body).strip(" .«»\"„“”")
    body = re.sub(rf"^{OPEN_ANGLES}|{CLOSE_ANGLES}$", "", body).strip(" .«»\"„“”")
    marker = _END_MARKER.search(body)
    if marker:
        # a note's marker after the name or its stop (``Проба[^1]``, ``Крѣпость.[2]``) is
        # the title's: the line is read without it ('Короли внизъ![2]' keeps its '!')
        body = body[:marker.start()].rstrip(" .«»\"„“”")
    shape = _ocr_reading(body) if own_line_ok else body
    if own_line_ok and _name_shape(shape, 6) and not _digit_inside(shape, known) and \
            "," not in body[-1:] and reads_as_name(shape):
        start = line.index(body)
        return line[start:start + len(body)], len(line.rstrip())
    if inline_ok:
        # (after the game's number, '1. КОЛОДЕЦЪ. Берутъ ...', as on a line of its own)
        number = _GAME_NUMBER.match(line)
        m = _RUN_IN_NAME.match(line, number.end() if number else 0)
        # a line all in capitals is read as a whole (a title or heading with initials or an
        # abbreviation in it: 'БАСНИ И. А. КРЫЛОВА.', 'НА ОСТРОВЕ СВ. ЕЛЕНЫ.'): book text is
        # never set in capitals
        # (nor does an abbreviation's stop end a name: 'Кн. П. Вяземскій.', 'Гл. II.')
        if m and line[m.end():m.end() + 1].isupper() and _name_shape(m.group(1), 4) \
                and not _digit_inside(m.group(1), known) \
                and key(m.group(1).split()[-1]) not in NON_TERMINAL | TERMINAL \
                and reads_as_name(m.group(1)) and line.upper() != line:
            return m.group(1), _past_tail(line, m.end(1))
    return None


#: a figure referred to in brackets opening the line under a title, a sentence after it:
#: ``(Фиг. 22). Перетасовав ...``
_FIGURE_REFERENCE = re.compile(r"\(\s*(?:Фиг|Рис|Черт)\s*\.?\s*\d{1,3}\s*\)\.?(?=[ \t]+\S)", re.I)
#: a reference to a page of the book, ``(см. стр. 187)``, ``ср. стр. 12``: text, no page title
_PAGE_REFERENCE = re.compile(r"\b(?:см|смотри|смот|ср)\.?\s*(?:на\s+)?(?:страниц|стр\.)", re.I)


def _is_page_title(line: str) -> str | None:
    """The page number a web page's title line gives (``Пасьянсы — Страница 12``), else
    None; a reference to a page (:data:`_PAGE_REFERENCE`) is none."""
    m = PAGE_TITLE.match(line)
    return m.group(2) if m and len(line) <= 120 and not _PAGE_REFERENCE.search(line) else None


#: the pieces of inline wiki and HTML markup whose characters a menu also uses (``|``, ``>``,
#: ``/``): a tag, a footnote tag, a template's opening and closing, a wiki link's brackets
#: and target
_INLINE_MARKUP = re.compile(r"<ref[^<>]*?/>|<ref[^<>]*>.*?</ref\s*>|</?[a-zA-Z][^<>]*>"
                            r"|\{\{[^{}|]*\||\}\}|\[\[[^\[\]|]*\||\[\[|\]\]", re.I)


#: a template with its parameters, innermost (its | are no separators of a menu)
_TEMPLATE_BARS = re.compile(r"\{\{[^{}]*\}\}")
#: a number between bars, a transcription's page mark (``|191|``, :data:`PAGE_MARK`) or the
#: text's own (``|7| |8|``): its bars are no separators of a menu
_BARRED_NUMBER = re.compile(r"\|\d{1,4}\|")
#: a pair of guillemets as OCR gives them, doubled angle brackets around words on one line
#: (``<<Паукъ>>``, :data:`OPEN_ANGLES`): group 1 the words; its brackets are no separators of
#: a menu (a breadcrumbs' ``>>`` between items has no ``<<`` before it)
_ANGLE_PAIR = re.compile(OPEN_ANGLES + r"([^<>‹›\n]{1,200}?)" + CLOSE_ANGLES)


def is_debris(line: str) -> bool:
    """True for a line of web page furniture (see the module doc): a menu (``|`` between
    short items), a line with a web address, © or Copyright, a book's imprint
    (:data:`IMPRINT`), a digital library's line (:data:`LIBRARY_PHRASES`), a known
    navigation phrase, a
    line of only navigation words, or a line with no letters (a page number, a separator; not numbers
    counted in the text, :data:`NUMBER_RUN`). What a
    Wikisource page leaves out of the book's text (``<noinclude>...</noinclude>``) is
    passed over."""
    s = (_NOINCLUDE.sub(" ", line) if "<noinclude" in line else line).strip()
    if not any(ch.isalpha() for ch in s):
        return not NUMBER_RUN.search(s)       # numbers counted in the text: text

    if len(s) > 160:
        return False
    # (a Markdown link's address, '[text](https://...)' or '<https://...>', is no web
    # furniture of its own in a long line or in prose around it: a line that is only links
    # is a menu)
    linkless = _LINK_ADDRESS.sub("]", s)
    outside = re.sub(r"\[[^\[\]]*\]", " ", linkless)
    if re.search(r"https?://|www\.|©|\bcopyright\b|\.(?:ru|com|org|net)\b",
                 linkless if len(s) > 80 or len(WORD.findall(outside)) >= 3 else s, re.I):
        return True
    # a menu or breadcrumbs: short items (the | of a template, {{razr|...}}, or of a wiki
    # link, [[a|b]], and the > and / of an HTML tag, <i>...</i>, are no separators)
    # (nor the | between a template's parameters: 'Медвѣдь не {{sic|выхо|}}', nor the bars
    # of a number, a transcription's page mark: 'Тузы |191| кладутъ', nor OCR's guillemets
    # as doubled angle brackets: 'Пасьянсъ <<Паукъ>>')
    bare = _INLINE_MARKUP.sub(" ", _TEMPLATE_BARS.sub(lambda m: m.group().replace("|", " "), s)
                              if "{{" in s else s)
    bare = _BARRED_NUMBER.sub(" ", bare) if "|" in bare else bare
    bare = _ANGLE_PAIR.sub(r" \1 ", bare) if ">" in bare or "›" in bare else bare
    # (nor are a Markdown quotation's marks opening the line, nested too: '> > Тузы ...')
    bare = _MD_QUOTE_MARK.sub("", bare) if bare.lstrip()[:1] == ">" else bare
    # (a line that ends as a sentence does is no breadcrumbs: 'Тузы -> короли -> дамы.')
    for sep in ("|",) if s[-1] in ".!?…" else ("|", "»", ">", "/", "→", "•"):
        items = bare.split(sep)
        if (sep == "|" or len(items) >= 3) and len(items) >= 2 and \
                not (sep == "»" and "«" in s) and all(len(WORD.findall(p)) <= 4 for p in items):
            return True
    if META.match(s) or WEB_FOOTER.match(s) or (len(s) <= 100 and IMPRINT.search(s)) or \
            (len(s) <= 100 and LIBRARY_PHRASES.match(s)):
        return True
    if (s[0] == "←" or s[-1] == "→") and len(WORD.findall(s)) <= 12 and \
            not _finite_verb(_modern_words(s)):
        return True        # a web page's links to the chapters before and after (a line
        #                    of the book with an arrow at its edge has a verb: a sentence)
    if s[:1].isupper() and " ".join(s.lower().replace("ё", "е").split()) in MEDIAWIKI_LINES:
        return True        # (the exact line, as the site prints it, with its capital: a stop,
        #                    an old letter, a word more or a small letter is text)
    k = key(s)
    if len(WORD.findall(s)) <= 8 and any(p in k for p in DEBRIS_PHRASES):
        return True
    words = [key(w) for w in WORD.findall(s)]
    if any(w in BOOK_WORDS for w in words) and (re.search(r"[^\w\s]", s) or _OLD.search(s)):
        return False       # 'Исторія.': the book's subheading; a menu's item has no stop
    return 0 < len(words) <= 8 and all(w in DEBRIS_WORDS for w in words)


@dataclass
class _Line:
    start: int
    end: int
    text: str
    brk: bool                     # a paragraph break (blank line) stands before it
    kind: str = "prose"
    label: str = ""
    title_end: int = 0            # for a title: end of the title unit (offset in the text)
    extra: dict = field(default_factory=dict)
    whole: bool = False           # ``text`` is what markup or spacing wraps: a title is the line
    page_top: bool = False        # a form feed stands before it (a new page of a scan)


_ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")


def _lines(text: str) -> list[_Line]:
    out: list[_Line] = []
    prev = 0
    for m in LINE.finditer(text):
        s, e = m.start(), m.end()
        # zero-width characters at a line's edges (a byte order mark where files were
        # joined) count as space there, so a title after one is still found
        while s < e and (text[s].isspace() or text[s] in _ZERO_WIDTH):
            s += 1
        while e > s and (text[e - 1].isspace() or text[e - 1] in _ZERO_WIDTH):
            e -= 1
        if e == s:
            continue
        brk = not out or bool(PARAGRAPH_BREAK.search(text, prev, s))
        out.append(_Line(s, e, text[s:e], brk, page_top="\f" in text[prev:s]))
        prev = e
    return out


def _split_inline_titles(text: str, lines: list[_Line], known: list[list[str]]) -> list[_Line]:
    """Cut a prose line where a known title, capitalised, begins a sentence inside it and is
    followed by ``.`` or ``(`` (``... 3 раза. Фаворитка. Занимательность ...``): the next
    game's title is never left inside the last game's paragraph."""
    if not known:
        return lines
    # (a stress accent after any letter of the name: ``Мельни́ца``)
    pats = [re.compile(r"[.!?…][»)\"”]?[ \t]+[«\"„“]?(" + r"[ \t]+".join(
        "".join(re.escape(c) + f"[{_MARKS}]*" for c in w) + "ъ?" for w in t)
        + r")(?=[»\"”]?[ \t]*[.(])") for t in known]
    out: list[_Line] = []
    for ln in lines:
        if ln.kind != "prose" or ln.whole or ln.extra.get("fixed"):
            out.append(ln)
            continue
        folded = ln.text.translate(_LOOKALIKE).lower().replace("ё", "е")   # same length
        cuts = sorted({m.start(1) for p in pats for m in p.finditer(folded)
                       if ln.text[m.start(1)].isupper()
                       and re.search(r"[^\W\d_]", ln.text[:m.start(1)])})
        cuts = [k if ln.text[k - 1] not in "«\"„“" else k - 1 for k in cuts]
        if not cuts:
            out.append(ln)    # as it is, with what is known of it (a table's row, say)
            continue
        pos = 0
        for k in cuts + [len(ln.text)]:
            s, e = ln.start + pos, ln.start + k
            while e > s and text[e - 1].isspace():
                e -= 1
            if e > s:
                out.append(_Line(s, e, text[s:e], ln.brk if pos == 0 else False))
            pos = k
    return out


#: a game's title in quotes left open at a line's end (``Пасьянсъ «Малая``), or ``Пасьянсъ``
#: alone, its name in quotes on the next line (an apostrophe before a letter is the name's,
#: ``Пасьянсъ ‘Замокъ`` / ``д’Иф’.``, as in :data:`QUOTED_TITLE`)
_TITLE_OPEN = re.compile(r"^(?:(?:№\s*)?\d{1,3}\s*[.)]\s*|[IVXLCХІИ]{1,6}\s*\.\s*)?пасьянс[ъ]?"
                         r"(?:\s*(?:[«\"„“'‘‚]|" + OPEN_ANGLES
                         + r")(?:[^»\"”“'’<>‹›\n]|['’](?=[^\W\d_])){1,60})?$", re.I)
#: the rest of such a title on the next line: its quote closed within a few words, then
#: the game's other name (:data:`ALT_NAME`, ``звѣзда», или Звѣздочка.``), a stop, a bracket or
#: the line's end (a name that a sentence goes on from, ``звѣзда» очень похожъ ...``, is the
#: sentence's)
_TITLE_CLOSE = re.compile(r"^(?:[«\"„“'‘‚]|" + OPEN_ANGLES + r")?"
                          r"(?:[^«»\"„“”'‘’<>‹›\n]|['’](?=[^\W\d_])){1,40}"
                          r"(?:[»\"”“'’]|" + CLOSE_ANGLES + r")(?:" + ALT_NAME + r")?[ \t]*(?:[.(]|$)")
#: a title in quotes whole on its line but for a comma after it (``Пасьянсъ «Малая звѣзда»,``),
#: the game's other name on the next line (``или Звѣздочка.``: :data:`ALT_NAME`)
_TITLE_COMMA = re.compile(r"^(?:(?:№\s*)?\d{1,3}\s*[.)]\s*|[IVXLCХІИ]{1,6}\s*\.\s*)?пасьянс[ъ]?"
                          r"\s*(?:[«\"„“'‘‚]|" + OPEN_ANGLES + r")[^»\"”“'’<>‹›\n]{1,60}"
                          r"(?:[»\"”“'’]|" + CLOSE_ANGLES + r"),[ \t]*$", re.I)


def _book_head(line: str) -> bool:
    """Whether ``line`` is the book's title (:data:`BOOK_TITLE_HEADS`) in capitals alone, or
    with a page's number (10 or more) before or after it: ``ПАСЬЯНСЫ.``, ``ПАСЬЯНСЫ 197``,
    ``196 ПАСЬЯНСЫ``."""
    m = re.fullmatch(r"[ \t]*(?:(\d{1,4})[ \t.,]*)?(\D+?)[ \t]*(\d{1,4})?[ \t]*", line)
    if not m or m.group(1) and m.group(3):
        return False
    number = m.group(1) or m.group(3)
    return (key(m.group(2)).strip(" .") in BOOK_TITLE_HEADS and m.group(2).upper() == m.group(2)
            and (number is None or int(number) >= 10))


def _sentence_goes_on(ln: _Line, nxt: _Line | None) -> bool:
    """Whether a sentence goes on from the few words of ``ln`` into ``nxt``: no stop ends
    ``ln`` (four words at most), and ``nxt`` follows with no blank line and opens with a
    small letter ('Войти' / 'въ игру послѣ сдачи нельзя.'): the words are the book's, not a
    web page's interface line of the same words."""
    return (nxt is not None and not nxt.brk and nxt.text[:1].islower()
            and len(WORD.findall(ln.text)) <= 4 and not re.search(r"[.!?…:;]\s*$", ln.text))


def _leading_number(line: str) -> int:
    """The number a line opens with (after any blanks), or -1."""
    m = re.match(r"[ \t\u00a0]*(\d{1,4})", line)
    return int(m.group(1)) if m else -1


def _trailing_number(line: str) -> int:
    """The number a line closes with (a page's, ``ПАСЬЯНСЫ. 197``, ``— 197 —``, OCR's speck
    after it, ``Пасьянсы. 197.``), or -1."""
    m = re.search(r"(\d{1,4})[ \t\u00a0]*[-—–.,]?[ \t\u00a0]*$", line)
    return int(m.group(1)) if m else -1


#: the wiki markup read inside a line where a title is looked for (:func:`_read_view`): its
#: templates of text (``{{разрядка|X}}``, ``{{razr|X}}``), the pair ``{{ВАР|X|Y}}``, a word's
#: first half before a page's end, links; not italics or bold (``''X''``, ``<i>X</i>``), whose
#: run-in title is :data:`ITALIC_RUN_IN`'s and :data:`BOLD_RUN_IN`'s to find
_VIEW_WRAPS = _WIKI_WRAPS[1:-1]
#: what may stand in a line of a wiki page that reads otherwise than printed
_VIEW_SIGNS = re.compile(r"\{\{|\[\[|''|<|&")


#: what a title is looked for without on a wiki page: a note written where it is called
#: (``Пасьянсъ «X».<ref>...</ref>``; first, so what the note holds is read with it), and
#: the markup that stands alone (:data:`_WIKI_SINGLES`)
_VIEW_SINGLES = ((INLINE_NOTE, ""),) + _WIKI_SINGLES


def _wiki_reading(line: str, wraps: Sequence[re.Pattern] = _VIEW_WRAPS, singles=_VIEW_SINGLES,
                  escapes: bool = False) -> tuple[str, list[int]]:
    """``line`` of a wiki page as it reads with its markup read (:func:`wiki_markup`:
    ``{{Отступ}}``, ``{{nop}}``, a comment and a note (``<ref>...</ref>``) as nothing, the
    templates of ``wraps`` as their text, ``{{ВАР|X|Y}}`` as ``X``; ``singles`` and
    ``escapes`` as :func:`wiki_markup` takes them, for another page's markup), and for each
    character of that reading the offset in ``line`` of the character it reads (one more,
    the end: ``len(line)``)."""
    read: list[str] = []
    where: list[int] = []
    k = 0
    for a, b, reading in wiki_markup(line, wraps, None, singles, escapes):
        read += line[k:a]
        where += range(k, a)
        read += reading
        where += [a] * len(reading)
        k = b
    read += line[k:]
    where += range(k, len(line))
    where.append(len(line))
    return "".join(read), where


def _read_view(line: str) -> tuple[str, list[int]] | None:
    """A line of prose of a wiki page as the witness has it, as :func:`_wiki_reading` reads
    it, or None where nothing in it reads otherwise: a title is looked for in this reading,
    so that an indent before it (``{{Отступ}}Пасьянсъ «X».``), spaced type around it
    (``{{разрядка|Звѣзда}}. Берутъ ...``) or a pair of readings inside it (``Пасьянсъ
    «{{ВАР|Звѣзда|Звезда}}».``) hides no title and stays out of the game's name."""
    if not _VIEW_SIGNS.search(line):
        return None
    read, where = _wiki_reading(line)
    return (read, where) if read != line else None


#: emphasis opening a line that holds a run-in title and the first words of its text
#: (``''Крѣпость. Короли'' идутъ внизъ.``, ``**Крѣпость. Короли** идутъ``): a stop inside
#: it with words after it, and the sentence going on past its close (no run-in title of
#: :data:`BOLD_RUN_IN` or :data:`ITALIC_RUN_IN`, whose emphasis ends with the title)
_EMPHASIS_OVER_TITLE = re.compile(r"(?P<o>\*\*\*|\*\*|__|'''|''|\*|_)(?=[^\s*_'])"
                                  r"[^*_'\n]+?[.:][ \t]+[^*_'\n]*?[^\s*_'](?P=o)(?![*_'])"
                                  r"[ \t]+(?=[^\W\d_])")


def _emphasis_view(line: str, wiki: bool) -> tuple[str, list[int]] | None:
    """A line of prose of a wiki or Markdown page that emphasis opens holding a run-in title
    and the first words of its text (:data:`_EMPHASIS_OVER_TITLE`), as it reads with its
    markup read (:func:`_wiki_reading`), else None: the title is looked for in that reading,
    as in spaced type (:func:`_read_view`)."""
    if not _EMPHASIS_OVER_TITLE.match(line):
        return None
    read, where = (_wiki_reading(line, _WIKI_WRAPS) if wiki else
                   _wiki_reading(line, _MARKDOWN_WRAPS, _MD_SINGLES, True))
    return (read, where) if read != line else None


def _span_view(line: str) -> tuple[str, list[int]] | None:
    """A line of prose of a Markdown page that holds pandoc's spans (``[]{#_Toc5
    .anchor}Пасьянсъ «X».``, ``[Пасьянсъ «X».]{.c1} Берутъ ...``) as it reads with its
    markup read (:func:`_wiki_reading`), else None: a title is looked for in that reading,
    as in emphasis (:func:`_emphasis_view`)."""
    if "]{" not in line:
        return None
    read, where = _wiki_reading(line, _MARKDOWN_WRAPS, _MD_SINGLES, True)
    return (read, where) if read != line else None


#: a note's call set as a superscript in HTML (``<sup>1</sup>``, ``<sup>*</sup>``)
_SUP_CALL = re.compile(r"<sup>[ \t]*(?:\[?\d{1,3}\]?|\*{1,3}\)?)[ \t]*</sup\s*>", re.I)


#: a bare line break after a word's letters and before more (``Звѣз`` / ``да``)
_BARE_BREAK = re.compile(r"([^\W\d_]+)[ \t]*\r?\n[ \t]*(?=([^\W\d_]+))")


def _one_line(name: str) -> str:
    """``name`` read on one line: a word a bare line break divides joined where the
    normaliser joins it (rule ocr-lost-hyphen: ``{{ВАР|Звѣз`` / ``да|Звезда}}`` names
    'Звѣзда'), any other break a space (``Малая`` / ``звѣзда``)."""
    return " ".join(_BARE_BREAK.sub(lambda m: m.group(1) if joins_lost_hyphen(m.group(1), m.group(2))
                                    else m.group(), name).split())


def _name_read(name: str, wiki: bool, md: bool) -> str:
    """A title's name as found (``printed``) with the markup of a wiki or Markdown page inside
    it read (``«''Звѣзда''»``, ``«**Звѣзда**»`` name 'Звѣзда'), and HTML on any page
    (``«Большая<br>звѣзда»``), a note's call in it left out (``<sup>1</sup>``,
    ``<ref>...</ref>``): the game's name holds none, nor a line break (:func:`_one_line`: a
    template wrapped over two lines)."""
    if "<" in name:
        name = _SUP_CALL.sub("", name)
    if wiki and _VIEW_SIGNS.search(name):
        return _one_line(_wiki_reading(name, _WIKI_WRAPS)[0]) or name
    if "\n" in name:
        name = _one_line(name)
    if md and re.search(r"[*_\[<&\\]", name) or "<" in name:
        wraps = _MARKDOWN_WRAPS if md else _WIKI_WRAPS[:1]     # (else: HTML's tags alone)
        return " ".join(_wiki_reading(name, wraps, _MD_SINGLES if md else _HTML_SINGLES,
                                      md)[0].split()) or name
    # (a name begins and ends with a letter: OCR's or a typist's doubled apostrophes as
    # quotes, ``Пасьянсъ ''Звѣзда''.``, leave one inside the single quotes)
    return name.strip("'") or name


def _stands_as_quoted_title(ln: _Line, prev: _Line | None, line: str | None = None) -> bool:
    """Whether ``ln`` is set as a game's title in quotes (``Пасьянсъ «X».``, after the game's
    number, if any): a capital opens it, it opens a paragraph or follows a sentence's end, and
    nothing but a stop or a bracket follows the quotes, so that a sentence wrapped onto a line
    that mentions a game ('... такъ же, какъ' / 'пасьянсъ «Паукъ», описанный выше.') is none.
    ``line``: its text as it reads (:func:`_read_view`), if not ``ln.text``."""
    line = ln.text if line is None else line
    m = QUOTED_TITLE.match(line.translate(_LOOKALIKE)) if ln.kind == "prose" else None
    alt = _ALT_NAME.match(line, m.end()) if m is not None else None   # ', или Звѣздочка.'
    if alt is not None and _other_name_goes_on(alt.group()):
        alt = None              # (', или Звѣздочка выходитъ рѣдко.': a sentence goes on)
    return (m is not None and line.lstrip("№0123456789IVXLCХІИ. \t)")[:1].isupper()
            and line[alt.end() if alt else m.end():].strip()[:1] in ("", ".", "(")
            and (ln.brk or prev is None or bool(SENTENCE_END.search(prev.text))))


#: ru.wikisource's templates that hold no text opening a line (``{{Отступ}}``, a paragraph's
#: indent; ``{{nop}}``): nothing before a title
_INDENT = re.compile(r"^(?:\{\{\s*(?:" + _EMPTY_TEMPLATES + r")\s*(?:\|[^{}\n]{0,20})?\}\}[ \t]*)+",
                     re.I)


def _other_name_goes_on(line: str) -> bool:
    """Whether the words after the first of the game's other name in ``line`` (``..., или
    Звѣздочка выходитъ рѣдко.``, :data:`ALT_NAME`) read as a sentence going on: a verb, an
    infinitive or an adverb as their likely reading; a name's own words are nouns and
    adjectives (``или Большая звѣзда``)."""
    m = _ALT_NAME.search(", " + line)      # (the line may open with 'или')
    return m is not None and _goes_on(_modern_words(m.group())[2:])   # past 'или' and the
    #                                                                   first word


def _goes_on(words: Sequence[str]) -> bool:
    """Whether one of ``words`` (modern forms) is likely a verb, an infinitive or an adverb
    (pymorphy3's best parse): a sentence's words, not a name's."""
    m_ = analyzer()
    return any(m_.parse(w)[0].tag.POS in ("VERB", "INFN", "ADVB", "PRED") for w in words)


def _join_wrapped_titles(text: str, lines: list[_Line]) -> list[_Line]:
    """Join a game's title in quotes that a line break cuts (``Пасьянсъ «Малая`` /
    ``звѣзда». Берутъ ...``; ``Пасьянсъ`` / ``«Новая крѣпость».``; after a wiki page's indent,
    ``{{Отступ}}Пасьянсъ «Малая``) into one line, so the title is found; a line that opens a
    quote and a sentence that goes on are left as they are."""
    out: list[_Line] = []
    for ln in lines:
        prev = out[-1] if out else None
        if prev is not None and prev.kind == ln.kind == "prose" and not ln.brk and \
                not (prev.whole or ln.whole or prev.extra.get("fixed") or ln.extra.get("fixed")) \
                and _TITLE_OPEN.match(_INDENT.sub("", prev.text).translate(_LOOKALIKE)) and \
                _TITLE_CLOSE.match(ln.text) and \
                bool(re.match(r"[«\"„“'‘‚<‹]", ln.text)) != bool(
                    re.search(r"[«\"„“'‘‚]|" + OPEN_ANGLES, prev.text)) or \
                prev is not None and prev.kind == ln.kind == "prose" and not ln.brk and \
                not (prev.whole or ln.whole or prev.extra.get("fixed") or ln.extra.get("fixed")) \
                and _TITLE_COMMA.match(_INDENT.sub("", prev.text).translate(_LOOKALIKE)) and \
                _ALT_NAME.match(", " + ln.text) is not None:
            if not _other_name_goes_on(ln.text):   # ('... или Звѣздочка выходитъ рѣдко.')
                prev.end, prev.text = ln.end, text[prev.start:ln.end]
                continue
        out.append(ln)
    return out


#: a wrapping template inside another (``{{center|{{razr|X}}.}}``): group 1 its text
#: a wrapping template that is the whole line but for a stop after it
_TEMPLATE_STOP = re.compile(r"^\{\{\s*(?:" + _WRAPPING_TEMPLATES + r")\s*\|([^{}|]+)\}\}([.:])$", re.I)
_INNER_WRAPPING = re.compile(r"\{\{\s*(?:" + _WRAPPING_TEMPLATES + r")\s*\|([^{}|]+)\}\}", re.I)
#: a Project Gutenberg transcriber's mark of a picture, ``[Illustration]`` or
#: ``[Illustration: Фиг. 7. Расположеніе картъ.]`` (its caption, ``g``, may be wrapped over
#: the lines of its paragraph, :func:`_markup`): no book prints it, so it is markup anywhere
_ILLUSTRATION = r"\[Illustration(?::[ \t\n]*(?P<g>[^\[\]]*))?\]"
#: markup on a line of its own that shows a picture with a text: a Markdown image (its
#: alternative text, ``![Фиг. 3](fig3.png)``), a wiki file link (its last field, the caption:
#: ``[[Файлъ:Часовня.png|thumb|Фиг. 48. Часовня.]]``), a wiki table's caption (``|+ Фиг.
#: 44.``) or a Gutenberg illustration (:data:`_ILLUSTRATION`); a figure when that text is a
#: figure's number (:data:`FIGURE`), else markup; pandoc's attributes after an image
#: (``{width="3in"}``) are the image's
_PICTURE_TEXT = re.compile(r"^(?:!\[(?P<a>[^\]]*)\]\([^)]*\)(?:\{[^{}\n]*\})?|\[\[(?:Файлъ?|File|"
                           r"Изображен[иі]е|Image)\s*:[^\]|]*(?:\|[^\]|]*)*\|(?P<w>[^\]|]*)\]\]|"
                           r"\|\+(?P<t>.*)|" + _ILLUSTRATION + r")$", re.I)
#: a line that is only markup of a Markdown or wiki export, not book text (a template line
#: with Wikisource's section marks after it, ``{{right|Стр. 220.}}<section end="s2"/>``, too;
#: an image with pandoc's attributes, ``![](a.png){width="3in"}``)
MARKUP_LINE = re.compile(
    r"^(?:!\[[^\]]*\]\([^)]*\)(?:\{[^{}\n]*\})?|\[\[(?:Категор[иі]я|Category|Файлъ?|File|Изображен[иі]е|Image)\s*:[^\]]*\]\]"
    r"|\{\{(?!\s*(?:" + _WRAPPING_TEMPLATES + r")\s*\|)[^{}]*\}\}(?:[ \t]*<section\b[^<>]*/>)*[ \t]*"
    r"|(?:</?[A-Za-z][^<>]*>[ \t]*)+|<!--.*-->|__[A-ZА-Я]+__|" + _ILLUSTRATION +
    r"|\[(?!\^)[^\[\]\n]+\]:[ \t]*\S+(?:[ \t]+[\"'(][^\n]*)?"
    r"|" + MD_LABEL + r":[ \t]*)$", re.I)
#: pandoc's fenced div, its opening line (``::: {.c3 .doc-content}``, ``::: warning``) or its
#: closing one (``:::``): markup around the text, on a Markdown page (on a wiki page ``:::``
#: indents a line)
_DIV_FENCE = re.compile(r"[ \t]*:{3,}[ \t]*(?:\{[^{}\n]*\}|[A-Za-z][\w-]*)?[ \t]*:*[ \t]*")
#: markup that wraps a line's text: Markdown and wiki headings (a Markdown heading's
#: attributes, pandoc's ``{#id .class}``, are no part of its text), bold, italics, pandoc's
#: span, centring, an HTML heading (``<h2>X</h2>``)
WRAPPERS = (re.compile(r"^#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?(?:[ \t]+\{[#.][^{}\n]*\})?[ \t]*$"), re.compile(r"^(={1,6})[ \t]*(.+?)[ \t]*\1$"),
            re.compile(r"^\*\*(.+?)\*\*$"), re.compile(r"^__(.+?)__$"), re.compile(r"^'''(.+?)'''$"),
            re.compile(r"^''(.+?)''$"), re.compile(r"^\*([^*]+)\*$"), re.compile(r"^_([^_]+)_$"),
            # pandoc's bracketed span, ``[Пасьянсъ «X»]{.smallcaps}`` (Word's small capitals,
            # underline, an HTML page's class: ``**[ГЛАВА LXXIX.]{.c1}**``)
            re.compile(r"^\[([^\[\]\n]+)\]\{[^{}\n]*\}$"),
            re.compile(r"^<center>(.*)</center>$", re.I),
            re.compile(r"^<h([1-6])\b[^<>]*>(.+?)</h\1\s*>$", re.I),
            re.compile(r"^\{\{\s*(?:" + _WRAPPING_TEMPLATES + r")\s*\|([^{}|]+)\}\}$", re.I))
#: bold markup around a run-in title: ``**Пасьянс «X».** Берутъ ...``
#: (``o`` the markup, ``t`` the title, ``k`` its note's marker, ``s`` a stop after the markup:
#: ``**Проба**. Берутъ``, ``**Проба.**[^1] Берутъ``;
#: bold italics and ``__x__`` alike)
BOLD_RUN_IN = re.compile(r"^(?P<o>\*\*\*|\*\*|__|''')(?P<t>.+?)(?P=o)(?P<k>" + TITLE_MARKER
                         + r")?(?P<s>[.:]?)(?:[ \t]+(?=\S)|(?=[^\W\d_]))")
#: italics around a run-in title, ``*Пасьянсъ «X».* Берутъ ...`` (taken only when it names a
#: game so, :data:`QUOTED_TITLE`, or names a game a chapter heading lists, ``''Солнце.''``: a
#: word in italics at a paragraph's start is as often emphasis)
ITALIC_RUN_IN = re.compile(r"^(?P<o>\*|_|'')(?=[^\s*_'])(?P<t>[^*_\n]+?)(?P=o)(?![*_'])(?P<k>)"
                           r"(?P<s>[.:]?)(?:[ \t]+(?=\S)|(?=[^\W\d_]))")
#: numbers counted in a line of text, joined by a comma or an ellipsis (``10, 9, 8, 7``,
#: ``2, 3, 4 . . . 10``, ``1, 2, 3… 12``; an ellipsis of three dots, where a leader has
#: more): a line of them is no page number, and one that ends so no line of contents
NUMBER_RUN = re.compile(r"\d[ \t]*(?:,|…|\.{2,3}(?!\.)|(?:\.[ \t]){2}\.(?![ \t]*\.))[ \t]*\d")
#: a line of a table of contents: a title, a dot leader, a page number
TOC_LINE = re.compile(r"^.{2,100}?[ \t]*(?:[.…·_][ \t]*){3,}[ \t]*\d{1,4}[ \t]*$")
#: a line of a table of what each card counts, set with a dot leader as contents are
#: (``Тузъ ............ 1``, ``Десятки . . . 10``): a card's rank first (:func:`key` of the
#: line), the game's text; a line of contents names a game or a chapter
#: (``Пиковая дама . . . 189``)
_CARD_VALUE = re.compile(r"(?:туз|корол|дам|валет|десятк|девятк|восьм[её]рк|семерк|"
                         r"шест[её]рк|пят[её]рк|четв[её]рк|тройк|двойк)\w*(?![\w-])")


def _contents_line(line: str) -> bool:
    """Is ``line`` a line of a table of contents, its dot leader and page number
    (:data:`TOC_LINE`), not a run of numbers (:data:`NUMBER_RUN`) nor a card's value
    (:data:`_CARD_VALUE`)?"""
    return bool(TOC_LINE.match(line)) and not NUMBER_RUN.search(line) and not _card_value(line)


def _card_value(line: str) -> bool:
    """Is ``line`` a card's value set with a dot leader (``Тузъ ........ 1``,
    :data:`_CARD_VALUE`)?"""
    return bool(TOC_LINE.match(line)) and bool(_CARD_VALUE.match(key(line).lstrip()))
#: a Markdown code fence's line (``` or ~~~, with or without a language)
_FENCE = re.compile(r"[ \t]{0,3}(?:`{3,}|~{3,})[^`\n]*$")
#: a row of a diagram of cards laid out: three or more single letters (or digits, a card's
#: rank), each with its stop or none, two spaces or a tab apart (``Т  К  Д  В``; spaced
#: letters of a word stand one space apart); or cards, each its rank with its suit's sign
#: glued to it, one or more (``10♥   Т♣   9♦``, ``В♠``)
_CARD_ROW = re.compile(r"[ \t]*(?:(?:[^\W_]{1,2}\.?(?:[ \t]{2,}|\t))+[^\W_]{1,2}\.?|"
                       r"(?:[^\W_]{1,2}[♠♥♦♣♤♡♢♧](?:[ \t]{2,}|\t))*[^\W_]{1,2}[♠♥♦♣♤♡♢♧])[ \t]*$")
#: a line of a table of contents with no dot leader (``Часы 184``), or its column's head
#: (``Стр.``): only under a contents heading or another such line
_TOC_ENTRY = re.compile(r"^(?:\S.{0,98}?[ \t]+\d{1,4}\.?|(?:Стр|Стран|Страница)\.?)[ \t]*$")
#: an item of a list of contents with no page number (``- Коврикъ``, ``1. Солнце``): only
#: under a contents heading or another line of the contents, and only a name (a numbered
#: rule after the contents, ``1. Берутъ двѣ колоды ...``, is text)
_TOC_ITEM = re.compile(r"^(?:[-*+•]|\d{1,3}[.)])[ \t]+([^\W\d_][^!?…]{0,80})$")


def _toc_item(line: str) -> bool:
    """Is ``line`` an item of a list of contents (:data:`_TOC_ITEM`) whose text is a name?
    The item is read with its markup read (a Markdown page's contents links each name to
    its game, ``- [Коврикъ](#коврикъ)``)."""
    m = _TOC_ITEM.match(_wiki_reading(line, _MARKDOWN_WRAPS, _MD_SINGLES, True)[0]
                        if "[" in line else line)
    return m is not None and reads_as_name(m.group(1).rstrip(" ."))


def _contents_above(prev: "_Line") -> bool:
    """Is ``prev`` a contents heading (``ОГЛАВЛЕНІЕ.``) or a line of the contents?"""
    return prev.label == "table of contents" or (
        prev.kind == "debris" and key(prev.text).strip(" .:") in ("оглавление", "содержание"))


def _chapter_list(lines: list["_Line"], i: int) -> bool:
    """Under a contents heading or a line of it, is line ``i`` a chapter's heading in a list
    of them, one a line (``Оглавление`` / ``Глава LVII`` / ``Глава LVIII``, or with their
    games, ``Глава LXXVI. Пирамида. — Зеркало``): with another such heading right under it,
    or right under the one before?"""
    def bare(ln: "_Line") -> bool:
        return parse_heading(ln.text) is not None
    if not bare(lines[i]):
        return False
    return (i + 1 < len(lines) and not lines[i + 1].brk and bare(lines[i + 1])) or \
        (not lines[i].brk and bare(lines[i - 1]))


#: a page number beside a running head: ``24 ПАСЬЯНСЫ.``, ``ПАСЬЯНСЫ. 25``, ``— 24 —``
RUNNING_HEAD = re.compile(rf"^(?:{PAGE_NUMBER}[ \t\u00a0]+(?P<a>\D.*?)|(?P<b>\D.*?)(?<![№#])[ \t\u00a0]+"
                          rf"{PAGE_NUMBER})$")
#: a page number first with a stop or comma after it, as OCR reads a speck there (``196.
#: ПАСЬЯНСЫ.``), or glued to the words (``196ПАСЬЯНСЫ.``), or last with a speck after it
#: (``Пасьянсы. 197.``, group ``b``): a running head only on more evidence
#: (:func:`_furniture`), since a game's number is printed so too (``12. Пасьянсъ
#: «Косынка».``) and a sentence may end with a number
_DOTTED_HEAD = re.compile(r"^(?:\d{1,4}[ \t\u00a0]*(?:[.,][ \t\u00a0]*)?(?P<a>[^\W\d_][^\d]*?)|"
                          r"(?P<b>[^\W\d_][^\d]*?)[ \t\u00a0]+\d{1,4}[.,])$")
#: the book's title as the running head of its pages prints it (:func:`key` of its words):
#: beside the page number (``196 ПАСЬЯНСЫ.``), in any case and with a stop after the number
#: too, a running head wherever it stands; alone on a line in capitals at the top of a page
#: (``ПАСЬЯНСЫ.``, its page number on a line of its own), one too; no game is named so (a
#: game's title names one patience, ``Пасьянсъ «X»``)
BOOK_TITLE_HEADS = frozenset({"пасьянсы"})
#: a running head of at most five words and its page number, a wide gap (a tab, or three
#: spaces and more) between them: ``СОЛНЦЕ.        127``
_WIDE_GAP_HEAD = re.compile(r"^(?:\d{1,4}(?:\t[ \t]*|[ ]{3,})\S+(?:[ ]\S+){0,4}|"
                            r"\S+(?:[ ]\S+){0,4}(?:\t[ \t]*|[ ]{3,})\d{1,4})$")
#: a section numeral inside a game or over several: ``II.``, ``3.``
SECTION = re.compile(r"^(?:[IVXLC]{1,6}|\d{1,2})\s*\.?$")
#: how many lines back a footnote's marker is looked for (about a page)
PAGE_LINES = 60
#: a footnote's text at the foot of a page: ``*) ...``, ``1) ...``, ``¹ ...``, ``¹) ...`` (a space or a
#: no-break space after the marker), Markdown's ``[^1]: ...`` or ``[^note]:...`` (a space or none),
#: a wiki page's note copied from the browser, ``↑ ...`` (its number is its call's, ``[1]``),
#: a word processor's note saved as plain text, ``[1] ...`` (:data:`_BRACKET_NOTE`), a
#: number in HTML's or pandoc's superscript, ``<sup>1</sup> ...``, ``^1^ ...`` (:data:`SUP_NUMBER`),
#: a Project Gutenberg transcriber's note, ``[Footnote 1: ...]`` (:data:`PG_NOTE`)
FOOTNOTE = re.compile(r"^((?:(?:\\?\*){1,3}\)?|\d{1,2}\)|[¹²³⁴⁵⁶⁷⁸⁹][⁰¹²³⁴⁵⁶⁷⁸⁹]?\)?|↑|\[\d{1,3}\]|"
                      + SUP_NUMBER + r")(?=[ \t\u00a0])|"
                      + MD_LABEL + r":|" + PG_NOTE + r")[ \t\u00a0]*\S")


#: a wiki line set to the right or the left (``{{right|...}}``): markup unless it reads as a
#: sentence (:func:`_aligned_text`)
_ALIGNED = re.compile(r"^\{\{\s*(?:right|left)\s*\|([^{}|]+)\}\}$", re.I)


def _aligned_text(line: str) -> str | None:
    """The text of a wiki line set to the right or the left when it reads as a sentence of
    the book (three words or more and a small letter: a rule, an epigraph ``{{right|''Терпѣніе
    и трудъ всё перетрутъ.''}}``), else None: a running head, ``{{right|ПАСЬЯНСЫ.}}``, or a
    signature is markup."""
    m = _ALIGNED.match(line)
    if not m:
        return None
    inner = m.group(1).strip()
    return inner if len(WORD.findall(inner)) >= 3 and re.search(r"[а-яёѣіѳѵ]", inner) else None


#: a line wholly in one template with one argument and no named field (``{{rs|...}}``)
_ONE_ARGUMENT = re.compile(r"^\{\{\s*([^{}|\n=]+?)\s*\|([^{}|=]+)\}\}$")


def _unread_wrap(line: str) -> str | None:
    """The name of a template the toolkit does not read (:data:`_KNOWN_TEMPLATE`) that wraps
    the whole line, its one argument holding words (``{{rs|Пасьянсъ «Двойка».}}``), else None.
    What such a template shows is not known, but its argument is text, a title as likely as
    not: set aside as markup, a game and its title were lost with no word said. It stays in the
    reading text as printed, and its line is named (:func:`_unknown_templates`)."""
    m = _ONE_ARGUMENT.match(line.strip())
    if m and not _KNOWN_TEMPLATE.fullmatch(m.group(1).lower()) and \
            re.search(r"[^\W\d_]{2,}", m.group(2)):
        return m.group(1)
    return None


#: a wiki's edit link after a heading, as a page copied from the browser keeps it
#: (``Пасьянсъ «Пирамида».[править]``, ``[править | править код]``, ``[edit]``)
_EDIT_LINK = re.compile(r"[ \t]*\[[ \t]*(?:править(?:[ \t]*\|[ \t]*править код)?|edit"
                        r"(?:[ \t]*\|[ \t]*edit source)?)[ \t]*\][ \t]*$", re.I)


def _unwrap(line: str, wiki: bool = False) -> tuple[str, bool]:
    """The text inside markup that wraps a whole line (nested: ``<center>'''X'''</center>``)
    or inside spaced letters (``З В Ѣ З Д А.`` -> ``ЗВѢЗДА.``), and whether any was found.
    On a wiki page (``wiki``) ``# X`` is an item of a numbered list, not a Markdown heading."""
    found = False
    changed = True
    wrappers = WRAPPERS[1:] if wiki else WRAPPERS
    edit = _EDIT_LINK.search(line)
    if edit and line[:edit.start()].strip():     # a web page's edit link after a heading
        line, found = line[:edit.start()].rstrip(), True
    # a note's marker after the markup (``**Проба**[^1]``) stays, after the text it wraps
    tail = _WHOLE_MARKER.search(line)
    if tail and any(w.match(line[:tail.start()]) for w in wrappers):
        line, tail_text = line[:tail.start()], line[tail.start():].strip()
    else:
        tail_text = ""
    if not wiki and "[]{" in line and any(w.match(_MD_ANCHOR.sub("", line)) for w in wrappers):
        # pandoc's empty spans in a line that markup wraps (``# []{#_Toc501 .anchor}Глава
        # LXXVIII``, Word's bookmarks) show nothing: no part of its text
        line = _MD_ANCHOR.sub("", line)
    if wiki and line.startswith("{{") and line.count("{{") > 1:
        # a wrapping template inside another (``{{center|{{razr|X}}.}}``) reads as its text
        line = _INNER_WRAPPING.sub(r"\1", line)
    while changed:
        changed = False
        for w in wrappers:
            m = w.match(line)
            if m and m.lastindex and m.group(m.lastindex).strip():
                line, found, changed = m.group(m.lastindex).strip(), True, True
        m = _TEMPLATE_STOP.match(line) if wiki else None
        if m and m.group(1).strip():   # '{{razr|Пасьянсъ «Гробница»}}.': the stop outside
            line, found, changed = m.group(1).strip() + m.group(2), True, True
    line += tail_text
    tokens = line.split()
    # (a numeral after the spaced letters is set solid: ``Г Л А В А XLV.``; the letters spell
    # a word, a vowel among them: ``В Д К Т`` is a row of cards)
    letters = tokens[:-1] if tokens and ROMAN.fullmatch(tokens[-1].strip(".,:")) else tokens
    # (a page number beside them stays apart: ``24 П а с ь я н с ы.``, ``П А С Ь Я Н С Ы.
    # 25``, ``П а с ь я н с ы. 25.``, a running head)
    number = re.fullmatch(r"(\d{1,4}[ \t]+)?(.*?)([ \t]+\d{1,4}[.,]?)?", line.strip(), re.S)
    before, body, after = (number.group(1), number.group(2), number.group(3)) if number else \
        (None, line.strip(), None)
    pages = bool(before) != bool(after)
    if pages:
        letters = body.split()
    if len(letters) >= 4 and sum(len(t.strip(".,:")) <= 1 for t in letters) >= len(letters) - 1 and \
            all(len(t.strip(".,:")) <= 2 for t in letters) and \
            re.search(r"[аеёиоуыэюяѣіАЕЁИОУЫЭЮЯѢІ]", "".join(letters)):
        words = [re.sub(r"\s+", "", w) for w in re.split(r"[ \t]{2,}", body if pages
                                                         else line.strip())]
        line = " ".join(words).replace(" .", ".").replace(" ,", ",")
        if pages:
            line = ((before or "").strip() + " " + line + " " + (after or "").strip()).strip()
        found = True
    return line, found


#: a row of a Markdown table, a bar at each end (``| Тузъ и король      | 20 очковъ       |``):
#: pandoc pads its cells to the column's width, and the gaps so left are no columns of a page
#: nor a caption beside the text (:func:`two_columns`, :func:`side_column`)
_TABLE_ROW = re.compile(r"[ \t]*\|.*\|[ \t]*")


def two_columns(text: str) -> int | None:
    """The first line of a page laid out in two columns side by side (``pdftotext -layout``):
    at least five lines, and a third of the text's long lines, hold two runs of text apart
    by a gap of three or more spaces at about the same column; or four such lines, however
    few of the text's, two of whose left runs end in a word divided at the column's edge
    (``двѣ-``), as no table's row does. A Markdown table's row (:data:`_TABLE_ROW`) is
    no line of either column. None if there is none."""
    gaps: dict[int, list[int]] = {}
    divided: set[int] = set()   # lines whose left run ends in a hyphen
    long_lines = 0
    for n, line in enumerate(text.splitlines(), 1):
        if len(line.strip()) < 30 or _TABLE_ROW.fullmatch(line):
            continue
        long_lines += 1
        m = next((m for m in re.finditer(r"\S( {3,})(?=\S)", line)
                  if m.start(1) >= 15 and len(line) - m.end(1) >= 15), None)
        if m:
            gaps.setdefault(m.end(1) // 4, []).append(n)
            if re.search(r"[^\W\d_]-$", line[:m.start(1)]):
                divided.add(n)
    if not gaps:
        return None
    col = max(gaps, key=lambda c: len(gaps[c]) + len(gaps.get(c - 1, ())) + len(gaps.get(c + 1, ())))
    hits = sorted(gaps[col] + gaps.get(col - 1, []) + gaps.get(col + 1, []))
    if len(hits) >= 5 and len(hits) * 3 >= long_lines or \
            len(hits) >= 4 and len(divided.intersection(hits)) >= 2:
        return hits[0]
    return None


#: a line of prose with a short run of text far to its right (``pdftotext -layout``'s caption
#: or note beside the text): the prose (with a word in lower case), a gap of six spaces or
#: more, the side run (no more than 30 characters)
_SIDE_RUN = re.compile(r"^(?P<p>.*[а-яёѣіѳѵ]{2}.*?\S)[ \t]{6,}(?P<s>\S.{0,29})$")
#: the gap and the side run that :data:`_SIDE_RUN` ends with, searched first: in linear time,
#: where _SIDE_RUN alone takes time quadratic in a long line that has none (a wiki page of
#: one paragraph on one line: 1,000 sentences took 30 s to add)
_SIDE_TAIL = re.compile(r"\S[ \t]{6,}\S.{0,29}$")
#: a side run that is page furniture, not a caption: a page number (``53``, ``— 53 —``,
#: ``стр. 12``)
_SIDE_FURNITURE = re.compile(rf"^(?:{PAGE_NUMBER}|стр\.?[ \t]*\d{{1,4}}\.?)$", re.I)


def side_column(text: str) -> int | None:
    """The first line of a caption or note set in a narrow column beside the text
    (``pdftotext -layout``: 'креста        Фиг. 40.'), which a reading across the line would
    weave into the sentences: a line of prose of 30 characters or more with a short run far
    to its right that is a figure's number (:data:`FIGURE`), or two such lines within six
    lines of each other. A page number so set (a running head's) is furniture, not a
    caption, and a table's row its closing bar (:data:`_TABLE_ROW`). None if there is none."""
    near: list[int] = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.rstrip()
        m = _SIDE_TAIL.search(line) and _SIDE_RUN.match(line)
        if not m or len(m.group("p").strip()) < 30 or _SIDE_FURNITURE.match(m.group("s")) or \
                _TABLE_ROW.fullmatch(line):
            continue
        if FIGURE.match(m.group("s").strip()):
            return near[0] if near and n - near[-1] <= 6 else n
        near = [k for k in near if n - k <= 6] + [n]
        if len(near) >= 2:
            return near[0]
    return None


#: markup that may close a page's text after its last stop: tags (``</p>``, ``<section end="x"
#: />``), templates, comments, the close of pandoc's span (``ряда.]{.c2}``) or an empty one
_TRAILING_MARKUP = re.compile(r"(?:\s*(?:<[^<>\n]*>|\{\{[^{}\n]*\}\}|<!--.*?-->"
                              r"|\[?\]\{[^{}\n]*\}))+\s*$")
#: Wikisource's marks of a section (``<section begin="x" />``), one or more, with spaces
_SECTION_TAG = re.compile(r"(?:[ \t]*(?:<section\b[^<>]*/>|" + _NOINCLUDE.pattern + r"))+[ \t]*",
                          re.I)


def _name_key(name: str) -> str:
    """A game's name for comparison: its words' keys (:func:`key`), one space apart."""
    return " ".join(key(w) for w in WORD.findall(name.translate(_LOOKALIKE)))


def _heading_names(lines: list[_Line], wiki: bool, min_listed: int = 1) -> set[str]:
    """The names (:func:`_name_key`) of the games that the chapter headings among ``lines``
    list, on the heading's line or, under a bare heading, on the next (markup read through;
    at least ``min_listed`` names there: one name alone may be the first game's title)."""
    out: set[str] = set()
    for i, ln in enumerate(lines):
        h = parse_heading(_unwrap(ln.text, wiki)[0])
        if h is None:
            continue
        names = h[1]
        if not names and i + 1 < len(lines):
            listed = split_list(_unwrap(lines[i + 1].text, wiki)[0])
            names = listed if len(listed) >= min_listed and all(
                _name_shape(t, 6) for t in listed) else []
        out.update(_name_key(t) for t in names)
    return out


def _note_over_paragraphs(text: str, line: _Line, end: int) -> bool:
    """Whether the wiki note left open last on ``line`` may go on over a paragraph break to
    ``end`` (MediaWiki reads a blank line inside ``<ref>...</ref>`` as the note's): up to
    its ``</ref>`` or ``end``, no other note opens and no heading stands (a ``<ref>`` left
    open would take them and the paragraphs between), and it is no longer than a long note
    goes (:data:`_WRAP_MAX`)."""
    openings = list(_REF_OPENING.finditer(text, line.start, line.end))
    if not openings or _REF_CLOSING.search(text, openings[-1].end(), line.end):
        return False                  # (the note left open is an earlier one of the line)
    opening = openings[-1]
    closing = _REF_CLOSING.search(text, opening.end(), end)
    note = text[opening.end():closing.start() if closing else end]
    return len(note) <= _WRAP_MAX and not _REF_OPENING.search(note) and \
        not re.search(r"^[ \t]*=", note, re.M)


def _join_noinclude(text: str, lines: list[_Line]) -> list[_Line]:
    """``lines`` with each ``<noinclude>`` left open on its line joined to the lines of its
    paragraph up to its close (a Wikisource page's footer, ``перекла-<noinclude>`` /
    ``<references/></noinclude>``), so that it is read as nothing whole (:data:`_NOINCLUDE`)
    like one on a line; a line of nothing else is ``debris`` labelled ``markup``."""
    out: list[_Line] = []
    i = 0
    while i < len(lines):
        ln, j = lines[i], i
        while j + 1 < len(lines) and not lines[j + 1].brk and \
                text[ln.start:lines[j].end].lower().count("<noinclude") > \
                text[ln.start:lines[j].end].lower().count("</noinclude"):
            j += 1
        whole = text[ln.start:lines[j].end]
        if j > i and _NOINCLUDE.search(whole) and whole.lower().count("<noinclude") == \
                whole.lower().count("</noinclude"):
            ln = _Line(ln.start, lines[j].end, whole, ln.brk, page_top=ln.page_top)
            if not _NOINCLUDE.sub("", whole).strip():
                ln.kind, ln.label = "debris", "markup"
        else:
            j = i           # (one never closed in its paragraph is left as it stands)
        out.append(ln)
        i = j + 1
    return out


#: a line of YAML front matter: a key and its value (``title: "Пасьянсы, глава LIX"``, or a
#: key alone over its list)
_FRONT_KEY = re.compile(r"[^\W\d][\w-]*:(?:[ \t].*)?$")


def _front_matter(text: str, lines: list[_Line]) -> int:
    """How many lines of ``lines`` are a Markdown file's YAML front matter, marked ``debris``
    labelled ``front matter``: a ``---`` opening the file, lines of ``key: value`` (a list's
    items indented or after ``- `` under a key) and the ``---`` or ``...`` that closes them
    (``---`` / ``title: "Пасьянсы, глава LIX"`` / ``source: ...`` / ``---``); 0 when the file
    opens otherwise (a ``---`` rule over the text is no front matter)."""
    if not lines or lines[0].text != "---" or text[:lines[0].start].strip():
        return 0
    for j in range(1, len(lines)):
        ln = lines[j]
        if ln.text in ("---", "..."):
            if j == 1:
                return 0
            for x in lines[:j + 1]:
                x.kind, x.label = "debris", "front matter"
            return j + 1
        bol = text.rfind("\n", 0, ln.start) + 1
        if not (_FRONT_KEY.match(ln.text) or (j > 1 and re.match(r"[ \t]|- ", text[bol:ln.end]))):
            return 0
    return 0


#: the line that opens or closes a Project Gutenberg text's book: ``*** START OF THE PROJECT
#: GUTENBERG EBOOK X ***``, ``*** END OF THIS PROJECT GUTENBERG EBOOK X ***``
_GUTENBERG = re.compile(r"\*{3}\s*(START|END) OF (?:THE|THIS) PROJECT GUTENBERG E-?BOOK", re.I)


def _licence(text: str, lines: list[_Line]) -> None:
    """Mark a Project Gutenberg text's header (its first line to the ``*** START OF ...``
    line) and footer (the ``*** END OF ...`` line to the last) ``debris`` labelled
    ``licence``: the project's notice, licence and catalogue lines, not the book's (read as
    printed: the stars are no emphasis)."""
    for j, ln in enumerate(lines):
        m = _GUTENBERG.match(text, ln.start, ln.end)
        if m is not None:
            for x in (lines[:j + 1] if m.group(1).upper() == "START" else lines[j:]):
                x.kind, x.label = "debris", "licence"


#: a notes app's line of tags (Obsidian's ``#пасьянс #карты``): a tag begins with a letter, so
#: ``#12`` is none; markup, never the book's text (a wiki page's ``#`` list is not read so)
_TAG_LINE = re.compile(r"#[^\W\d_][\w/-]*(?:[ \t]+#[^\W\d_][\w/-]*)*")
#: a Markdown task item (``- [ ] проверить текст``, ``- [x] сверено``, ``1. [ ] ...``): the
#: editor's to-do list, not the book's text (:func:`_markup`)
_TASK_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+\[[ xX]\](?:[ \t]|$)")
#: a setext heading's rule, under its text (:func:`_markup`)
_SETEXT_RULE = re.compile(r"(?:={3,}|-{3,})")


def _markup(text: str, lines: list[_Line]) -> list[_Line]:
    """Mark lines that are markup, not book text (a template, an image, a category, an HTML
    tag, a wiki table ``{| ... |}``, a comment ``<!-- ... -->`` opening a line and closing on a
    later one, a notes app's line of tags: ``debris`` labelled ``markup``; a file's front
    matter, :func:`_front_matter`; a task item, ``- [ ] ...``: ``debris`` labelled ``task``;
    a template a wiki page opens inside a line's text, after its indent or further on, and
    closes on a later line of the paragraph joins those lines into one line of text)
    and read the text that
    markup or spaced letters wrap
    (``## Мельница``, ``**Пасьянс «X».**``, ``== X ==``, ``З В Ѣ З Д А.``)."""
    out: list[_Line] = []
    wiki = is_wiki_page(text)
    md = not wiki and MARKDOWN_PAGE.search(text) is not None
    if wiki and "<noinclude" in text.lower():
        lines = _join_noinclude(text, lines)
    named: set[str] | None = None     # the games a chapter heading names (made when needed)
    listing: set[str] | None = None   # those it lists for certain (a bare heading's line of one
    #                                   name may be the first game's title)
    i = _front_matter(text, lines)
    out += lines[:i]
    # lines that close a comment (a comment over several lines is markup to its close)
    closers = [k for k, x in enumerate(lines) if "-->" in x.text] if "<!--" in text else []
    while i < len(lines):
        ln = lines[i]
        if ln.text.startswith("<!--") and "-->" not in ln.text[4:]:
            k = bisect_right(closers, i)
            if k < len(closers):                 # (one never closed is left as it stands)
                last = closers[k]
                for x in lines[i:last + 1]:
                    x.kind, x.label = "debris", "markup"
                out += lines[i:last + 1]
                i = last + 1
                continue
        if ln.text.startswith("[Illustration:") and "]" not in ln.text:
            # a Gutenberg illustration's caption wrapped onto the next lines of its paragraph
            # (``[Illustration: Фиг. 8. Расположеніе картъ`` / ``послѣ сдачи.]``): one line
            j = next((j for j in range(i + 1, len(lines)) if lines[j].brk or "]" in lines[j].text),
                     len(lines))
            if j < len(lines) and not lines[j].brk:
                ln.end, ln.text = lines[j].end, text[ln.start:lines[j].end]
                del lines[i + 1:j + 1]
        if ln.text.startswith("[Footnote") and re.match(PG_NOTE, ln.text):
            # a Gutenberg footnote wrapped onto the next lines, its paragraphs too, to its
            # closing bracket (``[Footnote 1: Т. е. пятьдесятъ`` / ``двѣ карты.]``): one line,
            # the note's one piece (:meth:`_Footnotes.begins`); one not closed before the
            # next note, within a page's lines, is left as it stands
            j, depth = i, 0
            while j < len(lines) and j - i < PAGE_LINES and (j == i or not re.match(
                    PG_NOTE, lines[j].text)):
                depth += lines[j].text.count("[") - lines[j].text.count("]")
                if depth <= 0:
                    break
                j += 1
            if i < j < len(lines) and depth <= 0:
                ln.end, ln.text = lines[j].end, text[ln.start:lines[j].end]
                del lines[i + 1:j + 1]
        if (wiki or ln.text.startswith("{{")) and ln.text.count("{{") > ln.text.count("}}"):
            j, depth = i, 0                      # a template over several lines
            while j < len(lines) and (j == i or not lines[j].brk):
                depth += lines[j].text.count("{{") - lines[j].text.count("}}")
                if depth <= 0:
                    break
                j += 1
            if j < len(lines) and depth <= 0:    # (one left open at its paragraph's end is
                ln.end, ln.text = lines[j].end, text[ln.start:lines[j].end]    # text)
                if ln.text.startswith("{{") and not (wiki and _INDENT.match(ln.text)):
                    ln.kind, ln.label = "debris", "markup"
                    out.append(ln)
                    i = j + 1
                    continue
                # (one opened inside the text, ``Пасьянсъ «{{ВАР|Звѣз`` / ``да|Звезда}}».``,
                # is the text's: one line, no unit's edge inside the template)
                del lines[i + 1:j + 1]
        if wiki and len(_REF_OPENING.findall(ln.text)) > len(_REF_CLOSING.findall(ln.text)):
            # a note opened in the line and closed on a later line of its paragraph
            # (``Пасьянсъ «Солнце».<ref>Иначе`` / ``Звѣзда.</ref>``): one line, as a
            # template's, so that a title before it is found as on one line. MediaWiki lets
            # a note hold a blank line (``картъ<ref>Въ 52 карты.`` / blank / ``Иногда
            # двѣ.</ref> и ...``): one line too, its paragraphs the note's, not the book's
            # (:func:`_note_over_paragraphs`)
            j = i + 1
            while j < len(lines) and not _REF_CLOSING.search(lines[j].text) and \
                    (not lines[j].brk or _note_over_paragraphs(text, ln, lines[j].end)):
                j += 1
            if j < len(lines) and (not lines[j].brk or _note_over_paragraphs(
                    text, ln, lines[j].end)):
                ln.end, ln.text = lines[j].end, text[ln.start:lines[j].end]
                del lines[i + 1:j + 1]
        lead = _SECTION_TAG.match(ln.text) if wiki else None
        if lead and lead.end() < len(ln.text) and (
                "<noinclude" not in lead.group().lower() or ln.brk
                or _unwrap(ln.text[lead.end():], wiki)[1]):
            # Wikisource's section mark before a line's text (``<section begin=x />=== X
            # ===``), and a page's header before a paragraph or a line in markup
            # (``<noinclude>{{rh|...}}</noinclude>{{heading|ГЛАВА L.}}``; not before the
            # rest of a word or sentence begun on the page before): markup of its own, the
            # line's text after it
            out.append(_Line(ln.start, ln.start + lead.end(), lead.group(), ln.brk,
                             kind="debris", label="markup", page_top=ln.page_top))
            ln = lines[i] = _Line(ln.start + lead.end(), ln.end, ln.text[lead.end():], False)
        if re.match(r"<references\b[^<>]*(?<!/)>", ln.text, re.I) and \
                not re.search(r"</references\s*>", ln.text, re.I):
            # the page's list of notes, to its closing tag (its notes are read by
            # inline_notes where they are called; no line of it is a sentence)
            q = next((q for q in range(i + 1, len(lines))
                      if re.search(r"</references\s*>", lines[q].text, re.I)), None)
            if q is not None:
                for x in lines[i:q + 1]:
                    x.kind, x.label = "debris", "markup"
                out += lines[i:q + 1]
                i = q + 1
                continue
        if md and "|" in ln.text and i + 1 < len(lines) and not lines[i + 1].brk and \
                _PIPE_DELIMITER.fullmatch(lines[i + 1].text):
            # a Markdown pipe table: its ``|---|---|`` line is markup, and each row over and
            # under it is the game's text, a sentence of its own, as a plain-text page's
            # table set in columns (:func:`_table_rows`); its bars are read as nothing
            # (:func:`prose_markup`)
            q = i + 2
            while q < len(lines) and not lines[q].brk and "|" in lines[q].text:
                q += 1
            lines[i + 1].kind, lines[i + 1].label = "debris", "markup"
            for x in [ln] + lines[i + 2:q]:
                x.brk, x.extra["row"] = True, True
            out += lines[i:q]
            i = q
            continue
        if md and _GRID_RULE.fullmatch(ln.text):
            # pandoc's grid table (a .docx table): its rules are markup, and each row
            # between two of them is the game's text, a sentence of its own, as a pipe
            # table's row (its bars read as nothing, :func:`prose_markup`); pandoc wraps a
            # long cell over the lines under it, to the next rule, all one row
            q = i + 1
            while q < len(lines) and not lines[q].brk and (
                    lines[q].text.startswith("|") or _GRID_RULE.fullmatch(lines[q].text)):
                q += 1
            first: _Line | None = None
            last_cell = -1     # the last cell of the row with text in it so far
            for x in lines[i:q]:
                if _GRID_RULE.fullmatch(x.text):
                    x.kind, x.label = "debris", "markup"
                    first = None
                    continue
                x.brk, x.extra["row"] = first is None, True
                if first is None:
                    first, last_cell = x, -1
                else:
                    x.extra["wrapped"] = True
                cells = [k for k, c in enumerate(re.split(r"(?<!\\)\|", x.text)[1:-1])
                         if c.strip()]
                if cells and cells[0] < last_cell:
                    # the row is read as the witness has it, line by line: a cell's wrapped
                    # words after the next cell's
                    first.extra["interleaved"] = True
                last_cell = max(cells + [last_cell])
            out += lines[i:q]
            i = q
            continue
        if md and ln.brk and _LINE_BLOCK.match(ln.text):
            # pandoc's line block (verse, or a .docx paragraph with line breaks in it:
            # ``| Тузъ — часъ первый,`` / ``| Двойка — второй,``): prose, one paragraph, its
            # marks read as nothing (:data:`_MARKDOWN_LINE_MARK`); no line of it is a menu
            q = i
            while q < len(lines) and (q == i or not lines[q].brk) and (
                    _LINE_BLOCK.match(lines[q].text) or
                    text[text.rfind("\n", 0, lines[q].start) + 1:lines[q].start]):
                lines[q].extra["line_block"] = True
                q += 1
        if ln.text.startswith("{|"):
            # a wiki table, to its closing |}; one left open, to the end of its rows (a line
            # after a blank line that is no row of a table ends it)
            q = i + 1
            while q < len(lines) and not lines[q].text.startswith(("|}", "{|")) and \
                    not (lines[q].brk and not lines[q].text.startswith(("|", "!"))):
                q += 1
            close = q if q < len(lines) and lines[q].text.startswith("|}") else \
                max(k for k in range(i, q) if lines[k].text.startswith(("|", "!", "{|")))
            for x in lines[i:close + 1]:
                x.kind, x.label = "debris", "markup"
            out += lines[i:close + 1]
            i = close + 1
            continue
        if not wiki and _TASK_ITEM.match(text, text.rfind("\n", 0, ln.start) + 1):
            # a task item and the lines its text wraps onto (indented under it, in its
            # paragraph): the editor's to-do list of a notes app's page, kept in the witness
            q = i + 1
            while q < len(lines) and not lines[q].brk and \
                    text[text.rfind("\n", 0, lines[q].start) + 1] in " \t":
                q += 1
            item = _Line(ln.start, lines[q - 1].end, text[ln.start:lines[q - 1].end], ln.brk,
                         "debris", "task", page_top=ln.page_top)
            out.append(item)
            i = q
            continue
        i += 1
        if not wiki and _TAG_LINE.fullmatch(ln.text):
            ln.kind, ln.label = "debris", "markup"     # a notes app's tags: '#пасьянс #карты'
            out.append(ln)
            continue
        if MARKUP_LINE.match(ln.text) and not (wiki and (_aligned_text(ln.text)
                                                         or _unread_wrap(ln.text))) or \
                md and _DIV_FENCE.fullmatch(ln.text):
            ln.kind, ln.label = "debris", "markup"
            out.append(ln)
            continue
        m = BOLD_RUN_IN.match(ln.text)
        if m and m.end() < len(ln.text.rstrip()) and not QUOTED_TITLE.match(
                m.group("t").translate(_LOOKALIKE)):
            if listing is None:
                listing = _heading_names(lines, wiki, min_listed=2)
            if listing and _name_key(m.group("t")) not in listing:
                m = None   # a label in bold ('**Сбросъ.** Карты ...') where a heading lists
                #            the chapter's games, not one of them: the sentence's text
        if m is None:
            m = ITALIC_RUN_IN.match(ln.text)
            if m and not QUOTED_TITLE.match(m.group("t").translate(_LOOKALIKE)):
                if named is None:
                    named = _heading_names(lines, wiki)
                if _name_key(m.group("t")) not in named or \
                        (m.group("t").rstrip() + m.group("s"))[-1:] not in ".:":
                    m = None     # (a name in italics as a sentence's word: '*Солнце* — ...')
        # (bold that runs on into its sentence, ``***Короли*** сверху.``, is emphasis: a
        # run-in title ends with a stop or is followed by a capital; one glued to its text,
        # ``**Проба.**Берутъ``, does both)
        stop = m is not None and (m.group("t").rstrip() + m.group("s"))[-1:] in ".:!?…»\""
        if m and m.end() == m.end("s") and not (stop and ln.text[m.end()].isupper()):
            m = None
        if m and (stop or not ln.text[m.end()].islower()):
            head = _Line(ln.start, ln.start + m.end("s"),
                         m.group("t").strip() + (m.group("k") or "") + m.group("s"),
                         ln.brk, whole=True, page_top=ln.page_top)
            head.extra["run_in"] = True
            out += [head, _Line(ln.start + m.end(), ln.end, ln.text[m.end():], False)]
            continue
        # a Markdown heading underlined (setext: ``Пасьянсы`` over ``====`` or ``----``, a blank
        # line or the text's end after the rule; no stop ends it, as a sentence's would, nor
        # one inside a closing quote or bracket, nor an ellipsis: 'вышелъ.»', '(фиг. 3.)'): a
        # heading as ``# Пасьянсы`` is (the rule is read apart)
        setext = md and ln.brk and i < len(lines) and not lines[i].brk and \
            _SETEXT_RULE.fullmatch(lines[i].text) is not None and \
            (i + 1 == len(lines) or lines[i + 1].brk) and len(ln.text) <= 80 and \
            not re.search(r"[.!?:;,…][»\"”“')\]]*$", ln.text)
        inner, found = _unwrap(ln.text, wiki)
        if "<" in ln.text and "<ref" in ln.text.lower() and (
                found or _unwrap(INLINE_NOTE.sub("", ln.text), wiki)[1]):
            # a wiki footnote in a wrapped line (``=== X.<ref>...</ref> ===``) is no part of
            # how the line reads; the line stays whole (its span), so the note stays in it
            inner, found = _unwrap(INLINE_NOTE.sub("", ln.text).strip(), wiki)
            ln.extra["notes"] = True
        if "<!--" in inner:       # == Мельница <!-- x --> ==: the comment
            inner, found = _unwrap(_COMMENT.sub("", ln.text).strip(), wiki)   # is no part
        if found:
            if "&" in inner:     # an entity in a wrapped line reads as its character
                inner = _ENTITY.sub(lambda m: _entity_reading(m.group()), inner)
            ln.text, ln.whole = inner, True
            if not any(ch.isalpha() for ch in inner):
                ln.kind, ln.label = "debris", "page number" if re.search(r"\d", inner) else "markup"
        elif setext and any(ch.isalpha() for ch in ln.text):
            ln.whole = True
        out.append(ln)
    return out


#: a Markdown pipe table's line under its head row (``|-------|:----:|``)
_PIPE_DELIMITER = re.compile(r"[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*"
                             r"|[ \t]*\|[ \t]*:?-+:?[ \t]*\|?[ \t]*")
#: a rule of pandoc's grid table, over, under and between its rows (``+------+:----:+``,
#: ``+======+======+`` under the head row)
_GRID_RULE = re.compile(r"[ \t]*\+(?:[-=:]+\+)+[ \t]*")


#: a row of a table set in columns: two or more pieces of text, a wide gap (a tab, or three
#: spaces and more) between each two (``Тузъ            11 очковъ``)
_ALIGNED_ROW = re.compile(r"[ \t]*\S+(?: \S+)*(?:(?:\t[ \t]*|[ ]{3,})\S+(?: \S+)*)+[ \t]*")


def _table_rows(text: str, lines: list[_Line], guesses: list[tuple[int, str]]) -> None:
    """Mark the rows of a table set in columns, in place: two or more lines in a row of
    prose (no blank line between them), each with a letter and a wide gap between its
    columns (:data:`_ALIGNED_ROW`), each row's columns lined up with the row above (as many,
    each beginning within two characters of the one above it: the gaps a justified line of
    prose leaves fall anywhere). A row is the game's text, a unit of its own (``brk``),
    never a title or a heading (``extra["row"]``)."""
    def columns(ln: _Line) -> list[tuple[int, int]] | None:
        # (a Markdown table's row is one already, a grid table's over all its lines)
        if ln.kind != "prose" or ln.extra.get("fixed") or ln.extra.get("row") or \
                len(ln.text) > 100 or \
                not _ALIGNED_ROW.fullmatch(ln.text) or not any(ch.isalpha() for ch in ln.text):
            return None
        at = text.rfind("\n", 0, ln.start) + 1
        raw = text[at:ln.end]
        return [m.span() for m in re.finditer(r"\S+(?: \S+)*", raw.expandtabs(8))][1:]

    def lined_up(a: list[tuple[int, int]], b: list[tuple[int, int]]) -> bool:
        # (every column: a justified paragraph's lines all end at the margin, and one of
        # its gaps may fall above another by chance)
        return len(a) == len(b) and all(abs(x[0] - y[0]) <= 2 for x, y in zip(a, b))

    for i, ln in enumerate(lines):
        if ln.kind == "prose" and not ln.extra.get("fixed") and _card_value(ln.text):
            # a card's value with a dot leader (``Тузъ ........ 1``): a row of its own, as
            # the line after it, which the row's last figure would else open
            ln.brk = True
            ln.extra["row"] = True
            if i + 1 < len(lines) and lines[i + 1].kind == "prose":
                lines[i + 1].brk = True
    i = 0
    while i < len(lines):
        cols = columns(lines[i])
        j = i + 1
        while cols is not None and j < len(lines) and not lines[j].brk:
            nxt = columns(lines[j])
            if nxt is None or not lined_up(cols, nxt):
                break
            cols = nxt
            j += 1
        if j - i >= 2 and not _rows_run_on(lines, i, j):
            for ln in lines[i:j]:
                ln.brk = True
                ln.extra["row"] = True
            guesses.append((lines[i].start, f"{j - i} lines set in columns taken as a table's "
                                            f"rows, each a sentence"))
        i = j


def _rows_run_on(lines: list[_Line], i: int, j: int) -> bool:
    """Do lines ``i`` to ``j`` (lined up as a table's rows, :func:`_table_rows`) run on as
    text does, no table: a line but the last ending with a comma, a semicolon or a hyphen (a
    verse with a caesura, ``Тузъ, король,   дама, валетъ,``), lines that do not begin alike
    (a capital, then a small letter: a justified paragraph's lines, ``Карты кладутъ ...`` /
    ``двойку ...``), or the paragraph going on in small letters from the last of them with no
    stop before it, or into the first of them so (a justified paragraph's gaps lined up by
    chance)?"""
    rows = lines[i:j]
    if any(re.search(r"[,;\-–—]\s*$", ln.text) for ln in rows[:-1]):
        return True
    firsts = {c.isupper() for ln in rows for c in ln.text.lstrip(_OPENERS)[:1] if c.isalpha()}
    if len(firsts) > 1:
        return True

    def goes_on(a: _Line, b: _Line) -> bool:
        c = b.text.lstrip(_OPENERS)[:1]
        return not b.brk and b.kind == "prose" and c.isalpha() and c.islower() and \
            not SENTENCE_END.search(a.text)
    return (j < len(lines) and goes_on(lines[j - 1], lines[j])) or \
        (i > 0 and goes_on(lines[i - 1], lines[i]))


#: letters OCR reads for a page number's digits (Cyrillic and Latin О and З, б, I and l)
_DIGIT_LOOKALIKES = str.maketrans("ОоOoЗзбIl", "000033611")


def _ocr_page_number(line: str) -> bool:
    """Is ``line`` a page number on a line of its own that OCR read with a letter or two for
    its digits (``— 2ОЗ —``, ``2О1``): short, a digit in it, and a page number
    (:data:`PAGE_NUMBER`) once those letters are read as digits?"""
    text = line.strip()
    return (len(text) <= 12 and any(ch.isdigit() for ch in text)
            and any(ch.isalpha() for ch in text)
            and re.fullmatch(PAGE_NUMBER, text.translate(_DIGIT_LOOKALIKES)) is not None)


def _letterless(line: str) -> str:
    """The label of a line with no letter: a row of a diagram (``10 ♠ 9 ♥``: a suit's sign),
    a page number (a digit), or a separator."""
    if any(ch in _SUITS for ch in line):
        return "diagram"
    return "page number" if re.search(r"\d", line) else "separator"


def _running_key(line: str) -> str | None:
    """The comparison key of a short line without the page number beside it (else None)."""
    m = RUNNING_HEAD.match(line) or _DOTTED_HEAD.match(line)
    body = (m.group("a") or m.group("b")) if m else line
    return key(re.sub(r"[^\w\s]", "", body)) if 0 < len(WORD.findall(body)) <= 6 else None


def _set_apart(line: str, head: re.Match) -> bool:
    """Whether ``line``, words and a page number (``head``, :data:`RUNNING_HEAD`'s match), is
    set as a running head even where it stands once: in capitals, its words closed by a stop
    (``Игры въ карты. 29``), a wide gap before the number (``30   Игры въ карты``) or the
    number between dashes (``— 29 —``). A line of a sentence that ends with a number
    (``Карты раскладываютъ въ 4``) is none of these: only a head that repeats is taken so."""
    words = (head.group("a") or head.group("b")).strip()
    number = line[:head.start("a")] if head.group("a") else line[head.end("b"):]
    return line.upper() == line or words[-1:] in ".:" or \
        _WIDE_GAP_HEAD.match(line) is not None or re.search(r"[-—–]", number) is not None


def _page_top(lines: list[_Line], i: int) -> bool:
    """Does line ``i`` stand at the top of a page: after a form feed, or after a line with
    no letter (the page number) that does?"""
    ln = lines[i]
    if ln.page_top:
        return True
    prev = lines[i - 1] if i else None
    return prev is not None and prev.page_top and not any(ch.isalpha() for ch in prev.text)


def _head_inside_note(line: str) -> str | None:
    """The label of a line inside a footnote that runs on over a page with no form feed
    between (a djvu layer's pages run together) that is the next page's furniture, not the
    note's: a running head in capitals with its page number (``57 ПАСЬЯНСЫ.``, glued
    ``57ПАСЬЯНСЫ.``, ``ПАСЬЯНСЫ. 57``) or the book's title alone (``ПАСЬЯНСЫ.``), ``running
    head``; a page number alone (``57``, ``— 57 —``), ``page number``; else None. No note's
    text is set so."""
    t = line.strip()
    if re.fullmatch(PAGE_NUMBER, t):
        return "page number"
    head = RUNNING_HEAD.match(t) or _DOTTED_HEAD.match(t)
    if _book_head(t) or head and t.upper() == t and sum(ch.isalpha() for ch in t) >= 4:
        return "running head"
    return None


def _is_page_number(ln: _Line) -> bool:
    """A line of digits and dashes alone (``185``, ``— 185 —``), or a converter's page
    separator (``--- Page 45 ---``, :data:`PAGE_SEPARATOR`)."""
    return bool(re.search(r"\d", ln.text)) and (not any(ch.isalpha() for ch in ln.text)
                                                or PAGE_SEPARATOR.match(ln.text) is not None)


def _beside_page_number(lines: list[_Line], i: int) -> bool:
    """Does a page number stand on the line before line ``i`` or after it?"""
    return (i > 0 and _is_page_number(lines[i - 1])) or \
        (i + 1 < len(lines) and _is_page_number(lines[i + 1]))


#: a page number glued to the first word of a line, no space between or one (a djvu text
#: layer's ``186лей``, ``186 лей``): group 1 the number, group 2 the word's letters, in small
#: letters
_GLUED_START = re.compile(r"(\d{1,4})[ \t]?([a-zа-яѣіѳѵё]+)")
#: a page number glued to a capitalised word that opens a line (``185Короли``): group 1 the
#: number, group 2 the word (a capital, then small letters: ``3ВѢЗДОЧКА``, OCR's 3 for З, is
#: no such word)
_GLUED_CAPITAL = re.compile(r"([1-9]\d{0,3})([A-ZА-ЯЁѢІѲѴ][a-zа-яёѣіѳѵ]+)")
#: the end of a word divided at a line's end: its letters and a hyphen (or an en dash, as a
#: djvu layer prints it: ``коро–``)
_DIVIDED = re.compile(r"([^\W\d_]+)[-\u00ad¬\u2010\u2011\u2013]$")
#: a page number glued after a full stop that ends a word at a line's end (``крестомъ.185``),
#: or after a comma (``картъ,185``): group 1 the word, group 2 the stop, group 3 the number
_GLUED_END = re.compile(r"([^\W\d_]+)([.!?…,])[»\"”)]?(\d{1,4})$")
#: words whose stop is an abbreviation's, a number after it the book's (``стр.185``, ``Фиг.5``,
#: ``п.3``, ``табл.4``, ``руб.50``): the sentence segmenter's abbreviations and a few more
_NUMBERED_ABBREVIATIONS = NON_TERMINAL | TERMINAL | frozenset(("стран",))


def _glued_page_number(ln: _Line, prev: _Line | None,
                       nxt: _Line | None = None) -> tuple[int, int] | None:
    """The span in ``ln.text`` of a page number a djvu text layer glued to the text at the
    line's edge (no space between, or one at its start), else None: at its start, inside a
    word divided by a hyphen or an en dash at the end of the line before (``коро-`` /
    ``186лей``, ``коро–`` / ``187лей``, and with a space, ``коро-`` / ``186 лей``: the pieces
    make a word), or before a known word with a capital that opens a sentence, the line
    before ending one or no text (``185Короли``); at its end, after a sentence's full stop,
    ``nxt``, the line below, a new sentence with a capital (``крестомъ.185`` / ``Тузы ...``;
    not after an abbreviation's stop, ``стр.185``, ``п.3``, a word of one letter, nor in ``по
    1 руб.50`` / ``коп. ...``), or after a comma, the sentence going on below in small
    letters and the number counting none of its words (``картъ,185`` / ``которыя ...``; not
    ``тузовъ,2`` / ``короля ...``, nor where the line below holds numbers of its own,
    ``тузъ,11`` / ``король 4, дама 3``). A page's number is 10 or more before a capital and
    counts no word there (``2Короли`` is a list's item, ``8Королей`` a count). The book's own
    numbers stand apart from their words (``въ 52 карты``)."""
    m = _GLUED_START.match(ln.text)
    if m and prev is not None and prev.kind == "prose":
        piece = _DIVIDED.search(prev.text)
        if piece and joins_to_word(piece.group(1), m.group(2)):
            return m.span(1)
    m = _GLUED_CAPITAL.match(ln.text)
    if m and int(m.group(1)) >= 10 and not _counts(int(m.group(1)), m.group(2)) and \
            (prev is None or prev.kind != "prose" or SENTENCE_END.search(prev.text)):
        words = _modern_words(m.group(2))
        if words and analyzer().word_is_known(words[0]):
            return m.span(1)
    m = _GLUED_END.search(ln.text) if ln.text[-1:].isdigit() else None
    if m is None or nxt is None or len(m.group(1)) == 1 or \
            key(m.group(1)) in _NUMBERED_ABBREVIATIONS:
        return None
    first = re.search(r"[^\W\d_]", nxt.text)
    if m.group(2) == ",":
        return m.span(3) if first and first.group().islower() and \
            not _counts(int(m.group(3)), nxt.text[first.start():]) and \
            not re.search(r"(?<![\w.])\d{1,3}(?![\w.])", nxt.text) else None
    return m.span(3) if first and first.group().isupper() else None


#: a transcription's mark of where a page of the book begins, set inside its text:
#: ``[с. 190]``, ``[стр. 190]``, ``|190|`` (a blank or the line's edge before it, and a blank
#: or the line's edge after it, or ``|N|`` glued to a word's end, ``валеты|193|``, or to its
#: hyphen or the comma after it, ``коро-|193|``, ``валеты,|193|``; not a wiki
#: template's ``{{x|190|y}}``); one with a stop or other punctuation after it is the text's
#: (``въ главѣ X [стр. 190].``, ``рядъ [с. 191].``, ``рядъ|194|.``)
PAGE_MARK = re.compile(r"\[(?:[сc]|стр|стран|страница|page|pg|p)\.?[ \t]*\d{1,4}\]"
                       r"(?![.,;:!?…»)\]])|(?<![^\s(«])\|\d{1,4}\|(?!\S)|(?<=[^\W\d_]|[-–,;])\|\d{1,4}\|(?!\S)",
                       re.I)
#: a page separator that a converter or an OCR tool writes on a line of its own between the
#: pages: the page's number, with its word or without (``Page``, ``p.``, ``Стр.``,
#: ``Страница``, ``С.``; ``of 120`` after it), between runs of one rule's sign, of any
#: lengths, spaced or not (``---------- Page 45 ---------``, ``=== Page 12 ===``, ``-- 45
#: --``, ``- - - Page 45 - - -``, ``*** Page 3 of 9 ***``) or in brackets
#: (``[Page 47]``); words of the text between the rules, or a stop after the number, are
#: the text's
_PAGE_WORD = r"(?:page|pg\.?|p\.|страница|стр\.?|с\.)[ \t]*"
PAGE_SEPARATOR = re.compile(
    r"^[ \t]*(?:(?P<r>[-=_*~#—–])(?:[ ]?(?P=r))*[ \t]*(?:" + _PAGE_WORD + r")?\d{1,4}"
    r"(?:[ \t]+(?:of|из)[ \t]+\d{1,5})?[ \t]*(?P=r)(?:[ ]?(?P=r))*"
    r"|\[[ \t]*" + _PAGE_WORD + r"\d{1,4}(?:[ \t]+(?:of|из)[ \t]+\d{1,5})?[ \t]*\])[ \t]*$", re.I)


def _marks_in(line: str) -> list[re.Match]:
    """The transcription's page marks in ``line`` (:data:`PAGE_MARK`); several ``|N|`` on
    one line are none, the text's row of numbers (``Карты лежатъ такъ: |7| |8| |9|``,
    ``тузъ|11| и король|4|``)."""
    marks = list(PAGE_MARK.finditer(line))
    if sum(m.group().startswith("|") for m in marks) > 1:
        marks = [m for m in marks if not m.group().startswith("|")]
    return marks


def _page_marks(text: str, lines: list[_Line]) -> list[_Line]:
    """``lines`` with each prose line that holds a transcription's page marks
    (:data:`PAGE_MARK`) cut at them: each mark a ``page number`` (``debris``), a page break
    inside the line, the text around it prose lines of their own (the first piece keeps the
    line's paragraph break). A ``|N|`` glued to a word on a line beside another line that
    holds one so is none: a column of the text's numbers (``тузъ|11|`` / ``король|4|``),
    pages being far apart."""
    out: list[_Line] = []
    def glued(line: str, m: re.Match) -> bool:
        return m.group().startswith("|") and m.start() > 0 and (
            line[m.start() - 1].isalpha() or line[m.start() - 1] in "-–,;")
    bars = [ln.kind == "prose" and "|" in ln.text
            and any(glued(ln.text, m) for m in _marks_in(ln.text)) for ln in lines]
    for i, ln in enumerate(lines):
        marks = _marks_in(ln.text) if ln.kind == "prose" and not \
            ln.extra.get("fixed") and ("[" in ln.text or "|" in ln.text) and \
            text[ln.start:ln.end] == ln.text else []
        if bars[i] and (i and bars[i - 1] or i + 1 < len(lines) and bars[i + 1]):
            marks = [m for m in marks if not glued(ln.text, m)]
        if not marks:
            out.append(ln)
            continue
        pos, first = 0, True
        for m in marks + [None]:
            a = m.start() if m else len(ln.text)
            piece = ln.text[pos:a]
            if piece.strip():
                s = pos + len(piece) - len(piece.lstrip())
                e = pos + len(piece.rstrip())
                out.append(_Line(ln.start + s, ln.start + e, ln.text[s:e], ln.brk and first,
                                 page_top=ln.page_top and first))
                first = False
            if m:
                out.append(_Line(ln.start + a, ln.start + m.end(), m.group(), ln.brk and first,
                                 kind="debris", label="page number",
                                 page_top=ln.page_top and first))
                first, pos = False, m.end()
    return out


#: a bar alone at a prose line's start (before a word, spaced or glued: ``| Берутъ``,
#: ``|На``) or at its end after a space (``перекладываютъ |``)
_EDGE_BAR = re.compile(r"^(?P<a>[|¦])[ \t]*(?=[^\W\d_])|[ \t]+(?P<z>[|¦])$")


def _gutter_marks(text: str, lines: list[_Line], guesses: list[tuple[int, str]]) -> list[_Line]:
    """``lines`` with a bar alone at a prose line's edge cut off as ``OCR noise`` debris: a
    djvu or pdftotext layer reads the scanner's mark in the page's gutter so, and it is
    page furniture (left out of the reading text, a sentence runs on across it). A line
    with another bar in it is a table's or page marks' (``|7| |8|``, ``|191|``), and a wiki
    page's bars are its markup's, as a Markdown line block's are (``| Тузъ — часъ первый,``):
    all left alone, as are lines the editor marked."""
    if is_wiki_page(text):
        return lines
    out: list[_Line] = []
    for ln in lines:
        m = _EDGE_BAR.search(ln.text) if ln.kind == "prose" and not ln.extra.get("fixed") \
            and not ln.extra.get("row") and not ln.extra.get("line_block") \
            and sum(map(ln.text.count, "|¦")) == 1 \
            and text[ln.start:ln.end] == ln.text else None
        if m is None:
            out.append(ln)
            continue
        bar = m.start("a") if m.group("a") else m.start("z")
        guesses.append((ln.start + bar, "a bar alone at a line's edge taken as a scanner's "
                                        "gutter mark (page furniture)"))
        mark = _Line(ln.start + bar, ln.start + bar + 1, ln.text[bar], ln.brk and bar == 0,
                     kind="debris", label="OCR noise", page_top=ln.page_top and bar == 0)
        if m.group("a"):
            rest = m.end()
            out += [mark, replace(ln, start=ln.start + rest, text=ln.text[rest:], brk=ln.brk,
                                  page_top=False)]
        else:
            out += [replace(ln, end=ln.start + m.start(), text=ln.text[:m.start()]), mark]
    return out


#: a line of one word (a piece divided by a hyphen too), as a catchword stands
_ONE_WORD = re.compile(r"[^\W\d_]+-?")


def _catchwords(lines: list[_Line], guesses: list[tuple[int, str]]) -> None:
    """Mark each catchword in ``lines`` as ``debris``: a word alone on the last line of a
    page (a page number, a running head or a form feed after it) that the next page opens
    with (``тройки`` / ``— 215 —`` / ``тройки и такъ ...``). The book prints it to lead the
    reader over the page; read as text, the word stands twice. A lone word the next page
    does not open with is the text's (a sentence's last word set alone)."""
    for i, ln in enumerate(lines):
        if ln.kind != "prose" or ln.extra.get("fixed") or not _ONE_WORD.fullmatch(ln.text):
            continue
        j = i + 1
        while j < len(lines) and lines[j].kind == "debris" and \
                lines[j].label in ("page number", "running head"):
            j += 1
        if j == len(lines) or lines[j].kind != "prose" or \
                not (j > i + 1 or lines[j].page_top):       # no page turned after it
            continue
        if key(lines[j].text.split()[0]) == key(ln.text):
            ln.kind, ln.label = "debris", "catchword"
            guesses.append((ln.start, "a word alone at a page's foot that the next page opens "
                                      "with taken as a catchword"))


def _runs_on(out: list[_Line]) -> bool:
    """Does the last prose line of ``out`` (page numbers passed over), or the last line of
    a footnote at the page's foot, end inside a sentence?"""
    last = next((x for x in reversed(out) if x.kind == "prose" or not _is_page_number(x)), None)
    return last is not None and (last.kind == "prose" or last.label == "footnote") and \
        not SENTENCE_END.search(last.text)


def _next_prose_lowercase(lines: list[_Line], i: int) -> bool:
    """Does the next line of text after line ``i`` (page numbers passed over) begin with a
    lowercase letter, so that a sentence runs on past line ``i``?"""
    for k in range(i + 1, len(lines)):     # (no copy of the rest: called line by line)
        nxt = lines[k]
        if any(ch.isalpha() for ch in nxt.text):
            first = next(ch for ch in nxt.text if ch.isalpha())
            return first.islower()
    return False


def _furniture(lines: list[_Line], guesses: list[tuple[int, str]], text: str = "",
               warnings: list[tuple[int, str]] | None = None,
               orphans: list[tuple[int, int]] | None = None,
               numbered_names: frozenset[str] = frozenset(),
               again: list[tuple[tuple[int, int], tuple[int, int]]] | None = None) -> list[_Line]:
    """Mark the furniture of a scanned page as ``debris``: tables of contents (dot leaders),
    running heads (a short line with the page number beside it that stands twice or tops a
    page, or a short line at the top of three pages or more; not a title that a chapter's
    heading names and that begins with a number, ``40 РАЗБОЙНИКОВЪ.``, whose :func:`key`
    without its stop is in ``numbered_names``), page numbers, a page number glued to the
    first word of a page (split off), and footnotes (:class:`_Footnotes`; a Markdown call
    of a note called before goes to ``again``, :attr:`Layout.again`); a transcription's page
    marks inside a line (``[с. 190]``, ``|191|``: :func:`_page_marks`) are page numbers, and
    a bar alone at a line's edge (:func:`_gutter_marks`) is OCR noise."""
    lines = _gutter_marks(text, _page_marks(text, lines), guesses)
    # each line as the running-head checks read it: on a Markdown page without a
    # quotation's marks (``> ПАСЬЯНСЫ.`` is a page's head as ``ПАСЬЯНСЫ.`` is)
    md = bool(text) and not is_wiki_page(text) and MARKDOWN_PAGE.search(text) is not None
    plain = [_MD_QUOTE_MARK.sub("", ln.text) if md else ln.text for ln in lines]
    tops: dict[str, list[int]] = {}
    numbered: dict[str, list[int]] = {}
    keys = [_running_key(t) if ln.kind == "prose" and len(t) <= 80 else None
            for ln, t in zip(lines, plain)]
    for i, ln in enumerate(lines):
        k = keys[i]
        if k is None:
            continue
        # the top of a page: after a form feed, the file's first line, or the line under a
        # page number on a line of its own (``- 12 -`` at the foot of the page before, as an
        # ABBYY FineReader text export prints it with no form feed)
        if k and (ln.page_top or i == 0 or _is_page_number(lines[i - 1])):
            tops.setdefault(k, []).append(i)
        if k and RUNNING_HEAD.match(plain[i]) and len(plain[i]) <= 80:
            numbered.setdefault(k, []).append(i)
    out: list[_Line] = []
    notes = _Footnotes(text, out)
    for ln in lines:
        # a line with no letter found as debris already (a page number a blank line
        # follows, '— 12 —'): labelled first, so that a footnote above it sees the page's foot
        if ln.kind == "debris" and not ln.label and not any(ch.isalpha() for ch in ln.text):
            ln.label = _letterless(ln.text)
    for i, ln in enumerate(lines):
        foot = None                   # a page number glued at the line's end, split off
        if ln.page_top:
            notes.page_start = len(out)
        if ln.kind == "debris" and not ln.label and key(ln.text).strip(" .:") in ("оглавление",
                                                                                 "содержание"):
            ln.label = "table of contents"
        if ln.extra.get("fixed") and ln.label == "footnote":      # the editor's footnote mark
            notes.marked(ln)
            out.append(ln)
            continue
        if ln.kind != "prose" or ln.extra.get("fixed"):
            if ln.label != "page number" or ln.page_top or ln.brk or ln.extra.get("fixed"):
                notes.open = None     # (a note may run on over a page number in its paragraph)
            if ln.kind == "debris" and ln.label == "page number" and not (
                    out and out[-1].kind == "debris" and out[-1].label in ("running head",
                                                                           "page number")):
                notes.page_start = len(out)   # a new page, as after a page number below
            out.append(ln)
            continue
        t = plain[i]
        k = keys[i] if not _MD_DEFINITION.match(ln.text) else ""   # never a running head
        if notes.open is not None and not (ln.page_top or ln.brk) and (
                label := _head_inside_note(t) or (
                    # a short line in capitals closed by a stop (the game's title as the
                    # page's head, 'ПАСЬЯНСЪ «ЗВѢЗДА».') inside the note's sentence that runs
                    # on below it in small letters: a page's head, as in the text below
                    k and t.upper() == t and sum(ch.isalpha() for ch in t) >= 4 and
                    SENTENCE_END.search(t) and _runs_on(out) and
                    _next_prose_lowercase(lines, i) and "running head")):
            # the next page's head inside a note's paragraph that runs on over the page: the
            # note stays open across it (:meth:`_Footnotes.continues`; after a blank line or
            # a form feed the head is found below and the note's rest by :meth:`next_pages`)
            ln.kind, ln.label = "debris", label
            guesses.append((ln.start, f"a line inside a footnote taken as a {label}"))
            if out[-1].kind != "debris":
                notes.page_start = len(out)
            out.append(ln)
            continue
        if notes.continues(ln):
            out.append(ln)
            continue
        notes.open = None
        if not any(ch.isalpha() for ch in ln.text) or _ocr_page_number(ln.text):
            if not NUMBER_RUN.search(ln.text):     # a run of numbers is text: read on
                ln.kind, ln.label = "debris", _letterless(ln.text)
        elif _contents_line(ln.text) or (key(ln.text).strip(" .:") in ("оглавление", "содержание")
                                        and i + 1 < len(lines) and TOC_LINE.match(lines[i + 1].text)):
            ln.kind, ln.label = "debris", "table of contents"
        elif numbered_names and key(t).rstrip(" .") in numbered_names:
            pass          # a title the heading names, its number first: no page's number
        elif k and (head := RUNNING_HEAD.match(t)) and len(t) <= 80 and \
                (len(numbered[k]) >= 2 or ln.page_top and _set_apart(t, head) or
                 ln.brk and t.upper() == t) \
                and not (head.group("a") or head.group("b"))[:1].islower():
            # (a line that begins with a small letter goes on with a sentence: 'какъ
            # показано на фигурѣ 5', 'и до 10' at a page's top; a book's heads begin with
            # a capital; met once at a page's top, a line in small letters that ends with
            # a number is a head only if set so: 'Карты раскладываютъ въ 4' / 'ряда ...'
            # is the text)
            ln.kind, ln.label = "debris", "running head"
        elif k and RUNNING_HEAD.match(t) and len(t) <= 80 and \
                t.upper() == t and out and out[-1].kind == "prose" and \
                not SENTENCE_END.search(out[-1].text) and _next_prose_lowercase(lines, i):
            # a page number and a line in capitals inside a running sentence (``можно было``
            # / ``8   АЗБУКА. КН. I.`` / ``пить.``): a page turned there, even if the head
            # stands once in the text
            ln.kind, ln.label = "debris", "running head"
            guesses.append((ln.start, "a page number and a line in capitals inside a sentence "
                                      "taken as a running head"))
        elif k and (head := RUNNING_HEAD.match(t)) and head.group("a") and \
                len(t) <= 80 and t.upper() == t and \
                sum(ch.isalpha() for ch in t) >= 4:
            # a page number before a line in capitals (``184 ПАСЬЯНСЫ.``), met once between
            # paragraphs: the head of an even page (no title begins with a page's number)
            ln.kind, ln.label = "debris", "running head"
            guesses.append((ln.start, "a page number before a line in capitals taken as a "
                                      "running head"))
        elif k and _WIDE_GAP_HEAD.match(t) and len(t) <= 80 and \
                t.upper() == t and sum(ch.isalpha() for ch in t) >= 4:
            # a line in capitals and its page number set apart by a wide gap (``СОЛНЦЕ.
            # 125``, ``126      ПАСЬЯНСЫ.``): a running head as a djvu or pdftotext export
            # lays it out across the page, met once (no title nor sentence ends so; a table's
            # row, ``Тузовъ      2``, and a numbered rule, ``1<tab>Берутъ ...``, are no
            # capitals)
            ln.kind, ln.label = "debris", "running head"
            guesses.append((ln.start, "a line and a page number set a wide gap apart taken as "
                                      "a running head"))
        elif k and len(t) <= 80 and (head := RUNNING_HEAD.match(t) or
                                           _DOTTED_HEAD.match(t)) and ((
                # the book's title with its page number after it, in any case (``ПАСЬЯНСЫ.
                # 197``, ``Пасьянсы. 197``, spaced ``П а с ь я н с ы. 197``; a speck after
                # the number, ``Пасьянсы. 197.``)
                head.group("b") and
                not head.group("b")[:1].islower() and
                k in BOOK_TITLE_HEADS and _trailing_number(t) >= 10) or
                head.group("a") and not head.group("a")[:1].islower() and (
                k in BOOK_TITLE_HEADS and _leading_number(t) >= 10 and (
                    head.re is not _DOTTED_HEAD or t.upper() == t)
                or head.re is _DOTTED_HEAD and
                t.upper() == t and sum(ch.isalpha() for ch in t) >= 4 and (
                    any(lines[j].text.upper() == lines[j].text for j in numbered.get(k, ()))
                    or out and out[-1].kind == "prose" and not SENTENCE_END.search(out[-1].text)
                    and _next_prose_lowercase(lines, i)))):
            # the book's title with the page number first (``196 ПАСЬЯНСЫ.``, ``196
            # Пасьянсы.``, ``196. ПАСЬЯНСЫ.``: OCR's speck after the number; a list's item,
            # ``1. Пасьянсы.``, has a number below 10 or small letters after its stop), or a line in
            # capitals after a number and a stop whose words stand elsewhere as a running
            # head beside a page number (``ПАСЬЯНСЫ. 197``) or inside a running sentence: the
            # head of a page, not a group heading nor a title (a game numbered so, ``12.
            # ЗВѢЗДА.``, met once between paragraphs, stays a title)
            ln.kind, ln.label = "debris", "running head"
            guesses.append((ln.start, "a page number before the book's title or a running "
                                      "head's words taken as a running head"))
        elif k and i in tops.get(k, ()) and len(tops[k]) >= 3:
            ln.kind, ln.label = "debris", "running head"
            guesses.append((ln.start, "a line at the top of several pages taken as a running head"))
        elif _book_head(t):
            # the book's title alone on a line in capitals, its page number beside it or not
            # ('ПАСЬЯНСЫ.', 'ПАСЬЯНСЫ 197'), met once anywhere (a djvu layer runs the pages
            # together, a page's top unmarked): no game is named so, no sentence is so set
            ln.kind, ln.label = "debris", "running head"
        elif k and t.upper() == t and _next_prose_lowercase(lines, i) and (
                _page_top(lines, i) or (_beside_page_number(lines, i) or
                                        SENTENCE_END.search(t)) and _runs_on(out)):
            # a short line in capitals at the top of a page (after a form feed, or beside a
            # page number, or closed by a stop inside a sentence that runs on), the sentence
            # running on below it: no heading or title stands inside a sentence
            ln.kind, ln.label = "debris", "running head"
            guesses.append((ln.start, "a line in capitals at the top of a page, inside a "
                                      "sentence, taken as a running head"))
        else:
            m = re.match(r"(\d{1,4})[ \t]+(?=[a-zа-яѣіѳѵё])", ln.text)
            prev = out[-1] if out else None
            top = ln.page_top or (prev is not None and prev.kind == "debris" and
                                  prev.label in ("running head", "page number")) or \
                (ln.brk and prev is not None and prev.kind == "prose" and
                 not SENTENCE_END.search(prev.text))     # a page break inside a sentence
            if m and top and not _counts(int(m.group(1)), ln.text[m.end():]):
                out.append(_Line(ln.start, ln.start + len(m.group(1)), m.group(1), ln.brk,
                                 kind="debris", label="page number"))
                guesses.append((ln.start, "a number at the top of a page taken as its page number"))
                out.append(_Line(ln.start + m.end(), ln.end, ln.text[m.end():], True))
                continue
            nxt = lines[i + 1] if i + 1 < len(lines) else None
            glued = _glued_page_number(ln, prev, nxt)
            if glued and glued[0] == 0:
                # (the rest of a word divided at the line before, joined across the number,
                # or a sentence's first word; a new page, whose footnotes are its own, and
                # whose line may end with its foot's number glued too)
                out.append(_Line(ln.start, ln.start + glued[1], ln.text[:glued[1]], ln.brk,
                                 kind="debris", label="page number"))
                guesses.append((ln.start, "a number glued to the first word of a line (the rest "
                                          "of a word divided at the line before, or a "
                                          "sentence's first word) taken as a page number"))
                notes.page_start = len(out)
                rest = glued[1] + len(ln.text[glued[1]:]) - len(ln.text[glued[1]:].lstrip())
                ln = replace(ln, start=ln.start + rest, text=ln.text[rest:], brk=True)
                prev = out[-1]
                glued = _glued_page_number(ln, prev, nxt)
            if glued:
                # (after a full stop or a comma at the line's end: the page's foot, the next
                # line the next page's top)
                foot = _Line(ln.start + glued[0], ln.end, ln.text[glued[0]:], False,
                             kind="debris", label="page number")
                ln = replace(ln, end=ln.start + glued[0], text=ln.text[:glued[0]])
                guesses.append((foot.start, "a number glued after a full stop or a comma at the "
                                            "end of a line taken as a page number"))
            notes.begins(ln, prev, (lines[j] for j in range(i + 1, len(lines))))
        if ln.kind == "debris" and ln.label in ("running head", "page number") and \
                not (out and out[-1].kind == "debris" and out[-1].label in ("running head",
                                                                            "page number")):
            notes.page_start = len(out)          # a new page: its footnotes are its own
        out.append(ln)
        if foot is not None:
            out.append(foot)
            notes.page_start = len(out)
    # a short line taken as a running head with no page number in it (at a page's top inside
    # a running sentence, say) is one at the top of any other page it stands on too: a title
    # at a page's foot, ``— 58 —`` / ``ПАСЬЯНСЫ.`` / the game's text
    bare = {t.strip() for ln, t in zip(lines, plain)
            if ln.kind == "debris" and ln.label == "running head" and not RUNNING_HEAD.match(t)}
    for i, ln in enumerate(lines):
        if bare and ln.kind == "prose" and plain[i].strip() in bare and i in tops.get(keys[i] or "", ()):
            ln.kind, ln.label = "debris", "running head"
            guesses.append((ln.start, "a line at the top of a page that stands as a running "
                                      "head elsewhere taken as one"))
    _catchwords(out, guesses)
    notes.next_pages(guesses, warnings if warnings is not None else [])
    notes.called_below()
    notes.in_order()
    notes.report(warnings if warnings is not None else [], orphans if orphans is not None else [],
                 again if again is not None else [])
    return out


#: superscript digits, as a footnote's marker may be printed (``кругомъ¹``, ``¹ Или ...``)
SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_SUPER = str.maketrans(SUPERSCRIPTS, "0123456789")
_TO_SUPER = str.maketrans("0123456789", SUPERSCRIPTS)
#: what may stand between a word and the marker after it: a closing mark or a stop, or both
#: (``«Звѣзда».*)``), and, before stars only, a space (``колоды *)``); a number is glued to its word (``Ланчукъ1)``:
#: ``(Фиг. 22)`` is no marker); a superscript digit is no word (the ``¹`` inside ``¹¹``)
_AFTER_WORD = r"(?<=[^\W\d_⁰¹²³⁴⁵⁶⁷⁸⁹])[.,;:!?»\"”’]{0,2}"
#: any marker after a word that no footnote claimed: ``*)`` (with its bracket), superscript
#: digits, ``1)``, or a Markdown call (``[^1]``, glued or after a space, a colon after it too)
ORPHAN_MARKER = re.compile(_AFTER_WORD + r"([ \t]?(?:\\?\*){1,3}\)|[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,2}\)?|\d{1,2}\)|[ \t]?"
                           + MD_LABEL + r")(?![*\d\w]|(?<!\]):)")


def _in_link_address(line: str, pos: int) -> bool:
    """Whether ``pos`` of ``line`` lies inside a link's address (:data:`_LINK_ADDRESS`), which
    is markup: ``40)`` of ``](#fig40)`` is no footnote's marker."""
    return ("](" in line or "<http" in line) and any(
        m.start() < pos < m.end() for m in _LINK_ADDRESS.finditer(line))


def _in_comment(line: str, pos: int) -> bool:
    """Whether ``pos`` of ``line`` lies inside a comment opened on the line before it (a
    ``<!--`` with no ``-->`` between)."""
    return line.rfind("<!--", 0, pos) > line.rfind("-->", 0, pos)


#: a Markdown footnote's definition at a line's start (``[^1]: ...``)
_MD_DEFINITION = re.compile(MD_LABEL + ":")
#: a Markdown footnote's call, glued after a word, a number, a stop or another call, or
#: after a space (``вверхъ [^3]``: Markdown reads both alike; its syntax is its own, unlike
#: ``1)``), not escaped (``\[^3]``): group 1 the call, group 2 its label. A definition
#: (``[^3]:`` at a line's start) is none: :func:`_md_calls` leaves it out
_MD_CALL = re.compile(rf"(?<!\\)(\[\^({_MD_LABEL_NAME})\])")


def _md_calls(line: str) -> Iterable[re.Match]:
    """The Markdown calls in ``line`` (:data:`_MD_CALL`): a colon after one ends no call
    (``картъ[^1]: въ первомъ ряду``), only at the line's start, after blanks or a
    quotation's ``>``, does it make a definition (``[^1]: Семь рядовъ.``)."""
    return (m for m in _MD_CALL.finditer(line)
            if not (line.startswith(":", m.end()) and not line[:m.start()].strip(" \t>")))


def marker_name(printed: str) -> str:
    """A footnote's marker as a reader cites it: ``*)`` -> ``*``, ``**`` -> ``**``, ``1)``, ``[^1]`` and
    ``¹``, ``<sup>1</sup>``, ``^1^`` and Gutenberg's ``[Footnote 1:`` -> ``1`` (``[Footnote:``,
    no number: ``""``, the note is named by its call)."""
    m = re.sub(r"</?sup>|^\[Footnote", "", printed.replace("\\*", "*"))
    m = m.strip().rstrip(")").strip().strip("[^]:")
    return m if m.startswith("*") else m.translate(_SUPER)


def _marker_pattern(printed: str) -> re.Pattern:
    """The marker in the text that calls a footnote printed ``printed`` (``*)``, ``1)``,
    ``¹``): after a word (and a closing mark or stop), as many stars, bracket or not; or
    the number in superscript digits (bracket or not) or in plain digits with a bracket.
    A footnote printed with a bracket (``2)``) answers only a marker with one (``2)``,
    ``²)``): a bare ``²`` is a unit's (``м²``), and ``2) ...`` a numbered rule."""
    name = marker_name(printed)
    if name.startswith("*"):
        return re.compile(_AFTER_WORD + rf"[ \t]?((?:\\?\*){{{len(name)}}}\)?)(?!\\?\*)")
    if printed.startswith("[^"):     # Markdown's label answers only itself (``[^note]``)
        return re.compile(_AFTER_WORD + rf"(\[\^{re.escape(name)}\])(?!:)")
    bracket = "" if re.match(r"\d+\)", printed.strip(), re.A) else "?"
    body = (rf"{name.translate(_TO_SUPER)}\){bracket}(?![⁰¹²³⁴⁵⁶⁷⁸⁹\d])|{name}\)(?!\d)|\[\^{name}\]"
            rf"|<sup>{name}</sup>|\^{name}\^")
    return re.compile(_AFTER_WORD + rf"({body})")


#: the number opening a footnote that a djvu text layer printed plain: ``1 Нѣкоторые ...``
_PLAIN_NOTE = re.compile(r"(\d{1,2})[ \t]+(?=[^\W\d_])")


#: a copied wiki page's call of a note, after a word or a stop: ``двѣнадцать[2].``; or after
#: a word and a space, as a typist writes it (``Мельница [1].``: the space is the call's); a
#: Gutenberg text calls its notes by a letter or a star too (``[A]``, ``[*]``: :data:`PG_NOTE`)
_BRACKET_CALL = re.compile(r"(?:(?<=[^\W\d_])[ \t]|(?<=\S))\[(\d{1,4}|[A-ZА-ЯЁ]|\*{1,3})\]")
#: a note as a word processor (Word, LibreOffice) saves it as plain text, at the text's end:
#: ``[1] Т. е. безъ двоекъ.``, answering the call ``картъ[1]``
_BRACKET_NOTE = re.compile(r"\[(\d{1,3})\][ \t\u00a0]+\S")


def _notes_to_the_end(rest: str, paragraphs: bool) -> bool:
    """Whether the text after a ``[k]`` note (``rest``) holds only such notes, as a word
    processor gathers them at the text's end: each later paragraph opens with ``[k]`` (the
    notes set apart by blank lines, ``paragraphs``), or each later line does (one paragraph
    a line, Word's plain text, a note's line wrapped onto the next in small letters); a line
    of digits alone, a page's number, passes. A ``[k]`` line the game's text goes on after
    is an item of the text's list."""
    pieces = re.split(r"\n[ \t]*\n", rest) if paragraphs else rest.split("\n")
    return all(_BRACKET_NOTE.match(x.strip()) or not re.search(r"[^\W\d_]", x)
               or not paragraphs and x.strip()[:1].islower() for x in pieces if x.strip())


def _list_item(printed: str, prev: _Line | None, after: Iterable[_Line] = ()) -> int:
    """The number of a line that opens with ``printed``, a number and a bracket (``1)``),
    when the line is an item of the text's numbered list, never a footnote, else 0: ``1)``
    under a line of the text that ends with a colon (``Правила игры таковы:``) when the
    item ``2)`` follows it in ``after``, the lines below it (directly, or after the item's
    own lines: a lone ``1)`` under a colon is a footnote's, ``такъ:`` / ``1) Въ нѣкоторыхъ
    изданіяхъ ...``); the next number under the item before it (its ``extra["item"]``,
    which the item's own lines below it carry too: ``1) тузы кладутъ`` / ``наверхъ.`` /
    ``2) ...``) or under a line that runs on with a semicolon (``... наверхъ;``)."""
    m = re.fullmatch(r"(\d{1,2})\)", printed)
    if m is None or prev is None or prev.kind != "prose":
        return 0
    n, end = int(m.group(1)), prev.text.rstrip()[-1:]
    if n == 1 and end == ":":
        return n if _next_item(after) == 2 else 0
    return n if n > 1 and (end == ";" or prev.extra.get("item") == n - 1) else 0


def _next_item(after: Iterable[_Line]) -> int:
    """The number of the next line in ``after`` that opens with a number and a bracket
    (``2) ...``), passing over the lines of the text that go on with the line before (no
    blank line nor page break before them), else 0."""
    for nxt in after:
        f = FOOTNOTE.match(nxt.text) if nxt.kind == "prose" else None
        if f and re.fullmatch(r"\d{1,2}\)", f.group(1)):
            return int(f.group(1)[:-1])
        if nxt.kind != "prose" or f or nxt.brk or nxt.page_top:
            return 0
    return 0


def _goes_on_overleaf(printed: str, below: Iterable[_Line]) -> bool:
    """Whether a line that opens with ``printed``, a number and a bracket (``1)``), begins or
    goes on with a run of numbered lines (``2)``, ``3)`` ..., each item's own lines under it)
    that reaches the page's foot and goes on at the top of the next page with the next
    number, past the page's furniture (a page number, a running head, a form feed), a figure
    and the last item's own lines that go on overleaf (a small letter first: ``2) пустое
    мѣсто занимаютъ`` / ``196 ПАСЬЯНСЫ.`` / ``любой картой;`` / ``3) ...``): the text's
    numbered list, never the page's footnotes, which go on with no number at the next
    page's top (``below``: the lines under it)."""
    m = re.fullmatch(r"(\d{1,2})\)", printed)
    if m is None:
        return False
    n = int(m.group(1))
    it = iter(below)
    for nxt in it:
        f = FOOTNOTE.match(nxt.text) if nxt.kind == "prose" else None
        if f and f.group(1) == f"{n + 1})" and not nxt.page_top:
            n += 1
            continue
        if not _foot_of_page(nxt):
            if f or nxt.brk:
                return False     # the run ends inside the page
            continue             # an item's own line
        x: _Line | None = nxt
        for _ in range(6):       # past the furniture, the next page's first lines
            if x is None:
                return False
            f = FOOTNOTE.match(x.text) if x.kind == "prose" else None
            if f:
                return f.group(1) == f"{n + 1})"
            if not (x.kind in ("debris", "figure") or _foot_of_page(x) or (
                    x.text.upper() == x.text and len(x.text) <= 40)
                    or x.kind == "prose" and x.text[:1].islower()):
                return False
            x = next(it, None)
        return False
    return False


def _foot_of_page(nxt: _Line | None) -> bool:
    """Whether the lines above line ``nxt`` (None: the text's end) stand at a page's foot:
    a form feed before ``nxt``, or ``nxt`` a page number alone (``— 196 —``), furniture found
    already, or a running head's shape, a short line in capitals beside a page number
    (``196 ПАСЬЯНСЫ.``, ``ПАСЬЯНСЫ. 197``), or the book's title after a page's number in the
    forms OCR gives it (``196. ПАСЬЯНСЫ.``, ``196ПАСЬЯНСЫ.``, ``196 Пасьянсы.``)."""
    if nxt is None or nxt.page_top:
        return True
    if nxt.kind != "prose":
        return nxt.kind == "debris" and nxt.label in FURNITURE
    head = RUNNING_HEAD.match(nxt.text) or _DOTTED_HEAD.match(nxt.text)
    return _is_page_number(nxt) or head is not None and len(nxt.text) <= 80 and (
        nxt.text.upper() == nxt.text and sum(ch.isalpha() for ch in nxt.text) >= 4
        and RUNNING_HEAD.match(nxt.text) is not None
        or bool(head.group("a")) and _leading_number(nxt.text) >= 10
        and key(head.group("a")).strip(" .") in BOOK_TITLE_HEADS)


class _Footnotes:
    """Footnotes as the lines of a witness go by (:func:`_furniture` feeds them): a line at a
    paragraph's start that begins with a footnote's marker (:data:`FOOTNOTE`) whose marker
    stands after a word earlier on its page (about :data:`PAGE_LINES` lines back, in text no
    footnote claimed yet) is a footnote (``debris`` labelled ``footnote``, ``extra["marker"]``
    the marker's span); so is one printed ``*)`` or in superscript digits with no marker
    above (``extra["marker"]`` None: attached to no sentence, and a warning); lines that go
    on with it (no blank line, no new page, and a lowercase letter or an unfinished
    sentence before) are its lines; a footnote left unfinished at the foot of a page goes on
    at the foot of the next (:meth:`next_pages`). ``extra["note"]`` is the start of the
    footnote's first line."""

    def __init__(self, text: str, out: list[_Line]):
        self.text, self.out = text, out
        self.page_start = 0
        self.open: _Line | None = None          # the footnote the next line may go on with
        self.claimed: set[tuple[int, int]] = set()
        self.first: list[_Line] = []            # the first line of each footnote
        # a page where "* " at a line's start begins an item of a list
        self.lists = MARKDOWN_PAGE.search(text) is not None or is_wiki_page(text)
        # Markdown calls (``[^1]``) by label, in the order of the text: (line, start, end)
        self.calls: dict[str, list[tuple[_Line, int, int]]] = {}
        self.indexed = 0                        # lines of ``out`` looked through for calls
        self.arrows = 0                         # notes "↑ ..." of a copied wiki page so far
        # the calls "[k]" of the prose above, by k, and how many lines of ``out`` are indexed
        self.brackets: dict[str, list[tuple[_Line, int, int]]] = {}
        self.bracket_indexed = 0

    def _find(self, printed: str, pat: re.Pattern | None = None) -> tuple[int, int] | None:
        if printed.startswith("[^"):
            return self._find_call(marker_name(printed))
        pat = pat or _marker_pattern(printed)
        for x in reversed(self.out[max(self.page_start, len(self.out) - PAGE_LINES):]):
            if x.kind != "prose":
                continue
            for m in reversed(list(pat.finditer(x.text))):
                span = self._span(x, m.start(1), m.end(1))
                if span not in self.claimed and not _in_link_address(x.text, m.start(1)):
                    return span
        return None

    def _find_bracket(self, k: int | str) -> tuple[int, int] | None:
        """The first call ``[k]`` after a word or a stop in the prose above (anywhere: a
        wiki page gathers its notes at its end) that no footnote claimed yet (``k`` a number,
        or a letter or a star of a Gutenberg text: ``[A]``, ``[*]``). The calls are indexed
        once per line, so a page of many notes is read in linear time."""
        def label(k: int | str) -> str:
            return str(int(k)) if str(k).isdigit() else str(k)    # "[01]" calls note 1
        for x in self.out[self.bracket_indexed:]:
            if x.kind == "prose" and "[" in x.text:
                for m in _BRACKET_CALL.finditer(x.text):
                    self.brackets.setdefault(label(m.group(1)), []).append(
                        (x, *self._span(x, m.start(), m.end())))
        self.bracket_indexed = len(self.out)
        for x, a, b in self.brackets.get(label(k), ()):
            if x.kind == "prose" and (a, b) not in self.claimed:
                return a, b
        return None

    def _span(self, x: _Line, a: int, b: int) -> tuple[int, int]:
        """The span in the text of a marker at ``[a, b)`` in ``x.text``, which is the line's
        text without the markup that wraps it (``**Правила[^1].**``): the same occurrence
        of the marker in the line as printed (else, letters spaced apart read joined, the
        offsets from the line's start)."""
        if self.text.startswith(x.text, x.start):
            return x.start + a, x.start + b
        k, printed = x.start - 1, x.text[a:b]
        for _ in range(x.text.count(printed, 0, a) + 1):
            k = self.text.find(printed, k + 1, x.end)
            if k < x.start:
                return x.start + a, x.start + b
        return k, k + b - a

    def _find_call(self, label: str) -> tuple[int, int] | None:
        """The first call of Markdown's footnote ``label`` (``[^label]``) in the prose above
        that no footnote claimed yet, anywhere above: a label names its note on the whole
        page, whose notes Markdown gathers at its end (a page bound would lose them), and
        definitions of one label answer its calls in order (a book's notes numbered anew on
        each page or chapter). A call inside a comment (``<!-- x[^5] -->``) is none. The
        calls are indexed once per line, so a page of many notes is read in linear time."""
        self._index_calls()
        for x, a, b in self.calls.get(label, ()):
            if x.kind == "prose" and (a, b) not in self.claimed:
                return a, b
        return None

    def _index_calls(self) -> None:
        """Index the Markdown calls of the lines of ``out`` not yet looked through."""
        for x in self.out[self.indexed:]:
            if x.kind == "prose" and "[^" in x.text:
                for m in _md_calls(x.text):
                    if not _in_comment(x.text, m.start()):
                        self.calls.setdefault(m.group(2), []).append(
                            (x, *self._span(x, m.start(1), m.end(1))))
        self.indexed = len(self.out)

    def called_below(self) -> None:
        """A Markdown definition with no call above it answers the first call of its label
        below it that no note claimed (Markdown lets a note be defined before its call); its
        lines get that call as their marker. One pass over the lines, and the index."""
        pending = [(h, d) for h in self.first
                   if h.extra.get("marker") is None and (d := _MD_DEFINITION.match(h.text))]
        if not pending:
            return
        self._index_calls()
        found: dict[int, tuple[int, int]] = {}
        for head, d in pending:
            label = marker_name(d.group()[:-1])
            for x, a, b in self.calls.get(label, ()):
                if a > head.start and x.kind == "prose" and (a, b) not in self.claimed:
                    self.claimed.add((a, b))
                    found[head.start] = (a, b)
                    break
        for x in self.out if found else ():
            if x.extra.get("note") in found:
                x.extra["marker"] = found[x.extra["note"]]

    def _mark(self, ln: _Line, first: _Line, marker) -> None:
        ln.kind, ln.label = "debris", "footnote"
        ln.extra["marker"], ln.extra["note"] = marker, first.start
        self.open = first

    def _take(self, ln: _Line, marker: tuple[int, int] | None) -> None:
        """``ln`` a note of one line, the note of the call ``marker`` (claimed), or of none."""
        if marker is not None:
            self.claimed.add(marker)
        self._mark(ln, ln, marker)
        ln.extra["page"] = self.page_start
        self.first.append(ln)

    def begins(self, ln: _Line, prev: _Line | None, after: Iterable[_Line] = ()) -> None:
        """Take ``ln`` as a footnote if it is one (see the class doc); ``after``, the lines
        below it, tell the first item of the text's numbered list (:func:`_list_item`)."""
        if ln.text[:2] in ("↑ ", "↑\t", "↑\u00a0"):
            # a note of a wiki page copied from the browser: "↑ text" in the page's list of
            # notes, the k-th answering the first call "[k]" in the text not yet claimed
            self.arrows += 1
            self._take(ln, self._find_bracket(self.arrows))
            return
        if ln.text[:1] == "[" and (b := _BRACKET_NOTE.match(ln.text)):
            # a word processor's note saved as plain text: "[k] text" opening a paragraph (or
            # under the note before it), answering the first call "[k]" above not yet
            # claimed, anywhere (the notes stand at the text's end); with no such call, the
            # text's own bracketed number ('[1] Тузы ...', an item of a list)
            marker = self._find_bracket(int(b.group(1))) if (
                ln.brk or ln.page_top or (prev is not None and prev.label == "footnote")
                or prev is not None and SENTENCE_END.search(prev.text)) and \
                _notes_to_the_end(self.text[ln.end:], ln.brk) else None
            if marker is not None:
                self._take(ln, marker)
            return
        if ln.text.startswith("[Footnote") and (g := re.match(PG_NOTE, ln.text)):
            # a Gutenberg transcriber's note (its wrapped lines joined, :func:`_markup`): it
            # answers the first call of its label above not yet claimed, anywhere (the note
            # stands under its call's paragraph, or at the chapter's or the book's end); one
            # with no number a "[*]" or else a star on its page; with no call found, it is a
            # note still, attached to no sentence (:meth:`report` warns)
            name = marker_name(g.group())
            self._take(ln, self._find_bracket(name) if name else
                       self._find_bracket("*") or self._find("*"))
            return
        f = FOOTNOTE.match(ln.text)
        lead = self._lead(prev)
        if not f:
            if lead is not None and lead.extra.get("item") and (
                    not (ln.brk or ln.page_top) if lead is prev else ln.text[:1].islower()):
                # an item's own line (overleaf: a small letter first): the list goes on
                ln.extra["item"] = lead.extra["item"]
            self._plain_number(ln)
            return
        printed = f.group(1)
        if self.lists and re.fullmatch(r"\*+", printed):
            return     # "* ..." on a Markdown or wiki page is an item of a list, never a note
        if not self.lists and printed.startswith("^"):
            return     # "^1^": a note's marker on a Markdown or wiki page only (HTML's
            #            "<sup>1</sup>" is markup on any page: an OCR never prints it)
        after, below, ahead = tee(after, 3)
        item = _list_item(printed, lead, after)
        # (a run that numbers again from below the text's list right above it, '1) 2)' under
        # '1) 2)', is the page's notes, and so is a line under a note: the next page's '3)'
        # goes on with the list above)
        restarts = prev is not None and (prev.label == "footnote" or isinstance(
            prev.extra.get("item"), int) and printed[:-1].isdigit() and
            int(printed[:-1]) <= prev.extra["item"])
        overleaf = not restarts and _goes_on_overleaf(printed, islice(ahead, PAGE_LINES))
        if item == 1 and self._notes_at_foot(ln, below) and not overleaf:
            item = 0       # the page's notes under a colon line, not the text's list
        if not item and overleaf:
            item = int(printed[:-1])    # a run the next page goes on with: the text's list
        if item:
            ln.extra["item"] = item    # the text's numbered list: its next item may follow
            return
        marker = self._find(printed)
        printed = printed.replace("\\*", "*")   # pandoc's escaped star (``\*)``) is a star
        if marker is None:
            starts = ln.brk or ln.page_top      # at a paragraph's or a page's start
            # a footnote that lost its marker: "*)" or "¹" where a sentence ends or a
            # paragraph starts ("*)" inside a paragraph, "1) Берутъ ...", a numbered rule,
            # are none); a bare "* ..." at a paragraph's start
            lost = (re.match(r"\*+\)|[⁰¹²³⁴⁵⁶⁷⁸⁹]", printed) and (
                        starts or prev is None or prev.kind != "prose"
                        or SENTENCE_END.search(prev.text))) or \
                (re.fullmatch(r"\*+", printed) and starts) or \
                printed.startswith("[^")    # Markdown's "[^1]: ..." is a note's definition
            if not lost:
                return
        if marker is not None:
            self.claimed.add(marker)
        self._mark(ln, ln, marker)
        ln.extra["page"] = self.page_start
        self.first.append(ln)

    def _lead(self, prev: _Line | None) -> _Line | None:
        """The line of the text that a line under ``prev`` follows: ``prev``, or, past a
        page's foot and a figure below it (a running head, a page number, ``Фиг. 5.``), the
        last line above them (an item of a list the next page goes on with)."""
        for x in reversed(self.out[-5:]):
            if not (x.kind == "figure" or x.kind == "debris" and x.label in ("running head",
                                                                            "page number")):
                return x
        return prev

    def _notes_at_foot(self, first: _Line, below: Iterable[_Line]) -> bool:
        """Whether line ``first``, ``1)`` under a colon that a ``2)`` follows (``below``: the
        lines under it), begins the page's footnotes, not the text's numbered list (a field test's
        find, ``... раскладываютъ такъ:`` / ``1) Въ нѣкоторыхъ изданіяхъ — дамы.`` / ``2) Или
        валеты.`` / ``196 ПАСЬЯНСЫ.``): each number of the run, 1, 2 ..., is called above on
        the page (``Тузы1)``, ``короли²)``, unclaimed: :meth:`_find`), and the page ends right
        after the last of them and its own lines (:func:`_foot_of_page`). A list's items are
        followed by the text they go on with; a note's own line goes on with its sentence (no
        full stop before it, or a small letter), a new sentence under a stop is the text's."""
        if self._find("1)") is None:
            return False
        n, last = 1, first
        for nxt in below:
            f = FOOTNOTE.match(nxt.text) if nxt.kind == "prose" else None
            if f and f.group(1) == f"{n + 1})" and not nxt.page_top:
                n += 1
                if self._find(f.group(1)) is None:
                    return False
            elif f or nxt.brk or _foot_of_page(nxt) or (
                    SENTENCE_END.search(last.text) and not nxt.text[:1].islower()):
                return n >= 2 and _foot_of_page(nxt)
            last = nxt
        return n >= 2

    def _plain_number(self, ln: _Line) -> None:
        """A footnote whose number a djvu text layer printed plain, in the text and at the
        note (``масти1.`` ... ``1 Нѣкоторые ...``): the note's line opens a paragraph or a
        page with the number and a capital after it, and the number stands glued to a word's
        last letter (a stop, a bracket or a blank after it) above on its page, unclaimed;
        else the line is text (a numbered rule: ``1 Берутъ ...`` with no such number above)."""
        b = _PLAIN_NOTE.match(ln.text)
        if not b or not (ln.brk or ln.page_top) or not ln.text[b.end()].isupper():
            return
        marker = self._find(b.group(1), re.compile(rf"(?<=[^\W\d_])({b.group(1)})(?=[.,;:!?»)\s]|$)"))
        if marker is None or self._steps_on(int(b.group(1)), ln.end):
            return
        self.claimed.add(marker)
        self._mark(ln, ln, marker)
        ln.extra["page"] = self.page_start
        self.first.append(ln)

    def _steps_on(self, n: int, end: int) -> bool:
        """Whether a paragraph opening with the next number, ``n + 1`` and a capital, follows
        on the same page after offset ``end`` while no word above is marked with that number:
        ``1 Берутъ ...`` / ``2 Открытыя ...`` are numbered steps of the rules, not notes (the
        note ``1 Нѣкоторые ...`` stands below them, at the page's foot)."""
        page_end = self.text.find("\f", end)
        rest = self.text[end:page_end if page_end >= 0 else len(self.text)]
        if not re.search(rf"\n[ \t]*\n[ \t]*{n + 1}[ \t]+[^\W\d_a-zа-яёѣіѳѵ]", rest):
            return False
        return self._find(str(n + 1), re.compile(
            rf"(?<=[^\W\d_])({n + 1})(?=[.,;:!?»)\s]|$)")) is None

    def continues(self, ln: _Line) -> bool:
        """Whether ``ln`` goes on with the open footnote (and if so, mark it): a line of its
        paragraph that goes on with its sentence, or, under a Markdown definition, any line of
        its paragraph and any line indented by four spaces or a tab, a paragraph of the note
        after a blank line too."""
        o = self.open
        if o is None or ln.page_top or FOOTNOTE.match(ln.text):
            return False
        k = len(self.out)      # (past the next page's head or number: :func:`_head_inside_note`)
        while k and self.out[k - 1].label in ("running head", "page number"):
            k -= 1
        last = self.out[k - 1] if k else None
        if last is None or last.extra.get("note") != o.start:
            return False
        if k < len(self.out) and (SENTENCE_END.search(last.text) or not ln.text[:1].islower()):
            return False    # over the page only a note left unfinished goes on, in small letters
        pad = self.text[self.text.rfind("\n", 0, ln.start) + 1:ln.start]
        definition = _MD_DEFINITION.match(o.text) is not None
        indented = definition and ("\t" in pad or len(pad) >= 4)
        # (a Markdown definition's paragraph goes on on the next line, whatever it begins
        # with: its lazy continuation)
        if not indented and (ln.brk or (SENTENCE_END.search(last.text) and not definition
                                        and not ln.text[:1].islower())):
            return False
        self._mark(ln, o, o.extra.get("marker"))
        return True

    def marked(self, ln: _Line) -> None:
        """A line the editor marked ``footnote``: the first line of a mark begins a footnote
        (its marker looked for as for any footnote; no marker printed at its start: it goes
        on with the footnote before it, or stands alone); the mark's other lines go on."""
        mk = ln.extra.get("mark")
        last = self.out[-1] if self.out else None
        if last is not None and last.extra.get("mark") is mk and self.open is not None:
            self._mark(ln, self.open, self.open.extra.get("marker"))
            return
        f = FOOTNOTE.match(ln.text)
        if f is None and self.first:
            head = self.first[-1]
            self._mark(ln, head, head.extra.get("marker"))
            return
        marker = self._find(f.group(1)) if f else None
        if marker is not None:
            self.claimed.add(marker)
        self._mark(ln, ln, marker)
        ln.extra["page"] = self.page_start
        self.first.append(ln)

    def _goes_on(self, k: int, b2: int, foot: bool = True) -> int | None:
        """The end (an index of ``out``) of the lines from ``out[k]`` that go on with one
        another (no blank line, no footnote, an unfinished sentence or a small letter
        before each); with ``foot``, only when nothing of the page's own text stands below
        them before ``b2`` (at the page's foot), else None."""
        out, j = self.out, k + 1
        while j < b2 and out[j].kind == "prose" and not out[j].brk and \
                not FOOTNOTE.match(out[j].text) and \
                (not SENTENCE_END.search(out[j - 1].text) or out[j].text[:1].islower()):
            j += 1
        return j if not foot or all(y.kind != "prose" or FOOTNOTE.match(y.text) or
                                    y.extra.get("note") is not None for y in out[j:b2]) else None

    def next_pages(self, guesses: list[tuple[int, str]], warnings: list[tuple[int, str]]
                   ) -> None:
        """A footnote whose text ends unfinished (no full stop) at the foot of its page goes
        on at the foot of the next page: the first paragraph there, after some of that
        page's text, that begins with a lowercase letter (the page's own text never begins a
        paragraph so below its top, unless it goes on with a sentence left unfinished above
        it), with the lines that go on with it; or, under that unfinished sentence, lines
        at the foot whose first word ends the note's divided word and not the text's
        (``изъ ко-`` / ``семь королей ...`` for a note ending ``и во-``); or lines in small
        letters at the top of the next page where the text above the note ended its
        sentence. Each is a guess; a note left unfinished with none is warned of."""
        out = self.out
        furn = [x.kind == "debris" and x.label in ("running head", "page number") for x in out]
        # (a page number and a running head one under the other are one page's top; a page
        # number at a page's foot, a form feed and the next page's head are one turn too)
        bounds = [i for i, x in enumerate(out) if (x.page_top or furn[i]) and
                  not (i and furn[i - 1])]
        of_note: dict[int, list[int]] = {}    # a footnote's start -> its lines (one pass)
        for i, x in enumerate(out):
            if x.extra.get("note") is not None:
                of_note.setdefault(x.extra["note"], []).append(i)
        for head in self.first:
            lines = of_note.get(head.start, [])
            if not lines or SENTENCE_END.search(out[lines[-1]].text):
                continue
            after = [b for b in bounds if b > lines[-1]]
            b1 = after[0] if after else len(out)
            b2 = after[1] if len(after) > 1 else len(out)
            seen_text = b1 < len(out) and out[b1].kind == "prose"
            end = piece = None
            divided = re.search(r"(\w+)[-\u00ad]$", out[lines[-1]].text)
            text_above = next((x for x in reversed(out[:lines[0]]) if x.kind == "prose"
                               and x.extra.get("note") is None), None)
            top = next((k for k in range(b1, b2) if out[k].kind == "prose"), None)
            if top is not None and out[top].text[:1].islower() and not FOOTNOTE.match(
                    out[top].text) and text_above and SENTENCE_END.search(text_above.text):
                # at the next page's top, in small letters, where the text had ended its
                # sentence: the note's rest
                k, end, why = top, self._goes_on(top, b2, foot=False), \
                    "a line in small letters at the top of the next page"
            for k in range(b1 + 1, b2) if end is None else ():
                x = out[k]
                if x.kind != "prose":
                    continue
                starts = x.brk or SENTENCE_END.search(out[k - 1].text)
                # (the page's text above it, across a figure or a blank, not finished: the
                # paragraph goes on with that sentence, 'какъ показано' / 'на этой фигурѣ.')
                above = next((out[q] for q in range(k - 1, b1, -1) if out[q].kind == "prose"
                              and out[q].extra.get("note") is None), None)
                if above is not None and not SENTENCE_END.search(above.text):
                    word = re.match(r"\w+", x.text)
                    piece = re.search(r"(\w+)[-\u00ad]$", above.text)
                    if divided and piece and word and above is out[k - 1] and \
                            joins_to_word(divided.group(1), word.group()) and \
                            not joins_to_word(piece.group(1), word.group()):
                        # under the text's divided word, a line that ends the note's
                        end, why = self._goes_on(k, b2), "a line that ends the footnote's " \
                            "divided word at the foot of the next page"
                        if end is not None:
                            break
                    seen_text = True
                    continue
                if seen_text and starts and x.text[:1].islower():
                    end, why = self._goes_on(k, b2), "a paragraph in small letters at " \
                        "the foot of the next page"
                    if end is not None:
                        break
                seen_text = True
            if end is None:
                f = FOOTNOTE.match(head.text)       # (a Markdown note is on no printed page)
                if f and not _MD_DEFINITION.match(head.text):
                    warnings.append((line_of(self.text, head.start), (
                        f"the footnote {f.group(1)!r} ends unfinished "
                        f"(no full stop) and nothing on the next page was found to go on "
                        f"with it: kept as printed; if its rest stands there, mark those lines "
                        f"`footnote` in {MARKS_FILE} (see the README)")))
                continue
            for y in out[k:end]:
                self._mark(y, head, head.extra.get("marker"))
            guesses.append((out[k].start, why + " taken as the rest of the footnote above"))

    def in_order(self) -> None:
        """Footnotes of one page printed with the same marker (``*)`` twice) answer its
        markers in the text in the order they are printed: the first footnote the first."""
        groups: dict[tuple, list[_Line]] = {}
        for head in self.first:
            if head.extra.get("marker") is not None:
                f = FOOTNOTE.match(head.text)
                name = marker_name(f.group(1)) if f else ""
                groups.setdefault((head.extra["page"], name), []).append(head)
        moved = {head.start: span for heads in groups.values() if len(heads) > 1
                 for head, span in zip(heads, sorted(h.extra["marker"] for h in heads))}
        for x in self.out if moved else ():
            if x.extra.get("note") in moved:
                x.extra["marker"] = moved[x.extra["note"]]

    def report(self, warnings: list[tuple[int, str]], orphans: list[tuple[int, int]],
               again: list[tuple[tuple[int, int], tuple[int, int]]]) -> None:
        """Warn of footnotes with no marker above them, and of markers with no footnote
        (their spans go to ``orphans``). A Markdown call of a label whose definition
        answers another call calls that note again (``(call, marker)`` to ``again``: the
        note of the nearest call before it that a definition answered, else the first)."""
        answered: dict[str, list[tuple[int, int]]] = {}
        for h in self.first:
            if h.extra.get("marker") is not None and (d := _MD_DEFINITION.match(h.text)):
                answered.setdefault(marker_name(d.group()[:-1]), []).append(h.extra["marker"])
        for head in self.first:
            if head.extra.get("marker") is None:
                pg = re.match(PG_NOTE, head.text)
                printed = pg.group() if pg else head.text.split()[0]
                label = re.match(MD_LABEL, printed)
                why = (f"no call {label.group()} on the page that another definition does "
                       f"not answer (a second definition of the label?)"
                       if label else f"no call [{marker_name(printed) or '*'}] in the text "
                       f"above it" if pg else "no marker in the text above it on its page")
                warnings.append((line_of(self.text, head.start), (
                    f"the footnote {printed!r} has {why}: kept as debris (in the witness and "
                    f"the TEI), attached to no sentence")))
        defined = {marker_name(d.group()[:-1]) for h in self.first
                   if (d := _MD_DEFINITION.match(h.text))}
        for x in self.out:
            if x.kind != "prose":
                continue
            for m in ORPHAN_MARKER.finditer(x.text):
                if _in_comment(x.text, m.start()) or _in_link_address(x.text, m.start(1)):
                    continue     # a comment is read as nothing, whole, what it holds too
                printed = m.group(1).lstrip()
                span = self._span(x, m.end(1) - len(printed), m.end(1))
                if span in self.claimed:
                    continue
                if printed.startswith("[^") and (calls := answered.get(marker_name(printed))):
                    before = [c for c in calls if c[0] < span[0]]
                    again.append((span, max(before) if before else min(calls)))
                    continue
                orphans.append(span)
                if not printed.startswith("[^"):
                    why = "no footnote on its page (lost with the page's foot?)"
                elif marker_name(printed) in defined:
                    why = (f"no definition of its own: the label's definition answers an "
                           f"earlier call (Markdown shows one note for both; add a definition "
                           f"{printed}: ... for this call, or give it a label of its own)")
                else:
                    why = f"no definition {printed}: ... on the page"
                warnings.append((line_of(self.text, span[0]), (
                    f"the footnote marker {printed!r} has {why}: it stays in the reading "
                    f"text as printed and makes no note (the word before it is normalised "
                    f"as a word of its own)")))


#: what a heading never holds and a sentence may: a comma after its first word (``Итакъ,
#: все.``) or a stop and a capital (``Итакъ все. Пасьянсъ конченъ.``)
_SENTENCE_INSIDE = re.compile(r"^\W*\w+,|[.!?…][ \t]+[«\"„(]?[^\W\d_a-zа-яёѣіѳѵ]")


def _sections(lines: list[_Line], known: list[list[str]], guesses: list[tuple[int, str]],
              calls: Sequence[int] = ()) -> None:
    """Subheadings inside a game (``Правила.``, ``II.``, a Markdown heading that names no
    game) become ``debris`` labelled ``subheading``, but for a line that calls a footnote
    (``calls``: the markers' starts; ``**Правила[^1].**``), which is the text's, its note
    attached to it as the same label run in is; a line of that kind, or a title, that
    stands over another title (a group heading, ``ДЛЯ ДВУХЪ КОЛОДЪ.``) becomes a ``heading``;
    a title followed by the same title run in (``Пасьянсъ «Звѣзда»`` over ``Пасьянсъ
    «Звѣзда». Берутъ ...``) is one game (``extra["again"]`` on the second)."""
    following: list[_Line | None] = [None] * len(lines)   # the next line that is not furniture
    for i in range(len(lines) - 2, -1, -1):                # (one backward pass: linear)
        x = lines[i + 1]
        following[i] = following[i + 1] if x.kind in ("debris", "page-title", "figure") else x
    known_keys = {" ".join(k) for k in known}
    subheadings: list[int] = []
    for i, ln in enumerate(lines):
        nxt = following[i]
        if ln.kind == "title" and ln.title_end >= ln.end and nxt is not None and \
                nxt.kind == "title" and not ln.extra.get("fixed"):
            if key(nxt.label) == key(ln.label):
                nxt.extra["again"] = True
            elif key(ln.label) not in known_keys and not _quoted_title(ln.text):
                # (a title in quotes, 'Пасьянсъ «Колодецъ».', names a game: over the next
                # title it is a game with no text, :func:`analyse` warns of it)
                ln.kind, ln.label = "heading", ""
                guesses.append((ln.start, "a line over another title taken as a group heading"))
            continue
        if ln.kind != "prose" or len(ln.text) > 60 or ln.extra.get("fixed"):
            continue
        words = len(WORD.findall(ln.text))
        alone = ln.brk and (nxt is None or nxt.brk or nxt.kind != "prose" or ln.whole) and \
            (not ln.text.endswith(":") or _ordinal_section(ln.text)) and words <= 6
        # a one-word line such as 'Правила.' between two sentences of hard-wrapped text (no
        # blank line around it; 'Правила:' leads in to what follows); two words or more may
        # be a sentence ('Правила просты.')
        between = words == 1 and i > 0 and lines[i - 1].kind == "prose" and \
            not ln.text.endswith(":") and \
            bool(SENTENCE_END.search(lines[i - 1].text)) and \
            nxt is not None and nxt.kind == "prose" and nxt.text.lstrip(_OPENERS)[:1].isupper()
        if not (SECTION.match(ln.text) or (ln.whole and alone) or
                ((alone and words <= 4 or between) and _names_a_section(ln.text)
                 and not _SENTENCE_INSIDE.search(ln.text))):
            continue
        if nxt is not None and nxt.kind in ("title", "heading"):
            ln.kind, ln.label = "heading", ""
            guesses.append((ln.start, "a short line over a title taken as a group heading"))
        elif not any(ln.start <= c < ln.end for c in calls):
            ln.kind, ln.label = "debris", "subheading"
            guesses.append((ln.start, "a short line inside a game taken as a subheading"))
            subheadings.append(i)
    # a short line over one that this loop made a group heading after it (``# Пасьянсы`` over
    # ``## Книга четвертая`` over the chapter's heading) heads the group too
    for i in reversed(subheadings):
        nxt = following[i]
        if nxt is not None and nxt.kind == "heading":
            ln = lines[i]
            ln.kind, ln.label = "heading", ""
            guesses.remove((ln.start, "a short line inside a game taken as a subheading"))
            guesses.append((ln.start, "a short line over a group heading taken as a group "
                                      "heading"))


def _quoted_title(line: str) -> bool:
    """Whether ``line`` opens with a title in the form only a game's title has: a name in
    quotes after 'Пасьянсъ' (:data:`QUOTED_TITLE`) or a patience's number
    (:data:`NUMBERED_TITLE`)."""
    folded = line.translate(_LOOKALIKE)
    return bool(QUOTED_TITLE.match(folded) or NUMBERED_TITLE.match(folded))


def _names_a_section(text: str) -> bool:
    """Whether short line ``text`` opens with a word of :data:`NOT_TITLES` (``Правила.``,
    ``Способъ второй.``), or is an ordinal and one, or 'раскладка' (``Первый способъ.``,
    ``Первая раскладка.``, ``1-й способъ.``: :func:`_ordinal_section`; not ``Первый способъ
    простъ.``; a bold ``**Раскладка.**`` alone may be a game's title)."""
    w = _modern_words(text)
    return bool(w) and w[0] in NOT_TITLES or _ordinal_section(text)


#: an ordinal written with a numeral and its ending, opening a line (``1-й``, ``2-ой``,
#: ``3-я``, ``2-е``; the hyphen may be a dash or missing)
_NUMERAL_ORDINAL = re.compile(r"^[ \t]*\d{1,2}[ \t]*[-–—]?[ \t]*(?:[ыои]?й|[ая]?я|[ыо]?е|ье)"
                              r"(?![^\W\d_])")


def _ordinal_section(text: str) -> bool:
    """Whether short line ``text`` is an ordinal, in words (:data:`SECTION_ORDINALS`) or a
    numeral with its ending (``1-й``, :data:`_NUMERAL_ORDINAL`), and a word of sections
    (:data:`NOT_TITLES`) or 'раскладка', and nothing else: ``Первый способъ.``, ``2-й
    способъ.``, ``Первый способъ:`` (such a line before a colon heads what follows; a longer
    one leads in to it, ``Первый способъ такой:``)."""
    numeral = _NUMERAL_ORDINAL.match(text)
    w = _modern_words(text[numeral.end():] if numeral else text)
    if numeral is None:
        if len(w) != 2 or w[0] not in SECTION_ORDINALS:
            return False
        w = w[1:]
    return len(w) == 1 and (w[0] in NOT_TITLES or w[0] in ("раскладка", "расклад"))


#: a heading line of a Markdown or wiki page (``## X``, ``== X ==``; ``x`` or ``y`` its text)
_MARKUP_HEADING = re.compile(r"^(?:#{2,6}[ \t]+(?P<x>[^\n]+)|(={2,6})(?P<y>[^=\n]+)\2[ \t]*\r?$)",
                             re.M)
#: an item of a list at a line's start (a list's last item may end with no stop: no page is
#: cut off there)
_LIST_ITEM = re.compile(r"[ \t]*(?:[*+#:;]+|\d{1,3}[.)])[ \t]+\S")
#: what may stand before a game's first sentence's first word and is not its first letter:
#: markup (a comment, a template such as ``{{pagenum|12}}``, a tag), a rule's number (``1)``,
#: ``2.``), a dash of dialogue, pandoc's empty span (``[]{#_Toc5 .anchor}``)
_LEAD = re.compile(r"^(?:\s*(?:<!--.*?-->|\{\{[^{}\n]*\}\}|</?[A-Za-z][^<>\n]*>|\d{1,3}[.)]"
                   r"|[—–-]|\[\]\{[^{}\n]*\}))+\s*")
#: what may open a sentence before its first letter: quotes, a bracket (a brace too, as OCR
#: misreads a parenthesis: ``{Примѣчаніе} Берутъ ...``), and the markup of a Markdown or wiki
#: page for italics, bold and a quotation (``(''Фиг. 45'')``, ``*Берутъ*``, ``> Тогда``)
_OPENERS = "«\"„“([{'*_> "
#: a game's Arabic number before its title, with or without ``№`` (``№ 12. ``, ``12. ``:
#: :data:`QUOTED_TITLE`'s)
_GAME_NUMBER = re.compile(r"(?:№\s*)?\d{1,3}\s*[.)]\s*")


def _numbered_step(lines: list[_Line], i: int, line: str) -> bool:
    """Whether line ``i``, opening with a number (``2. Второй рядъ. Кладутъ ...``), numbers a
    step of the game above rather than the chapter's next game: a game's number goes on the
    numbers of the chapter's titles (``3. Башня.`` after ``2. МОСТЪ.``), while a step is
    numbered from 1 under a title, or goes on another step's number. Only the lines since
    the chapter's heading count; a number with none before it is a game's (a page cut)."""
    number = _GAME_NUMBER.match(line.lstrip(_OPENERS))
    if number is None:
        return False
    n = _leading_number(number.group().lstrip("№ \t"))
    for above in reversed(lines[:i]):
        if above.kind == "heading":
            return False
        if n == 1 and above.kind == "title":
            return True
        m = _GAME_NUMBER.match(above.text.lstrip(_OPENERS))
        if m and _leading_number(m.group().lstrip("№ \t")) == n - 1:
            return above.kind != "title"
    return False


def _caps_title(line: str, followed: bool) -> tuple[str, int] | None:
    """A title set in capitals on a line of its own (``ОТЧЕГО ЗЛО НА СВѢТѢ.``) before a
    paragraph: up to eight words, no word of :data:`NOT_TITLES`, not a section numeral, and
    no verb in the present tense, as the book's rules are told (``ТУЗЫ КЛАДУТЪ ВВЕРХЪ.`` is
    a rule set in capitals; a story's title tells the past, ``КАКЪ Я ВЫУЧИЛСЯ ЕЗДИТЬ
    ВЕРХОМЪ``, and a game's title with a verb, ``ИДЕТЪ НЕ ИДЕТЪ.``, is found when the
    chapter's heading names it)."""
    body = line.strip().rstrip(".").strip()
    if not followed or body.upper() != body:
        return None
    shape = _ocr_reading(body)          # (OCR's 3 for З: ``3ВѢЗДОЧКА.``)
    words = WORD.findall(shape)
    if not words or len(words) > 8 or \
            sum(len(w) for w in words) < 4 or SECTION.match(line) or \
            re.search(r"[:;!?]|\d", shape):
        return None
    modern = _modern_words(body)
    if any(w in NOT_TITLES for w in modern) or _finite_verb(modern, "pres"):
        return None
    return body, len(line)


#: what a line range of a witness may be marked as in ``corpus/structure/<siglum>.toml``
MARKS = ("title", "heading", "prose", "debris", "subheading", "footnote", "caption")


@dataclass(frozen=True)
class Mark:
    """One correction of the structure finder (``[[mark]]`` in ``corpus/structure/<siglum>.toml``):
    lines ``first``..``last`` (1-based, inclusive) of the witness are ``kind`` (one of
    :data:`MARKS`); ``title`` names the game a ``title`` mark begins (default: the lines'
    text) or, on a ``prose`` mark, the game with no printed title that begins with it (a
    split, or an untitled fragment given a title); ``where`` is ``file:line`` of the entry,
    for the dry run."""

    first: int
    last: int
    kind: str
    title: str = ""
    where: str = ""


def _apply_marks(text: str, lines: list[_Line], marks: Sequence[Mark], corrected: list[tuple[int, str]]) -> list[_Line]:
    """Give the lines the editor marked their kind (fixed: no later pass changes them); a
    range marked as one title or heading becomes one line."""
    if not marks:
        return lines
    breaks = [m.start() for m in re.finditer("\n", text)]
    out: list[_Line] = []
    for ln in lines:
        no = bisect_right(breaks, ln.start - 1) + 1 if breaks else 1
        mk = next((m for m in marks if m.first <= no <= m.last), None)
        if mk is None:
            out.append(ln)
            continue
        prev = out[-1] if out else None
        if prev is not None and mk.kind in ("title", "heading") and prev.extra.get("mark") is mk:
            prev.end, prev.text = ln.end, text[prev.start:ln.end]
            continue
        ln.extra["mark"], ln.extra["fixed"] = mk, True
        corrected.append((ln.start, mk.where))
        if mk.kind == "prose" and mk.title and (prev is None or prev.extra.get("mark") is not mk):
            # a game with no printed title begins here: an empty heading opens it
            out.append(_Line(ln.start, ln.start, "", ln.brk, kind="heading",
                             extra={"fixed": True, "opens": mk.title}))
        if mk.kind == "title":
            ln.kind, ln.whole = "title", True
        elif mk.kind == "heading":
            ln.kind, ln.label = "heading", ""
        elif mk.kind != "prose":
            ln.kind, ln.label = "debris", mk.kind
        out.append(ln)
    wiki = is_wiki_page(text)
    md = not wiki and MARKDOWN_PAGE.search(text) is not None
    for ln in out:                                  # a title's unit: its whole range
        mk = ln.extra.get("mark")
        if mk is not None and mk.kind == "title":
            # (its lines' text read through the page's markup, as a title the finder finds
            # is named: pandoc's anchor before it, ``[]{#_Toc5 .anchor}Пасьянсъ «X».``, or
            # emphasis inside it, is no part of the game's name)
            ln.label = mk.title or _marked_name(_name_read(" ".join(ln.text.split()), wiki, md))
            ln.title_end = ln.end
    return out


def _marked_name(line: str) -> str:
    """The name of a title the editor marks with no ``title`` of its own, ``line`` its text
    read through the page's markup: a quoted title's name, as the finder names the same line
    unmarked (:func:`title_at`: ``Пасьянсъ «Окно».`` is 'Окно', slug okno), so that a mark
    made only to help the finder changes no game's name or slug (and a second witness of the
    game still meets it); any other line is named by its text, less its final stop."""
    if QUOTED_TITLE.match(line.translate(_LOOKALIKE)):
        hit = title_at(line, [])
        if hit is not None and hit[1] >= len(line.rstrip()):    # the title is the whole line
            return hit[0]
    return line.rstrip(".")


#: the names of the templates a wiki page's prose may hold that the finder reads
#: (:data:`_WIKI_WRAPS`, :data:`_WIKI_SINGLES`); any other stays in the reading text
_KNOWN_TEMPLATE = re.compile("|".join((_TEXT_TEMPLATES, _WRAPPING_TEMPLATES, _PAGE_TEMPLATES,
                                       _EMPTY_TEMPLATES, "gap", "lang")), re.I)
#: the templates a Markdown page's text reads (:data:`_MARKDOWN_WRAPS`, :data:`_MD_SINGLES`):
#: those of type, and a page number's
_MD_KNOWN_TEMPLATE = re.compile("|".join((_TEXT_TEMPLATES, _PAGE_TEMPLATES, "lang")), re.I)
_TEMPLATE_NAME = re.compile(r"\{\{\s*([^{}|\n]+?)\s*(?:\||\}\})")


#: How the warning on a line wholly in a template the finder does not read begins (``add``
#: names such lines when it finds no title).
UNREAD_TEMPLATE_LINE = "the line is wholly in the template"


def _unknown_templates(text: str, prose, known: re.Pattern = _KNOWN_TEMPLATE) \
        -> list[tuple[int, str]]:
    """A warning ``(line, message)`` for the first use of each template in ``prose`` that the
    finder does not read (``known``: a wiki page's :data:`_KNOWN_TEMPLATE`, a Markdown page's
    :data:`_MD_KNOWN_TEMPLATE`): it stays in the reading text."""
    out, seen = [], set()
    for p in prose:
        # (one inside what is read as nothing whole, a comment or a page's <noinclude>, is
        # no part of the reading text)
        hidden = [m.span() for m in _NOINCLUDE.finditer(text, p.start, p.end)] + \
            [m.span() for m in _COMMENT.finditer(text, p.start, p.end)]
        read = {m.start() for pattern in (_WORD_END, *_WORD_START, _VARIANT_PAIR)
                for m in pattern.finditer(text, p.start, p.end)}
        for m in _TEMPLATE_NAME.finditer(text, p.start, p.end):
            name = m.group(1).lower()
            start = text.rfind("\n", 0, m.start()) + 1
            end = text.find("\n", m.start())
            if start >= p.start and _unread_wrap(text[start:end if end >= 0 else len(text)]):
                # a line wholly in it (a title as likely as not): every such line is named,
                # and the mark's ``title`` is the game's name (else the template's name and
                # 'Пасьянсъ' would make the slug)
                n = line_of(text, m.start())
                shown = _ONE_ARGUMENT.match(text[start:end if end >= 0 else len(text)].strip())
                arg = shown.group(2).strip() if shown else ""
                quoted = QUOTED_TITLE.match(arg)
                out.append((n, (
                    f"{UNREAD_TEMPLATE_LINE} {{{{{m.group(1)}...}}}}, no formatting "
                    f"the toolkit reads: it stays in the reading text as printed; if it is a "
                    f"game's title, mark it so in {MARKS_FILE} ([[mark]] "
                    f"lines = {n} as = \"title\" title = \""
                    f"{quoted.group('name') if quoted else arg.rstrip('.:')}\"), if it is no "
                    f"text of the book, mark it `debris`")))
                continue
            if not known.fullmatch(name) and name not in seen and \
                    m.start() not in read and not any(a <= m.start() < b for a, b in hidden):
                seen.add(name)
                out.append((line_of(text, m.start()), (
                    f"the template {{{{{m.group(1)}...}}}} is no formatting the toolkit reads: it "
                    f"stays in the reading text as printed; if it is no text of the book, an "
                    f"emendation in corpus/emendations.toml can read it as nothing")))
    return out


def analyse(text: str, path=None, page_title: str | None = None,
            titles: Sequence[str] = (), marks: tuple[Mark, ...] = ()) -> Layout:
    """Find the parts of a witness (see the module doc) and what deserves a warning.

    ``titles`` are the game titles the edition knows (games.toml); chapter headings add
    theirs. ``page_title``: a first line the manifest declares as the web page's title.
    ``marks``: the editor's corrections (:func:`extract.corpus.readers.load_marks`), applied before any guess.
    Raises EditionError only if that declared page title is not the first line.
    """
    lines = _lines(text)
    warnings: list[tuple[int, str]] = []
    guesses: list[tuple[int, str]] = []
    corrected: list[tuple[int, str]] = []
    referred: list[tuple[int, int, str]] = []
    if page_title is not None and (not lines or lines[0].text != page_title):
        raise EditionError(f"the manifest says the page title is {page_title!r}, "
                           f"but the first line is not that", path, 1,
                           fix="correct `page_title` in corpus/manifest.toml or remove it")
    page = None
    headings: list[tuple[str, tuple[str, ...]]] = []
    game_number = 0   # the numeral of the game numbered last in the chapter (I. Пасьянсъ «X».)
    if page_title is None or len(lines) < 2:
        lines = _markup(text, lines)
    else:                                         # the declared page title stays line 1
        lines = lines[:1] + _markup(text, lines[1:])
    _licence(text, lines)
    lines = _apply_marks(text, lines, marks, corrected)
    numbered_games = _numbered_games(lines)
    # pass 1: everything but titles
    i = 0
    # inside a Markdown code fence (``` or ~~~ and its closing fence, on a Markdown page):
    # no title, no sentence; a fence never closed fences nothing
    found = [x.start for x in lines if _FENCE.match(text, x.start, x.end)] \
        if MARKDOWN_PAGE.search(text) else []
    fences = set(found[:len(found) // 2 * 2])
    fenced = False
    while i < len(lines):
        ln = lines[i]
        pt = _is_page_title(ln.text) if (i or page_title is None) else None
        if ln.start in fences and not ln.extra.get("fixed"):
            fenced = not fenced
            ln.kind, ln.label = "debris", "separator"
        elif fenced and not ln.extra.get("fixed"):
            ln.kind, ln.label = "debris", "code"
            guesses.append((ln.start, "a line inside a Markdown code fence (```) taken as no "
                                      "text of the book"))
        elif i == 0 and page_title is not None:
            ln.kind = "page-title"
        elif (ln.kind == "debris" and ln.label == "markup" and not ln.extra.get("fixed")
              and (img := _PICTURE_TEXT.match(ln.text.strip()))
              and (fig := FIGURE.match(" ".join((img.group("a") or img.group("w")
                                                 or img.group("t") or img.group("g")
                                                 or "").split())))):
            ln.kind, ln.label = "figure", fig.group(1)   # ![Фиг. 3](fig3.png): the book's figure
        elif ln.kind != "prose" or ln.extra.get("fixed") or ln.extra.get("row") or \
                ln.extra.get("line_block"):
            pass   # markup, or the editor's mark; a Markdown table's row or a line block's
            #        line is text, no menu
        elif PAGE_SEPARATOR.match(text[ln.start:ln.end]):    # '---- Page 45 ----': a page
            ln.kind, ln.label = "debris", "page number"    # break (as printed: '=== X ===' and
            #                                                '*** X ***' are no markup here)
        elif pt is not None:
            ln.kind = "page-title"
            page = page or pt
        elif (fig := FIGURE.match(inner := _in_tags(ln.text))) and i and \
                lines[i - 1].kind == "prose" and _refers_onward(
                    lines[i - 1].text, lines[i + 1].text if i + 1 < len(lines) else ""):
            k = fig.start("caption")
            after = lines[i + 1] if i + 1 < len(lines) else None
            if k >= 0 and text[ln.start:ln.end] == ln.text == inner and \
                    not _finite_verb(_modern_words(ln.text[k:])) and \
                    (after is None or after.brk or not after.text[:1].islower()):
                # 'какъ показано на' / 'Рис. 7. Рамка.' / 'Затѣмъ ...': the number is the
                # sentence's, the caption after it (no verb, and the text does not run on
                # into it) names what the figure shows: the figure's, no sentence of its own
                lines.insert(i + 1, _Line(ln.start + k, ln.end, ln.text[k:], False,
                                          "figure", fig.group(1)))
                ln.text = ln.text[:k].rstrip()
                ln.end = ln.start + len(ln.text)
            referred.append((ln.start, ln.end, fig.group(1)))   # (the line stays prose)
        elif fig and not (
                i and lines[i - 1].kind == "prose" and not ln.brk and fig.group("caption")
                and not SENTENCE_END.search(lines[i - 1].text)
                and _finite_verb(_modern_words(fig.group("caption")))):
            # (a rule after a figure's number inside a running sentence, 'Рис. 5. Затѣмъ
            # кладутъ ...', is its text; a caption there, no verb in it, 'Короли кладутъ' /
            # 'Фиг. 2. Расположеніе королей' / 'вокругъ ...', is the figure set inside it; a
            # figure's number after a preposition is the sentence's text, above)
            k = fig.start("caption")
            if k >= 0 and text[ln.start:ln.end] == ln.text == inner and \
                    _finite_verb(_modern_words(ln.text[k:])):
                # a caption names what the figure shows; a verb's sentence after the number
                # ('Фиг. 23. Берут одну колоду ...') is a rule that refers to its figure
                lines.insert(i + 1, _Line(ln.start + k, ln.end, ln.text[k:], False))
                ln.text = ln.text[:k].rstrip()
                ln.end = ln.start + len(ln.text)
            ln.kind, ln.label = "figure", fig.group(1)
        elif _CARD_ROW.match(text, ln.start, ln.end):
            ln.kind, ln.label = "debris", "diagram"
            guesses.append((ln.start, "a line of single letters spaced apart, or of cards "
                                      "with their suits' signs, taken as a row "
                                      "of a diagram (cards laid out)"))
        elif is_debris(ln.text) and not _numbered_heading(ln.text) and \
                not _sentence_goes_on(ln, lines[i + 1] if i + 1 < len(lines) else None):
            ln.kind = "debris"
        elif ocr_noise(ln.text) and ln.brk and (i + 1 == len(lines) or lines[i + 1].brk):
            # a line of its own that is no text (a speck, a smudge, an ornament read as
            # letters): OCR's noise; a sentence may run on across it
            ln.kind, ln.label = "debris", "OCR noise"
            guesses.append((ln.start, "a line with no word in it taken as OCR noise"))
        elif _contents_line(ln.text) or (
                i and _contents_above(lines[i - 1]) and (
                _TOC_ENTRY.match(ln.text) or _toc_item(ln.text)
                or parse_heading(ln.text) and i + 1 < len(lines)
                and _TOC_ENTRY.match(lines[i + 1].text)
                or _chapter_list(lines, i)
                or i + 1 < len(lines) and not lines[i + 1].brk
                and TOC_LINE.match(lines[i + 1].text)
                and not NUMBER_RUN.search(lines[i + 1].text))):
            # "Глава XLI. Пасьянсъ Наполеона . . . 181": contents; under a contents heading
            # or another line of it, a title and its page with no dot leader ("Часы 184",
            # "Часы — 184"), an item of a list ("- Часы"), a chapter's line over its titles
            # ("Глава LV." / "Коврикъ 124"), a list of chapters ("Глава LVII" / "Глава
            # LVIII"), the column's head "Стр." and an entry's first line over the rest of
            # it with its dot leader ("Мостъ, или пасьянсъ ..." / "всѣхъ правилъ . . . 212")
            ln.kind, ln.label = "debris", "table of contents"
        else:
            h = parse_heading(ln.text)
            if h and _heading_in_words_runs_on(ln.text, lines[i + 1] if i + 1 < len(lines)
                                               else None):
                h = None       # a sentence that opens with the words, wrapped after them
            prev = lines[i - 1] if i else None
            if h and not h[1] and any(h[0] == seen for seen, _ in headings) and (
                    _page_top(lines, i) or _next_prose_lowercase(lines, i)
                    or (prev is not None and _is_page_number(prev))
                    or RUNNING_HEAD.match(ln.text)):
                # the chapter's heading again at the top of a later page (after a form feed
                # or a page number, or inside a sentence that runs on, or with the page's
                # number beside it, ``ГЛАВА LV. 125``): its running head
                ln.kind, ln.label = "debris", "running head"
                guesses.append((ln.start, "a chapter heading repeated at the top of a page "
                                          "taken as a running head"))
            elif (head := RUNNING_HEAD.match(ln.text)) and \
                    parse_heading(head.group("a") or head.group("b")):
                # a chapter's heading with a page number beside it (``ГЛАВА LXVI.   71``,
                # ``71 ГЛАВА LXVI.``), its numeral met before or not, with its games' titles
                # or none (``ГЛАВА LXXXV. — Колодецъ. 245``, ``245 ГЛАВА LXXXV. — Колодецъ.``,
                # which alone is no heading, its number first): the running head of a page
                # naming the chapter it ends in; a chapter's own heading has no page number
                # (``ГЛАВА 5`` is no heading and a number: its rest names no chapter)
                ln.kind, ln.label = "debris", "running head"
                guesses.append((ln.start, "a chapter heading with a page number beside it "
                                          "taken as a running head"))
            elif h and (headings and not HEADING.match(ln.text.translate(_LOOKALIKE)) and
                        QUOTED_TITLE.match(ln.text.translate(_LOOKALIKE)) and (
                            numeral_value(h[0]) < numeral_value(headings[-1][0])
                            or numeral_value(h[0]) == game_number + 1)
                        or not headings and i in numbered_games):
                # a game's number before its title inside a chapter (``I. Пасьянсъ
                # «Звѣзда».`` under ``ГЛАВА LXX.``, lower than the chapter's, or the next of
                # a run from I: ``III.`` after ``II.`` under ``ГЛАВА II.``): a title, below
                # (a chapter that names its one game, ``LXXI. ПАСЬЯНСЪ «ДВОРЕЦЪ».``, has a
                # higher numeral and follows none; with no chapter heading above, a run of
                # games' numbers in small letters: :func:`_numbered_games`)
                game_number = numeral_value(h[0])
            elif h:
                # a heading wrapped over lines: "... - Густая" / "колонна"
                while i + 1 < len(lines) and not lines[i + 1].brk and \
                        len(WORD.findall(lines[i + 1].text)) <= 8 and \
                        (lines[i + 1].text[:1].islower() or re.search(r"[-–—,]$", ln.text)):
                    ln.end = lines[i + 1].end
                    ln.text = text[ln.start:ln.end]
                    del lines[i + 1]
                    h = parse_heading(ln.text) or h
                ln.kind, ln.label = "heading", h[0]
                names = h[1]
                nxt = lines[i + 1] if i + 1 < len(lines) else None
                if not names and nxt is not None:
                    listed = split_list(nxt.text)
                    # (a list cut at stops alone must read as names: 'Мельница. Берутъ двѣ
                    # колоды.' under a bare heading is a run-in title and its game's text)
                    if (len(listed) >= 2 or _single_list(listed, nxt, lines[i + 2:])) and \
                            all(_name_shape(t, 6) for t in listed) and \
                            (LIST_SEPARATOR.search(nxt.text) or len(listed) < 2
                             or all(reads_as_name(t) for t in listed)):
                        names = listed
                        ln.end, ln.text = nxt.end, text[ln.start:nxt.end]
                        del lines[i + 1]
                        # the list wrapped onto a short line ('... Наполеон на острове' /
                        # 'Св. Елены.'): the line ends in a letter, the next runs on
                        while i + 1 < len(lines) and not lines[i + 1].brk and \
                                re.search(r"[^\W\d_]$", ln.text) and \
                                len(WORD.findall(lines[i + 1].text)) <= 4:
                            more = split_list(" ".join(text[nxt.start:lines[i + 1].end].split()))
                            if len(more) != len(names) or not all(
                                    _name_shape(_ABBREVIATION_STOP.sub(r"\1", t), 6) for t in more):
                                break
                            names = more
                            ln.end, ln.text = lines[i + 1].end, text[ln.start:lines[i + 1].end]
                            del lines[i + 1]
                ln.extra["titles"] = names
                ln.extra["title_keys"] = {key(t) for t in names}
                headings.append((h[0], tuple(names)))
                game_number = 0
        i += 1
    known_titles = [t for _, names in headings for t in names] + list(titles)
    known = []
    for t in known_titles:
        ws = [w for _, _, w in _words(t)]
        if ws and ws not in known:
            known.append(ws)
    orphans: list[tuple[int, int]] = []
    again: list[tuple[tuple[int, int], tuple[int, int]]] = []
    lines = _furniture(lines, guesses, text, warnings, orphans, frozenset(
        key(t).rstrip(" .") for t in known_titles if t[:1].isdigit()), again)
    lines = _join_wrapped_titles(text, _split_inline_titles(text, lines, known))
    _table_rows(text, lines, guesses)
    _epigraphs(text, lines, guesses)
    # pass 2: titles. On a page whose games are headed by markup (two or more ``##`` or
    # ``==`` headings that are no chapter's, ``## Глава L``), a plain line is no run-in
    # title of a name the text does not give otherwise (``Ходы. Карту кладутъ ...``)
    marked_heads = [mh for m in _MARKUP_HEADING.finditer(text, 0, 200_000)
                    if not HEADING.match(mh := (m.group("x") or m.group("y")).strip())]
    headed = len(marked_heads) >= 2
    # ... and where a markup heading names a game (``## Пасьянсъ «Звѣзда»``), a line that
    # emphasis wraps (``**Раскладка**``), alone on its line (not a run-in title, ``**Король**.
    # Берутъ ...``), is a subheading unless it names a game itself (quoted, known, or a
    # 'Пасьянсъ X' with no quotes)
    headed_games = headed or any(QUOTED_TITLE.match(mh.translate(_LOOKALIKE))
                                 or _known_title(mh, known) for mh in marked_heads)
    # On a wiki page a title is looked for in a line as it reads (:func:`_read_view`:
    # ``{{Отступ}}Пасьянсъ «X».``, ``{{разрядка|X}}. Берутъ ...``), its offsets mapped back
    wiki_page = is_wiki_page(text)
    md_page = not wiki_page and MARKDOWN_PAGE.search(text) is not None
    # (and on a wiki or Markdown page, emphasis holding a run-in title and its text's first
    # words, ``''Крѣпость. Короли'' идутъ``, ``**Крѣпость. Короли** идутъ``: :func:`_emphasis_view`)
    views = {i: v for i, ln in enumerate(lines) if (wiki_page or md_page) and ln.kind == "prose"
             and not ln.whole and text[ln.start:ln.end] == ln.text
             and (v := _emphasis_view(ln.text, wiki_page) or
                  (_read_view(ln.text) if wiki_page else _span_view(ln.text))) is not None}
    # ... and on a page whose games are titled in quotes (two or more ``Пасьянсъ «X».`` that
    # stand as titles: :func:`_stands_as_quoted_title`), a plain line in small letters that
    # only the shape of its words makes a name ('Колода полная.') is a sentence (a guess the
    # dry run shows): a book titles its games in one way
    quoted = sum(1 for i, ln in enumerate(lines)
                 if _stands_as_quoted_title(ln, lines[i - 1] if i else None,
                                            views[i][0] if i in views else None)) >= 2
    # (a page whose paragraphs blank lines part, so a line under a sentence with none
    # between is inside its paragraph)
    blank_lines = any(ln.brk for ln in lines[1:])
    # the last title or heading, and the last heading, above line i (a line's kind turns to
    # title only in its own turn below)
    game_above: _Line | None = None
    heading_above: _Line | None = None
    for i, ln in enumerate(lines):
        if i and lines[i - 1].kind in ("title", "heading"):
            game_above = lines[i - 1]
            if game_above.kind == "heading":
                heading_above = game_above
        if ln.kind != "prose" or ln.extra.get("fixed") or ln.extra.get("row"):
            continue
        prev = lines[i - 1] if i else None
        prev_prose = prev is not None and (prev.kind == "prose" or
                                           prev.kind == "title" and prev.title_end < prev.end)
        line, offsets = views.get(i, (ln.text, None))
        # (a game's number before its quoted title, ``№ 13. Пасьянсъ «Паукъ».``, opens the
        # line: the title's capital follows it)
        opener = line.lstrip(_OPENERS)
        number = _GAME_NUMBER.match(opener)
        if number and QUOTED_TITLE.match(line.translate(_LOOKALIKE)):
            opener = opener[number.end():]
            item = _GAME_NUMBER.match(prev.text.lstrip(_OPENERS)) \
                if prev is not None and prev.kind == "prose" and not ln.brk else None
            if item and _leading_number(item.group().lstrip("№ \t")) + 1 == \
                    _leading_number(number.group().lstrip("№ \t")):
                continue    # the next item of a numbered list ('1. Пасьянсъ «Косынка».' /
                #             '2. Пасьянсъ «Часы».' under 'похожъ на два другихъ:')
        at_start = ln.brk or not prev_prose or \
            prev is not None and bool(SENTENCE_END.search(prev.text)) and opener[:1].isupper()
        # a line that is only a name the chapter's heading lists ('Мостъ.', 'Башня'), under a
        # line that lost its stop, is that game's title while the game has none yet above
        # (OCR drops a stop; in the game of that name it is its sentence's, '... называютъ
        # также' / 'Башня.')
        listed_alone = not at_start and _listed_name(line, heading_above) and not any(
            x.kind == "title" and key(x.label) == key(line.strip().rstrip(".")) for x in lines[:i])
        if not (at_start or listed_alone):
            continue
        nxt = next((lines[k] for k in range(i + 1, len(lines))
                    if lines[k].kind not in ("figure", "debris", "page-title")), None)
        # a title's game begins with a sentence: a wrapped line "Четыре короля" / "кладутся"
        # is not a title; a sentence may begin with a count ('КОВРИКЪ' / '4 ряда по восьми
        # картъ ...') under a line that stands apart or ends with a stop (not 'Затѣмъ на
        # столъ' / '10 картъ ...' inside a paragraph)
        lead = _LEAD.sub("", nxt.text).lstrip(_OPENERS) if nxt is not None else ""
        count = re.match(r"\d{1,3}(?=[ \t]+\S)", lead)
        followed = nxt is not None and nxt.kind == "prose" and (lead[:1].isupper() or (
            count is not None and _counts(int(count.group()), lead[count.end():])
            and (ln.brk or not prev_prose or line.rstrip().endswith("."))))
        # a line that markup wraps whole (``## Проба.*)``) is a heading: a note's marker at
        # its end is the title's, after a stop too (on a bare line it may end a sentence)
        probe = _WHOLE_MARKER.sub("", ln.text) if ln.whole else line
        if headed_games and ln.whole and not _MARKUP_HEADING.match(text, ln.start) and \
                not text[ln.end:text.find("\n", ln.end) % (len(text) + 1)].strip() and not (
                QUOTED_TITLE.match(ln.text.translate(_LOOKALIKE))
                or NUMBERED_TITLE.match(ln.text.translate(_LOOKALIKE))
                or key(ln.text).startswith("пасьянс ")      # 'Пасьянсъ Наполеона'
                or _known_title(ln.text, known)):
            continue
        game = game_above
        if ln.extra.get("run_in") and _labels_a_part(ln.text) and not (
                QUOTED_TITLE.match(ln.text.translate(_LOOKALIKE))
                or NUMBERED_TITLE.match(ln.text.translate(_LOOKALIKE))
                or _known_title(ln.text, known)) and game is not None and \
                game.kind == "title" and not game.extra.get("run_in"):
            # '**Раскладка.** Карты кладутъ ...' inside a game: a label of a part of its
            # rules, no game's title (a subheading: :func:`_sections`); not where the game
            # itself is titled so, '**Звѣзда.** Берутъ ...': there '**Ходъ конемъ.** ...'
            # is the next game's
            guesses.append((ln.start, "a run-in label in emphasis inside a game, naming a "
                                      "part of its rules, taken as no game's title"))
            continue
        if listed_alone and not followed:
            continue
        hit = title_at(probe, known, own_line_ok=followed, inline_ok=not (ln.whole or headed)) or \
            _caps_title(line, followed)
        if hit is None:
            continue
        if listed_alone:
            guesses.append((ln.start, "a line that is only a name the chapter heading lists, "
                                      "under a line with no stop, taken as that game's title"))
        printed, n = hit
        if n < len(line.rstrip()) and printed.upper() != printed and \
                _numbered_step(lines, i, line) and not _known_title(line, known):
            # '1. Первый рядъ. Кладутъ ...' under a game's title: a numbered rule, not the
            # next game (one in capitals, '2. МОСТЪ. ...', is a title as ever)
            guesses.append((ln.start, "a numbered run-in name in small letters inside a game "
                                      "taken as a step of its rules, no game's title"))
            continue
        printed = _name_read(printed, wiki_page, md_page)
        if ln.whole:
            n = len(ln.text)
        elif _subject(line, n):
            before = next((lines[k] for k in range(i - 1, -1, -1)
                           if lines[k].kind not in ("figure", "debris", "page-title")), None)
            names = ([before.label] if before is not None and before.kind == "title"
                     and before.title_end >= before.end else
                     before.extra.get("titles", []) if before is not None
                     and before.kind == "heading" else [])
            if key(printed) in {key(t) for t in names}:
                continue    # the game is named just above: the name is its sentence's subject
            game = game_above
            if game is not None and game.kind == "title" and key(printed) == key(game.label):
                continue    # the game's text names the game itself further down ('Пасьянсъ
                #             «Окно» выходитъ рѣдко.' inside the game 'Окно'): its subject
            if not ln.brk and prev_prose and blank_lines or _unlisted(printed, heading_above):
                continue    # another game named inside a paragraph ('Пасьянсъ «Часы» въ этомъ
                #             похожъ ...' under a sentence), or one the chapter's heading
                #             does not list: the sentence's subject, no title
            guesses.append((ln.start, "a game's name that its sentence goes on from in lower "
                            "case taken as the game's title, out of the sentence"))
        if not (QUOTED_TITLE.match(line.translate(_LOOKALIKE))
                or NUMBERED_TITLE.match(line.translate(_LOOKALIKE))
                or _known_title(line, known)):
            pad = text[text.rfind("\n", 0, ln.start) + 1:ln.start]
            if len(pad) >= 16 and not pad.strip() and not (
                    _caps_title(line, followed) and not _AUTHOR.match(line)):
                continue    # set far to the right: an epigraph's source or a signature
                #             (one in capitals is a title centred, as pdftotext -layout
                #             sets ``                              ЧАСЫ.``)
            if not re.search(r"[а-яёѣіѳѵА-ЯЁѢІѲѴ]{2}", printed) or \
                    line.rstrip().endswith(("...", "…")):
                continue    # no Russian word (a row of cards 'A K Q J', 'XL—XLI.'), or a
                #             voice trailing off ('Ммммъ...'): no game's name
            # a line right under a game's title (its whole line) opens that game's text:
            # taken as a title it would leave the game with no text, so no guess is due
            # there; one where a new game could begin, after the game's text, deserves it
            above = next((lines[k] for k in range(i - 1, -1, -1)
                          if lines[k].kind not in ("figure", "debris", "page-title")), None)
            opens_game = above is not None and above.kind == "title" and \
                above.title_end >= above.end
            why = None
            if quoted and line.upper() != line and not key(line).startswith("пасьянс"):
                why = "the page titles its games in quotes"
            elif ln.text.upper() != ln.text and says_what_it_is(printed):
                # 'Колода полная.': a word for the game or its cards and what it is, a
                # sentence of the game above (in capitals it is set as a title)
                why = ("a word for the game or its cards and an adjective after it that says "
                       "what it is")
            elif ln.text.upper() != ln.text and says_where_it_goes(printed):
                # 'Тузы внизъ.': a rule with no verb, a sentence of the game above
                why = "a noun and an adverb after it that says where or how it goes"
            if why is not None:
                if not opens_game:
                    guesses.append((ln.start, "a line whose shape reads as a game's title "
                                              f"taken as a sentence: {why}"))
                continue
            guesses.append((ln.start, "a line taken as a game's title from its shape"))
        # a known title ending the page, or a quoted one ('Пасьянсъ «Башня».') with no text
        # under it before the page ends or the next title or heading: a game with no text
        # (the quoted form names a game; a bare name there may be a sentence's last words)
        last = nxt is None and key(printed) in {" ".join(k) for k in known} or \
            (nxt is None or nxt.kind != "prose") and _quoted_title(line)
        whole_line = n >= len(line)
        if whole_line and not followed and not last:
            continue
        ln.kind, ln.label, ln.title_end = "title", printed, (
            ln.end if ln.whole else ln.start + (offsets[min(n, len(line))] if offsets else n))
        if offsets and _REF_TAG.search(text, ln.start, ln.title_end):
            ln.extra["notes"] = True        # a note in the title line: no sentence's
        after = lines[i + 1] if i + 1 < len(lines) else None
        if whole_line and after is not None and after.kind == "prose" and \
                re.fullmatch(r"\([^()]{1,60}\)\.?", after.text):     # "(Двѣ колоды)" under it
            ln.end = ln.title_end = after.end
            ln.text = text[ln.start:ln.end]
            after.kind = "merged"
        elif whole_line and after is not None and after.kind == "prose" and \
                not after.brk and text[after.start:after.end] == after.text and \
                (ref := _FIGURE_REFERENCE.match(after.text)):
            # "(Фиг. 22). Перетасовав ...": the title's figure (as the seeds print it after
            # the title on its line), then the game's text
            ln.end = ln.title_end = after.start + ref.end()
            ln.text = text[ln.start:ln.end]
            k = len(after.text) - len(after.text[ref.end():].lstrip())
            after.start, after.text = after.start + k, after.text[k:]
    _sections(lines, known, guesses, sorted(
        [x.extra["marker"][0] for x in lines if x.extra.get("marker")] + [c[0] for c, _ in again]))
    _before_first_heading(text, lines, warnings, guesses)
    # parts
    parts: list[Part] = []
    block: list[int] | None = None          # [start, end] of the prose being gathered
    row = False      # the block is a row of a table (_table_rows): one sentence, never cut

    def flush():
        nonlocal block
        if block:
            parts.append(Part("prose", block[0], block[1], "row" if row else ""))
        block = None

    lines = [ln for ln in lines if ln.kind != "merged"]
    for i, ln in enumerate(lines):
        if ln.kind == "prose":
            prev = lines[i - 1] if i else None
            new_para = (ln.brk or block is None or row and not ln.extra.get("wrapped") or
                        (prev is not None and len(prev.text) > 90 and SENTENCE_END.search(prev.text)
                         and ln.text[:1].isupper()))
            if new_para or block is None:
                flush()
                block = [ln.start, ln.end]
                row = bool(ln.extra.get("row"))
            else:
                block[1] = ln.end
            continue
        flush()
        if ln.kind == "title":
            end = ln.title_end
            while end > ln.start and text[end - 1].isspace():
                end -= 1
            # a footnote's marker printed in the title (``«Звѣздочка*)»``) is no part of the name
            label = _END_MARKER.sub("", ln.label)
            parts.append(Part("title", ln.start, end, label))
            rest = ln.title_end
            while rest < ln.end and text[rest].isspace():
                rest += 1
            if rest < ln.end:
                block, row = [rest, ln.end], False
        elif ln.kind == "heading":
            parts.append(Part("heading", ln.start, ln.end, ln.label, ln.extra.get("opens", "")))
        else:
            parts.append(Part(ln.kind, ln.start, ln.end, ln.label, marker=ln.extra.get("marker"),
                              note=ln.extra.get("note")))
    flush()
    # a footnote whose marker stands in a title (``ЗВѢЗДОЧКА*).``) has no sentence to go with
    heads = [(p.start, p.end) for p in parts if p.kind in ("title", "heading")]
    for k, p in enumerate(parts):
        if p.marker is not None and any(a <= p.marker[0] < b for a, b in heads):
            parts[k] = Part(p.kind, p.start, p.end, p.label, p.opens, None, p.note)
            if p.note == p.start:
                warnings.append((line_of(text, p.start), (
                    f"the footnote {text[p.start:p.end].split()[0]!r} answers the marker in "
                    f"the title on line {line_of(text, p.marker[0])}: kept as debris (in the "
                    f"witness and the TEI), attached to no sentence")))
    for ln in lines:
        if ln.extra.get("interleaved"):
            warnings.append((line_of(text, ln.start), (
                "a grid table's row whose cells are wrapped over lines is read line by line, "
                "as the file has it: a cell's wrapped words fall after the next cell's; for a "
                "table of one line a row, convert again with `pandoc -t "
                "markdown-grid_tables-multiline_tables-simple_tables` (a pipe table), or join "
                "the cell's words on its first line")))
        if ln.kind in ("title", "heading") and ln.extra.get("notes"):
            warnings.append((line_of(text, ln.start), (
                "a footnote written in the title line (<ref>...</ref>): kept in the witness "
                "and the TEI as part of the title line, attached to no sentence; to have it "
                "shown as a note, move it after a word of the game's first sentence")))
    prose = [p for p in parts if p.kind == "prose"]
    if "{{" in text and is_wiki_page(text):
        warnings += _unknown_templates(text, prose)
    elif "{{" in text and MARKDOWN_PAGE.search(text):
        # (a Markdown page with a template in its prose: a site generator's left in, a wiki's
        # pasted; it reads only the wiki's templates of type)
        warnings += _unknown_templates(text, prose, _MD_KNOWN_TEMPLATE)
    if prose and text[prose[0].start:prose[0].start + 1].islower() and \
            not any(p.kind in ("title", "heading") for p in parts[:parts.index(prose[0])]):
        warnings.append((line_of(text, prose[0].start), "the text begins inside a sentence (a "
                         "page cut off before it): that sentence is taken as it stands"))
    if prose and not SENTENCE_END.search(_TRAILING_MARKUP.sub("", INLINE_NOTE.sub(
            "", text[prose[-1].start:prose[-1].end]))) \
            and not _LIST_ITEM.match(text, text.rfind("\n", prose[-1].start, prose[-1].end) + 1
                                     or prose[-1].start):
        warnings.append((line_of(text, prose[-1].end), "the text ends inside a sentence (a page "
                         "cut off after it): that sentence is taken as it stands"))
    prose_idx = [i for i, p in enumerate(parts) if p.kind == "prose"]
    for i, j in zip(prose_idx, prose_idx[1:]):
        between = {p.kind for p in parts[i + 1:j]}
        if between and between <= {"debris", "page-title", "figure"} and \
                continues(text, parts[i].end, parts[j].start):
            first_no, last_no = line_of(text, parts[i + 1].start), line_of(text, parts[j - 1].end)
            where = f"line {first_no}" if first_no == last_no else f"lines {first_no}-{last_no}"
            what = "page furniture or a figure" if "figure" in between else "page furniture"
            warnings.append((line_of(text, parts[i].end), (
                f"a sentence runs on across {what} ({where}): taken as one sentence, "
                f"the furniture kept in its original text and left out of its reading text"
                + (" (a figure is listed after the sentence)" if "figure" in between else "")
                if runs_on_across(text, parts, i, j) else
                f"a sentence runs on across debris ({where}) that is not page furniture: its "
                f"two pieces are taken as two sentences (mark the lines `debris` in "
                f"{MARKS_FILE} if they are furniture)")))
    book = [p for p in parts if p.kind not in ("debris", "page-title")]
    for p, q in zip(book, book[1:]):
        if p.kind == "title" and q.kind in ("title", "heading") and key(p.label) != key(q.label):
            # (a title over the same title run in is one game, :func:`_sections`)
            warnings.append((line_of(text, p.start),
                             f"the title {p.label!r} has no text under it before the next "
                             f"{'title' if q.kind == 'title' else 'heading'} (line "
                             f"{line_of(text, q.start)}): the game is recorded with no sentences "
                             f"from this witness; if it is no game, mark its line `heading` or "
                             f"`debris` in {MARKS_FILE}"))
    if book and book[-1].kind == "title":
        warnings.append((line_of(text, book[-1].start),
                         f"the title {book[-1].label!r} ends the text: its game's text is on a "
                         f"lost page (the game is recorded with no sentences from this witness)"))
    parts = _open_from_headings(text, parts, lines, warnings)
    in_game = False     # (as the model reads the parts: a bare heading ends a game)
    for k, p in enumerate(parts):
        if p.kind in ("title", "prose") or p.kind == "heading":
            in_game = p.kind != "heading" or bool(p.opens)
        elif p.kind == "figure" and not in_game and next(
                (q.kind for q in parts[k + 1:] if q.kind not in ("debris", "page-title", "figure")),
                None) != "prose":
            # a figure no game's text goes with (above a chapter's heading): no game of its own
            parts[k] = Part("debris", p.start, p.end, "figure")
            warnings.append((line_of(text, p.start), (
                f"the figure {text[p.start:p.end]!r} stands before any game's text: kept in the "
                f"witness as debris, in no game; to give it to a game, move its line under "
                f"that game's title in a copy of the file")))
    # (no title at all: nothing stands before a first title; ``add`` says the whole text is
    # a fragment)
    last_title = max((i for i, p in enumerate(parts) if p.kind == "title"), default=0)
    for i, p in enumerate(parts[:last_title]):
        if p.kind != "heading" or p.opens:
            continue
        first = next((q for q in parts[i + 1:]
                      if q.kind not in ("debris", "page-title", "figure")), None)
        if first is not None and first.kind == "prose":
            # an epigraph or an introduction between a chapter heading and its first title:
            # no game's text that the finder can tell, taken in as an untitled fragment
            top, bottom = line_of(text, first.start), line_of(text, first.end)
            where = f"line {top}" if top == bottom else f"lines {top}-{bottom}"
            warnings.append((top, (
                f"the text between the chapter heading and its first title ({where}: an "
                f"epigraph or an introduction?) is taken as an untitled fragment of the "
                f"chapter; if it is no game's text, mark those lines `debris` in "
                f"{MARKS_FILE} (kept in the witness and the TEI), or give "
                f"it its game with a `prose` mark and a `title`")))
    listed_keys = {key(t) for _, names in headings for t in names}
    if listed_keys:
        known_keys = {key(t) for t in titles}
        for p in parts:
            if p.kind == "title" and key(p.label) not in listed_keys | known_keys:
                warnings.append((line_of(text, p.start),
                                 f"the title {p.label!r} is not among the games the chapter "
                                 f"heading names: taken as a game; if it is not one, mark its line "
                                 f"`subheading` (read with the game before) or `prose` in "
                                 f"{MARKS_FILE}"))
    # a call "again" of a note that the first call's place keeps as no note (a title's
    # call: its note is debris) has no note to call: it is an orphan, said as one
    noted = {p.marker for p in parts
             if p.kind == "debris" and p.label == "footnote" and p.marker is not None}
    for unanswered in [x for x in again if x[1] not in noted]:
        again.remove(unanswered)
        call, first_call = unanswered
        orphans.append(call)
        warnings.append((line_of(text, call[0]), (
            f"the footnote marker {text[call[0]:call[1]]!r} calls a note whose first call "
            f"(line {line_of(text, first_call[0])}) is in no sentence (a title's note is "
            f"kept as debris): it stays in the text as printed, attached to no note")))
    fixed = {s for s, _ in corrected}
    inline, inline_orphans, inline_warnings, follows = inline_notes(text, parts)
    warnings += inline_warnings + unclosed_comments(text, parts) + inline_specks(text, parts)
    return Layout(tuple(parts), tuple(sorted(warnings)), tuple(headings), page,
                  tuple(sorted(g for g in guesses if g[0] not in fixed)), tuple(sorted(corrected)),
                  tuple(sorted(orphans + inline_orphans)), tuple(inline), tuple(sorted(again)),
                  tuple(referred), tuple(follows))


#: the heading of a preface or another part of a book's front matter (modern spelling,
#: lowercase): ``От редактора``, ``Предисловіе``, ``Отъ издателя``, ``Къ читателю``
_FRONT_HEADING = re.compile(r"(?:от (?:редактора|редакции|издателя|издателей|издательства|"
                            r"составителя|автора|переводчика)|предисловие|введение|вступление|"
                            r"вступительная статья|вместо предисловия|к читател[юя]м?|"
                            r"предуведомление)\b[^.!?]{0,60}\.?")


def _before_first_heading(text: str, lines: list[_Line], warnings: list[tuple[int, str]],
                          guesses: list[tuple[int, str]]) -> None:
    """The text before a witness's first chapter heading, where no title stands above it.
    Under a front matter's heading (:data:`_FRONT_HEADING`: a modern reprint's ``От
    редактора``, the book's ``Предисловіе``) it is no game's text: its lines are debris
    labelled ``front matter`` (kept in the witness and the TEI), since an untitled fragment
    would get sentence ids that are locked for good. Other text there (the end of a game
    begun on an earlier page, or front matter with no heading) stays an untitled fragment.
    Either way a warning names the lines and how to read them the other way."""
    first = next((k for k, ln in enumerate(lines) if ln.kind in ("heading", "title")), None)
    if first is None or lines[first].kind != "heading" or not lines[first].label:
        return
    # (a short heading there, 'ПРЕДИСЛОВІЕ.', :func:`_sections` has made a subheading)
    before = [ln for ln in lines[:first]
              if ln.kind == "prose" or ln.kind == "debris" and ln.label == "subheading"]
    if not before or any(ln.extra.get("fixed") for ln in before):
        return      # (the editor's marks say what the lines are)
    top, bottom = line_of(text, before[0].start), line_of(text, before[-1].end)
    where = f"line {top}" if top == bottom else f"lines {top}-{bottom}"
    if _FRONT_HEADING.fullmatch(key(_INDENT.sub("", before[0].text)).strip(" :")):
        for ln in before:
            ln.kind, ln.label = "debris", "front matter"
        starts = {ln.start for ln in before}     # (no guess of a subheading inside a game)
        guesses[:] = [g for g in guesses if g[0] not in starts]
        warnings.append((top, (
            f"the text before the first chapter heading ({where}) opens with "
            f"{before[0].text.strip()!r}: kept as front matter (debris, in the witness and the "
            f"TEI), in no game; if it is a game's text, mark those lines `prose` in "
            f"{MARKS_FILE}")))
    else:
        warnings.append((top, (
            f"the text before the first chapter heading ({where}) is taken as an untitled "
            f"fragment (the end of a game begun on an earlier page?); if it is a preface or "
            f"other front matter, mark those lines `debris` in {MARKS_FILE} "
            f"(kept in the witness and the TEI)")))


#: a line naming an epigraph's author: initials and a name (``А. Пушкинъ.``, ``А. С.
#: ПУШКИНЪ``), a title before them or the name (``Кн. П. Вяземскій.``, ``Гр. Толстой.``),
#: 'from' before them or the name (``Изъ Пушкина.``), or a dash before a name (``—
#: Крыловъ.``), in brackets too (``(А. Пушкинъ)``)
_AUTHOR = re.compile(r"^\(?(?:[—–-][ \t]*)?\(?(?:(?:(?:Кн|Гр|Бар)\.[ \t]*|Изъ?[ \t]+)"
                     r"(?:[А-ЯЁѢІѲ]\.[ \t]*){0,2}|(?:[А-ЯЁѢІѲ]\.[ \t]*){1,2}|(?<=[—–-])[ \t]*|(?<=[—–-]))"
                     r"[А-ЯЁѢІѲ][а-яёѣіѳѵА-ЯЁѢІѲ]+(?:-[А-ЯЁѢІѲ][а-яёѣіѳѵА-ЯЁѢІѲ]+)?\)?\.?\)?$")


def _epigraphs(text: str, lines: list[_Line], guesses: list[tuple[int, str]]) -> None:
    """Mark a verse epigraph under a chapter heading as debris labelled ``epigraph``: two to
    four short lines (60 characters at most) right under the heading, in one paragraph, each
    opening with a capital (as verse is set: a wrapped paragraph goes on in small letters),
    and under them, alone on its line, the author's name (:data:`_AUTHOR`: initials and a name,
    or a dash before it). Verse with no author's line, verse inside a game, dialogue (lines
    opening with a dash) and a bare name set far to the right (a centred title) stay text."""
    for i, ln in enumerate(lines):
        if ln.kind != "heading":
            continue
        block: list[_Line] = []      # the paragraph under the heading (five lines at most)
        for x in lines[i + 1:i + 7]:
            if x.kind != "prose" or x.extra.get("fixed") or block and x.brk:
                break
            block.append(x)
        k = i + 1 + len(block)
        after = lines[k] if k < len(lines) and lines[k].brk else None
        # the author's name ends the verse's paragraph, or is a paragraph of its own under it
        for cand, author in ((block[:-1], block[-1] if block else None), (block, after)):
            if author is None or author.kind != "prose" or author.extra.get("fixed") or \
                    not 2 <= len(cand) <= 4 or author is after and k + 1 < len(lines) and \
                    not lines[k + 1].brk:
                continue
            # (a bare name set far to the right is no author's line: pdftotext -layout
            # centres a game's bare title so, ``          Мельница.``; nor is dialogue's
            # reply, ``— Нѣтъ.``, under lines that open with a dash)
            if _AUTHOR.match(author.text) and _a_persons_work(author.text) and all(
                    len(x.text) <= 60 and x.text.lstrip("«\"„“( ")[:1].isupper()
                    and not QUOTED_TITLE.match(x.text.translate(_LOOKALIKE))
                    for x in cand):
                for x in cand + [author]:
                    x.kind, x.label = "debris", "epigraph"
                guesses.append((cand[0].start, "short lines opening with capitals under a "
                                "chapter heading, over a line that names an author, taken "
                                "as an epigraph (no game's text)"))
                break


#: 'from' and the name of an epigraph's source (``Изъ Пушкина.``, after initials too, ``Изъ
#: А. С. Пушкина.``): group 1 the name
_FROM_SOURCE = re.compile(r"^\(?(?:[—–-][ \t]*)?\(?Изъ?[ \t]+(?:[А-ЯЁѢІѲ]\.[ \t]*){0,2}([^\W\d_]+)")


def _a_persons_work(line: str) -> bool:
    """Whether an author's line (:data:`_AUTHOR`) that opens with 'from' names a person's
    work (``Изъ Пушкина.``, ``Изъ Гёте.``: a surname, a first name, or a word the dictionary
    lacks, a foreign author's): ``Изъ Москвы.`` names a place, a sentence's words; any other
    author's line does."""
    m = _FROM_SOURCE.match(line)
    if m is None:
        return True
    word = _modern_words(m.group(1))[0]
    morph = analyzer()
    return not morph.word_is_known(word) or any(
        {"Surn", "Name", "Patr"} & p.tag.grammemes for p in morph.parse(word))


def _numbered_games(lines: list[_Line]) -> set[int]:
    """The indices of ``lines`` that number a game before its quoted title where no chapter
    heading stands above (``I. Пасьянсъ «Звѣзда».``, ``II. Пасьянсъ «Луна».``: a page of a
    chapter that numbers its games): a Roman numeral and one quoted title in small letters,
    the numeral I or one of a run with another such line (``III.`` / ``IV.``, a page from the
    chapter's middle). A chapter's heading naming its one game is set in capitals
    (``LVIII. ПАСЬЯНСЪ «ДВОРЕЦЪ».``), or stands with no run (``LVIII. Пасьянсъ «Дворецъ».``)."""
    found: list[tuple[int, int]] = []
    for i, ln in enumerate(lines):
        if ln.kind != "prose" or ln.extra.get("fixed") or ln.text.upper() == ln.text:
            continue
        folded = ln.text.translate(_LOOKALIKE)
        # (a title wrapped over two lines, ``I. Пасьянсъ «Малая`` / ``звѣзда».``, too)
        wrapped = not QUOTED_TITLE.match(folded) and _TITLE_OPEN.match(folded) is not None \
            and i + 1 < len(lines) and \
            _TITLE_CLOSE.match(lines[i + 1].text.translate(_LOOKALIKE)) is not None
        if HEADING.match(folded) or not (wrapped or QUOTED_TITLE.match(folded)):
            continue
        h = parse_heading(ln.text)
        if h and h[1] and not h[0].isdigit():
            found.append((i, numeral_value(h[0])))
        elif wrapped and (m := re.match(r"\s*([IVXLCХІИ]{1,6})\s*\.", folded)):
            found.append((i, numeral_value(m.group(1))))
    values = {v for _, v in found}
    return {i for i, v in found if v == 1 or v - 1 in values or v + 1 in values}


def _single_list(listed: list[str], nxt: _Line, rest: list[_Line]) -> bool:
    """Whether a one-game list stands under a bare heading (``ГЛАВА XLIX.`` / ``Часы.``):
    the line follows the heading with no blank line between and its title stands again
    further on, as the game's own title, bare or in quotes (``Пасьянсъ «Часы».``); else the
    line is that title."""
    if len(listed) != 1 or nxt.brk:
        return False
    name = key(listed[0])
    return any(key(ln.text).startswith(name) or
               ((m := _NAME_IN_QUOTES.match(ln.text)) is not None and key(m.group(1)) == name)
               for ln in rest)


#: a title that names its game in quotes after a word (``Пасьянсъ «Часы».``): the name
_NAME_IN_QUOTES = re.compile(r"\s*\w+\s*[«„\"]([^»“\"]+)[»“\"]")


#: the letters a slug spells alike (:func:`extract.corpus.ids.slugify`)
_SLUG_ALIKE = str.maketrans("йэ", "ие")


def _open_from_headings(text: str, parts: list[Part], lines: list[_Line],
                        warnings: list[tuple[int, str]]) -> list[Part]:
    """Give a heading the game whose prose follows it untitled; warn of titles a heading
    names that the text lacks, and of titles that stand twice."""
    titled: dict[str, list[Part]] = {}
    again = {ln.start for ln in lines if ln.kind == "title" and ln.extra.get("again")}
    for p in parts:
        if p.kind == "title" and p.start not in again:
            titled.setdefault(key(p.label), []).append(p)
    heading_lines = {ln.start: ln for ln in lines if ln.kind == "heading"}
    out = list(parts)
    for i, p in enumerate(parts):
        if p.kind != "heading":
            continue
        names = heading_lines[p.start].extra.get("titles", [])
        nxt = next((q for q in parts[i + 1:] if q.kind not in ("debris", "page-title", "figure")),
                   None)
        if names and key(names[0]) not in titled and nxt is not None and nxt.kind == "prose":
            out[i] = Part("heading", p.start, p.end, p.label, opens=names[0])
            titled[key(names[0])] = [out[i]]
        for t in names:
            if key(t) not in titled:
                warnings.append((line_of(text, p.start),
                                 f"the chapter heading names the game {t!r}, but this text does "
                                 f"not contain it (a cut-off page?): the games that are here "
                                 f"are taken in"))
    # a title twice is two games (``piramida``, ``piramida-2``): compared by the modern
    # reading, as a game's slug is made, so an old spelling or OCR's (``Мость``, read
    # ``Мост``) beside ``Мостъ`` is the same title
    twice: dict[str, list[Part]] = {}
    for ps in titled.values():
        for q in ps:
            if q.kind == "title":
                twice.setdefault(key(normalise(q.label).text), []).append(q)
    for ps in twice.values():
        if len(ps) > 1:
            ps.sort(key=lambda q: q.start)
            where = ", ".join(str(line_of(text, q.start)) for q in ps)
            forms = list(dict.fromkeys(q.label for q in ps))
            if len(forms) > 1:       # (each form as printed, when they differ)
                where += ": " + ", ".join(repr(t) for t in forms)
            warnings.append((line_of(text, ps[1].start),
                             f"the title {ps[0].label!r} stands {len(ps)} times (lines {where}): "
                             f"taken as {len(ps)} different games, the later ones with slugs "
                             f"ending -2, -3; if they are one game, join the text under one "
                             f"title in a copy of the file and add that"))
    # two titles that differ only in letters a slug reads alike (й and и, э and е: 'Герой'
    # and 'Герои' are both geroi) are two games, the later one's slug ending -2: said, as
    # nothing in the slugs tells the reader why
    alike: dict[str, list[Part]] = {}
    for ps in twice.values():
        alike.setdefault(key(normalise(ps[0].label).text).translate(_SLUG_ALIKE), []).append(
            min(ps, key=lambda q: q.start))
    for ps in alike.values():
        if len(ps) > 1:
            ps.sort(key=lambda q: q.start)
            warnings.append((line_of(text, ps[1].start), (
                f"the titles {', '.join(f'{q.label!r} (line {line_of(text, q.start)})' for q in ps)} "
                f"differ only in letters that a game's slug spells alike (й and и, э and е): taken "
                f"as {len(ps)} different games, the later ones with slugs ending -2, -3; if they "
                f"are one game, join the text under one title in a copy of the file and add that")))
    return out


def split_witness(text: str, path, page_title: str | None, titles: list[str],
                  marks: tuple[Mark, ...] = ()) -> list[Part]:
    """The parts of a witness in text order (see :func:`analyse`, which also gives the
    warnings). ``titles`` are the known game titles (from games.toml); ``marks`` the editor's
    corrections (:func:`extract.corpus.readers.load_marks`). Raises EditionError if the declared page title is
    missing."""
    return list(analyse(text, path, page_title, titles, marks).parts)


#: the normaliser's rules that undo a line end inside a sentence (shown joined by ``segment``)
LINE_END_RULES = frozenset({"hyphenation", "hyphen-compound"})


def heading_text(text: str) -> str:
    """A heading or title as it reads, on one line: each of its lines without the markup that
    wraps it (``# ГЛАВА XLVIII.``, ``**Косынка.**``, ``== X ==``: :func:`_unwrap`) or
    stands in it (:data:`_HEADING_MARKUP`; pandoc's empty anchor, :data:`_MD_ANCHOR`, shows
    nothing: ``[]{#_Toc5 .anchor}Глава L`` on a line the editor marked a heading), blank lines
    and runs of white space one space."""
    return " ".join(w for line in text.splitlines() for w in _HEADING_MARKUP.sub(
        "", _MD_ANCHOR.sub("", _unwrap(line.strip())[0])).split())


def unwrap_lines(text: str) -> str:
    """``text`` (a sentence as the witness has it) on one line, as a reader reads it: a word
    divided by a hyphen at a line end joined as the normaliser joins it (rules
    :data:`LINE_END_RULES`; a compound keeps its own hyphen), every other run of white space
    one space. Nothing else of the normalisation is applied."""
    changes = [p for c in normalise(text).changes for p in (c.parts or (c,))
               if p.rule in LINE_END_RULES]
    return " ".join(apply_changes(text, changes).split())


def segment_text(text: str) -> list[dict]:
    """Segment any text: a list of ``{"start", "end", "text"}`` with offsets into ``text``.

    Paragraphs (blank-line separated) are segmented separately; a paragraph that ends without
    sentence-final punctuation and is followed by one starting in lowercase is joined to it
    (a page break), as in the edition's own model.
    """
    from ..text.nlp import sentence_spans  # lazy: loads spaCy: only when text is segmented
    out = []
    for s, e in prose_blocks(text, 0, len(text)):
        norm = normalise(text[s:e])
        for a, b in sentence_spans(norm):
            out.append({"start": s + a, "end": s + b, "text": text[s + a:s + b]})
    return out
