"""Kiro's agent hooks (`.kiro/hooks/*.kiro.hook` and `*.json`, per Kiro's documentation):
runCommand hooks run a command; askAgent hooks only prompt the model."""

from __future__ import annotations

from tests.core.scan.conftest import Repo

LINT = {
    "enabled": True,
    "name": "Lint on save",
    "description": "Run the linter when a TypeScript file is saved",
    "version": "1",
    "when": {"type": "fileEdited", "patterns": ["**/*.ts", "**/*.tsx"]},
    "then": {"type": "runCommand", "command": "npx eslint --fix ."},
}
ASK = {
    "name": "Docs",
    "version": "1",
    "when": {"type": "fileCreated", "patterns": ["src/**"]},
    "then": {"type": "askAgent", "prompt": "Write docs for the new file"},
}


def test_kiro_hooks(repo: Repo) -> None:
    repo.write(".kiro/hooks/lint.kiro.hook", LINT)
    repo.write(".kiro/hooks/docs.kiro.hook", ASK)
    repo.write(".kiro/hooks/off.json", {**LINT, "enabled": False, "name": "Off"})
    hooks = [h for h in repo.scan().hooks if h.agent == "kiro"]
    assert [(h.file, h.event, h.matcher, h.name, h.command) for h in hooks] == [
        (
            ".kiro/hooks/lint.kiro.hook",
            "fileEdited",
            "**/*.ts|**/*.tsx",
            "Lint on save",
            "npx eslint --fix .",
        ),
        (".kiro/hooks/off.json", "fileEdited", "**/*.ts|**/*.tsx", "Off", "npx eslint --fix ."),
    ]
    assert hooks[0].line == 15  # json.dumps(indent=2): the patterns list takes 4 lines
    assert '"enabled": false' in hooks[1].runs_when
