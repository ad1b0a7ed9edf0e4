"""The in-page Play panel: what it adds to the site, how long it takes to start, how fast the
engine runs in the page (Pyodide, in Debian's chromium) against CPython.

    python benchmarks/play_panel.py [--site DIR] [--runs 3] [--game octagon --deal 1]
                                    [--budget 20000] [--moves 40]

Without ``--site`` the site is built first (``edition build`` into a temporary folder).
Figures:

* bytes: the files the panel adds (Pyodide's run-time files, the engine zip, the panel's
  scripts and styles), raw and gzip-compressed (what a server sending gzip transfers);
* time to the first legal move after the reader opens the panel, with an empty browser cache
  (cold: a new browser context), again in the same context (warm cache: a reload, once the
  first visit's worker has kept its copy of Python in the browser's Cache Storage), and after
  the reader has been on the page 10 s (``--idle``) before opening it; timed in the page
  (from the click event to the first legal move put on the board, by the page's clock), as
  the yardstick is, and also as seen from the automation (Playwright's click and polling
  add a few tenths of a second that the yardstick's figure does not have);
* the yardstick (issue 20): bare Pyodide, a module worker that runs ``loadPyodide`` and
  ``1+1`` from the same files, in the same Chromium, over the same local server, cold and
  warm; the panel's cold and warm starts as ratios of it. Runs are interleaved, medians
  are quoted;
* speed: solver states per second ("Solve from here" with ``--budget`` states from the
  deal) and panel moves per second (hint, then play it: two engine calls and a redraw per
  move, for the first ``--moves`` greedy moves), in the page and in CPython.
"""
from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from machine import describe  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def panel_files(site: Path) -> list[Path]:
    static = site / "_static"
    return (sorted((static / "pyodide").iterdir()) + sorted((static / "play").iterdir())
            + sorted(p for pat in ("play-panel.*.js", "play-panel.*.css", "play-worker.*.mjs")
                     for p in static.glob(pat)))


#: The bare-Pyodide yardstick, served at /__bare/ beside the site (not written into it).
BARE = {
    "/__bare/index.html": ("text/html", """<!doctype html><meta charset="utf-8"><title>bare</title>
<script>
window.bare = function () { return new Promise(function (resolve) {
  var t = performance.now(), w = new Worker("worker.mjs", {type: "module"});
  w.onmessage = function (ev) { resolve([performance.now() - t, ev.data]); };
}); };
</script>"""),
    "/__bare/worker.mjs": ("text/javascript", """import { loadPyodide } from "../_static/pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("../_static/pyodide/", import.meta.url).href, packages: [] });
self.postMessage(py.runPython("1+1"));"""),
}


def serve(site: Path) -> str:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *a):
            pass

        def do_GET(self):
            if self.path in BARE:
                kind, text = BARE[self.path]
                body = text.encode("utf-8")
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            super().do_GET()
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                          functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{srv.server_address[1]}"


#: In the page: the time of the first click (capturing, before the panel's own handler) and
#: of the first legal move put into the panel's board, both by the page's clock, so that the
#: panel is timed as the yardstick is (in the page), without the automation's own latency.
WATCH = """game => { window.__open = {}; const panel = document.getElementById(game + "-play-panel");
document.addEventListener("click", () => { window.__open.click ??= performance.now(); }, true);
new MutationObserver(() => { if (panel.querySelector(".play-move")) {
  window.__open.move ??= performance.now(); } }).observe(panel, {subtree: true, childList: true}); }"""


def open_panel(ctx, url: str, game: str, wait: float = 0.0):
    """Open the page, stay ``wait`` seconds, then open the panel; (page, seconds from the
    click to the first legal move by the page's clock, the same as seen from here: the
    automation's click and polling included)."""
    page = ctx.new_page()
    page.goto(url)
    page.evaluate(WATCH, game)
    if wait:
        page.wait_for_timeout(wait * 1000)
    t = time.perf_counter()
    page.locator(f"#{game}-play-panel > summary").click()
    page.locator(f"#{game}-play-panel .play-move").first.wait_for(timeout=600_000)
    outside = time.perf_counter() - t
    marks = page.evaluate("window.__open")
    return page, (marks["move"] - marks["click"]) / 1000, outside


def bare_pyodide(ctx, root: str) -> float:
    """Seconds from creating the bare worker to its answer of ``1+1``."""
    page = ctx.new_page()
    page.goto(f"{root}/__bare/index.html")
    ms, answer = page.evaluate("window.bare()")
    assert answer == 2, answer
    page.close()
    return ms / 1000


