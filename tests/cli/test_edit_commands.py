"""disable, enable, trust and check --fix through the installed console script."""

from __future__ import annotations

import json

from tests.conftest import Sandbox, command_hook, definition, settings_of

MESSY = (
    "{\r\n"
    "\t// hooks for every project\r\n"
    '\t"hooks": {\r\n'
    '\t\t"BeforeTool": [{"matcher": "run_shell_command", "hooks": [\r\n'
    '\t\t\t{"name": "guard", "type": "command", "command": "./guard.sh"}, /* important */\r\n'
    '\t\t\t{"type": "command", "command": "./fmt.sh --check"}   \r\n'
    "\t\t]}],\r\n"
    '\t\t"disabled": ["old"]\r\n'
    "\t},\r\n"
    '\t"ui": {"greeting": "héllo 👋 // not a comment"}\r\n'
    "}\r\n"
)


def _no_traceback(*outputs: str) -> None:
    assert all("Traceback" not in o for o in outputs)


def test_disable_and_enable_keep_every_other_byte(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.user_settings.write_bytes(MESSY.encode())
    result = sandbox.cli("disable", "guard")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == (
        "Disabled 'guard' in user settings (~/.gemini/settings.json, hooksConfig.disabled "
        "and hooks.disabled)."
    )
    assert '+ ~/.gemini/settings.json  hooks.disabled  "guard"  (mirrored' in result.stdout
    disabled = sandbox.user_settings.read_bytes().decode()
    assert disabled == MESSY.replace('["old"]', '["old", "guard"]').replace(
        '\t\t"disabled": ["old", "guard"]\r\n\t},\r\n',
        '\t\t"disabled": ["old", "guard"]\r\n\t},\r\n',
    ).replace(
        '\t"ui": {"greeting": "héllo 👋 // not a comment"}\r\n}',
        '\t"ui": {"greeting": "héllo 👋 // not a comment"},\r\n'
        '\t"hooksConfig": {\r\n\t\t"disabled": [\r\n\t\t\t"guard"\r\n\t\t]\r\n\t}\r\n}',
    )
    listed = json.loads(sandbox.cli("list", "--json").stdout)
    guard = next(h for h in listed["hooks"] if h["id"] == "guard")
    assert guard["disabled"] and guard["disabled_in"] == ["user"] and not guard["runs"]

    enabled = sandbox.cli("enable", "guard")
    assert enabled.returncode == 0, enabled.stderr
    assert enabled.stdout.startswith(
        "Enabled 'guard': removed it from user settings (hooksConfig.disabled and hooks.disabled)."
    )
    # Nothing of the toggle is left: the file is back byte for byte (item 4 of issue 12).
    assert sandbox.user_settings.read_bytes().decode() == MESSY
    assert "back, byte for byte, as it was before hookdash disabled the hook" in enabled.stdout


def test_disable_json_shape(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.user_settings.write_bytes(MESSY.encode())
    result = sandbox.cli("disable", "./fmt.sh --check", "--scope", "workspace", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) >= {
        "action", "identifier", "changed", "message", "changes", "hooks", "notes",
        "still_disabled_by",
    }  # fmt: skip
    assert (data["action"], data["identifier"], data["changed"]) == (
        "disable", "./fmt.sh --check", True,
    )  # fmt: skip
    (change,) = data["changes"]
    assert change == {
        "file": str(sandbox.workspace_settings),
        "scope": "workspace",
        "key": "hooksConfig.disabled",
        "action": "add",
        "value": "./fmt.sh --check",
        "before": None,
        "after": ["./fmt.sh --check"],
        "note": None,
    }
    assert data["hooks"][0]["scope"] == "user"
    assert sandbox.workspace_settings.exists()


def test_already_disabled_and_not_disabled(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.user_settings.write_bytes(MESSY.encode())
    assert sandbox.cli("disable", "guard", "--disabled-key", "hooksConfig").returncode == 0
    again = sandbox.cli("disable", "guard", "--disabled-key", "hooksConfig")
    assert again.returncode == 0 and "already disabled" in again.stdout
    nothing = sandbox.cli("enable", "./fmt.sh --check")
    assert nothing.returncode == 0 and "is not in the disabled list" in nothing.stdout


def test_unknown_and_ambiguous_ids(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        settings_of(
            definition(command_hook("./run.sh", name="lint-js")),
            definition(command_hook("./run.sh", name="lint-py")),
        )
    )
    before = sandbox.user_settings.read_bytes()
    unknown = sandbox.cli("disable", "lint")
    assert unknown.returncode == 1 and unknown.stdout == ""
    assert "No hook has the ID 'lint'" in unknown.stderr
    assert "Did you mean: 'lint-js', 'lint-py'?" in unknown.stderr
    ambiguous = sandbox.cli("disable", "./run.sh")
    assert ambiguous.returncode == 1
    assert "lint-js  [user:/hooks/BeforeTool/0/hooks/0]" in ambiguous.stderr
    assert "lint-py  [user:/hooks/BeforeTool/1/hooks/0]" in ambiguous.stderr
    as_json = sandbox.cli("disable", "lint", "--json")
    assert json.loads(as_json.stdout) == {
        "error": "hook-not-found",
        "message": json.loads(as_json.stdout)["message"],
        "candidates": ["lint-js", "lint-py"],
    }
    _no_traceback(unknown.stderr, ambiguous.stderr, as_json.stderr)
    assert sandbox.user_settings.read_bytes() == before


def test_usage_and_refusals(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("x", name="a"))]}})
    assert sandbox.cli("disable", "a", "--scope", "system").returncode == 2
    assert sandbox.cli("disable", "a", "--disabled-key", "legacy").returncode == 2
    assert sandbox.cli("disable").returncode == 2
    home = sandbox.cli("--workspace", str(sandbox.home), "disable", "a", "--scope", "workspace")
    assert home.returncode == 1 and "workspace is your home directory" in home.stderr
    sandbox.write_user('{"hooks": {"BeforeTool": []},}')
    broken = sandbox.cli("disable", "a")
    assert broken.returncode == 1
    _no_traceback(home.stderr, broken.stderr)


