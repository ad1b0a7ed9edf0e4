"""Footnotes (issue 18) on unusual input an editor's exports hold: which marker each footnote
of a page is taken to answer. Fast: the finder (``extract.corpus.structure.analyse``) only."""
from __future__ import annotations

from extract.corpus.structure import analyse

HEAD = "ГЛАВА L.\n\nПасьянсъ «Звѣздочка».\n\n"
SUP = "⁰¹²³⁴⁵⁶⁷⁸⁹"


def _notes(text: str) -> list[tuple[str, str]]:
    """(the footnote's first line, the word and marker it answers) for each footnote."""
    out = []
    for p in analyse(text).parts:
        if p.kind == "debris" and p.label == "footnote" and p.note == p.start:
            at = text[p.marker[0] - 12:p.marker[1]].split()[-1] if p.marker else None
            out.append((text[p.start:p.end], at))
    return out


def _sup(n: int) -> str:
    return "".join(SUP[int(c)] for c in str(n))


def test_two_footnotes_with_the_same_marker_on_one_page_answer_their_markers_in_order():
    """``*)`` twice in the text and twice at the foot: the first footnote is the first
    marker's, the second the second's (not the other way round)."""
    text = HEAD + ("Берутъ полную колоду картъ*) и раскладываютъ ихъ въ четыре ряда.\n\n"
                   "Когда всѣ карты разложены, начинаютъ игру*) съ перваго ряда.\n\n"
                   "*) Первое примѣчаніе.\n*) Второе примѣчаніе.\n")
    assert _notes(text) == [("*) Первое примѣчаніе.", "картъ*)"),
                            ("*) Второе примѣчаніе.", "игру*)")]


def test_ten_or_more_superscript_footnotes():
    """``¹⁰``, ``¹¹``, ``¹²``: footnotes and markers of two superscript digits (⁰ among them);
    the ``¹`` inside ``¹¹`` is no marker of its own."""
    words = ["картъ", "туза", "короля", "даму", "валета", "десятку", "девятку", "восьмерку",
             "семерку", "шестерку", "пятерку", "четверку"]
    body = " ".join(f"Снимаютъ {w}{_sup(i + 1)} со стола." for i, w in enumerate(words))
    notes = "\n".join(f"{_sup(i + 1)} Сноска номеръ {i + 1}." for i in range(len(words)))
    got = _notes(HEAD + body + "\n\n" + notes + "\n")
    assert got == [(f"{_sup(i + 1)} Сноска номеръ {i + 1}.", f"{w}{_sup(i + 1)}")
                   for i, w in enumerate(words)], got


def test_a_numbered_rule_is_not_the_footnote_of_a_square_metre():
    """``м²`` (a unit) and a numbered list ``1) ... 2) ... 3)`` in the rules: ``2) Короля ...``
    is a rule of the list, not a footnote answering the ``²`` of ``м²``."""
    text = HEAD + ("Берутъ полную колоду картъ и раскладываютъ ихъ на столѣ въ 2 м² величиною. "
                   "Туза кладутъ наверхъ въ 1¹/₂ вершка отъ края.\n"
                   "Правила слѣдующія:\n1) Туза кладутъ наверхъ.\n2) Короля кладутъ внизъ.\n"
                   "3) Даму кладутъ въ сторону.\n\nКогда всѣ карты разложены, начинаютъ игру.\n")
    assert _notes(text) == []


