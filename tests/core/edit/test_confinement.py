"""A workspace write stays in the workspace: a repository's `.gemini/settings.json` (or its
`.gemini`, or a directory on the way) that links out of it is refused, named, by every
write and every preview, and reported by the load; the user's own links are followed."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hookdash.core import (
    HookChanges,
    HookDraft,
    add_hook,
    apply_safe_fixes,
    disable_hook,
    edit_hook,
    enable_hook,
    import_claude,
    recording_writes,
    remove_hook,
    switch_hooks,
    undo,
    undo_entry,
)
from hookdash.core.errors import OutsideWorkspaceError, UndoRefused
from tests.conftest import Sandbox, command_hook, definition, settings_with

WORKSPACE_HOOK = settings_with(command_hook("echo w", name="w"), event="AfterAgent")


def _link_settings_to_user(box: Sandbox) -> Path:
    """`.gemini/settings.json -> ../../.gemini/settings.json`: the user's global file."""
    box.workspace_settings.parent.mkdir(parents=True)
    box.workspace_settings.symlink_to(Path("..", "..", ".gemini", "settings.json"))
    return box.user_settings


def _link_directory_to_user(box: Sandbox) -> Path:
    """`.gemini -> ../.gemini`: the whole directory is the user's."""
    (box.workspace / ".gemini").symlink_to(Path("..", ".gemini"))
    return box.user_settings


def _link_through_a_directory(box: Sandbox) -> Path:
    """`.gemini -> config` (inside), `config -> <root>/elsewhere` (outside): the second link
    on the way leads out."""
    elsewhere = box.root / "elsewhere"
    box.write(elsewhere / "settings.json", WORKSPACE_HOOK)
    (box.workspace / "config").symlink_to(elsewhere)
    (box.workspace / ".gemini").symlink_to("config")
    return elsewhere / "settings.json"


def _link_to_a_file_elsewhere(box: Sandbox) -> Path:
    other = box.write(box.root / "shared" / "team.json", WORKSPACE_HOOK)
    box.workspace_settings.parent.mkdir(parents=True)
    box.workspace_settings.symlink_to(other)
    return other


def _dangling_link(box: Sandbox) -> Path:
    """A link to a file (and directory) that does not exist: a write must not create it."""
    missing = box.home / ".bashrc.d" / "x.json"
    box.workspace_settings.parent.mkdir(parents=True)
    box.workspace_settings.symlink_to(missing)
    return missing


LAYOUTS: dict[str, Callable[[Sandbox], Path]] = {
    "settings-to-user": _link_settings_to_user,
    "directory-to-user": _link_directory_to_user,
    "intermediate": _link_through_a_directory,
    "file-elsewhere": _link_to_a_file_elsewhere,
    "dangling": _dangling_link,
}
# The layouts whose target holds a workspace hook of its own (not the user's hooks again).
OWN_HOOK = ("intermediate", "file-elsewhere")


def _claude_file(box: Sandbox) -> Path:
    return box.root / "claude.json"


Action = Callable[[Sandbox, bool], Any]
ACTIONS: dict[str, Action] = {
    "disable": lambda box, dry: disable_hook(box.load(), "u", "workspace"),
    "add": lambda box, dry: add_hook(
        box.load(), HookDraft(event="AfterTool", command="echo n", name="n"), "workspace",
        dry_run=dry,
    ),
    "hooks-off": lambda box, dry: switch_hooks(box.load(), False, "workspace", dry_run=dry),
    "import-claude": lambda box, dry: import_claude(
        box.load(), _claude_file(box), "workspace", dry_run=dry
    ),
}  # fmt: skip
OWN_HOOK_ACTIONS: dict[str, Action] = {
    "edit": lambda box, dry: edit_hook(
        box.load(), "w", HookChanges(command="echo changed"), dry_run=dry
    ),
    "remove": lambda box, dry: remove_hook(box.load(), "w", dry_run=dry),
    "enable": lambda box, dry: enable_hook(box.load(), "w"),
}


def _outside(box: Sandbox) -> dict[str, bytes]:
    """Every file outside the workspace but hookdash's own state, with its bytes."""
    return {
        str(p): p.read_bytes()
        for p in sorted(box.root.rglob("*"))
        if p.is_file()
        and not p.is_symlink()
        and not p.is_relative_to(box.workspace)
        and not p.is_relative_to(box.state)
    }


