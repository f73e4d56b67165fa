"""Sequential definitions, matchers, `$VAR`s, the global switch and a broken file."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.gemini.differential import Differ
from tests.gemini.harness import ANSWER, TOOL_CALL, World, tool_call
from tests.gemini.scenarios import definition, jsonc

pytestmark = pytest.mark.gemini


def test_sequential_definition(world: World) -> None:
    """One `"sequential": true` definition makes its whole event run one after another."""
    w = world
    w.trust_folder()
    nap = 0.25
    w.settings(
        "user",
        {
            "hooks": {
                "BeforeTool": [
                    definition(w.hook("seq-u1", sleep=nap), w.hook("seq-u2", sleep=nap)),
                    definition(w.hook("seq-u3", sleep=nap), matcher="run_.*", sequential=True),
                ],
                # The same shape without the flag: parallel.
                "AfterTool": [
                    definition(w.hook("par-u1", sleep=nap), w.hook("par-u2", sleep=nap)),
                    definition(w.hook("par-u3", sleep=nap), sequential=False),
                ],
                # Flag on a definition whose matcher does not match this firing.
                "AfterModel": [
                    definition(w.hook("am-1", sleep=nap), w.hook("am-2", sleep=nap)),
                ],
            }
        },
    )
    w.settings(
        "workspace",
        {"hooks": {"BeforeTool": [definition(w.hook("seq-p1", sleep=nap))]}},
    )
    w.extension(
        "seqext",
        {
            "BeforeTool": [definition(w.hook("seq-e1", sleep=nap))],
            "SessionStart": [
                definition(w.hook("ss-e1", sleep=nap), w.hook("ss-e2", sleep=nap)),
                definition(w.hook("ss-never", sleep=nap), matcher="resume", sequential=True),
            ],
        },
    )
    d = Differ(w, "sequential definitions")
    plan = w.hookdash_json("plan", "BeforeTool", "--tool", "run_shell_command")
    d.equal(plan["sequential"], True, "hookdash plans BeforeTool sequentially")
    run = w.run_gemini(trust_env=None)
    d.session(run)
    d.finish()


def test_matchers(world: World) -> None:
    """Tool matchers are unanchored regexes (invalid ones compared exactly); triggers are
    compared exactly; every other event ignores its matcher."""
    w = world
    w.trust_folder()
    w.write(w.project / "hello.txt", "hello\n")
    w.responses = [
        tool_call("read_file", {"file_path": str(w.project / "hello.txt")}),
        TOOL_CALL,
        ANSWER,
    ]
    tool_matchers = {
        "m-exact": "read_file",
        "m-prefix": "read",
        "m-anchored": "^read_file$",
        "m-alt": "write_file|read_file",
        "m-dot": "run_.*",
        "m-star": "*",
        "m-empty": "",
        "m-invalid": "(read_file",  # invalid regex: compared as a string
        "m-invalid-exact": "[",
        "m-claude": "Read",
        "m-case": "READ_FILE",
        "m-space": " read_file ",
    }
    w.settings(
        "user",
        {
            "hooks": {
                "BeforeTool": [
                    definition(w.hook(f"bt-{tag}"), matcher=m) for tag, m in tool_matchers.items()
                ],
                "AfterTool": [
                    definition(w.hook(f"at-{tag}"), matcher=m) for tag, m in tool_matchers.items()
                ],
                "SessionStart": [
                    definition(w.hook("ss-startup"), matcher="startup"),
                    definition(w.hook("ss-resume"), matcher="resume"),
                    definition(w.hook("ss-regex"), matcher="start.*"),
                    definition(w.hook("ss-star"), matcher="*"),
                ],
                "SessionEnd": [
                    definition(w.hook("se-exit"), matcher="exit"),
                    definition(w.hook("se-clear"), matcher="clear"),
                    definition(w.hook("se-alt"), matcher="exit|clear"),
                ],
                "PreCompress": [
                    definition(w.hook("pc-auto"), matcher="auto"),
                    definition(w.hook("pc-manual"), matcher="manual"),
                ],
                "BeforeAgent": [definition(w.hook("ba-ignored"), matcher="no_such_tool")],
                "BeforeModel": [definition(w.hook("bm-ignored"), matcher="read_file")],
                "BeforeToolSelection": [definition(w.hook("bts-ignored"), matcher="[")],
            }
        },
    )
    d = Differ(w, "matchers")
    run = w.run_gemini(trust_env=None)
    d.session(run)
    d.finish()


def test_environment_variables(world: World) -> None:
    """`$VAR`, `${VAR}` and `${VAR:-default}` in settings are expanded when Gemini loads
    them (unset ones stay literal); an extension's hooks.json gets only `${extensionPath}`
    and friends, and bash expands the rest at run time. Expansion changes dedup keys and
    disabled-list entries."""
    w = world
    w.trust_folder()
    w.extra_env.update(
        HD_NAME="from-env",
        HD_EMPTY="",
        HD_DISABLE="var-disabled",
    )
    tracer = f'"{w.tracer}"'
    w.settings(
        "user",
        jsonc(
            {
                "privacy": {"usageStatisticsEnabled": False},
                "hooksConfig": {"disabled": ["$HD_DISABLE", "${HD_NEVER_SET}"]},
                "hooks": {
                    "BeforeAgent": [
                        definition(
                            w.hook("v-plain", name="plain", command='"$TRACE_BIN" v-plain'),
                            w.hook("v-braces", name="braces", command='"${TRACE_BIN}" v-braces'),
                            w.hook(
                                "v-default",
                                name="default",
                                command=f'"${{HD_NEVER_SET:-{w.tracer}}}" v-default',
                            ),
                            w.hook(
                                "v-default-set",
                                name="default-set",
                                command='"${TRACE_BIN:-/nonexistent}" v-default-set',
                            ),
                            w.hook(
                                "v-empty",
                                name="empty$HD_EMPTY",
                                command=f'{tracer} v-empty "$HD_EMPTY"',
                            ),
                            w.hook("v-named", name="$HD_NAME", command=f"{tracer} v-named"),
                            w.hook("v-disabled", name="var-disabled"),
                            w.hook("v-unset-disabled", name="${HD_NEVER_SET}"),
                            w.hook(
                                "v-unset",
                                name="unset",
                                command=f"{tracer} v-unset $HD_NEVER_SET",
                            ),
                        )
                    ]
                },
            },
            "user settings",
        ),
    )
    w.settings(
        "workspace",
        {
            "hooks": {
                "BeforeAgent": [
                    definition(
                        # Same key as the user's v-plain once expanded: deduped.
                        w.hook("p-plain", name="plain", command=f"{tracer} v-plain"),
                        # Same literal text as an extension's copy: unset stays literal.
                        w.hook("p-unset", name="unset", command=f"{tracer} v-unset $HD_NEVER_SET"),
                    )
                ]
            }
        },
    )
    w.extension(
        "vars",
        {
            "BeforeAgent": [
                definition(
                    # Not expanded by Gemini: its key keeps "$TRACE_BIN", so it is no copy.
                    w.hook("e-plain", name="plain", command='"$TRACE_BIN" v-plain'),
                    # Literal in both: the same key as the project's copy, so deduped.
                    w.hook("e-unset", name="unset", command=f"{tracer} v-unset $HD_NEVER_SET"),
                    w.hook("e-named", name="$HD_NAME", command=f"{tracer} v-named"),
                    w.hook(
                        "e-path",
                        command='"${extensionPath}/../../../../bin/trace_hook" e-path',
                    ),
                    w.hook(
                        "e-workspace",
                        command='"$TRACE_BIN" e-workspace "${workspacePath}"',
                    ),
                )
            ]
        },
    )
    d = Differ(w, "environment variables")
    run = w.run_gemini(trust_env=None)
    d.session(run)
    d.finish()


@pytest.mark.parametrize("where", ["user", "workspace"])
def test_hooks_switched_off(world: World, where: str) -> None:
    """`hooksConfig.enabled: false` in one layer: no hook runs, extensions' neither."""
    w = world
    w.trust_folder()
    w.settings(
        "user",
        {"hooks": {"BeforeAgent": [definition(w.hook("off-user"))]}},
    )
    w.settings(
        "workspace",
        {"hooks": {"BeforeAgent": [definition(w.hook("off-proj"))]}},
    )
    off = w.path_of(where)
    document = w.read_json(off)
    document["hooksConfig"] = {"enabled": False}
    w.write(off, document)
    w.extension("offext", {"BeforeAgent": [definition(w.hook("off-ext"))]})
    d = Differ(w, f"hooks switched off in {where} settings")
    before = w.hookdash_json("list")
    d.equal(before["hooks_enabled"], False, "hookdash sees hooks switched off")
    run = w.run_gemini(trust_env=None)
    d.equal(len(run.calls), 0, "no hook ran")
    d.session(run)
    d.warning(run, before)
    d.finish()


