"""What changed in your own hooks since the baseline, and the findings that say so.

A hook is named by its file, event, matcher and command: one that appears and one that
goes in the same file and event are shown as one hook that changed (its old and new
command). A script or a code file is named by its path and compared by its digest.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from hookdash.core.baseline.sources import agents_home
from hookdash.core.baseline.store import Baseline, read_baseline, write_baseline
from hookdash.core.baseline.watched import WatchedItem, watched_now
from hookdash.core.display import shorten, visible
from hookdash.core.edit.editor.settings_write import unified_diff
from hookdash.core.errors import EditError
from hookdash.core.problems import Problem

ChangeKind = Literal["appeared", "changed", "removed"]
CODE = "user-hook-changed"


@dataclass(frozen=True)
class Change:
    kind: ChangeKind
    before: WatchedItem | None
    after: WatchedItem | None

    @property
    def item(self) -> WatchedItem:
        item = self.after or self.before
        assert item is not None
        return item

    def diff(self, display: Path | str = "") -> str:
        """The unified diff of its text (a hook's command, a script's first 64 KB)."""
        before = _lines(self.before.text) if self.before is not None else None
        after = _lines(self.after.text) if self.after is not None else ""
        return unified_diff(before, after, str(display or self.item.file))


def _lines(text: str) -> str:
    return text if text.endswith("\n") else text + "\n"


@dataclass(frozen=True)
class BaselineStatus:
    """What `hookdash baseline` and the dashboard show."""

    recorded_now: bool  # no baseline existed: this look recorded one, silently
    recorded_at: str | None
    changes: list[Change]
    watched: int  # how many hooks, scripts and code files are watched
    error: str | None = None  # the baseline could not be written

    @property
    def changed(self) -> bool:
        return bool(self.changes)


def compare(baseline: Baseline, now: list[WatchedItem]) -> list[Change]:
    current = {item.key: item for item in now}
    before = baseline.items
    out: list[Change] = []
    gone = [item for key, item in before.items() if key not in current]
    new = [item for key, item in current.items() if key not in before]
    for item in new:
        if item.kind == "hook":
            partner = next(
                (
                    g
                    for g in gone
                    if g.kind == "hook" and (g.file, g.event) == (item.file, item.event)
                ),
                None,
            )
            if partner is not None:
                gone.remove(partner)
                out.append(Change("changed", partner, item))
                continue
        out.append(Change("appeared", None, item))
    for key, item in current.items():
        old = before.get(key)
        if old is not None and item.kind != "hook" and old.digest != item.digest:
            out.append(Change("changed", old, item))
    out += [Change("removed", item, None) for item in gone]
    return out


def baseline_status(environ: Mapping[str, str], *, record_first: bool = True) -> BaselineStatus:
    """The changes since the baseline; with no baseline yet, record one now (silently,
    `recorded_now`)."""
    now = watched_now(environ)
    baseline = read_baseline(environ)
    if not baseline.recorded:
        if not record_first:
            return BaselineStatus(False, None, [], len(now))
        try:
            recorded = write_baseline(environ, now)
        except EditError as exc:
            return BaselineStatus(False, None, [], len(now), error=exc.message)
        return BaselineStatus(True, recorded.recorded_at, [], len(now))
    return BaselineStatus(False, baseline.recorded_at, compare(baseline, now), len(now))


def accept_baseline(environ: Mapping[str, str]) -> BaselineStatus:
    """Record what is there now as the baseline (what you saw); raises EditError."""
    now = watched_now(environ)
    recorded = write_baseline(environ, now)
    return BaselineStatus(False, recorded.recorded_at, [], len(now))


def tilde_path(path: str, home: Path) -> str:
    """`path` under the home folder as `~/…` (as a person writes it)."""
    text = str(home)
    if path == text or path.startswith(text.rstrip("/") + "/"):
        return "~" + path[len(text.rstrip("/")) :]
    return path


def change_sentence(change: Change, home: Path) -> str:
    """One line: "a SessionStart hook appeared in ~/.claude/settings.json (Claude Code):
    `node ~/.claude/x.js`", shown escaped."""
    item = change.item
    where = visible(tilde_path(item.file, home))
    if item.kind == "hook":
        event = visible(item.event or "")
        text = f"`{visible(shorten(item.text, 80))}`"
        if change.kind == "changed" and change.before is not None:
            old = f"`{visible(shorten(change.before.text, 60))}`"
            return f"a {event} hook changed in {where} ({item.agent}): {old} is now {text}"
        verb = "appeared in" if change.kind == "appeared" else "is gone from"
        return f"a {event} hook {verb} {where} ({item.agent}): {text}"
    what = "the script" if item.kind == "script" else f"the {item.agent} plugin file"
    whose = f" a {item.agent} hook runs" if item.kind == "script" else ""
    verb = {"appeared": "appeared", "changed": "changed", "removed": "is gone"}[change.kind]
    return f"{what} {where}{whose} {verb}"


def baseline_problems(status: BaselineStatus, environ: Mapping[str, str]) -> list[Problem]:
    """One finding per change since the baseline: an error for what appeared or changed,
    a warning for what is gone."""
    home = agents_home(environ)
    out: list[Problem] = []
    for change in status.changes:
        item = change.item
        text = change_sentence(change, home)
        out.append(
            Problem(
                severity="warning" if change.kind == "removed" else "error",
                code=CODE,
                message=f"Since you last looked, {text}.",
                fix="`hookdash baseline` shows its diff. If you made this change, accept it: "
                "`hookdash baseline accept` (B in the dashboard). If you did not, something "
                "wrote to your own agent settings: remove it before an agent starts.",
                file=item.file,
            )
        )
    return out
