"""PreCompact and PostCompact in Codex 0.171.0, run: with `model_auto_compact_token_limit`
below what the stand-in reports, `codex exec` compacts the context after a model answer,
firing both with `trigger: "auto"`, which their matcher is tested against.
(observed-0.171.0.md, "How a hook is run")"""

from __future__ import annotations

import pytest

from tests.codex.api_stub import shell
from tests.codex.harness import World

pytestmark = pytest.mark.codex
COMPACT_SOON = ("-c", "model_auto_compact_token_limit=12")


def test_auto_compaction_fires_both_and_their_matcher_is_the_trigger(world: World) -> None:
    hooks = {
        event: [
            world.group(world.hook(f"{event}_auto"), matcher="auto"),
            world.group(world.hook(f"{event}_manual"), matcher="manual"),
        ]
        for event in ("PreCompact", "PostCompact")
    }
    world.write_hooks_json(world.user_hooks, hooks)
    world.trust_file(world.user_hooks)
    ran = world.run(script=[[shell("echo hookdash")]], flags=COMPACT_SOON)
    assert ran.returncode == 0, ran.stderr
    assert ran.labels == {"PreCompact_auto", "PostCompact_auto"}
    assert ran.count("PreCompact_auto") == ran.count("PostCompact_auto") >= 1
    for event in ("PreCompact", "PostCompact"):
        payload = ran.traces[f"{event}_auto"][0]
        assert payload["hook_event_name"] == event
        assert payload["trigger"] == "auto"
        assert set(payload) == {
            "session_id",
            "turn_id",
            "transcript_path",
            "cwd",
            "hook_event_name",
            "model",
            "trigger",
        }


def test_session_start_fires_again_after_compaction_with_source_compact(world: World) -> None:
    hooks = {
        "SessionStart": [
            world.group(world.hook("startup"), matcher="startup"),
            world.group(world.hook("compact"), matcher="compact"),
        ]
    }
    world.write_hooks_json(world.user_hooks, hooks)
    world.trust_file(world.user_hooks)
    ran = world.run(script=[[shell("echo hookdash")]], flags=COMPACT_SOON)
    assert ran.labels == {"startup", "compact"}
    (after,) = ran.traces["compact"]
    (first,) = ran.traces["startup"]
    assert after["source"] == "compact"
    assert after["session_id"] == first["session_id"]
