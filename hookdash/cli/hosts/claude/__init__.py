"""Claude Code on the command line: its own text for `list`, `check`, `plan`, `fire` and
`trust` (`commands`), its writes (`writes`: parking, authoring, the global switch), and its
part of `list` without `--host`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hookdash.cli.hosts import CliHost, register_cli
from hookdash.cli.hosts.claude import commands, writes

if TYPE_CHECKING:
    from hookdash.cli.output import Style
    from hookdash.core import HostSnapshot


def _write_list(snap: HostSnapshot, s: Style) -> None:
    commands.write_claude_list(snap, s)


register_cli(
    CliHost(
        "claude",
        commands={
            "list": commands.cmd_list_claude,
            "plan": commands.cmd_plan_claude,
            "fire": commands.cmd_fire_claude,
            "trust": commands.cmd_trust_claude,
            "disable": writes.cmd_disable_claude,
            "enable": writes.cmd_enable_claude,
            "add": writes.cmd_add_claude,
            "edit": writes.cmd_edit_claude,
            "remove": writes.cmd_remove_claude,
            "hooks": writes.cmd_hooks_claude,
        },
        write_list=_write_list,
    )
)
