"""The live log's filter: outcome, source, event, hook and text; the hook of a record."""

from __future__ import annotations

from typing import Any

from hookdash.core.run.log_filter import (
    SEARCHED_OUTPUT_CHARS,
    HookIdentity,
    RunFilter,
    hook_of_record,
)
from hookdash.core.run.runlog import RunRecord
from tests.conftest import Sandbox, command_hook, definition


def _record(hook_id: str = "guard", **fields: Any) -> RunRecord:
    data: dict[str, Any] = {
        "ts": "2026-01-01T00:00:00.000Z",
        "origin": "hookdash",
        "event": "BeforeTool",
        "id": hook_id,
        "success": True,
        "exit_code": 0,
    }
    data.update(fields)
    return RunRecord(**data)


OK = _record()
BLOCKED = _record(output={"decision": "deny", "reason": "no"}, decision="deny")
STOPPED = _record(output={"continue": False})
EXIT_1 = _record(success=False, exit_code=1, stderr="warning: slow disk")
CRASH = _record(success=False, exit_code=127, stderr="bash: nope: command not found")
TIMEOUT = _record(success=False, exit_code=None, timed_out=True)
CANCELLED = _record(success=False, exit_code=None, error="cancelled: hookdash killed it")
GEMINI = _record(origin="gemini", event="AfterTool")
ALL = [OK, BLOCKED, STOPPED, EXIT_1, CRASH, TIMEOUT, CANCELLED, GEMINI]


def _kept(run_filter: RunFilter) -> list[RunRecord]:
    return [r for r in ALL if run_filter.accepts(r)]


def test_the_default_filter_keeps_everything() -> None:
    assert _kept(RunFilter()) == ALL and not RunFilter().active


def test_outcomes() -> None:
    assert _kept(RunFilter(outcome="blocked")) == [BLOCKED, STOPPED]
    assert _kept(RunFilter(outcome="error")) == [EXIT_1, CRASH]
    assert _kept(RunFilter(outcome="timeout")) == [TIMEOUT]
    assert _kept(RunFilter(outcome="not-ok")) == [
        BLOCKED, STOPPED, EXIT_1, CRASH, TIMEOUT, CANCELLED
    ]  # fmt: skip


def test_source_and_event_combine() -> None:
    assert _kept(RunFilter(source="gemini")) == [GEMINI]
    assert _kept(RunFilter(source="hookdash")) == ALL[:-1]
    assert _kept(RunFilter(event="AfterTool")) == [GEMINI]
    assert _kept(RunFilter(event="AfterTool", source="hookdash")) == []
    assert _kept(RunFilter(outcome="error", event="BeforeTool")) == [EXIT_1, CRASH]


def test_text_words_must_all_occur_in_any_case() -> None:
    assert _kept(RunFilter(text="COMMAND not")) == [CRASH]
    assert _kept(RunFilter(text="deny")) == [BLOCKED]  # the decision
    assert _kept(RunFilter(text="exit 127")) == [CRASH]
    assert _kept(RunFilter(text="timed out")) == [TIMEOUT]
    assert _kept(RunFilter(text="disk command")) == []
    late = _record(stdout="x" * SEARCHED_OUTPUT_CHARS + "needle")
    assert not RunFilter(text="needle").accepts(late)  # only the start is searched
    assert RunFilter(text="needle").accepts(_record(stdout="a needle here"))


def test_describe() -> None:
    hook = HookIdentity(event="BeforeTool", id="guard", label="guard (user)")
    run_filter = RunFilter(outcome="not-ok", source="gemini", event="BeforeTool", hook=hook,
                           text="  rm   -rf ")  # fmt: skip
    assert run_filter.active
    assert run_filter.describe() == [
        "not ok", "from gemini", "BeforeTool", "hook guard (user)", "“rm -rf”"
    ]  # fmt: skip


def _two_hooks(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooks": {
                "BeforeTool": [
                    definition(command_hook("echo '{}'", name="guard")),
                    definition(command_hook("echo '{}'", name="other")),
                ],
                "AfterTool": [definition(command_hook("echo '{}'", name="guard"))],
            }
        }
    )


def test_the_hook_of_a_record_and_its_runs(sandbox: Sandbox) -> None:
    _two_hooks(sandbox)
    guard, other, after_guard = sandbox.load().hooks
    hooks = [guard, other, after_guard]
    mine = _record("guard", ref=guard.ref, key=guard.key)
    geminis = _record("guard", origin="gemini")  # Gemini names the hook only
    stale = _record("guard", ref="gone#/hooks/x", key="guard:old command")  # edited since
    after = _record("guard", event="AfterTool", origin="gemini", key=after_guard.key)
    assert hook_of_record(mine, hooks) is guard
    assert hook_of_record(geminis, hooks) is guard
    assert hook_of_record(stale, hooks) is guard
    assert hook_of_record(after, hooks) is after_guard
    assert hook_of_record(_record("removed"), hooks) is None

    of_guard = RunFilter(hook=HookIdentity.of_hook(guard))
    theirs = _record("other", ref=other.ref, key=other.key)
    records = [mine, geminis, after, theirs]
    assert [r for r in records if of_guard.accepts(r)] == [mine, geminis]
    assert of_guard.hook is not None and of_guard.hook.label == "guard (user)"
    # A run whose hook is gone: its own identity narrows the log.
    gone = _record("removed", ref="x#/1", scope="workspace")
    by_record = RunFilter(hook=HookIdentity.of_record(gone))
    assert by_record.accepts(gone) and not by_record.accepts(mine)
    assert by_record.hook is not None and by_record.hook.label == "removed (workspace)"
