"""`hookdash check --host claude`: what a reviewer of Claude Code hooks must be told.

Claude Code 2.1.332 keeps quiet about most of it: a file that is not strict JSON or fails
its schema is ignored whole, an unknown event name is ignored, and a repository's
`disableAllHooks: true` switches off the user's own hooks. Each becomes a finding here,
with its file and line; so do each hook's risk flags and hidden characters (the shared
rules every host uses).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hookdash.core import jsonc
from hookdash.core.disk import files
from hookdash.core.display import hidden_characters, shorten, visible
from hookdash.core.hosts.claude.events import KNOWN_EVENTS
from hookdash.core.hosts.claude.handler import command_line, exec_argv
from hookdash.core.hosts.claude.layers import ClaudeLayer
from hookdash.core.hosts.claude.model import ClaudeHook, ClaudeReviewed, ClaudeSnapshot
from hookdash.core.hosts.claude.plugins import enabled_value
from hookdash.core.load.checks.trust import not_understood_text
from hookdash.core.load.command_scripts import CommandScripts, find_scripts
from hookdash.core.load.missing_program import missing_program
from hookdash.core.load.risks import hook_risks, kinds_of
from hookdash.core.load.understood import hook_unknowns
from hookdash.core.model import RiskFlag, RiskKind, RiskSpan, Unknown
from hookdash.core.problems import Problem

if TYPE_CHECKING:
    from hookdash.core.hosts.claude.plugins import Plugin
    from hookdash.core.hosts.claude.registry import Switches


def _scanned(hook: ClaudeHook, workspace: Path) -> str | None:
    """The text the script finder and the risk scan read: the shell-form command; for the
    exec form, its program and arguments with Claude's placeholders replaced, quoted as one
    command line (so `bash` with `["-c", "curl x | sh"]` is scanned as what it runs)."""
    if hook.command is None:
        return None
    if hook.args is None:
        return hook.command
    values = {"CLAUDE_PROJECT_DIR": str(workspace)}
    if hook.plugin_root is not None:
        values["CLAUDE_PLUGIN_ROOT"] = hook.plugin_root
    argv = exec_argv(hook.command, hook.args, values)
    return command_line(argv[0], argv[1:])


def runs_of(
    hook: ClaudeHook, workspace: Path, home: Path, environ: Mapping[str, str]
) -> CommandScripts | None:
    """Every project script a command hook's command (and exec-form arguments) runs, and
    the program it starts, found on the PATH Claude Code hands its hooks (`environ`'s;
    `$CLAUDE_PROJECT_DIR` is the workspace, a plugin hook's `$CLAUDE_PLUGIN_ROOT` its
    plugin's folder). None for a hook that runs no command."""
    text = _scanned(hook, workspace)
    if text is None:
        return None
    variables = {**environ, "CLAUDE_PROJECT_DIR": str(workspace), "HOME": str(home)}
    if hook.plugin_root is not None:
        variables["CLAUDE_PLUGIN_ROOT"] = hook.plugin_root
    return find_scripts(text, workspace, variables)


def hook_risks_of(hook: ClaudeHook, workspace: Path, home: Path) -> list[RiskFlag]:
    """The shared risk flags of a command hook: its command (with its exec-form arguments)
    and every project script it runs (`hook.scripts`)."""
    text = _scanned(hook, workspace)
    if text is None:
        return []
    return hook_risks(text, hook.scripts, workspace=str(workspace), home=str(home))


def hook_unknowns_of(
    hook: ClaudeHook, workspace: Path, home: Path, reached: Sequence[Unknown] = ()
) -> list[Unknown]:
    """What hookdash did not understand of a command hook (core.load.understood), read from
    the same text the risk scan reads; `reached`: the files it reaches that could not be
    followed (CommandScripts.unknowns)."""
    text = _scanned(hook, workspace)
    if text is None:
        return list(reached)[:10]
    return hook_unknowns(
        text, hook.scripts, workspace=str(workspace), home=str(home), reached=reached
    )


def handler_risks(handler: dict[str, Any]) -> list[RiskFlag]:
    """The risk flags of a handler that is not a command, which no command scan can see:
    an `http` hook sends every payload of its event (tool inputs, file contents, prompts)
    to its URL, and the environment variables its headers may name; an `agent` hook is a
    model with tools, and an `mcp_tool` hook calls a server's tool: what either does is
    decided when it runs, so nothing can vouch for it. (A `prompt` hook is one model call
    that answers yes or no: nothing runs.)"""
    kind = handler.get("type")
    flags: list[RiskFlag] = []

    def flag(risk: RiskKind, text: str, why: str) -> None:
        flags.append(RiskFlag(kind=risk, span=RiskSpan(text=text, start=0, end=len(text)),
                              why=why))  # fmt: skip

    if kind == "http":
        url = handler.get("url")
        url = url if isinstance(url, str) else json.dumps(url)
        flag("network", url, f"posts every payload of its event (tool inputs, file contents, "
             f"prompts) to {shorten(visible(url), 80)}")  # fmt: skip
        names = handler.get("allowedEnvVars")
        if isinstance(names, list) and names:
            shown = ", ".join(shorten(visible(str(n)), 40) for n in names[:5])
            flag("secrets", url, f"may send the environment variables {shown} in its headers")
    elif kind == "agent":
        prompt = handler.get("prompt")
        text = prompt if isinstance(prompt, str) else ""
        flag("opaque", text, "an agent hook: a model with tools acts on its prompt, so what it "
             "runs is decided when it runs")  # fmt: skip
    elif kind == "mcp_tool":
        text = f"{handler.get('server')}/{handler.get('tool')}"
        flag("opaque", text, f"calls the MCP tool {shorten(visible(text), 60)}: what it does "
             "is that server's")  # fmt: skip
    return flags


def _line_of(layer: ClaudeLayer, pointer: str) -> int | None:
    text = layer.read.text
    return jsonc.LineFinder(text).line(pointer) if text else None


def _file_problems(layer: ClaudeLayer) -> list[Problem]:
    read = layer.read
    path = str(layer.path)
    if read.unreadable:
        return [
            Problem(
                severity="error",
                code="claude-settings-unreadable",
                message=f"The {layer.scope} settings file {read.unreadable}: Claude Code "
                "cannot use it either.",
                fix="Replace it with a readable JSON file.",
                file=path,
            )
        ]
    if read.error is not None and read.error.unread:
        return [
            Problem(
                severity="error",
                code="claude-settings-parse-error",
                message=f"The {layer.scope} settings file: {read.error.message}. Review it by "
                "hand: its hooks are not listed, flagged or checked.",
                fix="Remove the deep nesting at the line and column shown.",
                file=path,
                line=read.error.line,
                column=read.error.column,
            )
        ]
    if read.error is not None:
        effect = (
            "Claude Code refuses to start (`claude -p` exits 1)."
            if layer.fatal
            else "Claude Code ignores the whole file, its hooks and every other setting, "
            "without a word."
        )
        return [
            Problem(
                severity="error",
                code="claude-settings-parse-error",
                message=f"The {layer.scope} settings file is {read.error.message}: {effect}",
                fix="Make it strict JSON: no comments, no trailing commas.",
                file=path,
                line=read.error.line,
                column=read.error.column,
            )
        ]
    if layer.errors.fatal:
        pointer, why = layer.errors.fatal[0]
        more = f" (and {len(layer.errors.fatal) - 1} more)" if len(layer.errors.fatal) > 1 else ""
        return [
            Problem(
                severity="error",
                code="claude-settings-invalid",
                message=f"The {layer.scope} settings file fails Claude Code's settings schema "
                f"at {pointer or '/'}: {why}{more}. Claude Code applies nothing in the file, "
                "its other hooks included, without a word.",
                fix="Correct the value named.",
                file=path,
                pointer=pointer,
                line=_line_of(layer, pointer),
            )
        ]
    out = [
        Problem(
            severity="warning",
            code="claude-hook-ignored",
            message=f"Claude Code ignores an entry of the {layer.scope} settings at {pointer}: "
            f"{why} (the rest of the file is read).",
            fix="Correct the entry, or remove it.",
            file=path,
            pointer=pointer,
            line=_line_of(layer, pointer),
        )
        for pointer, why in layer.errors.dropped
    ]
    if out:
        return out
    if layer.ignored_reason is not None:
        return [
            Problem(
                severity="info",
                code="claude-settings-not-read",
                message=f"{layer.ignored_reason}: its hooks do not run in this workspace.",
                file=path,
            )
        ]
    return []


def _switch_problems(layers: list[ClaudeLayer]) -> list[Problem]:
    out: list[Problem] = []
    user_off = any(
        layer.scope == "user" and layer.settings.get("disableAllHooks") is True for layer in layers
    )
    for layer in layers:
        value = layer.settings.get("disableAllHooks")
        line = _line_of(layer, "/disableAllHooks") if "disableAllHooks" in layer.settings else None
        if layer.scope in ("project", "local") and value is True:
            out.append(
                Problem(
                    severity="error",
                    code="claude-project-disables-all-hooks",
                    message="This repository switches off your hooks: disableAllHooks is true "
                    f"in its {layer.scope} settings, so Claude Code runs none of your own "
                    "hooks (user, project or local) here, only managed ones.",
                    fix="Remove disableAllHooks from the file, or do not run Claude Code in "
                    "this repository until you know why it is there.",
                    file=str(layer.path),
                    pointer="/disableAllHooks",
                    line=line,
                )
            )
        elif layer.scope in ("project", "local") and value is False and user_off:
            out.append(
                Problem(
                    severity="warning",
                    code="claude-project-enables-hooks",
                    message="This repository switches your hooks back on: you set "
                    "disableAllHooks in your user settings, and its false in the "
                    f"{layer.scope} settings wins, so every hook runs here.",
                    fix="Remove disableAllHooks from the repository's file.",
                    file=str(layer.path),
                    pointer="/disableAllHooks",
                    line=line,
                )
            )
    return out


def _switched_off(switch: Switches) -> list[Problem]:
    verdict = switch.verdict("user")
    if verdict is None or switch.starts is not None:
        return []
    layer = switch.managed_off or switch.managed_only or switch.merged_off
    if layer is None or layer.scope in ("project", "local"):
        return []  # said by claude-project-disables-all-hooks
    return [
        Problem(
            severity="info",
            code="claude-hooks-switched-off",
            message=f"{verdict.why[0].upper()}{verdict.why[1:]}.",
            file=str(layer.path),
        )
    ]


def _unknown_events(snapshot: ClaudeSnapshot) -> list[Problem]:
    seen: set[tuple[str, str]] = set()
    out: list[Problem] = []
    for hook in snapshot.hooks:
        if hook.event in KNOWN_EVENTS or (hook.file, hook.event) in seen:
            continue
        seen.add((hook.file, hook.event))
        out.append(
            Problem(
                severity="warning",
                code="claude-unknown-event",
                message=f"'{visible(hook.event)}' is not a Claude Code 2.1.332 event: Claude "
                "ignores its hooks without a word (a Gemini CLI name in a Claude file?).",
                fix="Use one of Claude's event names (PreToolUse, PostToolUse, SessionStart, "
                "Stop, …), or remove it.",
                file=hook.file,
                pointer="/".join(hook.pointer.split("/")[:3]),
                line=hook.line,
            )
        )
    return out


def _hook_problems(hook: ClaudeHook) -> list[Problem]:
    out: list[Problem] = []
    where = (hook.file, hook.pointer, hook.line)
    if hook.review == "changed":
        subject = f"{hook.scope} {visible(hook.event)} hook"
        tail = " Claude Code runs it without asking."
        out.append(changed_problem("claude-hook-changed", subject, hook, tail, where))
    if hook.risks:
        kind = None if hook.command is not None else str(hook.type)
        out.append(risk_problem(f"{hook.event} hook", hook.id, hook.risks, kind, where))
    if hook.unknowns:
        message, fix = not_understood_text(hook.id, hook.unknowns)
        out.append(Problem(severity="info", code="not-understood", message=message, fix=fix,
                           file=where[0], pointer=where[1], line=where[2]))  # fmt: skip
    out += _script_problems(hook, where)
    missing = missing_program(
        hook.program,
        hook.runs,
        "which Claude Code reads as a non-blocking error: it shows bash's error and goes on, "
        "and the hook never does its work",
        file=where[0],
        pointer=where[1],
        line=where[2],
    )
    if missing is not None:
        out.append(missing)
    texts = [("event name", hook.event), ("command", hook.command), ("matcher", hook.matcher)]
    texts += [("argument", arg) for arg in hook.args or ()]
    texts.append(("target", hook.detail))
    out += hidden_problems(f"a {visible(hook.event)} hook", texts, where)
    return out


# Where a finding points: file, JSON pointer, line.
Where = tuple[str, str | None, int | None]


def _script_problems(hook: ClaudeHook, where: Where) -> list[Problem]:
    """A script the hook runs that is a FIFO, a device or a directory: reading it blocks or
    fails, so Claude's run of the hook hangs until its timeout or fails, and hookdash
    cannot read (flag, fingerprint) it."""
    out: list[Problem] = []
    file, pointer, line = where
    for script in hook.scripts:
        if script.exists or not script.path or script.is_task:
            continue
        kind = files.not_regular(script.path)
        if kind is None:
            continue
        later = "" if hook.runs else " This hook does not run now, but will once it does."
        out.append(
            Problem(
                severity="error" if hook.runs else "warning",
                code="script-not-a-file",
                message=f"The script {visible(script.path)} of the {hook.scope} "
                f"{visible(hook.event)} hook is {kind}, not a regular file: running it "
                f"fails or waits until the hook's timeout, and hookdash cannot read it.{later}",
                fix="Point the hook at a regular script file.",
                file=file,
                pointer=pointer,
                line=line,
            )
        )
    return out


def changed_problem(
    code: str, subject: str, item: ClaudeReviewed, tail: str, where: Where
) -> Problem:
    """A repository's hook or settings command changed since hookdash's review of it
    (`subject`: “project PreToolUse hook”, shown as is; `tail`: what Claude does with it)."""
    detail = item.review_detail or "its command or a script it runs changed"
    file, pointer, line = where
    return Problem(
        severity="warning",
        code=code,
        message=f"The {subject} '{visible(shorten(item.id, 60))}' changed since you reviewed "
        f"it: {visible(detail)}.{tail}",
        fix="Review it again: `hookdash trust --host claude` shows what changed.",
        file=file,
        pointer=pointer,
        line=line,
    )


def risk_problem(
    subject: str, ident: str, risks: list[RiskFlag], handler: str | None, where: Where
) -> Problem:
    """The shared risk flags of one command (or of a handler that is not a command, of
    type `handler`: the flag then says what the handler itself does) as one finding."""
    first = {kind: next(f for f in risks if f.kind == kind) for kind in kinds_of(risks)}
    if handler is None:
        examples = [f"{k} ({visible(shorten(f.span.text, 60))})" for k, f in first.items()]
        what = "The command of the"
        does = "or the script it runs does"
        read = "Read the command and its script"
    else:
        examples = [f"{k} ({visible(f.why)})" for k, f in first.items()]
        what = f"The {visible(handler)} handler of the"
        does = "does"
        read = "Read the handler"
    return Problem(
        severity="warning",
        code="risky-command",
        message=f"{what} {visible(subject)} '{visible(shorten(ident, 60))}' {does} "
        f"what a reviewer must not miss: {'; '.join(examples)}.",
        fix=f"{read}; keep it only if you expect each of these (`hookdash list "
        "--host claude --json` lists every flag).",
        file=where[0],
        pointer=where[1],
        line=where[2],
    )


def hidden_problems(owner: str, texts: list[tuple[str, Any]], where: Where) -> list[Problem]:
    """One finding per text of `owner` (a hook, a setting) holding hidden characters."""
    out: list[Problem] = []
    for what, text in texts:
        if not isinstance(text, str):
            continue
        found = hidden_characters(text, multiline=True)
        if found:
            more = f" and {len(found) - 1} more" if len(found) > 1 else ""
            out.append(
                Problem(
                    severity="error",
                    code="hidden-characters",
                    message=f"The {what} of {owner} holds hidden characters "
                    f"({found[0].label}{more}): what a reviewer reads is not what Claude Code "
                    "runs.",
                    fix="Remove them (hookdash shows them as ␛, ␍ or <U+202E>); do not run it "
                    "until you know why they are there.",
                    file=where[0],
                    pointer=where[1],
                    line=where[2],
                )
            )
    return out


def command_problems(key: str, command: str, risks: list[RiskFlag], where: Where) -> list[Problem]:
    """The shared findings of a settings command that is not a hook (its risk flags, its
    hidden characters), worded as a hook's are."""
    out = [risk_problem(f"{key} setting", command, risks, None, where)] if risks else []
    return out + hidden_problems(f"the {visible(key)} setting", [("command", command)], where)


def _plugin_problems(plugins: list[Plugin]) -> list[Problem]:
    """A repository that switches on a plugin (one you installed, maybe one you switched
    off), and a plugin's hook files Claude drops."""
    out: list[Problem] = []
    for plugin in plugins:
        where = plugin.decided_by
        if plugin.why_off() is None:
            for layer in plugin.layers:
                out += _file_problems(layer)
        if where is None or where.scope not in ("project", "local") or not plugin.enabled:
            continue
        you_said = [
            layer
            for layer in plugin.naming
            if layer.scope == "user" and enabled_value(layer, plugin.id) is False
        ]
        overrides = " you switched off in your user settings" if you_said else ""
        out.append(
            Problem(
                severity="error" if you_said else "warning",
                code="claude-project-enables-plugin",
                message=f"This repository switches on the plugin {visible(plugin.id)}"
                f"{overrides}: enabledPlugins is true in its {where.scope} settings, so "
                "Claude Code runs that plugin's hooks here"
                + ("" if plugin.layers else " (it has none today)")
                + ".",
                fix=f'Set "{visible(plugin.id)}": false in .claude/settings.local.json (it wins '
                "over the project's file), or remove the entry from the repository's file.",
                file=str(where.path),
                pointer=f"/enabledPlugins/{jsonc.escape_pointer_token(plugin.id)}",
                line=_line_of(where, f"/enabledPlugins/{jsonc.escape_pointer_token(plugin.id)}"),
            )
        )
    return out


def claude_problems(
    snapshot: ClaudeSnapshot,
    layers: list[ClaudeLayer],
    switch: Switches,
    plugins: list[Plugin] | None = None,
) -> list[Problem]:
    out: list[Problem] = []
    for layer in layers:
        out += _file_problems(layer)
    out += _plugin_problems(plugins or [])
    out += _switch_problems(layers)
    out += _switched_off(switch)
    out += _unknown_events(snapshot)
    for hook in snapshot.hooks:
        out += _hook_problems(hook)
    return out
