"""How a hook's verdict reads to a person: badges, notes, counts, banners, risk flags,
filtering.

The verdicts themselves are computed by the registry; this module turns them into the
short words and sentences that every front end shows (the `list` command and the
dashboard), so that both say the same thing about the same hook. Every text it hands out
has been through core.display's rule: a sentence that quotes a hook's name, a file or a
reason says so with the hidden characters shown, never emitted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeVar

from hookdash.core.any_hook import AnyHook
from hookdash.core.display import shorten, visible
from hookdash.core.hosts.claude.model import ClaudeHook, ClaudeSettingsCommand
from hookdash.core.hosts.claude.present import CLAUDE_BANNER_CODES, claude_notes, claude_state
from hookdash.core.hosts.gemini.events import EVENTS, FIRED_TRIGGERS, TRIGGER_FIELD, match_kind
from hookdash.core.hosts.gemini.registry import unknown_event_reason
from hookdash.core.hosts.gemini.timeouts import killed_at_once
from hookdash.core.load.hidden_problems import CODE as HIDDEN_CODE, hidden_problems_of
from hookdash.core.model import RISK_KINDS, Hook, RiskFlag, RiskKind
from hookdash.core.not_understood import (
    RISK_SPAN_WIDTH as RISK_SPAN_WIDTH,
    UNKNOWN_MARK as UNKNOWN_MARK,
    UnknownLine as UnknownLine,
    hook_unknowns_of as hook_unknowns_of,
    is_quiet as is_quiet,
    is_understood as is_understood,
    unknown_badge as unknown_badge,
    unknown_lines as unknown_lines,
    unknown_sentence as unknown_sentence,
)
from hookdash.core.problems import Problem
from hookdash.core.records import HookRecord

BadgeKind = Literal[
    "runs",
    "disabled",
    "not-running",
    "duplicate",
    "new",
    "changed",
    "partly",
    "legacy",
    "hidden",
]


@dataclass(frozen=True)
class Badge:
    """One status word on a hook's line."""

    kind: BadgeKind
    label: str


# What each badge means, in the order the help screen lists them.
BADGE_MEANINGS: tuple[tuple[str, str], ...] = (
    ("runs", "Gemini CLI registers this hook and runs it when its event fires and the "
     "matcher matches."),
    ("disabled", "listed in hooksConfig.disabled: Gemini registers it but never runs it."),
    ("off: <why>", "Gemini would not run it — the folder is untrusted, hooks are switched "
     "off, its file is ignored, the event name is unknown, or the entry is invalid."),
    ("duplicate", "same name:command as an earlier hook of the event: Gemini runs only "
     "the first copy."),
    ("NEW", "a project hook not yet in trusted_hooks.json: Gemini warns once at start, "
     "then runs it."),
    ("CHANGED", "a project hook whose name was trusted with another command, or whose "
     "script changed since it was trusted."),
    ("PARTLY", "trusted (or reviewed), but hookdash could not follow every file it runs: "
     "a change there does not make it CHANGED. The details say which part."),
    ("legacy", "listed in hooks.disabled, which Gemini CLI 0.26+ ignores: the hook still "
     "runs."),
    ("hidden", "its name, command, matcher, event or script holds characters a terminal "
     "hides or obeys (escape sequences, carriage returns, bidi overrides): what you read "
     "is not what runs. hookdash shows them as ␛, ␍, <U+202E>."),
    ("⚠ KIND +n", "risk flags: the most serious kind found in its command or script "
     "(NETWORK, PIPE TO SHELL, SECRETS…) and how many kinds more; the details list each. "
     "Filter on them: /network, /risky (every flagged hook)."),
)  # fmt: skip

# Gemini CLI behaviour that surprises people, one line each (help screen, README).
QUIRKS: tuple[str, ...] = (
    "Every settings hook is labelled 'project' by Gemini — user and system ones too; "
    "extension hooks are 'extensions'.",
    "An untrusted folder drops every settings hook — user and system ones too — and "
    "runs only extension hooks.",
    "hooks.disabled is ignored since Gemini CLI 0.26; only hooksConfig.disabled switches "
    "a hook off.",
    "Exit code 2 — and 3, and any code but 0 and 1 — with plain-text output blocks like a deny.",
    "System settings files are ignored unless they and every parent directory are "
    "root-owned and not group/other-writable.",
    'Hooks of one event run in parallel, unless any matching definition says "sequential": true.',
    "Order is system-defaults, user, workspace, system, then extensions alphabetically.",
    "Only tool events (regex on the tool name) and SessionStart/SessionEnd/PreCompress "
    "(exact trigger) use the matcher; other events ignore it.",
)

