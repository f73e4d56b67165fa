"""One Codex world per test: a home with its CODEX_HOME, a project (a git repository), the
hook files of every layer, tracing hooks, and a `codex exec` run against the loopback
Responses-API stand-in (api_stub).

Every hook is a small tracing script: it writes the JSON it got on stdin to a file named
after its label, so a test reads which hooks ran, how often, and with what payload. Codex
runs with HOME and CODEX_HOME in the world, its provider pointed at the stand-in by the
user's config.toml, and no other variable of the machine's but PATH and LANG: nothing of
the real home is read or written. The system layer (/etc/codex) is written into an overlay
that only the run sees (a private mount namespace), as the Claude harness does.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import shlex
import signal
import struct
import subprocess
import termios
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.agent_run import (
    Ran as BaseRan,
    clear_traces,
    in_private_etc,
    read_traces,
    run_agent,
    with_changes,
)
from tests.codex import trust
from tests.codex.api_stub import Stub, shell
from tests.codex.app_server import AppServer, app_server

TRACE_SCRIPT = """#!/bin/bash
# A hook of the harness: keep what Codex sent, under this hook's label.
label="$1"
cat > "$HOOKDASH_TRACE_DIR/$label.$$.$RANDOM.json"
exit "${2:-0}"
"""
RUN_TIMEOUT_S = 120.0


@dataclass
class Tally:
    """What a harness run did, for its closing line (conftest): Codex sessions of each
    kind, and the assertions that passed (counted when pytest is given
    `-o enable_assertion_pass_hook=true`)."""

    exec_runs: int = 0
    app_servers: int = 0
    tuis: int = 0
    checks: int = 0


TALLY = Tally()
MODEL = "gpt-5.5"  # a built-in model name: Codex offers apply_patch to it


def provider_toml(url: str) -> str:
    """The user's config.toml lines that point Codex at the stand-in."""
    return (
        f'model = "{MODEL}"\n'
        'model_provider = "hookdash_stub"\n'
        "\n"
        "[model_providers.hookdash_stub]\n"
        'name = "hookdash stub"\n'
        f'base_url = "{url}/v1"\n'
        'wire_api = "responses"\n'
        'env_key = "HOOKDASH_STUB_KEY"\n'
        "request_max_retries = 0\n"
        "stream_max_retries = 0\n"
    )


