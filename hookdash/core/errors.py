"""Every failure hookdash reports to a person: one hierarchy, one root.

    HookdashError                 code, message, to_dict(): what the CLI prints (--json too)
    ├── HookNotFound              no hook (or disabled-list entry) has that ID
    ├── AmbiguousHook             the ID could mean different hooks: the candidates' refs
    ├── ConfigurationError        a file hookdash must read cannot be read
    │   └── LogUnreadableError    a run log or telemetry file that is there but unreadable
    ├── UnsupportedOperation      the host has no such operation (its capabilities lack it)
    ├── EngineError               firing: an unknown event, …
    │   └── FireInterrupted       a signal ended `fire` (its hooks were killed first)
    └── EditError                 a write hookdash refuses to make (nothing was written)
        ├── NotDisableableError, ReadOnlyScopeError, WorkspaceIsHomeError,
        ├── OutsideWorkspaceError (a workspace file whose links lead out of it),
        ├── SettingsParseError, UnsupportedShapeError, FileChangedError,
        ├── FileWriteError, TrustStoreUnreadableError
        └── UndoRefused           a file changed since hookdash wrote it

Each class has a stable `code` (in `--json` output as `error`), given where the class is
declared, and adds what it knows to `to_dict` through `details`. The exceptions in
`hookdash.core.hosts.gemini` (a JavaScript `TypeError`, a regex `SyntaxError`, an aggregator
throw) are not here: they model what Gemini CLI itself throws, and become verdicts
("Gemini refuses this matcher"), never failures of hookdash.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hookdash.core.edit.edits import Change
    from hookdash.core.records import HookRef


class HookdashError(Exception):
    """An expected failure: one sentence a person can act on, and a stable code."""

    code = "hookdash-error"

    def __init_subclass__(cls, code: str = "", **kwargs: Any) -> None:
        # Every family is declared the same way: `class X(Base, code="…"): """why"""`.
        super().__init_subclass__(**kwargs)
        if code:
            cls.code = code

    def __init__(self, message: str, *, path: str | None = None):
        super().__init__(message)
        self.message = message
        self.path = path

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"error": self.code, "message": self.message}
        if self.path:
            data["file"] = self.path
        return {**data, **self.details()}

    def details(self) -> dict[str, Any]:
        """What this kind of failure adds to `to_dict` (after error, message and file)."""
        return {}


class HookNotFound(HookdashError, code="hook-not-found"):
    """No hook has that ID; `candidates` are the closest IDs, closest first."""

    def __init__(self, message: str, candidates: Sequence[str] = ()):
        super().__init__(message)
        self.candidates = list(candidates)

    def details(self) -> dict[str, Any]:
        return {"candidates": self.candidates}


class AmbiguousHook(HookdashError, code="hook-ambiguous"):
    """The ID could mean different hooks; each candidate has a unique `ref`."""

    def __init__(self, message: str, candidates: Sequence[HookRef]):
        super().__init__(message)
        self.candidates = list(candidates)

    def details(self) -> dict[str, Any]:
        return {"candidates": [c.model_dump(mode="json") for c in self.candidates]}


class UnsupportedOperation(HookdashError, code="unsupported-operation"):
    """The host cannot do this: its `capabilities` (core.hosts.protocol) lack the operation.
    One sentence for every host and every screen: "hookdash cannot add a hook for Toy"."""

    def __init__(self, host: str, label: str, operation: str, words: str) -> None:
        super().__init__(f"hookdash cannot {words} for {label}.")
        self.host = host
        self.operation = operation

    def details(self) -> dict[str, Any]:
        return {"host": self.host, "operation": self.operation}


class ConfigurationError(HookdashError, code="unreadable"):
    """A file hookdash needs cannot be read (unreadable, not a regular file, too large)."""


class LogUnreadableError(ConfigurationError, code="log-unreadable"):
    """A run log or telemetry file that exists but cannot be read: said, never shown as an
    empty log."""

    def __init__(self, path: Path, exc: OSError) -> None:
        why = exc.strerror or str(exc)
        if isinstance(exc, PermissionError):
            why = "permission denied (check the file's and its directory's permissions)"
        super().__init__(f"cannot read {path}: {why}", path=str(path))


class EngineError(HookdashError, code="engine-error"):
    """Firing or planning cannot start (an unknown event, …)."""


class FireInterrupted(EngineError, code="fire-interrupted"):
    """`fire_sync` ended by a signal. The hooks still running were killed (their whole
    process groups) and logged as cancelled before this was raised."""

    def __init__(self, signum: int) -> None:
        import signal  # here: a start that fires nothing does not import it

        self.signum = signum
        name = signal.Signals(signum).name
        super().__init__(
            f"stopped by {name}: the hooks still running were killed with their process "
            "groups and logged as cancelled."
        )


class UnknownEvent(EngineError, code="unknown-event"):
    """An event Gemini CLI does not have; the message names the closest one."""

    def __init__(self, name: str, *, hint: str | None, events: Sequence[str]) -> None:
        suffix = f" Did you mean {hint}?" if hint else ""
        super().__init__(
            f"'{name}' is not a Gemini CLI event.{suffix} Events: {', '.join(events)}."
        )


class EditError(HookdashError, code="edit-refused"):
    """An edit hookdash refuses to make; nothing has been written when it is raised (the
    one exception, a later file of a multi-file edit failing, lists what was)."""

    def __init__(self, message: str, *, path: str | None = None):
        super().__init__(message, path=path)
        self.applied: list[Change] = []  # changes already written before the failure

    def details(self) -> dict[str, Any]:
        if not self.applied:
            return {}
        return {"applied": [c.model_dump(mode="json") for c in self.applied]}


class NotDisableableError(EditError, code="hook-not-disableable"):
    """A hook no disabled-list entry can switch off (invalid, or a `$VAR` it can't match)."""


class InvalidHookError(EditError, code="hook-invalid"):
    """The hook cannot be written as given, for either host (unknown event, empty command,
    bad timeout, the same name:command already in the file)."""


class ReadOnlyScopeError(EditError, code="scope-read-only"):
    """system and system-defaults settings belong to the administrator."""


class WorkspaceIsHomeError(EditError, code="workspace-is-home"):
    """The workspace is the home directory: there is no separate workspace file."""


class OutsideWorkspaceError(EditError, code="write-outside-workspace"):
    """A workspace write whose file, its links followed, is not the workspace's own (a
    repository's link into the user's settings, or to a file elsewhere)."""


class SettingsParseError(EditError, code="file-does-not-parse"):
    """The file does not parse; hookdash never rewrites a file it cannot read."""

    def __init__(self, message: str, *, path: str, line: int | None, column: int | None):
        super().__init__(message, path=path)
        self.line = line
        self.column = column

    def details(self) -> dict[str, Any]:
        return {**super().details(), "line": self.line, "column": self.column}


class UnsupportedShapeError(EditError, code="unsupported-shape"):
    """The list to edit exists but is not a list (or a parent is not an object)."""


class FileChangedError(EditError, code="file-changed"):
    """The file kept changing on disk while hookdash tried to write it."""


class FileWriteError(EditError, code="write-failed"):
    """The file or its directory cannot be written (read-only, permissions, disk)."""


class TrustStoreUnreadableError(EditError, code="trusted-hooks-unreadable"):
    """trusted_hooks.json exists but does not parse; overwriting would lose its entries."""


class TrustChangedError(EditError, code="trust-changed"):
    """What a trust question showed (settings, scripts, .env) changed before it was
    answered: trusting would record what the user has not seen
    (hosts.gemini.trust.trust_seen)."""


class UndoRefused(EditError, code="undo-refused"):
    """A file changed since hookdash wrote it: undoing the write would lose that change."""