def test_a_marker_after_a_quoted_title_stays_with_the_title():
    """``Пасьянсъ «Звѣздочка»*).``: the marker and stop after the title's closing quote are
    the title's, not a sentence ``*).`` of the game (which ``add`` would lock as a citable
    id); the footnote it calls has no sentence to go with (a warning)."""
    text = ("ГЛАВА L.\n\nПасьянсъ «Звѣздочка»*).\n\n"
            "Берутъ полную колоду картъ и раскладываютъ ихъ въ четыре ряда.\n\n"
            "*) Звѣзда по-латыни.\n")
    layout = analyse(text)
    title = next(p for p in layout.parts if p.kind == "title")
    assert (title.label, text[title.start:title.end]) == ("Звѣздочка", "Пасьянсъ «Звѣздочка»*).")
    assert [text[p.start:p.end] for p in layout.parts if p.kind == "prose"] == [
        "Берутъ полную колоду картъ и раскладываютъ ихъ въ четыре ряда."]
    assert [w for _, w in layout.warnings] == [
        "the footnote '*)' answers the marker in the title on line 3: kept as debris (in the "
        "witness and the TEI), attached to no sentence"]
    # a title in capitals on its own line with the marker: the same warning (was silent)
    layout = analyse(text.replace("Пасьянсъ «Звѣздочка»*).", "ЗВѢЗДОЧКА*)."))
    assert [line for line, _ in layout.warnings] == [7], layout.warnings


def test_a_footnote_with_markup_in_it_is_a_footnote_not_web_furniture():
    """A Wikisource or HTML export's footnote with ``{{razr|...}}`` or ``<i>...</i>`` in it
    is the footnote of its marker: the template's ``|`` and the tags' ``>`` and ``/`` are no
    menu or breadcrumbs (it was web debris, its marker left an orphan)."""
    for note in ("*) Т. е. {{razr|звѣзда}}.", "*) Т. е. <i>звѣзда</i> по-латыни.",
                 "*) Т. е. <script>alert(\"x\")</script> & {x}."):
        text = HEAD + ("Берутъ полную колоду картъ*) и раскладываютъ ихъ въ четыре ряда.\n\n"
                       + note + "\n")
        assert _notes(text) == [(note, "картъ*)")], note


def test_a_marker_in_a_title_is_not_part_of_the_game_s_title():
    """``Пасьянсъ «Звѣздочка*)».`` and ``ЗВѢЗДОЧКА¹.``: the game's title (the page's heading,
    games.toml's ``title_ru`` the check asks for) is the name without the marker."""
    body = "\n\nБерутъ полную колоду картъ и раскладываютъ ихъ въ четыре ряда.\n"
    for line, name in (("Пасьянсъ «Звѣздочка*)».", "Звѣздочка"), ("ЗВѢЗДОЧКА¹.", "ЗВѢЗДОЧКА"),
                       ("Пасьянсъ «Звѣздочка»**).", "Звѣздочка")):
        title = next(p for p in analyse("ГЛАВА L.\n\n" + line + body).parts if p.kind == "title")
        assert title.label == name, (line, title.label)


def test_a_footnote_as_web_and_pdf_exports_print_it():
    """A no-break space after the marker (``¹&nbsp;...`` of a web page, a PDF's text layer)
    and a superscript marker with a bracket (``¹) ...``): the footnote of ``картъ¹``, not a
    sentence of the game."""
    for note in ("¹\u00a0Колода въ 52 листа.", "¹) Колода въ 52 листа.", "1)\u00a0Колода въ 52 листа."):
        marker = "¹" if note.startswith("¹") else "1)"
        text = HEAD + (f"Берутъ полную колоду картъ{marker} и раскладываютъ ихъ въ четыре ряда.\n\n"
                       + note + "\n")
        assert _notes(text) == [(note, "картъ" + marker)], note


def test_the_note_s_text_begins_after_a_no_break_space(cli, corpus_copy, tmp_path, monkeypatch):
    """The note made of ``¹&nbsp;Колода ...`` reads ``Колода ...``: the no-break space after
    the marker is not its text's first character."""
    from extract.model.edition import build_edition
    monkeypatch.delenv("EDITION_CORPUS", raising=False)
    f = tmp_path / "nbsp.txt"
    f.write_text(HEAD + "Берутъ полную колоду картъ¹ и раскладываютъ ихъ въ четыре ряда.\n\n"
                 "¹\u00a0Колода въ 52 листа.\n", encoding="utf-8")
    assert cli("--corpus", corpus_copy, "add", f).exit_code == 0
    monkeypatch.delenv("EDITION_CORPUS", raising=False)
    s = build_edition(corpus_copy).game("zvezdochka").sentences[0]
    assert [(n.marker, n.original) for n in s.footnotes] == [("1", "Колода въ 52 листа.")]


