"""What an edit did, and the ways it can be refused.

Every write hookdash makes (a disabled list, Gemini's `trusted_hooks.json`, hookdash's own
state) reports an `EditResult` listing each change, so the CLI, its `--json` output and the
dashboard say the same thing. An edit that cannot be made raises an `EditError` subclass
whose message is one sentence a user can act on; nothing has been written when it is raised
(the one exception, a later file of a multi-file edit failing, says what was already done).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from hookdash.core.load.registry import HookRef

ChangeAction = Literal["add", "remove", "replace", "record"]
EditAction = Literal["disable", "enable", "trust", "fix"]


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


class EditResult(BaseModel):
    """The outcome of disable, enable, trust or check --fix (their `--json` output)."""

    action: EditAction
    identifier: str | None = None  # the disabled-list entry (disable/enable)
    changed: bool
    message: str
    changes: list[Change] = []
    hooks: list[HookRef] = []  # the hooks affected
    notes: list[str] = []
    still_disabled_by: list[str] = []  # enable: read-only scopes that still list it
    skipped: list[str] = []  # fix: problems left alone, and why


# ------------------------------------------------------------------------ errors


class EditError(Exception):
    """An edit hookdash refuses to make; `message` says why in one sentence."""

    code = "edit-refused"

    def __init__(self, message: str, *, path: str | None = None):
        super().__init__(message)
        self.message = message
        self.path = path
        self.applied: list[Change] = []  # changes already written before the failure

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"error": self.code, "message": self.message}
        if self.path:
            data["file"] = self.path
        if self.applied:
            data["applied"] = [c.model_dump(mode="json") for c in self.applied]
        return data


class HookNotFoundError(EditError):
    """No hook (and no disabled-list entry) has that ID."""

    code = "hook-not-found"

    def __init__(self, message: str, candidates: list[str]):
        super().__init__(message)
        self.candidates = candidates

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "candidates": self.candidates}


class AmbiguousHookError(EditError):
    """The argument could mean hooks with different identifiers."""

    code = "hook-ambiguous"

    def __init__(self, message: str, candidates: list[HookRef]):
        super().__init__(message)
        self.candidates = candidates

    def to_dict(self) -> dict[str, Any]:
        return {
            **super().to_dict(),
            "candidates": [c.model_dump(mode="json") for c in self.candidates],
        }


class NotDisableableError(EditError):
    """A hook no disabled-list entry can switch off (invalid, or a `$VAR` it can't match)."""

    code = "hook-not-disableable"


class ReadOnlyScopeError(EditError):
    """system and system-defaults settings belong to the administrator."""

    code = "scope-read-only"


class WorkspaceIsHomeError(EditError):
    """The workspace is the home directory: there is no separate workspace file."""

    code = "workspace-is-home"


class SettingsParseError(EditError):
    """The file does not parse; hookdash never rewrites a file it cannot read."""

    code = "file-does-not-parse"

    def __init__(self, message: str, *, path: str, line: int | None, column: int | None):
        super().__init__(message, path=path)
        self.line = line
        self.column = column

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "line": self.line, "column": self.column}


class UnsupportedShapeError(EditError):
    """The list to edit exists but is not a list (or a parent is not an object)."""

    code = "unsupported-shape"


class FileChangedError(EditError):
    """The file kept changing on disk while hookdash tried to write it."""

    code = "file-changed"


class FileWriteError(EditError):
    """The file or its directory cannot be written (read-only, permissions, disk)."""

    code = "write-failed"


class TrustStoreUnreadableError(EditError):
    """trusted_hooks.json exists but does not parse; overwriting would lose its entries."""

    code = "trusted-hooks-unreadable"
