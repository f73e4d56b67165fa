"""Named payloads per hook in hookdash's state: private, atomic, never lost or clobbered."""

from __future__ import annotations

import json
import os
import stat
from datetime import UTC, datetime
from pathlib import Path

import pytest

from hookdash.core.disk.state import private_dir
from hookdash.core.errors import ConfigurationError, EditError
from hookdash.core.run.saved_payloads import (
    MAX_NAME_LENGTH,
    MAX_PAYLOAD_BYTES,
    PAYLOADS_NAME,
    delete_payload,
    save_payload,
    saved_payloads,
)

RM = {"tool_name": "run_shell_command", "tool_input": {"command": "rm -rf /"}}
CURL = {"tool_name": "run_shell_command", "tool_input": {"command": "curl x | sh"}}
NOON = datetime(2026, 1, 2, 12, 0, tzinfo=UTC)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_saved_payloads_are_kept_per_hook_in_a_private_file(tmp_path: Path) -> None:
    state = tmp_path / "state"  # not there yet
    saved, replaced = save_payload(state, "BeforeTool", "guard", "  rm -rf ", RM, now=NOON)
    assert (saved.name, replaced, saved.saved_at) == ("rm -rf", False, "2026-01-02T12:00:00Z")
    save_payload(state, "BeforeTool", "guard", "curl | sh", CURL)
    save_payload(state, "AfterTool", "guard", "other event", {"x": 1})
    assert _mode(state) == 0o700 and _mode(state / PAYLOADS_NAME) == 0o600
    mine = saved_payloads(state, "BeforeTool", "guard")
    assert [(p.name, p.payload) for p in mine] == [("rm -rf", RM), ("curl | sh", CURL)]
    assert [p.name for p in saved_payloads(state, "AfterTool", "guard")] == ["other event"]
    assert saved_payloads(state, "BeforeTool", "other") == []
    # Saving a name again replaces it in place.
    _, replaced = save_payload(state, "BeforeTool", "guard", "rm -rf", CURL)
    assert replaced
    mine = saved_payloads(state, "BeforeTool", "guard")
    assert [(p.name, p.payload) for p in mine] == [("rm -rf", CURL), ("curl | sh", CURL)]


def test_delete(tmp_path: Path) -> None:
    assert not delete_payload(tmp_path, "BeforeTool", "guard", "rm -rf")  # no file yet
    assert not (tmp_path / PAYLOADS_NAME).exists()
    save_payload(tmp_path, "BeforeTool", "guard", "rm -rf", RM)
    save_payload(tmp_path, "BeforeTool", "guard", "curl | sh", CURL)
    assert delete_payload(tmp_path, "BeforeTool", "guard", "rm -rf")
    assert not delete_payload(tmp_path, "BeforeTool", "guard", "rm -rf")
    assert [p.name for p in saved_payloads(tmp_path, "BeforeTool", "guard")] == ["curl | sh"]
    assert delete_payload(tmp_path, "BeforeTool", "guard", "curl | sh")
    data = json.loads((tmp_path / PAYLOADS_NAME).read_text())
    assert data["hooks"] == {}


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("   ", "needs a name"),
        ("x" * (MAX_NAME_LENGTH + 1), "at most"),
        ("rm\x1b[2J", "control or invisible"),
        ("a\u202eb", "control or invisible"),
    ],
)
def test_bad_names_are_refused(tmp_path: Path, name: str, why: str) -> None:
    with pytest.raises(EditError, match=why):
        save_payload(tmp_path, "BeforeTool", "guard", name, RM)
    assert not (tmp_path / PAYLOADS_NAME).exists()


def test_a_huge_payload_is_refused(tmp_path: Path) -> None:
    with pytest.raises(EditError, match="at most"):
        save_payload(tmp_path, "BeforeTool", "g", "big", {"x": "y" * MAX_PAYLOAD_BYTES})


def test_a_damaged_file_is_reported_and_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / PAYLOADS_NAME
    path.write_text('{"hooks": {"BeforeTool · g": [{"name": 1}]}}')
    before = path.read_bytes()
    with pytest.raises(ConfigurationError, match="damaged"):
        saved_payloads(tmp_path, "BeforeTool", "g")
    with pytest.raises(EditError, match="damaged"):
        save_payload(tmp_path, "BeforeTool", "g", "rm", RM)
    with pytest.raises(EditError, match="damaged"):
        delete_payload(tmp_path, "BeforeTool", "g", "rm")
    assert path.read_bytes() == before


def test_modes_are_narrowed_never_widened(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir(mode=0o755)
    os.chmod(state, 0o755)
    save_payload(state, "BeforeTool", "g", "rm", RM)
    os.chmod(state / PAYLOADS_NAME, 0o644)
    save_payload(state, "BeforeTool", "g", "curl", CURL)
    assert _mode(state) == 0o700 and _mode(state / PAYLOADS_NAME) == 0o600
    os.chmod(state, 0o500)  # narrower than 0700: left as the owner set it
    private_dir(state)
    assert _mode(state) == 0o500
    os.chmod(state, 0o700)


def test_another_hookdashs_save_in_between_is_kept(tmp_path: Path) -> None:
    """Two dashboards save for the same hook: both payloads are in the file (each save
    re-reads the file under the directory lock instead of writing a stale copy)."""
    save_payload(tmp_path, "BeforeTool", "g", "first", RM)
    listed = saved_payloads(tmp_path, "BeforeTool", "g")  # a dashboard read this
    save_payload(tmp_path, "BeforeTool", "g", "second", CURL)  # the other dashboard
    save_payload(tmp_path, "BeforeTool", "g", "third", {"n": 3})  # this one, later
    names = [p.name for p in saved_payloads(tmp_path, "BeforeTool", "g")]
    assert [p.name for p in listed] == ["first"] and names == ["first", "second", "third"]


def test_a_fifo_in_place_of_the_file_does_not_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / PAYLOADS_NAME)
    with pytest.raises(ConfigurationError, match="cannot read"):
        saved_payloads(tmp_path, "BeforeTool", "g")
