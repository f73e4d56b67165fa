"""The host-neutral records: what every host's hook, plan, run, fire and snapshot have in
common, so a screen, a command or a test reads any host's the same way.

Each host subclasses these with its own fields and narrows the shared ones to its own
vocabulary (Gemini's `scope` is one of its five layers, Claude's `trust` its folder trust):
`core.model.Hook` and `core.hosts.claude.model.ClaudeHook` are `HookRecord`s. A field here
means the same thing for every host; a field only one host has stays in that
host's subclass. (A subclass names `BaseModel` again among its bases: the linter then knows
it for a pydantic model, whose list defaults are copied, not shared.) The ground floor:
this imports only the other ground modules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict, JsonValue, PrivateAttr

from hookdash.core.findings import RiskFlag, Unknown
from hookdash.core.other_agents import AlsoRunBy
from hookdash.core.problems import Problem
from hookdash.core.scripts import ScriptInfo
from hookdash.core.shown import ShownHook, ShownRun

# Each model's validator is built on its first use, not at import (defer_build): a
# command imports these for a few of them (`scan` builds none), and building them
# all was a tenth of its start-up.


def command_pointer(
    pointer: str, handler: object, fields: Sequence[str] = ("command", "url")
) -> str:
    """The JSON pointer of the member that holds a hook's command (an http hook's URL), else
    the hook's own `pointer`: every host's `list` and `check`, and `scan`, give a hook the
    line its command is written on, so the same hook has one line wherever it is named."""
    if isinstance(handler, Mapping):
        for field in fields:
            if isinstance(handler.get(field), str):
                return f"{pointer}/{field}"
    return pointer


class HookRef(BaseModel):
    """Enough to name one hook unambiguously, of any host."""

    model_config = ConfigDict(defer_build=True)

    id: str
    scope: str  # the host's own scope name (HookScope for Gemini, ClaudeScope for Claude)
    extension: str | None = None
    ref: str


class HookRecord(BaseModel):
    """One hook of any host and what that host does with it (`hooks` in `list --json`)."""

    model_config = ConfigDict(defer_build=True)

    host: str  # the host's name (core.hosts.protocol.HostName)
    id: str  # what names it in a list and on the command line
    ref: str  # unique among the host's hooks (file and position)
    key: str | None  # the host's own identity of the hook (dedup or trust key)
    event: str  # the host's own event name
    scope: str  # the host's own layer name (one of `Host.scopes`)
    file: str
    pointer: str  # JSON pointer (or the host's own path) of the hook in `file`
    line: int | None = None
    matcher: JsonValue = None  # as written; None when absent
    type: JsonValue = None  # as written ("command" for a command hook)
    command: str | None = None  # the command it runs (None: not a command hook)
    runs: bool = False  # the host would run it for its event today
    not_running_because: list[str] = []  # short human reasons, when it does not
    # The host's own trust vocabulary (Gemini: trusted|new|changed; Codex: trusted|
    # untrusted|modified|...), "not-applicable" where the host asks for none.
    trust: str = "not-applicable"
    risks: list[RiskFlag] = []
    # Whether hookdash knows every program the hook starts and every file it reaches, and
    # what it did not understand ("understood or flagged": quiet only when both are empty).
    understood: bool = False
    unknowns: list[Unknown] = []
    # Every project script the command runs (shared `find_scripts`).
    scripts: list[ScriptInfo] = []
    # Every other agent that runs this hook (a project file other agents read too: a
    # repository's .claude/settings.json is run by Copilot CLI), and when (core.scan.also_run).
    also_run_by: list[AlsoRunBy] = []

    @property
    def shown(self) -> ShownHook:
        """Its text as a terminal may show it (core.display's rule): how views read it."""
        return ShownHook(self)

    @property
    def layer_label(self) -> str:
        """Its layer as a list groups it."""
        return self.scope

    @property
    def switched_off(self) -> bool:
        """Switched off one by one, by the host's per-hook switch (`Host.switch`)."""
        return False

    @property
    def is_duplicate(self) -> bool:
        """A copy of another hook that the host runs once (this copy is not run again)."""
        return False


class PlanSkip(BaseModel):
    """A hook of the event a plan left out, and why (`skipped` in `plan --json`)."""

    model_config = ConfigDict(defer_build=True)

    id: str
    ref: str
    scope: str
    reason: str  # the host's own reason word (the plan's shared vocabulary, plus its own)


class HostPlan(BaseModel):
    """What a host runs for one event, in order, and why each other hook does not run."""

    model_config = ConfigDict(defer_build=True)

    host: str
    event: str
    sequential: bool = False
    hooks: Sequence[HookRecord]
    skipped: Sequence[PlanSkip]


class RunResult(BaseModel):
    """One hook run by hookdash's engine, of any host (`results` in `fire --json`)."""

    model_config = ConfigDict(defer_build=True)

    host: str
    id: str
    key: str | None
    ref: str
    scope: str
    extension: str | None = None
    event: str | None = None
    command: str | None
    input: dict[str, JsonValue]
    started_at: str
    duration_ms: int
    exit_code: int | None = None
    signal: int | None = None
    success: bool
    timed_out: bool = False
    executed: bool = True  # spawned at all
    stdout: str = ""
    stderr: str = ""
    stdout_bytes: int = 0
    stderr_bytes: int = 0
    stdout_truncated: bool = False
    stderr_truncated: bool = False
    output: JsonValue = None  # the parsed output, as the host reads it
    output_format: str | None = None
    error: str | None = None

    @property
    def shown(self) -> ShownRun:
        """Its text as a terminal may show it (core.display's rule): how views read it."""
        return ShownRun(self)


class FireOutcome(BaseModel):
    """What `fire` did for one event, of any host (`fire --json`)."""

    model_config = ConfigDict(defer_build=True)

    host: str
    event: str
    run_id: str
    input: dict[str, JsonValue]
    sequential: bool
    hook: str | None = None  # the ref of the one hook fired with --hook
    results: Sequence[RunResult]
    skipped: Sequence[PlanSkip] = []
    aggregate: dict[str, JsonValue] | None = None
    effect: str  # one sentence on what the host would do
    warnings: list[str] = []


class HostSnapshot(BaseModel):
    """Everything one host's `list --json` prints: its hooks with their verdicts and the
    problems found in its files. Each host's snapshot adds its layers, trust and the rest."""

    model_config = ConfigDict(defer_build=True)

    host: str
    workspace: str
    home: str
    hooks_enabled: bool  # the host's global switch is on
    hooks: Sequence[HookRecord]
    problems: list[Problem]
    # The environment it was read with (never printed: it may hold secrets); the host's
    # other operations on this snapshot run with it.
    _environ: dict[str, str] = PrivateAttr(default_factory=dict)

    @property
    def environ(self) -> Mapping[str, str]:
        return self._environ

    def remember_environ(self, environ: Mapping[str, str]) -> None:
        self._environ = dict(environ)

    @property
    def has_errors(self) -> bool:
        return any(p.severity == "error" for p in self.problems)


class WriteResult(BaseModel):
    """What a write did (or, dry run, would do): every host's switch, add, edit, remove and
    trust report at least this (`core.edit.edits.EditResult` adds each change)."""

    model_config = ConfigDict(defer_build=True)

    changed: bool
    message: str
    notes: list[str] = []


class Workspace(BaseModel):
    """Every host's snapshot of one workspace, in the registry's order: what the views that
    show every host (the dashboard, `list` and `check` without `--host`) read."""

    model_config = ConfigDict(defer_build=True)

    path: str
    snapshots: dict[str, HostSnapshot] = {}

    def hooks(self) -> list[HookRecord]:
        """Every host's hooks, host by host."""
        return [hook for snap in self.snapshots.values() for hook in snap.hooks]

    def snapshot(self, host: str) -> HostSnapshot | None:
        return self.snapshots.get(host)


class NewHook(BaseModel):
    """One command hook to add (`add`), in host-neutral terms; each host writes it in its
    own shape and refuses what its files cannot hold (`InvalidHookError`)."""

    model_config = ConfigDict(defer_build=True)

    event: str
    command: str
    matcher: str | None = None  # None or "": every tool / trigger
    timeout: int | float | str | None = None  # in `Host.timeout_unit`; text is parsed
    name: str | None = None  # where the host has one (Gemini)
    description: str | None = None
    sequential: bool = False  # where the host has it (Gemini)


class HookChange(BaseModel):
    """The fields `edit` changes: None leaves a field as it is, "" removes an optional one."""

    model_config = ConfigDict(defer_build=True)

    command: str | None = None
    matcher: str | None = None
    timeout: int | float | str | None = None  # in `Host.timeout_unit`
    name: str | None = None
    description: str | None = None
    sequential: bool | None = None

    @property
    def empty(self) -> bool:
        return all(v is None for v in self.model_dump().values())


# A JSON value as a host's input payload carries it (the fire payload, `--input`).
Payload = Mapping[str, JsonValue]
