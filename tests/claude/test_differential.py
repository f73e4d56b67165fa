"""hookdash's Claude Code host against the real Claude Code 2.1.332, scenario by scenario.

Each scenario lays out settings files in a World (every layer, every matcher form,
duplicates, `disableAllHooks` in each layer, managed-only, broken files, a git
subdirectory, installed plugins), asks hookdash — through its CLI, `hookdash plan --host
claude EVENT [--tool|--trigger] --json` — which hooks Claude runs for each event a
`claude -p` run fires, then runs `claude -p` once. Every hook is a tracing script named
by its label: for each event, the labels hookdash plans must be exactly the labels that
ran, each once (identical commands deduplicated as Claude does). `list --host claude
--json` must list every hook that ran as running.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from hookdash.cli.main import main
from tests.claude.harness import MARKETPLACE, World
from tests.claude.test_observed import MATCHERS, can_mount_privately

pytestmark = pytest.mark.claude

# The events a `claude -p` run with one Bash call fires, and the match query each gets.
FIRED: dict[str, list[str]] = {
    "SessionStart": ["--trigger", "startup"],
    "UserPromptSubmit": [],
    "PreToolUse": ["--tool", "Bash"],
    "PostToolUse": ["--tool", "Bash"],
    "PostToolBatch": [],
    "MessageDisplay": [],
    "Stop": [],
    "SessionEnd": ["--trigger", "other"],
}


def everywhere(world: World, label: str, **fields: Any) -> dict[str, Any]:
    """A `hooks` object with the hook `label` on every event the run fires."""
    return {event: [{"hooks": [world.hook(label, **fields)]}] for event in FIRED}


def on(event: str, *groups: tuple[str | None, list[dict[str, Any]]]) -> dict[str, Any]:
    out = []
    for matcher, handlers in groups:
        group: dict[str, Any] = {"hooks": handlers}
        if matcher is not None:
            group["matcher"] = matcher
        out.append(group)
    return {event: out}


# ------------------------------------------------------------------------ scenarios


def every_layer(w: World) -> None:
    w.write(w.user_settings, {"hooks": everywhere(w, "user")})
    w.write(w.project_settings, {"hooks": everywhere(w, "project")})
    w.write(w.local_settings, {"hooks": everywhere(w, "local")})


def every_layer_and_managed(w: World) -> None:
    every_layer(w)
    w.write(w.managed_dir / "managed-settings.json", {"hooks": everywhere(w, "managed")})
    drop_ins = w.managed_dir / "managed-settings.d"
    w.write(drop_ins / "10-a.json", {"hooks": everywhere(w, "dropa")})
    w.write(drop_ins / "20-b.json", {"hooks": on("PreToolUse", ("Bash", [w.hook("dropb")]))})
    w.write(drop_ins / ".hidden.json", {"hooks": everywhere(w, "hidden")})
    w.write(drop_ins / "notes.txt", {"hooks": everywhere(w, "txt")})


def matcher_forms(w: World) -> None:
    tool_groups = []
    for i, matcher in enumerate([*MATCHERS, "Task|Bash", "Agent", "^Task$", "Bash|Task"]):
        tool_groups.append((matcher, [w.hook(f"tool{i}")]))
    session = [
        (m, [w.hook(f"start{i}")])
        for i, m in enumerate(["startup", "resume", "startup|clear", "st.*", "*", "", "Startup"])
    ]
    end = [
        (m, [w.hook(f"end{i}")])
        for i, m in enumerate(["other", "clear", "prompt_input_exit|other", "oth", "^other$"])
    ]
    hooks = {
        **on("PreToolUse", *tool_groups),
        **on("PostToolUse", *tool_groups),
        **on("SessionStart", *session),
        **on("SessionEnd", *end),
        # Events without a match query: every hook runs, whatever its matcher says.
        **on("Stop", ("nothing-matches-this", [w.hook("stopmatcher")])),
        **on("UserPromptSubmit", ("xyz", [w.hook("promptmatcher")])),
        **on("PostToolBatch", ("Read", [w.hook("batchmatcher")])),
    }
    w.write(w.project_settings, {"hooks": hooks})


def duplicates(w: World) -> None:
    same = w.hook("same")
    w.write(
        w.user_settings, {"hooks": {**on("PreToolUse", ("Bash", [same])), **everywhere(w, "u")}}
    )
    w.write(
        w.project_settings,
        {
            "hooks": {
                **on(
                    "PreToolUse",
                    ("Bash", [same, same]),
                    ("*", [same]),
                    ("Read", [same]),
                    (None, [w.hook("other"), w.hook("timed", timeout=5), w.hook("timed")]),
                ),
                **on("Stop", (None, [same, same])),
            }
        },
    )
    w.write(w.local_settings, {"hooks": {**on("PreToolUse", (None, [same])), **everywhere(w, "u")}})


def shell_key(w: World) -> None:
    """The same command with `shell: bash` and without: one key or two?"""
    w.write(
        w.project_settings,
        {"hooks": on("PreToolUse", (None, [w.hook("shell"), w.hook("shell", shell="bash")]))},
    )


def _all_three(w: World, **switches: dict[str, Any]) -> None:
    for path, label in ((w.user_settings, "user"), (w.project_settings, "project")):
        scope = "user" if label == "user" else "project"
        w.write(path, {"hooks": everywhere(w, label), **switches.get(scope, {})})
    w.write(w.local_settings, {"hooks": everywhere(w, "local"), **switches.get("local", {})})


def disable_in_user(w: World) -> None:
    _all_three(w, user={"disableAllHooks": True})


def disable_in_project(w: World) -> None:
    _all_three(w, project={"disableAllHooks": True})


def disable_in_local(w: World) -> None:
    _all_three(w, local={"disableAllHooks": True})


def project_reenables(w: World) -> None:
    _all_three(w, user={"disableAllHooks": True}, project={"disableAllHooks": False})


def disable_false_everywhere(w: World) -> None:
    _all_three(w, user={"disableAllHooks": False}, project={"disableAllHooks": False}, local={})


def managed_disables(w: World) -> None:
    every_layer(w)
    w.write(
        w.managed_dir / "managed-settings.json",
        {"disableAllHooks": True, "hooks": everywhere(w, "managed")},
    )


def drop_in_disables(w: World) -> None:
    every_layer(w)
    w.write(w.managed_dir / "managed-settings.json", {"hooks": everywhere(w, "managed")})
    w.write(w.managed_dir / "managed-settings.d" / "z.json", {"disableAllHooks": True})


def managed_false_wins(w: World) -> None:
    _all_three(w, user={"disableAllHooks": True})
    w.write(w.managed_dir / "managed-settings.json", {"disableAllHooks": False})


def managed_only(w: World) -> None:
    every_layer(w)
    w.write(
        w.managed_dir / "managed-settings.json",
        {"allowManagedHooksOnly": True, "hooks": everywhere(w, "managed")},
    )


def managed_only_drop_in(w: World) -> None:
    every_layer(w)
    w.write(
        w.managed_dir / "managed-settings.d" / "only.json",
        {"allowManagedHooksOnly": True, "hooks": everywhere(w, "dropin")},
    )


def project_off_keeps_managed(w: World) -> None:
    _all_three(w, project={"disableAllHooks": True})
    w.write(w.managed_dir / "managed-settings.json", {"hooks": everywhere(w, "managed")})


def managed_copy_in_user(w: World) -> None:
    """A managed hook whose command the user also wrote: Claude's dedup never reaches
    across the managed copy (it runs twice), except where the settings merge drops a
    managed matcher group equal to one of the user's (key order aside: once)."""
    same = w.hook("same")
    reordered = dict(reversed(list(same.items())))
    managed = {
        **on("SessionStart", (None, [same])),  # the user's group has one more handler
        **on("UserPromptSubmit", (None, [same, same])),  # managed alone: once
        **on("PreToolUse", (None, [same])),  # the user's matcher differs
        **on("PostToolUse", ("Bash", [same])),  # equal to the drop-in's group: once
        **on("Stop", (None, [same])),  # equal to the user's, not the project's
        **on("SessionEnd", (None, [w.hook("same", timeout=5)])),  # one more key
    }
    w.write(w.managed_dir / "managed-settings.json", {"hooks": managed})
    drop_in = {**on("PostToolUse", ("Bash", [same])), **on("PostToolBatch", (None, [same]))}
    w.write(w.managed_dir / "managed-settings.d" / "10-a.json", {"hooks": drop_in})
    user = {
        **on("SessionStart", (None, [same, w.hook("other")])),
        **on("PreToolUse", ("Bash", [same])),
        **on("Stop", (None, [same])),
        **on("SessionEnd", (None, [same])),
        **on("PostToolBatch", (None, [reordered])),  # equal as a JSON value: once
    }
    w.write(w.user_settings, {"hooks": user})
    w.write(w.project_settings, {"hooks": on("Stop", (None, [same, same]))})


