"""How the hooks a switch touched will read once the configuration is loaded again.

The dashboard shows these at once, right after the write, instead of waiting for the
reload, which then confirms them.
"""

from __future__ import annotations

from collections.abc import Iterable

from hookdash.core.edit.edits import EditResult
from hookdash.core.hosts.gemini.layers import MERGE_ORDER
from hookdash.core.hosts.gemini.registry import DISABLED_REASON
from hookdash.core.hosts.gemini.switching.disabled_text import CURRENT, LEGACY, key_name
from hookdash.core.model import Hook

_CURRENT_KEY = key_name(CURRENT)
_LEGACY_KEY = key_name(LEGACY)


_SCOPE_RANK: dict[str, int] = {scope: i for i, scope in enumerate(MERGE_ORDER)}


def _scope_order(scopes: Iterable[str]) -> list[str]:
    return sorted(set(scopes), key=lambda s: _SCOPE_RANK.get(s, len(_SCOPE_RANK)))


def _still_disabled(hook: Hook, disabled_in: list[str], others: list[str]) -> dict[str, object]:
    # Disabled by another scope, or by a read-only one.
    where = ", ".join(disabled_in) or ", ".join(hook.disabled_in) or "settings"
    return {
        "disabled": True,
        "runs": False,
        "duplicate_of": None,
        "not_running_because": [*others, f"{DISABLED_REASON} ({where})"],
        "inactive_reason": hook.inactive_reason or "disabled",
    }


def _enabled(hook: Hook, others: list[str]) -> dict[str, object]:
    runs = hook.will_register and not others
    kept = hook.inactive_reason if hook.inactive_reason != "disabled" else None
    return {
        "disabled": False,
        "runs": runs,
        "not_running_because": [] if runs else others,
        "inactive_reason": None if runs else kept,
    }


def _hook_after(hook: Hook, add: bool, current: set[str], legacy: set[str]) -> Hook:
    """The hook once `current` (hooksConfig.disabled) and `legacy` (hooks.disabled)
    scopes gained (`add`) or lost its entry."""
    if add:
        disabled_in = _scope_order([*hook.disabled_in, *current])
        legacy_in = _scope_order([*hook.legacy_disabled_in, *legacy])
    else:
        disabled_in = [s for s in hook.disabled_in if s not in current]
        legacy_in = [s for s in hook.legacy_disabled_in if s not in legacy]
    update: dict[str, object] = {"disabled_in": disabled_in, "legacy_disabled_in": legacy_in}
    others = [r for r in hook.not_running_because if not r.startswith(DISABLED_REASON)]
    if disabled_in or (hook.disabled and not add and not current):
        update.update(_still_disabled(hook, disabled_in, others))
    else:
        update.update(_enabled(hook, others))
    return hook.model_copy(update=update)


def hooks_after_edit(
    hooks: Iterable[Hook], result: EditResult, folder_trusted: bool
) -> dict[str, Hook]:
    """How the hooks a disable or enable touched will read once the configuration is
    loaded again, by `Hook.ref` (only those whose reading changes).

    A front end shows these at once, right after the write, instead of waiting for the
    reload (which then confirms them, or corrects an approximation: e.g. a hook that
    becomes the first copy of a duplicate). Mirrors the registry: only the user and, in a
    trusted folder, the workspace settings contribute to `hooksConfig.disabled`.
    """
    if result.action not in ("disable", "enable") or not result.changed:
        return {}
    refs = {h.ref for h in result.hooks}

    def scopes(key: str) -> set[str]:
        return {
            c.scope
            for c in result.changes
            if c.key == key and (c.scope != "workspace" or folder_trusted)
        }

    current, legacy = scopes(_CURRENT_KEY), scopes(_LEGACY_KEY)
    out: dict[str, Hook] = {}
    for hook in hooks:
        if hook.ref not in refs:
            continue
        after = _hook_after(hook, result.action == "disable", current, legacy)
        if after != hook:
            out[hook.ref] = after
    return out
