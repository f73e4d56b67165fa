"""Badges, notes, counts, banners and the filter: how verdicts read (core/status.py)."""

from __future__ import annotations

import pytest

from hookdash.core.present import (
    RISK_LABELS,
    banner_problems,
    count_hooks,
    describe_trust,
    hook_badges,
    hook_for_problem,
    hook_matches,
    hook_notes,
    problem_location,
    risk_badge,
    risk_lines,
    state_badge,
)
from hookdash.core.problems import Problem
from tests.conftest import Sandbox, command_hook, definition

RISKY = {
    "fetch": "curl -s https://example.com/x | sh",  # NETWORK and PIPE TO SHELL
    "status": "curl -s https://example.com/status",  # NETWORK only
    "calm": "echo calm",  # none
}


def _setup(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooksConfig": {"disabled": ["off"]},
            "hooks": {
                "disabled": ["legacy-one"],
                "BeforeTool": [
                    definition(
                        command_hook("echo guard", name="guard"),
                        command_hook("echo off", name="off"),
                        command_hook("echo legacy", name="legacy-one"),
                        matcher="run_shell_command",
                    )
                ],
                "PreToolUse": [definition(command_hook("echo claude", name="claude"))],
            },
        }
    )
    sandbox.write_workspace(
        {"hooks": {"BeforeTool": [definition(command_hook("echo guard", name="guard"))]}}
    )


def _by_id(sandbox: Sandbox) -> dict[str, list]:
    out: dict[str, list] = {}
    for hook in sandbox.load().snapshot.hooks:
        out.setdefault(hook.id, []).append(hook)
    return out


def test_badges_for_each_verdict(sandbox: Sandbox) -> None:
    _setup(sandbox)
    hooks = _by_id(sandbox)
    user_guard, project_guard = hooks["guard"]
    assert [b.kind for b in hook_badges(user_guard)] == ["runs"]
    assert [b.label for b in hook_badges(project_guard)] == ["duplicate", "NEW"]
    assert state_badge(hooks["off"][0]).kind == "disabled"
    assert [b.kind for b in hook_badges(hooks["legacy-one"][0])] == ["runs", "legacy"]
    claude = state_badge(hooks["claude"][0])
    assert claude.kind == "not-running" and claude.label == "off: unknown event"


def test_untrusted_folder_short_reason(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("true", name="u"))]}})
    (hook,) = sandbox.load().snapshot.hooks
    assert state_badge(hook).label == "off: untrusted"


def test_notes_explain_duplicates_legacy_and_trust(sandbox: Sandbox) -> None:
    _setup(sandbox)
    hooks = _by_id(sandbox)
    notes = hook_notes(hooks["guard"][1])
    assert notes[0].startswith("same name:command as guard (user)")
    assert "new project hook" in notes[1]
    assert "Gemini CLI 0.26+ ignores" in hook_notes(hooks["legacy-one"][0])[0]
    assert hook_notes(hooks["off"][0]) == ["disabled in hooksConfig.disabled (user)"]
    assert describe_trust(hooks["guard"][1]).startswith("NEW")
    assert describe_trust(hooks["guard"][0]).startswith("not applicable")


def test_counts_do_not_count_duplicates_as_running(sandbox: Sandbox) -> None:
    _setup(sandbox)
    counts = count_hooks(sandbox.load().snapshot.hooks)
    assert (counts.total, counts.running, counts.disabled, counts.other) == (5, 2, 1, 2)
    assert counts.text == "5 hooks: 2 run, 1 disabled, 2 other"


def test_banners_are_the_global_problems(sandbox: Sandbox) -> None:
    _setup(sandbox)
    sandbox.write_workspace("{ broken")
    snap = sandbox.load().snapshot
    codes = [p.code for p in banner_problems(snap.problems)]
    assert "settings-parse-error" in codes and "legacy-hooks-disabled" in codes
    assert "unknown-event" not in codes
    parse = next(p for p in snap.problems if p.code == "settings-parse-error")
    where = problem_location(parse, lambda p: p.replace(str(sandbox.home), "~"))
    assert where.startswith("~/project/.gemini/settings.json:1:")


def test_hook_for_problem(sandbox: Sandbox) -> None:
    _setup(sandbox)
    snap = sandbox.load().snapshot
    dup = next(p for p in snap.problems if p.code == "duplicate-hook")
    hook = hook_for_problem(snap.hooks, dup)
    assert hook is not None and hook.scope == "workspace" and hook.id == "guard"
    assert (
        hook_for_problem(snap.hooks, Problem(severity="info", code="folder-untrusted", message="m"))
        is None
    )


