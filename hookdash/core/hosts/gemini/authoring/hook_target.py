"""The hook an edit or a removal writes: the one hook an argument names, which must be in
the user or workspace settings, and where it is in the file's text when the write starts.

The lookup is the one every command uses (`load.lookup`), plus a ref, plus an invalid
hook (Gemini discards it, but it can still be edited or removed). The place is the
hook's pointer as loaded — or, when the file changed on disk meanwhile, the one identical
hook of its event elsewhere in the fresh text; anything else is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hookdash.core.edit.editor.hook_text import HookPath, hook_at, hook_paths, parse_hook_pointer
from hookdash.core.edit.editor.json_paths import JsonEditError
from hookdash.core.edit.editor.json_style import is_blank
from hookdash.core.edit.editor.json_verify import same_value
from hookdash.core.edit.editor.settings_file import SettingsFile, WritableScope, parse_settings
from hookdash.core.errors import (
    AmbiguousHook,
    FileChangedError,
    HookNotFound,
    ReadOnlyScopeError,
)
from hookdash.core.hosts.gemini.layers import READ_ONLY_SCOPES
from hookdash.core.load.lookup import describe_hook, find_hooks, registrable

if TYPE_CHECKING:
    from hookdash.core.model import Configuration, Hook


def _invalid_hook(config: Configuration, arg: str) -> Hook | None:
    """The one invalid hook (Gemini discards it) whose ID or command is `arg`."""
    invalid = [
        h for h in config.hooks if not registrable(h) and arg in (h.id, h.command, h.command_raw)
    ]
    return invalid[0] if len(invalid) == 1 else None


def _looked_up(config: Configuration, arg: str) -> tuple[Hook, list[str]]:
    """The hook `arg` names by ID or command (`find_hooks`), else the invalid one."""
    try:
        lookup = find_hooks(config, arg)
    except HookNotFound:
        invalid = _invalid_hook(config, arg)
        if invalid is None:
            raise
        return invalid, []
    if len(lookup.hooks) > 1:
        raise AmbiguousHook(
            f"{len(lookup.hooks)} hooks have the ID '{lookup.identifier}'; give the "
            "ref of the one you mean (from `hookdash list --json`).",
            [h.as_ref() for h in lookup.hooks],
        )
    if not lookup.hooks:
        raise HookNotFound(f"No configured hook has the ID '{arg}'.", [])
    return lookup.hooks[0], list(lookup.notes)


def _check_writable(hook: Hook) -> None:
    if hook.scope == "extension":
        raise ReadOnlyScopeError(
            f"{describe_hook(hook)} comes from the extension '{hook.extension}': its "
            "hooks/hooks.json belongs to the extension and an update replaces it, so hookdash "
            "does not edit it; disable the hook (`hookdash disable`) or the extension instead.",
            path=hook.file,
        )
    if hook.scope in READ_ONLY_SCOPES:
        raise ReadOnlyScopeError(
            f"{describe_hook(hook)} is in the {hook.scope} settings ({hook.file}), which belong "
            "to the administrator of this machine; hookdash writes only user and workspace "
            "settings.",
            path=hook.file,
        )


def resolve_hook(config: Configuration, arg: str) -> tuple[Hook, list[str]]:
    """The one hook `arg` means (a ref, an ID, the command of a named hook), which must be
    in the user or workspace settings; raises HookNotFound, AmbiguousHook or
    ReadOnlyScopeError."""
    hook = next((h for h in config.hooks if h.ref == arg), None)
    notes: list[str] = []
    if hook is None:
        hook, notes = _looked_up(config, arg)
    _check_writable(hook)
    return hook, notes


@dataclass(frozen=True)
class HookTarget:
    """A hook of the user or workspace settings as hookdash loaded it, and its file."""

    hook: Hook
    at: SettingsFile
    where: HookPath  # its place when it was loaded
    raw: Any  # the hook object as written then
    layer_value: Any  # the whole file's value then

    @classmethod
    def of(cls, config: Configuration, hook: Hook) -> HookTarget:
        scope: WritableScope = "workspace" if hook.scope == "workspace" else "user"
        layer = config.layers[scope]
        where = parse_hook_pointer(hook.pointer)
        return cls(
            hook, SettingsFile.of(config, scope), where, hook_at(layer.raw, where), layer.raw
        )

    def locate(self, text: str | None) -> tuple[Any, HookPath]:
        """The file's current value and where the hook is in it: at its place, or (the
        file changed meanwhile) the one identical hook of its event elsewhere;
        FileChangedError when it is gone or there twice."""
        if text is None or is_blank(text):
            raise FileChangedError(
                f"{self.at.shown} no longer holds the hook '{self.hook.id}'; nothing was written.",
                path=self.at.file,
            )
        value = parse_settings(text, self.at.shown)
        try:
            if same_value(hook_at(value, self.where), self.raw):
                return value, self.where
        except JsonEditError:
            pass
        found = [
            p
            for p in hook_paths(value, self.where.event)
            if same_value(hook_at(value, p), self.raw)
        ]
        if len(found) == 1:
            return value, found[0]
        raise FileChangedError(
            f"{self.at.shown} changed on disk since hookdash read it, and the hook "
            f"'{self.hook.id}' is no longer where it was{' (or is there twice)' if found else ''}; "
            "nothing was written — run the command again.",
            path=self.hook.file,
        )
