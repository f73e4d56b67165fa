"""Every Codex CLI hook of a workspace, each with Codex CLI 0.171.0's verdict.

What decides whether a hook runs (tests/codex pins each against the binary):
1. A `config.toml` Codex reads that does not parse, or whose hooks fail its schema: Codex
   has no configuration, no hook runs.
2. `[features] hooks = false` as merged (system, user, then each trusted project folder,
   root first; the last that sets it decides): no hook runs, the user's too.
3. `allow_managed_hooks_only = true` in `requirements.toml`: only system and managed hooks.
4. A project folder the user's config does not trust: Codex does not load its `.codex`.
5. A `hooks.json` refused whole (not strict JSON, an unknown top-level key, a handler that
   fails the schema); a group whose matcher regex does not compile.
6. Trust: a user or project hook runs only when `hooks.state` holds its current hash and
   does not say `enabled = false`. Untrusted and modified hooks are skipped without a word.
Nothing is deduplicated: one command in seven places runs seven times.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hookdash.core.hosts.codex.events import effective_timeout, match_field
from hookdash.core.hosts.codex.files import RawHandler
from hookdash.core.hosts.codex.layers import (
    CodexLayer,
    codex_home,
    codex_layers,
    folder_trusted,
    git_root,
    home_of,
    system_dir,
    trusted_projects,
)
from hookdash.core.hosts.codex.matcher import matcher_error
from hookdash.core.hosts.codex.model import (
    UNTRUSTED_SENTENCE,
    CodexFileInfo,
    CodexHook,
    CodexInactive,
    CodexSnapshot,
    CodexTrust,
)
from hookdash.core.hosts.codex.trust import (
    CodexReview,
    HookStateEntry,
    hashed_fields,
    hook_key,
    hook_states,
    modified_sentence,
    read_reviews,
    trusted_hash,
    what_changed,
)
from hookdash.core.load.command_scripts import CommandScripts, find_scripts
from hookdash.core.load.fingerprints import record_change
from hookdash.core.load.risks import hook_risks
from hookdash.core.model import Unknown
from hookdash.core.records import command_pointer
from hookdash.core.scripts import ScriptInfo

NO_TRUST_SCOPES = ("system", "managed")


@dataclass(frozen=True)
class Switches:
    """What every hook's verdict depends on beside its own file and trust."""

    broken: CodexLayer | None  # a config.toml Codex cannot load
    hooks_off: CodexLayer | None  # the layer whose `[features] hooks = false` decides
    managed_only: CodexLayer | None  # requirements.toml allow_managed_hooks_only = true

    def verdict(self, scope: str) -> tuple[CodexInactive, str] | None:
        if self.broken is not None:
            return (
                "codex-refuses-to-start",
                f"Codex cannot load its configuration: {self.broken.path} does not load "
                f"({self.broken.read.error})",
            )
        if self.hooks_off is not None:
            whose = (
                "this repository switches off every hook, yours too: "
                if self.hooks_off.scope == "project"
                else ""
            )
            return (
                "hooks-disabled",
                f"{whose}[features] hooks = false in {self.hooks_off.path}: no hook runs",
            )
        if self.managed_only is not None and scope not in NO_TRUST_SCOPES:
            return (
                "ignored-layer",
                f"allow_managed_hooks_only = true in {self.managed_only.path}: only system and "
                "managed hooks run",
            )
        return None


def _features_hooks(layer: CodexLayer) -> Any:
    features = layer.value.get("features")
    return features.get("hooks") if isinstance(features, dict) else None


def switches(layers: list[CodexLayer]) -> Switches:
    read = [layer for layer in layers if layer.ignored_reason is None]
    broken = next((layer for layer in read if layer.fatal), None)
    off: CodexLayer | None = None
    for layer in read:
        if layer.read.kind == "toml" and layer.scope != "managed":
            value = _features_hooks(layer)
            if isinstance(value, bool):
                off = None if value else layer
    only = None
    for layer in read:
        if layer.scope == "managed":
            flag = layer.value.get("allow_managed_hooks_only")
            hooks = layer.value.get("hooks")
            if flag is None and isinstance(hooks, dict):
                flag = hooks.get("allow_managed_hooks_only")
            if flag is True:
                only = layer
    return Switches(broken=broken, hooks_off=off, managed_only=only)


def _trust(
    layer: CodexLayer, key: str, current: str, state: Mapping[str, HookStateEntry]
) -> tuple[CodexTrust, HookStateEntry | None]:
    if layer.scope in NO_TRUST_SCOPES:
        return "managed", None
    entry = state.get(key)
    if layer.ignored_reason is not None:
        return "project-untrusted", entry
    if entry is not None and not entry.enabled:
        return "disabled", entry
    if entry is None or entry.trusted_hash is None:
        return "untrusted", entry
    if entry.trusted_hash != current:
        return "modified", entry
    return "trusted", entry