def test_a_markdown_footnote():
    """A Markdown export's footnote (``картъ[^1]`` and ``[^1]: ...`` at the foot): the note of
    its marker, not a sentence of the game."""
    text = ("# Глава L\n\n**Пасьянсъ «Звѣздочка».**\n\nБерутъ полную колоду картъ[^1] и "
            "раскладываютъ ихъ въ четыре ряда[^2].\n\n[^1]: Колода въ 52 листа.\n"
            "[^2]: Или въ пять.\n")
    assert _notes(text) == [("[^1]: Колода въ 52 листа.", "картъ[^1]"),
                            ("[^2]: Или въ пять.", "ряда[^2]")]


def test_a_markdown_footnote_with_a_named_label_or_no_space_after_its_colon():
    """Markdown's labels may be names (``[^koloda]``), and its definitions need no space
    after the colon (``[^2]:Или``): both are footnotes of their markers; a label answers
    only itself (``[^kolod]`` is no marker of ``[^koloda]:``) and ends its sentence."""
    text = ("# Глава L\n\n**Пасьянсъ «Звѣздочка».**\n\nБерутъ полную колоду картъ[^koloda] и "
            "кладутъ ихъ рядомъ[^kolod]. Раскладываютъ въ четыре ряда.[^2]\nВсѣ тузы кладутъ особо.\n\n"
            "[^koloda]: Колода въ 52 листа.\n[^2]:Или въ пять.\n")
    assert _notes(text) == [("[^koloda]: Колода въ 52 листа.", "картъ[^koloda]"),
                            ("[^2]:Или въ пять.", "ряда.[^2]")]
    from extract.corpus.structure import SENTENCE_END
    assert SENTENCE_END.search("ряда.[^2]") and SENTENCE_END.search("ряда.[^koloda]")


def test_a_title_on_its_own_line_with_its_note_s_marker_is_still_a_title():
    """A breaker's Markdown page: ``## Проба[^1]`` (and ``Проба*)`` of a printed page) was no
    title (the marker spoiled the name's shape): the game was lost (``add`` found none) and
    its note went with it. The line is the game's title, named without the marker, and the
    note that answers the marker is kept as debris with the warning a marked title gets."""
    body = "\n\nТузы кладутся вверхъ, а короли внизъ.\n\n"
    for line, note in (("## Проба[^1]", "[^1]: Изъ другого собранiя."),
                       ("Проба*)", "*) Изъ другого собранiя."),
                       ("Проба[^1]. Тузы кладутся особо.", "[^1]: Изъ другого собранiя."),
                       ("**Проба**[^1]", "[^1]: Изъ другого собранiя."),
                       ("**Проба.**[^1] Тузы кладутся особо.", "[^1]: Изъ другого собранiя.")):
        text = "# Глава L\n\n" + line + body + note + "\n"
        layout = analyse(text)
        titles = [(p.label, text[p.start:p.end]) for p in layout.parts if p.kind == "title"]
        assert titles == [("Проба", line.split(" Тузы")[0])], titles
        notes = [text[p.start:p.end] for p in layout.parts if p.label == "footnote"]
        assert notes == [note], (line, layout.parts)
        assert [w for _, w in layout.warnings] == [
            f"the footnote {note.split()[0]!r} answers the marker in the title on line 3: kept "
            "as debris (in the witness and the TEI), attached to no sentence"], layout.warnings
    # a one-line paragraph whose call follows its stop is a sentence, not a title: the
    # first cut of this took a dozen paragraphs of the intake benchmark's page of notes
    # (``Тузы начальное 3.[^3]``) for games' titles, and `add` of it took 5 times as long
    from benchmarks.intake import WORDS, witness_text
    text = witness_text(40, WORDS, notes=True)
    layout = analyse(text)
    assert [p.label for p in layout.parts if p.kind == "title"] == ["Большой пасьянс"]
    assert len([p for p in layout.parts if p.label == "footnote" and p.marker]) == 40
