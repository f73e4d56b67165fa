"""Reading one Claude Code settings file exactly as 2.1.332 does.

Claude's settings files are strict JSON (`JSON.parse`): a `//` comment or one trailing
comma drops the whole file, silently, while the other layers still run. A UTF-8 byte
order mark is skipped; an empty file holds no settings. Hookdash reports what Claude
keeps quiet about, with the line and column.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hookdash.core import jsonc
from hookdash.core.disk import files
from hookdash.core.record_class import ByValue, value_record

# How deep hookdash reads a settings file as Claude Code does. Claude 2.1.332 ran the hooks
# of a file beside an unknown key nested 200,000 levels deep, and beside one nested as
# deep inside the hook's own handler (tests/claude pins it): it has no limit hookdash could
# find. hookdash builds the first levels (nesting.MAX_DEPTH) and checks that the rest is
# JSON; deeper than this it stops, and says that it, not Claude, could not read the file.
READ_DEPTH = 200_001  # the settings object, and 200,000 levels inside it


@value_record
class ParseError(ByValue):
    """Why Claude Code drops a settings file, where (1-based), as `list --json` gives it
    (`error` of a layer). A plain dataclass: `scan` reads settings files without importing
    pydantic; the layer's model validates and dumps it as a field."""

    message: str
    line: int | None = None
    column: int | None = None
    # hookdash stopped before Claude Code would (nested deeper than hookdash reads): the
    # file may well be read, and its hooks run, by Claude.
    unread: bool = False


class SettingsRead:
    """A settings file as read: its text and value, or why Claude cannot use it."""

    __slots__ = ("error", "exists", "path", "text", "unreadable", "value")
    path: Path
    exists: bool
    text: str | None  # without its BOM (offsets and lines as the file's)
    value: Any  # the parsed document (None when it does not parse)
    error: ParseError | None  # strict JSON rejects it, or it is not an object
    unreadable: str | None  # it cannot be read at all

    def __init__(
        self,
        path: Path,
        exists: bool,
        text: str | None = None,
        value: Any = None,
        error: ParseError | None = None,
        unreadable: str | None = None,
    ) -> None:
        self.path = path
        self.exists = exists
        self.text = text
        self.value = value
        self.error = error
        self.unreadable = unreadable

    @property
    def usable(self) -> bool:
        return self.exists and self.error is None and self.unreadable is None


UNREAD = "hookdash could not read this file; Claude Code may run hooks in it"


def strict_error(text: str, exc: jsonc.JsonParseError) -> ParseError:
    """Why JSON.parse rejects `text`, said for a Claude file (a comment named as one); or,
    for a file nested deeper than hookdash reads, that hookdash stopped, not Claude."""
    if exc.too_deep:
        return ParseError(
            message=f"{UNREAD} ({exc.message}, deeper than hookdash reads)",
            line=exc.line,
            column=exc.column,
            unread=True,
        )
    spans = jsonc.comment_spans(text)
    if spans:
        try:
            jsonc.parse(text, comments=True)
        except jsonc.JsonParseError:
            pass
        else:
            line, column = jsonc.line_col(text, spans[0][0])
            return ParseError(
                message="not strict JSON (a comment: Claude Code reads its settings as JSON, "
                "not JSON with comments)",
                line=line,
                column=column,
            )
    # The shared reader words its messages for Gemini CLI: say them for any JSON reader.
    message = exc.message.replace(" (Gemini CLI's JSON parser does not allow trailing commas)", "")
    return ParseError(
        message=f"not strict JSON ({message})",
        line=exc.line,
        column=exc.column,
    )


def read_settings(path: Path) -> SettingsRead:
    """Read and parse one settings file; never raises for what a file can hold."""
    try:
        data = files.read_bytes(path)
    except FileNotFoundError:
        return SettingsRead(path, exists=False)
    except NotADirectoryError:
        return SettingsRead(path, exists=False)
    except OSError as exc:
        why = exc.strerror or str(exc)
        return SettingsRead(path, exists=True, unreadable=f"cannot be read ({why})")
    text = data.decode("utf-8", "replace")  # as Node's readFileSync(…, "utf8")
    if text.startswith("\ufeff"):
        text = text[1:]
    value, error = parse_settings(text)
    return SettingsRead(path, exists=True, text=text, value=value, error=error)


def parse_settings(text: str) -> tuple[Any, ParseError | None]:
    """A settings file's text (its BOM removed) as Claude Code parses it: (the document,
    None), or (what parsed, if anything, why Claude drops the file). Also for readers that
    hold the text already (`hookdash scan`)."""
    if not text.strip():
        return {}, None
    try:
        value = jsonc.parse(text, comments=False, deep=READ_DEPTH)
    except jsonc.JsonParseError as exc:
        return None, strict_error(text, exc)
    if not isinstance(value, dict):
        return value, ParseError(message="not a JSON object", line=1, column=1)
    return value, None
