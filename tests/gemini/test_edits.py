"""After hookdash edits the files, the real Gemini CLI runs exactly what hookdash says."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.gemini.differential import Differ
from tests.gemini.harness import World
from tests.gemini.scenarios import definition, jsonc

pytestmark = pytest.mark.gemini


def _edit(w: World, d: Differ, *args: str) -> dict[str, Any]:
    result = w.hookdash(*args, "--json")
    d.equal(result.returncode, 0, f"hookdash {' '.join(args)} succeeds: {result.stderr[-500:]}")
    return dict(json.loads(result.stdout)) if result.stdout.strip() else {}


def _runs(listing: dict[str, Any]) -> dict[str, bool]:
    return {str(h["env"].get("HOOK_TAG")): bool(h["runs"]) for h in listing["hooks"]}


def test_disable_and_enable(secure_world: World) -> None:
    """disable (user and workspace scope, any layer's hook, by name or by command) and
    enable; the legacy-only list, which current Gemini ignores."""
    w = secure_world
    w.trust_folder()
    tracer = f'"{w.tracer}"'
    w.settings(
        "user",
        jsonc(
            {
                "privacy": {"usageStatisticsEnabled": False},
                "hooks": {
                    "BeforeAgent": [
                        definition(w.hook("ed-user"), w.hook("ed-unnamed", name=None)),
                    ],
                },
            },
            "user settings",
        ),
    )
    w.settings(
        "workspace",
        jsonc(
            {"hooks": {"BeforeAgent": [definition(w.hook("ed-proj"), w.hook("ed-legacy"))]}},
            "project settings",
        ),
    )
    w.settings("system", {"hooks": {"BeforeAgent": [definition(w.hook("ed-sys"))]}})
    w.extension("edext", {"BeforeAgent": [definition(w.hook("ed-ext"))]})
    d = Differ(w, "disable and enable")

    run = w.run_gemini(trust_env=None)
    first = d.session(run)
    d.equal(set(_runs(first).values()), {True}, "every hook runs before the edits")

    _edit(w, d, "disable", "ed-user")
    _edit(w, d, "disable", f"{tracer} ed-unnamed")  # unnamed: its id is its command
    _edit(w, d, "disable", "ed-ext", "--scope", "workspace")
    _edit(w, d, "disable", "ed-sys", "--scope", "workspace")
    _edit(w, d, "disable", "ed-proj", "--scope", "workspace", "--disabled-key", "hooksConfig")
    _edit(w, d, "disable", "ed-legacy", "--disabled-key", "hooks")
    run = w.run_gemini(trust_env=None)
    after = d.session(run)
    d.equal(
        _runs(after),
        {
            "ed-user": False,
            "ed-unnamed": False,
            "ed-proj": False,
            "ed-legacy": True,  # hooks.disabled: Gemini 0.26+ ignores it
            "ed-sys": False,
            "ed-ext": False,
        },
        "hookdash's verdicts after disabling",
    )

    for ident in ("ed-user", f"{tracer} ed-unnamed", "ed-ext", "ed-sys", "ed-proj", "ed-legacy"):
        _edit(w, d, "enable", ident)
    run = w.run_gemini(trust_env=None)
    again = d.session(run)
    d.equal(set(_runs(again).values()), {True}, "every hook runs after enabling")
    d.finish()


def test_trust(world: World) -> None:
    """`hookdash trust` records the project hooks so that Gemini does not warn; a changed
    command is what Gemini warns about next."""
    w = world
    w.trust_folder()
    w.settings("user", {"hooks": {"BeforeAgent": [definition(w.hook("tr-user"))]}})
    project: dict[str, Any] = {
        "hooks": {
            "BeforeAgent": [definition(w.hook("tr-a"), w.hook("tr-b"))],
            "AfterAgent": [definition(w.hook("tr-c", name=None))],
            # Never fires in these sessions; Gemini fingerprints it all the same.
            "Notification": [definition(w.hook("tr-n"))],
        }
    }
    w.settings("workspace", project)
    d = Differ(w, "trust")
    # Some of them: Gemini warns about the others (and then records them all itself).
    _edit(w, d, "trust", "tr-a", "tr-n", "--yes")
    before = w.hookdash_json("list")
    trust = {str(h["env"]["HOOK_TAG"]): h["trust"] for h in before["hooks"]}
    d.equal(
        (trust["tr-a"], trust["tr-n"], trust["tr-b"], trust["tr-c"]),
        ("trusted", "trusted", "new", "new"),
        "hookdash: trust by id",
    )
    run = w.run_gemini(trust_env=None)
    d.session(run)
    d.warning(run, before)
    w.trusted_hooks.unlink()

    refused = w.hookdash("trust", "--json")
    d.equal(refused.returncode, 3, "trust without --yes asks for confirmation")
    _edit(w, d, "trust", "--yes")
    before = w.hookdash_json("list")
    d.equal(
        sorted({h["trust"] for h in before["hooks"] if h["scope"] == "workspace"}),
        ["trusted"],
        "hookdash: every project hook trusted",
    )
    run = w.run_gemini(trust_env=None)
    d.session(run)
    d.warning(run, before)

    # A changed command under the same name, and a brand-new hook.
    project["hooks"]["BeforeAgent"][0]["hooks"][1]["command"] += " changed"
    project["hooks"]["AfterAgent"][0]["hooks"].append(w.hook("tr-d"))
    w.settings("workspace", project)
    before = w.hookdash_json("list")
    trust = {str(h["env"]["HOOK_TAG"]): h["trust"] for h in before["hooks"]}
    d.equal(
        (trust["tr-b"], trust["tr-d"], trust["tr-a"]),
        ("changed", "new", "trusted"),
        "hookdash: one changed, one new",
    )
    run = w.run_gemini(trust_env=None)
    d.session(run)
    d.warning(run, before)
    d.finish()


def test_authoring(world: World) -> None:
    """add, edit, remove, hooks off/on and import write hooks the real CLI then runs
    exactly as hookdash says, and it still starts."""
    w = world
    w.trust_folder()
    tracer = f'"{w.tracer}"'
    w.settings(
        "user",
        jsonc(
            {
                "privacy": {"usageStatisticsEnabled": False},
                "hooks": {"BeforeAgent": [definition(w.hook("au-keep"), w.hook("au-gone"))]},
            },
            "user settings",
        ),
    )
    w.settings("workspace", {"hooks": {"AfterAgent": [definition(w.hook("au-proj"))]}})
    d = Differ(w, "add, edit, remove, hooks off/on, import")

    _edit(w, d, "add", "BeforeTool", "--command", f"{tracer} au-add", "--name", "au-add",
          "--matcher", "run_shell_command", "--timeout", "5000")  # fmt: skip
    _edit(w, d, "add", "AfterTool", "--command", f"{tracer} au-ws", "--scope", "workspace",
          "--sequential")  # fmt: skip
    _edit(w, d, "add", "AfterTool", "--command", f"{tracer} au-ws2", "--name", "au-ws2",
          "--scope", "workspace", "--no-trust")  # fmt: skip
    before = w.hookdash_json("list")
    run = w.run_gemini(trust_env=None)
    d.session(run)
    d.warning(run, before)
    ran = {call.ident for call in run.calls}
    d.check({"au-add", "au-ws", "au-ws2"} <= ran, f"the added hooks ran: {sorted(ran)}")

    _edit(w, d, "edit", "au-add", "--matcher", "read_file")  # no longer matches the tool
    _edit(w, d, "remove", "au-gone", "--yes")
    run = w.run_gemini(trust_env=None)
    d.session(run)
    ran = {call.ident for call in run.calls}
    d.check(not {"au-add", "au-gone"} & ran, f"edited and removed hooks did not run: {ran}")

    _edit(w, d, "hooks", "off")
    run = w.run_gemini(trust_env=None)
    d.session(run)
    d.equal(len(run.calls), 0, "no hook ran with hooks off")
    _edit(w, d, "hooks", "on")

    claude = w.write(
        w.root / "claude-settings.json",
        {
            "hooks": {
                "PreToolUse": [
                    {
                        "matcher": "Bash",
                        "hooks": [{"type": "command", "command": f"{tracer} au-cc"}],
                    }
                ]
            }
        },
    )
    _edit(w, d, "import", "claude", str(claude), "--yes")
    run = w.run_gemini(trust_env=None)
    d.session(run)
    d.check("au-cc" in {call.ident for call in run.calls}, "the imported Claude hook ran")
    d.finish()
