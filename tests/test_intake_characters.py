"""Characters that are not book text on intake (extract.text.characters): a leading byte order
mark is dropped (and `edition add` says it stored the text without it); zero-width characters
are removed by the normaliser as recorded changes; control characters, direction marks and
other invisible characters are refused by `edition normalise`, `segment` and `add` with the
file, line, column, U+XXXX name and the fix."""
from __future__ import annotations

import hashlib
import json
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from extract.text.characters import check_text
from extract.text.errors import EditionError
from extract.model.edition import build_edition
from extract.text.normalise import apply_changes, normalise
from extract.export.tei import TEI_NS, edition_to_tei, regenerate_witness_text
from tests.test_add import CHAPTER

BOM = b"\xef\xbb\xbf"
NS = {"t": TEI_NS}

# refused: (character, its name as the message gives it)
REFUSED = [
    ("\x00", "NULL"), ("\x07", "BELL"), ("\x08", "BACKSPACE"), ("\x0b", "LINE TABULATION"),
    ("\x1b", "ESCAPE"), ("\x1f", "INFORMATION SEPARATOR ONE"),
    ("\x7f", "DELETE"), ("\x85", "NEXT LINE"), ("\x9d", "C1 CONTROL"),
    ("\u061c", "ARABIC LETTER MARK"), ("\u200e", "LEFT-TO-RIGHT MARK"),
    ("\u200f", "RIGHT-TO-LEFT MARK"), ("\u202a", "LEFT-TO-RIGHT EMBEDDING"),
    ("\u202b", "RIGHT-TO-LEFT EMBEDDING"), ("\u202c", "POP DIRECTIONAL FORMATTING"),
    ("\u202d", "LEFT-TO-RIGHT OVERRIDE"), ("\u202e", "RIGHT-TO-LEFT OVERRIDE"),
    ("\u2066", "LEFT-TO-RIGHT ISOLATE"), ("\u2067", "RIGHT-TO-LEFT ISOLATE"),
    ("\u2068", "FIRST STRONG ISOLATE"), ("\u2069", "POP DIRECTIONAL ISOLATE"),
    ("\u2028", "LINE SEPARATOR"), ("\u2029", "PARAGRAPH SEPARATOR"),
    ("\u2062", "INVISIBLE TIMES"), ("\ufffe", "NONCHARACTER"), ("\u3164", "HANGUL FILLER"),
    ("\uffa0", "HALFWIDTH HANGUL FILLER"),
]
ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"]

TEXT = "Берут две колоды карт.\nТузы кладут в ряд, а короли под ними.\n"


def _with(ch: str) -> str:
    """TEXT with ``ch`` after 'Тузы ' (line 2, column 6)."""
    return TEXT.replace("Тузы ", "Тузы " + ch)


@pytest.fixture(autouse=True)
def _restore_env(monkeypatch):
    # `edition --corpus DIR` sets EDITION_CORPUS for the process: undo it after each test
    monkeypatch.setenv("EDITION_CORPUS", "")
    monkeypatch.delenv("EDITION_CORPUS")


# --- the byte order mark -----------------------------------------------------------------

@pytest.mark.parametrize("command", ["normalise", "segment"])
def test_leading_bom_is_dropped_by_normalise_and_segment(cli, tmp_path, command):
    plain, marked = tmp_path / "plain.txt", tmp_path / "bom.txt"
    plain.write_bytes(TEXT.encode())
    marked.write_bytes(BOM + TEXT.encode())
    for fmt in ("text", "json"):
        a = cli(command, plain, "--format", fmt)
        b = cli(command, marked, "--format", fmt)
        assert a.exit_code == b.exit_code == 0, b.output
        assert "\ufeff" not in b.output and b.output == a.output
    # through stdin too; offsets count from the first character after the mark
    r = cli("segment", "-", "--format", "json", input=BOM + TEXT.encode())
    sents = json.loads(r.output)
    assert sents[0]["start"] == 0 and sents[0]["text"] == "Берут две колоды карт."


@pytest.mark.parametrize("command", ["normalise", "segment"])
def test_decomposed_letters_are_read_composed_by_normalise_and_segment(cli, tmp_path, command):
    import unicodedata
    text = "Какой-нибудь рядъ ёлкою.\n"
    plain, mac = tmp_path / "plain.txt", tmp_path / "mac.txt"
    plain.write_bytes(text.encode())
    mac.write_bytes(unicodedata.normalize("NFD", text).encode())
    for fmt in ("text", "json"):
        a, b = cli(command, plain, "--format", fmt), cli(command, mac, "--format", fmt)
        assert a.exit_code == b.exit_code == 0, b.output
        assert b.output == a.output and "\u0306" not in b.output


