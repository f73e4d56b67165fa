"""The hooks of Claude Code's installed plugins, found as 2.1.332 finds them
(tests/claude/observed-2.1.332.md, "Plugins"; every rule below was seen in a `claude -p` run).

- Installs are recorded in `$CLAUDE_CONFIG_DIR/plugins/installed_plugins.json` (version 2:
  plugin id `NAME@MARKETPLACE` -> install entries with scope, projectPath, installPath;
  version 1: id -> one user-scoped entry); marketplaces in `known_marketplaces.json`, each
  with its `.claude-plugin/marketplace.json` listing its plugins.
- A plugin runs only when the last settings layer (user, project, local, managed) that
  names it in `enabledPlugins` says exactly `true`, its marketplace is known and lists it,
  and it has a folder: a `directory` marketplace's own copy (live, no install needed), else
  the `installPath` of the first install entry that applies here (user scope, or project
  and local scope for this folder or its git root). That folder is `$CLAUDE_PLUGIN_ROOT`.
- Its hooks: `hooks/hooks.json` (`{"hooks": {...}}`), and the manifest
  `.claude-plugin/plugin.json`'s `hooks`, inline or as path(s) to more such files. A manifest
  whose hooks fail the schema takes the whole plugin down; a hooks file that does not parse
  drops alone.
- A plugin that managed settings enable counts as managed for the switches.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hookdash.core.hosts.claude.files import SettingsRead, read_settings
from hookdash.core.hosts.claude.layers import ClaudeLayer, claude_home, git_root
from hookdash.core.hosts.claude.model import ClaudePluginInfo
from hookdash.core.hosts.claude.schema import hook_errors

HOOKS_FILE = Path("hooks") / "hooks.json"
# Seen in a run: a session writes a user install entry for every enabled plugin it has a
# copy of, so such a plugin runs from the next session on.
_SYNC = "each session records one for an enabled plugin it has a copy of"
MANIFEST = Path(".claude-plugin") / "plugin.json"


@dataclass
class Plugin:
    """One plugin Claude Code could load for a workspace, and what it makes of it."""

    id: str
    root: Path | None  # what ${CLAUDE_PLUGIN_ROOT} is; None when Claude has no folder for it
    decided_by: ClaudeLayer | None = None  # the last settings layer naming it
    value: Any = None  # its enabledPlugins value there
    unavailable: str | None = None  # why Claude cannot load it at all
    layers: list[ClaudeLayer] = field(default_factory=list)  # its hook files (scope plugin)
    manifest_invalid: str | None = None  # its manifest's hooks fail the schema: all of it goes
    naming: list[ClaudeLayer] = field(default_factory=list)  # layers naming it, merge order

    @property
    def name(self) -> str:
        return self.id.rpartition("@")[0]

    @property
    def marketplace(self) -> str:
        return self.id.rpartition("@")[2]

    @property
    def enabled(self) -> bool:
        return self.value is True

    @property
    def managed(self) -> bool:
        """Enabled by managed settings: Claude treats its hooks as managed ones."""
        return self.enabled and self.decided_by is not None and self.decided_by.scope == "managed"

    def why_off(self) -> str | None:
        """Why none of its hooks run, whatever the switches say; None when they may."""
        if self.unavailable is not None:
            return self.unavailable
        if not self.enabled:
            where = self.decided_by
            if where is None:
                return f"the plugin {self.id} is installed but no settings file enables it"
            said = "false" if self.value is False else "not true (a list of versions)"
            return (
                f"the plugin {self.id} is off: enabledPlugins says {said} in the "
                f"{where.scope} settings {where.path}"
            )
        return self.manifest_invalid

    def info(self) -> ClaudePluginInfo:
        where = self.decided_by
        return ClaudePluginInfo(
            id=self.id,
            root=None if self.root is None else str(self.root),
            enabled=self.enabled,
            managed=self.managed,
            decided_by=None if where is None else f"{where.scope} settings {where.path}",
            files=[str(layer.path) for layer in self.layers],
            not_loaded_because=self.why_off(),
        )


def enabled_value(layer: ClaudeLayer, plugin_id: str) -> Any:
    """The layer's `enabledPlugins` value for `plugin_id` (None when it does not name it)."""
    enabled = layer.settings.get("enabledPlugins")
    return enabled.get(plugin_id) if isinstance(enabled, dict) else None


def _object(read: SettingsRead) -> dict[str, Any]:
    return read.value if read.usable and isinstance(read.value, dict) else {}


def _installs(plugins_dir: Path) -> dict[str, list[dict[str, Any]]]:
    """installed_plugins.json as id -> install entries (version 1 read as user installs)."""
    document = _object(read_settings(plugins_dir / "installed_plugins.json"))
    plugins = document.get("plugins")
    if not isinstance(plugins, dict):
        return {}
    out: dict[str, list[dict[str, Any]]] = {}
    for plugin_id, entries in plugins.items():
        if document.get("version") == 2 and isinstance(entries, list):
            out[plugin_id] = [e for e in entries if isinstance(e, dict)]
        elif isinstance(entries, dict):
            out[plugin_id] = [{"scope": "user", **entries}]
    return out


def _applies(entry: dict[str, Any], workspace: Path) -> bool:
    scope = entry.get("scope")
    if scope in ("user", "managed"):
        return True
    project = entry.get("projectPath")
    if scope not in ("project", "local") or not isinstance(project, str):
        return False
    here = {workspace, git_root(workspace) or workspace}
    return Path(os.path.abspath(project)) in here


