"""A timeout Node's setTimeout cannot take (more than 2^31-1 ms, not a number, under 1 ms)
becomes 1 ms: Gemini kills the hook at once. check says so, add/edit refuse it, the
runner, plan and fire reproduce it, and import claude carries a Claude timeout over
without overflowing."""

from __future__ import annotations

import json
import math
import subprocess
from typing import Any

import pytest

from hookdash.core import HookChanges, HookDraft, add_hook, edit_hook, fire_sync
from hookdash.core.errors import InvalidHookError
from hookdash.core.hosts.crosswalk.importing.claude_import import import_claude
from hookdash.core.hosts.gemini.timeouts import NODE_TIMEOUT_MAX, js_to_number, killed_at_once
from tests.conftest import Sandbox, command_hook, settings_with
from tests.core.load.test_checks import _codes
from tests.core.node_regex import NODE

# What a settings file can hold where a number is expected, as JSON.
JSON_VALUES: list[Any] = [
    5000, 0, -1, 1.5, 0.5, 2**31 - 1, 2**31, 1e309, -1e309, "5000", " 5000 ", "\t7\n",
    "5e3", "0x10", "0o17", "0b11", "abc", "", "1_000", "Infinity", "-Infinity", "inf",
    "nan", True, False, None, [], [5000], ["6"], [1, 2], {}, {"a": 1}, [[3]], "+5", ".5",
    "5.", "1e", "\u00a05", "\ufeff9",
]  # fmt: skip


@pytest.mark.skipif(NODE is None, reason="node is not installed: it is this test's oracle")
def test_numbers_are_read_as_javascript_reads_them() -> None:
    # JSON has no Infinity: those two go as 1e309 (JSON.parse gives Infinity, as Gemini).
    text = json.dumps(JSON_VALUES).replace("Infinity", "1e309")
    script = "const v = JSON.parse(require('fs').readFileSync(0, 'utf8'));" + (
        "process.stdout.write(JSON.stringify(v.map((x) => String(Number(x)))));"
    )
    out = subprocess.run(
        [str(NODE), "-e", script], input=text, capture_output=True, text=True, check=True
    )
    node = json.loads(out.stdout)
    mine = [
        "NaN" if math.isnan(n) else ("Infinity" if n == math.inf else "-Infinity")
        if math.isinf(n) else repr(n).removesuffix(".0")
        for n in (js_to_number(v) for v in JSON_VALUES)
    ]  # fmt: skip
    assert mine == [n if "e" not in n else repr(float(n)) for n in node]


@pytest.mark.parametrize(
    ("raw", "at_once"),
    [
        (None, False), (1, False), (NODE_TIMEOUT_MAX, False), ("60000", False),
        (NODE_TIMEOUT_MAX + 1, True), (math.inf, True), (0, True), (0.5, True), (-5, True),
        ("abc", True), ({}, True), (True, False), (False, True),
    ],
)  # fmt: skip
def test_which_timeouts_node_turns_into_one_millisecond(raw: Any, at_once: bool) -> None:
    assert (killed_at_once(raw) is not None) is at_once


def test_check_reports_timeouts_node_cannot_take(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        '{"hooks": {"BeforeTool": [{"hooks": ['
        '{"type": "command", "command": "a", "timeout": 2147483648},'
        '{"type": "command", "command": "b", "timeout": 1e309},'
        '{"type": "command", "command": "c", "timeout": 2147483647},'
        '{"type": "command", "command": "d", "timeout": "soon"}]}]}}'
    )
    codes = _codes(sandbox)
    large = codes["timeout-too-large"]
    assert len(large) == 2 and all(p.severity == "error" for p in large)
    assert large[0].message == (
        "The timeout 2147483648 ms is more than Node's largest timer delay (2147483647 ms, "
        "about 24.8 days): Node's setTimeout fires after 1 ms instead, so Gemini CLI kills "
        "the hook at once, every time."
    )
    assert "Infinity is more than" in large[1].message
    (nan,) = codes["timeout-not-a-number"]
    assert 'The timeout "soon" is not a number' in nan.message
    assert "timeout-looks-like-seconds" not in codes  # "soon" was read as 1 ms before
    hooks = {h.command: h for h in sandbox.load().hooks}
    assert not any("setTimeout" in n for n in _notes(hooks["c"]))
    assert any("kills the hook at once" in n for n in _notes(hooks["a"]))


def _notes(hook: Any) -> list[str]:
    from hookdash.core import hook_notes

    return hook_notes(hook)


@pytest.mark.parametrize("timeout", [2**31, "2147483648", "9" * 5000])
def test_add_and_edit_refuse_a_timeout_node_cannot_take(sandbox: Sandbox, timeout: Any) -> None:
    sandbox.trust_folder()
    sandbox.write_user(settings_with(command_hook("true", name="t")))
    before = sandbox.user_settings.read_bytes()
    with pytest.raises(InvalidHookError, match="more than 2147483647 ms"):
        add_hook(sandbox.load(), HookDraft(event="AfterAgent", command="x", timeout_ms=timeout))
    with pytest.raises(InvalidHookError, match="Gemini CLI would kill the hook at once"):
        edit_hook(sandbox.load(), "t", HookChanges(timeout_ms=timeout))
    assert sandbox.user_settings.read_bytes() == before
    edit_hook(sandbox.load(), "t", HookChanges(timeout_ms=NODE_TIMEOUT_MAX))  # the largest


def test_fire_kills_at_once_and_says_gemini_would_too(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(settings_with(command_hook("sleep 5", name="slow", timeout=2**31)))
    result = fire_sync(sandbox.load(), "BeforeTool", tool_name="run_shell_command")
    (run,) = result.results
    assert run.timed_out and run.duration_ms < 3000
    assert run.error == "Hook timed out after 2147483648ms"  # Gemini's own words
    assert result.timeouts == [
        "slow: the timeout 2147483648 ms is more than Node's largest timer delay (2147483647 "
        "ms, about 24.8 days): Node's setTimeout fires after 1 ms instead, so Gemini CLI kills "
        "the hook at once, every time"
    ]


@pytest.mark.parametrize(
    ("seconds", "written", "why"),
    [
        ("1e309", None, "its timeout Infinity is not a positive, finite number of seconds"),
        ("-1e309", None, "its timeout -Infinity is not a positive, finite number of seconds"),
        ("-3", None, "its timeout -3 is not a positive, finite number of seconds"),
        ("true", None, "its timeout true is not a number of seconds"),
        ("[5]", None, "its timeout [5] is not a number of seconds"),
        ("5e6", NODE_TIMEOUT_MAX, "its timeout of 5000000 s is longer than Node's setTimeout"),
        ("2147483.647", NODE_TIMEOUT_MAX, None),
        ("30", 30000, None),
    ],
)
def test_import_claude_carries_any_timeout_over_and_names_the_hook(
    sandbox: Sandbox, seconds: str, written: int | None, why: str | None
) -> None:
    sandbox.trust_folder()
    claude = sandbox.write(
        sandbox.root / "claude.json",
        '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./guard.sh", '
        f'"timeout": {seconds}}}]}}]}}}}',
    )
    result = import_claude(sandbox.load(), claude, "workspace")
    (hook,) = json.loads(sandbox.workspace_settings.read_text())["hooks"]["AfterAgent"][0]["hooks"]
    assert hook.get("timeout") == written
    lost = [(n.hook, n.reason) for n in result.not_carried]
    if why is None:
        assert lost == []
    else:
        assert len(lost) == 1 and lost[0][0] == "./guard.sh" and lost[0][1].startswith(why)
