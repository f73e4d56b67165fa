"""A hook about to be written: what hookdash refuses, and what it warns about.

Refused (`InvalidHookError`, nothing written): an event Gemini CLI does not know — with
"did you mean", Claude Code's event names included —, an empty command, a timeout that is
not a positive whole number of milliseconds, and (`hook_draft.duplicate_in`, checked on
the file's text) a `name:command` already present for that event in that file.

Warned: a hook without a name (Gemini then keys it by its whole command), a name another
hook already has (Gemini's disabled list switches them together), and every problem
`hookdash check` would report for the hook once written — a timeout that looks like
seconds, a matcher Gemini compares as an exact string, a matcher the event ignores, a script
that is missing or not executable, Claude tool names — taken from `checks.check_hook` on a
`Hook` built from the draft, so the words are the ones `check` and the dashboard use.

The dashboard's form calls `validate_draft` and `draft_warnings` as the user types.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from hookdash.core.display import shorten
from hookdash.core.edit.editor.hook_text import hook_at, hook_object, hook_paths
from hookdash.core.errors import EditError, InvalidHookError
from hookdash.core.hosts.gemini.events import CLAUDE_EVENT_NAMES, EVENTS, suggest_event
from hookdash.core.hosts.gemini.expand import expand_settings_string, expand_settings_value
from hookdash.core.hosts.gemini.hook_trust import hook_key
from hookdash.core.hosts.gemini.timeouts import DEFAULT_TIMEOUT_MS, NODE_TIMEOUT_MAX
from hookdash.core.load.checks import check_hook
from hookdash.core.load.command_scripts import find_scripts
from hookdash.core.load.lookup import describe_hook, registrable
from hookdash.core.model import Hook, HookScope

if TYPE_CHECKING:
    from hookdash.core.model import Configuration


class HookDraft(BaseModel):
    """What `add` writes: one command hook and the definition it belongs in."""

    event: str
    command: str
    name: str | None = None
    matcher: str | None = None  # None or "": every tool / trigger
    timeout_ms: int | str | None = None  # None: Gemini's default, 60000; text is parsed
    description: str | None = None
    sequential: bool = False

    def hook_object(self) -> dict[str, Any]:
        return hook_object(
            command=self.command,
            name=self.name,
            timeout_ms=parse_timeout(self.timeout_ms),
            description=self.description,
        )


def parse_timeout(value: object) -> int | None:
    """A timeout in milliseconds from a number or the text of one; None stays None. One
    Node would turn into 1 ms (more than 2^31-1: see `timeouts`) is refused with why."""
    if value is None:
        return None
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and value.strip().lstrip("+").isdecimal():
        digits = value.strip().lstrip("+")
        # (Past 20 digits it is too large anyway; int() of thousands would raise.)
        number = int(digits) if len(digits) <= 20 else NODE_TIMEOUT_MAX + 1
    if number is None or number <= 0:
        raise InvalidHookError(
            f"The timeout {value!r} is not a positive whole number of milliseconds (Gemini "
            "CLI reads it in milliseconds: 30000 is 30 seconds; leave it out for 60000)."
        )
    if number > NODE_TIMEOUT_MAX:
        raise InvalidHookError(
            f"The timeout {shorten(str(value), 40)} is more than {NODE_TIMEOUT_MAX} ms (about "
            "24.8 days), the longest delay Node's setTimeout takes: Node would fire after 1 ms "
            "instead, so Gemini CLI would kill the hook at once, every time. Give at most "
            f"{NODE_TIMEOUT_MAX}, or leave it out for 60000."
        )
    return number


def unknown_event_message(event: str) -> str:
    """Why `event` is refused, with what it most likely meant."""
    meant = suggest_event(event)
    if event in CLAUDE_EVENT_NAMES and meant:
        return (
            f"'{event}' is Claude Code's name for the event: Gemini CLI calls it {meant} "
            f"(use `{meant}`)."
        )
    close = difflib.get_close_matches(event, EVENTS, n=1, cutoff=0.6)  # the closest only
    candidates = list(dict.fromkeys([*([meant] if meant else []), *close]))
    hint = f" Did you mean {' or '.join(candidates)}?" if candidates else ""
    return (
        f"'{event}' is not a Gemini CLI event; Gemini would skip it with a warning.{hint} "
        f"The events are: {', '.join(EVENTS)}."
    )


def validate_draft(draft: HookDraft) -> HookDraft:
    """The draft with empty optional fields dropped; InvalidHookError when it is refused."""
    if draft.event not in EVENTS:
        raise InvalidHookError(unknown_event_message(draft.event))
    if not draft.command.strip():
        raise InvalidHookError("The command is empty: Gemini CLI discards a hook without one.")
    return draft.model_copy(
        update={
            "timeout_ms": parse_timeout(draft.timeout_ms),
            "name": draft.name or None,
            "matcher": draft.matcher or None,
            "description": draft.description or None,
        }
    )


def draft_key(draft: HookDraft, environ: Mapping[str, str]) -> str:
    """Gemini's `name:command` key of the hook once written (command after `$VAR`)."""
    return hook_key(expand_settings_value(draft.hook_object(), environ))


def duplicate_in(
    settings: Any, event: str, key: str, environ: Mapping[str, str], skip: str | None = None
) -> str | None:
    """The pointer of a hook of `event` in a parsed settings file whose `name:command` is
    `key` (other than the one at `skip`), or None."""
    for where in hook_paths(settings, event):
        hook = hook_at(settings, where)
        if where.pointer != skip and hook_key(expand_settings_value(hook, environ)) == key:
            return where.pointer
    return None


