"""`hookdash baseline` and the baseline's findings in `hookdash check`, through the installed
console script, and the Claude Code hooks `list` and `check` gained (skills, mods)."""

from __future__ import annotations

import json
import stat

from tests.conftest import Sandbox


def _claude_user(sandbox: Sandbox, hooks: dict[str, object]) -> None:
    path = sandbox.home / ".claude" / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"hooks": hooks}))


def _hook(command: str) -> list[dict[str, object]]:
    return [{"hooks": [{"type": "command", "command": command}]}]


def test_check_records_silently_then_reports_a_planted_hook(sandbox: Sandbox) -> None:
    _claude_user(sandbox, {"PreToolUse": _hook("echo ok")})
    first = sandbox.cli("check")
    assert "user-hook-changed" not in first.stdout
    assert "recorded a baseline of your own hooks" in first.stderr  # said once
    state = sandbox.state / "baseline.json"
    assert stat.S_IMODE(state.stat().st_mode) == 0o600
    again = sandbox.cli("check")
    assert "recorded a baseline" not in again.stderr
    _claude_user(sandbox, {"PreToolUse": _hook("echo ok"), "SessionStart": _hook("node ~/x.js")})
    found = sandbox.cli("check")
    assert found.returncode == 1
    assert (
        "Since you last looked, a SessionStart hook appeared in ~/.claude/settings.json "
        "(Claude Code): `node ~/x.js`."
    ) in found.stdout
    as_json = json.loads(sandbox.cli("check", "--json").stdout)
    [record] = [p for p in as_json["problems"] if p["code"] == "user-hook-changed"]
    assert record["host"] is None and record["severity"] == "error"


def test_baseline_shows_the_diff_and_accept_records_it(sandbox: Sandbox) -> None:
    _claude_user(sandbox, {"Stop": _hook("echo before")})
    assert sandbox.cli("baseline").returncode == 0
    _claude_user(sandbox, {"Stop": _hook("echo after")})
    shown = sandbox.cli("baseline")
    assert shown.returncode == 1
    assert "a Stop hook changed in ~/.claude/settings.json (Claude Code)" in shown.stdout
    assert "    -echo before" in shown.stdout and "    +echo after" in shown.stdout
    data = json.loads(sandbox.cli("baseline", "--json").stdout)
    [change] = data["changes"]
    assert (change["kind"], change["before"], change["after"]) == (
        "changed",
        "echo before",
        "echo after",
    )
    accepted = sandbox.cli("baseline", "accept")
    assert accepted.returncode == 0 and "Accepted" in accepted.stdout
    assert sandbox.cli("baseline").returncode == 0
    assert "user-hook-changed" not in sandbox.cli("check").stdout


def test_list_shows_a_skills_hooks_and_a_plugins_mod(sandbox: Sandbox) -> None:
    skill = sandbox.workspace / ".claude" / "skills" / "deploy" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(
        "---\nname: deploy\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n"
        "        - type: command\n          command: ./check.sh\n---\nbody\n"
    )
    dev = sandbox.home / ".claude" / "dev-mods" / "s1" / "helper" / "hooks" / "hooks.json"
    dev.parent.mkdir(parents=True)
    dev.write_text('{"modules": ["./mod.ts"]}')
    listed = sandbox.cli("list", "--host", "claude")
    assert listed.returncode == 0, listed.stderr
    assert "· skill deploy: runs once the skill 'deploy' is used in a session" in listed.stdout
    assert "Mods (code run inside Claude Code)" in listed.stdout and "./mod.ts" in listed.stdout
    data = json.loads(sandbox.cli("list", "--host", "claude", "--json").stdout)
    [hook] = [h for h in data["hooks"] if h["source"] == "skill"]
    assert (hook["source_name"], hook["line"], hook["event"]) == ("deploy", 8, "PreToolUse")
    [mod] = data["mods"]
    assert mod["kind"] == "dev" and mod["unknowns"]
    checked = sandbox.cli("check", "--host", "claude")
    assert "claude-dev-mod" in checked.stdout
