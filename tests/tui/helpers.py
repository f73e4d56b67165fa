"""A sandboxed configuration with hooks of every kind, and helpers to look into the app."""

from __future__ import annotations

import io
import unicodedata
from typing import Any, TypeVar

from rich.console import Console
from textual import events
from textual.command import CommandList, CommandPalette
from textual.keys import _character_to_key, _get_unicode_name_from_key
from textual.screen import Screen

from hookdash.core import with_claude
from hookdash.core.demo import DemoEnvironment
from hookdash.core.load.loader import load_configuration
from hookdash.tui.app import HookdashApp
from hookdash.tui.colors import Colors
from hookdash.tui.widgets.hook_groups import HookItem
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox, command_hook, definition, until

# Fixed colours, for what is drawn with them outside an app (a line's text is the test).
COLORS = Colors(
    dark=True,
    foreground="#ffffff",
    background="#000000",
    surface="#111111",
    muted="#888888",
    primary="#0000ff",
    accent="#00ffff",
    success="#00ff00",
    warning="#ffff00",
    error="#ff0000",
)


def rich_setup(sandbox: Sandbox) -> None:
    """Trusted folder; user, workspace and extension hooks; disabled, legacy, duplicate,
    NEW and not-running ones; script files for previews. Paths stay under the home."""
    sandbox.trust_folder()
    sandbox.script(
        ".gemini/hooks/guard.sh",
        '# Deny dangerous shell commands.\ncat >/dev/null\necho \'{"decision": "allow"}\'',
    )
    sandbox.script(".gemini/hooks/context.sh", "echo '{}'")
    sandbox.write_user(
        "{\n"
        "  // user hooks\n"
        '  "hooksConfig": {"disabled": ["audit"]},\n'
        '  "hooks": {\n'
        '    "disabled": ["notify"],\n'
        '    "BeforeTool": [{"matcher": "run_shell_command", "hooks": [\n'
        '      {"name": "guard", "type": "command", "command": "bash .gemini/hooks/guard.sh",'
        ' "description": "Deny rm -rf", "timeout": 5000}]}],\n'
        '    "AfterTool": [{"matcher": "write_file", "hooks": [\n'
        '      {"name": "audit", "type": "command", "command": "echo audit"}]}],\n'
        '    "Notification": [{"hooks": [\n'
        '      {"name": "notify", "type": "command", "command": "echo notify"}]}],\n'
        '    "PreToolUse": [{"hooks": [{"type": "command", "command": "echo claude"}]}]\n'
        "  }\n"
        "}\n"
    )
    sandbox.write_workspace(
        {
            "hooks": {
                "BeforeTool": [
                    definition(
                        command_hook("bash .gemini/hooks/guard.sh", name="guard"),
                        matcher="run_shell_command",
                    )
                ],
                "SessionStart": [
                    definition(
                        command_hook("bash .gemini/hooks/context.sh", name="context"),
                        matcher="startup",
                    )
                ],
            }
        }
    )
    sandbox.add_extension(
        "lint-kit",
        {"AfterTool": [definition(command_hook("echo lint", name="ext-lint"), matcher="*")]},
    )


def demo_app(demo: DemoEnvironment, **kwargs: Any) -> HookdashApp:
    """The dashboard on a copy of the demo, as `hookdash demo` opens it."""
    kwargs.setdefault("watch", False)
    config = with_claude(load_configuration(demo.env))  # both hosts, as the app loads them
    return HookdashApp(demo.env, configuration=config, demo=demo, **kwargs)


def make_app(sandbox: Sandbox, **kwargs: Any) -> HookdashApp:
    kwargs.setdefault("watch", False)
    env = sandbox.env()
    return HookdashApp(env, configuration=sandbox.load(), **kwargs)


def plain(renderable: Any, width: int = 100) -> str:
    """The text a Rich renderable shows (for assertions)."""
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def text_of(widget: Any, width: int = 200) -> str:
    """The text a Static shows (its content: Textual Content or a Rich renderable)."""
    content = widget.content
    if isinstance(content, str):
        return content
    if hasattr(content, "plain") and not hasattr(content, "__rich_console__"):
        return str(content.plain)
    return plain(content, width)


def drawn_lines(screen: Screen[Any]) -> list[str]:
    """What a screen draws, line by line: the compositor's strips, exactly what Textual
    turns into terminal output (cut where the terminal cuts)."""
    return ["".join(seg.text for seg in strip) for strip in screen._compositor.render_strips()]


def tree_lines(tree: HookTree) -> list[str]:
    """Every visible line of the tree: indentation by depth, then the label text."""
    out: list[str] = []

    def walk(node: Any, depth: int) -> None:
        for child in node.children:
            out.append("  " * depth + child.label.plain)
            if child.is_expanded:
                walk(child, depth + 1)

    walk(tree.root, 0)
    return out