def _set_up(box: Sandbox, layout: str) -> Path:
    box.trust_folder()
    box.write_user(settings_with(command_hook("echo u", name="u")))
    box.write(
        _claude_file(box),
        {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo c"}]}]}},
    )
    target = LAYOUTS[layout](box)
    if layout in OWN_HOOK:  # disabled there, so that enable has something to do
        data = json.loads(target.read_text())
        data["hooksConfig"] = {"disabled": ["w"]}
        target.write_text(json.dumps(data))
    return target


@pytest.mark.parametrize("dry_run", [False, True], ids=["write", "preview"])
@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("action", list(ACTIONS) + list(OWN_HOOK_ACTIONS))
def test_every_workspace_write_through_a_link_out_is_refused_and_named(
    sandbox: Sandbox, layout: str, action: str, dry_run: bool
) -> None:
    if action in OWN_HOOK_ACTIONS and layout not in OWN_HOOK:
        pytest.skip("the workspace holds no hook of its own in this layout")
    target = _set_up(sandbox, layout)
    before = _outside(sandbox)
    run = {**ACTIONS, **OWN_HOOK_ACTIONS}[action]
    with pytest.raises(OutsideWorkspaceError) as refused:
        run(sandbox, dry_run)
    message = refused.value.message
    assert message.startswith("~/project/.gemini/settings.json leads outside the workspace")
    shown = (
        "~/" + str(target.relative_to(sandbox.home))
        if target.is_relative_to(sandbox.home)
        else str(target)
    )
    assert shown in message and "nothing was written" in message
    if layout.endswith("to-user"):
        assert "your user settings (~/.gemini/settings.json)" in message
    assert _outside(sandbox) == before  # not a byte changed outside the workspace
    assert os.path.lexists(target) == (layout != "dangling")  # nothing created


def test_check_fix_leaves_the_linked_file_alone_and_fixes_the_users_own(sandbox: Sandbox) -> None:
    _set_up(sandbox, "file-elsewhere")
    legacy = {"BeforeTool": [definition(command_hook("echo u", name="u"))], "disabled": ["u"]}
    sandbox.write_user({"hooks": legacy})  # a legacy hooks.disabled entry: a safe fix
    other = sandbox.root / "shared" / "team.json"
    text = json.loads(other.read_text())
    text["hooks"]["disabled"] = ["w"]  # a legacy entry there too
    other.write_text(json.dumps(text))
    before = other.read_bytes()
    result = apply_safe_fixes(sandbox.load())
    assert other.read_bytes() == before
    assert [c.scope for c in result.changes] == ["user"]
    said = "workspace-settings-outside: hookdash does not write"
    assert any(s.startswith(said) for s in result.skipped)


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_the_load_reports_the_link_as_a_finding(sandbox: Sandbox, layout: str) -> None:
    target = _set_up(sandbox, layout)
    found = sandbox.load().snapshot.problems
    problems = [p for p in found if p.code == "workspace-settings-outside"]
    assert len(problems) == 1
    problem = problems[0]
    assert problem.severity == "warning" and problem.file == str(sandbox.workspace_settings)
    assert "leads outside the workspace" in problem.message
    assert "hookdash refuses to write workspace settings through it" in problem.message
    if layout == "dangling":
        assert f"{'~/' + str(target.relative_to(sandbox.home))}, which does not exist" in (
            problem.message
        )


def test_links_inside_the_workspace_and_the_users_own_links_are_followed(
    sandbox: Sandbox,
) -> None:
    sandbox.trust_folder()
    config_dir = sandbox.workspace / "config" / "gemini"
    config_dir.mkdir(parents=True)
    (sandbox.workspace / ".gemini").symlink_to(Path("config", "gemini"))
    dotfiles = sandbox.write(sandbox.root / "dotfiles" / "gemini.json", "{}")
    sandbox.user_settings.symlink_to(dotfiles)
    config = sandbox.load()
    assert not [p for p in config.snapshot.problems if p.code == "workspace-settings-outside"]
    add_hook(config, HookDraft(event="AfterTool", command="echo n", name="n"), "workspace")
    assert '"echo n"' in (config_dir / "settings.json").read_text()
    switch_hooks(sandbox.load(), False, "user")
    assert '"enabled": false' in dotfiles.read_text() and sandbox.user_settings.is_symlink()


def test_the_workspace_may_not_name_the_users_file_even_from_above_it(sandbox: Sandbox) -> None:
    """A workspace that contains the home (here: its parent) still may not write the
    user's settings through a link: the file is the user's, wherever it is."""
    sandbox.trust_folder(sandbox.root)
    (sandbox.root / ".gemini").mkdir()
    (sandbox.root / ".gemini" / "settings.json").symlink_to(
        Path("..", "home", ".gemini", "settings.json")
    )
    sandbox.write_user("{}")
    with pytest.raises(OutsideWorkspaceError, match="your user settings"):
        switch_hooks(sandbox.load(sandbox.root), False, "workspace")
    assert sandbox.user_settings.read_text() == "{}"


def test_undo_refuses_once_a_link_carries_the_file_elsewhere(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace("{}")
    with recording_writes() as writes:
        switch_hooks(sandbox.load(), False, "workspace")
    entry = undo_entry("hooks off", writes)
    assert entry is not None
    # The repository swaps `.gemini` for a link to a directory holding the same bytes.
    elsewhere = sandbox.root / "elsewhere"
    (sandbox.workspace / ".gemini").rename(elsewhere)
    (sandbox.workspace / ".gemini").symlink_to(elsewhere)
    written = (elsewhere / "settings.json").read_bytes()
    with pytest.raises(UndoRefused, match="now leads to"):
        undo(entry)
    assert (elsewhere / "settings.json").read_bytes() == written
