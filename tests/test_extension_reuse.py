"""The Sphinx extension as another edition uses it: a host project of one page over a corpus
with none of the optional files (one witness: no games.toml, ids.lock, glossary, translations,
emendations or results) builds with no error and no warning; setup() declares the version and
parallel safety; the extension's CSS and JavaScript are served under hashed names; its HTML
visitors build tags with ``self.starttag()``, so corpus text in an attribute is escaped."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from html.parser import HTMLParser
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

from extract.sphinxext import assets

REPO = Path(__file__).resolve().parent.parent

BUILD = """
import io, json, sys
from sphinx.application import Sphinx
src, out = sys.argv[1], sys.argv[2]
warnings = io.StringIO()
app = Sphinx(src, src, out, out + "/.doctrees", "html", status=None, warning=warnings)
app.build()
ext = app.extensions["extract.sphinxext"]
print(json.dumps({"warnings": warnings.getvalue(), "status": app.statuscode,
                  "version": ext.version, "read": ext.parallel_read_safe,
                  "write": ext.parallel_write_safe}))
"""


def _minimal_corpus(root: Path) -> Path:
    """A corpus of one witness (chapter XL) and its manifest entry: nothing optional."""
    manifest = tomllib.loads((REPO / "corpus" / "manifest.toml").read_text(encoding="utf-8"))
    w = next(w for w in manifest["witness"] if w["siglum"] == "XL")
    (root / "witnesses").mkdir(parents=True)
    shutil.copy(REPO / "corpus" / w["file"], root / w["file"])
    lines = [f'{k} = {json.dumps(v, ensure_ascii=False)}' for k, v in w.items()]
    (root / "manifest.toml").write_text("[[witness]]\n" + "\n".join(lines) + "\n",
                                        encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def host(tmp_path_factory):
    root = tmp_path_factory.mktemp("host")
    corpus = _minimal_corpus(root / "corpus")
    src = root / "src"
    src.mkdir()
    (src / "conf.py").write_text('project = "Host"\nextensions = ["extract.sphinxext"]\n'
                                 f'edition_corpus = {str(corpus)!r}\nedition_play = False\n',
                                 encoding="utf-8")
    (src / "index.rst").write_text("Host\n====\n\n.. toctree::\n\n   games/index\n",
                                   encoding="utf-8")
    out = root / "out"
    env = dict(os.environ,
               PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    r = subprocess.run([sys.executable, "-c", BUILD, str(src), str(out)], cwd=src, env=env,
                       capture_output=True, text=True)   # this checkout's code, from any folder
    assert r.returncode == 0, r.stderr[-3000:]
    return src, out, json.loads(r.stdout.strip().splitlines()[-1])


def test_a_host_over_a_minimal_corpus_builds_with_no_warning(host):
    src, out, result = host
    assert result["status"] == 0
    assert result["warnings"] == ""          # no glossary, no translations: not one warning
    assert not (src.parent / "corpus" / "glossary.toml").exists()
    generated = set((src / "games" / ".edition-generated").read_text(encoding="utf-8").split())
    pages = {p.name for p in (src / "games").glob("*.md")}
    assert pages <= generated and "engine.md" in pages and len(pages) >= 4
    assert (out / "games" / "index.html").is_file() and (out / "games" / "engine.html").is_file()


def test_setup_declares_its_version_and_parallel_safety(host):
    result = host[2]
    try:
        expected = version("patience-edition")
    except PackageNotFoundError:
        expected = "0+unknown"
    assert result["version"] == expected
    assert result["read"] is True and result["write"] is True


def test_the_static_files_are_served_under_hashed_names(host):
    src, out, _ = host
    static = out / "_static"
    made = assets.hashed_assets()
    for name in (*assets.CSS, *assets.JS, assets.WORKER):
        assert not (static / name).exists()                    # never the bare name
        hashed, data = made[name]
        assert re.fullmatch(r"[a-z-]+\.[0-9a-f]{12}\.(css|js|mjs)", hashed)
        assert (static / hashed).read_bytes() == data
    page = (out / "games" / "index.html").read_text(encoding="utf-8")
    for name in (*assets.CSS, *assets.JS):
        assert f'_static/{made[name][0]}?v=' in page            # linked by the hashed name
    panel = (static / made["play-panel.js"][0]).read_text(encoding="utf-8")
    assert f'"{made[assets.WORKER][0]}"' in panel and '"play-worker.mjs"' not in panel


def _copy_static(tmp_path: Path) -> Path:
    static = tmp_path / "static"
    shutil.copytree(assets.STATIC, static)
    return static


def test_a_hashed_name_follows_the_content(tmp_path):
    """A changed stylesheet changes its own name only; a changed worker changes the worker's
    name and the name of the panel script that starts it."""
    static = _copy_static(tmp_path)
    before = assets.hashed_assets(static)
    with (static / "edition.css").open("a", encoding="utf-8") as f:
        f.write("\n/* changed */\n")
    after = assets.hashed_assets(static)
    assert [n for n in before if before[n][0] != after[n][0]] == ["edition.css"]
    with (static / assets.WORKER).open("a", encoding="utf-8") as f:
        f.write("\n/* changed */\n")
    again = assets.hashed_assets(static)
    assert sorted(n for n in after if after[n][0] != again[n][0]) == ["play-panel.js",
                                                                    assets.WORKER]


def test_a_panel_script_that_does_not_name_the_worker_is_refused(tmp_path):
    static = _copy_static(tmp_path)
    js = static / "play-panel.js"
    js.write_text(js.read_text(encoding="utf-8").replace('"play-worker.mjs"', '"worker.mjs"'),
                  encoding="utf-8")
    with pytest.raises(ValueError, match='must name the worker as "play-worker.mjs" exactly once'):
        assets.hashed_assets(static)


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def test_the_html_visitors_escape_corpus_text_in_attributes():
    """Hostile corpus text (quotes, angle brackets, ampersands) in a change record and a game
    slug comes back from the HTML exactly, as attribute values, never as markup."""
    from types import SimpleNamespace

    from docutils import nodes
    from docutils.frontend import get_default_settings
    from docutils.utils import new_document
    from docutils.writers.html5_polyglot import HTMLTranslator, Writer

    from extract.sphinxext import nodes as enodes, play
    t = HTMLTranslator(new_document("x", get_default_settings(Writer)))
    t.builder = SimpleNamespace(config=SimpleNamespace(edition_play=True))
    hostile = 'a"b<c>&d \'e\' @f'
    c = enodes.change("x", orig=hostile, kind="spelling", rule=hostile)
    enodes._visit_change_html(t, c)
    enodes._depart_change_html(t, c)
    for visit, node in ((play._visit_html, play.trace_viewer(data={"game": hostile})),
                        (play._visit_panel, play.play_panel(data={"game": hostile}))):
        with pytest.raises(nodes.SkipNode):
            visit(t, node)
    parser = _Tags()
    parser.feed("".join(t.body))
    tags = {tag: a for tag, a in reversed(parser.tags)}     # the first of each tag
    assert [tag for tag, _ in parser.tags] == ["span", "div", "script", "details", "summary",
                                               "script", "div", "p"]
    span = tags["span"]
    assert span["data-orig"] == hostile and span["data-rule"] == hostile
    assert span["class"] == "chg chg-spelling" and span["tabindex"] == "0"
    assert hostile in span["title"]
    assert tags["div"]["data-game"] == hostile and tags["div"]["class"] == "edition-trace"
    assert tags["details"]["data-game"] == hostile
    assert tags["details"]["id"] == f"{hostile}-play-panel"
