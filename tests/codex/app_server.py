"""A client of `codex app-server` (JSON-RPC, one message a line on stdio), enough to ask
the binary what it lists (`hooks/list`) and to let it write config (`config/batchWrite`).

The server runs with the world's environment and is stopped when the block ends; every
read waits at most READ_TIMEOUT_S.
"""

from __future__ import annotations

import json
import selectors
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

READ_TIMEOUT_S = 60.0


class AppServer:
    def __init__(self, process: subprocess.Popen[str]):
        self.process = process
        self.notifications: list[dict[str, Any]] = []
        self._next_id = 0

    def _send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        """The response to one request: its `result`, or `{"error": ...}`."""
        self._next_id += 1
        wanted = self._next_id
        self._send({"id": wanted, "method": method, "params": params})
        assert self.process.stdout is not None
        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        while True:
            if not selector.select(READ_TIMEOUT_S):
                raise TimeoutError(f"codex app-server did not answer {method}")
            line = self.process.stdout.readline()
            if not line:
                raise EOFError(f"codex app-server closed before answering {method}")
            message = json.loads(line)
            if message.get("id") == wanted:
                return message.get("result") or {"error": message.get("error")}
            if "method" in message:
                self.notifications.append(message)

    def hooks_list(self, cwd: Path) -> dict[str, Any]:
        """The one `hooks/list` entry for `cwd`: {cwd, hooks, warnings, errors}."""
        data = self.request("hooks/list", {"cwds": [str(cwd)]})["data"]
        assert len(data) == 1, data
        return dict(data[0])

    def batch_write(self, edits: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
        return self.request("config/batchWrite", {"edits": edits, **more})


@contextmanager
def app_server(command: list[str], env: dict[str, str], cwd: Path) -> Iterator[AppServer]:
    """`command` (a `codex app-server`) started, initialized, and stopped after the block."""
    process = subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    server = AppServer(process)
    try:
        server.request("initialize", {"clientInfo": {"name": "hookdash-tests", "version": "0"}})
        server._send({"method": "initialized"})
        yield server
    finally:
        if process.stdin is not None:
            process.stdin.close()
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
