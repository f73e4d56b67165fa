"""Switching a hook off and on with space: the dialog, the files on disk, the view."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from hookdash.core.errors import FileChangedError
from hookdash.core.hosts.gemini.environment import GeminiEnvironment
from hookdash.core.load.loader import load_configuration
from hookdash.core.model import Configuration
from hookdash.tui.app import HookdashApp
from hookdash.tui.screens.hooks import HooksScreen
from hookdash.tui.screens.switch import ChoiceSet, SwitchScreen
from hookdash.tui.widgets.banners import Banner
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox, command_hook, definition
from tests.tui.helpers import (
    make_app,
    press_on,
    record_notifications,
    rich_setup,
    run_from_palette,
    select,
    settle,
    text_of,
    tree_lines,
    until,
)

USER = (
    "{\n"
    "  // my hooks — keep this comment\n"
    '  "hooksConfig": {"disabled": ["old"]},\n'
    '  "hooks": {\n'
    '    "disabled": ["legacy"],   /* for Gemini < 0.26 */\n'
    '    "BeforeTool": [{"matcher": "run_shell_command", "hooks": [\n'
    '      {"name": "guard", "type": "command", "command": "echo guard"},\n'
    '      {"name": "old", "type": "command", "command": "echo old"}]}]\n'
    "  }\n"
    "}\n"
)


def _setup(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(USER)


@pytest.fixture
def app(sandbox: Sandbox) -> HookdashApp:
    """The dashboard, not yet started, on this module's _setup."""
    _setup(sandbox)
    return make_app(sandbox)


def _line(tree: HookTree, hook_id: str) -> str:
    return next(line for line in tree_lines(tree) if f" {hook_id} " in line + " ")


async def test_space_disables_in_user_settings_and_nothing_else_changes(
    sandbox: Sandbox, app: HookdashApp
) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        shown = record_notifications(app)
        tree = await press_on(pilot, "guard", "space")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SwitchScreen)
        assert "writes ~/.gemini/settings.json" in text_of(dialog.query_one("#switch-file"))
        assert dialog.choice.scope == "user" and dialog.choice.disabled_key == "auto"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, HooksScreen)
        assert _line(tree, "guard").strip().startswith("disabled")
        assert app.config is not None
        hook = next(h for h in app.config.hooks if h.id == "guard")
        assert hook.disabled and hook.disabled_in == ["user"]
    # Both lists (auto mirrors into the existing legacy one); every other byte kept.
    assert sandbox.user_settings.read_text() == USER.replace('["old"]', '["old", "guard"]').replace(
        '["legacy"]', '["legacy", "guard"]'
    )
    message, options = shown[-1]
    assert message.startswith("Disabled 'guard' in user settings (~/.gemini/settings.json")
    assert options["title"] == "Switched off"


async def test_the_badge_flips_before_the_reload_finishes(sandbox: Sandbox) -> None:
    """The tree shows the new state right after the write, not after the reload."""
    _setup(sandbox)
    gate = threading.Event()

    def slow_loader(env: GeminiEnvironment) -> Configuration:
        gate.wait(10)
        return load_configuration(env)

    app = HookdashApp(sandbox.env(), configuration=sandbox.load(), loader=slow_loader, watch=False)
    async with app.run_test(size=(120, 36)) as pilot:
        tree = await press_on(pilot, "guard", "space", "enter")
        await until(
            lambda: (
                '"guard"' in sandbox.user_settings.read_text()
                and "disabled" in _line(tree, "guard")
            )
        )
        assert _line(tree, "guard").strip().startswith("disabled")
        assert (
            app.config is not None
            and not next(h for h in app.config.hooks if h.id == "guard").disabled
        )  # the reload has not finished yet
        gate.set()
        await settle(pilot)
        assert next(h for h in app.config.hooks if h.id == "guard").disabled


