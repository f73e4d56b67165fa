"""The headless commands. Thin: parse arguments, call hookdash.core, print."""

from hookdash.cli.main import main

__all__ = ["main"]
