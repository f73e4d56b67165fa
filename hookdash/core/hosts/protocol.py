"""The seam between what every agent shares and what is one agent's own rule.

hookdash manages the hooks of more than one coding agent. What differs between them - which
files they read and in what order, their event names and what each event's matcher is
tested against, how a matcher matches, which hooks run for an event, the version whose
behaviour is modelled, and which edits the agent's files allow - lives behind `Host`, one
implementation per agent in `core/hosts/<host>/`. Everything else in core (risk flags,
hidden characters, the JSONC reader and byte-preserving writer, the engine's process
handling, the run log, undo, the display rule) is shared and written once.

The model is harlequin's adapter boundary: a caller holding a `Host` never branches on
which agent it is; a caller that must (a view that shows Gemini's `trusted_hooks.json`
state) asks `host.name`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

HostName = Literal["gemini", "claude", "codex"]
HOST_NAMES: tuple[HostName, ...] = ("gemini", "claude", "codex")

# The edits a host's files allow, named by what they do to the user's files:
# "disabled-list": a per-hook off switch the agent reads (Gemini's hooksConfig.disabled);
# "park": no such switch, so hookdash moves the handler's exact text into its own state
#         and puts it back the same way (Claude Code);
# "global-switch": one key that switches every hook off (hooksConfig.enabled, disableAllHooks);
# "add" / "edit" / "remove": a hook's own entry; "trust": the agent's own per-hook trust file.
EditKind = Literal["disabled-list", "park", "global-switch", "add", "edit", "remove", "trust"]


@runtime_checkable
class Host(Protocol):
    """One agent, as hookdash models the shipped binary (not its docs).

    `snapshot` is what `list --host NAME --json` prints: its `hooks` are that host's hook
    records, each with `host == name`, its own `event` names and `scope` values (from
    `scopes`), and the fields CONTRACT §5 gives every hook (`file`, `line`, `command`,
    `matcher` as written, `type`, `runs`, `not_running_because`).
    """

    name: HostName
    label: str  # as a person names it: "Gemini CLI", "Claude Code"
    modelled_version: str  # the release whose behaviour the verdicts reproduce
    scopes: tuple[str, ...]  # its layers, in the order it reads them
    edits: frozenset[EditKind]

    def events(self) -> tuple[str, ...]:
        """Every event name the agent fires hooks for."""
        ...

    def match_field(self, event: str) -> str | None:
        """What `event`'s matcher is tested against (a tool name, a trigger), or None when
        the agent ignores matchers for that event."""
        ...

    def matches(self, matcher: Any, event: str, value: str | None) -> bool:
        """Whether a hook with `matcher` runs for `event` when the tested field is `value`."""
        ...

    def has_files(self, workspace: Path, environ: Mapping[str, str]) -> bool:
        """Whether any settings file of this agent exists for `workspace`: `list` and `check`
        without `--host` cover every host for which this is true."""
        ...

    def snapshot(self, workspace: Path, environ: Mapping[str, str]) -> Any:
        """Every hook with its verdict, the layers, the trust and the findings."""
        ...

    def plan(
        self,
        workspace: Path,
        environ: Mapping[str, str],
        event: str,
        tool: str | None = None,
        trigger: str | None = None,
    ) -> Any:
        """What the agent runs for one event, and why each other hook does not run."""
        ...

    def installed_version(self, environ: Mapping[str, str]) -> str | None:
        """The version of the agent installed on this machine, None when none is found."""
        ...
