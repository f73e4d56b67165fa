"""Which Codex hooks hookdash lists and whether each runs, as Codex CLI 0.171.0 decides
(each case observed with `codex app-server`'s hooks/list or `codex exec`)."""

from __future__ import annotations

from tests.core.hosts.codex.conftest import CodexMachine, hook_group


def keys(snapshot: object) -> list[str]:
    return [h.key for h in snapshot.hooks]  # type: ignore[attr-defined]


def test_user_hooks_json_and_config_toml_are_both_read_json_first(machine: CodexMachine) -> None:
    machine.hooks_json(machine.user_json, {"Stop": [hook_group("echo json")]})
    machine.write(
        machine.user_toml,
        '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo toml"\n',
    )
    snap = machine.load()
    assert keys(snap) == [f"{machine.user_json}:stop:0:0", f"{machine.user_toml}:stop:0:0"]
    assert [h.scope for h in snap.hooks] == ["user", "user"]
    assert snap.hooks[1].line == 4  # the line of its command, as scan says
    assert any("loading hooks from both" in w for w in snap.warnings)


def test_untrusted_project_is_not_loaded_and_says_so(machine: CodexMachine) -> None:
    machine.hooks_json(machine.repo / ".codex" / "hooks.json", {"Stop": [hook_group("echo p")]})
    snap = machine.load()
    (hook,) = snap.hooks
    assert hook.trust == "project-untrusted"
    assert not hook.runs
    assert "not trusted" in hook.not_running_because[0]
    assert "codex-project-untrusted" in [p.code for p in snap.problems]


def test_trusted_root_loads_root_and_subfolder_codex_root_first(machine: CodexMachine) -> None:
    machine.trust_project()
    machine.hooks_json(machine.repo / ".codex" / "hooks.json", {"Stop": [hook_group("echo r")]})
    machine.hooks_json(machine.sub / ".codex" / "hooks.json", {"Stop": [hook_group("echo s")]})
    snap = machine.load(machine.sub)
    assert [h.id for h in snap.hooks] == ["echo r", "echo s"]
    assert all(h.trust == "untrusted" for h in snap.hooks)


def test_trusting_only_the_subfolder_skips_the_roots_codex(machine: CodexMachine) -> None:
    machine.trust_project(machine.sub)
    machine.hooks_json(machine.repo / ".codex" / "hooks.json", {"Stop": [hook_group("echo r")]})
    machine.hooks_json(machine.sub / ".codex" / "hooks.json", {"Stop": [hook_group("echo s")]})
    snap = machine.load(machine.sub)
    assert [(h.id, h.trust) for h in snap.hooks] == [
        ("echo r", "project-untrusted"),
        ("echo s", "untrusted"),
    ]


def test_system_and_managed_hooks_run_without_trust_managed_first(machine: CodexMachine) -> None:
    stop = '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo {}"\n'
    machine.write(machine.system / "config.toml", stop.format("sys"))
    machine.write(machine.system / "requirements.toml", stop.format("req"))
    snap = machine.load()
    assert [(h.id, h.scope, h.trust, h.runs) for h in snap.hooks] == [
        ("echo req", "managed", "managed", True),
        ("echo sys", "system", "managed", True),
    ]


def test_allow_managed_hooks_only_drops_the_users(machine: CodexMachine) -> None:
    machine.write(
        machine.system / "requirements.toml",
        "allow_managed_hooks_only = true\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\n"
        'type = "command"\ncommand = "echo req"\n',
    )
    machine.hooks_json(machine.user_json, {"Stop": [hook_group("echo mine")]})
    snap = machine.load()
    mine = next(h for h in snap.hooks if h.id == "echo mine")
    assert not mine.runs and mine.inactive_reason == "ignored-layer"
    assert next(h for h in snap.hooks if h.id == "echo req").runs


def test_features_hooks_false_in_a_trusted_project_switches_off_the_users(
    machine: CodexMachine,
) -> None:
    machine.trust_project()
    machine.hooks_json(machine.user_json, {"Stop": [hook_group("echo mine")]})
    machine.write(machine.repo / ".codex" / "config.toml", "[features]\nhooks = false\n")
    snap = machine.load()
    assert not snap.hooks_enabled
    (hook,) = snap.hooks
    assert hook.inactive_reason == "hooks-disabled"
    assert "this repository switches off every hook" in hook.not_running_because[0]


