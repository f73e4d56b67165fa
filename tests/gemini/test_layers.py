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
    """System files under /tmp (mode 1777): Gemini CLI ignores both, and hookdash says so."""
    w = world
    every_layer(w)
    d = Differ(w, "every layer, system files writable by others, trusted by env")
    before = w.hookdash_json("list", env={"GEMINI_CLI_TRUST_WORKSPACE": "true"})
    system = {layer["scope"]: layer for layer in before["layers"]}
    d.check(
        system["system"]["exists"] and not system["system"]["loaded"],
        f"hookdash reports the system file present but ignored: {system['system']}",
    )
    w.extra_env["GEMINI_CLI_TRUST_WORKSPACE"] = "true"
    run = w.run_gemini()
    d.session(run)
    d.warning(run, before)
    d.finish()


def test_untrusted_folder(secure_world: World) -> None:
    """An untrusted folder: Gemini skips every settings hook (user and system too)."""
    w = secure_world
    # Headless Gemini exits 55 in an untrusted folder unless the trust feature is off
    # (then GEMINI_CLI_TRUST_WORKSPACE=false still makes the folder untrusted).
    every_layer(w, user_extra={"security": {"folderTrust": {"enabled": False}}})
    w.extra_env["GEMINI_CLI_TRUST_WORKSPACE"] = "false"
    # An untrusted folder forces the default approval mode, in which headless Gemini does
    # not register the shell tool; read_file needs no approval, so the tool events fire.
    w.write(w.project / "hello.txt", "hello\n")
    w.responses = [tool_call("read_file", {"file_path": str(w.project / "hello.txt")}), ANSWER]
    d = Differ(w, "every layer, folder untrusted")
    before = w.hookdash_json("list")
    d.equal(before["folder_trust"]["trusted"], False, "hookdash sees the folder untrusted")
    run = w.run_gemini(trust_env="false")
    d.session(run)
    d.warning(run, before)
    d.check(not w.trusted_hooks.exists(), "Gemini wrote no trusted_hooks.json")
    d.finish()
