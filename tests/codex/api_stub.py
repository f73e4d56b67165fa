"""A loopback stand-in for the OpenAI Responses API, enough for `codex exec` to run a turn.

Codex 0.171.0 with a `model_providers` entry (`wire_api = "responses"`) POSTs to
`<base_url>/responses` and reads the answer as server-sent events. Each request is
answered with the next step of the test's script: a step is a list of output items (a
`function_call` of `exec_command`, a `custom_tool_call` of `apply_patch`, a message...);
when the script is used up, or the model is asked outside a turn, the answer is the text
"done". Requests are recorded (path, tools offered, the input's last item) so a test sees
what Codex sent: the tool list, and what the model was told a tool call did (its output,
or why a hook blocked it). It listens on 127.0.0.1 only, on a free port.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.loopback import QuietHandler, loopback_server

MAX_REQUESTS = 40  # a bound: a run that loops is answered "done" from here on


def shell(command: str, call_id: str = "call_hookdash_1") -> dict[str, Any]:
    """A step: the model runs `command` through Codex's shell tool (`exec_command`)."""
    return {
        "type": "function_call",
        "name": "exec_command",
        "arguments": json.dumps({"cmd": command}),
        "call_id": call_id,
    }


def apply_patch(patch: str, call_id: str = "call_hookdash_patch") -> dict[str, Any]:
    """A step: the model edits files with Codex's freeform `apply_patch` tool."""
    return {"type": "custom_tool_call", "name": "apply_patch", "input": patch, "call_id": call_id}


def message(text: str) -> dict[str, Any]:
    return {
        "type": "message",
        "role": "assistant",
        "id": "msg_hookdash",
        "content": [{"type": "output_text", "text": text, "annotations": []}],
    }


@dataclass
class Stub:
    script: list[list[dict[str, Any]]] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)
    url: str = ""
    _step: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def next_items(self) -> list[dict[str, Any]]:
        with self._lock:
            if self._step < len(self.script) and len(self.requests) <= MAX_REQUESTS:
                items = self.script[self._step]
                self._step += 1
                return items
            return [message("done")]

    def reset(self) -> None:
        with self._lock:
            self._step = 0

    def tool_outputs(self) -> list[str]:
        """What the model was told each tool call did, in order."""
        return [r["tool_output"] for r in self.requests if r.get("tool_output") is not None]

    def tool_names(self) -> list[str]:
        """The tools offered in the first request."""
        return self.requests[0]["tools"] if self.requests else []


def _tool_name(tool: dict[str, Any]) -> str:
    return str(tool.get("name") or tool.get("type") or "?")


def _last_output(items: list[Any]) -> Any:
    for item in reversed(items):
        if isinstance(item, dict) and str(item.get("type", "")).endswith("call_output"):
            return item.get("output")
    return None


def _sse(items: list[dict[str, Any]], response_id: str) -> bytes:
    events: list[dict[str, Any]] = [
        {"type": "response.created", "response": {"id": response_id}},
    ]
    for index, item in enumerate(items):
        events.append({"type": "response.output_item.added", "output_index": index, "item": item})
        events.append({"type": "response.output_item.done", "output_index": index, "item": item})
    events.append(
        {
            "type": "response.completed",
            "response": {
                "id": response_id,
                "usage": {
                    "input_tokens": 10,
                    "input_tokens_details": {"cached_tokens": 0},
                    "output_tokens": 5,
                    "output_tokens_details": {"reasoning_tokens": 0},
                    "total_tokens": 15,
                },
            },
        }
    )
    return "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events).encode()


def _handler(stub: Stub) -> type[BaseHTTPRequestHandler]:
    class Handler(QuietHandler):
        def do_GET(self) -> None:
            stub.requests.append({"method": "GET", "path": self.path})
            if self.path.rstrip("/").endswith("/models"):
                self._send(200, b'{"object": "list", "data": [], "models": []}', "application/json")
                return
            self._send(404, b"{}", "application/json")

        def do_POST(self) -> None:
            size = int(self.headers.get("content-length") or 0)
            try:
                body = json.loads(self.rfile.read(size) or b"{}")
            except ValueError:
                body = {}
            items = body.get("input") if isinstance(body.get("input"), list) else []
            stub.requests.append(
                {
                    "method": "POST",
                    "path": self.path,
                    "tools": [
                        _tool_name(t) for t in body.get("tools") or [] if isinstance(t, dict)
                    ],
                    "inputs": len(items),
                    "tool_output": _last_output(items),
                }
            )
            if not self.path.rstrip("/").endswith("/responses"):
                self._send(404, b"{}", "application/json")
                return
            answer = stub.next_items() if body.get("tools") else [message("done")]
            self._send(200, _sse(answer, f"resp_{len(stub.requests)}"), "text/event-stream")

    return Handler


@contextmanager
def serving(stub: Stub | None = None) -> Iterator[Stub]:
    """Run the stand-in on a free loopback port for the duration of the block."""
    stub = stub or Stub()
    with loopback_server(_handler(stub)) as url:
        stub.url = url
        yield stub