def draft_as_hook(
    config: Configuration, draft: HookDraft, scope: HookScope, file: str, pointer: str = ""
) -> Hook:
    """The `Hook` the draft would be, with the fields `checks.check_hook` reads."""
    from hookdash.core.load.loader import script_variables

    env = config.env
    command = expand_settings_string(draft.command, env.environ)
    expanded = expand_settings_value(draft.hook_object(), env.environ)
    runs = find_scripts(command, env.workspace, script_variables(env))
    return Hook(
        id=expanded.get("name") or command,
        key=hook_key(expanded),
        ref=f"{scope}:{pointer}",
        event=draft.event,
        scope=scope,
        file=file,
        pointer=pointer,
        gemini_source="project",
        matcher=draft.matcher,
        sequential=draft.sequential,
        sequential_raw=True if draft.sequential else None,
        type="command",
        name=expanded.get("name"),
        command=command,
        command_raw=draft.command,
        description=draft.description,
        timeout_ms=DEFAULT_TIMEOUT_MS if draft.timeout_ms is None else draft.timeout_ms,
        will_register=True,
        runs=True,
        script=runs.primary,
        scripts=list(runs.scripts),
        script_unresolved=runs.unresolved,
    )


def draft_warnings(
    config: Configuration,
    draft: HookDraft,
    scope: HookScope,
    *,
    file: str = "",
    replacing: Hook | None = None,
    about_id: bool = True,
) -> list[str]:
    """What the user should hear before (or after) writing the draft; `replacing` is the
    hook an edit changes (not counted as another hook with the same name); `about_id`
    False leaves out what concerns the hook's ID (an edit that keeps it says nothing new)."""
    hook = draft_as_hook(config, draft, scope, file)
    warnings: list[str] = []
    if about_id and not draft.name:
        warnings.append(
            "The hook has no name: Gemini CLI identifies it by its whole command, in "
            "hooksConfig.disabled and in trusted_hooks.json, so a changed command is a "
            "different hook; a name (--name) is shorter and stays the same."
        )
    others = [
        h
        for h in config.hooks
        if registrable(h)
        and h.id == hook.id
        and (replacing is None or h.ref != replacing.ref)
        and not (h.event == hook.event and h.file == file and h.key == hook.key)
    ]
    if about_id and others:
        warnings.append(
            f"{describe_hook(others[0])} has the same ID '{hook.id}': Gemini's disabled list "
            "switches hooks by ID, so disabling one disables both."
            + (f" ({len(others) - 1} more.)" if len(others) > 1 else "")
        )
    for problem in check_hook(hook):
        text = problem.message
        if problem.fix:
            text += f" ({problem.fix})"
        warnings.append(text)
    return warnings


def draft_hook(
    config: Configuration, draft: HookDraft, scope: str, *, replacing: Hook | None = None
) -> Hook:
    """The hook the draft would be once written to the scope's settings file, judged the
    way the loader judges every hook (hooks switched off, the folder's trust, the disabled
    lists, trust in trusted_hooks.json, its script), at the place it would take in Gemini's
    order for its event. `replacing` is the hook an edit changes: the draft takes its ref
    and its place. The engine fires it like any hook (`fire(..., hook=draft_hook(...))`),
    so a draft can be tested before it is saved. InvalidHookError for a refused draft."""
    from hookdash.core.hosts.gemini.registry import Candidate, make_hook
    from hookdash.core.load.loader import settings_block

    draft = validate_draft(draft)
    verdicts = config.verdicts
    if verdicts is None:
        raise EditError("The configuration was not loaded by hookdash's loader.")
    if scope not in ("user", "workspace"):
        raise EditError(f"Unknown scope '{scope}': use user or workspace.")
    layer = config.layers["workspace" if scope == "workspace" else "user"]
    env = config.env
    expanded = expand_settings_value(draft.hook_object(), env.environ)
    definition: dict[str, Any] = {"hooks": [expanded]}
    if draft.matcher:
        definition["matcher"] = expand_settings_string(draft.matcher, env.environ)
    if draft.sequential:
        definition["sequential"] = True
    blocked = settings_block(layer, verdicts.folder_trusted)
    pointer = replacing.pointer if replacing is not None else ""
    candidate = Candidate(
        event=draft.event,
        scope="workspace" if scope == "workspace" else "user",
        extension=None,
        file=layer.path,
        pointer=pointer,
        definition=definition,
        config=expanded,
        source="project",
        line=replacing.line if replacing is not None else None,
        registered=blocked is None,
        blocked=[blocked[0]] if blocked is not None else [],
        blocked_kind=blocked[1] if blocked is not None else None,
        raw_config=draft.hook_object(),
    )
    hook = make_hook(candidate, verdicts)
    hook.ref = replacing.ref if replacing is not None else f"{hook.scope}:draft"
    if hook.will_register:
        hook.order = (
            replacing.order
            if replacing is not None and replacing.order is not None
            else _order_after(config.hooks, hook)
        )
    return hook


def _order_after(hooks: list[Hook], draft: Hook) -> int:
    """Where an added hook registers: after every registered settings hook of its event
    from its own layer and the layers Gemini merges before it (add appends it)."""
    from hookdash.core.hosts.gemini.layers import MERGE_ORDER

    rank = MERGE_ORDER.index(draft.scope)
    before = [
        h.order
        for h in hooks
        if h.event == draft.event
        and h.order is not None
        and h.gemini_source == "project"
        and h.scope in MERGE_ORDER
        and MERGE_ORDER.index(h.scope) <= rank
    ]
    return max(before) + 1 if before else 0
