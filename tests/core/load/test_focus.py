"""A load focused on one argument (what `disable ID` / `enable ID` use on a large settings
file) answers every edit exactly as the whole load does, while building only the hooks
that argument can name."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hookdash.core.errors import AmbiguousHook, HookdashError, HookNotFound
from hookdash.core.hosts.gemini.switching.disabled_list import disable_hook, enable_hook
from hookdash.core.load.loader import load_configuration
from hookdash.core.model import Configuration
from tests.conftest import Sandbox, command_hook, definition

FILLERS = 600
PADDING = "x" * (1 << 20)  # a file over the 1 MiB from which a focused load thins


def _filler(i: int) -> dict[str, Any]:
    return definition(command_hook(f"echo filler {i} > /dev/null", name=f"filler-{i}"))


def big_settings(*, invalid_filler: bool = False) -> dict[str, Any]:
    """A large user settings file: thousands of hooks around the few the tests name —
    a duplicate name, an unnamed hook, a `$VAR` name, a command two names share, a named
    hook's command, an invalid hook, hooks under an unknown event."""
    fillers = [_filler(i) for i in range(FILLERS)]
    if invalid_filler:  # a schema issue in a definition no test names
        fillers[17]["hooks"][0]["timeout"] = "soon"
    before, after = fillers[: FILLERS // 2], fillers[FILLERS // 2 :]
    named = [
        definition(command_hook("./guard.sh", name="guard"), matcher="run_shell_command"),
        definition(command_hook("echo unnamed-cmd")),
        definition(command_hook("./var.sh", name="$HOOK_NAME")),
        definition(
            command_hook("./shared.sh", name="one"), command_hook("./shared.sh", name="two")
        ),
        definition(command_hook("./lint.sh", name="lint")),
        definition({"type": "command", "name": "broken"}),  # no command: invalid
        definition(command_hook("/opt/hooks/run.sh")),  # the same ID as the one after
    ]
    after[100:100] = [
        definition(command_hook("./other-guard.sh", name="guard")),  # `./guard.sh` means it
        definition(command_hook("$HOOK_DIR/run.sh")),  # written with a $VAR
    ]
    return {
        "hooks": {
            "BeforeTool": [*before, *named, *after],
            "AfterTool": [definition(command_hook("./guard.sh", name="guard"))],
            "BeforeTools": [definition(command_hook("./typo.sh", name="typo"))],
        },
        "hooksConfig": {"enabled": "true", "disabled": ["old-one"]},
        "ui": {"note": PADDING},
    }


@pytest.fixture
def big(sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> Sandbox:
    monkeypatch.setenv("HOOK_NAME", "from-var")
    monkeypatch.setenv("HOOK_DIR", "/opt/hooks")
    path = sandbox.write_user(json.dumps(big_settings(), indent=2))
    assert path.stat().st_size > 1 << 20
    sandbox.write_workspace(
        {"hooks": {"BeforeTool": [definition(command_hook("./g.sh", name="guard"))]}}
    )
    return sandbox


def _load(sandbox: Sandbox, focus: str | None) -> Configuration:
    return load_configuration(sandbox.env(), focus=focus)


def _outcome(sandbox: Sandbox, action: str, arg: str, focus: str | None) -> Any:
    config = _load(sandbox, focus)
    try:
        result = disable_hook(config, arg) if action == "disable" else enable_hook(config, arg)
    except HookdashError as exc:
        return type(exc).__name__, exc.message
    return result.model_dump(mode="json")


@pytest.mark.parametrize(
    "arg",
    [
        "guard",
        "echo unnamed-cmd",
        "from-var",
        "./lint.sh",
        "filler-450",
        "typo",
        "one",
        "./guard.sh",  # a command: it means every hook named guard
        "$HOOK_DIR/run.sh",  # as written: it means every hook with the expanded ID
    ],
)
def test_a_focused_edit_is_the_whole_loads_edit(big: Sandbox, arg: str) -> None:
    original = big.user_settings.read_text()
    outcomes = {}
    for focus in (None, arg):
        disabled = _outcome(big, "disable", arg, focus)
        after_disable = big.user_settings.read_text()
        enabled = _outcome(big, "enable", arg, focus)
        assert big.user_settings.read_text() == original  # nothing of hookdash's left
        outcomes[focus] = (disabled, after_disable, enabled)
    assert outcomes[arg] == outcomes[None]
    assert _load(big, arg).focus == arg


@pytest.mark.parametrize("arg", ["./shared.sh", "broken"])
def test_a_focused_refusal_is_the_whole_loads_refusal(big: Sandbox, arg: str) -> None:
    full = _outcome(big, "disable", arg, None)
    assert full[0] in (AmbiguousHook.__name__, HookNotFound.__name__)
    assert _outcome(big, "disable", arg, arg) == full


def test_a_focused_load_builds_only_the_hooks_named(big: Sandbox) -> None:
    full, focused = _load(big, None), _load(big, "guard")
    assert len(full.hooks) > FILLERS
    assert len(focused.hooks) == 4
    assert sorted(h.ref for h in focused.hooks) == sorted(
        h.ref for h in full.hooks if h.id == "guard"
    )
    wanted = {h.ref: h for h in full.hooks if h.id == "guard"}
    for hook in focused.hooks:  # placed (refs, lines) and judged as in the whole load
        keep = ("id", "ref", "line", "disabled", "disabled_in", "invalid", "runs")
        assert hook.model_dump(include=set(keep)) == wanted[hook.ref].model_dump(include=set(keep))


def test_a_schema_issue_in_an_unbuilt_definition_still_counts(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Gemini validates the whole file: one bad timeout anywhere stops every coercion
    (here of hooksConfig.enabled "true"), whether or not the focused load built it."""
    monkeypatch.setenv("HOOK_NAME", "from-var")
    sandbox.write_user(json.dumps(big_settings(invalid_filler=True), indent=2))
    full, focused = _load(sandbox, None), _load(sandbox, "guard")
    assert focused.focus == "guard"
    assert (
        focused.layers["user"].settings["hooksConfig"]
        == full.layers["user"].settings["hooksConfig"]
    )
    assert focused.snapshot.hooks_enabled == full.snapshot.hooks_enabled
    codes = [p.code for p in focused.layers["user"].problems]
    assert "settings-invalid" in codes
    assert codes == [p.code for p in full.layers["user"].problems]


def test_small_files_and_refs_are_never_focused(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"BeforeTool": [_filler(1), _filler(2)]}})
    assert _load(sandbox, "filler-1").layers["user"].thinned is False
    assert len(_load(sandbox, "filler-1").hooks) == 2
    assert _load(sandbox, "user:/hooks/BeforeTool/0/hooks/0").focus is None


def test_an_unknown_id_gets_the_whole_loads_suggestions(big: Sandbox) -> None:
    """A focused load knows too few hooks to say "did you mean": the CLI reads the file
    once more, scoring the hooks it leaves unbuilt, and suggests what the whole load
    would — here hooks the focused load never built."""
    full = _outcome(big, "disable", "filler-4501", None)
    assert full[0] == HookNotFound.__name__ and "filler-450" in full[1]
    result = big.cli("disable", "filler-4501", "--json")
    assert result.returncode != 0
    assert json.loads(result.stdout)["message"] == full[1]
    suggesting = load_configuration(big.env(), focus="filler-4501", suggest=True)
    assert "filler-450" in suggesting.unbuilt_close
    assert len(suggesting.unbuilt_close) <= 8


def test_the_edit_of_a_large_file_via_the_cli(big: Sandbox) -> None:
    before = big.user_settings.read_text()
    off = big.cli("disable", "guard", "--json")
    assert off.returncode == 0, off.stderr
    assert json.loads(off.stdout)["changed"] is True
    assert '"guard"' in big.user_settings.read_text().split('"hooksConfig"')[1]
    on = big.cli("enable", "guard")
    assert on.returncode == 0, on.stderr
    assert big.user_settings.read_text() == before


def test_suggestions_name_each_identifier_once(sandbox: Sandbox) -> None:
    """Ten hooks share one name: they are one suggestion, and the next name still fits."""
    deploys = [definition(command_hook(f"./d{i}.sh", name="deploy-a")) for i in range(10)]
    deploys.append(definition(command_hook("./b.sh", name="deploy-b")))
    sandbox.write_user(
        json.dumps({"hooks": {"BeforeTool": deploys}, "ui": {"note": PADDING}}, indent=2)
    )
    full = _outcome(sandbox, "disable", "deploy-x", None)
    suggesting = load_configuration(sandbox.env(), focus="deploy-x", suggest=True)
    assert suggesting.unbuilt_close == ["deploy-a", "deploy-b"]
    assert "'deploy-a', 'deploy-b'" in full[1]
