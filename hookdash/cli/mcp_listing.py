"""`list`'s text for the MCP servers a configuration brings (either host): each server's
name, its command line or URL, whether the agent starts it, its file and why."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from hookdash.cli.output import Style
from hookdash.core import starts_label, visible, what_it_runs

_LABEL_STYLE = {"starts": "red", "asks": "yellow", "off": "dim"}


def write_mcp_servers(servers: list[Any], display: Callable[[str], str], s: Style) -> None:
    """The "MCP servers" section (nothing when there is none)."""
    if not servers:
        return
    out = sys.stdout
    out.write("\n" + s.bold("MCP servers (processes and URLs the agent starts)") + "\n")
    for server in servers:
        label = starts_label(server)
        badge = getattr(s, _LABEL_STYLE[label])(label) + " " * (8 - len(label))
        where = f"{server.scope} {display(server.file)}" + (
            f":{server.line}" if server.line else ""
        )
        risks = ""
        if server.risks:
            risks = s.red(" ⚠ " + ",".join(sorted({r.kind for r in server.risks})))
        out.write(
            f"    {badge}{s.cyan(visible(server.name))} {what_it_runs(server)}{risks} "
            f"{s.dim(where)}\n"
        )
        if server.env_keys:
            keys = ", ".join(visible(k) for k in server.env_keys)
            out.write(f"      {s.dim('· env ' + keys)}\n")
        out.write(f"      {s.dim('↳ ' + visible(server.why))}\n")
