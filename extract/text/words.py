"""Small wording helpers: messages shown to people (the CLI, the site), the square brackets
that mark an editor's or translator's additions in a text, and the abbreviations whose stop
ends no sentence (the sentence segmenter's, :mod:`extract.text.nlp`, and the structure
finder's, which loads no spaCy)."""
from __future__ import annotations

#: Abbreviations whose period never ends a sentence (lowercase, without the period).
NON_TERMINAL = frozenset("т е к н наз назыв фиг рис см стр ср напр г гг ок им ст tab "
                         # a book's references and titles: глава, книга, часть, выпуск,
                         # издание, чертёж, таблица, примечание, профессор, святой, граф,
                         # генерал; страница and село ('на с. 45', 'въ с. Ивановкѣ': no
                         # sentence ends in the bare letter с, the preposition is never last)
                         "гл кн ч вып изд черт табл прим проф св гр ген с "
                         # titles and ranks of the period, none of them a word (императоръ,
                         # академикъ, священникъ, лейтенантъ, статскій, классъ);
                         # publications (журналъ, сочиненія, собраніе, приложеніе, вѣдомости in
                         # both spellings); 'приблиз.' and 'кв.' (квадратный) before a number.
                         # Words that are titles too (полкъ, газъ, сов, гимнъ, кап) are not
                         # here: see the segmenter's _TITLE_OR_WORD
                         "имп акад свящ лейт стат кл журн соч собр прилож вед вѣд приблиз кв"
                         .split())
#: Abbreviations that end a sentence only when a capitalised word follows: those that close
#: a list (``и т. д.``, ``и пр.``) and the money after a number (``5 коп.``, ``2 руб.``: ``по
#: 5 коп. 3 карты`` is one sentence, ``Ставка 5 коп. Берутъ ...`` two).
TERMINAL = frozenset("д п проч пр др коп руб "
                     # рубль as a letter ('1 р. 20 к.': no word is 'р'; 'к.' is money only
                     # after a number, the segmenter's _MONEY_AFTER_NUMBER) and the measures
                     # (аршинъ, вершокъ, сажень: '2 арш. 3 вершк.', none of them a word)
                     "р арш верш вершк саж".split())


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` with its noun in the right number: ``count(1, "deal")`` -> ``"1 deal"``,
    ``count(2, "deal")`` -> ``"2 deals"``, ``count(2, "entry", "entries")`` -> ``"2 entries"``.
    English has one singular (1) and one plural (0, 2, 3, ...)."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def unpaired_bracket(text: str) -> str | None:
    """How the square brackets of ``text`` (an addition's marks: ``[to a row]``) fail to
    pair, in words (``"a ']' with no '[' before it"``, ``"2 '[' not closed"``), or None when
    each ``[`` is closed by a ``]`` after it."""
    depth = 0
    for c in text:
        if c == "[":
            depth += 1
        elif c == "]":
            depth -= 1
            if depth < 0:
                return "a ']' with no '[' before it"
    return f"{depth} '[' not closed" if depth else None
