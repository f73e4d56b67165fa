"""One command run twice at the same moment: configured in two agents' files, and run by
an agent that reads both.

A repository that wants the same guard in Claude Code and Copilot CLI writes it in
`.claude/settings.json` and in `.github/hooks/guard.json`; Copilot CLI 1.0.102 runs both
files, so every prompt runs the guard twice (github/copilot-cli#2338). The scan knows
who runs each hook (its owner, and `also_run_by`), the kind of moment each event is (the
owner's reader's `event_kind`) and the command: a runner that gets the same command, at the
same kind of moment, with matchers that can both match, from files of two different agents,
is a finding.

Commands are compared as written, with each agent's project-directory variables read as
the root (`"$CLAUDE_PROJECT_DIR"/x.sh` and `./x.sh` are one script) and white space
collapsed; two commands that differ otherwise are not called the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from hookdash.core.display import shorten
from hookdash.core.hosts.scanned import AGENT_NAMES
from hookdash.core.lazy_regex import lazy_compile
from hookdash.core.rules import rule
from hookdash.core.scan.model import Finding, ScannedHook
from hookdash.core.scan.reader import AgentReader

_SPACE = lazy_compile(r"\s+")


def double_firings(hooks: Sequence[ScannedHook], readers: Iterable[AgentReader]) -> list[Finding]:
    """A finding for each command an agent runs twice at one moment because two agents'
    files configure it."""
    by_agent = {reader.agent: reader for reader in readers}
    variables = sorted(
        {name for reader in by_agent.values() for name in reader.variables}, key=len, reverse=True
    )
    groups: dict[tuple[str, str, str], list[ScannedHook]] = {}
    for hook in hooks:
        reader = by_agent.get(hook.agent)
        if hook.kind != "hook" or reader is None:
            continue
        moment = reader.event_kind(hook.event)
        key = command_key(hook.command, variables)
        for runner in (hook.agent, *(also.agent for also in hook.also_run_by)):
            groups.setdefault((runner, moment, key), []).append(hook)
    findings: list[Finding] = []
    level = rule("double-firing").level
    for (runner, moment, _key), group in groups.items():
        pairs = _pairs(group)
        if not pairs:
            continue
        first, second = pairs[0]
        runner_name = AGENT_NAMES.get(runner, runner)
        findings.append(
            Finding(
                rule_id="double-firing",
                level=level,
                message=(
                    f"{runner_name} runs `{shorten(first.command, 100)}` twice at each "
                    f"{moment} event: from {_where(first)} ({AGENT_NAMES[first.agent]}'s "
                    f"{first.event} hook) and from {_where(second)} "
                    f"({AGENT_NAMES[second.agent]}'s {second.event} hook)."
                ),
                agent=runner,
                file=second.file,
                line=second.line,
            )
        )
    return findings


def command_key(command: str, variables: Sequence[str]) -> str:
    """The command with project-directory variables read as `.` and white space
    collapsed (`"$CLAUDE_PROJECT_DIR"/x.sh` → `./x.sh` → `x.sh`)."""
    text = command.strip()
    for name in variables:
        for form in (f'"${{{name}}}"', f'"${name}"', f"${{{name}}}", f"${name}"):
            text = text.replace(form, ".")
    text = _SPACE.sub(" ", text)
    return re.sub(r"(^|\s)\./", r"\1", text)


def _pairs(group: list[ScannedHook]) -> list[tuple[ScannedHook, ScannedHook]]:
    """Pairs of hooks of two different agents whose matchers can both match."""
    found = []
    for i, first in enumerate(group):
        for second in group[i + 1 :]:
            if first.agent != second.agent and _overlap(first.matcher, second.matcher):
                found.append((first, second))
    return found


def _overlap(a: str | None, b: str | None) -> bool:
    """Whether two matchers can match the same call: an absent, empty or `*` matcher
    matches everything; otherwise a tool name (or `|` alternative) in common, without
    case (agents spell their tools differently: Bash, bash)."""
    if a in (None, "", "*") or b in (None, "", "*"):
        return True
    assert a is not None and b is not None
    left = {part.strip().casefold() for part in a.split("|")}
    right = {part.strip().casefold() for part in b.split("|")}
    return bool(left & right)


def _where(hook: ScannedHook) -> str:
    return f"{hook.file}:{hook.line}" if hook.line else hook.file
