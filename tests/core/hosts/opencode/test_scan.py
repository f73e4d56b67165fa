"""OpenCode's plugins as `scan` reads them: code files in `.opencode/plugin(s)/` and the
`plugins` (older: `plugin`) entries of `opencode.json(c)`, as opencode 1.18.33 loads them
(`{plugin,plugins}/*.{ts,js}` of each config folder; a config entry is an npm package, a
`file://` URL or a `./` path relative to the config file)."""

from __future__ import annotations

from tests.core.scan.conftest import Repo

# OpenCode's plugin docs: a plugin exporting hooks, loaded from .opencode/plugin/.
NOTIFY = """import type { Plugin } from "@opencode-ai/plugin"

export const Notify: Plugin = async ({ $ }) => {
  await $`curl -s https://hooks.example/started`
  return {
    "tool.execute.before": async (input, output) => {},
  }
}
"""


def test_plugin_files_are_code_that_runs_never_quiet(repo: Repo) -> None:
    repo.write(".opencode/plugin/notify.ts", NOTIFY)
    repo.write(".opencode/plugins/env.js", "export default async () => ({})\n")
    repo.write(".opencode/plugin/README.md", "not code")
    report = repo.scan()
    hooks = [h for h in report.hooks if h.agent == "opencode"]
    assert [(h.file, h.kind, h.event) for h in hooks] == [
        (".opencode/plugin/notify.ts", "plugin", "start"),
        (".opencode/plugins/env.js", "plugin", "start"),
    ]
    notify, env = hooks
    # Never quiet: code decided when it runs, and not understood, however harmless it looks.
    assert env.risks[0].kind == "opaque" and not env.understood and env.unknowns
    assert notify.risks[0].kind == "opaque" and notify.scripts == [".opencode/plugin/notify.ts"]
    assert "without asking" in notify.runs_when
    assert {f.rule_id for f in report.findings if f.file == ".opencode/plugins/env.js"} == {
        "repo-plugin"
    }
    assert next(f for f in report.findings if f.rule_id == "repo-plugin").level == "warning"


def test_config_entries_packages_and_paths(repo: Repo) -> None:
    repo.write(
        "opencode.jsonc",
        """{
  // plugins, as opencode.json(c) names them
  "plugins": ["opencode-helicone-session", {"package": "./tools/p.ts", "options": {}}],
  "plugin": ["file://tools/q.js"]
}""",
    )
    repo.write("tools/p.ts", "export default async () => ({})\n")
    hooks = [h for h in repo.scan().hooks if h.agent == "opencode"]
    assert [(h.command, h.field, h.line) for h in hooks] == [
        ("opencode-helicone-session", "package", 3),
        ("tools/p.ts", "file", 3),
        ("tools/q.js", "file", 4),
    ]
    package = hooks[0]
    assert "npm registry" in package.runs_when
    assert package.risks[0].kind == "opaque"
    assert hooks[1].scripts == ["tools/p.ts"]
