"""The web server of `edition serve`: the built site on 127.0.0.1, regular files inside it
only."""
from __future__ import annotations

import functools
import http.server
import sys
from pathlib import Path


def site_server(site: Path, port: int):
    """A threaded HTTP server on 127.0.0.1:``port`` (0: any free port) for the built site in
    ``site``: it answers only with regular files inside the site (a symlink that leads out of
    it, a folder without ``index.html``, anything else: 404, never a listing), and queues up to
    128 connections (the standard library's default is 5, which drops a burst of requests),
    and prints no traceback when a browser drops a connection (any other error's it prints).
    Raises OSError when the port cannot be bound."""
    root = site.resolve()

    class Handler(http.server.SimpleHTTPRequestHandler):
        # the Play panel: WebAssembly streaming compilation (and the browser's cache of the
        # compiled code) needs this type, whatever the system's mime.types says
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                          ".wasm": "application/wasm", ".mjs": "text/javascript"}

        def send_head(self):
            try:                    # a NUL byte or an over-long name: OSError, ValueError
                path = Path(self.translate_path(self.path))
                inside = path.resolve().is_relative_to(root)
                if inside and path.is_dir():
                    if not self.path.split("?", 1)[0].split("#", 1)[0].endswith("/"):
                        return super().send_head()      # the usual redirect to the slash
                    path = path / "index.html"
                real = path.resolve()
                ok = real.is_relative_to(root) and real.is_file()
            except (OSError, ValueError):
                ok = False
            if not ok:
                self.send_error(404, "File not found")
                return None
            return super().send_head()

    class Server(http.server.ThreadingHTTPServer):
        request_queue_size = 128
        daemon_threads = True

        def handle_error(self, request, client_address):
            # a browser that closes a connection it no longer needs (a page left while a
            # file was still being sent) is no fault of the server: no traceback for it
            if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
                super().handle_error(request, client_address)

    return Server(("127.0.0.1", port), functools.partial(Handler, directory=str(root)))
