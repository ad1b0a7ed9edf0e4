"""A bilingual search language for the site: Russian words are stemmed with the Russian
Snowball stemmer, other words with the English one, both when indexing and in the browser.

Set ``html_search_language = "en_ru"`` (the extension registers it). Because the reading
text is indexed, a word the witness prints in pre-reform spelling (``мѣсто``) is found by its
modern form (``место``).
"""
from __future__ import annotations

import re
from pathlib import Path

import snowballstemmer
import sphinx.search
from sphinx.search import SearchLanguage
from sphinx.search._stopwords.en import ENGLISH_STOPWORDS
from sphinx.search._stopwords.ru import RUSSIAN_STOPWORDS

_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
#: the search scorer (Sphinx's ``html_search_scorer``): a citable id typed whole first
SCORER = Path(__file__).parent / "search_scorer.js"
_JS = Path(sphinx.search.__file__).parent / "minified-js"


def _js() -> str:
    parts = [(_JS / name).read_text(encoding="utf-8")
             for name in ("base-stemmer.js", "russian-stemmer.js", "english-stemmer.js")]
    parts.append(
        "var EditionStemmer = function () {\n"
        "  var ru = new RussianStemmer(), en = new EnglishStemmer();\n"
        "  this.stemWord = function (w) {\n"
        "    w = w.toLowerCase();\n"
        "    return /[\\u0400-\\u04ff]/.test(w) ? ru.stemWord(w) : en.stemWord(w);\n"
        "  };\n};\nwindow.Stemmer = EditionStemmer;")
    return "\n".join(parts)


class SearchEnglishRussian(SearchLanguage):
    """English and Russian in one index (see the module docstring)."""

    lang = "en_ru"
    language_name = "EnglishRussian"
    stopwords = set(ENGLISH_STOPWORDS) | set(RUSSIAN_STOPWORDS)
    js_stemmer_rawcode = ""

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        self.ru = snowballstemmer.stemmer("russian")
        self.en = snowballstemmer.stemmer("english")
        self.js_stemmer_code = _js()
        self._stems: dict[str, str] = {}

    def stem(self, word: str) -> str:
        word = word.lower().replace("ё", "е")
        stem = self._stems.get(word)   # a page repeats its words: stem each once per build
        if stem is None:
            stem = self._stems[word] = (self.ru if _CYRILLIC.search(word) else self.en).stemWord(word)
        return stem


def use_scorer(app, config) -> None:
    """On ``config-inited``: the edition's scorer (:data:`SCORER`) where the project names
    none of its own, so that a reader who types a citable id (``mill:4``) finds its sentence
    first."""
    if not config.html_search_scorer:
        config.html_search_scorer = str(SCORER)