async def test_space_on_a_disabled_hook_enables_it(sandbox: Sandbox, app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        shown = record_notifications(app)
        tree = app.screen.query_one(HookTree)
        select(tree, "old")
        assert _line(tree, "old").strip().startswith("disabled")
        await pilot.press("space")  # no question: enabling removes it everywhere
        await settle(pilot)
        assert isinstance(app.screen, HooksScreen)
        assert _line(tree, "old").strip().startswith("runs")
    assert sandbox.user_settings.read_text() == USER.replace('["old"]', "[]")
    assert shown[-1][0].startswith("Enabled 'old': removed it from user settings")


async def test_enable_says_a_system_file_still_disables_it(sandbox: Sandbox) -> None:
    _setup(sandbox)
    sandbox.allow_system_files()
    sandbox.write_system({"hooksConfig": {"disabled": ["old"]}})
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        shown = record_notifications(app)
        tree = await press_on(pilot, "old", "space")
        await settle(pilot)
        assert _line(tree, "old").strip().startswith("disabled")
    message, options = shown[-1]
    assert "but it stays disabled: the system settings (" in message
    assert options["severity"] == "warning" and options["title"] == "Still disabled"
    assert sandbox.user_settings.read_text() == USER.replace('["old"]', "[]")


async def test_workspace_scope_and_legacy_key(sandbox: Sandbox) -> None:
    _setup(sandbox)
    sandbox.write_workspace('{\n\t"hooks": {}\n}\n')
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        tree = await press_on(pilot, "guard", "space", "w")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SwitchScreen)
        assert "~/project/.gemini/settings.json" in text_of(dialog.query_one("#switch-file"))
        # The arrow keys choose: down twice in the list of keys is the legacy `hooks`.
        dialog.query_one("#switch-key", ChoiceSet).focus()
        await pilot.press("down", "down")
        assert dialog.choice.disabled_key == "hooks"
        await pilot.press("enter")
        await settle(pilot)
        # Only the legacy list: current Gemini still runs it, and the view says so.
        line = _line(tree, "guard")
        assert line.strip().startswith("runs") and "legacy" in line
    assert sandbox.workspace_settings.read_text() == (
        '{\n\t"hooks": {\n\t\t"disabled": [\n\t\t\t"guard"\n\t\t]\n\t}\n}\n'
    )
    assert sandbox.user_settings.read_text() == USER


async def test_a_workspace_hook_off_and_on_again_leaves_the_file_as_it_was(
    sandbox: Sandbox,
) -> None:
    """The committed project file is back byte for byte: no `"hooksConfig": {"disabled":
    []}` left behind for git to show."""
    sandbox.trust_folder()
    project = (
        '{\r\n\t// committed with the project\r\n\t"hooks": {"BeforeTool": [\r\n'
        '\t\t{"hooks": [{"name": "lint", "type": "command", "command": "./lint.sh"}]}\r\n'
        "\t]}\r\n}\r\n"
    )
    sandbox.write_workspace(project)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        shown = record_notifications(app)
        tree = await press_on(pilot, "lint", "space", "w")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert _line(tree, "lint").strip().startswith("disabled")
        assert b'"hooksConfig"' in sandbox.workspace_settings.read_bytes()
        await pilot.press("space")  # on again: no question
        await settle(pilot)
        assert _line(tree, "lint").strip().startswith("runs")
    assert sandbox.workspace_settings.read_bytes() == project.encode()
    assert "back, byte for byte" in shown[-1][0]


async def test_cancel_writes_nothing(sandbox: Sandbox, app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        await press_on(pilot, "guard", "space")
        await pilot.pause()
        await pilot.click("#cancel")
        await settle(pilot)
        assert isinstance(app.screen, HooksScreen)
    assert sandbox.user_settings.read_text() == USER


async def test_workspace_is_not_offered_when_it_is_home(sandbox: Sandbox) -> None:
    _setup(sandbox)
    env = sandbox.env(sandbox.home)
    app = HookdashApp(env, configuration=load_configuration(env), watch=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await press_on(pilot, "guard", "space")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SwitchScreen)
        buttons = list(dialog.query("#switch-scope RadioButton"))
        assert buttons[1].disabled
        assert "The workspace is your home directory" in "\n".join(
            text_of(n) for n in dialog.query(".dialog-note")
        )
        await pilot.press("w")  # refused, with a note
        assert dialog.choice.scope == "user"


async def test_read_only_file_shows_why_and_nothing_changes(sandbox: Sandbox) -> None:
    _setup(sandbox)
    sandbox.user_settings.chmod(0o444)
    app = make_app(sandbox)
    try:
        async with app.run_test(size=(120, 36)) as pilot:
            shown = record_notifications(app)
            tree = await press_on(pilot, "guard", "space", "enter")
            await settle(pilot)
            assert _line(tree, "guard").strip().startswith("runs")  # no flip on failure
    finally:
        sandbox.user_settings.chmod(0o644)
    message, options = shown[-1]
    assert "is read-only; hookdash leaves it unchanged" in message
    assert options["severity"] == "error" and options["title"] == "Nothing changed"
    assert sandbox.user_settings.read_text() == USER


async def test_file_edited_after_loading(sandbox: Sandbox, app: HookdashApp) -> None:
    """Edited validly meanwhile: the entry goes into the new content, with a note. Edited
    into something that does not parse: refused, with the line and column."""
    async with app.run_test(size=(120, 36)) as pilot:
        shown = record_notifications(app)
        tree = app.screen.query_one(HookTree)
        edited = USER.replace("keep this comment", "edited meanwhile")
        sandbox.user_settings.write_text(edited)
        select(tree, "guard")
        await pilot.press("space", "enter")
        await settle(pilot)
        assert "changed on disk since hookdash read it" in shown[-1][0]
        assert "edited meanwhile" in sandbox.user_settings.read_text()
        assert '["old", "guard"]' in sandbox.user_settings.read_text()

        broken = '{\n  "hooks": {,\n}\n'
        sandbox.user_settings.write_text(broken)  # the view still shows the last load
        select(tree, "old")
        await pilot.press("space")
        await settle(pilot)
        message, options = shown[-1]
        assert options["severity"] == "error"
        assert "does not parse" in message and "line 2, column" in message
    assert sandbox.user_settings.read_text() == broken


async def test_file_that_keeps_changing(sandbox: Sandbox, monkeypatch: Any) -> None:
    _setup(sandbox)

    def busy(*args: Any, **kwargs: Any) -> Any:
        raise FileChangedError("~/.gemini/settings.json kept changing on disk (3 tries).")

    monkeypatch.setattr("hookdash.core.toggle_hook", busy)  # (the screen imports it when used)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        shown = record_notifications(app)
        tree = await press_on(pilot, "guard", "space", "enter")
        await settle(pilot)
        assert _line(tree, "guard").strip().startswith("runs")
    assert shown[-1][0].startswith("~/.gemini/settings.json kept changing")
    assert sandbox.user_settings.read_text() == USER


async def test_a_hook_no_entry_can_match(sandbox: Sandbox) -> None:
    """An unnamed extension hook whose command holds $VAR: no disabled entry matches it."""
    sandbox.trust_folder()
    sandbox.add_extension("ext", {"BeforeTool": [definition(command_hook("echo $HOME"))]})
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        shown = record_notifications(app)
        await press_on(pilot, "echo $HOME", "space", "enter")
        await settle(pilot)
    assert "holds a $VARIABLE" in shown[-1][0]
    assert not sandbox.user_settings.exists()


async def test_an_invalid_hook_is_not_offered(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition({"command": "echo x"})]}})
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        shown = record_notifications(app)
        await press_on(pilot, "unknown-hook", "space")
        await settle(pilot)
        assert isinstance(app.screen, HooksScreen)  # no dialog
    assert "invalid, so Gemini CLI discards it" in shown[-1][0]


