"""A loopback stand-in for the Anthropic Messages API, enough for `claude -p` to run a turn.

Every request to /v1/messages is answered with a canned assistant message, streamed as
server-sent events when the request asks for a stream: while the conversation has no
tool result yet (and tools are offered), one `tool_use` of the scenario's tool; after it,
the text "done". Token counting gets a fixed count; anything else a 404. Requests are
recorded (path, tool count, message count) so a test can see what Claude asked for.
It listens on 127.0.0.1 only, on a free port.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.loopback import QuietHandler, loopback_server

DEFAULT_TOOL: dict[str, Any] = {
    "name": "Bash",
    "input": {"command": "echo hookdash-harness", "description": "Print a marker"},
}


# Picks the tool call of one request from its messages and the names of the tools offered
# (None: answer "done"); set on a Stub, it replaces the one `tool` call per conversation.
Chooser = Callable[[list[Any], list[str]], "dict[str, Any] | None"]


@dataclass
class Stub:
    tool: dict[str, Any] = field(default_factory=lambda: dict(DEFAULT_TOOL))
    requests: list[dict[str, Any]] = field(default_factory=list)
    url: str = ""
    choose: Chooser | None = None


def tool_results(messages: list[Any]) -> int:
    """How many tool results a conversation holds (how far a scripted turn has gone)."""
    return sum(
        1
        for m in messages
        if isinstance(m, dict) and isinstance(m.get("content"), list)
        for c in m["content"]
        if isinstance(c, dict) and c.get("type") == "tool_result"
    )


def first_text(messages: list[Any]) -> str:
    """The text of the conversation's first user message (a subagent's is its prompt)."""
    first = messages[0] if messages and isinstance(messages[0], dict) else {}
    content = first.get("content")
    if isinstance(content, str):
        return content
    return " ".join(
        c.get("text", "") for c in content or [] if isinstance(c, dict) and c.get("type") == "text"
    )


def _events(blocks: list[dict[str, Any]], stop: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = [
        {
            "type": "message_start",
            "message": {
                "id": "msg_hookdash",
                "type": "message",
                "role": "assistant",
                "model": "claude-sonnet-4-5",
                "content": [],
                "stop_reason": None,
                "stop_sequence": None,
                "usage": {"input_tokens": 10, "output_tokens": 1},
            },
        }
    ]
    for i, block in enumerate(blocks):
        if block["type"] == "text":
            start = {"type": "text", "text": ""}
            delta = {"type": "text_delta", "text": block["text"]}
        else:
            start = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        events.append({"type": "content_block_start", "index": i, "content_block": start})
        events.append({"type": "content_block_delta", "index": i, "delta": delta})
        events.append({"type": "content_block_stop", "index": i})
    events.append(
        {
            "type": "message_delta",
            "delta": {"stop_reason": stop, "stop_sequence": None},
            "usage": {"output_tokens": 5},
        }
    )
    events.append({"type": "message_stop"})
    return events


def _has_tool_result(messages: list[Any]) -> bool:
    """Whether the last message of the conversation (system notes after it set aside:
    Claude appends one when an MCP server failed to connect) carries a tool result."""
    said = [m for m in messages if not (isinstance(m, dict) and m.get("role") == "system")]
    last = said[-1] if said else {}
    content = last.get("content") if isinstance(last, dict) else None
    return isinstance(content, list) and any(
        isinstance(c, dict) and c.get("type") == "tool_result" for c in content
    )


def _last_tool_result(messages: list[Any]) -> Any:
    """The content of the last tool_result Claude sent (what the model is told a tool
    call did: its output, or why a hook blocked it), None before the first."""
    found = None
    for message in messages:
        content = message.get("content") if isinstance(message, dict) else None
        for block in content if isinstance(content, list) else []:
            if isinstance(block, dict) and block.get("type") == "tool_result":
                found = block.get("content")
    return found


def _handler(stub: Stub) -> type[BaseHTTPRequestHandler]:
    class Handler(QuietHandler):
        def _key(self) -> str | None:
            """The credential Claude sent (x-api-key, else the bearer token): which
            apiKeyHelper, if any, it came from."""
            key = self.headers.get("x-api-key")
            if key:
                return key
            bearer = self.headers.get("authorization") or ""
            return bearer.removeprefix("Bearer ") or None

        def do_GET(self) -> None:
            stub.requests.append({"method": "GET", "path": self.path, "key": self._key()})
            self._send(404, b"{}", "application/json")

        def do_POST(self) -> None:
            size = int(self.headers.get("content-length") or 0)
            try:
                body = json.loads(self.rfile.read(size) or b"{}")
            except ValueError:
                body = {}
            messages = body.get("messages") or []
            stub.requests.append(
                {
                    "method": "POST",
                    "path": self.path,
                    "tools": len(body.get("tools") or []),
                    "messages": len(messages),
                    "tool_result": _last_tool_result(messages),
                    "key": self._key(),
                }
            )
            if "count_tokens" in self.path:
                self._send(200, b'{"input_tokens": 10}', "application/json")
                return
            if not self.path.startswith("/v1/messages"):
                self._send(404, b"{}", "application/json")
                return
            names = [t.get("name", "") for t in body.get("tools") or [] if isinstance(t, dict)]
            chosen = (
                stub.choose(messages, names)
                if stub.choose is not None
                else stub.tool
                if body.get("tools") and not _has_tool_result(messages)
                else None
            )
            if chosen is not None:
                ident = "toolu_hookdash" + (f"_{tool_results(messages)}" if stub.choose else "")
                blocks = [{"type": "tool_use", "id": ident, **chosen}]
                stop = "tool_use"
            else:
                blocks, stop = [{"type": "text", "text": "done"}], "end_turn"
            if body.get("stream"):
                data = "".join(
                    f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in _events(blocks, stop)
                )
                self._send(200, data.encode(), "text/event-stream")
                return
            message = {
                "id": "msg_hookdash",
                "type": "message",
                "role": "assistant",
                "model": "claude-sonnet-4-5",
                "content": [{"type": "text", "text": "done"}],
                "stop_reason": "end_turn",
                "stop_sequence": None,
                "usage": {"input_tokens": 1, "output_tokens": 1},
            }
            self._send(200, json.dumps(message).encode(), "application/json")

    return Handler


@contextmanager
def serving(stub: Stub | None = None) -> Iterator[Stub]:
    """Run the stand-in on a free loopback port for the duration of the block."""
    stub = stub or Stub()
    with loopback_server(_handler(stub)) as url:
        stub.url = url
        yield stub