# --- refused characters ------------------------------------------------------------------

@pytest.mark.parametrize("ch,name", REFUSED, ids=[f"U+{ord(c):04X}" for c, _ in REFUSED])
@pytest.mark.parametrize("command", ["normalise", "segment"])
def test_invisible_or_control_character_is_refused_with_place_name_and_fix(cli, tmp_path, ch,
                                                                            name, command):
    f = tmp_path / "witness.txt"
    f.write_bytes(_with(ch).encode("utf-8"))
    r = cli(command, f, "--format", "json")
    assert r.exit_code == 1
    assert f"{f}:2: the text holds the " in r.output
    assert f"U+{ord(ch):04X} {name} at column 6, which is not book text" in r.output
    assert "fix: " in r.output and f"grep -nP '\\x{{{ord(ch):04X}}}' {f}" in r.output
    assert "Traceback" not in r.output and '"changes"' not in r.output


def test_every_refused_character_is_counted_and_stdin_is_checked(cli):
    text = "Берут\u200e две колоды.\nТузы\x07 в ряд.\n\nКороли\u202e под ними.\n"
    r = cli("normalise", "-", input=text)
    assert r.exit_code == 1
    assert "<stdin>:1: the text holds the invisible direction mark U+200E LEFT-TO-RIGHT MARK " \
           "at column 6" in r.output
    assert "2 more characters that are not book text (lines 2, 4)" in r.output
    assert "grep -nP '\\x{200E}' FILE" in r.output


def test_specific_fixes(tmp_path):
    def fix(text):
        with pytest.raises(EditionError) as e:
            check_text(text, tmp_path / "w.txt")
        return e.value.fix
    assert "line break" in fix("a\u2028b")
    assert "iconv -f CP1251" in fix("a\x9db")
    assert "order in which text is displayed" in fix("a\u202eb")


def test_check_text_passes_book_text_and_zero_width_characters():
    check_text("Тузы\tв ряд,\r\nкороли\u00ad под\u200bними.\ufeff\n")   # no error


# --- zero-width characters: removed, each removal recorded ----------------------------------

