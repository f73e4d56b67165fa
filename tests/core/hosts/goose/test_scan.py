"""Goose plugins' hooks (`.agents/plugins/<name>/hooks/hooks.json`, per Goose's
documentation), read with one listing of `.agents/plugins/`."""

from __future__ import annotations

from tests.core.scan.conftest import Repo


def test_goose_plugin_hooks(repo: Repo) -> None:
    repo.write(
        ".agents/plugins/fmt/hooks/hooks.json",
        {
            "hooks": {
                "PostToolUse": [
                    {"matcher": "edit", "hooks": [{"type": "command", "command": "make fmt"}]}
                ]
            }
        },
    )
    repo.write(".agents/plugins/empty/README.md", "no hooks")
    [hook] = [h for h in repo.scan().hooks if h.agent == "goose"]
    assert (hook.file, hook.event, hook.matcher, hook.command) == (
        ".agents/plugins/fmt/hooks/hooks.json",
        "PostToolUse",
        "edit",
        "make fmt",
    )
