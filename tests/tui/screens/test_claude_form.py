"""The Claude Code hook form (`a`/`A` to add, `e` on a Claude hook to edit): Claude's shape
(event, matcher, command, timeout in seconds, user/project/local scope), the live dry run
under Checks, Save through `app.write` (so `u` undoes it), and refusals said, never a
silent write."""

from __future__ import annotations

import json

from textual.widgets import Input, RadioSet

from hookdash.tui.app import HookdashApp
from hookdash.tui.hosts.claude.fields import ClaudeHookFields
from hookdash.tui.hosts.claude.form import ClaudeHookFormScreen
from hookdash.tui.screens.confirm import ConfirmScreen
from hookdash.tui.screens.hook_form import HookFormScreen
from hookdash.tui.screens.hooks import HooksScreen
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox
from tests.tui.helpers import record_notifications, select, text_of, until
from tests.tui.test_both_hosts import both_app, both_setup, park_claude_guard


async def _type_into(app: HookdashApp, field: str, value: str) -> None:
    box = app.screen.query_one(f"#{field}", Input)
    box.value = value


def _form(app: HookdashApp) -> ClaudeHookFormScreen:
    screen = app.screen
    assert isinstance(screen, ClaudeHookFormScreen), screen
    return screen


async def test_e_edits_a_claude_hook_in_claudes_shape_and_u_undoes_it(sandbox: Sandbox) -> None:
    both_setup(sandbox)
    user = sandbox.home / ".claude" / "settings.json"
    before = user.read_bytes()
    app = both_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        select(app.screen.query_one(HookTree), "echo claude-guard")
        await pilot.press("e")
        await until(lambda: isinstance(app.screen, ClaudeHookFormScreen))
        form = _form(app)
        # The hook's own values, and nothing to save until a field changes.
        assert app.screen.query_one("#matcher", Input).value == "Bash"
        assert app.screen.query_one("#command", Input).value == "echo claude-guard"
        assert app.screen.query_one("#scope", RadioSet).disabled
        await until(lambda: form.review is not None)
        assert form.unchanged
        await _type_into(app, "timeout", "15")
        await _type_into(app, "matcher", "Bash|Write")
        await until(lambda: form.review is not None and not form.unchanged)
        checks = text_of(app.screen.query_one("#review-body"), 100)
        assert "Save will change the user PreToolUse hook" in checks
        assert '+            "timeout": 15' in checks.replace("│", "")
        await pilot.press("ctrl+s")
        await until(lambda: isinstance(app.screen, HooksScreen))
        await until(lambda: b'"timeout": 15' in user.read_bytes())
        value = json.loads(user.read_text())
        assert value["hooks"]["PreToolUse"] == [
            {
                "matcher": "Bash|Write",
                "hooks": [{"type": "command", "command": "echo claude-guard", "timeout": 15}],
            }
        ]
        # The edited hook is selected once the list is read again.
        tree = app.screen.query_one(HookTree)
        await until(lambda: tree.selected_hook is not None and tree.selected_hook.timeout == 15)
        await pilot.press("u")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(lambda: user.read_bytes() == before)


async def test_a_on_a_claude_hook_adds_one_to_the_chosen_scope(sandbox: Sandbox) -> None:
    both_setup(sandbox)
    local = sandbox.workspace / ".claude" / "settings.local.json"
    app = both_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        select(app.screen.query_one(HookTree), "echo done")  # Claude's Stop hook
        await pilot.press("a")
        await until(lambda: isinstance(app.screen, ClaudeHookFormScreen))
        form = _form(app)
        assert form.event == "Stop"  # the event under the cursor
        fields = app.screen.query_one(ClaudeHookFields)
        await _type_into(app, "command", "echo local-stop")
        await _type_into(app, "timeout", "2.5")
        radio = list(app.screen.query("#scope RadioButton"))
        radio[2].value = True  # local
        await until(lambda: fields.scope == "local" and form.review is not None)
        await until(lambda: "settings.local.json" in (form.review.message if form.review else ""))
        hint = text_of(app.screen.query_one("#scope-hint"), 100)
        assert "settings.local.json" in hint and "only you" in hint
        await pilot.press("ctrl+s")
        await until(lambda: local.exists())
        handler = {"type": "command", "command": "echo local-stop", "timeout": 2.5}
        assert json.loads(local.read_text()) == {"hooks": {"Stop": [{"hooks": [handler]}]}}
        tree = app.screen.query_one(HookTree)
        await until(
            lambda: tree.selected_hook is not None and tree.selected_hook.id == "echo local-stop"
        )
        assert tree.selected_hook.scope == "local"  # type: ignore[union-attr]


async def test_a_on_a_gemini_hook_keeps_geminis_form_and_capital_a_is_claudes(
    sandbox: Sandbox,
) -> None:
    both_setup(sandbox)
    app = both_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        select(app.screen.query_one(HookTree), "guard")
        await pilot.press("a")
        await until(lambda: isinstance(app.screen, HookFormScreen))
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, HooksScreen))
        await pilot.press("A")
        await until(lambda: isinstance(app.screen, ClaudeHookFormScreen))
        # BeforeTool is not Claude's: the form starts on Claude's own tool event.
        assert _form(app).event == "PreToolUse"


async def test_a_bad_timeout_or_matcher_is_refused_and_nothing_is_written(
    sandbox: Sandbox,
) -> None:
    both_setup(sandbox)
    user = sandbox.home / ".claude" / "settings.json"
    before = user.read_bytes()
    app = both_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        select(app.screen.query_one(HookTree), "echo claude-guard")
        await pilot.press("A")
        await until(lambda: isinstance(app.screen, ClaudeHookFormScreen))
        form = _form(app)
        await _type_into(app, "command", "echo x")
        await _type_into(app, "timeout", "0")
        await until(lambda: "positive number of seconds" in (form.refusal or ""))
        assert "Save would write nothing" in text_of(app.screen.query_one("#review-body"), 100)
        await _type_into(app, "timeout", "")
        await _type_into(app, "matcher", "Bash(")  # JavaScript rejects it: matches nothing
        await until(lambda: form.refusal is not None and "regex" in form.refusal)
        shown = record_notifications(app)
        await pilot.press("ctrl+s")
        await until(lambda: any(k.get("title") == "Nothing saved" for _, k in shown))
        assert isinstance(app.screen, ClaudeHookFormScreen)
    assert user.read_bytes() == before


async def test_e_refuses_a_parked_claude_hook_and_points_at_space(sandbox: Sandbox) -> None:
    both_setup(sandbox)
    user = sandbox.home / ".claude" / "settings.json"
    app = both_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        tree = app.screen.query_one(HookTree)
        await park_claude_guard(app, pilot, user)
        select(tree, "echo claude-guard")
        shown = record_notifications(app)
        await pilot.press("e")
        await until(lambda: bool(shown))
        assert shown[0][1].get("title") == "Cannot edit a parked hook"
        assert "space" in shown[0][0]
        assert isinstance(app.screen, HooksScreen)
