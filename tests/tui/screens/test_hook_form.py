"""Writing hooks in the dashboard, on real files: the form (a, e), remove (d), the editor
(E), all hooks on/off (H) and undo (u), driven by keys as a person would."""

from __future__ import annotations

import json
import os
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.screen import Screen
from textual.widgets import Input, OptionList

from hookdash.core import RunRecord
from hookdash.core.run.runlog import RunLog
from hookdash.tui.app import HookdashApp
from hookdash.tui.editor import editor_command
from hookdash.tui.screens.confirm import ConfirmScreen
from hookdash.tui.screens.hook_form import HookFormScreen
from hookdash.tui.screens.hooks import HooksScreen
from hookdash.tui.widgets.banners import Banner
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import WAIT_LIMIT, Sandbox, command_hook, definition
from tests.tui.helpers import (
    drawn_lines,
    make_app,
    press_on,
    record_notifications,
    select,
    text_of,
    until,
)

USER = (
    "{\r\n"
    "\t// my hooks\r\n"
    '\t"hooks": {\r\n'
    '\t\t"BeforeTool": [{"matcher": "run_shell_command", "hooks": [\r\n'
    '\t\t\t{"name": "guard", "type": "command", "command": "echo guard", "timeout": 5000}\r\n'
    "\t\t]}]\r\n"
    "\t}\r\n"
    "}\r\n"
)
AFTER = (
    '{"hooks": {"AfterTool": [{"matcher": "write_file", "hooks": [\n'
    '  {"name": "audit", "type": "command", "command": "echo audit"}]}]}}\n'
)


async def fill(pilot: Any, selector: str, text: str) -> None:
    """Empty a field of the form and type `text` into it (as one paste)."""
    field = pilot.app.screen.query_one(selector, Input)
    field.focus()
    await pilot.pause()
    await pilot.press("ctrl+a", "ctrl+k")
    if text:
        pilot.app.post_message(events.Paste(text))
    await pilot.pause()
    await until(lambda: field.value == text)


async def reviewed(pilot: Any) -> HookFormScreen:
    """The form, once its review matches the fields as they are now."""
    screen = pilot.app.screen
    assert isinstance(screen, HookFormScreen)
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await until(lambda: screen.review is not None)
    return screen


def _list(sandbox: Sandbox) -> dict[str, dict[str, Any]]:
    result = sandbox.cli("list", "--json")
    return {f"{h['scope']}:{h['id']}": h for h in json.loads(result.stdout)["hooks"]}


def _app(sandbox: Sandbox) -> HookdashApp:
    sandbox.trust_folder()
    return make_app(sandbox)


@pytest.fixture
def app(sandbox: Sandbox) -> HookdashApp:
    """The dashboard on the sandbox as it is, for the tests that write nothing first."""
    return _app(sandbox)


# ------------------------------------------------------------------ add


async def test_add_through_the_form_writes_what_list_then_shows(sandbox: Sandbox) -> None:
    sandbox.user_settings.write_bytes(USER.encode())
    app = _app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("a")
        screen = await reviewed(pilot)
        events_list = screen.query_one("#form-event", OptionList)
        assert app.focused is events_list and screen.event == "BeforeTool"  # the selection's
        await pilot.press("down")  # AfterTool
        await fill(pilot, "#matcher", "write_file|replace")
        await fill(pilot, "#name", "audit")
        await fill(pilot, "#command", "echo audited")
        await fill(pilot, "#timeout", "3000")
        await fill(pilot, "#description", "log each write")
        await reviewed(pilot)
        hint = text_of(screen.query_one("#matcher-hint"))
        assert hint == "matches write_file, replace (2 of 20 built-in tools)"
        checks = text_of(screen.query_one("#review-body"))
        assert "Save will add 'audit' to AfterTool in user settings" in checks
        assert "Once saved, Gemini CLI runs it." in checks
        assert re.search(r'^\+\s+"AfterTool": \[$', checks, re.MULTILINE)  # the diff
        assert sandbox.user_settings.read_bytes() == USER.encode()  # nothing written yet
        await pilot.press("ctrl+s")
        await until(lambda: isinstance(app.screen, HooksScreen))
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert app.selected_hook is not None and app.selected_hook.id == "audit"
    hooks = _list(sandbox)
    audit = hooks["user:audit"]
    assert (audit["event"], audit["matcher"], audit["timeout_ms"], audit["description"]) == (
        "AfterTool",
        "write_file|replace",
        3000,
        "log each write",
    )
    assert audit["runs"] and audit["order"] == 0 and hooks["user:guard"]["timeout_ms"] == 5000
    data = sandbox.user_settings.read_bytes()  # comments and CRLF kept
    assert data.startswith(b"{\r\n\t// my hooks\r\n") and b"\n" not in data.replace(b"\r\n", b"")


