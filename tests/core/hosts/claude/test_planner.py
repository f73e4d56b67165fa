"""The plan for one event: matchers against the match query, identical handlers once,
and every other hook of the event with its reason."""

from __future__ import annotations

from hookdash.core.hosts.claude import claude_event_problem, claude_plan, load_claude
from tests.core.hosts.claude.conftest import Machine


def _groups(*groups: tuple[str | None, list[str]], event: str = "PreToolUse") -> dict[str, object]:
    out = []
    for matcher, commands in groups:
        group: dict[str, object] = {"hooks": [{"type": "command", "command": c} for c in commands]}
        if matcher is not None:
            group["matcher"] = matcher
        out.append(group)
    return {"hooks": {event: out}}


def test_matchers_and_duplicates(machine: Machine) -> None:
    machine.write(machine.user, _groups(("Bash", ["same"])))
    machine.write(
        machine.project_file,
        _groups(("Bash", ["same", "bash only"]), ("*", ["same", "any"]), ("Read", ["read"])),
    )
    snap = load_claude(machine.project, machine.environ())
    plan = claude_plan(snap, "PreToolUse", tool="Bash")
    assert [h.id for h in plan.hooks] == ["same", "bash only", "any"]
    assert sorted((s.id, s.reason) for s in plan.skipped) == [
        ("read", "matcher"),
        ("same", "duplicate"),
        ("same", "duplicate"),
    ]
    no_tool = claude_plan(snap, "PreToolUse")
    assert "read" in [h.id for h in no_tool.hooks] and no_tool.notes
    # Why, where a person can find it: the kept handler's layer, file and line.
    kept = plan.hooks[0]
    assert {s.why for s in plan.skipped if s.reason == "duplicate"} == {
        f"identical to the user hook at {kept.file}:{kept.line}: Claude Code runs it once"
    }


def test_events_without_a_match_query_ignore_matchers(machine: Machine) -> None:
    machine.write(machine.project_file, _groups(("nothing", ["stop"]), event="Stop"))
    snap = load_claude(machine.project, machine.environ())
    plan = claude_plan(snap, "Stop", tool="Bash")
    assert [h.id for h in plan.hooks] == ["stop"] and plan.match_field is None
    assert "matchers are ignored" in plan.notes[0]


def test_session_start_source_and_switched_off_hooks(machine: Machine) -> None:
    machine.write(
        machine.user, _groups(("startup", ["start"]), ("resume", ["res"]), event="SessionStart")
    )
    machine.write(machine.project_file, {"disableAllHooks": True})
    snap = load_claude(machine.project, machine.environ())
    plan = claude_plan(snap, "SessionStart", trigger="startup")
    assert plan.hooks == [] and {s.reason for s in plan.skipped} == {"hooks-disabled"}


def test_unknown_event_names_are_refused_with_a_hint() -> None:
    assert claude_event_problem("PreToolUse") is None
    problem = claude_event_problem("PreTool")
    assert problem is not None and "Did you mean PreToolUse?" in problem


def test_a_managed_copy_runs_again_unless_the_merge_drops_the_users_equal_group(
    machine: Machine,
) -> None:
    """Claude Code 2.1.332's dedup never reaches across the managed layer (the harness's
    managed_copy_in_user): only a user's group equal to a managed one is merged away."""
    managed = machine.managed / "managed-settings.json"
    machine.write(managed, _groups((None, ["same"]), event="Stop"))
    machine.write(machine.user, _groups((None, ["same"]), event="Stop"))
    snap = load_claude(machine.project, machine.environ())
    assert [h.scope for h in claude_plan(snap, "Stop").hooks] == ["managed"]
    # The user's group differs (one more handler): the managed copy and the user's both run.
    machine.write(machine.user, _groups((None, ["same", "same"]), event="Stop"))
    snap = load_claude(machine.project, machine.environ())
    plan = claude_plan(snap, "Stop")
    assert sorted(h.scope for h in plan.hooks) == ["managed", "user"]
    assert [(s.scope, s.reason) for s in plan.skipped] == [("user", "duplicate")]
    listed = {(h.scope, h.pointer): h.runs for h in snap.hooks}
    assert listed == {
        ("managed", "/hooks/Stop/0/hooks/0"): True,
        ("user", "/hooks/Stop/0/hooks/0"): True,
        ("user", "/hooks/Stop/0/hooks/1"): False,
    }
