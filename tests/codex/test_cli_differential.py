"""hookdash's command line against the real Codex 0.171.0: `list --host codex --json` and
`plan --host codex` say what `hooks/list` lists and `codex exec` runs, over the worlds of
test_differential.py; and a person's way through it (review with `trust`, trust with the
token it printed, `disable`, `enable`, `fire`) changes what the binary does as hookdash
says. hookdash runs as a user runs it: `python -m hookdash` in the world's environment,
Codex on its PATH (HOOKDASH_CODEX)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.codex.differential import compare, environ, label, ran_for
from tests.codex.harness import World
from tests.codex.test_differential import WORLDS

pytestmark = pytest.mark.codex
HOOKDASH_TIMEOUT_S = 120.0


def hookdash(world: World, *argv: str, cwd: Path | None = None, code: int = 0) -> Any:
    """`hookdash ARGV --host codex --json` in the world; its JSON."""
    done = subprocess.run(
        [sys.executable, "-m", "hookdash", *argv, "--host", "codex", "--json"],
        cwd=cwd or world.project,
        env=environ(world, codex_on_path=True),
        capture_output=True,
        text=True,
        timeout=HOOKDASH_TIMEOUT_S,
        check=False,
    )
    assert done.returncode == code, done.stdout + done.stderr
    return json.loads(done.stdout)


def planned(world: World, event: str, *more: str, cwd: Path | None = None) -> set[str]:
    return {label(h) for h in hookdash(world, "plan", event, *more, cwd=cwd)["hooks"]}


@pytest.mark.parametrize("name", list(WORLDS))
def test_list_and_plan_say_what_codex_lists_and_runs(world: World, name: str) -> None:
    WORLDS[name](world)
    cwd = world.project / "sub" if name == "projects" else None
    listed = hookdash(world, "list", cwd=cwd)
    assert compare(world, listed["hooks"], world.listed(cwd)["hooks"]) == []
    ran = world.run(cwd=cwd)
    assert planned(world, "PreToolUse", "--tool", "Bash", cwd=cwd) == ran_for(
        ran.traces, "PreToolUse"
    )
    for event in ("UserPromptSubmit", "Stop"):
        assert planned(world, event, cwd=cwd) == ran_for(ran.traces, event), event


def test_review_trust_disable_enable_and_fire(world: World) -> None:
    hooks = {
        "PreToolUse": [
            world.group(world.hook("guard"), matcher="Bash"),
            world.group(world.hook_says("blocker", stderr="not today", exit_code=2)),
        ]
    }
    world.write_hooks_json(world.user_hooks, hooks)
    assert world.run().labels == set()  # untrusted: Codex says nothing
    untrusted = hookdash(world, "list")["hooks"]
    assert {h["trust"] for h in untrusted} == {"untrusted"}
    assert all("without a word" in h["trust_detail"] for h in untrusted)
    # The review (no --yes): what would be trusted, and the token of exactly that.
    review = hookdash(world, "trust", code=3)
    assert {label(h) for h in review["hooks"]} == {"guard", "blocker"}
    done = hookdash(world, "trust", "--yes", "--reviewed", review["reviewed"])
    assert done["via"] == "app-server"
    assert compare(world, hookdash(world, "list")["hooks"], world.listed()["hooks"]) == []
    ran = world.run()
    assert ran.labels == {"guard", "blocker"}
    assert "hook: PreToolUse Blocked" in ran.hook_lines
    fired = hookdash(world, "fire", "PreToolUse", "--tool", "Bash")
    assert fired["blocked"] is True
    assert {label(r) for r in fired["results"]} == {"guard", "blocker"}
    # Switch the blocker off: Codex skips it, the call goes through; on: bytes back.
    before = world.user_config.read_bytes()
    (blocker,) = [h for h in hookdash(world, "list")["hooks"] if label(h) == "blocker"]
    hookdash(world, "disable", blocker["ref"])
    assert compare(world, hookdash(world, "list")["hooks"], world.listed()["hooks"]) == []
    ran = world.run()
    assert ran.labels == {"guard"}
    assert "hook: PreToolUse Blocked" not in ran.hook_lines
    assert hookdash(world, "fire", "PreToolUse", "--tool", "Bash")["blocked"] is False
    hookdash(world, "enable", blocker["ref"])
    assert world.user_config.read_bytes() == before
    assert world.run().labels == {"guard", "blocker"}
