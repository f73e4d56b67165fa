"""Problems a user wants to hear about, found in a loaded configuration (`hookdash check`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from hookdash.core import files
from hookdash.core.display import shorten, visible
from hookdash.core.gemini.events import (
    EVENTS,
    FIRED_TRIGGERS,
    TRIGGER_VALUES,
    match_kind,
    suggest_event,
)
from hookdash.core.gemini.layers import MERGE_ORDER, legacy_config_keys
from hookdash.core.gemini.matcher import _JS_TRIM, compile_js
from hookdash.core.gemini.merge import js_truthy
from hookdash.core.gemini.tools import BUILTIN_TOOLS, CLAUDE_TOOL_NAMES
from hookdash.core.load.hidden_problems import hidden_character_problems
from hookdash.core.load.risks import kinds_of
from hookdash.core.model import Hook
from hookdash.core.problems import Problem, Severity

if TYPE_CHECKING:
    from hookdash.core.model import Configuration


def _about(hook: Hook, severity: Severity, code: str, message: str, fix: str | None) -> Problem:
    return Problem(
        severity=severity,
        code=code,
        message=message,
        fix=fix,
        file=hook.file,
        pointer=hook.pointer,
        line=hook.line,
    )


def check_configuration(config: Configuration) -> list[Problem]:
    problems: list[Problem] = []
    snap = config.snapshot
    hooks = snap.hooks
    problems.extend(_unknown_events(hooks))
    for hook in hooks:
        problems.extend(check_hook(hook))
    problems.extend(_check_untrusted_project_hooks(hooks))
    problems.extend(hidden_character_problems(config))
    problems.extend(_check_risks(hooks))
    problems.extend(_check_disabled_entries(config))
    problems.extend(_check_legacy(config))
    problems.extend(_check_global(config))
    return problems


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
    out: list[Problem] = []
    if hook.type not in ("command", "plugin", "runtime"):
        out.append(
            Problem(
                severity="error",
                code="unknown-hook-type",
                message=f"The hook's type is {hook.type!r}; Gemini CLI accepts only "
                '"command" and discards this hook silently.',
                fix='Set "type": "command".',
            )
        )
        return out
    if hook.type == "command" and not hook.command:
        out.append(
            _about(
                hook,
                "error",
                "hook-missing-command",
                "The hook has no command; Gemini CLI discards it silently.",
                'Add "command": "…".',
            )
        )
        return out
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
    out.extend(_check_matcher(hook))
    out.extend(_check_timeout(hook))
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
    # A hook Gemini never registers (ignored file, unknown event) has no script to check.
    if hook.script is not None and hook.inactive_reason not in ("ignored-layer", "unknown-event"):
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


def _check_untrusted_project_hooks(hooks: list[Hook]) -> list[Problem]:
    """One problem for all of them, like Gemini's single start-up warning."""
    pending = [h for h in hooks if h.trust in ("new", "changed") and h.runs]
    if not pending:
        return []
    names = list(dict.fromkeys(h.id for h in pending))
    changed = [h for h in pending if h.trust == "changed"]
    detail = ""
    if changed:
        detail = (
            " Changed since trusted: "
            + "; ".join(f"{h.id} ({h.trust_detail})" for h in changed)
            + "."
        )
    first = pending[0]
    return [
        Problem(
            severity="warning",
            code="project-hook-untrusted",
            message=f"{len(names)} project hook(s) not yet trusted: {', '.join(names)}. Gemini "
            "CLI prints a warning at start, runs them anyway and records them as trusted." + detail,
            fix="Review them (`hookdash list`), then run `hookdash trust`.",
            file=first.file,
            pointer=first.pointer,
            line=first.line,
        )
    ]


