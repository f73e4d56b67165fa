"""A command's output, kept with everything its run looked at (`observations`), and
printed again by a later run of the same command in the same situation when none of it
changed: `list --json` on 2,000 hooks then starts as fast as `--version`.

The situation is the key (`run_key`): the command and its options, hookdash's version,
Python and its import path, the working directory, every environment variable, the user
and groups, the machine, and what each standard stream is. The answers are checked again
on every replay (`observations.unchanged`), with the status of every module file the run
had loaded, so a change of hookdash's code or of a library is a change too. An entry that
cannot be read whole, is damaged, or belongs to another key is not replayed.

Kept in hookdash's private state directory (`kept-output/`, 0700; each entry 0600: the
output can quote a configuration's secrets), at most `MAX_KEPT` entries, the least
recently kept forgotten first. `HOOKDASH_NO_CACHE=1` turns keeping and replaying off.

This module imports no model: it is read before the configuration's imports.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import os
import sys
import zlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hookdash.core.disk.files import open_regular
from hookdash.core.replay import observations
from hookdash.core.replay.observations import Observations, answer_now, stat_answer, unchanged

FORMAT = 1  # of an entry; another is not read
KEPT_DIR = "kept-output"  # in the state directory
MAX_KEPT = 8  # entries kept; the least recently kept go
MAX_KEPT_BYTES = 64 * 1024 * 1024  # a larger output is not kept
MAX_ENTRY_BYTES = 2 * MAX_KEPT_BYTES  # an entry: its record and its output
OFF_VARIABLE = "HOOKDASH_NO_CACHE"

Chunks = list[tuple[int, str]]  # what the run wrote, in order: (1 stdout or 2 stderr, text)


def keeping(environ: Mapping[str, str]) -> bool:
    """Whether kept output may be replayed and kept (`HOOKDASH_NO_CACHE` unset or empty)."""
    return not environ.get(OFF_VARIABLE)


def run_key(command: Sequence[Any], streams: Sequence[Any], version: str) -> str | None:
    """The situation of this run of hookdash `version` (see the module's docstring), as
    text; None when it cannot be told (the working directory is gone)."""
    try:
        cwd = os.getcwd()
    except OSError:
        return None
    return json.dumps(
        [
            FORMAT,
            version,
            sys.version,
            sys.executable,
            sys.path,
            list(command),
            cwd,
            sorted(os.environ.items()),
            [os.getuid(), os.geteuid(), os.getgid(), os.getegid(), sorted(os.getgroups())],
            list(os.uname()),
            list(streams),
        ],
        ensure_ascii=True,
    )


def _entry_path(key: str, state: Path) -> Path:
    # The name only spreads the keys: an entry holds its whole key, compared on reading.
    return state / KEPT_DIR / f"{zlib.crc32(key.encode('ascii')):08x}.out"


def find_kept(key: str, state: Path) -> tuple[Chunks, int] | None:
    """The output and exit code kept for `key`, if its entry is whole and nothing its run
    looked at has changed since; else None. Never raises."""
    try:
        # Never blocks on a FIFO nor reads a file grown past any entry's size.
        raw, info = open_regular(_entry_path(key, state))
        if info.st_size > MAX_ENTRY_BYTES:
            raw.close()
            return None
        with io.BufferedReader(raw) as handle:
            header = json.loads(handle.readline(MAX_ENTRY_BYTES))
            if header.get("format") != FORMAT or header.get("key") != key:
                return None
            sizes = header["chunks"]
            body = handle.read(MAX_KEPT_BYTES + 1)
        if sum(size for _, size in sizes) != len(body) or not unchanged(header["seen"]):
            return None
        chunks: Chunks = []
        at = 0
        for stream, size in sizes:
            if stream not in (1, 2):
                return None
            chunks.append((stream, body[at : at + size].decode("utf-8", "surrogatepass")))
            at += size
        code = header["code"]
        return (chunks, code) if isinstance(code, int) and not isinstance(code, bool) else None
    except Exception:  # missing, unreadable, damaged, another version: run again
        return None


def _loaded_code(seen: Observations) -> list[list[Any]]:
    """A question for each file of code the process has loaded (its status now) and for
    each folder Python imports from (its entries, or that it is missing). A replay asks
    them again, so that an upgrade or an edit of the code is a change, and so is a package
    installed or removed (a module a run looked for and did not find may be there now).
    The status is taken after the run, and the code was read before: code written since
    the bar before the run (`observations.SETTLED_NS`, as for a file read) refuses the
    run, as the code that ran may not be the code whose status is kept."""
    questions = []
    bar = seen.started_ns - observations.SETTLED_NS
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if isinstance(path, str):
            with contextlib.suppress(OSError):
                status = os.stat(path)
                if max(status.st_mtime_ns, status.st_ctime_ns) > bar:
                    seen.refuse(f"its code {path} was written moments before or while it ran")
                questions.append(["stat", path, True, stat_answer(status)])
    for folder in sys.path:
        if folder:
            questions.append(["listdir", folder, "", answer_now("listdir", folder, "")])
    return questions


def keep_output(key: str, state: Path, seen: Observations, chunks: Chunks, code: int) -> bool:
    """Keep a run's output for `key`, when its run can be replayed (`seen.refused` is
    None) and it is not too large; whether it was kept. Never raises: keeping is a
    convenience, and a run that could not keep its output has still printed it."""
    if seen.refused is not None:
        return False
    try:
        # Consecutive writes to one stream are one chunk (joined once: a text list is
        # thousands of writes).
        merged: Chunks = [
            (stream, "".join(text for _, text in run))
            for stream, run in itertools.groupby(chunks, key=lambda chunk: chunk[0])
        ]
        bodies = [text.encode("utf-8", "surrogatepass") for _, text in merged]
        if sum(len(b) for b in bodies) > MAX_KEPT_BYTES:
            return False
        code_questions = _loaded_code(seen)
        if seen.refused is not None:
            return False
        header = {
            "format": FORMAT,
            "key": key,
            "code": code,
            "seen": seen.as_list() + code_questions,
            "chunks": [
                [stream, len(body)] for (stream, _), body in zip(merged, bodies, strict=True)
            ],
        }
        data = json.dumps(header, ensure_ascii=True).encode("ascii") + b"\n" + b"".join(bodies)
        from hookdash.core.disk.atomic import replace_private_file
        from hookdash.core.disk.state import STATE_DIR_MODE, forget_the_oldest

        path = _entry_path(key, state)
        replace_private_file(path, data, STATE_DIR_MODE)
        forget_the_oldest(path.parent, ".out", MAX_KEPT)
    except Exception:
        return False
    return True
