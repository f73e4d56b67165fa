"""`hookdash check --host codex`: what a reviewer of Codex CLI hooks must be told.

Codex 0.171.0 says nothing when it skips a hook that is new or changed since it was
trusted, when a project folder is not trusted (its hooks are not even listed), or when a
repository's `[features] hooks = false` switches off every hook. Each becomes a finding
here, with its file and line; so do each hook's risk flags and hidden characters (the
shared rules every host uses).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hookdash.core.display import hidden_characters, shorten, visible
from hookdash.core.hosts.codex.layers import CodexLayer
from hookdash.core.hosts.codex.model import CodexHook, CodexSnapshot
from hookdash.core.load.missing_program import missing_program
from hookdash.core.load.risks import kinds_of
from hookdash.core.problems import Problem

if TYPE_CHECKING:
    from hookdash.core.hosts.codex.registry import Switches


def _file_problems(layer: CodexLayer) -> list[Problem]:
    read = layer.read
    if not read.exists or read.error is None or layer.ignored_reason is not None:
        return []
    if read.kind == "json":
        return [
            Problem(
                severity="error",
                code="codex-hooks-file-refused",
                message=f"Codex refuses this hooks.json whole: {visible(read.error)}. None of "
                "its hooks runs; the folder's config.toml [hooks] still does.",
                fix="Make it strict JSON with only `description` and `hooks` at the top "
                "(no comments, no trailing comma, no `$schema`).",
                file=str(layer.path),
                line=read.line,
                column=read.column,
            )
        ]
    return [
        Problem(
            severity="error",
            code="codex-config-unreadable",
            message=f"Codex cannot load this config.toml ({visible(read.error)}): it has no "
            "configuration, and no hook runs.",
            fix="Fix the file at the line named.",
            file=str(layer.path),
            line=read.line,
            column=read.column,
        )
    ]


def _untrusted_projects(layers: list[CodexLayer]) -> list[Problem]:
    out = []
    seen: set[str] = set()
    for layer in layers:
        if layer.ignored_reason is None or not layer.read.exists or layer.folder is None:
            continue
        if str(layer.folder) in seen:
            continue
        seen.add(str(layer.folder))
        out.append(
            Problem(
                severity="warning",
                code="codex-project-untrusted",
                message=f"Codex does not load {visible(str(layer.folder))}/.codex: the "
                "folder is not trusted, so none of its hooks is listed or runs.",
                fix=f'Trust it in your config.toml: [projects."{visible(str(layer.folder))}"] '
                'trust_level = "trusted", or run `codex exec --trust` there once (only if you '
                "trust the repository; its hooks then still need trusting one by one).",
                file=str(layer.path),
            )
        )
    return out


def _project_state(layers: list[CodexLayer]) -> list[Problem]:
    out = []
    for layer in layers:
        if layer.scope != "project" or layer.read.kind != "toml" or not layer.read.usable:
            continue
        hooks = layer.value.get("hooks")
        if isinstance(hooks, dict) and "state" in hooks:
            out.append(
                Problem(
                    severity="warning",
                    code="codex-project-hook-state",
                    message="This project's config.toml holds a [hooks.state] table: Codex "
                    "ignores it (trust lives in your own config.toml only). A repository "
                    "that ships one may expect its hooks to run trusted; they do not.",
                    fix="Remove [hooks.state] from the project's config.toml.",
                    file=str(layer.path),
                )
            )
    return out


def _switch_problems(snapshot: CodexSnapshot, switch: Switches) -> list[Problem]:
    out = []
    off = switch.hooks_off
    if off is not None:
        whose = "This repository's" if off.scope == "project" else "This"
        out.append(
            Problem(
                severity="warning",
                code="codex-hooks-switched-off",
                message=f"{whose} config.toml sets [features] hooks = false: Codex runs no "
                "hook at all, your own included.",
                fix="Remove the setting, or set it to true in a later layer.",
                file=str(off.path),
            )
        )
    if switch.managed_only is not None and any(
        h.scope in ("user", "project") for h in snapshot.hooks
    ):
        out.append(
            Problem(
                severity="info",
                code="codex-managed-hooks-only",
                message="allow_managed_hooks_only = true in the managed requirements: your "
                "hooks and the project's do not run.",
                file=str(switch.managed_only.path),
            )
        )
    return out


def _hook_problems(hook: CodexHook) -> list[Problem]:
    out: list[Problem] = []
    where = {"file": hook.file, "pointer": hook.pointer, "line": hook.line}
    ident = visible(shorten(hook.id, 60))
    subject = f"{hook.scope} {visible(hook.event)} hook '{ident}'"
    if hook.matcher_invalid is not None:
        out.append(
            Problem(
                severity="warning",
                code="codex-invalid-matcher",
                message=f"The matcher of the {subject} is not a regex Codex accepts "
                f"({visible(hook.matcher_invalid)}): Codex drops its group.",
                fix="Fix the regex (Rust syntax: no look-around, no back-references).",
                **where,
            )
        )
    if hook.trust in ("untrusted", "modified") and hook.inactive_reason in (
        "untrusted",
        "modified",
    ):
        out.append(
            Problem(
                severity="warning",
                code=f"codex-hook-{hook.trust}",
                message=f"The {subject}: {visible(hook.trust_detail or '')}.",
                fix="Review it, then `hookdash trust --host codex ID` (or trust it in Codex's "
                "/hooks).",
                **where,
            )
        )
    if hook.review_detail:
        out.append(
            Problem(
                severity="warning",
                code="codex-hook-script-changed",
                message=f"The {subject} runs, but {visible(hook.review_detail)}: Codex's "
                "trust covers the command text only.",
                fix="Review the script again, then `hookdash trust --host codex ID`.",
                **where,
            )
        )
    if hook.risks:
        first = {
            kind: next(f for f in hook.risks if f.kind == kind) for kind in kinds_of(hook.risks)
        }
        examples = [f"{k} ({visible(shorten(f.span.text, 60))})" for k, f in first.items()]
        out.append(
            Problem(
                severity="warning",
                code="risky-command",
                message=f"The command of the {subject} or the script it runs does what a "
                f"reviewer must not miss: {'; '.join(examples)}.",
                fix="Read the command and its script; keep it only if you expect each of "
                "these (`hookdash list --host codex --json` lists every flag).",
                **where,
            )
        )
    missing = missing_program(
        hook.program,
        hook.runs,
        "which Codex CLI reports as a failed hook and goes on, so the hook never does its work",
        file=hook.file,
        pointer=hook.pointer,
        line=hook.line,
        subject=f"The {subject}: ",
    )
    if missing is not None:
        out.append(missing)
    for what, text in (("command", hook.command), ("matcher", hook.matcher)):
        found = hidden_characters(text, multiline=True) if isinstance(text, str) else []
        if found:
            more = f" and {len(found) - 1} more" if len(found) > 1 else ""
            out.append(
                Problem(
                    severity="error",
                    code="hidden-characters",
                    message=f"The {what} of a {visible(hook.event)} hook holds hidden "
                    f"characters ({found[0].label}{more}): what a reviewer reads is not what "
                    "Codex CLI runs.",
                    fix="Remove them (hookdash shows them as ␛, ␍ or <U+202E>); do not run it "
                    "until you know why they are there.",
                    **where,
                )
            )
    return out


def codex_problems(
    snapshot: CodexSnapshot, layers: list[CodexLayer], switch: Switches
) -> list[Problem]:
    out: list[Problem] = []
    for layer in layers:
        out += _file_problems(layer)
    out += _untrusted_projects(layers)
    out += _project_state(layers)
    out += _switch_problems(snapshot, switch)
    for hook in snapshot.hooks:
        out += _hook_problems(hook)
    return out
