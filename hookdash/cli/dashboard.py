"""Bare `hookdash` and `hookdash demo` open the Textual dashboard (hookdash/tui). Textual
is imported only here, so the headless commands start fast."""

from __future__ import annotations

import argparse
import atexit
import contextlib
import os
import signal
import sys
import threading
import time
from typing import Any

from hookdash.cli.listing import cmd_list
from hookdash.cli.output import (
    EXIT_OK,
    CliError,
)
from hookdash.cli.workspace import environment

# ------------------------------------------------------------------ dashboard and demo
# Bare `hookdash` and `hookdash demo` open the Textual dashboard (hookdash/tui). Textual
# is imported only here, so the headless commands start fast.


def no_settings_notice() -> str:
    """What the demo says when it opens in place of the dashboard: every agent hookdash
    manages is named (from the registry), none has a file here."""
    from hookdash.core import all_hosts

    labels = [h.label for h in all_hosts()]
    agents = ", ".join(labels[:-1]) + f" or {labels[-1]}" if len(labels) > 1 else labels[0]
    return (
        f"No settings of {agents} found here, so this is hookdash's demo "
        "(`hookdash demo` opens it again). Your files are not touched."
    )


def _interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def cmd_dashboard(args: argparse.Namespace) -> int:
    """The dashboard on the workspace; the demo when no agent has settings for it."""
    env = environment(args)
    if not _interactive():
        print(
            "hookdash: the dashboard needs a terminal; here is `hookdash list` instead.",
            file=sys.stderr,
        )
        args.json = False
        return cmd_list(args)
    if _nothing_to_show(env):
        return _run_demo(keep=False, notice=no_settings_notice())
    # The list as it was last read, when none of its files changed since, is drawn in the
    # first frame, and the configuration read right after it: read beside Textual's
    # start-up, on the same interpreter, it would hold that frame back (tui.glimpse).
    from hookdash.tui.glimpse import read_glimpse

    glimpse = read_glimpse(env)
    if glimpse is not None:
        return _run_dashboard(env, None, glimpse=glimpse)
    # Else a quick configuration loads in a thread from here on, while Textual is imported
    # and paints; a larger one after the first paint (hookdash.tui.loading).
    from hookdash.tui.loading import start_early_load

    return _run_dashboard(env, None, early=start_early_load(env))


def _nothing_to_show(env: Any) -> bool:
    """No host has a file for this workspace: Gemini CLI was never set up here and no other
    agent hookdash manages has a file for it (a person who uses only Claude Code or Codex
    CLI sees their own hooks, not the demo). Gemini's check is a few `stat` calls; the
    others run only then."""
    if not env.never_set_up():
        return False
    from pathlib import Path

    from hookdash.core import all_hosts

    workspace = Path(env.workspace)
    return not any(h.has_files(workspace, env.environ) for h in all_hosts())


def cmd_demo(args: argparse.Namespace) -> int:
    if not _interactive():
        raise CliError("the demo opens the dashboard, which needs a terminal")
    return _run_demo(keep=args.keep, notice=None)


def _run_demo(keep: bool, notice: str | None) -> int:
    from hookdash.core import create_demo

    demo = create_demo()
    if not keep:
        # Belt and braces with the signal handling in _run_dashboard: whatever ends the
        # process normally also removes the copy.
        atexit.register(demo.cleanup)
    # Whatever this process starts (a hook fired from the dashboard) sees the demo's
    # home and settings paths too, never the user's (nor their trust/telemetry overrides).
    for name in [n for n in os.environ if n not in demo.environ]:
        del os.environ[name]
    os.environ.update(demo.environ)
    from hookdash.tui.loading import start_early_load

    early = None
    try:
        env = demo.env  # (made on each access: the early load is for this one)
        early = start_early_load(env)
        return _run_dashboard(env, None, demo=demo, notice=notice, early=early, keep=keep)
    finally:
        if keep:
            print(f"The demo files are kept in {demo.root}")
        else:
            # The first load writes into the demo (its state: the baseline of its own
            # hooks): removed after it, or a quick quit leaves the folder made again.
            with contextlib.suppress(Exception):
                if early is not None:
                    early.wait(DEMO_LOAD_WAIT_S)
            demo.cleanup()


DEMO_LOAD_WAIT_S = 5.0  # how long a quitting demo waits for its first load to finish
# How long the first frame waits for a quick first load that is still running (see
# _run_dashboard): a frame drawn before it is drawn again with the hooks, and on one
# interpreter that second frame costs the hooks about a tenth of a second.
FIRST_FRAME_WAIT_S = 0.3
QUIT_GRACE_S = 1.0  # how long a lost terminal or a signal waits for the app to end on its own
LINGER_S = 1.0  # how long the process may take to end once the app has ended
TERMINAL_POLL_S = 0.25  # how often the terminal is looked at while the dashboard runs