@pytest.mark.parametrize("ch", ZERO_WIDTH, ids=[f"U+{ord(c):04X}" for c in ZERO_WIDTH])
def test_zero_width_character_is_a_recorded_change(cli, tmp_path, ch):
    text = TEXT.replace("колоды", "ко" + ch + "лоды").replace("ряд, ", "ряд," + ch + " ")
    f = tmp_path / "zw.txt"
    f.write_bytes(text.encode())
    r = cli("normalise", f, "--format", "json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert ch not in out["text"] and "две колоды карт. Тузы кладут в ряд, а короли" in out["text"]
    zw = [c for c in out["changes"] if "zero-width" in
          [c["rule"]] + [p["rule"] for p in c.get("parts", [])]]
    assert [(c["orig"], c["reg"]) for c in zw] == [("ко" + ch + "лоды", "колоды"), (ch, "")]
    word = zw[0]["parts"][0]
    assert text[word["start"]:word["end"]] == ch and word["reg"] == "" and word["kind"] == "typography"
    # the API: lossless, and normalising again changes nothing
    norm = normalise(text)
    assert apply_changes(text, norm.changes) == norm.text == out["text"]
    assert normalise(norm.text).changes == ()


def test_zero_width_inside_a_pre_reform_word_does_not_hide_it():
    norm = normalise("лѣ\u200bсъ")
    assert norm.text == "лес"
    assert [p.rule for p in norm.changes[0].parts] == ["yat", "zero-width", "final-hard-sign"]


def test_zero_width_change_in_tei_of_normalise(cli):
    r = cli("normalise", "-", "--format", "tei", input="ко\u200bлоду\n")
    assert r.exit_code == 0, r.output
    reg = etree.fromstring(r.output).xpath("//t:choice[t:orig='ко\u200bлоду']/t:reg", namespaces=NS)
    assert [(x.text, x.get("resp")) for x in reg] == [("колоду", "#rule-zero-width")]


# --- edition add on a temporary corpus ------------------------------------------------------

def _snapshot(root):
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_add_stores_the_text_after_the_bom_and_records_zero_width_changes(cli, corpus_copy,
                                                                          tmp_path):
    # a BOM (file encoding), a zero-width space inside a word, and a BOM where two files
    # were joined, just before a game title
    text = (CHAPTER.replace("Звѣзда. Берутся", "Звѣзда. Бе\u200bрутся")
            .replace("Крѣпость. Изъ", "\ufeffКрѣпость. Изъ"))
    src = tmp_path / "chapter47.txt"
    src.write_bytes(BOM + text.encode())
    dry = cli("--corpus", corpus_copy, "add", src, "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert f"the byte order mark at the start of {src} would not be stored" in dry.output
    r = cli("--corpus", corpus_copy, "add", src)
    assert r.exit_code == 0, r.output
    assert f"the byte order mark at the start of {src} is not stored" in r.output
    assert "the witness is the file's text after it" in r.output

    ed = build_edition(corpus_copy)
    w = ed.witness("XLVII")
    assert w.path.read_bytes() == text.encode()                   # verbatim, but the BOM
    manifest = tomllib.loads((corpus_copy / "manifest.toml").read_text(encoding="utf-8"))
    entry = next(e for e in manifest["witness"] if e["siglum"] == "XLVII")
    assert entry["sha256"] == hashlib.sha256(text.encode()).hexdigest()
    assert [g.slug for g in ed.games if "XLVII" in g.witnesses] == ["zvezda", "krepost"]
    s = ed.game("zvezda").sentences[0]
    assert s.original == "Бе\u200bрутся двѣ полныя колоды картъ."
    assert s.normalised == "Берутся две полные колоды карт."
    assert [c.rule for c in s.changes if c.orig == "Бе\u200bрутся"] == ["zero-width"]

    # the TEI keeps the witness byte for byte and shows the change
    tree = edition_to_tei(ed)
    assert regenerate_witness_text(tree, "XLVII") == text
    reg = tree.xpath("//t:s[@xml:id='zvezda.1']//t:choice[t:orig='Бе\u200bрутся']/t:reg/@resp",
                     namespaces=NS)
    assert reg == ["#rule-zero-width"]

    # the same text again, without the BOM, is the same witness
    again = tmp_path / "again.txt"
    again.write_bytes(text.encode())
    before = {p: p.read_bytes() for p in (corpus_copy / "manifest.toml", corpus_copy / "ids.lock")}
    r = cli("--corpus", corpus_copy, "add", again)      # (done already: exit 0, nothing added)
    assert r.exit_code == 0 and "already in the corpus as witness XLVII" in r.output
    assert "nothing added" in r.output
    assert all(p.read_bytes() == b for p, b in before.items())


def test_a_private_use_glyph_is_warned_of_at_add_and_check_and_kept(cli, corpus_copy, tmp_path):
    """A breaker's find (r14): a Private Use Area character (U+E000-U+F8FF: a PDF font of the
    old spelling gives its own glyph, often for ѣ) stayed in the text with no word said. As a
    U+FFFD, it is warned of at the add and again by ``check``, with the file, line, column,
    the character and the fix; the witness keeps it (it is stored verbatim)."""
    import re
    src = tmp_path / "chapter.txt"
    src.write_text(CHAPTER.replace("Остальныя", "Оста\ue000льныя").replace(
        "Подлѣ", "Подл\uf8ffѣ"), encoding="utf-8")
    for extra in (["--dry-run"], []):
        r = cli("--corpus", corpus_copy, "add", src, *extra)
        assert r.exit_code == 0, r.output
        said = re.findall(r"^\s*(?:warning: )?\S*chapter\.txt:(\d+): (.*U\+E000.*)", r.output,
                          re.M)
        assert [n for n, _ in said] == ["5"], r.output
        assert "column 5" in said[0][1] and "2 in all" in said[0][1] and "grep -nP" in said[0][1]
    stored = next(p for p in (corpus_copy / "witnesses").iterdir()
                  if "\ue000" in p.read_text(encoding="utf-8"))
    assert stored.read_text(encoding="utf-8") == src.read_text(encoding="utf-8")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 0, r.output
    again = re.findall(r"warning: (\S+):(\d+): (.*)", r.output)
    assert [(Path(p).resolve(), n, m) for p, n, m in again] == \
        [(stored.resolve(), "5", said[0][1])], r.output


@pytest.mark.parametrize("ch,name", [("\u202e", "RIGHT-TO-LEFT OVERRIDE"), ("\x1b", "ESCAPE"),
                                     ("\x85", "NEXT LINE"), ("\u2069", "POP DIRECTIONAL ISOLATE")])
def test_add_refuses_a_witness_with_invisible_characters_and_writes_nothing(cli, corpus_copy,
                                                                             tmp_path, ch, name):
    before = _snapshot(corpus_copy)
    src = tmp_path / "bad.txt"
    src.write_bytes(BOM + CHAPTER.replace("Остальныя", "Осталь" + ch + "ныя").encode())
    for extra in ([], ["--dry-run"]):
        r = cli("--corpus", corpus_copy, "add", src, *extra)
        assert r.exit_code == 1
        assert f"{src}:5: the witness holds the " in r.output
        assert f"U+{ord(ch):04X} {name} at column 7" in r.output and "fix: " in r.output
        assert "Traceback" not in r.output
    assert _snapshot(corpus_copy) == before


def test_a_corpus_witness_with_a_direction_mark_fails_the_build_and_check(cli, corpus_copy):
    path = next((corpus_copy / "witnesses").glob("*.txt"))
    data = path.read_text(encoding="utf-8")
    at = data.index("\n") + 1   # the start of line 2
    new = (data[:at] + "\u200f" + data[at:]).encode()
    path.write_bytes(new)   # and the manifest's checksum follows, as for a witness mended by hand
    manifest = corpus_copy / "manifest.toml"
    m = manifest.read_text(encoding="utf-8")
    manifest.write_text(m.replace(hashlib.sha256(data.encode()).hexdigest(),
                                  hashlib.sha256(new).hexdigest()), encoding="utf-8")
    with pytest.raises(EditionError) as e:
        build_edition(corpus_copy)
    assert e.value.line == 2 and "U+200F RIGHT-TO-LEFT MARK at column 1" in e.value.message
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and "U+200F RIGHT-TO-LEFT MARK" in r.output


def test_corpus_toml_and_lock_saved_with_a_bom_read_as_without(corpus_copy):
    before = build_edition(corpus_copy)
    for rel in ("translations/en/mill.toml", "emendations.toml", "games.toml", "ids.lock",
                "manifest.toml"):
        p = corpus_copy / rel
        p.write_bytes(BOM + p.read_bytes())
    after = build_edition(corpus_copy)
    assert [(s.id, s.normalised, s.english, s.note) for g in after.games for s in g.sentences] == \
           [(s.id, s.normalised, s.english, s.note) for g in before.games for s in g.sentences]
    assert after.game("mill").sentence("mill:1").english


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet="аеколдрстуыъьѣі -\n.\u00ad" + "".join(ZERO_WIDTH), max_size=40))
def test_zero_width_normalisation_is_lossless_and_stable(text):
    norm = normalise(text)
    assert apply_changes(text, norm.changes) == norm.text
    assert not set(ZERO_WIDTH) & set(norm.text)          # every one removed, each recorded
    assert "".join(c.orig for c in norm.changes).count("\u200b") == text.count("\u200b")
    assert not [c for c in normalise(norm.text).changes if "zero-width" in c.rules]


