"""The commands a Claude Code settings file runs that are not hooks.

Claude Code 2.1.332 runs a shell command for eleven settings keys (the binary's list):
credential helpers (apiKeyHelper, awsAuthRefresh, awsCredentialExport, gcpAuthRefresh,
otelHeadersHelper, proxyAuthHelper), the interactive UI's commands (statusLine,
subagentStatusLine, fileSuggestion), a launcher (processWrapper) and managed policy
helpers (policyHelpers). A cloned repository's `.claude/settings.json` can set any of
them, and `hookdash list` showed none before. What a run showed
(tests/claude/observed-2.1.332.md, "Settings commands that are not hooks"):
- one value per key is used: the last layer that sets it (user, project, local, managed);
- apiKeyHelper runs at every start, `claude -p` included, without asking, from a
  repository's file as from yours; the other credential helpers when their switch is on,
  and a repository's own `env` block can switch on proxyAuthHelper and Bedrock's helpers;
- statusLine, subagentStatusLine and fileSuggestion run only in an interactive session,
  once the folder is trusted; processWrapper is taken from user and managed settings
  only, policyHelpers from managed settings only.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal

from hookdash.core import jsonc
from hookdash.core.display import shorten, visible
from hookdash.core.load.command_scripts import find_scripts
from hookdash.core.load.risks import hook_risks

if TYPE_CHECKING:
    # `scan` reads the keys and their severities and builds no record: the layers and the
    # models (pydantic) are imported where `list` builds them.
    from hookdash.core.hosts.claude.layers import ClaudeLayer
    from hookdash.core.hosts.claude.model import ClaudeScope, ClaudeSettingsCommand
    from hookdash.core.hosts.claude.registry import Switches
    from hookdash.core.problems import Problem, Severity

ALL_SCOPES: tuple[ClaudeScope, ...] = ("user", "project", "local", "managed")
_AT_START = (
    "`claude -p` included, without asking (an interactive session shows the folder trust "
    "dialog first)"
)
_INTERACTIVE = (
    "once the folder is trusted; never under `claude -p`; disableAllHooks switches it off"
)


class CommandKey:
    """One settings key whose value Claude Code runs, and when it runs it."""

    __slots__ = (
        "armed_by",
        "conditional",
        "from_repository",
        "key",
        "off_with_hooks",
        "scopes",
        "shape",
        "when",
    )
    key: Final[str]
    shape: Final[Literal["string", "object", "policy"]]  # object: {"type": "command", "command"}
    when: Final[str]  # when Claude runs it, from a layer it takes the key from
    # What a repository's value means: run without asking (when its switch is on), run
    # after the trust dialog names it, or not taken from a project file at all.
    from_repository: Final[Literal["runs", "asks", "ignored"]]
    conditional: Final[bool]  # runs only when a switch of Claude's environment is on
    armed_by: Final[tuple[str, ...]]  # that switch, when a settings file's env block sets it
    scopes: Final[tuple[ClaudeScope, ...]]  # the layers Claude takes it from
    off_with_hooks: Final[bool]  # disableAllHooks switches it off

    def __init__(
        self,
        key: str,
        shape: Literal["string", "object", "policy"],
        when: str,
        from_repository: Literal["runs", "asks", "ignored"],
        conditional: bool = False,
        armed_by: tuple[str, ...] = (),
        scopes: tuple[ClaudeScope, ...] = ALL_SCOPES,
        off_with_hooks: bool = False,
    ) -> None:
        self.key = key
        self.shape = shape
        self.when = when
        self.from_repository = from_repository
        self.conditional = conditional
        self.armed_by = armed_by
        self.scopes = scopes
        self.off_with_hooks = off_with_hooks


KEYS: tuple[CommandKey, ...] = (
    CommandKey(
        "apiKeyHelper",
        "string",
        f"at every start, to make the API key, {_AT_START}; even when ANTHROPIC_API_KEY is set",
        "runs",
    ),
    CommandKey(
        "otelHeadersHelper",
        "string",
        "at start when telemetry is on in Claude Code's environment "
        f"(CLAUDE_CODE_ENABLE_TELEMETRY), {_AT_START}",
        "runs",
        conditional=True,
    ),
    CommandKey(
        "proxyAuthHelper",
        "string",
        f"at start when CLAUDE_CODE_ENABLE_PROXY_AUTH_HELPER is set, {_AT_START}; a "
        "settings file's env block can set it",
        "runs",
        conditional=True,
        armed_by=("CLAUDE_CODE_ENABLE_PROXY_AUTH_HELPER",),
    ),
    CommandKey(
        "awsAuthRefresh",
        "string",
        f"at start when Claude Code uses Bedrock (CLAUDE_CODE_USE_BEDROCK), {_AT_START}; a "
        "settings file's env block can switch Bedrock on",
        "runs",
        conditional=True,
        armed_by=("CLAUDE_CODE_USE_BEDROCK",),
    ),
    CommandKey(
        "awsCredentialExport",
        "string",
        f"at start when Claude Code uses Bedrock (CLAUDE_CODE_USE_BEDROCK), {_AT_START}; a "
        "settings file's env block can switch Bedrock on",
        "runs",
        conditional=True,
        armed_by=("CLAUDE_CODE_USE_BEDROCK",),
    ),
    CommandKey(
        "gcpAuthRefresh",
        "string",
        f"at start when Claude Code uses Vertex AI (CLAUDE_CODE_USE_VERTEX), {_AT_START}",
        "runs",
        conditional=True,
    ),
    CommandKey(
        "statusLine",
        "object",
        f"in interactive sessions only, to draw the status line, {_INTERACTIVE}",
        "asks",
        off_with_hooks=True,
    ),
    CommandKey(
        "subagentStatusLine",
        "object",
        f"in interactive sessions only, for the agent panel's rows, {_INTERACTIVE}",
        "asks",
        off_with_hooks=True,
    ),
    CommandKey(
        "fileSuggestion",
        "object",
        f"in interactive sessions only, to suggest files for @ mentions, {_INTERACTIVE}",
        "asks",
        off_with_hooks=True,
    ),
    CommandKey(
        "processWrapper",
        "string",
        "to launch Claude Code's background-agent processes (not a `claude -p` session)",
        "ignored",
        scopes=("user", "managed"),
    ),
    CommandKey(
        "policyHelpers",
        "policy",
        "at start, to compute the managed settings",
        "ignored",
        scopes=("managed",),
    ),
)
_BY_KEY = {k.key: k for k in KEYS}
_POLICY_PLATFORMS = ("macos", "linux", "windows", "wsl")
_FALSE = ("", "0", "false", "no", "off")


def _ptr(*tokens: str) -> str:
    return "".join("/" + jsonc.escape_pointer_token(t) for t in tokens)


def _commands(key: CommandKey, value: Any) -> Iterator[tuple[str, str, str]]:
    """(key as listed, pointer, command) of one key's value, as Claude reads it: a
    non-empty string, or an object's non-empty `command` (a policy helper's `path` or
    inline `script`)."""
    if key.shape == "string":
        if isinstance(value, str) and value:
            yield key.key, _ptr(key.key), value
    elif key.shape == "object":
        command = value.get("command") if isinstance(value, dict) else None
        if isinstance(command, str) and command:
            yield key.key, _ptr(key.key, "command"), command
    elif isinstance(value, dict):
        for platform in _POLICY_PLATFORMS:
            entry = value.get(platform)
            if not isinstance(entry, dict):
                continue
            for field in ("path", "script"):
                text = entry.get(field)
                if isinstance(text, str) and text:
                    yield f"{key.key}.{platform}", _ptr(key.key, platform, field), text
                    break


def arms(key: CommandKey, env: Any) -> bool | None:
    """Whether a settings file's `env` block switches `key` on (True), off (False), or
    says nothing of it (None)."""
    said = None
    if isinstance(env, dict):
        for name in key.armed_by:
            if name in env:
                said = str(env[name]).strip().lower() not in _FALSE
    return said


def _armed(key: CommandKey, layers: list[ClaudeLayer]) -> ClaudeLayer | None:
    """The settings file whose env block switches `key` on (the last that sets it)."""
    found = None
    for layer in layers:
        said = arms(key, layer.settings.get("env"))
        if said is not None:
            found = layer if said else None
    return found


def command_entries(value: Any) -> Iterator[tuple[CommandKey, str, str, str]]:
    """(key, name as listed, pointer, command) of every command of a settings file's
    object `value` that Claude Code would run for one of these keys."""
    if not isinstance(value, dict):
        return
    for key in KEYS:
        if key.key in value:
            for name, pointer, command in _commands(key, value[key.key]):
                yield key, name, pointer, command


def repository_severity(key: CommandKey, scope: ClaudeScope, armed: bool) -> Severity:
    """How bad a repository's value is, by what Claude Code does with it: run without
    asking (error), run when your switch is on or after the trust dialog (warning), not
    taken from a project file (info)."""
    if key.from_repository == "ignored" or scope not in key.scopes:
        return "info"
    if key.from_repository == "asks" or (key.conditional and not armed):
        return "warning"
    return "error"


def _only_from(key: CommandKey) -> str:
    return f"Claude Code takes {key.key} from {' and '.join(key.scopes)} settings only"


def _runs(key: CommandKey, scope: ClaudeScope) -> str:
    return key.when if scope in key.scopes else f"never from here: {_only_from(key)}"


def settings_commands(
    layers: list[ClaudeLayer], switch: Switches, workspace: Path, home: Path
) -> list[ClaudeSettingsCommand]:
    """Every command of these keys in the settings files, in layer order, each with
    whether its layer's value is the one Claude Code uses and why not."""
    from hookdash.core.hosts.claude.model import ClaudeSettingsCommand, claude_hook_ref

    out: list[ClaudeSettingsCommand] = []
    variables = {"CLAUDE_PROJECT_DIR": str(workspace), "HOME": str(home)}
    found: dict[str, list[tuple[ClaudeLayer, ClaudeSettingsCommand]]] = {}
    for layer in layers:
        if layer.ignored_reason is not None:
            continue
        lines = jsonc.LineFinder(layer.read.text) if layer.read.text else None
        for key, name, pointer, command in command_entries(layer.read.value):
            scripts = list(find_scripts(command, workspace, variables).scripts)
            risks = hook_risks(command, scripts, workspace=str(workspace), home=str(home))
            record = ClaudeSettingsCommand(
                key=name,
                ref=claude_hook_ref(str(layer.path), pointer),
                scope=layer.scope,
                file=str(layer.path),
                pointer=pointer,
                line=lines.line(pointer) if lines is not None else None,
                command=command,
                runs=_runs(key, layer.scope),
                in_effect=False,
                scripts=scripts,
                risks=risks,
            )
            found.setdefault(name, []).append((layer, record))
    for key in KEYS:  # one value per name (a policy helper's per platform)
        for name, group in found.items():
            if name.split(".")[0] == key.key:
                _judge(key, group, switch)
                out += [command for _, command in group]
    return out


