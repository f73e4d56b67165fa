"""hookdash's pure domain, and its front door: the CLI and the dashboard import only this.

Everything headless is built from the subpackages: `gemini` (Gemini CLI's own semantics),
`load` (read a configuration, judge every hook), `run` (payloads, planner, the shared engine,
the run logs) and `edit` (every write). This module names what the two floors above may use;
each name is imported on first use (PEP 562), so a headless command pays only for what it
touches. It never imports Textual (a test enforces it).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hookdash.core.demo import (
        DemoEnvironment as DemoEnvironment,
        create_demo as create_demo,
        nothing_configured as nothing_configured,
    )
    from hookdash.core.edit.disabled_list import (
        DisabledKey as DisabledKey,
        disable_hook as disable_hook,
        enable_hook as enable_hook,
        toggle_hook as toggle_hook,
    )
    from hookdash.core.edit.edits import (
        AmbiguousHookError as AmbiguousHookError,
        EditError as EditError,
        EditResult as EditResult,
    )
    from hookdash.core.edit.fixes import (
        apply_safe_fixes as apply_safe_fixes,
    )
    from hookdash.core.edit.hook_lookup import (
        describe_hook as describe_hook,
        registrable as registrable,
    )
    from hookdash.core.edit.trust_store import (
        TrustPlan as TrustPlan,
        plan_trust as plan_trust,
        trust_hooks as trust_hooks,
        trusted_commands as trusted_commands,
    )
    from hookdash.core.gemini.environment import (
        GeminiEnvironment as GeminiEnvironment,
        resolve_environment as resolve_environment,
    )
    from hookdash.core.gemini.events import (
        EVENTS as EVENTS,
        FIRED_TRIGGERS as FIRED_TRIGGERS,
        TRIGGER_FIELD as TRIGGER_FIELD,
        TRIGGER_VALUES as TRIGGER_VALUES,
        match_kind as match_kind,
    )
    from hookdash.core.gemini.folder_trust import (
        describe as describe,
    )
    from hookdash.core.gemini.matcher import (
        describe_matcher as describe_matcher,
    )
    from hookdash.core.gemini.tools import (
        BUILTIN_TOOLS as BUILTIN_TOOLS,
    )
    from hookdash.core.load.checks import (
        check_configuration as check_configuration,
    )
    from hookdash.core.load.preview import (
        ScriptPreview as ScriptPreview,
        script_preview as script_preview,
    )
    from hookdash.core.load.problems import (
        Problem as Problem,
    )
    from hookdash.core.load.registry import (
        Hook as Hook,
    )
    from hookdash.core.load.snapshot import (
        Configuration as Configuration,
        Snapshot as Snapshot,
        load_configuration as load_configuration,
    )
    from hookdash.core.load.sources import (
        WatchTarget as WatchTarget,
        is_relevant as is_relevant,
        watch_targets as watch_targets,
    )
    from hookdash.core.nesting import (
        json_loads as json_loads,
    )
    from hookdash.core.run.engine import (
        EngineError as EngineError,
        FireInterrupted as FireInterrupted,
        FireResult as FireResult,
        UnknownEvent as UnknownEvent,
        build_payload as build_payload,
        check_event as check_event,
        confirmations_needed as confirmations_needed,
        default_match_values as default_match_values,
        fire as fire,
        fire_sync as fire_sync,
        plan as plan,
        select_hook as select_hook,
    )
    from hookdash.core.run.logfeed import (
        LogFeed as LogFeed,
        Outcome as Outcome,
        RunLike as RunLike,
        is_run_of as is_run_of,
        outcome_of as outcome_of,
    )
    from hookdash.core.run.payloads import (
        context_of as context_of,
        merge_input as merge_input,
        payload_problems as payload_problems,
    )
    from hookdash.core.run.planner import (
        Plan as Plan,
        plan_event as plan_event,
    )
    from hookdash.core.run.runlog import (
        RUNLOG_NAME as RUNLOG_NAME,
        LogUnreadableError as LogUnreadableError,
        RunRecord as RunRecord,
    )
    from hookdash.core.run.runner import (
        HookRunResult as HookRunResult,
    )
    from hookdash.core.state import (
        state_dir as state_dir,
    )
    from hookdash.core.status import (
        BADGE_MEANINGS as BADGE_MEANINGS,
        GEMINI_SOURCE_NOTE as GEMINI_SOURCE_NOTE,
        QUIRKS as QUIRKS,
        BadgeKind as BadgeKind,
        banner_lines as banner_lines,
        banner_problems as banner_problems,
        count_hooks as count_hooks,
        describe_event as describe_event,
        describe_execution as describe_execution,
        describe_trust as describe_trust,
        hook_badges as hook_badges,
        hook_for_problem as hook_for_problem,
        hook_matches as hook_matches,
        hook_notes as hook_notes,
        hooks_after_edit as hooks_after_edit,
        problem_location as problem_location,
        state_badge as state_badge,
        untrusted_project_hooks as untrusted_project_hooks,
    )

# name -> the module that defines it; kept equal to the imports above by a test.
_EXPORTS: dict[str, str] = {
    "AmbiguousHookError": "hookdash.core.edit.edits",
    "apply_safe_fixes": "hookdash.core.edit.fixes",
    "BADGE_MEANINGS": "hookdash.core.status",
    "BadgeKind": "hookdash.core.status",
    "banner_lines": "hookdash.core.status",
    "banner_problems": "hookdash.core.status",
    "build_payload": "hookdash.core.run.engine",
    "BUILTIN_TOOLS": "hookdash.core.gemini.tools",
    "check_configuration": "hookdash.core.load.checks",
    "check_event": "hookdash.core.run.engine",
    "Configuration": "hookdash.core.load.snapshot",
    "confirmations_needed": "hookdash.core.run.engine",
    "context_of": "hookdash.core.run.payloads",
    "count_hooks": "hookdash.core.status",
    "create_demo": "hookdash.core.demo",
    "default_match_values": "hookdash.core.run.engine",
    "DemoEnvironment": "hookdash.core.demo",
    "describe": "hookdash.core.gemini.folder_trust",
    "describe_event": "hookdash.core.status",
    "describe_execution": "hookdash.core.status",
    "describe_hook": "hookdash.core.edit.hook_lookup",
    "describe_matcher": "hookdash.core.gemini.matcher",
    "describe_trust": "hookdash.core.status",
    "disable_hook": "hookdash.core.edit.disabled_list",
    "DisabledKey": "hookdash.core.edit.disabled_list",
    "EditError": "hookdash.core.edit.edits",
    "EditResult": "hookdash.core.edit.edits",
    "enable_hook": "hookdash.core.edit.disabled_list",
    "EngineError": "hookdash.core.run.engine",
    "EVENTS": "hookdash.core.gemini.events",
    "fire": "hookdash.core.run.engine",
    "fire_sync": "hookdash.core.run.engine",
    "FIRED_TRIGGERS": "hookdash.core.gemini.events",
    "FireInterrupted": "hookdash.core.run.engine",
    "FireResult": "hookdash.core.run.engine",
    "GEMINI_SOURCE_NOTE": "hookdash.core.status",
    "GeminiEnvironment": "hookdash.core.gemini.environment",
    "Hook": "hookdash.core.load.registry",
    "hook_badges": "hookdash.core.status",
    "hook_for_problem": "hookdash.core.status",
    "hook_matches": "hookdash.core.status",
    "hook_notes": "hookdash.core.status",
    "HookRunResult": "hookdash.core.run.runner",
    "hooks_after_edit": "hookdash.core.status",
    "is_relevant": "hookdash.core.load.sources",
    "is_run_of": "hookdash.core.run.logfeed",
    "load_configuration": "hookdash.core.load.snapshot",
    "LogFeed": "hookdash.core.run.logfeed",
    "match_kind": "hookdash.core.gemini.events",
    "merge_input": "hookdash.core.run.payloads",
    "nothing_configured": "hookdash.core.demo",
    "Outcome": "hookdash.core.run.logfeed",
    "outcome_of": "hookdash.core.run.logfeed",
    "payload_problems": "hookdash.core.run.payloads",
    "plan": "hookdash.core.run.engine",
    "Plan": "hookdash.core.run.planner",
    "plan_event": "hookdash.core.run.planner",
    "plan_trust": "hookdash.core.edit.trust_store",
    "Problem": "hookdash.core.load.problems",
    "problem_location": "hookdash.core.status",
    "QUIRKS": "hookdash.core.status",
    "registrable": "hookdash.core.edit.hook_lookup",
    "resolve_environment": "hookdash.core.gemini.environment",
    "RunLike": "hookdash.core.run.logfeed",
    "RUNLOG_NAME": "hookdash.core.run.runlog",
    "LogUnreadableError": "hookdash.core.run.runlog",
    "json_loads": "hookdash.core.nesting",
    "RunRecord": "hookdash.core.run.runlog",
    "script_preview": "hookdash.core.load.preview",
    "ScriptPreview": "hookdash.core.load.preview",
    "select_hook": "hookdash.core.run.engine",
    "Snapshot": "hookdash.core.load.snapshot",
    "state_badge": "hookdash.core.status",
    "state_dir": "hookdash.core.state",
    "toggle_hook": "hookdash.core.edit.disabled_list",
    "TRIGGER_FIELD": "hookdash.core.gemini.events",
    "TRIGGER_VALUES": "hookdash.core.gemini.events",
    "trust_hooks": "hookdash.core.edit.trust_store",
    "trusted_commands": "hookdash.core.edit.trust_store",
    "TrustPlan": "hookdash.core.edit.trust_store",
    "UnknownEvent": "hookdash.core.run.engine",
    "untrusted_project_hooks": "hookdash.core.status",
    "watch_targets": "hookdash.core.load.sources",
    "WatchTarget": "hookdash.core.load.sources",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return __all__
