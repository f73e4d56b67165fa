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

from hookdash.core.edit.authoring import (
    AuthoringResult,
    add_hook,
    changes_between,
    draft_of,
    edit_hook,
)
from hookdash.core.edit.hook_draft import HookDraft, draft_hook
from hookdash.core.errors import HookdashError
from hookdash.core.gemini.matcher import MatcherPreview, preview_matcher
from hookdash.core.model import Hook

if TYPE_CHECKING:
    from hookdash.core.model import Configuration


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
