"""A throwaway machine on which the real Gemini CLI and hookdash read the same files.

A `World` is a home directory (GEMINI_CLI_HOME), a project under it, system settings
files, extensions and a tracing hook script. Every hook the scenarios configure runs the
tracer, which appends one JSON line per call: which hook (its HOOK_TAG env, else its
first argument), for which firing (the payload's `timestamp`, identical for every hook of
one firing), and when it started and ended. `run_gemini` runs the pinned CLI headless and
offline (canned model replies, yolo approval, no network namespace where possible) and
returns the trace, the stderr and the telemetry file's hook_call records; `hookdash`
runs `python -m hookdash` as a subprocess on the same environment (black-box).
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tests.conftest import SettingsFiles
from tests.gemini.install import GeminiInstall

MODEL = "gemini-2.5-flash"
PROMPT = "Run echo hi in the shell, then say done."
GEMINI_TIMEOUT_S = 90.0
HOOKDASH_TIMEOUT_S = 60.0


def tool_call(name: str, args: dict[str, Any]) -> dict[str, Any]:
    """A canned model reply that calls one tool (so BeforeTool/AfterTool fire)."""
    return {
        "method": "generateContentStream",
        "response": [
            {
                "candidates": [
                    {
                        "content": {
                            "role": "model",
                            "parts": [{"functionCall": {"name": name, "args": args}}],
                        },
                        "finishReason": "STOP",
                        "index": 0,
                    }
                ],
                "usageMetadata": {
                    "promptTokenCount": 10,
                    "candidatesTokenCount": 5,
                    "totalTokenCount": 15,
                },
            }
        ],
    }


# One model call asks for a shell command, the next answers.
TOOL_CALL = tool_call("run_shell_command", {"command": "echo hi", "description": "say hi"})
ANSWER: dict[str, Any] = {
    "method": "generateContentStream",
    "response": [
        {
            "candidates": [
                {
                    "content": {"role": "model", "parts": [{"text": "Done."}]},
                    "finishReason": "STOP",
                    "index": 0,
                }
            ],
            "usageMetadata": {
                "promptTokenCount": 20,
                "candidatesTokenCount": 2,
                "totalTokenCount": 22,
            },
        }
    ],
}

# POSIX sh, so a call costs a few milliseconds (python would cost ~90 ms a hook).
# One printf of one short line to an O_APPEND file: concurrent hooks never interleave.
TRACER = r"""#!/bin/sh
# hookdash test tracer: records one hook call as a JSON line in $HOOKDASH_TRACE_FILE.
start=$(date +%s%N)
input=$(cat)
field() {
  printf '%s' "$input" | grep -o "\"$1\": *\"[^\"]*\"" | head -n 1 | cut -d'"' -f4
}
event=$(field hook_event_name)
firing=$(field timestamp)
tool=$(field tool_name)
source=$(field source)
reason=$(field reason)
trigger=$(field trigger)
if [ -n "$TRACE_SLEEP" ]; then sleep "$TRACE_SLEEP"; fi
end=$(date +%s%N)
args=$(printf '%s' "$*" | tr -d '"\\' | tr '\n\t' '  ')
format='{"tag":"%s","arg":"%s","args":"%s","event":"%s","firing":"%s","tool":"%s",'
format="$format"'"source":"%s","reason":"%s","trigger":"%s","start":%s,"end":%s,"pid":%s}\n'
printf "$format" "$HOOK_TAG" "$1" "$args" "$event" "$firing" "$tool" "$source" "$reason" \
  "$trigger" "$start" "$end" "$$" >> "$HOOKDASH_TRACE_FILE"
