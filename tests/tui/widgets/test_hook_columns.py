"""A hook's line fits the list: a long id (an unnamed hook's command) is cut with an
ellipsis, the matcher and badges after it are not; the columns follow the list's width."""

from __future__ import annotations

from rich.cells import cell_len

from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox, command_hook, definition
from tests.tui.helpers import make_app, settle, tree_lines

LONG = 'python3 "$GEMINI_PROJECT_DIR/.gemini/hooks/lint_on_write.py" --check --strict'


def _setup(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    # The script exists: the hook is understood, and its line ends with the matcher.
    sandbox.write(sandbox.workspace / ".gemini/hooks/lint_on_write.py", "print('ok')\n")
    sandbox.write_workspace(
        {
            "hooks": {
                "AfterTool": [
                    definition(command_hook(LONG), matcher="write_file|replace"),
                    definition(command_hook("echo lint", name="lint"), matcher="write_file"),
                ]
            }
        }
    )


def _hook_lines(tree: HookTree) -> list[str]:
    return [line.strip() for line in tree_lines(tree) if line.startswith("    ")]


async def test_a_long_unnamed_id_is_cut_not_the_matcher(sandbox: Sandbox) -> None:
    _setup(sandbox)
    app = make_app(sandbox)
    for width in (120, 80, 160):
        async with app.run_test(size=(width, 36)) as pilot:
            await settle(pilot)
            tree = app.screen.query_one(HookTree)
            room = tree.scrollable_content_region.width - 2 * tree.guide_depth
            lines = _hook_lines(tree)
            assert len(lines) == 2, lines
            for line in lines:
                assert cell_len(line) <= room, (width, line)
            unnamed, named = lines
            assert unnamed.endswith("[write_file|replace]") and "…" in unnamed
            assert named.endswith("[write_file]")
            # The columns line up: both matchers start in the same column... of their ids.
            assert named.index("lint") == unnamed.index("python3")
        app = make_app(sandbox)


async def test_the_columns_follow_a_resize(sandbox: Sandbox) -> None:
    _setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(200, 36)) as pilot:
        await settle(pilot)
        tree = app.screen.query_one(HookTree)
        wide = _hook_lines(tree)[0]
        await pilot.resize_terminal(120, 36)
        await settle(pilot)
        narrow = _hook_lines(tree)[0]
        room = tree.scrollable_content_region.width - 2 * tree.guide_depth
        assert cell_len(narrow) <= room < cell_len(wide)
        assert narrow.endswith("[write_file|replace]")
