"""import_claude on real-looking Claude Code settings files (tests/core/edit/data/claude/).

Each file is what a Claude Code user really keeps: a Bash guard with a script, formatters
after Edit|Write, prompt-submit and stop hooks (a prompt hook among them), session hooks
with trigger lists, notifications and a permission hook in ~/.claude/settings.json. The
import must carry over everything Gemini CLI 0.61 can run — with Gemini's event and tool
names, milliseconds, $GEMINI_PROJECT_DIR and a name for every hook — and list the rest.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from hookdash.core import jsonc
from hookdash.core.edit.editor.hook_text import add_hook
from hookdash.core.hosts.crosswalk.importing.claude_import import (
    ClaudeSettingsError,
    ImportResult,
    import_claude,
)
from hookdash.core.hosts.crosswalk.importing.claude_matchers import (
    translate_tool_matcher,
    translate_trigger_matcher,
)
from hookdash.core.hosts.crosswalk.importing.claude_names import NameBook, name_from_command
from hookdash.core.hosts.gemini.environment import resolve_environment
from hookdash.core.hosts.gemini.matcher import matches
from hookdash.core.load.loader import load_configuration
from tests.conftest import Sandbox, command_hook, definition, examples
from tests.scaling import FACTOR, LINEAR_BOUND, growth

DATA = Path(__file__).parents[3] / "edit" / "data" / "claude"
GOLDEN = Path(__file__).parents[3] / "edit" / "golden" / "claude"


def _project(sandbox: Sandbox, name: str, target: str = "settings.json") -> Path:
    """The workspace with Claude's hook scripts and `name` as one of its Claude files."""
    claude = sandbox.workspace / ".claude"
    if not (claude / "hooks").exists():
        shutil.copytree(DATA / "hooks", claude / "hooks")
    shutil.copy(DATA / name, claude / target)
    sandbox.trust_folder()
    return claude / target


def _written(sandbox: Sandbox) -> dict[str, Any]:
    value = jsonc.parse(sandbox.workspace_settings.read_text(encoding="utf-8"))
    assert isinstance(value, dict)
    return value


def _hooks(sandbox: Sandbox) -> dict[str, Any]:
    """id -> Hook, as `hookdash list` reports them after the import."""
    return {h.id: h for h in sandbox.load().hooks}


def _lost(result: ImportResult) -> list[tuple[str | None, str, str]]:
    return [(n.claude_event, n.kind, n.reason) for n in result.not_carried]


def _caveats(result: ImportResult) -> list[tuple[str, str, str]]:
    """What of each imported hook Gemini reads otherwise: (Claude event, kind, reason)."""
    return [(r.claude_event, c.kind, c.reason) for r in result.imported for c in r.caveats]


def _isolate_claude_home(sandbox: Sandbox) -> Path:
    home = sandbox.root / "claude-home"
    sandbox.set_env("CLAUDE_CONFIG_DIR", str(home))
    return home


