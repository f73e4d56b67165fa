"""What every command starts from: the environment and the loaded configuration."""

from __future__ import annotations

import argparse
import os
from typing import Any

from hookdash.cli.output import CliError

# --------------------------------------------------------------------------- loading


def environment(args: argparse.Namespace) -> Any:
    from hookdash.core import resolve_environment

    workspace = getattr(args, "workspace", None)
    if workspace is not None and not os.path.isdir(workspace):
        raise CliError(f"workspace {workspace!r} is not a directory")
    return resolve_environment(workspace)


def configuration(args: argparse.Namespace, focus: str | None = None, suggest: bool = False) -> Any:
    """The configuration (`focus`, `suggest`: for one edit of the hook that argument
    names, see `load_configuration`)."""
    from hookdash.core import load_configuration

    return load_configuration(environment(args), focus=focus, suggest=suggest)
