"""Recording trust of project hooks: Gemini's `trusted_hooks.json`, plus fingerprints.

`trust_hooks` does what Gemini CLI does after its start-up warning, and nothing more:
under the key `path.resolve(cwd)` (the workspace as Gemini resolves it) it adds the
`name:command` key of the workspace file's hooks (command after `$VAR` expansion),
keeping every existing entry first, and saves the file as `JSON.stringify(obj, null, 2)`
without a trailing newline. Gemini then does not warn about those hooks again.
Unlike Gemini — which silently treats an unparseable file as empty and overwrites it —
hookdash refuses to touch a `trusted_hooks.json` it cannot parse, so no entry is lost.

It also records a fingerprint of each script those hooks run (`fingerprints`), and keeps a
copy of it (`script_copies`), so a later edit of a trusted script shows the hook as
`changed`, with a diff: the gap Gemini's check leaves open. `hooks_to_trust` turns the IDs
a user gives (`hookdash trust ID ...`) into the project hooks they name.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from hookdash.core import nesting
from hookdash.core.disk.atomic import update_file
from hookdash.core.edit.editor.settings_file import check_readable
from hookdash.core.edit.edits import Change, EditResult
from hookdash.core.errors import (
    EditError,
    TrustStoreUnreadableError,
    WorkspaceIsHomeError,
)
from hookdash.core.hosts.gemini.events import EVENTS
from hookdash.core.hosts.gemini.hook_trust import dumps_store, trusted_keys, with_trusted
from hookdash.core.hosts.gemini.jsvalues import utf8
from hookdash.core.hosts.gemini.trust import trust_seen
from hookdash.core.load import fingerprints
from hookdash.core.load.checks.project import REVIEW_CODES
from hookdash.core.load.lookup import describe_hook, find_hooks
from hookdash.core.load.script_copies import COPY_CAP, ScriptDiff
from hookdash.core.model import Hook
from hookdash.core.problems import Problem

if TYPE_CHECKING:
    from hookdash.core.hosts.gemini.environment import GeminiEnvironment
    from hookdash.core.model import Configuration


class TrustPlan(BaseModel):
    """What `trust` would do: the hooks to trust and the trusted hooks to start watching."""

    project_root: str
    trust: list[Hook]  # new or changed project hooks
    # Already trusted (by Gemini) but hookdash has no record yet: recording their scripts,
    # env and name makes a later edit of any of them show as CHANGED.
    watch: list[Hook]
    # What the project does beyond its hooks' commands, for the reviewer to read first: a
    # .env that changes how every hook starts, your hooks it switches off, two hooks with
    # one key (core.load.checks.project.REVIEW_CODES).
    findings: list[Problem] = []

    @property
    def empty(self) -> bool:
        return not self.trust and not self.watch


def _check_workspace(config: Configuration) -> None:
    env = config.env
    if env.workspace_is_home:
        raise WorkspaceIsHomeError(
            "The workspace is your home directory: Gemini CLI reads "
            f"{env.display(env.user_settings_path)} as user settings only and never checks "
            "its hooks against trusted_hooks.json, so there is nothing to trust here."
        )
    check_readable(config, "workspace", "which hooks to trust")


def _project_hooks(config: Configuration) -> dict[str, Any]:
    """What Gemini walks: the workspace file's `hooks`, expanded and validated.

    A file that validates is Zod's output, which puts the schema's event keys first (in
    schema order) and other keys after them; that order is the order of the keys Gemini
    appends to trusted_hooks.json. A file that fails validation is used as written.
    (hookdash validates only the hook-related settings, as `layers` explains.)
    """
    layer = config.layers["workspace"]
    hooks = layer.settings.get("hooks") if layer.parsed else None
    if not isinstance(hooks, dict):
        return {}
    if any(p.code == "settings-invalid" for p in layer.problems):
        return hooks
    ordered = {event: hooks[event] for event in EVENTS if event in hooks}
    ordered.update((k, v) for k, v in hooks.items() if k not in ordered)
    return ordered


def _workspace_hooks(config: Configuration) -> list[Hook]:
    return [h for h in config.hooks if h.scope == "workspace" and h.trust != "not-applicable"]


def plan_trust(config: Configuration, hooks: Sequence[Hook] | None = None) -> TrustPlan:
    """The project hooks `trust_hooks(config, hooks)` would trust, and those it would start
    watching (all of the project's, or only among `hooks`); raises WorkspaceIsHomeError or
    SettingsParseError when it cannot."""
    _check_workspace(config)
    env = config.env
    if hooks is None:
        hooks = _workspace_hooks(config)
    state = fingerprints.read_state(env).projects.get(env.project_root, {})
    return TrustPlan(
        project_root=env.project_root,
        trust=[h for h in hooks if h.trust in ("new", "changed")],
        watch=[h for h in hooks if h.trust == "trusted" and h.key not in state],
        findings=[p for p in config.snapshot.problems if p.code in REVIEW_CODES],
    )


def hooks_to_trust(config: Configuration, ids: Sequence[str]) -> list[Hook]:
    """The project hooks that IDs name, as the other commands take them (a name, a command,
    or a ref); raises HookNotFound or AmbiguousHook for an ID that names no hook
    or several, and EditError for one that names no project hook."""
    _check_workspace(config)
    chosen: dict[str, Hook] = {}
    for arg in ids:
        lookup = find_hooks(config, arg)
        if lookup.matched_by == "ref":
            named = [h for h in config.hooks if h.ref == arg]
        else:
            named = lookup.hooks
        project = [h for h in named if h.scope == "workspace"]
        if not project:
            where = "; ".join(describe_hook(h) for h in named) or arg
            raise EditError(
                f"'{arg}' is not a project hook ({where}): Gemini CLI checks only the hooks "
                f"of the workspace settings file, "
                f"{config.env.display(config.env.workspace_settings_path)}, against "
                "trusted_hooks.json, so there is nothing to trust."
            )
        runtime = [h for h in project if h.trust == "not-applicable"]
        if len(runtime) == len(project):
            raise EditError(
                f"{describe_hook(runtime[0])} is a runtime hook: Gemini CLI never asks to "
                "trust those, so there is nothing to record."
            )
        for hook in project:
            if hook.trust != "not-applicable":
                chosen.setdefault(hook.ref, hook)
    return list(chosen.values())


def changed_script(config: Configuration, hook: Hook) -> ScriptDiff | None:
    """For a hook CHANGED because its script changed: the diff against the copy kept when
    it was trusted (or why there is none). None for any other hook."""
    if hook.trust != "changed":
        return None
    return fingerprints.script_diff(config.env, hook)


def _load_store(data: bytes | None, shown: str) -> dict[str, Any]:
    if data is None:
        return {}
    try:
        store = nesting.json_loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        where = f" (line {exc.lineno})" if isinstance(exc, json.JSONDecodeError) else ""
        raise TrustStoreUnreadableError(
            f"{shown} is not valid JSON{where}; Gemini CLI would silently replace it and lose "
            "its entries, so hookdash refuses to write it — fix or delete it first.",
            path=shown,
        ) from None
    if not isinstance(store, dict):
        raise TrustStoreUnreadableError(
            f"{shown} is not a JSON object; hookdash refuses to overwrite it — fix or delete it.",
            path=shown,
        )
    return store


@dataclass
class _Selection:
    """The hooks one `trust_hooks` call trusts, and the scripts it fingerprints."""

    keys: list[str]  # the `name:command` keys to record, in Gemini's order
    hooks: list[Hook]  # the project hooks chosen
    to_fingerprint: list[Hook]
    all_of_them: bool  # every project hook (Gemini's own behaviour), not a chosen few


def _selection(config: Configuration, hooks: Sequence[Hook] | None, plan: TrustPlan) -> _Selection:
    if hooks is None:
        selected = _workspace_hooks(config)
        watch = {h.ref for h in plan.watch}
        return _Selection(
            keys=trusted_keys(_project_hooks(config)),
            hooks=selected,
            to_fingerprint=[h for h in selected if h.trust != "trusted" or h.ref in watch],
            all_of_them=True,
        )
    foreign = [h for h in hooks if h.scope != "workspace"]
    if foreign:
        raise EditError(
            f"{describe_hook(foreign[0])} is not a project hook: Gemini CLI checks only "
            "the workspace settings file's hooks against trusted_hooks.json."
        )
    return _Selection([h.key for h in hooks], list(hooks), list(hooks), all_of_them=False)


def _record_keys(env: GeminiEnvironment, keys: list[str]) -> list[Change]:
    """Add `keys` under the project's root in trusted_hooks.json as Gemini does; the
    change (none when every key was there already)."""
    root, shown = env.project_root, env.display(env.trusted_hooks_path)
    lists: list[list[Any] | None] = []  # the project's entry before, then after

    def compute(data: bytes | None) -> bytes | None:
        store = _load_store(data, shown)
        existing = store.get(root)
        if existing is not None and not isinstance(existing, list):
            raise TrustStoreUnreadableError(
                f"The entry for {root} in {shown} is not a list; hookdash refuses to "
                "overwrite it — fix or delete it.",
                path=shown,
            )
        after = with_trusted(existing or [], keys)
        lists[:] = [None if existing is None else list(existing), after]
        if existing is not None and after == existing:
            return None
        store[root] = after
        # utf8: a lone surrogate in a key is written as the escape JSON.stringify writes.
        return utf8(dumps_store(store))

    if update_file(env.trusted_hooks_path, compute).after is None:
        return []
    before, after = lists
    added = [k for k in after or [] if k not in (before or [])]
    return [
        Change(
            file=str(env.trusted_hooks_path),
            scope="trusted-hooks",
            key=root,
            action="add",
            value=added,
            before=before,
            after=after,
        )
    ]


def _record_fingerprints(
    env: GeminiEnvironment,
    hooks: list[Hook],
    changes: list[Change],
    shown: trust_seen.Seen | None = None,
) -> list[str]:
    """Fingerprint (and copy) the scripts `hooks` run, which must be the bytes `shown`
    (when a question showed them); `changes` gets the state written. The keys of the
    hooks recorded."""
    try:
        state_outcome, recorded = fingerprints.record(
            env, hooks, trust_seen.expected_scripts(shown)
        )
    except EditError as exc:
        exc.applied = changes
        raise
    if recorded:
        scripts = {p for h in hooks if h.key in recorded for p in fingerprints.scripts_of(h)}
        changes.append(
            Change(
                file=str(state_outcome.path),
                scope="hookdash-state",
                key=env.project_root,
                action="record",
                value=sorted(scripts),
                note="fingerprints of the scripts these hooks run",
            )
        )
    return recorded


def _trust_notes(
    config: Configuration, chosen: _Selection, plan: TrustPlan, recorded: list[str]
) -> list[str]:
    env = config.env
    notes = [
        f"{env.display(big.label)} is {big.size or 0:,} bytes, more than the "
        f"{COPY_CAP // 1024} KiB hookdash keeps a copy of: only its hash is kept, so a "
        "later change shows as CHANGED without a diff."
        for big in fingerprints.uncopied(env, recorded)
    ]
    if not chosen.all_of_them:
        refs = {h.ref for h in chosen.hooks}
        left = [h for h in plan.trust if h.ref not in refs]
        if left:
            notes.append(
                f"{len(left)} other project hook(s) are still not trusted; Gemini CLI will warn "
                "about them at its next start (and then trust them itself)."
            )
    if not config.snapshot.folder_trust.trusted:
        notes.append(
            "The folder itself is not trusted, so Gemini CLI ignores these hooks until you "
            "trust it (hookdash does not change folder trust)."
        )
    return notes


def _trust_message(
    env: GeminiEnvironment, chosen: _Selection, names: list[str], changed: bool
) -> str:
    project = env.display(env.project_root)
    if names:
        return (
            f"Trusted {len(names)} project hook(s) of {project}: {', '.join(names)}. "
            "Gemini CLI will not warn about them again."
        )
    if not chosen.all_of_them:
        ids = ", ".join(dict.fromkeys(h.id for h in chosen.hooks))
        return f"Already trusted: {ids}; " + (
            "hookdash now watches their scripts for changes." if changed else "nothing changed."
        )
    if changed:
        return (
            f"Every project hook of {project} was already trusted; hookdash now "
            "watches their scripts for changes."
        )
    return f"Every project hook of {project} is already trusted; nothing changed."


def trust_hooks(
    config: Configuration,
    hooks: Sequence[Hook] | None = None,
    *,
    shown: trust_seen.Seen | None = None,
) -> EditResult:
    """Record project hooks as trusted, as Gemini does after its warning.

    `hooks=None` trusts every hook of the workspace file (Gemini's own behaviour) and
    fingerprints the scripts of all of them; a list trusts only those (workspace hooks).
    `shown`: what the question the user answered showed (`trust_seen.seen_now`); when any of
    it changed since, TrustChangedError is raised and nothing is written.
    """
    _check_workspace(config)
    if shown is not None:
        trust_seen.check_unchanged(config, shown)
    env = config.env
    plan = plan_trust(config)
    chosen = _selection(config, hooks, plan)
    if not chosen.keys:
        return EditResult(
            action="trust",
            changed=False,
            message=f"No project hooks in {env.display(env.workspace_settings_path)}; nothing "
            "to trust.",
        )
    changes = _record_keys(env, chosen.keys)
    recorded = _record_fingerprints(env, chosen.to_fingerprint, changes, shown)
    trusted_now = [h for h in chosen.hooks if h.trust != "trusted"]
    names = list(dict.fromkeys(h.id for h in trusted_now))
    return EditResult(
        action="trust",
        changed=bool(changes),
        message=_trust_message(env, chosen, names, bool(changes)),
        changes=changes,
        hooks=[h.as_ref() for h in trusted_now],
        notes=_trust_notes(config, chosen, plan, recorded),
    )


def trusted_commands(config: Configuration, hook: Hook) -> list[str]:
    """The other commands trusted_hooks.json records under a hook's name for this project:
    what a hook that is CHANGED because its command changed used to run."""
    if not hook.name:
        return []
    prefix = hook.name + ":"
    keys = config.trust_store.get(config.env.project_root, [])
    return [k[len(prefix) :] for k in keys if k.startswith(prefix) and k != hook.key]
