"""The hook form's core: a draft judged like a loaded hook, fired before it is saved, its
review (the dry run of Save), what its matcher matches, and the edit it makes."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from hookdash.core import (
    EVENT_SUMMARIES,
    EVENTS,
    HookChanges,
    HookDraft,
    confirmations_needed,
    draft_hook,
    draft_of,
    edit_hook,
    fire,
    load_configuration,
    review_draft,
    save_draft,
    tools_seen,
)
from hookdash.core.errors import InvalidHookError
from hookdash.core.hosts.gemini.authoring.draft_review import changes_between
from hookdash.core.hosts.gemini.matcher import preview_matcher
from hookdash.core.hosts.gemini.switching.hooks_switch import switch_scope
from hookdash.core.run.runlog import RunLog, RunRecord
from tests.conftest import Sandbox, command_hook, definition


def _hooks_of(sandbox: Sandbox) -> dict[str, dict[str, object]]:
    data = json.loads(sandbox.cli("list", "--json").stdout)
    return {h["id"]: h for h in data["hooks"]}


# ------------------------------------------------------------------ event summaries


def test_every_event_says_in_one_line_when_it_fires_and_what_its_hook_can_do() -> None:
    assert list(EVENT_SUMMARIES) == list(EVENTS)
    for event, line in EVENT_SUMMARIES.items():
        when, can = line.split(" · ")
        assert when and can, event
        assert len(line) <= 100 and "\n" not in line, event
    assert "ignored" in EVENT_SUMMARIES["SessionEnd"]
    assert "every model call" in EVENT_SUMMARIES["PreCompress"]  # observed in 0.61


# ------------------------------------------------------------------ matcher preview


def test_a_tool_matcher_lists_the_builtin_tools_and_the_seen_ones_it_matches() -> None:
    preview = preview_matcher("write|mcp_github", "BeforeTool", ["mcp_github_create_issue", "glob"])
    assert preview.kind == "tool"
    assert preview.matched == ["write_file", "write_todos", "mcp_github_create_issue"]
    assert preview.seen == ["mcp_github_create_issue"]  # glob is built in already
    assert "regex /write|mcp_github/" in preview.sentence
    every = preview_matcher("", "AfterTool")
    assert every.matched == every.candidates and "run_shell_command" in every.matched
    # Gemini compares an invalid regex exactly: "(" matches no tool name.
    broken = preview_matcher("(", "BeforeTool")
    assert broken.matched == [] and "not a valid JavaScript regex" in broken.sentence


def test_a_trigger_matcher_lists_trigger_values_and_which_gemini_never_sends() -> None:
    start = preview_matcher("resume", "SessionStart")
    assert (start.kind, start.candidates, start.matched) == (
        "trigger",
        ["startup", "resume", "clear"],
        ["resume"],
    )
    end = preview_matcher(None, "SessionEnd")
    assert end.matched == end.candidates
    assert end.never_fired == ["logout", "prompt_input_exit", "other"]
    assert preview_matcher("Resume", "SessionStart").matched == []  # exact, no regex
    none = preview_matcher("x", "Notification")
    assert none.kind == "none" and none.candidates == [] and "ignored" in none.sentence


def test_tools_seen_come_from_the_run_log_and_telemetry_newest_first(sandbox: Sandbox) -> None:
    log = RunLog(sandbox.state)
    for i, (event, tool) in enumerate(
        [
            ("BeforeTool", "mcp_db_query"),
            ("AfterTool", "read_file"),
            ("SessionStart", None),
            ("BeforeTool", "mcp_db_query"),
        ]
    ):
        payload = {"tool_name": tool} if tool else {"source": "startup"}
        log.append(
            [
                RunRecord(
                    ts=f"2026-01-01T00:00:0{i}.000Z",
                    origin="hookdash",
                    event=event,
                    id="h",
                    key="h:x",
                    scope="user",
                    command="x",
                    success=True,
                    input=payload,
                )
            ]
        )
    telemetry = sandbox.home / "telemetry.log"
    telemetry.write_text("")
    assert tools_seen(sandbox.state, telemetry) == ["mcp_db_query", "read_file"]
    assert tools_seen(sandbox.state / "nowhere", None) == []


# ------------------------------------------------------------------ draft_hook


def test_a_user_draft_is_judged_like_a_loaded_hook_and_placed_after_user_hooks(
    sandbox: Sandbox,
) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooksConfig": {"disabled": ["muted"]},
            "hooks": {"BeforeTool": [definition(command_hook("echo a", name="a"))]},
        }
    )
    sandbox.write_workspace(
        {"hooks": {"BeforeTool": [definition(command_hook("echo w", name="w"))]}}
    )
    config = sandbox.load()
    hook = draft_hook(config, HookDraft(event="BeforeTool", command="echo new", name="n"), "user")
    assert (hook.scope, hook.runs, hook.trust, hook.order) == ("user", True, "not-applicable", 1)
    assert hook.ref == "user:draft" and hook.key == "n:echo new"
    # Gemini keys the disabled list by name: a draft with a listed name would not run.
    muted = draft_hook(config, HookDraft(event="BeforeTool", command="x", name="muted"), "user")
    assert muted.disabled and not muted.runs
    # A workspace draft is a project hook Gemini has not seen: NEW, and fire asks first.
    ws = draft_hook(config, HookDraft(event="BeforeTool", command="echo z", name="z"), "workspace")
    assert (ws.trust, ws.order) == ("new", 2)
    assert [c.ref for c in confirmations_needed(config, [ws])] == ["workspace:draft"]
    with pytest.raises(InvalidHookError, match="Claude Code's name"):
        draft_hook(config, HookDraft(event="PreToolUse", command="x"), "user")


def test_a_draft_in_an_untrusted_folder_or_with_hooks_off_would_not_run(sandbox: Sandbox) -> None:
    config = sandbox.load()  # the folder is not trusted
    hook = draft_hook(config, HookDraft(event="AfterAgent", command="true"), "user")
    assert not hook.runs and hook.inactive_reason == "untrusted-folder"
    assert confirmations_needed(config, [hook])  # like fire: it asks first
    sandbox.trust_folder()
    sandbox.write_user({"hooksConfig": {"enabled": False}})
    off = draft_hook(sandbox.load(), HookDraft(event="AfterAgent", command="true"), "user")
    assert not off.runs and "switched off" in off.not_running_because[0]


def test_the_draft_fires_through_the_engine_before_it_is_saved(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    before = b'{\n  // mine\n  "hooks": {}\n}\n'
    sandbox.user_settings.write_bytes(before)
    config = sandbox.load()
    draft = HookDraft(
        event="BeforeTool",
        command="""cat >/dev/null; echo '{"decision":"deny","reason":"no"}'""",
        name="guard",
        matcher="run_shell_command",
    )
    hook = draft_hook(config, draft, "user")
    result = asyncio.run(fire(config, "BeforeTool", hook=hook))
    assert result.gemini_would_run  # planned in its place, with its matcher
    assert result.input["tool_name"] == "run_shell_command"
    assert [r.id for r in result.results] == ["guard"]
    assert result.effect.startswith("The tool call is blocked")
    assert sandbox.user_settings.read_bytes() == before  # nothing written
    logged = RunLog(sandbox.state).read_last(5)
    assert [r.id for r in logged] == ["guard"]
    # A matcher that does not match the payload's tool: run anyway, and said so.
    other = draft.model_copy(update={"matcher": "write_file"})
    payload = {**result.input, "tool_name": "read_file"}
    again = asyncio.run(
        fire(config, "BeforeTool", hook=draft_hook(config, other, "user"), payload=payload)
    )
    assert not again.gemini_would_run
    assert "does not match tool 'read_file'" in again.gemini_would_not_run_because[0]


def test_an_edited_draft_takes_the_place_of_the_hook_it_edits(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {"hooks": {"BeforeTool": [definition(command_hook("echo a", name="a"), matcher="glob")]}}
    )
    config = sandbox.load()
    original = config.hooks[0]
    draft = draft_of(config, original).model_copy(update={"matcher": "read_file"})
    hook = draft_hook(config, draft, "user", replacing=original)
    assert (hook.ref, hook.order, hook.matcher) == (original.ref, original.order, "read_file")
    result = asyncio.run(
        fire(config, "BeforeTool", hook=hook, payload={"tool_name": "read_file", "tool_input": {}})
    )
    assert result.gemini_would_run  # the new matcher decides, not the written one


# ------------------------------------------------------------------ draft_of / changes


def test_draft_of_reads_the_hook_as_written(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooks": {
                "AfterTool": [
                    definition(
                        command_hook("$HOME/bin/audit.sh", name="audit", description="log"),
                        matcher="write_file",
                        sequential=True,
                    )
                ],
                "BeforeAgent": [definition(command_hook("echo x", timeout=1500))],
            }
        }
    )
    config = sandbox.load()
    hooks = {h.event: h for h in config.hooks}
    audit = draft_of(config, hooks["AfterTool"])
    assert audit == HookDraft(
        event="AfterTool",
        command="$HOME/bin/audit.sh",  # not expanded: an edit writes what was written
        name="audit",
        matcher="write_file",
        timeout_ms=None,  # none in the file (Gemini's 60000 applies)
        description="log",
        sequential=True,
    )
    assert draft_of(config, hooks["BeforeAgent"]).timeout_ms == 1500


def test_changes_between_names_only_what_differs_and_empties_as_empty_strings() -> None:
    before = HookDraft(event="BeforeTool", command="a", name="n", timeout_ms=5000, matcher="x")
    same = before.model_copy(update={"timeout_ms": "5000"})
    assert changes_between(before, same).empty
    after = before.model_copy(update={"name": None, "timeout_ms": None, "sequential": True})
    assert changes_between(before, after) == HookChanges(name="", timeout_ms="", sequential=True)


def test_an_empty_timeout_removes_it_from_the_hook(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        '{\n\t"hooks": {"BeforeAgent": [{"hooks": [\n'
        '\t\t{"name": "n", "type": "command", "command": "x", "timeout": 5}\n\t]}]}\n}\n'
    )
    result = edit_hook(sandbox.load(), "n", HookChanges(timeout_ms=""))
    assert result.changed
    assert sandbox.user_settings.read_text() == (
        '{\n\t"hooks": {"BeforeAgent": [{"hooks": [\n'
        '\t\t{"name": "n", "type": "command", "command": "x"}\n\t]}]}\n}\n'
    )


# ------------------------------------------------------------------ review and save


def test_the_review_is_the_dry_run_of_save_with_its_diff_and_warnings(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.script("hooks/guard.sh", "echo '{}'", executable=False)
    sandbox.write_user('{\n  // keep me\n  "theme": "dark"\n}\n')
    config = sandbox.load()
    draft = HookDraft(
        event="BeforeTool", command="./hooks/guard.sh", matcher="run_shell", timeout_ms="5"
    )
    review = review_draft(config, draft, "user", seen_tools=["mcp_x_run_shell"])
    assert review.refusal is None and not review.unchanged
    assert review.message.startswith("Would add './hooks/guard.sh' to BeforeTool")
    assert '+            "command": "./hooks/guard.sh",' in review.diff
    warnings = "\n".join(review.warnings)
    assert "no name" in warnings and "not executable" in warnings and "seconds" in warnings
    assert review.matcher.matched == ["run_shell_command", "mcp_x_run_shell"]
    assert review.hook is not None and review.hook.script is not None
    assert not review.hook.script.executable
    assert sandbox.user_settings.read_text() == '{\n  // keep me\n  "theme": "dark"\n}\n'


def test_the_review_refuses_what_save_would_refuse(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("echo a", name="a"))]}})
    config = sandbox.load()
    for draft, words in (
        (HookDraft(event="BeforeTool", command="  "), "command is empty"),
        (HookDraft(event="BeforeTool", command="x", timeout_ms="1.5"), "positive whole number"),
        (HookDraft(event="Stop", command="x"), "Gemini CLI calls it AfterAgent"),
        (HookDraft(event="BeforeTool", command="echo a", name="a"), "already has a BeforeTool"),
    ):
        review = review_draft(config, draft, "user")
        assert review.refusal is not None and words in review.refusal, (draft, review.refusal)
        assert review.diff == ""
    sandbox.write_workspace('{"hooks": {,}}')
    broken = review_draft(
        load_configuration(sandbox.env()), HookDraft(event="BeforeTool", command="x"), "workspace"
    )
    assert broken.refusal is not None and "does not parse" in broken.refusal


def test_save_adds_or_edits_and_list_then_reports_it(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    config = sandbox.load()
    draft = HookDraft(
        event="AfterTool",
        command="echo audit",
        name="audit",
        matcher="write_file",
        timeout_ms="3000",
    )
    added = save_draft(config, draft, "workspace")
    assert added.changed and added.action == "add"
    hook = _hooks_of(sandbox)["audit"]
    assert (hook["event"], hook["scope"], hook["matcher"], hook["timeout_ms"], hook["trust"]) == (
        "AfterTool",
        "workspace",
        "write_file",
        3000,
        "trusted",  # the person wrote it
    )
    config = sandbox.load()
    loaded = next(h for h in config.hooks if h.id == "audit")
    unchanged = review_draft(config, draft_of(config, loaded), "workspace", replacing=loaded)
    assert unchanged.unchanged and unchanged.refusal is None
    edited = save_draft(
        config,
        draft.model_copy(update={"timeout_ms": "9000", "description": "log writes"}),
        "workspace",
        replacing=loaded,
    )
    assert edited.action == "edit" and "timeout, description" in edited.message
    hook = _hooks_of(sandbox)["audit"]
    assert (hook["timeout_ms"], hook["description"]) == (9000, "log writes")


# ------------------------------------------------------------------ hooks on|off scope


def test_switching_all_hooks_writes_where_the_value_is_decided(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    assert switch_scope(sandbox.load()) == "user"  # nobody sets it: the user settings
    sandbox.write_workspace({"hooksConfig": {"enabled": False}})
    assert switch_scope(sandbox.load()) == "workspace"
    sandbox.write_system({"hooksConfig": {"enabled": False}})
    sandbox.allow_system_files()
    assert switch_scope(sandbox.load()) == "user"  # system wins; switch_hooks says so
    untrusted = Path(sandbox.home / ".gemini" / "trustedFolders.json")
    untrusted.unlink()
    sandbox.write_system({})
    assert switch_scope(sandbox.load()) == "user"  # an untrusted workspace does not count
