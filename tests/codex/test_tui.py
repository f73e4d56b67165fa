"""How Codex 0.171.0's own terminal UI records trust: its "Hooks need review" question,
answered "Trust all and continue", adds one `[hooks.state."<key>"]` table per new or
changed hook to the user's config.toml (an empty `[hooks.state]` header first), and leaves
every other entry, comment and byte as it was: it does not rewrite the table.
(observed-0.171.0.md, "Codex's own API")"""

from __future__ import annotations

import pytest

from tests.codex import trust
from tests.codex.harness import World

pytestmark = pytest.mark.codex


def test_trust_all_in_codexs_ui_appends_one_entry_per_hook_and_keeps_the_rest(
    world: World,
) -> None:
    hooks = {
        "PreToolUse": [
            world.group(world.hook("new"), matcher="Bash"),
            world.group(world.hook("switched_off")),
            world.group(world.hook("changed", timeout=60)),
        ]
    }
    world.write_hooks_json(world.user_hooks, hooks)
    world.trust_project()
    new, off, changed = trust.state_entries(str(world.user_hooks), world.hooks_in(world.user_hooks))
    kept = (
        "# my note\n"
        f'[hooks.state."{off}"]  # a comment\n'
        "enabled = false\n"
        f'trusted_hash = "{trust.trusted_hash("PreToolUse", None, world.hook("switched_off"))}"\n'
        "\n"
        f'[hooks.state."{changed}"]\n'
        'trusted_hash = "sha256:0000"\n'
        "\n"
        '[hooks.state."/gone/hooks.json:stop:0:0"]\n'
        'trusted_hash = "sha256:1111"\n'
    )
    world.add_config(world.user_config, kept)
    before = world.user_config.read_text()
    assert [h["trustStatus"] for h in world.listed()["hooks"]] == [
        "untrusted",
        "trusted",
        "modified",
    ]
    world.tui_trust_all([new])
    after = world.user_config.read_text()
    digest = {
        k: trust.trusted_hash("PreToolUse", g.get("matcher"), g["hooks"][0])
        for k, g in zip((new, off, changed), hooks["PreToolUse"], strict=True)
    }
    # What was there stays, byte for byte (the changed hook's entry is edited in place).
    head, _, _ = before.partition("# my note")
    assert after.startswith(head.rstrip("\n") + "\n\n[hooks.state]\n")
    assert kept.replace('"sha256:0000"', f'"{digest[changed]}"') in after
    assert f'[hooks.state."{new}"]\ntrusted_hash = "{digest[new]}"\n' in after
    listed = world.listed()["hooks"]
    assert [(h["trustStatus"], h["enabled"]) for h in listed] == [
        ("trusted", True),
        ("trusted", False),
        ("trusted", True),
    ]
