"""Script previews (core/preview.py)."""

from __future__ import annotations

from pathlib import Path

from hookdash.core.load.preview import script_preview
from hookdash.core.scripts import ScriptInfo


def _info(path: Path, kind: str = "interpreted") -> ScriptInfo:
    return ScriptInfo(
        path=str(path), program=path.name, kind=kind, exists=path.exists(), executable=True
    )


def test_first_lines_of_a_script(tmp_path: Path) -> None:
    script = tmp_path / "hook.py"
    script.write_text("".join(f"line {i}\n" for i in range(1, 61)))
    preview = script_preview(_info(script), max_lines=40)
    assert preview is not None and preview.unavailable is None
    assert preview.text.splitlines()[0] == "line 1" and preview.shown_lines == 40
    assert preview.truncated


def test_short_script_is_not_truncated(tmp_path: Path) -> None:
    script = tmp_path / "hook.sh"
    script.write_text("#!/bin/sh\necho {}\n")
    preview = script_preview(_info(script, "script"))
    assert preview is not None and not preview.truncated and preview.shown_lines == 2


def test_no_preview_for_commands_and_missing_or_binary_files(tmp_path: Path) -> None:
    assert script_preview(None) is None
    assert script_preview(_info(Path("/usr/bin/env"), "command")) is None
    missing = script_preview(_info(tmp_path / "nope.sh"))
    assert missing is not None and missing.unavailable == "the file does not exist"
    binary = tmp_path / "tool"
    binary.write_bytes(b"\x7fELF\0\0\0")
    result = script_preview(_info(binary, "script"))
    assert result is not None and result.unavailable == "a binary file"
