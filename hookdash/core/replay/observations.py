"""What a run looked at outside its own process, recorded so that a later run can tell,
by looking again, that nothing of it changed: then the earlier run's output is exact.

`observing()` records, for as long as it is open, every question the process asks the
file system and the user database through Python — each `stat` (`lstat`, `os.path.exists`,
`Path.is_file`, `shutil.which`…), `access`, `readlink`, `listdir`, `scandir` (`os.walk`,
`glob`, `Path.iterdir`), every file opened for reading (`open`, `Path.read_text`, `os.open`,
and the import system's `io.open_code`: a package's data read through its loader),
and `pwd` lookups (`~user`) — with the answer it got. It does so by standing in for those
functions of `os`, `io`, `_io`, `builtins` and `pwd` while it is open, so that no reader
in hookdash (some 120 places read a configuration, its scripts and what they reach) can
look without being recorded, whatever its code says: the record is complete by
construction, not by care. A file read is answered by its status and the digest of its
content. `unchanged()` asks every question again and compares the answers.

What cannot be answered again the same way makes the run impossible to replay
(`Observations.refused` says why): a write, a new process, a change of directory, a
question by descriptor or relative to a directory descriptor, an opened file that is not a
regular file, a file that changed while the run read it, and a file read that was written
less than `SETTLED_NS` before the run: a change within the same tick of the file system's
clock would not show in its times (git's "racily clean" files). What the process knows
without asking the disk — its environment, working directory, user, arguments, streams
and code — is the caller's key (`core.replay.kept_output`).

Not observed: questions asked by C code of its own (none of hookdash's dependencies reads
the disk on a load). A directory entry's names and kinds are the listing's answer; its
`stat()` and `inode()` are asked as a `stat` of its path. Threads: whatever any thread
asks while recording is recorded (only ever more than needed).
"""

from __future__ import annotations

import builtins
import contextlib
import io
import os
import stat as stat_module
import time
from collections.abc import Callable, Iterator
from typing import Any

# A file read must be older than this when the run starts. File times come from a coarse
# clock (a few milliseconds on Linux, two seconds on FAT): a file written again within the
# same tick, to the same size, keeps its times, and only the content read could tell.
SETTLED_NS = 2_000_000_000
# How much of a file read is compared by content (besides its status, compared whole).
HASHED_BYTES = 8 * 1024 * 1024
# A directory listing longer than this is not recorded (the run is not replayed): its
# record would outweigh reading again.
MAX_LISTING = 10_000

_FAILED = "E"  # an answer that was an OSError: ["E", errno]
_RAISED = "X"  # an answer that was another exception: ["X", its class name]

# Flags of `os.open` that write (or may create) a file.
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
# The replay of an `open` question: read-only, never blocking (a FIFO answers at once).
_REOPEN_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)

# What, done while recording, makes the run impossible to replay: a change on disk, a new
# process, another working directory. Each `os` function's name -> why.
_REFUSING_WHY = (
    (
        "it changed something on disk",
        "mkdir rename replace remove unlink rmdir chmod chown lchown utime symlink link "
        "truncate mkfifo mknod",
    ),
    (
        "it started a process",
        "fork forkpty posix_spawn posix_spawnp system popen execv execve execvp execvpe",
    ),
    ("it changed its working directory", "chdir fchdir"),
)

# JSON-able: what a question was answered. A listing's answer keeps the file system's
# order: a reader may stop early (a glob looks at a folder's first 4,096 entries), and a
# rewrite can change the order alone (tmpfs puts a file written again first).
Answer = list[Any]


