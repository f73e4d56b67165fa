"""The Codex CLI host's records: a hook and its verdict, a file Codex reads, the loaded
configuration (`list --host codex --json`) and a plan."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from hookdash.core.findings import RiskFlag, Unknown
from hookdash.core.hosts.codex.layers import CodexScope
from hookdash.core.problems import Problem
from hookdash.core.records import HookRecord, HostPlan, HostSnapshot, PlanSkip
from hookdash.core.scripts import ScriptInfo
from hookdash.core.shown import ShownHook

# Codex's own per-hook trust, as `hooks/list`'s trustStatus says it, plus what hookdash
# can tell beside it: switched off in hooks.state, or a project Codex does not load.
CodexTrust = Literal["trusted", "untrusted", "modified", "disabled", "managed", "project-untrusted"]
# Why a hook does not run (plan's `reason`).
CodexInactive = Literal[
    "codex-refuses-to-start",  # a config.toml does not load: Codex has no configuration
    "hooks-disabled",  # [features] hooks = false
    "ignored-layer",  # allow_managed_hooks_only, or a project folder Codex does not trust
    "invalid",  # its hooks.json is refused whole
    "untrusted",  # never trusted: skipped without a word
    "modified",  # changed since trusted: skipped without a word
    "disabled",  # enabled = false in the user's hooks.state
    "matcher",
]

UNTRUSTED_SENTENCE = "Codex skips this hook without a word: you never trusted it"


class CodexHook(HookRecord, BaseModel):
    """One command handler of a Codex hook file and what Codex CLI 0.171.0 does with it."""

    host: Literal["codex"] = "codex"
    id: str  # what names it in a list: its command
    ref: str  # unique: Codex's own key
    key: str  # Codex's hook key: <absolute file>:<event_snake>:<group>:<handler>
    event: str
    scope: CodexScope
    file: str
    pointer: str
    line: int | None = None
    matcher: str | None = None  # as written; None when absent (or null)
    match_field: str | None = None
    matcher_invalid: str | None = None  # Codex drops the group: its regex error
    type: Literal["command"] = "command"
    command: str
    timeout: int | float  # seconds, as Codex reads it (default 600; 1 for SessionEnd, Interrupt)
    timeout_raw: Any = None  # as written; None when absent
    is_async: bool = False  # `async` as written
    status_message: str | None = None
    current_hash: str  # sha256:… of what Codex hashes (core.hosts.codex.trust)
    trusted_hash: str | None = None  # in the user's hooks.state, None when absent
    enabled: bool = True  # hooks.state's `enabled` (false stops even a trusted hook)
    trust: CodexTrust
    trust_detail: str | None = None  # the sentence where Codex is silent
    runs: bool = False
    not_running_because: list[str] = []
    inactive_reason: CodexInactive | None = None
    folder: str | None = None  # a project hook's folder (the one holding .codex)
    # hookdash's own review (per hook, beside Codex's hash): the scripts it runs changed
    # since you trusted it through hookdash (Codex's hash covers the command text only).
    review_detail: str | None = None
    scripts: list[ScriptInfo] = []
    # The program its command starts when that is a tool found (or not) on the PATH Codex
    # hands its hooks: the `command-not-found` check. Not part of the record a command prints.
    program: ScriptInfo | None = Field(default=None, exclude=True)
    risks: list[RiskFlag] = []
    understood: bool = False  # true only once the shared call says so
    unknowns: list[Unknown] = []

    @property
    def shown(self) -> ShownHook:
        return ShownHook(self)

    @property
    def layer_label(self) -> str:
        return f"codex {self.scope}"

    @property
    def disabled(self) -> bool:
        return not self.enabled

    @property
    def switched_off(self) -> bool:
        return not self.enabled

    @property
    def hookdash_fires(self) -> bool:
        return True

    # What the shared views (the dashboard's list, core.present) read of a host's own hook:
    # its badges (kind, label).
    def host_badges(self) -> list[tuple[str, str]]:
        """The state badge, then Codex's trust where it is why the hook does not run."""
        if self.runs:
            state = ("runs", "runs")
        elif self.trust == "disabled":
            state = ("disabled", "disabled")
        else:
            state = ("not-running", f"off: {_OFF_WORDS.get(self.inactive_reason or '', 'off')}")
        badges = [state]
        trust = _TRUST_BADGES.get(self.trust)
        if trust is not None:
            badges.append(trust)
        if self.review_detail:
            badges.append(("changed", "SCRIPT CHANGED"))
        return badges


_OFF_WORDS = {
    "codex-refuses-to-start": "config broken",
    "hooks-disabled": "hooks off",
    "ignored-layer": "not loaded",
    "invalid": "invalid",
    "untrusted": "untrusted",
    "modified": "modified",
    "disabled": "disabled",
    "matcher": "matcher",
}
# Trust states Codex is silent about, as the list's NEW / CHANGED badges say them.
_TRUST_BADGES: dict[str, tuple[str, str]] = {
    "untrusted": ("new", "UNTRUSTED"),
    "modified": ("changed", "MODIFIED"),
    "project-untrusted": ("new", "PROJECT UNTRUSTED"),
}


class CodexFileInfo(BaseModel):
    """One file Codex reads hooks from (`layers` of `list --host codex --json`)."""

    scope: CodexScope
    path: str
    kind: Literal["json", "toml"]
    exists: bool
    loaded: bool
    ignored_reason: str | None = None
    error: str | None = None
    line: int | None = None
    column: int | None = None
    folder: str | None = None


class CodexSnapshot(HostSnapshot, BaseModel):
    """Everything `hookdash list --host codex --json` prints."""

    host: Literal["codex"] = "codex"
    workspace: str
    home: str
    codex_home: str
    system_dir: str
    codex_starts: bool  # every config.toml it reads loads
    hooks_enabled: bool  # [features] hooks is not false
    hooks_switched_off_by: str | None = None  # the file whose `hooks = false` decides
    managed_only: bool = False  # allow_managed_hooks_only in requirements.toml
    project_trusted: bool  # the workspace's folder (or its repository) is trusted
    layers: list[CodexFileInfo]
    hooks: list[CodexHook]
    warnings: list[str] = []  # what Codex itself warns about, in its words
    problems: list[Problem] = []

    @property
    def has_errors(self) -> bool:
        return any(p.severity == "error" for p in self.problems)


class CodexSkipped(PlanSkip, BaseModel):
    id: str
    ref: str
    key: str
    scope: CodexScope
    reason: CodexInactive
    why: str


class CodexPlan(HostPlan, BaseModel):
    """`plan --host codex --json`: what Codex runs for one event (every matching trusted
    hook, in parallel, nothing deduplicated) and why each other hook does not run."""

    host: Literal["codex"] = "codex"
    event: str
    match_field: str | None
    value: str | None
    sequential: bool = False
    hooks: list[CodexHook]
    skipped: list[CodexSkipped]
    notes: list[str] = []
