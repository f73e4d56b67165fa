"""Gemini CLI's per-project storage paths that hooks see: plans dir and transcript path.

Gemini names a project's temp directory `<home>/.gemini/tmp/<slug>`, where the slug comes
from `<home>/.gemini/projects.json` or is claimed from the folder's name
(`ProjectRegistry`). hookdash only predicts it: it never writes Gemini's registry.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hookdash.core import nesting
from hookdash.core.disk import files

_SLUG = re.compile(r"^[a-z0-9-]+$")
_MARKER = ".project_root"
_SMALL = 64 * 1024  # a marker holds one path


def slugify(text: str) -> str:
    slug = re.sub(r"-+", "-", re.sub(r"[^a-z0-9]", "-", text.lower()))
    slug = re.sub(r"^-|-$", "", slug)
    return slug or "project"


def _read_marker(path: Path) -> str | None:
    try:
        return files.read_text(path, _SMALL).strip()
    except OSError:
        return None


def _registry(gemini_dir: Path) -> dict[str, str]:
    try:
        data = nesting.json_loads(files.read_text(gemini_dir / "projects.json", errors="strict"))
    except (OSError, ValueError):
        return {}
    projects = data.get("projects") if isinstance(data, dict) else None
    if not isinstance(projects, dict) or not all(
        isinstance(v, str) and _SLUG.match(v) for v in projects.values()
    ):
        return {}  # Gemini resets an invalid registry to empty
    return {str(k): v for k, v in projects.items()}


def _mtime(path: Path) -> int | None:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


# (gemini dir, project) -> (the files' mtimes, slug): every hook run needs the slug twice.
_SLUGS: dict[tuple[Path, str], tuple[tuple[int | None, ...], str]] = {}


def project_slug(gemini_dir: Path, project_root: str) -> str:
    """ProjectRegistry.getShortId, read-only: registry entry, ownership marker, or new slug.

    Memoized until the registry file or a marker directory changes.
    """
    stamp = tuple(
        _mtime(p)
        for p in (gemini_dir / "projects.json", gemini_dir / "tmp", gemini_dir / "history")
    )
    cached = _SLUGS.get((gemini_dir, project_root))
    if cached is not None and cached[0] == stamp:
        return cached[1]
    slug = _project_slug(gemini_dir, project_root)
    _SLUGS[(gemini_dir, project_root)] = (stamp, slug)
    return slug


def _project_slug(gemini_dir: Path, project_root: str) -> str:
    normalized = os.path.abspath(project_root)
    base_dirs = (gemini_dir / "tmp", gemini_dir / "history")
    projects = _registry(gemini_dir)

    def owner(slug: str, base: Path) -> str | None:
        return _read_marker(base / slug / _MARKER)

    known = projects.get(normalized)
    if known and all(owner(known, b) in (None, normalized) for b in base_dirs):
        return known
    for base in base_dirs:
        try:
            candidates = sorted(os.listdir(base))
        except OSError:
            continue
        for candidate in candidates:
            if owner(candidate, base) == normalized:
                return candidate
    slug = slugify(os.path.basename(normalized) or "project")
    taken = set(projects.values())
    counter = 0
    while True:
        candidate = slug if counter == 0 else f"{slug}-{counter}"
        counter += 1
        if candidate in taken:
            continue
        if any(owner(candidate, b) not in (None, normalized) for b in base_dirs):
            continue
        return candidate


def project_temp_dir(gemini_dir: Path, project_root: str) -> Path:
    return gemini_dir / "tmp" / project_slug(gemini_dir, project_root)


class PlansDirError(ValueError):
    """Gemini throws when a custom plans directory leaves the project (the hook fails)."""


def plans_dir(
    gemini_dir: Path, project_root: str, session_id: str, settings: Mapping[str, Any]
) -> str:
    """Storage.getPlansDir: `general.plan.directory` inside the project, else the temp dir."""
    general = settings.get("general")
    plan = general.get("plan") if isinstance(general, dict) else None
    custom = plan.get("directory") if isinstance(plan, dict) else None
    if isinstance(custom, str) and custom:
        resolved = os.path.abspath(os.path.join(project_root, custom))
        real_root = os.path.realpath(project_root)
        real = os.path.realpath(resolved)
        if real != real_root and not real.startswith(real_root.rstrip(os.sep) + os.sep):
            raise PlansDirError(
                f"Custom plans directory '{custom}' resolves to '{real}', which is outside the "
                f"project root '{real_root}'."
            )
        return resolved
    return str(project_temp_dir(gemini_dir, project_root) / session_id / "plans")


def transcript_path(
    gemini_dir: Path, project_root: str, session_id: str, now: datetime | None = None
) -> str:
    """ChatRecordingService's file: chats/session-<YYYY-MM-DDTHH-MM>-<id8>.jsonl (UTC)."""
    stamp = (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y-%m-%dT%H-%M")
    chats = project_temp_dir(gemini_dir, project_root) / "chats"
    return str(chats / f"session-{stamp}-{session_id[:8]}.jsonl")