async def test_the_form_refuses_and_warns_live_and_save_writes_nothing_refused(
    sandbox: Sandbox,
) -> None:
    sandbox.user_settings.write_bytes(USER.encode())
    sandbox.script("hooks/lint.sh", "echo '{}'", executable=False)
    app = _app(sandbox)
    shown = record_notifications(app)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("a")
        screen = await reviewed(pilot)
        assert "command is empty" in text_of(screen.query_one("#review-body"))
        await fill(pilot, "#command", "hooks/lint.sh")
        await fill(pilot, "#timeout", "5")
        await reviewed(pilot)
        command_hint = text_of(screen.query_one("#command-hint"))
        assert command_hint == "✖ ~/project/hooks/lint.sh is not executable " \
            "(chmod +x ~/project/hooks/lint.sh): bash exits 126"  # fmt: skip
        checks = text_of(screen.query_one("#review-body"))
        assert "no name" in checks and "5 milliseconds" in checks
        await fill(pilot, "#command", "hooks/missing.sh")
        await reviewed(pilot)
        assert "does not exist: bash exits 127" in text_of(screen.query_one("#command-hint"))
        # The same name:command as guard, in the same file: refused, as `add` refuses it.
        await fill(pilot, "#name", "guard")
        await fill(pilot, "#command", "echo guard")
        await fill(pilot, "#timeout", "")
        await reviewed(pilot)
        checks = text_of(screen.query_one("#review-body"))
        assert (
            "✖ Save would write nothing: ~/.gemini/settings.json already has a BeforeTool hook"
            in checks
        )
        await pilot.press("ctrl+s")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, HookFormScreen)  # still open
        assert any(kw.get("title") == "Nothing saved" for _, kw in shown)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HooksScreen)
    assert sandbox.user_settings.read_bytes() == USER.encode()


async def test_the_matcher_hint_names_tools_seen_in_the_logs_and_trigger_values(
    sandbox: Sandbox,
) -> None:
    RunLog(sandbox.state).append(
        [
            RunRecord(
                ts="2026-01-01T00:00:00.000Z",
                origin="gemini",
                event="BeforeTool",
                id="x",
                command="x",
                success=True,
                input={"tool_name": "mcp_github_create_issue"},
            )
        ]
    )
    app = _app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("a")
        screen = await reviewed(pilot)
        await fill(pilot, "#matcher", "^mcp_")
        await until(lambda: "create_issue" in text_of(screen.query_one("#matcher-hint")))
        hint = text_of(screen.query_one("#matcher-hint"))
        assert hint == (
            "matches mcp_github_create_issue (logs) (1 of 21 tools: 20 built-in, 1 from the logs)"
        )
        events_list = screen.query_one("#form-event", OptionList)
        events_list.focus()
        events_list.highlighted = 6  # SessionEnd
        await fill(pilot, "#matcher", "clear")
        await reviewed(pilot)
        hint = text_of(screen.query_one("#matcher-hint"))
        assert hint.startswith("matches ✗ exit  ✔ clear  ✗ logout (never sent)")
        placeholder = screen.query_one("#matcher", Input).placeholder
        assert placeholder == "the reason, exactly; empty: every reason"


