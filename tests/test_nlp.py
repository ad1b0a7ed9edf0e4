"""The spaCy layer: sentence boundaries, lemmas, and Docs that serialise and cross processes."""
from __future__ import annotations

import re

import spacy
from hypothesis import example, given, settings, strategies as st
from spacy.tokens import Doc, DocBin

from extract.corpus.glossary import lemma
from extract.text import nlp
from extract.text.nlp import analyse, pipeline
from extract.corpus.structure import segment_text
from extract.text.normalise import Emendation, normalise


def sents(text: str) -> list[str]:
    return [s["text"] for s in segment_text(text)]


# --- sentence boundaries --------------------------------------------------------------------

def test_heading_line_is_one_unit():
    text = "Глава XLVII. Часы. - Звезда. - Крест\nЧасы. Берутся две колоды. Кладут тузы."
    assert sents(text) == ["Глава XLVII. Часы. - Звезда. - Крест", "Часы.",
                           "Берутся две колоды.", "Кладут тузы."]


def test_a_books_references_and_titles_end_no_sentence_and_stops_after_a_bang_stay_with_it():
    """A newcomer's chapters: 'гл.', 'Проф.', 'изд.' ended sentences before a capital or a
    number; 'видѣлъ!..' lost its two stops to a sentence of their own."""
    assert sents("Ср. гл. XLIV, стр. 112. Проф. Н. Н. Иванов замечает это. Ст. Петербургъ, "
                 "1869 г. изд. 2-е.") == ["Ср. гл. XLIV, стр. 112.",
                                          "Проф. Н. Н. Иванов замечает это.",
                                          "Ст. Петербургъ, 1869 г. изд. 2-е."]
    assert sents("Только заяцъ его и видѣлъ!.. Катится дальше. Куда?.. Не знаю.") == [
        "Только заяцъ его и видѣлъ!..", "Катится дальше.", "Куда?..", "Не знаю."]
    # a breaker's page: '?!', '!!' and '?!.' made citable sentences of stops alone
    assert sents("Валеты на дамъ?! Нѣтъ. Десятки на валетовъ!! Да. Семерки куда?!. Никуда. "
                 "Какъ?!?! Такъ.") == ["Валеты на дамъ?!", "Нѣтъ.", "Десятки на валетовъ!!",
                                       "Да.", "Семерки куда?!.", "Никуда.", "Какъ?!?!", "Такъ."]


def test_the_page_abbreviation_s_ends_no_sentence():
    """A breaker's chapter: 'описанная на с. 45 этой книги' was cut after 'с.' (page, as
    'стр.' is), and 'См. с. 45 и с. 46. Тамъ показано.' into three pieces, the last gluing
    two sentences. 'с.' (страница, село) is an abbreviation whose stop ends no sentence: no
    sentence ends in the bare letter (the preposition is 'съ' before the reform, and is
    never last)."""
    assert sents("Этотъ пасьянсъ раскладывается, какъ «Мельница», описанная на с. 45 этой "
                 "книги, но изъ одной колоды. Тузы кладутъ въ рядъ.") == [
        "Этотъ пасьянсъ раскладывается, какъ «Мельница», описанная на с. 45 этой книги, но "
        "изъ одной колоды.", "Тузы кладутъ въ рядъ."]
    assert sents("См. с. 45 и с. 46. Тамъ показано.") == ["См. с. 45 и с. 46.", "Тамъ показано."]
    assert sents("Описано въ гл. XL, с. 7; тамъ же и рисунокъ. Дамы вверхъ.") == [
        "Описано въ гл. XL, с. 7; тамъ же и рисунокъ.", "Дамы вверхъ."]
    assert sents("Родился въ с. Ивановкѣ. Потомъ уѣхалъ.") == ["Родился въ с. Ивановкѣ.",
                                                              "Потомъ уѣхалъ."]


def test_the_words_after_a_speech_that_asks_or_exclaims_stay_in_its_sentence():
    """A field test's chapter: '— Сколько колодъ? — спрашиваетъ одинъ.' was cut after the
    question, making '— спрашиваетъ одинъ.' a sentence of its own. The author's words after
    a dash, in lower case, go on the sentence (Russian punctuation of direct speech); a
    capital after the dash is a new line of speech."""
    assert sents("— Сколько колодъ? — спрашиваетъ одинъ. — Двѣ! – отвѣчаетъ другой. "
                 "Тузы кладутъ вверхъ.") == [
        "— Сколько колодъ? — спрашиваетъ одинъ.", "— Двѣ! – отвѣчаетъ другой.",
        "Тузы кладутъ вверхъ."]
    assert sents("Сколько колодъ? — Двѣ. Кладите.") == ["Сколько колодъ?", "— Двѣ.",
                                                       "Кладите."]
    assert sents("Куда класть?.. — спросилъ онъ. Вверхъ.") == [
        "Куда класть?.. — спросилъ онъ.", "Вверхъ."]


