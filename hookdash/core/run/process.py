"""The hook's OS process: its spawning, its captured pipes, its process group, and the
watchdog that ends it. What every host's hooks run through (`run_process`); what a host
makes of the command, the environment, the timeout and the output is the host's own rule
(hosts/<host>/runner.py, hosts/claude/fire.py).

A hook is `bash -c` (or a program and its arguments, for Claude Code's exec form and its
`/bin/sh -c`) in a process group of its own. Its pipes are read until EOF (which can
come long after the hook exits, if a child keeps them open), capped in memory. On a
timeout or a cancel the whole group gets SIGTERM, then SIGKILL after a grace period, and
so does any other process that still holds the hook's pipes (found through /proc); after
that the result is returned even if something unkillable keeps them open.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import subprocess
from collections.abc import Awaitable, Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any, TypeVar

from hookdash.core.errors import FireInterrupted

# What is kept of each of stdout and stderr; the rest is read and counted, not stored.
MAX_CAPTURE_BYTES = 1024 * 1024
# After SIGTERM, how long a timed-out hook's process group gets before SIGKILL. Gemini
# means to wait 5 s but in practice never sends SIGKILL on POSIX.
KILL_GRACE_S = 2.0
# After SIGKILL, how long to wait for the pipes to close before giving up on them.
PIPE_GRACE_S = 0.5
_READ_SIZE = 64 * 1024  # a Linux pipe's default capacity


class Capture:
    __slots__ = ("cap", "chunks", "kept", "total")

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.chunks: list[bytes] = []
        self.kept = 0
        self.total = 0

    def add(self, data: bytes | memoryview) -> None:
        self.total += len(data)
        if self.kept < self.cap:
            piece = bytes(data[: self.cap - self.kept])
            self.chunks.append(piece)
            self.kept += len(piece)

    @property
    def truncated(self) -> bool:
        return self.total > self.kept

    def text(self) -> str:
        return b"".join(self.chunks).decode("utf-8", "replace")

    def shown(self, text: str) -> str:
        if not self.truncated:
            return text
        return f"{text}\n… [hookdash kept the first {self.kept} of {self.total} bytes]"


class HookProcess:
    """A spawned hook, watched from the event loop without helper threads.

    Its pipes are read with non-blocking `os.read` in loop readers, and its exit is seen
    through a pidfd (polled where there is none). `closed` resolves like Node's 'close':
    the process has exited and stdout and stderr are both at EOF.
    """

    def __init__(
        self, loop: asyncio.AbstractEventLoop, popen: subprocess.Popen[bytes], cap: int
    ) -> None:
        self.loop = loop
        self.popen = popen
        self.out = Capture(cap)
        self.err = Capture(cap)
        self.exited: asyncio.Future[None] = loop.create_future()
        self.closed: asyncio.Future[None] = loop.create_future()
        assert popen.stdin and popen.stdout and popen.stderr
        self._files = {popen.stdout.fileno(): popen.stdout, popen.stderr.fileno(): popen.stderr}
        self._captures = {popen.stdout.fileno(): self.out, popen.stderr.fileno(): self.err}
        self._buffer = bytearray(_READ_SIZE)
        self._view = memoryview(self._buffer)
        self.inodes = {os.fstat(fd).st_ino for fd in self._files}
        for fd in self._files:
            os.set_blocking(fd, False)
            loop.add_reader(fd, self._on_readable, fd)
        self._stdin_fd: int | None = popen.stdin.fileno()
        self._pending = memoryview(b"")
        self._writing = False
        self._pidfd: int | None = None
        self._poll_handle: asyncio.TimerHandle | None = None
        try:
            self._pidfd = os.pidfd_open(popen.pid)
            loop.add_reader(self._pidfd, self._on_exit)
        except (AttributeError, OSError):  # no pidfd (macOS, old kernels): poll instead
            self._poll_handle = loop.call_later(0.005, self._poll)

    # --- stdin -------------------------------------------------------------------
    def send(self, data: bytes) -> None:
        """Write the payload, then EOF; a hook that closed stdin early is fine (EPIPE)."""
        if self._stdin_fd is None:
            return
        os.set_blocking(self._stdin_fd, False)
        self._pending = memoryview(data)
        self._write()

    def _write(self) -> None:
        fd = self._stdin_fd
        if fd is None:
            return
        try:
            while self._pending:
                written = os.write(fd, self._pending)
                self._pending = self._pending[written:]
        except BlockingIOError:
            if not self._writing:
                self._writing = True
                self.loop.add_writer(fd, self._write)
            return
        except OSError:
            pass  # EPIPE and friends: Gemini ignores them too
        self._close_stdin()

    def _close_stdin(self) -> None:
        if self._stdin_fd is None:
            return
        if self._writing:
            self.loop.remove_writer(self._stdin_fd)
            self._writing = False
        self._stdin_fd = None
        assert self.popen.stdin is not None
        with contextlib.suppress(OSError):
            self.popen.stdin.close()

    # --- stdout / stderr -------------------------------------------------------------
    def _on_readable(self, fd: int) -> None:
        # Into one reused buffer: draining a flood of output allocates nothing per read.
        try:
            count = os.readv(fd, [self._buffer])
        except BlockingIOError:
            return
        except OSError:
            count = 0
        if count:
            self._captures[fd].add(self._view[:count])
            return
        self._close_pipe(fd)
        self._check()

    def _close_pipe(self, fd: int) -> None:
        handle = self._files.pop(fd, None)
        if handle is not None:
            self.loop.remove_reader(fd)
            with contextlib.suppress(OSError):
                handle.close()

    # --- exit ----------------------------------------------------------------------
    def _on_exit(self) -> None:
        if self.popen.poll() is None:
            return
        if self._pidfd is not None:
            self.loop.remove_reader(self._pidfd)
            os.close(self._pidfd)
            self._pidfd = None
        if not self.exited.done():
            self.exited.set_result(None)
        self._check()

    def _poll(self) -> None:
        if self.popen.poll() is None:
            self._poll_handle = self.loop.call_later(0.01, self._poll)
        else:
            self._poll_handle = None
            self._on_exit()

    def _check(self) -> None:
        if self.exited.done() and not self._files and not self.closed.done():
            self.closed.set_result(None)

    @property
    def returncode(self) -> int | None:
        return self.popen.poll()

    def close(self) -> None:
        """Stop watching; whatever still holds the pipes no longer delays anyone."""
        self._close_stdin()
        for fd in list(self._files):
            self._close_pipe(fd)
        if self._pidfd is not None:
            self.loop.remove_reader(self._pidfd)
            os.close(self._pidfd)
            self._pidfd = None
        if self._poll_handle is not None:
            self._poll_handle.cancel()
            self._poll_handle = None


def pipe_holders(inodes: set[int]) -> set[int]:
    """Processes (other than us) holding the hook's pipes: children that left its group."""
    holders: set[int] = set()
    if not inodes or not os.path.isdir("/proc"):
        return holders
    me = os.getpid()
    wanted = {f"pipe:[{i}]" for i in inodes}
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == me:
            continue
        fd_dir = f"/proc/{entry}/fd"
        try:
            for fd in os.listdir(fd_dir):
                with contextlib.suppress(OSError):
                    if os.readlink(f"{fd_dir}/{fd}") in wanted:
                        holders.add(int(entry))
                        break
        except OSError:
            continue
    return holders


