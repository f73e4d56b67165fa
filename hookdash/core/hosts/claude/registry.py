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
from pathlib import Path
from typing import TYPE_CHECKING

from hookdash.core import jsonc
from hookdash.core.hosts.claude.events import KNOWN_EVENTS
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
)
from hookdash.core.hosts.claude.plugins import Plugin, claude_plugins

if TYPE_CHECKING:
    from hookdash.core.model import Configuration
from hookdash.core.hosts.claude.hook_making import (
    LineOf as LineOf,
    Switches as Switches,
    Verdict as Verdict,
    dedup_key as dedup_key,
    grouped_handlers,
    make_hook,
    switches,
)
from hookdash.core.hosts.claude.run_once import RunOnce, group_key
from hookdash.core.hosts.claude.trust import folder_trust
from hookdash.core.other_agents import AlsoRunBy
from hookdash.core.scan.also_run import also_run_by


def _standing(
    hook: ClaudeHook, layer: ClaudeLayer, switch: Switches, plugin: Plugin | None = None
) -> list[tuple[ClaudeInactive, str]]:
    """Why `hook` does not run whatever the other handlers are (its layer, its plugin, its
    event): empty when it runs unless it is a copy."""
    reasons: list[tuple[ClaudeInactive, str]] = []
    managed = plugin.managed if plugin is not None else layer.scope == "managed"
    hook.managed = managed
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


def _also_run_by(hook: ClaudeHook, folder: Path) -> list[AlsoRunBy]:
    """The other agents that run this hook of a project file (core.scan.also_run)."""
    try:
        rel = Path(hook.file).relative_to(folder).as_posix()
    except ValueError:
        return []
    return also_run_by("claude", rel, hook.event)


def load_claude(
    workspace: str | Path | None = None, environ: Mapping[str, str] | None = None
) -> ClaudeSnapshot:
    """The Claude Code configuration of `workspace` (default: the current directory)."""
    from hookdash.core.hosts.claude.checks import (
        claude_problems,
        handler_risks,
        hook_risks_of,
        hook_unknowns_of,
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
        found = grouped_handlers(layer)
        lines = jsonc.LineFinder(layer.read.text) if found and layer.read.text else None
        for event, group, pointer, handler in found:
            hook = make_hook(layer, event, group.get("matcher"), pointer, handler, lines, plugin)
            hook.group = group_key(group)
            judged.append((hook, _standing(hook, layer, switch, plugin)))
            if layer.scope in ("project", "local"):
                hook.trust = "trusted" if trust.state == "trusted" else "untrusted"
                if layer.why_dropped() is None:  # Copilot CLI drops it too (observed)
                    hook.also_run_by = _also_run_by(hook, folder)
            runs = runs_of(hook, folder, home_of(env), env)
            if runs is not None:
                hook.scripts, hook.program = list(runs.scripts), runs.program
                hook.script_unresolved = runs.unresolved
            hook.risks = hook_risks_of(hook, folder, home_of(env)) + handler_risks(handler)
            reached = runs.unknowns if runs is not None else ()
            hook.unknowns = hook_unknowns_of(hook, folder, home_of(env), reached)
            hook.understood = not hook.unknowns
            hooks.append(hook)
    kept = RunOnce(hook for hook, reasons in judged if not reasons)
    for hook, reasons in judged:
        _judge(hook, reasons, kept)
    from hookdash.core.hosts.claude.scoped import definitions, scoped_hooks

    scoped, scoped_problems = scoped_hooks(definitions(folder, env, plugins), switch, trust)
    for hook in scoped:
        if hook.scope in ("project", "local"):
            hook.trust = "trusted" if trust.state == "trusted" else "untrusted"
        runs = runs_of(hook, folder, home_of(env), env)
        if runs is not None:
            hook.scripts, hook.program = list(runs.scripts), runs.program
            hook.script_unresolved = runs.unresolved
        hook.risks = hook_risks_of(hook, folder, home_of(env)) + hook.risks
        reached = runs.unknowns if runs is not None else ()
        hook.unknowns = hook_unknowns_of(hook, folder, home_of(env), reached) + hook.unknowns
        hook.understood = not hook.unknowns
    hooks += scoped
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
    snapshot.problems = claude_problems(snapshot, layers, switch, plugins) + scoped_problems
    snapshot.problems += settings_command_problems(snapshot.settings_commands, layers)
    snapshot.mcp_servers = claude_mcp_servers(layers, switch, folder, home_of(env), env)
    snapshot.problems += mcp_server_problems(snapshot.mcp_servers, folder)
    from hookdash.core.hosts.claude.mods import claude_mods, mod_problems

    snapshot.mods = claude_mods(plugins, switch, layers, env)
    snapshot.problems += mod_problems(snapshot.mods, plugins)
    # Parked hooks are listed (off) but are in no file: no finding of a file is theirs.
    parked = _parked_hooks(layers, env)
    for hook in parked:  # (its text is read like any hook's: a parked hook may come back)
        hook.unknowns = hook_unknowns_of(hook, folder, home_of(env))
        hook.understood = not hook.unknowns
    snapshot.hooks.extend(parked)
    return snapshot


def _parked_hooks(layers: list[ClaudeLayer], environ: Mapping[str, str]) -> list[ClaudeHook]:
    """The hooks hookdash parked from these files (their text in hookdash's state)."""
    from hookdash.core.hosts.claude.parked import PARKED_BECAUSE, parked_in

    out = []
    for layer, entry in parked_in(environ, layers):
        hook = make_hook(layer, entry.event, entry.matcher, entry.pointer, entry.handler, None)
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
    for it, else None: `list`, `check` and the dashboard cover every host that has a file,
    so a Gemini-only machine's output stays Gemini's alone."""
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
