"""atomic.update_file: the write every edit goes through."""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hookdash.core.disk import atomic
from hookdash.core.disk.atomic import update_file
from hookdash.core.errors import FileChangedError, FileWriteError

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def _append(suffix: bytes) -> Callable[[bytes | None], bytes | None]:
    return lambda data: (data or b"") + suffix


def _temps(directory: Path) -> list[str]:
    return [n for n in os.listdir(directory) if atomic._TEMP_MARK in n]


def _settings(tmp_path: Path, content: bytes) -> Path:
    """A settings file holding `content`: what each write below replaces."""
    f = tmp_path / "settings.json"
    f.write_bytes(content)
    return f


def test_replaces_content_and_leaves_no_temp(tmp_path: Path) -> None:
    f = _settings(tmp_path, b"old")
    outcome = update_file(f, _append(b"+new"))
    assert f.read_bytes() == b"old+new"
    assert (outcome.before, outcome.after, outcome.attempts) == (b"old", b"old+new", 1)
    assert _temps(tmp_path) == []


def test_no_change_writes_nothing(tmp_path: Path) -> None:
    f = _settings(tmp_path, b"same")
    inode = f.stat().st_ino
    outcome = update_file(f, lambda data: data)
    assert outcome.after is None and f.stat().st_ino == inode


def test_new_file_with_its_directories(tmp_path: Path) -> None:
    f = tmp_path / "a" / "b" / "settings.json"
    update_file(f, lambda data: b"{}" if data is None else None)
    assert f.read_bytes() == b"{}"
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(f.stat().st_mode) == 0o666 & ~umask  # like Gemini's own files


def test_nothing_to_write_creates_no_directory(tmp_path: Path) -> None:
    f = tmp_path / "project" / ".gemini" / "settings.json"
    update_file(f, lambda data: None)
    assert not (tmp_path / "project").exists()


def test_new_file_mode_for_private_state(tmp_path: Path) -> None:
    f = tmp_path / "state.json"
    update_file(f, lambda data: b"{}", new_mode=0o600)
    assert stat.S_IMODE(f.stat().st_mode) == 0o600


def test_symlink_is_followed_and_kept(tmp_path: Path) -> None:
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    real = dotfiles / "gemini-settings.json"
    real.write_bytes(b"real")
    hop = tmp_path / "hop.json"
    hop.symlink_to("dotfiles/gemini-settings.json")  # relative link
    link = tmp_path / ".gemini" / "settings.json"
    link.parent.mkdir()
    link.symlink_to(hop)  # a chain of two links
    outcome = update_file(link, _append(b"+edit"))
    assert link.is_symlink() and hop.is_symlink()
    assert os.readlink(hop) == "dotfiles/gemini-settings.json"
    assert real.read_bytes() == b"real+edit"
    assert outcome.target == real.resolve()
    assert _temps(dotfiles) == [] and _temps(link.parent) == []


def test_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "settings.json"
    link.symlink_to(tmp_path / "dotfiles" / "missing.json")
    update_file(link, lambda data: b"{}")
    assert link.is_symlink() and (tmp_path / "dotfiles" / "missing.json").read_bytes() == b"{}"


def test_mode_is_kept(tmp_path: Path) -> None:
    f = _settings(tmp_path, b"x")
    f.chmod(0o640)
    update_file(f, _append(b"y"))
    assert stat.S_IMODE(f.stat().st_mode) == 0o640


@pytest.mark.skipif(not IS_ROOT, reason="changing a file's owner needs root")
def test_owner_is_kept(tmp_path: Path) -> None:
    f = _settings(tmp_path, b"x")
    os.chown(f, 65534, 65534)
    update_file(f, _append(b"y"))
    st = f.stat()
    assert (st.st_uid, st.st_gid) == (65534, 65534) and f.read_bytes() == b"xy"