def broken_managed(w: World) -> None:
    every_layer(w)
    w.write(w.managed_dir / "managed-settings.json", '{"hooks": {},}')


def trailing_comma(w: World) -> None:
    every_layer(w)
    text = json.dumps({"hooks": everywhere(w, "project")}, indent=2)
    w.write(w.project_settings, text[:-1].rstrip() + ",\n}")


def comment_and_bom(w: World) -> None:
    every_layer(w)
    w.write(w.local_settings, "// local hooks\n" + json.dumps({"hooks": everywhere(w, "local")}))
    w.user_settings.write_bytes(
        b"\xef\xbb\xbf" + json.dumps({"hooks": everywhere(w, "userbom")}).encode()
    )


def guard_event_invalid(w: World) -> None:
    """One invalid handler under PreToolUse (a guard event): nothing of the file applies."""
    every_layer(w)
    bad = everywhere(w, "project")
    bad["PreToolUse"].append({"hooks": [w.hook("zero", timeout=0)]})
    w.write(w.project_settings, {"hooks": bad})


def guard_event_not_array(w: World) -> None:
    every_layer(w)
    hooks = everywhere(w, "local")
    hooks["PermissionRequest"] = {"hooks": [w.hook("obj")]}
    w.write(w.local_settings, {"hooks": hooks})


