"""Claude Code's hooks translated into Gemini CLI 0.61 hooks.

Claude's hook settings have Gemini's shape (`hooks.<Event>: [{matcher, hooks: [{type,
command, timeout}]}]`), but almost every value means something else:

- event names: PreToolUse→BeforeTool, PostToolUse→AfterTool, UserPromptSubmit→
  BeforeAgent, Stop and SubagentStop→AfterAgent (both kept: Gemini's own migration lets the
  later key overwrite the earlier one), PreCompact→PreCompress; Notification, SessionStart
  and SessionEnd keep their names. PermissionRequest, PostToolUseFailure and SubagentStart
  have no Gemini counterpart.
- matchers: `claude_matchers`;
- timeouts: Claude's seconds become Gemini's milliseconds (Gemini's own migration copies
  them, so its hooks are killed 1000 times too soon);
- commands and names: `claude_names`.

What cannot be carried over is listed with the reason instead of being dropped: prompt
and agent hooks, events and tools Gemini lacks, trigger values Gemini never fires, options
such as `async`, and payload or output fields the hook's command or script uses that
Gemini names differently or does not send (`claude_fields`). Claude's files are read by
`claude_settings`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from hookdash.core.display import shorten
from hookdash.core.hosts.crosswalk import CLAUDE_EVENTS
from hookdash.core.hosts.crosswalk.importing.claude_fields import field_flags, script_text
from hookdash.core.hosts.crosswalk.importing.claude_matchers import translate_matcher
from hookdash.core.hosts.crosswalk.importing.claude_names import (
    NameBook,
    gemini_command,
    name_from_command,
)
from hookdash.core.hosts.gemini.jsvalues import js_number
from hookdash.core.hosts.gemini.timeouts import NODE_TIMEOUT_MAX

CLAUDE_EVENTS_WITHOUT_GEMINI: dict[str, str] = {
    "PermissionRequest": "Gemini CLI has no hook on its permission dialog (its Notification "
    "event only tells a hook that a tool waits for confirmation; the hook cannot answer)",
    "PostToolUseFailure": "Gemini CLI has no event for failed tool calls only: AfterTool runs "
    "after every call (tool_response.error is set when it failed), so this hook would also "
    "run after successful ones",
    "SubagentStart": "Gemini CLI fires no hook when a subagent starts",
}

NotCarriedKind = Literal["file", "event", "hook-type", "matcher", "option"]


class NotCarried(BaseModel):
    """Something of a Claude hook that does not exist, or means something else, in Gemini."""

    source: str  # the Claude settings file
    claude_event: str | None = None
    hook: str | None = None  # the command (or prompt) it concerns, shortened
    kind: NotCarriedKind
    reason: str


class Caveat(BaseModel):
    """A part of an imported hook that Gemini reads differently (the hook itself is
    carried over): `payload` a field it reads that Gemini names differently or does not
    send, `output` a field it answers with that Gemini does not read."""

    kind: Literal["payload", "output"]
    reason: str

    @property
    def subject(self) -> str:
        """What of the hook it is about, for "… does not carry over"."""
        return "only its output format" if self.kind == "output" else "a payload field"


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
    # What of the hook works otherwise in Gemini (payload and output fields it uses): the
    # hook is imported, and these are said under it.
    caveats: list[Caveat] = field(default_factory=list)


@dataclass
class Translation:
    hooks: list[TranslatedHook] = field(default_factory=list)
    not_carried: list[NotCarried] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


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
    translator = _Translator(out, source, names, workspace, variables)
    for claude_event, definitions in hooks.items():
        translator.event(str(claude_event), definitions)
    return out


def _short(text: str) -> str:
    return shorten(text, 60)


def _commands(definitions: Any) -> list[str]:
    found = []
    for definition in definitions if isinstance(definitions, list) else []:
        for hook in definition.get("hooks", []) if isinstance(definition, dict) else []:
            if isinstance(hook, dict):
                text = hook.get("command") or hook.get("prompt")
                if isinstance(text, str):
                    found.append(text)
    return found


def _timeout_ms(timeout: Any) -> tuple[int | None, str | None]:
    """Claude's timeout in seconds as Gemini's milliseconds, and why it is not carried
    over as it is (None: it is). A timeout Node cannot wait for (more than 2^31-1 ms, see
    `timeouts`: Gemini would kill the hook at once) is imported as the longest it can."""
    if timeout is None:
        return None, None
    if isinstance(timeout, bool) or not isinstance(timeout, int | float):
        return None, f"its timeout {_shown(timeout)} is not a number of seconds"
    if not math.isfinite(timeout) or timeout <= 0:
        return None, f"its timeout {_shown(timeout)} is not a positive, finite number of seconds"
    if timeout * 1000 > NODE_TIMEOUT_MAX:
        return NODE_TIMEOUT_MAX, (
            f"its timeout of {js_number(timeout)} s is longer than Node's setTimeout can wait "
            f"(Gemini CLI would kill the hook at once); it is imported as {NODE_TIMEOUT_MAX} ms, "
            "about 24.8 days"
        )
    return max(1, round(timeout * 1000)), None


def _shown(value: Any) -> str:
    """A JSON value as the file has it (Infinity where 1e309 was written, as JavaScript)."""
    return js_number(value) if isinstance(value, float) else shorten(json.dumps(value), 40)


@dataclass
class _Translator:
    """One Claude settings document's hooks translated into `out`."""

    out: Translation
    source: str
    names: NameBook
    workspace: Path
    variables: Mapping[str, str]

    def lost(
        self, claude_event: str, kind: NotCarriedKind, reason: str, hook: str | None = None
    ) -> None:
        self.out.not_carried.append(
            NotCarried(
                source=self.source, claude_event=claude_event, hook=hook, kind=kind, reason=reason
            )
        )

    def event(self, claude_event: str, definitions: Any) -> None:
        event = CLAUDE_EVENTS.get(claude_event)
        if event is None:
            reason = CLAUDE_EVENTS_WITHOUT_GEMINI.get(
                claude_event, f"'{claude_event}' is not a Claude Code event hookdash knows"
            )
            for command in _commands(definitions):
                self.lost(claude_event, "event", reason, _short(command))
            if not _commands(definitions):
                self.lost(claude_event, "event", reason)
            return
        if not isinstance(definitions, list):
            self.lost(claude_event, "file", f"hooks.{claude_event} is not a list of definitions")
            return
        for definition in definitions:
            if not isinstance(definition, dict) or not isinstance(definition.get("hooks"), list):
                self.lost(claude_event, "file", "a definition without a hooks list")
                continue
            self.definition(claude_event, event, definition)

    def definition(self, claude_event: str, event: str, definition: dict[str, Any]) -> None:
        raw_matcher = definition.get("matcher")
        claude_matcher = raw_matcher if isinstance(raw_matcher, str) and raw_matcher else None
        translated = translate_matcher(claude_event, event, claude_matcher)
        self.out.notes.extend(n for n in translated.notes if n not in self.out.notes)
        dropped = "; ".join(f"{what}: {why}" for what, why in translated.dropped)
        if not translated.matchers:
            # Nothing of the matcher exists in Gemini: the definition's hooks stay behind.
            for command in _commands([definition]) or [""]:
                why = f"its matcher {claude_matcher!r} selects nothing Gemini CLI has ({dropped})"
                self.lost(claude_event, "matcher", why, _short(command) or None)
            return
        if dropped:
            why = f"part of the matcher {claude_matcher!r} was left out ({dropped})"
            self.lost(claude_event, "matcher", why)
        for hook in definition["hooks"]:
            found = self.hook(claude_event, event, claude_matcher, hook)
            if found is None:
                continue
            for matcher in translated.matchers:
                self.out.hooks.append(replace(found, matcher=matcher, hook=dict(found.hook)))

    def hook(
        self, claude_event: str, event: str, claude_matcher: str | None, hook: Any
    ) -> TranslatedHook | None:
        """One Claude hook as a Gemini hook, its matcher still to be set, or None (why it
        was not carried over is listed)."""
        command = self.command(claude_event, hook)
        if command is None:
            return None
        new_command = gemini_command(command)
        short = _short(command)
        timeout_ms, why = _timeout_ms(hook.get("timeout"))
        if why is not None:
            default = "" if timeout_ms is not None else "; Gemini's default (60 s) applies"
            self.lost(claude_event, "option", why + default, short)
        if hook.get("async") is True:
            why = "it runs in the background in Claude Code (async); Gemini CLI waits for it"
            self.lost(claude_event, "option", why, short)
        name = self.names.name(name_from_command(new_command), new_command)
        label = claude_event + (f" {claude_matcher}" if claude_matcher else "")
        gemini_hook: dict[str, Any] = {"name": name, "type": "command", "command": new_command}
        if timeout_ms is not None:
            gemini_hook["timeout"] = timeout_ms
        gemini_hook["description"] = f"Imported from Claude Code ({label})"
        scan = command + "\n" + script_text(new_command, self.workspace, self.variables)
        caveats = [Caveat(kind=k, reason=f"it {why}") for k, why in field_flags(scan, claude_event)]
        return TranslatedHook(
            self.source, claude_event, claude_matcher, event, None, gemini_hook, scan, caveats
        )

    def command(self, claude_event: str, hook: Any) -> str | None:
        """The command of a Claude command hook (None: not one; the reason is listed)."""
        if not isinstance(hook, dict):
            self.lost(claude_event, "file", "a hook that is not an object")
            return None
        kind = hook.get("type", "command")
        if kind != "command":
            text = hook.get("prompt") if isinstance(hook.get("prompt"), str) else None
            why = f"a {kind!r} hook asks a model to decide; Gemini CLI runs only command hooks"
            self.lost(claude_event, "hook-type", why, _short(text) if text else None)
            return None
        command = hook.get("command")
        if not isinstance(command, str) or not command.strip():
            self.lost(claude_event, "file", "a command hook without a command")
            return None
        return command
