"""The main screen, driven like a person would: keys, clicks, and what it then shows."""

from __future__ import annotations

import re

import pytest
from textual import events
from textual.widgets import Input

from hookdash.tui.app import HookdashApp
from hookdash.tui.commands import DashboardCommands
from hookdash.tui.screens.confirm import ConfirmScreen
from hookdash.tui.screens.hooks import HooksScreen
from hookdash.tui.widgets.banners import Banner, Banners, BannerSummary
from hookdash.tui.widgets.empty_state import EmptyState
from hookdash.tui.widgets.hook_details import HookDetails
from hookdash.tui.widgets.hook_tree import HookTree
from hookdash.tui.widgets.status_line import StatusLine
from tests.conftest import Sandbox, command_hook, definition
from tests.tui.helpers import (
    burst,
    demo_app,
    drawn_lines,
    make_app,
    paste,
    record_notifications,
    rich_setup,
    run_from_palette,
    select,
    text_of,
    tree_lines,
    until,
)


def _details_text(app: object) -> str:
    details = app.screen.query_one(HookDetails)  # type: ignore[attr-defined]
    return text_of(details.query_one("#details-body"))


async def test_tree_groups_by_event_then_layer_with_badges(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        lines = tree_lines(app.screen.query_one(HookTree))
    events = [line.split()[0] for line in lines if not line.startswith(" ")]
    assert events == ["BeforeTool", "AfterTool", "Notification", "SessionStart", "PreToolUse"]
    text = "\n".join(lines)
    # BeforeTool: the user copy runs, the workspace copy is a NEW duplicate.
    before = text.split("AfterTool")[0]
    assert before.index("  user") < before.index("  workspace")
    assert re.search(r"runs +guard", before)
    assert re.search(r"duplicate +guard +NEW", before)
    assert re.search(r"disabled +audit", text)
    assert "legacy" in text.split("Notification")[1].split("SessionStart")[0]
    assert "extension lint-kit" in text
    assert "off: unknown event" in text
    assert "not a Gemini CLI event" in text
    assert "[run_shell_command]" in before


async def test_status_line_and_banners(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        status = text_of(app.screen.query_one(StatusLine))
        banners = [text_of(b) for b in app.screen.query(Banner)]
    assert status.startswith("~/project · hooks on · 7 hooks: 4 run, 1 disabled, 2 other")
    assert "folder trusted (TRUST_FOLDER rule for ~/project)" in status
    assert len(banners) == 2
    assert banners[0].startswith("! 2 project hooks are not trusted yet (2 NEW): press T")
    assert "hooks.disabled is ignored" in banners[1]
    assert "~/.gemini/settings.json:5" in banners[1]


async def test_status_line_names_the_gemini_cli(sandbox: Sandbox, app: HookdashApp) -> None:
    """Which Gemini CLI the verdicts model; an unverified version gets a banner too."""
    async with app.run_test(size=(200, 36)) as pilot:
        await pilot.pause()
        status = text_of(app.screen.query_one(StatusLine))
    assert status.endswith("Gemini CLI not found: verdicts as for 0.61.0")

    sandbox.install_gemini("0.58.0")
    app = make_app(sandbox)
    async with app.run_test(size=(200, 36)) as pilot:
        await pilot.pause()
        status = text_of(app.screen.query_one(StatusLine))
        banners = [text_of(b) for b in app.screen.query(Banner)]
    assert status.endswith("Gemini CLI 0.58.0 (not verified)")
    assert any("0.58.0 has not been run by hookdash's harness" in b for b in banners)


async def test_banners_for_what_changes_everything(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooksConfig": {"enabled": False}, "hooks": {"BeforeTool": []}})
    sandbox.write_workspace('{\n  "hooks": {,\n}\n')
    sandbox.write_system({"hooks": {}})  # not root-owned: Gemini ignores it
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        text = "\n".join(text_of(b) for b in app.screen.query(Banner))
    assert "does not parse" in text
    assert "~/project/.gemini/settings.json:2:" in text  # line and column
    assert "hooksConfig.enabled is false" in text
    assert "ignores it" in text  # the system file


async def test_hooks_off_lists_extension_hooks_off_too(sandbox: Sandbox) -> None:
    """Gemini does not read extension hooks while hooks are off; the tree lists them, off,
    and the details say why, like the settings hooks beside them."""
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooksConfig": {"enabled": False},
            "hooks": {"BeforeTool": [definition(command_hook("true", name="guard"))]},
        }
    )
    sandbox.add_extension("kit", {"BeforeTool": [definition(command_hook("true", name="ext"))]})
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        tree = app.screen.query_one(HookTree)
        lines = tree_lines(tree)
        select(tree, "ext")
        await pilot.pause()
        details = _details_text(app)
    assert "extension kit" in "\n".join(lines)
    assert sum("off: hooks off" in line for line in lines) == 2  # guard and ext
    assert "Gemini CLI does not even read extension hooks then" in " ".join(details.split())


async def test_untrusted_folder_banner_says_user_hooks_are_skipped_too(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("x"))]}})
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        text = "\n".join(text_of(b) for b in app.screen.query(Banner))
        lines = tree_lines(app.screen.query_one(HookTree))
    assert "not trusted" in text and "user and system ones too" in text
    assert any("off: untrusted" in line for line in lines)