def stat_answer(st: os.stat_result) -> Answer:
    """Everything of a stat that a reader could use, but the access time (reading a file
    changes that). A folder's times, size and link count change with its entries, which
    say nothing until a run reads them (`listdir` and `scandir`, recorded apart): they are
    left out, so that a file saved beside the workspace is not a change. No reader in
    hookdash decides on them (tests/core/replay/test_observations.py holds the readers of
    times and sizes to files)."""
    if stat_module.S_ISDIR(st.st_mode):
        return [st.st_mode, st.st_ino, st.st_dev, st.st_uid, st.st_gid]
    return [
        st.st_mode,
        st.st_ino,
        st.st_dev,
        st.st_nlink,
        st.st_uid,
        st.st_gid,
        st.st_size,
        st.st_mtime_ns,
        st.st_ctime_ns,
    ]


def _entry_answer(entry: os.DirEntry[Any]) -> list[Any]:
    """A directory entry as its readers may see it: its name, whether it is a link, and
    what it is with the link followed and not (a link's target may change alone)."""
    # is_dir and is_file answer False rather than raise (a dangling link, no permission).
    return [
        os.fsdecode(entry.name),
        entry.is_symlink(),
        entry.is_dir(follow_symlinks=False),
        entry.is_file(follow_symlinks=False),
        entry.is_dir(),
        entry.is_file(),
    ]


class _Entry:
    """A directory entry while recording: its names and kinds are the entry's own (the
    listing's answer holds them); its `stat()` and `inode()` are questions of their own,
    recorded (a reader may take a file's mode from its entry: check's executables)."""

    __slots__ = ("_entry", "_stat", "name", "path")

    def __init__(self, entry: os.DirEntry[Any], stat: Callable[[Any, bool], Any]) -> None:
        self._entry = entry
        self._stat = stat  # (entry, follow links) -> its stat, recorded
        self.name = entry.name
        self.path = entry.path

    def is_dir(self, *, follow_symlinks: bool = True) -> bool:
        return self._entry.is_dir(follow_symlinks=follow_symlinks)

    def is_file(self, *, follow_symlinks: bool = True) -> bool:
        return self._entry.is_file(follow_symlinks=follow_symlinks)

    def is_symlink(self) -> bool:
        return self._entry.is_symlink()

    def is_junction(self) -> bool:
        return False  # POSIX has none

    def stat(self, *, follow_symlinks: bool = True) -> Any:
        return self._stat(self._entry, follow_symlinks)

    def inode(self) -> int:
        # Asked as the entry's own lstat (the inode is in its answer).
        inode: int = self._stat(self._entry, False).st_ino
        return inode

    def __fspath__(self) -> Any:
        return self._entry.__fspath__()

    def __repr__(self) -> str:
        return repr(self._entry)


class _Listing:
    """What `os.scandir` returns while recording: the entries it read, in their order."""

    def __init__(self, entries: list[os.DirEntry[str]], stat: Callable[[Any, bool], Any]) -> None:
        self.entries = entries
        self._left = iter([_Entry(entry, stat) for entry in entries])

    def __iter__(self) -> _Listing:
        return self

    def __next__(self) -> Any:
        return next(self._left)

    def __enter__(self) -> _Listing:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._left = iter(())


def _path_of(path: Any) -> str | None:
    """The question's path as text, or None when it names no path (a descriptor)."""
    if isinstance(path, int):
        return None
    return os.fsdecode(os.fspath(path))


class Observations:
    """The questions of one run and their answers (see the module's docstring)."""

    def __init__(self) -> None:
        # (kind, path, detail) -> answer; detail: follow links (stat), mode (access), "".
        self.answers: dict[tuple[str, str, Any], Answer] = {}
        self.refused: str | None = None  # why this run cannot be replayed
        self.started_ns = time.time_ns()

    def refuse(self, why: str) -> None:
        if self.refused is None:
            self.refused = why

    def note(self, question: tuple[str, str, Any], answer: Answer) -> None:
        """Record an answer; the same question answered otherwise in one run (something
        changed while the run looked) makes the run impossible to replay."""
        known = self.answers.setdefault(question, answer)
        if known != answer:
            self.refuse(f"{question[1]} changed while hookdash read it")

    def settle(self) -> None:
        """At the end of the run: refuse a replay when a file read changed after it was
        opened, or had been written too shortly before the run to tell a later change;
        else add the digest of its content to its answer (see `_content`)."""
        for question, answer in list(self.answers.items()):
            kind, path, _ = question
            if kind != "open" or len(answer) < 9:
                continue  # not a file read (a failure's or a folder's answer has no times)
            now = answer_now("open", path, None)
            if now[:9] != answer:
                self.refuse(f"{path} changed while hookdash read it")
            elif max(answer[7], answer[8]) > self.started_ns - SETTLED_NS:
                self.refuse(f"{path} was written moments before (its next change might not show)")
            else:
                self.answers[question] = now

    def as_list(self) -> list[list[Any]]:
        """The record as data: [kind, path, detail, answer] for each question."""
        return [
            [kind, path, detail, answer] for (kind, path, detail), answer in self.answers.items()
        ]