def _check_risks(hooks: list[Hook]) -> list[Problem]:
    """One warning per hook whose command or script does something a reviewer must see."""
    out: list[Problem] = []
    for hook in hooks:
        if not hook.risks:
            continue
        kinds = kinds_of(hook.risks)
        examples = []
        for kind in kinds:
            flag = next(f for f in hook.risks if f.kind == kind)
            where = f" in {visible(flag.file)}:{flag.line}" if flag.file else ""
            examples.append(f"{kind} ({visible(shorten(flag.span.text, 60))}{where})")
        in_script = any(f.file for f in hook.risks)
        out.append(
            _about(
                hook,
                "warning",
                "risky-command",
                f"The command of hook '{visible(hook.id)}'"
                + (" or the script it runs" if in_script else "")
                + f" does what a reviewer must not miss: {'; '.join(examples)}.",
                "Read the command"
                + (" and its script" if in_script else "")
                + "; keep or trust the hook only if you expect each of these "
                "(`hookdash list --json` lists every flag with its span and why).",
            )
        )
    return out


def _check_matcher(hook: Hook) -> list[Problem]:
    matcher = hook.matcher
    kind = match_kind(hook.event)
    if not matcher or hook.event not in EVENTS:
        return []
    if kind == "none":
        return [
            _about(
                hook,
                "warning",
                "matcher-ignored",
                f"Gemini CLI fires {hook.event} without a match context, so this "
                f"matcher ({matcher!r}) is ignored and the hook runs every time.",
                "Remove the matcher, or filter inside the hook script.",
            )
        ]
    if not isinstance(matcher, str):
        return [
            _about(
                hook,
                "error",
                "matcher-not-string",
                f"The matcher is {matcher!r}, not a string: Gemini's planner throws on "
                f"it and no {hook.event} hook runs at all.",
                "Quote the matcher.",
            )
        ]
    m = matcher.strip(_JS_TRIM)
    if m in ("", "*"):
        return []
    if kind == "trigger":
        if m in FIRED_TRIGGERS[hook.event]:
            return []
        allowed = FIRED_TRIGGERS[hook.event]
        looks_regex = bool(re.search(r"[|*+?()\[\]^$\\]", m))
        extra = (
            " Trigger matchers are compared exactly, not as regular expressions."
            if looks_regex
            else (
                " Gemini CLI 0.61 never fires it with that value."
                if m in TRIGGER_VALUES[hook.event]
                else ""
            )
        )
        return [
            _about(
                hook,
                "warning",
                "matcher-never-matches",
                f"{hook.event} matcher {m!r} can never match: Gemini compares it "
                f"exactly with {', '.join(allowed)}.{extra}",
                f"Use one of {', '.join(allowed)}, or '*' for all.",
            )
        ]
    compiled = compile_js(m)
    if compiled is None:
        return [
            _about(
                hook,
                "warning",
                "matcher-invalid-regex",
                f"{m!r} is not a valid JavaScript regular expression: Gemini falls back "
                "to comparing the tool name with it exactly.",
                "Fix the regex, or escape its special characters.",
            )
        ]
    if not any(compiled.search(t) for t in BUILTIN_TOOLS) and not m.startswith("mcp"):
        claude = [c for c in CLAUDE_TOOL_NAMES if re.search(rf"\b{c}\b", m)]
        if claude:
            mapped = ", ".join(f"{c} → {CLAUDE_TOOL_NAMES[c]}" for c in claude)
            return [
                _about(
                    hook,
                    "warning",
                    "matcher-claude-tool-name",
                    f"The matcher {m!r} names Claude Code tools, and matches none of "
                    f"Gemini CLI's built-in tools ({mapped}).",
                    "Use Gemini's tool names.",
                )
            ]
    return []


