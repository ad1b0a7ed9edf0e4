"""The highlighted source pages kept between builds (extract.sphinxext.highlighting): a
block highlighted once is taken from the cache by the next build, exactly as Pygments gave
it; anything the result depends on makes it highlighted again."""
from __future__ import annotations

import json

from pathlib import Path
from types import SimpleNamespace

from sphinx.highlighting import PygmentsBridge

import sphinx.highlighting
from extract.sphinxext import highlighting

SOURCE = "def f(x):\n    return x + 1  # <b>&amp;</b>\n" * 60 


class _App:
    """What cache_highlighting reads of a Sphinx application, and its event hooks."""

    def __init__(self, cache: Path, style: str = "sphinx"):
        self.builder = SimpleNamespace(highlighter=PygmentsBridge("html", style))
        self.config = SimpleNamespace(edition_cache_dir=str(cache), trim_doctest_flags=True)
        self.doctreedir = str(cache / "doctrees")
        self.hooks: list = []

    def connect(self, event, fn):
        assert event == "build-finished"
        self.hooks.append(fn)

    def finish(self, exc=None):
        for fn in self.hooks:
            fn(self, exc)


def _build(cache: Path, blocks, exc=None, style="sphinx") -> list[str]:
    app = _App(cache, style)
    highlighting.cache_highlighting(app)
    out = [app.builder.highlighter.highlight_block(src, lang, linenos=False)
           for src, lang in blocks]
    app.finish(exc)
    return out


def _count_pygments(monkeypatch) -> list:
    calls: list = []
    real = sphinx.highlighting.highlight

    def counting(source, lexer, formatter):
        calls.append(source)
        return real(source, lexer, formatter)
    monkeypatch.setattr(sphinx.highlighting, "highlight", counting)
    return calls


def test_a_block_is_highlighted_once_and_kept_exactly(tmp_path, monkeypatch):
    first = _build(tmp_path, [(SOURCE, "python")])
    assert "&lt;b&gt;&amp;amp;&lt;/b&gt;" in first[0]        # Pygments' own escaping, kept
    assert len(list(tmp_path.glob("highlight-*.json"))) == 1
    calls = _count_pygments(monkeypatch)
    again = _build(tmp_path, [(SOURCE, "python")])
    assert again == first and calls == []


def test_what_the_result_depends_on_makes_it_highlighted_again(tmp_path, monkeypatch):
    _build(tmp_path, [(SOURCE, "python")])
    calls = _count_pygments(monkeypatch)
    edited = SOURCE.replace("x + 1", "x + 2", 1)
    new = _build(tmp_path, [(edited, "python"), (SOURCE, "text")])
    assert len(calls) == 2                       # another text; another language
    assert "x</span> <span class=\"o\">+</span> <span class=\"mi\">2" in new[0]
    assert "<span class" not in new[1].split("\n", 1)[1]    # plain text: no tokens
    _build(tmp_path, [(SOURCE, "python")], style="monokai")   # another formatter
    assert len(calls) == 3


def test_a_failed_build_keeps_nothing(tmp_path):
    _build(tmp_path, [(SOURCE, "python")], exc=RuntimeError("the build failed"))
    assert not list(tmp_path.glob("highlight-*.json"))


def test_a_short_block_is_kept_too(tmp_path, monkeypatch):
    """A docs page's few lines are kept as well: highlighting them needs Pygments' lexer,
    whose first use in a process costs more than all the look-ups of a build."""
    first = _build(tmp_path, [("x = 1\n", "python")])
    calls = _count_pygments(monkeypatch)
    assert _build(tmp_path, [("x = 1\n", "python")]) == first and calls == []


def test_a_block_an_incremental_build_did_not_use_is_kept(tmp_path, monkeypatch):
    """A build that writes a few pages uses a few blocks: the others stay for the next full
    build, until KEEP_BUILDS builds that added blocks have gone by without using them."""
    other = SOURCE + "# more\n"
    _build(tmp_path, [(SOURCE, "python"), (other, "python")])
    _build(tmp_path, [("y = 2\n", "python")])                 # an edit: a new block only
    calls = _count_pygments(monkeypatch)
    _build(tmp_path, [(SOURCE, "python"), (other, "python")])  # the full build again
    assert calls == []
    for i in range(highlighting.KEEP_BUILDS):
        _build(tmp_path, [(f"z = {i}\n", "python")])
    (entry,) = tmp_path.glob("highlight-*.json")
    blocks = json.loads(entry.read_text(encoding="utf-8"))["blocks"]
    assert "# more" not in entry.read_text(encoding="utf-8")     # unused for too long
    assert len(blocks) == highlighting.KEEP_BUILDS               # the last builds' blocks


def test_a_damaged_entry_is_highlighted_again_with_a_warning(tmp_path, monkeypatch, capsys):
    good = _build(tmp_path, [(SOURCE, "python")])
    (entry,) = tmp_path.glob("highlight-*.json")
    entry.write_text('{"not": ', encoding="utf-8")
    calls = _count_pygments(monkeypatch)
    assert _build(tmp_path, [(SOURCE, "python")]) == good
    assert len(calls) == 1
    assert "damaged or foreign" in capsys.readouterr().err


def test_a_builder_without_a_highlighter_is_left_alone(tmp_path):
    app = _App(tmp_path)
    app.builder = SimpleNamespace()      # a builder that writes no HTML
    highlighting.cache_highlighting(app)
    assert app.hooks == []


def test_a_block_that_warns_is_not_kept(tmp_path, monkeypatch):
    """Highlighting a block that does not lex as its language gives a warning; it is not
    kept, so the next build lexes it again and the warning (an error with -W) comes again."""
    import logging
    seen = []

    class Catch(logging.Handler):
        def emit(self, record):
            seen.append(record.getMessage())
    log = logging.getLogger("sphinx")
    catch = Catch(logging.WARNING)
    log.addHandler(catch)
    try:
        bad = '{"a": 1,, oops}\n'
        _build(tmp_path, [(bad, "json"), (SOURCE, "python")])
        first = len(seen)
        calls = _count_pygments(monkeypatch)
        _build(tmp_path, [(bad, "json"), (SOURCE, "python")])
    finally:
        log.removeHandler(catch)
    assert first >= 1 and any("Lexing literal_block" in m for m in seen)
    assert len(seen) == 2 * first            # warned again
    assert calls and all(c == bad for c in calls)   # the good block came from the cache
