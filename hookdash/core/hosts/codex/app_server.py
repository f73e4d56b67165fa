"""Talking to Codex's own `codex app-server` (JSON-RPC 2.0, one JSON object a line on
stdio), as Codex CLI 0.171.0 answers it (run):

- `initialize` {clientInfo: {name, version}}, then the notification `initialized`;
- `hooks/list` {cwds: [dir]} → {data: [{cwd, hooks: [{key, currentHash, trustStatus,
  enabled, …}], warnings, errors}]};
- `config/batchWrite` {edits: [{keyPath, mergeStrategy: "upsert", value}], filePath} writes
  the user's config.toml its own way (upsert merges into an existing table; a key path is
  split at dots, so a hook key goes inside `value`, never into `keyPath`).

It has no trust method: its own terminal UI writes `hooks.state`, and so does hookdash here,
with the hash it checked against `hooks/list` just before.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Mapping, Sequence
from typing import Any

from hookdash.core.errors import EditError

TIMEOUT_S = 60.0


class AppServerError(EditError, code="codex-app-server"):
    """Codex's app-server could not be run, or refused a request."""


def call(
    binary: str,
    requests: Sequence[tuple[str, Mapping[str, Any]]],
    *,
    cwd: str,
    environ: Mapping[str, str],
) -> list[Any]:
    """Run `codex app-server`, send `requests` in order, and return each one's `result`;
    raises AppServerError on any error answer (nothing after it is sent)."""
    lines: list[dict[str, Any]] = [
        {
            "jsonrpc": "2.0",
            "id": 0,
            "method": "initialize",
            "params": {"clientInfo": {"name": "hookdash", "version": "0"}},
        },
        {"jsonrpc": "2.0", "method": "initialized"},
    ]
    lines += [
        {"jsonrpc": "2.0", "id": n, "method": method, "params": dict(params)}
        for n, (method, params) in enumerate(requests, 1)
    ]
    try:
        proc = subprocess.Popen(
            [binary, "app-server"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=cwd,
            env=dict(environ),
            text=True,
            encoding="utf-8",
        )
    except OSError as exc:
        raise AppServerError(f"cannot run {binary} app-server ({exc.strerror or exc})") from None
    results: dict[int, Any] = {}
    try:
        assert proc.stdin is not None and proc.stdout is not None
        # Requests go one at a time: a write must not be sent before the check it follows.
        proc.stdin.write(json.dumps(lines[0]) + "\n" + json.dumps(lines[1]) + "\n")
        proc.stdin.flush()
        _answer(proc, 0)
        for message in lines[2:]:
            proc.stdin.write(json.dumps(message, ensure_ascii=False) + "\n")
            proc.stdin.flush()
            number = message["id"]
            assert isinstance(number, int)
            results[number] = _answer(proc, number)
    finally:
        proc.kill()
        proc.wait(timeout=10)
    return [results[n] for n in range(1, len(requests) + 1)]


def _answer(proc: subprocess.Popen[str], number: int) -> Any:
    assert proc.stdout is not None
    while True:
        line = proc.stdout.readline()
        if not line:
            raise AppServerError("codex app-server ended without answering")
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if not isinstance(message, dict) or message.get("id") != number:
            continue  # a notification, or an answer to something else
        if "error" in message:
            error = message["error"]
            why = error.get("message") if isinstance(error, dict) else error
            raise AppServerError(f"codex app-server refused the request: {why}")
        return message.get("result")


def listed_hooks(result: Any) -> dict[str, dict[str, Any]]:
    """`hooks/list`'s hooks of its first folder, by key."""
    data = result.get("data") if isinstance(result, dict) else None
    if not isinstance(data, list) or not data or not isinstance(data[0], dict):
        return {}
    hooks = data[0].get("hooks")
    return {
        str(h["key"]): h
        for h in hooks or []
        if isinstance(h, dict) and isinstance(h.get("key"), str)
    }