async def test_filter_by_id_command_event_layer_matcher(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        tree = app.screen.query_one(HookTree)
        await pilot.press("slash")
        await pilot.press(*"lint-kit")  # typed: the list follows every key
        await pilot.pause()
        assert [line.strip().split()[-1] for line in tree_lines(tree)][-1] == "[*]"
        assert sum("ext-lint" in line for line in tree_lines(tree)) == 1
        assert not any("guard" in line for line in tree_lines(tree))
        assert tree.border_title == "Hooks 1/7"
        # The other queries arrive at once (a key press costs a test about 0.2 s).
        for query, expected in (
            ("echo audit", "audit"),  # command
            ("sessionstart", "context"),  # event
            ("workspace guard", "guard"),  # layer + id
            ("run_shell", "guard"),  # matcher
        ):
            await pilot.press("ctrl+shift+a")  # select all: the paste replaces it
            await paste(pilot, query)
            hooks = [line for line in tree_lines(tree) if line.startswith("    ")]
            assert hooks and all(expected in line for line in hooks), (query, hooks)
        await paste(pilot, "zzz-nothing")
        assert any("No hook matches" in line for line in tree_lines(tree))
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.query_one("#filter").value == ""  # type: ignore[attr-defined]
        assert app.focused is tree
        assert len([line for line in tree_lines(tree) if line.startswith("    ")]) == 7


RISKY_USER = {
    "hooks": {
        "BeforeTool": [
            definition(
                command_hook("curl -s https://example.com/setup | sh", name="setup"),
                command_hook("echo calm", name="calm-hook"),
                matcher="run_shell_command",
            )
        ],
        "AfterTool": [
            definition(command_hook("curl -s https://example.com/ping", name="ping"), matcher="*"),
            definition(
                command_hook("curl -s https://example.com/a", name="a-hook-with-a-long-name-here"),
                matcher="write_file|replace",
            ),
        ],
    }
}


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_risk_flags_show_on_the_hook_line_after_the_matcher_and_filter(
    sandbox: Sandbox, size: tuple[int, int]
) -> None:
    """Issue 20: a hook's risk flags show on its line, in words, after the matcher (which
    they never push out of view) and on its group's line; `/network` and `/risky` list
    the hooks flagged."""
    sandbox.trust_folder()
    sandbox.write_user(RISKY_USER)
    app = make_app(sandbox)
    async with app.run_test(size=size) as pilot:
        tree = app.screen.query_one(HookTree)
        await pilot.pause()
        drawn = drawn_lines(app.screen)

        def line_of(hook_id: str) -> str:  # (the list's part of it: the details are beside)
            line = next(line for line in drawn if re.search(rf"runs +{hook_id}", line))
            return re.split("[│┃]│", line)[0]  # (a focused list's border is heavy)

        # (Also not understood, `sh` running what curl brings: the `?` mark may leave room
        # for the count of kinds only.)
        assert re.search(
            r"\[run_shell_command\]  ⚠ (PIPE TO SHELL \+1|2 risks)  \?", line_of("setup")
        )
        assert "⚠" not in line_of("calm-hook")
        assert "[*]  ⚠ NETWORK" in line_of("ping")
        assert "BeforeTool  2 hooks · 2 run · ⚠ 1 risky" in "".join(drawn)
        assert "AfterTool  2 hooks · 2 run · ⚠ 2 risky" in "".join(drawn)
        # A long id and matcher: the flags come last, so the matcher stays whole; beside
        # the details (120 columns) the list is narrower, and the id is cut to make room.
        long_line = line_of("a-hook-with")
        assert "[write_file|replace]  ⚠ NETWORK" in long_line
        assert ("a-hook-with-a-lo…" in long_line) == (size == (120, 36))
        await pilot.press("slash")
        await paste(pilot, "network")
        hooks = [line.split()[1] for line in tree_lines(tree) if line.startswith("    ")]
        assert hooks[:2] == ["setup", "ping"] and hooks[2].startswith("a-hook-with-a-lo")
        await pilot.press("ctrl+shift+a")
        await paste(pilot, "risky pipe")
        hooks = [line.split()[1] for line in tree_lines(tree) if line.startswith("    ")]
        assert hooks == ["setup"]


async def test_selecting_a_hook_shows_every_detail(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        tree = app.screen.query_one(HookTree)
        await pilot.pause()
        select(tree, "guard", "workspace")
        await pilot.pause()
        assert app.selected_hook is not None and app.selected_hook.scope == "workspace"
        text = _details_text(app)
    for expected in (
        "guard",
        "duplicate",
        "same name:command as guard (user)",
        "run_shell_command",
        "tool names containing a match of the regex /run_shell_command/",
        "bash .gemini/hooks/guard.sh",
        "~/project/.gemini/settings.json:",
        "/hooks/BeforeTool/0/hooks/0",
        "Source: project",
        "labels every settings hook 'project'",
        "NEW: not in trusted_hooks.json",
        "Script ~/project/.gemini/hooks/guard.sh",
        "# Deny dangerous shell commands.",  # the preview
    ):
        assert expected in text, expected


async def test_details_give_every_reason_a_hook_would_not_run(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        tree = app.screen.query_one(HookTree)
        await pilot.pause()
        select(tree, "echo claude")
        await pilot.pause()
        text = _details_text(app)
        assert "Gemini CLI would not run it" in text
        assert "'PreToolUse' is not a Gemini CLI event (did you mean BeforeTool?)" in text
        select(tree, "audit")
        await pilot.pause()
        assert "disabled in hooksConfig.disabled (user)" in _details_text(app)
        select(tree, "notify")
        await pilot.pause()
        assert "Gemini CLI 0.26+ ignores — this hook runs" in _details_text(app)


async def test_mouse_click_selects_a_hook(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        tree = app.screen.query_one(HookTree)
        await pilot.pause()
        # Line 2 of the tree is BeforeTool > user > guard; line 5 the workspace copy.
        await pilot.click(HookTree, offset=(20, 1 + 4))
        await pilot.pause()
        hook = app.selected_hook
        assert hook is not None and hook.id == "guard" and hook.scope == "workspace"
        assert tree.has_focus


async def test_fold_and_unfold(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        tree = app.screen.query_one(HookTree)
        await pilot.pause()
        total = len(tree_lines(tree))
        await pilot.press("F")
        await pilot.pause()
        assert len(tree_lines(tree)) == 5  # the events only
        await pilot.press("F")
        await pilot.pause()
        assert len(tree_lines(tree)) == total
        tree.move_cursor_to_line(0)
        await pilot.press("left")
        await pilot.pause()
        assert len(tree_lines(tree)) == total - 4  # BeforeTool folded
        await pilot.press("right", "right")
        await pilot.pause()
        assert len(tree_lines(tree)) == total and tree.cursor_line == 1


async def test_details_toggle_and_zoom(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        details = app.screen.query_one(HookDetails)
        tree = app.screen.query_one(HookTree)
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        assert not details.display and tree.size.width > 100
        await pilot.press("i", "z")
        await pilot.pause()
        assert app.screen.maximized is details
        await pilot.press("z")
        await pilot.pause()
        assert app.screen.maximized is None and app.focused is tree


async def test_small_terminal_still_usable(app: HookdashApp) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HooksScreen) and screen.has_class("-narrow")
        tree = screen.query_one(HookTree)
        details = screen.query_one(HookDetails)
        # Details under the tree, both big enough to read.
        assert details.region.y > tree.region.y
        assert tree.size.height >= 6 and details.size.height >= 5
        assert tree.size.width >= 70 and details.size.width >= 70
        # A long banner takes one line, not half the screen.
        assert all(b.size.height == 1 for b in screen.query(Banner))
        # Zoomed, the details fill the terminal (all but the footer).
        await pilot.press("z")
        await pilot.pause()
        assert screen.maximized is details and details.region.height >= 22


async def test_theme_toggle(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        assert app.current_theme.dark
        tree = app.screen.query_one(HookTree)
        before = str(tree.root.children[0].label.style)
        await pilot.press("t")
        await pilot.pause()
        assert not app.current_theme.dark
        after = str(tree.root.children[0].label.style)
        assert before != after  # labels were redrawn in the light theme's colours
        await pilot.press("t")
        await pilot.pause()
        assert app.current_theme.dark


async def test_empty_state_says_where_hooks_go_and_offers_the_demo(sandbox: Sandbox) -> None:
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        empty = app.screen.query_one(EmptyState)
        assert empty.display and app.screen.has_class("-empty")
        text = text_of(empty.query_one("#empty-text"))
        assert "No hooks configured" in text
        assert "~/.gemini/settings.json" in text
        assert "~/project/.gemini/settings.json" in text
        assert "~/.gemini/extensions/<name>/hooks/hooks.json" in text
        await pilot.click("#open-demo")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        try:
            assert app.demo is not None and app.owned_demos == [app.demo]
            assert app.config is not None and app.config.env.home == app.demo.root
            assert not app.screen.has_class("-empty")
            banners = "\n".join(text_of(b) for b in app.screen.query(Banner))
            assert "DEMO" in banners and str(app.demo.root) in banners
        finally:
            for demo in app.owned_demos:
                demo.cleanup()
    # The sandbox's own files were not touched.
    assert not (sandbox.home / ".gemini" / "settings.json").exists()


async def test_go_to_hook_from_the_command_palette(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        await run_from_palette(pilot, "go to hook ext-lint", "Go to hook ext-lint")
        hook = app.selected_hook
        assert hook is not None and hook.id == "ext-lint"


async def test_keys_typed_in_one_burst_after_slash_go_to_the_filter(app: HookdashApp) -> None:
    """`/` then more keys before the app has handled the `/`: every one of them is text
    for the filter, none a command (t theme, F fold, l log, q quit, space switch, D demo)."""
    async with app.run_test(size=(120, 36)) as pilot:
        tree = app.screen.query_one(HookTree)
        theme = app.theme
        folded_before = tree_lines(tree)
        await burst(pilot, "/tele Flq D")
        filter_box = app.screen.query_one("#filter", Input)
        assert filter_box.value == "tele Flq D"
        assert app.focused is filter_box
        assert isinstance(app.screen, HooksScreen)  # no log, no switch dialog, no demo
        assert app.theme == theme and app.demo is None and app.is_running
        await pilot.press("enter")  # back to the list; the filter stays
        assert app.focused is tree and filter_box.value == "tele Flq D"
        # A paste right after `/` is the filter's too, as is a paste on the list itself
        # (a terminal with bracketed paste delivers "/tele" as one Paste).
        await pilot.press("escape")  # clears
        assert filter_box.value == "" and tree_lines(tree) == folded_before
        app.post_message(events.Key("slash", "/"))
        app.post_message(events.Paste("guard"))
        await pilot.pause()
        assert filter_box.value == "guard" and app.focused is filter_box
        await pilot.press("escape")
        assert app.focused is tree
        await paste(pilot, "/audit")
        assert filter_box.value == "audit" and app.focused is filter_box
        assert all("audit" in line for line in tree_lines(tree) if line.startswith("    "))


def _footer_keys(app: object) -> dict[str, str]:
    """The keys the Footer shows now: key display → label."""
    screen = app.screen  # type: ignore[attr-defined]
    shown = {}
    for key, active in screen.active_bindings.items():
        if active.binding.show:
            shown[active.binding.key_display or key] = active.binding.description
    return shown


async def test_the_filter_box_and_the_zoom_say_how_to_leave_them(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        assert "esc" not in _footer_keys(app)  # nothing to clear yet
        await pilot.press("slash")
        keys = _footer_keys(app)
        assert keys.get("enter") == "To the list" and keys.get("esc") == "Clear"
        assert "f" not in keys and "q" not in keys  # typed as text here, not commands
        await pilot.press("g", "u", "enter")
        tree = app.screen.query_one(HookTree)
        assert app.focused is tree
        assert _footer_keys(app).get("esc") == "Clear"  # a filter is set: esc clears it
        await pilot.press("escape")
        assert app.screen.query_one("#filter", Input).value == ""
        assert "esc" not in _footer_keys(app)
        await pilot.press("z")
        details = app.screen.query_one(HookDetails)
        assert app.screen.maximized is details
        assert "z or esc: back" in str(details.border_subtitle)
        assert _footer_keys(app).get("esc") == "Back"
        await pilot.press("escape")
        assert app.screen.maximized is None and app.focused is tree
        assert not details.border_subtitle
        await pilot.press("z", "z")
        assert app.screen.maximized is None and app.focused is tree


async def test_D_asks_before_the_demo_and_offers_the_way_back(
    sandbox: Sandbox, app: HookdashApp
) -> None:
    own = app.env
    async with app.run_test(size=(120, 36)) as pilot:
        try:
            await pilot.press("D")
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("n")
            assert isinstance(app.screen, HooksScreen)
            assert app.demo is None and app.owned_demos == []  # nothing made, nothing shown
            await pilot.press("D", "y")
            await until(lambda: app.config is not None and app.config.env is not own)
            await pilot.pause()
            demo = app.demo
            assert demo is not None and app.config is not None
            assert app.config.env.home == demo.root
            banner = next(b for b in app.screen.query(Banner) if b.has_class("demo"))
            assert "D (or click): back to your configuration" in text_of(banner)
            offered = {c.title for c in DashboardCommands(app.screen)._available()}
            assert "Back to my configuration" in offered and "Open the demo" not in offered
            # D again: back to the sandbox's hooks, no question asked.
            await pilot.press("D")
            await until(lambda: app.config is not None and app.config.env is own)
            await pilot.pause()
            assert app.demo is None and isinstance(app.screen, HooksScreen)
            assert not any(b.has_class("demo") for b in app.screen.query(Banner))
            assert any("ext-lint" in line for line in tree_lines(app.screen.query_one(HookTree)))
            offered = {c.title for c in DashboardCommands(app.screen)._available()}
            assert "Open the demo" in offered and "Back to my configuration" not in offered
            # The demo again is the same copy; a click on its banner leaves it too.
            await pilot.press("D", "y")
            await until(lambda: app.demo is not None and app.config is not None
                        and app.config.env is app.env)  # fmt: skip
            await pilot.pause()
            assert app.owned_demos == [demo]
            # (One line of a longer text: the first click shows it all, the next goes back.)
            await pilot.click(".banner.demo")
            assert app.screen.query_one(".banner.demo").has_class("-open")
            await pilot.click(".banner.demo")
            await until(lambda: app.config is not None and app.config.env is own)
            assert app.demo is None
        finally:
            for made in app.owned_demos:
                made.cleanup()
    assert not (sandbox.home / ".gemini" / "settings.json").read_text().count("DEMO")


async def test_no_way_back_from_a_demo_the_dashboard_opened_on(sandbox: Sandbox) -> None:
    """`hookdash demo`: there is no configuration of yours to go back to; D says nothing."""
    from hookdash.core import create_demo

    demo = create_demo(sandbox.root / "demo")
    app = demo_app(demo)
    async with app.run_test(size=(120, 36)) as pilot:
        banner = next(b for b in app.screen.query(Banner) if b.has_class("demo"))
        assert "back to your configuration" not in text_of(banner)
        await pilot.press("D")
        assert isinstance(app.screen, HooksScreen) and app.demo is demo
        offered = {c.title for c in DashboardCommands(app.screen)._available()}
        assert not offered & {"Back to my configuration", "Open the demo"}


def _screen_lines(widget: object) -> list[str]:
    """The lines a widget shows on screen now (what a person reads)."""
    height = widget.size.height  # type: ignore[attr-defined]
    return [widget.render_line(y).text for y in range(height)]  # type: ignore[attr-defined]


async def test_columns_are_sized_per_group_and_matchers_fit_at_120(
    sandbox: Sandbox, app: HookdashApp
) -> None:
    """One long badge (`off: unknown event`, `off: file ignored`) widens the badge column
    of its own group only; at 120 columns the demo's matchers show whole."""
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        lines = tree_lines(app.screen.query_one(HookTree))
    text = "\n".join(lines)
    assert "off: unknown event" in text
    assert re.search(r"\n    runs  guard  \[run_shell_command\]", text)  # user: just `runs`
    assert re.search(r"\n    runs       guard +\[run_shell_command\]", text) is None
    assert re.search(r"\n    duplicate  guard", text)  # workspace: as wide as `duplicate`

    from hookdash.core import create_demo

    demo = create_demo(sandbox.root / "demo")
    app = demo_app(demo)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        tree = app.screen.query_one(HookTree)
        shown = "\n".join(_screen_lines(tree))
        for matcher in ("[run_shell_command]", "[write_file|replace]", "[.*]"):
            assert matcher in shown, matcher
        assert "…" not in shown


async def test_banners_take_one_line_each_until_unfolded(sandbox: Sandbox) -> None:
    from hookdash.core import create_demo

    demo = create_demo(sandbox.root / "demo")
    app = demo_app(demo)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        strip = app.screen.query_one(Banners)
        banners = list(strip.query(Banner))
        assert len(banners) >= 4
        assert strip.size.height == len(banners)  # one row each
        assert any(b.cut for b in banners)
        assert all(b.tooltip for b in banners)  # the whole text on hover
        await pilot.press("b")
        await pilot.pause()
        assert strip.size.height > len(banners) and not any(b.cut for b in banners)
        await pilot.press("b")
        await pilot.pause()
        assert strip.size.height == len(banners)
    # A short terminal: one summary line for them all, until b.
    app = demo_app(demo)
    async with app.run_test(size=(60, 15)) as pilot:
        await pilot.pause()
        strip = app.screen.query_one(Banners)
        assert strip.size.height == 1
        summary = strip.query_one(BannerSummary)
        # (Claude Code's: 3 project hooks to review, its local file dropped (an error),
        # claude -p's no-ask (a warning))
        assert text_of(summary).startswith("▸ DEMO · 5 to review (T) · 1 error · 3 warnings")
        await pilot.click(".summary")
        await pilot.pause()
        assert strip.has_class("-unfolded") and summary.size.height == 0
        assert strip.size.height > 1


async def test_source_first_grouping_and_only_project_hooks(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        tree = app.screen.query_one(HookTree)
        await pilot.press("g")
        lines = tree_lines(tree)
        tops = [line.split()[0] for line in lines if not line.startswith(" ")]
        assert tops == ["user", "workspace", "extension"]  # Gemini's order, extensions last
        user = "\n".join(lines).split("\nworkspace")[0]
        assert [line.split()[0] for line in user.splitlines()[1:] if line.startswith("  ")
                and not line.startswith("    ")] == [
            "BeforeTool", "AfterTool", "Notification", "PreToolUse"]  # fmt: skip
        assert "not a Gemini CLI event" in user
        assert tree.border_title == "Hooks (7) · by source"
        tree.move_cursor(tree.root.children[1])  # the workspace source
        await pilot.pause()
        details = _details_text(app)
        assert "~/project/.gemini/settings.json" in details
        assert "BeforeTool, SessionStart" in details
        await pilot.press("o")
        lines = tree_lines(tree)
        assert [line.split()[0] for line in lines if not line.startswith(" ")] == ["workspace"]
        ids = [line.split()[1] for line in lines if line.startswith("    ")]
        assert sorted(ids) == ["context", "guard"]
        assert tree.border_title == "Hooks 2/7 · project only · by source"
        await pilot.press("g")
        assert [line.split()[0] for line in tree_lines(tree) if not line.startswith(" ")] == [
            "BeforeTool", "SessionStart"]  # fmt: skip
        await pilot.press("o")
        assert tree.border_title == "Hooks (7)"
        assert len([line for line in tree_lines(tree) if line.startswith("    ")]) == 7


async def test_f_on_a_group_opens_its_events_plan(sandbox: Sandbox) -> None:
    from hookdash.tui.screens.plan import PlanScreen

    rich_setup(sandbox)
    app = make_app(sandbox)
    shown = record_notifications(app)
    async with app.run_test(size=(120, 36)) as pilot:
        tree = app.screen.query_one(HookTree)
        after_tool = next(n for n in tree.root.children if n.label.plain.startswith("AfterTool"))
        tree.move_cursor(after_tool.children[0])  # a layer group of AfterTool
        await pilot.press("f")
        await until(lambda: isinstance(app.screen, PlanScreen))
        assert app.screen.query_one("#plan-event").value == "AfterTool"  # type: ignore[attr-defined]
        assert "f fires one hook" in shown[-1][0]
        await pilot.press("escape")
        await pilot.press("g")  # a source spans events: say what to do instead
        tree.move_cursor(tree.root.children[0])
        await pilot.press("f")
        assert isinstance(app.screen, HooksScreen)
        assert "Select a hook to fire it" in shown[-1][0]


@pytest.mark.parametrize("size", [(120, 36), (80, 24)])
async def test_toasts_are_short_and_stay_off_the_details(
    sandbox: Sandbox, size: tuple[int, int]
) -> None:
    from textual.widgets._toast import Toast

    rich_setup(sandbox)
    app = make_app(sandbox)
    shown = record_notifications(app)
    async with app.run_test(size=size, notifications=True) as pilot:
        tree = app.screen.query_one(HookTree)
        select(tree, "audit")  # disabled: space enables it, no question
        await pilot.press("space")
        await until(lambda: any(kw.get("title") == "Switched on" for _, kw in shown))
        await until(lambda: bool(app.screen.query(Toast)))
        await pilot.pause()
        toast = app.screen.query_one(Toast)
        details = app.screen.query_one(HookDetails)
        assert not toast.region.overlaps(details.region)
        assert all(kw.get("timeout", 0) <= 8 for _, kw in shown)


async def test_details_show_every_script_the_hook_runs(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.script("hooks/first.sh", "# the first stage")
    sandbox.script("hooks/second.sh", "# the second stage")
    (sandbox.workspace / "package.json").write_text('{"scripts": {"lint": "eslint ."}}')
    sandbox.write_workspace(
        {
            "hooks": {
                "BeforeTool": [
                    definition(
                        command_hook(
                            "./hooks/first.sh | (cd hooks && ./second.sh) && npm run lint",
                            name="chain",
                        ),
                        command_hook('cd "$SOMEWHERE" && ./x.sh', name="lost"),
                    )
                ]
            }
        }
    )
    app = make_app(sandbox)
    async with app.run_test(size=(120, 60)) as pilot:
        tree = app.screen.query_one(HookTree)
        await pilot.pause()
        select(tree, "chain", "workspace")
        await pilot.pause()
        text = _details_text(app)
        for expected in (
            "Script ~/project/hooks/first.sh",
            "# the first stage",
            "Script ~/project/hooks/second.sh",
            "# the second stage",
            "npm script lint in ~/project/package.json",
            "eslint .",
        ):
            assert expected in text, expected
        select(tree, "lost", "workspace")
        await pilot.pause()
        assert "hookdash cannot tell every script it runs" in _details_text(app)
