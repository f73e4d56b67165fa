"""How the commands print: exit codes, the one expected-failure exception, colours,
JSON, and column helpers."""

from __future__ import annotations

import io
import os
import sys
from typing import Any, TextIO

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_NEEDS_CONFIRMATION = 0, 1, 2, 3


class CliError(Exception):
    """An expected failure: printed as one message on stderr, exit code 1 (or as given)."""

    def __init__(self, message: str, code: int = EXIT_FAILED):
        super().__init__(message)
        self.code = code


# ------------------------------------------------------------------------- output style


class Style:
    """ANSI colours when writing to a terminal (NO_COLOR respected)."""

    def __init__(self, stream: TextIO):
        self.on = stream.isatty() and not os.environ.get("NO_COLOR")

    def _wrap(self, code: str, text: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.on else text

    def bold(self, t: str) -> str:
        return self._wrap("1", t)

    def dim(self, t: str) -> str:
        return self._wrap("2", t)

    def red(self, t: str) -> str:
        return self._wrap("31", t)

    def green(self, t: str) -> str:
        return self._wrap("32", t)

    def yellow(self, t: str) -> str:
        return self._wrap("33", t)

    def cyan(self, t: str) -> str:
        return self._wrap("36", t)


def safe_streams() -> None:
    """Make stdout and stderr unable to fail on what they are given.

    Hook names, commands, output and telemetry are untrusted text and may hold a lone
    surrogate ("\\ud800", valid in a JSON string, unencodable in UTF-8). Such a character
    is written as its backslash escape instead of raising; inside a JSON string that escape
    (`\\ud800`) is exactly the JSON for it, so `--json` output stays exact JSON. (Showing
    control characters visibly is the display rule's job; this only keeps writes alive.)
    """
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")


def print_json(data: Any) -> None:
    """Exact JSON in which no hidden character is raw (a lone surrogate cannot fail it)."""
    from hookdash.core import json_text

    sys.stdout.write(json_text(data, indent=2) + "\n")


def visible_len(text: str) -> int:
    import re

    return len(re.sub(r"\x1b\[[0-9;]*m", "", text))


def pad(text: str, width: int) -> str:
    return text + " " * max(0, width - visible_len(text))
