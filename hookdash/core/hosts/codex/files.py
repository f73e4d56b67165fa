"""Reading Codex CLI's hook files exactly as 0.171.0 does (run: `codex app-server`'s
`hooks/list`, whose warnings are quoted here).

- `hooks.json` is strict JSON (serde): a comment or a trailing comma refuses the whole
  file, and so does a top-level key other than `description` and `hooks` (a `$schema`
  key: "unknown field `$schema`, expected `description` or `hooks`"), a handler without a
  `type` or a `command`, a type Codex does not know (`http`), a timeout that is not a whole
  number of seconds ≥ 0, a matcher that is not a string. The layer's `config.toml` still
  works. An event key Codex does not know is ignored, whatever it holds.
- `config.toml` is TOML; its `[hooks]` table holds the same shape (plus `state`, the trust
  store, which is not an event). A `config.toml` that does not parse, or whose hooks fail
  that shape, stops Codex from loading its configuration: no hook runs.
- `prompt`, `agent` and `mcp_tool` handlers are skipped with a warning ("prompt hooks are
  not supported yet"); they keep their index in the hook keys of the others.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from hookdash.core import jsonc
from hookdash.core.disk import files
from hookdash.core.hosts.codex.events import EVENTS, match_field

FileKind = Literal["json", "toml"]
HANDLER_TYPES = ("command", "mcp_tool", "prompt", "agent")
# Handlers Codex parses but does not run (0.171.0), with its own warning.
SKIPPED_TYPES = ("prompt", "agent", "mcp_tool")


class ShapeError(ValueError):
    """A hook file fails Codex's schema: the message as Codex words it, and where."""

    def __init__(self, message: str, pointer: str) -> None:
        super().__init__(message)
        self.message = message
        self.pointer = pointer


@dataclass(frozen=True)
class RawHandler:
    """One handler as written, with where it is and the indices Codex's key uses."""

    event: str
    group: int
    index: int
    matcher: str | None  # as Codex uses it: None for an event that ignores matchers
    matcher_written: str | None  # as written
    handler: dict[str, Any]
    pointer: str


@dataclass
class HookFile:
    """One hooks.json or config.toml as read: its text, value, and why Codex refuses it."""

    path: Path
    kind: FileKind
    exists: bool
    text: str | None = None
    value: Any = None
    error: str | None = None  # Codex's own words (or ours, for an unreadable file)
    line: int | None = None
    column: int | None = None
    handlers: list[RawHandler] = field(default_factory=list)
    skipped: list[tuple[RawHandler, str]] = field(default_factory=list)  # (handler, warning)

    @property
    def usable(self) -> bool:
        return self.exists and self.error is None

    @property
    def hooks_table(self) -> dict[str, Any] | None:
        value = self.value
        hooks = value.get("hooks") if isinstance(value, dict) else None
        return hooks if isinstance(hooks, dict) else None


def _ptr(*tokens: str | int) -> str:
    return jsonc.pointer(*tokens)


