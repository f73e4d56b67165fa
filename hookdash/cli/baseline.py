"""`hookdash baseline`: what changed in your own hooks (every agent's user-level hooks and
the scripts they run) since you last accepted them, with diffs; `hookdash baseline accept`
records what is there now. The first look records the baseline silently, and says so once.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any

from hookdash.cli.output import EXIT_FAILED, EXIT_OK, Style, print_json
from hookdash.core import visible

if TYPE_CHECKING:
    from hookdash.cli.options import Parser, SubParsers
    from hookdash.core import BaselineStatus


def add_baseline_command(sub: SubParsers, common: Parser, with_json: Parser) -> None:
    p = sub.add_parser(
        "baseline",
        parents=[common, with_json],
        help="what changed in your own hooks (every agent's) since you last looked",
        description=(
            "hookdash keeps a baseline of every user-level hook of every coding agent on "
            "this machine and of each script they run. Without ACTION: what appeared, "
            "changed or went since you accepted it, with diffs (exit 1 when anything did). "
            "accept: record what is there now."
        ),
    )
    p.add_argument("action", nargs="?", choices=("accept",), help="record what is there now")
    p.set_defaults(func=cmd_baseline)


def first_look_note(status: BaselineStatus) -> str | None:
    """The one sentence said when the first look records the baseline."""
    if not status.recorded_now or not status.watched:
        return None  # nothing of yours to watch yet: nothing to say
    return (
        "hookdash recorded a baseline of your own hooks, every agent's, and of the scripts "
        f"and plugin files they run ({status.watched} in all): from now on it tells you when "
        "one appears or changes (`hookdash baseline`)."
    )


def cmd_baseline(args: argparse.Namespace) -> int:
    from hookdash.core import (
        accept_baseline,
        agents_home,
        baseline_path,
        baseline_status,
        change_sentence,
        tilde_path,
    )

    environ = dict(os.environ)
    if args.action == "accept":
        status = accept_baseline(environ)
        if getattr(args, "json", False):
            print_json(
                {"accepted": True, "recorded_at": status.recorded_at, "watched": status.watched}
            )
        else:
            print(
                f"Accepted: what your agents run from your home ({status.watched} hooks, "
                f"scripts and plugin files) is the baseline now "
                f"({visible(str(baseline_path(environ)))})."
            )
        return EXIT_OK
    status = baseline_status(environ)
    home = agents_home(environ)
    if getattr(args, "json", False):
        print_json(_json(status, home))
        return EXIT_FAILED if status.changed else EXIT_OK
    s = Style(sys.stdout)
    note = first_look_note(status)
    if note is not None:
        print(note)
        return EXIT_OK
    if status.error is not None:
        print(f"hookdash could not record the baseline: {visible(status.error)}")
        return EXIT_FAILED
    if not status.changes:
        print(
            f"Nothing changed in your own hooks since {status.recorded_at} "
            f"({status.watched} hooks, scripts and plugin files watched)."
        )
        return EXIT_OK
    for change in status.changes:
        mark = s.red("✖") if change.kind != "removed" else s.yellow("!")
        print(f"{mark} {change_sentence(change, home)}")
        for line in change.diff(tilde_path(change.item.file, home)).splitlines():
            shown = visible(line)
            print(
                "    "
                + (
                    s.green(shown)
                    if line.startswith("+")
                    else s.red(shown)
                    if line.startswith("-")
                    else s.dim(shown)
                )
            )
    print(
        f"\n{len(status.changes)} change(s) since {status.recorded_at}. If you made them: "
        "`hookdash baseline accept`."
    )
    return EXIT_FAILED


def _diff_line(line: str, s: Style) -> str:
    shown = visible(line)
    if line.startswith("+") and not line.startswith("+++"):
        return s.green(shown)
    if line.startswith("-") and not line.startswith("---"):
        return s.red(shown)
    return s.dim(shown)


def _json(status: BaselineStatus, home: Any) -> dict[str, Any]:
    from hookdash.core import change_sentence

    return {
        "recorded_now": status.recorded_now,
        "recorded_at": status.recorded_at,
        "watched": status.watched,
        "error": status.error,
        "changes": [
            {
                "kind": c.kind,
                "what": c.item.kind,
                "agent": c.item.agent,
                "file": c.item.file,
                "event": c.item.event,
                "before": c.before.text if c.before is not None else None,
                "after": c.after.text if c.after is not None else None,
                "sentence": change_sentence(c, home),
                "diff": c.diff(),
            }
            for c in status.changes
        ],
    }