def test_the_same_file_again_under_another_siglum_is_refused(cli, corpus_copy, tmp_path):
    """Adding a file that is in the corpus already is done already (exit 0) only when no
    other siglum is asked for: under another it is refused with the witness it is."""
    src = tmp_path / "m3.txt"
    src.write_text("ГЛАВА XLVII.\n\nЗвѣзда. Берутся двѣ полныя колоды картъ.\n", encoding="utf-8")
    assert cli("--corpus", corpus_copy, "add", src).exit_code == 0
    r = cli("--corpus", corpus_copy, "add", src, "--siglum", "other")
    assert r.exit_code == 1 and "already in the corpus as witness XLVII" in r.output \
        and "not added again as other" in r.output, r.output
    assert cli("--corpus", corpus_copy, "add", src, "--siglum", "XLVII").exit_code == 0


# --- decomposed letters (NFD) ---------------------------------------------------------------

# a chapter with й and ё, as a Mac copies it: each letter a base and a combining mark
COMPOSED = CHAPTER.replace("по одной", "по одной ёлкою")


def test_add_composes_decomposed_letters_and_stores_the_composed_text(cli, corpus_copy,
                                                                      tmp_path):
    import unicodedata
    decomposed = unicodedata.normalize("NFD", COMPOSED)
    assert decomposed != COMPOSED and "\u0306" in decomposed and "\u0308" in decomposed
    src = tmp_path / "mac.txt"
    src.write_bytes(decomposed.encode())
    dry = cli("--corpus", corpus_copy, "add", src, "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert (f"the decomposed letters of {src} (3, a letter and a combining mark each) would be "
            f"stored composed") in dry.output
    r = cli("--corpus", corpus_copy, "add", src)
    assert r.exit_code == 0, r.output
    assert "stored composed" in r.output

    ed = build_edition(corpus_copy)
    w = ed.witness("XLVII")
    assert w.path.read_bytes() == COMPOSED.encode() and w.text == COMPOSED   # offsets alike
    manifest = tomllib.loads((corpus_copy / "manifest.toml").read_text(encoding="utf-8"))
    entry = next(e for e in manifest["witness"] if e["siglum"] == "XLVII")
    assert entry["sha256"] == hashlib.sha256(COMPOSED.encode()).hexdigest()
    s = next(s for s in ed.game("zvezda").sentences if "ёлкою" in s.original)
    assert "по одной ёлкою" in s.original and "\u0306" not in s.normalised

    # the composed copy is the same witness
    again = tmp_path / "again.txt"
    again.write_bytes(COMPOSED.encode())
    r = cli("--corpus", corpus_copy, "add", again)
    assert r.exit_code == 0 and "already in the corpus as witness XLVII" in r.output


