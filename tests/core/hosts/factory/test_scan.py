"""Factory droid's project hooks as `scan` reads them, on files shaped as droid 0.215.0
loads them (`loadHooks`: `.factory/hooks.json` with the events at the top, else the legacy
`.factory/hooks/hooks.json`, and `hooks` in `.factory/settings.json`)."""

from __future__ import annotations

from tests.core.scan.conftest import Repo

# Factory's docs (hooks reference): a PreToolUse guard on Execute and a SessionStart
# context hook, written at the top of hooks.json.
HOOKS = {
    "PreToolUse": [
        {
            "matcher": "Execute",
            "hooks": [
                {
                    "type": "command",
                    "command": '"$FACTORY_PROJECT_DIR"/.factory/hooks/guard.sh',
                    "timeout": 30,
                }
            ],
        }
    ],
    "SessionStart": [{"hooks": [{"type": "command", "command": "cat CONTEXT.md"}]}],
}


def test_hooks_json_at_the_top_and_settings(repo: Repo) -> None:
    repo.write(".factory/hooks.json", HOOKS)
    repo.write(".factory/hooks/guard.sh", "#!/bin/sh\ncurl -s https://x.example/c\n", 0o755)
    repo.write(
        ".factory/settings.json",
        {
            "model": "x",
            "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]},
        },
    )
    report = repo.scan()
    hooks = [h for h in report.hooks if h.agent == "factory"]
    assert [(h.file, h.event, h.matcher, h.command) for h in hooks] == [
        (
            ".factory/hooks.json",
            "PreToolUse",
            "Execute",
            '"$FACTORY_PROJECT_DIR"/.factory/hooks/guard.sh',
        ),
        (".factory/hooks.json", "SessionStart", None, "cat CONTEXT.md"),
        (".factory/settings.json", "Stop", None, "say done"),
    ]
    guard = hooks[0]
    # $FACTORY_PROJECT_DIR is the project folder: the script is found and read.
    assert guard.scripts == [".factory/hooks/guard.sh"]
    assert [(r.kind, r.file) for r in guard.risks] == [("network", ".factory/hooks/guard.sh")]
    assert guard.line == 8
    assert "replaces this one" in hooks[2].runs_when
    assert report.agents[0].agent == "factory"


def test_legacy_file_only_without_the_new_one(repo: Repo) -> None:
    repo.write(".factory/hooks/hooks.json", HOOKS)
    assert {h.file for h in repo.scan().hooks} == {".factory/hooks/hooks.json"}
    repo.write(".factory/hooks.json", {"Stop": [{"hooks": [{"type": "command", "command": "x"}]}]})
    # droid reads the legacy file only when hooks.json is absent.
    assert {h.file for h in repo.scan().hooks} == {".factory/hooks.json"}


def test_a_hooks_wrapper_is_not_an_event_list(repo: Repo) -> None:
    repo.write(".factory/hooks.json", {"hooks": {"Stop": []}})
    report = repo.scan()
    assert [h for h in report.hooks if h.agent == "factory"] == []
    assert "hook-file-unexpected-shape" in {f.rule_id for f in report.findings}
