"""The `.pre-commit-hooks.yaml` at the project root runs `hookdash scan` on the whole
repository (pre-commit's own fields; parsed without a YAML dependency: it is flat)."""

from __future__ import annotations

from pathlib import Path

HOOKS_FILE = Path(__file__).parents[2] / ".pre-commit-hooks.yaml"


def test_pre_commit_hook_definition() -> None:
    fields: dict[str, str] = {}
    for line in HOOKS_FILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or ":" not in line:
            continue
        key, _, value = line.lstrip("- ").partition(":")
        fields[key.strip()] = value.strip()
    assert fields == {
        "id": "hookdash-scan",
        "name": "hookdash scan",
        "description": fields["description"],
        "entry": "hookdash scan",
        "language": "python",
        "pass_filenames": "false",
        "always_run": "true",
    }