def test_caption_line_is_its_own_unit():
    text = "Карты кладутся так, как показано.\nФиг. 30.\nПотом берут колоду."
    assert sents(text) == ["Карты кладутся так, как показано.", "Фиг. 30.",
                           "Потом берут колоду."]


def test_line_without_final_punctuation_is_its_own_unit():
    text = "Пасьянс кончен.\nКРЕСТ\nБерутся две колоды и\nраскладываются."
    assert sents(text) == ["Пасьянс кончен.", "КРЕСТ",
                           "Берутся две колоды и\nраскладываются."]


def test_a_full_width_line_before_a_capitalised_word_is_no_unit():
    """A newcomer's hard-wrapped chapter: '... подъ именемъ' / 'Косынки. Цѣль ...' was cut
    into two sentences (a line without final punctuation before a capital, taken as a title
    line); a line as wide as those around it is wrapped prose. A short one still is a unit."""
    text = ("ты и выкладывают на столе семь пачек в ряд.\n"
            "Пасьянс этот очень известен у нас под именем\n"
            "Косынки. Цель пасьянса состоит в том, чтобы выложить.")
    assert sents(text) == ["ты и выкладывают на столе семь пачек в ряд.",
                           "Пасьянс этот очень известен у нас под именем\nКосынки.",
                           "Цель пасьянса состоит в том, чтобы выложить."]
    text = ("Пасьянс кончен и все карты лежат на столе.\nКосынка\n"
            "Берутся две колоды и раскладываются в ряд.")
    assert sents(text)[1] == "Косынка"


def test_a_short_first_line_that_a_clause_goes_on_from_is_no_title():
    """A breaker's narrow-column chapter: a paragraph's short first line with no stop, before
    a line that begins with a numeral, a capital, a bracket or a quote, was cut off as a
    title line. A line that ends on a finite verb, a preposition or a conjunction goes on."""
    for first, rest in (("Для этого пасьянса берутъ", "2 колоды картъ и кладутъ тузы."),
                        ("Потомъ открываютъ", "Туза пикъ и кладутъ его въ середину."),
                        ("Карты кладутъ", "(по одной) въ рядъ."),
                        ("Затѣмъ кладутъ", "«Мельницу» по правиламъ."),
                        ("Потомъ кладутъ карты въ", "Рядъ по двѣ.")):
        assert sents(f"Пасьянс кончен.\n{first}\n{rest}") == [
            "Пасьянс кончен.", f"{first}\n{rest}"], first
    # a title line with no stop still stands alone, even the one that ends on an adjective
    assert sents("Пасьянс кончен.\nКосынка простая\nБерутъ колоду.")[1] == "Косынка простая"


def test_a_number_or_a_figure_line_inside_a_running_sentence_cuts_nothing():
    """A tester's wrapped lines: a short line after a finished sentence, the next line
    beginning with a number ('Затѣмъ на столъ' / '10 картъ ...', 'на фигурѣ' / '3 и ...'),
    was cut off as a title line; a figure's number on a line of its own inside a sentence
    that runs on ('какъ на' / 'Фиг. 3' / 'видно ...') cut it in three. A number that goes on
    with the clause, and a figure line between two pieces of one sentence, cut nothing."""
    for first, rest in (("Затѣмъ на столъ", "10 картъ кладутъ въ рядъ."),
                        ("Затѣмъ ихъ кладутъ какъ на фигурѣ", "3 и снимаютъ."),
                        ("Кладутъ ихъ всѣ", "52 въ рядъ."),
                        ("Потомъ кладутъ на столъ карты въ рядъ, какъ на", "Фиг. 3\nвидно."),
                        ("Потомъ кладутъ на столъ карты въ рядъ", "(Рис. 12)\nи снимаютъ.")):
        assert sents(f"Всѣ тузы кладутся особо.\n{first}\n{rest}") == [
            "Всѣ тузы кладутся особо.", f"{first}\n{rest}"], first
    # a title line before a numbered rule, and a caption between two sentences, stand alone
    assert sents("Пасьянс кончен.\nКосынка\n1. Берутъ колоду.")[1] == "Косынка"
    assert sents("Пасьянс кончен.\nКосынка\n2) Берутъ колоду.")[1] == "Косынка"
    assert sents("Карты кладутся так.\nФиг. 30\nи потом.")[1] == "Фиг. 30"
    assert sents("Карты кладутся так, как\nФиг. 30\nПотом берут колоду.")[1] == "Фиг. 30"


