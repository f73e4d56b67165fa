"""The model every floor shares: a hook and its verdict, a problem, the loaded
configuration (`Snapshot` is what `list --json` prints; `Configuration` adds what the
engine and the edits need).

Only data lives here; `load` builds it, `run` and `edit` use it, `present` words it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

# The risk flags and unknowns live in core.findings (the ground floor); named here too,
# where every reader of a hook record has always found them.
from hookdash.core.findings import (
    RISK_KINDS as RISK_KINDS,
    RiskFlag as RiskFlag,
    RiskKind as RiskKind,
    RiskSpan as RiskSpan,
    Unknown as Unknown,
)
from hookdash.core.hosts.gemini.environment import GeminiEnvironment
from hookdash.core.hosts.gemini.extensions import Extension, ExtensionInfo
from hookdash.core.hosts.gemini.folder_trust import FolderTrust
from hookdash.core.hosts.gemini.layers import Layer, LayerInfo, Scope
from hookdash.core.hosts.gemini.versions import GeminiModel
from hookdash.core.mcp_server import McpServer as McpServer, McpStarts as McpStarts
from hookdash.core.problems import Problem
from hookdash.core.records import HookRecord, HookRef as HookRef, HostSnapshot
from hookdash.core.scripts import ScriptInfo
from hookdash.core.shown import ShownHook

if TYPE_CHECKING:
    from hookdash.core.hosts.claude.model import ClaudeSnapshot
    from hookdash.core.hosts.gemini.registry import VerdictContext

# ------------------------------------------------------------------ hooks

HookScope = Literal["system-defaults", "user", "workspace", "system", "extension"]
TrustState = Literal["trusted", "new", "changed", "not-applicable"]
# Why a hook is not among the hooks Gemini would consider for its event (plan `reason`).
InactiveReason = Literal[
    "gemini-refuses-to-start",
    "hooks-disabled",
    "untrusted-folder",
    "ignored-layer",
    "unknown-event",
    "invalid",
    "disabled",
]
# Gemini's ConfigSource values; settings hooks are always "project", extension hooks
# "extensions" (the others exist in Gemini's code but no file produces them).
GeminiSource = Literal["runtime", "project", "user", "system", "extensions"]


class HookNames(BaseModel):
    """What names one hook in a report about it (a run, a hook the plan skipped)."""

    model_config = ConfigDict(defer_build=True)  # built on first use (not by `list`)

    id: str
    key: str
    scope: HookScope
    extension: str | None = None
    ref: str


class Hook(HookRecord, BaseModel):
    """One configured hook and what Gemini CLI would do with it (`list --json`)."""

    host: Literal["gemini"] = "gemini"  # every hook record names its host
    id: str
    key: str
    ref: str
    event: str
    scope: HookScope
    extension: str | None = None
    file: str
    pointer: str
    line: int | None = None
    gemini_source: GeminiSource
    matcher: Any = None
    sequential: bool
    sequential_raw: Any = None
    type: Any = None
    name: str | None = None
    command: str | None = None
    command_raw: str | None = None
    description: str | None = None
    timeout_ms: int | float  # Number(timeout ?? 60000): an int unless the file says otherwise
    timeout_raw: Any = None  # as written (after Gemini's coercion); None: not given
    env: dict[str, str] = {}
    order: int | None = None
    disabled: bool = False
    disabled_in: list[str] = []
    legacy_disabled_in: list[str] = []
    trust: TrustState = "not-applicable"
    trust_detail: str | None = None
    will_register: bool = False
    runs: bool = False
    not_running_because: list[str] = []
    invalid: str | None = None  # why Gemini discards it (validateHookConfig), or None
    inactive_reason: InactiveReason | None = None
    duplicate_of: HookRef | None = None
    # The script a one-script view shows: the first of `scripts`, else the tool on PATH
    # its first simple command runs.
    script: ScriptInfo | None = None
    # Every project script and piece of project code (npm script, make recipe) the
    # command runs, in the order bash reaches them (core.load.command_scripts).
    scripts: list[ScriptInfo] = []
    # Why hookdash cannot tell every script it runs (a program built at run time, …).
    script_unresolved: str | None = None
    # The files the command reaches that could not be followed (CommandScripts.unknowns):
    # read into `unknowns` when the hook's risks are assigned; not an output field.
    reached_unknowns: list[Unknown] = Field(default=[], exclude=True)
    unknown_keys: list[str] = []  # keys of the hook object Gemini does not read
    # What a reviewer must not miss in the command or its script (core.load.risks).
    risks: list[RiskFlag] = []
    # Whether hookdash knows every program, option and file the hook runs, and the parts
    # it does not (core.load.understood). Quiet only with no risks and understood; a record
    # nothing analysed is not understood.
    understood: bool = False
    unknowns: list[Unknown] = []

    def as_ref(self) -> HookRef:
        return HookRef(id=self.id, scope=self.scope, extension=self.extension, ref=self.ref)

    def names(self) -> dict[str, Any]:
        """The `HookNames` fields of this hook, to build a report about it."""
        return {name: getattr(self, name) for name in HookNames.model_fields}

    @property
    def shown(self) -> ShownHook:
        """Its text as a terminal may show it (core.display's rule): how views read it."""
        return ShownHook(self)

    @property
    def layer_label(self) -> str:
        return f"extension {self.extension}" if self.scope == "extension" else self.scope

    @property
    def switched_off(self) -> bool:
        return self.disabled

    @property
    def is_duplicate(self) -> bool:
        return self.duplicate_of is not None


# ------------------------------------------------------------------ the configuration


class Telemetry(BaseModel):
    """Where Gemini CLI writes its telemetry file, if anywhere."""

    enabled: bool
    outfile: str | None
    log_prompts: bool
    configured_by: str | None = None


class Snapshot(HostSnapshot, BaseModel):
    """Everything `hookdash list --json` prints."""

    # Not printed: `list --json` without `--host` is this object with every host's hooks
    # appended, so a top-level `host` would be wrong there.
    host: Literal["gemini"] = Field("gemini", exclude=True)
    workspace: str
    home: str
    gemini_version: str | None  # the installed Gemini CLI's, None when none is found
    gemini: GeminiModel  # which Gemini CLI the verdicts model, and why
    hooks_enabled: bool
    gemini_starts: bool
    folder_trust: FolderTrust
    telemetry: Telemetry
    layers: list[LayerInfo]
    extensions: list[ExtensionInfo]
    hooks: list[Hook]
    problems: list[Problem]
    # The MCP servers the settings and extensions bring (core.hosts.gemini.mcp_servers).
    mcp_servers: list[McpServer] = []
    # The configuration this snapshot is the report of (what the Gemini host's writes and
    # fire need from a snapshot it handed out); set by `Configuration`.
    _configuration: Configuration | None = PrivateAttr(default=None)

    @property
    def configuration(self) -> Configuration | None:
        return self._configuration


@dataclass(eq=False, repr=False)
class Configuration:
    """The loaded configuration: the report plus what edits and the engine need."""

    env: GeminiEnvironment
    layers: dict[Scope, Layer]
    extensions: list[Extension]
    merged: dict[str, Any]
    trust_store: dict[str, list[str]]
    snapshot: Snapshot
    # What every hook's verdict was judged with (a draft hook is judged the same way).
    verdicts: VerdictContext | None = None
    # Loaded for one edit of the hook(s) this argument names (`load.focus`): a large
    # settings file's other hooks were not built, and the checks did not run.
    focus: str | None = None
    # With `focus`, when asked: the identifiers closest to it among the hooks the focused
    # load did not build, for "did you mean" (see `load.focus`).
    unbuilt_close: list[str] = field(default_factory=list)
    # Claude Code's configuration of the same workspace, for the views that show every
    # host (the dashboard); None when not loaded or Claude Code has no file there.
    claude: ClaudeSnapshot | None = None
    # Every other host's snapshot of the same workspace that has a file there (those that
    # register dashboard pieces in tui/hosts: Codex CLI), for the views that show every host.
    more_hosts: list[HostSnapshot] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.snapshot._configuration = self
        self.snapshot.remember_environ(self.env.environ)

    @property
    def hooks(self) -> list[Hook]:
        return self.snapshot.hooks

    @property
    def thinned(self) -> bool:
        """Whether a focused load left hooks of a large settings file unbuilt."""
        return any(layer.thinned for layer in self.layers.values())
