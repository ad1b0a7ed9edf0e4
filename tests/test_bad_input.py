"""Bad corpus data and bad CLI input: a clear error naming the file (and line where there is
one), never a traceback, and nothing changed on disk."""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from extract.text.errors import EditionError
from extract.model.edition import build_edition

WIT = "003_7baec4a93eb690a9.txt"
DATA = Path(__file__).parent / "data"


def _append(corpus, name, text):
    p = corpus / name
    p.write_text(p.read_text(encoding="utf-8") + text, encoding="utf-8")


def _replace(corpus, name, old, new):
    p = corpus / name
    t = p.read_text(encoding="utf-8")
    assert old in t
    p.write_text(t.replace(old, new, 1), encoding="utf-8")


def _set_witness(corpus, data: bytes):
    (corpus / "witnesses" / WIT).write_bytes(data)
    m = corpus / "manifest.toml"
    t = m.read_text(encoding="utf-8")
    old = re.search(rf'file = "witnesses/{WIT}"\nsha256 = "([0-9a-f]+)"', t).group(1)
    m.write_text(t.replace(old, hashlib.sha256(data).hexdigest()), encoding="utf-8")


CASES = {
    "manifest siglum a number": (lambda c: _replace(c, "manifest.toml", 'siglum = "XL"', "siglum = 40"),
                                 "manifest.toml:", "`siglum` must be a string"),
    "manifest witness a string": (lambda c: (c / "manifest.toml").write_text('witness = "XL"\n'),
                                  "manifest.toml:1", "list of tables"),
    "manifest fragment not a slug": (lambda c: _replace(c, "manifest.toml", 'fragment = "fragment-p13"',
                                                        'fragment = "Фрагмент 13!"'),
                                     "manifest.toml:", "fragment slug"),
    "manifest file outside": (lambda c: _replace(c, "manifest.toml", f'file = "witnesses/{WIT}"',
                                                 'file = "../../etc/passwd"'),
                              "manifest.toml:", "outside the corpus"),
    "games slug twice": (lambda c: _replace(c, "games.toml", 'slug = "octagon"', 'slug = "mill"'),
                         "games.toml:", "used twice"),
    "games title a number": (lambda c: _replace(c, "games.toml", 'title_ru = "Мельница"', "title_ru = 7"),
                             "games.toml:", "`title_ru` must be a string"),
    "games base unknown": (lambda c: _replace(c, "games.toml", 'base = "XLVI"', 'base = "NOPE"'),
                           "games.toml", "base witness 'NOPE'"),
    "games.toml in cp1251": (lambda c: (c / "games.toml").write_bytes(
        (c / "games.toml").read_text(encoding="utf-8").encode("cp1251")), "games.toml:", "not UTF-8"),
    "games.toml a folder": (lambda c: ((c / "games.toml").unlink(), (c / "games.toml").mkdir()),
                            "games.toml", "folder"),
    "emendation line a word": (lambda c: _replace(c, "emendations.toml", "line = 19", 'line = "nineteen"'),
                               "emendations.toml:", "`line` must be a whole number"),
    "emendation occurrence negative": (lambda c: _append(c, "emendations.toml",
        '\n[[emendation]]\nwitness = "XL"\nline = 3\nreading = "Мельница"\ncorrection = "М"\n'
        'reason = "r"\noccurrence = -1\n'), "emendations.toml:", "occurrence must be 1 or more"),
    "emendation occurrence past the count": (lambda c: _append(c, "emendations.toml",
        '\n[[emendation]]\nwitness = "XL"\nline = 3\nreading = "Мельница"\ncorrection = "М"\n'
        'reason = "r"\noccurrence = 3\n'), "emendations.toml:",
        "occurrence 3: 'Мельница' stands only once on line 3 of witness XL"),
    "emendation supplement not closed": (lambda c: _replace(c, "emendations.toml",
        'correction = "места"', 'correction = "места [с"'), "emendations.toml:",
        "the correction's square brackets (the editors' supplement) do not pair: 1 '[' not closed"),
    "emendations overlap": (lambda c: _append(c, "emendations.toml",
        '\n[[emendation]]\nwitness = "XLVI"\nline = 19\nreading = "ета"\ncorrection = "x"\nreason = "r"\n'),
        "emendations.toml:", "overlaps the one on line"),
    "lock id not a number": (lambda c: _append(c, "ids.lock", '"mill:x" = { witness = "XL", quote = "abc", sum = "000000000000" }\n'),
                             "ids.lock:", "not a sentence id"),
    "translation not text": (lambda c: _replace(c, "translations/en/mill.toml", '"mill:1" = "', '"mill:1" = 5\n"x" = "'),
                             "mill.toml:", "must be text"),
    "translation of another game": (lambda c: _replace(c, "translations/en/mill.toml", '"mill:1" = "',
                                                       '"octagon:1" = "x"\n"mill:1" = "'),
                                    "mill.toml:", "not a sentence of mill"),
    "translation sentences a list": (lambda c: (c / "translations/en/zz.toml").write_text(
        'sentences = ["a"]\n', encoding="utf-8"), "zz.toml", "must be a table"),
    "glossary lemma a number": (lambda c: _replace(c, "glossary.toml", 'lemma = "крап"', "lemma = 5"),
                                "glossary.toml:", "`lemma` must be a string"),
    "witness with a BOM": (lambda c: _set_witness(c, b"\xef\xbb\xbf" + (c / "witnesses" / WIT).read_bytes()),
                           WIT + ":1:", "byte order mark"),
    "witness with a control character": (lambda c: _set_witness(c, (c / "witnesses" / WIT).read_bytes()
                                                                .replace("Колоду".encode(), b"\x00K")),
                                         WIT + ":", "U+0000"),
}