def test_wrapped_lines_are_not_units():
    text = "Берутся две колоды\nкарт и раскладываются\nв четыре ряда. Затем тасуют."
    assert sents(text) == ["Берутся две колоды\nкарт и раскладываются\nв четыре ряда.",
                           "Затем тасуют."]


def test_label_stays_with_its_sentence():
    assert sents("II. Карты раскладывают в ряд. 3. Затем тасуют.") == [
        "II. Карты раскладывают в ряд.", "3. Затем тасуют."]


def test_named_letter_ends_a_sentence_but_initials_do_not():
    assert sents("Ряд обозначен буквой А. Затем кладут туза.") == [
        "Ряд обозначен буквой А.", "Затем кладут туза."]
    assert sents("Так писал А. С. Пушкин. Потом.") == ["Так писал А. С. Пушкин.", "Потом."]
    # one initial before a surname the dictionary knows only with е for ё ('Огарёв'), or
    # does not know but that ends as Russian surnames do: the last field test's find
    assert sents("Этот пасьянс любил Н. Огарёв. Берут колоду.") == [
        "Этот пасьянс любил Н. Огарёв.", "Берут колоду."]
    assert sents("Его придумал П. Збруев. Берут колоду.") == [
        "Его придумал П. Збруев.", "Берут колоду."]
    assert sents("Ряд обозначен буквой Б. Тузов кладут два.") == [
        "Ряд обозначен буквой Б.", "Тузов кладут два."]


def test_a_year_after_its_number_and_a_card_letter_after_a_word_may_end_a_sentence():
    """A breaker's page: 'въ 1885 г. Онъ же ...' and 'Д. на К. Въ 1-мъ рядѣ ...' were one
    sentence each. 'г.' after a number (a year, a weight) ends a sentence before a capital
    that is no name ('г. Ивановъ', Mr Ivanov, and 'въ 1812 г. Москва' go on); a capital
    letter with its period is an initial only beside another one, not with a word between
    them ('Д. на К.')."""
    assert sents("Его описалъ г. Ивановъ въ 1885 г. Онъ же придумалъ и другіе. Въ 1812 г. "
                 "Москва горѣла. Въ 1880—1885 гг. Онъ жилъ тамъ.") == [
        "Его описалъ г. Ивановъ въ 1885 г.", "Онъ же придумалъ и другіе.",
        "Въ 1812 г. Москва горѣла.", "Въ 1880—1885 гг.", "Онъ жилъ тамъ."]
    assert sents("Кладутъ К. на Т. и Д. на К. Въ 1-мъ рядѣ кладутъ В. черв. на Д. черв. "
                 "Такъ писалъ А. С. Пушкинъ.") == [
        "Кладутъ К. на Т. и Д. на К.", "Въ 1-мъ рядѣ кладутъ В. черв. на Д. черв.",
        "Такъ писалъ А. С. Пушкинъ."]


def test_no_break_inside_quotes_or_brackets():
    text = "Он сказал: «Кладите. Тасуйте.» Затем (см. Фиг. 2. Там видно.) ушел. Конец."
    assert sents(text) == ["Он сказал: «Кладите. Тасуйте.»",
                           "Затем (см. Фиг. 2. Там видно.) ушел.", "Конец."]


def test_unmatched_bracket_does_not_swallow_the_rest():
    assert sents("Карты (две колоды. Кладут тузы. Конец.") == [
        "Карты (две колоды.", "Кладут тузы.", "Конец."]


def test_abbreviations():
    assert sents("Кладут тузы, т. е. основания, и т. д. Потом тасуют и проч. Конец.") == [
        "Кладут тузы, т. е. основания, и т. д.", "Потом тасуют и проч.", "Конец."]


