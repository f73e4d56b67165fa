"""Payloads a hook author keeps by name, per hook, to fire again later (fire's ctrl+s).

They live in hookdash's state: `<state dir>/payloads.json`, mode 0600 in a 0700
directory (a payload holds what a hook would see: commands, paths, file contents). A
hook's payloads are filed under its event and display id, so they outlive a session, an
edit of the hook's command and a move between settings files; two copies of one hook
(a duplicate) share them. Each hook keeps a list of named payloads in the order they
were first saved; saving a name again replaces that payload in place.

Every write goes through `atomic.update_file`: atomic, and a save by another hookdash
in the meantime is re-read and kept, never lost. A file that does not parse is never
overwritten: listing says so, saving refuses.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from hookdash.core.disk import files
from hookdash.core.disk.atomic import WriteOutcome, update_file
from hookdash.core.disk.state import private_dir
from hookdash.core.display import has_hidden
from hookdash.core.errors import ConfigurationError, EditError

PAYLOADS_NAME = "payloads.json"
MAX_NAME_LENGTH = 60
# A payload is what Gemini would send on stdin: a few KB. A bigger one is kept in the
# editor's draft, not in a file every fire screen reads.
MAX_PAYLOAD_BYTES = 256 * 1024
MAX_FILE_BYTES = 16 * 1024 * 1024  # a payloads.json bigger than this is not hookdash's


class SavedPayload(BaseModel):
    """One named payload of one hook."""

    name: str
    payload: dict[str, Any]
    saved_at: str  # ISO 8601, UTC


class PayloadFile(BaseModel):
    """`payloads.json`: hook (`payload_owner`) → its named payloads, first saved first."""

    v: int = 1
    hooks: dict[str, list[SavedPayload]] = {}


def payload_owner(event: str, hook_id: str) -> str:
    """The key a hook's payloads are filed under: its event and display id."""
    return f"{event} · {hook_id}"


def payloads_path(state: Path) -> Path:
    return state / PAYLOADS_NAME


def _parse(data: bytes | None, path: Path) -> PayloadFile:
    if not data:
        return PayloadFile()
    try:
        return PayloadFile.model_validate_json(data)
    except ValidationError as exc:
        raise ConfigurationError(
            f"{path} is damaged ({exc.errors()[0]['msg']}); hookdash leaves it as it is. "
            "Move it away to start a new one.",
            path=str(path),
        ) from None


def _read(path: Path) -> bytes | None:
    try:
        # Not a FIFO, a device or 128 MiB of anything: files.read_bytes refuses them.
        return files.read_bytes_if_any(path, MAX_FILE_BYTES)
    except OSError as exc:
        raise ConfigurationError(
            f"hookdash cannot read {path} ({exc.strerror or exc}).", path=str(path)
        ) from None


def saved_payloads(state: Path, event: str, hook_id: str) -> list[SavedPayload]:
    """The hook's named payloads, first saved first (ConfigurationError: a damaged file)."""
    path = payloads_path(state)
    return list(_parse(_read(path), path).hooks.get(payload_owner(event, hook_id), []))


def check_name(name: str) -> str:
    """The name as it will be stored (trimmed), or EditError saying what is wrong."""
    name = name.strip()
    if not name:
        raise EditError("A saved payload needs a name.")
    if len(name) > MAX_NAME_LENGTH:
        raise EditError(f"A payload's name is at most {MAX_NAME_LENGTH} characters.")
    if has_hidden(name):
        raise EditError("A payload's name cannot hold control or invisible characters.")
    return name


def _encode(current: PayloadFile) -> bytes:
    text = json.dumps(current.model_dump(mode="json"), indent=2, ensure_ascii=False)
    return (text + "\n").encode("utf-8", "backslashreplace")


def save_payload(
    state: Path,
    event: str,
    hook_id: str,
    name: str,
    payload: Mapping[str, Any],
    *,
    now: datetime | None = None,
) -> tuple[SavedPayload, bool]:
    """Keep `payload` as `name` for the hook; returns it and whether it replaced a payload
    of that name. EditError: a bad name, a payload too big, a damaged file, a failed write."""
    name = check_name(name)
    size = len(json.dumps(payload, ensure_ascii=False).encode("utf-8", "backslashreplace"))
    if size > MAX_PAYLOAD_BYTES:
        raise EditError(
            f"This payload is {size:,} bytes; hookdash keeps payloads of at most "
            f"{MAX_PAYLOAD_BYTES:,} bytes."
        )
    moment = now or datetime.now(UTC)
    saved = SavedPayload(
        name=name,
        payload=dict(payload),
        saved_at=moment.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z"),
    )
    owner = payload_owner(event, hook_id)
    replaced = False

    def change(current: PayloadFile) -> bool:
        nonlocal replaced
        entries = current.hooks.setdefault(owner, [])
        index = next((i for i, e in enumerate(entries) if e.name == name), None)
        replaced = index is not None
        if index is None:
            entries.append(saved)
        else:
            entries[index] = saved
        return True

    private_dir(state)
    outcome = _update(payloads_path(state), change)
    _narrow(outcome.target)
    return saved, replaced


def _update(path: Path, change: Callable[[PayloadFile], bool]) -> WriteOutcome:
    """Apply `change` to the saved payloads, atomically (it returns False: no change)."""

    def compute(data: bytes | None) -> bytes | None:
        try:
            current = _parse(data, path)
        except ConfigurationError as exc:  # a damaged file refuses the edit
            raise EditError(exc.message, path=exc.path) from None
        return _encode(current) if change(current) else None

    return update_file(path, compute, new_mode=0o600)


def _narrow(target: Path) -> None:
    """A rewrite keeps the file's mode: one someone opened to others goes back to 0600."""
    with contextlib.suppress(OSError):
        if stat.S_IMODE(target.stat().st_mode) & 0o077:
            os.chmod(target, 0o600)


def delete_payload(state: Path, event: str, hook_id: str, name: str) -> bool:
    """Forget the hook's payload `name`; False when there was none of that name."""
    owner = payload_owner(event, hook_id)
    found = False

    def change(current: PayloadFile) -> bool:
        nonlocal found
        entries = current.hooks.get(owner, [])
        kept = [e for e in entries if e.name != name]
        found = len(kept) != len(entries)
        if kept:
            current.hooks[owner] = kept
        elif found:
            del current.hooks[owner]
        return found

    if payloads_path(state).exists():
        _update(payloads_path(state), change)
    return found
