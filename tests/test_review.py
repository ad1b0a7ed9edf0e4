"""Faults found by using the toolkit as a newcomer would (the review of the merged work)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_utf8_file_with_one_broken_byte_is_not_sent_to_iconv(cli, tmp_path):
    """A UTF-8 page with one stray byte must not be called KOI8-R: converting it would garble
    every good letter. The message names the line and column to mend."""
    p = tmp_path / "page.txt"
    p.write_bytes("Мельница.\nВыбираются все четыре туза\xff и раскладываются подряд.\n"
                  .encode("utf-8").replace("\xff".encode("utf-8"), b"\xff"))
    for args in (("segment", p), ("normalise", p)):
        r = cli(*args)
        assert r.exit_code == 1
        lines = r.output.strip().splitlines()
        assert lines[0] == (f"edition: {p}:2: not UTF-8 (byte 67: b'\\xff', column 27): "
                            "the rest is UTF-8 with a broken byte"), r.output
        assert "line 2, column 27" in lines[1] and "iconv -f" not in r.output


def test_a_utf8_witness_with_a_broken_byte_is_refused_with_its_place(cli, corpus_copy, tmp_path):
    p = tmp_path / "chapter.txt"
    p.write_bytes("Пасьянсъ «Звѣзда».\nБерутъ колоду картъ\x80.\n".encode("utf-8")
                  .replace("\x80".encode("utf-8"), b"\x80"))
    r = cli("--corpus", corpus_copy, "add", p, "--dry-run")
    assert r.exit_code == 1
    assert f"{p}:2: not UTF-8" in r.output and "column 20" in r.output
    assert "looks like" not in r.output


def test_a_hint_with_no_rule_sentences_has_no_empty_dash():
    """The panel's hint names the move's rule sentences after a dash only when it has some
    (several games' moves cite none: the hint read '... foundation 4 — . Press Enter')."""
    js = (ROOT / "extract/sphinxext/static/play-panel.js").read_text(encoding="utf-8")
    hint = next(line for line in js.splitlines() if '"Hint (the greedy policy): "' in line)
    assert re.search(r'h\.move\.rules\.length \? " \\u2014 " \+ h\.move\.rules\.join', hint), hint
