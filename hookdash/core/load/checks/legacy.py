"""Settings Gemini CLI no longer reads: the legacy hooks.* keys and tools.enableHooks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hookdash.core.hosts.gemini.layers import MERGE_ORDER, legacy_config_keys
from hookdash.core.hosts.gemini.merge import js_truthy
from hookdash.core.model import Hook
from hookdash.core.problems import Problem

if TYPE_CHECKING:
    from hookdash.core.model import Configuration


def _check_legacy(config: Configuration) -> list[Problem]:
    """Keys Gemini CLI 0.26 and later ignore (hooks.disabled, hooks.enabled,
    hooks.notifications) and tools.enableHooks, removed in 0.28."""
    out: list[Problem] = []
    for scope in MERGE_ORDER:
        layer = config.layers[scope]
        for key in legacy_config_keys(layer):
            ptr = "/" + key.replace(".", "/")
            at: dict[str, Any] = {
                "file": str(layer.path),
                "pointer": ptr,
                "line": layer.line_of(ptr),
            }
            if key == "hooks.disabled":
                out.extend(_legacy_disabled(layer.settings, config.snapshot.hooks, at))
            elif key == "hooks.enabled":
                out.append(_legacy_enabled(layer.settings, at))
            elif key == "hooks.notifications":
                out.append(_legacy_notifications(at))
            else:
                out.append(_legacy_enable_hooks(layer.settings, config, at))
    return out


def _legacy_disabled(
    settings: dict[str, Any], hooks: list[Hook], at: dict[str, Any]
) -> list[Problem]:
    out: list[Problem] = []
    legacy = settings["hooks"]["disabled"]
    entries = [e for e in (legacy if isinstance(legacy, list) else []) if isinstance(e, str)]
    if entries and _legacy_mirrored(settings, entries, hooks):
        # After `check --fix` (or a toggle with --disabled-key auto) the legacy
        # list only serves Gemini CLI < 0.26: nothing to warn about.
        out.append(
            Problem(
                severity="info",
                code="legacy-hooks-disabled-mirrored",
                message="hooks.disabled is ignored by Gemini CLI 0.26 and later; "
                "each of its entries that names a hook is also in "
                "hooksConfig.disabled of this file, so it only matters to older "
                "versions.",
                fix="Remove hooks.disabled once no Gemini CLI older than 0.26 reads this file.",
                **at,
            )
        )
        return out
    running = sorted({h.id for h in hooks if h.id in entries and h.runs})
    still = f" These hooks therefore still run: {', '.join(running)}." if running else ""
    out.append(
        Problem(
            severity="warning",
            code="legacy-hooks-disabled",
            message="hooks.disabled is ignored by Gemini CLI 0.26 and later, with "
            "no warning." + still,
            fix="Move the entries to hooksConfig.disabled (`hookdash check --fix` copies them).",
            **at,
        )
    )
    return out


def _legacy_enabled(settings: dict[str, Any], at: dict[str, Any]) -> Problem:
    value = settings["hooks"]["enabled"]
    return Problem(
        severity="warning",
        code="legacy-hooks-enabled",
        message=f"hooks.enabled ({value!r}) is ignored by Gemini CLI 0.26 and "
        "later (it only causes an 'Invalid configuration' warning)"
        + ("; hooks are NOT switched off by it." if value is False else "."),
        fix="Use hooksConfig.enabled instead.",
        **at,
    )


def _legacy_notifications(at: dict[str, Any]) -> Problem:
    return Problem(
        severity="info",
        code="legacy-hooks-notifications",
        message="hooks.notifications is ignored by Gemini CLI 0.26 and later.",
        fix="Use hooksConfig.notifications instead.",
        **at,
    )


def _legacy_enable_hooks(
    settings: dict[str, Any], config: Configuration, at: dict[str, Any]
) -> Problem:
    switched_off = not js_truthy(settings["tools"]["enableHooks"])
    model = config.env.gemini
    message = "tools.enableHooks was removed in Gemini CLI 0.28 and is ignored."
    if model.tools_enable_hooks:
        message = (
            f"tools.enableHooks was removed in Gemini CLI 0.28, but {model.label} "
            "still reads it" + (": it switches every hook off." if switched_off else ".")
        )
    return Problem(
        severity="warning"
        if settings["tools"]["enableHooks"] is False or (switched_off and model.tools_enable_hooks)
        else "info",
        code="legacy-tools-enableHooks",
        message=message,
        fix="Remove it; use hooksConfig.enabled to switch hooks off.",
        **at,
    )


def _legacy_mirrored(settings: dict[str, Any], entries: list[str], hooks: list[Hook]) -> bool:
    """Whether every legacy entry is honoured through hooksConfig.disabled of the same file
    (as itself, or as the name of the one named hook whose command it is); entries that
    name no hook do nothing in either list and are not counted."""
    config = settings.get("hooksConfig")
    current = config.get("disabled") if isinstance(config, dict) else None
    if not isinstance(current, list):
        return False
    for entry in entries:
        if entry in current:
            continue
        names = {h.name for h in hooks if h.name and h.command == entry}
        if not names and all(h.id != entry for h in hooks):
            continue  # names no hook: it has no effect in either list
        if len(names) != 1 or names.pop() not in current:
            return False
    return True
