"""How the commands print: exit codes, the one expected-failure exception, colours,
JSON, column helpers, and the guard every byte of output passes.

Everything the commands print goes through `Terminal`, which `main` puts in place of
stdout and stderr: core.display's rule applied to all of it, so that no hook name,
command, path, hook output or telemetry field reaches the terminal as a control, whatever
a formatter forgot. The only escape sequences written are the colours of `Style`, which
never writes one itself: it writes a mark holding a random token made at start-up, and
only `Terminal` turns a mark into a colour. Text from a file or a hook cannot know the
token, so it cannot pass for a mark.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from hookdash.core import visible

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_NEEDS_CONFIRMATION = 0, 1, 2, 3


class CliError(Exception):
    """An expected failure: printed as one message on stderr, exit code 1 (or as given).

    The message quotes names, paths and commands: it is kept as a terminal may show it."""

    def __init__(self, message: str, code: int = EXIT_FAILED):
        super().__init__(visible(message, multiline=True))
        self.code = code


# ------------------------------------------------------------------------- output style


# A colour mark: a private-use character, this process's token, the SGR code, `m`.
# os.urandom is what `secrets.token_hex` reads, without importing `secrets` (and hashlib,
# hmac, random) into every start-up.
_TOKEN = "\ue000" + os.urandom(8).hex()


@functools.cache
def _marks() -> re.Pattern[str]:
    """The colour marks in text (compiled on first use: `--version` prints none)."""
    return re.compile(re.escape(_TOKEN) + r"([0-9;]{1,12})m")


def colour_token() -> str:
    """This process's token: what every colour mark it writes holds."""
    return _TOKEN


def _mark(code: str) -> str:
    return f"{_TOKEN}{code}m"


class Style:
    """ANSI colours when writing to a terminal (NO_COLOR respected), as marks that only
    `Terminal` turns into escape sequences."""

    def __init__(self, stream: TextIO):
        self.tty = stream.isatty()
        self.on = self.tty and not os.environ.get("NO_COLOR")

    def cut(self, text: str, width: int) -> str:
        """`text` cut to `width` on a terminal (one line a hook); whole when piped, where a
        script or a person's pager wants every character."""
        from hookdash.core import shorten

        return shorten(text, width) if self.tty else text

    def _wrap(self, code: str, text: str) -> str:
        return f"{_mark(code)}{text}{_mark('0')}" if self.on else text

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


def risk_mark(risks: Any, s: Style) -> str:
    """` ⚠ network,secrets`: the kinds of a hook's risk flags, as `list` and the import
    preview show them for every host's hooks ("" without flags)."""
    kinds = sorted({r.kind for r in risks or ()})
    return s.red(" ⚠ " + ",".join(kinds)) if kinds else ""


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
    """The width of a line, colour marks left out."""
    return len(_marks().sub("", text))


def pad(text: str, width: int) -> str:
    return text + " " * max(0, width - visible_len(text))


# --------------------------------------------------------------------------- the guard


def terminal_text(text: str) -> str:
    """What `Terminal` writes for `text`: every hidden character shown (newlines and tabs
    kept), every colour mark turned into its escape sequence."""
    if _TOKEN[0] not in text:
        return visible(text, multiline=True)
    pieces = _marks().split(text)  # text, code, text, code, …, text
    return "".join(
        f"\x1b[{piece}m" if i % 2 else visible(piece, multiline=True)
        for i, piece in enumerate(pieces)
    )


class Terminal:
    """A text stream that writes only `terminal_text()` of what it is given.

    Also keeps a write alive where the stream's encoding cannot take a character (a
    terminal that is not UTF-8): the character is written as a backslash escape."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    @property
    def wrapped(self) -> TextIO:
        return self._stream

    def write(self, text: str) -> int:
        data = terminal_text(text)
        try:
            self._stream.write(data)
        except UnicodeEncodeError:
            encoding = getattr(self._stream, "encoding", None) or "ascii"
            self._stream.write(
                data.encode(encoding, "backslashreplace").decode(encoding, "replace")
            )
        return len(text)

    def writelines(self, lines: Iterator[str] | list[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return self._stream.isatty()

    def __getattr__(self, name: str) -> Any:
        # fileno, encoding, buffer, …: the wrapped stream's.
        return getattr(self._stream, name)


@contextlib.contextmanager
def guarded_output() -> Iterator[None]:
    """stdout and stderr through `Terminal` for the duration (restored afterwards)."""
    saved = sys.stdout, sys.stderr
    if not isinstance(sys.stdout, Terminal):
        sys.stdout = Terminal(sys.stdout)
    if not isinstance(sys.stderr, Terminal):
        sys.stderr = Terminal(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def unknown_texts(hook: Any, display: Callable[[str], str] = str) -> list[str]:
    """`? why (where)` for each part of a hook hookdash did not understand, escaped: the
    quieter mark beside the risk flags, in `list`, the review and `scan` of every host."""
    from hookdash.core import unknown_lines, unknown_sentence

    return [unknown_sentence(line) for line in unknown_lines(hook, display)]