async def test_space_on_a_group_folds_it(sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        tree = app.screen.query_one(HookTree)
        total = len(tree_lines(tree))
        tree.move_cursor_to_line(0)
        await pilot.press("space")
        await pilot.pause()
        assert len(tree_lines(tree)) < total
        assert isinstance(app.screen, HooksScreen)


async def test_switch_from_the_palette(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        select(app.screen.query_one(HookTree), "guard")
        await run_from_palette(pilot, "switch the hook", "Switch the hook")
        assert isinstance(app.screen, SwitchScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HooksScreen)


async def test_a_settings_file_that_does_not_parse_is_named_up_front(sandbox: Sandbox) -> None:
    _setup(sandbox)
    broken = '{\n  "hooks": {,\n}\n'
    sandbox.write_workspace(broken)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        shown = record_notifications(app)
        await press_on(pilot, "guard", "space")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SwitchScreen)
        notes = "\n".join(text_of(n) for n in dialog.query(".switch-broken"))
        assert "~/project/.gemini/settings.json does not parse at line 2" in notes
        assert "hookdash will not write it" in notes
        labels = [b.label.plain for b in dialog.query("#switch-scope RadioButton")]  # type: ignore[attr-defined]
        assert "does not parse" in labels[1] and "does not parse" not in labels[0]
        await pilot.press("w", "enter")  # refused here, the dialog stays
        await pilot.pause()
        assert app.screen is dialog
        assert shown[-1][1]["title"] == "Cannot write this file"
        await pilot.press("u", "enter")
        await settle(pilot)
        assert isinstance(app.screen, HooksScreen)
    assert sandbox.workspace_settings.read_text() == broken
    assert '"guard"' in sandbox.user_settings.read_text().split("hooksConfig")[1]


async def test_a_workspace_switch_through_a_link_to_the_users_settings_is_refused(
    sandbox: Sandbox,
) -> None:
    """The repository's `.gemini/settings.json` is a link to the user's own file: the
    banner says so, and switching a hook off "in the workspace" writes nothing."""
    _setup(sandbox)
    sandbox.workspace_settings.parent.mkdir()
    sandbox.workspace_settings.symlink_to("../../.gemini/settings.json")
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        shown = record_notifications(app)
        banners = [text_of(b) for b in app.screen.query(Banner)]
        assert any("leads outside the workspace" in b for b in banners), banners
        await press_on(pilot, "guard", "space", "w")
        await pilot.pause()
        assert isinstance(app.screen, SwitchScreen)
        await pilot.press("enter")
        await until(lambda: any(kw.get("title") == "Nothing changed" for _, kw in shown))
    message = next(m for m, kw in shown if kw.get("title") == "Nothing changed")
    assert message.startswith("~/project/.gemini/settings.json leads outside the workspace")
    assert "your user settings (~/.gemini/settings.json)" in message
    assert sandbox.user_settings.read_text() == USER
