"""The hook registry as Gemini CLI 0.61 builds it, with hookdash's verdict on every hook.

Gemini registers the *merged* settings hooks as one set labelled "project" (only when the
folder is trusted), then each active extension's hooks labelled "extensions". Every hook
found in any file is listed here, with `will_register`/`runs` and the reasons.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hookdash.core import jsonc
from hookdash.core.hosts.gemini.events import EVENTS, HOOKS_CONFIG_FIELDS, suggest_event
from hookdash.core.hosts.gemini.hook_trust import hook_key
from hookdash.core.hosts.gemini.timeouts import timeout_value
from hookdash.core.load.command_scripts import CommandScripts
from hookdash.core.load.trust_shape import ShapeCheck
from hookdash.core.model import GeminiSource, Hook, HookScope, InactiveReason, TrustState

SOURCE_PRIORITY: dict[str, int] = {
    "runtime": 0,
    "project": 1,
    "user": 2,
    "system": 3,
    "extensions": 4,
}
VALID_TYPES = ("command", "plugin", "runtime")
DISABLED_REASON = "disabled in hooksConfig.disabled"  # then " (<scopes>)"
# What Gemini reads from a hook object (CommandHookConfig; `source` is set by Gemini itself).
HOOK_KEYS = frozenset({"type", "command", "name", "description", "timeout", "env", "source"})


def hook_identifier(config: Mapping[str, Any]) -> str:
    """getHookName: what `hooksConfig.disabled` matches (name, else command)."""
    if config.get("type") == "command":
        return _text(config.get("name")) or _text(config.get("command")) or "unknown-command"
    return _text(config.get("name")) or "unknown-hook"


def _text(value: Any) -> str:
    if value is None or value is False or value == "":
        return ""
    return value if isinstance(value, str) else str(value)


def validation_error(config: Any) -> str | None:
    """validateHookConfig, as a reason (None: Gemini accepts the hook)."""
    if not isinstance(config, dict):
        return "the hook is not an object"
    kind = config.get("type")
    if kind not in VALID_TYPES:
        if kind is None:
            return 'it has no "type" (Gemini needs "type": "command")'
        return f"type {kind!r} is not one of command, plugin, runtime"
    if kind == "command" and not config.get("command"):
        return "it has no command"
    if kind == "runtime" and not config.get("name"):
        return "a runtime hook needs a name"
    return None


@dataclass(eq=False, repr=False)
class Candidate:
    """A hook config as found in a file, before verdicts."""

    event: str
    scope: HookScope
    extension: str | None
    file: Path
    pointer: str
    definition: dict[str, Any]
    config: Any
    source: GeminiSource
    line: int | None = None
    registered: bool = False
    blocked: list[str] = field(default_factory=list)  # why it is not registered
    blocked_kind: InactiveReason | None = None
    extra_env: dict[str, str] = field(default_factory=dict)  # extension settings
    raw_config: Any = None  # the hook as written, before $VAR / ${…} expansion


_NOTHING = CommandScripts()  # what a hook without a command runs


def iter_definitions(
    hooks: Mapping[str, Any], base: str = "/hooks"
) -> Iterator[tuple[str, str, Any, int | None]]:
    """(event key, definition pointer, definition, index) for every definition."""
    for event, value in hooks.items():
        if event in HOOKS_CONFIG_FIELDS:
            continue
        event_ptr = base + "/" + jsonc.escape_pointer_token(event)
        if isinstance(value, list):
            for i, definition in enumerate(value):
                yield event, f"{event_ptr}/{i}", definition, i
        elif event in EVENTS:
            # Gemini's concat merge wraps a lone definition in an array.
            yield event, event_ptr, value, None


def definition_problem(definition: Any) -> str | None:
    if not isinstance(definition, dict):
        return 'a hook definition must be an object with a "hooks" array'
    if not isinstance(definition.get("hooks"), list):
        return 'this definition has no "hooks" array'
    return None


def unknown_event_reason(event: str) -> str:
    hint = suggest_event(event)
    suffix = f" (did you mean {hint}?)" if hint else ""
    return f"'{event}' is not a Gemini CLI event{suffix}: Gemini skips it"


@dataclass(eq=False, repr=False)
class VerdictContext:
    """Everything the verdicts depend on, computed once per snapshot."""

    fatal: str | None
    hooks_enabled: bool
    hooks_off_where: str
    folder_trusted: bool
    # Sets: every hook is looked up in them (a list made 2,000 hooks × 20,000 entries slow).
    disabled: frozenset[str]
    disabled_by_scope: dict[str, frozenset[str]]
    legacy_by_scope: dict[str, frozenset[str]]
    trust_store: Mapping[str, list[str]]
    project_root: str
    script_of: Callable[[str, dict[str, str]], CommandScripts]
    changed_scripts: Mapping[str, str] = field(default_factory=dict)  # key -> why
    # A trusted hook's env and name against hookdash's record of its key (trust_shape).
    shape_change: ShapeCheck | None = None


@dataclass(slots=True, eq=False, repr=False)
class _Verdict:
    """Whether a hook registers and runs, and every reason it does not."""

    will_register: bool
    runs: bool
    disabled: bool
    disabled_in: list[str]
    legacy_disabled_in: list[str]
    reasons: list[str]
    inactive_reason: InactiveReason | None


def _verdict(c: Candidate, ctx: VerdictContext, identifier: str, invalid: str | None) -> _Verdict:
    reasons: list[str] = []
    if ctx.fatal:
        reasons.append(f"Gemini CLI refuses to start: {ctx.fatal}")
    if not ctx.hooks_enabled:
        off = f"hooks are switched off ({ctx.hooks_off_where})"
        if c.source == "extensions":  # (spec 6.2 step 3, 14.1: no HookSystem at all)
            off += ": Gemini CLI does not even read extension hooks then"
        reasons.append(off)
    reasons.extend(c.blocked)
    if invalid:
        reasons.append(f"invalid: {invalid}; Gemini discards it silently")
    will_register = c.registered and invalid is None and ctx.hooks_enabled
    disabled = False
    disabled_in: list[str] = []
    legacy_disabled_in: list[str] = []
    if invalid is None and c.source != "runtime":  # programmatic hooks ignore the list
        disabled = identifier in ctx.disabled
        disabled_in = [s for s, items in ctx.disabled_by_scope.items() if identifier in items]
        legacy_disabled_in = [s for s, items in ctx.legacy_by_scope.items() if identifier in items]
        if disabled:
            where = ", ".join(disabled_in) or "settings"
            reasons.append(f"{DISABLED_REASON} ({where})")
    runs = will_register and not disabled and ctx.fatal is None
    inactive_reason: InactiveReason | None = None
    if not runs:
        inactive_reason = (
            "gemini-refuses-to-start"
            if ctx.fatal
            else "hooks-disabled"
            if not ctx.hooks_enabled
            else c.blocked_kind
            if c.blocked
            else "invalid"
            if invalid
            else "disabled"
        )
    return _Verdict(
        will_register, runs, disabled, disabled_in, legacy_disabled_in, reasons, inactive_reason
    )


def make_hook(c: Candidate, ctx: VerdictContext) -> Hook:
    """The hook a candidate makes, with Gemini's verdict on it and hookdash's trust."""
    config = c.config if isinstance(c.config, dict) else {}
    invalid = validation_error(c.config)
    identifier = hook_identifier(config)
    raw_command = config.get("command")
    command = raw_command if isinstance(raw_command, str) else None
    raw_env = config.get("env")
    hook_env = {str(k): str(v) for k, v in raw_env.items()} if isinstance(raw_env, dict) else {}
    hook_env.update(c.extra_env)
    name = config.get("name")
    description = config.get("description")
    v = _verdict(c, ctx, identifier, invalid)
    runs = ctx.script_of(command, hook_env) if command else _NOTHING
    key = hook_key(config)
    trust: TrustState = "not-applicable"
    trust_detail: str | None = None
    if c.scope == "workspace" and config.get("type") != "runtime":
        trust, trust_detail = _trust_state(
            key, name if isinstance(name, str) else None, hook_env, ctx
        )
    # Every field given at once: pydantic deep-copies each mutable default it fills in,
    # and each later attribute assignment goes through its __setattr__ (2,000 hooks).
    return Hook(
        id=identifier,
        key=key,
        ref=_ref(c),
        event=c.event,
        scope=c.scope,
        extension=c.extension,
        file=str(c.file),
        pointer=c.pointer,
        line=c.line,
        gemini_source=c.source,
        matcher=c.definition.get("matcher"),
        sequential=c.definition.get("sequential") is True,
        sequential_raw=c.definition.get("sequential"),
        type=config.get("type"),
        name=name if isinstance(name, str) else None,
        command=command,
        command_raw=_raw_command(c.raw_config, command),
        description=description if isinstance(description, str) else None,
        timeout_ms=timeout_value(config.get("timeout")),
        timeout_raw=config.get("timeout"),
        env=hook_env,
        order=None,
        disabled=v.disabled,
        disabled_in=v.disabled_in,
        legacy_disabled_in=v.legacy_disabled_in,
        trust=trust,
        trust_detail=trust_detail,
        will_register=v.will_register,
        runs=v.runs,
        not_running_because=[] if v.runs else v.reasons,
        invalid=invalid,
        inactive_reason=v.inactive_reason,
        duplicate_of=None,
        script=runs.primary,
        scripts=list(runs.scripts),
        script_unresolved=runs.unresolved,
        reached_unknowns=list(runs.unknowns),
        unknown_keys=[k for k in config if k not in HOOK_KEYS],
        risks=[],  # filled in by the snapshot, once per distinct command and script
        unknowns=[],  # (likewise)
        also_run_by=[],
    )


def _raw_command(raw_config: Any, command: str | None) -> str | None:
    if isinstance(raw_config, dict) and isinstance(raw_config.get("command"), str):
        return str(raw_config["command"])
    return command


def _trust_state(
    key: str, name: str | None, hook_env: dict[str, str], ctx: VerdictContext
) -> tuple[TrustState, str | None]:
    trusted = ctx.trust_store.get(ctx.project_root, [])
    if key in trusted:
        why = ctx.changed_scripts.get(key)
        if not why and ctx.shape_change is not None:
            why = ctx.shape_change(key, name or "", hook_env)
        if why:
            return "changed", why
        return "trusted", None
    if name:
        prefix = name + ":"
        if any(k.startswith(prefix) for k in trusted):
            return "changed", "its command changed since it was trusted"
    return "new", None


def _ref(c: Candidate) -> str:
    origin = f"extension/{c.extension}" if c.scope == "extension" else c.scope
    return f"{origin}:{c.pointer}"


def assign_order_and_duplicates(hooks: list[Hook]) -> None:
    """Registration order per event, and which copy Gemini's name:command dedup keeps."""
    by_event: dict[str, list[Hook]] = {}
    for hook in hooks:
        if hook.will_register:
            by_event.setdefault(hook.event, []).append(hook)
    for entries in by_event.values():
        # Stable sort by source priority: settings ("project") before extensions.
        entries.sort(key=lambda h: SOURCE_PRIORITY[h.gemini_source])
        first: dict[str, Hook] = {}
        for position, hook in enumerate(entries):
            hook.order = position
            if not hook.runs:
                continue
            keeper = first.get(hook.key)
            if keeper is None:
                first[hook.key] = hook
            else:
                hook.duplicate_of = keeper.as_ref()