def _is_u64(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def check_handler(handler: Any, pointer: str) -> None:
    """Codex's schema for one handler; raises ShapeError as serde would."""
    if not isinstance(handler, dict):
        raise ShapeError("invalid type: expected struct HookHandlerConfig", pointer)
    kind = handler.get("type")
    if "type" not in handler:
        raise ShapeError("missing field `type`", pointer)
    if kind not in HANDLER_TYPES:
        shown = kind if isinstance(kind, str) else repr(kind)
        raise ShapeError(
            f"unknown variant `{shown}`, expected one of `command`, `mcp_tool`, `prompt`, `agent`",
            pointer + "/type",
        )
    if kind != "command":
        return
    if not isinstance(handler.get("command"), str):
        what = (
            "missing field `command`" if "command" not in handler else "`command` is not a string"
        )
        raise ShapeError(what, pointer)
    timeout = handler.get("timeout")
    if "timeout" in handler and not _is_u64(timeout):
        raise ShapeError(f"invalid type: {timeout!r}, expected u64", pointer + "/timeout")
    if "async" in handler and not isinstance(handler["async"], bool):
        raise ShapeError("`async` is not a boolean", pointer + "/async")
    status = handler.get("statusMessage")
    if "statusMessage" in handler and status is not None and not isinstance(status, str):
        raise ShapeError("`statusMessage` is not a string", pointer + "/statusMessage")


def walk_hooks(
    hooks: dict[str, Any], base: tuple[str, ...] = ("hooks",)
) -> tuple[list[RawHandler], list[tuple[RawHandler, str]]]:
    """Every handler of a hooks table (known events only), checked against Codex's schema;
    raises ShapeError for what refuses the file. Returns (command handlers, skipped ones
    with their warning)."""
    out: list[RawHandler] = []
    skipped: list[tuple[RawHandler, str]] = []
    for event in EVENTS:
        if event not in hooks:
            continue
        groups = hooks[event]
        where = _ptr(*base, event)
        if groups is None:
            continue
        if not isinstance(groups, list):
            raise ShapeError("invalid type: expected a sequence", where)
        for i, group in enumerate(groups):
            gptr = _ptr(*base, event, i)
            if not isinstance(group, dict):
                raise ShapeError("invalid type: expected struct MatcherGroup", gptr)
            matcher = group.get("matcher")
            if matcher is not None and not isinstance(matcher, str):
                raise ShapeError(f"invalid type: {matcher!r}, expected a string", gptr + "/matcher")
            handlers = group.get("hooks")
            if not isinstance(handlers, list):
                what = "missing field `hooks`" if handlers is None else "expected a sequence"
                raise ShapeError(what, gptr)
            # An event that ignores matchers drops it: not hashed, not checked (run).
            used = matcher if match_field(event) is not None else None
            for j, handler in enumerate(handlers):
                hptr = _ptr(*base, event, i, "hooks", j)
                check_handler(handler, hptr)
                raw = RawHandler(event, i, j, used, matcher, dict(handler), hptr)
                if handler["type"] in SKIPPED_TYPES:
                    skipped.append((raw, f"{handler['type']} hooks are not supported yet"))
                else:
                    out.append(raw)
    return out, skipped


def _read_bytes(path: Path, kind: FileKind) -> HookFile | bytes:
    try:
        return files.read_bytes(path)
    except (FileNotFoundError, NotADirectoryError):
        return HookFile(path, kind, exists=False)
    except IsADirectoryError:
        return HookFile(path, kind, exists=True, error="is a directory")
    except OSError as exc:
        return HookFile(path, kind, exists=True, error=f"cannot be read ({exc.strerror or exc})")


def read_hooks_json(path: Path) -> HookFile:
    """A hooks.json as Codex reads it; never raises for what a file holds."""
    data = _read_bytes(path, "json")
    if isinstance(data, HookFile):
        return data
    text = data.decode("utf-8", "replace")
    read = HookFile(path, "json", exists=True, text=text)
    try:
        value = jsonc.parse(text, comments=False)
    except jsonc.JsonParseError as exc:
        message = exc.message.replace(
            " (Gemini CLI's JSON parser does not allow trailing commas)", ""
        )
        if jsonc.comment_spans(text):
            message = "a comment (Codex reads hooks.json as strict JSON)"
        read.error, read.line, read.column = message, exc.line, exc.column
        return read
    read.value = value
    try:
        if not isinstance(value, dict):
            raise ShapeError("invalid type: expected struct HooksFile", "")
        for key in value:
            if key not in ("description", "hooks"):
                raise ShapeError(
                    f"unknown field `{key}`, expected `description` or `hooks`",
                    _ptr(key),
                )
        hooks = value.get("hooks")
        if hooks is not None and not isinstance(hooks, dict):
            raise ShapeError("invalid type: expected a map", "/hooks")
        read.handlers, read.skipped = walk_hooks(hooks or {})
    except ShapeError as exc:
        _refuse(read, exc)
    return read


def read_config_toml(path: Path) -> HookFile:
    """A config.toml as Codex reads it (its `[hooks]` table); never raises."""
    data = _read_bytes(path, "toml")
    if isinstance(data, HookFile):
        return data
    text = data.decode("utf-8", "replace")
    read = HookFile(path, "toml", exists=True, text=text)
    import tomllib  # here: a folder without Codex's config.toml does not pay for it

    try:
        value = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        read.error = str(exc)
        read.line = getattr(exc, "lineno", None)
        read.column = getattr(exc, "colno", None)
        return read
    read.value = value
    hooks = value.get("hooks")
    if hooks is None:
        return read
    try:
        if not isinstance(hooks, dict):
            raise ShapeError("invalid type: `hooks` is not a table", "/hooks")
        read.handlers, read.skipped = walk_hooks(hooks)
    except ShapeError as exc:
        _refuse(read, exc)
    return read


def _refuse(read: HookFile, exc: ShapeError) -> None:
    read.error = exc.message
    read.handlers, read.skipped = [], []
    line = line_of(read, exc.pointer)
    read.line = line


def line_of(read: HookFile, pointer: str) -> int | None:
    """The 1-based line of `pointer` in the file (None when it cannot be told)."""
    if not read.text or not pointer:
        return None
    if read.kind == "json":
        try:
            return jsonc.LineFinder(read.text).line(pointer)
        except (KeyError, ValueError, IndexError):
            return None
    return toml_line(read.text, pointer)


def toml_line(text: str, pointer: str) -> int | None:
    """The line of a handler (`/hooks/<Event>/<i>/hooks/<j>`, or one of its keys) or group
    in a config.toml written with array-of-tables headers (`[[hooks.Event.hooks]]`), the
    common form; else the line of the event's first header, else None."""
    tokens = jsonc.pointer_tokens(pointer)
    if len(tokens) < 2 or tokens[0] != "hooks":
        return None
    event = tokens[1]
    lines = text.splitlines()
    group_header = f"[[hooks.{event}]]"
    handler_header = f"[[hooks.{event}.hooks]]"
    group = int(tokens[2]) if len(tokens) > 2 and tokens[2].isdigit() else None
    handler = int(tokens[4]) if len(tokens) > 4 and tokens[4].isdigit() else None
    seen_group = -1
    seen_handler = -1
    first: int | None = None
    for n, line in enumerate(lines, 1):
        stripped = line.split("#", 1)[0].replace(" ", "").replace("\t", "")
        if stripped == group_header.replace(" ", ""):
            seen_group += 1
            seen_handler = -1
            first = first or n
            if group == seen_group and handler is None:
                return n
        elif stripped == handler_header.replace(" ", ""):
            seen_handler += 1
            first = first or n
            if group == seen_group and handler == seen_handler:
                return _key_line(lines, n, tokens[5]) if len(tokens) > 5 else n
    return first


def _key_line(lines: list[str], header: int, key: str) -> int:
    """The line writing `key = …` in the table whose header is on line `header` (1-based),
    else the header's line."""
    for n in range(header, len(lines)):
        stripped = lines[n].lstrip()
        if stripped.startswith("["):
            break
        name, eq, _value = stripped.partition("=")
        if eq and name.strip().strip("\"'") == key:
            return n + 1
    return header