def toml_key(text: str) -> str:
    """`text` as a TOML quoted key (a basic string: JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


@dataclass
class Ran(BaseRan):
    """What one `codex exec` run did, and what Codex asked the stand-in model."""

    requests: list[dict[str, Any]] = field(default_factory=list)

    def tool_outputs(self) -> list[Any]:
        """What the model was told each tool call did, in order."""
        return [r["tool_output"] for r in self.requests if r.get("tool_output") is not None]

    @property
    def warnings(self) -> list[str]:
        """Codex's warnings about the session (`warning: ...` lines; its start-up note that
        it makes no PATH aliases under /tmp, in capitals, is about the harness's temporary
        folder and left out)."""
        return [line for line in self.stderr.splitlines() if line.startswith("warning")]

    @property
    def hook_lines(self) -> list[str]:
        """What `codex exec` prints of the hooks it ran (`hook: PreToolUse`, ...)."""
        return [line for line in self.stderr.splitlines() if line.startswith("hook:")]


class World:
    def __init__(self, root: Path, codex: Path, stub: Stub):
        self.root = root
        self.codex = codex
        self.stub = stub
        self.home = root / "home"
        self.codex_home = self.home / ".codex"
        self.project = self.home / "project"
        self.trace_dir = root / "traces"
        self.bin = root / "bin"
        for directory in (self.codex_home, self.project, self.trace_dir, self.bin):
            directory.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "init", "-q", str(self.project)], check=True)
        self.etc_upper = root / "etc-overlay" / "upper"  # what /etc holds for a run
        self.tracer = self.bin / "trace.sh"
        self.tracer.write_text(TRACE_SCRIPT)
        self.tracer.chmod(0o755)
        self.user_config.write_text(provider_toml(stub.url))
        self.env: dict[str, str] = {}  # more variables for codex

    # ------------------------------------------------------------------ files

    def hook(self, label: str, exit_code: int = 0, **fields: Any) -> dict[str, Any]:
        """A command hook that records its run under `label`."""
        command = f"{self.tracer} {label}" + (f" {exit_code}" if exit_code else "")
        return {"type": "command", "command": command, **fields}

    def hook_says(
        self, label: str, stdout: str = "", stderr: str = "", exit_code: int = 0, **fields: Any
    ) -> dict[str, Any]:
        """A command hook that records its run under `label`, then prints `stdout` and
        `stderr` and exits with `exit_code`."""
        command = (
            f"{self.tracer} {label}; printf %s {shlex.quote(stdout)}; "
            f"printf %s {shlex.quote(stderr)} >&2; exit {exit_code}"
        )
        return {"type": "command", "command": command, **fields}

    @staticmethod
    def group(*handlers: dict[str, Any], matcher: str | None = None) -> dict[str, Any]:
        found: dict[str, Any] = {"hooks": list(handlers)}
        if matcher is not None:
            found["matcher"] = matcher
        return found

    @property
    def user_config(self) -> Path:
        return self.codex_home / "config.toml"

    @property
    def user_hooks(self) -> Path:
        return self.codex_home / "hooks.json"

    def codex_dir(self, folder: Path | None = None) -> Path:
        return (folder or self.project) / ".codex"

    @property
    def system_dir(self) -> Path:
        """Where the system layer is written; the run shows it at /etc/codex."""
        return self.etc_upper / "codex"

    def write(self, path: Path, content: Any) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        text = content if isinstance(content, str) else json.dumps(content, indent=2)
        path.write_text(text)
        return path

    def write_hooks_json(self, path: Path, hooks: dict[str, Any]) -> Path:
        return self.write(path, {"hooks": hooks})

    def add_config(self, path: Path, text: str) -> Path:
        """Append TOML `text` to the config.toml at `path`."""
        path.parent.mkdir(parents=True, exist_ok=True)
        before = path.read_text() if path.exists() else ""
        path.write_text(before + ("\n" if before else "") + text.strip() + "\n")
        return path

    @staticmethod
    def hooks_toml(hooks: dict[str, Any]) -> str:
        """A `[hooks]` table in config.toml's form: `[[hooks.Event]]` groups, each with
        `[[hooks.Event.hooks]]` handlers."""
        lines: list[str] = []
        for event, groups in hooks.items():
            for group in groups:
                lines.append(f"[[hooks.{event}]]")
                if "matcher" in group:
                    lines.append(f"matcher = {toml_key(group['matcher'])}")
                for handler in group["hooks"]:
                    lines.append(f"[[hooks.{event}.hooks]]")
                    for name, value in handler.items():
                        lines.append(f"{name} = {json.dumps(value, ensure_ascii=False)}")
                lines.append("")
        return "\n".join(lines)

    def trust_project(self, folder: Path | None = None, level: str = "trusted") -> None:
        self.add_config(
            self.user_config,
            f'[projects.{toml_key(str(folder or self.project))}]\ntrust_level = "{level}"',
        )

    def state(self, key: str, **fields: Any) -> None:
        """One `[hooks.state."KEY"]` entry in the user's config.toml."""
        body = "\n".join(f"{name} = {json.dumps(value)}" for name, value in fields.items())
        self.add_config(self.user_config, f"[hooks.state.{toml_key(key)}]\n{body}")

    def hooks_in(self, path: Path) -> dict[str, Any]:
        """The `hooks` table of a hooks.json or a config.toml, as the file holds it now."""
        if path.suffix == ".json":
            return dict(json.loads(path.read_text())["hooks"])
        return dict(tomllib.loads(path.read_text()).get("hooks", {}))

    def trust_file(self, path: Path, into: Path | None = None) -> dict[str, str]:
        """Trust every handler of the file at `path` by writing the hashes this harness
        computes (trust.py) into the user's config.toml (or `into`)."""
        target = into or self.user_config
        entries = trust.state_entries(str(path), self.hooks_in(path))
        for name, digest in entries.items():
            header = f"[hooks.state.{toml_key(name)}]"
            if target.exists() and header in target.read_text():
                continue  # trusted already (a TOML table is declared once)
            self.add_config(target, f"{header}\ntrusted_hash = {json.dumps(digest)}")
        return entries

    # ------------------------------------------------------------------ running

    def environ(self) -> dict[str, str]:
        return {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LANG": "C.UTF-8",
            "HOME": str(self.home),
            "CODEX_HOME": str(self.codex_home),
            "HOOKDASH_STUB_KEY": "sk-hookdash-harness",
            "HOOKDASH_TRACE_DIR": str(self.trace_dir),
            **self.env,
        }

    def run(
        self,
        script: list[list[dict[str, Any]]] | None = None,
        prompt: str = "run the marker command",
        cwd: Path | None = None,
        flags: tuple[str, ...] = (),
        env: dict[str, str | None] | None = None,
        subcommand: tuple[str, ...] = (),
    ) -> Ran:
        """`codex exec [SUBCOMMAND] [FLAGS] PROMPT` in the project (or `cwd`), the model
        answering with `script`'s steps (default: one shell call `echo hookdash-harness`);
        `env` adds variables to the run's environment (None removes one); `subcommand`
        is e.g. `("resume", "--last")`."""
        self.clear_traces()
        self.stub.script = [[shell("echo hookdash-harness")]] if script is None else script
        self.stub.requests.clear()
        self.stub.reset()
        command = [
            str(self.codex),
            "exec",
            "--skip-git-repo-check",
            "--sandbox",
            "danger-full-access",
            *flags,
            *subcommand,
            prompt,
        ]
        if self.system_dir.exists():
            command = in_private_etc(command, self.etc_upper)
        environ = with_changes(self.environ(), env or {})
        TALLY.exec_runs += 1
        done, seconds = run_agent(command, cwd or self.project, environ, RUN_TIMEOUT_S)
        ran = Ran(
            done.returncode, done.stdout, done.stderr, seconds, requests=list(self.stub.requests)
        )
        ran.traces = self.traces()
        return ran

    def clear_traces(self) -> None:
        clear_traces(self.trace_dir)

    def traces(self) -> dict[str, list[dict[str, Any]]]:
        return read_traces(self.trace_dir)

    @contextmanager
    def app_server(self, cwd: Path | None = None) -> Iterator[AppServer]:
        """`codex app-server` in this world (with the system overlay when there is one)."""
        command = [str(self.codex), "app-server"]
        if self.system_dir.exists():
            command = in_private_etc(command, self.etc_upper)
        TALLY.app_servers += 1
        with app_server(command, self.environ(), cwd or self.project) as server:
            yield server

    def listed(self, cwd: Path | None = None) -> dict[str, Any]:
        """What `hooks/list` says for `cwd` (default the project)."""
        with self.app_server(cwd) as server:
            return server.hooks_list(cwd or self.project)

    def tui_trust_all(self, keys: list[str], wait_s: float = 60.0) -> bytes:
        """Start Codex's own terminal UI in the project (a pseudo-terminal, 120x40), answer
        its "Hooks need review" question with "2. Trust all and continue", wait (at most
        `wait_s`) until the user's config.toml names every one of `keys`, and stop it.
        Returns what the screen got.

        The question is drawn a few seconds before the UI reads keys, so the answer is
        given 3 s after it appears ("2", then enter 1.5 s later) and again every 6 s
        until the config names the keys; waiting is reading the terminal."""
        env = self.environ() | {"TERM": "xterm-256color"}
        TALLY.tuis += 1
        pid, fd = pty.fork()
        if pid == 0:  # the child: Codex on the terminal
            os.chdir(self.project)
            os.execve(str(self.codex), [str(self.codex)], env)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        screen = b""
        asked: float | None = None  # when the question appeared
        keys_sent: list[tuple[float, bytes]] = [(3.0, b"2"), (4.5, b"\r")]
        deadline = time.monotonic() + wait_s
        try:
            while time.monotonic() < deadline:
                ready, _, _ = select.select([fd], [], [], 0.2)
                if ready:
                    try:
                        data = os.read(fd, 65536)
                    except OSError:
                        break
                    screen += data
                    if b"\x1b[6n" in data:  # where is the cursor? (the UI asks at start)
                        os.write(fd, b"\x1b[1;1R")
                if asked is None and b"without" in screen and b"trusting" in screen:
                    asked = time.monotonic()
                if asked is not None:
                    since = time.monotonic() - asked
                    while keys_sent and since >= keys_sent[0][0]:
                        at, key = keys_sent.pop(0)
                        os.write(fd, key)
                        if not keys_sent:  # not written yet? answer again 6 s on
                            keys_sent = [(at + 4.5, b"2"), (at + 6.0, b"\r")]
                if all(key in self.user_config.read_text() for key in keys):
                    break
        finally:
            os.kill(pid, signal.SIGTERM)
            os.waitpid(pid, 0)
            os.close(fd)
        return screen
