"""hookdash's pure domain, and its front door: the CLI and the dashboard import only this.

`load_configuration(env)` reads a configuration as Gemini CLI would, judged with what
hookdash remembers. Everything headless is built from the subpackages: `hosts` (each
agent's own rules, behind one protocol: `hosts/gemini`, `hosts/claude`), `load` (read a
configuration, judge every hook), `run` (the hook's process and the run logs, shared by
every host), `disk` (opening, atomic writes, state) and `edit` (every write). This
module names what the two floors above may use; each name is imported on first use (PEP
562), so a headless command pays only for what it touches. It never imports Textual (a
test enforces it).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hookdash.core.any_hook import AnyHook as AnyHook
    from hookdash.core.baseline.compare import (
        BaselineStatus as BaselineStatus,
        accept_baseline as accept_baseline,
        baseline_status as baseline_status,
        change_sentence as change_sentence,
        tilde_path as tilde_path,
    )
    from hookdash.core.baseline.findings import (
        watch_problems as watch_problems,
    )
    from hookdash.core.baseline.sources import (
        agents_home as agents_home,
    )
    from hookdash.core.baseline.store import (
        baseline_path as baseline_path,
    )
    from hookdash.core.demo import (
        DemoEnvironment as DemoEnvironment,
        create_demo as create_demo,
    )
    from hookdash.core.disk.atomic import (
        update_file as update_file,
    )
    from hookdash.core.disk.files import (
        read_bytes as read_bytes,
    )
    from hookdash.core.disk.state import (
        STATE_DIR_MODE as STATE_DIR_MODE,
        forget_the_oldest as forget_the_oldest,
        state_dir as state_dir,
    )
    from hookdash.core.disk.write_journal import (
        recording_writes as recording_writes,
    )
    from hookdash.core.display import (
        hidden_characters as hidden_characters,
        json_text as json_text,
        shorten as shorten,
        visible as visible,
    )
    from hookdash.core.edit.edits import (
        AuthoringResult as AuthoringResult,
        Change as Change,
        EditResult as EditResult,
    )
    from hookdash.core.edit.undo.restore import (
        UndoEntry as UndoEntry,
        undo as undo,
        undo_entry as undo_entry,
    )
    from hookdash.core.errors import (
        AmbiguousHook as AmbiguousHook,
        FireInterrupted as FireInterrupted,
        HookdashError as HookdashError,
        HookNotFound as HookNotFound,
        LogUnreadableError as LogUnreadableError,
        TrustChangedError as TrustChangedError,
        UndoRefused as UndoRefused,
        UnknownEvent as UnknownEvent,
        UnsupportedOperation as UnsupportedOperation,
    )
    from hookdash.core.hosts import (
        Host as Host,
        all_hosts as all_hosts,
        host as host,
        host_names as host_names,
    )
    from hookdash.core.hosts.claude import (
        CLAUDE_EVENTS as CLAUDE_EVENTS,
        ClaudeHook as ClaudeHook,
        ClaudePlan as ClaudePlan,
        ClaudeSnapshot as ClaudeSnapshot,
        claude_event_problem as claude_event_problem,
        claude_plan as claude_plan,
        load_claude as load_claude,
        with_claude as with_claude,
    )
    from hookdash.core.hosts.claude.authoring import (
        add_claude_hook as add_claude_hook,
        edit_claude_hook as edit_claude_hook,
        remove_claude_hook as remove_claude_hook,
        written_claude_ref as written_claude_ref,
    )
    from hookdash.core.hosts.claude.fire import (
        CLAUDE_COMMAND_TIMEOUT_S as CLAUDE_COMMAND_TIMEOUT_S,
        ClaudeFireResult as ClaudeFireResult,
        build_claude_payload as build_claude_payload,
        claude_confirmations as claude_confirmations,
        fire_claude as fire_claude,
        fire_claude_sync as fire_claude_sync,
        hooks_to_fire as hooks_to_fire,
    )
    from hookdash.core.hosts.claude.matcher import (
        ClaudeMatcherPreview as ClaudeMatcherPreview,
        preview_claude_matcher as preview_claude_matcher,
    )
    from hookdash.core.hosts.claude.model import (
        ClaudeReviewed as ClaudeReviewed,
    )
    from hookdash.core.hosts.claude.parking import (
        park_claude_hook as park_claude_hook,
        unpark_claude_hook as unpark_claude_hook,
    )
    from hookdash.core.hosts.claude.payloads import (
        claude_match_query as claude_match_query,
        claude_offered_values as claude_offered_values,
    )
    from hookdash.core.hosts.claude.present import (
        claude_handling as claude_handling,
        claude_match_sentence as claude_match_sentence,
        claude_no_ask_line as claude_no_ask_line,
        claude_review_sentence as claude_review_sentence,
    )
    from hookdash.core.hosts.claude.review import (
        claude_hooks_to_review as claude_hooks_to_review,
        claude_review_label as claude_review_label,
        claude_review_noun as claude_review_noun,
        claude_review_token as claude_review_token,
        claude_script_diff as claude_script_diff,
        trust_claude_hooks as trust_claude_hooks,
    )
    from hookdash.core.hosts.claude.switching import (
        switch_claude_hooks as switch_claude_hooks,
    )
    from hookdash.core.hosts.claude.target import (
        find_claude_hook as find_claude_hook,
    )
    from hookdash.core.hosts.claude.writing import (
        claude_settings_path as claude_settings_path,
    )
    from hookdash.core.hosts.codex.fire import (
        CodexFireResult as CodexFireResult,
        build_codex_payload as build_codex_payload,
        codex_confirmations as codex_confirmations,
        fire_codex as fire_codex,
        fire_codex_sync as fire_codex_sync,
    )
    from hookdash.core.hosts.codex.model import (
        CodexHook as CodexHook,
        CodexPlan as CodexPlan,
        CodexSnapshot as CodexSnapshot,
    )
    from hookdash.core.hosts.codex.trusting import (
        codex_review_token as codex_review_token,
        trust_codex_hooks as trust_codex_hooks,
    )
    from hookdash.core.hosts.crosswalk.importing.claude_import import (
        ImportResult as ImportResult,
        import_claude as import_claude,
    )
    from hookdash.core.hosts.crosswalk.importing.claude_settings import (
        ClaudeSource as ClaudeSource,
        claude_sources as claude_sources,
    )
    from hookdash.core.hosts.gemini.authoring.draft_review import (
        DraftReview as DraftReview,
        draft_of as draft_of,
        review_draft as review_draft,
        save_draft as save_draft,
    )
    from hookdash.core.hosts.gemini.authoring.hook_draft import (
        HookDraft as HookDraft,
        draft_hook as draft_hook,
    )
    from hookdash.core.hosts.gemini.authoring.hook_edit import (
        HookChanges as HookChanges,
    )
    from hookdash.core.hosts.gemini.authoring.hook_target import (
        resolve_hook as resolve_hook,
    )
    from hookdash.core.hosts.gemini.authoring.writing import (
        add_hook as add_hook,
        edit_hook as edit_hook,
        remove_hook as remove_hook,
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
    from hookdash.core.hosts.gemini.fire import (
        FireResult as FireResult,
        fire as fire,
        fire_sync as fire_sync,
    )
    from hookdash.core.hosts.gemini.fire_setup import (
        build_payload as build_payload,
        check_event as check_event,
        confirmations_needed as confirmations_needed,
        default_match_values as default_match_values,
        plan as plan,
    )
    from hookdash.core.hosts.gemini.folder_trust import (
        describe as describe,
    )
    from hookdash.core.hosts.gemini.matcher import (
        MatcherPreview as MatcherPreview,
        describe_matcher as describe_matcher,
    )
    from hookdash.core.hosts.gemini.payloads import (
        context_of as context_of,
        payload_problems as payload_problems,
    )
    from hookdash.core.hosts.gemini.planner import (
        Plan as Plan,
        plan_event as plan_event,
    )
    from hookdash.core.hosts.gemini.runner import (
        HookRunResult as HookRunResult,
    )
    from hookdash.core.hosts.gemini.switching.disabled_list import (
        disable_hook as disable_hook,
        enable_hook as enable_hook,
        toggle_hook as toggle_hook,
    )
    from hookdash.core.hosts.gemini.switching.disabled_text import DisabledKey as DisabledKey
    from hookdash.core.hosts.gemini.switching.fixes import (
        FIXABLE as FIXABLE,
        apply_safe_fixes as apply_safe_fixes,
    )
    from hookdash.core.hosts.gemini.switching.hooks_switch import (
        switch_hooks as switch_hooks,
    )
    from hookdash.core.hosts.gemini.switching.predicted import (
        hooks_after_edit as hooks_after_edit,
    )
    from hookdash.core.hosts.gemini.timeouts import (
        killed_at_once as killed_at_once,
        shown_timeout as shown_timeout,
    )
    from hookdash.core.hosts.gemini.tools import (
        BUILTIN_TOOLS as BUILTIN_TOOLS,
    )
    from hookdash.core.hosts.gemini.trust.trust_seen import (
        Seen as Seen,
        seen_now as seen_now,
    )
    from hookdash.core.hosts.gemini.trust.trust_store import (
        TrustPlan as TrustPlan,
        changed_script as changed_script,
        hooks_to_trust as hooks_to_trust,
        plan_trust as plan_trust,
        trust_hooks as trust_hooks,
        trusted_commands as trusted_commands,
    )
    from hookdash.core.hosts.gemini.versions import (
        describe_gemini as describe_gemini,
    )
    from hookdash.core.hosts.mcp import (
        starts_label as starts_label,
        what_it_runs as what_it_runs,
    )
    from hookdash.core.hosts.protocol import (
        CAPABILITY_WORDS as CAPABILITY_WORDS,
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
        script_previews as script_previews,
    )
    from hookdash.core.load.script_copies import (
        ScriptDiff as ScriptDiff,
    )
    from hookdash.core.load.sources import (
        WatchTarget as WatchTarget,
        changed_since as changed_since,
        watch_targets as watch_targets,
    )
    from hookdash.core.model import (
        Configuration as Configuration,
        Hook as Hook,
        Snapshot as Snapshot,
    )
    from hookdash.core.nesting import (
        json_loads as json_loads,
    )
    from hookdash.core.not_understood import (
        UNKNOWN_MARK as UNKNOWN_MARK,
        UnknownLine as UnknownLine,
        unknown_badge as unknown_badge,
        unknown_lines as unknown_lines,
        unknown_sentence as unknown_sentence,
    )
    from hookdash.core.present import (
        BADGE_MEANINGS as BADGE_MEANINGS,
        GEMINI_SOURCE_NOTE as GEMINI_SOURCE_NOTE,
        NO_MATCHER as NO_MATCHER,
        QUIRKS as QUIRKS,
        BadgeKind as BadgeKind,
        HookCounts as HookCounts,
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
        problem_location as problem_location,
        risk_badge as risk_badge,
        risk_lines as risk_lines,
        state_badge as state_badge,
    )
    from hookdash.core.problems import (
        Problem as Problem,
    )
    from hookdash.core.records import (
        FireOutcome as FireOutcome,
        HookChange as HookChange,
        HookRecord as HookRecord,
        HostSnapshot as HostSnapshot,
        NewHook as NewHook,
        RunResult as RunResult,
        WriteResult as WriteResult,
    )
    from hookdash.core.replay.kept_output import (
        find_kept as find_kept,
        keep_output as keep_output,
        keeping as keeping,
        run_key as run_key,
    )
    from hookdash.core.replay.observations import (
        observing as observing,
    )
    from hookdash.core.run.input_override import (
        merge_input as merge_input,
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
        outcome_label as outcome_label,
        outcome_of as outcome_of,
        tools_seen as tools_seen,
        verdict_text as verdict_text,
    )
    from hookdash.core.run.process import (
        kill_running_hooks as kill_running_hooks,
    )
    from hookdash.core.run.runlog import (
        RUNLOG_NAME as RUNLOG_NAME,
        RunRecord as RunRecord,
    )
    from hookdash.core.run.saved_payloads import (
        SavedPayload as SavedPayload,
        delete_payload as delete_payload,
        save_payload as save_payload,
        saved_payloads as saved_payloads,
    )
    from hookdash.core.run.verdicts import (
        OUTCOME_MARKS as OUTCOME_MARKS,
    )
    from hookdash.core.scan import (
        AGENT_NAMES as AGENT_NAMES,
        ScanReport as ScanReport,
        at_or_above as at_or_above,
        foreign_hooks as foreign_hooks,
        foreign_summary as foreign_summary,
        github_commands as github_commands,
        problem_findings as problem_findings,
        sarif_log as sarif_log,
        scan_repository as scan_repository,
    )
    from hookdash.core.scan.diff import (
        DiffError as DiffError,
        scan_diff as scan_diff,
    )
    from hookdash.core.scripts import (
        ScriptInfo as ScriptInfo,
    )
    from hookdash.core.watching import (
        DirectoryWatcher as DirectoryWatcher,
    )
    from hookdash.core.workspace import with_other_hosts as with_other_hosts

_table: dict[str, str] | None = None


def _exports() -> dict[str, str]:
    """Each exported name -> the module that defines it, read once from the TYPE_CHECKING
    block above: that block is the one declaration of the front door (what mypy sees and
    what runs cannot drift apart). Reading it is paid on the first name looked up, not on
    import."""
    global _table
    if _table is None:
        # Read as text, not with `ast`: importing and running `ast` cost more than all of
        # `--version` else. The block is formatted one way (`from M import N as N` or
        # `from M import (` and a line per `N as N,`); tests/core/test_core_boundary.py
        # checks this reading against `ast`'s.
        with open(__file__, encoding="utf-8") as source:
            text = source.read()
        block = text.split("\nif TYPE_CHECKING:\n", 1)[1].split("\n\n", 1)[0]
        _table = {}
        for statement in ("\n" + block).split("\n    from ")[1:]:
            module, _, names = statement.partition(" import ")
            for item in names.strip().strip("()").split(","):
                if item.strip():
                    _table[item.split(" as ")[-1].strip()] = module.strip()
    return _table


def __getattr__(name: str) -> Any:
    if name == "__all__":
        return sorted(_exports())
    module = _exports().get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(_exports())
