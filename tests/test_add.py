"""`edition add`: a third copy of a known game and a new chapter in pre-reform spelling,
added to a temporary copy of the corpus; ids, collation, check, errors, and the site build."""
from __future__ import annotations

from pathlib import Path

from hypothesis import given, strategies as st
import pytest

from extract.model.collate import apparatus
from extract.model.edition import build_edition


# A third copy of Мельница with small variants of every kind (one word in old spelling, one
# Latin look-alike letter, a word changed, one omitted, one added, a comma omitted).
MILL3 = """Мельница. (Полная колода карт)

Выбираются всѣ четыре туза и раскладываются в ряд, как показано на рисунке. Все оставшиеся \
на руках карты тасуются и затем кладут три ряда пачек, по четыре пaчки в ряд и по четыре \
карты в пачке, как показано на фигуре 21.

Фиг. 21

С пачек снимаются двойки и кладутся по мастям на тузов, затем тройки и т. д. до королей. \
Верхние карты пачек перекладываются на другие пачки, меньшие на большие (девятка на \
десятку, десятка на валета и т. д.), но непременно по мастям. Когда уже нечего \
перекладывать то карты собираются снова в колоду, причем последняя пачка низа ложится на \
верх колоды. Колоду не тасуют, а снова кладут ряды по четыре в пачке и продолжают так \
пасьянс до тех пор, пока он не выйдет совсем. Иногда он удается скоро, а иногда вследствие \
повторения одних и тех же карт становится невозможным со второго, третьего раза.
"""

# Another chapter of the book, invented, in pre-reform spelling (ѣ, і, ъ), two new games.
CHAPTER = """Глава XLVII. Звѣзда. - Крѣпость

Звѣзда. Берутся двѣ полныя колоды картъ. Всѣ тузы выкладываются кругомъ, а короли между ними.

Остальныя карты тасуются и раскладываются по одной на каждое мѣсто. Пасьянсъ вышелъ, если \
всѣ карты легли на тузовъ.

Крѣпость. Изъ одной колоды выбираются четыре туза и кладутся въ рядъ. Подлѣ нихъ кладутъ по \
три карты въ каждую пачку, крапомъ вверхъ.

Фиг. 40

Верхнія карты открываются и идутъ на тузовъ по мастямъ. Если пасьянсъ не вышелъ, карты \
собираются и раскладываются вновь.
"""


@pytest.fixture(autouse=True)
def _restore_env(monkeypatch):
    # `edition --corpus DIR` sets EDITION_CORPUS for the process: undo it after each test
    monkeypatch.setenv("EDITION_CORPUS", "")      # registers the undo (unset or old value)
    monkeypatch.delenv("EDITION_CORPUS")


def _write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_bytes(text.encode("utf-8"))
    return p


def _snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _unsealed(lock_text: str) -> list[str]:
    """The lines of a lock without its seal (which changes with every line written)."""
    from extract.corpus.ids import SEAL
    return [ln for ln in lock_text.splitlines() if not ln.startswith(SEAL)]


def test_add_third_copy_of_a_known_game(cli, corpus_copy, tmp_path):
    lock_before = (corpus_copy / "ids.lock").read_text(encoding="utf-8")
    manifest_before = (corpus_copy / "manifest.toml").read_text(encoding="utf-8")
    src = _write(tmp_path, "mill3.txt", MILL3)
    r = cli("--corpus", corpus_copy, "add", src, "--siglum", "M3", "--title", "Мельница, copy 3")
    assert r.exit_code == 0, r.output
    assert "mill: 7 sentences" in r.output and "collated on the next build" in r.output

    manifest = (corpus_copy / "manifest.toml").read_text(encoding="utf-8")
    assert manifest.startswith(manifest_before)          # comments and entries kept as text
    assert 'siglum = "M3"' in manifest and 'description = "Мельница, copy 3"' in manifest
    lock_after = _unsealed((corpus_copy / "ids.lock").read_text(encoding="utf-8"))
    kept = set(_unsealed(lock_before))
    assert kept <= set(lock_after)                                    # no base change
    assert [ln.split('"')[1] for ln in lock_after if ln not in kept] == [
        f"mill:app-{i}" for i in range(1, 7)]                         # the new apparatus, locked

    ed = build_edition(corpus_copy)
    w = ed.witness("M3")
    assert w.path.parent == corpus_copy / "witnesses" and w.path.read_bytes() == src.read_bytes()
    mill = ed.game("mill")
    assert mill.witnesses == ("XL", "M3") and mill.base == "XL"
    assert [s.id for s in mill.sentences] == [f"mill:{i}" for i in range(1, 8)]
    got = [(e.sentence, e.lem.original, e.readings[0].original, e.kind)
           for e in apparatus(ed, "mill")]
    assert got == [
        ("mill:1", "все", "всѣ", "orthographic"),
        ("mill:1", "подряд", "в ряд", "substantive"),
        ("mill:2", "тщательно", "", "substantive"),           # omitted in M3
        ("mill:2", "пачки", "пaчки", "ocr"),                  # Latin a
        ("mill:5", ",", "", "punctuation"),
        ("mill:6", "", "совсем", "substantive"),              # added in M3
    ]
    add = apparatus(ed, "mill")[-1]
    assert add.start == add.end and mill.sentence("mill:6").original[:add.start].endswith("выйдет")


