"""The files that hold hooks (settings layers, extensions' hooks.json) and the candidate
hooks each gives, with what keeps them from registering.

Shapes Gemini CLI discards are reported here as problems, with the line they are on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hookdash.core import jsonc
from hookdash.core.hosts.gemini.events import EVENTS
from hookdash.core.hosts.gemini.extensions import Extension
from hookdash.core.hosts.gemini.layers import MERGE_ORDER, Layer, Scope
from hookdash.core.hosts.gemini.merge import Tagged
from hookdash.core.hosts.gemini.registry import (
    Candidate,
    definition_problem,
    iter_definitions,
    unknown_event_reason,
)
from hookdash.core.hosts.gemini.unread import Unread
from hookdash.core.model import GeminiSource, HookScope, InactiveReason
from hookdash.core.problems import Problem
from hookdash.core.records import command_pointer


def settings_block(layer: Layer, trusted: bool) -> tuple[str, InactiveReason] | None:
    """Why Gemini registers no hook of a settings layer (and the kind of reason), or None."""
    if layer.ignored_reason:
        return layer.ignored_reason, "ignored-layer"
    if not trusted:
        return (
            "the folder is not trusted: Gemini CLI ignores this workspace settings file"
            if layer.scope == "workspace"
            else "the folder is not trusted: Gemini CLI skips every settings hook, user "
            "and system ones too",
            "untrusted-folder",
        )
    return None


def _surviving(merged: dict[str, Any]) -> set[tuple[str, str, int | None]]:
    """The (scope, event, index) definitions left after Gemini's settings merge."""
    merged_hooks = merged.get("hooks")
    surviving: set[tuple[str, str, int | None]] = set()
    if isinstance(merged_hooks, dict):
        for key, value in merged_hooks.items():
            if key in EVENTS and isinstance(value, list):
                surviving.update(
                    (t.scope, t.event, t.index) for t in value if isinstance(t, Tagged)
                )
    return surviving


def settings_candidates(
    layers: dict[Scope, Layer],
    merged: dict[str, Any],
    trusted: bool,
    contributing: list[Scope],
    problems: list[Problem],
) -> list[Candidate]:
    """Every hook of every parsed settings layer, grouped by event in Gemini's order."""
    surviving = _surviving(merged)
    per_event: dict[str, list[Candidate]] = {}
    for scope in MERGE_ORDER:
        layer = layers[scope]
        hooks = layer.settings.get("hooks") if layer.parsed else None
        if hooks is None:
            continue
        source = _HookFile(
            scope=scope,
            extension=None,
            file=layer.path,
            raw=layer.raw,
            line_of=layer.line_of,
            gemini_source="project",
            merged=True,
        )
        if not isinstance(hooks, dict):
            problems.append(
                source.problem(
                    "hooks-not-object",
                    "'hooks' must be an object of event names; Gemini CLI cannot read "
                    "any hook from it.",
                    'Use the shape "hooks": {"BeforeTool": [ ... ]}.',
                    "/hooks",
                )
            )
            continue
        blocked = settings_block(layer, trusted)
        if blocked is not None:
            source.block(*blocked)
        elif scope in contributing:
            source.surviving = surviving
        for candidate in source.candidates(hooks, problems):
            per_event.setdefault(candidate.event, []).append(candidate)
    ordered = [e for e in EVENTS if e in per_event] + [e for e in per_event if e not in EVENTS]
    return [c for e in ordered for c in per_event[e]]


def extension_candidates(extensions: list[Extension], problems: list[Problem]) -> list[Candidate]:
    """Every hook of every extension's hooks.json, in extension order."""
    out: list[Candidate] = []
    for ext in extensions:
        if ext.hooks is None or ext.hooks_file is None:
            continue
        source = _HookFile(
            scope="extension",
            extension=ext.info.name,
            file=ext.hooks_file,
            raw={"hooks": ext.raw_hooks},
            line_of=ext.line_of,
            gemini_source="extensions",
            merged=False,
            extra_env=ext.env,
        )
        if not ext.info.active:
            source.block(f"extension '{ext.info.name}' is {ext.info.reason}", "ignored-layer")
        out.extend(source.candidates(ext.hooks, problems))
    return out


