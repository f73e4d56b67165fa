"""The registry as Gemini 0.61 builds it, observed behaviour first (spec/observed-0.61.md)."""

from __future__ import annotations

from tests.conftest import Sandbox, command_hook, definition, settings_with


def _ids(hooks: list, event: str | None = None) -> list[str]:
    return [h.id for h in hooks if event is None or h.event == event]


def _all_layers(sandbox: Sandbox, hook_name: str = "dupL") -> None:
    sandbox.allow_system_files()
    sandbox.trust_folder()
    for scope, write in (
        ("defaults", sandbox.write_system_defaults),
        ("user", sandbox.write_user),
        ("project", sandbox.write_workspace),
        ("system", sandbox.write_system),
    ):
        write(
            {
                "hooks": {
                    "BeforeAgent": [
                        definition(
                            command_hook(f"trace {scope} 1a", name=f"{scope}-1a"),
                            command_hook(f"trace {scope} 1b", name=f"{scope}-1b"),
                        ),
                        definition(command_hook(f"trace {scope} 2a", name=f"{scope}-2a")),
                    ],
                    "BeforeTool": [definition(command_hook("trace dup", name=hook_name))],
                }
            }
        )


def test_order_is_defaults_user_project_system_then_extensions(sandbox: Sandbox) -> None:
    _all_layers(sandbox)
    for name in ("zeta", "alpha", "mid"):  # created in this order, run alphabetically
        sandbox.add_extension(
            name, {"BeforeAgent": [definition(command_hook(f"trace {name}", name=f"ext-{name}"))]}
        )
    hooks = sorted(
        (h for h in sandbox.load().snapshot.hooks if h.event == "BeforeAgent"),
        key=lambda h: h.order,
    )
    assert _ids(hooks) == [
        "defaults-1a", "defaults-1b", "defaults-2a",
        "user-1a", "user-1b", "user-2a",
        "project-1a", "project-1b", "project-2a",
        "system-1a", "system-1b", "system-2a",
        "ext-alpha", "ext-mid", "ext-zeta",
    ]  # fmt: skip
    assert {h.gemini_source for h in hooks if h.scope != "extension"} == {"project"}
    assert {h.gemini_source for h in hooks if h.scope == "extension"} == {"extensions"}


def test_dedup_keeps_the_first_copy(sandbox: Sandbox) -> None:
    _all_layers(sandbox)
    sandbox.add_extension("e", {"BeforeTool": [definition(command_hook("trace dup", name="dupL"))]})
    dup = [h for h in sandbox.load().snapshot.hooks if h.event == "BeforeTool"]
    assert [h.scope for h in dup] == ["system-defaults", "user", "workspace", "system", "extension"]
    assert dup[0].duplicate_of is None
    assert all(
        h.duplicate_of is not None and h.duplicate_of.scope == "system-defaults" for h in dup[1:]
    )
    assert all(h.runs for h in dup)  # registered and enabled: the planner drops the copies


def test_dedup_key_is_after_env_expansion_in_settings_only(sandbox: Sandbox) -> None:
    sandbox.set_env("ORACLE_HOOK", "/bin/trace")
    sandbox.trust_folder()
    hook = command_hook('"$ORACLE_HOOK" dup dupE', name="dupE")
    sandbox.write_user({"hooks": {"BeforeTool": [definition(hook)]}})
    sandbox.write_workspace({"hooks": {"BeforeTool": [definition(hook)]}})
    sandbox.add_extension("ext", {"BeforeTool": [definition(hook)]})
    user, project, ext = sandbox.load().snapshot.hooks
    assert user.key == project.key == 'dupE:"/bin/trace" dup dupE'
    assert project.duplicate_of is not None
    assert ext.key == 'dupE:"$ORACLE_HOOK" dup dupE' and ext.duplicate_of is None