def select(tree: HookTree, hook_id: str, scope: str | None = None) -> None:
    """Move the tree's cursor to a hook."""

    def walk(node: Any) -> Any:
        for child in node.children:
            data = child.data
            if (
                isinstance(data, HookItem)
                and data.hook.id == hook_id
                and (scope is None or data.hook.scope == scope)
            ):
                return child
            found = walk(child)
            if found is not None:
                return found
        return None

    node = walk(tree.root)
    assert node is not None, hook_id
    tree.move_cursor(node)


async def press_on(pilot: Any, hook_id: str, *keys: str) -> HookTree:
    """Select `hook_id` in the hook list and press `keys` there; the list, for more."""
    tree = pilot.app.screen.query_one(HookTree)
    select(tree, hook_id)
    await pilot.press(*keys)
    return tree


def record_notifications(app: HookdashApp) -> list[tuple[str, dict[str, Any]]]:
    """Every notification the app shows from now on: (message, keyword arguments)."""
    shown: list[tuple[str, dict[str, Any]]] = []
    original = app.notify

    def notify(message: str, **kwargs: Any) -> None:
        shown.append((message, kwargs))
        original(message, **kwargs)

    app.notify = notify  # type: ignore[method-assign]
    return shown


async def settle(pilot: Any) -> None:
    """Let workers (writes, reloads, runs) finish and the screen catch up."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


ScreenT = TypeVar("ScreenT", bound=Screen[Any])


async def open_screen(pilot: Any, key: str, kind: type[ScreenT]) -> ScreenT:
    """Press `key` and return the screen it opened (failing if it opened another)."""
    await pilot.press(key)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, kind), screen
    return screen


async def paste(pilot: Any, text: str) -> None:
    """Text arriving at once, as a terminal delivers a paste (the focused widget gets it)."""
    pilot.app.post_message(events.Paste(text))
    await pilot.pause()


async def burst(pilot: Any, typed: str) -> None:
    """Characters arriving in one burst, as fast typing over ssh or a paste without
    bracketed-paste mode delivers them: every key is queued before the app handles the
    first (`pilot.press` waits for the app to go idle after each key)."""
    await burst_keys(pilot, *typed)


async def burst_keys(pilot: Any, *keys: str) -> None:
    """`pilot.press(*keys)` without its pause after each key (keys named as there: "a",
    "tab", "shift+tab", "backspace"): all of them queued at once, as tmux `send-keys` or a
    terminal delivers keys typed faster than the app handles them."""
    app = pilot.app
    for key in keys:
        name = key if len(key) > 1 or key.isalnum() else _character_to_key(key)
        try:
            character: str | None = unicodedata.lookup(_get_unicode_name_from_key(name))
        except KeyError:
            character = key if len(key) == 1 else None
        app.post_message(events.Key(name, character))
    await pilot.pause()


async def run_from_palette(pilot: Any, query: str, title: str) -> None:
    """Open the command palette, ask for `query`, and run the command titled `title` once
    the palette offers it (among the first five: what a person sees without scrolling)."""
    await pilot.press("ctrl+p")
    await until(lambda: isinstance(pilot.app.screen, CommandPalette))
    await paste(pilot, query)

    def position() -> int | None:
        commands = pilot.app.screen.query_one(CommandList)
        if not isinstance(pilot.app.screen, CommandPalette):
            return None
        for i in range(min(commands.option_count, 5)):
            if str(commands.get_option_at_index(i).prompt).startswith(title):
                return i
        return None

    await until(lambda: position() is not None)
    for _ in range(position() or 0):
        await pilot.press("down")
    await pilot.press("enter")
    await until(lambda: not isinstance(pilot.app.screen, CommandPalette))
    await pilot.pause()


# The hook the README's add-form picture (and its snapshot) shows being written.
ADD_FORM_EXAMPLE = (
    ("#matcher", "write_file|replace"),
    ("#name", "lint-check"),
    ("#command", "python3 .gemini/hooks/lint_on_write.py --check"),
    ("#timeout", "10000"),
    ("#description", "Lint every edited file"),
)


def fill_in_add_form(screen: Screen[Any]) -> None:
    """Type ADD_FORM_EXAMPLE into an open add form, as a workspace hook, the command focused."""
    from textual.widgets import Input, RadioButton

    for field, value in ADD_FORM_EXAMPLE:
        screen.query_one(field, Input).value = value
    screen.query_one("#scope RadioButton:last-of-type", RadioButton).value = True
    screen.query_one("#command", Input).focus()