def other_event_invalid(w: World) -> None:
    """Invalid entries under other events are dropped alone, the rest of the file read."""
    every_layer(w)
    hooks = everywhere(w, "local")
    hooks["Stop"].append({"matcher": None, "hooks": [w.hook("nullmatcher")]})
    hooks["SessionStart"][0]["hooks"].append({"type": "command", "command": "x", "timeout": -1})
    hooks["UserPromptSubmit"].append({"hooks": [{"type": "command"}, w.hook("sibling")]})
    hooks["PostToolUse"] = {"hooks": [w.hook("notarray")]}
    hooks["MessageDisplay"].append({"hooks": [{"type": "nope", "command": "x"}]})
    w.write(w.local_settings, {"hooks": hooks})


def switch_of_wrong_type(w: World) -> None:
    every_layer(w)
    w.write(w.user_settings, {"hooks": everywhere(w, "user"), "disableAllHooks": "yes"})
    w.write(w.project_settings, {"hooks": everywhere(w, "project"), "allowManagedHooksOnly": None})


def unknown_event(w: World) -> None:
    hooks = {"BeforeTool": [{"hooks": [w.hook("gemininame")]}], **everywhere(w, "claudename")}
    hooks["AfterAgent"] = 5  # an unknown event's value is not even checked
    w.write(w.project_settings, {"hooks": hooks})


def not_an_object(w: World) -> None:
    w.write(w.user_settings, {"hooks": everywhere(w, "user")})
    w.write(w.project_settings, "[1]")
    w.write(w.local_settings, "")


def git_subdirectory(w: World) -> Path:
    subprocess.run(["git", "init", "-q", str(w.project)], check=True)
    sub = w.project / "src"
    w.write(w.project_settings, {"hooks": everywhere(w, "rootproject")})
    w.write(w.local_settings, {"hooks": everywhere(w, "rootlocal")})
    w.write(sub / ".claude" / "settings.json", {"hooks": everywhere(w, "subproject")})
    w.write(sub / ".claude" / "settings.local.json", {"hooks": everywhere(w, "sublocal")})
    return sub


def other_handler_types(w: World) -> None:
    hooks = everywhere(w, "command")
    hooks["PreToolUse"].append({"hooks": [{"type": "http", "url": "http://127.0.0.1:9/hook"}]})
    w.write(w.project_settings, {"hooks": hooks})


def plugin_sources(w: World) -> None:
    """Enabled or not, hooks.json and the manifest (inline, a listed file), dedup per plugin."""
    same = w.hook("same")
    w.install_plugin("on", {**everywhere(w, "on"), **on("PreToolUse", ("Bash", [same, same]))})
    w.install_plugin("off", everywhere(w, "off"))
    w.install_plugin("versions", everywhere(w, "versions"))
    w.install_plugin("unnamed", everywhere(w, "unnamed"))
    w.install_plugin("twin", on("PreToolUse", (None, [same])))
    root = w.install_plugin(
        "manifest", everywhere(w, "mfile"), manifest={"hooks": everywhere(w, "minline")}
    )
    listed = w.install_plugin("listed", None, manifest={"hooks": ["./more.json", "./none.json"]})
    w.write(listed / "more.json", {"hooks": everywhere(w, "listed")})
    w.write(root / "hooks" / "extra.json", {"hooks": everywhere(w, "notlisted")})
    ids = {f"{n}@{MARKETPLACE}": True for n in ("on", "twin", "manifest", "listed")}
    ids |= {f"off@{MARKETPLACE}": False, f"versions@{MARKETPLACE}": ["1.0.0"]}
    w.enable(w.user_settings, ids, hooks=on("PreToolUse", (None, [same])))
    w.write(
        w.project_settings, {"hooks": {**on("PreToolUse", ("*", [same])), **everywhere(w, "p")}}
    )