def _judge(
    key: CommandKey, found: list[tuple[ClaudeLayer, ClaudeSettingsCommand]], switch: Switches
) -> None:
    """Mark the one value Claude Code uses (the last layer's that it takes the key from)
    and say why each other is not used."""
    taken = [(layer, c) for layer, c in found if layer.loaded and c.scope in key.scopes]
    winner = taken[-1][1] if taken else None
    for layer, command in found:
        why: str | None = None
        if switch.starts is not None:
            why = "Claude Code does not start: a managed settings file does not parse"
        elif command.scope not in key.scopes:
            why = command.runs
        elif not layer.loaded:
            why = layer.why_dropped() or "Claude Code does not read this file"
        elif command is not winner and winner is not None:
            why = (
                f"the {winner.scope} settings {winner.file} set {key.key} too, and Claude "
                "Code runs the last layer's value only"
            )
        elif key.off_with_hooks:
            off = switch.managed_off or (switch.merged_off if command.scope != "managed" else None)
            if off is not None:
                why = f"disableAllHooks is true in the {off.scope} settings {off.path}"
        command.in_effect = why is None
        command.not_in_effect_because = why


def settings_command_problems(
    commands: list[ClaudeSettingsCommand], layers: list[ClaudeLayer]
) -> list[Problem]:
    """A repository's file (project or local) that sets one: how bad by what Claude Code
    does with it; one changed since hookdash's review of it. The risk flags and hidden
    characters are the shared rules' (checks.command_problems)."""
    from hookdash.core.hosts.claude.checks import changed_problem, command_problems
    from hookdash.core.problems import SEVERITY_RANK

    found: list[Problem] = []
    out: list[Problem] = []
    for command in commands:
        key = _BY_KEY[command.key.split(".")[0]]
        if command.scope in ("project", "local") and (
            command.in_effect or command.scope not in key.scopes
        ):
            found.append(_repository_problem(key, command, _armed(key, layers)))
        where = (command.file, command.pointer, command.line)
        if command.review == "changed":
            subject = f"{command.scope} settings command {visible(command.key)}"
            code = "claude-settings-command-changed"
            out.append(changed_problem(code, subject, command, "", where))
        out += command_problems(command.key, command.command, command.risks, where)
    # The worst first: the dashboard's banner shows the first of a code.
    return sorted(found, key=lambda p: SEVERITY_RANK[p.severity]) + out


