"""The `hookdash` console script: parse, dispatch, turn expected failures into one line."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from hookdash.cli.dashboard import cmd_dashboard
from hookdash.cli.output import EXIT_OK, CliError, guarded_output
from hookdash.cli.parser import build_parser


def main(argv: Sequence[str] | None = None) -> int:
    with guarded_output():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    for name, default in (("workspace", None), ("json", False)):
        if not hasattr(args, name):
            setattr(args, name, default)
    try:
        if args.command is None:
            return cmd_dashboard(args)
        result: int = args.func(args)
        return result
    except CliError as exc:
        print(f"hookdash: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