exit "${TRACE_EXIT:-0}"
"""

TRIGGER_FIELD = {"SessionStart": "source", "SessionEnd": "reason", "PreCompress": "trigger"}
TOOL_EVENTS = ("BeforeTool", "AfterTool")

WARNING_HEAD = "WARNING: The following project-level hooks have been detected in this workspace:"

# What would leak from the real environment into what either program sees.
_KEEP_ENV = ("PATH", "LANG", "LC_ALL", "TZ", "TMPDIR", "SYSTEMROOT")


@dataclass(frozen=True)
class Call:
    """One hook call, as the tracer saw it."""

    tag: str  # HOOK_TAG from the hook's env ("" when Gemini does not pass a hook's env)
    arg: str  # the command's first argument (the tag written into the command)
    args: str
    event: str
    firing: str
    context: str | None  # tool name or source/reason/trigger; None for other events
    start: int  # ns
    end: int

    @property
    def ident(self) -> str:
        return self.tag or self.arg


@dataclass(frozen=True)
class Firing:
    """All the hook calls of one firing of one event."""

    event: str
    context: str | None
    stamp: str
    calls: tuple[Call, ...]

    @property
    def overlapping(self) -> bool:
        """Every call started before any call ended (they ran in parallel)."""
        return max(c.start for c in self.calls) < min(c.end for c in self.calls)

    @property
    def one_after_another(self) -> bool:
        ordered = sorted(self.calls, key=lambda c: c.start)
        return all(a.end <= b.start for a, b in itertools.pairwise(ordered))


@dataclass
class GeminiRun:
    args: list[str]
    exit_code: int
    stdout: str
    stderr: str
    seconds: float
    calls: list[Call]
    hook_calls: list[dict[str, Any]]  # telemetry attributes of gemini_cli.hook_call records
    tool_calls: list[dict[str, Any]]  # ... and of gemini_cli.tool_call records

    @property
    def firings(self) -> list[Firing]:
        groups: dict[tuple[str, str], list[Call]] = {}
        for call in self.calls:
            groups.setdefault((call.event, call.firing), []).append(call)
        firings = [
            Firing(event, calls[0].context, stamp, tuple(sorted(calls, key=lambda c: c.start)))
            for (event, stamp), calls in groups.items()
        ]
        return sorted(firings, key=lambda f: f.calls[0].start)

    @property
    def refused_untrusted(self) -> bool:
        """Headless Gemini's exit 55: "not running in a trusted directory"."""
        return self.exit_code == 55 and "not running in a trusted directory" in self.stderr

    @property
    def warned_hooks(self) -> list[str] | None:
        """The names in the project-hook warning on stderr, or None without one."""
        lines = self.stderr.splitlines()
        if WARNING_HEAD not in lines:
            return None
        names = []
        for line in lines[lines.index(WARNING_HEAD) + 1 :]:
            if not line.startswith("  - "):
                break
            names.append(line[4:])
        return names

    def describe(self) -> str:
        return (
            f"gemini {' '.join(self.args[-8:])} -> exit {self.exit_code} in {self.seconds:.1f}s; "
            f"{len(self.calls)} hook calls\nstderr (tail): {self.stderr[-1500:]}"
        )


def parse_trace(text: str) -> list[Call]:
    calls = []
    for line in text.splitlines():
        if not line.strip():
            continue
        raw = json.loads(line)
        event = raw["event"]
        context: str | None = None
        if event in TOOL_EVENTS:
            context = raw["tool"]
        elif event in TRIGGER_FIELD:
            context = raw[TRIGGER_FIELD[event]]
        calls.append(
            Call(
                tag=raw["tag"],
                arg=raw["arg"],
                args=raw["args"],
                event=event,
                firing=raw["firing"],
                context=context,
                start=int(raw["start"]),
                end=int(raw["end"]),
            )
        )
    return calls


def telemetry_records(text: str) -> Iterator[dict[str, Any]]:
    """Gemini's telemetry outfile: pretty-printed JSON objects one after another."""
    decoder = json.JSONDecoder()
    i = 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return
        try:
            value, i = decoder.raw_decode(text, i)
        except json.JSONDecodeError:
            return  # a record cut short by the process ending: the rest is unreadable
        if isinstance(value, dict):
            yield value


def event_records(text: str, name: str) -> list[dict[str, Any]]:
    """The attributes of the telemetry log records of one event (e.g. gemini_cli.hook_call)."""
    out = []
    for record in telemetry_records(text):
        attributes = record.get("attributes")
        if isinstance(attributes, dict) and attributes.get("event.name") == name:
            out.append(attributes)
    return out