def test_features_hooks_false_in_an_untrusted_project_changes_nothing(
    machine: CodexMachine,
) -> None:
    machine.hooks_json(machine.user_json, {"Stop": [hook_group("echo mine")]})
    machine.write(machine.repo / ".codex" / "config.toml", "[features]\nhooks = false\n")
    assert machine.load().hooks_enabled


def test_trailing_comma_or_schema_key_refuses_hooks_json_whole(machine: CodexMachine) -> None:
    machine.write(
        machine.user_json,
        '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "a"}]},]}}',
    )
    machine.write(
        machine.user_toml,
        '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo toml"\n',
    )
    snap = machine.load()
    assert [h.id for h in snap.hooks] == ["echo toml"]
    assert "codex-hooks-file-refused" in [p.code for p in snap.problems]
    machine.write(machine.user_json, '{"$schema": "x", "hooks": {}}')
    snap = machine.load()
    assert any("unknown field `$schema`" in w for w in snap.warnings)


def test_handler_shapes_codex_refuses(machine: CodexMachine) -> None:
    for handler in (
        {"type": "http", "url": "x"},
        {"type": "command"},
        {"type": "command", "command": "a", "timeout": "5"},
        {"type": "command", "command": "a", "timeout": -3},
        {"command": "a"},
    ):
        machine.hooks_json(machine.user_json, {"Stop": [{"hooks": [handler]}]})
        assert machine.load().hooks == [], handler


def test_unknown_event_ignored_and_prompt_hooks_skipped_keeping_indices(
    machine: CodexMachine,
) -> None:
    machine.hooks_json(
        machine.user_json,
        {
            "Bogus": 5,
            "SessionEnd": [
                {"hooks": [{"type": "prompt", "prompt": "x"}, {"type": "command", "command": "e"}]}
            ],
        },
    )
    snap = machine.load()
    assert keys(snap) == [f"{machine.user_json}:session_end:0:1"]
    assert snap.hooks[0].timeout == 1  # SessionEnd's default
    assert any("prompt hooks are not supported yet" in w for w in snap.warnings)


def test_invalid_regex_drops_the_group_others_keep_their_index(machine: CodexMachine) -> None:
    machine.hooks_json(
        machine.user_json,
        {"PreToolUse": [hook_group("bad", matcher="("), hook_group("good", matcher="Bash")]},
    )
    snap = machine.load()
    bad, good = snap.hooks
    assert bad.matcher_invalid and not bad.runs
    assert good.key.endswith(":pre_tool_use:1:0")
    assert "codex-invalid-matcher" in [p.code for p in snap.problems]


def test_events_without_matcher_drop_it_from_the_hash(machine: CodexMachine) -> None:
    machine.hooks_json(
        machine.user_json, {"Stop": [hook_group("echo s", matcher="(", **{"async": True})]}
    )
    (hook,) = machine.load().hooks
    assert hook.matcher == "("  # as written
    assert hook.matcher_invalid is None  # Codex never compiles it
    # codex app-server's hooks/list currentHash for this very hook (0.171.0)
    assert hook.current_hash == (
        "sha256:d072299718babd8f80d2e797d6c0a3be4542663d1b9a0c6d99d811bd3719a5e0"
    )


def test_nothing_is_deduplicated(machine: CodexMachine) -> None:
    machine.trust_project()
    same = hook_group("echo same")
    machine.hooks_json(machine.user_json, {"Stop": [same, same]})
    machine.hooks_json(machine.repo / ".codex" / "hooks.json", {"Stop": [same]})
    assert len(machine.load().hooks) == 3


def test_a_broken_config_toml_stops_every_hook(machine: CodexMachine) -> None:
    machine.hooks_json(machine.user_json, {"Stop": [hook_group("echo s")]})
    machine.write(machine.user_toml, "x = [\n")
    snap = machine.load()
    assert not snap.codex_starts
    assert snap.hooks[0].inactive_reason == "codex-refuses-to-start"
