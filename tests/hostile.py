"""Hostile files for tests: FIFOs, sockets, devices, deep nesting — and a way to make a
read that would hang fail the test instead of hanging the suite."""

from __future__ import annotations

import contextlib
import errno
import os
import socket
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

DEEP = 10_000  # levels of nesting in the hostile files


def make_fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() or path.is_symlink():
        path.unlink()
    os.mkfifo(path)
    return path


def make_socket(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(path))  # the socket file stays after the socket is closed
    return path


def deep_json(levels: int = DEEP) -> str:
    return '{"hooks": {}, "x": ' + "[" * levels + "]" * levels + "}"


def release(fifos: Iterable[Path]) -> None:
    """Unblock anything stuck opening or reading these FIFOs: open each for writing (which
    succeeds only while a reader waits) and close it, so the reader sees end of file."""
    for fifo in fifos:
        try:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as exc:
            if exc.errno not in (errno.ENXIO, errno.ENOENT):
                raise
            continue
        os.close(fd)


def within(seconds: float, call: Callable[[], T], fifos: Iterable[Path] = ()) -> T:
    """`call()`, failing the test (not hanging the suite) if it takes longer than
    `seconds`: on timeout the FIFOs are released so the stuck thread can finish."""
    box: dict[str, object] = {}

    def run() -> None:
        try:
            box["value"] = call()
        except BaseException as exc:  # handed to the test's thread
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        fifos = list(fifos)
        for _ in range(50):
            release(fifos)
            thread.join(0.1)
            if not thread.is_alive():
                break
        raise AssertionError(f"blocked for more than {seconds} s (a FIFO was read?)")
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["value"]  # type: ignore[return-value]


@contextlib.contextmanager
def released(fifos: Iterable[Path]) -> Iterator[list[Path]]:
    """Release the FIFOs on the way out, whatever happened (a dashboard's worker thread
    stuck on one would otherwise keep the test process alive)."""
    held = list(fifos)
    try:
        yield held
    finally:
        release(held)
