"""The site in a real browser (Debian's chromium driven by Playwright): column switches that
survive a reload, keyboard focus highlighting, no console errors, over HTTP and file://."""
from __future__ import annotations

import shutil
import threading

import pytest
from playwright.sync_api import sync_playwright

from extract.serve import site_server

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def http_root(site):
    server = site_server(site, 0)          # `edition serve`'s own server
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(params=["http", "file"])
def root(request, site, http_root):
    return http_root if request.param == "http" else site.as_uri()


def open_page(browser, url, width=1280):
    page = browser.new_page(viewport={"width": width, "height": 900})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page, errors


def test_column_switch_survives_reload(browser, root):
    page, errors = open_page(browser, f"{root}/games/mill.html")
    en = page.locator("#mill\\.1 .en")
    assert en.is_visible()
    page.get_by_label("English").uncheck()
    assert not en.is_visible()
    assert page.locator("#mill\\.1 .orig").is_visible()
    assert "hide=en" in page.url
    page.reload()
    assert not page.locator("#mill\\.1 .en").is_visible()
    assert not page.get_by_label("English").is_checked()
    page.get_by_label("English").check()
    assert page.locator("#mill\\.1 .en").is_visible()
    assert "hide=" not in page.url
    assert errors == []
    page.close()


def test_keyboard_focus_highlights_sentence(browser, root):
    page, errors = open_page(browser, f"{root}/games/octagon.html")
    page.locator("#octagon\\.1").focus()
    assert "is-active" in page.locator("#octagon\\.1").get_attribute("class")
    page.keyboard.press("Tab")
    focused_inside = page.evaluate(
        "() => document.activeElement.closest('.edition-sentence') ? "
        "document.activeElement.closest('.edition-sentence').id : ''")
    active = page.locator(".edition-sentence.is-active")
    assert active.count() == 1 and active.get_attribute("id") == focused_inside
    assert "is-active" not in (page.locator("#octagon\\.1").get_attribute("class")
                               if focused_inside != "octagon.1" else "")
    assert errors == []
    page.close()


def test_change_shows_original_on_focus(browser, root):
    page, errors = open_page(browser, f"{root}/games/dense-column.html")
    chg = page.locator(".chg").first
    chg.focus()
    assert chg.get_attribute("data-orig") is not None
    assert chg.get_attribute("title")
    assert errors == []
    page.close()


def test_narrow_screen_stacks_columns(browser, site, http_root, tmp_path):
    page, errors = open_page(browser, f"{http_root}/games/mill.html", width=375)
    orig = page.locator("#mill\\.2 .orig").bounding_box()
    en = page.locator("#mill\\.2 .en").bounding_box()
    assert en["y"] > orig["y"] + orig["height"] - 1      # stacked, not side by side
    assert orig["width"] > 250
    page.screenshot(path=str(tmp_path / "mill-375.png"), full_page=False)
    wide, _ = open_page(browser, f"{http_root}/games/mill.html", width=1280)
    o = wide.locator("#mill\\.2 .orig").bounding_box()
    e = wide.locator("#mill\\.2 .en").bounding_box()
    assert abs(o["y"] - e["y"]) < 2 and e["x"] > o["x"]  # side by side
    assert errors == []
    page.close()
    wide.close()


def test_original_forms_switch(browser, root):
    page, errors = open_page(browser, f"{root}/games/macedonian-phalanx.html")
    chg = page.locator(".reg .chg-emendation").first
    assert chg.inner_text() == "идут"
    assert page.get_by_text("Original forms in the reading text").count() == 0
    page.get_by_label("Show changed words as printed (Normalised column)").check()
    assert chg.inner_text() == "вдут"
    assert "forms=orig" in page.url
    page.reload()
    assert page.locator(".reg .chg-emendation").first.inner_text() == "вдут"
    page.get_by_label("Show changed words as printed (Normalised column)").uncheck()
    assert page.locator(".reg .chg-emendation").first.inner_text() == "идут"
    assert errors == []
    page.close()


def test_step_through_example_deal(browser, root):
    page, errors = open_page(browser, f"{root}/games/mill.html")
    status = page.locator("#mill-play .trace-status")
    assert status.inner_text().startswith("The deal")
    cards_before = page.locator("#mill-play .trace-card").count()
    page.get_by_label("Next move").click()
    assert status.inner_text().startswith("Move 1 of")
    assert page.locator("#mill-play .trace-card").count() == cards_before  # cards move, none vanish
    page.get_by_label("Last position").click()
    assert "won" in status.inner_text() or "lost" in status.inner_text()
    page.get_by_label("First position").click()
    assert status.inner_text().startswith("The deal")
    assert errors == []
    page.close()


def test_a_long_example_deal_shown_in_part_says_where_it_ends(browser, http_root):
    """The Egyptian Pyramid's example game is longer than the moves the page shows: the
    status counts the whole game's moves ("Move 1 of 1734"), and the last move shown says
    that the rest is not shown and where the game ends (it said "Move 600 of 600 ... won
    (truncated)", as if move 600 won)."""
    import json
    page, errors = open_page(browser, f"{http_root}/games/egyptian-pyramid.html")
    data = json.loads(page.locator("#egyptian-pyramid-play script.trace-data").text_content())
    assert data["truncated"] and data["moves"] > len(data["steps"])
    status = page.locator("#egyptian-pyramid-play .trace-status")
    assert status.inner_text().endswith(f", the first {len(data['steps'])} shown)")
    page.get_by_label("Next move").click()
    assert status.inner_text().startswith(f"Move 1 of {data['moves']}:")
    page.get_by_label("Last position").click()
    assert status.inner_text().startswith(f"Move {len(data['steps'])} of {data['moves']}:")
    assert status.inner_text().endswith(
        f"the moves after this one are not shown; the game is {data['outcome']} after move "
        f"{data['moves']}")
    assert errors == []
    page.close()


@pytest.mark.parametrize("path", ["index.html", "witnesses.html", "glossary.html", "principles.html",
                                  "games/dense-column.html", "games/engine.html"])
def test_no_horizontal_overflow_on_a_phone(browser, http_root, path):
    page, errors = open_page(browser, f"{http_root}/{path}", width=375)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert errors == []
    page.close()


@pytest.mark.parametrize("cite, anchor", [("mill:4", "#mill.4"),
                                          ("goes-doesnt-go:deal-pattern",
                                           "#goes-doesnt-go.deal-pattern")])
def test_a_citable_id_typed_whole_into_the_search_is_found_first(browser, http_root, cite,
                                                                   anchor):
    """A scholar who searches for an id finds its object first (the edition's scorer,
    html_search_scorer), above the pages whose text holds its words; Sphinx's own weights
    put it third."""
    page, errors = open_page(browser, f"{http_root}/search.html?q={cite}")
    page.wait_for_selector("ul.search li a", timeout=30_000)
    first = page.locator("ul.search li a").first
    assert first.get_attribute("href").endswith(anchor) and first.inner_text() == cite
    assert page.locator("ul.search li").count() > 1      # the pages still follow
    assert errors == []
    page.close()
