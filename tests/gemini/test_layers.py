"""Every settings layer and extensions: what ran, in which order, in parallel or not."""

from __future__ import annotations

import pytest

from tests.gemini.differential import Differ
from tests.gemini.harness import ANSWER, World, tool_call
from tests.gemini.scenarios import every_layer

pytestmark = pytest.mark.gemini


def test_every_layer_trusted_folder(secure_world: World) -> None:
    w = secure_world
    every_layer(w)
    w.trust_folder()
    d = Differ(w, "every layer, folder trusted by trustedFolders.json")
    before = w.hookdash_json("list")
    d.check(
        all(layer["loaded"] for layer in before["layers"]),
        f"every layer loads: {before['layers']}",
    )
    run = w.run_gemini(trust_env=None)
    d.session(run)
    d.warning(run, before)
    after = w.hookdash_json("list")
    d.equal(
        sorted({h["trust"] for h in after["hooks"] if h["scope"] == "workspace"}),
        ["trusted"],
        "after Gemini recorded the project hooks, hookdash calls them trusted",
    )
    d.finish()


def test_system_files_not_locked_down(world: World) -> None:
    """System files under /tmp (mode 1777): Gemini CLI 0.60+ ignores both, older versions
    read them; hookdash must say which, for the version it finds."""
    w = world
    every_layer(w)
    d = Differ(w, "every layer, system files writable by others, trusted by env")
    w.extra_env["GEMINI_CLI_TRUST_WORKSPACE"] = "true"
    before = w.hookdash_json("list")
    run = w.run_gemini()
    d.session(run)
    ran = {call.ident for call in run.calls}
    layers = {layer["scope"]: layer for layer in before["layers"]}
    for scope, tag in (("system", "sys-BT"), ("system-defaults", "sd-BT")):
        d.equal(
            tag in ran,
            layers[scope]["loaded"],
            f"the {scope} file not locked down: read (Gemini 0.59 and older) or ignored",
        )
    d.warning(run, before)
    d.finish()


@pytest.mark.parametrize(
    "env",
    [
        {"GEMINI_CLI_TRUST_WORKSPACE": "false"},
        {"GEMINI_RESTRICTED_MODE": "true", "GEMINI_CLI_TRUST_WORKSPACE": "true"},
    ],
    ids=["trust-env-false", "restricted-mode"],
)
def test_untrusted_by_environment(secure_world: World, env: dict[str, str]) -> None:
    """An untrusted folder: Gemini skips every settings hook (user and system too).

    Headless Gemini exits 55 in an untrusted folder while the trust feature is on, so it
    is off here; the environment variables still decide (in the versions that read them).
    """
    w = secure_world
    every_layer(w, user_extra={"security": {"folderTrust": {"enabled": False}}})
    w.extra_env.update(env)
    # An untrusted folder forces the default approval mode, in which headless Gemini does
    # not register the shell tool; read_file needs no approval, so the tool events fire.
    w.write(w.project / "hello.txt", "hello\n")
    w.responses = [tool_call("read_file", {"file_path": str(w.project / "hello.txt")}), ANSWER]
    d = Differ(w, f"every layer, {' '.join(f'{k}={v}' for k, v in env.items())}")
    before = w.hookdash_json("list")
    run = w.run_gemini(trust_env=env.get("GEMINI_CLI_TRUST_WORKSPACE"))
    d.session(run)
    d.warning(run, before)
    d.equal(
        w.trusted_hooks.exists(),
        bool(before["folder_trust"]["trusted"]) and run.warned_hooks is not None,
        "Gemini wrote trusted_hooks.json (only where it warned)",
    )
    d.finish()


@pytest.mark.parametrize(
    ("rule", "feature"),
    [("DO_NOT_TRUST", None), (None, None), ("DO_NOT_TRUST", True)],
    ids=["do-not-trust", "no-rule", "do-not-trust-feature-on"],
)
def test_untrusted_by_trusted_folders(
    secure_world: World, rule: str | None, feature: bool | None
) -> None:
    """A DO_NOT_TRUST rule, or no decision at all: the trust feature at its default (on
    since 0.29) or switched on. Headless Gemini 0.41+ refuses to run there (exit 55);
    0.26 runs, with only extension hooks when the folder is untrusted."""
    w = secure_world
    extra = {} if feature is None else {"security": {"folderTrust": {"enabled": feature}}}
    every_layer(w, user_extra=extra)
    if rule is not None:
        w.trust_folder(rule)
    w.write(w.project / "hello.txt", "hello\n")
    w.responses = [tool_call("read_file", {"file_path": str(w.project / "hello.txt")}), ANSWER]
    d = Differ(w, f"every layer, trustedFolders.json: {rule or 'no rule'}, feature {feature}")
    before = w.hookdash_json("list")
    run = w.run_gemini(trust_env=None)
    d.session(run)
    d.warning(run, before)
    d.finish()


def test_how_deep_gemini_reads_a_settings_file(world: World) -> None:
    """Gemini CLI 0.61 (Node 20) runs the hooks of a workspace file beside a key nested
    1,800 arrays deep, and refuses to start at 1,850 ('Maximum call stack size exceeded',
    exit 52). hookdash reads as deep (core/hosts/gemini/layers.py READ_DEPTH), and says it
    could not read a deeper file rather than what Gemini does with it."""
    import json

    from hookdash.core.hosts.gemini.layers import READ_DEPTH

    w = world
    w.trust_folder()
    w.settings("user", {})
    outcomes = {}
    for arrays in (READ_DEPTH - 1, 1850):  # the settings object is the first level
        head = json.dumps({"hooks": {"BeforeTool": [{"hooks": [w.hook("deep")]}]}})[:-1]
        w.write(w.workspace_settings, head + ', "x": ' + "[" * arrays + "]" * arrays + "}")
        run = w.run_gemini()
        outcomes[arrays] = ("deep" in {c.ident for c in run.calls}, run.exit_code)
    assert outcomes[READ_DEPTH - 1] == (True, 0)
    assert outcomes[1850] == (False, 52)
    listed = w.hookdash_json("list")
    assert not [h for h in listed["hooks"] if h["scope"] == "workspace"]
