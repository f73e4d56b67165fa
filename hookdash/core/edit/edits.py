"""What an edit did, and the ways it can be refused.

Every write hookdash makes (a disabled list, Gemini's `trusted_hooks.json`, hookdash's own
state) reports an `EditResult` listing each change, so the CLI, its `--json` output and the
dashboard say the same thing. An edit that cannot be made raises an `EditError` subclass
whose message is one sentence a user can act on; nothing has been written when it is raised
(the one exception, a later file of a multi-file edit failing, says what was already done).
The errors themselves are in `hookdash.core.errors`, with every other failure.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from hookdash.core.display import json_text
from hookdash.core.records import HookRef, WriteResult

ChangeAction = Literal["add", "remove", "replace", "record"]
EditAction = Literal[
    "disable", "enable", "trust", "fix", "add", "edit", "remove", "hooks-on", "hooks-off", "import"
]


class Change(BaseModel):
    """One value written to one file."""

    file: str  # the path as configured (a symlink is followed, its target written)
    scope: str  # user | workspace | trusted-hooks | hookdash-state
    key: str  # hooksConfig.disabled, hooks.disabled, the project root, ...
    action: ChangeAction
    value: Any  # the entry added, removed or replaced (a list of keys for trust)
    before: Any = None  # the whole list before the change (None: it did not exist)
    after: Any = None  # the whole list after it
    note: str | None = None

    @property
    def mark(self) -> str:
        """`+` added, `-` removed, `~` replaced, `*` recorded."""
        return {"add": "+", "remove": "-", "replace": "~"}.get(self.action, "*")

    def value_text(self) -> str:
        """What was written, as JSON (hidden characters escaped: `display.json_text`):
        `"old" → "new"` for a replacement, a list's entries comma-separated, `(none)` for
        an empty list."""
        if self.action == "replace":
            old, new = (json_text(self.value[k]) for k in ("from", "to"))
            return f"{old} → {new}"
        if isinstance(self.value, list):
            return ", ".join(json_text(v) for v in self.value) or "(none)"
        return json_text(self.value)


class EditResult(WriteResult, BaseModel):
    """The outcome of disable, enable, trust or check --fix (their `--json` output); the
    writing commands (add, edit, remove, hooks on|off, import) extend it (`AuthoringResult`)."""

    action: EditAction
    identifier: str | None = None  # the disabled-list entry (disable/enable)
    changed: bool
    message: str
    changes: list[Change] = []
    hooks: list[HookRef] = []  # the hooks affected
    notes: list[str] = []
    still_disabled_by: list[str] = []  # enable: read-only scopes that still list it
    skipped: list[str] = []  # fix: problems left alone, and why


class AuthoringResult(EditResult):
    """What add, edit, remove, hooks on|off and import did (or, dry run, would do)."""

    warnings: list[str] = Field(default_factory=list)  # worth a look before relying on it
    dry_run: bool = False  # True: nothing was written; `changes` is what would change
    diff: str = ""  # unified diff of the settings file(s) written, or that would be