@cache
def network_isolation() -> list[str]:
    """A prefix that runs a command with no network at all, if this machine allows it."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return []
    probe = subprocess.run([unshare, "-n", "true"], capture_output=True, timeout=10)
    return [unshare, "-n"] if probe.returncode == 0 else []


def secure_directory_base() -> Path | None:
    """A directory where a root-owned, locked-down chain can be made, or None.

    Gemini CLI 0.61 reads a system settings file only when the file and every directory
    above it are owned by root and not writable by group or others. pytest's tmp_path is
    under /tmp (mode 1777), so the system files go under the cache directory instead.
    """
    if os.name != "posix" or os.geteuid() != 0:
        return None
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "hookdash-tests"
    base.mkdir(parents=True, exist_ok=True)
    for item in (base, *base.parents):
        st = item.stat()
        if st.st_uid != 0 or stat.S_IMODE(st.st_mode) & (stat.S_IWGRP | stat.S_IWOTH):
            return None
    return base


class World(SettingsFiles):
    """Home, project, system files, extensions and the tracer, for one scenario."""

    def __init__(self, root: Path, gemini: GeminiInstall, system_dir: Path | None = None):
        self.root = root
        self.gemini = gemini
        self.home = root / "home"
        self.project = self.home / "project"
        self.bin = root / "bin"
        self.trace_file = root / "trace.jsonl"
        self.telemetry_file = root / "telemetry.log"
        self.fake_responses = root / "fake-responses.jsonl"
        self.state = root / "hookdash-state"
        # Where the system files live: a secure chain when the caller made one.
        self.system_dir = system_dir or root / "etc" / "gemini-cli"
        for d in (self.home / ".gemini", self.project, self.bin, self.system_dir, self.state):
            d.mkdir(parents=True, exist_ok=True)
        self.tracer = self.bin / "trace_hook"
        self.tracer.write_text(TRACER)
        self.tracer.chmod(0o755)
        self.extra_env: dict[str, str] = {"TRACE_BIN": str(self.tracer)}
        self.responses: list[dict[str, Any]] = [TOOL_CALL, ANSWER]
        self.tags: dict[str, dict[str, Any]] = {}

    # --- files ---------------------------------------------------------------------------
    @property
    def workspace(self) -> Path:
        return self.project

    @property
    def trusted_hooks(self) -> Path:
        return self.home / ".gemini" / "trusted_hooks.json"

    def path_of(self, scope: str) -> Path:
        return {
            "user": self.user_settings,
            "workspace": self.workspace_settings,
            "system": self.system_settings,
            "system-defaults": self.system_defaults,
        }[scope]

    @staticmethod
    def write(path: Path, content: Any) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        text = content if isinstance(content, str) else json.dumps(content, indent=2) + "\n"
        path.write_text(text, encoding="utf-8")
        return path

    @staticmethod
    def read_json(path: Path) -> Any:
        return json.loads(path.read_text(encoding="utf-8"))

    def settings(self, scope: str, content: Any) -> Path:
        """Write one settings layer (a dict, or JSONC text as written)."""
        if scope == "user" and isinstance(content, dict):
            # Gemini needs this headless and offline (it would try to send usage stats).
            content = {"privacy": {"usageStatisticsEnabled": False}, **content}
        return self.write(self.path_of(scope), content)

    def hook(
        self,
        tag: str,
        *,
        name: str | None = "",
        command: str | None = None,
        sleep: float | None = None,
        exit_code: int | None = None,
        **fields: Any,
    ) -> dict[str, Any]:
        """A command hook running the tracer; `tag` names this copy in the trace.

        `name` defaults to the tag; None leaves the hook unnamed. `command` replaces the
        default `"<tracer>" <tag>` (for `$VAR` and dedup scenarios); it should still end in
        an argument that identifies it, for Gemini versions that do not pass a hook's env.
        """
        env: dict[str, str] = {"HOOK_TAG": tag}
        if sleep is not None:
            env["TRACE_SLEEP"] = str(sleep)
        if exit_code is not None:
            env["TRACE_EXIT"] = str(exit_code)
        hook: dict[str, Any] = {
            "type": "command",
            "command": command if command is not None else f'"{self.tracer}" {tag}',
        }
        if name is not None:
            hook["name"] = name or tag
        hook.update(fields)
        hook["env"] = env
        words = hook["command"].split()
        self.tags[tag] = {"arg": words[1] if len(words) > 1 else ""}
        return hook

    def extension(
        self,
        name: str,
        hooks: dict[str, Any] | None,
        *,
        directory: str | None = None,
        hooks_text: str | None = None,
    ) -> Path:
        ext = self.home / ".gemini" / "extensions" / (directory or name)
        self.write(ext / "gemini-extension.json", {"name": name, "version": "1.0.0"})
        if hooks_text is not None:
            self.write(ext / "hooks" / "hooks.json", hooks_text)
        elif hooks is not None:
            self.write(ext / "hooks" / "hooks.json", {"hooks": hooks})
        return ext

    def disable_extension(self, name: str) -> None:
        """As `gemini extensions disable NAME` (user scope) writes it."""
        path = self.home / ".gemini" / "extensions" / "extension-enablement.json"
        rules = json.loads(path.read_text()) if path.exists() else {}
        rules[name] = {"overrides": [f"!{self.home}/*"]}
        self.write(path, rules)

    def trust_folder(self, level: str = "TRUST_FOLDER") -> None:
        self.write(self.home / ".gemini" / "trustedFolders.json", {str(self.project): level})

    # --- environment ---------------------------------------------------------------------
    def environ(self, **overrides: str | None) -> dict[str, str]:
        env = {k: os.environ[k] for k in _KEEP_ENV if k in os.environ}
        env.update(
            HOME=str(self.home),
            GEMINI_CLI_HOME=str(self.home),
            GEMINI_CLI_SYSTEM_SETTINGS_PATH=str(self.system_settings),
            GEMINI_CLI_SYSTEM_DEFAULTS_PATH=str(self.system_defaults),
            GEMINI_TELEMETRY_ENABLED="true",
            GEMINI_TELEMETRY_TARGET="local",
            GEMINI_TELEMETRY_OUTFILE=str(self.telemetry_file),
            GEMINI_TELEMETRY_LOG_PROMPTS="true",
            HOOKDASH_TRACE_FILE=str(self.trace_file),
            HOOKDASH_STATE_DIR=str(self.state),
            NO_COLOR="1",
            **self.extra_env,
        )
        for key, value in overrides.items():
            if value is None:
                env.pop(key, None)
            else:
                env[key] = value
        return env

    # --- the real Gemini CLI ---------------------------------------------------------------
    def run_gemini(
        self,
        *args: str,
        trust_env: str | None = "true",
        prompt: str = PROMPT,
        env: dict[str, str | None] | None = None,
    ) -> GeminiRun:
        """One headless session; the trace and telemetry files hold only this run."""
        self.write(self.fake_responses, "".join(json.dumps(r) + "\n" for r in self.responses))
        for path in (self.trace_file, self.telemetry_file):
            path.unlink(missing_ok=True)
        self.trace_file.touch()
        overrides: dict[str, str | None] = {
            "GEMINI_API_KEY": "offline-test-key",
            "GEMINI_CLI_NO_RELAUNCH": "true",  # no second node process (saves ~1.5 s)
            "GEMINI_CLI_TRUST_WORKSPACE": trust_env,
            **(env or {}),
        }
        command = [
            *network_isolation(),
            shutil.which("node") or "node",
            str(self.gemini.script),
            "-m",
            MODEL,
            "--fake-responses",
            str(self.fake_responses),
            "--approval-mode=yolo",
            *args,
            "-p",
            prompt,
        ]
        started = time.monotonic()
        result = subprocess.run(
            command,
            cwd=self.project,
            env=self.environ(**overrides),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=GEMINI_TIMEOUT_S,
        )
        seconds = time.monotonic() - started
        telemetry = self.telemetry_file.read_text() if self.telemetry_file.exists() else ""
        return GeminiRun(
            args=command,
            exit_code=result.returncode,
            stdout=result.stdout,
            stderr=result.stderr,
            seconds=seconds,
            calls=parse_trace(self.trace_file.read_text()),
            hook_calls=event_records(telemetry, "gemini_cli.hook_call"),
            tool_calls=event_records(telemetry, "gemini_cli.tool_call"),
        )

    # --- hookdash, as a user runs it ---------------------------------------------------------
    def hookdash(
        self, *args: str, env: dict[str, str | None] | None = None
    ) -> subprocess.CompletedProcess[str]:
        overrides: dict[str, str | None] = {
            # hookdash finds the Gemini CLI under test, as it would the user's.
            "GEMINI_CLI_PATH": str(self.gemini.script),
            **(env or {}),
        }
        return subprocess.run(
            [sys.executable, "-m", "hookdash", *args],
            cwd=self.project,
            env=self.environ(**overrides),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=HOOKDASH_TIMEOUT_S,
        )

    def hookdash_json(self, *args: str, env: dict[str, str | None] | None = None) -> Any:
        result = self.hookdash(*args, "--json", env=env)
        if result.returncode not in (0, 1):
            raise AssertionError(
                f"hookdash {' '.join(args)} exited {result.returncode}: {result.stderr[-2000:]}"
            )
        try:
            return json.loads(result.stdout)
        except json.JSONDecodeError as exc:
            raise AssertionError(
                f"hookdash {' '.join(args)} --json printed no JSON: {result.stdout[:500]!r} "
                f"{result.stderr[-1000:]!r}"
            ) from exc

    def hookdash_lines(self, *args: str, env: dict[str, str | None] | None = None) -> list[Any]:
        result = self.hookdash(*args, "--json", env=env)
        assert result.returncode == 0, result.stderr[-2000:]
        return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def make_secure_dir(base: Path) -> Path:
    """A fresh root-owned 0755 directory under `base` (the caller removes it)."""
    path = Path(tempfile.mkdtemp(prefix="system-", dir=base))
    path.chmod(0o755)
    return path