def test_bash_guard_and_formatter(sandbox: Sandbox) -> None:
    _isolate_claude_home(sandbox)
    _project(sandbox, "bash-guard.json")
    result = import_claude(sandbox.load())
    assert result.message == (
        "Imported 2 Claude Code hook(s) into workspace settings (~/project/.gemini/settings.json);"
        " 1 of them Gemini reads differently in part (said under each)."
    )
    hooks = _written(sandbox)["hooks"]
    assert hooks == {
        "BeforeTool": [
            {
                "matcher": "^run_shell_command$",
                "hooks": [
                    {
                        "name": "block-dangerous",
                        "type": "command",
                        "command": '"$GEMINI_PROJECT_DIR"/.claude/hooks/block-dangerous.sh',
                        "timeout": 10000,  # Claude's 10 seconds, not 10 ms
                        "description": "Imported from Claude Code (PreToolUse Bash)",
                    }
                ],
            }
        ],
        "AfterTool": [
            {
                "matcher": "^(replace|write_file)$",
                "hooks": [
                    {
                        "name": "prettier",
                        "type": "command",
                        "command": "jq -r '.tool_input.file_path' | xargs npx prettier --write",
                        "description": "Imported from Claude Code "
                        "(PostToolUse Edit|MultiEdit|Write)",
                    }
                ],
            }
        ],
    }
    # Issue 20: only its output format does not carry over: said under the imported hook,
    # not as a hook "not carried over".
    assert _lost(result) == []
    [(event, kind, reason)] = _caveats(result)
    assert (event, kind) == ("PreToolUse", "output")
    assert [r.name for r in result.imported if r.caveats] == ["block-dangerous"]
    assert "permissionDecision, which Gemini CLI does not read" in reason
    loaded = _hooks(sandbox)
    guard = loaded["block-dangerous"]
    assert (guard.event, guard.scope, guard.timeout_ms, guard.trust) == (
        "BeforeTool",
        "workspace",
        10000,
        "new",  # imported hooks are not trusted behind the user's back
    )
    assert guard.script is not None and guard.script.exists and guard.script.executable
    assert matches(guard.matcher, "BeforeTool", "run_shell_command", None)
    assert not matches(guard.matcher, "BeforeTool", "mcp_shell_run_shell_command", None)
    assert matches(loaded["prettier"].matcher, "AfterTool", "write_file", None)
    assert any("not recorded as trusted" in n for n in result.notes)


def test_formatter_mcp_and_notebook(sandbox: Sandbox) -> None:
    _isolate_claude_home(sandbox)
    _project(sandbox, "formatter.json")
    result = import_claude(sandbox.load())
    hooks = _written(sandbox)["hooks"]
    [fmt] = hooks["AfterTool"]
    assert fmt["matcher"] == "^(replace|write_file)$"
    assert fmt["hooks"][0]["name"] == "format_code"
    assert fmt["hooks"][0]["command"] == (
        "python3 ${GEMINI_PROJECT_DIR}/.claude/hooks/format_code.py"
    )
    assert fmt["hooks"][0]["timeout"] == 30000
    [mcp] = hooks["BeforeTool"]
    assert mcp["matcher"] == "mcp_github_.*"
    assert matches(mcp["matcher"], "BeforeTool", "mcp_github_create_issue", None)
    lost = _lost(result)
    assert ("PostToolUse", "matcher") in [(e, k) for e, k, _ in lost]
    assert any("NotebookEdit: Gemini CLI has no such tool" in r for _, _, r in lost)
    assert any(k == "option" and "async" in r for _, k, r in lost)
    # format_code.py reads Claude's tool_response.filePath
    assert any(k == "payload" and "reads tool_response" in r for _, k, r in _caveats(result))


def test_prompt_submit_stop_and_subagent_stop_are_all_kept(sandbox: Sandbox) -> None:
    _isolate_claude_home(sandbox)
    _project(sandbox, "prompt-and-stop.json")
    result = import_claude(sandbox.load())
    hooks = _written(sandbox)["hooks"]
    assert [h["name"] for d in hooks["BeforeAgent"] for h in d["hooks"]] == ["inject-context"]
    after_agent = [h for d in hooks["AfterAgent"] for h in d["hooks"]]
    # Gemini's migrate lets SubagentStop overwrite Stop; both are kept here.
    assert [(h["name"], h.get("timeout")) for h in after_agent] == [
        ("npm-test", 120000),
        ("log-subagent", 5000),
    ]
    lost = _lost(result)
    assert ("Stop", "hook-type") in [(e, k) for e, k, _ in lost]
    assert any(e == "SubagentStop" and "transcript_path" in r for e, _, r in _caveats(result))
    assert any("SubagentStop hooks became AfterAgent hooks" in n for n in result.notes)
    loaded = _hooks(sandbox)
    assert [loaded[n].order for n in ("npm-test", "log-subagent")] == [0, 1]


