"""How the fire screen (`f`, and replay from the live log) fires a hook of any host.

What differs per host - the payload it sends, whether it would run the hook for a payload,
when hookdash asks first, the firing itself and how its result reads - is a `Firing`,
one per host in `tui/hosts/<host>/firing.py` (found by the hook's `host`): the screen never
asks which host a hook is. A host whose hooks hookdash cannot fire has no such module.
"""

from __future__ import annotations

import importlib
from collections.abc import Coroutine, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from rich.console import RenderableType

if TYPE_CHECKING:
    from hookdash.core import AnyHook, Configuration
    from hookdash.tui.app import HookdashApp
    from hookdash.tui.colors import Colors


class Firing(Protocol):
    """One host's firing, as the fire screen uses it."""

    label: str  # the host as a person names it: "Gemini CLI"
    agent: str  # short, in sentences: "Gemini", "Claude Code"

    def refusal(self, hook: AnyHook) -> str | None:
        """Why hookdash cannot fire `hook` (None: it can)."""
        ...

    def current(self, config: Configuration, hook: AnyHook) -> AnyHook | None:
        """`hook` as `config` has it now (None: it is gone)."""
        ...

    def hooks(self, config: Configuration) -> Sequence[AnyHook]:
        """Every hook of this host in `config` (a run record's hook is one of them)."""
        ...

    def payload(self, app: HookdashApp, config: Configuration, hook: AnyHook) -> dict[str, Any]:
        """A fresh payload for the hook's event and matcher, as the host would send it."""
        ...

    def payload_problems(self, hook: AnyHook, payload: dict[str, Any]) -> list[str]:
        """What the host would make of a payload's fields it does not expect."""
        ...

    def would_run(
        self, config: Configuration, hook: AnyHook, payload: dict[str, Any]
    ) -> str | None:
        """None when the host would run `hook` for `payload`, else why not."""
        ...

    def confirmations(self, config: Configuration, hook: AnyHook) -> list[str]:
        """Why hookdash asks before running `hook` (empty: it runs at once)."""
        ...

    def fire(
        self, config: Configuration, hook: AnyHook, payload: dict[str, Any]
    ) -> Coroutine[Any, Any, Any]:
        """Run `hook` on `payload` (appended to the run log); the result for the views."""
        ...

    def result_body(self, result: Any, colors: Colors, logged_to: str | None) -> RenderableType:
        """The result, verdict first."""
        ...

    def output_sections(self, result: Any) -> list[tuple[str, str]]:
        """(title, text) of the whole output (`o`)."""
        ...

    def has_output(self, result: Any) -> bool:
        """Whether the result has runs whose output `o` shows."""
        ...

    def layer_text(self, hook: AnyHook) -> str:
        """Where the hook is, for the screen's title: `user settings`, `extension x`."""
        ...

    def timeout_note(self, hook: AnyHook) -> str:
        """What the running view says of the hook's timeout (a sentence)."""
        ...


def firing_for(host: str) -> Firing | None:
    """The firing of `host` (None: hookdash fires no hook of that host)."""
    try:
        module = importlib.import_module(f"hookdash.tui.hosts.{host}.firing")
    except ModuleNotFoundError:
        return None
    firing: Firing = module.FIRING
    return firing


def every_hook(config: Configuration) -> list[Any]:
    """Every host's hooks in `config`, host by host in the registry's order."""
    from hookdash.core import host_names

    out: list[Any] = []
    for name in host_names():
        firing = firing_for(name)
        if firing is not None:
            out.extend(firing.hooks(config))
            continue
        # A host the dashboard shows from its records alone (`Configuration.more_hosts`).
        out.extend(h for snap in config.more_hosts if snap.host == name for h in snap.hooks)
    return out
