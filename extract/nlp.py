"""The spaCy layer: a blank ``ru`` pipeline with the edition's own registered components.

``edition_normaliser``
    keeps ``Doc.text`` as the original, stores the :class:`~extract.normalise.Normalisation`
    on ``doc._.normalisation`` and the change list on ``doc._.changes``, and puts each token's
    normalised form on ``token._.reg`` (spaCy fills ``norm_`` itself, so it is left alone).
``edition_sentences``
    abbreviation-aware sentence boundaries computed on ``token._.reg``: the period of an
    abbreviation (``т. е.``, ``и т. д.``, ``и проч.``, ``т. к.``, ``Фиг. 30``, initials) does
    not by itself end a sentence, but ``и т. д.`` / ``и проч.`` followed by a capitalised word
    does; a period followed by a lowercase word does not end one.
``edition_lemmas``
    ``token._.lemma`` from pymorphy3 on the normalised form (loaded once, lazily).

The components are registered with spaCy's entry points (``spacy_factories`` in
pyproject.toml) and also by importing this module.
"""
from __future__ import annotations

from functools import lru_cache

import spacy
from spacy.language import Language
from spacy.tokens import Doc, Token

from .normalise import Normalisation, normalise

for _name, _default in (("normalisation", None), ("changes", ())):
    if not Doc.has_extension(_name):
        Doc.set_extension(_name, default=_default)
for _name in ("reg", "lemma"):
    if not Token.has_extension(_name):
        Token.set_extension(_name, default=None)

#: Abbreviations whose period never ends a sentence (lowercase, without the period).
NON_TERMINAL = frozenset("т е к фиг рис см стр ср напр г гг ок им ст tab".split())
#: Abbreviations that close a list and end a sentence when a capitalised word follows.
TERMINAL = frozenset("д п проч пр др".split())
ENDERS = (".", "!", "?", "…")
CLOSERS = frozenset(")]»\"'”’")


@Language.factory("edition_normaliser")
def make_normaliser(nlp: Language, name: str):
    """Factory of the normaliser component (see the module docstring)."""
    def normaliser(doc: Doc) -> Doc:
        norm = doc._.normalisation
        if norm is None or norm.original != doc.text:
            norm = normalise(doc.text)
            doc._.normalisation = norm
        doc._.changes = norm.changes
        for tok in doc:
            s, e = tok.idx, tok.idx + len(tok.text)
            tok._.reg = norm.text[norm.norm_offset(s):norm.norm_offset(e)]
        return doc
    return normaliser


def _abbreviation(doc: Doc, i: int) -> str | None:
    """If token ``i`` is (or ends with) the period of an abbreviation, its lowercase word."""
    reg = doc[i]._.reg or doc[i].text
    if reg == ".":
        if i == 0:
            return None
        prev = doc[i - 1]
        if prev.whitespace_:
            return None
        word = prev._.reg or prev.text
    elif reg.endswith(".") and len(reg) > 1:
        word = reg[:-1]
    else:
        return None
    word = word.split(".")[-1] if "." in word else word
    if len(word) == 1 and word.isupper():
        return word  # an initial
    low = word.lower()
    return low if low in NON_TERMINAL or low in TERMINAL else None


@Language.factory("edition_sentences")
def make_sentences(nlp: Language, name: str):
    """Factory of the abbreviation-aware sentence boundary component."""
    def sentences(doc: Doc) -> Doc:
        n = len(doc)
        starts = [False] * n
        if n:
            starts[0] = True
        for i in range(n):
            reg = doc[i]._.reg or doc[i].text
            if not reg.endswith(ENDERS):
                continue
            j = i + 1
            while j < n and (doc[j]._.reg or doc[j].text) in CLOSERS:
                j += 1
            if j >= n:
                break
            nxt = (doc[j]._.reg or doc[j].text)
            abbr = _abbreviation(doc, i) if reg.endswith(".") else None
            if abbr is not None:
                if abbr not in TERMINAL or not nxt[:1].isupper():
                    continue
            elif nxt[:1].islower() or nxt[:1] in ",;:)":
                continue
            starts[j] = True
        for i, tok in enumerate(doc):
            tok.is_sent_start = starts[i]
        return doc
    return sentences


@lru_cache(maxsize=1)
def _morph():
    import pymorphy3
    return pymorphy3.MorphAnalyzer(lang="ru")


@Language.factory("edition_lemmas")
def make_lemmas(nlp: Language, name: str):
    """Factory of the pymorphy3 lemma component (lemmas of ``token._.reg``)."""
    def lemmas(doc: Doc) -> Doc:
        morph = _morph()
        for tok in doc:
            reg = tok._.reg or tok.text
            if reg[:1].isalpha():
                tok._.lemma = morph.parse(reg)[0].normal_form
        return doc
    return lemmas


@lru_cache(maxsize=2)
def pipeline(lemmas: bool = False) -> Language:
    """The blank ``ru`` pipeline with the edition's components (lemmas optional: slower)."""
    nlp = spacy.blank("ru")
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
    doc._.normalisation = norm
    for _, proc in nlp.pipeline:
        doc = proc(doc)
    return doc


def sentence_spans(norm: Normalisation) -> list[tuple[int, int]]:
    """Sentence spans ``[(start, end)]`` in original offsets, trailing whitespace excluded."""
    doc = analyse(norm)
    out = []
    for sent in doc.sents:
        s = sent.start_char
        e = sent.end_char
        text = norm.original
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            out.append((s, e))
    return out


def segment_text(text: str) -> list[dict]:
    """Segment any text: a list of ``{"start", "end", "text"}`` with offsets into ``text``.

    Paragraphs (blank-line separated) are segmented separately; a paragraph that ends without
    sentence-final punctuation and is followed by one starting in lowercase is joined to it
    (a page break), as in the edition's own model.
    """
    from .structure import prose_blocks
    out = []
    for s, e in prose_blocks(text, 0, len(text)):
        norm = normalise(text[s:e])
        for a, b in sentence_spans(norm):
            out.append({"start": s + a, "end": s + b, "text": text[s + a:s + b]})
    return out