@pytest.mark.parametrize("dry", [True, False])
def test_add_composes_a_decomposed_title_as_it_composes_the_text(cli, corpus_copy, tmp_path, dry):
    """A field test's find: ``add --title`` typed or pasted decomposed (``й`` as ``и`` and a
    combining breve, ``ё`` as ``е`` and a diaeresis: NFD, as a Mac gives it) went into the
    manifest's description so, while the witness's text is stored composed (NFC): the same
    words in two forms, which a search or a comparison with another description does not
    match. The description is composed as the text is, with a notice; a stress accent, which
    has no composed form, stays as given."""
    import unicodedata
    title = "Глава XLVII, пасьянсъ «Чайка» и ёлка"
    src = tmp_path / "chapter.txt"
    src.write_bytes(CHAPTER.encode())
    given = unicodedata.normalize("NFD", title)
    assert given != title
    args = ("--corpus", corpus_copy, "add", src, "--title", given) + (("--dry-run",) if dry else ())
    r = cli(*args)
    assert r.exit_code == 0, r.output
    assert "the decomposed letters of --title (2, a letter and a combining mark each) " \
        f"{'would be' if dry else 'are'} stored composed" in r.output, r.output
    if not dry:
        manifest = tomllib.loads((corpus_copy / "manifest.toml").read_text(encoding="utf-8"))
        entry = next(e for e in manifest["witness"] if e["siglum"] == "XLVII")
        assert entry["description"] == title
        assert cli("--corpus", corpus_copy, "check").exit_code == 0


def test_a_composed_title_or_a_stress_accent_in_it_is_stored_as_given(cli, corpus_copy, tmp_path):
    """The guard's other side: a title already composed, and one with a stress accent (``а́``:
    no composed form), are stored as given, with no notice."""
    src = tmp_path / "chapter.txt"
    src.write_bytes(CHAPTER.encode())
    title = "Глава XLVII: пасьянсъ «Ча́йка» и ёлка"
    r = cli("--corpus", corpus_copy, "add", src, "--title", title)
    assert r.exit_code == 0 and "decomposed" not in r.output, r.output
    manifest = tomllib.loads((corpus_copy / "manifest.toml").read_text(encoding="utf-8"))
    assert next(e for e in manifest["witness"] if e["siglum"] == "XLVII")["description"] == title


def test_a_stress_accent_is_no_decomposed_letter(cli, corpus_copy, tmp_path):
    # а́ has no composed form: the text is already composed, stored as it is, no notice
    accented = COMPOSED.replace("Берутся", "Беру\u0301тся")
    src = tmp_path / "accent.txt"
    src.write_bytes(accented.encode())
    r = cli("--corpus", corpus_copy, "add", src)
    assert r.exit_code == 0, r.output
    assert "decomposed" not in r.output
    assert build_edition(corpus_copy).witness("XLVII").path.read_bytes() == accented.encode()


def test_a_corpus_witness_with_decomposed_letters_is_refused(corpus_copy):
    import unicodedata
    path = next((corpus_copy / "witnesses").glob("*.txt"))
    data = path.read_text(encoding="utf-8")
    assert "й" in data
    new = unicodedata.normalize("NFD", data).encode()
    path.write_bytes(new)
    manifest = corpus_copy / "manifest.toml"
    m = manifest.read_text(encoding="utf-8")
    manifest.write_text(m.replace(hashlib.sha256(data.encode()).hexdigest(),
                                  hashlib.sha256(new).hexdigest()), encoding="utf-8")
    with pytest.raises(EditionError) as e:
        build_edition(corpus_copy)
    assert e.value.line == data[:data.index("й")].count("\n") + 1
    assert "decomposed" in e.value.message and "edition add" in e.value.fix
