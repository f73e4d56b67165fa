"""`hidden-characters`: text in the hook configuration, or in a script a hook runs, that
holds characters a reviewer cannot see (core.display's rule).

A right-to-left override in a command, an escape sequence that erases the line before
it, a zero-width space in a name: what the reviewer reads is then not what Gemini CLI
runs. Every string of a settings file's `hooks` and `hooksConfig.disabled` (event keys,
matchers, names, commands, descriptions, disabled entries, anything else in there) and of
an extension's `hooks/hooks.json` is checked as written in the file, and so is each
project script a hook runs (whole, up to `SCRIPT_SCAN_BYTES`). One problem per string or script,
severity error, at the line and column of the first hidden character in that file.

Newlines and tabs are not hidden (a multi-line command is legitimate, and every view
shows them), nor is the CR of a CRLF line ending in a script.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from hookdash.core import jsonc
from hookdash.core.display import HiddenCharacter, has_hidden, iter_hidden, visible
from hookdash.core.load.script_head import read_head
from hookdash.core.model import Hook
from hookdash.core.problems import Problem

if TYPE_CHECKING:
    from hookdash.core.model import Configuration
    from hookdash.core.records import HookRecord as AnyHook

CODE = "hidden-characters"
_FIX = (
    "Remove them (hookdash shows them as ␛, ␍ or <U+202E>). Do not trust or run this hook "
    "until you know why they are there."
)
# JSON escapes that can stand for a hidden character (`\\u…` for most of them).
_HIDING_ESCAPE = re.compile(r"\\[bfru]")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_SCRIPT_KINDS = ("script", "interpreted")


def hidden_character_problems(config: Configuration) -> list[Problem]:
    hooks_at = {(h.file, h.pointer): h for h in config.snapshot.hooks}
    problems: list[Problem] = []
    for layer in config.layers.values():
        if not layer.parsed or not isinstance(layer.raw, dict) or not layer.text:
            continue
        roots: list[tuple[str, Any]] = [("/hooks", layer.raw.get("hooks"))]
        hooks_config = layer.raw.get("hooksConfig")
        if isinstance(hooks_config, dict):
            roots.append(("/hooksConfig/disabled", hooks_config.get("disabled")))
        problems.extend(_in_document(str(layer.path), layer.text, roots, hooks_at))
    for ext in config.extensions:
        if ext.hooks_file is None or ext.text is None:
            continue
        roots = [("/hooks", ext.raw_hooks)]
        problems.extend(_in_document(str(ext.hooks_file), ext.text, roots, hooks_at))
    problems.extend(_in_scripts(config.snapshot.hooks))
    return problems


def hidden_problems_of(hook: AnyHook, problems: Iterable[Problem]) -> list[Problem]:
    """The `hidden-characters` problems about one hook of either host (for its badge): in
    its own strings, its definition's matcher, its event name, or the script it runs."""
    definition = hook.pointer.rsplit("/hooks/", 1)[0]
    event = definition.rsplit("/", 1)[0] if definition.rsplit("/", 1)[-1].isdigit() else definition
    script = getattr(hook, "script", None)  # (a Claude hook has only `scripts`)
    scripts = {s.path for s in [*hook.scripts, *([script] if script else [])]}
    scripts.discard(None)
    out = []
    for p in problems:
        if p.code != CODE:
            continue
        if p.pointer is None:
            if p.file in scripts:
                out.append(p)
        elif p.file == hook.file and (
            p.pointer in (hook.pointer, definition + "/matcher", event)
            or p.pointer.startswith(hook.pointer + "/")
        ):
            out.append(p)
    return out


# ------------------------------------------------------------------------ settings files


def _strings(value: Any, ptr: str) -> Iterator[tuple[str, bool, str]]:
    """(pointer, is_key, text) of every string in `value`: object keys and values."""
    stack: list[tuple[Any, str]] = [(value, ptr)]
    while stack:  # iterative: a hostile file may nest deeply
        item, where = stack.pop()
        if isinstance(item, str):
            yield where, False, item
        elif isinstance(item, dict):
            for key, child in reversed(list(item.items())):
                child_ptr = where + "/" + jsonc.escape_pointer_token(str(key))
                yield child_ptr, True, str(key)
                stack.append((child, child_ptr))
        elif isinstance(item, list):
            for i in range(len(item) - 1, -1, -1):
                stack.append((item[i], f"{where}/{i}"))