def test_a_word_in_quotes_after_a_stop_is_read_by_its_own_case():
    """A newcomer's chapter: 'т. наз. «перекладка» бываетъ' was cut after 'наз.' (the
    quote, not the word in it, was looked at; and OCR's repair read 'наз' as 'паз'). A
    lower-case word inside quotes or brackets goes on the sentence; a capital still begins
    one, and so does a list's closing abbreviation before a capital in quotes."""
    assert sents("Колоду перекладываютъ, т. наз. «перекладка» бываетъ два раза. Конецъ.") == [
        "Колоду перекладываютъ, т. наз. «перекладка» бываетъ два раза.", "Конецъ."]
    assert sents("Это т. н. „звѣзда“ и пр. (мелочи) бываютъ. Это т. н. Звѣзда.") == [
        "Это т. н. „звѣзда“ и пр. (мелочи) бываютъ.", "Это т. н. Звѣзда."]
    assert sents("Тузы и пр. «Короли» идутъ вверхъ. Кладутъ. «Мельница» выходитъ.") == [
        "Тузы и пр.", "«Короли» идутъ вверхъ.", "Кладутъ.", "«Мельница» выходитъ."]
    assert normalise("т. наз. карта").text == "т. наз. карта"


def test_a_drawing_or_a_table_cited_by_number_ends_no_sentence():
    """An 1870s book cites its plates as 'черт.' (a drawing) and 'табл.': the number after
    the period is the reference's, the sentence goes on (pre-reform spelling too)."""
    assert sents("Кладутъ, какъ на черт. 3 и снимаютъ. Конецъ.") == [
        "Кладутъ, какъ на черт. 3 и снимаютъ.", "Конецъ."]
    assert sents("Счетъ по табл. 2 и прим. 4 вѣренъ. Конецъ.") == [
        "Счетъ по табл. 2 и прим. 4 вѣренъ.", "Конецъ."]


def test_a_numbered_item_after_an_abbreviation_that_ends_a_sentence_begins_one():
    """A newcomer's chapter: rule '2)' after '... и т. д.' was one sentence with rule 1; a
    number that is no item ('и т. д. 5 картъ') stays in its sentence."""
    assert sents("1) Кладут туз и т. д.\n2) Открытые карты кладут и т. п. 3. Потом все, "
                 "и т. д. 5 карт.") == [
        "1) Кладут туз и т. д.", "2) Открытые карты кладут и т. п.",
        "3. Потом все, и т. д. 5 карт."]


def test_a_digit_three_for_z_after_a_stop_begins_a_sentence_with_its_capital():
    """A breaker's find (r2): OCR's digit 3 for З opening a sentence, 'столбикъ. 3атѣмъ', was
    read 'затем' in small letters and the two sentences were one. The repair reads the word
    with a capital after a stop (a 0 for О alike), so the segmenter sees a sentence start; in
    a sentence, and after an abbreviation that ends none, it stays small; a count stays a
    count."""
    text = "Сдаютъ по одной картѣ на каждый столбикъ. 3атѣмъ играютъ дальше."
    assert sents(text) == ["Сдаютъ по одной картѣ на каждый столбикъ.",
                           "3атѣмъ играютъ дальше."]
    n = normalise(text)
    assert n.text == "Сдают по одной карте на каждый столбик. Затем играют дальше."
    assert normalise(n.text).changes == ()
    assert normalise("Кладутъ!\n\n«0дной картой»").text == "Кладут!\n\n«Одной картой»"
    assert normalise("и 3атѣмъ, т. е. 3атѣмъ").text == "и затем, т. е. затем"
    assert normalise("Платятъ 5 коп. 3 карты. 3карты").text == "Платят 5 коп. 3 карты. 3карты"


def test_boundaries_on_pre_reform_text():
    assert sents("Въ лѣсу стоялъ дубъ. Онъ былъ старъ.") == ["Въ лѣсу стоялъ дубъ.",
                                                             "Онъ былъ старъ."]


# --- lemmas -----------------------------------------------------------------------------------

def test_card_lemmas():
    words = {"дам": "дама", "червей": "черви", "пик": "пики", "треф": "трефы",
             "валетов": "валет", "бубен": "бубны", "Королей": "король", "двойку": "двойка"}
    assert {w: lemma(w) for w in words} == words


def test_glossary_terms_win_over_the_card_vocabulary_and_the_analyser():
    assert lemma("дам") == "дама"
    assert lemma("дам", frozenset({"дать"})) == "дать"


def test_lemma_component():
    nlp = pipeline(lemmas=True)
    doc = nlp("Кладутъ дамъ и валетовъ червей.")
    assert [t._.lemma for t in doc if t.is_alpha] == ["класть", "дама", "и", "валет", "черви"]