def _listed_source(location: Path, name: str) -> str | None:
    """The plugin's `source` in its marketplace's listing, or None if it is not listed."""
    listing = _object(read_settings(location / ".claude-plugin" / "marketplace.json"))
    plugins = listing.get("plugins")
    for entry in plugins if isinstance(plugins, list) else []:
        if isinstance(entry, dict) and entry.get("name") == name:
            source = entry.get("source")
            return source if isinstance(source, str) else ""
    return None


def _root(
    plugin: Plugin,
    known: dict[str, Any],
    entries: list[dict[str, Any]],
    workspace: Path,
) -> tuple[Path | None, str | None]:
    """(the plugin's folder, why Claude cannot load it) as 2.1.332 decides them."""
    market = known.get(plugin.marketplace)
    applying = [e for e in entries if _applies(e, workspace)]
    install = applying[0] if applying else (entries[0] if entries else None)
    path = install.get("installPath") if install is not None else None
    root = Path(path) if isinstance(path, str) else None
    if not isinstance(market, dict):
        why = f"its marketplace '{plugin.marketplace}' is not in known_marketplaces.json"
        return root, f"Claude Code cannot load the plugin {plugin.id}: {why}"
    given = market.get("source")
    source: dict[str, Any] = given if isinstance(given, dict) else {}
    location = market.get("installLocation") or source.get("path")
    listed = _listed_source(Path(str(location)), plugin.name) if location else None
    if listed is None:
        why = f"the marketplace '{plugin.marketplace}' does not list it (or is gone)"
        return root, f"Claude Code cannot load the plugin {plugin.id}: {why}"
    if source.get("source") == "directory" and isinstance(source.get("path"), str) and listed:
        return Path(os.path.normpath(Path(source["path"]) / listed)), None
    if install is None or not applying:
        why = (
            "it is not installed"
            if install is None
            else f"it is installed for the {install.get('scope')} {install.get('projectPath')}, "
            "not for this folder"
        )
        later = f" until a session records an install ({_SYNC})" if plugin.enabled else ""
        return root, f"Claude Code does not load the plugin {plugin.id} here: {why}{later}"
    if root is None or not root.is_dir():
        return root, f"Claude Code cannot load the plugin {plugin.id}: {path} is gone"
    return root, None


def _hook_layer(path: Path) -> ClaudeLayer:
    read = read_settings(path)
    layer = ClaudeLayer("plugin", read)
    if read.usable and isinstance(read.value, dict):
        layer.errors = hook_errors(read.value)
    return layer


def _hook_files(plugin: Plugin, root: Path) -> None:
    """Its hooks.json and its manifest's `hooks` (inline, or paths of more files)."""
    manifest = _hook_layer(root / MANIFEST)
    hooks = _object(manifest.read).get("hooks")
    paths = [root / HOOKS_FILE]
    if isinstance(hooks, dict):
        plugin.layers.append(manifest)
        if manifest.errors.fatal:
            pointer, why = manifest.errors.fatal[0]
            plugin.manifest_invalid = (
                f"the hooks of the plugin's manifest {manifest.path} fail Claude Code's schema "
                f"at {pointer} ({why}): nothing of the plugin runs, without a word"
            )
    for extra in [hooks] if isinstance(hooks, str) else hooks if isinstance(hooks, list) else []:
        if isinstance(extra, str):
            paths.append(Path(os.path.normpath(root / extra)))
    seen: set[Path] = set()
    for path in paths:
        if path in seen or (path == root / HOOKS_FILE and not path.exists()):
            continue
        seen.add(path)
        plugin.layers.append(_hook_layer(path))


def claude_plugins(
    workspace: Path, environ: Mapping[str, str], layers: list[ClaudeLayer]
) -> list[Plugin]:
    """Every plugin installed, or enabled in a settings layer, with its hook files."""
    plugins_dir = claude_home(environ) / "plugins"
    installs = _installs(plugins_dir)
    known = _object(read_settings(plugins_dir / "known_marketplaces.json"))
    named: dict[str, list[ClaudeLayer]] = {}
    for layer in layers:  # merge order: the last layer naming a plugin decides
        enabled = layer.settings.get("enabledPlugins")
        for plugin_id in enabled if isinstance(enabled, dict) else ():
            if "@" in plugin_id:
                named.setdefault(plugin_id, []).append(layer)
    out: list[Plugin] = []
    for plugin_id in sorted(set(installs) | set(named)):
        naming = named.get(plugin_id, [])
        last = naming[-1] if naming else None
        value = enabled_value(last, plugin_id) if last is not None else None
        plugin = Plugin(plugin_id, None, decided_by=last, value=value, naming=naming)
        plugin.root, plugin.unavailable = _root(
            plugin, known, installs.get(plugin_id, []), workspace
        )
        if plugin.root is not None and plugin.root.is_dir():
            _hook_files(plugin, plugin.root)
        if plugin.layers or plugin.enabled:
            out.append(plugin)
    return out


def plugin_data_dir(environ: Mapping[str, str], plugin_id: str) -> Path:
    """`$CLAUDE_PLUGIN_DATA`: plugins/data/NAME-MARKETPLACE under Claude's directory."""
    name, _, market = plugin_id.rpartition("@")
    return claude_home(environ) / "plugins" / "data" / f"{name}-{market}"