def signal_all(pgid: int, inodes: set[int], sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, sig)
    for pid in pipe_holders(inodes):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, sig)


# The process groups of the hooks running now (pgid -> their pipes' inodes), so that a
# process ending in a hurry (a signal while its event loop is held) kills them first.
RUNNING_HOOKS: dict[int, set[int]] = {}


def kill_running_hooks() -> None:
    """SIGKILL every hook still running, with whatever holds its pipes. Safe from another
    thread: the registry is read as a copy."""
    for pgid, inodes in list(RUNNING_HOOKS.items()):
        signal_all(pgid, inodes, signal.SIGKILL)


class Watchdog:
    """The timeout, driven by loop callbacks so the run just awaits `closed` once.

    At the deadline: SIGTERM to the process group (and to whatever else holds the hook's
    pipes); after the grace period SIGKILL; a moment later, stop waiting for the pipes.
    """

    def __init__(
        self, loop: asyncio.AbstractEventLoop, proc: HookProcess, pgid: int, grace_s: float
    ) -> None:
        self.loop, self.proc, self.pgid, self.grace_s = loop, proc, pgid, grace_s
        self.timed_out = False
        self._handle: asyncio.TimerHandle | None = None

    def arm(self, seconds: float) -> None:
        self._handle = self.loop.call_later(seconds, self._expire)

    def disarm(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _expire(self) -> None:
        self.timed_out = True
        signal_all(self.pgid, self.proc.inodes, signal.SIGTERM)
        self._handle = self.loop.call_later(self.grace_s, self._kill)

    def _kill(self) -> None:
        signal_all(self.pgid, self.proc.inodes, signal.SIGKILL)
        self._handle = self.loop.call_later(PIPE_GRACE_S, self._give_up)

    def _give_up(self) -> None:
        self._handle = None
        if not self.proc.closed.done():  # something unkillable still holds the pipes
            self.proc.closed.set_result(None)


# ------------------------------------------------------------------ spawning and waiting


def find_bash(environ: Mapping[str, str]) -> str | None:
    """`bash` as Node's spawn finds it: on the child environment's PATH."""
    return _which_bash(environ.get("PATH", ""))


@lru_cache(maxsize=64)
def _which_bash(path: str) -> str | None:
    # Cached per PATH value: a lookup stats every PATH entry, on every hook run.
    return shutil.which("bash", path=path)


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def node_utf8(text: str) -> bytes:
    """`Buffer.from(text, "utf8")`, as Node hands a string to a process: a lone surrogate
    (which JSON can hold and UTF-8 cannot) becomes U+FFFD."""
    return _LONE_SURROGATE.sub("\ufffd", text).encode("utf-8")


async def run_process(
    command: str | Sequence[str],
    cwd: str,
    env: dict[str, str],
    stdin: bytes,
    timeout_s: float,
    *,
    max_capture: int = MAX_CAPTURE_BYTES,
    kill_grace_s: float = KILL_GRACE_S,
    on_spawn: Callable[[HookProcess], None] | None = None,
) -> tuple[HookProcess, bool] | str:
    """Run `bash -c command` (a string) or the program and arguments `command` (a list,
    spawned directly: no shell) in a process group of its own, `stdin` written then
    closed, its output capped, its group killed at `timeout_s`: (the finished process,
    whether it timed out), or the spawn error. What every host's hooks run through.
    `on_spawn` gets the process once spawned: a cancelled run (which raises, its group
    killed) can still tell what it had written."""
    popen = _spawn(command, cwd, env)
    if isinstance(popen, str):
        return popen
    proc = HookProcess(asyncio.get_running_loop(), popen, max_capture)
    if on_spawn is not None:
        on_spawn(proc)
    proc.send(stdin)
    timed_out = await _wait(proc, popen.pid, timeout_s, kill_grace_s)
    return proc, timed_out


def captured_streams(proc: HookProcess, out_text: str, err_text: str) -> dict[str, Any]:
    """A finished hook's stdout and stderr (`out_text`, `err_text`: as decoded, shown with
    the cap's marker) and their byte counts."""
    return {
        "stdout": proc.out.shown(out_text),
        "stderr": proc.err.shown(err_text),
        "stdout_bytes": proc.out.total,
        "stderr_bytes": proc.err.total,
        "stdout_truncated": proc.out.truncated,
        "stderr_truncated": proc.err.truncated,
    }


def _spawn(
    command: str | Sequence[str], cwd: str, env: dict[str, str]
) -> subprocess.Popen[bytes] | str:
    """The hook's `bash -c` process (or its program's, for an argv), or the error Node's
    spawn would give instead."""
    if isinstance(command, str):
        bash = find_bash(env)
        if bash is None:
            return (
                "spawn bash ENOENT: bash is not on the PATH. Gemini CLI runs every hook with "
                "`bash -c`, so this hook cannot run; install bash or fix PATH."
            )
        name, program, argv = "bash", bash, [os.fsencode(bash), b"-c", node_utf8(command)]
    else:
        name = program = command[0]  # found on the child's PATH, as Node's spawn does
        argv = [node_utf8(part) for part in command]
    try:
        return subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=env,
            bufsize=0,
            start_new_session=True,  # its own process group, so a timeout can kill it all
        )
    except FileNotFoundError:
        missing = not os.path.isdir(cwd)
        where = f"the working directory {cwd} does not exist" if missing else program
        return f"spawn {name} ENOENT ({where})"
    except OSError as exc:
        return f"spawn {name} {exc.strerror or exc}"
    except ValueError as exc:  # a NUL byte in the command, a lone surrogate in the cwd
        return f"TypeError [ERR_INVALID_ARG_VALUE]: spawn {name}: {exc}"