def test_lemma_component_prefers_configured_glossary_lemmas():
    nlp = spacy.blank("ru")
    nlp.add_pipe("edition_normaliser")
    nlp.add_pipe("edition_lemmas", config={"prefer": ["дать"]})
    assert [t._.lemma for t in nlp("Я дам")] == ["я", "дать"]


# --- serialisation ---------------------------------------------------------------------------

TEXTS = ["Въ лѣсу стоялъ дубъ. Онъ былъ старъ.", "Берутся двѣ колоды - и только.",
         "Кладутъ дамъ нзвестно какъ."]


def _fresh_nlp():
    """A pipeline built from the registered names only (entry points), as a user would."""
    nlp = spacy.blank("ru")
    for name in ("edition_normaliser", "edition_sentences", "edition_lemmas"):
        nlp.add_pipe(name)
    return nlp


def _summary(doc: Doc):
    return (doc.text, [s.text for s in doc.sents], [t._.reg for t in doc],
            [t._.lemma for t in doc], doc._.normalisation.text,
            [c.to_json() for c in doc._.changes])


def test_doc_to_bytes_round_trip():
    nlp = _fresh_nlp()
    doc = nlp(TEXTS[0])
    back = Doc(nlp.vocab).from_bytes(doc.to_bytes())
    assert _summary(back) == _summary(doc)
    assert back._.normalisation == normalise(TEXTS[0])


def test_docbin_keeps_user_data():
    nlp = _fresh_nlp()
    docs = list(nlp.pipe(TEXTS))
    data = DocBin(docs=docs, store_user_data=True).to_bytes()
    back = list(DocBin(store_user_data=True).from_bytes(data).get_docs(nlp.vocab))
    assert [_summary(d) for d in back] == [_summary(d) for d in docs]


def test_pipe_with_two_processes():
    nlp = _fresh_nlp()
    one = [_summary(d) for d in nlp.pipe(TEXTS)]
    two = [_summary(d) for d in nlp.pipe(TEXTS, n_process=2, batch_size=1)]
    assert two == one
    assert one[2][4] == "Кладут дам известно как."


def test_analyse_keeps_emendations():
    text = "Берется мета."
    norm = normalise(text, [Emendation(8, 12, "мета", "места", "misprint")])
    doc = analyse(norm)
    assert doc._.normalisation.text == "Берется места."
    assert [t._.reg for t in doc][1] == "места"


def test_bad_lemma_config_names_the_fix():
    import pytest
    from extract.text.errors import EditionError
    nlp = spacy.blank("ru")
    with pytest.raises(EditionError, match="prefer must be a list"):
        nlp.add_pipe("edition_lemmas", config={"prefer": [1, 2]})


def test_unclosed_quote_opening_a_paragraph_runs_to_its_end():
    text = "«Про лошадь узнать было труднее. Калека указал на лошадь. Поэтому я узнал.\n\nТогда он сказал."
    assert sents(text) == ["«Про лошадь узнать было труднее. Калека указал на лошадь. Поэтому я узнал.",
                           "Тогда он сказал."]
    # an unclosed quote inside a line does not swallow the sentences after it
    assert sents("Он сказал «да. Потом ушел. Конец.") == ["Он сказал «да.", "Потом ушел.", "Конец."]


def test_a_normalisation_of_another_text_is_refused():
    import pytest
    doc = pipeline().make_doc("Въ лѣсу.")
    with pytest.raises(ValueError, match="another text"):
        doc._.normalisation = normalise("Другой текст.")


# --- the segmenter's plain-list path is the pipeline's -----------------------------------------

_MIXED = ("Глава XLVII. Часы. - Звезда\nЧасы. Берутся двѣ колоды (см. Фиг. 2. Тамъ видно.) и "
          "кладутся. Он сказал: «Кладите. Тасуйте.» Так писал А. С. Пушкин. II. Карты "
          "раскла-\nдываютъ, т. е. кладутъ въ рядъ и т. д. Потомъ д-р мед. наук сказалъ: "
          "«Вотъ!» Конецъ… Еще?\n\n«Прямая речь идет\n\nдальше. Да.»")


def _pipeline_spans(norm):
    """Sentence spans read off analyse()'s Doc (the components' path)."""
    doc = analyse(norm)
    out = []
    for sent in doc.sents:
        s, e = sent.start_char, sent.end_char
        while e > s and norm.original[e - 1].isspace():
            e -= 1
        if e > s:
            out.append((s, e))
    return out


def test_sentence_spans_equal_the_pipelines():
    from extract.text.nlp import sentence_spans
    for text in (_MIXED, _MIXED.replace("\n", " "), "", "   ", "Одно слово"):
        norm = normalise(text)
        assert sentence_spans(norm) == _pipeline_spans(norm)


