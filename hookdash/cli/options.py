"""What several commands' parsers share: the parser class, the hook argument, `--scope`
and `--yes`, so each reads and behaves the same in every command."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NoReturn

from hookdash.cli.output import EXIT_USAGE


class Parser(argparse.ArgumentParser):
    """A usage error exits with EXIT_USAGE (2), after the usage line."""

    _declaring = False

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"hookdash: error: {message}\n")

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        with self._unsized():
            return super().add_argument(*args, **kwargs)

    def add_subparsers(self, **kwargs: Any) -> Any:
        with self._unsized():
            return super().add_subparsers(**kwargs)

    @contextlib.contextmanager
    def _unsized(self) -> Iterator[None]:
        """argparse makes a help formatter for every argument declared (to check its
        metavar) and for the commands' `prog`; one sized to the terminal imports shutil
        (and the compression modules with it), some 3 ms of every command's start. Those
        are given a width no usage line reaches; the help printed is still sized to the
        terminal."""
        self._declaring = True
        try:
            yield
        finally:
            self._declaring = False

    def _get_formatter(self) -> argparse.HelpFormatter:
        if self._declaring:
            return argparse.HelpFormatter(prog=self.prog, width=100_000)
        return super()._get_formatter()


if TYPE_CHECKING:
    from typing import TypeAlias

    SubParsers: TypeAlias = argparse._SubParsersAction[Parser]


def add_hook_id(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "id", metavar="ID", help="the hook's name (or command if unnamed), or its ref"
    )


def add_scope(
    parser: argparse.ArgumentParser, default: str, verb: str = "write", claude: bool = False
) -> None:
    """`--scope`; with `claude`, also Claude Code's project and local files (`--host
    claude`: user, project or local)."""
    more = ("project", "local") if claude else ()
    parser.add_argument(
        "--scope",
        choices=("user", "workspace", *more),
        default=default,
        help=f"whose settings file to {verb} (default: {default})"
        + ("; with --host claude: user, project or local" if claude else ""),
    )


def claude_scope_only(args: argparse.Namespace) -> None:
    """A Claude Code scope given to a Gemini CLI command: a usage error."""
    if getattr(args, "scope", None) in ("project", "local"):
        from hookdash.cli.output import CliError

        raise CliError(
            f"--scope {args.scope} names a Claude Code file (with --host claude); Gemini "
            "CLI's scopes are user and workspace.",
            EXIT_USAGE,
        )


def add_yes(parser: argparse.ArgumentParser, help: str = "do it without asking") -> None:
    parser.add_argument("--yes", action="store_true", help=help)
