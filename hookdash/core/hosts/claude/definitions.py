"""Where Claude Code 2.1.332 finds the skills and agents whose frontmatter may carry hooks
(`skills/<name>/SKILL.md` and `agents/*.md` of a `.claude` folder or a plugin's folder),
what each is called, when its hooks run, and when Claude drops all of them.

Kept apart from core.hosts.claude.scoped (which makes the listed hooks, with every verdict)
so that `hookdash scan`, the baseline and `list` find and judge these files the same way,
and a scan does not import what listing needs.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from hookdash.core.hosts.claude.schema import hook_errors

if TYPE_CHECKING:
    from hookdash.core.hosts.claude.frontmatter import Frontmatter
    from hookdash.core.hosts.claude.model import ClaudeHookSource, ClaudeScope
    from hookdash.core.hosts.claude.plugins import Plugin

# At most this many skills or agents are read from one folder (sorted by name): a folder
# of ten thousand files costs no more than this.
MAX_ENTRIES = 500
# A skill's SessionEnd hook, as 2.1.332 does it (observed).
SKILL_SESSION_END = (
    "a skill's SessionEnd hook did not run in Claude Code 2.1.332: the skill's hooks are "
    "gone by then"
)
# What Claude's frontmatter check refuses at the top level, outside `hooks` (read).
_TOP_LEVEL_GUARDS = ("PreToolUse", "PermissionRequest")


class Definition:
    """One skill or agent file Claude Code reads, and whose it is."""

    __slots__ = ("path", "plugin", "scope", "source")
    source: Final[ClaudeHookSource]  # "skill" or "agent"
    path: Final[Path]
    scope: Final[ClaudeScope]
    plugin: Final[Plugin | None]

    def __init__(
        self, source: ClaudeHookSource, path: Path, scope: ClaudeScope, plugin: Plugin | None = None
    ) -> None:
        self.source = source
        self.path = path
        self.scope = scope
        self.plugin = plugin


def _names(directory: Path) -> list[str]:
    try:
        with os.scandir(directory) as entries:
            names = sorted(e.name for e in entries if not e.name.startswith("."))
    except OSError:
        return []
    return names[:MAX_ENTRIES]


def folder_definitions(
    folder: Path, scope: ClaudeScope, plugin: Plugin | None = None
) -> list[Definition]:
    """The skills and agents of one folder (a `.claude` folder, or a plugin's root)."""
    return [
        *kind_definitions(folder, "skill", scope, plugin),
        *kind_definitions(folder, "agent", scope, plugin),
    ]


def kind_definitions(
    folder: Path, source: ClaudeHookSource, scope: ClaudeScope, plugin: Plugin | None = None
) -> list[Definition]:
    """The skills (`skills/<name>/SKILL.md`) or the agents (`agents/*.md`) of one folder."""
    if source == "skill":
        return [
            Definition("skill", folder / "skills" / name / "SKILL.md", scope, plugin)
            for name in _names(folder / "skills")
        ]
    return [
        Definition("agent", folder / "agents" / name, scope, plugin)
        for name in _names(folder / "agents")
        if name.endswith(".md")
    ]


def definition_name(definition: Definition, value: dict[str, Any]) -> str:
    """A skill's name is its folder's (what `/name` and the Skill tool call); an agent's is
    its frontmatter `name` (the subagent type), else the file's stem."""
    path = definition.path
    if definition.source == "skill":
        return path.parent.name
    given = value.get("name")
    return given.strip() if isinstance(given, str) and given.strip() else path.stem


def lifetime(source: ClaudeHookSource, name: str) -> str:
    """When a skill's or an agent's hooks run, in one sentence."""
    if source == "skill":
        return (
            f"once the skill '{name}' is used in a session (the Skill tool or /{name}), "
            "from then to the end of that session"
        )
    return f"only while the subagent '{name}' runs (its own tool calls)"


def dropped_whole_of(definition: Definition, front: Frontmatter) -> str | None:
    """Why Claude loads this skill or agent with none of its hooks, or None."""
    what = definition.source
    without = " and no allowed-tools" if what == "skill" else ""
    guards = [key for key in _TOP_LEVEL_GUARDS if key in front.value]
    if guards:
        return (
            f"{guards[0]} is written at the frontmatter's top level, outside `hooks`: "
            f"Claude Code loads the {what} with no hooks{without}"
        )
    hooks = front.value.get("hooks")
    fatal = hook_errors({"hooks": hooks}).fatal
    if fatal:
        pointer, why = fatal[0]
        return (
            f"the {what}'s hooks fail Claude Code's schema at {pointer} ({why}): Claude "
            f"loads the {what} with no hooks{without}, without a word"
        )
    return None
