"""Switching all hooks on or off: `hooksConfig.enabled` in the user or workspace settings.

Gemini CLI 0.61 merges `hooksConfig.enabled` by replacement in the order system-defaults,
user, workspace (only when the folder is trusted), system: the last layer that sets it
wins, and when it is false Gemini creates no hook system at all — no settings hook and no
extension hook runs, the `/hooks` command is gone, nothing fires. The value is read at
start-up, so a running Gemini CLI keeps its hooks until it is restarted.

`switch_hooks` writes the value with the same splice as every other edit (`jsonedit`),
then says what it means and which layer decides when another one sets it too. The legacy
`hooks.enabled` and `tools.enableHooks` keys switch nothing in Gemini 0.61; when the edited
file has them, the result says so.

Off then on gives the file back, as disable then enable does (a committed project file
must not keep `"enabled": true` for nothing): `hooks off` remembers the member and the
`hooksConfig` object it created (`created_keys`) and the text it replaced
(`disable_undo`, under `SWITCH`); `hooks on` removes what `hooks off` created rather than
writing `true` (Gemini's default is on), and when the file is exactly as `hooks off` left
it, writes the earlier text back byte for byte.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hookdash.core import jsonc
from hookdash.core.edit.editor import jsonedit
from hookdash.core.edit.editor.json_paths import JsonEditError
from hookdash.core.edit.editor.json_verify import same_value
from hookdash.core.edit.editor.settings_file import (
    FileEdit,
    SettingsFile,
    WritableScope,
    check_scope,
    check_settings,
    parses,
    start_text,
)
from hookdash.core.edit.editor.settings_write import Transform, write_settings
from hookdash.core.edit.edits import AuthoringResult
from hookdash.core.edit.undo import created_keys, disable_undo
from hookdash.core.errors import EditError
from hookdash.core.hosts.gemini.jsvalues import js_truthy
from hookdash.core.hosts.gemini.layers import MERGE_ORDER, Scope, legacy_config_keys

if TYPE_CHECKING:
    from hookdash.core.model import Configuration

PATH = ("hooksConfig", "enabled")
ENABLED_PTR, SECTION_PTR = "/hooksConfig/enabled", "/hooksConfig"
# What a switch is remembered under in `disable_undo` (a disabled-list entry is a hook's
# name or command; a NUL-led string is neither in any file hookdash would edit, and the
# restore is checked to mean the same anyway).
SWITCH = "\x00hooksConfig.enabled"
MEANING = {
    True: "Gemini CLI runs hooks again (each one that is not disabled)",
    False: "Gemini CLI runs no hook at all — settings hooks and extension hooks alike — and "
    "its /hooks command is gone",
}


def _layer_value(config: Configuration, scope: Scope) -> tuple[bool, Any]:
    """(sets it, value) for `hooksConfig.enabled` in one layer as Gemini reads it."""
    layer = config.layers[scope]
    section = layer.settings.get("hooksConfig") if layer.parsed else None
    if isinstance(section, dict) and "enabled" in section:
        return True, section["enabled"]
    return False, None


def _counts(config: Configuration, scope: Scope) -> bool:
    """Whether Gemini merges this layer at all (loaded, and the workspace only if trusted)."""
    layer = config.layers[scope]
    if not layer.usable:
        return False
    return scope != "workspace" or config.snapshot.folder_trust.trusted


def effective(config: Configuration, scope: Scope, value: bool) -> tuple[bool, Scope | None]:
    """The merged value once `scope` holds `value`, and the layer that decides it (None:
    no layer sets it, Gemini's default true)."""
    result: tuple[bool, Scope | None] = (True, None)
    for layer in MERGE_ORDER:
        if layer == scope:
            if scope != "workspace" or config.snapshot.folder_trust.trusted:
                result = (value, layer)
            continue
        sets, raw = _layer_value(config, layer)
        if sets and _counts(config, layer):
            result = (js_truthy(raw), layer)
    return result


def _switch_transform(
    at: SettingsFile,
    enabled: bool,
    created: frozenset[str] = frozenset(),
    undo: tuple[disable_undo.Restore, ...] = (),
) -> Transform:
    """`hooksConfig.enabled` set to `enabled`, as a pure function of the file's text.
    Switching on removes what an earlier switch off created (`created`), and gives back
    the text from before it (`undo`) when the file is still as that switch left it."""

    def transform(text: str | None) -> FileEdit:
        current, notes = start_text(text, at.shown)
        del text  # one reference: each splice lets the last text go (a 50 MB file)
        check_settings(current, at.shown)
        found, old = jsonc.value_at(current, PATH)  # only that value is built
        if found and old is enabled:
            return FileEdit(text=None)
        restore = disable_undo.restore_for(list(undo), SWITCH, current) if enabled else None
        removing = enabled and found and ENABLED_PTR in created
        change = (
            at.change("hooksConfig.enabled", "remove", old, before=old, after=None)
            if removing
            else at.change(
                "hooksConfig.enabled",
                "replace" if found else "add",
                {"from": old, "to": enabled} if found else enabled,
                before=old,
                after=enabled,
            )
        )
        edit = FileEdit(text=None, changes=[change], notes=notes)
        try:
            if removing:
                # One splice: the object too when it holds only the member off created.
                section = jsonc.value_at(current, PATH[:1])[1]
                alone = SECTION_PTR in created and isinstance(section, dict) and len(section) == 1
                current = jsonedit.remove_member(current, PATH[:1] if alone else PATH)
                jsonc.release()  # the text cached for the splice is the old one: let it go
                edit.removed.extend([ENABLED_PTR, SECTION_PTR] if alone else [ENABLED_PTR])
            else:
                if not found:
                    edit.created.append(ENABLED_PTR)
                    if not jsonc.value_at(current, PATH[:1])[0]:
                        edit.created.append(SECTION_PTR)
                current = jsonedit.set_member(current, PATH, enabled)
        except JsonEditError as exc:  # hooksConfig is not an object
            raise at.shape_error(exc) from None
        if (
            restore is not None
            and parses(restore.before)
            and same_value(jsonc.parse(restore.before), jsonc.parse(current))
        ):
            current = restore.before
            edit.restored = True
            edit.notes.append(
                f"{at.shown} is back, byte for byte, as it was before hookdash switched hooks off."
            )
        elif edit.removed:
            edit.notes.append(
                "Removed hooksConfig.enabled, which hookdash had added when it switched "
                "hooks off (Gemini's default is on)."
            )
        edit.text = current
        return edit

    return transform


def _remember(
    config: Configuration, target: WritableScope, edit: FileEdit, enabled: bool
) -> list[str]:
    """Record what a switch created or gave back (for the next switch); notes if it
    cannot. A switch off is remembered as a disable is; a switch on forgets it."""
    env, path = config.env, config.layers[target].path
    if edit.text is None:
        return []
    try:
        created_keys.remember(env, path, edit.created)
        created_keys.forget(env, path, edit.removed)
        if edit.restored:
            disable_undo.restored(env, path)
        elif not enabled and edit.before is not None and parses(edit.before):
            disable_undo.remember_disable(env, path, SWITCH, edit.before, edit.text)
        else:  # the file changed otherwise: no earlier text of it applies any more
            disable_undo.forget(env, path)
    except EditError as exc:
        return [
            f"hookdash could not note what it changed in its own state ({exc.message}): "
            "switching hooks on again may leave hooksConfig.enabled behind."
        ]
    return []


def _deciding_notes(config: Configuration, target: WritableScope, enabled: bool) -> list[str]:
    """Which layer decides the merged value, when another one sets it too."""
    merged, decider = effective(config, target, enabled)
    if decider is not None and decider != target:
        other = "on" if merged else "off"
        return [
            f"But the {decider} settings set hooksConfig.enabled to {other} and win over the "
            f"{target} settings (Gemini merges system-defaults, user, workspace, then system), so "
            f"hooks stay {other} here."
        ]
    if decider == target:
        overridden = [
            s
            for s in MERGE_ORDER[: MERGE_ORDER.index(target)]
            if _layer_value(config, s)[0] and _counts(config, s)
        ]
        if overridden:
            return [f"This overrides hooksConfig.enabled in the {', '.join(overridden)} settings."]
    return []


def _ignored_notes(config: Configuration, target: WritableScope, shown: str) -> list[str]:
    """What Gemini ignores: an untrusted folder's file, the legacy switches."""
    notes = []
    if target == "workspace" and not config.snapshot.folder_trust.trusted:
        notes.append(
            "The folder is not trusted, so Gemini CLI ignores the workspace settings file and "
            "this value with it until you trust the folder."
        )
    layer = config.layers[target]
    legacy = [k for k in legacy_config_keys(layer) if k in ("hooks.enabled", "tools.enableHooks")]
    if legacy:
        notes.append(
            f"{shown} also has {' and '.join(legacy)}, which Gemini CLI 0.61 ignores: only "
            "hooksConfig.enabled switches hooks."
        )
    return notes


def switch_hooks(
    config: Configuration, enabled: bool, scope: str = "user", *, dry_run: bool = False
) -> AuthoringResult:
    """Set `hooksConfig.enabled` in the scope's settings file and say what that means."""
    target = check_scope(config, scope)
    at = SettingsFile.of(config, target)
    path = config.layers[target].path
    transform = _switch_transform(
        at,
        enabled,
        frozenset(created_keys.created_in(config.env, path)),
        tuple(disable_undo.restores(config.env, path)),
    )
    written = write_settings(config, target, transform, dry_run)
    state = "on" if enabled else "off"
    where = f"{target} settings ({at.shown})"
    if written.edit.text is None:
        message = f"Hooks are already switched {state} in {where}; nothing changed."
    else:
        verb = "Would switch" if dry_run else "Switched"
        message = f"{verb} hooks {state} in {where}: {MEANING[enabled]}, from its next start."
    notes = [
        *written.edit.notes,
        *([] if dry_run else _remember(config, target, written.edit, enabled)),
        *_deciding_notes(config, target, enabled),
        *_ignored_notes(config, target, at.shown),
    ]
    return AuthoringResult(
        action="hooks-on" if enabled else "hooks-off",
        changed=written.edit.text is not None and not dry_run,
        message=message,
        changes=written.edit.changes,
        notes=notes,
        dry_run=dry_run,
        diff=written.diff,
    )


def switch_scope(config: Configuration) -> str:
    """Where switching all hooks on or off takes effect: the user or workspace settings
    when one of them decides `hooksConfig.enabled` now, else the user settings (a system
    layer that decides it wins over either; `switch_hooks` says so)."""
    decider: Scope | None = None
    for layer in MERGE_ORDER:
        if _layer_value(config, layer)[0] and _counts(config, layer):
            decider = layer
    return "workspace" if decider == "workspace" else "user"
