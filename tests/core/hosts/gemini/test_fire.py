"""The engine end to end on a sandboxed configuration: plan → run → aggregate → effect → log."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from hookdash.core.errors import AmbiguousHook, HookNotFound, UnknownEvent
from hookdash.core.hosts.gemini.effects import describe_effect
from hookdash.core.hosts.gemini.fire import fire, fire_sync
from hookdash.core.hosts.gemini.fire_setup import build_payload, confirmations_needed, plan
from hookdash.core.load.lookup import select_hook
from hookdash.core.run.runlog import RunLog
from tests.conftest import Sandbox, command_hook, definition, settings_of, settings_with, until
from tests.processes import alive


def records(sandbox: Sandbox) -> list[dict[str, Any]]:
    path = sandbox.state / "runs.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def deny(reason: str) -> str:
    return f'cat >/dev/null; echo \'{{"decision":"deny","reason":"{reason}"}}\''


@pytest.fixture
def two_layers(sandbox: Sandbox) -> Sandbox:
    sandbox.trust_folder()
    sandbox.write_user(
        settings_of(
            definition(command_hook(deny("no shell"), name="guard"), matcher="run_.*"),
            definition(command_hook("echo write", name="writer"), matcher="write_file"),
        )
    )
    sandbox.add_extension(
        "ext", {"BeforeTool": [definition(command_hook("echo from-ext", name="ext-hook"))]}
    )
    return sandbox


def test_fire_runs_the_plan_aggregates_and_logs(two_layers: Sandbox) -> None:
    config = two_layers.load()
    result = fire_sync(config, "BeforeTool", tool_name="run_shell_command")
    assert [r.id for r in result.results] == ["guard", "ext-hook"]
    assert result.aggregate is not None and result.aggregate["decision"] == "deny"
    assert result.effect.startswith("The tool call is blocked")
    assert [s.id for s in result.skipped] == ["writer"]
    logged = records(two_layers)  # in the order they ended (parallel hooks: any)
    assert sorted(r["id"] for r in logged) == ["ext-hook", "guard"]
    assert {r["run_id"] for r in logged} == {result.run_id}
    by_id = {r["id"]: r for r in logged}
    assert by_id["guard"]["origin"] == "hookdash" and by_id["guard"]["decision"] == "deny"
    assert by_id["guard"]["session_id"] == result.input["session_id"]
    assert by_id["ext-hook"]["extension"] == "ext"


def test_default_tool_comes_from_the_first_matcher(two_layers: Sandbox) -> None:
    result = fire_sync(two_layers.load(), "BeforeTool")
    assert result.input["tool_name"] == "run_shell_command"


def test_forced_hook_runs_and_says_gemini_would_not(two_layers: Sandbox) -> None:
    config = two_layers.load()
    writer = select_hook(config, "writer", "BeforeTool")
    result = fire_sync(config, "BeforeTool", hook=writer, tool_name="read_file")
    assert [r.stdout for r in result.results] == ["write\n"]
    assert not result.gemini_would_run
    assert "does not match tool 'read_file'" in result.gemini_would_not_run_because[0]
    assert result.effect.startswith("Gemini would not run this hook")
    # Without a tool, the hook's own matcher chooses one it matches.
    matched = fire_sync(config, "BeforeTool", hook=writer)
    assert matched.input["tool_name"] == "write_file" and matched.gemini_would_run


def test_input_override_drives_the_context(two_layers: Sandbox) -> None:
    result = fire_sync(two_layers.load(), "BeforeTool", input_override={"tool_name": "write_file"})
    assert [r.id for r in result.results] == ["writer", "ext-hook"]
    assert result.results[0].input["tool_name"] == "write_file"


def test_untrusted_folder_runs_only_extension_hooks(two_layers: Sandbox) -> None:
    two_layers.set_env("GEMINI_CLI_TRUST_WORKSPACE", "false")
    config = two_layers.load()
    result = fire_sync(config, "BeforeTool", tool_name="run_shell_command")
    assert [r.id for r in result.results] == ["ext-hook"]
    guard = select_hook(config, "guard", "BeforeTool")
    forced = fire_sync(config, "BeforeTool", hook=guard)
    (only,) = forced.results
    assert not only.executed and "untrusted folder" in (only.error or "")
    assert confirmations_needed(config, [guard])[0].reason.startswith("the folder is not trusted")


def test_sequential_definitions_chain_inputs(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    rewrite = 'cat >/dev/null; echo \'{"hookSpecificOutput":{"tool_input":{"command":"ls"}}}\''
    sandbox.write_user(
        settings_of(
            definition(command_hook(rewrite, name="first"), sequential=True),
            definition(command_hook("cat", name="second")),
        )
    )
    result = fire_sync(sandbox.load(), "BeforeTool", tool_name="run_shell_command")
    assert result.sequential
    second = result.results[1]
    assert second.input["tool_input"] == {
        "command": "ls",
        "description": "List the files in the project",
    }
    assert result.effect == ('Tool input rewritten: the tool runs with {"command": "ls"} instead.')


def test_aggregator_throw_means_no_effect(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooks": {
                "BeforeTool": [definition(command_hook("""echo '{"hookSpecificOutput":"x"}'"""))]
            }
        }
    )
    result = fire_sync(sandbox.load(), "BeforeTool")
    assert result.aggregate is None and result.aggregate_error
    assert result.effect.startswith("Nothing: Gemini's aggregator throws")


def test_select_hook(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("a", name="dup"))]}})
    sandbox.write_workspace(
        {
            "hooks": {
                "BeforeTool": [definition(command_hook("b", name="dup"))],
                "AfterTool": [definition(command_hook("c", name="after"))],
            }
        }
    )
    config = sandbox.load()
    with pytest.raises(AmbiguousHook) as info:
        select_hook(config, "dup", "BeforeTool")
    refs = [h.ref for h in info.value.candidates]
    assert refs == ["user:/hooks/BeforeTool/0/hooks/0", "workspace:/hooks/BeforeTool/0/hooks/0"]
    assert all(ref in str(info.value) for ref in refs)
    assert select_hook(config, refs[1], "BeforeTool").command == "b"
    with pytest.raises(HookNotFound, match="there is one for AfterTool"):
        select_hook(config, "after", "BeforeTool")
    with pytest.raises(HookNotFound, match="No hook has the ID 'zzz'"):
        select_hook(config, "zzz", "BeforeTool")


def test_confirmation_for_new_and_changed_project_hooks(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace({"hooks": {"BeforeTool": [definition(command_hook("x", name="p"))]}})
    config = sandbox.load()
    (needed,) = confirmations_needed(config, config.hooks)
    assert needed.id == "p" and "not yet in trusted_hooks.json" in needed.reason
    sandbox.write_trusted_hooks({str(sandbox.workspace): ["p:x"]})
    config = sandbox.load()
    assert confirmations_needed(config, config.hooks) == []


def test_unknown_event() -> None:
    with pytest.raises(UnknownEvent, match="Did you mean BeforeTool"):
        plan(None, "PreToolUse")  # type: ignore[arg-type]


def test_build_payload_for_the_tui(two_layers: Sandbox) -> None:
    config = two_layers.load()
    writer = select_hook(config, "writer", "BeforeTool")
    payload = build_payload(config, "BeforeTool", hook=writer)
    assert payload["tool_name"] == "write_file"
    assert payload["tool_input"]["file_path"] == "notes.txt"
    edited = {**payload, "tool_input": {"file_path": "x"}}
    result = fire_sync(config, "BeforeTool", hook=writer, payload=edited)
    assert result.results[0].input == edited


async def test_progress_callbacks_and_cancellation(sandbox: Sandbox, tmp_path: Path) -> None:
    sandbox.trust_folder()
    pid_file = tmp_path / "pid"
    sandbox.write_user(
        settings_with(
            command_hook("echo quick", name="quick"),
            command_hook(f"echo $$ > {pid_file}; sleep 60", name="slow"),
            event="BeforeAgent",
        )
    )
    config = sandbox.load()
    started: list[str] = []
    finished: list[str] = []
    task = asyncio.create_task(
        fire(
            config,
            "BeforeAgent",
            on_start=lambda i, h: started.append(h.id),
            on_result=lambda i, r: finished.append(r.id),
        )
    )
    await until(
        lambda: finished and pid_file.exists() and pid_file.read_text().strip(),
        what="the quick hook to finish and the slow one to start",
    )
    assert started == ["quick", "slow"] and finished == ["quick"]
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    pid = int(pid_file.read_text())
    await until(lambda: not alive(pid), 2.0, "the slow hook to be killed")
    logged = RunLog(sandbox.state).read_last(10)
    assert [(r.id, r.success) for r in logged] == [("quick", True), ("slow", False)]
    assert logged[1].error is not None and logged[1].error.startswith("cancelled")


@pytest.mark.parametrize(
    ("event", "output", "sentence"),
    [
        ("BeforeTool", None, "Nothing: no hook produced an output"),
        ("BeforeTool", {"continue": False, "stopReason": "halt"}, "The agent stops"),
        ("BeforeTool", {"decision": "ask", "systemMessage": "sure?"}, "Gemini asks the user"),
        (
            "AfterTool",
            {"hookSpecificOutput": {"additionalContext": "<x>"}},
            "Context is added to the tool result: <hook_context>&lt;x&gt;",
        ),
        (
            "AfterTool",
            {"decision": "block", "reason": "r"},
            "The tool result is replaced by 'Tool result blocked: r'",
        ),
        (
            "BeforeAgent",
            {"decision": "allow", "hookSpecificOutput": {"additionalContext": "c"}},
            "Context added",
        ),
        ("AfterAgent", {"decision": "deny", "reason": "again"}, "Retry requested"),
        (
            "AfterAgent",
            {"decision": "deny", "reason": "r", "hookSpecificOutput": {"clearContext": True}},
            "Retry requested: the conversation is cleared",
        ),
        (
            "BeforeModel",
            {"decision": "deny", "hookSpecificOutput": {"llm_response": {"candidates": []}}},
            "The model call is blocked and the hook's llm_response is used",
        ),
        (
            "BeforeModel",
            {"hookSpecificOutput": {"llm_response": {"x": 1}}},
            "Nothing: an llm_response without a block decision is ignored",
        ),
        (
            "AfterModel",
            {
                "hookSpecificOutput": {
                    "llm_response": {"candidates": [{"content": {"parts": ["hi"]}}]}
                }
            },
            "Response replaced",
        ),
        (
            "BeforeToolSelection",
            {"hookSpecificOutput": {"toolConfig": {"mode": "NONE", "allowedFunctionNames": []}}},
            "Tools restricted: the model may call no tool",
        ),
        (
            "BeforeToolSelection",
            {"hookSpecificOutput": {"toolConfig": {"mode": "AUTO", "allowedFunctionNames": []}}},
            "Tool selection reset to AUTO",
        ),
        (
            "SessionStart",
            {"decision": "deny", "hookSpecificOutput": {"additionalContext": "c"}},
            "Context is added to the session",
        ),
        ("SessionEnd", {"decision": "deny"}, "Nothing: Gemini awaits SessionEnd hooks but ignores"),
        (
            "Notification",
            {"systemMessage": "m"},
            "Nothing: Gemini ignores the output of Notification hooks (the user sees: m)",
        ),
    ],
)
def test_effect_sentences(event: str, output: dict[str, Any] | None, sentence: str) -> None:
    assert describe_effect(event, output).startswith(sentence)


def test_array_matcher_makes_gemini_run_no_hook_of_the_event(sandbox: Sandbox) -> None:
    """`[]` is truthy in JS: Gemini's planner calls `.trim()` on it, throws, runs nothing."""
    sandbox.trust_folder()
    sandbox.write_user(
        settings_of(
            definition(command_hook("echo a", name="fine")),
            {"matcher": [], "hooks": [command_hook("echo b", name="odd")]},
        )
    )
    the_plan = plan(sandbox.load(), "BeforeTool", "run_shell_command")
    assert the_plan.hooks == []
    assert {s.id for s in the_plan.skipped} == {"fine", "odd"}


