"""`hookdash plan` and `hookdash fire` through the installed console script."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from tests.conftest import Sandbox, command_hook, definition, settings_with

RESULT_KEYS = {
    "id",
    "key",
    "scope",
    "command",
    "input",
    "started_at",
    "duration_ms",
    "exit_code",
    "success",
    "timed_out",
    "stdout",
    "stderr",
    "output",
    "output_format",
    "error",
}


@pytest.fixture
def configured(sandbox: Sandbox) -> Sandbox:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooks": {
                "BeforeTool": [
                    definition(
                        command_hook(
                            """cat >/dev/null; echo '{"decision":"deny","reason":"nope"}'""",
                            name="guard",
                        ),
                        matcher="run_shell_command",
                    ),
                    definition(command_hook("echo fmt", name="fmt"), matcher="write_file|replace"),
                ],
                "SessionStart": [
                    definition(command_hook("echo resumed", name="on-resume"), matcher="resume")
                ],
            }
        }
    )
    return sandbox


# ---------------------------------------------------------------------------- plan


def test_plan_human(configured: Sandbox) -> None:
    result = configured.cli("plan", "BeforeTool", "--tool", "run_shell_command")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "BeforeTool · tool run_shell_command: Gemini runs 1 hook in parallel" in out
    assert "1. guard user [run_shell_command]" in out
    assert "fmt user: matcher — matcher 'write_file|replace' does not match tool" in out


def test_plan_json_shape(configured: Sandbox) -> None:
    result = configured.cli("plan", "BeforeTool", "--tool", "replace", "--json")
    data = json.loads(result.stdout)
    assert data["event"] == "BeforeTool" and data["context"]["tool_name"] == "replace"
    assert data["sequential"] is False
    assert [h["id"] for h in data["hooks"]] == ["fmt"]
    assert data["hooks"][0]["key"] == "fmt:echo fmt"
    (skipped,) = data["skipped"]
    assert {k: skipped[k] for k in ("id", "key", "scope", "reason")} == {
        "id": "guard",
        "key": skipped["key"],
        "scope": "user",
        "reason": "matcher",
    }


def test_plan_trigger_and_notes(configured: Sandbox) -> None:
    assert "on-resume" in configured.cli("plan", "SessionStart", "--trigger", "resume").stdout
    startup = configured.cli("plan", "SessionStart", "--trigger", "startup").stdout
    assert "Gemini runs no hook" in startup and "is not source 'startup'" in startup
    assert "No --tool given" in configured.cli("plan", "BeforeTool").stdout
    ignored = configured.cli("plan", "BeforeAgent", "--tool", "x").stdout
    assert "matchers are ignored" in ignored


def test_plan_untrusted_folder(configured: Sandbox) -> None:
    configured.trust_folder(level="DO_NOT_TRUST")
    data = json.loads(configured.cli("plan", "BeforeTool", "--tool", "x", "--json").stdout)
    assert data["hooks"] == []
    assert {s["reason"] for s in data["skipped"]} == {"untrusted-folder"}


@pytest.mark.parametrize("command", ["plan", "fire"])
def test_unknown_event_is_a_usage_error(configured: Sandbox, command: str) -> None:
    result = configured.cli(command, "NoSuchEvent")
    assert result.returncode == 2
    assert "'NoSuchEvent' is not a Gemini CLI event. Events: BeforeTool" in result.stderr
    assert "Traceback" not in result.stderr
    # A Claude Code event asked of Gemini CLI: the suggestion names Gemini's own.
    result = configured.cli(command, "--host", "gemini", "PreToolUse")
    assert result.returncode == 2
    assert "'PreToolUse' is not a Gemini CLI event. Did you mean BeforeTool?" in result.stderr


def test_an_event_only_claude_has_is_planned_for_claude(configured: Sandbox) -> None:
    """`--host` is needed only where the event name is ambiguous."""
    claude = configured.cli("plan", "PreToolUse", "--tool", "Bash", "--json")
    assert claude.returncode == 0, claude.stderr
    assert json.loads(claude.stdout)["host"] == "claude"
    both = configured.cli("plan", "SessionStart", "--json")  # both have it: Gemini's
    assert both.returncode == 0, both.stderr
    assert json.loads(both.stdout).get("host", "gemini") == "gemini"


# ---------------------------------------------------------------------------- fire


def test_fire_json_shape_and_run_log(configured: Sandbox) -> None:
    result = configured.cli("fire", "BeforeTool", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert {"event", "input", "sequential", "results", "aggregate", "effect"} <= set(data)
    (run,) = data["results"]
    assert set(run) >= RESULT_KEYS
    assert run["output"] == {"decision": "deny", "reason": "nope"}
    assert data["aggregate"]["decision"] == "deny"
    assert (
        data["effect"] == "The tool call is blocked: the model sees 'Tool execution blocked: nope'."
    )
    log = configured.state / "runs.jsonl"
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    assert json.loads(log.read_text())["id"] == "guard"


def test_fire_human(configured: Sandbox) -> None:
    out = configured.cli("fire", "BeforeTool", "--tool", "replace").stdout
    assert "BeforeTool · tool replace · 1 hook in parallel" in out
    assert "✔ ok fmt user  exit 0" in out
    assert "effect: Nothing: the tool runs as requested (the user sees: fmt)." in out


def test_fire_one_hook_gemini_would_not_run(configured: Sandbox) -> None:
    result = configured.cli("fire", "BeforeTool", "--hook", "fmt", "--tool", "read_file")
    assert result.returncode == 0, result.stderr
    assert "! Gemini CLI would not run this hook: matcher 'write_file|replace'" in result.stdout
    data = json.loads(
        configured.cli("fire", "BeforeTool", "--hook", "fmt", "--tool", "x", "--json").stdout
    )
    assert data["gemini_would_run"] is False and data["hook"].startswith("user:")


def test_fire_input_from_stdin_and_file(configured: Sandbox, tmp_path: Path) -> None:
    result = configured.cli(
        "fire", "BeforeTool", "--input", "-", "--json", input='{"tool_name": "write_file"}'
    )
    data = json.loads(result.stdout)
    assert [r["id"] for r in data["results"]] == ["fmt"]
    path = tmp_path / "in.json"
    path.write_text('{"tool_input": {"command": "rm -rf /"}}')
    data = json.loads(configured.cli("fire", "BeforeTool", "--input", str(path), "--json").stdout)
    assert data["input"]["tool_input"] == {"command": "rm -rf /"}


@pytest.mark.parametrize(
    ("text", "message"),
    [("{nope", "is not valid JSON"), ("[1]", "must be a JSON object")],
)
def test_fire_bad_input(configured: Sandbox, text: str, message: str) -> None:
    result = configured.cli("fire", "BeforeTool", "--input", "-", input=text)
    assert result.returncode == 1 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_fire_missing_input_file(configured: Sandbox) -> None:
    result = configured.cli("fire", "BeforeTool", "--input", "/no/such.json")
    assert result.returncode == 1 and "cannot read --input" in result.stderr


def test_untrusted_project_hook_needs_yes(sandbox: Sandbox, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    sandbox.trust_folder()
    sandbox.write_workspace(
        {"hooks": {"BeforeAgent": [definition(command_hook(f"touch {marker}", name="proj"))]}}
    )
    refused = sandbox.cli("fire", "BeforeAgent")
    assert refused.returncode == 3
    assert "proj" in refused.stderr and "not yet in trusted_hooks.json" in refused.stderr
    assert not marker.exists()
    accepted = sandbox.cli("fire", "BeforeAgent", "--yes")
    assert accepted.returncode == 0 and marker.exists()


def test_settings_hook_in_untrusted_folder_is_never_spawned(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    marker = tmp_path / "ran"
    sandbox.write_user(
        {"hooks": {"BeforeAgent": [definition(command_hook(f"touch {marker}", name="u"))]}}
    )  # no trust rule: the folder is untrusted
    assert sandbox.cli("fire", "BeforeAgent", "--hook", "u").returncode == 3
    result = sandbox.cli("fire", "BeforeAgent", "--hook", "u", "--yes", "--json")
    data = json.loads(result.stdout)
    assert not marker.exists()
    assert data["results"][0]["error"].startswith("Security: Blocked execution")
    assert data["gemini_would_run"] is False


def test_ambiguous_and_unknown_hook_ids(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("a", name="x"))]}})
    sandbox.write_system_defaults(
        {"hooks": {"BeforeTool": [definition(command_hook("b", name="x"))]}}
    )
    ambiguous = sandbox.cli("fire", "BeforeTool", "--hook", "x")
    assert ambiguous.returncode == 1
    assert "names 2 hooks" in ambiguous.stderr
    assert "user:/hooks/BeforeTool/0/hooks/0" in ambiguous.stderr
    by_ref = sandbox.cli(
        "fire", "BeforeTool", "--hook", "user:/hooks/BeforeTool/0/hooks/0", "--json"
    )
    assert json.loads(by_ref.stdout)["results"][0]["command"] == "a"
    unknown = sandbox.cli("fire", "BeforeTool", "--hook", "nope")
    assert unknown.returncode == 1 and "No hook has the ID 'nope'" in unknown.stderr


def test_fire_with_no_hooks(sandbox: Sandbox) -> None:
    result = sandbox.cli("fire", "Notification")
    assert result.returncode == 0
    assert "Notification · takes no matcher (every hook runs) · no hook" in result.stdout
    assert "effect: Nothing" in result.stdout


def test_hooks_off_lists_extension_hooks_too(configured: Sandbox) -> None:
    """hooksConfig.enabled false: every hook is listed `off: hooks off`, extension hooks
    included, with why (Gemini does not even read them then) — in list, list --json and
    the plan's skipped hooks."""
    configured.write_workspace({"hooksConfig": {"enabled": False}})
    configured.add_extension("ext", {"BeforeTool": [definition(command_hook("true", name="x"))]})
    listed = json.loads(configured.cli("list", "--json").stdout)
    assert listed["hooks_enabled"] is False
    ext = next(h for h in listed["hooks"] if h["scope"] == "extension")
    assert ext["id"] == "x" and ext["runs"] is False
    assert ext["not_running_because"] == [
        "hooks are switched off (hooksConfig.enabled is false in workspace settings): "
        "Gemini CLI does not even read extension hooks then"
    ]
    human = configured.cli("list").stdout
    assert "extension ext" in human and "does not even read extension hooks" in human
    assert human.count("off: hooks off") == 4  # guard, fmt, on-resume and x
    plan = json.loads(configured.cli("plan", "BeforeTool", "--tool", "x", "--json").stdout)
    assert plan["hooks"] == []
    skipped = {s["id"]: (s["scope"], s["reason"]) for s in plan["skipped"]}
    assert skipped == {
        "guard": ("user", "hooks-disabled"),
        "fmt": ("user", "hooks-disabled"),
        "x": ("extension", "hooks-disabled"),
    }