def plugin_layers(w: World) -> None:
    """The last layer naming a plugin decides: a repository switches one on, local wins."""
    for name in ("a", "b", "c", "d"):
        w.install_plugin(name, everywhere(w, name))
    ids = {n: f"{n}@{MARKETPLACE}" for n in "abcd"}
    w.enable(w.user_settings, {ids["a"]: False, ids["b"]: True, ids["c"]: True})
    w.enable(w.project_settings, {ids["a"]: True, ids["b"]: False, ids["d"]: True})
    w.enable(w.local_settings, {ids["d"]: False})


def plugin_installs(w: World) -> None:
    """Installed in the cache from a cloned marketplace: scopes, a missing marketplace, a
    missing install entry or copy."""
    names = ("user", "here", "elsewhere", "nomarket", "noentry", "gone")
    roots = {
        n: w.install_plugin(n, everywhere(w, n), marketplace=f"m{n}", github=True) for n in names
    }
    w.enable(w.user_settings, {f"{n}@m{n}": True for n in names})
    known = json.loads((w.plugins_dir / "known_marketplaces.json").read_text())
    del known["mnomarket"]
    w.write(w.plugins_dir / "known_marketplaces.json", known)
    installed = json.loads((w.plugins_dir / "installed_plugins.json").read_text())
    del installed["plugins"]["noentry@mnoentry"]
    installed["plugins"]["here@mhere"][0] |= {"scope": "local", "projectPath": str(w.project)}
    installed["plugins"]["elsewhere@melsewhere"][0] |= {"scope": "project", "projectPath": "/x"}
    w.write(w.plugins_dir / "installed_plugins.json", installed)
    shutil.rmtree(roots["gone"])


def plugin_switched_off(w: World) -> None:
    w.install_plugin("p", everywhere(w, "plugin"))
    w.enable(w.user_settings, {f"p@{MARKETPLACE}": True}, hooks=everywhere(w, "user"))
    w.write(w.project_settings, {"disableAllHooks": True})


def plugin_schema(w: World) -> None:
    """A guard-event fault drops the plugin's file; a wrapped inline manifest the whole
    plugin; a wrong enabledPlugins value the settings file naming it."""
    bad = everywhere(w, "guard")
    bad["PreToolUse"].append({"hooks": [w.hook("zero", timeout=0)]})
    w.install_plugin("guard", bad)
    w.install_plugin("wrapped", everywhere(w, "wfile"), manifest={"hooks": {"hooks": bad}})
    w.install_plugin("fine", everywhere(w, "fine"))
    w.install_plugin("local", everywhere(w, "localplugin"))
    ids = {f"{n}@{MARKETPLACE}": True for n in ("guard", "wrapped", "fine")}
    w.enable(w.user_settings, ids)
    w.enable(w.local_settings, {f"local@{MARKETPLACE}": True, f"fine@{MARKETPLACE}": "yes"})


def plugin_managed(w: World) -> None:
    """A plugin managed settings enable counts as managed; managed false wins."""
    for name in ("mine", "theirs", "banned"):
        w.install_plugin(name, everywhere(w, name))
    w.enable(w.user_settings, {f"mine@{MARKETPLACE}": True})
    w.enable(w.local_settings, {f"banned@{MARKETPLACE}": True})
    w.write(w.project_settings, {"disableAllHooks": True})
    w.enable(
        w.managed_dir / "managed-settings.json",
        {f"theirs@{MARKETPLACE}": True, f"banned@{MARKETPLACE}": False},
    )


def plugin_managed_only(w: World) -> None:
    for name in ("mine", "theirs"):
        w.install_plugin(name, everywhere(w, name))
    w.enable(w.user_settings, {f"mine@{MARKETPLACE}": True})
    w.enable(
        w.managed_dir / "managed-settings.d" / "p.json",
        {f"theirs@{MARKETPLACE}": True},
        allowManagedHooksOnly=True,
    )


@dataclass(frozen=True)
class Scenario:
    build: Callable[[World], Path | None]
    managed: bool = False
    starts: bool = True

    @property
    def name(self) -> str:
        return self.build.__name__