def test_long_text_tokenized_in_pieces_as_a_whole(monkeypatch):
    """A text cut into pieces for the tokenizer gives the tokens of the whole (pieces of 30
    characters: cuts everywhere, also next to the tokenizer's special cases with spaces)."""
    from spacy.attrs import IDX, IS_SPACE, LENGTH, SPACY

    from extract.text import nlp
    specials = " ".join(k for k in pipeline().tokenizer.rules if " " in k.strip())
    text = (_MIXED.replace("\n", " ") + " " + specials + " ") * 3
    whole = pipeline().make_doc(text).to_array([IDX, LENGTH, IS_SPACE, SPACY]).tolist()
    monkeypatch.setattr(nlp, "TOKENIZE_PIECE", 30)
    assert nlp._token_rows(text) == whole
    norm = normalise(text)
    assert nlp.sentence_spans(norm) == _pipeline_spans(norm)


_PIECES = ("Тузы", "кладутъ", "особо", ".", "!", " ", " ", "\n", "<ref></ref>", "<ref name=b/>",
           "<ref name=\"a\"/>", "''", "'''", "[[а|б]]", "&amp;", "*", "»", "«", "—", "Короли",
           "\n* ", "\n# ", "\n: ", "<!-- x! -->", "<br />", "<br/>", "<!--x-->", "[^1]", "<!--", "-->")


@settings(deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40))
@example(["Тузы", ".", "<ref></ref>", " ", "Короли", "."])
@example(["Тузы", ".", "<ref name=b/>", " ", "Короли", "."])
@example([".", "<ref name=b/>", "<ref></ref>"])     # two tags: a cut fell in the second
@example(["Тузы", ".", " ", "<!-- x! -->", " ", "<!-- x! -->", " ", "Короли", "."])  # one lost
@example([" ", "<!-- x! -->", " ", "<!-- x! -->"])   # a start moved into a comment's blank
def test_a_sentence_never_cuts_a_change_in_two(pieces):
    """Wiki markup and footnote tags the reading text leaves out, glued after a stop or
    anywhere: every sentence's span holds each change whole (the tokenizer cuts such markup
    anywhere; a cut inside a change crashed ``add``), and the glued tag stays with the
    sentence its stop ends."""
    from extract.corpus import structure
    from extract.model.edition import _marked_normalisation
    text = "".join(pieces)
    tags = [(m.start(), m.end(), "") for m in re.finditer(r"<ref[^<>]*/>|<ref></ref>", text)]
    markup = [x for x in structure.wiki_markup(text, marks=structure._WIKI_LIST_MARK)
              if not any(a < x[1] and x[0] < b for a, b, _ in tags)]
    norm = _marked_normalisation(text, (), (), (), sorted(markup + tags))
    spans = nlp.sentence_spans(norm)
    for s, e in spans:
        assert norm.change_around(s) is None and norm.change_around(e) is None, (s, e)
        norm.slice(s, e)
    # no text falls between two sentences (``картъ. <!-- a --> <!-- b --> Тузы`` lost the
    # second comment, and ``add`` stopped with "the splitter lost text")
    for (_, e), (s, _) in zip(spans, spans[1:]):
        assert not text[e:s].strip(), (text[e:s], spans)


def test_a_tag_glued_after_a_stop_stays_with_its_sentence():
    """``кругомъ.<ref></ref> Тузы`` and ``кругомъ.<ref name=b/> Тузы``: two sentences, the
    tag (which the tokenizer cuts inside) ending the first."""
    from extract.model.edition import _marked_normalisation
    for tag in ("<ref></ref>", "<ref name=b/>"):
        text = f"Карты кладутъ кругомъ.{tag} Тузы кладутъ особо."
        a = text.index(tag)
        norm = _marked_normalisation(text, (), (), (), [(a, a + len(tag), "")])
        assert [text[s:e] for s, e in nlp.sentence_spans(norm)] == [
            f"Карты кладутъ кругомъ.{tag}", "Тузы кладутъ особо."], tag