def test_a_timeout_node_cannot_take_is_said_by_check_plan_fire_and_refused_by_add(
    sandbox: Sandbox,
) -> None:
    sandbox.trust_folder()
    sandbox.write_user(settings_with(command_hook("sleep 5", name="slow", timeout=2**31)))
    said = "the timeout 2147483648 ms is more than Node's largest timer delay"
    check = sandbox.cli("check")
    assert check.returncode == 1 and "timeout-too-large" in check.stdout
    plan = sandbox.cli("plan", "BeforeTool", "--tool", "glob")
    assert f"! {said}" in plan.stdout and "kills the hook at once" in plan.stdout
    fire = sandbox.cli("fire", "BeforeTool", "--tool", "glob")
    assert f"! slow: {said}" in fire.stdout and "timed out" in fire.stdout
    added = sandbox.cli("add", "AfterAgent", "--command", "x", "--timeout", "2147483648")
    assert added.returncode != 0 and "more than 2147483647 ms" in added.stderr


def test_a_mistyped_event_or_hook_gets_the_close_names(sandbox: Sandbox) -> None:
    """`plan BeforeTol` and `fire --hook fmtt` say what was probably meant."""
    sandbox.trust_folder()
    sandbox.write_workspace(
        {"hooks": {"BeforeTool": [definition(command_hook("echo f", name="fmt"))]}}
    )
    planned = sandbox.cli("plan", "BeforeTol")
    assert planned.returncode == 2 and "Did you mean BeforeTool?" in planned.stderr
    fired = sandbox.cli("fire", "BeforeTool", "--hook", "fmtt", "--yes")
    assert fired.returncode != 0 and "'fmt'" in fired.stderr and "Did you mean" in fired.stderr
