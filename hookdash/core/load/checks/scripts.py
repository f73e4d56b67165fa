"""The script or program a hook runs: missing, not a file, not executable."""

from __future__ import annotations

from hookdash.core import files
from hookdash.core.load.checks.about import _about
from hookdash.core.model import Hook
from hookdash.core.problems import Problem


def _check_script(hook: Hook) -> list[Problem]:
    script = hook.script
    assert script is not None
    if script.kind == "command":
        if script.exists:
            return []
        code = "command-not-found"
        message = (
            f"'{script.program}' is not on PATH: bash exits 127, which Gemini CLI treats as a "
            "blocking deny with bash's error as the reason."
        )
        fix = "Install it, or use the full path."
    elif not script.exists and script.path and (kind := files.not_regular(script.path)):
        code = "script-not-a-file"
        message = (
            f"The script {script.path} is {kind}, not a regular file: running it fails or "
            "waits forever (until the hook's timeout), and hookdash does not read it."
        )
        fix = "Point the hook at a regular script file."
    elif not script.exists:
        code = "script-missing"
        message = (
            f"The script {script.path} does not exist: bash exits 127, which Gemini CLI "
            "treats as a blocking deny."
        )
        fix = "Create the script, or fix the path (relative paths start in the workspace)."
    elif not script.executable:
        what = "readable" if script.kind == "interpreted" else "executable"
        code = "script-not-executable"
        message = (
            f"The script {script.path} is not {what}: bash exits 126, which Gemini CLI "
            "treats as a blocking deny."
        )
        fix = f"chmod +x {script.path}" if what == "executable" else "Fix its permissions."
    else:
        return []
    if hook.runs:
        return [_about(hook, "error", code, message, fix)]
    # Not running now (disabled, untrusted folder, …): it fails like this once it does.
    later = " This hook does not run now, but will fail like this once it does."
    return [_about(hook, "warning", code, message + later, fix)]
