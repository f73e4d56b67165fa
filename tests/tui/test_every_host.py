"""The dashboard treats every host alike (issue: every screen treats every host alike):
`f` with the payload editor and the question, the verdict words, replay from the live log
and the record view, for every host the registry has (`tests.every_host`)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hookdash.core import with_claude, with_other_hosts
from hookdash.tui.app import HookdashApp
from hookdash.tui.screens.fire import FireScreen
from hookdash.tui.screens.log import LogScreen
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox
from tests.every_host import COVERED, EVERY_HOST, HostCase, case_of
from tests.tui.helpers import (
    drawn_lines,
    open_screen,
    run_from_palette,
    select,
    settle,
    text_of,
    until,
)


def every_host_app(sandbox: Sandbox, **kwargs: Any) -> HookdashApp:
    """The dashboard on every host's configuration (as its loading thread reads it)."""
    kwargs.setdefault("watch", False)
    config = with_other_hosts(with_claude(sandbox.load()))
    return HookdashApp(sandbox.env(), configuration=config, **kwargs)


def _guard(sandbox: Sandbox, case: HostCase) -> str:
    """A blocking guard on the host's shell tool, in the user's settings; its id."""
    case.write_hook(sandbox, case.tool_event, case.deny, case.shell_tool, "guard")
    return case.hook_id(case.deny, "guard")


@pytest.mark.parametrize("host", EVERY_HOST)
async def test_f_opens_the_payload_editor_and_the_verdict_reads_blocked(
    sandbox: Sandbox, host: str
) -> None:
    case = case_of(host, sandbox)
    guard = _guard(sandbox, case)
    app = every_host_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        select(app.screen.query_one(HookTree), guard)
        await pilot.press("f")
        await until(lambda: isinstance(app.screen, FireScreen))
        fire = app.screen
        assert isinstance(fire, FireScreen) and fire.hook.host == host
        payload = json.loads(fire.payload_text)
        assert case.shell_tool in payload.values()  # the host's own payload for the matcher
        status = text_of(fire.query_one("#payload-status"), 300)
        assert "would run this hook for it" in status
        await pilot.press("ctrl+r")
        await until(lambda: fire.result is not None)
        body = text_of(fire.query_one("#result-body"), 300)
    assert "⊘ blocked" in body and "✔" not in body


@pytest.mark.parametrize("host", EVERY_HOST)
async def test_f_asks_before_an_untrusted_project_hook(sandbox: Sandbox, host: str) -> None:
    from hookdash.tui.screens.confirm import ConfirmScreen

    case = case_of(host)  # the folder untrusted (Gemini, Codex CLI), never reviewed (Claude)
    project = sandbox.root / "project-files"
    files = type(sandbox)(project, sandbox.monkeypatch)  # a second machine: its project
    case.write_hook(files, case.stop_event, "echo hi", None, "hi")
    case.move_to_project(files, sandbox.workspace)  # the second machine's user file, moved
    app = every_host_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        select(app.screen.query_one(HookTree), case.hook_id("echo hi", "hi"))
        await pilot.press("f")
        await until(lambda: isinstance(app.screen, FireScreen))
        await pilot.press("ctrl+r")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")
        await until(lambda: isinstance(app.screen, FireScreen))
    assert not (sandbox.state / "runs.jsonl").exists()


@pytest.mark.parametrize("host", EVERY_HOST)
async def test_replay_from_the_log_fires_the_runs_hook_on_its_input(
    sandbox: Sandbox, host: str
) -> None:
    case = case_of(host, sandbox)
    command = "cat > /dev/null; echo"  # prints nothing to parse: no output
    case.write_hook(sandbox, case.stop_event, command, None, "quiet")
    assert sandbox.cli("fire", "--host", host, case.stop_event).returncode == 0
    app = every_host_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        log = await open_screen(pilot, "l", LogScreen)
        await settle(pilot)
        record = text_of(log.query_one("#record-body"), 200)
        assert f"{case.label} reads nothing from this run" in record
        assert f"host     {case.label}" in record
        # The list's host column, before the hook's id.
        assert any(f" {host} " in line and "✔ ok" in line for line in drawn_lines(log))
        recorded = log.runs.cursor_record
        assert recorded is not None and recorded.host == host
        await pilot.press("f")
        await until(lambda: isinstance(app.screen, FireScreen))
        fire = app.screen
        assert isinstance(fire, FireScreen) and fire.hook.id == case.hook_id(command, "quiet")
        assert json.loads(fire.payload_text) == recorded.input


@pytest.mark.parametrize("host", EVERY_HOST)
async def test_the_palettes_go_to_hook_finds_every_hosts_hooks(sandbox: Sandbox, host: str) -> None:
    case = case_of(host, sandbox)
    case.write_hook(sandbox, case.stop_event, "echo jumptarget", None, "jumptarget")
    target = case.hook_id("echo jumptarget", "jumptarget")
    for other in COVERED:  # a hook of every host, the target's first in no order
        if other != host:
            case_of(other).write_hook(sandbox, case_of(other).stop_event, "echo x", None, "x")
    app = every_host_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await run_from_palette(pilot, "jumptarget", f"Go to hook {target}")
        selected = app.screen.query_one(HookTree).selected_hook
        assert selected is not None and selected.host == host and selected.id == target