def unchanged(record: list[list[Any]]) -> bool:
    """Whether every question of a recorded run (`Observations.as_list`) gets the answer it
    got then. Never raises: a record it cannot read counts as changed."""
    try:
        for kind, path, detail, answer in record:
            if answer_now(kind, path, detail) != answer:
                return False
    except Exception:
        return False
    return True


# ------------------------------------------------------------------- asking again


def _failure(exc: BaseException) -> Answer:
    if isinstance(exc, OSError):
        return [_FAILED, exc.errno]
    return [_RAISED, type(exc).__name__]


def answer_now(kind: str, path: str, detail: Any) -> Answer:
    """The answer the disk gives now to a question a run may record (an error included).
    Never called while recording: the functions it calls are the real ones then."""
    try:
        if kind == "stat":
            return stat_answer(os.stat(path, follow_symlinks=bool(detail)))
        if kind == "access":
            return [bool(os.access(path, int(detail)))]
        if kind == "readlink":
            return [os.fsdecode(os.readlink(path))]
        if kind == "listdir":
            return list(os.listdir(path))
        if kind == "scandir":
            with os.scandir(path) as entries:
                return [_entry_answer(e) for e in entries]
        if kind == "open":
            # What is not a file or folder now is a change, and is never opened (opening a
            # device can act); hookdash's readers open nothing else either.
            now = os.stat(path)
            if not stat_module.S_ISREG(now.st_mode) and not stat_module.S_ISDIR(now.st_mode):
                return stat_answer(now)
            fd = os.open(path, _REOPEN_FLAGS)
            try:
                info = os.fstat(fd)
                answer = stat_answer(info)
                if stat_module.S_ISREG(info.st_mode):
                    answer.append(_content(fd))
                return answer
            finally:
                os.close(fd)
        if kind == "pwnam":
            import pwd

            return list(pwd.getpwnam(path))
        if kind == "pwuid":
            import pwd

            return list(pwd.getpwuid(int(path)))
    except Exception as exc:
        return _failure(exc)
    raise ValueError(f"not a question hookdash records: {kind}")


def _content(fd: int) -> str:
    """The digest of a file's first `HASHED_BYTES` (all of any settings file or script a
    load reads): a file read is its status and its content. The status alone misses an
    edit to the same size with the old times put back (`touch -r`, `cp -p`, `rsync -a`)
    where the change time does not tell (FAT, exFAT, some network and FUSE mounts)."""
    try:
        from _blake2 import blake2b  # hashlib's own, without importing OpenSSL
    except ImportError:  # pragma: no cover - a Python built without it
        from hashlib import blake2b
    digest = blake2b(digest_size=16)
    left = HASHED_BYTES
    while left > 0:
        block = os.read(fd, min(left, 1024 * 1024))
        if not block:
            break
        digest.update(block)
        left -= len(block)
    return digest.hexdigest()


# ------------------------------------------------------------------- recording


