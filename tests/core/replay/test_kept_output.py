"""core.replay.kept_output: a run's output is kept with its record, found again only for
the same key while nothing changed, and never read from a damaged entry."""

from __future__ import annotations

import os
import stat
import sys
import time
import types
from pathlib import Path

import pytest

from hookdash.core.replay import kept_output, observations
from hookdash.core.replay.kept_output import find_kept, keep_output, keeping, run_key
from hookdash.core.replay.observations import Observations, observing

CHUNKS = [(1, "out ✓\n"), (1, "more\n"), (2, "a warning\n"), (1, "\ud800 lone surrogate\n")]


@pytest.fixture
def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files count as settled 50 ms after they were written (see test_observations)."""
    monkeypatch.setattr(observations, "SETTLED_NS", 50_000_000)


def _recorded(path: Path) -> Observations:
    time.sleep(0.06)
    with observing() as seen:
        path.read_text()
    assert seen.refused is None
    return seen


def _entries(state: Path) -> list[Path]:
    return sorted((state / kept_output.KEPT_DIR).glob("*.out"))


def _kept(tmp_path: Path, key: str = "k") -> tuple[Path, Path]:
    """A run that read one settings file, its output kept under `key`: (that file, the
    state directory)."""
    source = tmp_path / "settings.json"
    source.write_text("{}")
    state = tmp_path / "state"
    keep_output(key, state, _recorded(source), CHUNKS, 0)
    return source, state


def test_what_is_kept_is_found_again_whole(tmp_path: Path, settled: None) -> None:
    source = tmp_path / "settings.json"
    source.write_text("{}")
    seen = _recorded(source)
    state = tmp_path / "state"
    assert keep_output("key-1", state, seen, CHUNKS, 3)
    found = find_kept("key-1", state)
    assert found is not None
    chunks, code = found
    # Consecutive writes to one stream are one chunk; the order of the streams is kept.
    assert chunks == [(1, "out ✓\nmore\n"), (2, "a warning\n"), (1, "\ud800 lone surrogate\n")]
    assert code == 3


def test_another_key_finds_nothing(tmp_path: Path, settled: None) -> None:
    _source, state = _kept(tmp_path, "key-1")
    assert find_kept("key-2", state) is None


def test_a_change_to_what_the_run_read_finds_nothing(tmp_path: Path, settled: None) -> None:
    source, state = _kept(tmp_path)
    source.write_text("{ }")
    assert find_kept("k", state) is None


def _plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    code = tmp_path / "plugin.py"
    code.write_text("X = 1\n")
    module = types.ModuleType("hookdash_test_plugin")
    module.__file__ = str(code)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    return code


def test_a_change_to_the_code_finds_nothing(
    tmp_path: Path, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = _plugin(tmp_path, monkeypatch)
    _source, state = _kept(tmp_path)
    assert find_kept("k", state) is not None
    code.write_text("X = 2\n")
    assert find_kept("k", state) is None


def test_code_changed_while_the_run_worked_is_not_kept(
    tmp_path: Path, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An upgrade that lands while a run works: the run printed what the old code said,
    # and the status of the code taken after the run is the new code's.
    code = _plugin(tmp_path, monkeypatch)
    source = tmp_path / "settings.json"
    source.write_text("{}")
    time.sleep(0.06)
    write = os.open  # the real one: another program (pip) writes, not the run
    with observing() as seen:
        source.read_text()
        fd = write(code, os.O_WRONLY | os.O_TRUNC)
        os.write(fd, b"X = 22\n")
        os.close(fd)
    state = tmp_path / "state"
    keep_output("k", state, seen, CHUNKS, 0)
    assert find_kept("k", state) is None


def test_code_written_moments_before_the_run_is_not_kept(
    tmp_path: Path, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As for a file read (observations.SETTLED_NS): a second write in the same tick of
    # the file system's clock, to the same size, would not show in the code's status.
    source = tmp_path / "settings.json"
    source.write_text("{}")
    time.sleep(0.06)
    _plugin(tmp_path, monkeypatch)
    with observing() as seen:
        source.read_text()
    assert seen.refused is None
    state = tmp_path / "state"
    assert not keep_output("k", state, seen, CHUNKS, 0)


def test_an_import_folder_that_appears_finds_nothing(
    tmp_path: Path, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A folder on the import path that is not there yet ($PYTHONPATH, the user's site):
    # a package installed into it may be imported instead of one the run used.
    later = tmp_path / "later-site"
    monkeypatch.setattr(sys, "path", [*sys.path, str(later)])
    _source, state = _kept(tmp_path)
    assert find_kept("k", state) is not None
    later.mkdir()
    (later / "tree_sitter_bash.py").write_text("")
    assert find_kept("k", state) is None


def test_a_refused_run_is_not_kept(tmp_path: Path) -> None:
    seen = Observations()
    seen.refuse("it started a process")
    assert not keep_output("k", tmp_path / "state", seen, CHUNKS, 0)
    assert not (tmp_path / "state").exists()


def test_too_much_output_is_not_kept(
    tmp_path: Path, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kept_output, "MAX_KEPT_BYTES", 10)
    source = tmp_path / "s"
    source.write_text("{}")
    assert not keep_output("k", tmp_path / "state", _recorded(source), [(1, "x" * 11)], 0)


@pytest.mark.parametrize(
    "damage",
    ["truncated", "grown", "header", "format", "stream", "code", "empty", "record"],
)
def test_a_damaged_entry_finds_nothing(tmp_path: Path, settled: None, damage: str) -> None:
    _source, state = _kept(tmp_path)
    (entry,) = _entries(state)
    data = entry.read_bytes()
    header, _, body = data.partition(b"\n")
    damaged = {
        "truncated": data[:-3],
        "grown": data + b"!",
        "header": b"{not json" + data[9:],
        "format": header.replace(b'"format": 1', b'"format": 99') + b"\n" + body,
        "stream": header.replace(b"[[1, ", b"[[3, ", 1) + b"\n" + body,
        "code": header.replace(b'"code": 0', b'"code": true') + b"\n" + body,
        "empty": b"",
        "record": header.replace(b'"seen": [[', b'"seen": [["nonsense", ', 1) + b"\n" + body,
    }[damage]
    assert damaged != data
    entry.write_bytes(damaged)
    assert find_kept("k", state) is None


def test_entries_are_private_and_few(
    tmp_path: Path, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kept_output, "MAX_KEPT", 3)
    source = tmp_path / "s"
    source.write_text("{}")
    seen = _recorded(source)
    state = tmp_path / "state"
    for i in range(5):
        assert keep_output(f"key-{i}", state, seen, CHUNKS, 0)
        time.sleep(0.01)  # distinct write times: the oldest go first
    entries = _entries(state)
    assert len(entries) == 3
    assert find_kept("key-0", state) is None and find_kept("key-4", state) is not None
    for entry in entries:
        assert stat.S_IMODE(entry.stat().st_mode) == 0o600
    assert stat.S_IMODE((state / kept_output.KEPT_DIR).stat().st_mode) == 0o700
    assert not [p for p in (state / kept_output.KEPT_DIR).iterdir() if p.suffix != ".out"]


def test_the_key_holds_the_situation(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    base = run_key(["list"], [True], "1.0")
    assert base is not None
    assert run_key(["list"], [True], "1.0") == base
    assert run_key(["check"], [True], "1.0") != base
    assert run_key(["list"], [False], "1.0") != base
    assert run_key(["list"], [True], "1.1") != base
    monkeypatch.setenv("HOOKDASH_TEST_VARIABLE", "1")
    assert run_key(["list"], [True], "1.0") != base
    monkeypatch.delenv("HOOKDASH_TEST_VARIABLE")
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    assert run_key(["list"], [True], "1.0") != base


def test_the_import_path_is_part_of_the_key(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A folder that joins the import path when Python starts (the user's site-packages,
    # once created) was not on the keeping run's path: its record says nothing of it, and
    # a package there would be imported instead of the one the run used.
    monkeypatch.chdir(tmp_path)
    base = run_key(["list"], [True], "1.0")
    monkeypatch.setattr(sys, "path", [*sys.path[:1], str(tmp_path / "user-site"), *sys.path[1:]])
    assert run_key(["list"], [True], "1.0") != base


def test_no_key_without_a_working_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    os.rmdir(gone)
    assert run_key(["list"], [], "1.0") is None


def test_the_variable_turns_keeping_off() -> None:
    assert keeping({})
    assert keeping({"HOOKDASH_NO_CACHE": ""})
    assert not keeping({"HOOKDASH_NO_CACHE": "1"})


@pytest.mark.parametrize("planted", ["fifo", "huge"])
def test_an_entry_that_is_not_a_kept_output_is_not_read(
    tmp_path: Path, settled: None, monkeypatch: pytest.MonkeyPatch, planted: str
) -> None:
    """A FIFO in an entry's place is never opened to wait on; a file larger than any entry
    is not read."""
    _source, state = _kept(tmp_path)
    (entry,) = _entries(state)
    entry.unlink()
    if planted == "fifo":
        os.mkfifo(entry)
    else:
        monkeypatch.setattr(kept_output, "MAX_ENTRY_BYTES", 10)
        entry.write_bytes(b"{}" * 10)
    assert find_kept("k", state) is None