GEMINI_SOURCE_NOTE = (
    "Gemini CLI labels every settings hook 'project' — user, workspace and system ones "
    "alike — and every extension hook 'extensions'."
)

# Problems worth a banner above the hook list: they change what every hook does.
BANNER_CODES: tuple[str, ...] = (
    "settings-parse-error",
    "settings-not-object",
    "settings-unreadable",
    "trusted-folders-invalid",
    "folder-untrusted",
    "hooks-switched-off",
    "system-file-ignored",
    "workspace-settings-outside",
    "legacy-hooks-disabled",
    "legacy-hooks-enabled",
    "gemini-version-unverified",
    "gemini-workspace-mcp-server",  # a workspace's MCP server, started once trusted
    *CLAUDE_BANNER_CODES,
)

_SHORT_REASONS: dict[str, str] = {
    "gemini-refuses-to-start": "Gemini won't start",
    "hooks-disabled": "hooks off",
    # (Short: it stands on every line of an untrusted folder's hooks, beside their
    # matchers and risk flags; the banner and the details say which folder and why.)
    "untrusted-folder": "untrusted",
    "unknown-event": "unknown event",
    "invalid": "invalid",
    "disabled": "disabled",
}


def short_reason(hook: Hook) -> str:
    """A few words on why a hook does not run (for its line; the details say more)."""
    reason = hook.inactive_reason
    if reason == "ignored-layer":
        return "extension off" if hook.scope == "extension" else "file ignored"
    if reason is None:
        # A registered hook turned off afterwards: its event's planner throws.
        return "planner throws"
    return _SHORT_REASONS.get(reason, reason)


def record_state(hook: HookRecord) -> Badge:
    """The badge of a host's hook read from the fields every host's record has (a host
    with no wording of its own here): it runs, it is switched off, or why it does not run."""
    if hook.runs:
        return Badge("runs", "runs")
    if hook.switched_off:
        return Badge("disabled", "disabled")
    why = hook.not_running_because[0] if hook.not_running_because else "not run"
    return Badge("not-running", f"off: {shorten(visible(why), 24)}")


def state_badge(hook: HookRecord) -> Badge:
    """The one badge that says whether its host (Gemini, Claude, any other) runs the hook."""
    own = _host_badges(hook)
    if own:  # a host that words its own hooks' badges (core/hosts/<host>)
        return own[0]
    if isinstance(hook, ClaudeHook):
        kind, label = claude_state(hook)
        return Badge(kind, label)  # type: ignore[arg-type]
    if not isinstance(hook, Hook):
        return record_state(hook)
    if hook.runs and hook.duplicate_of is not None:
        return Badge("duplicate", "duplicate")
    if hook.runs:
        return Badge("runs", "runs")
    if hook.disabled and hook.will_register:
        return Badge("disabled", "disabled")
    if hook.disabled and hook.inactive_reason == "untrusted-folder":
        # Switched off as well: the line says so (as in a trusted folder), and why it
        # would not run even switched on.
        return Badge("disabled", "disabled, untrusted")
    return Badge("not-running", f"off: {short_reason(hook)}")


def hook_badges(hook: HookRecord, hidden: bool = False) -> list[Badge]:
    """The state badge, then `hidden` (see `hidden_refs`), then the trust and legacy
    badges that apply (a Claude hook's review: hookdash's own, Claude has none)."""
    own = _host_badges(hook)
    if own:  # a host that words its own hooks' badges (core/hosts/<host>)
        return [own[0], *([Badge("hidden", "hidden")] if hidden else []), *own[1:]]
    badges = [state_badge(hook)]
    if hidden:
        badges.append(Badge("hidden", "hidden"))
    if isinstance(hook, ClaudeHook):
        if hook.review == "new":
            badges.append(Badge("new", "NEW"))
        elif hook.review == "changed":
            badges.append(Badge("changed", "CHANGED"))
        elif hook.review == "reviewed" and hook.script_unresolved:
            badges.append(Badge("partly", "PARTLY"))
        return badges
    if not isinstance(hook, Hook):
        return badges
    if hook.trust == "new":
        badges.append(Badge("new", "NEW"))
    elif hook.trust == "changed":
        badges.append(Badge("changed", "CHANGED"))
    elif hook.trust == "trusted" and hook.script_unresolved:
        # Never plainly trusted: part of what it runs is outside the fingerprint.
        badges.append(Badge("partly", "PARTLY"))
    if hook.legacy_disabled_in and hook.runs:
        badges.append(Badge("legacy", "legacy"))
    return badges


