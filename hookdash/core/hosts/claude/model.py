"""The Claude Code host's records: a hook and its verdict, a settings layer, the folder
trust, the loaded configuration (`list --host claude --json`) and a plan.

A Claude hook's `event` is Claude's own name (`PreToolUse`) and its `scope` the layer it
comes from; `file`, `line`, `command`, `matcher` (as written, None when absent), `type`,
`runs` and `not_running_because` mean what they mean for a Gemini hook.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from hookdash.core.findings import RiskFlag, Unknown
from hookdash.core.hosts.claude.files import ParseError
from hookdash.core.mcp_server import McpServer
from hookdash.core.problems import Problem
from hookdash.core.records import HookRecord, HostPlan, HostSnapshot, PlanSkip
from hookdash.core.scripts import ScriptInfo
from hookdash.core.shown import ShownHook

ClaudeScope = Literal["managed", "user", "project", "local", "plugin"]
# Why a hook does not run (plan's `reason`, the shared vocabulary plus Claude's own).
ClaudeInactive = Literal[
    "claude-refuses-to-start",  # a managed settings file does not parse
    "hooks-disabled",  # disableAllHooks
    "ignored-layer",  # allowManagedHooksOnly leaves this layer's hooks out
    "invalid",  # the file is not strict JSON or fails Claude's schema: dropped whole
    "unknown-event",
    "duplicate",
    "matcher",
    "parked",  # off: parked by hookdash (its text kept in hookdash's state)
    "plugin-off",  # its plugin is not enabled, or Claude cannot load it
    "untrusted-folder",  # a project agent's frontmatter hooks wait for the folder's trust
    "not-fired",  # the event comes after the skill's or agent's hooks are gone (run)
]
# Where a hook is written: a settings (or plugin hooks) file, or the frontmatter `hooks`
# of a skill's SKILL.md or an agent's .md (core.hosts.claude.scoped).
ClaudeHookSource = Literal["settings", "skill", "agent"]
FolderTrustState = Literal["trusted", "untrusted", "unknown"]
# hookdash's own review of a repository's hook or settings command (core.hosts.claude.review).
ReviewState = Literal["reviewed", "new", "changed", "not-applicable"]


# Each model's validator is built on its first use, not at import (defer_build): a
# command imports these for a few of them (`scan` builds none), and building them
# all was a tenth of its start-up.


def claude_hook_ref(file: str, pointer: str) -> str:
    """What names a Claude hook uniquely: its file and the JSON pointer of its handler."""
    return f"{file}#{pointer}"


class ClaudeHook(HookRecord, BaseModel):
    """One handler of a Claude Code settings file and what Claude Code 2.1.332 does with it."""

    model_config = ConfigDict(defer_build=True)

    host: Literal["claude"] = "claude"
    id: str  # what names it in a list: the command (url, prompt, server/tool otherwise)
    ref: str  # unique: the file and the JSON pointer of the handler
    key: str  # what Claude deduplicates identical handlers of one event by
    event: str
    scope: ClaudeScope
    file: str
    pointer: str
    line: int | None = None
    matcher: Any = None  # as written; None when absent
    match_field: str | None = None  # what the matcher is tested against; None: ignored
    type: Any = None
    command: str | None = None
    # How a command hook runs (core.hosts.claude.handler): `args` present is the exec form
    # (the program spawned with these arguments, no shell); `shell` and `on_failure` as
    # written; `background` its async/asyncRewake; `once` removed after its first run.
    args: list[str] | None = None
    shell: Any = None
    on_failure: Any = None  # onFailure: "block" makes a failure block (command and http)
    background: Literal["async", "asyncRewake"] | None = None
    once: bool = False
    detail: str | None = None  # url of an http hook, prompt of prompt/agent, server/tool
    timeout: Any = None  # seconds, as written (None: Claude's default, 600 s for commands)
    condition: Any = None  # its `if` (a permission rule the tool call must match), as written
    runs: bool = False
    not_running_because: list[str] = []
    inactive_reason: ClaudeInactive | None = None
    duplicate_of: str | None = None  # the ref of the identical handler Claude keeps
    # Its matcher group as the settings merge compares it (`run_once.group_key`); None for
    # a parked hook. Not part of the record a command prints.
    group: str | None = Field(default=None, exclude=True)
    hookdash_fires: bool = False  # hookdash's `fire` runs only `command` hooks
    # Claude's own, per folder: whether the workspace's trust dialog was accepted (project
    # and local hooks); "not-applicable" for the user's and managed hooks.
    trust: Literal["trusted", "untrusted", "not-applicable"] = "not-applicable"
    # hookdash's own, per hook (Claude has none): a project/local hook reviewed with
    # `hookdash trust --host claude` and unchanged since ("reviewed"), never reviewed
    # ("new"), or changed since (command or a script it runs: "changed").
    review: ReviewState = "not-applicable"
    review_detail: str | None = None  # what changed since the review (command or script)
    # Every project script the command runs (shared `find_scripts`), for previews and diffs.
    scripts: list[ScriptInfo] = []
    # What of those scripts hookdash cannot tell (shared `find_scripts`): a reviewed hook
    # with such a part is only partly understood, and says so.
    script_unresolved: str | None = None
    # The program its command starts when that is a tool found (or not) on PATH: the
    # `command-not-found` check. Not part of the record a command prints.
    program: ScriptInfo | None = Field(default=None, exclude=True)
    # Parked by hookdash: the handler's text is in hookdash's state, not in `file`.
    parked: bool = False
    risks: list[RiskFlag] = []
    # Whether hookdash understood all of it, and what it did not (core.load.understood).
    understood: bool = False  # (a record nothing analysed is not understood)
    unknowns: list[Unknown] = []
    # A plugin's hook (scope "plugin"): the plugin id (NAME@MARKETPLACE) and its folder,
    # what ${CLAUDE_PLUGIN_ROOT} is when Claude runs it. Plugin files are never written.
    plugin: str | None = None
    plugin_root: str | None = None
    # Claude treats it as managed (its switches, --safe-mode): a managed file's, or of a
    # plugin or skill managed settings provide.
    managed: bool = False
    # A skill's or an agent's own hook (`source` skill/agent): its name, the event as
    # written when Claude runs it as another (an agent's Stop runs as SubagentStop), and
    # when it runs: a skill's from its first use to the end of the session, an agent's
    # while that subagent runs.
    source: ClaudeHookSource = "settings"
    source_name: str | None = None
    written_event: str | None = None
    lifetime: str | None = None

    # What the shared views (the dashboard's list, `present`) read of any hook.
    @property
    def shown(self) -> ShownHook:
        """Its text as a terminal may show it (core.display's rule)."""
        return ShownHook(self)

    @property
    def layer_label(self) -> str:
        """Its layer, named with its host: one tree holds Gemini's `user` and Claude's."""
        return f"claude {self.scope}"

    @property
    def disabled(self) -> bool:
        """Switched off one by one: the one per-hook switch Claude has is hookdash's park."""
        return self.parked

    @property
    def switched_off(self) -> bool:
        return self.parked

    @property
    def is_duplicate(self) -> bool:
        return self.duplicate_of is not None


class ClaudeLayerInfo(BaseModel):
    """One settings file Claude Code reads (or, for `ignored_reason`, would not)."""

    model_config = ConfigDict(defer_build=True)

    scope: ClaudeScope
    path: str
    exists: bool
    loaded: bool  # Claude reads its settings (it exists, is strict JSON, passes the schema)
    ignored_reason: str | None = None
    error: ParseError | None = None
    disable_all_hooks: Any = None  # as written, None when absent
    allow_managed_hooks_only: Any = None


class ClaudeFolderTrust(BaseModel):
    """What Claude Code recorded about trusting the workspace folder, and what it means."""

    model_config = ConfigDict(defer_build=True)

    state: FolderTrustState
    config_file: str  # $CLAUDE_CONFIG_DIR/.claude.json or ~/.claude.json
    trusted_path: str | None = None  # the recorded folder that trusts the workspace
    sentence: str  # the one sentence a reviewer must read


class ClaudePluginInfo(BaseModel):
    """One installed (or enabled) plugin and whether Claude Code loads its hooks here."""

    model_config = ConfigDict(defer_build=True)

    id: str  # NAME@MARKETPLACE
    root: str | None  # ${CLAUDE_PLUGIN_ROOT}
    enabled: bool  # enabledPlugins says true in the last settings layer naming it
    managed: bool  # enabled by managed settings: its hooks count as managed ones
    decided_by: str | None  # that layer, or None when no settings file names it
    files: list[str]  # its hook files (hooks/hooks.json, the manifest, listed files)
    not_loaded_because: str | None = None


class ClaudeSettingsCommand(BaseModel):
    """A command a settings file makes Claude Code run that is not a hook (apiKeyHelper,
    statusLine, …; core.hosts.claude.settings_commands): no event, no matcher, one value
    per key, the last layer's (tests/claude/observed-2.1.332.md)."""

    model_config = ConfigDict(defer_build=True)

    host: Literal["claude"] = "claude"
    key: str  # the settings key (`policyHelpers.linux` for a policy helper)
    ref: str  # unique: the file and the JSON pointer (as a hook's ref)
    scope: ClaudeScope
    file: str
    pointer: str  # JSON pointer of the command's text in `file`
    line: int | None = None
    command: str
    runs: str  # when Claude Code 2.1.332 runs it, from this layer (observed or read)
    in_effect: bool  # this layer's value is the one Claude uses
    not_in_effect_because: str | None = None
    risks: list[RiskFlag] = []
    scripts: list[ScriptInfo] = []
    # hookdash's review, as a project or local hook's (`review` of ClaudeHook).
    review: ReviewState = "not-applicable"
    review_detail: str | None = None

    @property
    def id(self) -> str:
        """What names it, as a hook's ID: its command."""
        return self.command


class ClaudeMod(BaseModel):
    """A hooks module (a "mod"): an ES module Claude Code imports into its own process
    (core.hosts.claude.mods). A plugin's `hooks/hooks.json` names it in `modules`; a mod
    Claude wrote in a session sits under `~/.claude/dev-mods/<session>/`. hookdash does not
    read JavaScript, so every mod carries an unknown: never quiet."""

    model_config = ConfigDict(defer_build=True)

    host: Literal["claude"] = "claude"
    kind: Literal["plugin", "dev"]  # a plugin's module, or one of a session's dev-mods
    owner: str  # the plugin id (NAME@MARKETPLACE), or dev-mods/<session>/<folder>
    module: str  # as written in `modules`
    path: str  # the module file it names (relative to the hooks.json)
    file: str  # the hooks.json naming it
    pointer: str  # JSON pointer of the entry in `file`
    line: int | None = None
    loads: bool  # Claude Code loads it into sessions here (a dev mod: when resumed)
    why: str  # when Claude loads it, or why not (observed or read)
    unknowns: list[Unknown] = []
    risks: list[RiskFlag] = []


class ClaudeSnapshot(HostSnapshot, BaseModel):
    """Everything `hookdash list --host claude --json` prints."""

    model_config = ConfigDict(defer_build=True)

    host: Literal["claude"] = "claude"
    workspace: str
    home: str
    config_dir: str
    managed_dir: str
    claude_starts: bool
    hooks_enabled: bool  # not switched off for every non-managed hook
    folder_trust: ClaudeFolderTrust
    layers: list[ClaudeLayerInfo]
    hooks: list[ClaudeHook]
    problems: list[Problem]
    plugins: list[ClaudePluginInfo] = []
    # Commands of the settings files that are not hooks (apiKeyHelper, statusLine, …).
    settings_commands: list[ClaudeSettingsCommand] = []
    # The MCP servers Claude Code starts here (.mcp.json, ~/.claude.json), each with
    # whether it starts (core.hosts.claude.mcp_servers).
    mcp_servers: list[McpServer] = []
    # Hooks modules Claude Code imports into its own process (plugins' and dev-mods).
    mods: list[ClaudeMod] = []


class ClaudeSkipped(PlanSkip, BaseModel):
    model_config = ConfigDict(defer_build=True)
    id: str
    ref: str
    scope: ClaudeScope
    reason: ClaudeInactive
    why: str


class ClaudePlan(HostPlan, BaseModel):
    """`plan --host claude --json`: what Claude Code runs for one event (in parallel,
    identical handlers once) and why each other hook of that event does not run."""

    model_config = ConfigDict(defer_build=True)

    host: Literal["claude"] = "claude"
    event: str
    match_field: str | None
    value: str | None  # the tool name or trigger value the plan was made for
    hooks: list[ClaudeHook]
    skipped: list[ClaudeSkipped]
    notes: list[str] = []


# What hookdash's review of a repository covers: its hooks and its settings commands.
ClaudeReviewed = ClaudeHook | ClaudeSettingsCommand
