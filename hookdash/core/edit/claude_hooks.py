"""Claude Code's hooks, read as Claude reads them and translated into Gemini CLI 0.61 hooks.

Claude Code keeps hooks in `.claude/settings.local.json`, `.claude/settings.json` (the
project) and `~/.claude/settings.json` (the user; `$CLAUDE_CONFIG_DIR` moves it), and runs
the hooks of all of them. Their shape is Gemini's (`hooks.<Event>: [{matcher, hooks:
[{type, command, timeout}]}]`), but almost every value means something else:

- event names: PreToolUse→BeforeTool, PostToolUse→AfterTool, UserPromptSubmit→
  BeforeAgent, Stop and SubagentStop→AfterAgent (both kept: Gemini's own migration lets the
  later key overwrite the earlier one), PreCompact→PreCompress; Notification, SessionStart
  and SessionEnd keep their names. PermissionRequest, PostToolUseFailure and SubagentStart
  have no Gemini counterpart.
- matchers: a Claude matcher of only letters, digits, `_`, `-`, spaces, `,` and `|` is a
  list of exact tool names; anything else is a JavaScript regex. Tool names become the ones
  Gemini CLI 0.61 registers (`tools.CLAUDE_TOOL_NAMES`; `mcp__server__tool` becomes
  `mcp_server_tool`); an exact list becomes an anchored regex (`^(replace|write_file)$`),
  because Gemini always searches (`read_file` would also match `mcp_fs_read_file`).
  SessionStart, SessionEnd and PreCompress matchers are compared exactly by Gemini, so a
  Claude list (`startup|resume`) becomes one definition per value, and none at all when
  the values cover everything Gemini fires.
- timeouts: Claude's seconds become Gemini's milliseconds (Gemini's own migration copies
  them, so its hooks are killed 1000 times too soon);
- `$CLAUDE_PROJECT_DIR` becomes `$GEMINI_PROJECT_DIR` (Gemini sets both, but only expands
  its own in the command);
- every hook gets a name (from the script it runs, else its program), unique among the
  hooks already configured.

What cannot be carried over is listed with the reason instead of being dropped: prompt
and agent hooks, events and tools Gemini lacks, trigger values Gemini never fires, options
such as `async`, and payload or output fields the hook's command or script uses that
Gemini names differently or does not send.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from hookdash.core import files
from hookdash.core.gemini import jsonc
from hookdash.core.gemini.events import FIRED_TRIGGERS, match_kind
from hookdash.core.gemini.matcher import compile_js
from hookdash.core.gemini.scripts import INTERPRETERS, first_simple_command
from hookdash.core.gemini.tools import CLAUDE_TOOL_NAMES, CLAUDE_TOOLS_WITHOUT_GEMINI

# Claude Code event -> Gemini CLI event.
CLAUDE_EVENTS: dict[str, str] = {
    "PreToolUse": "BeforeTool",
    "PostToolUse": "AfterTool",
    "UserPromptSubmit": "BeforeAgent",
    "Stop": "AfterAgent",
    "SubagentStop": "AfterAgent",
    "Notification": "Notification",
    "SessionStart": "SessionStart",
    "SessionEnd": "SessionEnd",
    "PreCompact": "PreCompress",
}
CLAUDE_EVENTS_WITHOUT_GEMINI: dict[str, str] = {
    "PermissionRequest": "Gemini CLI has no hook on its permission dialog (its Notification "
    "event only tells a hook that a tool waits for confirmation; the hook cannot answer)",
    "PostToolUseFailure": "Gemini CLI has no event for failed tool calls only: AfterTool runs "
    "after every call (tool_response.error is set when it failed), so this hook would also "
    "run after successful ones",
    "SubagentStart": "Gemini CLI fires no hook when a subagent starts",
}
# Trigger values of Claude's matcher-compared events -> Gemini's (None: Gemini never fires it).
CLAUDE_TRIGGERS: dict[str, dict[str, str | None]] = {
    "SessionStart": {"startup": "startup", "resume": "resume", "clear": "clear", "compact": None},
    "PreCompact": {"manual": "manual", "auto": "auto"},
    "SessionEnd": {
        "clear": "clear",
        "prompt_input_exit": "exit",
        "other": "exit",
        "logout": None,
    },
}
_TRIGGER_GONE = {
    ("SessionStart", "compact"): "Gemini CLI starts no session after compressing the chat",
    ("SessionEnd", "logout"): "Gemini CLI 0.61 fires SessionEnd only with exit or clear",
}
# Notification types Claude sends; Gemini sends only tool-permission notifications.
CLAUDE_PERMISSION_NOTIFICATION = "permission_prompt"

_SIMPLE_MATCHER = re.compile(r"[A-Za-z0-9_\-\s,|]*")
_MCP_TOOL = re.compile(r"mcp__((?:(?!__)[^|()\s^$*+?\[\]{}\\])+)__")
_RUNNERS = frozenset({"npx", "uvx", "bunx", "pnpx"})
_SCRIPT_SUFFIXES = (".sh", ".bash", ".zsh", ".py", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pl")
SCRIPT_SCAN_LIMIT = 1 << 20  # read at most 1 MB of a hook's script when looking for fields

NotCarriedKind = Literal["file", "event", "hook-type", "matcher", "option", "payload", "output"]


class NotCarried(BaseModel):
    """Something of a Claude hook that does not exist, or means something else, in Gemini."""

    source: str  # the Claude settings file
    claude_event: str | None = None
    hook: str | None = None  # the command (or prompt) it concerns, shortened
    kind: NotCarriedKind
    reason: str


@dataclass
class TranslatedHook:
    """One Claude hook as a Gemini hook, before it is written."""

    source: str
    claude_event: str
    claude_matcher: str | None
    event: str
    matcher: str | None
    hook: dict[str, Any]  # name, type, command, timeout?, description
    scan_text: str = ""  # the command and its script, for the payload check


@dataclass
class Translation:
    hooks: list[TranslatedHook] = field(default_factory=list)
    not_carried: list[NotCarried] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# ------------------------------------------------------------------ the files


SourceKind = Literal["file", "local", "project", "user"]


class ClaudeSource(BaseModel):
    """A Claude Code settings file hookdash read (or looked for)."""

    path: str
    kind: SourceKind
    exists: bool
    hooks: int = 0  # how many hooks it holds
    error: str | None = None


def claude_home(environ: Mapping[str, str]) -> Path:
    """Claude Code's own directory: `$CLAUDE_CONFIG_DIR`, else `~/.claude`."""
    configured = environ.get("CLAUDE_CONFIG_DIR")
    if configured:
        return Path(os.path.expanduser(configured))
    return Path(environ.get("HOME") or os.path.expanduser("~")) / ".claude"