@pytest.mark.parametrize(
    "legacy",
    [
        {"tools": {"enableHooks": False}},
        {"hooks": {"enabled": False}},
    ],
    ids=["tools.enableHooks", "hooks.enabled"],
)
def test_legacy_switches(world: World, legacy: dict[str, Any]) -> None:
    """Switches older Gemini CLIs read: `tools.enableHooks` (until 0.28) and
    `hooks.enabled` (renamed to hooksConfig.enabled in 0.26)."""
    w = world
    w.trust_folder()
    document: dict[str, Any] = {"hooks": {"BeforeAgent": [definition(w.hook("lg-user"))]}}
    for key, value in legacy.items():
        document.setdefault(key, {}).update(value)
    w.settings("user", document)
    w.extension("lgext", {"BeforeAgent": [definition(w.hook("lg-ext"))]})
    d = Differ(w, f"legacy switch {json.dumps(legacy)}")
    run = w.run_gemini(trust_env=None)
    d.session(run)
    d.finish()


@pytest.mark.parametrize(
    "broken",
    [
        '{"hooks": {"BeforeAgent": [],},}',  # trailing commas
        "\ufeff{}",  # a byte-order mark
        "[]",  # not an object
    ],
    ids=["trailing-comma", "bom", "array"],
)
def test_settings_file_gemini_rejects(world: World, broken: str) -> None:
    """A workspace file Gemini cannot read: it refuses to start; hookdash says so."""
    w = world
    w.trust_folder()
    w.settings("user", {"hooks": {"BeforeAgent": [definition(w.hook("ok-user"))]}})
    w.write(w.workspace_settings, broken)
    d = Differ(w, f"a settings file Gemini rejects ({broken[:12]!r})")
    run = w.run_gemini(trust_env=None)
    d.session(run, expect_starts=False)
    d.finish()
