"""Plan (p) on Claude Code's hooks: the hooks Claude runs for the event and value in the
form, those it leaves out and why, its notes, `enter` to a hook, and ctrl+r (the whole
event fired as `fire --host claude` does, asking first where it needs --yes)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from textual.widgets import Input, OptionList, Select

from hookdash.tui.app import HookdashApp
from hookdash.tui.hosts.claude.plan_screen import ClaudePlanScreen
from hookdash.tui.screens.confirm import ConfirmScreen
from hookdash.tui.screens.hooks import HooksScreen
from hookdash.tui.screens.output import OutputScreen
from hookdash.tui.screens.plan import PlanScreen
from hookdash.tui.widgets.hook_groups import EventGroup
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox, command_hook, settings_with
from tests.tui.helpers import (
    open_screen,
    plain,
    record_notifications,
    select,
    settle,
    text_of,
    until,
)
from tests.tui.test_both_hosts import both_app

GUARD = "echo claude-guard"
FORMAT = "bash .claude/hooks/format.sh"


def _group(matcher: str | None, *commands: str) -> dict[str, Any]:
    group: dict[str, Any] = {"hooks": [{"type": "command", "command": c} for c in commands]}
    if matcher is not None:
        group["matcher"] = matcher
    return group


def claude_plan_setup(sandbox: Sandbox) -> None:
    """Like the demo: a Gemini user hook; a Claude user guard on Bash; the project's
    formatter on Edit|Write, a copy of the user's guard and a prompt hook; a local file
    Claude drops (a comment); a Stop hook. The folder is not trusted by Claude Code."""
    sandbox.trust_folder()
    sandbox.write_user(settings_with(command_hook("echo gemini-guard", name="guard")))
    sandbox.write(
        sandbox.home / ".claude" / "settings.json",
        {"hooks": {"PreToolUse": [_group("Bash", GUARD)]}},
    )
    prompt = {"type": "prompt", "prompt": "Is this about the shop?"}
    sandbox.write(
        sandbox.workspace / ".claude" / "settings.json",
        {
            "hooks": {
                "PreToolUse": [
                    _group("Edit|Write", FORMAT),
                    _group("Bash", GUARD),
                    {"matcher": "Edit", "hooks": [prompt]},
                ],
                "Stop": [_group(None, "echo done")],
            }
        },
    )
    sandbox.write(
        sandbox.workspace / ".claude" / "settings.local.json",
        '{\n  // mine\n  "hooks": {"PreToolUse": [{"hooks": [{"type": "command", '
        '"command": "echo local"}]}]}\n}\n',
    )


def _options(screen: ClaudePlanScreen) -> list[str]:
    options = screen.query_one("#plan-list", OptionList)
    return [
        plain(options.get_option_at_index(i).prompt, 160).rstrip("\n")
        for i in range(options.option_count)
    ]


def _summary(screen: ClaudePlanScreen) -> str:
    return text_of(screen.query_one("#plan-summary"), 200)


async def _open(pilot: Any, hook_id: str, scope: str | None = None) -> ClaudePlanScreen:
    select(pilot.app.screen.query_one(HookTree), hook_id, scope)
    return await open_screen(pilot, "p", ClaudePlanScreen)


async def test_p_on_a_claude_hook_plans_its_event_and_says_why_not(sandbox: Sandbox) -> None:
    claude_plan_setup(sandbox)
    app = both_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = await _open(pilot, GUARD, "user")
        assert screen.query_one("#plan-event", Select).value == "PreToolUse"
        assert screen.query_one("#plan-value", Input).value == "Bash"  # the matcher's name
        assert text_of(screen.query_one("#plan-match-label")) == "tool_name"
        plan = screen.plan
        assert plan is not None and plan.value == "Bash"
        assert [h.scope for h in plan.hooks] == ["user"]
        why = {(s.id, s.scope): (s.reason, s.why) for s in plan.skipped}
        assert why[(FORMAT, "project")][0] == "matcher"
        assert why[(GUARD, "project")][0] == "duplicate"
        assert len(why) == 3  # (and the prompt hook, on Edit; the local file is unread)
        summary = _summary(screen)
        options = _options(screen)
    assert summary.strip() == "PreToolUse · tool_name 'Bash': Claude Code runs 1 hook"
    assert options[0].startswith(" 1. echo claude-guard  claude user  [Bash]")
    assert ".claude/settings.json" in options[0]
    assert options[1] == f"Not run ({len(plan.skipped)})"
    lines = "\n".join(options)
    assert f" – {FORMAT}  claude project  matcher" in lines
    assert "its matcher 'Edit|Write' does not match tool_name 'Bash'" in lines
    assert " – echo claude-guard  claude project  duplicate" in lines
    words = " ".join(lines.split())  # (a long path wraps the line)
    assert "identical to the user hook at " in words and "Claude Code runs it once" in words


async def test_changing_the_value_replans(sandbox: Sandbox) -> None:
    claude_plan_setup(sandbox)
    app = both_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = await _open(pilot, GUARD, "user")
        box = screen.query_one("#plan-value", Input)
        box.value = "Edit"
        await until(lambda: screen.plan is not None and screen.plan.value == "Edit")
        assert screen.plan is not None
        assert [(h.id, h.type) for h in screen.plan.hooks] == [
            (FORMAT, "command"),
            ("Is this about the shop?", "prompt"),
        ]
        summary = _summary(screen)
        options = _options(screen)
        # The project's hooks run: Claude Code has no trust recorded for the folder.
        assert "Claude Code runs 2 hooks in parallel" in summary
        assert "`claude -p` asks nothing" in summary
        assert "(prompt: Claude runs it, hookdash does not fire it)" in options[1]
        # No value: every matcher counts as matching, and a note says so.
        box.value = ""
        await until(lambda: screen.plan is not None and screen.plan.value is None)
        assert "PreToolUse · any tool_name: Claude Code runs 3 hooks" in _summary(screen)
        notes = _options(screen)
        after = notes[notes.index("Notes") + 1 :]  # (the safe-mode note may follow)
        assert any("lists every hook as if its matcher matched" in note for note in after)
        # The user's guard alone, for Bash: no project hook runs, no sentence.
        await pilot.click("#plan-value")
        await pilot.press(*"Bash")
        await until(lambda: screen.plan is not None and screen.plan.value == "Bash")
        assert "asks nothing" not in _summary(screen)


async def test_an_event_without_a_match_query(sandbox: Sandbox) -> None:
    claude_plan_setup(sandbox)
    app = both_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = await _open(pilot, "echo done")
        assert screen.query_one("#plan-event", Select).value == "Stop"
        assert not screen.query_one("#plan-value", Input).display
        assert "Claude Code ignores every matcher" in text_of(screen.query_one("#plan-none"))
        summary = _summary(screen)
        assert "Stop · takes no matcher (every hook runs): Claude Code runs 1 hook" in summary
        # Another event: its field and the value a firing sends.
        screen.query_one("#plan-event", Select).value = "SessionStart"
        await until(lambda: screen.plan is not None and screen.plan.event == "SessionStart")
        assert screen.query_one("#plan-value", Input).value == "startup"
        assert text_of(screen.query_one("#plan-match-label")) == "source"


async def test_enter_goes_to_the_hook(sandbox: Sandbox) -> None:
    claude_plan_setup(sandbox)
    app = both_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = await _open(pilot, GUARD, "user")
        assert screen.plan is not None
        duplicate = next(s for s in screen.plan.skipped if s.reason == "duplicate")
        options = screen.query_one("#plan-list", OptionList)
        options.focus()
        options.highlighted = screen._refs.index(duplicate.ref)
        await pilot.pause()
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, HooksScreen))
        hook = app.selected_hook
        assert hook is not None and hook.ref == duplicate.ref and hook.scope == "project"


async def test_p_and_f_on_a_claude_event_group(sandbox: Sandbox) -> None:
    claude_plan_setup(sandbox)
    app = both_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        tree = app.screen.query_one(HookTree)
        node = next(
            n
            for n in tree.root.children
            if isinstance(n.data, EventGroup) and n.data.event == "PreToolUse"
        )
        tree.move_cursor(node)
        screen = await open_screen(pilot, "p", ClaudePlanScreen)
        assert screen.query_one("#plan-value", Input).value == "Bash"  # Claude's default
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, HooksScreen))
        shown = record_notifications(app)
        tree.move_cursor(node)
        await open_screen(pilot, "f", ClaudePlanScreen)
        assert "here is what Claude Code would run for PreToolUse" in shown[-1][0]
        # A Gemini hook still opens Gemini's plan.
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, HooksScreen))
        await _open_gemini(pilot)


async def _open_gemini(pilot: Any) -> None:
    select(pilot.app.screen.query_one(HookTree), "guard")
    await open_screen(pilot, "p", PlanScreen)


async def test_ctrl_r_fires_the_whole_event(sandbox: Sandbox) -> None:
    claude_plan_setup(sandbox)
    app = both_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = await _open(pilot, GUARD, "user")
        await pilot.press("ctrl+r")  # the user's guard alone: no question
        await until(lambda: screen.result is not None, what="the run")
        await settle(pilot)
        result = screen.result
        assert result is not None
        assert [r.id for r in result.results] == [GUARD]
        assert result.results[0].stdout == "claude-guard\n"
        body = text_of(screen.query_one("#plan-result-body"), 160)
        assert "What Claude Code would do" in body
        assert "✔ ok  echo claude-guard  claude user · exit 0" in body
        await pilot.press("o")
        await until(lambda: isinstance(app.screen, OutputScreen))
    records = [json.loads(line) for line in (sandbox.state / "runs.jsonl").read_text().splitlines()]
    assert [(r["host"], r["event"], r["command"]) for r in records] == [
        ("claude", "PreToolUse", GUARD)
    ]


async def test_ctrl_r_asks_first_for_project_hooks_claude_has_no_trust_for(
    sandbox: Sandbox,
) -> None:
    claude_plan_setup(sandbox)
    app = both_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = await _open(pilot, FORMAT)
        assert screen.query_one("#plan-value", Input).value == "Edit"
        await pilot.press("ctrl+r")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        body = text_of(app.screen.query_one("#confirm-body"), 200)
        assert FORMAT in body and "no trust recorded" in body
        await pilot.press("n")
        await until(lambda: app.screen is screen)
        assert screen.result is None and not screen.running
    assert not (sandbox.state / "runs.jsonl").exists()


async def test_the_plan_follows_a_reload(sandbox: Sandbox) -> None:
    claude_plan_setup(sandbox)
    app: HookdashApp = both_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = await _open(pilot, GUARD, "user")
        sandbox.write(
            sandbox.home / ".claude" / "settings.json",
            {"hooks": {"PreToolUse": [_group("Bash", GUARD, "echo second")]}},
        )
        await app.reload("test").wait()
        await until(lambda: screen.plan is not None and len(screen.plan.hooks) == 2)


async def test_esc_cancels_the_run_and_kills_the_hook(sandbox: Sandbox, tmp_path: Path) -> None:
    started, pid = tmp_path / "started", tmp_path / "pid"
    sandbox.write(
        sandbox.home / ".claude" / "settings.json",
        {"hooks": {"Stop": [_group(None, f"echo $$ > {pid}; touch {started}; sleep 60")]}},
    )
    app = both_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = await _open(pilot, f"echo $$ > {pid}; touch {started}; sleep 60")
        await pilot.press("ctrl+r")  # a user hook: no question
        await until(lambda: started.exists() and screen.running, what="the hook to start")
        assert "0 of 1 hooks finished" in text_of(screen.query_one("#plan-result-body"))
        await pilot.press("escape")
        await until(lambda: not screen.running)
        assert app.screen is screen  # esc cancelled; it did not leave
        assert "Cancelled after" in text_of(screen.query_one("#plan-result-body"), 160)
        shell = int(pid.read_text())
        await until(lambda: not _alive(shell), what="the hook's shell to be killed")
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, HooksScreen))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}").exists() and "zombie" not in _state(pid)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().lower()
    except OSError:
        return "zombie"
