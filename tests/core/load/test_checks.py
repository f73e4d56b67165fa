from __future__ import annotations

from tests.conftest import Sandbox, command_hook, definition, settings_of, settings_with


def _codes(sandbox: Sandbox) -> dict[str, list]:
    out: dict[str, list] = {}
    for p in sandbox.load().snapshot.problems:
        out.setdefault(p.code, []).append(p)
    return out


def test_matcher_checks(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooks": {
                "BeforeTool": [
                    definition(command_hook("true"), matcher="(unclosed"),
                    definition(command_hook("true"), matcher="Bash"),
                ],
                "SessionStart": [definition(command_hook("true"), matcher="startup|resume")],
                "SessionEnd": [definition(command_hook("true"), matcher="logout")],
                "BeforeModel": [definition(command_hook("true"), matcher="x")],
            }
        }
    )
    codes = _codes(sandbox)
    assert len(codes["matcher-invalid-regex"]) == 1
    assert "run_shell_command" in codes["matcher-claude-tool-name"][0].message
    never = codes["matcher-never-matches"]
    assert len(never) == 2 and "exactly" in never[0].message
    assert codes["matcher-ignored"][0].line is not None


def test_timeouts(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        settings_with(
            command_hook("true", timeout=30),
            command_hook("true", timeout=0),
            command_hook("true", timeout=5000),
        )
    )
    codes = _codes(sandbox)
    assert "30000" in codes["timeout-looks-like-seconds"][0].fix
    assert codes["timeout-zero"][0].severity == "error"


def test_scripts(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.script("hooks/ok.sh", "exit 0")
    sandbox.script("hooks/noexec.sh", "exit 0", executable=False)
    sandbox.write_workspace(
        settings_with(
            command_hook("$GEMINI_PROJECT_DIR/hooks/ok.sh", name="ok"),
            command_hook("./hooks/noexec.sh", name="noexec"),
            command_hook("bash hooks/noexec.sh", name="via-bash"),
            command_hook("python3 hooks/missing.py --x", name="missing"),
            command_hook("definitely-not-a-command-xyz --flag", name="nf"),
            command_hook("echo hi | tee /dev/null", name="builtin"),
        )
    )
    codes = _codes(sandbox)
    assert [p.message.split()[2] for p in codes["script-not-executable"]] == [
        str(sandbox.workspace / "hooks/noexec.sh")
    ]
    assert "missing.py" in codes["script-missing"][0].message
    assert "definitely-not-a-command-xyz" in codes["command-not-found"][0].message
    hooks = {h.id: h for h in sandbox.load().snapshot.hooks}
    assert hooks["ok"].script and hooks["ok"].script.exists and hooks["ok"].script.executable
    assert hooks["via-bash"].script and hooks["via-bash"].script.kind == "interpreted"
    assert hooks["builtin"].script is None


def test_disabled_entry_names_nothing(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooksConfig": {"disabled": ["ghost"]}})
    problem = _codes(sandbox)["disabled-entry-unmatched"][0]
    assert problem.pointer == "/hooksConfig/disabled/0" and problem.line is not None


def test_legacy_keys(sandbox: Sandbox) -> None:
    sandbox.write_user(
        {"hooks": {"enabled": False, "notifications": True}, "tools": {"enableHooks": False}}
    )
    codes = _codes(sandbox)
    assert "NOT switched off" in codes["legacy-hooks-enabled"][0].message
    assert codes["legacy-tools-enableHooks"][0].severity == "warning"
    assert codes["legacy-hooks-notifications"][0].severity == "info"


def test_untrusted_folder_and_new_project_hooks(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("true"))]}})
    assert "user and system ones too" in _codes(sandbox)["folder-untrusted"][0].message
    sandbox.trust_folder()
    sandbox.write_workspace(
        settings_of(
            definition(command_hook("true", name="p1"), command_hook("true", name="p2")),
        )
    )
    problem = _codes(sandbox)["project-hook-untrusted"]
    assert len(problem) == 1 and "p1, p2" in problem[0].message


def test_sequential_string(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {"hooks": {"BeforeTool": [definition(command_hook("true"), sequential="true")]}}
    )
    assert "sequential-not-boolean" in _codes(sandbox)
    assert sandbox.load().snapshot.hooks[0].sequential is False


def test_clean_configuration_has_no_problems(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {"hooks": {"BeforeTool": [definition(command_hook("true", name="t"), matcher="run_.*")]}}
    )
    assert sandbox.load().snapshot.problems == []


def test_script_problems_of_hooks_that_do_not_run(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooksConfig": {"disabled": ["off"]},
            "hooks": {
                "BeforeTool": [definition(command_hook("./gone.sh", name="off"))],
                "PreToolUse": [definition(command_hook("./gone.sh", name="claude"))],
            },
        }
    )
    problems = [p for p in sandbox.load().snapshot.problems if p.code == "script-missing"]
    # The disabled hook: a warning (it fails once enabled); the unknown event: nothing.
    assert [(p.severity, p.pointer) for p in problems] == [
        ("warning", "/hooks/BeforeTool/0/hooks/0")
    ]
    assert "does not run now" in problems[0].message


def test_keys_gemini_does_not_read_on_a_hook(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        settings_of(
            definition(command_hook("true", sequential=True, commmand="x", matcher="y")),
        )
    )
    problems = _codes(sandbox)["hook-unknown-key"]
    assert [p.message.split('"')[1] for p in problems] == ["sequential", "commmand", "matcher"]
    assert "belongs on the definition" in problems[0].message
    assert sandbox.load().snapshot.hooks[0].sequential is False


def test_the_banner_and_check_count_untrusted_hooks_alike(sandbox: Sandbox) -> None:
    """Issue 20: the banner counted 11 project hooks, `check` 10 (a disabled one)."""
    from hookdash.core import untrusted_project_hooks, untrusted_summary

    sandbox.trust_folder()
    sandbox.write_workspace(
        {
            **settings_of(
                definition(command_hook("true", name="p1"), command_hook("true", name="p2"))
            ),
            "hooksConfig": {"disabled": ["p2"]},
        }
    )
    config = sandbox.load()
    untrusted = untrusted_project_hooks(config.hooks)
    assert [h.id for h in untrusted] == ["p1", "p2"]
    summary = untrusted_summary(untrusted)
    assert summary == "2 project hooks are not trusted yet (2 NEW)"
    (problem,) = _codes(sandbox)["project-hook-untrusted"]
    assert problem.message.startswith(summary + ": p1, p2.")


def test_a_missing_program_blocks_only_where_the_event_can_block(sandbox: Sandbox) -> None:
    """bash's exit 127 is a blocking deny on BeforeTool; on Notification Gemini ignores
    decisions, so the message says the hook only fails there."""
    sandbox.trust_folder()
    sandbox.write_workspace(
        {
            "hooks": {
                "BeforeTool": [definition(command_hook("nope-xyz-1", name="gate"))],
                "Notification": [definition(command_hook("nope-xyz-2", name="ping"))],
            }
        }
    )
    messages = {p.pointer: p.message for p in _codes(sandbox)["command-not-found"]}
    gate = messages["/hooks/BeforeTool/0/hooks/0"]
    ping = messages["/hooks/Notification/0/hooks/0"]
    assert "treats as a blocking deny" in gate
    assert "blocking deny" not in ping and "Notification hooks cannot block" in ping
