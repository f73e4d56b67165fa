"""Load everything Gemini CLI would load, and judge every hook: the model `list` shows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hookdash.core import jsonc
from hookdash.core.hosts.gemini import hook_trust
from hookdash.core.hosts.gemini.environment import GeminiEnvironment
from hookdash.core.hosts.gemini.events import match_kind
from hookdash.core.hosts.gemini.extensions import Extension, load_extensions
from hookdash.core.hosts.gemini.folder_trust import (
    FolderTrust,
    decide_folder_trust,
    folder_trust_enabled,
)
from hookdash.core.hosts.gemini.hook_files import (
    extension_candidates,
    settings_block as settings_block,  # hook_draft's
    settings_candidates,
)
from hookdash.core.hosts.gemini.layers import MERGE_ORDER, Layer, Scope, read_layers
from hookdash.core.hosts.gemini.merge import js_truthy, merge_settings
from hookdash.core.hosts.gemini.registry import (
    VerdictContext,
    assign_order_and_duplicates,
    make_hook,
)
from hookdash.core.hosts.gemini.telemetry import read_telemetry
from hookdash.core.load.command_scripts import CommandScripts, ScriptFinder
from hookdash.core.load.focus import focus_on, let_go_of_unread, meant_also
from hookdash.core.load.risks import hook_risks
from hookdash.core.load.trust_shape import ShapeCheck
from hookdash.core.load.understood import hook_unknowns
from hookdash.core.model import Configuration, Hook, RiskFlag, Snapshot, Unknown
from hookdash.core.problems import SEVERITY_RANK, Problem


def _list_of_strings(value: Any) -> list[str]:
    items = value if isinstance(value, list) else [value] if value is not None else []
    return [v for v in items if isinstance(v, str)]


def _hooks_config(settings: dict[str, Any]) -> dict[str, Any]:
    value = settings.get("hooksConfig")
    return value if isinstance(value, dict) else {}


def script_variables(env: GeminiEnvironment) -> dict[str, str]:
    """The variables a hook command sees that tell which script it runs (Gemini's runner
    sets the project ones for every hook)."""
    environ = dict(env.environ)
    return {
        **environ,
        "GEMINI_PROJECT_DIR": str(env.workspace),
        "GEMINI_CWD": str(env.workspace),
        "CLAUDE_PROJECT_DIR": str(env.workspace),
        "HOME": environ.get("HOME", str(Path.home())),
    }


def load_configuration(
    env: GeminiEnvironment, *, focus: str | None = None, suggest: bool = False
) -> Configuration:
    """The configuration as Gemini CLI would load it, judged with what hookdash remembers:
    the fingerprints of trusted scripts (`hookdash trust`), which make a trusted hook whose
    script changed read CHANGED. What every command and the dashboard call.

    `focus`: a load for one edit of the hook(s) that argument names (see `focus`), which
    builds only those hooks of a large settings file; `suggest`: it also finds the
    identifiers closest to the argument among the others (`unbuilt_close`)."""
    from hookdash.core.load.fingerprints import script_changes, shape_changes

    fingerprints = script_changes(env)
    shapes = shape_changes(env)
    config = build_configuration(
        env, fingerprints=fingerprints, shapes=shapes, focus=focus, suggest=suggest
    )
    if config.focus and config.thinned:
        also = meant_also(config.focus, config.hooks)
        if also:  # the argument is a command: read again for every hook it means
            config = build_configuration(
                env,
                fingerprints=fingerprints,
                shapes=shapes,
                focus=focus,
                suggest=suggest,
                also=also,
            )
    return config


@dataclass(eq=False, repr=False)
class _Settings:
    """The settings layers and what Gemini makes of them, before any hook is judged."""

    layers: dict[Scope, Layer]
    trust: FolderTrust
    trust_problems: list[Problem]
    contributing: list[Scope]  # the layers in the merge, in merge order
    merged: dict[str, Any]

    @property
    def hooks_config(self) -> dict[str, Any]:
        return _hooks_config(self.merged)


def _read_settings(env: GeminiEnvironment, thin: jsonc.Thinning | None = None) -> _Settings:
    """Every layer, the folder trust decided by the layers read before it, and the merge."""
    layers = read_layers(env, thin)
    trust_default = env.gemini.folder_trust_default
    pre_trust = merge_settings(
        (
            (s, layers[s].settings)
            for s in ("system-defaults", "user", "system")
            if layers[s].usable
        ),
        trust_default,
    )
    trust, trust_problems = decide_folder_trust(
        env, folder_trust_enabled(pre_trust, default=trust_default)
    )
    contributing = [
        s for s in MERGE_ORDER if layers[s].usable and (s != "workspace" or trust.trusted)
    ]
    merged = merge_settings(((s, layers[s].settings) for s in contributing), trust_default)
    return _Settings(layers, trust, trust_problems, contributing, merged)


def _hooks_switch(env: GeminiEnvironment, s: _Settings) -> tuple[bool, str]:
    """Whether hooks are on at all, and what to say when they are off."""
    hooks_enabled = js_truthy(s.hooks_config.get("enabled", True))
    off_where = "hooksConfig.enabled is false"
    for scope in s.contributing:
        if "enabled" in _hooks_config(s.layers[scope].settings):
            off_where = f"hooksConfig.enabled is false in {scope} settings"
    if hooks_enabled and env.gemini.tools_enable_hooks:
        where = _tools_enable_hooks_off(s.layers, s.contributing, s.merged)
        if where is not None:
            hooks_enabled = False
            off_where = (
                f"tools.enableHooks is false in {where} settings ({env.gemini.label} reads "
                "it; 0.28 and later ignore it)"
            )
    return hooks_enabled, off_where


def _fatal(env: GeminiEnvironment, s: _Settings) -> str | None:
    """Why Gemini CLI does not start at all (a settings file it cannot read), or None."""
    fatal_layer = next((s.layers[m] for m in MERGE_ORDER if s.layers[m].fatal), None)
    if fatal_layer is not None and fatal_layer.error is not None:
        return f"{env.display(fatal_layer.path)}: {fatal_layer.error.message}"
    if s.trust_problems:
        return f"{env.display(env.trusted_folders_path)} is invalid"
    return None


def _script_lookup(
    env: GeminiEnvironment, base_vars: dict[str, str]
) -> Callable[[str, dict[str, str]], CommandScripts]:
    """The scripts a command runs, with one finder per distinct hook environment."""
    finders: dict[tuple[tuple[str, str], ...], ScriptFinder] = {}

    def script_of(command: str, hook_env: dict[str, str]) -> CommandScripts:
        env_items = tuple(sorted(hook_env.items()))
        finder = finders.get(env_items)
        if finder is None:
            finder = finders[env_items] = ScriptFinder(env.workspace, {**base_vars, **hook_env})
        return finder.find(command)

    return script_of


def _verdicts(
    env: GeminiEnvironment,
    s: _Settings,
    store: hook_trust.TrustStore,
    base_vars: dict[str, str],
    fingerprints: dict[str, str],
    shapes: ShapeCheck | None = None,
) -> VerdictContext:
    """Everything a hook's verdict depends on, for this load."""
    hooks_enabled, off_where = _hooks_switch(env, s)
    layers = s.layers
    return VerdictContext(
        fatal=_fatal(env, s),
        hooks_enabled=hooks_enabled,
        hooks_off_where=off_where,
        folder_trusted=s.trust.trusted,
        disabled=frozenset(_list_of_strings(s.hooks_config.get("disabled"))),
        disabled_by_scope={
            m: frozenset(_list_of_strings(_hooks_config(layers[m].settings).get("disabled")))
            for m in s.contributing
        },
        legacy_by_scope={
            m: frozenset(_legacy_disabled(layers[m])) for m in MERGE_ORDER if layers[m].parsed
        },
        trust_store=store,
        project_root=env.project_root,
        script_of=_script_lookup(env, base_vars),
        changed_scripts=fingerprints or {},
        shape_change=shapes,
    )


