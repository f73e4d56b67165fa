"""The `hookdash` console script: parse, dispatch, turn expected failures into one line."""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from hookdash.cli.output import EXIT_FAILED, EXIT_OK, CliError, guarded_output, safe_streams

# hookdash allocates in bursts of small objects that live until the command ends (2,000
# hooks are some 200,000 dicts, lists, strings and models). At CPython's default
# thresholds (700, 10, 10) the cyclic collector made about 130 passes over them during
# `list --json`, a sixth of its time, and freed nothing. At 100,000 it still made one,
# over everything imported and loaded so far (some 120,000 objects): 60 to 70 ms of a
# 2,000-hook `list --json`, to free the import's leftovers a command that ends soon need
# not free. The youngest generation is collected every million allocations instead: a
# command on a very large input still collects. (The dashboard, which runs for days and
# must answer keys at once, sets its own once it is up: tui.app.)
COLLECTOR_THRESHOLDS = (1_000_000, 20, 20)
# The commands that only read, whose output is kept and printed again while nothing they
# read changes (cli.replayed).
REPLAYED_COMMANDS = frozenset({"list", "check"})


def run() -> NoReturn:
    """The `hookdash` process (console script and `python -m hookdash`): `main` with the
    collector tuned for it. Tests call `main` and keep their own process's settings."""
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    code = main(keep=True)
    # At exit the interpreter runs one last full collection over every object still
    # alive (modules, classes, pydantic's schemas): 20 ms after a `list --json`. Nothing
    # is left to free that way, so leave them all out of it.
    gc.freeze()
    sys.exit(code)


def main(argv: Sequence[str] | None = None, keep: bool = False) -> int:
    """hookdash with `argv` (else the process's); `keep`: read-only commands keep their
    output and print it again while nothing they read changes (cli.replayed), which only
    the console script's own process asks for."""
    safe_streams()  # before the guard wraps the streams
    with guarded_output():
        return _main(argv, keep)


def _main(argv: Sequence[str] | None, keep: bool) -> int:
    if list(sys.argv[1:] if argv is None else argv) == ["--version"]:
        # The one answer that needs no parser: building it (argparse, its help formatter
        # and through that shutil and the compression modules) was a quarter of
        # `--version`. tests/cli/test_start_up.py holds it to what the parser prints.
        from hookdash import version_line

        print(version_line())
        return EXIT_OK
    from hookdash.cli.parser import build_parser

    parser = build_parser()
    args = parser.parse_args(argv)  # `--version`, `--help` and a usage error end here
    from hookdash.core import HookdashError, visible

    for name, default in (("workspace", None), ("json", False), ("host", None)):
        if not hasattr(args, name):
            setattr(args, name, default)
    try:
        if args.command is None:
            from hookdash.cli.dashboard import cmd_dashboard

            return cmd_dashboard(args)
        from hookdash.cli.hosts import command_for

        command = command_for(args, args.func)
        if keep and args.command in REPLAYED_COMMANDS:
            from hookdash.cli.replayed import replayed

            return replayed(args, command)
        result: int = command(args)
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
