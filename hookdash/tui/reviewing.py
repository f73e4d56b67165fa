"""What the trust review (`T`) shows of the hosts whose review is not the screen's own.

The screen reviews Gemini CLI's project hooks with its own list (`core.trust_store`); every
other host whose repository hooks hookdash reviews registers a `Reviewing` in
`tui/hosts/<host>/reviewing.py` (found by the host's name): its items join the same list,
each with its host, checked one by one, and are recorded through the host's own review.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Protocol

from rich.console import RenderableType
from rich.text import Text

if TYPE_CHECKING:
    from hookdash.core import Configuration
    from hookdash.tui.app import HookdashApp
    from hookdash.tui.colors import Colors


class Reviewing(Protocol):
    """One host's review, as the trust screen uses it."""

    name: str  # the host's name, on each of its lines: "claude"
    label: str  # the host as a person names it: "Claude Code"

    def items(self, config: Configuration) -> list[Any]:
        """What waits for review (each with a `ref`): new or changed since reviewed."""
        ...

    def prompt(self, item: Any, colors: Colors) -> Text:
        """The item's line in the list (its badge, what it is, its risk kinds)."""
        ...

    def whole(self, config: Configuration, item: Any, colors: Colors) -> RenderableType:
        """The highlighted item, whole: its command, risks, what changed."""
        ...

    def question(self, config: Configuration, items: list[Any], colors: Colors) -> RenderableType:
        """What the person agrees to record, every item whole."""
        ...

    async def record(self, app: HookdashApp, config: Configuration, items: list[Any]) -> str:
        """Record `items` as reviewed (through `app.write`, so `u` undoes it); the news."""
        ...


def reviewings() -> list[Reviewing]:
    """The review of every registered host that has one, in the registry's order."""
    from hookdash.core import host_names

    out: list[Reviewing] = []
    for name in host_names():
        try:
            module = importlib.import_module(f"hookdash.tui.hosts.{name}.reviewing")
        except ModuleNotFoundError:
            continue
        out.append(module.REVIEWING)
    return out


def review_line(new: bool, ident: str, detail: str, item: Any, colors: Colors) -> Text:
    """One host's item in the list: NEW or CHANGED, what it is (`ident`, bold), `detail`
    (its event, its layer), then its risk kinds. `ident` and `detail` are shown as given:
    make them `visible()` first."""
    from hookdash.tui.widgets.trust_review import risk_kinds

    text = Text()
    text.append("NEW" if new else "CHANGED", style=colors.badge("new" if new else "changed"))
    text.append(" " * (10 - len(text)))
    text.append(ident, style="bold")
    text.append(f"  {detail}", style=colors.dim)
    kinds = risk_kinds(item)
    if kinds:
        text.append(f"  ⚠ {kinds}", style=colors.risk)
    return text
