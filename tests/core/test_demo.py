"""The bundled demo (core/demo.py): a self-contained copy that touches nothing else."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from hookdash.core.demo import create_demo
from hookdash.core.load.loader import load_configuration
from hookdash.core.present import banner_problems, count_hooks
from tests.conftest import Sandbox


def _tree(root: Path) -> dict[str, float]:
    return {str(p): p.stat().st_mtime for p in root.rglob("*")}


def test_demo_writes_only_inside_its_directory(tmp_path: Path, sandbox: Sandbox) -> None:
    before = _tree(tmp_path)
    demo = create_demo(tmp_path / "demo")
    after = _tree(tmp_path)
    changed = {p for p in after if after[p] != before.get(p)}
    assert changed and all(p.startswith(str(demo.root)) for p in changed)
    assert demo.environ["GEMINI_CLI_HOME"] == str(demo.root)
    names = ("GEMINI_CLI_SYSTEM_SETTINGS_PATH", "GEMINI_CLI_SYSTEM_DEFAULTS_PATH")
    for name in (*names, "CLAUDE_CONFIG_DIR"):  # (Claude's: what `I` imports from)
        assert demo.environ[name].startswith(str(demo.root) + os.sep)
    assert demo.environ["HOOKDASH_STATE_DIR"].startswith(str(demo.root) + os.sep)
    demo.cleanup()
    assert not demo.root.exists()


def test_demo_in_a_fresh_temp_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    demo = create_demo()
    try:
        assert demo.root.parent == tmp_path.resolve()
        assert demo.root.name.startswith("hookdash-demo-")
    finally:
        demo.cleanup()


def test_demo_shows_every_kind_of_hook(tmp_path: Path) -> None:
    demo = create_demo(tmp_path / "demo")
    config = load_configuration(demo.env)
    snap = config.snapshot
    assert snap.folder_trust.trusted
    by_id = {(h.id, h.scope): h for h in snap.hooks}
    assert by_id[("prompt-stats", "workspace")].trust == "new"
    assert by_id[("project-context", "workspace")].trust == "trusted"
    assert by_id[("lint-on-write", "workspace")].trust == "changed"
    assert by_id[("audit-writes", "user")].disabled
    assert by_id[("desktop-notify", "user")].legacy_disabled_in == ["user"]
    assert by_id[("block-dangerous-shell", "workspace")].duplicate_of is not None
    assert by_id[("org-policy", "system")].runs is False
    assert {h.extension for h in snap.hooks if h.scope == "extension"} == {
        "git-context",
        "safety-net",
    }
    assert count_hooks(snap.hooks).running >= 8
    codes = {p.code for p in banner_problems(snap.problems)}
    assert {"system-file-ignored", "legacy-hooks-disabled"} <= codes
    assert not snap.has_errors
    for hook in snap.hooks:
        if hook.runs:
            assert hook.script is not None and hook.script.exists, hook.id
    assert snap.telemetry.outfile == str(demo.root / ".gemini" / "telemetry.log")


def test_demo_trust_file_uses_the_project_root_key(tmp_path: Path) -> None:
    demo = create_demo(tmp_path / "demo")
    store = json.loads((demo.root / ".gemini" / "trusted_hooks.json").read_text())
    assert list(store) == [demo.env.project_root]


def test_demo_telemetry_is_gemini_format(tmp_path: Path) -> None:
    demo = create_demo(tmp_path / "demo")
    text = (demo.root / ".gemini" / "telemetry.log").read_text()
    decoder = json.JSONDecoder()
    records, i = [], 0
    while i < len(text):
        record, i = decoder.raw_decode(text, i)
        records.append(record)
        assert text[i] == "\n"
        i += 1
    assert text.startswith('{\n  "hrTime": [')
    calls = [r["attributes"] for r in records[1:]]
    assert all(a["event.name"] == "gemini_cli.hook_call" for a in calls)
    hook_names = {h.id for h in load_configuration(demo.env).snapshot.hooks if h.runs}
    assert {a["hook_name"] for a in calls} <= hook_names
    first = json.loads(calls[0]["hook_input"])
    assert first["cwd"] == str(demo.workspace) and first["hook_event_name"] == "SessionStart"


@pytest.mark.parametrize(
    ("script", "tool_input", "expect"),
    [
        (".gemini/hooks/block_dangerous.py", {"command": "rm -rf build/"}, "deny"),
        (".gemini/hooks/block_dangerous.py", {"command": "ls -la"}, None),
        (
            "projects/shop-api/.gemini/hooks/safe_git_push.py",
            {"command": "git push --force origin main"},
            "git push --force-with-lease origin main",
        ),
        (
            ".gemini/extensions/safety-net/hooks/secret_scan.py",
            {"file_path": "a.py", "content": "KEY = 'AKIAIOSFODNN7EXAMPLE'"},
            "deny",
        ),
    ],
)
def test_demo_scripts_really_work(
    tmp_path: Path, script: str, tool_input: dict[str, str], expect: str | None
) -> None:
    demo = create_demo(tmp_path / "demo")
    payload = {"hook_event_name": "BeforeTool", "tool_name": "x", "tool_input": tool_input}
    result = subprocess.run(
        ["python3", str(demo.root / script)],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        check=True,
    )
    output = json.loads(result.stdout)
    if expect is None:
        assert output == {}
    elif expect == "deny":
        assert output["decision"] == "deny"
    else:
        assert output["hookSpecificOutput"]["tool_input"]["command"] == expect


def test_context_scripts_add_context(tmp_path: Path) -> None:
    demo = create_demo(tmp_path / "demo")
    for script in (
        "projects/shop-api/.gemini/hooks/project_context.sh",
        ".gemini/extensions/git-context/hooks/branch_info.sh",
    ):
        result = subprocess.run(
            ["bash", str(demo.root / script)],
            input="{}",
            capture_output=True,
            text=True,
            check=True,
            env={**demo.environ, "GEMINI_PROJECT_DIR": str(demo.workspace)},
        )
        assert json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]


def test_never_set_up(sandbox: Sandbox) -> None:
    (sandbox.home / ".gemini").rmdir()
    assert sandbox.env().never_set_up()
    sandbox.add_extension("e")
    assert not sandbox.env().never_set_up()


def test_an_extension_directory_alone_counts_as_set_up(sandbox: Sandbox) -> None:
    """Even one whose manifest Gemini refuses: the dashboard says what is wrong with it."""
    (sandbox.home / ".gemini" / "extensions" / "broken").mkdir(parents=True)
    assert sandbox.env().never_set_up() is False
    assert sandbox.load().snapshot.extensions == []  # (Gemini loads nothing from it)


def test_settings_file_alone_counts_as_configured(sandbox: Sandbox) -> None:
    sandbox.write_user({})
    assert not sandbox.env().never_set_up()


def test_each_settings_layer_counts_as_configured(sandbox: Sandbox) -> None:
    (sandbox.home / ".gemini").rmdir()
    for write in (sandbox.write_system_defaults, sandbox.write_workspace, sandbox.write_system):
        path = write({})
        assert not sandbox.env().never_set_up(), path
        path.unlink()
    assert sandbox.env().never_set_up()


def test_demo_shows_claude_code_hooks_too(tmp_path: Path) -> None:
    """User and project Claude settings (one hook risky), and a local file Claude drops
    (a comment): `hookdash demo` shows both hosts."""
    from hookdash.core.hosts.claude import load_claude_if_any

    demo = create_demo(tmp_path / "demo")
    claude = load_claude_if_any(demo.env.workspace, demo.environ)
    assert claude is not None and claude.managed_dir.startswith(str(demo.root))
    scopes = {(h.scope, h.event) for h in claude.hooks}
    assert ("user", "Notification") in scopes and ("project", "PreToolUse") in scopes
    risky = [h for h in claude.hooks if h.risks]
    assert [(h.scope, h.event) for h in risky] == [("user", "Notification")]
    dropped = [p for p in claude.problems if p.code == "claude-settings-parse-error"]
    assert len(dropped) == 1 and dropped[0].file is not None
    assert dropped[0].file.endswith("settings.local.json") and dropped[0].line == 2
    assert claude.folder_trust.state == "untrusted"  # the demo shows claude -p's no-ask
