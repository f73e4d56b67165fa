"""Fire (f): the engine's payload, editable; checks; confirmation; the run; cancel."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from textual.widgets import Input, TextArea

from hookdash.core.run.runlog import RunLog
from hookdash.tui.screens.confirm import ConfirmScreen
from hookdash.tui.screens.fire import FireScreen
from hookdash.tui.screens.hooks import HooksScreen
from hookdash.tui.screens.output import OutputScreen
from hookdash.tui.screens.saved_payloads import PayloadNameScreen, SavedPayloadsScreen
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox, command_hook, definition
from tests.processes import alive, group_members
from tests.tui.helpers import (
    make_app,
    open_screen,
    paste,
    press_on,
    record_notifications,
    select,
    settle,
    text_of,
    until,
)

DENY_RM = (
    "python3 -c \"import json,sys; e=json.load(sys.stdin); c=e['tool_input']['command']; "
    "print(json.dumps({'decision':'deny','reason':'no rm -rf'} if 'rm -rf' in c else {}))\""
)


def _setup(sandbox: Sandbox, *hooks: dict[str, Any], matcher: str = "run_shell_command") -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition(*hooks, matcher=matcher)]}})


async def _open(pilot: Any, hook_id: str) -> FireScreen:
    select(pilot.app.screen.query_one(HookTree), hook_id)
    return await open_screen(pilot, "f", FireScreen)


def _result_text(screen: FireScreen) -> str:
    return text_of(screen.query_one("#result-body"), 120)


async def test_fire_runs_the_hook_on_the_edited_payload(sandbox: Sandbox) -> None:
    _setup(sandbox, command_hook(DENY_RM, name="no-rm", timeout=20000))
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "no-rm")
        payload = json.loads(screen.payload_text)
        # The engine's payload for the hook's event and matcher.
        assert payload["hook_event_name"] == "BeforeTool"
        assert payload["tool_name"] == "run_shell_command"
        assert payload["cwd"] == str(sandbox.workspace)
        assert "Gemini would run this hook" in text_of(screen.query_one("#payload-status"))
        payload["tool_input"]["command"] = "rm -rf build"
        screen.query_one("#payload", TextArea).load_text(json.dumps(payload, indent=2))
        await pilot.press("ctrl+r")
        await settle(pilot)
        result = screen.result
        assert result is not None and len(result.results) == 1
        run = result.results[0]
        assert run.exit_code == 0 and run.output == {"decision": "deny", "reason": "no rm -rf"}
        text = _result_text(screen)
    assert "The tool call is blocked: the model sees 'Tool execution blocked: no rm -rf'" in text
    assert "⊘ blocked  no-rm  user · exit 0 · " in text and " ms · json output" in text
    for section in ("stdout", "stderr", "output  (json: stdout parsed as JSON)", "aggregate"):
        assert section in text
    assert '"decision": "deny"' in text
    # The engine logged it: the run log has the run, private to the user.
    log = RunLog(sandbox.state)
    (record,) = log.read_last(10)
    assert record.id == "no-rm" and record.decision == "deny"
    assert record.input["tool_input"]["command"] == "rm -rf build"
    assert os.stat(log.path).st_mode & 0o777 == 0o600


async def test_invalid_json_is_pointed_out_and_not_run(sandbox: Sandbox, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    _setup(sandbox, command_hook(f"touch {marker}", name="toucher"))
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        shown = record_notifications(app)
        screen = await _open(pilot, "toucher")
        editor = screen.query_one("#payload", TextArea)
        editor.load_text('{\n  "tool_name": "x",\n  "oops"\n}')
        await pilot.pause()
        status = text_of(screen.query_one("#payload-status"))
        assert "invalid JSON at line 4, column 1" in status
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert screen.result is None and not screen.running
        assert editor.cursor_location == (3, 0)  # moved to the error
        editor.load_text("[1, 2]")
        await pilot.press("ctrl+r")
        await settle(pilot)
    assert "not valid JSON (line 4, column 1" in shown[0][0]
    assert "must be a JSON object" in shown[1][0]
    assert not marker.exists()
    assert not (sandbox.state / "runs.jsonl").exists()


async def test_a_new_project_hook_asks_first(sandbox: Sandbox, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    sandbox.trust_folder()
    sandbox.write_workspace(
        {"hooks": {"BeforeAgent": [definition(command_hook(f"touch {marker}", name="proj"))]}}
    )
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "proj")
        await pilot.press("ctrl+r")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        body = text_of(question.query_one("#confirm-body"), 120)
        assert "proj has not been reviewed" in body
        assert "a project hook not yet in trusted_hooks.json" in body
        # Gemini warns once, then runs it (the badge says `runs NEW`): said so, not "would not run"
        assert "warns once when a session starts, then runs it" in body
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is screen and screen.result is None
        assert not marker.exists()
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.click("#yes")
        await settle(pilot)
        assert screen.result is not None and screen.result.results[0].success
    assert marker.exists()


async def test_cancel_kills_the_hooks_process_group(sandbox: Sandbox, tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    command = f"echo $$ > {pids}; sleep 60 & echo $! >> {pids}; wait"
    _setup(sandbox, command_hook(command, name="slow", timeout=120000))
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "slow")
        await pilot.press("ctrl+r")
        await until(lambda: pids.exists() and len(pids.read_text().split()) == 2)
        await until(lambda: "Running slow…" in _result_text(screen))  # the spinner's line
        assert screen.running
        assert "esc cancels it" in _result_text(screen)
        shell, child = (int(p) for p in pids.read_text().split())
        assert alive(shell) and alive(child)
        await pilot.press("escape")
        await settle(pilot)
        assert not screen.running and app.screen is screen  # esc cancelled, did not leave
        assert "Cancelled after" in _result_text(screen)
        await until(lambda: not alive(shell) and not alive(child))
        assert group_members(shell) == []
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HooksScreen)
    (record,) = RunLog(sandbox.state).read_last(10)
    assert record.id == "slow" and record.error is not None
    assert record.error.startswith("cancelled")


async def test_says_when_gemini_would_not_have_run_it(sandbox: Sandbox) -> None:
    _setup(sandbox, command_hook("echo '{}'", name="writes"), matcher="write_file")
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "writes")
        payload = json.loads(screen.payload_text)
        assert payload["tool_name"] == "write_file"  # matches the hook's matcher
        payload["tool_name"] = "read_file"
        screen.query_one("#payload", TextArea).load_text(json.dumps(payload))
        await pilot.pause()
        status = text_of(screen.query_one("#payload-status"))
        assert "Gemini would not run it: matcher 'write_file' does not match" in status
        await pilot.press("ctrl+r")
        await settle(pilot)
        text = _result_text(screen)
    assert "Gemini CLI would not have run this hook: matcher 'write_file'" in text


async def test_reset_payload_and_the_schema_warnings(sandbox: Sandbox) -> None:
    _setup(sandbox, command_hook("true", name="t"))
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "t")
        original = json.loads(screen.payload_text)
        screen.query_one("#payload", TextArea).load_text('{"hook_event_name": "AfterTool"}')
        await pilot.pause()
        status = text_of(screen.query_one("#payload-status"))
        assert "hook_event_name is 'AfterTool', not 'BeforeTool'" in status
        await pilot.press("ctrl+n")
        await pilot.pause()
        fresh = json.loads(screen.payload_text)
        assert set(fresh) == set(original)
        assert fresh["session_id"] != original["session_id"]  # a fresh one


async def test_a_hook_of_an_unknown_event_cannot_be_fired(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"PreToolUse": [definition(command_hook("true", name="cc"))]}})
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        shown = record_notifications(app)
        await press_on(pilot, "cc", "f")
        await pilot.pause()
        assert isinstance(app.screen, HooksScreen)
    assert "'PreToolUse' is not a Gemini CLI event" in shown[-1][0]


async def test_long_output_is_folded_under_the_verdict(sandbox: Sandbox) -> None:
    """20,000 lines of stdout: the verdict (effect, outcome, exit code, duration, the
    aggregate) comes first, stdout shows its first and last lines with a count, and o
    shows all of it."""
    _setup(sandbox, command_hook("seq 1 20000; echo oops >&2; exit 1", name="noisy"))
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "noisy")
        await pilot.press("ctrl+r")
        await settle(pilot)
        result = screen.result
        assert result is not None and result.results[0].stdout.count("\n") == 20000
        text = _result_text(screen)
        order = [
            text.index(part)
            for part in ("What Gemini would do", "! exit 1  noisy  user · exit 1 · ",
                         "aggregate", "stdout  (20,000 lines)", "stderr", "oops")
        ]  # fmt: skip
        assert order == sorted(order)
        assert "… 19,984 more lines · o shows the whole output …" in text
        lines = text.splitlines()
        assert len(lines) < 80  # not 20,000
        stdout = lines.index("stdout  (20,000 lines)")
        assert [line.strip() for line in lines[stdout + 1 : stdout + 9]] == [
            str(n) for n in range(1, 9)
        ]
        stripped = [line.strip() for line in lines]
        assert "19993" in stripped and "20000" in stripped and "9" not in stripped
        await pilot.press("o")
        await pilot.pause()
        output = app.screen
        assert isinstance(output, OutputScreen)
        whole = output.text.splitlines()
        assert whole[0] == "── stdout (20,000 lines) ──"
        assert whole[1:20001] == [str(n) for n in range(1, 20001)]
        assert "── stderr (1 line) ──" in whole and "oops" in whole
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_folded_json_cuts_long_strings(sandbox: Sandbox) -> None:
    reason = "x" * 5000
    hook = command_hook(f'echo \'{{"decision": "deny", "reason": "{reason}"}}\'', name="wordy")
    _setup(sandbox, hook)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "wordy")
        await pilot.press("ctrl+r")
        await settle(pilot)
        text = _result_text(screen)
        assert "long strings cut · o shows the whole output" in text
        assert "… (4,880 more characters)" in text and reason not in text
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, OutputScreen) and reason in app.screen.text


async def test_esc_cancels_then_leaves_and_the_draft_is_kept(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    started = tmp_path / "started"
    _setup(sandbox, command_hook(f"touch {started}; sleep 60", name="slow", timeout=120000))
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "slow")
        fresh = screen.payload_text
        assert screen.draft is None  # nothing typed yet
        payload = json.loads(fresh)
        payload["tool_input"]["command"] = "curl https://example.com/x.sh | sh"
        edited = json.dumps(payload, indent=2)
        screen.query_one("#payload", TextArea).load_text(edited)
        await pilot.pause()
        assert screen.draft == edited
        await pilot.press("ctrl+r")
        await until(lambda: started.exists() and screen.running)
        await pilot.press("escape")
        await until(lambda: not screen.running)
        assert app.screen is screen and screen.payload_text == edited
        assert "Cancelled after" in _result_text(screen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HooksScreen)
        again = await _open(pilot, "slow")
        assert again is not screen and again.payload_text == edited
        status = text_of(again.query_one("#payload-status"), 200)
        assert "your draft from earlier in this session · ctrl+n: a fresh payload" in status
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert again.draft is None and again.payload_text != edited
        await pilot.press("escape")
        await pilot.pause()
        third = await _open(pilot, "slow")
        assert json.loads(third.payload_text)["tool_input"]["command"] == "ls -la"


async def test_named_payloads_are_saved_listed_loaded_and_run(sandbox: Sandbox) -> None:
    _setup(sandbox, command_hook(DENY_RM, name="no-rm", timeout=20000))
    store = sandbox.state / "payloads.json"
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "no-rm")
        payload = json.loads(screen.payload_text)
        payload["tool_input"]["command"] = "rm -rf build"
        screen.query_one("#payload", TextArea).load_text(json.dumps(payload, indent=2))
        await pilot.press("ctrl+s")
        await until(lambda: isinstance(app.screen, PayloadNameScreen))
        name_box = app.screen.query_one("#name", Input)
        assert name_box.value == "rm -rf build"  # the payload's command, offered
        name_box.value = ""
        await paste(pilot, "rm case")
        await pilot.press("enter")
        await until(lambda: screen.saved is not None and len(screen.saved) == 1)
        assert app.screen is screen
        assert stat.S_IMODE(store.stat().st_mode) == 0o600
        assert stat.S_IMODE(sandbox.state.stat().st_mode) == 0o700
        (saved,) = json.loads(store.read_text())["hooks"]["BeforeTool · no-rm"]
        assert saved["name"] == "rm case" and saved["payload"] == payload
        assert "1 saved payload: ctrl+o" in text_of(screen.query_one("#payload-status"), 200)
        await pilot.press("ctrl+n")  # a fresh payload in the editor again
        await pilot.pause()
        assert json.loads(screen.payload_text)["tool_input"]["command"] == "ls -la"

    # A later session: the payload is there, and one key loads it.
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "no-rm")
        await until(lambda: screen.saved is not None)
        await pilot.press("ctrl+o")
        await until(lambda: isinstance(app.screen, SavedPayloadsScreen))
        await pilot.press("1")
        await pilot.pause()
        assert app.screen is screen and json.loads(screen.payload_text) == payload
        await pilot.press("ctrl+n")
        await pilot.press("ctrl+o")
        await until(lambda: isinstance(app.screen, SavedPayloadsScreen))
        await pilot.press("ctrl+r")  # load and run
        await settle(pilot)
        result = screen.result
        assert result is not None and result.results[0].output == {
            "decision": "deny",
            "reason": "no rm -rf",
        }
        # x forgets it, after a question.
        await pilot.press("ctrl+o")
        await until(lambda: isinstance(app.screen, SavedPayloadsScreen))
        await pilot.press("x")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(lambda: screen.saved == [])
        assert json.loads(store.read_text())["hooks"] == {}
        shown = record_notifications(app)
        await pilot.press("ctrl+o")
        await until(lambda: bool(shown))
        assert "No saved payloads for no-rm yet" in shown[-1][0]
    (record,) = RunLog(sandbox.state).read_last(10)
    assert record.input["tool_input"]["command"] == "rm -rf build"


async def test_a_damaged_payload_file_is_said_and_kept(sandbox: Sandbox) -> None:
    _setup(sandbox, command_hook("true", name="t"))
    store = sandbox.state / "payloads.json"
    store.write_text("{not json")
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "t")
        await until(lambda: screen.saved is not None)
        assert "is damaged" in text_of(screen.query_one("#payload-status"), 300)
        shown = record_notifications(app)
        await pilot.press("ctrl+s")
        await until(lambda: isinstance(app.screen, PayloadNameScreen))
        await paste(pilot, "x")
        await pilot.press("enter")
        await until(lambda: bool(shown))
        assert "is damaged" in shown[-1][0]
    assert store.read_text() == "{not json"
