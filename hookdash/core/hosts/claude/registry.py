"""Every Claude Code hook of a workspace, each with Claude Code 2.1.332's verdict.

What decides whether a hook runs, in the order Claude applies it (tests/claude):
1. A managed settings file that does not parse: Claude Code does not start at all.
2. `disableAllHooks: true` in the managed settings: no hook runs, managed ones included.
3. `allowManagedHooksOnly: true` in the managed settings: only managed hooks run.
4. `disableAllHooks` as merged over user, project, local and managed (the last layer that
   sets it decides): when true, only managed hooks run. So a repository's
   `.claude/settings.json` can switch off the user's own hooks, and a repository's
   `false` switches back on the hooks a user switched off.
5. A file that is not strict JSON, or fails the schema, is dropped whole; an event name
   Claude does not know is ignored.
6. Identical handlers of one event (same shell, command, args and `if`) run once: once
   across all settings files, once within each plugin (the same command in two plugins,
   or in a plugin and a settings file, runs once for each).
The hooks of plugins (`plugins`) are judged the same way, after their own verdict: the
plugin must be enabled and loadable; one that managed settings enable counts as managed.
Matchers are the plan's business (`planner`); `list` marks a handler a duplicate only when
an earlier one of the same event has the same matcher text, so for every match query.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hookdash.core import jsonc
from hookdash.core.hosts.claude.events import KNOWN_EVENTS, match_field
from hookdash.core.hosts.claude.handler import background_of, command_line, exec_args
from hookdash.core.hosts.claude.layers import (
    ClaudeLayer,
    claude_home,
    claude_layers,
    entry_dropped,
    home_of,
    managed_dir as managed_dir_of,
)
from hookdash.core.hosts.claude.model import (
    ClaudeHook,
    ClaudeInactive,
    ClaudeSnapshot,
    claude_hook_ref,
)
from hookdash.core.hosts.claude.plugins import Plugin, claude_plugins

if TYPE_CHECKING:
    from hookdash.core.model import Configuration
from hookdash.core.hosts.claude.run_once import RunOnce, group_key
from hookdash.core.hosts.claude.trust import folder_trust
from hookdash.core.jsonc import escape_pointer_token


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


def _handlers(layer: ClaudeLayer) -> list[tuple[str, dict[str, Any], str, dict[str, Any]]]:
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


def _hook(
    layer: ClaudeLayer,
    event: str,
    matcher: Any,
    pointer: str,
    handler: dict[str, Any],
    lines: jsonc.LineFinder | None,
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
        line=lines.line(pointer) if lines is not None else None,
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


def _standing(
    hook: ClaudeHook, layer: ClaudeLayer, switch: Switches, plugin: Plugin | None = None
) -> list[tuple[ClaudeInactive, str]]:
    """Why `hook` does not run whatever the other handlers are (its layer, its plugin, its
    event): empty when it runs unless it is a copy."""
    reasons: list[tuple[ClaudeInactive, str]] = []
    managed = plugin.managed if plugin is not None else layer.scope == "managed"
    verdict = switch.verdict("managed" if managed else layer.scope)
    if verdict is not None:
        reasons.append((verdict.reason, verdict.why))
    off = plugin.why_off() if plugin is not None else None
    if off is not None:
        reasons.append(("plugin-off", off))
    dropped = layer.why_dropped() or entry_dropped(layer, hook.pointer)
    if dropped is not None:
        reasons.append(("invalid", dropped))
    if hook.event not in KNOWN_EVENTS:
        reasons.append(
            (
                "unknown-event",
                f"Claude Code 2.1.332 has no event '{hook.event}': it ignores these hooks "
                "without a word",
            )
        )
    return reasons


def _judge(hook: ClaudeHook, reasons: list[tuple[ClaudeInactive, str]], kept: RunOnce) -> None:
    if not reasons:
        within = (hook.event, json.dumps(hook.matcher, sort_keys=True, default=str))
        first = kept.copy_of(hook, within)
        if first is not None:
            hook.duplicate_of = first.ref
            reasons.append(
                (
                    "duplicate",
                    f"identical to the {first.scope} hook at {first.file}:{first.line}: "
                    "Claude Code runs it once per event",
                )
            )
    hook.runs = not reasons
    hook.not_running_because = [why for _, why in reasons]
    hook.inactive_reason = reasons[0][0] if reasons else None


def load_claude(
    workspace: str | Path | None = None, environ: Mapping[str, str] | None = None
) -> ClaudeSnapshot:
    """The Claude Code configuration of `workspace` (default: the current directory)."""
    from hookdash.core.hosts.claude.checks import (
        claude_problems,
        handler_risks,
        hook_risks_of,
        runs_of,
    )
    from hookdash.core.hosts.claude.mcp_servers import claude_mcp_servers, mcp_server_problems
    from hookdash.core.hosts.claude.review import apply_reviews
    from hookdash.core.hosts.claude.settings_commands import (
        settings_command_problems,
        settings_commands,
    )

    env = dict(os.environ if environ is None else environ)
    folder = Path(os.path.abspath(workspace if workspace is not None else os.getcwd()))
    layers = claude_layers(folder, env)
    switch = switches(layers)
    trust = folder_trust(folder, env)
    hooks: list[ClaudeHook] = []
    judged: list[tuple[ClaudeHook, list[tuple[ClaudeInactive, str]]]] = []
    plugins = claude_plugins(folder, env, layers)
    sources: list[tuple[ClaudeLayer, Plugin | None]] = [(layer, None) for layer in layers]
    sources += [(layer, plugin) for plugin in plugins for layer in plugin.layers]
    for layer, plugin in sources:
        if layer.ignored_reason is not None:
            continue
        found = _handlers(layer)
        lines = jsonc.LineFinder(layer.read.text) if found and layer.read.text else None
        for event, group, pointer, handler in found:
            hook = _hook(layer, event, group.get("matcher"), pointer, handler, lines, plugin)
            hook.group = group_key(group)
            judged.append((hook, _standing(hook, layer, switch, plugin)))
            if layer.scope in ("project", "local"):
                hook.trust = "trusted" if trust.state == "trusted" else "untrusted"
            runs = runs_of(hook, folder, home_of(env), env)
            if runs is not None:
                hook.scripts, hook.program = list(runs.scripts), runs.program
            hook.risks = hook_risks_of(hook, folder, home_of(env)) + handler_risks(handler)
            hooks.append(hook)
    kept = RunOnce(hook for hook, reasons in judged if not reasons)
    for hook, reasons in judged:
        _judge(hook, reasons, kept)
    snapshot = ClaudeSnapshot(
        workspace=str(folder),
        home=str(home_of(env)),
        config_dir=str(claude_home(env)),
        managed_dir=str(managed_dir_of(env)),
        claude_starts=switch.starts is None,
        hooks_enabled=switch.verdict("user") is None,
        folder_trust=trust,
        layers=[layer.info() for layer in layers],
        hooks=hooks,
        problems=[],
        plugins=[plugin.info() for plugin in plugins],
    )
    snapshot.remember_environ(env)
    snapshot.settings_commands = settings_commands(layers, switch, folder, home_of(env))
    apply_reviews(snapshot, env)
    snapshot.problems = claude_problems(snapshot, layers, switch, plugins)
    snapshot.problems += settings_command_problems(snapshot.settings_commands, layers)
    snapshot.mcp_servers = claude_mcp_servers(layers, switch, folder, home_of(env), env)
    snapshot.problems += mcp_server_problems(snapshot.mcp_servers, folder)
    # Parked hooks are listed (off) but are in no file: no finding of a file is theirs.
    snapshot.hooks.extend(_parked_hooks(layers, env))
    return snapshot


def _parked_hooks(layers: list[ClaudeLayer], environ: Mapping[str, str]) -> list[ClaudeHook]:
    """The hooks hookdash parked from these files (their text in hookdash's state)."""
    from hookdash.core.hosts.claude.parked import PARKED_BECAUSE, parked_in

    out = []
    for layer, entry in parked_in(environ, layers):
        hook = _hook(layer, entry.event, entry.matcher, entry.pointer, entry.handler, None)
        hook.ref = f"{layer.path}#parked/{entry.token}"
        hook.parked = True
        hook.runs = False
        hook.not_running_because = [PARKED_BECAUSE]
        hook.inactive_reason = "parked"
        out.append(hook)
    return out


def load_claude_if_any(
    workspace: str | Path, environ: Mapping[str, str] | None = None
) -> ClaudeSnapshot | None:
    """The Claude Code configuration of `workspace` when Claude Code has any settings file
    for it, else None: `list`, `check` and the dashboard cover every host that has a file
    (CONTRACT §5), so a Gemini-only machine's output stays Gemini's alone."""
    from hookdash.core.hosts.claude.layers import claude_has_files

    env = dict(os.environ if environ is None else environ)
    if not claude_has_files(Path(os.path.abspath(workspace)), env):
        return None
    return load_claude(workspace, env)


def with_claude(config: Configuration) -> Configuration:
    """`config` (Gemini CLI's) carrying Claude Code's configuration of the same workspace,
    when Claude Code has a file there: what the dashboard shows."""
    env = config.env
    config.claude = load_claude_if_any(env.workspace, env.environ)
    return config