def test_disabled_union_applies_to_every_source(sandbox: Sandbox) -> None:
    sandbox.allow_system_files()
    sandbox.trust_folder()
    sandbox.write_user({"hooksConfig": {"disabled": ["ext-AfterModel"]}})
    sandbox.write_workspace({"hooksConfig": {"disabled": ["sys-AfterAgent"]}})
    sandbox.write_system(
        {"hooks": {"AfterAgent": [definition(command_hook("s", name="sys-AfterAgent"))]}}
    )
    sandbox.add_extension(
        "e", {"AfterModel": [definition(command_hook("m", name="ext-AfterModel"))]}
    )
    hooks = {h.id: h for h in sandbox.load().snapshot.hooks}
    assert hooks["sys-AfterAgent"].disabled and hooks["sys-AfterAgent"].disabled_in == ["workspace"]
    assert hooks["ext-AfterModel"].disabled and hooks["ext-AfterModel"].disabled_in == ["user"]
    assert hooks["sys-AfterAgent"].will_register and not hooks["sys-AfterAgent"].runs
    assert hooks["ext-AfterModel"].inactive_reason == "disabled"


def test_disabled_matches_name_else_command(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooksConfig": {"disabled": ["./named.sh", "./anon.sh"]},
            "hooks": {
                "BeforeTool": [
                    definition(command_hook("./named.sh", name="named"), command_hook("./anon.sh"))
                ]
            },
        }
    )
    named, anon = sandbox.load().snapshot.hooks
    assert not named.disabled and named.runs
    assert anon.disabled and not anon.runs
    assert any(p.code == "disabled-entry-is-command" for p in sandbox.load().snapshot.problems)


def test_legacy_hooks_disabled_is_ignored(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooks": {
                "disabled": ["user-BeforeModel"],
                "BeforeModel": [definition(command_hook("m", name="user-BeforeModel"))],
            }
        }
    )
    snap = sandbox.load().snapshot
    hook = snap.hooks[0]
    assert hook.runs and not hook.disabled
    assert hook.legacy_disabled_in == ["user"]
    legacy = next(p for p in snap.problems if p.code == "legacy-hooks-disabled")
    assert "user-BeforeModel" in legacy.message


def test_hooks_switched_off_in_any_layer_stops_everything(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace({"hooksConfig": {"enabled": False}})
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("u"))]}})
    sandbox.add_extension("e", {"BeforeTool": [definition(command_hook("x", name="x"))]})
    snap = sandbox.load().snapshot
    assert snap.hooks_enabled is False
    # Gemini does not even load extension hooks then; they are listed all the same (what
    # would run once hooks are back on), off like the settings hooks, and say so.
    assert [h.scope for h in snap.hooks] == ["user", "extension"]
    for hook in snap.hooks:
        assert not hook.runs and not hook.will_register
        assert hook.inactive_reason == "hooks-disabled"
    user, ext = snap.hooks
    off = "hooks are switched off (hooksConfig.enabled is false in workspace settings)"
    assert user.not_running_because == [off]
    assert ext.not_running_because == [off + ": Gemini CLI does not even read extension hooks then"]
    assert ext.extension == "e" and ext.command == "x" and ext.line == 8  # its command
    assert any(p.code == "hooks-switched-off" for p in snap.problems)


def test_extension_hooks_when_hooks_are_off_keep_their_other_reasons(sandbox: Sandbox) -> None:
    """An extension disabled for this workspace stays disabled in what is listed."""
    sandbox.trust_folder()
    sandbox.write_user({"hooksConfig": {"enabled": False, "disabled": ["x"]}})
    ext = sandbox.add_extension("e", {"BeforeTool": [definition(command_hook("x", name="x"))]})
    sandbox.write(
        ext.parent / "extension-enablement.json",
        {"e": {"overrides": [f"!{sandbox.workspace}/*"]}},
    )
    (hook,) = sandbox.load().snapshot.hooks
    assert hook.inactive_reason == "hooks-disabled" and hook.disabled
    assert hook.not_running_because[0].endswith("does not even read extension hooks then")
    assert any("disabled for this workspace" in r for r in hook.not_running_because)
    assert any(r.startswith("disabled in hooksConfig.disabled") for r in hook.not_running_because)