def build_configuration(
    env: GeminiEnvironment,
    *,
    fingerprints: dict[str, str],
    shapes: ShapeCheck | None = None,
    focus: str | None = None,
    suggest: bool = False,
    also: frozenset[str] = frozenset(),
) -> Configuration:
    """Read every layer, extension and trust file, then judge every hook.

    `fingerprints` maps a trusted hook's key to why it counts as changed (script edited
    since it was trusted), `shapes` checks a trusted hook's env and name against what was
    recorded for its key: hookdash's own state, passed in so that this reads only what
    Gemini CLI reads (`{}`/None: judge as Gemini alone would). `focus`: see
    `load_configuration`.
    """
    focused = focus_on(focus, env.environ, suggest, also)
    thin = None if focused is None else focused.choose
    s = _read_settings(env, thin)
    problems: list[Problem] = [p for layer in s.layers.values() for p in layer.problems]
    problems.extend(s.trust_problems)
    extensions, ext_problems = load_extensions(env, s.merged, s.trust.trusted)
    problems.extend(ext_problems)
    store, store_problem = hook_trust.read_store(env.trusted_hooks_path)
    if store_problem:
        problems.append(store_problem)
    base_vars = script_variables(env)
    ctx = _verdicts(env, s, store, base_vars, fingerprints, shapes)

    candidates = settings_candidates(s.layers, s.merged, s.trust.trusted, s.contributing, problems)
    candidates.extend(extension_candidates(extensions, problems))
    hooks = [make_hook(c, ctx) for c in candidates]
    if thin is not None:
        let_go_of_unread(
            [s.merged, *(d for la in s.layers.values() for d in (la.raw, la.settings))]
        )
    _assign_risks(hooks, str(env.workspace), base_vars["HOME"])
    _apply_matcher_crash(hooks)
    assign_order_and_duplicates(hooks)

    config = Configuration(
        env=env,
        layers=s.layers,
        extensions=extensions,
        merged=s.merged,
        trust_store=store,
        snapshot=_snapshot(env, s, ctx, extensions, hooks),
        verdicts=ctx,
        focus=None if focused is None else focused.arg,
        unbuilt_close=[] if focused is None else focused.closest(),
    )
    if thin is None:  # a focused load is for one edit of a hook
        _add_mcp_servers(config, s, ctx, base_vars["HOME"], problems)
    _finish(config, problems)
    return config


