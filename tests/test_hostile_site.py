"""A corpus full of hostile strings (HTML, script, MyST directives in titles, translations,
reasons, glossary, manifest) builds into a site where nothing runs and every string shows as
the characters it is: corpus text is data, never markup. Checked in a real browser."""
from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from extract.cli import main

CORPUS = Path(__file__).resolve().parent.parent / "corpus"

# Each payload would set window.__pwned or change document.title if it ran.
IMG = '<img src=x onerror="window.__pwned=1">'
# the same with its attribute unquoted, so that a witness's quoted title holds it whole
IMG_BARE = "<img src=x onerror=window.__pwned=1>"
SCRIPT = "<script>window.__pwned=2</script>"
BOLD = "<b>Жирный</b>"
RAW_BLOCK = ("\n\n```{raw} html\n<script>window.__pwned=3;document.title='PWNED'</script>\n```\n\n"
             "# {eval-rst}")
ROLE = "{raw}`<script>window.__pwned=4</script>`"
SVG = '<svg onload="window.__pwned=5">'
# In JSON inside <script>, an unescaped "<!--<script>" makes the HTML parser swallow the rest
# of the page (the footer and every later element).
COMMENT = "<!--<script>"

HOSTILE_WITNESS = (
    f"Глава L. {BOLD}\n\n"
    f"{BOLD}. Раскладывают всю колоду в четыре ряда. Короли кладутся наверх.\n\n"
    f"Пасьянс «Окно {IMG_BARE}». Карты кладут по одной. {SCRIPT} Пасьянс выходит, когда все "
    f"карты сойдут.\n")