def _modified_detail(review: CodexReview | None, trusted: str | None, now: dict[str, Any]) -> str:
    if review is not None and review.hash == trusted:
        return modified_sentence(what_changed(review.identity, now))
    return modified_sentence(None)


def build_hook(
    layer: CodexLayer,
    raw: RawHandler,
    state: Mapping[str, HookStateEntry],
    reviews: Mapping[str, CodexReview],
    line: int | None,
) -> CodexHook:
    """One handler with its key, hash and trust state (its verdict comes after)."""
    handler = raw.handler
    command = str(handler["command"])
    timeout = effective_timeout(raw.event, handler.get("timeout"))
    status = handler.get("statusMessage")
    identity = hashed_fields(
        raw.event,
        raw.matcher,
        command,
        timeout,
        handler.get("async") is True,
        status if isinstance(status, str) else None,
    )
    current = trusted_hash(identity)
    key = hook_key(str(layer.path), raw.event, raw.group, raw.index)
    trust, entry = _trust(layer, key, current, state)
    detail: str | None = None
    if trust == "untrusted":
        detail = UNTRUSTED_SENTENCE
    elif trust == "modified":
        detail = _modified_detail(reviews.get(key), entry.trusted_hash if entry else None, identity)
    return CodexHook(
        id=command,
        ref=key,
        key=key,
        event=raw.event,
        scope=layer.scope,
        file=str(layer.path),
        pointer=raw.pointer,
        line=line,
        matcher=raw.matcher_written,
        match_field=match_field(raw.event),
        matcher_invalid=matcher_error(raw.matcher),
        command=command,
        timeout=timeout,
        timeout_raw=handler.get("timeout"),
        is_async=handler.get("async") is True,
        status_message=status if isinstance(status, str) else None,
        current_hash=current,
        trusted_hash=entry.trusted_hash if entry is not None else None,
        enabled=entry.enabled if entry is not None else True,
        trust=trust,
        trust_detail=detail,
        folder=str(layer.folder) if layer.folder is not None else None,
    )


def judge(hook: CodexHook, layer: CodexLayer, switch: Switches) -> None:
    reasons: list[tuple[CodexInactive, str]] = []
    verdict = switch.verdict(layer.scope)
    if verdict is not None:
        reasons.append(verdict)
    if layer.ignored_reason is not None:
        reasons.append(("ignored-layer", layer.ignored_reason))
    if hook.matcher_invalid is not None:
        reasons.append(
            (
                "invalid",
                f"its matcher is not a valid regex ({hook.matcher_invalid}): Codex drops the "
                "group, with a warning",
            )
        )
    if hook.trust == "disabled":
        reasons.append(("disabled", "switched off: enabled = false in your hooks.state"))
    elif hook.trust in ("untrusted", "modified"):
        reasons.append((hook.trust, hook.trust_detail or UNTRUSTED_SENTENCE))
    hook.runs = not reasons
    hook.not_running_because = [why for _, why in reasons]
    hook.inactive_reason = reasons[0][0] if reasons else None


def hook_variables(workspace: Path, home: Path, environ: Mapping[str, str]) -> dict[str, str]:
    """What the command sees: Codex's own environment (its PATH finds the programs), in the
    session's folder."""
    return {**environ, "HOME": str(home), "PWD": str(workspace)}


def runs_of(
    command: str, workspace: Path, home: Path, environ: Mapping[str, str]
) -> CommandScripts:
    """Every script the command runs and the program it starts (shared `find_scripts`;
    Codex runs it in the session's folder with its own environment)."""
    return find_scripts(command, workspace, hook_variables(workspace, home, environ))


def unknowns_of(
    command: str, scripts: list[ScriptInfo], workspace: Path, home: Path
) -> list[Unknown] | None:
    """The parts of the command hookdash did not understand (the shared call every host
    makes), or None while hookdash has no such call."""
    try:
        module = importlib.import_module("hookdash.core.load.understood")
    except ImportError:
        return None
    found = module.hook_unknowns(command, scripts, workspace=str(workspace), home=str(home))
    return list(found)


def _apply_reviews(hook: CodexHook, reviews: Mapping[str, CodexReview], home: str) -> None:
    """A hook trusted through hookdash whose scripts changed since: Codex runs it (its
    hash covers the command text only), hookdash says so."""
    review = reviews.get(hook.key)
    if review is None or hook.trust != "trusted" or review.hash != hook.current_hash:
        return

    def display(path: str) -> str:
        return "~" + path[len(home) :] if home and path.startswith(home + "/") else path

    hook.review_detail = record_change(review.scripts, display)