def test_a_base_moved_to_an_added_copy_is_refused_by_check_and_lock(cli, corpus_copy, tmp_path):
    """The editor makes the copy `add` took in the Mill's base: its sentences would get new
    ids (mill:8 ...) while mill:1-7 stay as the old witness's, and `edition lock` retired
    every apparatus id (a breaker's find). check names games.toml's line and the fix, never
    `edition lock`; lock refuses and leaves the lock as it was."""
    assert cli("--corpus", corpus_copy, "add", _write(tmp_path, "m.txt", MILL3),
               "--siglum", "M3").exit_code == 0
    games = corpus_copy / "games.toml"
    text = games.read_text(encoding="utf-8")
    assert text.count('title_en = "The Mill"\n') == 1
    games.write_text(text.replace('title_en = "The Mill"\n', 'title_en = "The Mill"\nbase = "M3"\n'),
                     encoding="utf-8")
    line = games.read_text(encoding="utf-8").splitlines().index('base = "M3"') + 1
    lock_before = (corpus_copy / "ids.lock").read_bytes()
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1, r.output
    assert (f"{games}:{line}: game mill: its base witness is M3, but its sentence ids (mill:1 "
            f"...) are locked to witness XL") in r.output
    assert 'put back base = "XL" there (or remove the line)' in r.output
    assert "edition lock" not in r.output and "mill:8" not in r.output
    r = cli("--corpus", corpus_copy, "lock")
    assert r.exit_code == 1, r.output
    assert r.output.startswith(f"edition: {games}:{line}: game mill: its base witness is M3")
    assert 'fix: put back base = "XL" there' in r.output
    assert (corpus_copy / "ids.lock").read_bytes() == lock_before
    out = tmp_path / "x.xml"            # the TEI would carry both id sets: refused as build is
    r = cli("--corpus", corpus_copy, "export", "tei", "--out", out)
    assert r.exit_code == 1 and not out.exists(), r.output
    assert r.output.startswith(f"edition: {games}:{line}: game mill: its base witness is M3")
    before = _snapshot(corpus_copy)     # add's trial refuses too, naming the corpus's games.toml
    r = cli("--corpus", corpus_copy, "add", _write(tmp_path, "m4.txt", MILL3 + "\n"), "--siglum", "M4")
    assert r.exit_code == 1, r.output
    assert r.output.startswith(f"edition: {games}:{line}: cannot take in this witness: game mill")
    assert _snapshot(corpus_copy) == before


def test_a_second_witness_of_one_chapter_is_described_apart(cli, corpus_copy, tmp_path):
    """Three witnesses of one chapter without --title, all in files named alike: the second
    and third are not described by the same heading alone (the site's witness list could
    not tell them apart); their sigla are added and a warning says so."""
    for d in "abc":
        (tmp_path / d).mkdir()
        text = "Глава XL. Мельница\n\n" + MILL3 + "\n" * "abc".index(d)
        src = _write(tmp_path / d, "mill.txt", text)
        r = cli("--corpus", corpus_copy, "add", src)
        assert r.exit_code == 0, r.output
    assert "has the same heading: this one is described as" in r.output
    ws = build_edition(corpus_copy).witnesses[-3:]
    assert [w.description for w in ws] == ["Глава XL. Мельница"] + [
        f"Глава XL. Мельница ({w.siglum})" for w in ws[1:]]
    assert len({w.siglum for w in ws}) == 3


