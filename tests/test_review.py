"""Faults found by using the toolkit as a newcomer would (the review of the merged work)."""
from __future__ import annotations

import re

import pytest

from test_play_panel import START, served  # noqa: F401 (`edition serve` fixture)
from tests.test_browser import browser  # noqa: F401 (one Chromium per module)


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


def test_the_footer_ends_with_one_full_stop(site):
    """The theme puts a full stop after the copyright line; the licence's own made '..'."""
    from lxml import html
    footer = html.parse(str(site / "index.html")).getroot().find_class("footer")[0]
    text = " ".join(footer.text_content().split())
    assert "dedicated to the public domain (CC0 1.0)." in text and ".." not in text, text
    assert "corpus/README.md" not in text      # a reader of the site has no such file


@pytest.mark.parametrize("width", [800, 1280])
def test_the_table_of_ids_fits_a_desktop_window(browser, site, width):
    """The home page's table of id forms (long ids in code) overflowed the text column and
    the window at desktop widths (the page scrolled sideways at 1280 px)."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto((site / "index.html").as_uri())
    body = page.locator("div.body").bounding_box()
    table = page.locator("table.docutils").first.bounding_box()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert table["x"] + table["width"] <= body["x"] + body["width"] + 1
    page.close()


def test_a_hint_names_rule_sentences_only_when_it_has_some(browser, served):
    """The panel's hint is 'Hint (...): <move> — <ids>. Press Enter ...', and without a dash
    when the move cites no sentence (it read '... to foundation 4 — . Press Enter')."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{served}/games/mill.html?deal=1")
    box = page.locator("#mill-play-panel .play-board").first
    box.locator(".play-move, .play-legal .play-note").first.wait_for(timeout=START)
    for _ in range(3):
        box.get_by_role("button", name="Hint").click()
        page.wait_for_function("el => el.getAttribute('aria-busy') === 'false'",
                               arg=box.element_handle())
        status = box.locator(".play-status").inner_text()
        assert re.fullmatch(r"Hint \(the greedy policy\): [^—]+?( — [a-z0-9-]+:\d+(, [a-z0-9-]+:\d+)*)?"
                            r"\. Press Enter or tap the highlighted move to play it\.", status), status
        box.locator(".is-hint .play-move").click()
        page.wait_for_function("el => el.getAttribute('aria-busy') === 'false'",
                               arg=box.element_handle())
    page.close()


def test_a_run_on_word_of_ocr_garbage_is_not_searched_for_repairs(monkeypatch):
    """The OCR repair tries every place of an unknown word, each try costing the word's length:
    a 5,000-letter run took four minutes and a 2 MB one (a legal witness) never finished. A
    run longer than any Russian word is normalised by the rules and not searched."""
    from extract.text import normalise as nz
    calls = []
    real = nz._candidates
    monkeypatch.setattr(nz, "_candidates", lambda *a: calls.append(a) or real(*a))
    long_run = "Берут" + "ъ" * 3000 + "ь" * 7
    r = nz.normalise(f"Пасьянсъ {long_run} картъ.")
    assert calls == []
    assert r.text == f"Пасьянс {long_run} карт."
    short = "раскладываютсл" + "ъ"          # an unknown word of ordinary length is still tried
    nz.normalise(f"Карты {short}.")
    assert calls