def _toml(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def hostile_corpus(dst: Path) -> Path:
    """Copy the corpus to ``dst`` and put hostile strings everywhere an editor or a witness
    can put text: a new witness (chapter heading and game titles), games.toml, the
    translations, the emendations' reasons, the glossary and the manifest."""
    shutil.copytree(CORPUS, dst, ignore=shutil.ignore_patterns("results"))
    data = HOSTILE_WITNESS.encode("utf-8")
    (dst / "witnesses" / "900_hostile.txt").write_bytes(data)
    with (dst / "manifest.toml").open("a", encoding="utf-8") as f:
        f.write(f"\n[[witness]]\nsiglum = \"L\"\nfile = \"witnesses/900_hostile.txt\"\n"
                f"sha256 = \"{hashlib.sha256(data).hexdigest()}\"\n"
                f"description = {_toml('Глава L ' + SCRIPT + IMG + RAW_BLOCK)}\n")
    games = (dst / "games.toml").read_text(encoding="utf-8")
    games = games.replace('title_en = "The Mill"', f"title_en = {_toml('The Mill ' + IMG + RAW_BLOCK + COMMENT)}")
    games = games.replace('title_en = "The Octagon"', f"title_en = {_toml('Octagon ' + SVG + ROLE)}")
    (dst / "games.toml").write_text(games, encoding="utf-8")
    mill = dst / "translations" / "en" / "mill.toml"
    text = mill.read_text(encoding="utf-8")
    first = text.index('"mill:1" = ')
    end = text.index("\n", first)
    mill.write_text(text[:first] + f'"mill:1" = {_toml("Aces out. " + SCRIPT + IMG + ROLE + RAW_BLOCK)}'
                    + text[end:], encoding="utf-8")
    em = (dst / "emendations.toml").read_text(encoding="utf-8")
    assert "reason = " in em
    em = em.replace('reason = "', f'reason = "{IMG.replace(chr(34), chr(39))} ', 1)
    (dst / "emendations.toml").write_text(em, encoding="utf-8")
    gl = (dst / "glossary.toml").read_text(encoding="utf-8")
    assert "english = " in gl
    gl = gl.replace('english = "', f'english = "{SVG.replace(chr(34), chr(39))} ', 1)
    (dst / "glossary.toml").write_text(gl, encoding="utf-8")
    return dst


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile")
    corpus = hostile_corpus(root / "corpus")
    runner = CliRunner()
    r = runner.invoke(main, ["--corpus", str(corpus), "lock"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    out = root / "html"
    r = runner.invoke(main, ["--corpus", str(corpus), "build", "--out", str(out)],
                      catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return out


def test_generated_pages_hold_no_corpus_text(hostile_site):
    """The generated MyST of a game page names the game by its slug only."""
    import re
    source = hostile_site.parent / ".html.source" / "games"
    pages = [p for p in source.glob("*.md") if p.stem not in ("index", "engine")]
    assert len(pages) == 13
    for page in pages:
        slug = page.stem
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", slug)
        assert page.read_text(encoding="utf-8") == (
            f"(game-{slug})=\n\n```{{edition-game-page}} {slug}\n```\n")


def test_hostile_titles_show_as_text_and_never_run(hostile_site):
    from playwright.sync_api import sync_playwright
    from tests.test_browser import ARGS, CHROMIUM
    pages = sorted(p for p in hostile_site.rglob("*.html") if "_modules" not in p.parts)
    assert len(pages) > 10
    mill = hostile_site / "games" / "mill.html"
    new_game = list((hostile_site / "games").glob("okno-img-*.html"))   # slug from the title
    assert len(new_game) == 1, "the hostile witness's game has no page"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        page = browser.new_page()
        dialogs: list[str] = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        for html in pages:
            page.goto(html.as_uri())
            assert page.evaluate("window.__pwned") is None, html
            assert page.title() != "PWNED", html   # what the payload would set
            assert page.evaluate("document.querySelectorAll('img[src=x], svg[onload]').length") == 0, html
        # the site's search lists the hostile titles as text
        page.goto((hostile_site / "search.html").as_uri() + "?q=mill")
        page.wait_for_selector("#search-results li a", timeout=30_000)
        titles = page.eval_on_selector_all("#search-results li a", "els => els.map(e => e.textContent)")
        assert any(("The Mill " + IMG) in t for t in titles), titles
        assert page.evaluate("window.__pwned") is None
        assert page.evaluate("document.querySelectorAll('img[src=x], svg[onload]').length") == 0
        # the text shows as the characters it is, in the heading, the games list and prev/next
        page.goto(mill.as_uri())
        h1 = page.inner_text("h1")
        assert "The Mill " + IMG in h1 and "{raw} html" in h1
        assert "<script>window.__pwned=2</script>" in page.inner_text(".edition-text")
        # the title in the Play panel's JSON is the same string, and the page after it is whole
        data = page.evaluate("JSON.parse(document.querySelector('script.play-data').textContent)")
        assert data["title"].endswith(COMMENT), data["title"]
        assert page.evaluate("document.querySelectorAll('.footer').length") == 1
        assert COMMENT in page.inner_text("h1")
        page.goto(new_game[0].as_uri())
        # the title as the structure finder reads it, shown as text
        assert IMG_BARE in page.inner_text("h1")
        page.goto((hostile_site / "games" / "index.html").as_uri())
        assert IMG in page.inner_text("body")
        # the heading names the game <b>Жирный</b> (read through its markup: Жирный), whose
        # paragraph follows it untitled and shows the markup as text
        page.goto((hostile_site / "games" / "zhirnyi.html").as_uri())
        assert BOLD in page.inner_text("body")
        assert page.evaluate("document.querySelectorAll('b').length") == 0
        from extract import LICENCE
        assert LICENCE in " ".join(page.inner_text(".footer").split())   # one licence, the footer too
        page.goto((hostile_site / "witnesses.html").as_uri())
        assert SCRIPT in page.inner_text("body")
        browser.close()
    assert dialogs == []
    # the page after the mill links to it by its title, as text
    nxt = hostile_site / "games" / "egyptian-pyramid.html"
    assert "The Mill &lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;" in \
        nxt.read_text(encoding="utf-8")


@pytest.mark.parametrize("text", ["</script><script>window.__pwned=6</script>", COMMENT,
                                  "a & b &amp; c", "x > y", "line\u2028sep\u2029para", "\\<!--"])
def test_json_for_html_escapes_every_markup_character(text):
    """The one helper that puts JSON into the site's HTML: the value survives JSON.parse
    unchanged, and none of < > & U+2028 U+2029 stands raw (each escape removed fails here)."""
    from extract.sphinxext.play import json_for_html
    out = json_for_html({"title": text, "n": [1, 2]})
    assert json.loads(out) == {"title": text, "n": [1, 2]}
    for ch in "<>&\u2028\u2029":
        assert ch not in out, (ch, out)
