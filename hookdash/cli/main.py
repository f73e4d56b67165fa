"""The `hookdash` console script: parse, dispatch, turn expected failures into one line."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence

from hookdash.cli.dashboard import cmd_dashboard
from hookdash.cli.output import EXIT_FAILED, EXIT_OK, CliError, guarded_output, safe_streams
from hookdash.cli.parser import build_parser


def main(argv: Sequence[str] | None = None) -> int:
    safe_streams()  # before the guard wraps the streams
    with guarded_output():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    from hookdash.core import HookdashError, visible

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
        _say(f"hookdash: {exc}")
        return exc.code
    except HookdashError as exc:  # an expected failure no command turned into a CliError
        _say(f"hookdash: {visible(exc.message)}")
        return EXIT_FAILED
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # the last resort: one line, never a traceback
        if os.environ.get("HOOKDASH_DEBUG"):
            raise
        _say(
            f"hookdash: internal error ({type(exc).__name__}: {exc}); this is a bug in "
            "hookdash, please report it (HOOKDASH_DEBUG=1 shows the traceback)"
        )
        return EXIT_FAILED


def _say(line: str) -> None:
    # stderr may be gone (a closed terminal): the exit code still tells.
    with contextlib.suppress(OSError):
        print(line, file=sys.stderr)
