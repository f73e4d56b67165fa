"""The bundled demo: a small, realistic Gemini CLI and Claude Code setup copied to a
temporary home.

`hookdash demo` shows it. Nothing of the user's is read or written: the copy has its own
home (GEMINI_CLI_HOME), system settings paths and hookdash state directory, and the app
is given an environment that points at them. The files that must name the copy's
absolute paths (trustedFolders.json, trusted_hooks.json, the telemetry log) are written
at copy time.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from hookdash.core.hosts.gemini import hook_trust
from hookdash.core.hosts.gemini.environment import GeminiEnvironment, resolve_environment
from hookdash.core.load.loader import load_configuration

DEMO_DATA = Path(__file__).resolve().parent.parent / "demo"
WORKSPACE = Path("projects") / "shop-api"
SYSTEM_SETTINGS = Path("etc") / "gemini-cli" / "settings.json"
SYSTEM_DEFAULTS = Path("etc") / "gemini-cli" / "system-defaults.json"
STATE_DIR = Path(".local") / "state" / "hookdash"
TELEMETRY_LOG = Path(".gemini") / "telemetry.log"
CLAUDE_MANAGED_DIR = Path("etc") / "claude-code"  # (left empty: no managed settings)

# Workspace hooks the demo's trusted_hooks.json leaves out (shown as NEW) ...
UNTRUSTED = frozenset({"prompt-stats"})
# ... and those it records with an older command (shown as CHANGED).
TRUSTED_BEFORE_CHANGE = {"lint-on-write": "python3 .gemini/hooks/lint_on_write.py --check"}

# Environment variables that would change what the demo shows (they point Gemini at
# other files, or force a trust or telemetry decision).
FOREIGN_VARIABLES = (
    "GEMINI_CLI_TRUST_WORKSPACE",
    "GEMINI_CLI_TRUSTED_FOLDERS_PATH",
    "GEMINI_TELEMETRY_ENABLED",
    "GEMINI_TELEMETRY_OUTFILE",
    "GEMINI_TELEMETRY_TARGET",
    "GEMINI_TELEMETRY_LOG_PROMPTS",
)


@dataclass(frozen=True)
class DemoEnvironment:
    """A copy of the demo: its home directory and the environment that points at it."""

    root: Path  # the demo's home directory (GEMINI_CLI_HOME)
    environ: Mapping[str, str] = field(repr=False)

    @property
    def workspace(self) -> Path:
        return self.root / WORKSPACE

    @property
    def env(self) -> GeminiEnvironment:
        return resolve_environment(self.workspace, environ=self.environ)

    def cleanup(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def demo_environ(root: Path, base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The process environment with every Gemini and hookdash path moved into `root`."""
    environ = {
        k: v for k, v in (os.environ if base is None else base).items()
        if k not in FOREIGN_VARIABLES
    }  # fmt: skip
    environ.update(
        GEMINI_CLI_HOME=str(root),
        GEMINI_CLI_SYSTEM_SETTINGS_PATH=str(root / SYSTEM_SETTINGS),
        GEMINI_CLI_SYSTEM_DEFAULTS_PATH=str(root / SYSTEM_DEFAULTS),
        HOOKDASH_STATE_DIR=str(root / STATE_DIR),
        # Claude Code's user settings and folder trust (its hooks in the dashboard, the
        # import `I`): the demo's, never yours; no managed settings.
        CLAUDE_CONFIG_DIR=str(root / ".claude"),
        HOOKDASH_CLAUDE_MANAGED_DIR=str(root / CLAUDE_MANAGED_DIR),
        # Claude Code's home is $HOME (its ~/.claude.json, and `~` in what a Claude write
        # says): the demo's too, so `~` means one folder on every line of the demo.
        HOME=str(root),
    )
    return environ


