"""The shell side of Gemini's hook runner: the `$GEMINI_*` command expansion (the `bash -c`
itself is core.run.process's, shared by every host).

Gemini replaces a few `$NAME` tokens in the command text before bash sees it, each value
escaped with the npm package shell-quote@1.8.3 (`escapeShellArg`). Its quoting is not
POSIX `shlex.quote`: it picks single quotes, double quotes or backslashes depending on
the characters, so it is reproduced here rule for rule.
"""

from __future__ import annotations

import re

from hookdash.core.hosts.gemini.jsvalues import JS_WHITESPACE, js_string

_WS = re.escape(JS_WHITESPACE)
_NEEDS_SINGLE = re.compile(f'["{_WS}\\\\]')  # /["\s\\]/
_NEEDS_DOUBLE = re.compile(f"[\"'{_WS}]")  # /["'\s]/
_DOUBLE_ESCAPES = re.compile(r'(["\\$`!])')
# /([A-Za-z]:)?([#!"$&'()*,:;<=>?@[\\\]^`{|}])/g — a drive-letter prefix is kept unescaped.
_BARE_SPECIAL = re.compile(r"([A-Za-z]:)?([#!\"$&'()*,:;<=>?@\[\\\]^`{|}])")


def shell_quote(value: str) -> str:
    """shell-quote@1.8.3 `quote([value])` for one string."""
    if value == "":
        return "''"
    if _NEEDS_SINGLE.search(value) and "'" not in value:
        return "'" + value + "'"
    if _NEEDS_DOUBLE.search(value):
        return '"' + _DOUBLE_ESCAPES.sub(r"\\\1", value) + '"'
    return _BARE_SPECIAL.sub(lambda m: (m.group(1) or "") + "\\" + m.group(2), value)


def escape_shell_arg(value: object) -> str:
    """Gemini's `escapeShellArg(arg, 'bash')`: nothing at all for a falsy value."""
    if value is None or value is False or value == "" or value == 0:
        return ""
    return shell_quote(js_string(value))


# Replaced in this order, each globally; a plain prefix match ($GEMINI_CWDX -> <cwd>X).
_EXPANDED = ("GEMINI_PROJECT_DIR", "GEMINI_CWD", "GEMINI_PLANS_DIR", "GEMINI_SESSION_ID")


def expand_command(command: str, cwd: object, plans_dir: str, session_id: object) -> str:
    """HookRunner.expandCommand: `$GEMINI_*` and `$CLAUDE_PROJECT_DIR` → escaped values.

    Only the `$NAME` form is touched; `${GEMINI_CWD}` is left for bash to expand.
    """
    escaped_cwd = escape_shell_arg(cwd)
    values = {
        "GEMINI_PROJECT_DIR": escaped_cwd,
        "GEMINI_CWD": escaped_cwd,
        "GEMINI_PLANS_DIR": escape_shell_arg(plans_dir),
        "GEMINI_SESSION_ID": escape_shell_arg(session_id),
    }
    for name in _EXPANDED:
        command = command.replace("$" + name, values[name])
    return command.replace("$CLAUDE_PROJECT_DIR", escaped_cwd)