@dataclass(eq=False, repr=False)
class _HookFile:
    """A file that holds hooks (a settings layer or an extension's hooks.json), and what
    keeps all of its hooks from registering."""

    scope: HookScope
    extension: str | None
    file: Path
    raw: Any  # the document as written, for command_raw
    line_of: Callable[[str], int | None]
    gemini_source: GeminiSource
    merged: bool  # settings go through the concat merge, which wraps a lone definition
    extra_env: dict[str, str] = field(default_factory=dict)
    blocked: list[str] = field(default_factory=list)
    kind: InactiveReason | None = None
    # The (scope, event, index) definitions left after Gemini's merge; None: not merged.
    surviving: set[tuple[str, str, int | None]] | None = None

    def block(self, reason: str, kind: InactiveReason) -> None:
        self.blocked.append(reason)
        self.kind = kind

    def problem(self, code: str, message: str, fix: str, ptr: str) -> Problem:
        """An error about a shape Gemini CLI discards, at `ptr` of this file."""
        return Problem(
            severity="error",
            code=code,
            message=message,
            fix=fix,
            file=str(self.file),
            pointer=ptr,
            line=self.line_of(ptr),
        )

    def _blocked_for(
        self, event: str, index: int | None
    ) -> tuple[list[str], InactiveReason | None]:
        """What keeps a definition of `event` from registering, and the kind of reason."""
        blocked, kind = list(self.blocked), self.kind
        if event not in EVENTS:
            blocked.insert(0, unknown_event_reason(event))
            kind = "unknown-event"
        elif (
            not blocked
            and self.surviving is not None
            and (self.scope, event, index) not in self.surviving
        ):
            blocked.append("dropped by Gemini CLI's settings merge")
            kind = "ignored-layer"
        return blocked, kind

    def candidates(self, hooks: dict[str, Any], problems: list[Problem]) -> Iterator[Candidate]:
        for event, def_ptr, definition, index in iter_definitions(hooks):
            if isinstance(definition, Unread):
                continue  # not built by a focused load: not one of the hooks asked about
            if index is None and not self.merged:
                continue  # extensions are not merged: a non-array value is skipped
            why = definition_problem(definition)
            if why:
                problems.append(
                    self.problem(
                        "invalid-definition",
                        f"In {event}: {why}; Gemini CLI discards it.",
                        'Each entry needs the shape {"matcher": "...", "hooks": [{"type": '
                        '"command", "command": "..."}]}.',
                        def_ptr,
                    )
                )
                continue
            blocked, kind = self._blocked_for(event, index)
            # The definition as written, looked up once (not per hook, by pointer).
            raw_hooks = _at_pointer(self.raw, def_ptr + "/hooks")
            if not isinstance(raw_hooks, list):
                raw_hooks = []
            for j, config in enumerate(definition["hooks"]):
                ptr = f"{def_ptr}/hooks/{j}"
                if not isinstance(config, dict):
                    problems.append(
                        self.problem(
                            "hook-not-object",
                            "This entry of a 'hooks' array is not an object; Gemini "
                            "CLI discards it.",
                            'Write it as {"type": "command", "command": "..."}.',
                            ptr,
                        )
                    )
                    continue
                yield Candidate(
                    raw_config=raw_hooks[j] if j < len(raw_hooks) else None,
                    event=event,
                    scope=self.scope,
                    extension=self.extension,
                    file=self.file,
                    pointer=ptr,
                    definition=definition,
                    config=config,
                    source=self.gemini_source,
                    line=self.line_of(command_pointer(ptr, config)) or self.line_of(ptr),
                    registered=not blocked,
                    blocked=blocked,
                    blocked_kind=kind,
                    extra_env=self.extra_env,
                )


def _at_pointer(document: Any, ptr: str) -> Any:
    """The value at a JSON pointer, or None."""
    value = document
    for token in jsonc.pointer_tokens(ptr):
        if isinstance(value, dict):
            value = value.get(token)
        elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
            value = value[int(token)]
        else:
            return None
    return value