def test_add_new_chapter_in_pre_reform_spelling(cli, corpus_copy, tmp_path):
    lock_before = _unsealed((corpus_copy / "ids.lock").read_text(encoding="utf-8"))
    src = _write(tmp_path, "chapter47.txt", CHAPTER)
    r = cli("--corpus", corpus_copy, "add", src)
    assert r.exit_code == 0, r.output
    assert "added witness XLVII (pre-reform spelling)" in r.output
    lock_after = _unsealed((corpus_copy / "ids.lock").read_text(encoding="utf-8"))
    assert lock_after[:len(lock_before)] == lock_before       # existing ids untouched
    new = [line.split('"')[1] for line in lock_after[len(lock_before):]]
    assert new == [f"zvezda:{i}" for i in range(1, 5)] + [f"krepost:{i}" for i in range(1, 5)]

    ed = build_edition(corpus_copy)
    assert ed.witness("XLVII").orthography == "pre-reform"
    zv, kr = ed.game("zvezda"), ed.game("krepost")
    assert not zv.known and zv.title_en is None and zv.witnesses == ("XLVII",)
    assert zv.sentences[0].original == "Берутся двѣ полныя колоды картъ."
    assert zv.sentences[0].normalised == "Берутся две полные колоды карт."
    assert kr.sentences[2].normalised.startswith("Верхние карты открываются и идут")
    assert [f.number for f in kr.figures] == ["40"]
    assert all(s.locked and s.english is None for s in zv.sentences + kr.sentences)
    assert apparatus(ed, "zvezda") == []

    r = cli("--corpus", corpus_copy, "check")
    todo = r.output.split("new games still to edit", 1)[1]
    out = " ".join(todo.split())
    assert (f'zvezda (Звезда, witness XLVII) lacks: an entry in {corpus_copy / "games.toml"} '
            f'(slug = "zvezda", the slug its sentence ids are locked under; title_ru = "Звезда", '
            f"the printed title 'Звѣзда.' as the edition reads it; "
            f'title_en); translation (0/4 sentences, in '
            f'{corpus_copy / "translations" / "en" / "zvezda.toml"}; a partial file is fine') in out
    assert "an engine module" in todo.split("krepost")[0]
    assert "krepost (Крепость, witness XLVII) lacks:" in todo
    assert "sentence and apparatus ids match ids.lock" in r.output.split("[ok]", 3)[2]


def test_a_modern_reprint_quoting_the_old_spelling_is_modern(cli, corpus_copy, tmp_path):
    """A modern reprint that quotes its source's old spelling ('«Карты кладутся по мастямъ,
    отъ короля до туза»') was labelled pre-reform: one old letter was enough. A text is
    pre-reform when a good share of its words are spelt so (add.PRE_REFORM_SHARE): a
    pre-reform page has 20-60% of them, this one a few."""
    text = ("Глава LII. Паук\n\nПасьянс «Паук». Берут две колоды и кладут карты восемью "
            "рядами. Автор ссылается на старинное руководство, где сказано: «Карты кладутся "
            "по мастямъ, отъ короля до туза». Это правило соблюдается и здесь, и пасьянс "
            "выходит часто, если игрок внимателен и не торопится с ходами.\n")
    r = cli("--corpus", corpus_copy, "add", _write(tmp_path, "reprint.txt", text), "--dry-run")
    assert r.exit_code == 0 and "modern spelling" in r.output, r.output
    old = text.replace("Берут две", "Берутъ двѣ").replace("кладут карты", "кладутъ карты")
    old = old.replace("«Паук»", "«Паукъ»").replace("здесь", "здѣсь")
    r = cli("--corpus", corpus_copy, "add", _write(tmp_path, "old.txt", old), "--dry-run")
    assert "pre-reform spelling" in r.output, r.output


