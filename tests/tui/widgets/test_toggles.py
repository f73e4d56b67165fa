"""A radio button's and a checkbox's state is a shape, not only a colour."""

from __future__ import annotations

from textual.widgets import Checkbox, RadioButton

from hookdash.tui.app import HookdashApp
from hookdash.tui.screens.hook_form import HookFormScreen
from hookdash.tui.screens.switch import SwitchScreen
from tests.tui.helpers import press_on, settle, until


def _drawn(widget: RadioButton | Checkbox) -> str:
    return widget.render().plain  # type: ignore[union-attr]


async def test_the_chosen_radio_button_and_a_checked_box_are_drawn_apart(
    app: HookdashApp,
) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("a")
        await until(lambda: isinstance(app.screen, HookFormScreen))
        await settle(pilot)
        user, workspace = app.screen.query(RadioButton)
        sequential = app.screen.query_one("#sequential", Checkbox)
        assert (_drawn(user), _drawn(workspace)) == ("▐●▌ user ", "▐○▌ workspace ")
        assert _drawn(sequential) == "▐ ▌ sequential "
        workspace.value = True
        sequential.value = True
        await settle(pilot)
        assert (_drawn(user), _drawn(workspace)) == ("▐○▌ user ", "▐●▌ workspace ")
        assert _drawn(sequential) == "▐X▌ sequential "
        assert app.screen.scope == "workspace"  # (Changed still reaches the form)
        assert app.screen.draft().sequential
        await pilot.press("escape")
        await press_on(pilot, "guard", "space")
        await until(lambda: isinstance(app.screen, SwitchScreen))
        drawn = [_drawn(button)[:3] for button in app.screen.query(RadioButton)]
        assert drawn.count("▐●▌") == 2 and drawn.count("▐○▌") == len(drawn) - 2
        await pilot.press("escape")


def test_every_screen_uses_the_toggles_that_show_their_state() -> None:
    """A radio button or checkbox made from Textual's own class draws its state by colour
    alone (the import screen's scope did): every screen makes them from `toggles`."""
    import ast
    from pathlib import Path

    import hookdash.tui

    root = Path(hookdash.tui.__file__).parent
    bare = []
    for path in root.rglob("*.py"):
        if path.name == "toggles.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("RadioButton", "Checkbox")
            ):
                bare.append(f"{path.relative_to(root)}:{node.lineno}")
    assert bare == []
