"""A stand-in HTTP server on a free loopback port: what the Claude Code and Codex CLI
harnesses point the agent's API at. Each stand-in writes only its handler's answers."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class QuietHandler(BaseHTTPRequestHandler):
    """A request handler that logs nothing and answers in one call."""

    def log_message(self, *args: Any) -> None:  # the test's output is the test's
        pass

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("content-type", kind)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextmanager
def loopback_server(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """Serve `handler` on 127.0.0.1 at a free port for the block; its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
