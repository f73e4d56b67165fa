"""What a project does to the hooks it did not write: a `.env` that changes how every hook
starts, a disabled list that names your hooks, the switch that turns all hooks off.

Gemini CLI shows none of it: its start-up warning lists the project's new hooks only. These
findings are worded from the point of view of the person reviewing the project ("this
project switches off your hook X"). In a folder not yet trusted, Gemini ignores the
workspace settings and loads only API keys from `.env`; the findings then say what
happens once the folder is trusted, since that is the decision being reviewed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from hookdash.core.display import shorten, visible
from hookdash.core.hosts.gemini.dotenv import DotEnv, loaded_env
from hookdash.core.hosts.gemini.layers import MERGE_ORDER, Layer
from hookdash.core.hosts.gemini.merge import js_truthy
from hookdash.core.load.risks.environment import startup_variable
from hookdash.core.problems import Problem, Severity

if TYPE_CHECKING:
    from hookdash.core.model import Configuration, Hook

# The codes of the findings a trust review shows above its list of hooks.
REVIEW_CODES = frozenset(
    {
        "dotenv-startup-env",
        "project-disables-hook",
        "project-disables-all-hooks",
        "hook-key-collision",
        "hook-name-has-colon",
        # The files trust itself rests on, when they cannot be read (a FIFO, bad JSON):
        # named wherever trust is decided, as `check` names them.
        "trusted-folders-invalid",
        "trusted-hooks-unreadable",
        "workspace-settings-outside",
    }
)


def _once_trusted(config: Configuration) -> str:
    return "" if config.snapshot.folder_trust.trusted else "Once you trust this folder, "


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _dotenv_fix(dotenv: DotEnv, names: list[str]) -> str:
    first = names[0]
    if dotenv.project_file:
        return (
            f"Remove {', '.join(names)} from the file, or keep Gemini from loading it: "
            '"advanced": {"ignoreLocalEnv": true} in your user settings skips it, '
            f'and "advanced": {{"excludedEnvVars": ["{first}"]}} skips that variable.'
        )
    # A path with `.gemini` in it: Gemini applies neither setting to it.
    return (
        f"Remove {', '.join(names)} from the file. Gemini CLI applies neither "
        "advanced.ignoreLocalEnv nor advanced.excludedEnvVars to a .gemini/.env; a "
        f"variable already set in your environment (even empty: export {first}=) wins."
    )


def _check_dotenv(config: Configuration) -> list[Problem]:
    """The `.env` Gemini would load (as if the folder were trusted), when it sets a variable
    that changes how hooks start (core.load.risks.environment)."""
    env = config.env
    layers = [config.layers[s].settings for s in MERGE_ORDER if config.layers[s].parsed]
    dotenv = loaded_env(env, layers, trusted=True)
    if dotenv is None:
        return []
    path = dotenv.path
    shown = env.display(path)
    home_files = {Path(env.home) / ".env", Path(env.home) / ".gemini" / ".env"}
    if path in home_files:
        return []  # your own file, read in every folder: not this project's doing
    in_project = _inside(path, Path(env.workspace))
    if dotenv.unreadable is not None:
        return [
            Problem(
                severity="warning",
                code="dotenv-startup-env",
                message=f"Gemini CLI loads {shown} into the environment of every hook, but "
                f"hookdash cannot read it ({visible(dotenv.unreadable)}), so it cannot tell "
                "whether it changes how hooks start.",
                fix="Read the file yourself before trusting the folder.",
                file=str(path),
            )
        ]
    risky = {k: v for k, v in dotenv.applied.items() if startup_variable(k)}
    kept = [k for k in dotenv.already_set if startup_variable(k)]
    if not risky and not kept:
        return []
    whose = "this project's" if in_project else "a"
    if risky:
        first = next(iter(risky))
        sets = "; ".join(f"{k}={shorten(v, 60)}" for k, v in risky.items())
        message = _capital(
            f"{_once_trusted(config)}{whose} .env file {shown} sets {visible(sets)}: Gemini "
            "CLI loads it into its own environment at start, so every hook runs with it — "
            f"your own hooks too, and no hook shows it. "
            f"{visible(first)}: {startup_variable(first)}."
        )
        if kept:
            message += f" ({visible(', '.join(kept))}: already set in your environment, kept.)"
        severity: Severity = "error" if in_project else "warning"
        names = list(risky)
    else:
        message = _capital(
            f"{whose} .env file {shown} sets {visible(', '.join(kept))}, which Gemini CLI "
            "would load into every hook's environment; your environment sets them already, "
            "so Gemini keeps yours (where it starts without them, the file's apply)."
        )
        severity = "info"
        names = kept
    return [
        Problem(
            severity=severity,
            code="dotenv-startup-env",
            message=message,
            fix=_dotenv_fix(dotenv, [visible(n) for n in names]),
            file=str(path),
            line=_line_of(path, names[0]),
        )
    ]


def _line_of(path: Path, name: str) -> int | None:
    """The line of a `.env` that sets `name` (the last one: dotenv's last assignment wins)."""
    from hookdash.core.disk import files

    try:
        text = files.read_text(path)
    except OSError:
        return None
    found = None
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip().removeprefix("export").strip()
        if stripped.startswith(name) and stripped[len(name) :].lstrip()[:1] in ("=", ":"):
            found = number
    return found


def _others(config: Configuration) -> list[Hook]:
    """Hooks this project did not write: every layer but the workspace, and extensions."""
    return [h for h in config.hooks if h.scope != "workspace"]


def _check_disabled_by_project(config: Configuration) -> list[Problem]:
    """Workspace `hooksConfig.disabled` entries that switch off a hook of another layer
    (Gemini merges the lists of every layer as a union: observed, a project entry disabled a
    system hook), unless that layer disables it itself; and the legacy `hooks.disabled`,
    which Gemini CLI 0.26+ ignores (a note)."""
    workspace = config.layers["workspace"]
    if not workspace.parsed:
        return []
    own: set[str] = set()
    for scope in MERGE_ORDER:
        if scope != "workspace" and config.layers[scope].parsed:
            hc = config.layers[scope].settings.get("hooksConfig")
            listed = hc.get("disabled") if isinstance(hc, dict) else None
            own.update(e for e in listed or [] if isinstance(e, str))
    out: list[Problem] = []
    others = _others(config)
    for key, legacy in (("hooksConfig", False), ("hooks", True)):
        section = workspace.settings.get(key)
        entries = section.get("disabled") if isinstance(section, dict) else None
        if not isinstance(entries, list):
            continue
        for i, entry in enumerate(entries):
            if not isinstance(entry, str) or entry in own:
                continue
            victims = [h for h in others if h.id == entry]
            if not victims:
                continue
            ptr = f"/{key}/disabled/{i}"
            where = "; ".join(f"{h.layer_label} settings, line {h.line}" if h.scope != "extension"
                              else h.layer_label for h in victims)  # fmt: skip
            if legacy:
                message = (
                    f"This project's legacy hooks.disabled lists '{entry}', your hook ({where}). "
                    "Gemini CLI 0.26 and later ignore that list, so it still runs; an older "
                    "Gemini CLI would switch it off."
                )
                severity: Severity = "info"
            else:
                message = (
                    f"{_once_trusted(config)}this project switches off your hook '{entry}' "
                    f"({where}): its hooksConfig.disabled lists it, and Gemini CLI merges the "
                    "disabled lists of every settings file."
                )
                message = _capital(message)
                severity = "warning"
            fix = f"Remove '{entry}' from {key}.disabled in the project's settings"
            out.append(
                _in_workspace(workspace, ptr, severity, "project-disables-hook", message, fix)
            )
    return out


def _check_switched_off_by_project(config: Configuration) -> list[Problem]:
    """A workspace `hooksConfig.enabled: false` (or, before Gemini 0.28, `tools.enableHooks:
    false`) that is the value Gemini ends with: every hook is off, yours and extensions'
    too (observed: 0 calls)."""
    workspace = config.layers["workspace"]
    others = _others(config)
    if not workspace.parsed or not others:
        return []
    switches = [("hooksConfig", "enabled")]
    if config.env.gemini.tools_enable_hooks:
        switches.append(("tools", "enableHooks"))
    out: list[Problem] = []
    for section, key in switches:
        last = None  # the last layer that sets it wins the merge
        for scope in MERGE_ORDER:
            layer = config.layers[scope]
            value = layer.settings.get(section) if layer.parsed else None
            if isinstance(value, dict) and key in value:
                last = (scope, value[key])
        if last is None or last[0] != "workspace" or js_truthy(last[1]):
            continue
        message = _capital(
            f"{_once_trusted(config)}this project switches off every hook: its "
            f"{section}.{key} is false, so Gemini CLI runs none of your {len(others)} "
            "user, system and extension hook(s) in this folder."
        )
        fix = f"Remove {section}.{key} from the project's settings"
        out.append(
            _in_workspace(
                workspace,
                f"/{section}/{key}",
                "warning",
                "project-disables-all-hooks",
                message,
                fix,
            )
        )
    return out


def _in_workspace(
    workspace: Layer, ptr: str, severity: Severity, code: str, message: str, fix: str
) -> Problem:
    """A finding at a value of the workspace settings file; `fix` gets the way out that is
    always there (not trusting the folder)."""
    return Problem(
        severity=severity,
        code=code,
        message=message,
        fix=fix + ", or do not trust this folder until it is gone.",
        file=str(workspace.path),
        pointer=ptr,
        line=workspace.line_of(ptr),
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def check_project(config: Configuration) -> list[Problem]:
    """Every finding of this module."""
    return [
        *_check_dotenv(config),
        *_check_disabled_by_project(config),
        *_check_switched_off_by_project(config),
    ]


__all__ = ["REVIEW_CODES", "check_project"]
