"""hookdash's pure domain, and its front door: the CLI and the dashboard import only this.

`load_configuration(env)` reads a configuration as Gemini CLI would, judged with what
hookdash remembers. Everything headless is built from the subpackages: `gemini` (Gemini
CLI's own semantics), `load` (read a configuration, judge every hook), `run` (payloads,
planner, the shared engine, the run logs) and `edit` (every write). This module names
what the two floors above may use; each name is imported on first use (PEP 562), so a
headless command pays only for what it touches. It never imports Textual (a test enforces it).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hookdash.core.demo import (
        DemoEnvironment as DemoEnvironment,
        create_demo as create_demo,
    )
    from hookdash.core.display import (
        HiddenCharacter as HiddenCharacter,
        hidden_characters as hidden_characters,
        json_text as json_text,
        shorten as shorten,
        visible as visible,
    )
    from hookdash.core.edit.authoring import (
        add_hook as add_hook,
        edit_hook as edit_hook,
        remove_hook as remove_hook,
    )
    from hookdash.core.edit.claude_import import (
        ImportResult as ImportResult,
        import_claude as import_claude,
    )
    from hookdash.core.edit.claude_settings import (
        ClaudeSource as ClaudeSource,
        claude_sources as claude_sources,
    )
    from hookdash.core.edit.disabled_list import (
        disable_hook as disable_hook,
        enable_hook as enable_hook,
        toggle_hook as toggle_hook,
    )
    from hookdash.core.edit.disabled_text import DisabledKey as DisabledKey
    from hookdash.core.edit.draft_review import (
        DraftReview as DraftReview,
        changes_between as changes_between,
        draft_of as draft_of,
        review_draft as review_draft,
        save_draft as save_draft,
    )
    from hookdash.core.edit.edits import (
        AuthoringResult as AuthoringResult,
        Change as Change,
        EditResult as EditResult,
    )
    from hookdash.core.edit.fixes import (
        FIXABLE as FIXABLE,
        apply_safe_fixes as apply_safe_fixes,
    )
    from hookdash.core.edit.hook_draft import (
        HookDraft as HookDraft,
        InvalidHookError as InvalidHookError,
        draft_hook as draft_hook,
        draft_warnings as draft_warnings,
        validate_draft as validate_draft,
    )
    from hookdash.core.edit.hook_edit import (
        HookChanges as HookChanges,
    )
    from hookdash.core.edit.hook_target import (
        resolve_hook as resolve_hook,
    )
    from hookdash.core.edit.hooks_switch import (
        switch_hooks as switch_hooks,
        switch_scope as switch_scope,
    )
    from hookdash.core.edit.predicted import (
        hooks_after_edit as hooks_after_edit,
    )
    from hookdash.core.edit.trust_seen import (
        Seen as Seen,
        seen_now as seen_now,
    )
    from hookdash.core.edit.trust_store import (
        TrustPlan as TrustPlan,
        changed_script as changed_script,
        hooks_to_trust as hooks_to_trust,
        plan_trust as plan_trust,
        trust_hooks as trust_hooks,
        trusted_commands as trusted_commands,
    )
    from hookdash.core.edit.undo import (
        UndoEntry as UndoEntry,
        UndoResult as UndoResult,
        undo as undo,
        undo_entry as undo_entry,
    )
    from hookdash.core.edit.write_journal import (
        recording_writes as recording_writes,
    )
    from hookdash.core.errors import (
        AmbiguousHook as AmbiguousHook,
        EditError as EditError,
        EngineError as EngineError,
        FireInterrupted as FireInterrupted,
        HookdashError as HookdashError,
        HookNotFound as HookNotFound,
        LogUnreadableError as LogUnreadableError,
        TrustChangedError as TrustChangedError,
        UndoRefused as UndoRefused,
        UnknownEvent as UnknownEvent,
    )
    from hookdash.core.hosts.claude import (
        CLAUDE_EVENTS as CLAUDE_EVENTS,
        AnyHook as AnyHook,
        ClaudeHook as ClaudeHook,
        ClaudeSnapshot as ClaudeSnapshot,
        claude_event_problem as claude_event_problem,
        claude_plan as claude_plan,
        load_claude as load_claude,
        load_claude_if_any as load_claude_if_any,
        with_claude as with_claude,
    )
    from hookdash.core.hosts.claude.present import (
        claude_match_sentence as claude_match_sentence,
        claude_no_ask_line as claude_no_ask_line,
        claude_review_sentence as claude_review_sentence,
    )
    from hookdash.core.hosts.gemini.environment import (
        GeminiEnvironment as GeminiEnvironment,
        resolve_environment as resolve_environment,
    )
    from hookdash.core.hosts.gemini.events import (
        EVENT_SUMMARIES as EVENT_SUMMARIES,
        EVENTS as EVENTS,
        FIRED_TRIGGERS as FIRED_TRIGGERS,
        TRIGGER_FIELD as TRIGGER_FIELD,
        TRIGGER_VALUES as TRIGGER_VALUES,
        match_kind as match_kind,
    )
    from hookdash.core.hosts.gemini.folder_trust import (
        describe as describe,
    )
    from hookdash.core.hosts.gemini.matcher import (
        MatcherPreview as MatcherPreview,
        describe_matcher as describe_matcher,
        preview_matcher as preview_matcher,
    )
    from hookdash.core.hosts.gemini.scripts import (
        ScriptInfo as ScriptInfo,
    )
    from hookdash.core.hosts.gemini.timeouts import (
        killed_at_once as killed_at_once,
        shown_timeout as shown_timeout,
    )
    from hookdash.core.hosts.gemini.tools import (
        BUILTIN_TOOLS as BUILTIN_TOOLS,
    )
    from hookdash.core.hosts.gemini.versions import (
        describe_gemini as describe_gemini,
    )
    from hookdash.core.load.checks import (
        check_configuration as check_configuration,
    )
    from hookdash.core.load.checks.trust import (
        untrusted_project_hooks as untrusted_project_hooks,
        untrusted_summary as untrusted_summary,
    )
    from hookdash.core.load.focus import NO_HOOK as NO_HOOK
    from hookdash.core.load.hidden_problems import (
        hidden_problems_of as hidden_problems_of,
    )
    from hookdash.core.load.loader import (
        load_configuration as load_configuration,
    )
    from hookdash.core.load.lookup import (
        describe_hook as describe_hook,
        registrable as registrable,
        select_hook as select_hook,
    )
    from hookdash.core.load.preview import (
        ScriptPreview as ScriptPreview,
        script_preview as script_preview,
        script_previews as script_previews,
    )
    from hookdash.core.load.risks import (
        kinds_of as kinds_of,
    )
    from hookdash.core.load.script_copies import (
        ScriptDiff as ScriptDiff,
    )
    from hookdash.core.load.sources import (
        WatchTarget as WatchTarget,
        watch_targets as watch_targets,
    )
    from hookdash.core.model import (
        RISK_KINDS as RISK_KINDS,
        Configuration as Configuration,
        Hook as Hook,
        RiskFlag as RiskFlag,
        Snapshot as Snapshot,
    )
    from hookdash.core.nesting import (
        json_loads as json_loads,
    )
    from hookdash.core.present import (
        BADGE_MEANINGS as BADGE_MEANINGS,
        GEMINI_SOURCE_NOTE as GEMINI_SOURCE_NOTE,
        QUIRKS as QUIRKS,
        RISK_LABELS as RISK_LABELS,
        BadgeKind as BadgeKind,
        RiskLine as RiskLine,
        banner_lines as banner_lines,
        banner_problems as banner_problems,
        count_hooks as count_hooks,
        describe_event as describe_event,
        describe_execution as describe_execution,
        describe_trust as describe_trust,
        hidden_refs as hidden_refs,
        hook_badges as hook_badges,
        hook_for_problem as hook_for_problem,
        hook_matches as hook_matches,
        hook_notes as hook_notes,
        hook_risk_kinds as hook_risk_kinds,
        problem_location as problem_location,
        risk_badge as risk_badge,
        risk_label as risk_label,
        risk_lines as risk_lines,
        state_badge as state_badge,
    )
    from hookdash.core.problems import (
        Problem as Problem,
    )
    from hookdash.core.rules import (
        LEVELS as LEVELS,
        RULES as RULES,
    )
    from hookdash.core.run.engine import (
        FireResult as FireResult,
        fire as fire,
        fire_sync as fire_sync,
    )
    from hookdash.core.run.fire_setup import (
        build_payload as build_payload,
        check_event as check_event,
        confirmations_needed as confirmations_needed,
        default_match_values as default_match_values,
        plan as plan,
    )
    from hookdash.core.run.log_filter import (
        OUTCOME_FILTERS as OUTCOME_FILTERS,
        SOURCE_FILTERS as SOURCE_FILTERS,
        HookIdentity as HookIdentity,
        RunFilter as RunFilter,
        hook_of_record as hook_of_record,
    )
    from hookdash.core.run.logfeed import (
        LogFeed as LogFeed,
        Outcome as Outcome,
        RunLike as RunLike,
        is_run_of as is_run_of,
        outcome_of as outcome_of,
        tools_seen as tools_seen,
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
        RunRecord as RunRecord,
    )
    from hookdash.core.run.runner import (
        HookRunResult as HookRunResult,
    )
    from hookdash.core.run.saved_payloads import (
        SavedPayload as SavedPayload,
        delete_payload as delete_payload,
        save_payload as save_payload,
        saved_payloads as saved_payloads,
    )
    from hookdash.core.scan import (
        AGENT_NAMES as AGENT_NAMES,
        Finding as Finding,
        ScanReport as ScanReport,
        at_or_above as at_or_above,
        foreign_hooks as foreign_hooks,
        foreign_summary as foreign_summary,
        github_commands as github_commands,
        problem_findings as problem_findings,
        sarif_log as sarif_log,
        scan_repository as scan_repository,
    )
    from hookdash.core.state import (
        state_dir as state_dir,
    )
    from hookdash.core.watching import (
        DirectoryWatcher as DirectoryWatcher,
    )

# name -> the module that defines it; kept equal to the imports above by a test.
_EXPORTS: dict[str, str] = {
    # `hookdash scan` and the rule catalogue (kept together: one helper's change).
    "AGENT_NAMES": "hookdash.core.scan",
    "Finding": "hookdash.core.scan",
    "LEVELS": "hookdash.core.rules",
    "RULES": "hookdash.core.rules",
    "ScanReport": "hookdash.core.scan",
    "at_or_above": "hookdash.core.scan",
    "foreign_hooks": "hookdash.core.scan",
    "foreign_summary": "hookdash.core.scan",
    "github_commands": "hookdash.core.scan",
    "problem_findings": "hookdash.core.scan",
    "sarif_log": "hookdash.core.scan",
    "scan_repository": "hookdash.core.scan",
    "add_hook": "hookdash.core.edit.authoring",
    "AmbiguousHook": "hookdash.core.errors",
    "apply_safe_fixes": "hookdash.core.edit.fixes",
    "AuthoringResult": "hookdash.core.edit.edits",
    "BADGE_MEANINGS": "hookdash.core.present",
    "BadgeKind": "hookdash.core.present",
    "banner_lines": "hookdash.core.present",
    "banner_problems": "hookdash.core.present",
    "build_payload": "hookdash.core.run.fire_setup",
    "BUILTIN_TOOLS": "hookdash.core.hosts.gemini.tools",
    "Change": "hookdash.core.edit.edits",
    "changed_script": "hookdash.core.edit.trust_store",
    "changes_between": "hookdash.core.edit.draft_review",
    "check_configuration": "hookdash.core.load.checks",
    "check_event": "hookdash.core.run.fire_setup",
    "Configuration": "hookdash.core.model",
    "confirmations_needed": "hookdash.core.run.fire_setup",
    "context_of": "hookdash.core.run.payloads",
    "count_hooks": "hookdash.core.present",
    "create_demo": "hookdash.core.demo",
    "default_match_values": "hookdash.core.run.fire_setup",
    "delete_payload": "hookdash.core.run.saved_payloads",
    "DemoEnvironment": "hookdash.core.demo",
    "describe": "hookdash.core.hosts.gemini.folder_trust",
    "describe_event": "hookdash.core.present",
    "describe_execution": "hookdash.core.present",
    "describe_gemini": "hookdash.core.hosts.gemini.versions",
    "describe_hook": "hookdash.core.load.lookup",
    "describe_matcher": "hookdash.core.hosts.gemini.matcher",
    "describe_trust": "hookdash.core.present",
    "DirectoryWatcher": "hookdash.core.watching",
    "disable_hook": "hookdash.core.edit.disabled_list",
    "DisabledKey": "hookdash.core.edit.disabled_text",
    "draft_hook": "hookdash.core.edit.hook_draft",
    "draft_of": "hookdash.core.edit.draft_review",
    "draft_warnings": "hookdash.core.edit.hook_draft",
    "DraftReview": "hookdash.core.edit.draft_review",
    "edit_hook": "hookdash.core.edit.authoring",
    "EditError": "hookdash.core.errors",
    "EditResult": "hookdash.core.edit.edits",
    "enable_hook": "hookdash.core.edit.disabled_list",
    "EngineError": "hookdash.core.errors",
    "EVENT_SUMMARIES": "hookdash.core.hosts.gemini.events",
    "EVENTS": "hookdash.core.hosts.gemini.events",
    "fire": "hookdash.core.run.engine",
    "fire_sync": "hookdash.core.run.engine",
    "FIRED_TRIGGERS": "hookdash.core.hosts.gemini.events",
    "FireInterrupted": "hookdash.core.errors",
    "FireResult": "hookdash.core.run.engine",
    "FIXABLE": "hookdash.core.edit.fixes",
    "GEMINI_SOURCE_NOTE": "hookdash.core.present",
    "GeminiEnvironment": "hookdash.core.hosts.gemini.environment",
    "hidden_characters": "hookdash.core.display",
    "hidden_problems_of": "hookdash.core.load.hidden_problems",
    "hidden_refs": "hookdash.core.present",
    "HiddenCharacter": "hookdash.core.display",
    "Hook": "hookdash.core.model",
    "hook_badges": "hookdash.core.present",
    "hook_for_problem": "hookdash.core.present",
    "hook_matches": "hookdash.core.present",
    "hook_notes": "hookdash.core.present",
    "hook_of_record": "hookdash.core.run.log_filter",
    "HookChanges": "hookdash.core.edit.hook_edit",
    "HookdashError": "hookdash.core.errors",
    "HookDraft": "hookdash.core.edit.hook_draft",
    "HookIdentity": "hookdash.core.run.log_filter",
    "HookNotFound": "hookdash.core.errors",
    "HookRunResult": "hookdash.core.run.runner",
    "hooks_after_edit": "hookdash.core.edit.predicted",
    "hooks_to_trust": "hookdash.core.edit.trust_store",
    "import_claude": "hookdash.core.edit.claude_import",
    "claude_sources": "hookdash.core.edit.claude_settings",
    "ClaudeSource": "hookdash.core.edit.claude_settings",
    "ImportResult": "hookdash.core.edit.claude_import",
    "InvalidHookError": "hookdash.core.edit.hook_draft",
    "is_run_of": "hookdash.core.run.logfeed",
    "json_loads": "hookdash.core.nesting",
    "json_text": "hookdash.core.display",
    "killed_at_once": "hookdash.core.hosts.gemini.timeouts",
    "kinds_of": "hookdash.core.load.risks",
    "load_configuration": "hookdash.core.load.loader",
    "LogFeed": "hookdash.core.run.logfeed",
    "LogUnreadableError": "hookdash.core.errors",
    "match_kind": "hookdash.core.hosts.gemini.events",
    "MatcherPreview": "hookdash.core.hosts.gemini.matcher",
    "NO_HOOK": "hookdash.core.load.focus",
    "merge_input": "hookdash.core.run.payloads",
    "Outcome": "hookdash.core.run.logfeed",
    "OUTCOME_FILTERS": "hookdash.core.run.log_filter",
    "outcome_of": "hookdash.core.run.logfeed",
    "payload_problems": "hookdash.core.run.payloads",
    "plan": "hookdash.core.run.fire_setup",
    "Plan": "hookdash.core.run.planner",
    "plan_event": "hookdash.core.run.planner",
    "plan_trust": "hookdash.core.edit.trust_store",
    "preview_matcher": "hookdash.core.hosts.gemini.matcher",
    "Problem": "hookdash.core.problems",
    "problem_location": "hookdash.core.present",
    "QUIRKS": "hookdash.core.present",
    "recording_writes": "hookdash.core.edit.write_journal",
    "registrable": "hookdash.core.load.lookup",
    "remove_hook": "hookdash.core.edit.authoring",
    "resolve_environment": "hookdash.core.hosts.gemini.environment",
    "resolve_hook": "hookdash.core.edit.hook_target",
    "review_draft": "hookdash.core.edit.draft_review",
    "RISK_KINDS": "hookdash.core.model",
    "RISK_LABELS": "hookdash.core.present",
    "risk_lines": "hookdash.core.present",
    "hook_risk_kinds": "hookdash.core.present",
    "risk_badge": "hookdash.core.present",
    "risk_label": "hookdash.core.present",
    "RiskFlag": "hookdash.core.model",
    "ScriptInfo": "hookdash.core.hosts.gemini.scripts",
    "RiskLine": "hookdash.core.present",
    "RunFilter": "hookdash.core.run.log_filter",
    "RunLike": "hookdash.core.run.logfeed",
    "RUNLOG_NAME": "hookdash.core.run.runlog",
    "RunRecord": "hookdash.core.run.runlog",
    "save_draft": "hookdash.core.edit.draft_review",
    "save_payload": "hookdash.core.run.saved_payloads",
    "saved_payloads": "hookdash.core.run.saved_payloads",
    "SavedPayload": "hookdash.core.run.saved_payloads",
    "script_preview": "hookdash.core.load.preview",
    "script_previews": "hookdash.core.load.preview",
    "ScriptDiff": "hookdash.core.load.script_copies",
    "ScriptPreview": "hookdash.core.load.preview",
    "select_hook": "hookdash.core.load.lookup",
    "shorten": "hookdash.core.display",
    "shown_timeout": "hookdash.core.hosts.gemini.timeouts",
    "Snapshot": "hookdash.core.model",
    "SOURCE_FILTERS": "hookdash.core.run.log_filter",
    "state_badge": "hookdash.core.present",
    "state_dir": "hookdash.core.state",
    "switch_hooks": "hookdash.core.edit.hooks_switch",
    "switch_scope": "hookdash.core.edit.hooks_switch",
    "toggle_hook": "hookdash.core.edit.disabled_list",
    "tools_seen": "hookdash.core.run.logfeed",
    "TRIGGER_FIELD": "hookdash.core.hosts.gemini.events",
    "TRIGGER_VALUES": "hookdash.core.hosts.gemini.events",
    "trust_hooks": "hookdash.core.edit.trust_store",
    "seen_now": "hookdash.core.edit.trust_seen",
    "Seen": "hookdash.core.edit.trust_seen",
    "TrustChangedError": "hookdash.core.errors",
    "trusted_commands": "hookdash.core.edit.trust_store",
    "TrustPlan": "hookdash.core.edit.trust_store",
    "undo": "hookdash.core.edit.undo",
    "undo_entry": "hookdash.core.edit.undo",
    "UndoEntry": "hookdash.core.edit.undo",
    "UndoRefused": "hookdash.core.errors",
    "UndoResult": "hookdash.core.edit.undo",
    "UnknownEvent": "hookdash.core.errors",
    "untrusted_project_hooks": "hookdash.core.load.checks.trust",
    "untrusted_summary": "hookdash.core.load.checks.trust",
    "validate_draft": "hookdash.core.edit.hook_draft",
    "visible": "hookdash.core.display",
    # Claude Code as a host (core/hosts/claude).
    "CLAUDE_EVENTS": "hookdash.core.hosts.claude",
    "AnyHook": "hookdash.core.hosts.claude",
    "ClaudeHook": "hookdash.core.hosts.claude",
    "ClaudeSnapshot": "hookdash.core.hosts.claude",
    "claude_event_problem": "hookdash.core.hosts.claude",
    "claude_plan": "hookdash.core.hosts.claude",
    "load_claude": "hookdash.core.hosts.claude",
    "claude_match_sentence": "hookdash.core.hosts.claude.present",
    "claude_no_ask_line": "hookdash.core.hosts.claude.present",
    "claude_review_sentence": "hookdash.core.hosts.claude.present",
    "load_claude_if_any": "hookdash.core.hosts.claude",
    "with_claude": "hookdash.core.hosts.claude",
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