def load_codex(
    workspace: str | Path | None = None, environ: Mapping[str, str] | None = None
) -> CodexSnapshot:
    """The Codex CLI configuration of `workspace` (default: the current directory)."""
    from hookdash.core.hosts.codex.checks import codex_problems

    env = dict(os.environ if environ is None else environ)
    folder = Path(os.path.abspath(workspace if workspace is not None else os.getcwd()))
    home = home_of(env)
    layers = codex_layers(folder, env)
    switch = switches(layers)
    user = next((la for la in layers if la.scope == "user" and la.read.kind == "toml"), None)
    user_value = user.value if user is not None else {}
    state = hook_states(user_value)
    reviews = read_reviews(env).hooks
    hooks: list[CodexHook] = []
    from hookdash.core.hosts.codex.files import line_of

    for layer in layers:
        if not layer.read.usable:
            continue
        for raw in layer.read.handlers:
            at = command_pointer(raw.pointer, raw.handler, ("command",))
            line = line_of(layer.read, at) or line_of(layer.read, raw.pointer)
            hook = build_hook(layer, raw, state, reviews, line)
            judge(hook, layer, switch)
            runs = runs_of(hook.command, folder, home, env)
            hook.scripts, hook.program = list(runs.scripts), runs.program
            hook.risks = hook_risks(
                hook.command, hook.scripts, workspace=str(folder), home=str(home)
            )
            unknowns = unknowns_of(hook.command, hook.scripts, folder, home)
            if unknowns is not None:
                hook.unknowns = unknowns
                hook.understood = not unknowns
            _apply_reviews(hook, reviews, str(home))
            hooks.append(hook)
    levels = trusted_projects(user_value)
    snapshot = CodexSnapshot(
        workspace=str(folder),
        home=str(home),
        codex_home=str(codex_home(env)),
        system_dir=str(system_dir(env)),
        codex_starts=switch.broken is None,
        hooks_enabled=switch.hooks_off is None,
        hooks_switched_off_by=str(switch.hooks_off.path) if switch.hooks_off else None,
        managed_only=switch.managed_only is not None,
        project_trusted=folder_trusted(folder, git_root(folder), levels),
        layers=[layer_info(layer) for layer in layers],
        hooks=hooks,
    )
    snapshot.warnings = codex_warnings(layers)
    groups = dict.fromkeys(
        (h.file, h.matcher, h.matcher_invalid) for h in hooks if h.matcher_invalid is not None
    )
    snapshot.warnings += [
        f'invalid matcher "{matcher}" in {file}: {why}' for file, matcher, why in groups
    ]
    snapshot.problems = codex_problems(snapshot, layers, switch)
    return snapshot


def layer_info(layer: CodexLayer) -> CodexFileInfo:
    return CodexFileInfo(
        scope=layer.scope,
        path=str(layer.path),
        kind=layer.read.kind,
        exists=layer.read.exists,
        loaded=layer.loaded,
        ignored_reason=layer.ignored_reason,
        error=layer.read.error,
        line=layer.read.line,
        column=layer.read.column,
        folder=str(layer.folder) if layer.folder is not None else None,
    )


def codex_warnings(layers: list[CodexLayer]) -> list[str]:
    """What Codex itself warns about (hooks/list's `warnings`), in its words."""
    out: list[str] = []
    by_folder: dict[tuple[str, str | None], list[CodexLayer]] = {}
    for layer in layers:
        if layer.ignored_reason is not None or not layer.read.exists:
            continue
        if layer.read.kind == "json" and layer.read.error is not None:
            out.append(f"failed to parse hooks config {layer.path}: {layer.read.error}")
        by_folder.setdefault((layer.scope, str(layer.folder)), []).append(layer)
    for group in by_folder.values():
        with_hooks = [la for la in group if la.read.usable and la.read.handlers]
        if len(with_hooks) == 2:
            out.append(
                f"loading hooks from both {with_hooks[0].path} and {with_hooks[1].path}; "
                "prefer a single representation for this layer"
            )
    for layer in layers:
        if layer.ignored_reason is not None or not layer.read.usable:
            continue
        for raw, why in layer.read.skipped:
            out.append(f"skipping {raw.handler.get('type')} hook in {layer.path}: {why}")
    return out


def load_codex_if_any(
    workspace: str | Path, environ: Mapping[str, str] | None = None
) -> CodexSnapshot | None:
    """The Codex configuration of `workspace` when Codex has any hook file for it."""
    from hookdash.core.hosts.codex.layers import has_hook_files

    env = dict(os.environ if environ is None else environ)
    if not has_hook_files(Path(os.path.abspath(workspace)), env):
        return None
    return load_codex(workspace, env)