def _check_timeout(hook: Hook) -> list[Problem]:
    t = hook.timeout_ms
    if t <= 0:
        return [
            _about(
                hook,
                "error",
                "timeout-zero",
                f"The timeout is {t:g} ms: Gemini CLI times the hook out at once, every time.",
                "Give a timeout in milliseconds, e.g. 30000, or leave it out (60000).",
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


def _check_script(hook: Hook) -> list[Problem]:
    script = hook.script
    assert script is not None
    if script.kind == "command":
        if script.exists:
            return []
        code = "command-not-found"
        message = (
            f"'{script.program}' is not on PATH: bash exits 127, which Gemini CLI treats as a "
            "blocking deny with bash's error as the reason."
        )
        fix = "Install it, or use the full path."
    elif not script.exists and script.path and (kind := files.not_regular(script.path)):
        code = "script-not-a-file"
        message = (
            f"The script {script.path} is {kind}, not a regular file: running it fails or "
            "waits forever (until the hook's timeout), and hookdash does not read it."
        )
        fix = "Point the hook at a regular script file."
    elif not script.exists:
        code = "script-missing"
        message = (
            f"The script {script.path} does not exist: bash exits 127, which Gemini CLI "
            "treats as a blocking deny."
        )
        fix = "Create the script, or fix the path (relative paths start in the workspace)."
    elif not script.executable:
        what = "readable" if script.kind == "interpreted" else "executable"
        code = "script-not-executable"
        message = (
            f"The script {script.path} is not {what}: bash exits 126, which Gemini CLI "
            "treats as a blocking deny."
        )
        fix = f"chmod +x {script.path}" if what == "executable" else "Fix its permissions."
    else:
        return []
    if hook.runs:
        return [_about(hook, "error", code, message, fix)]
    # Not running now (disabled, untrusted folder, …): it fails like this once it does.
    later = " This hook does not run now, but will fail like this once it does."
    return [_about(hook, "warning", code, message + later, fix)]


def _check_disabled_entries(config: Configuration) -> list[Problem]:
    out: list[Problem] = []
    hooks = [h for h in config.snapshot.hooks if h.event in EVENTS]
    ids = {h.id for h in hooks}
    commands_of_named = {h.command: h for h in hooks if h.name and h.command}
    for scope in MERGE_ORDER:
        layer = config.layers[scope]
        if not layer.parsed:
            continue
        hc = layer.settings.get("hooksConfig")
        entries = hc.get("disabled") if isinstance(hc, dict) else None
        if not isinstance(entries, list):
            continue
        for i, entry in enumerate(entries):
            if not isinstance(entry, str) or entry in ids:
                continue
            ptr = f"/hooksConfig/disabled/{i}"
            named = commands_of_named.get(entry)
            if named is not None:
                out.append(
                    Problem(
                        severity="warning",
                        code="disabled-entry-is-command",
                        message=f"'{entry}' is the command of the hook named '{named.name}'; "
                        "Gemini matches a named hook by its name only, so this entry has no "
                        "effect and the hook runs.",
                        fix=f"Replace the entry with '{named.name}'.",
                        file=str(layer.path),
                        pointer=ptr,
                        line=layer.line_of(ptr),
                    )
                )
            else:
                out.append(
                    Problem(
                        severity="warning",
                        code="disabled-entry-unmatched",
                        message=f"hooksConfig.disabled lists '{entry}', which names no "
                        "configured hook; it has no effect.",
                        fix="Remove it, or use the hook's name (or its command if it has no name).",
                        file=str(layer.path),
                        pointer=ptr,
                        line=layer.line_of(ptr),
                    )
                )
    return out


def _check_legacy(config: Configuration) -> list[Problem]:
    out: list[Problem] = []
    hooks = config.snapshot.hooks
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
                legacy = layer.settings["hooks"]["disabled"]
                entries = [
                    e for e in (legacy if isinstance(legacy, list) else []) if isinstance(e, str)
                ]
                if entries and _legacy_mirrored(layer.settings, entries, hooks):
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
                            fix="Remove hooks.disabled once no Gemini CLI older than 0.26 "
                            "reads this file.",
                            **at,
                        )
                    )
                    continue
                running = sorted({h.id for h in hooks if h.id in entries and h.runs})
                still = (
                    f" These hooks therefore still run: {', '.join(running)}." if running else ""
                )
                out.append(
                    Problem(
                        severity="warning",
                        code="legacy-hooks-disabled",
                        message="hooks.disabled is ignored by Gemini CLI 0.26 and later, with "
                        "no warning." + still,
                        fix="Move the entries to hooksConfig.disabled (`hookdash check --fix` "
                        "copies them).",
                        **at,
                    )
                )
            elif key == "hooks.enabled":
                value = layer.settings["hooks"]["enabled"]
                out.append(
                    Problem(
                        severity="warning",
                        code="legacy-hooks-enabled",
                        message=f"hooks.enabled ({value!r}) is ignored by Gemini CLI 0.26 and "
                        "later (it only causes an 'Invalid configuration' warning)"
                        + ("; hooks are NOT switched off by it." if value is False else "."),
                        fix="Use hooksConfig.enabled instead.",
                        **at,
                    )
                )
            elif key == "hooks.notifications":
                out.append(
                    Problem(
                        severity="info",
                        code="legacy-hooks-notifications",
                        message="hooks.notifications is ignored by Gemini CLI 0.26 and later.",
                        fix="Use hooksConfig.notifications instead.",
                        **at,
                    )
                )
            else:
                switched_off = not js_truthy(layer.settings["tools"]["enableHooks"])
                model = config.env.gemini
                message = "tools.enableHooks was removed in Gemini CLI 0.28 and is ignored."
                if model.tools_enable_hooks:
                    message = (
                        f"tools.enableHooks was removed in Gemini CLI 0.28, but {model.label} "
                        "still reads it"
                        + (": it switches every hook off." if switched_off else ".")
                    )
                out.append(
                    Problem(
                        severity="warning"
                        if layer.settings["tools"]["enableHooks"] is False
                        or (switched_off and model.tools_enable_hooks)
                        else "info",
                        code="legacy-tools-enableHooks",
                        message=message,
                        fix="Remove it; use hooksConfig.enabled to switch hooks off.",
                        **at,
                    )
                )
    return out


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