def test_session_triggers(sandbox: Sandbox) -> None:
    _isolate_claude_home(sandbox)
    _project(sandbox, "session.json", "settings.local.json")
    result = import_claude(sandbox.load())
    hooks = _written(sandbox)["hooks"]
    # Gemini compares trigger matchers exactly: a Claude list becomes one definition each.
    assert [d["matcher"] for d in hooks["SessionStart"]] == ["startup", "resume"]
    assert {h["name"] for d in hooks["SessionStart"] for h in d["hooks"]} == {"load-context"}
    assert hooks["SessionEnd"][0]["hooks"][0]["timeout"] == 15000
    assert "matcher" not in hooks["PreCompress"][0]  # manual|auto is every trigger
    lost = _lost(result)
    assert any(
        e == "SessionStart" and k == "matcher" and "no session after compressing" in r
        for e, k, r in lost
    )
    assert any("custom_instructions" in r for _, _, r in _caveats(result))
    loaded = sandbox.load()
    starts = [h for h in loaded.hooks if h.event == "SessionStart"]
    assert [matches(h.matcher, "SessionStart", None, "resume") for h in starts] == [False, True]


def test_user_settings_notifications_and_permission_requests(sandbox: Sandbox) -> None:
    home = _isolate_claude_home(sandbox)
    home.mkdir()
    shutil.copy(DATA / "notifications.json", home / "settings.json")
    sandbox.trust_folder()
    result = import_claude(sandbox.load(), scope="user")
    assert [s.kind for s in result.sources if s.exists] == ["user"]
    value = jsonc.parse(sandbox.user_settings.read_text())
    hooks = value["hooks"]
    assert [h["name"] for d in hooks["Notification"] for h in d["hooks"]] == ["notify-send"]
    assert "matcher" not in hooks["Notification"][0]
    [log] = hooks["BeforeTool"]
    assert log["matcher"] == "^(read_file|grep_search|glob|list_directory)$"  # not grep / ls
    assert log["hooks"][0]["timeout"] == 5000
    lost = _lost(result)
    assert any(e == "PermissionRequest" and k == "event" for e, k, _ in lost)
    assert any(e == "Notification" and "idle_prompt" in r for e, _, r in lost)
    loaded = _hooks(sandbox)
    assert loaded["log-tool"].scope == "user" and loaded["log-tool"].runs


def test_reads_claude_files_as_claude_does_and_imports_each_hook_once(
    sandbox: Sandbox,
) -> None:
    home = _isolate_claude_home(sandbox)
    home.mkdir()
    shutil.copy(DATA / "notifications.json", home / "settings.json")
    _project(sandbox, "bash-guard.json")
    _project(sandbox, "bash-guard.json", "settings.local.json")  # the same hooks twice
    result = import_claude(sandbox.load())
    assert [(s.kind, s.exists, s.hooks) for s in result.sources] == [
        ("local", True, 2),
        ("project", True, 2),
        ("user", True, 4),
    ]
    names = [r.name for r in result.imported]
    assert names == ["block-dangerous", "prettier", "notify-send", "log-tool"]
    assert any("came from your user Claude settings" in n for n in result.notes)


