"""What a Claude Code hook's command and script use that Gemini CLI names differently or
does not send: payload fields, output fields, environment variables.

hookdash reads the command and the script it runs (at most SCRIPT_SCAN_LIMIT bytes) and
lists each such use with the reason, instead of letting the hook break silently.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from hookdash.core.disk import files
from hookdash.core.load.command_scripts import find_scripts

SCRIPT_SCAN_LIMIT = 1 << 20  # read at most 1 MB of a hook's script when looking for fields

FieldKind = Literal["payload", "output"]

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

# What a hook's command or script may use (a regex) -> why Gemini CLI breaks it, in the
# order they are listed; output fields and fields only one event sends are marked below.
_FIELD_FLAGS: dict[str, str] = {
    "permissionDecision": "answers with hookSpecificOutput.permissionDecision, which Gemini "
    'CLI does not read: to block, print {"decision": "deny", "reason": "…"} or exit with code 2',
    "updatedInput": "rewrites the tool input with updatedInput; Gemini CLI reads "
    "hookSpecificOutput.tool_input instead",
    r"\btool_response\b": "reads tool_response: Gemini CLI sends {llmContent, returnDisplay, "
    "error} there, not Claude's tool-specific result",
    r"\bpermission_mode\b": "reads permission_mode, which Gemini CLI does not send",
    r"\btool_use_id\b": "reads tool_use_id, which Gemini CLI does not send",
    r"\bcustom_instructions\b": "reads custom_instructions, which Gemini's PreCompress does "
    "not send",
    r"\bnotification_type\b": "reads notification_type: Gemini CLI always sends "
    "'ToolPermission' there",
    "CLAUDE_ENV_FILE": "writes to $CLAUDE_ENV_FILE, which Gemini CLI does not provide",
    "CLAUDE_PLUGIN_ROOT": "uses $CLAUDE_PLUGIN_ROOT, which only Claude Code plugins have",
    r"\btranscript_path\b": "reads the transcript at transcript_path: Gemini CLI's transcript "
    "has its own format",
}
_OUTPUT_FIELDS = frozenset({"permissionDecision", "updatedInput"})  # the others: payload
_ONLY_FOR = {r"\btool_response\b": "PostToolUse", r"\bnotification_type\b": "Notification"}
_TOOL_INPUT = re.compile(r"tool_input(?:\.|\[[\"'])([A-Za-z_]+)")


def field_flags(text: str, claude_event: str) -> list[tuple[FieldKind, str]]:
    """What a hook's command and script use that Gemini names differently or lacks."""
    out: list[tuple[FieldKind, str]] = []
    for pattern, why in _FIELD_FLAGS.items():
        if _ONLY_FOR.get(pattern, claude_event) == claude_event and re.search(pattern, text):
            out.append(("output" if pattern in _OUTPUT_FIELDS else "payload", why))
    if claude_event in ("PreToolUse", "PostToolUse"):
        fields = sorted({m.group(1) for m in _TOOL_INPUT.finditer(text)} & set(_TOOL_INPUT_FIELDS))
        for name in fields:
            out.append(("payload", f"reads tool_input.{name}: {_TOOL_INPUT_FIELDS[name]}"))
    return out


def script_text(command: str, workspace: Path, variables: Mapping[str, str]) -> str:
    """The text of the script a command runs (at most SCRIPT_SCAN_LIMIT bytes), or ""."""
    script = find_scripts(command, workspace, variables).primary
    if script is None or script.kind == "command" or not script.path or not script.exists:
        return ""
    try:
        data, _size = files.read_head(script.path, SCRIPT_SCAN_LIMIT)
    except OSError:  # a FIFO, a device or anything unreadable: nothing to scan
        return ""
    return data.decode("utf-8", "replace")
