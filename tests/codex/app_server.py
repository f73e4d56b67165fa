"""A client of `codex app-server` (JSON-RPC, one message a line on stdio), enough to ask
the binary what it lists (`hooks/list`) and to let it write config (`config/batchWrite`).

The server runs with the world's environment and is stopped when the block ends; every
read waits at most READ_TIMEOUT_S.
"""

from __future__ import annotations

import json
import queue
import subprocess
import threading
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
        # One thread reads the server's lines into a queue: a select() on the pipe would
        # miss lines already in the reader's buffer.
        self._lines: queue.Queue[str] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line)
        self._lines.put("")  # the end

    def next_message(self, what: str) -> dict[str, Any]:
        """The server's next message (waiting at most READ_TIMEOUT_S)."""
        try:
            line = self._lines.get(timeout=READ_TIMEOUT_S)
        except queue.Empty:
            seen = [n["method"] for n in self.notifications[-12:]]
            raise TimeoutError(f"codex app-server did not answer {what} (last: {seen})") from None
        if not line:
            raise EOFError(f"codex app-server closed before answering {what}")
        return dict(json.loads(line))

    def _send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        """The response to one request: its `result`, or `{"error": ...}`."""
        self._next_id += 1
        wanted = self._next_id
        self._send({"id": wanted, "method": method, "params": params})
        while True:
            message = self.next_message(method)
            if message.get("id") == wanted:
                return message.get("result") or {"error": message.get("error")}
            if "method" in message:
                self.notifications.append(message)

    def hooks_list(self, cwd: Path) -> dict[str, Any]:
        """The one `hooks/list` entry for `cwd`: {cwd, hooks, warnings, errors}."""
        data = self.request("hooks/list", {"cwds": [str(cwd)]})["data"]
        assert len(data) == 1, data
        return dict(data[0])

    def turn(
        self,
        cwd: Path,
        prompt: str = "go",
        approval: str = "on-request",
        sandbox: str = "read-only",
        answer: str = "decline",
    ) -> list[dict[str, Any]]:
        """Start a thread in `cwd` and one turn of `prompt`; answer every request the
        server makes of the client (an approval) with `answer`; return those requests, once
        the turn has completed. Notifications are kept in `notifications`."""
        started = self.request(
            "thread/start", {"cwd": str(cwd), "approvalPolicy": approval, "sandbox": sandbox}
        )
        thread = started["thread"]["id"]
        text = {"type": "text", "text": prompt, "text_elements": []}
        self._next_id += 1
        self._send(
            {
                "id": self._next_id,
                "method": "turn/start",
                "params": {"threadId": thread, "input": [text]},
            }
        )
        asked: list[dict[str, Any]] = []
        while True:
            message = self.next_message("turn/start with turn/completed")
            method = message.get("method")
            if method is not None and "id" in message:  # the server asks the client
                asked.append(message)
                self._send({"id": message["id"], "result": {"decision": answer}})
            elif method is not None:
                self.notifications.append(message)
                if method == "turn/completed":
                    return asked

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