async def _wait(proc: HookProcess, pgid: int, timeout_s: float, kill_grace_s: float) -> bool:
    """Wait for the hook's pipes to close, killing it at its timeout; True if it timed out.
    A cancelled run kills the hook's whole process group."""
    watchdog = Watchdog(asyncio.get_running_loop(), proc, pgid, kill_grace_s)
    watchdog.arm(timeout_s)
    RUNNING_HOOKS[pgid] = proc.inodes
    try:
        await proc.closed
    except asyncio.CancelledError:
        signal_all(pgid, proc.inodes, signal.SIGKILL)
        raise
    finally:
        RUNNING_HOOKS.pop(pgid, None)
        watchdog.disarm()
        proc.close()
    return watchdog.timed_out


# ------------------------------------------------------------------ a firing, for the CLI

# Ctrl-C, `kill`, and a closed terminal: each must take the hooks down with hookdash.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


T = TypeVar("T")


def run_cancellable(start: Callable[[], Awaitable[T]]) -> T:
    """Run a firing (`start()`'s awaitable) to its end, for a caller without an event loop.

    SIGINT, SIGTERM and SIGHUP cancel the firing — which kills the running hooks' process
    groups, as the dashboard's cancel does — and then raise `FireInterrupted`. Without
    this, SIGTERM or SIGHUP would end hookdash at once and leave its hooks running (they
    have process groups of their own, so the terminal's hangup does not reach them).
    """

    async def main() -> T:
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        caught: list[int] = []

        def stop(signum: int) -> None:
            if not caught:
                caught.append(signum)
                if task is not None:
                    task.cancel()

        installed = []
        for sig in STOP_SIGNALS:
            try:
                loop.add_signal_handler(sig, stop, sig)
            except (ValueError, RuntimeError, NotImplementedError):  # not the main thread
                continue
            installed.append(sig)
        try:
            result = await start()
        except asyncio.CancelledError:
            if caught:
                raise FireInterrupted(caught[0]) from None
            raise
        finally:
            for sig in installed:
                loop.remove_signal_handler(sig)
        if caught:  # arrived as the last hook finished: still a request to stop
            raise FireInterrupted(caught[0])
        return result

    return asyncio.run(main())
