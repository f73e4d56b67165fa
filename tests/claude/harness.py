"""One Claude Code world per test: a home, a project, the settings layers, tracing hooks,
and a headless `claude -p` run against the loopback API stand-in (api_stub).

Every hook is a small tracing script: it writes the JSON it got on stdin to a file named
after its label, so a test reads which hooks ran, how often, and with what payload. Claude
runs with HOME and CLAUDE_CONFIG_DIR in the world, `ANTHROPIC_BASE_URL` at the stand-in,
`CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1`, and no other variable of the machine's but
PATH and LANG: nothing of the real home is read or written.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tests.agent_run import Ran, clear_traces, in_private_etc, read_traces, run_agent, with_changes
from tests.claude.api_stub import Stub

TRACE_SCRIPT = """#!/bin/bash
# A hook of the harness: keep what Claude Code sent, under this hook's label.
label="$1"
cat > "$HOOKDASH_TRACE_DIR/$label.$$.$RANDOM.json"
exit "${2:-0}"
"""
RUN_TIMEOUT_S = 90.0
MARKETPLACE = "hookdash-test"


class World:
    def __init__(self, root: Path, claude: Path, stub: Stub):
        self.root = root
        self.claude = claude
        self.stub = stub
        self.home = root / "home"
        self.config_dir = self.home / ".claude"
        self.project = self.home / "project"
        self.trace_dir = root / "traces"
        self.bin = root / "bin"
        for directory in (self.config_dir, self.project / ".claude", self.trace_dir, self.bin):
            directory.mkdir(parents=True, exist_ok=True)
        self.etc_upper = root / "etc-overlay" / "upper"  # what /etc/claude-code holds
        self.tracer = self.bin / "trace.sh"
        self.tracer.write_text(TRACE_SCRIPT)
        self.tracer.chmod(0o755)
        self.env: dict[str, str] = {}  # more variables for claude (e.g. SHELL)

    # ------------------------------------------------------------------ settings

    def hook(self, label: str, exit_code: int = 0, **fields: Any) -> dict[str, Any]:
        """A command hook that records its run under `label`."""
        command = f"{self.tracer} {label}" + (f" {exit_code}" if exit_code else "")
        return {"type": "command", "command": command, **fields}

    @property
    def user_settings(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def project_settings(self) -> Path:
        return self.project / ".claude" / "settings.json"

    @property
    def local_settings(self) -> Path:
        return self.project / ".claude" / "settings.local.json"

    @property
    def managed_dir(self) -> Path:
        """Where the managed layer is written; the run shows it at /etc/claude-code."""
        return self.etc_upper / "claude-code"

    def write(self, path: Path, content: Any) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        text = content if isinstance(content, str) else json.dumps(content, indent=2)
        path.write_text(text)
        return path

    # ------------------------------------------------------------------ plugins

    @property
    def plugins_dir(self) -> Path:
        return self.config_dir / "plugins"

    def install_plugin(
        self,
        name: str,
        hooks: dict[str, Any] | None = None,
        *,
        marketplace: str = MARKETPLACE,
        version: str = "1.0.0",
        manifest: dict[str, Any] | None = None,
        scope: str = "user",
        project_path: Path | None = None,
        github: bool = False,
    ) -> Path:
        """Install plugin `name@marketplace` as `claude plugin marketplace add` and `claude
        plugin install` of 2.1.332 do (observed-2.1.332.md, "Plugins"): the marketplace in
        known_marketplaces.json with its marketplace.json listing the plugin, the plugin
        copied to plugins/cache/MARKETPLACE/NAME/VERSION, the install recorded in
        installed_plugins.json (version 2). A local `directory` marketplace by default;
        `github` makes it one cloned under plugins/marketplaces (no network is asked).
        `hooks` is its hooks/hooks.json; `manifest` adds to its .claude-plugin/plugin.json.
        Enabling it is the settings' job (`enable`). Returns the folder Claude Code reads
        the plugin from (what ${CLAUDE_PLUGIN_ROOT} is): the marketplace's own copy for a
        directory marketplace, the cache copy otherwise."""
        if github:
            source = self.plugins_dir / "marketplaces" / marketplace
            where: dict[str, Any] = {"source": "github", "repo": f"hookdash/{marketplace}"}
        else:
            source = self.root / "marketplaces" / marketplace
            where = {"source": "directory", "path": str(source)}
        listing = self._json(source / ".claude-plugin" / "marketplace.json") or {
            "name": marketplace,
            "owner": {"name": "hookdash harness"},
            "plugins": [],
        }
        listing["plugins"].append({"name": name, "source": f"./plugins/{name}", "version": version})
        self.write(source / ".claude-plugin" / "marketplace.json", listing)
        known_path = self.plugins_dir / "known_marketplaces.json"
        known = self._json(known_path) or {}
        known[marketplace] = {
            "source": where,
            "installLocation": str(source),
            "lastUpdated": "2026-01-01T00:00:00.000Z",
        }
        self.write(known_path, known)
        cache = self.plugins_dir / "cache" / marketplace / name / version
        for directory in (source / "plugins" / name, cache):
            self.write(
                directory / ".claude-plugin" / "plugin.json",
                {"name": name, "version": version, "description": "a harness plugin"}
                | (manifest or {}),
            )
            if hooks is not None:
                self.write(directory / "hooks" / "hooks.json", {"hooks": hooks})
        installed_path = self.plugins_dir / "installed_plugins.json"
        installed = self._json(installed_path) or {"version": 2, "plugins": {}}
        entry: dict[str, Any] = {
            "scope": scope,
            "installPath": str(cache),
            "version": version,
            "installedAt": "2026-01-01T00:00:00.000Z",
            "lastUpdated": "2026-01-01T00:00:00.000Z",
        }
        if project_path is not None:
            entry["projectPath"] = str(project_path)
        installed["plugins"].setdefault(f"{name}@{marketplace}", []).append(entry)
        self.write(installed_path, installed)
        return cache if github else source / "plugins" / name

    def enable(self, path: Path, plugins: dict[str, Any], **more: Any) -> Path:
        """Merge `enabledPlugins` (and `more` keys) into the settings file at `path`."""
        settings = self._json(path) or {}
        settings.setdefault("enabledPlugins", {}).update(plugins)
        settings.update(more)
        return self.write(path, settings)

    @staticmethod
    def _json(path: Path) -> Any:
        return json.loads(path.read_text()) if path.exists() else None

    # ------------------------------------------------------------------ running

    def environ(self) -> dict[str, str]:
        return {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LANG": "C.UTF-8",
            "HOME": str(self.home),
            "CLAUDE_CONFIG_DIR": str(self.config_dir),
            "ANTHROPIC_BASE_URL": self.stub.url,
            "ANTHROPIC_API_KEY": "sk-ant-hookdash-harness",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_AUTOUPDATER": "1",
            "HOOKDASH_TRACE_DIR": str(self.trace_dir),
            **self.env,
        }

    def run(
        self,
        prompt: str = "run the marker command",
        cwd: Path | None = None,
        allowed: str = "Bash",
        argv: list[str] | None = None,
        env: dict[str, str | None] | None = None,
    ) -> Ran:
        """`claude -p PROMPT --output-format json --allowedTools ALLOWED` in the project;
        `env` adds variables to the run's environment (None removes one)."""
        clear_traces(self.trace_dir)
        command = argv or [
            str(self.claude),
            "-p",
            prompt,
            "--output-format",
            "json",
            "--allowedTools",
            allowed,
        ]
        if self.managed_dir.exists():
            command = in_private_etc(command, self.etc_upper)
        environ = with_changes(self.environ(), env or {})
        done, seconds = run_agent(command, cwd or self.project, environ, RUN_TIMEOUT_S)
        return Ran(done.returncode, done.stdout, done.stderr, seconds, read_traces(self.trace_dir))
