"""The extension's own CSS and JavaScript (``static/``), served under names that carry a hash
of their content (``edition.<hash>.js``), so that a browser never keeps a stale copy after the
site is rebuilt, however long it caches ``_static/``.

``play-panel.js`` starts the worker ``play-worker.mjs`` by name: the worker's hashed name is
written into it before it is hashed itself, so a new worker gives a new panel script too.
Only an HTML builder gets the files, written into its ``_static/`` when it starts; the
unhashed names are never served.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

STATIC = Path(__file__).parent / "static"
#: the files a page links to, in this order (the worker is started by the panel's script)
CSS = ("play-panel.css", "edition.css")
JS = ("play-panel.js", "edition.js")
WORKER = "play-worker.mjs"


def hashed_name(name: str, data: bytes) -> str:
    """``edition.css`` -> ``edition.<first 12 hex digits of sha256>.css``."""
    stem, _, ext = name.partition(".")
    return f"{stem}.{hashlib.sha256(data).hexdigest()[:12]}.{ext}"


def hashed_assets(static: Path = STATIC) -> dict[str, tuple[str, bytes]]:
    """Each static file's name -> (its hashed name, its bytes as served). ValueError if
    ``play-panel.js`` no longer names the worker as ``"play-worker.mjs"`` exactly once (its
    hashed name could not be written in)."""
    out: dict[str, tuple[str, bytes]] = {}
    worker = (static / WORKER).read_bytes()
    out[WORKER] = (hashed_name(WORKER, worker), worker)
    for name in CSS + JS:
        data = (static / name).read_bytes()
        if name == "play-panel.js":
            quoted = f'"{WORKER}"'.encode()
            if data.count(quoted) != 1:
                raise ValueError(f"{static / name} must name the worker as {quoted.decode()} "
                                 f"exactly once (found {data.count(quoted)})")
            data = data.replace(quoted, f'"{out[WORKER][0]}"'.encode())
        out[name] = (hashed_name(name, data), data)
    return out


def write_assets(static: Path, assets: dict[str, tuple[str, bytes]]) -> None:
    """Write the hashed copies into the site's ``_static`` folder (each only if it is not there
    already with these bytes)."""
    static.mkdir(parents=True, exist_ok=True)
    for hashed, data in assets.values():
        p = static / hashed
        if not p.is_file() or p.read_bytes() != data:
            p.write_bytes(data)


def _builder_inited(app) -> None:
    """An HTML builder gets the hashed copies in ``_static/`` before any page is written (so
    that Sphinx adds its own ``?v=`` checksum too) and links them from every page."""
    if app.builder.format != "html":
        return
    assets = hashed_assets()
    write_assets(Path(app.outdir) / "_static", assets)
    for name in CSS:
        app.add_css_file(assets[name][0])
    for name in JS:
        app.add_js_file(assets[name][0])


#: the viewport declaration docutils' HTML writer adds to a page's meta tags; Sphinx's page
#: layout writes its own (``initial-scale=1.0``), so a page would carry two
DOCUTILS_VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1" />\n'


def _one_viewport(app, pagename, templatename, context, doctree) -> None:
    """Leave out docutils' viewport meta tag where the page's layout writes one itself (every
    page of a theme built on Sphinx's ``basic`` layout)."""
    metatags = context.get("metatags")
    if isinstance(metatags, str) and DOCUTILS_VIEWPORT in metatags:
        context["metatags"] = metatags.replace(DOCUTILS_VIEWPORT, "")


def register(app) -> None:
    app.connect("builder-inited", _builder_inited)
    app.connect("html-page-context", _one_viewport)