def _add_mcp_servers(
    config: Configuration, s: _Settings, ctx: VerdictContext, home: str, problems: list[Problem]
) -> None:
    """The MCP servers the layers and extensions bring, and their findings (before the
    load lets go of the files' texts: their lines are taken here)."""
    from hookdash.core.hosts.gemini.mcp_servers import (
        gemini_mcp_servers,
        mcp_server_problems,
        too_large_problem,
    )

    too_large: list[tuple[Layer, int]] = []
    servers = gemini_mcp_servers(
        s.layers,
        config.extensions,
        s.trust,
        ctx.fatal is None,
        config.env.workspace,
        Path(home),
        config.env.environ,
        too_large,
    )
    config.snapshot.mcp_servers = servers
    problems.extend(too_large_problem(layer, size) for layer, size in too_large)
    problems.extend(mcp_server_problems(servers))


def _snapshot(
    env: GeminiEnvironment,
    s: _Settings,
    ctx: VerdictContext,
    extensions: list[Extension],
    hooks: list[Hook],
) -> Snapshot:
    """What the views show of a load (its problems are added once every check ran)."""
    layer_infos = [
        s.layers[m].info(
            loaded=m in s.contributing, reason=_layer_reason(s.layers[m], s.trust.trusted)
        )
        for m in MERGE_ORDER
    ]
    return Snapshot(
        workspace=str(env.workspace),
        home=str(env.home),
        gemini_version=env.gemini.installed.version if env.gemini.installed else None,
        gemini=env.gemini,
        hooks_enabled=ctx.hooks_enabled,
        gemini_starts=ctx.fatal is None,
        folder_trust=s.trust,
        telemetry=read_telemetry(env, s.merged),
        layers=layer_infos,
        extensions=[e.info for e in extensions],
        hooks=hooks,
        problems=[],
    )