def test_import_adds_to_what_is_there_and_twice_changes_nothing(sandbox: Sandbox) -> None:
    _isolate_claude_home(sandbox)
    _project(sandbox, "bash-guard.json")
    original = (
        '{\r\n\t// my own hooks\r\n\t"hooks": {\r\n\t\t"BeforeTool": [\r\n'
        '\t\t\t{"matcher": "glob", "hooks": [{"name": "mine", "type": "command", '
        '"command": "echo mine"}]}\r\n\t\t]\r\n\t}\r\n}\r\n'
    )
    sandbox.write_workspace(original)
    first = import_claude(sandbox.load())
    text = sandbox.workspace_settings.read_bytes().decode()
    assert text.startswith(original[: original.index("}]}") + 3])  # own hooks untouched
    assert "\n" not in text.replace("\r\n", "")  # every line still ends in CRLF
    assert '\t\t\t\t"matcher": "^run_shell_command$"' in text  # tabs, like the file
    golden = GOLDEN / "bash-guard.crlf-tabs.json"
    if os.environ.get("HOOKDASH_UPDATE_GOLDEN"):
        golden.write_bytes(text.encode())
    assert text == golden.read_bytes().decode()
    assert [c.key for c in first.changes] == [
        "/hooks/BeforeTool/1/hooks/0",
        "/hooks/AfterTool/0/hooks/0",
    ]
    again = import_claude(sandbox.load())
    assert sandbox.workspace_settings.read_bytes().decode() == text
    assert not again.changed and [r.status for r in again.imported] == ["present", "present"]
    assert again.message.startswith("Nothing new to import: the 2 hook(s) are already in")


def test_dry_run_shows_the_diff_and_writes_nothing(sandbox: Sandbox) -> None:
    _isolate_claude_home(sandbox)
    _project(sandbox, "bash-guard.json")
    result = import_claude(sandbox.load(), dry_run=True)
    assert not sandbox.workspace_settings.exists()
    assert result.dry_run and not result.changed
    assert result.message.startswith("Would import 2 Claude Code hook(s)")
    assert result.diff.startswith("--- /dev/null\n+++ ~/project/.gemini/settings.json\n")
    assert '+            "timeout": 10000,\n' in result.diff


def test_names_do_not_clash_with_configured_hooks(sandbox: Sandbox) -> None:
    _isolate_claude_home(sandbox)
    _project(sandbox, "bash-guard.json")
    sandbox.write_user(
        {"hooks": {"AfterTool": [definition(command_hook("other", name="block-dangerous"))]}}
    )
    result = import_claude(sandbox.load())
    assert [r.name for r in result.imported] == ["block-dangerous-2", "prettier"]


def test_refusals(sandbox: Sandbox) -> None:
    _isolate_claude_home(sandbox)
    with pytest.raises(ClaudeSettingsError, match="No Claude Code settings found"):
        import_claude(sandbox.load())
    broken = sandbox.write(sandbox.root / "broken.json", '{"hooks": {,}}')
    with pytest.raises(ClaudeSettingsError, match="is not strict JSON"):
        import_claude(sandbox.load(), broken)
    assert not sandbox.workspace_settings.exists()


def test_a_file_claude_ignores_is_not_imported(sandbox: Sandbox) -> None:
    """Claude Code drops a settings file with a comment whole: its hooks never run there,
    so import leaves them out, loudly (a file named on the command line is refused)."""
    _isolate_claude_home(sandbox)
    _project(sandbox, "bash-guard.json")
    local = sandbox.write(
        sandbox.workspace / ".claude" / "settings.local.json",
        '{\n  // mine\n  "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x"}]}]}'
        "\n}\n",
    )
    result = import_claude(sandbox.load())
    assert "x" not in [r.command for r in result.imported]
    [note] = [n for n in result.not_carried if n.kind == "file"]
    assert note.reason.startswith("~/project/.claude/settings.local.json is not strict JSON")
    assert "at line 2, column 3: Claude Code ignores this file" in note.reason
    with pytest.raises(ClaudeSettingsError, match="Claude Code ignores this file"):
        import_claude(sandbox.load(), local)


def test_an_explicit_file(sandbox: Sandbox) -> None:
    _isolate_claude_home(sandbox)
    sandbox.trust_folder()
    result = import_claude(sandbox.load(), DATA / "session.json", "user")
    assert [s.kind for s in result.sources] == ["file"]
    assert {r.event for r in result.imported} == {"SessionStart", "SessionEnd", "PreCompress"}


