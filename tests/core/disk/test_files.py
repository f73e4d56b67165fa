"""core.files: what hookdash reads is a regular file, read without blocking, within a cap."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from hookdash.core.disk import files
from tests.hostile import make_fifo, make_socket, within


def test_a_regular_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b'{"a": 1}')
    assert files.read_bytes(path) == b'{"a": 1}'
    assert files.read_text(path) == '{"a": 1}'


def test_a_symlink_to_a_regular_file_is_followed(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    target.write_text("{}")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert files.read_text(link) == "{}"


@pytest.mark.parametrize("through_symlink", [False, True])
def test_a_fifo_is_refused_at_once(tmp_path: Path, through_symlink: bool) -> None:
    fifo = make_fifo(tmp_path / "fifo")
    path = fifo
    if through_symlink:
        path = tmp_path / "link.json"
        path.symlink_to(fifo)
    with pytest.raises(files.NotRegularFileError) as info:
        within(5, lambda: files.read_bytes(path), [fifo])
    assert info.value.strerror == "it is a FIFO (named pipe), not a regular file"
    assert info.value.kind == "a FIFO (named pipe)"


def test_a_socket_and_a_device_are_refused(tmp_path: Path) -> None:
    sock = make_socket(tmp_path / "sock")
    with pytest.raises(files.NotRegularFileError, match="it is a socket"):
        files.read_bytes(sock)
    link = tmp_path / "zero.sh"
    link.symlink_to("/dev/zero")
    for path in (Path("/dev/zero"), link):
        with pytest.raises(files.NotRegularFileError, match="it is a character device"):
            within(5, lambda path=path: files.read_bytes(path))
        with pytest.raises(files.NotRegularFileError):
            within(5, lambda path=path: files.read_head(path, 100))


def test_a_directory_is_refused_as_a_directory(tmp_path: Path) -> None:
    with pytest.raises(IsADirectoryError, match="it is a directory"):
        files.read_bytes(tmp_path)


def test_missing_file_is_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        files.read_bytes(tmp_path / "nothing.json")


def test_not_regular_names_what_is_there(tmp_path: Path) -> None:
    fifo = make_fifo(tmp_path / "fifo")
    regular = tmp_path / "file"
    regular.write_text("x")
    assert files.not_regular(fifo) == "a FIFO (named pipe)"
    assert files.not_regular(tmp_path) == "a directory"
    assert files.not_regular("/dev/null") == "a character device"
    assert files.not_regular(regular) is None
    assert files.not_regular(tmp_path / "missing") is None


def test_whole_file_reads_are_capped(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * 1000)
    assert files.read_bytes(path, cap=1000) == b"x" * 1000
    with pytest.raises(files.FileTooLargeError, match="more than the 999 bytes hookdash reads"):
        files.read_bytes(path, cap=999)


def test_read_head_reads_a_prefix_and_tells_the_size(tmp_path: Path) -> None:
    path = tmp_path / "script.sh"
    path.write_bytes(b"#!/bin/sh\n" + b"x" * 100_000)
    head, size = files.read_head(path, 10)
    assert head == b"#!/bin/sh\n"
    assert size == 100_010


def test_a_fifo_swapped_in_after_the_stat_is_caught_by_fstat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The race the O_NONBLOCK open and the fstat exist for: the path passed the stat as a
    # regular file and is a FIFO by the time it is opened. Simulated by letting the first
    # stat see a regular file.
    regular = tmp_path / "regular"
    regular.write_text("{}")
    fifo = make_fifo(tmp_path / "fifo")
    real_stat = os.stat
    monkeypatch.setattr(files.os, "stat", lambda p, *a, **k: real_stat(regular))
    with pytest.raises(files.NotRegularFileError, match="FIFO"):
        within(5, lambda: files.read_bytes(fifo), [fifo])
    assert stat.S_ISFIFO(real_stat(fifo).st_mode)