def _in_document(
    file: str,
    text: str,
    roots: list[tuple[str, Any]],
    hooks_at: dict[tuple[str, str], Hook],
) -> list[Problem]:
    if not has_hidden(text, multiline=True) and _HIDING_ESCAPE.search(text) is None:
        return []  # the common case: one C-speed pass over the file, no walk
    finder: jsonc.LineFinder | None = None
    out: list[Problem] = []
    for root_ptr, root in roots:
        if root is None:
            continue
        for ptr, is_key, value in _strings(root, root_ptr):
            found = list(iter_hidden(value, multiline=True))
            if not found:
                continue
            if finder is None:  # only a file with a finding pays for locating spans
                finder = jsonc.LineFinder(text)
            line, column = _position(text, finder, ptr, is_key, found[0].offset)
            out.append(
                Problem(
                    severity="error",
                    code=CODE,
                    message=_message(_what(ptr, is_key, file, hooks_at), found),
                    fix=_FIX,
                    file=file,
                    pointer=ptr,
                    line=line,
                    column=column,
                )
            )
    return out


def _position(
    text: str, finder: jsonc.LineFinder, ptr: str, is_key: bool, index: int
) -> tuple[int | None, int | None]:
    """Line and column in the file of the `index`-th character of the string at `ptr`."""
    span = finder.span(ptr)
    if span is None:
        return None, None
    start = span.key_start if is_key else span.start
    if start is None:
        return None, None
    literal = _STRING.match(text, start)
    if literal is None:
        return None, None
    offset = start + _offset_in_literal(literal.group(), index)
    return jsonc.line_col(text, offset)


def _offset_in_literal(literal: str, index: int) -> int:
    """Where the `index`-th decoded character starts in a JSON string literal (quotes
    included): an escape like `\\u001b` is six characters of the file for one of the
    string, a surrogate pair escape twelve."""
    pos, count, end = 1, 0, len(literal) - 1
    while pos < end and count < index:
        if literal[pos] != "\\":
            pos += 1
        elif literal[pos + 1] != "u":
            pos += 2
        else:
            high = int(literal[pos + 2 : pos + 6], 16)
            pair = (
                0xD800 <= high <= 0xDBFF
                and literal.startswith("\\u", pos + 6)
                and 0xDC00 <= int(literal[pos + 8 : pos + 12], 16) <= 0xDFFF
            )
            pos += 12 if pair else 6
        count += 1
    return pos


def _what(ptr: str, is_key: bool, file: str, hooks_at: dict[tuple[str, str], Hook]) -> str:
    """What the string is, in words: "the command of hook 'lint' (BeforeTool)"."""
    tokens = jsonc.pointer_tokens(ptr)
    if tokens[:2] == ["hooksConfig", "disabled"]:
        return "an entry of hooksConfig.disabled"
    if tokens[:2] == ["hooks", "disabled"]:
        return "an entry of hooks.disabled"
    if len(tokens) == 2 and is_key:
        return f"the event name '{visible(tokens[1])}'"
    event = visible(tokens[1]) if len(tokens) > 1 else "?"
    if len(tokens) == 4 and tokens[3] == "matcher":
        return f"the matcher of a {event} definition"
    if len(tokens) >= 6 and tokens[3] == "hooks":
        hook = hooks_at.get((file, "/" + "/".join(ptr.split("/")[1:6])))
        who = f"hook '{visible(hook.id)}'" if hook is not None else "a hook"
        field = tokens[5] if len(tokens) > 5 else "entry"
        if len(tokens) == 6:
            label = f"the key '{visible(field)}'" if is_key else f"the {visible(field)}"
        else:
            label = f"a value under '{visible(field)}'"
        return f"{label} of {who} ({event})"
    return f"the {'key' if is_key else 'value'} at {visible(ptr)}"


def _message(what: str, found: list[HiddenCharacter]) -> str:
    first = found[0].label
    more = f" and {len(found) - 1} more" if len(found) > 1 else ""
    return (
        f"{what[0].upper()}{what[1:]} holds hidden characters ({first}{more}): what a "
        "reviewer reads is not what Gemini CLI runs."
    )


# ------------------------------------------------------------------------ scripts


def _in_scripts(hooks: list[Hook]) -> list[Problem]:
    users: dict[str, list[str]] = {}
    for hook in hooks:
        for script in hook.scripts or ([hook.script] if hook.script is not None else []):
            if script.kind not in _SCRIPT_KINDS or not script.path or not script.exists:
                continue
            users.setdefault(script.path, []).append(hook.id)
    out: list[Problem] = []
    for path, ids in users.items():
        head = read_head(path)
        if head.text is None:
            continue  # missing, binary, not a regular file: other checks say so
        found = [
            h
            for h in iter_hidden(head.text, multiline=True)
            if not (h.code_point == 0x0D and head.text.startswith("\n", h.offset + 1))
        ]
        if not found:
            continue
        line, column = jsonc.line_col(head.text, found[0].offset)
        names = ", ".join(f"'{visible(i)}'" for i in dict.fromkeys(ids))
        out.append(
            Problem(
                severity="error",
                code=CODE,
                message=_message(f"the script run by hook {names}", found),
                fix=_FIX,
                file=path,
                line=line,
                column=column,
            )
        )
    return out
