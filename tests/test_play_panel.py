"""The Play panel: the engine's describing API in CPython, the site bundle (Pyodide from npm,
the engine zip), and the panel in a real browser (Debian's chromium driven by Playwright)
against `edition serve`: hints played to the end equal `edition play --policy greedy`, the
position is in the URL, keyboard play, two readings side by side, file://, axe-core."""
from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from engine import api, describe, games, solver
from engine.deal import MAX_DEAL_DIGITS

REPO = Path(__file__).resolve().parent.parent
EDITION = Path(sys.executable).with_name("edition")


# -- the engine's describing API (CPython) -------------------------------------------------
@pytest.mark.parametrize("slug", games.available())
def test_every_legal_move_is_described_with_its_rules(slug):
    ids = {i for e in games.entries(slug) for i in e["ids"]}
    s = games.new(slug, 2)
    moves = []
    for _ in range(12):  # a few positions into the game
        legal = api.legal_moves_described(slug, 2, {}, moves)
        assert [tuple(e["move"]) for e in legal] == s.legal_moves()
        for e in legal:
            assert e["caption"].strip()
            assert e["rules"] and set(e["rules"]) <= ids, (e, ids)
            n = len(s.layout()["piles"])
            assert all(0 <= i < n for i in e["from"] + e["to"])
        if not legal:
            break
        m = legal[-1]["move"]
        moves.append(m)
        s = s.step(m)


def test_captions_and_rule_ids_of_the_mill():
    legal = api.legal_moves_described("mill", 3)
    build = next(e for e in legal if e["move"][0] == "build")
    assert re.fullmatch(r"\S+ from packet \d+ onto \S+ on packet \d+", build["caption"])
    assert build["rules"] == ["mill:4"]
    r = api.play("mill", 3, {}, "greedy")
    first_found = next(i for i, m in enumerate(r["moves"]) if m[0] == "found")
    pos = api.position("mill", 3, {}, r["moves"][:first_found])
    found = next(e for e in pos["legal"] if e["move"][0] == "found")
    assert found["rules"] == ["mill:3"] and "to foundation" in found["caption"]
    redeal = r["moves"].index(["redeal"])
    pos = api.position("mill", 3, {}, r["moves"][:redeal + 1])
    assert pos["history"][-1]["rules"][:2] == ["mill:5", "mill:6"]
    assert pos["history"][-1]["caption"].startswith("redeal")


def test_face_down_cards_are_not_shown():
    """The stock of the Octagon and the packets of Heart Speaks to Heart are face down: their
    cards are not in the piles nor in any caption before they are turned."""
    s = games.new("octagon", 1)
    stock = next(p for p in s.layout()["piles"] if p["name"] == "stock")["cards"]
    pos = api.position("octagon", 1)
    shown = json.dumps([pos["piles"], pos["legal"]], ensure_ascii=False)
    for code in stock:
        assert describe.symbol(code) not in shown and f'"{code}"' not in shown
    turn = next(e for e in pos["legal"] if e["move"] == ["turn"])
    assert "face-down card" in turn["caption"]
    after = api.position("octagon", 1, {}, [["turn"]])
    assert describe.symbol(stock[-1]) in after["history"][0]["caption"]   # turned up: named
    h = games.new("heart-to-heart", 1)
    packets = [p for p in h.layout()["piles"] if "packet" in p["name"]]
    view = {p["name"]: p["cards"] for p in api.position("heart-to-heart", 1)["piles"]}
    for p in packets:
        assert view[p["name"]] == [None] * (len(p["cards"]) - 1) + p["cards"][-1:]


def test_the_card_in_hand_shows_when_the_player_must_place_it():
    """The Spinning Wheel's card in hand can go to a waste pile or onto the wheel: the player
    sees it; the Dense Column's next card is only turned: it stays face down."""
    hand = next(p for p in api.position("spinning-wheel", 1)["piles"] if p["name"] == "hand")
    assert hand["cards"][-1] is not None and hand["cards"][0] is None
    dense = next(p for p in api.position("dense-column", 1)["piles"] if p["name"] == "hand")
    assert set(dense["cards"]) == {None}


@pytest.mark.parametrize("slug,deal,readings", [
    ("mill", 7, {"deal-order": "round"}),
    ("peacock-tail", 3, {"upper": "rule"}),
    ("heart-to-heart", 2, {"pairing": "all-of-rank"}),
    ("octagon", 4, {}),
])
def test_following_hints_plays_the_greedy_policy(slug, deal, readings):
    moves = []
    while True:
        h = api.hint(slug, deal, readings, moves)
        if h["move"] is None:
            break
        moves.append(h["move"]["move"])
    r = api.play(slug, deal, readings, "greedy")
    assert moves == r["moves"]
    end = api.position(slug, deal, readings, moves)
    assert ("won" if end["won"] else "lost") == r["outcome"]
    assert h["reason"] == r["final"]["reason"]


def test_solve_from_a_position_and_bad_input():
    r = api.play("mill", 7, {}, "greedy")
    out = api.solve_from("mill", 7, {}, r["moves"][:10], budget=50_000)
    ref = solver.solve(games.replay("mill", 7, {}, r["moves"][:10]), 50_000)
    assert (out["outcome"], out["states"]) == (ref.outcome, ref.states)
    if out["outcome"] == "won":
        assert games.replay("mill", 7, {}, r["moves"][:10] + out["moves"]).is_won()
    with pytest.raises(ValueError, match="move 1 .* is illegal"):
        api.position("mill", 7, {}, [["build", 0, 0]])
    with pytest.raises(ValueError, match="unknown reading"):
        api.position("mill", 7, {"deal-order": "sideways"})
    with pytest.raises(ValueError, match="budget"):
        api.solve_from("mill", 7, {}, [], budget=0)


