"""Understood or flagged, measured on fresh sets (tests/data/understood-*.json): hostile hook
commands must not look quiet, everyday ones must not be flagged, on Gemini's and Claude
Code's hook records as `list` builds them (each set's hooks in one project's settings,
the files an entry names written into that project).

"Quiet" is what a person reads as "nothing to see": no risk flag and understood.

Run as a script for the rates per host and category:
    .venv/bin/python -m tests.core.load.test_understood_rates
"""

from __future__ import annotations

import json
import os
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from hookdash.core.hosts.claude import load_claude
from hookdash.core.hosts.gemini.environment import resolve_environment
from hookdash.core.load.loader import load_configuration

DATA = Path(__file__).resolve().parents[2] / "data"
HOSTILE_NOT_QUIET = 0.95
EVERYDAY_FLAGGED = 0.10
EVERYDAY_NOT_UNDERSTOOD = 0.20  # the aim; reported, and held as a bound


def entries(name: str) -> list[dict[str, Any]]:
    loaded: list[dict[str, Any]] = json.loads((DATA / name).read_text())
    return loaded


def _machine(root: Path, cases: list[dict[str, Any]]) -> tuple[Path, dict[str, str]]:
    """A home under `root`, a project in it holding every case's files and both hosts'
    settings with one hook per case (named by its index, in order)."""
    home = root / "home"
    project = home / "project"
    for case in cases:
        for relative, text in case.get("files", {}).items():
            path = project / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    (home / ".gemini").mkdir(parents=True, exist_ok=True)
    (home / ".gemini" / "trustedFolders.json").write_text(
        json.dumps({str(project): "TRUST_FOLDER"})
    )
    gemini = [
        {"hooks": [{"type": "command", "name": f"case-{i}", "command": c["command"]}]}
        for i, c in enumerate(cases)
    ]
    (project / ".gemini").mkdir(parents=True, exist_ok=True)
    (project / ".gemini" / "settings.json").write_text(
        json.dumps({"hooks": {"BeforeTool": gemini}})
    )
    claude = [
        {"matcher": "*", "hooks": [{"type": "command", "command": c["command"]}]} for c in cases
    ]
    (project / ".claude").mkdir(parents=True, exist_ok=True)
    (project / ".claude" / "settings.json").write_text(
        json.dumps({"hooks": {"PreToolUse": claude}})
    )
    environ = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "GEMINI_CLI_HOME": str(home),
        "GEMINI_CLI_SYSTEM_SETTINGS_PATH": str(root / "etc" / "settings.json"),
        "GEMINI_CLI_SYSTEM_DEFAULTS_PATH": str(root / "etc" / "system-defaults.json"),
        "GEMINI_CLI_PATH": str(root / "no-gemini-cli"),
        "HOOKDASH_STATE_DIR": str(root / "state"),
        "CLAUDE_CONFIG_DIR": str(home / ".claude"),
        "HOOKDASH_CLAUDE_MANAGED_DIR": str(root / "managed"),
    }
    return project, environ


def verdicts(root: Path, cases: list[dict[str, Any]]) -> dict[str, list[tuple[bool, bool]]]:
    """Per host, per case in order: (flagged, understood)."""
    project, environ = _machine(root, cases)
    gemini = load_configuration(resolve_environment(project, environ=environ)).hooks
    by_name = {h.name: h for h in gemini if h.scope == "workspace"}
    claude = [h for h in load_claude(project, environ).hooks if h.scope == "project"]
    assert len(by_name) == len(cases) == len(claude)
    out: dict[str, list[tuple[bool, bool]]] = {"gemini": [], "claude": []}
    for i in range(len(cases)):
        g = by_name[f"case-{i}"]
        out["gemini"].append((bool(g.risks), g.understood))
    for c in claude:
        out["claude"].append((bool(c.risks), c.understood))
    return out


def _measured(name: str) -> tuple[list[dict[str, Any]], dict[str, list[tuple[bool, bool]]]]:
    cases = entries(name)
    with tempfile.TemporaryDirectory() as root:
        return cases, verdicts(Path(root), cases)


def _missed(cases: list[dict[str, Any]], results: list[tuple[bool, bool]]) -> list[str]:
    return [
        f"{c['category']}: {c['command']}"
        for c, (flagged, understood) in zip(cases, results, strict=True)
        if not flagged and understood
    ]


@pytest.mark.parametrize("name", ["understood-hostile.json", "understood-hostile-second.json"])
def test_hostile_commands_do_not_look_quiet(name: str) -> None:
    cases, measured = _measured(name)
    for host, results in measured.items():
        missed = _missed(cases, results)
        rate = 1 - len(missed) / len(cases)
        assert rate >= HOSTILE_NOT_QUIET, (host, f"{rate:.1%}", missed)


@pytest.mark.parametrize("name", ["understood-everyday.json", "understood-everyday-second.json"])
def test_everyday_commands_are_not_flagged_and_mostly_understood(name: str) -> None:
    cases, measured = _measured(name)
    for host, results in measured.items():
        flagged = [c["command"] for c, (f, _) in zip(cases, results, strict=True) if f]
        assert len(flagged) / len(cases) <= EVERYDAY_FLAGGED, (host, flagged)
        unknown = [c["command"] for c, (_, u) in zip(cases, results, strict=True) if not u]
        assert len(unknown) / len(cases) <= EVERYDAY_NOT_UNDERSTOOD, (host, unknown)


def report() -> None:
    for name in (
        "understood-hostile.json",
        "understood-hostile-second.json",
        "understood-everyday.json",
    ):
        if not (DATA / name).exists():
            continue
        cases, measured = _measured(name)
        for host, results in measured.items():
            n = len(cases)
            quiet = sum(1 for f, u in results if not f and u)
            flagged = sum(1 for f, _ in results if f)
            unknown = sum(1 for _, u in results if not u)
            print(
                f"{name} {host}: {n} cases, not quiet {n - quiet} ({(n - quiet) / n:.1%}), "
                f"flagged {flagged} ({flagged / n:.1%}), "
                f"not understood {unknown} ({unknown / n:.1%})"
            )
            per: dict[str, list[int]] = defaultdict(lambda: [0, 0])
            for c, (f, u) in zip(cases, results, strict=True):
                per[c["category"]][1] += 1
                per[c["category"]][0] += not (not f and u)
            print("   ", ", ".join(f"{k} {a}/{b}" for k, (a, b) in per.items()))
            if "hostile" in name:
                for line in _missed(cases, results):
                    print("    quiet:", line)
            else:
                for c, (f, u) in zip(cases, results, strict=True):
                    if f or not u:
                        print("    ", "FLAGGED" if f else "unknown", c["command"])


if __name__ == "__main__":
    report()
