"""Shared fixtures: a sandboxed Gemini CLI installation in tmp_path (never the real home)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

import hookdash.core.problems as problems_module
from hookdash.core.demo import FOREIGN_VARIABLES
from hookdash.core.hosts.gemini.environment import GeminiEnvironment, resolve_environment
from hookdash.core.load.loader import load_configuration
from hookdash.core.model import Configuration

# Variables of the real environment that would change what Gemini (and hookdash) sees: the
# ones the demo leaves out, and NO_COLOR (the sandbox sets its own).
_LEAKY = (*FOREIGN_VARIABLES, "NO_COLOR")

# How many examples a property test tries: quick by default; one variable makes every
# property test a soak (HOOKDASH_PROPERTY_EXAMPLES=5000 pytest tests).
PROPERTY_EXAMPLES = int(os.environ.get("HOOKDASH_PROPERTY_EXAMPLES", "100"))

# No deadline and no too-slow check: on a shared machine a slow draw says nothing about
# hookdash. A test's own @settings overrides the example count.
settings.register_profile(
    "hookdash",
    max_examples=PROPERTY_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("hookdash")

# Every Problem a test makes must carry a code of the rule catalogue (core.rules).
problems_module.STRICT_CODES = True


def examples(weight: float = 1.0) -> int:
    """PROPERTY_EXAMPLES times `weight`: a cheap property can afford more tries."""
    return max(1, round(PROPERTY_EXAMPLES * weight))


# The console script installed with this venv: the tests run hookdash the way users do.
HOOKDASH = Path(sys.executable).parent / "hookdash"


class SettingsFiles:
    """Where Gemini CLI reads its four settings files on a fake machine. Written out from the
    spec (not asked of hookdash) so that the tests stay an independent check of its paths."""

    home: Path
    workspace: Path
    system_dir: Path

    @property
    def user_settings(self) -> Path:
        return self.home / ".gemini" / "settings.json"

    @property
    def workspace_settings(self) -> Path:
        return self.workspace / ".gemini" / "settings.json"

    @property
    def system_settings(self) -> Path:
        return self.system_dir / "settings.json"

    @property
    def system_defaults(self) -> Path:
        return self.system_dir / "system-defaults.json"


@dataclass
class Sandbox(SettingsFiles):
    """A fake machine: home, a project under it, system files and hookdash state."""

    root: Path
    monkeypatch: pytest.MonkeyPatch
    home: Path = field(init=False)
    workspace: Path = field(init=False)
    system_dir: Path = field(init=False)
    state: Path = field(init=False)
    gemini_cli_path: Path = field(init=False)

    def __post_init__(self) -> None:
        self.home = self.root / "home"
        self.workspace = self.home / "project"
        self.system_dir = self.root / "etc" / "gemini-cli"
        self.state = self.root / "state"
        # No Gemini CLI installed: hookdash models its reference version, whatever this
        # machine has on PATH (`install_gemini` puts a fake one in place).
        self.gemini_cli_path = self.root / "no-gemini-cli"
        for d in (self.home / ".gemini", self.workspace, self.system_dir, self.state):
            d.mkdir(parents=True, exist_ok=True)

    # --- environment ---------------------------------------------------------------
    @property
    def environ(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in _LEAKY}
        env.update(
            # The person's home is the fake machine's: a hook's `~/x.sh`, `$HOME` and
            # every agent's default folder point into it, never at this machine's home.
            HOME=str(self.home),
            GEMINI_CLI_HOME=str(self.home),
            GEMINI_CLI_SYSTEM_SETTINGS_PATH=str(self.system_dir / "settings.json"),
            GEMINI_CLI_SYSTEM_DEFAULTS_PATH=str(self.system_dir / "system-defaults.json"),
            HOOKDASH_STATE_DIR=str(self.state),
            # The agents' user files the baseline watches (~/.cursor, ~/.codex, …).
            HOOKDASH_AGENTS_HOME=str(self.home),
            NO_COLOR="1",
            GEMINI_CLI_PATH=str(self.gemini_cli_path),
            # Claude Code's files are the fake machine's too (list and check read every
            # host that has a file): its user settings and its managed directory.
            CLAUDE_CONFIG_DIR=str(self.home / ".claude"),
            HOOKDASH_CLAUDE_MANAGED_DIR=str(self.root / "managed"),
            # And Codex CLI's: its home and the folder that stands for /etc/codex; no
            # `codex` binary (trust then edits the user's config.toml).
            CODEX_HOME=str(self.home / ".codex"),
            HOOKDASH_CODEX_SYSTEM_DIR=str(self.root / "etc-codex"),
            HOOKDASH_CODEX="",
        )
        return env

    def set_env(self, name: str, value: str | None) -> None:
        if value is None:
            self.monkeypatch.delenv(name, raising=False)
        else:
            self.monkeypatch.setenv(name, value)

    def env(self, workspace: Path | None = None) -> GeminiEnvironment:
        return resolve_environment(workspace or self.workspace, environ=dict(os.environ))

    def load(self, workspace: Path | None = None) -> Configuration:
        return load_configuration(self.env(workspace))

    def install_gemini(self, version: str) -> Path:
        """A fake npm install of @google/gemini-cli `version` (its package.json and entry
        script, as npm lays them out), named by GEMINI_CLI_PATH."""
        package = self.root / f"gemini-{version}" / "node_modules" / "@google" / "gemini-cli"
        self.write(package / "package.json", {"name": "@google/gemini-cli", "version": version})
        script = self.write(package / "bundle" / "gemini.js", "#!/usr/bin/env node\n")
        script.chmod(0o755)
        self.gemini_cli_path = script
        self.set_env("GEMINI_CLI_PATH", str(script))
        return script

    def allow_system_files(self) -> None:
        """Pretend the system files are root-owned and locked down (tmp_path is not)."""
        self.monkeypatch.setattr(
            "hookdash.core.hosts.gemini.layers.system_file_insecurity", lambda p: None
        )

    # --- files ---------------------------------------------------------------------
    @staticmethod
    def write(path: Path, content: Any) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        text = content if isinstance(content, str) else json.dumps(content, indent=2)
        path.write_bytes(text.encode())  # byte for byte: a CRLF file stays CRLF
        return path

    def write_user(self, content: Any) -> Path:
        return self.write(self.user_settings, content)

    def write_workspace(self, content: Any) -> Path:
        return self.write(self.workspace_settings, content)

    def write_system(self, content: Any) -> Path:
        return self.write(self.system_settings, content)

    def write_system_defaults(self, content: Any) -> Path:
        return self.write(self.system_defaults, content)

    def trust_folder(self, path: Path | None = None, level: str = "TRUST_FOLDER") -> None:
        trusted = self.home / ".gemini" / "trustedFolders.json"
        rules = json.loads(trusted.read_text()) if trusted.exists() else {}
        rules[str(path or self.workspace)] = level
        self.write(trusted, rules)

    def write_trusted_hooks(self, store: dict[str, list[str]]) -> Path:
        return self.write(self.home / ".gemini" / "trusted_hooks.json", store)

    def add_extension(
        self,
        name: str,
        hooks: dict[str, Any] | None = None,
        *,
        directory: str | None = None,
        manifest: dict[str, Any] | None = None,
        hooks_text: str | None = None,
    ) -> Path:
        ext = self.home / ".gemini" / "extensions" / (directory or name)
        self.write(
            ext / "gemini-extension.json", {"name": name, "version": "1.0.0", **(manifest or {})}
        )
        if hooks_text is not None:
            self.write(ext / "hooks" / "hooks.json", hooks_text)
        elif hooks is not None:
            self.write(ext / "hooks" / "hooks.json", {"hooks": hooks})
        return ext

    def script(self, relative: str, body: str, executable: bool = True) -> Path:
        path = self.workspace / relative
        self.write(path, "#!/usr/bin/env bash\n" + body + "\n")
        path.chmod(0o755 if executable else 0o644)
        return path

    # --- the console script ----------------------------------------------------------
    def cli(
        self, *args: str, input: str | None = None, timeout: float = 60, **options: Any
    ) -> subprocess.CompletedProcess[str]:
        """Run `hookdash args` in the project, as a user would; `options` go to
        subprocess.run (another env, a umask)."""
        options.setdefault("env", self.environ)
        return subprocess.run(
            [str(HOOKDASH), *args], cwd=self.workspace, input=input, text=True,
            capture_output=True, timeout=timeout, **options,
        )  # fmt: skip

    def python(self, code: str) -> subprocess.CompletedProcess[str]:
        """`code` run by a fresh interpreter in the project with the sandbox's environment
        (what a start-up test watches: what one command imports)."""
        return subprocess.run(
            [sys.executable, "-c", code], cwd=self.workspace, env=self.environ,
            capture_output=True, text=True, check=False,
        )  # fmt: skip

    def spawn(self, *args: str) -> subprocess.Popen[str]:
        """Start `hookdash args` in the project and leave it running, its output piped:
        for the tests that watch a command while it works (follow, signals)."""
        return subprocess.Popen(
            [str(HOOKDASH), *args], cwd=self.workspace, env=self.environ, text=True,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )  # fmt: skip


@pytest.fixture
def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Sandbox]:
    box = Sandbox(tmp_path, monkeypatch)
    for name in _LEAKY:
        monkeypatch.delenv(name, raising=False)
    for name, value in box.environ.items():
        if name == "HOME" or name.startswith(
            ("GEMINI_CLI_", "HOOKDASH_", "CLAUDE_CONFIG_DIR", "CODEX_HOME")
        ):
            monkeypatch.setenv(name, value)
    yield box


def command_hook(command: str, name: str | None = None, **extra: Any) -> dict[str, Any]:
    hook: dict[str, Any] = {"type": "command", "command": command}
    if name is not None:
        hook["name"] = name
    hook.update(extra)
    return hook


def definition(*hooks: dict[str, Any], matcher: str | None = None, **extra: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"hooks": list(hooks)}
    if matcher is not None:
        d["matcher"] = matcher
    d.update(extra)
    return d


def settings_of(*definitions: Any, event: str = "BeforeTool") -> dict[str, Any]:
    """A settings document whose only hooks are these definitions under `event`."""
    return {"hooks": {event: list(definitions)}}


def settings_with(
    *hooks: dict[str, Any], event: str = "BeforeTool", matcher: str | None = None, **extra: Any
) -> dict[str, Any]:
    """A settings document with one definition of `hooks` under `event`: the shape most
    tests write, said once so that each test shows only its hooks."""
    return settings_of(definition(*hooks, matcher=matcher, **extra), event=event)


# --- waiting ---------------------------------------------------------------------------
# A test waits on a condition it polls, never on a fixed sleep. The limit only stops a test
# that would hang: generous, since a loaded machine is slow.
WAIT_LIMIT = 20.0


async def until(
    condition: Callable[[], object], timeout: float = WAIT_LIMIT, what: str = "the condition"
) -> None:
    """Poll `condition` every 20 ms without blocking the event loop."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.02)


def wait_for(
    condition: Callable[[], object], what: str = "the condition", timeout: float = WAIT_LIMIT
) -> None:
    """`until` for a test without an event loop (one that watches a subprocess)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: fine without it
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: two workers per core. The tests mostly wait (on hooks and other
    processes, the dashboard's event loop), so one per core leaves the cores half idle:
    on two cores, 84 s instead of 111 s for the whole suite."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(2, min(8, 2 * (cores or 1)))