def test_moves_in_a_url_round_trip():
    r = api.play("octagon", 2, {}, "greedy")
    text = describe.format_moves(r["moves"])
    assert re.fullmatch(r"[A-Za-z0-9_.,-]*", text)
    assert [list(m) for m in describe.parse_moves(text)] == r["moves"]
    with pytest.raises(ValueError, match="bad move"):
        describe.parse_moves("found.8,,build")


# -- the site bundle -------------------------------------------------------------------------
def test_engine_is_standard_library_only(tmp_path):
    from sphinx.errors import ExtensionError
    from extract.sphinxext import bundle
    bundle.check_stdlib_only()  # the real engine
    (tmp_path / "ok.py").write_text("try:\n    import numpy\nexcept ImportError:\n    numpy = None\n")
    bundle.check_stdlib_only(tmp_path)
    (tmp_path / "bad.py").write_text("import json\nimport numpy as np\n")
    with pytest.raises(ExtensionError, match=r"bad\.py:2: the engine imports 'numpy'"):
        bundle.check_stdlib_only(tmp_path)


@pytest.mark.parametrize("code", [
    "def f():\n    import numpy\n",
    "class C:\n    def m(self):\n        from numpy import array\n",
    "with open('x') as f:\n    import numpy\n",
    "for i in ():\n    pass\nelse:\n    import numpy\n",
    "if True:\n    pass\nelif False:\n    import numpy\n",
    "try:\n    pass\nfinally:\n    import numpy\n",
    "try:\n    pass\nexcept ValueError:\n    import numpy\n",
    "try:\n    import json\nexcept ImportError:\n    pass\nelse:\n    import numpy\n",
    "match 1:\n    case 1:\n        import numpy\n",
    "async def f():\n    async with x:\n        while True:\n            import numpy\n",
])
def test_an_import_nested_in_any_statement_is_found(tmp_path, code):
    """The check looks into every statement list (bodies, else and finally blocks, handlers,
    match cases): an import can stand in any of them."""
    from sphinx.errors import ExtensionError
    from extract.sphinxext import bundle
    (tmp_path / "bad.py").write_text(code)
    with pytest.raises(ExtensionError, match=r"bad\.py:\d+: the engine imports 'numpy'"):
        bundle.check_stdlib_only(tmp_path)


def test_missing_npm_is_an_error_naming_the_fix(tmp_path, monkeypatch):
    from sphinx.errors import ExtensionError
    from extract.sphinxext import bundle
    (tmp_path / "package.json").write_text('{"dependencies": {"pyodide": "314.0.8"}}')
    monkeypatch.setenv("PATH", str(tmp_path))  # no npm on the PATH
    with pytest.raises(ExtensionError, match=r"`npm` was not found.*apt-get install -y nodejs npm"):
        bundle.ensure_pyodide(tmp_path)


def test_site_ships_pyodide_and_the_engine(site):
    lock = json.loads((REPO / "package-lock.json").read_text())
    version = lock["packages"]["node_modules/pyodide"]["version"]
    assert json.loads((REPO / "package.json").read_text())["dependencies"]["pyodide"] == version
    static = site / "_static"
    assert sorted(p.name for p in (static / "pyodide").iterdir()) == sorted(
        ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
         "pyodide-lock.json"])
    zips = list((static / "play").glob("engine-*.zip"))
    assert len(zips) == 1
    html = (site / "games" / "mill.html").read_text(encoding="utf-8")
    assert f'data-engine="{zips[0].name}"' in html
    scripts = [*static.glob("play-panel.*.js"), *static.glob("play-worker.*.mjs")]
    assert len(scripts) == 2                              # the hashed names (sphinxext.assets)
    for script in scripts:                                # no address but the local server's
        urls = re.findall(r"https?://[^\s\"')]+", script.read_text())
        assert all(u.startswith("http://127.0.0.1:8000/") for u in urls), urls
    import zipfile
    names = zipfile.ZipFile(zips[0]).namelist()
    assert "engine/api.py" in names and "engine/games/mill.py" in names


def test_a_long_game_plays_to_its_end_in_the_sites_pyodide(site, tmp_path):
    """The engine as the site ships it, in the site's own Pyodide (under node): a greedy
    play of 21,681 moves ends, lost, as in CPython. Freeing its move history, a chain of
    nested pairs, killed the interpreter ("Maximum call stack size exceeded", a tester's
    find) until ``api.play`` let it go one move at a time."""
    import shutil
    node = shutil.which("node")
    assert node, "node is needed (npm brings Pyodide for the build)"
    pyodide = site / "_static" / "pyodide"
    (engine_zip,) = (site / "_static" / "play").glob("engine-*.zip")
    script = tmp_path / "long.mjs"
    script.write_text(
        f'import {{ loadPyodide }} from {json.dumps((pyodide / "pyodide.mjs").as_uri())};\n'
        'import fs from "fs";\n'
        f'const py = await loadPyodide({{ indexURL: {json.dumps(str(pyodide) + "/")} }});\n'
        f'py.unpackArchive(new Uint8Array(fs.readFileSync({json.dumps(str(engine_zip))})), '
        '"zip", { extractDir: "/eng" });\n'
        'console.log(py.runPython("import sys; sys.path.insert(0, \'/eng\')\\n'
        'from engine import api\\nr = api.play(\'egyptian-pyramid\', 1, {}, '
        'policy=\'greedy\', budget=30000)\\nr[\'outcome\'] + \' \' + '
        'str(len(r[\'moves\']))"));\n', encoding="utf-8")
    r = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=600)
    assert r.stdout.split() == ["lost", "21681"], r.stderr[-3000:]
    assert len(api.play("egyptian-pyramid", 1, {}, "greedy", budget=30000)["moves"]) == 21681


