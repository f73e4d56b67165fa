"""Amp's plugins (`.amp/plugins/*.ts`, per Amp's documentation): code it runs at start."""

from __future__ import annotations

from tests.core.scan.conftest import Repo


def test_amp_plugins(repo: Repo) -> None:
    repo.write(
        ".amp/plugins/guard.ts", "export default function (amp) { amp.on('tool.call', () => {}) }\n"
    )
    repo.write(".amp/plugins/notes.txt", "no")
    [hook] = [h for h in repo.scan().hooks if h.agent == "amp"]
    assert (hook.file, hook.kind, hook.field) == (".amp/plugins/guard.ts", "plugin", "file")
    assert hook.risks[0].kind == "opaque" and not hook.understood
    assert "documentation" in hook.runs_when