@pytest.mark.parametrize(
    ("claude", "gemini"),
    [
        ("Bash", ["^run_shell_command$"]),
        ("Edit|Write", ["^(replace|write_file)$"]),
        ("Edit, MultiEdit", ["^replace$"]),
        ("Grep|LS", ["^(grep_search|list_directory)$"]),
        ("mcp__memory__create_entities", ["^mcp_memory_create_entities$"]),
        ("mcp__my_server__.*", ["mcp_my_server_.*"]),
        ("Notebook.*", ["Notebook.*"]),
        ("^(Bash|Edit)$", ["^(run_shell_command|replace)$"]),
        ("*", [None]),
        ("", [None]),
        ("NotebookEdit", []),
    ],
)
def test_tool_matchers(claude: str, gemini: list[str | None]) -> None:
    assert translate_tool_matcher(claude).matchers == gemini


@pytest.mark.parametrize(
    ("event", "claude", "gemini"),
    [
        ("SessionStart", "startup", ["startup"]),
        ("SessionStart", "startup|resume|clear", [None]),
        ("SessionStart", "startup|compact", ["startup"]),
        ("SessionStart", "compact", []),
        ("PreCompact", "manual", ["manual"]),
        ("SessionEnd", "prompt_input_exit|clear", [None]),
        ("SessionEnd", "logout", []),
        ("SessionStart", "start.*", ["startup"]),
    ],
)
def test_trigger_matchers(event: str, claude: str, gemini: list[str | None]) -> None:
    target = {"PreCompact": "PreCompress"}.get(event, event)
    assert translate_trigger_matcher(event, target, claude).matchers == gemini


@pytest.mark.parametrize(
    ("command", "name"),
    [
        ('"$CLAUDE_PROJECT_DIR"/.claude/hooks/block-dangerous.sh', "block-dangerous"),
        ("python3 ${CLAUDE_PROJECT_DIR}/.claude/hooks/format_code.py", "format_code"),
        ("jq -r '.tool_input.file_path' | xargs npx prettier --write", "prettier"),
        ("npm test --silent", "npm-test"),
        ("uv run ruff check", "ruff"),
        ("bash -c 'echo hi'", "bash"),
        ("FOO=1 ./scripts/x.sh", "x"),
    ],
)
def test_names_from_commands(command: str, name: str) -> None:
    assert name_from_command(command) == name


# ------------------------------------------------------------------ many hooks at once


class _NaiveBook:
    """NameBook as it was first written: try `base`, `base-2`… from the start every time
    (the reference its bookkeeping must agree with)."""

    def __init__(self, existing: list[tuple[str, str | None]]):
        self.existing: dict[str, list[str | None]] = {}
        for identifier, command in existing:
            self.existing.setdefault(identifier, []).append(command)
        self.given: dict[str, str] = {}

    def free(self, name: str, command: str) -> bool:
        if name in self.given:
            return self.given[name] == command
        return all(c == command for c in self.existing.get(name, []))

    def name(self, base: str, command: str) -> str:
        candidate, n = base, 1
        while not self.free(candidate, command):
            n += 1
            candidate = f"{base}-{n}"
        self.given[candidate] = command
        return candidate


_BASES = st.sampled_from(["echo", "echo-2", "x", "x-3"])
_COMMANDS = st.sampled_from(["a", "b", "c", "d"])
_NAMES = st.sampled_from(["echo", "echo-2", "echo-3", "echo-2-2", "x", "x-2", "x-3", "x-3-2"])


@settings(max_examples=examples(3))
@given(
    st.lists(st.tuples(_NAMES, st.one_of(st.none(), _COMMANDS)), max_size=6),
    st.lists(st.tuples(_BASES, _COMMANDS), max_size=12),
)
def test_names_are_the_first_free_ones(
    existing: list[tuple[str, str | None]], asked: list[tuple[str, str]]
) -> None:
    book, naive = NameBook(existing), _NaiveBook(existing)
    assert [book.name(*a) for a in asked] == [naive.name(*a) for a in asked]


