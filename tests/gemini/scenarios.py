"""Configurations the scenarios share, written the way people write them."""

from __future__ import annotations

import json
from typing import Any

from tests.gemini.harness import World


def jsonc(document: dict[str, Any], title: str) -> str:
    """The document as JSON with comments (line and block), as people annotate settings."""
    body = json.dumps(document, indent=2)
    assert body.startswith("{\n")
    return (
        f"// {title}: written by hand, with comments\n"
        "{\n"
        "  /* block comment before the first key,\n"
        "     spanning lines */\n"
        + body[2:].replace('\n  "hooks"', '\n  // the hooks\n  "hooks"', 1)
        + "\n// trailing comment\n"
    )


def definition(*hooks: dict[str, Any], matcher: str | None = None, **extra: Any) -> dict[str, Any]:
    d: dict[str, Any] = {}
    if matcher is not None:
        d["matcher"] = matcher
    d.update(extra)
    d["hooks"] = list(hooks)
    return d


def every_layer(w: World, user_extra: dict[str, Any] | None = None) -> None:
    """Hooks in all four settings layers and four extensions (one of them disabled).

    Covers: order across layers (user → workspace → system after system-defaults, then
    extensions by directory name), order within a layer, dedup by name:command (literal
    and after `$VAR` expansion, which extensions do not get), the disabled list across
    layers and sources, the legacy `hooks.disabled` Gemini ignores, tool / trigger /
    ignored matchers, comments in settings files, parallel execution (the BeforeTool hooks
    sleep, so overlapping calls prove they ran in parallel).
    """
    tracer = f'"{w.tracer}"'
    w.extra_env["HOOKDASH_UNSET_PROBE"] = ""  # defined but empty: Gemini expands it to ""
    dup_l = {"name": "dupL", "command": f"{tracer} dupL"}
    dup_e = {"name": "dupE", "command": '"$TRACE_BIN" dupE'}
    nap = 0.3

    w.settings(
        "system-defaults",
        {
            "hooks": {
                "BeforeTool": [definition(w.hook("sd-BT", sleep=nap), matcher="run_.*")],
                "SessionStart": [definition(w.hook("sd-SS"), matcher="startup")],
                "BeforeAgent": [definition(w.hook("sd-dupL", **dup_l))],
            }
        },
    )
    w.settings(
        "user",
        jsonc(
            {
                "privacy": {"usageStatisticsEnabled": False},
                **(user_extra or {}),
                "hooksConfig": {"disabled": ["ext-alpha-AM"]},
                "hooks": {
                    "disabled": ["user-legacy"],  # legacy key: Gemini 0.26+ ignores it
                    "BeforeTool": [
                        definition(
                            w.hook("user-BT-1a", sleep=nap),
                            w.hook("user-BT-1b", sleep=nap),
                            matcher="run_shell_command",
                        ),
                        definition(w.hook("user-BT-2a", sleep=nap), matcher=".*"),
                        definition(w.hook("user-BT-no", sleep=nap), matcher="read_file"),
                        definition(
                            w.hook("user-BT-alt", sleep=nap), matcher="write_file|read_file"
                        ),
                    ],
                    "AfterTool": [
                        definition(w.hook("user-AT-star"), matcher="*"),
                        definition(w.hook("user-AT-empty"), matcher=""),
                    ],
                    "BeforeAgent": [
                        definition(
                            w.hook("user-dupL", **dup_l),
                            w.hook(
                                "user-dupL-renamed", name="dupL-renamed", command=dup_l["command"]
                            ),
                            w.hook("user-dupE", name="dupE", command=f"{tracer} dupE"),
                        )
                    ],
                    "AfterAgent": [
                        definition(
                            w.hook("user-legacy"),
                            w.hook("user-unnamed", name=None),
                            w.hook(
                                "user-unset",
                                name="unset",
                                command='"$TRACE_BIN" user-unset $HOOKDASH_NEVER_SET',
                            ),
                        )
                    ],
                    "BeforeModel": [definition(w.hook("user-BM"), matcher="no_such_tool")],
                    "SessionStart": [definition(w.hook("user-SS-resume"), matcher="resume")],
                    "SessionEnd": [
                        definition(w.hook("user-SE-exit"), matcher="exit"),
                        definition(w.hook("user-SE-clear"), matcher="clear"),
                    ],
                    "PreCompress": [definition(w.hook("user-PC"), matcher="auto")],
                    "AfterModel": [definition(w.hook("user-AM", description="http://x/*y*/ z"))],
                    "BeforeToolSelection": [definition(w.hook("user-BTS"))],
                },
            },
            "user settings",
        ),
    )
    w.settings(
        "workspace",
        jsonc(
            {
                "hooksConfig": {"disabled": ["sys-AA"]},
                "hooks": {
                    "BeforeTool": [definition(w.hook("proj-BT", sleep=nap), matcher="run_.*")],
                    "BeforeAgent": [
                        definition(w.hook("proj-dupL", **dup_l), w.hook("proj-dupE", **dup_e))
                    ],
                    "Notification": [definition(w.hook("proj-N"))],
                    "AfterAgent": [definition(w.hook("proj-AA"))],
                },
            },
            "project settings",
        ),
    )
    w.settings(
        "system",
        {
            "hooks": {
                "AfterAgent": [definition(w.hook("sys-AA"))],
                "BeforeTool": [definition(w.hook("sys-BT", sleep=nap))],
                "BeforeAgent": [definition(w.hook("sys-dupL", **dup_l))],
            }
        },
    )
    ext_tracer = "${extensionPath}${/}..${/}..${/}..${/}..${/}bin${/}trace_hook"
    # Created out of alphabetical order: Gemini orders extensions by directory name.
    for name in ("zeta", "alpha", "mid"):
        hooks: dict[str, Any] = {
            "BeforeTool": [definition(w.hook(f"ext-{name}-BT", sleep=nap))],
        }
        if name == "alpha":
            hooks["AfterModel"] = [definition(w.hook("ext-alpha-AM"))]
        if name == "mid":
            hooks["BeforeAgent"] = [
                definition(
                    w.hook("ext-mid-dupL", **dup_l),
                    w.hook("ext-mid-dupE", **dup_e),  # stays literal: not deduped
                    w.hook("ext-mid-path", command=f'"{ext_tracer}" ext-mid-path'),
                )
            ]
        w.extension(name, hooks)
    w.extension("off", {"BeforeTool": [definition(w.hook("ext-off-BT", sleep=nap))]})
    w.disable_extension("off")
