"""Load everything Gemini CLI would load, and judge every hook: the model `list` shows."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hookdash.core.gemini import hook_trust, jsonc
from hookdash.core.gemini.environment import GeminiEnvironment
from hookdash.core.gemini.events import EVENTS, match_kind
from hookdash.core.gemini.extensions import Extension, load_extensions
from hookdash.core.gemini.folder_trust import decide_folder_trust, folder_trust_enabled
from hookdash.core.gemini.layers import MERGE_ORDER, Layer, Scope, read_layers
from hookdash.core.gemini.merge import Tagged, js_truthy, merge_settings
from hookdash.core.gemini.scripts import ScriptFinder, ScriptInfo
from hookdash.core.load.registry import (
    Candidate,
    VerdictContext,
    assign_order_and_duplicates,
    definition_problem,
    iter_definitions,
    make_hook,
    unknown_event_reason,
)
from hookdash.core.load.risks import hook_risks
from hookdash.core.model import (
    Configuration,
    GeminiSource,
    Hook,
    HookScope,
    InactiveReason,
    RiskFlag,
    Snapshot,
    Telemetry,
)
from hookdash.core.problems import SEVERITY_RANK, Problem


def _list_of_strings(value: Any) -> list[str]:
    items = value if isinstance(value, list) else [value] if value is not None else []
    return [v for v in items if isinstance(v, str)]


def _hooks_config(settings: dict[str, Any]) -> dict[str, Any]:
    value = settings.get("hooksConfig")
    return value if isinstance(value, dict) else {}


def _telemetry(env: GeminiEnvironment, merged: dict[str, Any]) -> Telemetry:
    settings = merged.get("telemetry") if isinstance(merged.get("telemetry"), dict) else {}
    assert isinstance(settings, dict)

    def pick(env_name: str, key: str) -> tuple[Any, str | None]:
        if env.environ.get(env_name):
            return env.environ[env_name], env_name
        if key in settings:
            return settings[key], f"telemetry.{key}"
        return None, None

    enabled_raw, _ = pick("GEMINI_TELEMETRY_ENABLED", "enabled")
    outfile, source = pick("GEMINI_TELEMETRY_OUTFILE", "outfile")
    prompts_raw, _ = pick("GEMINI_TELEMETRY_LOG_PROMPTS", "logPrompts")

    def boolish(value: Any, default: bool) -> bool:
        if value is None:
            return default
        if isinstance(value, str):
            return value.lower() in ("true", "1")
        return bool(value)

    path = None
    if isinstance(outfile, str) and outfile:
        path = str(Path(os.path.join(env.workspace, os.path.expanduser(outfile))))
    return Telemetry(
        enabled=boolish(enabled_raw, False),
        outfile=path,
        log_prompts=boolish(prompts_raw, True),
        configured_by=source,
    )


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


def load_configuration(env: GeminiEnvironment) -> Configuration:
    """The configuration as Gemini CLI would load it, judged with what hookdash remembers:
    the fingerprints of trusted scripts (`hookdash trust`), which make a trusted hook whose
    script changed read CHANGED. What every command and the dashboard call."""
    from hookdash.core.load.fingerprints import script_changes

    return build_configuration(env, fingerprints=script_changes(env))


def build_configuration(env: GeminiEnvironment, *, fingerprints: dict[str, str]) -> Configuration:
    """Read every layer, extension and trust file, then judge every hook.

    `fingerprints` maps a trusted hook's key to why it counts as changed (script edited
    since it was trusted): hookdash's own state, passed in so that this reads only what
    Gemini CLI reads (`{}`: judge as Gemini alone would).
    """
    layers = read_layers(env)
    problems: list[Problem] = [p for layer in layers.values() for p in layer.problems]

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
    problems.extend(trust_problems)

    def contributes(scope: Scope) -> bool:
        return layers[scope].usable and (scope != "workspace" or trust.trusted)

    contributing = [s for s in MERGE_ORDER if contributes(s)]
    merged = merge_settings(((s, layers[s].settings) for s in contributing), trust_default)

    merged_config = merged.get("hooksConfig") if isinstance(merged.get("hooksConfig"), dict) else {}
    assert isinstance(merged_config, dict)
    hooks_enabled = js_truthy(merged_config.get("enabled", True))
    off_where = "hooksConfig.enabled is false"
    for scope in contributing:
        if "enabled" in _hooks_config(layers[scope].settings):
            off_where = f"hooksConfig.enabled is false in {scope} settings"
    if hooks_enabled and env.gemini.tools_enable_hooks:
        where = _tools_enable_hooks_off(layers, contributing, merged)
        if where is not None:
            hooks_enabled = False
            off_where = (
                f"tools.enableHooks is false in {where} settings ({env.gemini.label} reads "
                "it; 0.28 and later ignore it)"
            )
    disabled = _list_of_strings(merged_config.get("disabled"))

    fatal_layer = next((layers[s] for s in MERGE_ORDER if layers[s].fatal), None)
    fatal: str | None = None
    if fatal_layer is not None and fatal_layer.error is not None:
        fatal = f"{env.display(fatal_layer.path)}: {fatal_layer.error.message}"
    elif trust_problems:
        fatal = f"{env.display(env.trusted_folders_path)} is invalid"

    extensions, ext_problems = load_extensions(env, merged, trust.trusted)
    problems.extend(ext_problems)

    store, store_problem = hook_trust.read_store(env.trusted_hooks_path)
    if store_problem:
        problems.append(store_problem)

    base_vars = script_variables(env)

    finders: dict[tuple[tuple[str, str], ...], ScriptFinder] = {}

    def script_of(command: str, hook_env: dict[str, str]) -> ScriptInfo | None:
        env_items = tuple(sorted(hook_env.items()))
        finder = finders.get(env_items)
        if finder is None:
            finder = finders[env_items] = ScriptFinder(env.workspace, {**base_vars, **hook_env})
        return finder.find(command)

    ctx = VerdictContext(
        fatal=fatal,
        hooks_enabled=hooks_enabled,
        hooks_off_where=off_where,
        folder_trusted=trust.trusted,
        disabled=disabled,
        disabled_by_scope={
            s: _list_of_strings(_hooks_config(layers[s].settings).get("disabled"))
            for s in contributing
        },
        legacy_by_scope={s: _legacy_disabled(layers[s]) for s in MERGE_ORDER if layers[s].parsed},
        trust_store=store,
        project_root=env.project_root,
        script_of=script_of,
        changed_scripts=fingerprints or {},
    )

    candidates = _settings_candidates(env, layers, merged, trust.trusted, contributing, problems)
    candidates.extend(_extension_candidates(extensions, problems))
    hooks = [make_hook(c, ctx) for c in candidates]
    _assign_risks(hooks, str(env.workspace), base_vars["HOME"])
    _apply_matcher_crash(hooks)
    assign_order_and_duplicates(hooks)

    from hookdash.core.load.checks import check_configuration

    layer_infos = [
        layers[s].info(loaded=s in contributing, reason=_layer_reason(layers[s], trust.trusted))
        for s in MERGE_ORDER
    ]
    snapshot = Snapshot(
        workspace=str(env.workspace),
        home=str(env.home),
        gemini_version=env.gemini.installed.version if env.gemini.installed else None,
        gemini=env.gemini,
        hooks_enabled=hooks_enabled,
        gemini_starts=fatal is None,
        folder_trust=trust,
        telemetry=_telemetry(env, merged),
        layers=layer_infos,
        extensions=[e.info for e in extensions],
        hooks=hooks,
        problems=[],
    )
    config = Configuration(
        env=env,
        layers=layers,
        extensions=extensions,
        merged=merged,
        trust_store=store,
        snapshot=snapshot,
        verdicts=ctx,
    )
    problems.extend(check_configuration(config))
    problems.extend(_version_problems(env))
    problems.sort(key=lambda p: SEVERITY_RANK[p.severity])
    snapshot.problems = problems
    # Every line number is taken by now: a large settings file's text (and its stripped
    # copy) need not outlive the load.
    for layer in layers.values():
        layer.release_text()
    jsonc.release()
    return config


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
    """Each hook's risk flags, computed once per command and script on this load."""
    cache: dict[tuple[str | None, str | None], list[RiskFlag]] = {}
    for hook in hooks:
        script = hook.script
        key = (hook.command, script.path if script is not None else None)
        flags = cache.get(key)
        if flags is None:
            flags = cache[key] = hook_risks(hook.command, script, workspace=workspace, home=home)
        if flags:  # (the default is already an empty list of its own)
            hook.risks = list(flags)


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


