"""A read-only command's output printed again, when the same command ran before in the
same situation and nothing it looked at has changed (core.replay): `list` and `check`.

Only the `hookdash` process itself keeps and replays output (`main(..., keep=True)`, which
the console script asks for); a test that calls `main` in its own process, where a
monkeypatch can change what hookdash would print without any file changing, runs every
command afresh.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import Any

from hookdash.cli.output import colour_token


class _Copying:
    """A stream that also keeps a copy of what is written to it (every other attribute is
    the stream's own)."""

    def __init__(self, stream: Any, number: int, copy: list[tuple[int, str]]) -> None:
        self._stream = stream
        self._number = number
        self._copy = copy

    def write(self, text: str) -> int:
        self._copy.append((self._number, text))
        written: int = self._stream.write(text)
        return written

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class _Untouchable:
    """Standard input while a run is recorded: a run that reads it (or takes its
    descriptor) cannot be replayed, as its output may depend on what it read."""

    def __init__(self, stream: Any, seen: Any) -> None:
        self._stream = stream
        self._seen = seen

    def __getattr__(self, name: str) -> Any:
        self._seen.refuse("it used its standard input")
        return getattr(self._stream, name)

    def __iter__(self) -> Any:
        self._seen.refuse("it used its standard input")
        return iter(self._stream)


def _streams() -> list[Any]:
    """What the output depends on in the standard streams: whether each is a terminal,
    the terminal's size, and the encoding of stdout and stderr."""
    facts: list[Any] = []
    for fd in (0, 1, 2):
        try:
            tty = os.isatty(fd)
            facts.append([tty, list(os.get_terminal_size(fd)) if tty else None])
        except OSError:
            facts.append(None)
    for stream in (sys.stdout, sys.stderr):
        inner = getattr(stream, "wrapped", stream)
        facts.append([getattr(inner, "encoding", None), getattr(inner, "errors", None)])
    return facts


def _options(args: argparse.Namespace) -> list[Any]:
    """The parsed command line: what the command was asked (the function it runs left out)."""
    return sorted((name, repr(value)) for name, value in vars(args).items() if not callable(value))


def replayed(args: argparse.Namespace, command: Callable[[argparse.Namespace], int]) -> int:
    """`command(args)`, or its output and exit code as kept from an earlier run of it when
    nothing it looked at has changed since; a run that can be replayed is kept."""
    from hookdash.core import find_kept, keep_output, keeping, observing, run_key, state_dir

    if not keeping(os.environ):
        return command(args)
    from hookdash import __version__

    key = run_key(_options(args), _streams(), __version__)
    if key is None:
        return command(args)
    state = state_dir()
    kept = find_kept(key, state)
    if kept is not None:
        chunks, code = kept
        for number, text in chunks:
            (sys.stdout if number == 1 else sys.stderr).write(text)
        return code
    copy: list[tuple[int, str]] = []
    saved = sys.stdin, sys.stdout, sys.stderr
    try:
        with observing() as seen:
            sys.stdin = _Untouchable(saved[0], seen)
            sys.stdout, sys.stderr = _Copying(saved[1], 1, copy), _Copying(saved[2], 2, copy)
            code = command(args)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    # Colours are marks holding this process's own token (cli.output): another process's
    # Terminal would not turn them into colours, so coloured output is not kept.
    if any(colour_token() in text for _, text in copy):
        seen.refuse("its output is coloured")
    keep_output(key, state, seen, copy, code)
    if seen.refused is not None and os.environ.get("HOOKDASH_DEBUG"):
        sys.stderr.write(f"hookdash: this output is not kept: {seen.refused}\n")
    return code