def test_untrusted_folder_drops_every_settings_hook(sandbox: Sandbox) -> None:
    sandbox.set_env("GEMINI_CLI_TRUST_WORKSPACE", "false")
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("u", name="u"))]}})
    sandbox.write_workspace(
        {
            "hooks": {"BeforeTool": [definition(command_hook("p", name="p"))]},
            "hooksConfig": {"enabled": False},
        }
    )
    sandbox.add_extension("e", {"BeforeTool": [definition(command_hook("x", name="x"))]})
    snap = sandbox.load().snapshot
    assert snap.folder_trust.trusted is False and snap.folder_trust.how == "env"
    assert snap.hooks_enabled  # the workspace's hooksConfig is not merged
    runs = {h.id: h.runs for h in snap.hooks}
    assert runs == {"u": False, "p": False, "x": True}
    reasons = {h.id: h.inactive_reason for h in snap.hooks}
    assert reasons == {"u": "untrusted-folder", "p": "untrusted-folder", "x": None}
    assert snap.layers[2].exists and not snap.layers[2].loaded


def test_no_trust_rule_means_untrusted(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("u"))]}})
    snap = sandbox.load().snapshot
    assert snap.folder_trust.model_dump() == {
        "enabled": True, "trusted": False, "how": "none", "rule": None, "level": None,
        "variable": None,
    }  # fmt: skip
    assert not snap.hooks[0].runs


def test_folder_trust_feature_off(sandbox: Sandbox) -> None:
    sandbox.write_user({"security": {"folderTrust": {"enabled": False}}})
    trust = sandbox.load().snapshot.folder_trust
    assert trust.trusted and trust.how == "feature-off"


def test_workspace_cannot_switch_folder_trust_off(sandbox: Sandbox) -> None:
    sandbox.write_workspace({"security": {"folderTrust": {"enabled": False}}})
    assert sandbox.load().snapshot.folder_trust.trusted is False


def test_trusted_folders_longest_rule_wins(sandbox: Sandbox) -> None:
    sub = sandbox.workspace / "sub"
    sub.mkdir()
    sandbox.trust_folder(sandbox.workspace)
    sandbox.trust_folder(sub, "DO_NOT_TRUST")
    assert sandbox.load(sub).snapshot.folder_trust.trusted is False
    assert sandbox.load().snapshot.folder_trust.trusted is True


def test_trust_parent_covers_siblings(sandbox: Sandbox) -> None:
    sandbox.trust_folder(sandbox.workspace / "marker", "TRUST_PARENT")
    trust = sandbox.load().snapshot.folder_trust
    assert trust.trusted and trust.level == "TRUST_PARENT"


def test_invalid_trusted_folders_stops_gemini(sandbox: Sandbox) -> None:
    sandbox.write(sandbox.home / ".gemini" / "trustedFolders.json", {"/x": "MAYBE"})
    snap = sandbox.load().snapshot
    assert not snap.gemini_starts
    assert any(p.code == "trusted-folders-invalid" for p in snap.problems)


def test_invalid_hooks_are_listed_but_never_registered(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooks": {
                "BeforeTool": [
                    definition({"type": "command"}, {"type": "shell", "command": "x"}),
                    {"matcher": "x"},
                    "not a definition",
                    definition("not a hook"),
                ],
                "AfterTool": {"hooks": [command_hook("wrapped")]},
            }
        }
    )
    snap = sandbox.load().snapshot
    by_command = {h.command: h for h in snap.hooks}
    assert not by_command[None].will_register
    assert by_command["x"].inactive_reason == "invalid"
    # A lone definition object is wrapped by Gemini's concat merge, and runs.
    assert by_command["wrapped"].runs
    codes = {p.code for p in snap.problems}
    assert {
        "hook-missing-command",
        "unknown-hook-type",
        "invalid-definition",
        "hook-not-object",
    } <= codes


def test_unknown_event_with_claude_name(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"PreToolUse": [definition(command_hook("x"))]}})
    snap = sandbox.load().snapshot
    assert snap.hooks[0].inactive_reason == "unknown-event"
    problem = next(p for p in snap.problems if p.code == "unknown-event")
    assert "BeforeTool" in problem.message and problem.severity == "error"


def test_non_string_matcher_stops_the_whole_event(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooks": {
                "BeforeTool": [
                    definition(command_hook("a")),
                    definition(command_hook("b"), matcher=5),
                ],
                "BeforeModel": [definition(command_hook("c"), matcher=5)],
            }
        }
    )
    hooks = sandbox.load().snapshot.hooks
    assert [h.runs for h in hooks] == [False, False, True]


