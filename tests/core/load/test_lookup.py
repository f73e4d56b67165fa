"""The one hook lookup: every form of ID fire, plan, the edits and trust accept."""

from __future__ import annotations

import pytest

from hookdash.core.errors import AmbiguousHook, HookdashError, HookNotFound
from hookdash.core.hosts.gemini.switching.disabled_list import enable_hook
from hookdash.core.load.lookup import find_hooks, select_hook, suggestions
from tests.conftest import Sandbox, command_hook, definition, settings_with


def test_an_unnamed_hook_is_found_by_its_command_as_written(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.set_env("LINT_HOME", "/opt/lint")
    sandbox.write_user(
        {
            "hooks": {"AfterTool": [definition(command_hook("$LINT_HOME/run.sh"))]},
            "hooksConfig": {"disabled": ["$LINT_HOME/run.sh"]},
        }
    )
    config = sandbox.load()
    assert config.hooks[0].id == "/opt/lint/run.sh" and config.hooks[0].disabled
    lookup = find_hooks(config, "$LINT_HOME/run.sh")
    assert lookup.identifier == "/opt/lint/run.sh"
    assert [h.ref for h in lookup.hooks] == [config.hooks[0].ref]
    assert select_hook(config, "$LINT_HOME/run.sh", "AfterTool") is lookup.hooks[0]

    result = enable_hook(config, "$LINT_HOME/run.sh")
    assert result.changed
    assert sandbox.load().hooks[0].runs


def test_did_you_mean_puts_the_closest_first(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        settings_with(
            command_hook("a", name="format-python"),
            command_hook("c", name="lint-js"),
            command_hook("b", name="lint"),
        )
    )
    with pytest.raises(HookNotFound) as info:
        find_hooks(sandbox.load(), "lnt")
    assert info.value.candidates[0] == "lint"
    assert suggestions("lint", ["lint-js", "lint"]) == ["lint", "lint-js"]


def test_lookup_failures_share_one_root_with_stable_codes(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("x", name="dup"))]}})
    sandbox.write_system_defaults(
        {"hooks": {"BeforeTool": [definition(command_hook("y", name="dup"))]}}
    )
    config = sandbox.load()
    with pytest.raises(AmbiguousHook) as ambiguous:
        select_hook(config, "dup", "BeforeTool")
    with pytest.raises(HookNotFound) as missing:
        select_hook(config, "nope", "BeforeTool")
    for error, code in ((ambiguous.value, "hook-ambiguous"), (missing.value, "hook-not-found")):
        assert isinstance(error, HookdashError)
        assert error.to_dict()["error"] == code
    assert [c["ref"] for c in ambiguous.value.to_dict()["candidates"]] == [
        "system-defaults:/hooks/BeforeTool/0/hooks/0",
        "user:/hooks/BeforeTool/0/hooks/0",
    ]