def _host_badges(hook: Any) -> list[Badge]:
    """The badges a host's own hook record words itself (`host_badges()`: (kind, label)
    pairs, the state first), or [] for a hook that leaves them to this module."""
    own = getattr(hook, "host_badges", None)
    if own is None:
        return []
    return [Badge(kind, label) for kind, label in own()]


def hidden_refs(hooks: Iterable[AnyHook], problems: Iterable[Problem]) -> frozenset[str]:
    """The refs of the hooks with a `hidden-characters` problem (their `hidden` badge)."""
    hidden = [p for p in problems if p.code == HIDDEN_CODE]
    if not hidden:
        return frozenset()
    return frozenset(h.ref for h in hooks if hidden_problems_of(h, hidden))


def hook_notes(hook: AnyHook) -> list[str]:
    """One sentence per thing a reader must know about the hook's verdict."""
    if isinstance(hook, ClaudeHook):
        return claude_notes(hook)
    return [visible(note) for note in _notes(hook)]


def _notes(hook: Hook) -> list[str]:
    unresolved = (
        [f"hookdash cannot tell every script it runs: {hook.script_unresolved}"]
        if hook.script_unresolved
        else []
    )
    if not hook.runs:
        return list(hook.not_running_because) + unresolved
    notes = unresolved
    if hook.duplicate_of is not None:
        d = hook.duplicate_of
        where = d.extension if d.scope == "extension" else d.scope
        notes.append(f"same name:command as {d.id} ({where}): Gemini runs only the first copy")
    if hook.legacy_disabled_in:
        notes.append(
            "listed in legacy hooks.disabled ("
            + ", ".join(hook.legacy_disabled_in)
            + "), which Gemini CLI 0.26+ ignores — this hook runs"
        )
    at_once = killed_at_once(hook.timeout_raw)
    if at_once is not None:
        notes.append(at_once)
    if hook.trust == "new":
        notes.append("new project hook: Gemini warns at start, then runs it")
    elif hook.trust == "changed":
        notes.append(f"changed since trusted: {hook.trust_detail}")
    return notes


def describe_trust(hook: Hook) -> str:
    """The hook's first-seen trust state, in a sentence."""
    return visible(_trust_sentence(hook))


def _trust_sentence(hook: Hook) -> str:
    if hook.trust == "trusted" and hook.script_unresolved:
        return (
            "trusted, but only partly understood: recorded in trusted_hooks.json, yet "
            f"hookdash cannot follow every file it runs ({hook.script_unresolved}), so a "
            "change there does not show as CHANGED"
        )
    if hook.trust == "trusted":
        return "trusted: recorded in trusted_hooks.json for this project"
    if hook.trust == "new":
        return (
            "NEW: not in trusted_hooks.json — Gemini warns once at start, then runs it "
            "and records it"
        )
    if hook.trust == "changed":
        return f"CHANGED: {hook.trust_detail or 'changed since it was trusted'}"
    return "not applicable: Gemini fingerprints only the workspace settings file's hooks"


def describe_event(event: str) -> str:
    """What an event's matchers are compared with, in a sentence."""
    if event not in EVENTS:
        return unknown_event_reason(event) + "."
    kind = match_kind(event)
    if kind == "tool":
        return (
            "Fires around every tool call; a matcher is a regex searched in the tool name "
            "('*' or empty: every tool)."
        )
    if kind == "trigger":
        values = ", ".join(FIRED_TRIGGERS[event])
        return (
            f"A matcher is compared exactly with the event's {TRIGGER_FIELD[event]} "
            f"({values}); no regex."
        )
    return "Gemini ignores matchers for this event: every hook runs whenever it fires."


