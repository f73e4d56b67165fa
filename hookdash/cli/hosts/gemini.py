"""Gemini CLI on the command line: the commands hookdash was first written for, in their
own words (`list` with its banners and badges, `trust` with its review, `fire` with its
confirmations). They stay where they were (`cli.listing`, `cli.running`, `cli.edits`,
`cli.authoring`); this names them as Gemini's."""

from __future__ import annotations

from hookdash.cli.authoring import cmd_add, cmd_edit, cmd_hooks, cmd_remove
from hookdash.cli.edits import cmd_disable, cmd_enable, cmd_trust
from hookdash.cli.hosts import CliHost, register_cli
from hookdash.cli.listing import cmd_check, cmd_list
from hookdash.cli.running import cmd_fire, cmd_plan

register_cli(
    CliHost(
        "gemini",
        commands={
            "list": cmd_list,
            "check": cmd_check,
            "plan": cmd_plan,
            "fire": cmd_fire,
            "trust": cmd_trust,
            "disable": cmd_disable,
            "enable": cmd_enable,
            "add": cmd_add,
            "edit": cmd_edit,
            "remove": cmd_remove,
            "hooks": cmd_hooks,
        },
    )
)