@pytest.mark.parametrize("case", CASES)
def test_corpus_errors_name_file_and_fix(corpus_copy, cli, case):
    spoil, where, what = CASES[case]
    spoil(corpus_copy)
    with pytest.raises(EditionError) as e:
        build_edition(corpus_copy)
    msg = str(e.value)
    assert where in msg and what in msg and "fix:" in msg, msg
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and where in r.output and "Traceback" not in r.output


def test_translation_of_unknown_sentence_fails_check(corpus_copy, cli):
    _replace(corpus_copy, "translations/en/mill.toml", '"mill:1" = "', '"mill:99" = "x"\n"mill:1" = "')
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and "mill:99 is translated" in r.output


def test_crlf_witness_builds_like_lf(corpus_copy):
    lf = build_edition(corpus_copy)
    data = (corpus_copy / "witnesses" / WIT).read_bytes().replace(b"\n", b"\r\n")
    _set_witness(corpus_copy, data)
    crlf = build_edition(corpus_copy)
    assert [s.normalised for s in crlf.game("mill").sentences] == \
           [s.normalised for s in lf.game("mill").sentences]


@pytest.mark.parametrize("text", ["İЩ", "İстина мiръ", "ﬁ Ѣ ѣ"])
def test_normaliser_survives_odd_letters(cli, text):
    r = cli("normalise", "-", "--format", "json", input=text)
    assert r.exit_code == 0


def test_output_path_that_cannot_be_written(cli, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    r = cli("export", "tei", "--out", blocker / "sub" / "x.xml")
    assert r.exit_code == 1 and "Traceback" not in r.output and "a-file" in r.output


def test_crlf_chapter_with_words_hyphenated_at_line_ends_adds_like_lf(corpus_copy, cli, tmp_path):
    """A CRLF line end is one line end, never a CR and an LF (a blank line): a chapter of
    pdftotext pages with CRLF line ends adds as the same text with LF does (it raised a
    traceback: a word hyphenated at a line end straddled two one-line "paragraphs")."""
    lf = (DATA / "two_pages_hyphenated.txt").read_text(encoding="utf-8")
    out = {}
    for name, text in (("lf", lf), ("crlf", lf.replace("\n", "\r\n"))):
        (tmp_path / name).mkdir()
        f = tmp_path / name / "chapter.txt"
        f.write_bytes(text.encode("utf-8"))
        r = cli("--corpus", corpus_copy, "add", f, "--dry-run")
        assert r.exit_code == 0, r.output
        out[name] = [ln.replace(str(f), "chapter.txt") for ln in r.output.splitlines()
                     if "would be stored as" not in ln]
    assert out["crlf"] == out["lf"] and any("new sentence ids" in ln for ln in out["lf"])


def test_a_checksum_in_upper_case_is_the_same_checksum(cli, corpus_copy):
    """A witness's sha256 written in upper-case hex digits was refused as a "checksum
    mismatch" quoting a value that looks the same (a breaker's find)."""
    m = corpus_copy / "manifest.toml"
    text = m.read_text(encoding="utf-8")
    digest = re.search(r'sha256 = "([0-9a-f]{64})"', text).group(1)
    m.write_text(text.replace(digest, digest.upper(), 1), encoding="utf-8")
    assert cli("--corpus", corpus_copy, "check").exit_code == 0
    m.write_text(text.replace(digest, digest[:-1] + ("0" if digest[-1] != "0" else "1"), 1),
                 encoding="utf-8")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and "checksum mismatch" in r.output


def test_check_reports_every_broken_file_at_once(cli, corpus_copy):
    """``edition check`` stopped at the first file it could not read, so an editor with three
    broken files learned of them one run at a time. It reads every TOML file and every
    witness's checksum first and names each problem, with its file, line and fix; then
    stops (the model cannot be built on them)."""
    mill = corpus_copy / "translations" / "en" / "mill.toml"
    mill.write_text(mill.read_text(encoding="utf-8") + "\n[[sentence\n", encoding="utf-8")
    glossary = corpus_copy / "glossary.toml"
    glossary.write_text('term = "unclosed\n' + glossary.read_text(encoding="utf-8"),
                        encoding="utf-8")
    witness = sorted((corpus_copy / "witnesses").glob("*.txt"))[1]
    witness.write_bytes(witness.read_bytes() + b"\n")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1, r.output
    out = r.output
    assert re.search(r"mill\.toml:\d+: not valid TOML", out), out
    assert re.search(r"glossary\.toml:1: not valid TOML", out), out
    assert f"{witness.name}: checksum mismatch" in out, out
    assert out.count("fix:") >= 3 and "3 problems" in out, out
    assert "Traceback" not in out
