"""The toy fourth host on the dashboard: its hooks join the one tree by registering, each
line marked with its host's letter, worded from the fields every host's record has."""

from __future__ import annotations

from hookdash.tui.app import HookdashApp
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox, command_hook, settings_with
from tests.hosts.toy_host import toy_registered, write_toy_hooks
from tests.tui.helpers import select, text_of, tree_lines, until


async def test_the_toy_hooks_are_in_the_tree(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(settings_with(command_hook("echo gemini-guard", name="guard")))
    write_toy_hooks(
        sandbox.workspace,
        [
            {"event": "Start", "command": "echo toy-start"},
            {"event": "Sometime", "command": "echo toy-never"},
        ],
    )
    with toy_registered():
        app = HookdashApp(sandbox.env(), watch=False)
        async with app.run_test(size=(120, 36)):
            await until(
                lambda: (
                    app.config is not None and any(s.host == "toy" for s in app.config.more_hosts)
                )
            )
            tree = app.screen.query_one(HookTree)
            await until(lambda: tree.border_title == "Hooks (3)")
            lines = tree_lines(tree)
            hook_lines = [line.strip() for line in lines if line.startswith("    ")]
            assert [line[:2] for line in hook_lines] == ["G ", "T ", "T "]
            start = next(line for line in hook_lines if "echo toy-start" in line)
            never = next(line for line in hook_lines if "echo toy-never" in line)
            assert start.startswith("T runs") and "off: Toy has no such event" in never
            # Its event is named as a Toy Agent event (the toy host knows it).
            assert any(line.startswith("Start") for line in lines)
            assert any("not a Toy Agent event" in line for line in lines)
            # Its details, from the fields every host's record has.
            select(tree, "echo toy-never")
            await until(lambda: "Toy Agent" in text_of(app.screen.query_one("#details-body")))
            details = text_of(app.screen.query_one("#details-body"), 110)
            assert "echo toy-never" in details and "Sometime" in details
            assert "does not run" in details and "Toy has no such event" in details
            assert ".toy/hooks.json:3" in details