def test_extension_details(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    ext = sandbox.add_extension(
        "tools",
        {"BeforeTool": [definition(command_hook("${extensionPath}${/}check.sh $HOME"))]},
        manifest={"settings": [{"name": "Key", "envVar": "TOOLS_KEY"}]},
    )
    (ext / ".env").write_text("TOOLS_KEY=secret\n")
    hook = sandbox.load().snapshot.hooks[0]
    assert hook.command == f"{ext}/check.sh $HOME"
    assert hook.command_raw == "${extensionPath}${/}check.sh $HOME"
    assert hook.env == {"TOOLS_KEY": "secret"}
    assert hook.file == str(ext / "hooks" / "hooks.json") and hook.line == 8


def test_linked_extension_uses_its_source(sandbox: Sandbox, tmp_path) -> None:  # type: ignore[no-untyped-def]
    source = tmp_path / "src-ext"
    sandbox.write(source / "gemini-extension.json", {"name": "linked", "version": "1"})
    sandbox.write(
        source / "hooks" / "hooks.json",
        {"hooks": {"SessionStart": [definition(command_hook("${extensionPath}/go"))]}},
    )
    stub = sandbox.home / ".gemini" / "extensions" / "linked"
    sandbox.write(stub / ".gemini-extension-install.json", {"type": "link", "source": str(source)})
    snap = sandbox.load().snapshot
    assert snap.extensions[0].linked and snap.extensions[0].path == str(source)
    assert snap.hooks[0].command == f"{source}/go"


def test_extension_disabled_for_workspace(sandbox: Sandbox) -> None:
    sandbox.add_extension("e", {"BeforeTool": [definition(command_hook("x"))]})
    sandbox.write(
        sandbox.home / ".gemini" / "extensions" / "extension-enablement.json",
        {"e": {"overrides": [f"!{sandbox.home}/*"]}},
    )
    snap = sandbox.load().snapshot
    assert snap.extensions[0].active is False and "disabled" in (snap.extensions[0].reason or "")
    assert not snap.hooks[0].runs and snap.hooks[0].inactive_reason == "ignored-layer"


def test_broken_extensions_are_reported_and_others_load(sandbox: Sandbox) -> None:
    sandbox.add_extension("good", {"BeforeTool": [definition(command_hook("ok"))]})
    broken = sandbox.home / ".gemini" / "extensions" / "broken"
    sandbox.write(broken / "gemini-extension.json", "{not json")
    sandbox.add_extension("comments", hooks_text='{"hooks": {} // no comments here\n}')
    sandbox.add_extension("Bad Name", directory="badname")
    snap = sandbox.load().snapshot
    assert [e.name for e in snap.extensions] == ["comments", "good"]
    codes = [p.code for p in snap.problems]
    assert codes.count("extension-manifest-invalid") == 2
    assert "extension-hooks-invalid" in codes
    assert snap.hooks[0].runs


def test_first_seen_trust_of_project_hooks(sandbox: Sandbox) -> None:
    sandbox.set_env("ORACLE_HOOK", "/bin/trace")
    sandbox.trust_folder()
    sandbox.write_workspace(
        settings_with(
            command_hook('"$ORACLE_HOOK" a', name="a"),
            command_hook("b.sh", name="b"),
            command_hook("c.sh", name="c"),
        )
    )
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("u"))]}})
    sandbox.write_trusted_hooks(
        {str(sandbox.workspace): ['a:"/bin/trace" a', "b:old-b.sh", 'a:"$ORACLE_HOOK" a']}
    )
    trust = {h.id: h.trust for h in sandbox.load().snapshot.hooks}
    assert trust == {"a": "trusted", "b": "changed", "c": "new", "u": "not-applicable"}


def test_broken_trusted_hooks_file(sandbox: Sandbox) -> None:
    sandbox.write(sandbox.home / ".gemini" / "trusted_hooks.json", "{oops")
    snap = sandbox.load().snapshot
    assert any(p.code == "trusted-hooks-unreadable" for p in snap.problems)