def _recording_functions(seen: Observations) -> dict[tuple[Any, str], Callable[..., Any]]:
    """The stand-ins, each recording its question and answer and then answering as the
    real function did (the same value, or the same exception)."""
    real_stat, real_access = os.stat, os.access
    real_readlink, real_listdir, real_scandir = os.readlink, os.listdir, os.scandir
    real_os_open, real_open = os.open, builtins.open

    def asked(
        kind: str,
        path: Any,
        detail: Any,
        answer: Callable[[], Any],
        summary: Callable[[Any], Answer],
    ) -> Any:
        try:
            text = _path_of(path)
        except Exception:  # not a path: the real function says so, unrecorded
            text = None
        if text is None:
            seen.refuse(f"it asked {kind} of a descriptor")
            return answer()
        try:
            value = answer()
        except Exception as exc:
            seen.note((kind, text, detail), _failure(exc))
            raise
        try:
            recorded = summary(value)
        except Exception:  # the record cannot hold it: never replayed, answered as it was
            seen.refuse(f"hookdash could not record its {kind} of {text}")
            return value
        seen.note((kind, text, detail), recorded)
        return value

    def stat(path: Any, *, dir_fd: Any = None, follow_symlinks: bool = True) -> Any:
        if dir_fd is not None:
            seen.refuse("it asked stat relative to a directory descriptor")
            return real_stat(path, dir_fd=dir_fd, follow_symlinks=follow_symlinks)
        return asked(
            "stat", path, follow_symlinks,
            lambda: real_stat(path, follow_symlinks=follow_symlinks), stat_answer,
        )  # fmt: skip

    def lstat(path: Any, *, dir_fd: Any = None) -> Any:
        return stat(path, dir_fd=dir_fd, follow_symlinks=False)

    def access(path: Any, mode: int, **kwargs: Any) -> Any:
        if kwargs:
            seen.refuse("it asked access with options")
            return real_access(path, mode, **kwargs)
        return asked("access", path, mode, lambda: real_access(path, mode), lambda v: [bool(v)])

    def readlink(path: Any, *, dir_fd: Any = None) -> Any:
        if dir_fd is not None:
            seen.refuse("it asked readlink relative to a directory descriptor")
            return real_readlink(path, dir_fd=dir_fd)
        return asked("readlink", path, "", lambda: real_readlink(path), lambda v: [os.fsdecode(v)])

    def listdir(path: Any = ".") -> Any:
        def summary(names: list[Any]) -> Answer:
            if len(names) > MAX_LISTING:
                seen.refuse(f"{_path_of(path)} holds more entries than hookdash records")
            return [os.fsdecode(n) for n in names]

        return asked("listdir", path, "", lambda: real_listdir(path), summary)

    def entry_stat(entry: os.DirEntry[Any], follow_symlinks: bool) -> Any:
        return asked(
            "stat", entry.path, follow_symlinks,
            lambda: entry.stat(follow_symlinks=follow_symlinks), stat_answer,
        )  # fmt: skip

    def scandir(path: Any = ".") -> Any:
        def read() -> _Listing:
            with real_scandir(path) as found:
                return _Listing(list(found), entry_stat)

        def summary(listing: _Listing) -> Answer:
            entries = listing.entries
            if len(entries) > MAX_LISTING:
                seen.refuse(f"{_path_of(path)} holds more entries than hookdash records")
            return [_entry_answer(e) for e in entries]

        return asked("scandir", path, "", read, summary)

    def opened_answer(fd: int) -> Answer:
        info = os.fstat(fd)
        if not stat_module.S_ISREG(info.st_mode) and not stat_module.S_ISDIR(info.st_mode):
            seen.refuse("it opened something that is not a file")
        return stat_answer(info)

    def os_open(path: Any, flags: int, mode: int = 0o777, *, dir_fd: Any = None) -> Any:
        if flags & _WRITE_FLAGS or dir_fd is not None:
            seen.refuse("it opened a file to write" if flags & _WRITE_FLAGS else
                        "it opened a file relative to a directory descriptor")  # fmt: skip
            return real_os_open(path, flags, mode, dir_fd=dir_fd)
        return asked("open", path, None, lambda: real_os_open(path, flags, mode), opened_answer)

    real_read = os.read

    def read(fd: int, size: int) -> bytes:
        if fd == 0:  # standard input: what it holds is in no record
            seen.refuse("it read its standard input")
        return real_read(fd, size)

    def open_(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if isinstance(file, int):  # a descriptor already opened (and recorded), wrapped
            if file <= 2:
                seen.refuse("it used a standard stream's descriptor")
            return real_open(file, mode, *args, **kwargs)
        if any(c in mode for c in "wax+") or kwargs.get("opener") is not None:
            seen.refuse("it opened a file to write")
            return real_open(file, mode, *args, **kwargs)
        return asked(
            "open", file, None, lambda: real_open(file, mode, *args, **kwargs),
            lambda handle: opened_answer(handle.fileno()),
        )  # fmt: skip

    def refusing(name: str, why: str) -> Callable[..., Any]:
        real = getattr(os, name)

        def refuse_then_do(*args: Any, **kwargs: Any) -> Any:
            seen.refuse(why)
            return real(*args, **kwargs)

        return refuse_then_do

    # The import system's own reads (`_io.open_code`): a package's data read through its
    # loader (`get_data`, as hookdash reads its table of programs). The code it imports
    # is left to the caller's status of every loaded module (core.replay.kept_output):
    # opening some 300 files again would double the time a replay takes to check.
    import _io
    from importlib.machinery import all_suffixes

    real_open_code = _io.open_code
    code_suffixes = tuple(all_suffixes())

    def open_code(path: str) -> Any:
        if isinstance(path, str) and path.endswith(code_suffixes):
            return real_open_code(path)
        return asked(
            "open", path, None, lambda: real_open_code(path),
            lambda handle: opened_answer(handle.fileno()),
        )  # fmt: skip

    functions: dict[tuple[Any, str], Callable[..., Any]] = {
        (_io, "open_code"): open_code,
        (io, "open_code"): open_code,
        (os, "stat"): stat,
        (os, "lstat"): lstat,
        (os, "access"): access,
        (os, "readlink"): readlink,
        (os, "listdir"): listdir,
        (os, "scandir"): scandir,
        (os, "open"): os_open,
        (os, "read"): read,
        (io, "open"): open_,
        (builtins, "open"): open_,
    }
    for why, names in _REFUSING_WHY:
        for name in names.split():
            if hasattr(os, name):
                functions[(os, name)] = refusing(name, why)
    # `subprocess` starts a process through the `_fork_exec` it bound at import (or
    # `os.posix_spawn`, replaced above): imported here, so that its own name is replaced.
    import subprocess

    real_fork_exec = subprocess._fork_exec  # type: ignore[attr-defined]
    if real_fork_exec is not None:

        def fork_exec(*args: Any) -> Any:
            seen.refuse("it started a process")
            return real_fork_exec(*args)

        functions[(subprocess, "_fork_exec")] = fork_exec
    with contextlib.suppress(ImportError):
        import pwd

        real_getpwnam, real_getpwuid = pwd.getpwnam, pwd.getpwuid
        functions[(pwd, "getpwnam")] = lambda name: asked(
            "pwnam", name, "", lambda: real_getpwnam(name), list
        )
        functions[(pwd, "getpwuid")] = lambda uid: asked(
            "pwuid", str(uid), "", lambda: real_getpwuid(uid), list
        )
    return functions


@contextlib.contextmanager
def observing() -> Iterator[Observations]:
    """Record what the process asks the disk while the block runs (see the module's
    docstring); the record is settled when the block ends. Not re-entrant."""
    seen = Observations()
    functions = _recording_functions(seen)
    saved = {(module, name): getattr(module, name) for module, name in functions}
    for (module, name), function in functions.items():
        setattr(module, name, function)
    try:
        yield seen
    finally:
        for (module, name), real in saved.items():
            setattr(module, name, real)
        seen.settle()