def test_parse_error_says_where(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace({"hooks": {"BeforeTool": [definition(command_hook("x", name="a"))]}})
    sandbox.write_user('{\n  "ui": {}\n  "hooksConfig": {}\n}\n')
    result = sandbox.cli("disable", "a", "--json")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["error"] == "file-does-not-parse" and (data["line"], data["column"]) == (3, 3)
    assert data["file"] == str(sandbox.user_settings)
    assert "does not parse at line 3, column 3" in result.stderr


def test_symlinked_and_read_only_settings(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    dotfiles = sandbox.root / "dotfiles"
    dotfiles.mkdir()
    real = dotfiles / "gemini.json"
    real.write_text(
        json.dumps({"hooks": {"AfterAgent": [definition(command_hook("x", name="a"))]}})
    )
    sandbox.user_settings.symlink_to(real)
    result = sandbox.cli("disable", "a")
    assert result.returncode == 0, result.stderr
    assert sandbox.user_settings.is_symlink()
    assert '"disabled"' in real.read_text()
    assert f"is a symlink: hookdash wrote its target, {real}" in result.stdout
    before = real.read_bytes()
    real.chmod(0o444)
    refused = sandbox.cli("enable", "a")
    assert refused.returncode == 1 and "read-only" in refused.stderr
    assert real.read_bytes() == before


def test_trust_asks_first_then_records(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.script("hooks/fmt.sh", "exit 0")
    sandbox.write_workspace(
        {"hooks": {"AfterTool": [definition(command_hook("./hooks/fmt.sh", name="fmt"))]}}
    )
    asked = sandbox.cli("trust")
    assert asked.returncode == 3
    assert "NEW     fmt" in asked.stdout and "script: ~/project/hooks/fmt.sh" in asked.stdout
    assert "hookdash trust --yes" in asked.stdout
    store = sandbox.home / ".gemini" / "trusted_hooks.json"
    assert not store.exists()
    as_json = json.loads(sandbox.cli("trust", "--json").stdout)
    assert as_json["needs_confirmation"] and as_json["trust"][0]["key"] == "fmt:./hooks/fmt.sh"

    done = sandbox.cli("trust", "--yes")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Trusted 1 project hook(s) of ~/project: fmt.")
    assert store.read_text() == (
        f'{{\n  "{sandbox.workspace}": [\n    "fmt:./hooks/fmt.sh"\n  ]\n}}'
    )
    assert "NEW" not in sandbox.cli("list").stdout
    nothing = sandbox.cli("trust")
    assert nothing.returncode == 0 and "already trusted; nothing changed" in nothing.stdout

    # The script changes after it was trusted: Gemini would not notice; hookdash does.
    sandbox.script("hooks/fmt.sh", "rm -rf ~")
    listed = sandbox.cli("list")
    assert "CHANGED" in listed.stdout and "fmt.sh changed after it was trusted" in listed.stdout
    assert sandbox.cli("trust").returncode == 3
    assert sandbox.cli("trust", "--yes").returncode == 3  # rm -rf ~: a flag needs a review
    token = json.loads(sandbox.cli("trust", "--json").stdout)["reviewed"]
    assert sandbox.cli("trust", "--yes", "--reviewed", token).returncode == 0
    assert "CHANGED" not in sandbox.cli("list").stdout


def test_check_fix(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.script("guard.sh", "exit 0")
    sandbox.script("fmt.sh", "exit 0")
    sandbox.user_settings.write_bytes(MESSY.encode())
    text = MESSY.replace('["old"]', '["old", "./fmt.sh --check"]')
    sandbox.user_settings.write_bytes(text.encode())
    result = sandbox.cli("check", "--fix")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Applied 1 safe fix(es)."
    assert lines[1] == (
        '  + ~/.gemini/settings.json  hooksConfig.disabled  "./fmt.sh --check"  (copied from '
        "the legacy hooks.disabled)"
    )
    assert lines[2] == (
        "note: ~/.gemini/settings.json: 'old' in hooks.disabled was not copied: it names no "
        "configured hook."
    )
    assert "legacy-hooks-disabled-mirrored" in result.stdout  # the remaining note
    again = json.loads(sandbox.cli("check", "--fix", "--json").stdout)
    assert again["fixes"]["changed"] is False and again["fixes"]["changes"] == []
    assert all(p["code"] != "legacy-hooks-disabled" for p in again["problems"])


def test_a_workspace_link_to_the_users_settings_is_refused_and_reported(sandbox: Sandbox) -> None:
    """The repository ships `.gemini/settings.json -> ../../.gemini/settings.json`: the
    preview, the write and `disable --scope workspace` refuse and name the link; the user's
    file keeps every byte; `check` and `list` report it."""
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"AfterAgent": [definition(command_hook("x", name="a"))]}})
    sandbox.workspace_settings.parent.mkdir()
    sandbox.workspace_settings.symlink_to("../../.gemini/settings.json")
    claude = sandbox.write(
        sandbox.root / "claude.json",
        {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo c"}]}]}},
    )
    before = sandbox.user_settings.read_bytes()
    named = (
        "~/project/.gemini/settings.json leads outside the workspace, to your user settings "
        "(~/.gemini/settings.json), through the link ~/project/.gemini/settings.json -> "
        "../../.gemini/settings.json: a workspace write would land there, so nothing was written"
    )
    for args in (
        ("import", "claude", str(claude), "--scope", "workspace"),
        ("import", "claude", str(claude), "--scope", "workspace", "--yes"),
        ("disable", "a", "--scope", "workspace"),
        ("hooks", "off", "--scope", "workspace"),
    ):
        refused = sandbox.cli(*args)
        assert refused.returncode == 1 and named in refused.stderr, (args, refused.stderr)
    assert sandbox.user_settings.read_bytes() == before
    as_json = json.loads(sandbox.cli("disable", "a", "--scope", "workspace", "--json").stdout)
    assert as_json["error"] == "write-outside-workspace"
    assert as_json["file"] == str(sandbox.workspace_settings)
    check = sandbox.cli("check")
    assert "workspace-settings-outside" in check.stdout
    listed = sandbox.cli("list")
    assert listed.stdout.count("leads outside the workspace") == 1  # a banner
    # The user's own file, by the user's own scope: written as always.
    assert sandbox.cli("disable", "a").returncode == 0
    assert '"disabled"' in sandbox.user_settings.read_text()
