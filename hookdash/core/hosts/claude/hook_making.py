"""How one Claude Code handler becomes a hook record, and the switches every hook's verdict
depends on: shared by the settings files' hooks (`registry`) and those of skills' and
agents' frontmatter (`scoped`), so neither imports the other."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Protocol

from hookdash.core.hosts.claude.events import match_field
from hookdash.core.hosts.claude.handler import background_of, command_line, exec_args
from hookdash.core.hosts.claude.layers import ClaudeLayer
from hookdash.core.hosts.claude.model import ClaudeHook, ClaudeInactive, claude_hook_ref
from hookdash.core.hosts.claude.plugins import Plugin
from hookdash.core.jsonc import escape_pointer_token
from hookdash.core.records import command_pointer


class LineOf(Protocol):
    """What gives a handler its line: a JSON file's line finder, a frontmatter's lines."""

    def line(self, pointer: str) -> int | None: ...


@dataclass(frozen=True)
class Verdict:
    """Why the hooks of a layer do not run, if they do not (one switch for all of them)."""

    reason: ClaudeInactive
    why: str


def _where(layer: ClaudeLayer) -> str:
    return f"{layer.scope} settings {layer.path}"


def _last_setting(layers: list[ClaudeLayer], key: str) -> ClaudeLayer | None:
    """The layer whose value of `key` the merged settings keep (the last that sets it)."""
    found = None
    for layer in layers:
        if key in layer.settings:
            found = layer
    return found


@dataclass(frozen=True)
class Switches:
    """The switches every hook's verdict depends on."""

    starts: ClaudeLayer | None  # the managed file that stops Claude from starting, if any
    managed_off: ClaudeLayer | None  # managed disableAllHooks: true
    managed_only: ClaudeLayer | None  # managed allowManagedHooksOnly: true
    merged_off: ClaudeLayer | None  # the layer whose disableAllHooks: true the merge keeps

    def verdict(self, scope: str) -> Verdict | None:
        if self.starts is not None:
            return Verdict(
                "claude-refuses-to-start",
                f"Claude Code does not start: the managed settings file {self.starts.path} "
                "does not parse",
            )
        if self.managed_off is not None:
            return Verdict(
                "hooks-disabled",
                f"disableAllHooks is true in the {_where(self.managed_off)}: no hook runs",
            )
        if scope == "managed":
            return None
        if self.managed_only is not None:
            return Verdict(
                "ignored-layer",
                "allowManagedHooksOnly is true in the "
                f"{_where(self.managed_only)}: only managed hooks run",
            )
        if self.merged_off is not None:
            off = self.merged_off
            whose = (
                "this repository switches off your hooks: "
                if off.scope in ("project", "local")
                else ""
            )
            return Verdict(
                "hooks-disabled",
                f"{whose}disableAllHooks is true in the {_where(off)}: only managed hooks run",
            )
        return None


def switches(layers: list[ClaudeLayer]) -> Switches:
    managed = [layer for layer in layers if layer.scope == "managed"]
    broken = next((layer for layer in managed if layer.fatal), None)
    off = _last_setting(managed, "disableAllHooks")
    only = _last_setting(managed, "allowManagedHooksOnly")
    merged = _last_setting(layers, "disableAllHooks")
    return Switches(
        starts=broken,
        managed_off=off if off is not None and off.settings["disableAllHooks"] is True else None,
        managed_only=(
            only if only is not None and only.settings["allowManagedHooksOnly"] is True else None
        ),
        merged_off=(
            merged if merged is not None and merged.settings["disableAllHooks"] is True else None
        ),
    )