def test_unwritable_run_log_is_a_warning(sandbox: Sandbox, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    sandbox.set_env("HOOKDASH_STATE_DIR", str(blocker / "state"))
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeAgent": [definition(command_hook("echo hi"))]}})
    result = fire_sync(sandbox.load(), "BeforeAgent")
    assert result.results[0].stdout == "hi\n"
    assert any("could not append to the run log" in w for w in result.warnings)


def test_a_runs_records_are_logged_in_time_order(sandbox: Sandbox) -> None:
    """Issue 20: parallel hooks end in any order; the log lists them newest last."""
    sandbox.trust_folder()
    sandbox.write_user(
        settings_of(
            definition(
                command_hook("sleep 0.6; echo slow", name="slow"),
                command_hook("echo quick", name="quick"),
            )
        )
    )
    result = fire_sync(sandbox.load(), "BeforeTool", tool_name="run_shell_command")
    assert [r.id for r in result.results] == ["slow", "quick"]  # plan order in the result
    logged = records(sandbox)
    assert [r["id"] for r in logged] == ["quick", "slow"]
    assert [r["ts"] for r in logged] == sorted(r["ts"] for r in logged)


def test_a_notification_denial_is_not_a_block(sandbox: Sandbox) -> None:
    """Issue 20: the log showed `blocked` where fire said Gemini ignores the output."""
    from hookdash.core.run.logfeed import outcome_of
    from hookdash.core.run.runlog import RunLog

    sandbox.trust_folder()
    sandbox.write_user(
        {"hooks": {"Notification": [definition(command_hook(deny("nope"), name="n"))]}}
    )
    result = fire_sync(sandbox.load(), "Notification")
    assert result.effect.startswith("Nothing: Gemini ignores the output")
    assert outcome_of(result.results[0]) == "ok"
    (logged,) = RunLog(sandbox.state).read_last(10)
    assert outcome_of(logged) == "ok"