def test_owner_that_cannot_be_kept_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file someone else owns (e.g. group-writable) cannot be replaced by one we own."""
    f = _settings(tmp_path, b"x")
    real_read = atomic._read

    def read_as_if_owned_by_another(target: Path, decode: bool) -> tuple[Any, Any]:
        data, before = real_read(target, decode)
        assert before.st is not None
        values = list(before.st)
        values[4] += 1  # st_uid
        return data, dataclasses.replace(before, st=os.stat_result(values))

    def chown_refused(fd: int, uid: int, gid: int) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(atomic, "_read", read_as_if_owned_by_another)
    monkeypatch.setattr(os, "fchown", chown_refused)
    with pytest.raises(FileWriteError, match="owned by user"):
        update_file(f, _append(b"y"))
    assert f.read_bytes() == b"x" and _temps(tmp_path) == []


def test_read_only_file_is_refused(tmp_path: Path) -> None:
    f = _settings(tmp_path, b"keep")
    f.chmod(0o444)
    with pytest.raises(FileWriteError, match="read-only"):
        update_file(f, _append(b"!"))
    assert f.read_bytes() == b"keep" and stat.S_IMODE(f.stat().st_mode) == 0o444
    assert _temps(tmp_path) == []


def test_read_only_directory_is_refused(tmp_path: Path) -> None:
    d = tmp_path / "locked"
    d.mkdir()
    f = d / "settings.json"
    f.write_bytes(b"keep")
    d.chmod(0o555)
    try:
        with pytest.raises(FileWriteError, match=r"directory .* is read-only"):
            update_file(f, _append(b"!"))
        assert f.read_bytes() == b"keep" and _temps(d) == []
    finally:
        d.chmod(0o755)


def test_read_only_file_system_is_explained(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    f = _settings(tmp_path, b"keep")
    real_open = os.open

    def erofs(path: str | Path, flags: int, mode: int = 0o777) -> int:
        if flags & os.O_CREAT:
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, flags, mode)

    monkeypatch.setattr(os, "open", erofs)
    with pytest.raises(FileWriteError, match="file system is read-only"):
        update_file(f, _append(b"!"))
    assert f.read_bytes() == b"keep"


def test_hard_linked_file_is_refused(tmp_path: Path) -> None:
    f = _settings(tmp_path, b"keep")
    os.link(f, tmp_path / "backup.json")
    with pytest.raises(FileWriteError, match="2 hard links"):
        update_file(f, _append(b"!"))
    assert f.read_bytes() == b"keep"


def test_directory_instead_of_file(tmp_path: Path) -> None:
    (tmp_path / "settings.json").mkdir()
    with pytest.raises(FileWriteError, match="is a directory"):
        update_file(tmp_path / "settings.json", _append(b"!"))


def test_concurrent_writer_is_reapplied(tmp_path: Path) -> None:
    """Another program writes between hookdash's read and its rename: the edit is made
    again on the fresh content, so neither change is lost."""
    f = _settings(tmp_path, b"A")
    seen: list[bytes | None] = []

    def compute(data: bytes | None) -> bytes:
        seen.append(data)
        if len(seen) == 1:
            f.write_bytes(b"B")  # the other writer, after our read
        return (data or b"") + b"+hookdash"

    outcome = update_file(f, compute)
    assert seen == [b"A", b"B"]
    assert f.read_bytes() == b"B+hookdash" and outcome.attempts == 2
    assert _temps(tmp_path) == []


def test_writer_that_never_stops_is_left_alone(tmp_path: Path) -> None:
    f = _settings(tmp_path, b"0")
    count = 0

    def compute(data: bytes | None) -> bytes:
        nonlocal count
        count += 1
        f.write_bytes(str(count).encode())  # changes every time, after our read
        return b"hookdash"

    with pytest.raises(FileChangedError, match="kept changing"):
        update_file(f, compute)
    assert f.read_bytes() == str(atomic.ATTEMPTS).encode()  # the other program's content
    assert _temps(tmp_path) == []


def test_new_file_created_meanwhile_is_not_clobbered(tmp_path: Path) -> None:
    f = tmp_path / "settings.json"
    calls = 0

    def compute(data: bytes | None) -> bytes:
        nonlocal calls
        calls += 1
        if data is None and calls == 1:
            f.write_bytes(b"theirs")  # appears between our read and our link
        return (data or b"") + b"+ours"

    update_file(f, compute)
    assert f.read_bytes() == b"theirs+ours"


KILL_BEFORE_RENAME = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from hookdash.core.disk import atomic
    def die(*args):
        os.kill(os.getpid(), signal.SIGKILL)
    os.replace = die  # the process is killed right before the rename
    atomic.update_file(Path(sys.argv[1]), lambda data: data + b" and the new content")
    """
)


def test_kill_before_rename_leaves_the_old_file(tmp_path: Path) -> None:
    f = _settings(tmp_path, b"the old content")
    result = subprocess.run(
        [sys.executable, "-c", KILL_BEFORE_RENAME, str(f)], capture_output=True, timeout=60
    )
    assert result.returncode == -signal.SIGKILL
    assert f.read_bytes() == b"the old content"
    leftovers = _temps(tmp_path)
    assert len(leftovers) == 1  # the killed writer's temp file, complete but unused
    assert (tmp_path / leftovers[0]).read_bytes() == b"the old content and the new content"
    # The next write (holding the lock, so no live writer owns it) removes it.
    update_file(f, _append(b"!"))
    assert _temps(tmp_path) == [] and f.read_bytes() == b"the old content!"


CONCURRENT = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from hookdash.core.disk.atomic import update_file
    def add(data):
        items = json.loads(data or b"[]")
        return json.dumps(items + [sys.argv[2]]).encode()
    for i in range(int(sys.argv[3])):
        update_file(Path(sys.argv[1]), add)
    """
)


def test_concurrent_hookdash_writers_lose_nothing(tmp_path: Path) -> None:
    """Several processes append to one file at once: every append is there."""
    f = tmp_path / "list.json"
    f.write_bytes(b"[]")
    rounds = 15
    procs = [
        subprocess.Popen([sys.executable, "-c", CONCURRENT, str(f), f"w{n}", str(rounds)])
        for n in range(6)
    ]
    assert all(p.wait(timeout=120) == 0 for p in procs)
    items = json.loads(f.read_bytes())
    assert sorted(items) == sorted(f"w{n}" for n in range(6) for _ in range(rounds))
    assert _temps(tmp_path) == []