def dedup_key(handler: dict[str, Any], plugin_root: str | None = None) -> str:
    """What Claude compares to run identical handlers of one event once (per type: a
    command's shell, text, args and `if`; an http hook's url; a prompt's text), within
    the settings files or within one plugin (its root leads the binary's key)."""
    kind = handler.get("type")
    if kind == "command":
        # An absent shell is the default one: `shell: "bash"` is the same handler (run).
        shell = handler.get("shell") or "bash"
        parts = [kind, shell, handler.get("command"), handler.get("args")]
    elif kind == "http":
        parts = [kind, handler.get("url")]
    elif kind == "mcp_tool":
        parts = [kind, handler.get("server"), handler.get("tool"), handler.get("input")]
    else:
        parts = [kind, handler.get("prompt")]
    parts.append(handler.get("if") or "")
    if plugin_root is not None:
        parts.insert(0, plugin_root)
    return json.dumps(parts, ensure_ascii=False, sort_keys=True)


def _detail(handler: dict[str, Any]) -> str | None:
    kind = handler.get("type")
    if kind == "http":
        return _text(handler.get("url"))
    if kind in ("prompt", "agent"):
        return _text(handler.get("prompt"))
    if kind == "mcp_tool":
        return f"{_text(handler.get('server'))}/{_text(handler.get('tool'))}"
    return None


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _ptr(*tokens: str | int) -> str:
    return "".join("/" + escape_pointer_token(str(t)) for t in tokens)


def grouped_handlers(
    layer: ClaudeLayer,
) -> list[tuple[str, dict[str, Any], str, dict[str, Any]]]:
    """(event, group, pointer, handler) of every handler the file holds, as far as its
    shape can be walked (an invalid file's too, to show what Claude drops)."""
    value = layer.read.value
    hooks = value.get("hooks") if isinstance(value, dict) else None
    if not isinstance(hooks, dict):
        return []
    out = []
    for event, groups in hooks.items():
        if not isinstance(groups, list):
            continue
        for i, group in enumerate(groups):
            if not isinstance(group, dict) or not isinstance(group.get("hooks"), list):
                continue
            for j, handler in enumerate(group["hooks"]):
                if isinstance(handler, dict):
                    out.append((event, group, _ptr("hooks", event, i, "hooks", j), handler))
    return out


def _handlers(layer: ClaudeLayer) -> list[tuple[str, Any, str, dict[str, Any]]]:
    """(event, matcher or None, pointer, handler) of every handler the file holds."""
    return [(e, g.get("matcher"), p, h) for e, g, p, h in grouped_handlers(layer)]


def _line(lines: LineOf | None, pointer: str, handler: dict[str, Any]) -> int | None:
    """The line of the handler's command (its URL), else of the handler."""
    if lines is None:
        return None
    found = lines.line(command_pointer(pointer, handler))
    return found if found is not None else lines.line(pointer)


def make_hook(
    layer: ClaudeLayer,
    event: str,
    matcher: Any,
    pointer: str,
    handler: dict[str, Any],
    lines: LineOf | None,
    plugin: Plugin | None = None,
) -> ClaudeHook:
    kind = handler.get("type")
    root = str(plugin.root) if plugin is not None and plugin.root is not None else None
    command = handler.get("command") if kind == "command" else None
    command = command if isinstance(command, str) else None
    args = exec_args(handler) if command is not None else None
    detail = _detail(handler)
    shown = command_line(command, args) if command is not None else None
    ident = shown if shown is not None else (detail or f"{_text(kind)} hook")
    return ClaudeHook(
        id=ident,
        ref=claude_hook_ref(str(layer.path), pointer),
        key=dedup_key(handler, root),
        event=event,
        scope=layer.scope,
        file=str(layer.path),
        pointer=pointer,
        line=_line(lines, pointer, handler),
        matcher=matcher,
        match_field=match_field(event),
        type=kind,
        command=command,
        args=args,
        shell=handler.get("shell") if kind == "command" else None,
        on_failure=handler.get("onFailure"),
        background=background_of(handler) if kind == "command" else None,
        once=handler.get("once") is True,
        detail=detail,
        timeout=handler.get("timeout"),
        condition=handler.get("if"),
        hookdash_fires=kind == "command",
        plugin=plugin.id if plugin is not None else None,
        plugin_root=root,
    )