def idle(page, board) -> None:
    page.wait_for_function("el => el.getAttribute('aria-busy') === 'false'",
                           arg=board.element_handle(), timeout=600_000)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--site", type=Path)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--game", default="octagon")
    ap.add_argument("--deal", type=int, default=1)
    ap.add_argument("--budget", type=int, default=20_000)
    ap.add_argument("--moves", type=int, default=40)
    ap.add_argument("--idle", type=float, default=10.0,
                    help="seconds on the page before opening the panel (the third timing)")
    args = ap.parse_args()
    site = args.site
    if site is None:
        site = Path(tempfile.mkdtemp()) / "html"
        subprocess.run([sys.executable, "-m", "extract.cli", "build", "-q", "--out", str(site)],
                       check=True, cwd=REPO)
    print(f"machine: {describe()}")

    files = panel_files(site)
    raw = sum(p.stat().st_size for p in files)
    gz = sum(len(gzip.compress(p.read_bytes(), 6)) for p in files)
    page_html = (site / "games" / f"{args.game}.html").read_text(encoding="utf-8")
    m = re.search(r'<details class="edition-play".*?</details>', page_html, re.S)
    print(f"bytes the panel adds to the site: {raw:,} ({gz:,} gzip-compressed) in "
          f"{len(files)} files, loaded only when a reader opens the panel; "
          f"{len(m.group(0)) if m else 0:,} bytes of HTML in each game page")
    for p in files:
        print(f"    {p.relative_to(site)}: {p.stat().st_size:,}")

    from engine import api
    from playwright.sync_api import sync_playwright
    root = serve(site)
    url = f"{root}/games/{args.game}.html"  # deal 1; a query would open the panel by itself
    cold, warm, idle_open, bare_cold, bare_warm = [], [], [], [], []
    outside: dict = {"cold": [], "warm": [], "idle": []}
    med = statistics.median

    def runs(xs):
        return [round(x, 1) for x in xs]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        for _ in range(args.runs):   # interleaved: yardstick, panel, yardstick, panel ...
            ctx = browser.new_context()
            bare_cold.append(bare_pyodide(ctx, root))
            bare_warm.append(bare_pyodide(ctx, root))
            ctx.close()
            ctx = browser.new_context()
            page, s, o = open_panel(ctx, url, args.game)
            cold.append(s)
            outside["cold"].append(o)
            # a reader stays on the page: the worker keeps its copy of Python meanwhile
            page.wait_for_function("document.documentElement.dataset.playSnapshot !== undefined",
                                   timeout=600_000)
            page.close()
            page, s, o = open_panel(ctx, url, args.game)
            warm.append(s)
            outside["warm"].append(o)
            page.close()
            ctx.close()
            ctx = browser.new_context()
            page, s, o = open_panel(ctx, url, args.game, wait=args.idle)
            idle_open.append(s)
            outside["idle"].append(o)
            page.close()
            ctx.close()
        print(f"bare Pyodide (loadPyodide and 1+1 in a module worker, the yardstick; median of "
              f"{args.runs}): cold cache {med(bare_cold):.1f} s, warm cache {med(bare_warm):.1f} s "
              f"(runs: cold {runs(bare_cold)}, warm {runs(bare_warm)})")
        print(f"time to the first legal move after opening the panel (median of {args.runs}): "
              f"cold cache {med(cold):.1f} s ({med(cold) / med(bare_cold):.2f}x bare Pyodide "
              f"cold), warm cache (reload) {med(warm):.1f} s ({med(warm) / med(bare_warm):.2f}x "
              f"bare Pyodide warm; {med(warm) / med(cold):.2f}x the cold start), opened after "
              f"{args.idle:g} s on the page (cold cache) {med(idle_open):.1f} s (runs: cold "
              f"{runs(cold)}, warm {runs(warm)}, after {args.idle:g} s {runs(idle_open)}); timed "
              f"in the page, from the click to the first legal move on the board, as the "
              f"yardstick is timed in the page")
        print(f"the same seen from the automation (its click and its polling added; medians): "
              f"cold {med(outside['cold']):.1f} s, warm {med(outside['warm']):.1f} s, after "
              f"{args.idle:g} s {med(outside['idle']):.1f} s")

        ctx = browser.new_context()
        page = ctx.new_page()
        page.goto(f"{url}?deal={args.deal}")   # opens the panel on that deal
        page.locator(f"#{args.game}-play-panel .play-move").first.wait_for(timeout=600_000)
        board = page.locator(f"#{args.game}-play-panel .play-board").first
        board.locator("input.play-budget").fill(str(args.budget))
        t = time.perf_counter()
        board.get_by_role("button", name="Solve from here").click()
        page.wait_for_function("el => /states/.test(el.textContent) && "
                               "!/Searching/.test(el.textContent)",
                               arg=board.locator(".play-status").element_handle(),
                               timeout=600_000)
        page_s = time.perf_counter() - t
        states = int(re.search(r"(\d+) states", board.locator(".play-status").inner_text())
                     .group(1))
        n = 0
        t = time.perf_counter()
        for n in range(1, args.moves + 1):
            hint = board.get_by_role("button", name="Hint")
            if hint.is_disabled():
                n -= 1
                break
            hint.click()
            idle(page, board)
            if board.locator(".is-hint .play-move").count() == 0:
                n -= 1
                break
            board.locator(".is-hint .play-move").click()
            page.wait_for_function(
                "([el, k]) => el.getAttribute('aria-busy') === 'false' && "
                "el.querySelectorAll('.play-history li').length === k",
                arg=[board.element_handle(), n], timeout=600_000)
        page_moves_s = time.perf_counter() - t
        browser.close()

    r = api.solve_from(args.game, args.deal, {}, [], budget=args.budget)
    t = time.perf_counter()
    r = api.solve_from(args.game, args.deal, {}, [], budget=args.budget)
    cpy_s = time.perf_counter() - t
    t = time.perf_counter()
    moves: list = []
    for _ in range(n):
        h = api.hint(args.game, args.deal, {}, moves)
        moves.append(h["move"]["move"])
        api.position(args.game, args.deal, {}, moves)
    cpy_moves_s = time.perf_counter() - t
    print(f"solver from deal {args.deal} of {args.game}, {states:,} states ({r['outcome']}): "
          f"in the page {states / page_s:,.0f} states/s ({page_s:.2f} s, click to answer), "
          f"in CPython {r['states'] / cpy_s:,.0f} states/s ({cpy_s:.2f} s): "
          f"the page is {(page_s / states) / (cpy_s / r['states']):.1f}x slower")
    print(f"panel moves (hint + play + redraw), first {n} greedy moves: in the page "
          f"{n / page_moves_s:.1f} moves/s; the same engine calls in CPython "
          f"{n / cpy_moves_s:.1f} moves/s")


if __name__ == "__main__":
    main()