def describe_execution(hooks: Iterable[Hook]) -> str:
    """Parallel or sequential, as Gemini decides it for one event's hooks."""
    if any(h.sequential for h in hooks):
        return 'sequential when a definition with "sequential": true matches; otherwise in parallel'
    return "in parallel (they start in order and finish in any order)"


@dataclass(frozen=True)
class HookCounts:
    total: int
    running: int
    disabled: int

    @property
    def other(self) -> int:
        return self.total - self.running - self.disabled

    @property
    def text(self) -> str:
        noun = "hook" if self.total == 1 else "hooks"
        return (
            f"{self.total} {noun}: {self.running} run, {self.disabled} disabled, {self.other} other"
        )


def count_hooks(hooks: Iterable[HookRecord]) -> HookCounts:
    """How many run (duplicates not counted: the host runs one copy), are switched off, other."""
    items = list(hooks)
    return HookCounts(
        total=len(items),
        running=sum(1 for h in items if h.runs and not h.is_duplicate),
        disabled=sum(1 for h in items if h.switched_off),
    )


def banner_problems(problems: Iterable[Problem]) -> list[Problem]:
    """The problems that change what every hook does, in severity order."""
    return [p for p in problems if p.code in BANNER_CODES]


@dataclass(frozen=True)
class BannerLine:
    """One banner: problems of the same code folded together (e.g. both system files)."""

    severity: str
    code: str
    message: str
    locations: tuple[str, ...]
    problem: Problem  # the first of them

    @property
    def text(self) -> str:
        where = ", ".join(self.locations)
        return f"{self.message}  ({where})" if where else self.message


def banner_lines(
    problems: Iterable[Problem], display: Callable[[str], str] = str
) -> list[BannerLine]:
    """The banners above the hook list, one per problem code, most severe first."""
    groups: dict[str, list[Problem]] = {}
    for problem in banner_problems(problems):
        groups.setdefault(problem.code, []).append(problem)
    lines = []
    for code, items in groups.items():
        first = items[0]
        message = first.shown.message
        if len(items) > 1:
            message += f" (+{len(items) - 1} more like it)"
        locations = tuple(
            dict.fromkeys(w for w in (problem_location(p, display) for p in items) if w)
        )
        lines.append(BannerLine(first.severity, code, message, locations, first))
    return lines


def problem_location(problem: Problem, display: Callable[[str], str] = str) -> str:
    """`file:line:column` (as much as is known), or "" when the problem has no file."""
    if not problem.file:
        return ""
    where = visible(display(problem.file))
    if problem.line:
        where += f":{problem.line}"
        if problem.column:
            where += f":{problem.column}"
    return where


_Hook = TypeVar("_Hook", bound=HookRecord)


def hook_for_problem(hooks: Iterable[_Hook], problem: Problem) -> _Hook | None:
    """The hook a problem is about (same file, pointer at or inside the hook), if any:
    among any host's hooks."""
    if not problem.file or not problem.pointer:
        return None
    best: _Hook | None = None
    for hook in hooks:
        if hook.file != problem.file:
            continue
        ptr = problem.pointer
        if ptr == hook.pointer or ptr.startswith(hook.pointer + "/"):
            return hook
        # A problem about a definition (matcher, sequential) concerns its first hook.
        definition = hook.pointer.rsplit("/hooks/", 1)[0]
        if best is None and (ptr == definition or ptr.startswith(definition + "/")):
            best = hook
    return best


def _haystack(hook: HookRecord) -> str:
    """What the filter box searches in a hook of any host: the fields every record has,
    then those only its host's have (Gemini's name and description, Claude's target)."""
    risks = hook_risk_kinds(hook)
    parts = [
        f"host:{hook.host}",
        hook.id,
        hook.command or "",
        hook.event,
        hook.layer_label,
        hook.scope,
        hook.matcher if isinstance(hook.matcher, str) else repr(hook.matcher or ""),
        " ".join(b.label for b in hook_badges(hook)),
        # `/network`, `/pipe to shell`, `/risky` (any flag): the review starts from them.
        " ".join(["risky", *risks, *(risk_label(k) for k in risks)] if risks else []),
    ]
    if isinstance(hook, ClaudeHook):
        parts.append(hook.detail or "")
    elif isinstance(hook, Hook):
        parts += [hook.name or "", hook.command_raw or "", hook.description or ""]
    return "\n".join(parts).lower()


