"""Where a write lands: inside the workspace, in a temporary directory, or outside."""

from __future__ import annotations

import posixpath

from hookdash.core.load.risks.vocabulary import (
    _HARMLESS_DEVICES,
    _HOME,
    _TEMP_DIRS,
    _TEMP_VARS,
    _WORKSPACE_VARS,
)


def outside_workspace(path: str, workspace: str | None, home: str | None) -> bool:
    """Whether writing to `path` writes outside the workspace (as far as it can be told
    without running anything: a path built from other variables is given the benefit of
    the doubt). Hooks run in the workspace, so a relative path leaves it only by `..`."""
    path = path.strip()
    workspace = workspace.rstrip("/") if workspace else None
    if not path or _HARMLESS_DEVICES.search(path) or _TEMP_VARS.match(path):
        return False
    if _WORKSPACE_VARS.match(path):
        inside = posixpath.normpath("/w/" + _WORKSPACE_VARS.sub("", path))
        return not (inside == "/w" or inside.startswith("/w/"))
    at_home = _HOME.match(path)
    if at_home:
        if home is None:
            return True
        path = home.rstrip("/") + path[at_home.end() :]
    if path.startswith(("$", "`")):
        return False  # another variable: unknown
    if path.startswith("/"):
        resolved = posixpath.normpath(path)
        if any((resolved + "/").startswith(t) for t in _TEMP_DIRS):
            return False
        if workspace is not None:
            return not (resolved + "/").startswith(workspace + "/")
        return True
    relative = posixpath.normpath(path)
    return relative == ".." or relative.startswith("../")
