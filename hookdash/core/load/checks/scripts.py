"""The scripts and programs a hook runs: missing, not a file, not executable, too large to
read whole, or not known at all."""

from __future__ import annotations

import os

from hookdash.core.disk import files
from hookdash.core.load.checks.about import _about
from hookdash.core.load.script_head import SCRIPT_SCAN_BYTES
from hookdash.core.model import Hook
from hookdash.core.problems import Problem, Severity
from hookdash.core.scripts import ScriptInfo

_LATER = " This hook does not run now, but will fail like this once it does."


def _check_script(hook: Hook) -> list[Problem]:
    """Every problem of the programs and scripts the hook runs."""
    out: list[Problem] = []
    scripts = list(hook.scripts)
    if hook.script is not None and hook.script not in scripts:
        scripts.insert(0, hook.script)
    for script in scripts:
        found = _one(script)
        if found is not None:
            code, message, fix = found
            out.append(_failing(hook, code, message, fix))
        large = _too_large(script)
        if large is not None:
            out.append(_about(hook, "warning", "script-too-large", large, _LARGE_FIX))
    if hook.script_unresolved:
        out.append(
            _about(
                hook,
                "warning",
                "script-unresolved",
                "hookdash cannot tell every script this hook runs, so it cannot show, flag or "
                f"fingerprint them: {hook.script_unresolved}.",
                "Name the script plainly (a path relative to the project, or "
                "$GEMINI_PROJECT_DIR/…), or review what it runs by hand before trusting it.",
            )
        )
    return out


_LARGE_FIX = "Keep hook scripts small enough to review; read the rest of this one by hand."


def _failing(hook: Hook, code: str, message: str, fix: str) -> Problem:
    severity: Severity = "error" if hook.runs else "warning"
    # Not running now (disabled, untrusted folder, …): it fails like this once it does.
    return _about(hook, severity, code, message if hook.runs else message + _LATER, fix)


def _one(script: ScriptInfo) -> tuple[str, str, str] | None:
    if script.is_task:
        return None  # project code was read: it exists
    if script.kind == "command":
        if script.exists:
            return None
        return (
            "command-not-found",
            f"'{script.program}' is not on PATH: bash exits 127, which Gemini CLI treats as a "
            "blocking deny with bash's error as the reason.",
            "Install it, or use the full path.",
        )
    if not script.exists and script.path and (kind := files.not_regular(script.path)):
        return (
            "script-not-a-file",
            f"The script {script.path} is {kind}, not a regular file: running it fails or "
            "waits forever (until the hook's timeout), and hookdash does not read it.",
            "Point the hook at a regular script file.",
        )
    if not script.exists:
        return (
            "script-missing",
            f"The script {script.path} does not exist: bash exits 127, which Gemini CLI "
            "treats as a blocking deny.",
            "Create the script, or fix the path (relative paths start in the workspace).",
        )
    if not script.executable:
        what = "readable" if script.kind in ("interpreted", "reached") else "executable"
        return (
            "script-not-executable",
            f"The script {script.path} is not {what}: bash exits 126, which Gemini CLI "
            "treats as a blocking deny.",
            f"chmod +x {script.path}" if what == "executable" else "Fix its permissions.",
        )
    return None


def _too_large(script: ScriptInfo) -> str | None:
    if script.is_task or script.kind == "command" or not script.exists or not script.path:
        return None
    try:
        size = os.stat(script.path).st_size
    except OSError:
        return None
    if size <= SCRIPT_SCAN_BYTES:
        return None
    return (
        f"The script {script.path} is {size:,} bytes, more than the "
        f"{SCRIPT_SCAN_BYTES // (1024 * 1024)} MiB hookdash reads: what lies beyond is not "
        "checked for risks or hidden characters, and its fingerprint covers only that much "
        "(and its size)."
    )