def repository_effect(key: CommandKey, scope: ClaudeScope, armed: str | None) -> str:
    """What Claude Code does with a repository's value, in a sentence or two; `armed`
    names the settings file whose env block switches it on, if one does."""
    if repository_severity(key, scope, armed is not None) == "info":
        return f"It does not run: {_only_from(key)}."
    if key.from_repository == "asks":
        trust = "the trust dialog names it among the folder's hooks"
        return f"Claude Code runs it {key.when}; {trust}."
    effect = f"Claude Code runs it {key.when}."
    return effect + (f" The env block of {armed} switches it on." if armed else "")


def _repository_problem(
    key: CommandKey, command: ClaudeSettingsCommand, armed: ClaudeLayer | None
) -> Problem:
    from hookdash.core.problems import Problem

    shown = visible(shorten(command.command, 80))
    severity = repository_severity(key, command.scope, armed is not None)
    where = f"{armed.scope} settings {armed.path}" if armed is not None else None
    fix = (
        f"Read the command (and the script it runs); remove {visible(command.key)} from the "
        "repository's file, or do not start Claude Code here, unless you expect it."
    )
    if severity == "info":
        fix = "Nothing to do for Claude Code; remove it if it was meant to take effect."
    return Problem(
        severity=severity,
        code="claude-project-settings-command",
        message=f"This repository's {command.scope} settings set {visible(command.key)}, a "
        f"command that is not a hook: `{shown}`. {repository_effect(key, command.scope, where)}",
        fix=fix,
        file=command.file,
        pointer=command.pointer,
        line=command.line,
    )
