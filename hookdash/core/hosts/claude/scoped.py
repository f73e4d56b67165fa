"""The hooks of Claude Code's skills and agents: the `hooks:` key of the YAML frontmatter of
a skill's `SKILL.md` and of an agent's `.md`, as 2.1.332 runs them
(tests/claude/observed-2.1.332.md, "Skills and agents"; each rule below was seen in a
`claude -p` run unless it says "read").

Where: `skills/<name>/SKILL.md` and `agents/*.md` under the workspace's `.claude` (project),
Claude's own folder (`$CLAUDE_CONFIG_DIR`, else `~/.claude`: user), the managed folder's
`.claude` (managed, read) and the folder of each plugin Claude loads (plugin).

When they run:
- a **skill's** hooks are added to the session when the skill is used (the model's Skill
  tool call, or `/<name>`) and stay for the rest of the session: its PostToolUse hook
  already runs for that Skill call, its PreToolUse hooks for every later tool call, its
  Stop hook at the end of the turn. Its SessionEnd hook did not run.
- an **agent's** hooks run only while that subagent runs (its own tool calls; the main
  conversation's are not theirs); its `Stop` hook runs as SubagentStop when it finishes.
  A **project** agent's hooks are skipped while the folder is not trusted, even under
  `claude -p` (the binary logs "Skipping frontmatter hooks for agent …: the folder its
  definition file came from is not trusted"); a user agent's run.
- The frontmatter's `hooks` are checked as a settings file's are: an invalid entry under
  a guard event (PreToolUse, PermissionRequest, PreSkillShellCommand), or PreToolUse or
  PermissionRequest written at the frontmatter's top level, and the skill or agent loads
  with no hooks at all (a skill also without its allowed-tools); under another event the
  entry alone is dropped; an unknown event is ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from hookdash.core.display import visible
from hookdash.core.hosts.claude.checks import handler_risks
from hookdash.core.hosts.claude.definitions import (
    SKILL_SESSION_END,
    Definition,
    definition_name,
    dropped_whole_of,
    folder_definitions,
    lifetime,
)
from hookdash.core.hosts.claude.events import KNOWN_EVENTS
from hookdash.core.hosts.claude.files import SettingsRead
from hookdash.core.hosts.claude.frontmatter import read_frontmatter
from hookdash.core.hosts.claude.hook_making import Switches, _handlers, dedup_key, make_hook
from hookdash.core.hosts.claude.layers import ClaudeLayer, claude_home, managed_dir
from hookdash.core.hosts.claude.model import (
    ClaudeFolderTrust,
    ClaudeHook,
    ClaudeInactive,
)
from hookdash.core.hosts.claude.plugins import Plugin
from hookdash.core.hosts.claude.schema import hook_errors
from hookdash.core.problems import Problem


def definitions(
    workspace: Path, environ: Mapping[str, str], plugins: list[Plugin]
) -> list[Definition]:
    """Every skill and agent file whose hooks Claude Code may run in `workspace`."""
    out = folder_definitions(workspace / ".claude", "project")
    out += folder_definitions(claude_home(environ), "user")
    out += folder_definitions(managed_dir(environ) / ".claude", "managed")
    for plugin in plugins:
        if plugin.root is not None and plugin.unavailable is None:
            out += folder_definitions(plugin.root, "plugin", plugin)
    return out


def _reasons(
    hook: ClaudeHook,
    definition: Definition,
    switch: Switches,
    trust: ClaudeFolderTrust,
    dropped_whole: str | None,
    dropped: list[tuple[str, str]],
) -> list[tuple[ClaudeInactive, str]]:
    plugin = definition.plugin
    managed = plugin.managed if plugin is not None else definition.scope == "managed"
    hook.managed = managed
    reasons: list[tuple[ClaudeInactive, str]] = []
    verdict = switch.verdict("managed" if managed else definition.scope)
    if verdict is not None:
        reasons.append((verdict.reason, verdict.why))
    off = plugin.why_off() if plugin is not None else None
    if off is not None:
        reasons.append(("plugin-off", off))
    if dropped_whole is not None:
        reasons.append(("invalid", dropped_whole))
    for where, why in dropped:
        if hook.pointer == where or hook.pointer.startswith(where + "/"):
            reasons.append(("invalid", f"Claude Code ignores this entry ({why}), without a word"))
    written = hook.written_event or hook.event
    if written not in KNOWN_EVENTS:
        reasons.append(
            (
                "unknown-event",
                f"Claude Code 2.1.332 has no event '{written}': it ignores these hooks "
                "without a word",
            )
        )
    if definition.source == "agent" and definition.scope == "project" and trust.state != "trusted":
        reasons.append(
            (
                "untrusted-folder",
                "Claude Code skips a project agent's frontmatter hooks until the folder is "
                "trusted (accept its trust dialog once), even under claude -p",
            )
        )
    if definition.source == "skill" and written == "SessionEnd":
        reasons.append(("not-fired", SKILL_SESSION_END))
    return reasons


def scoped_hooks(
    defs: list[Definition],
    switch: Switches,
    trust: ClaudeFolderTrust,
) -> tuple[list[ClaudeHook], list[Problem]]:
    """The frontmatter hooks of `defs`, each with Claude Code's verdict (no duplicates are
    marked: a skill's or an agent's hooks join the session's apart from the settings'),
    and a finding for each frontmatter that does not parse."""
    out: list[ClaudeHook] = []
    problems: list[Problem] = []
    for definition in defs:
        front = read_frontmatter(definition.path)
        if front.error is not None:
            problems.append(_unparsed(definition, front.error, front.error_line))
        hooks = front.value.get("hooks")
        if hooks is None:
            continue
        name = definition_name(definition, front.value)
        read = SettingsRead(definition.path, exists=True, value={"hooks": hooks})
        layer = ClaudeLayer(definition.scope, read)
        dropped_whole = dropped_whole_of(definition, front)
        dropped = hook_errors({"hooks": hooks}).dropped
        root = definition.plugin.root if definition.plugin is not None else None
        for event, matcher, pointer, handler in _handlers(layer):
            hook = make_hook(layer, event, matcher, pointer, handler, front, definition.plugin)
            hook.key = dedup_key(handler, str(root or definition.path))
            hook.risks = handler_risks(handler)  # the command's own: load_claude adds them
            hook.source = definition.source
            hook.source_name = name
            hook.lifetime = lifetime(definition.source, name)
            if definition.source == "agent" and event == "Stop":
                hook.event, hook.written_event = "SubagentStop", "Stop"
            reasons = _reasons(hook, definition, switch, trust, dropped_whole, dropped)
            hook.runs = not reasons
            hook.not_running_because = [why for _, why in reasons]
            hook.inactive_reason = reasons[0][0] if reasons else None
            out.append(hook)
    return out, problems


def _unparsed(definition: Definition, error: str, line: int | None) -> Problem:
    what = definition.source
    return Problem(
        severity="warning",
        code="claude-frontmatter-unparsed",
        message=f"The frontmatter of the {definition.scope} {what} is {visible(error)}: Claude "
        f"Code loads the {what} without any of its frontmatter (its hooks included), with a "
        "warning in its debug log only.",
        fix="Make the block between the --- lines valid YAML.",
        file=str(definition.path),
        line=line or 1,
    )
