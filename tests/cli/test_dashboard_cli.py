"""Bare `hookdash` and `hookdash demo`: which dashboard opens, and what is left behind."""

from __future__ import annotations

import contextlib
import os
import pty
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from hookdash import cli
from hookdash.cli import dashboard as cli_dashboard
from tests.conftest import HOOKDASH, Sandbox, command_hook, definition
from tests.processes import group_members
from tests.scaling import write_many_hooks


def test_demo_needs_a_terminal(sandbox: Sandbox) -> None:
    result = sandbox.cli("demo")
    assert result.returncode == 1
    assert "needs a terminal" in result.stderr and "Traceback" not in result.stderr


def test_bare_hookdash_without_a_terminal_prints_the_list(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("true", name="g"))]}})
    result = sandbox.cli()
    assert result.returncode == 0
    assert "BeforeTool" in result.stdout and "runs" in result.stdout
    assert "needs a terminal" in result.stderr


def _capture_dashboard(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []

    def fake(
        env: Any,
        config: Any,
        demo: Any = None,
        notice: str | None = None,
        early: Any = None,
        keep: bool = True,
        glimpse: Any = None,
    ) -> int:
        calls.append(
            {"env": env, "config": config, "demo": demo, "notice": notice, "root_exists": demo
             and demo.root.exists(), "early": early}
        )  # fmt: skip
        return 0

    monkeypatch.setattr(cli_dashboard, "_interactive", lambda: True)
    monkeypatch.setattr(cli_dashboard, "_run_dashboard", fake)
    return calls


def test_bare_hookdash_opens_the_real_configuration(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    sandbox.write_user({})
    calls = _capture_dashboard(monkeypatch)
    assert cli.main(["--workspace", str(sandbox.workspace)]) == 0
    (call,) = calls
    assert call["demo"] is None and call["notice"] is None
    assert call["env"].home == sandbox.home
    assert call["config"] is None  # the app shows it when loaded: started before Textual
    assert call["early"].env is call["env"]
    loaded = call["early"].result()
    assert loaded.config.env is call["env"] and loaded.targets


def test_bare_hookdash_opens_the_demo_when_nothing_is_configured(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (sandbox.home / ".gemini").rmdir()
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    for name in list(os.environ):
        if name.startswith(("GEMINI_CLI_", "HOOKDASH_")):
            monkeypatch.setenv(name, os.environ[name])  # restored after the test
    calls = _capture_dashboard(monkeypatch)
    assert cli.main(["--workspace", str(sandbox.workspace)]) == 0
    (call,) = calls
    demo = call["demo"]
    assert demo is not None and call["root_exists"]
    assert "No settings of Gemini CLI, Claude Code or Codex CLI found" in call["notice"]
    assert call["env"].workspace == demo.workspace
    assert call["early"].env is call["env"]  # the demo loads beside Textual's start too
    assert os.environ["GEMINI_CLI_HOME"] == str(demo.root)  # for hooks fired from the app
    assert not demo.root.exists()  # cleaned up on exit
    assert not (sandbox.home / ".gemini").exists()


def _run_in_terminal(
    args: list[str], env: dict[str, str], keys: bytes, signum: int | None = None
) -> tuple[int, str]:
    """Run the console script on a pseudo-terminal; once it has drawn, type `keys`, or
    send it `signum` (as a closed terminal or `kill` would)."""
    main, child = pty.openpty()
    proc = subprocess.Popen(
        [str(HOOKDASH), *args], stdin=child, stdout=child, stderr=child, env=env, close_fds=True
    )
    os.close(child)
    out = b""
    deadline = time.monotonic() + 120  # a hang bound: a loaded machine draws in seconds
    sent = False
    while time.monotonic() < deadline:
        ready, _, _ = select.select([main], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(main, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        if not sent and b"Hooks (" in out:
            if signum is None:
                os.write(main, keys)
            else:
                proc.send_signal(signum)
            sent = True
        if proc.poll() is not None:
            break
    try:
        code = proc.wait(timeout=60)
    finally:
        if proc.poll() is None:  # a failing run must not leave the app behind
            proc.kill()
            proc.wait()
        os.close(main)
    return code, out.decode("utf-8", "replace")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_demo_in_a_real_terminal_leaves_nothing_behind(sandbox: Sandbox, tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    env = {**sandbox.environ, "TMPDIR": str(scratch), "TERM": "xterm-256color"}
    before = sorted(p for p in sandbox.root.rglob("*") if scratch not in p.parents)
    code, screen = _run_in_terminal(["demo"], env, b"q")
    assert code == 0, screen[-2000:]
    assert "block-dangerous-shell" in screen and "DEMO" in screen
    assert list(scratch.iterdir()) == []  # the temporary copy is gone
    after = sorted(p for p in sandbox.root.rglob("*") if scratch not in p.parents)
    assert after == before  # nothing of the (sandboxed) user's was written


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_bare_hookdash_in_a_real_terminal_shows_the_hooks_loaded_before_textual(
    sandbox: Sandbox,
) -> None:
    """The console script's own path: the configuration loads in a thread started before
    Textual (hookdash.tui.loading), and its hooks reach the terminal; `q` ends it."""
    sandbox.trust_folder()
    sandbox.write_workspace(
        {"hooks": {"BeforeTool": [definition(command_hook("true", name="g1"))]}}
    )
    env = {**sandbox.environ, "TERM": "xterm-256color"}
    code, screen = _run_in_terminal(["--workspace", str(sandbox.workspace)], env, b"q")
    assert code == 0, screen[-2000:]
    assert "g1" in screen and "Hooks (1)" in screen


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_bare_hookdash_in_a_real_terminal_draws_the_glimpse_of_its_last_read(
    sandbox: Sandbox,
) -> None:
    """The console script's own path: with the glimpse of a read (hookdash.tui.glimpse)
    and nothing changed since, the first frame lists the hooks, each "checking…"; `q` in
    that gap ends it at once. (That the dashboard keeps one: tests/tui/test_glimpse.py.)"""
    from hookdash.core import load_configuration, resolve_environment, watch_targets
    from hookdash.tui.glimpse import record_glimpse

    sandbox.trust_folder()
    sandbox.write_workspace(
        # More hooks than the screen holds: a scroll of the first frame would show.
        {
            "hooks": {
                "BeforeTool": [definition(command_hook("true", name=f"g{i}")) for i in range(40)]
            }
        }
    )
    env = {**sandbox.environ, "TERM": "xterm-256color"}
    config = load_configuration(resolve_environment(sandbox.workspace, environ=env))
    # As if read an hour from now: after every file's last change.
    record_glimpse(config, watch_targets(config), time.time_ns() + 3600 * 10**9)
    code, screen = _run_in_terminal(["--workspace", str(sandbox.workspace)], env, b"q")
    assert code == 0, screen[-2000:]
    assert "checking…" in screen and "g1" in screen and "Hooks (40)" in screen
    # From the list's top: its event's line is in the glimpse's frame, before the read's.
    read = screen.find("hooks on")
    assert -1 < screen.find("BeforeTool") < (read if read != -1 else len(screen)), screen[:3000]


@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals and a pseudo-terminal")
@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM])
def test_demo_cleans_up_when_its_terminal_closes(
    sandbox: Sandbox, tmp_path: Path, signum: int
) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    env = {**sandbox.environ, "TMPDIR": str(scratch), "TERM": "xterm-256color"}
    code, screen = _run_in_terminal(["demo"], env, b"", signum=signum)
    assert code == 128 + signum, screen[-2000:]
    assert list(scratch.iterdir()) == []


def _started_app(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether the early load was done when each app started (its run, not run)."""
    from hookdash.tui.app import HookdashApp

    done: list[bool] = []

    def run(app: HookdashApp) -> None:
        done.append(app._early is not None and app._early.done())

    monkeypatch.setattr(HookdashApp, "run", run)
    return done


def test_the_first_frame_waits_for_a_quick_early_load(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first load started before Textual and still running when the app starts is
    waited for (a bounded while): the first frame is the hooks' own, not a loading frame
    drawn and then drawn again."""
    from hookdash.tui import loading

    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("true", name="g"))]}})
    env = sandbox.env()
    real = loading.load_view
    started = threading.Event()

    def counted(env: Any, loader: Any = None) -> Any:
        started.set()
        return real(env)

    monkeypatch.setattr(loading, "load_view", counted)
    monkeypatch.setattr(cli_dashboard, "FIRST_FRAME_WAIT_S", 60.0)  # a hang bound here
    done = _started_app(monkeypatch)
    early = loading.EarlyLoad(env)
    assert cli_dashboard._run_dashboard(env, None, early=early) == 0
    assert started.is_set() and done == [True]


