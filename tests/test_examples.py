"""The Python examples shown on the game pages run, as shown, and say what the page says."""
from __future__ import annotations

import contextlib
import html
import io
import re

import pytest

from extract.intake.checks import engine_games

EXECUTABLE = [slug for slug, g in engine_games().items() if g.get("executable")]


def examples(page: str) -> list[str]:
    blocks = re.findall(r'<div class="edition-example highlight-python[^"]*"><div class="highlight"><pre>(.*?)</pre>',
                        page, re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", b)) for b in blocks]


@pytest.mark.parametrize("slug", EXECUTABLE)
def test_page_example_runs(site, slug):
    page = (site / "games" / f"{slug}.html").read_text(encoding="utf-8")
    codes = examples(page)
    assert len(codes) == 1, "one Python example per executable game page"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(codes[0], f"{slug}.html example", "exec"), {})
    printed = out.getvalue()
    summary = re.search(r"Deal (\d+) of .*?: (won|lost|undecided) after (\d+) moves", page)
    assert summary, "the page states the example's outcome"
    assert f"{summary.group(2)} {summary.group(3)} moves" in printed