def default_sources(workspace: Path, environ: Mapping[str, str]) -> list[tuple[Path, SourceKind]]:
    """The files Claude Code reads hooks from, most specific first."""
    found: list[tuple[Path, SourceKind]] = [
        (workspace / ".claude" / "settings.local.json", "local"),
        (workspace / ".claude" / "settings.json", "project"),
        (claude_home(environ) / "settings.json", "user"),
    ]
    seen: set[str] = set()
    out = []
    for path, kind in found:
        real = os.path.realpath(path)
        if real not in seen:  # a workspace that is the home directory lists a file twice
            seen.add(real)
            out.append((path, kind))
    return out


def count_hooks(settings: Mapping[str, Any]) -> int:
    """How many hooks a Claude settings document holds."""
    hooks = settings.get("hooks")
    if not isinstance(hooks, dict):
        return 0
    return sum(
        len(d["hooks"])
        for defs in hooks.values()
        if isinstance(defs, list)
        for d in defs
        if isinstance(d, dict) and isinstance(d.get("hooks"), list)
    )


def read_claude_settings(path: Path) -> tuple[Any, str | None]:
    """(document, None) or (None, why it cannot be read). Claude's files are JSON; comments
    are tolerated as Claude tolerates them."""
    try:
        text = files.read_text(path, errors="strict")
    except FileNotFoundError:
        return None, "not found"
    except (OSError, UnicodeDecodeError) as exc:
        return None, f"cannot be read ({getattr(exc, 'strerror', None) or exc})"
    try:
        value = jsonc.parse(text)
    except jsonc.JsonParseError as exc:
        return None, f"does not parse ({exc})"
    if not isinstance(value, dict):
        return None, "is not a JSON object"
    return value, None