def create_demo(
    target: Path | None = None, base_environ: Mapping[str, str] | None = None
) -> DemoEnvironment:
    """Copy the demo to `target` (an empty or missing directory) or a fresh temp dir."""
    if target is None:
        root = Path(tempfile.mkdtemp(prefix="hookdash-demo-"))
    else:
        root = Path(target)
        if root.exists() and any(root.iterdir()):
            raise FileExistsError(f"{root} is not empty")
        root.mkdir(parents=True, exist_ok=True)
    # The real path: Gemini resolves the workspace (process.cwd()) through symlinks,
    # and the trust files must name it the same way.
    root = Path(os.path.realpath(root))
    shutil.copytree(
        DEMO_DATA / "home",
        root,
        dirs_exist_ok=True,
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
    )
    _make_scripts_executable(root)
    environ = demo_environ(root, base_environ)
    demo = DemoEnvironment(root=root, environ=environ)
    (root / STATE_DIR).mkdir(parents=True, exist_ok=True)
    env = demo.env
    _write_json(env.trusted_folders_path, {str(env.workspace): "TRUST_FOLDER"})
    _write_trusted_hooks(env)
    _write_telemetry(root / TELEMETRY_LOG, env)
    return demo


def _make_scripts_executable(root: Path) -> None:
    # Package data may lose its mode bits on the way through a wheel.
    for path in root.rglob("*"):
        if path.is_file() and path.suffix in (".sh", ".py"):
            mode = path.stat().st_mode
            path.chmod(mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def _write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def _write_trusted_hooks(env: GeminiEnvironment) -> None:
    """Trust the workspace hooks the way Gemini records them, except the demo's NEW one."""
    config = load_configuration(env)
    keys: list[str] = []
    for hook in config.hooks:
        if hook.scope != "workspace" or hook.name in UNTRUSTED:
            continue
        old = TRUSTED_BEFORE_CHANGE.get(hook.name or "")
        keys.append(f"{hook.name}:{old}" if old else hook.key)
    store = {env.project_root: list(dict.fromkeys(keys))}
    env.trusted_hooks_path.write_text(hook_trust.dumps_store(store), encoding="utf-8")


# ------------------------------------------------------------------------- telemetry

_START = datetime(2026, 11, 20, 9, 14, 3, 120000, tzinfo=UTC)
_LOG_LIMITS = {"attributeCountLimit": 128, "attributeValueLengthLimit": None}


def _iso(at: datetime) -> str:
    return at.strftime("%Y-%m-%dT%H:%M:%S.") + f"{at.microsecond // 1000:03d}Z"


def _hr_time(at: datetime) -> list[int]:
    seconds = int(at.timestamp())
    return [seconds, (at.microsecond // 1000) * 1_000_000]


def _write_telemetry(path: Path, env: GeminiEnvironment) -> None:
    """A short recorded session, in Gemini's format: pretty-printed JSON objects."""
    session = json.loads((DEMO_DATA / "session.json").read_text(encoding="utf-8"))
    records = render_session(session, env)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for record in records:
            out.write(json.dumps(record, indent=2, ensure_ascii=False) + "\n")


def _fill(value: Any, workspace: str) -> Any:
    """The recorded values with the @WORKSPACE@ placeholder replaced by the copy's path."""
    if isinstance(value, str):
        return value.replace("@WORKSPACE@", workspace)
    if isinstance(value, dict):
        return {k: _fill(v, workspace) for k, v in value.items()}
    if isinstance(value, list):
        return [_fill(v, workspace) for v in value]
    return value


def _resource(session: Mapping[str, Any]) -> dict[str, Any]:
    """The OpenTelemetry resource Gemini CLI attaches to every record of a session."""
    return {
        "_rawAttributes": [
            ["host.name", "devbox"],
            ["host.arch", "amd64"],
            ["host.id", None],
            ["process.pid", session["pid"]],
            ["process.executable.name", "/usr/bin/node"],
            ["process.executable.path", "/usr/bin/node"],
            [
                "process.command_args",
                [
                    "/usr/bin/node",
                    "--max-old-space-size=8192",
                    "/usr/lib/node_modules/@google/gemini-cli/bundle/gemini.js",
                ],
            ],
            ["process.runtime.version", "20.20.2"],
            ["process.runtime.name", "nodejs"],
            ["process.runtime.description", "Node.js"],
            ["process.command", "/usr/lib/node_modules/@google/gemini-cli/bundle/gemini.js"],
            ["process.owner", "dev"],
            ["service.name", "gemini-cli"],
            ["service.version", "v20.20.2"],
            ["session.id", session["session_id"]],
        ],
        "_asyncAttributesPending": False,
    }


@dataclass(frozen=True)
class _SessionLog:
    """Writes one session's log records as Gemini CLI's telemetry exporter does."""

    session: Mapping[str, Any]
    env: GeminiEnvironment
    resource: dict[str, Any]

    @property
    def common(self) -> dict[str, Any]:
        """The attributes every record of the session has."""
        return {
            "session.id": self.session["session_id"],
            "installation.id": self.session["installation_id"],
            "interactive": True,
            "auth_type": "oauth-personal",
        }

    def record(
        self, at: datetime, attributes: dict[str, Any], body: str, span: bool
    ) -> dict[str, Any]:
        item: dict[str, Any] = {"hrTime": _hr_time(at), "hrTimeObserved": _hr_time(at)}
        if span:
            item["spanContext"] = dict(self.session["span"])
        item.update(
            resource=self.resource,
            instrumentationScope={"name": "gemini-cli"},
            attributes=attributes,
            _body=body,
            _attributesCount=len(attributes),
            _droppedAttributesCount=0,
            _isReadonly=True,
            _logRecordLimits=dict(_LOG_LIMITS),
        )
        return item

    def prompt(self, at: datetime) -> dict[str, Any]:
        prompt: str = self.session["prompt"]
        attributes = {
            **self.common,
            "event.name": "gemini_cli.user_prompt",
            "event.timestamp": _iso(at),
            "prompt_length": len(prompt),
            "prompt_id": self.session["session_id"],
            "prompt": prompt,
        }
        return self.record(at, attributes, f"User prompt. Length: {len(prompt)}.", span=False)

    def hook_call(self, start: datetime, call: Mapping[str, Any]) -> dict[str, Any]:
        fired = start + timedelta(milliseconds=call["fired_ms"])
        logged = fired + timedelta(milliseconds=call["logged_ms"])
        workspace = str(self.env.workspace)
        payload = {
            "session_id": self.session["session_id"],
            "transcript_path": str(_transcript(self.env, self.session["session_id"], start)),
            "cwd": workspace,
            "hook_event_name": call["event"],
            "timestamp": _iso(fired),
            **_fill(call["input"], workspace),
        }
        stdout: str = call["stdout"]
        attributes: dict[str, Any] = {
            **self.common,
            "event.name": "gemini_cli.hook_call",
            "event.timestamp": _iso(logged),
            "hook_event_name": call["event"],
            "hook_type": "command",
            "hook_name": call["hook"],
            "duration_ms": call["duration_ms"],
            "success": call["exit_code"] == 0,
            "exit_code": call["exit_code"],
            "hook_input": json.dumps(payload, indent=2, ensure_ascii=False),
        }
        if stdout.strip():
            attributes["hook_output"] = json.dumps(json.loads(stdout), indent=2, ensure_ascii=False)
        attributes["stdout"] = stdout
        attributes["stderr"] = call.get("stderr", "")
        outcome = "succeeded" if call["exit_code"] == 0 else "failed"
        body = f"Hook call {call['event']}.{call['hook']} {outcome} in {call['duration_ms']}ms"
        return self.record(logged, attributes, body, call["event"] in ("BeforeTool", "AfterTool"))


def _transcript(env: GeminiEnvironment, session_id: str, start: datetime) -> Path:
    name = f"session-{start.strftime('%Y-%m-%dT%H-%M')}-{session_id[:8]}.jsonl"
    return env.gemini_dir / "tmp" / env.workspace.name / "chats" / name


def render_session(session: Mapping[str, Any], env: GeminiEnvironment) -> list[dict[str, Any]]:
    """OpenTelemetry log records (a user prompt, then one per hook call) for a session."""
    log = _SessionLog(session, env, _resource(session))
    return [log.prompt(_START), *(log.hook_call(_START, call) for call in session["calls"])]
