"""The problems of one hook on its own: its type, keys, timeout and event."""

from __future__ import annotations

import math

from hookdash.core.hosts.gemini.events import (
    EVENTS,
    suggest_event,
)
from hookdash.core.hosts.gemini.timeouts import NODE_TIMEOUT_MAX, killed_at_once
from hookdash.core.load.checks.about import _about
from hookdash.core.load.checks.matchers import _check_matcher
from hookdash.core.load.checks.scripts import _check_script
from hookdash.core.model import Hook
from hookdash.core.problems import Problem


def _unknown_events(hooks: list[Hook]) -> list[Problem]:
    seen: set[tuple[str, str]] = set()
    out = []
    for hook in hooks:
        if hook.event in EVENTS or (hook.file, hook.event) in seen:
            continue
        seen.add((hook.file, hook.event))
        hint = suggest_event(hook.event)
        out.append(
            Problem(
                severity="error",
                code="unknown-event",
                message=f"'{hook.event}' is not a Gemini CLI event: Gemini warns 'Invalid hook "
                "event name' and skips its hooks."
                + (f" Gemini calls this event {hint}." if hint else ""),
                fix=f"Rename the key to {hint}." if hint else "Use one of: " + ", ".join(EVENTS),
                file=hook.file,
                pointer=hook.pointer.rsplit("/", 3)[0],
                line=hook.line,
            )
        )
    return out


def check_hook(hook: Hook) -> list[Problem]:
    """The problems of one hook on its own (also used on a hook being written)."""
    fatal = _unusable_type(hook)
    if fatal is not None:
        return [fatal]
    out = _type_warnings(hook)
    out.extend(_check_matcher(hook))
    out.extend(_check_timeout(hook))
    out.extend(_key_problems(hook))
    # A hook Gemini never registers (ignored file, unknown event) has no script to check.
    runs_something = hook.script is not None or hook.scripts or hook.script_unresolved
    if runs_something and hook.inactive_reason not in ("ignored-layer", "unknown-event"):
        out.extend(_check_script(hook))
    if hook.duplicate_of is not None:
        out.append(
            _about(
                hook,
                "info",
                "duplicate-hook",
                f"Same name and command as '{hook.duplicate_of.id}' in "
                f"{hook.duplicate_of.scope}: when both match, Gemini CLI runs only that "
                "earlier copy.",
                "Remove one of the copies, or give them different names.",
            )
        )
    return out


def _unusable_type(hook: Hook) -> Problem | None:
    """A hook Gemini CLI discards: an unknown type, or a command hook without a command."""
    if hook.type not in ("command", "plugin", "runtime"):
        return Problem(
            severity="error",
            code="unknown-hook-type",
            message=f"The hook's type is {hook.type!r}; Gemini CLI accepts only "
            '"command" and discards this hook silently.',
            fix='Set "type": "command".',
        )
    if hook.type == "command" and not hook.command:
        return _about(
            hook,
            "error",
            "hook-missing-command",
            "The hook has no command; Gemini CLI discards it silently.",
            'Add "command": "…".',
        )
    return None


def _type_warnings(hook: Hook) -> list[Problem]:
    """A 'runtime' or 'plugin' hook from a settings file."""
    out: list[Problem] = []
    if hook.type == "runtime":
        out.append(
            _about(
                hook,
                "error",
                "runtime-hook-in-settings",
                "A 'runtime' hook from a settings file has no code to run: Gemini "
                "registers it and it fails every time.",
                'Use "type": "command" with a command.',
            )
        )
    if hook.type == "plugin":
        out.append(
            _about(
                hook,
                "warning",
                "plugin-hook-type",
                "Gemini CLI runs a 'plugin' hook as a command hook"
                + ("" if hook.command else "; without a command it fails every time")
                + ".",
                'Use "type": "command".',
            )
        )
    return out


def _key_problems(hook: Hook) -> list[Problem]:
    """Keys Gemini does not read on a hook, and a "sequential" that is not a boolean."""
    out: list[Problem] = []
    for key in hook.unknown_keys:
        where = (
            ' It belongs on the definition, next to "matcher" and "hooks".'
            if key in ("matcher", "sequential")
            else ""
        )
        out.append(
            _about(
                hook,
                "warning",
                "hook-unknown-key",
                f'Gemini CLI does not read "{key}" on a hook, so it has no effect.{where}',
                f'Move "{key}" to the definition.' if where else f'Remove or correct "{key}".',
            )
        )
    if hook.sequential_raw is not None and not isinstance(hook.sequential_raw, bool):
        out.append(
            _about(
                hook,
                "warning",
                "sequential-not-boolean",
                f'"sequential" is {hook.sequential_raw!r}, not true: Gemini only honours '
                "the boolean true, so these hooks run in parallel.",
                'Write "sequential": true.',
            )
        )
    return out


def _check_timeout(hook: Hook) -> list[Problem]:
    t = hook.timeout_ms
    at_once = killed_at_once(hook.timeout_raw)
    if at_once is not None:
        code = (
            "timeout-not-a-number"
            if math.isnan(t)
            else "timeout-too-large"
            if t > NODE_TIMEOUT_MAX
            else "timeout-zero"
        )
        return [
            _about(
                hook,
                "error",
                code,
                at_once[0].upper() + at_once[1:] + ".",
                "Give a timeout in milliseconds, e.g. 30000 (at most "
                f"{NODE_TIMEOUT_MAX}), or leave it out (60000).",
            )
        ]
    if t < 1000:
        return [
            _about(
                hook,
                "warning",
                "timeout-looks-like-seconds",
                f"The timeout is {t:g}: Gemini CLI reads it as {t:g} milliseconds, "
                f"not seconds, so the hook is killed after {t / 1000:g} s.",
                f"If you meant {t:g} seconds, write {t * 1000:g}.",
            )
        ]
    return []
