"""Problems a user wants to hear about, found in a loaded configuration (`hookdash check`).

The rules by topic: hooks (one hook on its own), matchers, scripts, trust (what a reviewer
must look at), keys (one name:command key made by two hooks), project (what a project does
to hooks it did not write: .env, disabled list, switch), disabled (hooksConfig.disabled),
legacy (keys Gemini no longer reads) and settings (what stops every hook); about anchors a
problem at its hook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hookdash.core.load.checks.disabled import _check_disabled_entries
from hookdash.core.load.checks.hooks import _unknown_events, check_hook
from hookdash.core.load.checks.keys import check_keys
from hookdash.core.load.checks.legacy import _check_legacy
from hookdash.core.load.checks.project import REVIEW_CODES, check_project
from hookdash.core.load.checks.settings import _check_global
from hookdash.core.load.checks.trust import (
    _check_risks,
    _check_untrusted_project_hooks,
    check_unknowns,
)
from hookdash.core.load.hidden_problems import hidden_character_problems
from hookdash.core.problems import Problem

if TYPE_CHECKING:
    from hookdash.core.model import Configuration

__all__ = ["REVIEW_CODES", "check_configuration", "check_hook"]


def check_configuration(config: Configuration) -> list[Problem]:
    problems: list[Problem] = []
    snap = config.snapshot
    hooks = snap.hooks
    problems.extend(_unknown_events(hooks))
    for hook in hooks:
        problems.extend(check_hook(hook))
    problems.extend(_check_untrusted_project_hooks(hooks))
    problems.extend(hidden_character_problems(config))
    problems.extend(_check_risks(hooks))
    problems.extend(check_unknowns(hooks))
    problems.extend(check_keys(hooks))
    problems.extend(check_project(config))
    problems.extend(_check_disabled_entries(config))
    problems.extend(_check_legacy(config))
    problems.extend(_check_global(config))
    return problems