@pytest.mark.parametrize("case", ["missing", "not-utf8", "empty", "taken", "no-games", "bad-siglum"])
def test_add_errors_leave_the_corpus_untouched(cli, corpus_copy, tmp_path, case):
    before = _snapshot(corpus_copy)
    args = {
        "missing": [tmp_path / "nope.txt"],
        "not-utf8": [_write(tmp_path, "cp.txt", "x").with_name("cp.txt")],
        "empty": [_write(tmp_path, "empty.txt", "\n\n")],
        "taken": [_write(tmp_path, "m.txt", MILL3), "--siglum", "XL"],
        "no-games": [_write(tmp_path, "prose.txt", "Просто текст без заглавий.\n"), "--siglum", "Q"],
        "bad-siglum": [_write(tmp_path, "m.txt", MILL3), "--siglum", "Мельн"],
    }[case]
    if case == "not-utf8":
        args[0].write_bytes(CHAPTER.encode("cp1251", errors="replace"))
    r = cli("--corpus", corpus_copy, "add", *args)
    assert r.exit_code == 1
    msg = r.output
    expected = {"missing": ("nope.txt: file not found", "fix:"),
                "not-utf8": ("cp.txt:1: not UTF-8", "iconv"),
                "empty": ("empty.txt: the witness is empty", "fix:"),
                "taken": ("manifest.toml: siglum 'XL' is taken", "--siglum XLb"),
                "no-games": ("prose.txt: no game found", "chapter heading"),
                "bad-siglum": ("m.txt: siglum 'Мельн' is not a short ASCII name", "P14")}[case]
    for part in expected:
        assert part in msg, msg
    assert _snapshot(corpus_copy) == before