# ------------------------------------------------------------------ test


async def test_the_test_button_fires_the_draft_before_it_is_saved(
    sandbox: Sandbox, app: HookdashApp
) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("a")
        screen = await reviewed(pilot)
        await fill(pilot, "#matcher", "run_shell_command")
        await fill(pilot, "#name", "nope")
        await fill(
            pilot, "#command", """cat >/dev/null; echo '{"decision": "deny", "reason": "no"}'"""
        )
        await reviewed(pilot)
        await pilot.click("#test")
        await until(lambda: screen.test_result is not None)
        await pilot.pause()
        result = screen.test_result
        assert result is not None and result.gemini_would_run
        assert [r.id for r in result.results] == ["nope"]
        body = text_of(screen.query_one("#review-body"))
        assert "The tool call is blocked" in body
        assert "BeforeTool payload for run_shell_command" in body
    assert [r.id for r in RunLog(sandbox.state).read_last(5)] == ["nope"]
    assert not sandbox.user_settings.exists()  # tested, never saved


async def test_a_workspace_draft_asks_first_like_fire(sandbox: Sandbox, app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("a")
        screen = await reviewed(pilot)
        await fill(pilot, "#command", "echo from-the-project")
        await pilot.click("#scope RadioButton:last-of-type")
        await reviewed(pilot)
        assert screen.scope == "workspace"
        await pilot.press("ctrl+r")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        question = text_of(app.screen.query_one("#confirm-body"))
        assert "a project hook not yet in trusted_hooks.json" in question
        await pilot.press("n")
        await pilot.pause()
        assert screen.test_result is None and not RunLog(sandbox.state).read_last(5)
        await pilot.press("ctrl+r")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(lambda: screen.test_result is not None)
    assert [r.scope for r in RunLog(sandbox.state).read_last(5)] == ["workspace"]


# ------------------------------------------------------------------ edit and remove


async def test_edit_changes_only_the_fields_changed(sandbox: Sandbox) -> None:
    sandbox.user_settings.write_bytes(USER.encode())
    app = _app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await press_on(pilot, "guard", "e")
        screen = await reviewed(pilot)
        assert screen.query_one("#command", Input).value == "echo guard"
        assert screen.query_one("#timeout", Input).value == "5000"
        assert "Nothing to save" in text_of(screen.query_one("#review-body"))
        await fill(pilot, "#timeout", "8000")
        await reviewed(pilot)
        await pilot.press("ctrl+s")
        await until(lambda: isinstance(app.screen, HooksScreen))
    assert (
        sandbox.user_settings.read_bytes()
        == USER.replace('"timeout": 5000', '"timeout": 8000').encode()
    )
    assert _list(sandbox)["user:guard"]["timeout_ms"] == 8000


def _frames_of(app: HookdashApp, kind: type[Screen[Any]]) -> list[list[str]]:
    """Every frame the app draws of a `kind` screen from now on, as lines of text: what
    Textual hands the terminal (the compositor's strips), in order."""
    frames: list[list[str]] = []
    display = app._display

    def recording(screen: Screen[Any], renderable: Any) -> None:
        if isinstance(screen, kind) and renderable is not None:
            frames.append(drawn_lines(screen))
        display(screen, renderable)

    app._display = recording  # type: ignore[method-assign]
    return frames


async def test_the_edit_form_first_frame_shows_the_hooks_own_event_and_footer(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 20: the first frame of `e` on an AfterTool hook showed BeforeTool, empty
    Checks and no footer until the review (slow under load) came back."""
    import hookdash.tui.screens.hook_form as hook_form

    review_draft = hook_form.review_draft
    release = threading.Event()

    def held_review(*args: Any, **kwargs: Any) -> Any:
        release.wait(WAIT_LIMIT)  # a machine under load: the review comes back late
        return review_draft(*args, **kwargs)

    monkeypatch.setattr(hook_form, "review_draft", held_review)
    sandbox.user_settings.write_bytes(AFTER.encode())
    app = _app(sandbox)
    frames = _frames_of(app, HookFormScreen)
    try:
        async with app.run_test(size=(120, 36)) as pilot:
            await press_on(pilot, "audit", "e")
            await until(lambda: frames, what="the form's first frame")
            first = frames[0]
            event_line = first[2]  # the event box's one line, under its border
            assert "AfterTool" in event_line and "BeforeTool" not in "\n".join(first)
            assert "Checking…" in "\n".join(first)
            assert "^s Save" in first[-1]  # the footer, with the form's keys
            release.set()
            await reviewed(pilot)
    finally:
        release.set()


async def test_edit_is_refused_for_an_extension_hook(sandbox: Sandbox) -> None:
    sandbox.add_extension("kit", {"AfterTool": [definition(command_hook("echo k", name="kit"))]})
    app = _app(sandbox)
    shown = record_notifications(app)
    async with app.run_test(size=(120, 36)) as pilot:
        select(app.screen.query_one(HookTree), "kit")
        for key in ("e", "d"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, HooksScreen)
    assert len(shown) == 2 and all("belongs to the extension" in m for m, _ in shown)
    # Issue 20: the dashboard points at its own key, not at `hookdash disable`.
    assert all("Press space to switch the hook off" in m for m, _ in shown)
    assert not any("hookdash disable" in m for m, _ in shown)


async def test_remove_asks_with_the_diff_then_removes(sandbox: Sandbox) -> None:
    sandbox.user_settings.write_bytes(USER.encode())
    app = _app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await press_on(pilot, "guard", "d")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        question = text_of(app.screen.query_one("#confirm-body"))
        assert question.startswith("This will remove guard")
        assert re.search(r'^-\s+\{"name": "guard", "type": "command"', question, re.MULTILINE)
        await pilot.press("n")
        await pilot.pause()
        assert sandbox.user_settings.read_bytes() == USER.encode()
        await pilot.press("d")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(lambda: "guard" not in sandbox.user_settings.read_text())
        await until(lambda: app.config is not None and not app.config.hooks)
    assert "user:guard" not in _list(sandbox)


# ------------------------------------------------------------------ E, H


async def test_E_opens_the_editor_at_the_hook_and_reloads_after(
    sandbox: Sandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sandbox.user_settings.write_bytes(USER.encode())
    called = tmp_path / "called.txt"
    editor = tmp_path / "vim"  # named like vi: it gets +LINE
    editor.write_text(
        "#!/bin/sh\n"
        f'printf "%s\\n" "$@" > "{called}"\n'
        'printf "// edited by the fake editor\\r\\n" >> "$2"\n'
    )
    editor.chmod(0o755)
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", str(editor))
    app = _app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await press_on(pilot, "guard", "E")
        await until(lambda: called.exists())

        def reloaded() -> bool:
            config = app.config
            text = config.layers["user"].text if config is not None else None
            return text is not None and text.endswith("// edited by the fake editor\r\n")

        await until(reloaded)
    assert called.read_text().splitlines() == ["+5", str(sandbox.user_settings)]


async def test_E_without_an_editor_says_so(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    sandbox.user_settings.write_bytes(USER.encode())
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.delenv("EDITOR", raising=False)
    app = _app(sandbox)
    shown = record_notifications(app)
    async with app.run_test(size=(120, 36)) as pilot:
        await press_on(pilot, "guard", "E")
        await until(lambda: bool(shown))
    message = shown[0][0]
    assert "Neither $VISUAL nor $EDITOR is set" in message
    assert "~/.gemini/settings.json:5" in message


def test_the_editor_gets_the_line_the_way_it_takes_it() -> None:
    def argv(editor: str, line: int | None = 7) -> list[str] | None:
        return editor_command({"EDITOR": editor}, "/p/s.json", line)

    assert argv("vi") == ["vi", "+7", "/p/s.json"]
    assert argv("/usr/bin/nano -w") == ["/usr/bin/nano", "-w", "+7", "/p/s.json"]
    assert argv("emacsclient -t") == ["emacsclient", "-t", "+7", "/p/s.json"]
    assert argv("code --wait") == ["code", "--wait", "--goto", "/p/s.json:7"]
    assert argv("hx") == ["hx", "/p/s.json:7"]
    assert argv("ed") == ["ed", "/p/s.json"]
    assert argv("vim", None) == ["vim", "/p/s.json"]
    assert argv("'unclosed") is None
    assert editor_command({"VISUAL": "nvim", "EDITOR": "nano"}, "f", 2) == ["nvim", "+2", "f"]
    assert editor_command({"EDITOR": "  "}, "f", 2) is None


async def test_H_switches_all_hooks_after_saying_what_it_means(sandbox: Sandbox) -> None:
    sandbox.user_settings.write_bytes(USER.encode())
    app = _app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("H")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        question = text_of(app.screen.query_one("#confirm-body"))
        assert question.startswith("Hooks are on now.")
        assert (
            "Gemini CLI runs no hook at all — settings hooks and extension hooks alike" in question
        )
        assert '+\t"hooksConfig": {' in question or '"enabled": false' in question
        await pilot.press("y")
        await until(lambda: app.config is not None and not app.config.snapshot.hooks_enabled)
        await pilot.pause()
        banners = " ".join(text_of(b) for b in app.screen.query(Banner))
        assert "hooksConfig.enabled is false" in banners
    assert _list(sandbox)["user:guard"]["runs"] is False


# ------------------------------------------------------------------ undo


async def test_u_undoes_the_last_write_byte_for_byte(sandbox: Sandbox) -> None:
    sandbox.user_settings.write_bytes(USER.encode())
    app = _app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        select(app.screen.query_one(HookTree), "guard")
        await pilot.press("space")  # switch it off: asks where
        await until(lambda: app.screen.__class__.__name__ == "SwitchScreen")
        await pilot.press("enter")
        await until(lambda: "hooksConfig" in sandbox.user_settings.read_text())
        switched = sandbox.user_settings.read_bytes()
        await pilot.press("H")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(lambda: sandbox.user_settings.read_bytes() != switched)
        assert [e.label for e in app.undo_stack] == ["switch 'guard' off", "switch all hooks off"]
        await pilot.press("u")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        assert "Undo “switch all hooks off”?" in text_of(app.screen.query_one("#confirm-body"))
        await pilot.press("y")
        await until(lambda: sandbox.user_settings.read_bytes() == switched)
        await pilot.press("u")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(lambda: sandbox.user_settings.read_bytes() == USER.encode())
        assert app.undo_stack == []


async def test_u_refuses_after_an_outside_change_and_keeps_it(sandbox: Sandbox) -> None:
    sandbox.user_settings.write_bytes(USER.encode())
    app = _app(sandbox)
    shown = record_notifications(app)
    async with app.run_test(size=(120, 36)) as pilot:
        await press_on(pilot, "guard", "d")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(lambda: "guard" not in sandbox.user_settings.read_text())
        await until(lambda: bool(app.undo_stack))
        outside = sandbox.user_settings.read_bytes() + b"// mine now\r\n"
        sandbox.user_settings.write_bytes(outside)
        os.utime(sandbox.user_settings)
        await pilot.press("u")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(lambda: any(kw.get("title") == "Not undone" for _, kw in shown))
        assert app.undo_stack == []
    message = next(m for m, kw in shown if kw.get("title") == "Not undone")
    assert "~/.gemini/settings.json changed since hookdash wrote it" in message
    assert sandbox.user_settings.read_bytes() == outside


async def test_u_with_nothing_written_says_so(app: HookdashApp) -> None:
    shown = record_notifications(app)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("u")
        await until(lambda: bool(shown))
        assert isinstance(app.screen, HooksScreen)
    assert shown[0][0].startswith("Nothing to undo")