def test_text_without_markup_is_tokenized_as_spacy_does():
    """The tokenizer cuts wiki and Markdown markup out of words (``картъ.<br/>Тузы``), and
    nothing else: an arrow of OCR text (``тузъ-->король``, ``7.-->8.``), a bracket or a
    caret are cut as spaCy's blank Russian pipeline cuts them."""
    import spacy
    base = spacy.blank("ru")
    for text in ("Берутъ колоду картъ.-->Тузы кладутъ особо.", "Семерки 7.-->8. лежатъ.",
                 "Тузы-->Короли a--->b т.-->д. <! <!- <-- -> [^1 [^] -----",
                 "См. [1] и (2), а[б] -- конецъ."):
        assert [t.text for t in pipeline().make_doc(text)] == [t.text for t in base.make_doc(text)]
    assert [t.text for t in pipeline().make_doc("картъ.<Br/>Тузы")] == ["картъ.", "<Br/>", "Тузы"]


def test_markup_closing_a_paragraph_after_its_stop_ends_the_last_sentence():
    """A paragraph wrapped whole in a template (``{{c|... раскладываютъ.''}}``, a breaker's
    epigraph ``{{right|''Терпѣніе ...''}}``): the ``}}`` after the last stop was a sentence of
    its own, citable and empty in the reading text; it closes the sentence before it."""
    from extract.corpus import structure
    from extract.model.edition import _marked_normalisation
    text = "{{c|''Кладутъ карты рядомъ. Потомъ ихъ собираютъ.''}}"
    markup = structure.wiki_markup(text, marks=structure._WIKI_LIST_MARK)
    norm = _marked_normalisation(text, (), (), (), sorted(markup))
    assert [text[s:e] for s, e in nlp.sentence_spans(norm)] == [
        "{{c|''Кладутъ карты рядомъ.", "Потомъ ихъ собираютъ.''}}"]


def test_money_after_a_number_ends_a_sentence_only_before_a_capital():
    """A breaker's page: 'по 5 коп. 3 карты' was cut after 'коп.' (a stop before a number);
    the money after a number ends a sentence only where a capitalised word follows, as 'и т.
    д.' does."""
    assert sents("Ставятъ по 5 коп. 3 карты кладутъ вверхъ. Ставка 2 руб. Берутъ колоду.") == [
        "Ставятъ по 5 коп. 3 карты кладутъ вверхъ.", "Ставка 2 руб.", "Берутъ колоду."]


def test_a_dot_leader_before_a_number_ends_no_sentence():
    """A table of card values set with dot leaders (``Тузъ ............ 1``, an 1880s book's
    'what each card counts') was cut at the leader, the value a sentence of its own. A run
    of four dots or more before a number is a leader, glued or spaced; a three-dot ellipsis
    before a capital still ends a sentence."""
    for row in ("Тузъ ............ 1", "Десятки . . . . . 10"):
        assert [s["text"] for s in segment_text(row + "\n")] == [row]
    assert len(segment_text("Карты кладутъ... Тузы идутъ вверхъ.\n")) == 2


def test_money_abbreviated_to_a_letter_after_a_number_ends_a_sentence_as_kopecks_do():
    """A breaker's cases (breaker8 seg_money): '1 р. 20 к.' was cut after 'р.' (a stop before
    a number), and 'к.' after a number never ended a sentence ('Ставка 10 к. Выигравшій ...'
    was one). After a number 'р.' and 'к.' are money, as 'руб.' and 'коп.' are: they end a
    sentence only before a capitalised word; 'т. к.' still ends none."""
    assert sents("Колода стоитъ 1 р. 20 к. Берутъ двѣ колоды. Платятъ по 1 р. 50 к. съ "
                 "партіи. Ставка 10 к. Выигравшій получаетъ все. Ставка 3 р. Тузы вверхъ.") == [
        "Колода стоитъ 1 р. 20 к.", "Берутъ двѣ колоды.", "Платятъ по 1 р. 50 к. съ партіи.",
        "Ставка 10 к.", "Выигравшій получаетъ все.", "Ставка 3 р.", "Тузы вверхъ."]
    assert sents("Всего 104 карты, т. к. Колоды двѣ.") == ["Всего 104 карты, т. к. Колоды двѣ."]


