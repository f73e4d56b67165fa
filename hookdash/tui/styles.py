"""Where the app's stylesheets are: inside the installed package, or in the source tree.

pyproject force-includes the top-level `styles/` into the wheel as `hookdash/styles`; an
editable install (and a plain checkout) keeps them at the top of the repository.
"""

from __future__ import annotations

from pathlib import Path

import hookdash

# Rules for the whole app, and for the dialogs (whose `.dialog` classes are shared).
SHARED_STYLESHEETS = ("app.tcss", "dialogs.tcss")
# One file per screen, every rule nested under the screen's type (`HooksScreen { #tree
# {…} }`), so an id or class used on two screens cannot leak from one to the other. All
# are read at start: a screen's CSS read when it is first shown would re-parse the whole
# stylesheet then.
SCREEN_STYLESHEETS = {
    "hooks.tcss": "HooksScreen",
    "problems.tcss": "ProblemsScreen",
    "other_agents.tcss": "OtherAgentsScreen",
    "help.tcss": "HelpScreen",
    "fire.tcss": "FireScreen",
    "plan.tcss": "PlanBase",  # both hosts' plan screens
    "trust.tcss": "TrustScreen",
    "log.tcss": "LogScreen",
    "output.tcss": "OutputScreen",
    "hook_form.tcss": "HookForm",  # both hosts' forms
    "claude_import.tcss": "ClaudeImportScreen",
}
STYLESHEETS = (*SHARED_STYLESHEETS, *SCREEN_STYLESHEETS)


def styles_dir() -> Path:
    package = Path(hookdash.__file__).resolve().parent
    for candidate in (package / "styles", package.parent / "styles"):
        if all((candidate / name).is_file() for name in STYLESHEETS):
            return candidate
    raise FileNotFoundError(f"hookdash's stylesheets ({', '.join(STYLESHEETS)}) are missing")


def stylesheet_paths() -> list[Path]:
    directory = styles_dir()
    return [directory / name for name in STYLESHEETS]