def settings_block(layer: Layer, trusted: bool) -> tuple[str, InactiveReason] | None:
    """Why Gemini registers no hook of a settings layer (and the kind of reason), or None."""
    if layer.ignored_reason:
        return layer.ignored_reason, "ignored-layer"
    if not trusted:
        return (
            "the folder is not trusted: Gemini CLI ignores this workspace settings file"
            if layer.scope == "workspace"
            else "the folder is not trusted: Gemini CLI skips every settings hook, user "
            "and system ones too",
            "untrusted-folder",
        )
    return None


def _settings_candidates(
    env: GeminiEnvironment,
    layers: dict[Scope, Layer],
    merged: dict[str, Any],
    trusted: bool,
    contributing: list[Scope],
    problems: list[Problem],
) -> list[Candidate]:
    merged_hooks = merged.get("hooks")
    surviving: set[tuple[str, str, int | None]] = set()
    if isinstance(merged_hooks, dict):
        for key, value in merged_hooks.items():
            if key in EVENTS and isinstance(value, list):
                surviving.update(
                    (t.scope, t.event, t.index) for t in value if isinstance(t, Tagged)
                )

    per_event: dict[str, list[Candidate]] = {}
    for scope in MERGE_ORDER:
        layer = layers[scope]
        if not layer.parsed:
            continue
        hooks = layer.settings.get("hooks")
        if hooks is None:
            continue
        if not isinstance(hooks, dict):
            problems.append(
                Problem(
                    severity="error",
                    code="hooks-not-object",
                    message="'hooks' must be an object of event names; Gemini CLI cannot read "
                    "any hook from it.",
                    fix='Use the shape "hooks": {"BeforeTool": [ ... ]}.',
                    file=str(layer.path),
                    pointer="/hooks",
                    line=layer.line_of("/hooks"),
                )
            )
            continue
        source = _HookFile(
            scope=scope,
            extension=None,
            file=layer.path,
            raw=layer.raw,
            line_of=layer.line_of,
            gemini_source="project",
            merged=True,
        )
        blocked = settings_block(layer, trusted)
        if blocked is not None:
            source.block(*blocked)
        elif scope in contributing:
            source.surviving = surviving
        for candidate in source.candidates(hooks, problems):
            per_event.setdefault(candidate.event, []).append(candidate)
    ordered = [e for e in EVENTS if e in per_event] + [e for e in per_event if e not in EVENTS]
    return [c for e in ordered for c in per_event[e]]