SCENARIOS = [
    Scenario(every_layer),
    Scenario(every_layer_and_managed, managed=True),
    Scenario(matcher_forms),
    Scenario(duplicates),
    Scenario(shell_key),
    Scenario(disable_in_user),
    Scenario(disable_in_project),
    Scenario(disable_in_local),
    Scenario(project_reenables),
    Scenario(disable_false_everywhere),
    Scenario(managed_disables, managed=True),
    Scenario(drop_in_disables, managed=True),
    Scenario(managed_false_wins, managed=True),
    Scenario(managed_only, managed=True),
    Scenario(managed_only_drop_in, managed=True),
    Scenario(project_off_keeps_managed, managed=True),
    Scenario(managed_copy_in_user, managed=True),
    Scenario(broken_managed, managed=True, starts=False),
    Scenario(trailing_comma),
    Scenario(comment_and_bom),
    Scenario(guard_event_invalid),
    Scenario(guard_event_not_array),
    Scenario(other_event_invalid),
    Scenario(switch_of_wrong_type),
    Scenario(unknown_event),
    Scenario(not_an_object),
    Scenario(git_subdirectory),
    Scenario(other_handler_types),
    Scenario(plugin_sources),
    Scenario(plugin_layers),
    Scenario(plugin_installs),
    Scenario(plugin_switched_off),
    Scenario(plugin_schema),
    Scenario(plugin_managed, managed=True),
    Scenario(plugin_managed_only, managed=True),
]


# ------------------------------------------------------------------------ hookdash's side


def _hookdash_json(
    argv: list[str], world: World, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> Any:
    """`hookdash ARGV --json` as a user runs it in the world (the CLI, in process)."""
    monkeypatch.setenv("HOME", str(world.home))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(world.config_dir))
    monkeypatch.setenv("HOOKDASH_CLAUDE_MANAGED_DIR", str(world.managed_dir))
    monkeypatch.delenv("CLAUDE_CODE_SANDBOXED", raising=False)
    capsys.readouterr()
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    return json.loads(out)


def _label(command: str | None) -> str | None:
    """The label of a tracing hook's command (`…/trace.sh LABEL [exit]`)."""
    words = (command or "").split()
    return words[1] if len(words) > 1 and words[0].endswith("trace.sh") else None


def _ran_by_event(traces: dict[str, list[dict[str, Any]]]) -> dict[str, Counter[str]]:
    out: dict[str, Counter[str]] = {}
    for label, payloads in traces.items():
        for payload in payloads:
            out.setdefault(str(payload.get("hook_event_name")), Counter())[label] += 1
    return out


CHECKS: list[int] = []  # comparisons made, for the report (printed with -s)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.name)
def test_plan_lists_exactly_what_claude_ran(
    scenario: Scenario, world: World, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    if scenario.managed and not can_mount_privately():
        pytest.skip("the managed layer needs a private mount namespace (unshare -m: root)")
    cwd = scenario.build(world) or world.project
    # hookdash answers before Claude runs: a run writes Claude's own state (it records an
    # install for every enabled plugin it has a copy of), and the plan is what a person
    # reads before starting Claude.
    plans = {
        event: _hookdash_json(
            ["plan", "--host", "claude", event, *context, "--workspace", str(cwd)],
            world,
            monkeypatch,
            capsys,
        )
        for event, context in FIRED.items()
    }
    listed = _hookdash_json(
        ["list", "--host", "claude", "--workspace", str(cwd)], world, monkeypatch, capsys
    )
    ran = world.run(cwd=cwd)
    assert (ran.returncode == 0) == scenario.starts, ran.stderr
    observed = _ran_by_event(ran.traces)
    assert set(observed) <= set(FIRED), f"events hookdash does not compare: {set(observed)}"

    checks = 0
    for event, planned in plans.items():
        labels = Counter(
            label for hook in planned["hooks"] if (label := _label(hook["command"])) is not None
        )
        assert labels == observed.get(event, Counter()), (
            f"{scenario.name}, {event}: hookdash plans {sorted(labels.elements())}, "
            f"Claude ran {sorted(observed.get(event, Counter()).elements())}"
        )
        checks += 1

    running = {_label(h["command"]) for h in listed["hooks"] if h["runs"]}
    assert ran.labels <= running, f"ran but not listed as running: {ran.labels - running}"
    CHECKS.append(checks + 1)
    if os.environ.get("HOOKDASH_DIFFERENTIAL_REPORT"):
        print(f"\n{scenario.name}: {checks + 1} checks, claude {ran.seconds:.2f} s")
