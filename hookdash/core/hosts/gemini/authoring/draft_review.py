"""What the dashboard's hook form shows about a draft while it is typed, and its save.

A review is the dry run of the very write Save makes (`add_hook`, or `edit_hook` of the
changed fields), so what it refuses and warns about — an unknown event, an empty command,
a bad timeout, the same `name:command` already in the file, a file that does not parse, a
missing or non-executable script, a timeout that looks like seconds — is exactly what
saving would, in the same words as `hookdash add` and `edit`, with the diff of the settings
file it would write. Beside it: the hook the draft would be (`draft_hook`: its verdict,
its trust, its script) and what its matcher matches (`preview_matcher`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from pydantic import BaseModel

from hookdash.core.edit.editor.hook_text import definition_at, is_sequential, normal_matcher
from hookdash.core.edit.edits import AuthoringResult
from hookdash.core.errors import HookdashError, UnsupportedShapeError
from hookdash.core.hosts.gemini.authoring.hook_draft import HookDraft, draft_hook
from hookdash.core.hosts.gemini.authoring.hook_edit import HookChanges
from hookdash.core.hosts.gemini.authoring.hook_target import HookTarget, resolve_hook
from hookdash.core.hosts.gemini.authoring.writing import add_hook, edit_hook
from hookdash.core.hosts.gemini.matcher import MatcherPreview, preview_matcher
from hookdash.core.model import Hook

if TYPE_CHECKING:
    from hookdash.core.model import Configuration


def draft_of(config: Configuration, hook: Hook) -> HookDraft:
    """The hook of the user or workspace settings as written (before `$VAR` expansion,
    with no timeout when the file gives none): what the hook form starts an edit from.
    The errors of `resolve_hook` for a hook hookdash does not write."""
    hook, _ = resolve_hook(config, hook.ref)
    target = HookTarget.of(config, hook)
    raw = target.raw
    if not isinstance(raw, dict):
        raise UnsupportedShapeError(f"The hook at {hook.pointer} is not an object.", path=hook.file)
    definition = definition_at(target.layer_value, target.where)
    matcher = normal_matcher(definition.get("matcher"))

    def text(key: str) -> str | None:
        value = raw.get(key)
        return value if isinstance(value, str) else None

    timeout = raw.get("timeout")
    return HookDraft(
        event=hook.event,
        command=text("command") or "",
        name=text("name"),
        matcher=matcher if isinstance(matcher, str) else None,
        timeout_ms=timeout if isinstance(timeout, int) and not isinstance(timeout, bool) else None,
        description=text("description"),
        sequential=is_sequential(definition),
    )


def changes_between(before: HookDraft, after: HookDraft) -> HookChanges:
    """The `HookChanges` that turn the hook `before` into `after` (None: unchanged; "":
    an optional field emptied)."""

    def changed(old: object, new: object) -> str | None:
        old_text = "" if old is None else str(old)
        new_text = "" if new is None else str(new)
        return None if old_text == new_text else new_text

    return HookChanges(
        command=changed(before.command, after.command),
        name=changed(before.name, after.name),
        matcher=changed(before.matcher, after.matcher),
        timeout_ms=changed(before.timeout_ms, after.timeout_ms),
        description=changed(before.description, after.description),
        sequential=None if before.sequential == after.sequential else after.sequential,
    )


class DraftReview(BaseModel):
    """The form's live verdict on a draft."""

    refusal: str | None = None  # why Save would write nothing (None: it would write)
    unchanged: bool = False  # an edit whose fields are all as written: nothing to save
    message: str = ""  # what Save would do ("Would add 'x' to BeforeTool in …")
    warnings: list[str] = []
    notes: list[str] = []
    diff: str = ""  # of the settings file(s) Save would write
    hook: Hook | None = None  # the draft as Gemini would judge it once written
    matcher: MatcherPreview


def save_draft(
    config: Configuration,
    draft: HookDraft,
    scope: str,
    *,
    replacing: Hook | None = None,
    dry_run: bool = False,
) -> AuthoringResult:
    """Write the draft: `add_hook` to the scope's settings, or, `replacing` a hook,
    `edit_hook` of the fields that differ from it as written."""
    if replacing is None:
        return add_hook(config, draft, scope, dry_run=dry_run)
    changes = changes_between(draft_of(config, replacing), draft)
    return edit_hook(config, replacing.ref, changes, dry_run=dry_run)


def review_draft(
    config: Configuration,
    draft: HookDraft,
    scope: str,
    *,
    replacing: Hook | None = None,
    seen_tools: Iterable[str] = (),
) -> DraftReview:
    """The dry run of saving the draft, the hook it would be, and what its matcher
    matches among Gemini's built-in tools and `seen_tools` (or its trigger values)."""
    preview = preview_matcher(draft.matcher or None, draft.event, seen_tools)
    review = DraftReview(matcher=preview)
    try:
        result = save_draft(config, draft, scope, replacing=replacing, dry_run=True)
    except HookdashError as exc:
        review.refusal = exc.message
    else:
        review.unchanged = not result.diff
        review.message = result.message
        review.warnings = result.warnings
        review.notes = result.notes
        review.diff = result.diff
    try:
        review.hook = draft_hook(config, draft, scope, replacing=replacing)
    except HookdashError:
        review.hook = None  # refused (the refusal says why)
    return review
