"""Changing one hook's fields (`hookdash edit`): what changes, decided from the hook as
loaded, and the splice that makes the change in the file's current text.

A field is set or (an empty name, matcher or description) removed in place. The matcher
and the sequential flag belong to the hook's definition: when other hooks share it, the
hook moves into the last definition that has the new ones (or a new one) instead, so they
keep theirs. A change of the hook's ID keeps the file's disabled lists in step
(`id_entries`); a `name:command` another hook of the event has already is refused.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from hookdash.core.edit.editor.hook_text import (
    HookPath,
    add_hook,
    definition_at,
    hook_at,
    is_sequential,
    normal_matcher,
    remove_hook,
    set_fields,
)
from hookdash.core.edit.editor.json_paths import JsonEditError
from hookdash.core.edit.editor.json_verify import same_value
from hookdash.core.edit.editor.settings_file import FileEdit
from hookdash.core.edit.editor.settings_write import Transform
from hookdash.core.edit.edits import Change, ChangeAction
from hookdash.core.errors import InvalidHookError, UnsupportedShapeError
from hookdash.core.hosts.gemini.authoring.hook_draft import HookDraft, duplicate_in, parse_timeout
from hookdash.core.hosts.gemini.authoring.hook_target import HookTarget
from hookdash.core.hosts.gemini.expand import expand_settings_value
from hookdash.core.hosts.gemini.hook_trust import hook_key
from hookdash.core.hosts.gemini.switching.id_entries import IdEntries, rename_entries

if TYPE_CHECKING:
    from hookdash.core.model import Hook


class HookChanges(BaseModel):
    """The fields `edit_hook` changes; None leaves a field as it is, "" removes an optional
    one (name, matcher, description, timeout: Gemini's default, 60000 ms, then applies)."""

    command: str | None = None
    name: str | None = None
    matcher: str | None = None
    timeout_ms: int | str | None = None
    description: str | None = None
    sequential: bool | None = None

    @property
    def empty(self) -> bool:
        return all(v is None for v in self.model_dump().values())


@dataclass
class EditPlan:
    """What an edit does to one hook, decided from the loaded file."""

    hook_fields: dict[str, Any]  # key -> new value (None: remove the key)
    old_matcher: Any
    matcher: Any  # the new matcher (None: none)
    old_sequential: bool
    sequential: bool
    sharing: int  # how many other hooks the hook's definition has
    new_hook: dict[str, Any]  # the hook object once changed
    new_key: str  # its `name:command` once changed (command after `$VAR`)
    new_id: str  # its ID once changed

    @property
    def definition_changes(self) -> bool:
        return self.matcher != self.old_matcher or self.sequential != self.old_sequential

    @property
    def move(self) -> bool:
        """The definition's other hooks keep its matcher and flag: the hook moves."""
        return self.definition_changes and self.sharing > 0

    @property
    def unchanged(self) -> bool:
        return not self.hook_fields and not self.definition_changes

    def changed_fields(self) -> list[str]:
        """The fields the edit changes, as the message names them."""
        return (
            [*self.hook_fields]
            + (["matcher"] if self.matcher != self.old_matcher else [])
            + (["sequential"] if self.sequential != self.old_sequential else [])
        )

    def draft(self, event: str) -> HookDraft:
        """The hook once changed, as a draft (what `draft_warnings` judges)."""
        hook = self.new_hook
        timeout = hook.get("timeout")
        return HookDraft(
            event=event,
            command=str(hook.get("command") or ""),
            name=_text_or_none(hook.get("name")),
            matcher=_text_or_none(self.matcher),
            timeout_ms=timeout
            if isinstance(timeout, int) and not isinstance(timeout, bool)
            else None,
            description=_text_or_none(hook.get("description")),
            sequential=self.sequential,
        )

    def move_note(self, pointer: str, joined: bool) -> str:
        return (
            f"Its definition has {self.sharing} other hook(s) that keep the old matcher and "
            "sequential flag, so the hook moved "
            + ("into the definition that has the new ones" if joined else "into a new definition")
            + f" ({pointer}); its place in Gemini's order changed with it."
        )


def _text_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _with_fields(hook: Mapping[str, Any], fields: Mapping[str, Any]) -> dict[str, Any]:
    """The hook object with `fields` set (a None value removes the key)."""
    out = dict(hook)
    for key, value in fields.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = value
    return out


def _hook_fields(changes: HookChanges, raw: Mapping[str, Any]) -> dict[str, Any]:
    """The hook's own fields the changes set or remove (those it has already left out)."""
    fields: dict[str, Any] = {}
    if changes.command is not None:
        if not changes.command.strip():
            raise InvalidHookError("The command is empty: Gemini CLI discards a hook without one.")
        fields["command"] = changes.command
    if changes.name is not None:
        fields["name"] = changes.name or None
    if changes.timeout_ms is not None:
        removed = isinstance(changes.timeout_ms, str) and not changes.timeout_ms.strip()
        fields["timeout"] = None if removed else parse_timeout(changes.timeout_ms)
    if changes.description is not None:
        fields["description"] = changes.description or None
    return {
        k: v for k, v in fields.items() if not same_value(raw.get(k), v) or (v is None and k in raw)
    }


def plan_edit(target: HookTarget, changes: HookChanges) -> EditPlan:
    """What `changes` do to the target hook as it was loaded."""
    hook, raw = target.hook, target.raw
    if not isinstance(raw, dict):
        raise UnsupportedShapeError(
            f"The hook at {hook.pointer} in {target.at.shown} is not an object."
        )
    definition = definition_at(target.layer_value, target.where)
    fields = _hook_fields(changes, raw)
    new_hook = _with_fields(raw, fields)
    old_matcher = normal_matcher(definition.get("matcher"))
    old_sequential = is_sequential(definition)
    expanded = expand_settings_value(new_hook, target.at.environ)
    return EditPlan(
        hook_fields=fields,
        old_matcher=old_matcher,
        matcher=old_matcher if changes.matcher is None else normal_matcher(changes.matcher),
        old_sequential=old_sequential,
        sequential=old_sequential if changes.sequential is None else changes.sequential,
        sharing=len(definition["hooks"]) - 1,
        new_hook=new_hook,
        new_key=hook_key(expanded),
        new_id=str(expanded.get("name") or expanded.get("command") or hook.id),
    )


# ------------------------------------------------------------------ the splice


def _field_changes(
    target: HookTarget, plan: EditPlan, raw: Mapping[str, Any], pointer: str
) -> list[Change]:
    out = []
    for key, new in plan.hook_fields.items():
        old = raw.get(key)
        action: ChangeAction
        value: Any
        if key not in raw:
            action, value = "add", new
        elif new is None:
            action, value = "remove", old
        else:
            action, value = "replace", {"from": old, "to": new}
        out.append(target.at.change(f"{pointer}/{key}", action, value))
    return out


def _moved(
    text: str, value: Any, where: HookPath, target: HookTarget, plan: EditPlan
) -> tuple[str, HookPath, list[Change]]:
    """The hook taken out of its shared definition and added, changed, to one with the
    new matcher and flag."""
    fresh = hook_at(value, where)
    moved = _with_fields(copy.deepcopy(fresh), plan.hook_fields)
    removed = remove_hook(text, where)
    added = add_hook(removed.text, target.hook.event, moved, plan.matcher, plan.sequential)
    assert added.path is not None
    joined = f"joined the definition at {added.joined}" if added.joined else "a new definition"
    return (
        added.text,
        added.path,
        [
            target.at.change(
                where.pointer,
                "remove",
                fresh,
                note="moved: its definition's other hooks keep the old matcher/flag",
            ),
            target.at.change(added.path.pointer, "add", moved, note=joined),
        ],
    )


def _in_place(
    text: str, value: Any, where: HookPath, target: HookTarget, plan: EditPlan
) -> tuple[str, HookPath, list[Change]]:
    """The hook's fields (and its definition's matcher and flag) changed where they are."""
    out = _field_changes(target, plan, hook_at(value, where), where.pointer)
    if plan.definition_changes:
        text = set_fields(
            text,
            where.definition_path,
            {"matcher": plan.matcher, "sequential": True if plan.sequential else None},
        )
        old_def = definition_at(value, where)
        for key, old, new in (
            ("matcher", normal_matcher(old_def.get("matcher")), plan.matcher),
            ("sequential", is_sequential(old_def), plan.sequential),
        ):
            if old != new:
                key_at = f"{where.definition_pointer}/{key}"
                out.append(target.at.change(key_at, "replace", {"from": old, "to": new}))
    return set_fields(text, where.path, plan.hook_fields), where, out


def _refuse_twin(value: Any, where: HookPath, target: HookTarget, plan: EditPlan) -> None:
    hook, at = target.hook, target.at
    if plan.new_key == hook.key:
        return
    twin = duplicate_in(value, hook.event, plan.new_key, at.environ, skip=where.pointer)
    if twin is not None:
        raise InvalidHookError(
            f"{at.shown} already has a {hook.event} hook with that name and command "
            f"({twin}); Gemini would run only one of them.",
            path=at.file,
        )


def edit_transform(
    target: HookTarget, plan: EditPlan, ids: IdEntries, landed: list[HookPath]
) -> Transform:
    """The edit as a pure function of the file's text; `landed` gets where the hook is
    after each application."""
    hook, at = target.hook, target.at

    def transform(text: str | None) -> FileEdit:
        value, where = target.locate(text)
        assert text is not None  # `locate` refuses a file without the hook
        _refuse_twin(value, where, target, plan)
        splice = _moved if plan.move else _in_place
        try:
            new_text, new_at, out = splice(text, value, where, target, plan)
        except JsonEditError as exc:
            raise at.shape_error(exc) from None
        if at.scope in ids.writable:
            keep_old = bool(ids.others)
            new_text, renamed = rename_entries(
                new_text, hook.id, plan.new_id, keep_old=keep_old, at=at
            )
            out.extend(renamed)
        landed.append(new_at)
        return FileEdit(text=new_text, changes=out)

    return transform


def retrust_note(hook: Hook, plan: EditPlan) -> list[str]:
    """Gemini trusted the project hook by its old `name:command`: it will warn about it."""
    if hook.scope != "workspace" or hook.trust != "trusted" or plan.new_key == hook.key:
        return []
    return [
        f"Gemini CLI trusted this project hook as '{hook.key}'; as '{plan.new_key}' it is new "
        "to Gemini, which will warn about it at its next start (--trust, or "
        "`hookdash trust`, records it)."
    ]