@pytest.mark.parametrize("host", EVERY_HOST)
async def test_the_problems_view_says_a_hooks_program_is_not_on_path(
    sandbox: Sandbox, host: str
) -> None:
    from textual.widgets import OptionList

    from hookdash.tui.screens.problems import ProblemsScreen
    from tests.tui.helpers import plain

    case = case_of(host, sandbox)
    case.write_hook(sandbox, case.stop_event, "definitely-not-a-command-xyz", None, "missing")
    app = every_host_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await open_screen(pilot, "c", ProblemsScreen)
        options = screen.query_one(OptionList)
        texts = [
            plain(options.get_option_at_index(i).prompt, 200) for i in range(options.option_count)
        ]
        (line,) = [t for t in texts if "command-not-found" in t]
        assert "definitely-not-a-command-xyz" in line


def _hooks_enabled(sandbox: Sandbox, name: str) -> bool:
    from hookdash.core import host

    env = sandbox.env()
    return host(name).load(env.workspace, env.environ).hooks_enabled


@pytest.mark.parametrize("choice", [*EVERY_HOST, "every"])
async def test_h_switches_the_hooks_of_the_host_the_person_chooses(
    sandbox: Sandbox, choice: str
) -> None:
    from hookdash.tui.screens.confirm import ConfirmScreen
    from hookdash.tui.screens.host_choice import HostChoiceScreen

    for name in COVERED:
        case = case_of(name, sandbox)
        case.write_hook(sandbox, case.stop_event, "echo hi", None, "hi")
    app = every_host_app(sandbox)
    async with app.run_test(size=(80, 24)) as pilot:  # every choice in view at 80×24
        await pilot.pause()
        await pilot.press("H")
        await until(lambda: isinstance(app.screen, HostChoiceScreen))
        buttons = list(app.screen.query("Button.host-choice"))
        assert len(buttons) == len(COVERED) + 1
        assert all(b.region.bottom <= 24 and b.region.width > 0 for b in buttons)
        index = [*COVERED, "every"].index(choice)
        for _ in range(index):
            await pilot.press("tab")
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await settle(pilot)
    for name in COVERED:
        assert _hooks_enabled(sandbox, name) is (choice not in (name, "every")), name


@pytest.mark.parametrize("host", EVERY_HOST)
async def test_h_with_one_agent_asks_only_to_switch_it(sandbox: Sandbox, host: str) -> None:
    from hookdash.tui.screens.confirm import ConfirmScreen

    case = case_of(host, sandbox)
    case.write_hook(sandbox, case.stop_event, "echo hi", None, "hi")
    app = every_host_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("H")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        assert case.label in text_of(app.screen.query_one("#confirm-body"), 200)
        await pilot.press("y")
        await settle(pilot)
    assert _hooks_enabled(sandbox, host) is False


async def test_t_is_one_review_for_every_host_one_hook_at_a_time_at_80x24(
    sandbox: Sandbox,
) -> None:
    from hookdash.tui.screens.confirm import ConfirmScreen
    from hookdash.tui.screens.trust import TrustScreen
    from hookdash.tui.widgets.check_list import CheckList

    project = sandbox.root / "project-files"
    files = type(sandbox)(project, sandbox.monkeypatch)
    for name in COVERED:  # two project hooks of every host, none reviewed yet
        case = case_of(name, sandbox)  # the project trusted by the host: its hooks load
        for word in ("first", "second"):
            case.write_hook(files, case.stop_event, f"echo {word}", None, word)
        case.move_to_project(files, sandbox.workspace)
    app = every_host_app(sandbox)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("T")
        await until(lambda: isinstance(app.screen, TrustScreen))
        screen = app.screen
        assert isinstance(screen, TrustScreen)
        listing = screen.query_one("#trust-list", CheckList)
        lines = [
            plain_text(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)
        ]
        assert len(lines) == 2 * len(COVERED)
        for name in COVERED:  # each line says whose hook it is
            assert sum(line.split()[2] == name for line in lines) == 2, lines
        for button in screen.query("#trust-buttons Button"):  # usable at 80×24
            assert 0 < button.region.bottom <= 24 and button.region.width > 0
        # Check one hook of the last host only, and record it.
        last = COVERED[-1]
        index = max(i for i, line in enumerate(lines) if line.split()[2] == last)
        listing.highlighted = index
        await pilot.press("space", "y")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(lambda: isinstance(app.screen, TrustScreen) and not screen._writing)
        await settle(pilot)
        left = [
            plain_text(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)
        ]
    assert len(left) == 2 * len(COVERED) - 1  # the one checked hook only


def plain_text(prompt: Any) -> str:
    from tests.tui.helpers import plain

    return plain(prompt, 200).strip()
