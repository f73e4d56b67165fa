"""Where a write lands: inside the workspace, in a temporary directory, or outside."""

from __future__ import annotations

import posixpath

from hookdash.core.load.risks.vocabulary import (
    _HARMLESS_DEVICES,
    _HOME,
    _PERSISTENT_PATH,
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
        within = workspace is not None and (resolved + "/").startswith(workspace + "/")
        if home and not within and (resolved + "/").startswith(home.rstrip("/") + "/"):
            # The home may itself lie under /tmp (CI containers, sandboxes): a write into
            # it still leaves the workspace.
            return True
        if any((resolved + "/").startswith(t) for t in _TEMP_DIRS):
            return False
        if workspace is not None:
            return not (resolved + "/").startswith(workspace + "/")
        return True
    relative = posixpath.normpath(path)
    return relative == ".." or relative.startswith("../")


def persistent_target(path: str, workspace: str | None, home: str | None) -> bool:
    """Whether writing to `path` sets up something that runs later: a shell startup file,
    `~/.ssh/authorized_keys`, cron, a launch agent or systemd unit, a git hook or git's
    config, an agent's settings, a Python start-up hook (vocabulary._PERSISTENT_PATH)."""
    path = path.strip().strip("\"'")
    if not path:
        return False
    at_home = _HOME.match(path)
    if at_home:
        path = "~" + path[at_home.end() :]
    elif home and (path + "/").startswith(home.rstrip("/") + "/"):
        path = "~" + path[len(home.rstrip("/")) :]
    elif _WORKSPACE_VARS.match(path):
        path = _WORKSPACE_VARS.sub("", path) or "."
    elif workspace and path.startswith(workspace.rstrip("/") + "/"):
        path = path[len(workspace.rstrip("/")) + 1 :]
    normal = posixpath.normpath(path)
    return bool(_PERSISTENT_PATH.search(normal))