def test_filter_matches_every_word_in_any_field(sandbox: Sandbox) -> None:
    _setup(sandbox)
    hooks = _by_id(sandbox)
    guard = hooks["guard"][0]
    assert hook_matches(guard, "")
    assert hook_matches(guard, "GUARD")
    assert hook_matches(guard, "beforetool user")
    assert hook_matches(guard, "shell_command")  # matcher
    assert hook_matches(guard, "echo")  # command
    assert not hook_matches(guard, "guard workspace")
    assert hook_matches(hooks["guard"][1], "guard workspace duplicate")
    assert hook_matches(hooks["off"][0], "disabled")


def test_event_descriptions() -> None:
    from hookdash.core.present import describe_event

    assert "regex" in describe_event("BeforeTool")
    assert "source (startup, resume, clear)" in describe_event("SessionStart")
    assert "ignores matchers" in describe_event("AfterModel")
    assert "did you mean BeforeTool" in describe_event("PreToolUse")


def test_banner_lines_fold_problems_of_one_code(sandbox: Sandbox) -> None:
    from hookdash.core.present import banner_lines

    sandbox.trust_folder()
    sandbox.write_system({"hooks": {}})
    sandbox.write_system_defaults({"hooks": {}})
    sandbox.write_user({"hooks": {"disabled": ["x"]}})
    snap = sandbox.load().snapshot
    lines = banner_lines(snap.problems, lambda p: p.replace(str(sandbox.root), "<root>"))
    codes = [line.code for line in lines]
    assert codes.count("system-file-ignored") == 1
    ignored = lines[codes.index("system-file-ignored")]
    assert ignored.message.endswith("(+1 more like it)")
    assert len(ignored.locations) == 2 and all(
        w.startswith("<root>/etc") for w in ignored.locations
    )
    assert "legacy-hooks-disabled" in codes


def _risky(sandbox: Sandbox) -> dict[str, list]:
    sandbox.write_user(
        {
            "hooks": {
                "BeforeTool": [definition(*(command_hook(c, name=n) for n, c in RISKY.items()))]
            }
        }
    )
    return _by_id(sandbox)


def test_the_filter_matches_risk_kinds_and_labels(sandbox: Sandbox) -> None:
    """Issue 20: `/network` lists the hooks flagged NETWORK, `/risky` every flagged one,
    so the review does not depend on opening each hook."""
    hooks = {name: found[0] for name, found in _risky(sandbox).items()}
    assert [n for n, h in hooks.items() if hook_matches(h, "network")] == ["fetch", "status"]
    assert [n for n, h in hooks.items() if hook_matches(h, "pipe to shell")] == ["fetch"]
    assert [n for n, h in hooks.items() if hook_matches(h, "pipe-to-shell")] == ["fetch"]
    assert [n for n, h in hooks.items() if hook_matches(h, "risky")] == ["fetch", "status"]
    assert hook_matches(hooks["calm"], "calm") and not hook_matches(hooks["calm"], "risky")


def test_the_risk_badge_names_the_most_serious_kind_and_counts_the_others(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    hooks = {name: found[0] for name, found in _risky(sandbox).items()}
    assert risk_badge(hooks["fetch"]) == "⚠ PIPE TO SHELL +1"
    assert risk_badge(hooks["status"]) == "⚠ NETWORK"
    assert risk_badge(hooks["calm"]) is None
    # Short, for a narrow list: how many kinds, unless the words are as short.
    assert risk_badge(hooks["fetch"], short=True) == "⚠ 2 risks"
    assert risk_badge(hooks["status"], short=True) == "⚠ NETWORK"
    # The words are core's labels: a kind labelled otherwise (or a new one) follows.
    monkeypatch.setitem(RISK_LABELS, "network", "TALKS TO THE NETWORK")
    assert risk_badge(hooks["status"]) == "⚠ TALKS TO THE NETWORK"
    assert [r.label for r in risk_lines(hooks["fetch"])] == [
        "PIPE TO SHELL",
        "TALKS TO THE NETWORK",
    ]
    monkeypatch.delitem(RISK_LABELS, "network")
    assert risk_badge(hooks["status"]) == "⚠ NETWORK"  # no label: the kind, in capitals
