"""The hook list as last read (hookdash.tui.glimpse): kept after a load, drawn in the first
frame of the next start while the configuration is read again, every hook `checking…`;
keys that act on a hook wait for the read; the read replaces it, badges and all."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from typing import Any

import pytest
from rich.text import Text

from hookdash import cli
from hookdash.cli import dashboard as cli_dashboard
from hookdash.core import Configuration, load_configuration, watch_targets
from hookdash.tui.app import HookdashApp
from hookdash.tui.colors import colors_for
from hookdash.tui.glimpse import Glimpse, glimpse_path, read_glimpse, record_glimpse
from hookdash.tui.screens.fire import FireScreen
from hookdash.tui.widgets.hook_details import READING, HookDetails
from hookdash.tui.widgets.hook_labels import CHECKING
from hookdash.tui.widgets.hook_tree import HookTree
from hookdash.tui.widgets.status_line import StatusLine
from tests.conftest import Sandbox, command_hook, settings_with, until
from tests.tui.helpers import drawn_lines, text_of, tree_lines

LATER = 3600 * 10**9  # ns: a load "read" an hour from now, after every file's last change


def _setup(sandbox: Sandbox) -> None:
    """A trusted user hook and an untrusted (NEW) project hook."""
    sandbox.trust_folder()
    sandbox.write_user(settings_with(command_hook("echo mine", name="mine")))
    sandbox.write_workspace(
        settings_with(command_hook("echo first", name="first"), command_hook("echo 2", name="two"))
    )


def _recorded(sandbox: Sandbox, since_ns: int | None = None) -> Configuration:
    env = sandbox.env()
    config = load_configuration(env)
    since = time.time_ns() + LATER if since_ns is None else since_ns
    record_glimpse(config, watch_targets(config), since)
    return config


def test_a_glimpse_is_the_list_of_the_load_it_was_kept_from(sandbox: Sandbox) -> None:
    _setup(sandbox)
    config = _recorded(sandbox)
    glimpse = read_glimpse(sandbox.env())
    assert glimpse is not None
    assert [h.ref for h in glimpse.hooks] == [h.ref for h in config.hooks]
    assert {h.ident for h in glimpse.hooks} == {"mine", "first", "two"}
    assert {h.layer_label for h in glimpse.hooks} == {"user", "workspace"}
    # Nothing hookdash works out of a hook is kept: no verdict, badge, risk or trust.
    kept = json.loads(glimpse_path(sandbox.env()).read_text())
    assert set(kept) == {"v", "since_ns", "targets", "hooks"}
    row = next(r for r in kept["hooks"] if r[4] == "first")
    assert row[1:4] == ["gemini", "BeforeTool", "workspace"]
    assert len(row) == 7 and row[5:] == ["", None]  # its matcher (none), its host's letter
    assert os.stat(glimpse_path(sandbox.env())).st_mode & 0o077 == 0  # private


def test_a_glimpse_is_not_drawn_once_a_file_it_was_read_from_changed(sandbox: Sandbox) -> None:
    _setup(sandbox)
    _recorded(sandbox)
    assert read_glimpse(sandbox.env()) is not None
    settings = sandbox.workspace / ".gemini" / "settings.json"
    later = (time.time_ns() + 2 * LATER) // 10**9
    os.utime(settings, (later, later))  # edited after the load read it
    assert read_glimpse(sandbox.env()) is None


def test_a_glimpse_kept_from_a_load_that_read_files_just_changed_is_not_drawn(
    sandbox: Sandbox,
) -> None:
    """A file modified this close to the load may have been read before or after the
    change: the glimpse is not trusted to show it (core.load.sources' slack)."""
    _setup(sandbox)
    _recorded(sandbox, since_ns=time.time_ns())
    assert read_glimpse(sandbox.env()) is None


def test_a_damaged_glimpse_or_one_of_another_environment_is_not_drawn(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    _setup(sandbox)
    _recorded(sandbox)
    path = glimpse_path(sandbox.env())
    with monkeypatch.context() as patch:
        patch.setenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH", str(sandbox.root / "elsewhere.json"))
        other = sandbox.env()
        assert glimpse_path(other) != path and read_glimpse(other) is None
    doc = json.loads(path.read_text())
    doc["hooks"][0][4] = 7  # an id that is not a string
    path.write_text(json.dumps(doc))
    assert read_glimpse(sandbox.env()) is None
    path.write_text("{")
    assert read_glimpse(sandbox.env()) is None
    path.write_text("[" * 100_000)  # deeper than the parser's recursion
    assert read_glimpse(sandbox.env()) is None


def test_a_glimpse_without_hooks_is_not_drawn(sandbox: Sandbox) -> None:
    """With no hook, the first frame waits for the read: it draws the empty state."""
    sandbox.trust_folder()
    sandbox.write_user({})
    _recorded(sandbox)
    assert glimpse_path(sandbox.env()).exists() and read_glimpse(sandbox.env()) is None


def test_no_glimpse_is_kept_of_hooks_whose_files_are_not_followed(sandbox: Sandbox) -> None:
    """Hooks of a host whose files the watch targets do not cover (`more_hosts`: Codex
    CLI's here): a change there would go unseen, so the workspace's glimpse is forgotten."""
    from hookdash.core import with_other_hosts
    from tests.tui.test_codex_host import codex_setup

    _setup(sandbox)
    config = _recorded(sandbox)
    assert glimpse_path(sandbox.env()).exists()
    codex_setup(sandbox)
    config = with_other_hosts(load_configuration(sandbox.env()))
    assert config.more_hosts
    record_glimpse(config, watch_targets(config), time.time_ns() + LATER)
    assert not glimpse_path(sandbox.env()).exists()


def _held_loader(release: threading.Event) -> Any:
    def load(env: Any) -> Configuration:
        release.wait(30)
        return load_configuration(env)

    return load


async def test_the_list_is_drawn_from_the_glimpse_and_filled_in_by_the_read(
    sandbox: Sandbox,
) -> None:
    _setup(sandbox)
    _recorded(sandbox)
    glimpse = read_glimpse(sandbox.env())
    assert isinstance(glimpse, Glimpse)
    release = threading.Event()
    app = HookdashApp(sandbox.env(), loader=_held_loader(release), watch=False, glimpse=glimpse)
    async with app.run_test(size=(120, 36)) as pilot:
        tree = app.screen.query_one(HookTree)
        await until(lambda: tree.glimpsing, what="the glimpse drawn")
        lines = tree_lines(tree)
        hooks = [line for line in lines if CHECKING in line and "hook" not in line]
        assert len(hooks) == 3 and any("first" in line for line in hooks)
        # Until the read, no hook says whether it runs, is new or trusted, or is risky.
        assert not any(w in line for line in lines for w in ("runs", "NEW", "⚠", "off"))
        assert "reading the configuration" in text_of(app.screen.query_one(StatusLine))
        assert tree.border_title == "Hooks (3)"
        # From its top: its first event's line in view, the cursor on the first hook.
        await pilot.pause()
        assert tree.scroll_offset.y == 0
        assert CHECKING in str(tree.cursor_node.label if tree.cursor_node else "")
        # Its id is not dimmed either: on the list, a dim id says the hook does not run.
        dim = colors_for(tree.app).dim
        for node in tree._walk(tree.root):
            label = node.label
            assert isinstance(label, Text)
            ident = label.plain.index("first") if "first" in label.plain else None
            if ident is not None:
                assert not any(
                    sp.start <= ident < sp.end and str(sp.style) == dim for sp in label.spans
                )
                assert label.style != dim
        await pilot.pause()
        assert READING in text_of(app.screen.query_one(HookDetails).query_one("#details-body"))

        # The cursor moves in the glimpse, and stays on its hook when the read lands.
        await pilot.press("down", "down")  # past the workspace's group line
        await pilot.pause()
        assert "first" in str(tree.cursor_node.label if tree.cursor_node else "")

        # Keys that act on a hook wait for the read: nothing fires, nothing is written.
        before = (sandbox.workspace / ".gemini" / "settings.json").read_bytes()
        await pilot.press("f", "space", "d", "e", "T")
        await pilot.pause()
        assert len(app.screen_stack) == 1 and not isinstance(app.screen, FireScreen)
        assert (sandbox.workspace / ".gemini" / "settings.json").read_bytes() == before

        release.set()
        await until(lambda: app.config is not None, what="the configuration read")
        await until(lambda: not tree.glimpsing, what="the list replaced")
        await pilot.pause()
        lines = tree_lines(tree)
        assert not any(CHECKING in line for line in lines)
        assert any("first" in line and "NEW" in line for line in lines)  # the badges came
        selected = tree.selected_hook
        assert selected is not None and selected.shown.id == "first"
        assert app.glimpse is None

        # And the keys act again: f opens the fire screen for that hook.
        await pilot.press("f")
        await until(lambda: isinstance(app.screen, FireScreen), what="the fire screen")


async def test_a_glimpse_never_puts_a_control_character_on_the_terminal(
    sandbox: Sandbox,
) -> None:
    """A glimpse is kept display-safe, and drawn through the display rule again: even one
    whose text was changed on disk shows its escape characters, never sends them."""
    sandbox.trust_folder()
    sandbox.write_workspace(settings_with(command_hook("echo hi", name="evil\x1b[2Jname")))
    _recorded(sandbox)
    path = glimpse_path(sandbox.env())
    assert "\\u001b" not in path.read_text()  # kept as shown (␛), not as the raw escape
    doc = json.loads(path.read_text())
    doc["hooks"][0][5] = "run\x1b]0;title\x07"  # a matcher with a raw escape, by hand
    path.write_text(json.dumps(doc))
    glimpse = read_glimpse(sandbox.env())
    assert glimpse is not None
    release = threading.Event()
    app = HookdashApp(sandbox.env(), loader=_held_loader(release), watch=False, glimpse=glimpse)
    async with app.run_test(size=(120, 36)) as pilot:
        tree = app.screen.query_one(HookTree)
        await until(lambda: tree.glimpsing, what="the glimpse drawn")
        await pilot.pause()
        drawn = "\n".join(drawn_lines(app.screen))
        assert "evil" in drawn and "\x1b" not in drawn and "\x07" not in drawn
        release.set()


async def test_a_glimpse_of_both_hosts_marks_whose_each_hook_is(sandbox: Sandbox) -> None:
    """Gemini CLI's and Claude Code's hooks in one list: each glimpsed line starts with its
    host's letter, as on the read list, and Claude's events are not called unknown."""
    from hookdash.core import with_claude
    from tests.tui.test_both_hosts import both_setup

    both_setup(sandbox)
    config = with_claude(load_configuration(sandbox.env()))
    record_glimpse(config, watch_targets(config), time.time_ns() + LATER)
    glimpse = read_glimpse(sandbox.env())
    assert glimpse is not None
    assert {h.mark for h in glimpse.hooks} == {"G", "C"}
    release = threading.Event()
    app = HookdashApp(sandbox.env(), loader=_held_loader(release), watch=False, glimpse=glimpse)
    async with app.run_test(size=(120, 36)):
        tree = app.screen.query_one(HookTree)
        await until(lambda: tree.glimpsing, what="the glimpse drawn")
        lines = tree_lines(tree)
        claude = next(line for line in lines if "echo claude-guard" in line)
        assert claude.strip().startswith(f"C {CHECKING}")
        assert any(line.strip().startswith(f"G {CHECKING}  guard") for line in lines)
        assert not any("not a" in line for line in lines)
        release.set()


async def test_the_dashboard_keeps_a_glimpse_of_each_read(sandbox: Sandbox) -> None:
    """Following its files (as `hookdash` does), the dashboard keeps the glimpse of each
    read; a test's dashboard (not following them) or the demo keeps none."""
    _setup(sandbox)
    env = sandbox.env()
    app = HookdashApp(env, watch=True)
    async with app.run_test(size=(120, 36)):
        await until(lambda: app.config is not None, what="the configuration read")
        await until(lambda: glimpse_path(env).exists(), what="the glimpse kept")
    quiet = HookdashApp(sandbox.env(sandbox.root), watch=False)
    async with quiet.run_test(size=(120, 36)):
        await until(lambda: quiet.config is not None, what="the configuration read")
    assert not glimpse_path(sandbox.env(sandbox.root)).exists()


def test_bare_hookdash_draws_a_fresh_glimpse_and_reads_after_the_first_frame(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    _setup(sandbox)
    calls: list[dict[str, Any]] = []

    def fake(env: Any, config: Any, **kwargs: Any) -> int:
        calls.append(kwargs)
        return 0

    monkeypatch.setattr(cli_dashboard, "_interactive", lambda: True)
    monkeypatch.setattr(cli_dashboard, "_run_dashboard", fake)
    assert cli.main(["--workspace", str(sandbox.workspace)]) == 0
    assert calls[-1].get("glimpse") is None and calls[-1]["early"] is not None
    calls[-1]["early"].result()

    _recorded(sandbox)
    assert cli.main(["--workspace", str(sandbox.workspace)]) == 0
    glimpse = calls[-1]["glimpse"]
    assert isinstance(glimpse, Glimpse) and len(glimpse.hooks) == 3
    assert calls[-1].get("early") is None  # no load beside Textual's start: after it


def test_reading_a_glimpse_imports_neither_textual_nor_pydantic(sandbox: Sandbox) -> None:
    """It is read before Textual is imported, to draw the first frame sooner."""
    _setup(sandbox)
    _recorded(sandbox)
    code = (
        "import sys\n"
        "from hookdash.core import resolve_environment\n"
        "from hookdash.tui.glimpse import read_glimpse\n"
        "assert read_glimpse(resolve_environment(sys.argv[1])) is not None\n"
        "heavy = ('textual', 'pydantic', 'hookdash.core.load.loader', 'hookdash.core.model')\n"
        "print('LOADED', sorted(m for m in heavy if m in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(sandbox.workspace)],
        env=dict(os.environ),  # (the glimpse's key: the environment it was kept with)
        capture_output=True,
        text=True,
        check=False,
    )
    assert "LOADED []" in result.stdout, result.stdout + result.stderr[-800:]