def test_one_initial_or_an_abbreviated_first_name_before_a_name_the_dictionary_lacks():
    """A breaker's cases (breaker8 seg_initials): one initial before a surname the dictionary
    does not tag as one ('Н. Вагнеръ', a first name to it; 'В. Крестовскій', a place; 'J.
    Smith', unknown) and an abbreviated first name ('Ив.', 'Вл.', 'Ал.') ended a sentence.
    A capital letter's stop ends one only before a word the dictionary knows as no name
    ('буквой А. Затем'); a letter that opens a line (a list's mark) is left as it was."""
    for text in ("Его описалъ Н. Вагнеръ въ своей книгѣ.", "Пасьянсъ, по словамъ Н. Вагнера, "
                 "очень старъ.", "Пасьянсъ сообщилъ намъ В. Крестовскій.",
                 "Пасьянсъ описанъ у J. Smith.", "Пасьянсъ сообщилъ Ив. Петровъ.",
                 "Пасьянсъ сообщилъ Вл. Соловьевъ.", "Пасьянсъ сообщилъ Ал. Н. Петровъ.",
                 "Пасьянсъ сообщилъ Ѳед. Вагнеръ."):
        assert sents(text) == [text]
    assert sents("Ряд обозначен буквой В. Из него берут туза.") == [
        "Ряд обозначен буквой В.", "Из него берут туза."]
    assert sents("Правила:\nА. Вагнеръ кладетъ тузы.\n") == ["Правила:\nА.",
                                                           "Вагнеръ кладетъ тузы."]


def test_initials_before_a_pronoun_and_the_hour_after_a_number_end_a_sentence():
    """A breaker's cases (breaker8 segcases): 'написалъ Н. Н. Онъ же ...' was one sentence
    (two initials were taken to stand before a name whatever followed) and 'Въ 1 ч. Пасьянсъ
    ...' one (the hour, 'ч.', never ended one). After initials a pronoun, preposition,
    conjunction or particle opens a new sentence; after a number 'ч.' ends one before a
    capitalised word that is no name, as the year's 'г.' does."""
    assert sents("Его написалъ Н. Н. Онъ же и издалъ книгу.") == [
        "Его написалъ Н. Н.", "Онъ же и издалъ книгу."]
    assert sents("Пасьянсъ сообщилъ Н. Н. Петровъ.") == ["Пасьянсъ сообщилъ Н. Н. Петровъ."]
    assert sents("Его описалъ А. С. Пушкинъ.") == ["Его описалъ А. С. Пушкинъ."]
    assert sents("Въ 1 ч. Пасьянсъ былъ конченъ.") == ["Въ 1 ч.", "Пасьянсъ былъ конченъ."]
    for text in ("Въ 1 ч. ночи пасьянсъ былъ конченъ.", "Въ 2 ч. Петровъ пришелъ.",
                 "См. ч. 2 книги."):
        assert sents(text) == [text]


def test_titles_ranks_measures_and_publications_abbreviated_end_no_sentence():
    """A breaker's cases (breaker8 seg_abbrev): 'имп.', 'кап.', 'полк.', 'акад.', 'ст. сов.',
    'ген.-лейт.', 'журн.', 'газ.', 'соч.', 'приблиз.', 'арш.', 'гимн.', 'кл.' ended a sentence
    before a capital, a quote or a number. An abbreviation that is also a word ('полк', 'газ')
    still ends one where the word would: before a word that is no name."""
    for text in ("Пасьянсъ этотъ любила имп. Марія Ѳеодоровна.", "Пасьянсъ сообщилъ кап. "
                 "Петровъ.", "Пасьянсъ сообщилъ полк. Петровъ.", "Пасьянсъ сообщилъ акад. "
                 "Петровъ.", "Пасьянсъ сообщилъ ст. сов. Петровъ.", "Этотъ пасьянсъ изобрѣлъ "
                 "ген.-лейт. Ивановъ.", "Объ этомъ въ газ. «Новое Время».",
                 "Это бываетъ приблиз. 10 разъ.", "Пасьянсъ сообщилъ гимн. 3-го кл. Петровъ."):
        assert sents(text) == [text]
    assert sents("Объ этомъ въ журн. «Нива» за 1889 г. Тамъ же рисунки.") == [
        "Объ этомъ въ журн. «Нива» за 1889 г.", "Тамъ же рисунки."]
    assert sents("Пасьянсъ описанъ въ соч. Пушкина, т. III, стр. 5. Тамъ же сказано.") == [
        "Пасьянсъ описанъ въ соч. Пушкина, т. III, стр. 5.", "Тамъ же сказано."]
    assert sents("Длина ряда 2 арш. 3 вершк. Ширина 1 арш. Конецъ.") == [
        "Длина ряда 2 арш. 3 вершк.", "Ширина 1 арш.", "Конецъ."]
    assert sents("Онъ уѣхалъ въ полк. Тамъ его ждали. Пустили газ. Потомъ ушли.") == [
        "Онъ уѣхалъ въ полк.", "Тамъ его ждали.", "Пустили газ.", "Потомъ ушли."]
