"""`hookdash hooks off|on --host claude`: `disableAllHooks` in a Claude settings file.

Claude Code 2.1.332 merges `disableAllHooks` over user, project, local and managed
settings (the last layer that sets it decides) and, when it is true outside the managed
settings, runs only managed hooks: a project's `true` switches off the user's own hooks
too, and a later layer's `false` switches them back on (tests/claude/observed-2.1.332.md).

Off then on gives the file back, as Gemini's switch does (`hooks_switch`), through the
same two memories: the member `off` created (`created_keys`) and the text it replaced
(`disable_undo`, under `SWITCH`). `on` writes the earlier text back byte for byte when the
file is exactly as `off` left it; else it removes the member `off` created; else (the
user wrote `true` themselves) it sets it to false.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from hookdash.core import jsonc
from hookdash.core.edit.editor import jsonedit
from hookdash.core.edit.editor.json_paths import JsonEditError
from hookdash.core.edit.edits import AuthoringResult, Change
from hookdash.core.edit.undo import created_keys, disable_undo
from hookdash.core.errors import EditError, UnsupportedShapeError
from hookdash.core.hosts.claude.layers import ClaudeLayer, claude_layers
from hookdash.core.hosts.claude.writing import ClaudeFile, ClaudeWorld, Read, read_file, write_file

KEY = "disableAllHooks"
POINTER = "/disableAllHooks"
# What a switch is remembered under in `disable_undo` (never a hook's entry: NUL-led).
SWITCH = "\x00claude.disableAllHooks"


def _off_body(read: Read) -> tuple[str, list[Change]]:
    body = read.body
    found = KEY in read.value
    change = read.file.change(
        KEY,
        "replace" if found else "add",
        {"from": read.value.get(KEY), "to": True} if found else True,
    )
    return jsonedit.set_member(body, (KEY,), True), [change]


def _on_body(read: Read, world: ClaudeWorld) -> tuple[str, list[Change], str]:
    """The text `on` writes, its change, and how it was made."""
    file = read.file
    text = read.text or ""
    restore = disable_undo.restore_for(list(disable_undo.restores(world, file.path)), SWITCH, text)
    change = file.change(KEY, "remove", True)
    if restore is not None and restore.before.startswith(read.bom):
        before = restore.before[len(read.bom) :]
        try:
            value = jsonc.parse(before, comments=False)
        except jsonc.JsonParseError:
            value = None
        if isinstance(value, dict) and value.get(KEY) is not True:
            return before, [change], "restored"
    if POINTER in created_keys.created_in(world, file.path):
        return jsonedit.remove_member(read.body, (KEY,)), [change], "removed"
    change = file.change(KEY, "replace", {"from": True, "to": False})
    return jsonedit.set_member(read.body, (KEY,), False), [change], "false"


def _remember(world: ClaudeWorld, read: Read, body: str, on: bool, how: str) -> list[str]:
    path, before, after = read.file.path, read.text, read.bom + body
    try:
        if on:
            if how == "restored":
                disable_undo.restored(world, path)
            else:
                disable_undo.forget(world, path)
            created_keys.forget(world, path, [POINTER] if how != "false" else [])
        else:
            if KEY not in read.value:
                created_keys.remember(world, path, [POINTER])
            if before is not None:
                disable_undo.remember_disable(world, path, SWITCH, before, after)
    except EditError as exc:
        return [
            f"hookdash could not note what it changed in its own state ({exc.message}): "
            "switching hooks on again may leave disableAllHooks behind."
        ]
    return []


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def _deciding_notes(world: ClaudeWorld, file: ClaudeFile, on: bool) -> list[str]:
    """Which other layer still decides whether hooks run, once this file holds the value."""
    layers = [layer for layer in claude_layers(world.workspace, world.environ) if layer.loaded]
    mine = next((i for i, layer in enumerate(layers) if _same(layer.path, file.path)), None)

    def where(layer: ClaudeLayer) -> str:
        return f"the {layer.scope} settings ({world.display(layer.path)})"

    notes = []
    managed_off = [
        layer for layer in layers if layer.scope == "managed" and layer.settings.get(KEY) is True
    ]
    if managed_off:
        notes.append(
            f"But {where(managed_off[-1])} set disableAllHooks to true: Claude Code runs no "
            "hook at all, managed ones included, whatever this file says."
        )
        return notes
    later = [
        layer
        for i, layer in enumerate(layers)
        if (mine is None or i > mine) and KEY in layer.settings
    ]
    if later and (later[-1].settings[KEY] is True) != (not on):
        decider = later[-1]
        state = "off" if decider.settings[KEY] is True else "on"
        notes.append(
            f"But {where(decider)} set disableAllHooks to {str(decider.settings[KEY]).lower()} "
            f"and come later in Claude's merge (user, project, local, managed), so hooks stay "
            f"{state} here."
        )
    if not on and file.scope in ("project", "local"):
        notes.append(
            "A project's disableAllHooks switches off every user, project and local hook for "
            "Claude Code sessions started in it, your own hooks included; managed hooks still run."
        )
    elif not on:
        notes.append("Managed hooks, if any, still run.")
    return notes


def switch_claude_hooks(
    on: bool,
    scope: str = "user",
    workspace: str | Path | None = None,
    environ: Mapping[str, str] | None = None,
    *,
    dry_run: bool = False,
) -> AuthoringResult:
    """Set (off) or undo (on) `disableAllHooks: true` in the scope's Claude settings file."""
    world = ClaudeWorld.of(workspace, environ)
    file = ClaudeFile.at(world, scope)
    read = read_file(file)
    state = "on" if on else "off"
    where = f"the {file.scope} settings ({file.shown})"
    current = read.value.get(KEY)
    notes: list[str] = []
    changes: list[Change] = []
    if (current is True) != on:  # already as asked in this file
        body, how = read.body, "none"
    else:
        try:
            body, changes, how = _on_body(read, world) if on else (*_off_body(read), "set")
        except JsonEditError as exc:
            raise UnsupportedShapeError(
                f"In {file.shown}, {exc.message}; fix it by hand.", path=str(file.path)
            ) from None
    diff = write_file(read, body, dry_run)
    if how == "none":
        message = f"Hooks are already switched {state} in {where}; nothing changed."
    else:
        verb = "Would switch" if dry_run else "Switched"
        meaning = (
            "Claude Code runs only managed hooks"
            if not on
            else "Claude Code runs this file's hooks again"
        )
        message = f"{verb} hooks {state} in {where}: {meaning}, from its next session."
        if not dry_run:
            notes += _remember(world, read, body, on, how)
        if how == "restored":
            notes.append(f"{file.shown} is back, byte for byte, as it was before `hooks off`.")
        elif how == "removed":
            notes.append("Removed disableAllHooks, which hookdash had added with `hooks off`.")
        elif how == "false":
            notes.append("Set disableAllHooks to false (you had written it true yourself).")
    notes += _deciding_notes(world, file, on)
    return AuthoringResult(
        action="hooks-on" if on else "hooks-off",
        changed=how != "none" and not dry_run,
        message=message,
        changes=changes,
        notes=notes,
        dry_run=dry_run,
        diff=diff,
    )
