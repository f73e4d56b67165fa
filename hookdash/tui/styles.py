"""Where the app's stylesheets are: inside the installed package, or in the source tree.

pyproject force-includes the top-level `styles/` into the wheel as `hookdash/styles`; an
editable install (and a plain checkout) keeps them at the top of the repository.
"""

from __future__ import annotations

from pathlib import Path

import hookdash

STYLESHEETS = (
    "app.tcss",
    "hooks.tcss",
    "problems.tcss",
    "help.tcss",
    "dialogs.tcss",
    "fire.tcss",
    "plan.tcss",
    "trust.tcss",
    "log.tcss",
    "hook_form.tcss",
)


def styles_dir() -> Path:
    package = Path(hookdash.__file__).resolve().parent
    for candidate in (package / "styles", package.parent / "styles"):
        if all((candidate / name).is_file() for name in STYLESHEETS):
            return candidate
    raise FileNotFoundError(f"hookdash's stylesheets ({', '.join(STYLESHEETS)}) are missing")


def stylesheet_paths() -> list[Path]:
    directory = styles_dir()
    return [directory / name for name in STYLESHEETS]
