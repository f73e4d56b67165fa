"""What hookdash says of a Codex world, beside what the binary lists and runs.

hookdash is asked through its Codex host (`load_codex`, `codex_plan`, the trust, switch and
fire operations), with the world's environment: HOME and CODEX_HOME in the world,
HOOKDASH_CODEX_SYSTEM_DIR at the folder the run shows as /etc/codex, HOOKDASH_STATE_DIR in
the world. Every harness hook's command is `trace.sh LABEL ...`, so a hook's label is the
second word of its command.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hookdash.core.hosts.codex.model import CodexHook, CodexPlan, CodexSnapshot
from hookdash.core.hosts.codex.planner import codex_plan
from hookdash.core.hosts.codex.registry import load_codex
from tests.codex.harness import World


def environ(world: World, codex_on_path: bool = False) -> dict[str, str]:
    env = world.environ()
    env["HOOKDASH_CODEX_SYSTEM_DIR"] = str(world.system_dir)
    env["HOOKDASH_STATE_DIR"] = str(world.root / "hookdash-state")
    if codex_on_path:
        env["HOOKDASH_CODEX"] = str(world.codex)
    return env


def hookdash(world: World, cwd: Path | None = None) -> CodexSnapshot:
    return load_codex(cwd or world.project, environ(world))


def label(hook: CodexHook | dict[str, Any]) -> str:
    command = hook["command"] if isinstance(hook, dict) else hook.command
    words = str(command).split()
    if len(words) > 1 and words[0].endswith("trace.sh"):
        return words[1].rstrip(";")
    return str(command)


def labels(plan: CodexPlan) -> set[str]:
    return {label(h) for h in plan.hooks}


def plan(
    world: World,
    event: str,
    tool: str | None = None,
    trigger: str | None = None,
    cwd: Path | None = None,
) -> CodexPlan:
    return codex_plan(hookdash(world, cwd), event, tool, trigger)


def compare_listing(world: World, cwd: Path | None = None) -> list[str]:
    """Where hookdash's hooks and trust states differ from `hooks/list`'s (empty: agree)."""
    mine = [h.model_dump() for h in hookdash(world, cwd).hooks]
    return compare(world, mine, world.listed(cwd)["hooks"])


def compare(world: World, mine: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> list[str]:
    """Where hookdash's hooks (as `list --host codex --json` prints them) differ from
    Codex's `hooks/list` (empty: they agree). hookdash lists more than Codex (a project
    Codex does not load, a refused file's or a dropped group's hooks): those must be hooks
    it says do not run."""
    system = str(world.system_dir)
    by_key = {str(h["key"]).replace(system, "/etc/codex", 1): h for h in mine}
    differences: list[str] = []
    for listed in theirs:
        hook = by_key.pop(listed["key"], None)
        if hook is None:
            differences.append(f"hookdash does not list {listed['key']}")
            continue
        expected = "disabled" if not listed["enabled"] else listed["trustStatus"]
        if hook["trust"] != expected:
            differences.append(f"{listed['key']}: hookdash {hook['trust']}, Codex {expected}")
        if listed["trustStatus"] != "managed" and hook["current_hash"] != listed["currentHash"]:
            differences.append(
                f"{listed['key']}: hash {hook['current_hash']} != {listed['currentHash']}"
            )
        if hook["timeout"] != listed["timeoutSec"]:
            differences.append(
                f"{listed['key']}: timeout {hook['timeout']} != {listed['timeoutSec']}"
            )
    for key, hook in by_key.items():
        if hook["runs"]:
            differences.append(f"hookdash lists {key} as running; Codex does not list it")
    return differences


def ran_for(ran_traces: dict[str, list[dict[str, Any]]], event: str) -> set[str]:
    """The labels whose trace is a payload of `event`."""
    return {
        name
        for name, payloads in ran_traces.items()
        if any(isinstance(p, dict) and p.get("hook_event_name") == event for p in payloads)
    }
