"""The headless commands. Thin: parse arguments, call hookdash.core, print."""

from hookdash.cli.main import main, run

__all__ = ["main", "run"]