def _check_global(config: Configuration) -> list[Problem]:
    out: list[Problem] = []
    snap = config.snapshot
    env = config.env
    settings_hooks = [h for h in snap.hooks if h.gemini_source == "project" and h.event in EVENTS]
    if not snap.folder_trust.trusted and settings_hooks:
        how = snap.folder_trust.how
        variable = snap.folder_trust.variable or "GEMINI_CLI_TRUST_WORKSPACE=false"
        fix = (
            f"Unset {variable.split('=')[0]}"
            + (" or set it to true." if variable.startswith("GEMINI_CLI_TRUST") else ".")
            if how == "env"
            else "Trust the folder when Gemini CLI asks, or add it to trustedFolders.json."
        )
        out.append(
            Problem(
                severity="warning",
                code="folder-untrusted",
                message=f"The folder is not trusted: Gemini CLI skips all {len(settings_hooks)} "
                "settings hooks — user and system ones too, not only the project's — and runs "
                "only extension hooks.",
                fix=fix,
                file=str(env.trusted_folders_path) if how in ("file", "none") else None,
            )
        )
    if not snap.hooks_enabled:
        merged_config = config.merged.get("hooksConfig")
        enabled = merged_config.get("enabled", True) if isinstance(merged_config, dict) else True
        # Only a Gemini CLI before 0.28 also reads tools.enableHooks.
        switch = "hooksConfig.enabled" if not js_truthy(enabled) else "tools.enableHooks"
        out.append(
            Problem(
                severity="warning",
                code="hooks-switched-off",
                message=f"{switch} is false: Gemini CLI runs no hook at all, "
                "extension hooks included.",
                fix=f"Set {switch} to true (or remove it).",
            )
        )
    return out