@dataclass
class _HookFile:
    """A file that holds hooks (a settings layer or an extension's hooks.json), and what
    keeps all of its hooks from registering."""

    scope: HookScope
    extension: str | None
    file: Path
    raw: Any  # the document as written, for command_raw
    line_of: Callable[[str], int | None]
    gemini_source: GeminiSource
    merged: bool  # settings go through the concat merge, which wraps a lone definition
    extra_env: dict[str, str] = field(default_factory=dict)
    blocked: list[str] = field(default_factory=list)
    kind: InactiveReason | None = None
    # The (scope, event, index) definitions left after Gemini's merge; None: not merged.
    surviving: set[tuple[str, str, int | None]] | None = None

    def block(self, reason: str, kind: InactiveReason) -> None:
        self.blocked.append(reason)
        self.kind = kind

    def candidates(self, hooks: dict[str, Any], problems: list[Problem]) -> Iterator[Candidate]:
        for event, def_ptr, definition, index in iter_definitions(hooks):
            if index is None and not self.merged:
                continue  # extensions are not merged: a non-array value is skipped
            why = definition_problem(definition)
            if why:
                problems.append(
                    Problem(
                        severity="error",
                        code="invalid-definition",
                        message=f"In {event}: {why}; Gemini CLI discards it.",
                        fix='Each entry needs the shape {"matcher": "...", "hooks": [{"type": '
                        '"command", "command": "..."}]}.',
                        file=str(self.file),
                        pointer=def_ptr,
                        line=self.line_of(def_ptr),
                    )
                )
                continue
            blocked, kind = list(self.blocked), self.kind
            if event not in EVENTS:
                blocked.insert(0, unknown_event_reason(event))
                kind = "unknown-event"
            elif (
                not blocked
                and self.surviving is not None
                and (self.scope, event, index) not in self.surviving
            ):
                blocked.append("dropped by Gemini CLI's settings merge")
                kind = "ignored-layer"
            for j, config in enumerate(definition["hooks"]):
                ptr = f"{def_ptr}/hooks/{j}"
                if not isinstance(config, dict):
                    problems.append(
                        Problem(
                            severity="error",
                            code="hook-not-object",
                            message="This entry of a 'hooks' array is not an object; Gemini "
                            "CLI discards it.",
                            fix='Write it as {"type": "command", "command": "..."}.',
                            file=str(self.file),
                            pointer=ptr,
                            line=self.line_of(ptr),
                        )
                    )
                    continue
                yield Candidate(
                    raw_config=_at_pointer(self.raw, ptr),
                    event=event,
                    scope=self.scope,
                    extension=self.extension,
                    file=self.file,
                    pointer=ptr,
                    definition=definition,
                    config=config,
                    source=self.gemini_source,
                    line=self.line_of(ptr),
                    registered=not blocked,
                    blocked=blocked,
                    blocked_kind=kind,
                    extra_env=self.extra_env,
                )


def _at_pointer(document: Any, ptr: str) -> Any:
    """The value at a JSON pointer, or None."""
    value = document
    for token in ptr.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict):
            value = value.get(token)
        elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
            value = value[int(token)]
        else:
            return None
    return value


def _extension_candidates(extensions: list[Extension], problems: list[Problem]) -> list[Candidate]:
    out: list[Candidate] = []
    for ext in extensions:
        if ext.hooks is None or ext.hooks_file is None:
            continue
        source = _HookFile(
            scope="extension",
            extension=ext.info.name,
            file=ext.hooks_file,
            raw={"hooks": ext.raw_hooks},
            line_of=ext.line_of,
            gemini_source="extensions",
            merged=False,
            extra_env=ext.env,
        )
        if not ext.info.active:
            source.block(f"extension '{ext.info.name}' is {ext.info.reason}", "ignored-layer")
        out.extend(source.candidates(ext.hooks, problems))
    return out


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
