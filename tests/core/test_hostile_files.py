"""A repository (or a home) full of traps: loading, fingerprinting, previewing and reading
logs must finish, and say what is wrong, for every file hookdash reads."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from hookdash.core.errors import LogUnreadableError
from hookdash.core.hosts.gemini.telemetry_log import parse_telemetry
from hookdash.core.hosts.gemini.trust.trust_store import trust_hooks
from hookdash.core.load import fingerprints
from hookdash.core.load.preview import script_preview
from hookdash.core.run.logfeed import LogFeed
from hookdash.core.run.runlog import RunLog, RunRecord
from tests.conftest import Sandbox, command_hook, definition, settings_with
from tests.hostile import deep_json, make_fifo, within

# Every file the loader reads, as a path under the sandbox, and the problem code (or the
# text) that names it when it is a FIFO.
LOADED_FILES: dict[str, Callable[[Sandbox], Path]] = {
    "user settings": lambda s: s.user_settings,
    "workspace settings": lambda s: s.workspace_settings,
    "system settings": lambda s: s.system_settings,
    "system defaults": lambda s: s.system_defaults,
    "trustedFolders.json": lambda s: s.home / ".gemini" / "trustedFolders.json",
    "trusted_hooks.json": lambda s: s.home / ".gemini" / "trusted_hooks.json",
    "extension manifest": lambda s: s.home / ".gemini/extensions/ext/gemini-extension.json",
    "extension hooks.json": lambda s: s.home / ".gemini/extensions/ext/hooks/hooks.json",
    "install metadata": lambda s: s.home / ".gemini/extensions/ext/.gemini-extension-install.json",
    "extension-enablement.json": lambda s: s.home / ".gemini/extensions/extension-enablement.json",
    "extension .env": lambda s: s.home / ".gemini/extensions/ext/.env",
    "workspace .env": lambda s: s.workspace / ".env",
    "fingerprint state": lambda s: s.state / "trusted-scripts.json",
}


def _base(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("echo u", name="u"))]}})
    sandbox.add_extension("ext", {"BeforeTool": [definition(command_hook("echo e", name="e"))]})


@pytest.mark.parametrize("which", list(LOADED_FILES))
def test_a_fifo_anywhere_does_not_block_the_load(sandbox: Sandbox, which: str) -> None:
    _base(sandbox)
    fifo = make_fifo(LOADED_FILES[which](sandbox))
    config = within(20, sandbox.load, [fifo])
    said = json.dumps(config.snapshot.model_dump(mode="json"))
    if which in ("extension .env", "workspace .env", "fingerprint state", "install metadata"):
        return  # optional files: treated as absent (nothing to report)
    assert "it is a FIFO (named pipe), not a regular file" in said, said


def test_a_fifo_settings_file_is_named_in_the_problem(sandbox: Sandbox) -> None:
    make_fifo(sandbox.workspace_settings)
    snap = within(20, sandbox.load, [sandbox.workspace_settings]).snapshot
    problem = next(p for p in snap.problems if p.code == "settings-unreadable")
    assert "it is a FIFO (named pipe), not a regular file" in problem.message
    assert "Gemini CLI would wait on it forever at start-up" in problem.message
    layer = next(layer for layer in snap.layers if layer.scope == "workspace")
    assert layer.error is not None and "FIFO" in layer.error.message


@pytest.mark.parametrize("which", list(LOADED_FILES))
def test_deep_nesting_anywhere_loads_without_a_traceback(sandbox: Sandbox, which: str) -> None:
    _base(sandbox)
    sandbox.write(LOADED_FILES[which](sandbox), deep_json())
    config = within(20, sandbox.load)
    assert config.snapshot is not None


def test_deep_settings_are_an_error_at_line_and_column(sandbox: Sandbox) -> None:
    sandbox.write_user('{\n  "x": ' + "[" * 10_000 + "]" * 10_000 + "\n}")
    snap = sandbox.load().snapshot
    problem = next(p for p in snap.problems if p.code == "settings-parse-error")
    # Deeper than Gemini CLI reads (1,801 levels): hookdash says it could not read it.
    assert "hookdash could not read this file; Gemini CLI may run hooks in it" in problem.message
    assert "nested more than 1,801 levels deep" in problem.message
    assert (problem.line, problem.column) == (2, 1808)  # the 1,801st "[": level 1,802


def _script_hooks(sandbox: Sandbox, target: Path) -> None:
    sandbox.trust_folder()
    link = sandbox.workspace / "link.sh"
    link.symlink_to(target)
    sandbox.write_workspace(
        settings_with(
            command_hook(f"{target}", name="direct"),
            command_hook("./link.sh", name="linked"),
            command_hook(f"bash {target}", name="interpreted"),
        )
    )


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_scripts_that_never_end_are_not_read(sandbox: Sandbox, kind: str) -> None:
    target = make_fifo(sandbox.workspace / "fifo.sh") if kind == "fifo" else Path("/dev/zero")
    fifos = [target] if kind == "fifo" else []
    _script_hooks(sandbox, target)
    config = within(20, sandbox.load, fifos)
    result = within(20, lambda: trust_hooks(config), fifos)
    assert result.changed
    after = within(20, sandbox.load, fifos)
    assert {h.trust for h in after.hooks} == {"trusted"}  # not CHANGED for ever after
    codes = [p.code for p in after.snapshot.problems]
    assert codes.count("script-not-a-file") == 3
    for hook in after.hooks:
        preview = within(20, lambda hook=hook: script_preview(hook.script), fifos)
        assert preview is not None and preview.text == ""
        assert preview.unavailable is not None and "not a regular file" in preview.unavailable
        assert fingerprints.hash_file(str(target)) is None


def test_a_script_turned_into_a_fifo_after_trust_is_changed(sandbox: Sandbox) -> None:
    script = sandbox.script("hook.sh", "echo hi")
    sandbox.trust_folder()
    sandbox.write_workspace({"hooks": {"BeforeTool": [definition(command_hook("./hook.sh"))]}})
    trust_hooks(sandbox.load())
    script.unlink()
    make_fifo(script)
    hook = within(20, sandbox.load, [script]).hooks[0]
    assert hook.trust == "changed"
    assert hook.trust_detail is not None and "is now a FIFO (named pipe)" in hook.trust_detail


def test_a_big_script_is_fingerprinted_over_a_prefix_and_its_size(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("hookdash.core.disk.files.SCRIPT_HASH_BYTES", 1024)
    script = sandbox.script("hook.sh", "x" * 5000)
    first = fingerprints.hash_file(str(script))
    assert first is not None and first[1] == script.stat().st_size
    with script.open("r+b") as handle:  # past the prefix, same size: not seen (documented)
        handle.seek(4000)
        handle.write(b"y")
    assert fingerprints.hash_file(str(script)) == first
    with script.open("ab") as handle:  # longer: the size tells
        handle.write(b"\n")
    changed = fingerprints.hash_file(str(script))
    assert changed is not None and changed[1] == first[1] + 1


def test_lone_surrogates_in_telemetry_and_the_run_log(tmp_path: Path) -> None:
    record = {
        "attributes": {
            "event.name": "gemini_cli.hook_call",
            "event.timestamp": "2026-11-21T10:23:48.040Z",
            "hook_event_name": "BeforeTool",
            "hook_name": "bad\ud800name",
            "stdout": "out\udfff",
            "hook_output": '{"reason": "\\ud800"}',
            "success": True,
        }
    }
    data = (json.dumps(record, indent=2) + "\n").encode()
    (parsed,), _rest = parse_telemetry(data + b"{\n")
    assert parsed.id == "bad\ud800name" and parsed.output == {"reason": "\ud800"}
    log = RunLog(tmp_path / "state")
    log.append([parsed])
    (back,) = log.read_last(5)
    assert back.id == "bad\ud800name" and back.stdout == "out\udfff"
    assert back.output == {"reason": "\ud800"}


def test_an_unreadable_run_log_is_an_error_not_an_empty_log(tmp_path: Path) -> None:
    state = tmp_path / "state"
    (state / "runs.jsonl").mkdir(parents=True)  # unreadable for everyone, root included
    feed = LogFeed(state, None, "hookdash")
    with pytest.raises(LogUnreadableError, match=r"cannot read .*runs\.jsonl: it is a directory"):
        feed.recent(10)
    with pytest.raises(LogUnreadableError):
        feed.start_following()


def test_a_fifo_run_log_or_telemetry_file_is_an_error(tmp_path: Path) -> None:
    state = tmp_path / "state"
    fifo = make_fifo(state / "runs.jsonl")
    telemetry = make_fifo(tmp_path / "telemetry.log")
    with pytest.raises(LogUnreadableError, match="FIFO"):
        within(10, lambda: LogFeed(state, None, "hookdash").recent(10), [fifo])
    with pytest.raises(LogUnreadableError, match="FIFO"):
        within(10, lambda: LogFeed(state, telemetry, "gemini").recent(10), [telemetry])


def test_a_missing_run_log_is_simply_empty(tmp_path: Path) -> None:
    assert LogFeed(tmp_path / "state", tmp_path / "none.log", "all").recent(10) == []
    assert RunRecord is not None