def test_static_example_hides_face_down_cards(site):
    """The step-through's data (in the page source) names only the cards a player sees."""
    html = (site / "games" / "heart-to-heart.html").read_text(encoding="utf-8")
    data = json.loads(re.search(r'class="trace-data"[^>]*>(.*?)</script>', html).group(1)
                      .replace("<\\/", "</"))
    start = dict(zip(data["piles"], (p[3] for p in data["start"])))
    for name, cards in start.items():
        if "packet" in name:
            assert cards[:-1] == [None] * (len(cards) - 1) and cards[-1] is not None
        if name.endswith(" reserve") and "open" not in name:
            assert set(cards) <= {None}


# -- in a real browser, against `edition serve` -----------------------------------------------
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
START = 180_000  # ms: Pyodide's first start on a slow, shared machine


@pytest.fixture(scope="module")
def served(site):
    """`edition serve` on a free localhost port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([str(EDITION), "serve", "--port", str(port), "--dir", str(site)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    root = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(root + "/index.html", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    yield root
    proc.terminate()
    proc.wait(10)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        ctx = b.new_context(viewport={"width": 1280, "height": 900})
        yield ctx
        b.close()


def open_page(ctx, url):
    page = ctx.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page, errors


def board(page, slug, n=0):
    return page.locator(f"#{slug}-play-panel .play-board").nth(n)


def wait_ready(page, slug, n=0):
    board(page, slug, n).locator(".play-move, .play-legal .play-note").first.wait_for(timeout=START)


def reading_args(readings):
    return [x for a, r in readings.items() for x in ("--reading", f"{a}={r}")]


def follow_hints(page, b) -> None:
    """Press Hint and play the hinted move until the game is over or no hint is left,
    checking the status line after each move."""
    hint = b.get_by_role("button", name="Hint")
    status = b.locator(".play-status")
    played = 0
    while not hint.is_disabled():   # disabled once the game is over
        hint.click()
        page.wait_for_function(
            "el => el.getAttribute('aria-busy') === 'false'", arg=b.element_handle())
        if status.inner_text().startswith("No hint"):
            break
        b.locator(".is-hint .play-move").click()
        played += 1
        page.wait_for_function(
            "([el, n]) => el.getAttribute('aria-busy') === 'false' && "
            "el.querySelectorAll('.play-history li').length === n",
            arg=[b.element_handle(), played])
        assert status.inner_text().startswith(f"Move {played}:")


GAMES = [("mill", 7, {"deal-order": "round"}),
         ("peacock-tail", 3, {"upper": "rule"}),
         ("heart-to-heart", 2, {"pairing": "all-of-rank"})]


@pytest.mark.parametrize("slug,deal,readings", GAMES)
def test_hints_to_the_end_equal_edition_play(browser, served, cli, slug, deal, readings):
    r = cli("play", slug, "--deal", deal, *reading_args(readings), "--policy", "greedy",
            "--format", "json")
    want = json.loads(r.output)
    query = "&".join([f"deal={deal}"] + [f"reading={a}={v}" for a, v in readings.items()])
    requests: list[str] = []
    browser.on("request", lambda req: requests.append(req.url))
    page, errors = open_page(browser, f"{served}/games/{slug}.html?{query}")
    wait_ready(page, slug)
    assert any(u.endswith("/pyodide.asm.wasm") for u in requests)
    assert all(u.startswith(served + "/") for u in requests), requests  # nothing from a CDN
    b = board(page, slug)
    for a, v in readings.items():
        assert b.locator(f"select[data-ambiguity='{a}']").input_value() == v
    follow_hints(page, b)
    assert b.get_attribute("data-outcome") == want["outcome"]
    assert b.get_attribute("data-moves") == describe.format_moves(want["moves"])
    assert b.locator(".play-history li").count() == len(want["moves"])
    assert f"moves={describe.format_moves(want['moves'])}" in page.url
    # the last move's rule sentences are highlighted in the text columns
    last_rules = b.locator(".play-history li").last.locator(".play-rules a").all_inner_texts()
    assert last_rules
    for rid in last_rules:
        assert "play-rule" in page.locator(f"[id='{rid.replace(':', '.')}']").get_attribute("class")
    assert errors == []
    page.close()


def test_a_position_in_the_url_opens_the_panel_there(browser, served):
    r = api.play("mill", 5, {"gather": "top-card-first"}, "greedy")
    moves = describe.format_moves(r["moves"][:6])
    page, errors = open_page(browser, f"{served}/games/mill.html?deal=5&reading=gather="
                                      f"top-card-first&moves={moves}")
    wait_ready(page, "mill")                     # opened by itself: the URL cites a position
    b = board(page, "mill")
    want = api.position("mill", 5, {"gather": "top-card-first"}, r["moves"][:6])
    assert [t.strip() for t in b.locator(".play-history li span:first-child").all_inner_texts()] == [
        h["caption"] for h in want["history"]]
    assert b.locator(".play-move").all_inner_texts() == [e["caption"] for e in want["legal"]]
    assert page.locator("#mill-play-panel input.play-deal").input_value() == "5"
    # the solver's budget box says what it is on screen, not only to a screen reader
    label = page.locator("#mill-play-panel label.play-budget-label").first
    assert label.inner_text().split() == ["within", "states"]
    assert label.locator("input.play-budget").input_value() == "20000"
    assert errors == []
    page.close()


def test_keyboard_play_undo_redo_and_compare(browser, served):
    page, errors = open_page(browser, f"{served}/games/mill.html")
    page.locator("#mill-play-panel > summary").focus()
    page.keyboard.press("Enter")
    wait_ready(page, "mill")
    b = board(page, "mill")
    first = b.locator(".play-move").first
    caption = first.inner_text()
    first.focus()
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"                                   # focus is visible
    page.keyboard.press("Enter")
    b.locator(".play-history li").first.wait_for()
    assert b.locator(".play-status").get_attribute("aria-live") == "polite"
    assert b.locator(".play-status").inner_text().startswith(f"Move 1: {caption}")
    # undo and redo from the keyboard
    b.locator(".play-table").focus()
    page.keyboard.press("u")
    page.wait_for_function("el => el.querySelectorAll('.play-history li').length === 0",
                           arg=b.element_handle())
    page.keyboard.press("r")
    page.wait_for_function("el => el.querySelectorAll('.play-history li').length === 1",
                           arg=b.element_handle())
    # the table: arrows go from pile to pile (from pile 0), Enter selects a source pile,
    # Enter on a highlighted target plays the move between them
    b.locator(".play-table").focus()
    src = int(b.locator(".play-pile.can-move").first.get_attribute("data-pile"))
    for _ in range(src):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert "is-selected" in b.locator(f".play-pile[data-pile='{src}']").get_attribute("class")
    dst = int(b.locator(".play-pile.is-target").first.get_attribute("data-pile"))
    names = b.locator(".play-name").evaluate_all("els => els.map(e => e.title)")   # full names (labels are short)
    step = "ArrowRight" if dst > src else "ArrowLeft"
    for _ in range(abs(dst - src)):
        page.keyboard.press(step)
    page.keyboard.press("Enter")
    page.wait_for_function("el => el.querySelectorAll('.play-history li').length === 2",
                           arg=b.element_handle())
    last = b.locator(".play-history li").last.inner_text()
    assert f"from {names[src]} " in last and names[dst] in last
    # two readings side by side
    page.get_by_role("button", name="Compare readings").click()
    wait_ready(page, "mill", 1)
    second = board(page, "mill", 1)
    assert second.locator("select[data-ambiguity='deal-order']").input_value() == "round"
    assert b.locator("select[data-ambiguity='deal-order']").input_value() == "packet"
    assert "compare=1" in page.url and "reading2=deal-order=round" in page.url
    assert second.locator(".play-history li").count() == 0
    want = api.position("mill", 1, {"deal-order": "round"})["legal"]
    assert second.locator(".play-move").all_inner_texts() == [e["caption"] for e in want]
    assert errors == []
    page.close()


def test_file_url_says_why_and_how(browser, site):
    page, errors = open_page(browser, (site / "games" / "mill.html").as_uri())
    page.locator("#mill-play-panel > summary").click()
    msg = page.locator("#mill-play-panel .play-unavailable")
    assert "file://" in msg.inner_text() and "edition serve" in msg.inner_text()
    assert page.locator("#mill-play .trace-status").inner_text().startswith("The deal")
    assert errors == []
    page.close()


def test_axe_finds_no_serious_violation(browser, served):
    axe = REPO / "node_modules" / "axe-core" / "axe.min.js"
    if not axe.is_file():   # the build installs the site's packages only (npm ci --omit=dev)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=REPO, check=True,
                       capture_output=True)
    assert axe.is_file(), "npm ci installs axe-core (a devDependency in package.json)"
    page, errors = open_page(browser, f"{served}/games/heart-to-heart.html?deal=3")
    wait_ready(page, "heart-to-heart")
    page.add_script_tag(path=str(axe))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
           for v in result["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == []
    assert errors == []
    page.close()


# -- the worker's Python half (extract/sphinxext/play_worker.py), in CPython -----------------
def _ask(cmd, **args):
    from extract.sphinxext import play_worker
    return json.loads(play_worker.answer(cmd, json.dumps(args)))


def test_the_worker_keeps_deal_numbers_exact():
    big = "9007199254740993"          # 2**53 + 1: a JavaScript number would be ...992
    out = _ask("position", game="mill", deal=big)["result"]
    assert out["deal"] == big         # back as text, exact
    assert out["piles"] == api.position("mill", int(big))["piles"]
    assert out["piles"] != api.position("mill", int(big) - 1)["piles"]
    for bad in ("abc", "0", "-3", "1.5", "1e3", "", " 7"):
        err = _ask("position", game="mill", deal=bad)["error"]
        assert "is not a deal number" in err, (bad, err)
    assert "is not a deal number" in _ask("position", game="mill", deal=7)["error"]  # a number
    assert "is not a deal number" in _ask("position", game="mill", deal="9" * 4001)["error"]


def test_the_worker_answers_with_the_engines_messages_never_python_errors():
    """Bad input gets the engine's one-line message (as the CLI prints it); a fault inside
    the engine gets a plain sentence, with the traceback only in "detail"."""
    from extract.sphinxext import play_worker
    cases = [dict(moves=[5]), dict(moves=5), dict(readings=[1]), dict(readings={"gather": 3}),
             dict(moves=[["build", 0, 0]]), dict(moves="found.8,,build"), dict(game=3)]
    for extra in cases:
        args = {"game": "mill", "deal": "1", **extra}
        out = json.loads(play_worker.answer("position", json.dumps(args)))
        assert set(out) == {"error"}, (extra, out)
        assert not re.search(r"Error\b|Traceback|object is not", out["error"]), (extra, out)
    assert "move 1 ['build', 0, 0] is illegal" in _ask("position", game="mill", deal="1",
                                                       moves=[["build", 0, 0]])["error"]
    assert "budget must be an integer" in _ask("solve", game="mill", deal="1", budget=0)["error"]
    assert "unknown command" in _ask("shell", game="mill", deal="1")["error"]

    def broken(**kw):
        raise TypeError("'int' object is not iterable")
    orig = play_worker.COMMANDS["hint"]
    play_worker.COMMANDS["hint"] = broken
    try:
        out = _ask("hint", game="mill", deal="1")
    finally:
        play_worker.COMMANDS["hint"] = orig
    assert out["error"] == play_worker.INTERNAL and "TypeError" in out["detail"]


def test_the_worker_replays_moves_under_another_reading_as_far_as_they_stay_legal():
    r = api.play("mill", 1, {}, "greedy")
    moves = r["moves"]
    out = _ask("replay", game="mill", deal="1", moves=moves)["result"]
    assert (out["kept"], out["asked"], out["moves"]) == (len(moves), len(moves), moves)
    other = _ask("replay", game="mill", deal="1", readings={"gather": "top-card-first"},
                 moves=moves)["result"]
    state, kept = games.new("mill", 1, {"gather": "top-card-first"}), 0
    for m in moves:                   # the same count, worked out here move by move
        if not state.is_legal(tuple(m)):
            break
        state, kept = state.apply(tuple(m)), kept + 1
    assert 0 < other["kept"] == kept < len(moves) and other["moves"] == moves[:kept]
    assert other["readings"]["gather"] == "top-card-first"


def test_the_worker_ships_in_the_engine_zip():
    import io
    import zipfile
    from extract.sphinxext import bundle
    name, data = bundle.engine_zip()
    z = zipfile.ZipFile(io.BytesIO(data))
    assert z.read("play_worker.py") == bundle.WORKER.read_bytes()


def test_the_engine_check_is_kept_for_the_same_sources_only(tmp_path, monkeypatch):
    """With the disk cache, the standard-library check of the engine's sources runs once
    for the same sources: a later process (the in-memory zips forgotten) keeps its verdict;
    a changed source is checked again, and a bad import is refused whatever was kept."""
    from sphinx.errors import ExtensionError
    from extract.sphinxext import bundle
    engine, cache = tmp_path / "engine", tmp_path / "cache"
    engine.mkdir()
    (engine / "a.py").write_text("import json\n")
    monkeypatch.setattr(bundle, "ENGINE", engine)
    monkeypatch.setattr(bundle, "_ZIPS", {})
    checked = []
    real = bundle.check_stdlib_only
    monkeypatch.setattr(bundle, "check_stdlib_only", lambda f: (checked.append(f), real(f)))
    name, data = bundle.engine_zip(cache)
    assert checked == [engine, bundle.WORKER] and list(cache.glob("engine-stdlib-only-*"))
    assert bundle.engine_zip(cache) == (name, data) and len(checked) == 2   # same process
    (engine / "b.py").write_text("import numpy\n")       # changed within the process
    with pytest.raises(ExtensionError, match=r"b\.py:1: the engine imports 'numpy'"):
        bundle.engine_zip(cache)
    (engine / "b.py").unlink()
    bundle.engine_zip(cache)
    assert len(checked) == 3                              # the sources as first: memo
    del checked[2:]
    bundle._ZIPS.clear()                            # a new process: only the disk cache
    assert bundle.engine_zip(cache) == (name, data) and len(checked) == 2   # kept
    (engine / "a.py").write_text("import json\nimport numpy\n")
    bundle._ZIPS.clear()
    with pytest.raises(ExtensionError, match=r"a\.py:2: the engine imports 'numpy'"):
        bundle.engine_zip(cache)
    assert len(checked) == 3
    # the sources as first: kept; but the check's own code (the toolkit's) is part of the
    # key, so a toolkit changed checks them again
    (engine / "a.py").write_text("import json\n")
    bundle._ZIPS.clear()
    bundle.engine_zip(cache)
    assert len(checked) == 3
    bundle._ZIPS.clear()
    monkeypatch.setattr(bundle, "code_fingerprint", lambda: "another toolkit")
    bundle.engine_zip(cache)
    assert len(checked) == 5


def test_static_captions_cite_their_sentences():
    from extract.sphinxext.play import compact_trace
    t = compact_trace(api.play("mill", 3, {}, "greedy"))
    build = next(st for st in t["steps"] if st["move"][0] == "build")
    assert build["rules"] == ["mill:4"]
    assert re.fullmatch(r"\S+ from packet \d+ onto \S+ on packet \d+ \(mill:4\)", build["text"])
    assert all(st["text"].endswith("(" + ", ".join(st["rules"]) + ")") for st in t["steps"]
               if st["rules"])


# -- in the browser: a phone, deal numbers, readings switched mid-game, start-up ------------------
EXECUTABLE = [g["slug"] for g in api.list_games() if g["executable"]]

FIT = """([wrap, note]) => {
  const w = wrap.getBoundingClientRect(), out = [];
  wrap.querySelectorAll('.play-pile').forEach(p => {
    const r = p.getBoundingClientRect();
    if (r.left < w.left - 1 || r.right > w.right + 1) out.push(p.getAttribute('aria-label'));
  });
  return {outside: out, scrolls: wrap.classList.contains('scrolls'),
          note: !note.hidden && note.offsetHeight > 0, scrollWidth: wrap.scrollWidth,
          clientWidth: wrap.clientWidth};
}"""

COVERED = """root => {
  const bad = [];
  root.querySelectorAll('.play-cards').forEach(layer => {
    const cards = [...layer.querySelectorAll('.play-card')];
    cards.forEach((c, j) => {
      if (c.classList.contains('back') || j === cards.length - 1) return;
      const next = cards[j + 1].getBoundingClientRect(), spans = c.querySelectorAll('span');
      if (next.left > c.getBoundingClientRect().left + 1) {        /* fanned to the right */
        if (spans.length !== 2 || !spans[0].textContent || !spans[1].textContent)
          bad.push('no rank and suit: ' + c.textContent);
        spans.forEach(s => { if (s.getBoundingClientRect().right > next.left + 0.5)
          bad.push('cut off: ' + c.textContent); });
      }
    });
  });
  return bad;
}"""

BADGES = """root => [...root.querySelectorAll('.play-count')].filter(b => {
  b.scrollIntoView({block: 'center', inline: 'center'});
  const r = b.getBoundingClientRect(), top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !(top === b || b.contains(top));
}).map(b => b.textContent)"""


def test_every_game_fits_a_phone_with_the_panel_open(browser, served):
    """At 375 px, each of the ten games' Play tables fits its box (or the box says that it
    scrolls); octagon fits whole (its foundations F3/F4 were out of view); covered cards of
    fanned rows show rank and suit; no count badge is covered by the "can move" outline."""
    assert len(EXECUTABLE) == 10
    ctx = browser.browser.new_context(viewport={"width": 375, "height": 800}, has_touch=True)
    results = {}
    for slug in EXECUTABLE:
        page, errors = open_page(ctx, f"{served}/games/{slug}.html?deal=1")
        wait_ready(page, slug)
        bd = board(page, slug)
        fit = page.evaluate(FIT, [bd.locator(".play-wrap").element_handle(),
                                  bd.locator(".play-scroll-note").element_handle()])
        results[slug] = fit
        if fit["outside"]:      # wider than the box even when shrunk: it says so
            assert fit["scrolls"] and fit["note"], (slug, fit)
        else:
            assert not fit["note"] and fit["scrollWidth"] <= fit["clientWidth"] + 1, (slug, fit)
        assert page.evaluate("document.documentElement.scrollWidth") <= 375, slug
        assert page.evaluate(COVERED, bd.element_handle()) == [], slug
        assert page.evaluate(BADGES, bd.element_handle()) == [], slug
        assert errors == [], slug
        page.close()
    ctx.close()
    assert results["octagon"]["outside"] == []
    assert sum(1 for f in results.values() if not f["outside"]) >= 5, results


def test_favourite_fanned_rows_show_rank_and_suit_of_covered_cards(browser, served):
    page, errors = open_page(browser, f"{served}/games/favourite.html?deal=2")
    wait_ready(page, "favourite")
    b = board(page, "favourite")
    index = b.locator(".play-card.index")
    assert index.count() >= 10                     # the rows are fanned to the right
    assert page.evaluate(COVERED, b.element_handle()) == []
    assert page.evaluate(BADGES, b.element_handle()) == []
    assert errors == []
    page.close()


def test_deal_numbers_are_exact_or_refused(browser, served):
    big = "9007199254740993"              # 2**53 + 1
    page, errors = open_page(browser, f"{served}/games/mill.html?deal={big}")
    wait_ready(page, "mill")
    b = board(page, "mill")
    want = api.position("mill", int(big))
    assert b.locator(".play-move").all_inner_texts() == [e["caption"] for e in want["legal"]]
    assert page.locator("#mill-play-panel input.play-deal").input_value() == big
    assert b.locator(".play-status").inner_text().startswith(f"Deal {big}: ")
    assert f"deal={big}" in page.url
    page.close()
    page, errors2 = open_page(browser, f"{served}/games/mill.html?deal=abc")
    wait_ready(page, "mill")
    b = board(page, "mill")
    status = b.locator(".play-status").inner_text()
    assert "'abc' is not a deal number" in status and "showing deal 1" in status
    # the limit said as the worker says it (play_worker.NOT_A_DEAL; breaker round 7 entry 6)
    assert f"written in at most {MAX_DEAL_DIGITS:,} digits" in status
    # typed into the box: refused with the same words, the board stays where it was
    page.locator("#mill-play-panel input.play-deal").fill("12x")
    page.get_by_role("button", name="Deal", exact=True).click()
    assert "'12x' is not a deal number" in b.locator(".play-status").inner_text()
    assert errors == [] and errors2 == []
    page.close()


def test_the_panels_limit_of_digits_is_the_engines():
    js = (REPO / "extract" / "sphinxext" / "static" / "play-panel.js").read_text("utf-8")
    assert f"var MAX_DEAL_DIGITS = {MAX_DEAL_DIGITS};" in js


def test_a_reading_given_twice_in_the_url_is_refused_as_by_the_cli(browser, served, cli):
    """?reading=redeals=until-out&reading=redeals=two kept the last in silence, where
    `edition play` refuses a reading given twice (breaker round 7 entry 10a): the panel
    says the CLI's words and shows the ambiguity's default."""
    refused = cli("play", "mill", "--deal", "2", "--reading", "redeals=until-out",
                  "--reading", "redeals=two")
    assert refused.exit_code == 2
    words = refused.output.strip().removeprefix("edition: --")
    page, errors = open_page(browser, f"{served}/games/mill.html?deal=2&reading=redeals="
                                      f"until-out&reading=redeals=two&reading=gather=top-card-first")
    wait_ready(page, "mill")
    b = board(page, "mill")
    status = b.locator(".play-status")
    page.wait_for_function("el => el.textContent.includes('given twice')",
                           arg=status.element_handle(), timeout=30_000)
    assert words in status.inner_text() and status.get_attribute("data-kind") == "error"
    assert b.locator("select[data-ambiguity='redeals']").input_value() == "until-out"
    assert b.locator("select[data-ambiguity='gather']").input_value() == "top-card-first"
    assert errors == []
    page.close()


def test_one_legal_move_is_singular(browser, served):
    assert len(api.position("octagon", 1)["legal"]) == 1
    page, errors = open_page(browser, f"{served}/games/octagon.html?deal=1")
    wait_ready(page, "octagon")
    assert board(page, "octagon").locator(".play-status").inner_text() == "Deal 1: 1 legal move."
    assert errors == []
    page.close()


def test_switching_a_reading_replays_the_moves_as_far_as_they_stay_legal(browser, served):
    moves = api.play("mill", 1, {}, "greedy")["moves"]
    state, kept = games.new("mill", 1, {"gather": "top-card-first"}), 0
    for m in moves:
        if not state.is_legal(tuple(m)):
            break
        state, kept = state.apply(tuple(m)), kept + 1
    assert 0 < kept < len(moves)
    page, errors = open_page(browser, f"{served}/games/mill.html?deal=1&moves="
                                      f"{describe.format_moves(moves)}")
    wait_ready(page, "mill")
    b = board(page, "mill")
    b.locator(".play-history li").nth(len(moves) - 1).wait_for()
    b.locator("select[data-ambiguity='gather']").select_option("top-card-first")
    page.wait_for_function("([el, n]) => el.getAttribute('aria-busy') === 'false' && "
                           "el.querySelectorAll('.play-history li').length === n",
                           arg=[b.element_handle(), kept])
    status = b.locator(".play-status").inner_text()
    assert f"as far as move {kept}; move {kept + 1} (" in status and "not legal" in status
    assert "reading=gather=top-card-first" in page.url
    assert f"moves={describe.format_moves(moves[:kept])}" in page.url
    (mill,) = [g for g in api.list_games() if g["slug"] == "mill"]
    (gather,) = [a for a in mill["ambiguities"] if a["id"] == "gather"]
    b.locator("select[data-ambiguity='gather']").select_option(gather["default"])   # back: all again
    page.wait_for_function("([el, n]) => el.getAttribute('aria-busy') === 'false' && "
                           "el.querySelectorAll('.play-history li').length === n",
                           arg=[b.element_handle(), len(moves)])
    assert errors == []
    page.close()


def test_compare_readings_starts_on_another_reading_or_says_so(browser, served):
    page, errors = open_page(browser, f"{served}/games/octagon.html?deal=2")
    wait_ready(page, "octagon")
    page.get_by_role("button", name="Compare readings").click()
    wait_ready(page, "octagon", 1)
    first, second = board(page, "octagon"), board(page, "octagon", 1)
    diff = [a for a in ("side-deal", "negation", "side-build", "redeals", "stock-play")
            if first.locator(f"select[data-ambiguity='{a}']").input_value()
            != second.locator(f"select[data-ambiguity='{a}']").input_value()]
    assert diff == ["side-deal"]               # the first ambiguity with two readings
    assert second.locator(".play-status").inner_text().startswith("Second board: deal 2 under "
                                                                  "octagon:side-deal=")
    same = first.locator("select[data-ambiguity='side-deal']").input_value()
    second.locator("select[data-ambiguity='side-deal']").select_option(same)
    page.wait_for_function("el => /same readings/.test(el.textContent)",
                           arg=second.locator(".play-status").element_handle())
    assert errors == []
    page.close()


def test_the_engine_starts_before_the_panel_is_opened_and_says_what_it_is_doing(browser, served):
    """The worker starts when the page is idle (the wasm is fetched with the panel closed);
    opened during the start, the panel says what is under way and for how long."""
    ctx = browser.browser.new_context()   # an empty cache
    wasm = []
    ctx.on("request", lambda r: wasm.append(r.url) if r.url.endswith(".wasm") else None)
    page, errors = open_page(ctx, f"{served}/games/mill.html")
    for _ in range(200):
        if wasm:
            break
        page.wait_for_timeout(100)
    assert wasm and not page.locator("#mill-play-panel").evaluate("d => d.open")
    page.locator("#mill-play-panel > summary").click()
    loading = page.locator("#mill-play-panel .play-loading")
    text = loading.inner_text()
    assert re.fullmatch(r"Starting: .+ \u2026 \d+ s so far\.", text) or text.startswith(
        "Engine ready"), text
    wait_ready(page, "mill")
    assert loading.inner_text().startswith("Engine ready")
    assert errors == []
    ctx.close()


#: the entries of the worker's Cache Storage: [address, bytes, SHA-256 stored beside them]
KEPT = """async () => {
  const c = await caches.open("edition-play-snapshot"), out = [];
  for (const k of await c.keys()) {
    const r = await c.match(k);
    out.push([k.url, (await r.arrayBuffer()).byteLength, r.headers.get("X-Edition-SHA-256")]);
  }
  return out;
}"""
#: damage one byte in the middle of every kept image, keeping its stored SHA-256
DAMAGE = """async () => {
  const c = await caches.open("edition-play-snapshot");
  for (const k of await c.keys()) {
    const r = await c.match(k), bytes = new Uint8Array(await r.arrayBuffer());
    bytes[bytes.length >> 1] ^= 0xff;
    await c.put(k, new Response(bytes, {headers: r.headers}));
  }
}"""


def open_panel(ctx, url: str, slug: str):
    """Open the page and its panel (a URL with a query opens it by itself); (page, errors,
    the panel's loading line once the engine is ready)."""
    page, errors = open_page(ctx, url)
    if "?" not in url:
        page.locator(f"#{slug}-play-panel > summary").click()
    wait_ready(page, slug)
    return page, errors, page.locator(f"#{slug}-play-panel .play-loading").inner_text()


def wait_kept(page) -> None:
    page.wait_for_function("document.documentElement.dataset.playSnapshot === 'kept'",
                           timeout=START)


def test_a_reload_starts_python_from_the_copy_the_browser_kept(browser, served, site, cli):
    """After a fresh start the worker keeps an image of Python with the engine imported (one
    Cache Storage entry, named by the engine zip and Pyodide's version, its SHA-256 beside
    it), once the reader opens the panel (not when it only started in advance); the next
    visit starts from it, says so, and plays as `edition play` does. A broken
    engine download, or of Python's standard library, leaves the image kept. A kept image whose bytes were damaged is deleted
    and Python starts afresh (a damaged image could hang Pyodide's start), and a good image
    is kept again."""
    (engine_zip,) = (site / "_static" / "play").glob("engine-*.zip")
    version = json.loads((REPO / "package.json").read_text())["dependencies"]["pyodide"]
    ctx = browser.browser.new_context()   # an empty cache
    page, errors = open_page(ctx, f"{served}/games/mill.html")
    # started in advance, the engine keeps nothing until the reader opens the panel
    page.wait_for_function("document.documentElement.dataset.playEngine === 'ready'",
                           timeout=START)
    page.wait_for_timeout(1000)
    assert page.evaluate(KEPT) == [] and page.evaluate(
        "document.documentElement.dataset.playSnapshot") is None
    page.locator("#mill-play-panel > summary").click()
    wait_ready(page, "mill")
    assert "kept" not in page.locator("#mill-play-panel .play-loading").inner_text()
    wait_kept(page)
    ((address, size, sha),) = page.evaluate(KEPT)
    assert engine_zip.name in address and f"pyodide={version}" in address
    assert size > 10_000_000 and re.fullmatch("[0-9a-f]{64}", sha)
    page.close()

    r = cli("play", "mill", "--deal", "7", "--reading", "deal-order=round", "--policy",
            "greedy", "--format", "json")
    want = json.loads(r.output)
    page, errors2, loading = open_panel(
        ctx, f"{served}/games/mill.html?deal=7&reading=deal-order=round", "mill")
    assert "started from the copy this browser kept" in loading
    page.wait_for_function("document.documentElement.dataset.playSnapshot === 'restored'")
    b = board(page, "mill")
    follow_hints(page, b)
    assert b.get_attribute("data-moves") == describe.format_moves(want["moves"])
    assert b.get_attribute("data-outcome") == want["outcome"]
    page.close()

    # a broken engine download is the edition's fault, not the image's, and a failed download
    # of Python's standard library is the network's (Pyodide would start without it): the
    # image stays
    failed = [("**/engine-*.zip", "a fault in the edition",
               lambda r: r.fulfill(status=200, body=b"<html>not a zip</html>")),
              ("**/python_stdlib.zip", "standard library", lambda r: r.abort())]
    for pattern, said, fail in failed:
        ctx.route(pattern, fail)
        page, _ = open_page(ctx, f"{served}/games/mill.html")
        page.locator("#mill-play-panel > summary").click()
        loading_line = page.locator("#mill-play-panel .play-loading")
        page.wait_for_function("el => el.textContent.startsWith('The engine could not start')",
                               arg=loading_line.element_handle(), timeout=START)
        assert said in loading_line.inner_text()
        assert page.evaluate(KEPT) == [[address, size, sha]]
        ctx.unroute(pattern)
        page.close()
    page = ctx.new_page()
    page.goto(f"{served}/index.html")   # the same origin, no panel to start a worker
    page.evaluate(DAMAGE)
    page.close()

    page, errors3, loading = open_panel(ctx, f"{served}/games/mill.html", "mill")
    assert loading.startswith("Engine ready") and "kept" not in loading
    wait_kept(page)
    ((address2, size2, sha2),) = page.evaluate(KEPT)
    assert (address2, size2) == (address, size)
    board(page, "mill").locator(".play-move").first.click()   # the fresh engine plays
    page.wait_for_function("el => el.querySelectorAll('.play-history li').length === 1",
                           arg=board(page, "mill").element_handle())
    assert errors == errors2 == errors3 == []
    ctx.close()


def test_serve_sends_the_wasm_type_whatever_the_system_says(site):
    """`edition serve` sends application/wasm for .wasm (streaming compilation and the
    browser's cache of compiled code need it), even where the system's mime types say
    otherwise (here: told so before the CLI starts)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = ("import mimetypes, sys; mimetypes.init(); "
            "mimetypes.add_type('application/octet-stream', '.wasm'); "
            "mimetypes.add_type('text/plain', '.mjs'); "
            "from extract.cli import main; sys.argv[0] = 'edition'; main()")
    proc = subprocess.Popen([sys.executable, "-c", code, "serve", "--port", str(port),
                             "--dir", str(site)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        root = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                urllib.request.urlopen(root + "/index.html", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        with urllib.request.urlopen(root + "/_static/pyodide/pyodide.asm.wasm") as r:
            assert r.headers["Content-Type"] == "application/wasm"
        (worker,) = (site / "_static").glob("play-worker.*.mjs")
        with urllib.request.urlopen(root + "/_static/" + worker.name) as r:
            assert r.headers["Content-Type"].startswith("text/javascript")
    finally:
        proc.terminate()
        proc.wait(10)


def test_a_second_pack_card_has_one_mark_in_the_panel(browser, served):
    """The Play panel draws and captions a second pack's card with the prime ′, as the
    stepper and the figures do (it drew and captioned Q♦' : a helper's find)."""
    moves = describe.format_moves([("turn",)])
    page, errors = open_page(browser, f"{served}/games/octagon.html?deal=1&moves={moves}")
    wait_ready(page, "octagon")
    b = board(page, "octagon")
    assert b.locator(".play-move").all_inner_texts() == [
        "turn a card: a face-down card from stock onto Q♦\u2032 on waste"]
    drawn = b.locator(".play-card").all_inner_texts()
    assert "Q♦\u2032" in drawn and not any(t.endswith("'") for t in drawn)
    assert errors == []
    page.close()
