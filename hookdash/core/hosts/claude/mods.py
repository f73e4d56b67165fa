"""Hooks modules ("mods"): ES modules Claude Code 2.1.332 imports into its own process, beside
the command hooks (tests/claude/observed-2.1.332.md, "Mods").

Run (`claude -p --debug-file`):
- a plugin's `hooks/hooks.json` names one in `modules` (a path relative to that file, of a
  module exporting `register(on)`); an enabled plugin's module is loaded in every session,
  **on by default**, with nothing to accept ("hooks module NAME loaded (worker, …, tier
  user)"), and its hooks run on Claude's own events (session.start, tool.call, …);
- its top-level code runs when it is imported, before any policy judges it: a module that
  throws at the top level was imported, and the error logged, under `allowManagedModsOnly`;
- managed settings' `pluginConfigs["cc-plugin-sec-default@builtin"].options
  .allowManagedModsOnly` (any value but false) leaves out the modules of plugins that are
  not the organization's ("mods are limited to your organization's by policy"); the same
  plugin's command hooks still run.
Read from the binary:
- a module may import only its own plugin's files and "claude-code" (Node's own modules
  are refused), and what it can do goes through that API (fs, process.run, http.fetch,
  tool calls, settings, …): hookdash does not read JavaScript, so a mod is an unknown;
- `~/.claude/dev-mods/<session>/<plugin>/`: mods Claude writes during a session, loaded
  in that session and when it is resumed; an organization can require a question first
  (`forceHotReloadPrompt`);
- only managed and built-in plugins' modules load under `allowManagedHooksOnly`,
  `disableAllHooks` or `--safe-mode`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hookdash.core import jsonc
from hookdash.core.display import shorten, visible
from hookdash.core.hosts.claude.files import SettingsRead, read_settings
from hookdash.core.hosts.claude.layers import ClaudeLayer, claude_home
from hookdash.core.hosts.claude.model import ClaudeMod
from hookdash.core.model import Unknown
from hookdash.core.problems import Problem

if TYPE_CHECKING:
    from hookdash.core.hosts.claude.plugins import Plugin
    from hookdash.core.hosts.claude.registry import Switches

POLICY_PLUGIN = "cc-plugin-sec-default@builtin"
MANAGED_MODS_ONLY = "allowManagedModsOnly"
DEV_MODS = "dev-mods"
# At most this many sessions, and folders in each, are read under dev-mods.
MAX_DEV_ENTRIES = 100
_UNKNOWN_WHY = (
    "an ES module Claude Code imports into its own process (not sandboxed, not a command): "
    "hookdash does not read JavaScript, so what it does is unknown; read the module and "
    "every file of the plugin it imports"
)


def managed_mods_only(layers: list[ClaudeLayer]) -> ClaudeLayer | None:
    """The managed file whose `allowManagedModsOnly` (the policy plugin's option) is in
    effect and not false, or None."""
    found: ClaudeLayer | None = None
    value: Any = None
    for layer in layers:
        if layer.scope != "managed":
            continue
        configs = layer.settings.get("pluginConfigs")
        config = configs.get(POLICY_PLUGIN) if isinstance(configs, dict) else None
        options = config.get("options") if isinstance(config, dict) else None
        if isinstance(options, dict) and MANAGED_MODS_ONLY in options:
            found, value = layer, options[MANAGED_MODS_ONLY]
    return found if found is not None and value is not False and value is not None else None


def _modules(read: SettingsRead) -> list[tuple[str, str]]:
    """(pointer, module) of each `modules` entry of a hooks.json as read."""
    value = read.value if read.usable and isinstance(read.value, dict) else {}
    modules = value.get("modules")
    if not isinstance(modules, list):
        return []
    return [(f"/modules/{i}", m) for i, m in enumerate(modules) if isinstance(m, str)]


def _mod(
    kind: str, owner: str, read: SettingsRead, pointer: str, module: str, loads: bool, why: str
) -> ClaudeMod:
    path = Path(os.path.normpath(read.path.parent / module))
    line = jsonc.LineFinder(read.text).line(pointer) if read.text else None
    return ClaudeMod(
        kind="plugin" if kind == "plugin" else "dev",
        owner=owner,
        module=module,
        path=str(path),
        file=str(read.path),
        pointer=pointer,
        line=line,
        loads=loads,
        why=why,
        unknowns=[Unknown(text=module, why=_UNKNOWN_WHY, file=str(path))],
    )


def _plugin_verdict(
    plugin: Plugin, switch: Switches, policy: ClaudeLayer | None
) -> tuple[bool, str]:
    off = plugin.why_off()
    if off is not None:
        return False, off
    verdict = switch.verdict("managed" if plugin.managed else "user")
    if verdict is not None:
        return False, f"{verdict.why}: only managed and built-in plugins load their modules"
    if policy is not None and not plugin.managed:
        return False, (
            f"allowManagedModsOnly in the managed settings {policy.path} leaves it out "
            "(its top-level code still runs when Claude imports it)"
        )
    if plugin.managed:
        return True, (
            "managed settings enable the plugin: Claude Code imports the module into every session"
        )
    return True, (
        "Claude Code imports it into every session, on by default, nothing to accept; it "
        "runs inside Claude Code, not sandboxed"
    )


def plugin_mods(
    plugins: list[Plugin], switch: Switches, layers: list[ClaudeLayer]
) -> list[ClaudeMod]:
    """The hooks module of each plugin's hooks/hooks.json, with whether Claude loads it."""
    from hookdash.core.hosts.claude.plugins import HOOKS_FILE

    policy = managed_mods_only(layers)
    out: list[ClaudeMod] = []
    for plugin in plugins:
        if plugin.root is None:
            continue
        read = read_settings(plugin.root / HOOKS_FILE)
        found = _modules(read)
        if not found:
            continue
        loads, why = _plugin_verdict(plugin, switch, policy)
        for i, (pointer, module) in enumerate(found):
            if i > 0:
                loads, why = (
                    False,
                    "hooks.json names one hooks module per plugin: a second is refused",
                )
            out.append(_mod("plugin", plugin.id, read, pointer, module, loads, why))
    return out


def _entries(directory: Path) -> list[Path]:
    try:
        with os.scandir(directory) as found:
            names = sorted(e.name for e in found if e.is_dir(follow_symlinks=False))
    except OSError:
        return []
    return [directory / n for n in names[:MAX_DEV_ENTRIES]]


def dev_mods(environ: Mapping[str, str]) -> list[ClaudeMod]:
    """The mods Claude Code wrote in past sessions, under `~/.claude/dev-mods/<session>/`
    (two fixed levels, each capped: no walk of the tree)."""
    root = claude_home(environ) / DEV_MODS
    out: list[ClaudeMod] = []
    for session in _entries(root):
        for folder in _entries(session):
            read = read_settings(folder / "hooks" / "hooks.json")
            owner = f"{DEV_MODS}/{session.name}/{folder.name}"
            why = (
                f"a mod Claude Code wrote in the session {session.name}: it is loaded in that "
                "session and again when it is resumed (claude --resume)"
            )
            for pointer, module in _modules(read):
                out.append(_mod("dev", owner, read, pointer, module, True, why))
    return out


def claude_mods(
    plugins: list[Plugin], switch: Switches, layers: list[ClaudeLayer], environ: Mapping[str, str]
) -> list[ClaudeMod]:
    return plugin_mods(plugins, switch, layers) + dev_mods(environ)


def mod_problems(mods: list[ClaudeMod], plugins: list[Plugin]) -> list[Problem]:
    """Every mod Claude loads is a finding: code inside Claude Code that nothing reviews.
    A repository's own switch that turns on a plugin with a mod makes it an error."""
    by_id = {plugin.id: plugin for plugin in plugins}
    out: list[Problem] = []
    for mod in mods:
        if not mod.loads:
            continue
        plugin = by_id.get(mod.owner)
        decided = plugin.decided_by if plugin is not None else None
        repository = decided is not None and decided.scope in ("project", "local")
        whose = (
            f"the plugin {visible(mod.owner)}"
            if mod.kind == "plugin"
            else f"the dev mod {visible(mod.owner)}"
        )
        tail = (
            f" This repository's {decided.scope} settings switch the plugin on."
            if repository and decided is not None
            else ""
        )
        out.append(
            Problem(
                severity="error" if repository else "warning",
                code="claude-mod" if mod.kind == "plugin" else "claude-dev-mod",
                message=f"{whose[0].upper()}{whose[1:]} loads the hooks module "
                f"'{visible(shorten(mod.module, 60))}' into Claude Code itself: code that runs "
                "inside Claude Code's process, on by default, not sandboxed, which hookdash "
                f"cannot read.{tail}",
                fix="Read the module and the files it imports; keep the plugin only if you "
                "trust its author. An administrator can allow only the organization's mods "
                f"(managed pluginConfigs.{POLICY_PLUGIN}.options.allowManagedModsOnly).",
                file=mod.file,
                pointer=mod.pointer,
                line=mod.line,
            )
        )
    return out