def _leave_anyway(app: Any, ended: threading.Event, code: int, demos: list[Any]) -> None:
    """After a signal or a lost terminal: the process ends within about a second, whatever
    holds it. If the app has not ended within QUIT_GRACE_S (its event loop is busy), kill
    the hooks it runs, put the terminal back, remove the demo copies (`demos`, and those
    the app opened) and end the process. If it has ended but the process is still there
    LINGER_S later, end it too: Textual's input thread spins on a terminal that is gone
    (select says readable, read gives b"" for ever) and, not being a daemon thread, would
    hold the interpreter's exit until someone kills it."""
    from hookdash.core import kill_running_hooks

    if ended.wait(QUIT_GRACE_S):
        time.sleep(LINGER_S)  # (a daemon thread: a process that ends meanwhile ends this)
        with contextlib.suppress(Exception):
            kill_running_hooks()
        for demo in [*app.owned_demos, *demos]:
            with contextlib.suppress(Exception):
                demo.cleanup()
        _exit_now(code)
    with contextlib.suppress(Exception):
        kill_running_hooks()
    # The terminal put back by hand: the driver's own way joins its threads and flushes
    # through its writer thread, either of which a held process may never get to.
    driver = getattr(app, "_driver", None)
    with contextlib.suppress(Exception):
        fileno = driver.fileno if driver is not None else 1  # (the terminal: stdout)
        attrs = getattr(driver, "attrs_before", None)
        if attrs is not None:
            import termios

            termios.tcsetattr(fileno, termios.TCSANOW, attrs)
        os.write(fileno, _TERMINAL_BACK)
    for demo in [*app.owned_demos, *demos]:
        with contextlib.suppress(Exception):
            demo.cleanup()
    _exit_now(code)


def _exit_now(code: int) -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)


def _watch_terminal(ended: threading.Event) -> None:
    """Ends the dashboard when its terminal is gone although no SIGHUP came (a terminal
    emulator killed under `nohup`, a pseudo-terminal whose other end was closed): a
    terminal that stops being one is reported as the hang-up it is, through the same
    handler."""
    fds = [fd for fd in (0, 1) if os.isatty(fd)]
    while not ended.wait(TERMINAL_POLL_S):
        if not all(os.isatty(fd) for fd in fds):
            os.kill(os.getpid(), signal.SIGHUP)
            return


# Mouse, bracketed paste, focus reports and Kitty keys off, line wrap on, the alternate
# screen left, the cursor shown.
_TERMINAL_BACK = (
    b"\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?2004l\x1b[?1004l\x1b[?7h"
    b"\x1b[<u\x1b[?1049l\x1b[?25h"
)


def _run_dashboard(
    env: Any,
    config: Any,
    demo: Any = None,
    notice: str | None = None,
    early: Any = None,
    keep: bool = True,
    glimpse: Any = None,
) -> int:
    import asyncio

    from hookdash.tui.app import HookdashApp

    app = HookdashApp(
        env, configuration=config, demo=demo, notice=notice, early=early, glimpse=glimpse
    )

    ended = threading.Event()
    leaving = threading.Event()
    signalled: list[int] = []  # the status a signal asks for (128 + its number)
    # Removed on a hurried exit too (`keep`: the user asked to keep the demo's files).
    temporary = [demo] if demo is not None and not keep else []

    def leave(signum: int, frame: Any) -> None:
        # A closed terminal (SIGHUP, or a terminal found gone) or `kill` (SIGTERM) ends the
        # app like `q` does, so the terminal is restored and the demo's temporary copy
        # removed; whatever holds the process, it ends within about a second.
        if leaving.is_set():
            return
        signalled.append(128 + signum)
        leaving.set()
        threading.Thread(
            target=_leave_anyway, args=(app, ended, 128 + signum, temporary), daemon=True
        ).start()
        # Never an exception raised here: the handler runs between two bytecodes of
        # whatever the main thread does, Textual's own shutdown included, and a
        # SystemExit there leaves the driver's input thread running.
        with contextlib.suppress(RuntimeError):  # the app's loop is not running
            asyncio.get_running_loop().call_soon_threadsafe(app.exit, None, 128 + signum)

    previous = {sig: signal.signal(sig, leave) for sig in (signal.SIGHUP, signal.SIGTERM)}
    threading.Thread(target=_watch_terminal, args=(ended,), daemon=True).start()
    if early is not None:
        # The first load started before Textual was imported (quick by its files' sizes)
        # is usually a few dozen milliseconds from done here. Waiting for it, the first
        # frame has the hooks; else a "reading the configuration" frame is drawn, then
        # the whole screen again, both on the interpreter the load needs. A load that
        # takes longer gets that frame after FIRST_FRAME_WAIT_S, as before.
        early.wait(FIRST_FRAME_WAIT_S)
    try:
        app.run()
    finally:
        ended.set()
        from hookdash.core import kill_running_hooks

        kill_running_hooks()  # a hook fired from the dashboard never outlives it
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        for owned in app.owned_demos:  # demos opened from inside the dashboard
            owned.cleanup()
    if leaving.is_set():
        # Ended by a signal or a lost terminal: leave now, with the signal's status. The
        # interpreter's own shutdown flushes stdout into a terminal that may be gone, and a
        # failed flush turns the status into 120.
        for demo in temporary:
            with contextlib.suppress(Exception):
                demo.cleanup()
        _exit_now(app.return_code or signalled[0])
    return app.return_code or EXIT_OK


def add_dashboard_commands(sub: Any) -> None:
    p = sub.add_parser(
        "demo",
        help="open the dashboard on a bundled demo setup (a temporary copy)",
        description="Open the dashboard on a bundled demo: system, user and project "
        "settings, two extensions and real hook scripts, copied to a fresh temporary "
        "directory. Nothing of yours is read or written; the copy is deleted on exit.",
    )
    p.add_argument("--keep", action="store_true", help="keep the demo files after quitting")
    p.set_defaults(func=cmd_demo)