def test_a_slow_early_load_does_not_hold_the_first_frame_back(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The wait is bounded: an early load that takes longer than FIRST_FRAME_WAIT_S gets
    the loading frame, and the app shows the hooks when it is done."""
    from hookdash.tui import loading

    sandbox.write_user({})
    env = sandbox.env()
    release = threading.Event()
    real = loading.load_view

    def held(env: Any, loader: Any = None) -> Any:
        release.wait(30)
        return real(env)

    monkeypatch.setattr(loading, "load_view", held)
    done = _started_app(monkeypatch)
    early = loading.EarlyLoad(env)
    try:
        assert cli_dashboard._run_dashboard(env, None, early=early) == 0
    finally:
        release.set()
    assert done == [False]


def test_headless_commands_do_not_import_textual(sandbox: Sandbox) -> None:
    code = (
        "import sys\n"
        "from hookdash import cli\n"
        "for args in (['list'], ['list', '--json'], ['check']):\n"
        "    cli.main(args)\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'watchfiles'))\n"
        "print('LOADED', loaded, file=sys.stderr)\n"
    )
    result = sandbox.python(code)
    assert "LOADED []" in result.stderr, result.stderr[-500:]


def test_the_dashboard_paints_before_pydantic_is_imported(sandbox: Sandbox) -> None:
    """What the first paint waits for — the CLI, the environment, the app and its first
    screen — imports neither pydantic nor the configuration loader (nor pygments or
    watchfiles): the loader is imported in the early load's thread, beside Textual's
    start-up (hookdash.tui.loading), or after the first frame (bench_tui.py's first
    paint)."""
    code = (
        "import sys\n"
        "from hookdash import cli\n"
        "from hookdash.core import resolve_environment\n"
        "import hookdash.tui.app\n"
        "env = resolve_environment(sys.argv[1])\n"
        "assert not env.never_set_up()\n"
        "heavy = ('pydantic', 'pygments', 'watchfiles', 'hookdash.core.load.loader')\n"
        "print('LOADED', sorted(m for m in heavy if m in sys.modules))\n"
    )
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("true", name="g"))]}})
    result = subprocess.run(
        [sys.executable, "-c", code, str(sandbox.workspace)],
        env=sandbox.environ,
        capture_output=True,
        text=True,
        check=False,
    )
    assert "LOADED []" in result.stdout, result.stdout + result.stderr[-800:]


@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals and a pseudo-terminal")
def test_sigterm_ends_a_dashboard_whose_event_loop_is_held(sandbox: Sandbox) -> None:
    """Issue 17: with its event loop held by long work (75 s of watch targets on 40,000
    hooks), the dashboard ignored SIGTERM. It now leaves within a second, terminal put back."""
    held = (
        "import os, sys, time\n"
        "from hookdash.tui.app import HookdashApp\n"
        "from hookdash.cli import dashboard\n"
        "from hookdash.core import resolve_environment\n"
        "HookdashApp.on_mount = lambda self: (os.write(2, b'HELD'), time.sleep(60))\n"
        "sys.exit(dashboard._run_dashboard(resolve_environment(), None))\n"
    )
    main, child = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-c", held],
        stdin=child,
        stdout=child,
        stderr=child,
        env={**sandbox.environ, "TERM": "xterm"},
        cwd=sandbox.workspace,
        close_fds=True,
    )
    os.close(child)
    out, sent_at = b"", None
    deadline = time.monotonic() + 30
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            if select.select([main], [], [], 0.05)[0]:
                try:
                    out += os.read(main, 65536)
                except OSError:
                    break
            if sent_at is None and b"HELD" in out:
                proc.send_signal(signal.SIGTERM)
                sent_at = time.monotonic()
        assert sent_at is not None, out[-500:]
        code = proc.wait(timeout=10)
        assert code == 128 + signal.SIGTERM
        # About a second (QUIT_GRACE_S); the loop is held for 60 s, so 20 s tells a hang
        # from a busy machine.
        assert time.monotonic() - sent_at < 20
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(main)


@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals and a pseudo-terminal")
def test_sigterm_ends_the_dashboard_at_once_while_it_reads_a_huge_configuration(
    sandbox: Sandbox,
) -> None:
    """40,000 hooks take seconds to read: a SIGTERM meanwhile waited for the reading
    thread (and then for the event loop), and left the process running."""
    write_many_hooks(sandbox, 40_000)
    env = {**sandbox.environ, "TERM": "xterm-256color"}
    main, child = pty.openpty()
    proc = subprocess.Popen(
        [str(HOOKDASH)], stdin=child, stdout=child, stderr=child, env=env,
        cwd=sandbox.workspace, close_fds=True, start_new_session=True,
    )  # fmt: skip
    os.close(child)
    out = b""
    try:
        deadline = time.monotonic() + 60
        while b"reading the configuration" not in out and time.monotonic() < deadline:
            if select.select([main], [], [], 0.1)[0]:
                out += os.read(main, 65536)
        assert b"reading the configuration" in out, out[-2000:]
        reading = time.monotonic() + 1.5  # well into the reading
        while time.monotonic() < reading:
            if select.select([main], [], [], 0.1)[0]:
                out += os.read(main, 65536)
        proc.send_signal(signal.SIGTERM)
        sent = time.monotonic()
        while proc.poll() is None and time.monotonic() - sent < 30:
            if select.select([main], [], [], 0.05)[0]:
                with contextlib.suppress(OSError):
                    out += os.read(main, 65536)
        took = time.monotonic() - sent
        assert proc.returncode == 128 + signal.SIGTERM
        # About a second (QUIT_GRACE_S); the bound is for a hang on a loaded machine.
        assert took < 20, f"SIGTERM took {took:.1f} s"
        assert group_members(proc.pid) == []  # nothing of it left running
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(main)


def test_bare_hookdash_opens_claude_code_hooks_when_gemini_was_never_set_up(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person who uses only Claude Code sees their own hooks, not the demo."""
    (sandbox.home / ".gemini").rmdir()
    claude = sandbox.workspace / ".claude" / "settings.json"
    claude.parent.mkdir(parents=True)
    claude.write_text('{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x"}]}]}}')
    monkeypatch.setenv("HOME", str(sandbox.home))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(sandbox.home / ".claude"))
    calls = _capture_dashboard(monkeypatch)
    assert cli.main(["--workspace", str(sandbox.workspace)]) == 0
    (call,) = calls
    assert call["demo"] is None and call["notice"] is None
    assert call["env"].workspace == sandbox.workspace


def test_bare_hookdash_opens_codex_hooks_when_gemini_was_never_set_up(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person who uses only Codex CLI sees their own hooks too: the demo opens only where
    no registered host has a file."""
    (sandbox.home / ".gemini").rmdir()
    codex_home = Path(sandbox.environ["CODEX_HOME"])
    codex_home.mkdir(parents=True, exist_ok=True)
    (codex_home / "hooks.json").write_text(
        '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x"}]}]}}'
    )
    monkeypatch.setenv("HOME", str(sandbox.home))
    calls = _capture_dashboard(monkeypatch)
    assert cli.main(["--workspace", str(sandbox.workspace)]) == 0
    (call,) = calls
    assert call["demo"] is None and call["notice"] is None
