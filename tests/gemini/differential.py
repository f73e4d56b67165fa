"""Compare what the real Gemini CLI did in one session with what hookdash says.

Every comparison is one counted check; a `Differ` collects the mismatches of a scenario
and fails once at the end with all of them, so one run of the real CLI reports every
disagreement, not just the first.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tests.gemini.harness import TOOL_EVENTS, TRIGGER_FIELD, Firing, GeminiRun, World

# The firings of every session (a prompt, a tool call, an answer), as (event, tool name
# or trigger). A plan for any of these that names hooks which never ran is a
# disagreement, even if the trace has no firing to compare it with.
SESSION_FIRINGS: tuple[tuple[str, str | None], ...] = (
    ("SessionStart", "startup"),
    ("BeforeAgent", None),
    ("PreCompress", "auto"),
    ("BeforeModel", None),
    ("BeforeToolSelection", None),
    ("AfterModel", None),
    ("AfterAgent", None),
    ("SessionEnd", "exit"),
)


def session_firings(run: GeminiRun) -> set[tuple[str, str | None]]:
    """The firings this session had, hooks or not: the fixed ones, and the tool events of
    every tool Gemini executed (telemetry's tool_call records; a tool Gemini did not
    register, as in an untrusted folder's forced default approval mode, fires none)."""
    firings = set(SESSION_FIRINGS)
    for record in run.tool_calls:
        if record.get("success") is True and isinstance(record.get("function_name"), str):
            for event in TOOL_EVENTS:
                firings.add((event, record["function_name"]))
    return firings


@dataclass
class Tally:
    """Counts scenarios and checks for the run's summary line."""

    scenarios: set[str] = field(default_factory=set)
    checks: int = 0
    gemini_runs: int = 0


TALLY = Tally()


def context_args(event: str, context: str | None) -> list[str]:
    if context is None:
        return []
    if event in TOOL_EVENTS:
        return ["--tool", context]
    if event in TRIGGER_FIELD:
        return ["--trigger", context]
    return []


def _stamp(record: dict[str, Any]) -> str | None:
    """The firing timestamp inside a telemetry record's hook_input."""
    raw = record.get("hook_input")
    if not isinstance(raw, str):
        return None
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        return None
    stamp = value.get("timestamp") if isinstance(value, dict) else None
    return stamp if isinstance(stamp, str) else None


class Differ:
    """The checks of one scenario against one World."""

    def __init__(self, world: World, scenario: str) -> None:
        self.world = world
        self.scenario = scenario
        self.failures: list[str] = []
        TALLY.scenarios.add(scenario)

    # --- bookkeeping ---------------------------------------------------------------------
    def check(self, ok: bool, what: str) -> bool:
        TALLY.checks += 1
        if not ok:
            self.failures.append(what)
        return ok

    def equal(self, actual: Any, expected: Any, what: str) -> bool:
        return self.check(
            actual == expected, f"{what}:\n    Gemini: {actual!r}\n    hookdash: {expected!r}"
        )

    def finish(self) -> None:
        if self.failures:
            raise AssertionError(
                f"{self.scenario}: {len(self.failures)} disagreement(s) between Gemini CLI "
                f"{self.world.gemini.version} and hookdash:\n- " + "\n- ".join(self.failures)
            )

    # --- identities ----------------------------------------------------------------------
    @staticmethod
    def env_passed(run: GeminiRun) -> bool:
        """Whether this Gemini passes a hook's `env` (0.26 does not)."""
        return any(call.tag for call in run.calls)

    def ident(self, hook: dict[str, Any], by_tag: bool) -> str:
        """The name the trace knows this hook by: its HOOK_TAG where Gemini passes a hook's
        env, else the tracer's first argument (hooks that hookdash itself wrote, through
        `add` or `import`, have no env and are always known by it)."""
        tag = str((hook.get("env") or {}).get("HOOK_TAG", ""))
        if tag:
            return tag if by_tag else str(self.world.tags.get(tag, {}).get("arg", tag))
        words = str(hook.get("command") or "").split()
        return words[1] if len(words) > 1 and words[0].endswith('trace_hook"') else ""

    # --- the whole comparison -------------------------------------------------------------
    def session(self, run: GeminiRun, *, expect_starts: bool = True) -> dict[str, Any]:
        """Every comparison for one session; returns hookdash's listing (before the run's
        own writes, e.g. trusted_hooks.json, which `run` already made: callers that need
        the listing from before the run take it themselves)."""
        TALLY.gemini_runs += 1
        if os.environ.get("HOOKDASH_HARNESS_VERBOSE"):
            print(f"\n[{self.scenario}] {run.describe()}")
            for f in run.firings:
                print(f"  {f.event} {f.context or ''}: {' '.join(c.ident for c in f.calls)}")
        listing = self.world.hookdash_json("list")
        if run.refused_untrusted:
            # Headless Gemini (0.41+) exits 55 in a folder it does not trust, where the
            # interactive CLI would ask; hookdash models the interactive CLI, so all there
            # is to compare is that hookdash sees the folder untrusted too.
            self.equal(
                listing["folder_trust"]["trusted"], False, "Gemini refused an untrusted folder"
            )
            return listing
        started = run.exit_code == 0
        self.equal(started, expect_starts, f"Gemini started (exit 0)\n{run.describe()}")
        self.equal(started, listing["gemini_starts"], "Gemini starts (list gemini_starts)")
        by_tag = self.env_passed(run)
        self.listing(run, listing, by_tag)
        if started:
            self.plans(run, listing, by_tag)
            self.telemetry(run)
            self.log(run, listing, by_tag)
        return listing

    def listing(self, run: GeminiRun, listing: dict[str, Any], by_tag: bool) -> None:
        hooks = listing["hooks"]
        idents: dict[str, list[dict[str, Any]]] = {}
        for hook in hooks:
            idents.setdefault(self.ident(hook, by_tag), []).append(hook)
        traced = Counter(call.ident for call in run.calls)
        for ident in sorted(traced):
            candidates = idents.get(ident, [])
            self.check(
                any(h["runs"] for h in candidates),
                f"hook {ident!r} ran {traced[ident]}x but hookdash says "
                + (
                    "it does not run: "
                    + "; ".join(r for h in candidates for r in h["not_running_because"])
                    if candidates
                    else "nothing of it (not listed)"
                ),
            )
        for ident, candidates in sorted(idents.items()):
            if not ident:
                continue
            if all(not h["runs"] for h in candidates):
                self.check(
                    ident not in traced,
                    f"hookdash says {ident!r} does not run "
                    f"({'; '.join(r for h in candidates for r in h['not_running_because'])}) "
                    f"but Gemini ran it",
                )

    def plans(self, run: GeminiRun, listing: dict[str, Any], by_tag: bool) -> None:
        firings = run.firings
        # Events no hook is configured for need no plan (a python start-up each).
        configured = {h["event"] for h in listing["hooks"]}
        expected_firings = {k for k in session_firings(run) if k[0] in configured}
        plans = self.fetch_plans({(f.event, f.context) for f in firings} | expected_firings)
        runs_ids = {self.ident(h, by_tag) for h in listing["hooks"] if h["runs"]}
        for firing in firings:
            plan = plans[(firing.event, firing.context)]
            self.firing(firing, plan, run, by_tag)
        fired = {(f.event, f.context) for f in firings}
        for key in sorted(expected_firings, key=lambda k: (k[0], k[1] or "")):
            plan = plans[key]
            if key in fired:
                continue
            self.equal(
                [],
                [self.ident(h, by_tag) for h in plan["hooks"]],
                f"{key[0]} ({key[1]}) fired no hook, but hookdash plans some",
            )
        for (event, context), plan in plans.items():
            planned = {self.ident(h, by_tag) for h in plan["hooks"]}
            self.check(
                planned <= runs_ids,
                f"plan {event} {context}: hooks planned that list says do not run: "
                f"{sorted(planned - runs_ids)}",
            )

    def fetch_plans(
        self, keys: Iterable[tuple[str, str | None]]
    ) -> dict[tuple[str, str | None], dict[str, Any]]:
        keys = sorted(keys, key=lambda k: (k[0], k[1] or ""))
        # Two at a time: the machine has two cores and each call is a python start-up.
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = pool.map(
                lambda k: self.world.hookdash_json("plan", k[0], *context_args(*k)), keys
            )
            return dict(zip(keys, results, strict=True))

    def firing(self, firing: Firing, plan: dict[str, Any], run: GeminiRun, by_tag: bool) -> None:
        label = f"{firing.event}" + (f" ({firing.context})" if firing.context else "")
        expected = [self.ident(h, by_tag) for h in plan["hooks"]]
        actual = [call.ident for call in firing.calls]
        self.equal(sorted(actual), sorted(expected), f"{label}: which hooks ran")
        # The true plan order: telemetry logs an event's calls in plan order once done.
        names = [
            r.get("hook_name")
            for r in run.hook_calls
            if r.get("hook_event_name") == firing.event and _stamp(r) == firing.stamp
        ]
        if names:
            self.equal(names, [h["id"] for h in plan["hooks"]], f"{label}: order (telemetry)")
        if plan["sequential"]:
            self.check(
                firing.one_after_another,
                f"{label}: hookdash says sequential, Gemini's calls overlapped",
            )
            self.equal(actual, expected, f"{label}: sequential start order")
        elif len(firing.calls) > 1 and all(
            float(h.get("env", {}).get("TRACE_SLEEP", 0)) >= 0.2 for h in plan["hooks"]
        ):
            self.check(
                firing.overlapping,
                f"{label}: hookdash says parallel, Gemini ran them one after another",
            )

    def telemetry(self, run: GeminiRun) -> None:
        self.equal(len(run.hook_calls), len(run.calls), "telemetry hook_call records == hook calls")

    def log(self, run: GeminiRun, listing: dict[str, Any], by_tag: bool) -> None:
        records = self.world.hookdash_lines("log", "--source", "gemini", "--limit", "100000")

        def key(event: Any, name: Any, code: Any, ok: Any, ms: Any) -> tuple[Any, ...]:
            return (event, name, code, ok, ms)

        gemini = Counter(
            key(
                r.get("hook_event_name"),
                r.get("hook_name"),
                r.get("exit_code"),
                r.get("success"),
                r.get("duration_ms"),
            )
            for r in run.hook_calls
        )
        shown = Counter(
            key(x["event"], x["id"], x["exit_code"], x["success"], x["duration_ms"])
            for x in records
        )
        self.equal(
            sorted(shown.elements(), key=repr),
            sorted(gemini.elements(), key=repr),
            "every hook call in telemetry appears in `log --json`",
        )
        # Which layer a call came from: where a name is unique in its event, hookdash's
        # attribution must be the hook that the trace says ran.
        hooks = listing["hooks"]
        for record in records:
            same = [h for h in hooks if h["event"] == record["event"] and h["id"] == record["id"]]
            if len({(h["scope"], h["extension"]) for h in same}) != 1:
                continue
            self.equal(
                (record["scope"], record.get("extension")),
                (same[0]["scope"], same[0]["extension"]),
                f"log attributes {record['event']} {record['id']!r} to its layer",
            )

    # --- the project-hook warning -------------------------------------------------------------
    def warning(self, run: GeminiRun, before: dict[str, Any]) -> None:
        """The names Gemini warned about == hookdash's NEW/CHANGED project hooks.

        Gemini checks project hooks only in a trusted folder (it ignores the workspace
        file otherwise), and only when it gets as far as starting its hook system.
        """
        expected: list[str] = []
        checked = before["folder_trust"]["trusted"] and before["hooks_enabled"]
        for hook in before["hooks"] if checked else []:
            if hook["scope"] != "workspace" or hook["id"] in expected:
                continue
            # CHANGED also covers a trusted hook whose script changed: hookdash's own
            # fingerprint, which Gemini (keyed by name:command only) does not warn about.
            command_changed = "command" in (hook.get("trust_detail") or "")
            if hook["trust"] == "new" or (hook["trust"] == "changed" and command_changed):
                expected.append(hook["id"])
        # Which hooks, not their order: Gemini 0.26 lists them in file order, later
        # versions in the schema's event order; hookdash shows no such list.
        self.equal(
            sorted(run.warned_hooks or []), sorted(expected), "project hooks Gemini warned about"
        )
