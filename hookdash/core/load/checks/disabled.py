"""hooksConfig.disabled entries that name no hook (or name it the wrong way)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hookdash.core.hosts.gemini.events import (
    EVENTS,
)
from hookdash.core.hosts.gemini.layers import MERGE_ORDER
from hookdash.core.problems import Problem

if TYPE_CHECKING:
    from hookdash.core.model import Configuration


def _check_disabled_entries(config: Configuration) -> list[Problem]:
    out: list[Problem] = []
    hooks = [h for h in config.snapshot.hooks if h.event in EVENTS]
    ids = {h.id for h in hooks}
    commands_of_named = {h.command: h for h in hooks if h.name and h.command}
    for scope in MERGE_ORDER:
        layer = config.layers[scope]
        if not layer.parsed:
            continue
        hc = layer.settings.get("hooksConfig")
        entries = hc.get("disabled") if isinstance(hc, dict) else None
        if not isinstance(entries, list):
            continue
        for i, entry in enumerate(entries):
            if not isinstance(entry, str) or entry in ids:
                continue
            ptr = f"/hooksConfig/disabled/{i}"
            named = commands_of_named.get(entry)
            if named is not None:
                out.append(
                    Problem(
                        severity="warning",
                        code="disabled-entry-is-command",
                        message=f"'{entry}' is the command of the hook named '{named.name}'; "
                        "Gemini matches a named hook by its name only, so this entry has no "
                        "effect and the hook runs.",
                        fix=f"Replace the entry with '{named.name}'.",
                        file=str(layer.path),
                        pointer=ptr,
                        line=layer.line_of(ptr),
                    )
                )
            else:
                out.append(
                    Problem(
                        severity="warning",
                        code="disabled-entry-unmatched",
                        message=f"hooksConfig.disabled lists '{entry}', which names no "
                        "configured hook; it has no effect.",
                        fix="Remove it, or use the hook's name (or its command if it has no name).",
                        file=str(layer.path),
                        pointer=ptr,
                        line=layer.line_of(ptr),
                    )
                )
    return out
