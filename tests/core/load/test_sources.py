"""Which directories the configuration depends on (core/sources.py)."""

from __future__ import annotations

from hookdash.core.load.sources import is_relevant, watch_targets
from tests.conftest import Sandbox, command_hook, definition


def test_targets_cover_every_file_gemini_reads(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    script = sandbox.root / "scripts" / "guard.sh"
    sandbox.write(script, "#!/bin/sh\n")
    sandbox.write_user(
        {"hooks": {"BeforeTool": [definition(command_hook(f"bash {script}", name="g"))]}}
    )
    targets = watch_targets(sandbox.load())
    gemini = sandbox.home / ".gemini"
    for path in (
        gemini / "settings.json",
        gemini / "trustedFolders.json",
        gemini / "trusted_hooks.json",
        gemini / "extensions" / "ext" / "hooks" / "hooks.json",
        sandbox.workspace / ".gemini" / "settings.json",
        sandbox.workspace / ".gemini" / "hooks" / "x.sh",
        sandbox.workspace / ".env",
        sandbox.system_settings,
        sandbox.system_defaults,
        script,
    ):
        assert is_relevant(path, targets), path
    for path in (
        gemini / "tmp" / "project" / "chats" / "session.jsonl",  # Gemini's chat log
        gemini / "telemetry.log",
        sandbox.workspace / "src" / "main.py",
        sandbox.system_dir / "other.json",
    ):
        assert not is_relevant(path, targets), path


def test_creating_a_missing_directory_is_relevant(sandbox: Sandbox) -> None:
    targets = watch_targets(sandbox.load())
    assert not (sandbox.workspace / ".gemini").exists()
    assert is_relevant(sandbox.workspace / ".gemini", targets)
    assert is_relevant(sandbox.home / ".gemini" / "extensions", targets)