def test_names_for_many_hooks_of_one_program_take_few_tries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """2,000 Claude hooks running `echo …` all want the name "echo": trying echo, echo-2…
    from the start for each took 2 million tries."""
    tries = 0
    free = NameBook._free

    def counted(self: NameBook, name: str, command: str) -> bool:
        nonlocal tries
        tries += 1
        return free(self, name, command)

    monkeypatch.setattr(NameBook, "_free", counted)
    n = 2000
    book = NameBook([("echo", "other"), ("echo-3", "echo 5")])
    names = [book.name("echo", f"echo {i}") for i in range(n)]
    assert names[:6] == ["echo-2", "echo-4", "echo-5", "echo-6", "echo-7", "echo-3"]
    assert names[-1] == f"echo-{n + 1}"
    assert book.name("echo", "echo 7") == "echo-9"  # the same command: the same name
    assert tries < 3 * n, tries


def _claude_settings(count: int) -> dict[str, Any]:
    events = ["PreToolUse", "PostToolUse", "Stop", "SessionStart", "UserPromptSubmit"]
    hooks: dict[str, list[dict[str, Any]]] = {}
    for i in range(count):
        event = events[i % len(events)]
        entry: dict[str, Any] = {"hooks": [{"type": "command", "command": f"echo hook-{i}"}]}
        if event in ("PreToolUse", "PostToolUse"):
            entry["matcher"] = ["Bash", "Edit|Write", "Read"][i % 3]
        hooks.setdefault(event, []).append(entry)
    return {"hooks": hooks}


def test_importing_many_hooks_takes_linear_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each hook used to be spliced into the file on its own, the file parsed and mapped
    again for each: 2,000 hooks took 95 s."""

    def prepare(n: int) -> Callable[[], object]:
        box = Sandbox(tmp_path / str(n), monkeypatch)
        box.trust_folder()
        source = box.write(box.root / "claude.json", _claude_settings(n))
        box.write_workspace(
            '{\n  // kept\n  "hooks": {"BeforeTool": [{"matcher": "^run_shell_command$", '
            '"hooks": []}]}\n}\n'
        )
        config = load_configuration(resolve_environment(box.workspace, environ=box.environ))

        def run() -> None:
            result = import_claude(config, source, dry_run=True)
            assert sum(r.status == "added" for r in result.imported) == n

        return run

    ratio = growth(prepare, 100, repeat=2)
    assert ratio < LINEAR_BOUND, f"{FACTOR}x the hooks took {ratio:.1f}x as long"


def test_many_hooks_land_where_one_at_a_time_put_them(sandbox: Sandbox) -> None:
    """The batch gives the file, rows and pointers adding each hook in turn gave: into the
    last definition with the hook's matcher, else a new definition per matcher."""
    _isolate_claude_home(sandbox)
    sandbox.trust_folder()
    source = sandbox.write(sandbox.root / "claude.json", _claude_settings(30))
    start = (
        '{\n  "hooks": {\n    "BeforeTool": [\n      {"matcher": "^run_shell_command$", '
        '"hooks": [{"type": "command", "command": "echo hook-0"}]}, // there already\n'
        '      {"matcher": "^(replace|write_file)$", "hooks": []}\n    ]\n  }\n}\n'
    )
    sandbox.write_workspace(start)
    result = import_claude(sandbox.load(), source)
    text = sandbox.workspace_settings.read_text()
    one_by_one = start
    added = [r for r in result.imported if r.status == "added"]
    assert len(added) == len(result.changes) == 29
    for row, change in zip(added, result.changes, strict=True):
        edit = add_hook(one_by_one, row.event, change.value, row.matcher, False)
        assert edit.path is not None and edit.path.pointer == row.pointer == change.key
        one_by_one = edit.text
    assert text == one_by_one
    assert [r.status for r in result.imported][:2] == ["present", "added"]
    assert result.imported[0].pointer == "/hooks/BeforeTool/0/hooks/0"