def test_site_builds_with_the_new_chapter(cli, corpus_copy, tmp_path, private_docs):
    """`edition --corpus DIR build --out OUT` renders the new games (docs copied to tmp, so
    the generated game stubs do not touch the repository's docs/games)."""
    assert cli("--corpus", corpus_copy, "add", _write(tmp_path, "ch.txt", CHAPTER)).exit_code == 0
    assert cli("--corpus", corpus_copy, "add", _write(tmp_path, "m3.txt", MILL3),
               "--siglum", "M3").exit_code == 0
    out = tmp_path / "site" / "html"
    r = cli("--corpus", corpus_copy, "build", "-q", "--out", out)
    assert r.exit_code == 0, r.output
    page = (out / "games" / "zvezda.html").read_text(encoding="utf-8")
    assert "Берутся двѣ полныя колоды картъ." in page          # original
    import re
    text = re.sub(r"<[^>]+>", "", page)
    assert "Берутся две полные колоды карт." in text                 # reading text
    assert 'id="zvezda.1"' in page
    assert "not yet translated" in page and "Not executable" in page
    mill = (out / "games" / "mill.html").read_text(encoding="utf-8")
    assert "M3" in mill and "пaчки" in mill
    # search: a word printed only in pre-reform spelling (мѣсто) is found by its modern form
    import json
    js = (out / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(js[js.index("(") + 1:js.rindex(")")])
    docs = index["docnames"]
    hits = index["terms"]["мест"]
    hits = hits if isinstance(hits, list) else [hits]
    assert docs.index("games/zvezda") in hits


@given(st.text(alphabet="аб\n\r ", max_size=200))
def test_line_finder_agrees_with_line_of(text):
    """The dry run's line numbers come from line_finder (one pass over a large witness); it
    must give what line_of gives at every offset."""
    from extract.text.errors import line_finder, line_of
    at = line_finder(text)
    assert [at(i) for i in range(len(text) + 1)] == [line_of(text, i) for i in range(len(text) + 1)]


def test_a_mixed_script_word_no_repair_reads_is_named_by_check(cli, corpus_copy, tmp_path):
    """'рядb' (Cyrillic with a Latin b: рядъ or рядѣ, the repair cannot tell) stays as printed;
    check names it with its file and line and the fix (not failing: the editor decides), and
    the apparatus classes it against the other copy as an OCR slip, not a substantive
    variant. A word the repair reads ('пaчки', a Latin a) is not named, nor a Roman numeral
    with an ending ('XIXв'); one still mixed after a change ('Lвовъ' read 'Lвов') is."""
    from extract.model.collate import apparatus
    src = _write(tmp_path, "mill3.txt", MILL3.replace("в ряд и", "в рядb и").replace(
        "Все оставшиеся", "Все (как в XIXв и во Lвовъ) оставшиеся"))
    r = cli("--corpus", corpus_copy, "add", src, "--siglum", "M3")
    assert r.exit_code == 0, r.output
    line = next(i for i, x in enumerate(src.read_text(encoding="utf-8").splitlines(), 1)
                if "рядb" in x)
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 0, r.output
    named = [x.strip() for x in r.output.splitlines() if "mixes Cyrillic and Latin" in x
             and not x.startswith("[")]
    stored = corpus_copy / "witnesses"
    # 'Lвовъ' loses its ъ (a change) but stays mixed: named; the numeral 'XIXв' is not
    assert len(named) == 2 and named[1].startswith(f"{stored}/") and \
        f":{line}: 'рядb' (mill:2@M3)" in named[1], r.output
    assert "'Lвовъ' (mill:2@M3)" in named[0] and "XIX" not in r.output
    assert "emend it in emendations.toml" in named[0]
    ed = build_edition(corpus_copy)
    entry = next(e for e in apparatus(ed, "mill") if any(x.original == "рядb" for x in e.readings))
    assert [x.kind for x in entry.readings if x.original == "рядb"] == ["ocr"]


def test_a_derived_description_holds_no_character_that_is_not_text(cli, corpus_copy, tmp_path):
    """A file name with a direction mark (U+202E) describes the witness without it (it was
    refused, pointing at the manifest's line and saying 'delete it')."""
    src = _write(tmp_path, "mill\u202egpj.txt", MILL3)
    r = cli("--corpus", corpus_copy, "add", src, "--siglum", "M3")
    assert r.exit_code == 0, r.output
    assert build_edition(corpus_copy).witness("M3").description == "Witness millgpj.txt"


def _descriptions(corpus, siglum: str) -> list[str]:
    """The manifest's descriptions of witness ``siglum`` (as `add` wrote them)."""
    import tomllib
    manifest = tomllib.loads((corpus / "manifest.toml").read_text(encoding="utf-8"))
    return [w["description"] for w in manifest["witness"] if w["siglum"] == siglum]


def test_a_markdown_heading_describes_the_witness_without_its_markup(cli, corpus_copy, tmp_path):
    """A newcomer's Markdown chapter: the derived description was '# ГЛАВА XLVIII.
    **Косынка. — Часы.**' on the site and in the TEI; it is the heading as it reads, and the
    TEI's witness entry has one full stop after it (it had two)."""
    from lxml import etree
    src = tmp_path / "ch48.md"
    src.write_text("# ГЛАВА XLVIII.\n\n**Косынка. — Часы.**\n\n## Косынка.\n\nБерутъ одну "
                   "колоду.\n\n## Часы.\n\nБерутъ другую колоду.\n", encoding="utf-8")
    r = cli("--corpus", corpus_copy, "add", src)
    assert r.exit_code == 0, r.output
    assert _descriptions(corpus_copy, "XLVIII") == ["ГЛАВА XLVIII. Косынка. — Часы."]
    out = tmp_path / "ed.xml"
    assert cli("--corpus", corpus_copy, "export", "tei", "--out", out).exit_code == 0
    wit = etree.parse(str(out)).find(".//{http://www.tei-c.org/ns/1.0}witness[@n='XLVIII']")
    assert wit.text.startswith("ГЛАВА XLVIII. Косынка. — Часы. Orthography: pre-reform."), wit.text


def test_a_heading_with_an_ocr_latin_letter_describes_the_witness_in_cyrillic(cli, corpus_copy, tmp_path):
    """A newcomer's djvu export: the first heading 'ОГЛАВЛЕНIЕ.' has a Latin I. `add`
    refused the witness, naming a line of a manifest that was never written; the derived
    description is now the heading's reading text, and the corpus checks."""
    src = tmp_path / "galka.txt"
    src.write_text("ОГЛАВЛЕНIЕ.\nГалка и кувшинъ . . . . . . . . 7\nГАЛКА И КУВШИНЪ.\n"
                   "Галка хотѣла пить. На дворѣ стоялъ кувшинъ съ водой.\n", encoding="utf-8")
    r = cli("--corpus", corpus_copy, "add", src)
    assert r.exit_code == 0, r.output
    assert _descriptions(corpus_copy, "galka") == ["ОГЛАВЛЕНИЕ."]
    assert cli("--corpus", corpus_copy, "check").exit_code == 0


def test_another_game_under_a_known_title_is_warned(cli, corpus_copy, tmp_path):
    """A breaker's chapter: a game titled «Мельница» whose rules share nothing with the
    edition's Mill was taken in silently as a copy of it (its sentences locked as mill:8-10,
    collated against the Mill). It is still taken in (the title says so), with a warning
    naming its line, the share measured and how to give it its own title; a real copy (the
    modern-spelling Mill) gets none."""
    other = _write(tmp_path, "other.txt", "Мельница.\n\nБерутъ двѣ колоды и раскладываютъ "
                   "ихъ кругомъ по двѣнадцати картъ, лицомъ внизъ. Въ серединѣ кладутъ "
                   "четырехъ королей. Открытыя карты кладутся на королей по мастямъ, "
                   "пока колода не кончится.\n")
    r = cli("--corpus", corpus_copy, "add", other, "--siglum", "OT", "--dry-run")
    assert r.exit_code == 0, r.output
    assert (f"{other}:1: the text of mill here shares only 4% of its word pairs with mill in "
            f"the other witnesses: another game under the same title?") in r.output
    copy = _write(tmp_path, "mill3.txt", MILL3)
    r = cli("--corpus", corpus_copy, "add", copy, "--siglum", "M3", "--dry-run")
    assert r.exit_code == 0 and "another game under the same title" not in r.output, r.output


def test_another_game_under_a_title_with_the_same_slug_is_warned_as_such(cli, corpus_copy,
                                                                          tmp_path):
    """A breaker's two chapters: 'Герои' in a later witness, another game, has the slug of
    'Герой' (geroi) and is collated as its copy; the warning said "another game under the
    same title?" of two titles that differ. It names both titles."""
    first = _write(tmp_path, "ga.txt", "Пасьянсъ «Герой».\n\nБерутъ одну колоду и "
                   "раскладываютъ въ четыре ряда по восьми картъ. Тузы кладутъ наверхъ, а "
                   "короли внизъ, и пасьянсъ выходитъ, когда всѣ карты лягутъ по мастямъ.\n")
    assert cli("--corpus", corpus_copy, "add", first, "--siglum", "GA").exit_code == 0
    second = _write(tmp_path, "gb.txt", "Пасьянсъ «Герои».\n\nДвѣ полныя колоды тасуютъ "
                    "вмѣстѣ; дамы выкладываютъ кругомъ, валетовъ въ серединѣ. Семерки идутъ "
                    "на восьмерки, шестерки на семерки до самаго конца игры.\n")
    r = cli("--corpus", corpus_copy, "add", second, "--siglum", "GB", "--dry-run")
    assert r.exit_code == 0, r.output
    assert (f"{second}:1: the text of geroi here shares only 0% of its word pairs with geroi "
            f"in the other witnesses: another game under a title with the same slug ('Герои' "
            f"here, 'Герой' there)? It is collated as a copy of geroi; if it is another game, "
            f"give its title line a `title` mark with its own title in "
            f"corpus/structure/GB.toml") in r.output, r.output


def test_an_ambiguous_old_ending_is_named_until_an_emendation_settles_it(cli, corpus_copy,
                                                                        tmp_path):
    """A breaker's page: 'не меньшаго и не большаго числа' became 'не меньшего и не большого
    числа', the comparative read as 'big', with no word said. `add` and `check` now name each
    word whose other ending is a word too, with its lines and the emendation that settles it;
    once the editor gives one, that word is named no more."""
    page = _write(tmp_path, "pary.txt", "Пасьянсъ «Пары».\n\nБерутъ колоду не меньшаго и не "
                  "большаго числа картъ, чѣмъ пятьдесятъ двѣ.\nБольшаго числа картъ не нужно, "
                  "а большаго не бываетъ.\n")
    r = cli("--corpus", corpus_copy, "add", page, "--siglum", "PR")
    assert r.exit_code == 0, r.output
    said = ("'большаго' (lines 3, 4) reads 'большого', but 'большего' is a word too (the old "
            "ending -аго stood for both): if that is meant, give an emendation in "
            "corpus/emendations.toml (witness = \"PR\", line = 3, reading = \"большаго\", "
            "correction = \"большего\"); one with correction = \"большого\" confirms this "
            "reading")
    assert f"{page}:3: {said}" in r.output, r.output
    assert "'Большаго' (line 4) reads 'Большого'" in r.output, r.output
    assert "'меньшаго' (line 3) reads 'меньшего'" in r.output, r.output
    r = cli("--corpus", corpus_copy, "check")
    assert said in r.output and "'меньшаго' (line 3)" in r.output, r.output
    with open(corpus_copy / "emendations.toml", "a", encoding="utf-8") as f:
        f.write('\n[[emendation]]\nwitness = "PR"\nline = 3\nreading = "меньшаго"\n'
                'correction = "меньшего"\nreason = "the comparative, as read"\n')
    r = cli("--corpus", corpus_copy, "check")
    assert said in r.output and "'меньшаго'" not in r.output, r.output


def _pary_checked(cli, corpus_copy, tmp_path, emendations):
    """Add a one-game pre-reform page (siglum PR), append ``emendations`` (line, reading,
    correction) to emendations.toml, run check: (the file, its line count before, the result)."""
    page = _write(tmp_path, "pary.txt", "Пасьянсъ «Пары».\n\nБерутъ колоду не меньшаго и не "
                  "большаго числа картъ, чѣмъ пятьдесятъ двѣ.\nБольшаго числа картъ не нужно, "
                  "а большаго не бываетъ.\n")
    assert cli("--corpus", corpus_copy, "add", page, "--siglum", "PR").exit_code == 0
    path = corpus_copy / "emendations.toml"
    before = path.read_text(encoding="utf-8").count("\n")
    with open(path, "a", encoding="utf-8") as f:
        for line, reading, correction in emendations:
            f.write(f'\n[[emendation]]\nwitness = "PR"\nline = {line}\nreading = "{reading}"\n'
                    f'correction = "{correction}"\nreason = "r"\n')
    return path, before, cli("--corpus", corpus_copy, "check")


def test_an_emendation_that_changes_nothing_is_named_by_check(cli, corpus_copy, tmp_path):
    """A breaker's find (r6 #3): an emendation whose correction is its reading, of a word the
    normaliser leaves as printed anyway ('тщательно' → 'тщательно'), settled nothing, yet check
    was silent and the TEI listed it as a correction. Check now warns, with its line and the
    fix. One that keeps as printed a word the rules would change ('большаго' kept with its
    old ending) and one that confirms the rule's reading of an ambiguous ending ('большаго'
    → 'большого') settle something and are not named."""
    path, before, r = _pary_checked(cli, corpus_copy, tmp_path, (
        (3, "колоду", "колоду"), (3, "большаго", "большого"), (4, "большаго", "большаго"),
        (4, "нужно", "нужно")))
    assert r.exit_code == 0, r.output        # a warning: nothing is wrong in the reading text
    assert "[warn] every emendation changes something" in r.output, r.output
    for at, reading in ((before + 2, "колоду"), (before + 23, "нужно")):
        assert (f"{path}:{at}: the emendation of {reading!r} (witness PR) has the reading as "
                f"its correction, and the normaliser leaves the word as printed anyway: it "
                f"changes nothing; remove the entry") in r.output, r.output
    assert "the emendation of 'большаго'" not in r.output, r.output


def test_an_emendation_giving_the_normalisers_own_reading_is_named_by_check(cli, corpus_copy,
                                                                            tmp_path):
    """A tester's find: an emendation whose correction is what the normaliser reads anyway
    ('картъ' → 'карт', the spelling rules give 'карт') was shown in the TEI as an editorial
    correction, though it corrects nothing the rules would not. Check names it, with its line
    and the fix, over one word or several ('пятьдесятъ двѣ' → 'пятьдесят две'). A correction
    that differs from the normaliser's reading (a real one, 'нужно' → 'нужны'; another case,
    'чѣмъ' → 'Чем'; a word kept as printed that a rule would change, 'Большаго') is not
    named."""
    path, before, r = _pary_checked(cli, corpus_copy, tmp_path, (
        (3, "картъ", "карт"), (3, "пятьдесятъ двѣ", "пятьдесят две"), (3, "чѣмъ", "Чем"),
        (4, "нужно", "нужны"), (4, "Большаго", "Большаго")))
    assert r.exit_code == 0, r.output        # a warning: nothing is wrong in the reading text
    out = " ".join(r.output.split())
    for at, reading, correction in ((before + 2, "картъ", "карт"),
                                    (before + 9, "пятьдесятъ двѣ", "пятьдесят две")):
        assert (f"{path}:{at}: the emendation of {reading!r} to {correction!r} (witness PR) "
                f"gives the normaliser's own reading: it corrects nothing the rules would not; "
                f"remove the entry (the normaliser already reads it so)") in out, r.output
    for reading in ("чѣмъ", "нужно", "Большаго"):
        assert f"the emendation of {reading!r}" not in out, r.output


def test_a_file_with_two_chapters_says_so(cli, corpus_copy, tmp_path):
    """A field test's file held chapters LX and LXI: both went in as one witness named LX,
    with no word said. The games are kept (one witness), and a warning names the second
    chapter's heading and the way to keep the chapters apart."""
    page = tmp_path / "two.txt"
    page.write_text("ГЛАВА LX.\n\nПАСЬЯНСЪ «ЗВѢЗДА».\n\nБерутъ двѣ колоды.\n\n"
                    "ГЛАВА LXI.\n\nПАСЬЯНСЪ «ЛУНА».\n\nБерутъ одну колоду.\n", encoding="utf-8")
    r = cli("--corpus", corpus_copy, "add", page, "--dry-run")
    assert r.exit_code == 0, r.output
    assert f"{page}:7: the file holds more than one chapter (LX on line 1, LXI on line 7)" \
        in r.output, r.output
    one = tmp_path / "one.txt"
    one.write_text("ГЛАВА LX.\n\nПАСЬЯНСЪ «ЗВѢЗДА».\n\nБерутъ двѣ колоды.\n", encoding="utf-8")
    assert "more than one chapter" not in cli("--corpus", corpus_copy, "add", one,
                                               "--dry-run").output


def test_check_repeats_the_warnings_add_gave_of_a_witness(cli, corpus_copy, tmp_path):
    """A field test's find: ``edition check`` said nothing of what ``edition add`` had warned
    of in a witness (a title OCR garbled, a U+FFFD, the text ending inside a sentence), so a
    later look at the corpus missed them. ``check`` gives them again, computed from the stored
    witness, each as a warning with the stored file and the line, and its exit code is as
    before; witnesses that gave no warning (the repository's) give none."""
    import re
    before = cli("--corpus", corpus_copy, "check")
    assert before.exit_code == 0 and "warning:" not in before.output, before.output
    f = tmp_path / "chapter.txt"
    f.write_text("ГЛАВА LXXV.\n\nПасьянсъ «ЗвЬзда».\n\nКладутъ восемь картъ зв\ufffdздою.\n\n"
                 "Пасьянсъ «Крѣпость».\n\nБерутъ колоду и кладутъ\n", encoding="utf-8")
    added = cli("--corpus", corpus_copy, "add", f)
    assert added.exit_code == 0, added.output
    said = re.findall(r"warning: \S*chapter\.txt:(\d+): (.*)", added.output)
    assert [n for n, _ in said] == ["3", "5", "9"], added.output
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 0, r.output
    stored = next(p for p in (corpus_copy / "witnesses").iterdir()
                  if "\ufffd" in p.read_text(encoding="utf-8"))
    again = re.findall(r"warning: (\S+):(\d+): (.*)", r.output)
    assert [(Path(p).resolve(), n) for p, n, _ in again] == \
        [(stored.resolve(), n) for n, _ in said], r.output
    # the same words (the garbled title's fix said for a slug now locked)
    assert again[0][2].startswith("the title 'ЗвЬзда' looks garbled by OCR (read 'Звезда')")
    assert "locked" in again[0][2]
    assert [m for _, _, m in again[1:]] == [m for _, m in said[1:]], r.output


def test_an_ocr_speck_between_words_is_warned_of_with_its_line_and_column(cli, corpus_copy,
                                                                           tmp_path):
    """A breaker's find (r5): an OCR speck standing alone between two words of a line
    ('столбиковъ | по шести', 'не нужны ■ а собираютъ') stayed in the text and the reading
    text with no word said. The normaliser has no rule for OCR debris, so the text stays as
    printed; ``add`` and ``check`` warn of each speck with its line, column and character.
    A table's or a template's pipes (more than one on a line) and a book's signs (the suits,
    №, +, =, an arrow of a rule written with arrows) are text."""
    import re
    f = tmp_path / "specks.txt"
    f.write_text("ГЛАВА LIII.\n\nПасьянсъ «Паукъ».\n\nРаскладываютъ десять столбиковъ | по "
                 "шести картъ. Основанія не нужны ■ а собираютъ масти.\n\nКладутъ тузъ ♠ и "
                 "даму + короля, | а | б |. Тузъ → король → дама.\n", encoding="utf-8")
    r = cli("--corpus", corpus_copy, "add", f)
    assert r.exit_code == 0, r.output
    said = re.findall(r"specks\.txt:(\d+): (.*speck.*)", r.output)
    assert [(n, m.split(" at column ")[1].split(":")[0]) for n, m in said] == \
        [("5", "33"), ("5", "70")], r.output
    assert "U+007C VERTICAL LINE" in said[0][1] and "U+25A0 BLACK SQUARE" in said[1][1]
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 0, r.output
    assert [m for _, m in re.findall(r"witnesses/\S+:(\d+): (.*speck.*)", r.output)] == \
        [m for _, m in said], r.output