def _finish(config: Configuration, problems: list[Problem]) -> None:
    """Add the whole-configuration checks, sort the problems, and let go of large texts."""
    from hookdash.core.load.checks import check_configuration

    if config.focus is None:  # a focused load is for one edit, which shows no problem
        problems.extend(check_configuration(config))
    problems.extend(_version_problems(config.env))
    problems.sort(key=lambda p: SEVERITY_RANK[p.severity])
    config.snapshot.problems = problems
    # Every line number is taken by now: a large settings file's text (and its stripped
    # copy) need not outlive the load.
    for layer in config.layers.values():
        layer.release_text()
    jsonc.release()


def _tools_enable_hooks_off(
    layers: dict[Scope, Layer], contributing: list[Scope], merged: dict[str, Any]
) -> str | None:
    """The layer whose `tools.enableHooks` switches hooks off (before Gemini 0.28:
    `(tools.enableHooks ?? true) && hooksConfig.enabled`), or None."""
    tools = merged.get("tools")
    value = tools.get("enableHooks") if isinstance(tools, dict) else None
    if value is None or js_truthy(value):
        return None
    where = "merged"
    for scope in contributing:  # the last layer that sets it wins the merge
        layer_tools = layers[scope].settings.get("tools")
        if isinstance(layer_tools, dict) and "enableHooks" in layer_tools:
            where = scope
    return where


def _version_problems(env: GeminiEnvironment) -> list[Problem]:
    """A warning when the installed Gemini CLI is not a version the harness verified."""
    model = env.gemini
    if model.installed is None or model.note is None:
        return []
    return [
        Problem(
            severity="warning",
            code="gemini-version-unverified",
            message=model.note,
            fix="Run hookdash's differential harness against it: "
            f"HOOKDASH_GEMINI_VERSION={model.installed.version or '<version>'} "
            "pytest -m gemini (see the README).",
            file=model.installed.script,
        )
    ]


def _assign_risks(hooks: list[Hook], workspace: str, home: str) -> None:
    """Each hook's risk flags and what hookdash did not understand of it, computed once per
    command, scripts and env on this load."""
    cache: dict[
        tuple[str | None, tuple[int, ...], tuple[tuple[str, str], ...]], list[RiskFlag]
    ] = {}
    unknown: dict[
        tuple[str | None, tuple[int, ...], tuple[tuple[str, str], ...]], list[Unknown]
    ] = {}
    for hook in hooks:
        scripts = hook.scripts or ([hook.script] if hook.script is not None else [])
        hook_env = tuple(sorted(hook.env.items())) if hook.env else ()
        # Hooks that share a command and environment share their ScriptInfo objects.
        key = (hook.command, tuple(id(s) for s in scripts), hook_env)
        flags = cache.get(key)
        if flags is None:
            flags = cache[key] = hook_risks(
                hook.command, scripts, workspace=workspace, home=home, env=hook.env
            )
            unknown[key] = hook_unknowns(
                hook.command,
                scripts,
                workspace=workspace,
                home=home,
                env=hook.env,
                reached=hook.reached_unknowns,
            )
        if flags:  # (the default is already an empty list of its own)
            hook.risks = list(flags)
        if unknown[key]:
            hook.unknowns = list(unknown[key])
        hook.understood = not unknown[key]


def _layer_reason(layer: Layer, trusted: bool) -> str | None:
    if layer.ignored_reason:
        return layer.ignored_reason
    if layer.scope == "workspace" and layer.parsed and not trusted:
        return "the folder is not trusted: Gemini CLI ignores the workspace settings file"
    if layer.error is not None:
        return "does not parse"
    return None


def _legacy_disabled(layer: Layer) -> list[str]:
    hooks = layer.settings.get("hooks")
    if isinstance(hooks, dict):
        return _list_of_strings(hooks.get("disabled"))
    return []


def _apply_matcher_crash(hooks: list[Hook]) -> None:
    """A non-string matcher makes the planner throw: no hook of that event runs at all."""
    crashing = {
        h.event
        for h in hooks
        if h.runs
        and js_truthy(h.matcher)  # JS truthiness: a [] or {} matcher throws in .trim()
        and not isinstance(h.matcher, str)
        and match_kind(h.event) != "none"
    }
    for hook in hooks:
        if hook.event in crashing and hook.runs:
            hook.runs = False
            hook.not_running_because = [
                f"a {hook.event} hook has a matcher that is not a string: Gemini's planner "
                f"throws and runs no {hook.event} hook"
            ]
