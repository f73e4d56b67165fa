"""Undo: the writes of one action recorded, then exactly the bytes before put back — and
refused, touching nothing, once a file is no longer as hookdash left it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hookdash.core import (
    HookDraft,
    UndoRefused,
    add_hook,
    recording_writes,
    remove_hook,
    switch_hooks,
    toggle_hook,
    undo,
    undo_entry,
)
from hookdash.core.disk import files
from hookdash.core.disk.atomic import update_file
from tests.conftest import Sandbox, command_hook, definition

GOLDEN = (
    b'{\r\n\t// my settings\r\n\t"theme": "dark", /* keep */\r\n\t"hooks": {\r\n\t\t"BeforeTool": '
    b'[{"matcher": "glob", "hooks": [{"name": "a", "type": "command", "command": "echo a"}]}]'
    b"\r\n\t}\r\n}\r\n"
)


def _files(sandbox: Sandbox) -> dict[str, bytes]:
    """Every file under the sandbox with its bytes (what an undo must give back)."""
    out = {}
    for path in sorted(sandbox.root.rglob("*")):
        if path.is_file():
            out[str(path.relative_to(sandbox.root))] = path.read_bytes()
    return out


def test_undoing_an_add_to_the_workspace_gives_back_every_file_as_it_was(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.user_settings.write_bytes(GOLDEN)
    before = _files(sandbox)
    with recording_writes() as writes:
        add_hook(
            sandbox.load(), HookDraft(event="AfterTool", command="echo b", name="b"), "workspace"
        )
    entry = undo_entry("add 'b' to AfterTool", writes)
    assert entry is not None
    written = {Path(f.path).name for f in entry.files}
    # The settings file (created), Gemini's trust store (created), hookdash's own state.
    assert {"settings.json", "trusted_hooks.json"} <= written
    assert _files(sandbox) != before
    result = undo(entry, str)
    assert result.message.startswith("Undid “add 'b' to AfterTool”:")
    assert _files(sandbox) == before  # created files removed, the rest byte for byte
    assert not sandbox.workspace_settings.exists()


def test_undoing_a_remove_and_a_switch_restores_crlf_tabs_and_comments(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.user_settings.write_bytes(GOLDEN)
    os.chmod(sandbox.user_settings, 0o640)
    with recording_writes() as writes:
        remove_hook(sandbox.load(), "a")
        switch_hooks(sandbox.load(), False)
    entry = undo_entry("remove and switch", writes)
    assert entry is not None
    # One settings file, written twice (and hookdash's memory of what `hooks off` added).
    settings = [f for f in entry.files if f.path == str(sandbox.user_settings)]
    assert len(settings) == 1
    assert all(f.path == str(sandbox.user_settings) or "state" in f.path for f in entry.files)
    assert sandbox.user_settings.read_bytes() != GOLDEN
    undo(entry)
    assert sandbox.user_settings.read_bytes() == GOLDEN
    assert oct(sandbox.user_settings.stat().st_mode & 0o777) == "0o640"


def test_undo_follows_a_symlinked_settings_file(sandbox: Sandbox, tmp_path: Path) -> None:
    sandbox.trust_folder()
    real = tmp_path / "dotfiles" / "gemini.json"
    real.parent.mkdir()
    real.write_bytes(GOLDEN)
    sandbox.user_settings.symlink_to(real)
    with recording_writes() as writes:
        toggle_hook(sandbox.load(), sandbox.load().hooks[0], "user", "auto")
    entry = undo_entry("switch a off", writes)
    assert entry is not None and entry.files[0].path == str(real)
    undo(entry)
    assert sandbox.user_settings.is_symlink() and real.read_bytes() == GOLDEN


def test_undo_is_refused_after_an_outside_change_and_touches_nothing(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.user_settings.write_bytes(GOLDEN)
    with recording_writes() as writes:
        add_hook(
            sandbox.load(), HookDraft(event="AfterAgent", command="echo c", name="c"), "workspace"
        )
    entry = undo_entry("add 'c'", writes)
    assert entry is not None
    edited = sandbox.workspace_settings.read_bytes().replace(b"echo c", b"echo C")
    sandbox.workspace_settings.write_bytes(edited)
    now = _files(sandbox)
    with pytest.raises(UndoRefused, match="changed since hookdash wrote it") as refused:
        undo(entry, str)
    assert "Nothing was undone" in refused.value.message
    assert _files(sandbox) == now  # the trust store was not restored either
    sandbox.workspace_settings.unlink()
    with pytest.raises(UndoRefused, match="was removed since"):
        undo(entry, str)


def test_a_change_between_the_check_and_the_write_is_refused_too(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = sandbox.user_settings
    path.write_bytes(b"{}\n")
    with recording_writes() as writes:
        update_file(path, lambda old: b'{"a": 1}\n')
    entry = undo_entry("set a", writes)
    assert entry is not None
    # Another writer gets in after undo's first check, before its re-check under the lock.
    real_read = files.read_bytes

    def racing_read(target: str | Path, cap: int = files.MAX_FILE_BYTES) -> bytes:
        data = real_read(target, cap)
        monkeypatch.setattr(files, "read_bytes", real_read)
        path.write_bytes(b'{"a": 2}\n')
        return data

    monkeypatch.setattr(files, "read_bytes", racing_read)
    with pytest.raises(UndoRefused):
        undo(entry)
    assert path.read_bytes() == b'{"a": 2}\n'


def test_nothing_written_gives_no_entry(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooksConfig": {"enabled": True}})
    with recording_writes() as writes:
        switch_hooks(sandbox.load(), True)  # already on: nothing to write
    assert writes == [] and undo_entry("nothing", writes) is None
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("x", name="x"))]}})
    with recording_writes() as writes:
        pass
    assert undo_entry("still nothing", writes) is None