def hook_matches(hook: HookRecord, query: str) -> bool:
    """The filter box: every word of the query occurs in the hook's id, name, command,
    event, layer, matcher, description, badges or risk flags (their kinds and labels, and
    `risky` for any; case-insensitive); `host:NAME` keeps one host's."""
    words = query.lower().split()
    if not words:
        return True
    text = _haystack(hook)
    return all(word in text for word in words)


# ------------------------------------------------------------------------ risk flags

# How each kind of risk flag is labelled: words, not colour alone, say what it is.
RISK_LABELS: dict[RiskKind, str] = {
    "pipe-to-shell": "PIPE TO SHELL",
    "decode-and-run": "DECODE AND RUN",
    "opaque": "OPAQUE",
    "fetched-code": "FETCHED CODE",
    "startup-env": "STARTUP ENV",
    "network": "NETWORK",
    "secrets": "SECRETS",
    "persistence": "PERSISTENCE",
    "destructive": "DESTRUCTIVE",
    "outside-workspace": "OUTSIDE WORKSPACE",
    "sudo": "SUDO",
}
# What a plan or fire says of an event no matcher applies to (Stop, SessionEnd, …): a
# person reading "no match query" wonders what query to give.
NO_MATCHER = "takes no matcher (every hook runs)"


def risk_label(kind: RiskKind) -> str:
    """A kind of risk flag in words ("NETWORK"); a kind without a label, in capitals."""
    return RISK_LABELS.get(kind, visible(kind).upper())


class Flagged(Protocol):
    """Anything that carries risk flags for a command: a hook of any host, a Claude
    settings command, a hook an import would copy."""

    @property
    def risks(self) -> list[RiskFlag]: ...
    @property
    def command(self) -> str | None: ...


def hook_risk_kinds(hook: Flagged) -> list[RiskKind]:
    """The kinds of the hook's risk flags, once each, most serious first (the order
    `check` names them; a kind it does not know yet, last)."""
    order = {kind: i for i, kind in enumerate(RISK_KINDS)}
    kinds = dict.fromkeys(flag.kind for flag in hook.risks)
    return sorted(kinds, key=lambda kind: order.get(kind, len(order)))


def risk_badge(hook: AnyHook, *, short: bool = False) -> str | None:
    """The hook's risk flags on its line, in words: the most serious kind and how many
    kinds more (`⚠ PIPE TO SHELL +1`), or, `short`, how many kinds (`⚠ 2 risks`) unless
    the words are as short (`⚠ SUDO`); None when it has none."""
    kinds = hook_risk_kinds(hook)
    if not kinds:
        return None
    more = f" +{len(kinds) - 1}" if len(kinds) > 1 else ""
    full = f"⚠ {risk_label(kinds[0])}{more}"
    count = f"⚠ {len(kinds)} risk{'s' if len(kinds) > 1 else ''}"
    return count if short and len(full) > len(count) + 1 else full


@dataclass(frozen=True)
class RiskLine:
    """One risk flag as the details pane and the trust review show it."""

    kind: RiskKind
    label: str  # "NETWORK"
    span: str  # the text it was found in, on one line
    where: str  # "command", or "<script>:<line>"
    why: str


def risk_lines(hook: Flagged, display: Callable[[str], str] = str) -> list[RiskLine]:
    """The hook's (or a Claude settings command's) risk flags, most serious kind first (the
    order `check` names them)."""
    order = {kind: i for i, kind in enumerate(hook_risk_kinds(hook))}
    lines = []
    for flag in sorted(hook.risks, key=lambda f: order[f.kind]):
        where = "command"
        if not isinstance(hook, ClaudeSettingsCommand) and hook.command is None:
            # a Claude http, agent or mcp_tool hook: its handler
            where = f"its {visible(str(getattr(hook, 'type', None)))} handler"
        elif flag.env is not None:
            where = "its env"
        elif flag.file:
            where = visible(display(flag.file)) + (f":{flag.line}" if flag.line else "")
        lines.append(
            RiskLine(
                kind=flag.kind,
                label=risk_label(flag.kind),
                span=shorten(visible(flag.span.text), RISK_SPAN_WIDTH),
                where=where,
                why=visible(flag.why),
            )
        )
    return lines
