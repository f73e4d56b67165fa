"""An agent's `--version` is asked once per program file, not on every `list`."""

from __future__ import annotations

import os
from pathlib import Path

from hookdash.core.hosts.program_version import MEMORY, version_output

CACHE_FILE = MEMORY.name


def _program(tmp_path: Path, version: str) -> tuple[Path, Path]:
    """A fake agent that prints `version` and counts its runs in a file beside it."""
    runs = tmp_path / "runs"
    program = tmp_path / "agent"
    program.write_text(f"#!/bin/sh\necho run >> '{runs}'\necho '{version} (Agent)'\n")
    program.chmod(0o755)
    return program, runs


def _runs(runs: Path) -> int:
    return len(runs.read_text().splitlines()) if runs.exists() else 0


def test_a_second_ask_is_answered_from_memory(tmp_path: Path) -> None:
    program, runs = _program(tmp_path, "1.2.3")
    env = {"HOOKDASH_STATE_DIR": str(tmp_path / "state")}
    first = version_output(str(program), timeout=10, environ=env)
    second = version_output(str(program), timeout=10, environ=env)
    assert first == second == (0, "1.2.3 (Agent)\n")
    assert _runs(runs) == 1
    assert (tmp_path / "state" / CACHE_FILE).is_file()


def test_a_changed_program_is_asked_again(tmp_path: Path) -> None:
    program, runs = _program(tmp_path, "1.2.3")
    env = {"HOOKDASH_STATE_DIR": str(tmp_path / "state")}
    version_output(str(program), timeout=10, environ=env)
    _program(tmp_path, "1.2.40")  # an update: another size
    assert version_output(str(program), timeout=10, environ=env) == (0, "1.2.40 (Agent)\n")
    st = program.stat()
    program.write_text(program.read_text().replace("1.2.40", "1.2.41"))  # same size
    os.utime(program, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    assert version_output(str(program), timeout=10, environ=env) == (0, "1.2.41 (Agent)\n")
    assert _runs(runs) == 3


def test_a_link_moved_to_another_program_is_asked_again(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    one, _ = _program(tmp_path / "a", "1.0.0")
    two, _ = _program(tmp_path / "b", "2.0.0")
    link = tmp_path / "agent-link"
    link.symlink_to(one)
    env = {"HOOKDASH_STATE_DIR": str(tmp_path / "state")}
    assert version_output(str(link), timeout=10, environ=env) == (0, "1.0.0 (Agent)\n")
    link.unlink()
    link.symlink_to(two)
    assert version_output(str(link), timeout=10, environ=env) == (0, "2.0.0 (Agent)\n")


def test_an_unwritable_or_broken_memory_still_answers(tmp_path: Path) -> None:
    program, runs = _program(tmp_path, "1.2.3")
    state = tmp_path / "state"
    state.mkdir()
    (state / CACHE_FILE).write_text("{not json")
    env = {"HOOKDASH_STATE_DIR": str(state)}
    assert version_output(str(program), timeout=10, environ=env) == (0, "1.2.3 (Agent)\n")
    assert version_output(str(program), timeout=10, environ=env) == (0, "1.2.3 (Agent)\n")
    assert _runs(runs) == 1  # the broken file was replaced
    blocked = {"HOOKDASH_STATE_DIR": str(tmp_path / "a-file")}
    (tmp_path / "a-file").write_text("")
    assert version_output(str(program), timeout=10, environ=blocked) == (0, "1.2.3 (Agent)\n")


def test_a_program_that_cannot_run_is_not_remembered(tmp_path: Path) -> None:
    env = {"HOOKDASH_STATE_DIR": str(tmp_path / "state")}
    assert version_output(str(tmp_path / "missing"), timeout=10, environ=env) is None
    broken = tmp_path / "broken"
    broken.write_text("not a program")
    broken.chmod(0o755)
    assert version_output(str(broken), timeout=10, environ=env) is None
    assert not (tmp_path / "state" / CACHE_FILE).exists()