# ------------------------------------------------------------------ names


def _short(text: str, width: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def gemini_command(command: str) -> str:
    """The command with Claude's project variable replaced by Gemini's."""
    command = re.sub(r"\$\{CLAUDE_PROJECT_DIR\}", "${GEMINI_PROJECT_DIR}", command)
    return re.sub(r"\$CLAUDE_PROJECT_DIR\b", "$GEMINI_PROJECT_DIR", command)


_RUN_TOOLS = frozenset({"uv", "poetry", "pipenv", "npm", "pnpm", "yarn", "bun", "deno", "pdm"})
_TASK_TOOLS = frozenset({"npm", "pnpm", "yarn", "bun", "make", "cargo", "go", "just", "git"})
_PREFIX_WORDS = frozenset({"exec", "command", "env", "time", "nohup", "xargs", "sudo"})
_SPLIT = re.compile(r"\|\||&&|[|;&\n]")


def _candidate(words: list[str]) -> tuple[int, str] | None:
    """(rank, name) one simple command suggests: 0 a script file, 1 what a runner runs,
    2 the program itself."""
    words = [w for w in words if not re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", w)]
    while words and (words[0] in _PREFIX_WORDS or words[0].startswith("-")):
        words = words[1:]
    if not words:
        return None
    program = os.path.basename(words[0])
    inline = any(w in ("-c", "-e", "--eval") for w in words[1:])  # `bash -c '…'`: no file
    if (program in INTERPRETERS or program in _RUNNERS) and not inline:
        rest = [w for w in words[1:] if not w.startswith("-")]
        if rest:
            return (0 if "/" in rest[0] or "." in rest[0] else 1), os.path.basename(rest[0])
    if "/" in words[0]:
        return 0, program
    rest = [w for w in words[1:] if not w.startswith("-")]
    if program in _RUN_TOOLS and len(rest) >= 2 and rest[0] in ("run", "exec", "x"):
        return 1, os.path.basename(rest[1])  # `uv run ruff`, `npm run lint`: what it runs
    if program in _TASK_TOOLS and rest:
        return 2, f"{program}-{rest[0]}"  # `npm test`, `make lint`
    return 2, program


def name_from_command(command: str) -> str:
    """A short name for a hook: the script it runs (file name without suffix), else what a
    runner such as npx runs, else its first program."""
    found: list[tuple[int, str]] = []
    for part in _SPLIT.split(command):
        words = first_simple_command(part.strip())
        candidate = _candidate(words) if words else None
        if candidate is not None:
            found.append(candidate)
    if not found:
        return "hook"
    chosen = min(found, key=lambda c: c[0])[1]  # the best rank, the first of its rank
    for suffix in _SCRIPT_SUFFIXES:
        if chosen.endswith(suffix) and len(chosen) > len(suffix):
            chosen = chosen[: -len(suffix)]
            break
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", chosen).strip("-.")
    return name or "hook"


class NameBook:
    """Hands out hook names that do not clash with hooks already configured with another
    command, or with names this import gave to other commands."""

    def __init__(self, existing: Iterable[tuple[str, str | None]]):
        self._existing: dict[str, list[str | None]] = {}
        for identifier, command in existing:
            self._existing.setdefault(identifier, []).append(command)
        self._given: dict[str, str] = {}  # name -> command

    def _free(self, name: str, command: str) -> bool:
        # A name already used for the same command is the same hook (imported before).
        if name in self._given:
            return self._given[name] == command
        return all(c == command for c in self._existing.get(name, []))

    def name(self, base: str, command: str) -> str:
        candidate, n = base, 1
        while not self._free(candidate, command):
            n += 1
            candidate = f"{base}-{n}"
        self._given[candidate] = command
        return candidate


# ------------------------------------------------------------------ matchers


def _gemini_tool(name: str) -> str | None:
    if name in CLAUDE_TOOL_NAMES:
        return CLAUDE_TOOL_NAMES[name]
    if name.startswith("mcp__"):
        return _MCP_TOOL.sub(r"mcp_\1_", name).replace("mcp__", "mcp_", 1)
    if re.fullmatch(r"[a-z][a-z0-9_]*", name):
        return name  # already a Gemini-style name (written for both tools)
    return None


@dataclass
class MatcherTranslation:
    matchers: list[str | None]  # one definition per entry (None: no matcher)
    dropped: list[tuple[str, str]] = field(default_factory=list)  # (what, why)
    notes: list[str] = field(default_factory=list)


def _names(matcher: str) -> list[str]:
    return [n for n in re.split(r"[\s,|]+", matcher) if n]


def translate_tool_matcher(matcher: str | None) -> MatcherTranslation:
    """A PreToolUse/PostToolUse matcher as a BeforeTool/AfterTool one."""
    if matcher is None or matcher.strip() in ("", "*"):
        return MatcherTranslation([None])
    m = matcher.strip()
    if _SIMPLE_MATCHER.fullmatch(m):
        kept: list[str] = []
        dropped: list[tuple[str, str]] = []
        for name in _names(m):
            tool = _gemini_tool(name)
            if tool is None:
                why = (
                    "Gemini CLI has no such tool"
                    if name in CLAUDE_TOOLS_WITHOUT_GEMINI
                    else "not a tool hookdash knows a Gemini CLI counterpart for"
                )
                dropped.append((name, why))
            elif tool not in kept:
                kept.append(tool)
        if not kept:
            return MatcherTranslation([], dropped)
        body = "|".join(t.replace(".", "\\.") for t in kept)
        return MatcherTranslation([f"^{body}$" if len(kept) == 1 else f"^({body})$"], dropped)
    out = _MCP_TOOL.sub(r"mcp_\1_", m).replace("mcp__", "mcp_")
    for claude, gemini in CLAUDE_TOOL_NAMES.items():
        out = re.sub(rf"\b{claude}\b", gemini, out)
    notes = []
    lacking = [t for t in sorted(CLAUDE_TOOLS_WITHOUT_GEMINI) if re.search(rf"\b{t}\b", out)]
    dropped = [(t, "Gemini CLI has no such tool; the regex still names it") for t in lacking]
    if compile_js(out) is None:
        notes.append(
            f"The regex {out!r} is not valid JavaScript: Gemini compares the tool name with it "
            "exactly."
        )
    return MatcherTranslation([out], dropped, notes)


def _claude_values(claude_event: str, matcher: str) -> list[str] | None:
    """The Claude trigger values a matcher selects (None: all of them)."""
    known = list(CLAUDE_TRIGGERS[claude_event])
    m = matcher.strip()
    if m in ("", "*"):
        return None
    if _SIMPLE_MATCHER.fullmatch(m):
        return _names(m)
    compiled = compile_js(m)
    if compiled is None:
        return [m]
    return [v for v in known if compiled.search(v)]


def translate_trigger_matcher(
    claude_event: str, event: str, matcher: str | None
) -> MatcherTranslation:
    """A SessionStart/SessionEnd/PreCompact matcher as Gemini's exact trigger matchers."""
    values = None if matcher is None else _claude_values(claude_event, matcher)
    if values is None:
        return MatcherTranslation([None])
    mapping = CLAUDE_TRIGGERS[claude_event]
    kept: list[str] = []
    dropped: list[tuple[str, str]] = []
    notes: list[str] = []
    for value in values:
        if value not in mapping:
            dropped.append((value, f"Claude Code never sends {claude_event} with it"))
            continue
        target = mapping[value]
        if target is None:
            why = _TRIGGER_GONE.get((claude_event, value), "Gemini CLI never fires it")
            dropped.append((value, why))
            continue
        if target != value:
            notes.append(
                f"Claude's {claude_event} '{value}' became Gemini's '{target}' (Gemini CLI 0.61 "
                "fires SessionEnd only with exit or clear)."
            )
        if target not in kept:
            kept.append(target)
    if set(kept) >= set(FIRED_TRIGGERS[event]):
        return MatcherTranslation([None], dropped, notes)
    return MatcherTranslation(list(kept), dropped, notes)


# ------------------------------------------------------------------ payload fields

_TOOL_INPUT_FIELDS = {
    "path": "Gemini's file tools call it dir_path",
    "offset": "read_file takes start_line and end_line",
    "limit": "read_file takes start_line and end_line",
    "replace_all": "replace calls it allow_multiple",
    "edits": "Gemini has no MultiEdit: replace takes one old_string/new_string",
    "run_in_background": "run_shell_command calls it is_background",
    "url": "web_fetch takes only a prompt (with the URL in it)",
    "timeout": "run_shell_command takes no timeout",
}
_FIELD_FLAGS: list[tuple[re.Pattern[str], NotCarriedKind, str, frozenset[str] | None]] = [
    (
        re.compile(r"permissionDecision"),
        "output",
        "answers with hookSpecificOutput.permissionDecision, which Gemini CLI does not read: "
        'to block, print {"decision": "deny", "reason": "…"} or exit with code 2',
        None,
    ),
    (
        re.compile(r"updatedInput"),
        "output",
        "rewrites the tool input with updatedInput; Gemini CLI reads "
        "hookSpecificOutput.tool_input instead",
        None,
    ),
    (
        re.compile(r"\btool_response\b"),
        "payload",
        "reads tool_response: Gemini CLI sends {llmContent, returnDisplay, error} there, not "
        "Claude's tool-specific result",
        frozenset({"PostToolUse"}),
    ),
    (
        re.compile(r"\bpermission_mode\b"),
        "payload",
        "reads permission_mode, which Gemini CLI does not send",
        None,
    ),
    (
        re.compile(r"\btool_use_id\b"),
        "payload",
        "reads tool_use_id, which Gemini CLI does not send",
        None,
    ),
    (
        re.compile(r"\bcustom_instructions\b"),
        "payload",
        "reads custom_instructions, which Gemini's PreCompress does not send",
        None,
    ),
    (
        re.compile(r"\bnotification_type\b"),
        "payload",
        "reads notification_type: Gemini CLI always sends 'ToolPermission' there",
        frozenset({"Notification"}),
    ),
    (
        re.compile(r"CLAUDE_ENV_FILE"),
        "payload",
        "writes to $CLAUDE_ENV_FILE, which Gemini CLI does not provide",
        None,
    ),
    (
        re.compile(r"CLAUDE_PLUGIN_ROOT"),
        "payload",
        "uses $CLAUDE_PLUGIN_ROOT, which only Claude Code plugins have",
        None,
    ),
    (
        re.compile(r"\btranscript_path\b"),
        "payload",
        "reads the transcript at transcript_path: Gemini CLI's transcript has its own format",
        None,
    ),
]
_TOOL_INPUT = re.compile(r"tool_input(?:\.|\[[\"'])([A-Za-z_]+)")


def field_flags(text: str, claude_event: str) -> list[tuple[NotCarriedKind, str]]:
    """What a hook's command and script use that Gemini names differently or lacks."""
    out: list[tuple[NotCarriedKind, str]] = []
    for pattern, kind, why, events in _FIELD_FLAGS:
        if (events is None or claude_event in events) and pattern.search(text):
            out.append((kind, why))
    if claude_event in ("PreToolUse", "PostToolUse"):
        fields = sorted({m.group(1) for m in _TOOL_INPUT.finditer(text)} & set(_TOOL_INPUT_FIELDS))
        for name in fields:
            out.append(("payload", f"reads tool_input.{name}: {_TOOL_INPUT_FIELDS[name]}"))
    return out


def script_text(command: str, workspace: Path, variables: Mapping[str, str]) -> str:
    """The text of the script a command runs (at most SCRIPT_SCAN_LIMIT bytes), or ""."""
    from hookdash.core.gemini.scripts import find_script

    script = find_script(command, workspace, variables)
    if script is None or script.kind == "command" or not script.path or not script.exists:
        return ""
    try:
        data, _size = files.read_head(script.path, SCRIPT_SCAN_LIMIT)
    except OSError:  # a FIFO, a device or anything unreadable: nothing to scan
        return ""
    return data.decode("utf-8", "replace")


# ------------------------------------------------------------------ the translation


def translate(
    source: str,
    settings: Mapping[str, Any],
    names: NameBook,
    *,
    workspace: Path,
    variables: Mapping[str, str],
) -> Translation:
    """Every hook of one Claude settings document as Gemini hooks, and what cannot be."""
    out = Translation()
    hooks = settings.get("hooks")
    if hooks is None:
        return out
    if settings.get("disableAllHooks") is True:
        out.notes.append(
            f"{source} switches Claude's hooks off (disableAllHooks); they were imported anyway."
        )
    if not isinstance(hooks, dict):
        out.not_carried.append(
            NotCarried(source=source, kind="file", reason='"hooks" is not an object of events')
        )
        return out
    for claude_event, definitions in hooks.items():
        _translate_event(out, source, str(claude_event), definitions, names, workspace, variables)
    return out


def _translate_event(
    out: Translation,
    source: str,
    claude_event: str,
    definitions: Any,
    names: NameBook,
    workspace: Path,
    variables: Mapping[str, str],
) -> None:
    def lost(kind: NotCarriedKind, reason: str, hook: str | None = None) -> None:
        out.not_carried.append(
            NotCarried(
                source=source, claude_event=claude_event, hook=hook, kind=kind, reason=reason
            )
        )

    event = CLAUDE_EVENTS.get(claude_event)
    if event is None:
        reason = CLAUDE_EVENTS_WITHOUT_GEMINI.get(
            claude_event, f"'{claude_event}' is not a Claude Code event hookdash knows"
        )
        for command in _commands(definitions):
            lost("event", reason, _short(command))
        if not _commands(definitions):
            lost("event", reason)
        return
    if not isinstance(definitions, list):
        lost("file", f"hooks.{claude_event} is not a list of definitions")
        return
    for definition in definitions:
        if not isinstance(definition, dict) or not isinstance(definition.get("hooks"), list):
            lost("file", "a definition without a hooks list")
            continue
        raw_matcher = definition.get("matcher")
        claude_matcher = raw_matcher if isinstance(raw_matcher, str) and raw_matcher else None
        translated = _matchers(claude_event, event, claude_matcher)
        out.notes.extend(n for n in translated.notes if n not in out.notes)
        dropped = "; ".join(f"{what}: {why}" for what, why in translated.dropped)
        if not translated.matchers:
            # Nothing of the matcher exists in Gemini: the definition's hooks stay behind.
            for command in _commands([definition]) or [""]:
                lost(
                    "matcher",
                    f"its matcher {claude_matcher!r} selects nothing Gemini CLI has ({dropped})",
                    _short(command) or None,
                )
            continue
        if dropped:
            lost("matcher", f"part of the matcher {claude_matcher!r} was left out ({dropped})")
        matchers = translated.matchers
        for hook in definition["hooks"]:
            _translate_hook(
                out,
                source,
                claude_event,
                event,
                claude_matcher,
                matchers,
                hook,
                names,
                workspace,
                variables,
                lost,
            )


def _matchers(claude_event: str, event: str, matcher: str | None) -> MatcherTranslation:
    kind = match_kind(event)
    if kind == "tool":
        return translate_tool_matcher(matcher)
    if claude_event in CLAUDE_TRIGGERS:
        return translate_trigger_matcher(claude_event, event, matcher)
    notification = claude_event == "Notification" and matcher is not None
    if notification and not _selects_permission_prompts(matcher or ""):
        why = (
            "Gemini CLI sends notifications only when a tool waits for confirmation "
            f"(Claude's {CLAUDE_PERMISSION_NOTIFICATION})"
        )
        return MatcherTranslation([], [(matcher or "", why)])
    return MatcherTranslation([None])  # Gemini ignores these matchers, and so does Claude


def _selects_permission_prompts(matcher: str) -> bool:
    m = matcher.strip()
    if m in ("", "*"):
        return True
    if _SIMPLE_MATCHER.fullmatch(m):
        return CLAUDE_PERMISSION_NOTIFICATION in _names(m)
    compiled = compile_js(m)
    return compiled is not None and compiled.search(CLAUDE_PERMISSION_NOTIFICATION) is not None


def _commands(definitions: Any) -> list[str]:
    found = []
    for definition in definitions if isinstance(definitions, list) else []:
        for hook in definition.get("hooks", []) if isinstance(definition, dict) else []:
            if isinstance(hook, dict):
                text = hook.get("command") or hook.get("prompt")
                if isinstance(text, str):
                    found.append(text)
    return found


def _translate_hook(
    out: Translation,
    source: str,
    claude_event: str,
    event: str,
    claude_matcher: str | None,
    matchers: list[str | None],
    hook: Any,
    names: NameBook,
    workspace: Path,
    variables: Mapping[str, str],
    lost: Any,
) -> None:
    if not isinstance(hook, dict):
        lost("file", "a hook that is not an object")
        return
    kind = hook.get("type", "command")
    if kind != "command":
        text = hook.get("prompt") if isinstance(hook.get("prompt"), str) else None
        lost(
            "hook-type",
            f"a {kind!r} hook asks a model to decide; Gemini CLI runs only command hooks",
            _short(text) if text else None,
        )
        return
    command = hook.get("command")
    if not isinstance(command, str) or not command.strip():
        lost("file", "a command hook without a command")
        return
    new_command = gemini_command(command)
    short = _short(command)
    timeout_ms = None
    timeout = hook.get("timeout")
    if isinstance(timeout, int | float) and not isinstance(timeout, bool) and timeout > 0:
        timeout_ms = max(1, round(timeout * 1000))
    elif timeout is not None:
        lost(
            "option",
            f"its timeout {timeout!r} is not a number of seconds; Gemini's default (60 s) applies",
            short,
        )
    if hook.get("async") is True:
        lost(
            "option",
            "it runs in the background in Claude Code (async); Gemini CLI waits for it",
            short,
        )
    name = names.name(name_from_command(new_command), new_command)
    label = claude_event + (f" {claude_matcher}" if claude_matcher else "")
    gemini_hook: dict[str, Any] = {"name": name, "type": "command", "command": new_command}
    if timeout_ms is not None:
        gemini_hook["timeout"] = timeout_ms
    gemini_hook["description"] = f"Imported from Claude Code ({label})"
    scan = command + "\n" + script_text(new_command, workspace, variables)
    for flag_kind, why in field_flags(scan, claude_event):
        lost(flag_kind, f"it {why}", short)
    for matcher in matchers:
        out.hooks.append(
            TranslatedHook(
                source=source,
                claude_event=claude_event,
                claude_matcher=claude_matcher,
                event=event,
                matcher=matcher,
                hook=dict(gemini_hook),
                scan_text=scan,
            )
        )
