"""Gemini CLI extensions: discovery, enablement and their `hooks/hooks.json`."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from hookdash.core import jsonc, nesting
from hookdash.core.disk import files
from hookdash.core.hosts.gemini.environment import GeminiEnvironment
from hookdash.core.hosts.gemini.expand import hydrate_extension_value
from hookdash.core.problems import Problem, Severity

_NAME = re.compile(r"^[a-zA-Z0-9-]+$")
INSTALL_METADATA = ".gemini-extension-install.json"
MANIFEST = "gemini-extension.json"


class ExtensionInfo(BaseModel):
    name: str
    path: str
    active: bool
    reason: str | None = None
    version: str | None = None
    linked: bool = False
    install_dir: str | None = None


@dataclass(eq=False, repr=False)
class Extension:
    info: ExtensionInfo
    hooks: dict[str, Any] | None = None  # hydrated `hooks` object of hooks/hooks.json
    raw_hooks: dict[str, Any] | None = None  # the same, as written
    hooks_file: Path | None = None
    text: str | None = None
    env: dict[str, str] = field(default_factory=dict)  # settings injected into hook env
    manifest: dict[str, Any] = field(default_factory=dict)  # gemini-extension.json
    metadata: dict[str, Any] = field(default_factory=dict)  # .gemini-extension-install.json
    _lines: jsonc.LineFinder | None = field(default=None, repr=False)

    def line_of(self, ptr: str) -> int | None:
        if not self.text:
            return None
        if self._lines is None:
            self._lines = jsonc.LineFinder(self.text)
        return self._lines.line(ptr)


def _ensure_slashes(path: str) -> str:
    path = path.replace("\\", "/")
    if not path.startswith("/"):
        path = "/" + path
    if not path.endswith("/"):
        path = path + "/"
    return path


def _glob_regex(glob: str) -> re.Pattern[str]:
    escaped = re.sub(r"[.+?^${}()|\[\]\\]", lambda m: "\\" + m.group(0), glob)
    return re.compile("^" + re.sub(r"(/?)\*", lambda m: f"({m.group(1)}.*)?", escaped) + "$")


def enablement_for(rules: list[str], workspace: str) -> tuple[bool, str | None]:
    """extensionEnablement isEnabled: the last matching override wins (default enabled)."""
    current = _ensure_slashes(workspace)
    enabled, decided_by = True, None
    for rule in rules:
        negate = rule.startswith("!")
        base = rule[1:] if negate else rule
        subdirs = base.endswith("*")
        if subdirs:
            base = base[:-1]
        if _glob_regex(base + ("*" if subdirs else "")).match(current):
            enabled, decided_by = not negate, rule
    return enabled, decided_by


def parse_dotenv(text: str) -> dict[str, str]:
    """KEY=VALUE lines as dotenv reads them (comments, export, quotes)."""
    values: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[7:].lstrip()
        key, sep, value = line.partition("=")
        if not sep:
            continue
        key, value = key.strip(), value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'`":
            value = value[1:-1]
            if raw.strip().partition("=")[2].strip().startswith('"'):
                value = value.replace("\\n", "\n")
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        values[key] = value
    return values


def _read_json(path: Path) -> tuple[Any, str | None]:
    try:
        text = files.read_text(path)
    except FileNotFoundError:
        return None, "missing"
    except OSError as exc:
        return None, f"cannot read: {exc.strerror}"
    try:
        return nesting.json_loads(text), None
    except json.JSONDecodeError as exc:
        return None, f"not valid JSON ({exc.msg}, line {exc.lineno}, column {exc.colno})"


def _read_dotenv(path: Path) -> dict[str, str]:
    try:
        return parse_dotenv(files.read_text(path))
    except OSError:
        return {}


def load_extensions(
    env: GeminiEnvironment,
    merged: Mapping[str, Any],
    folder_trusted: bool,
) -> tuple[list[Extension], list[Problem]]:
    """Every extension directory, in the alphabetical order Gemini 0.61 runs them in."""
    problems: list[Problem] = []
    entries = _entries(env.extensions_dir, problems)
    if entries is None:
        return [], problems
    enablement = _read_enablement(env, problems)
    security = merged.get("security") if isinstance(merged.get("security"), dict) else {}
    allowed = security.get("allowedExtensions") if isinstance(security, dict) else None
    block_git = bool(security.get("blockGitExtensions")) if isinstance(security, dict) else False
    workspace_env = _read_dotenv(env.workspace / ".env") if folder_trusted else {}

    extensions: list[Extension] = []
    seen: set[str] = set()
    for entry in entries:
        install_dir = env.extensions_dir / entry
        if not install_dir.is_dir():
            continue
        ext = _load_one(install_dir, env, problems)
        if ext is None:
            continue
        info = ext.info
        if info.name in seen:
            problems.append(
                Problem(
                    severity="error",
                    code="extension-duplicate-name",
                    message=f"Another extension is already named '{info.name}'; Gemini CLI "
                    "fails to load this one ('Extension with name already was loaded').",
                    fix="Uninstall one of the two copies.",
                    file=str(install_dir),
                )
            )
            continue
        seen.add(info.name)
        reason = _blocked_reason(ext, allowed, block_git) or _disabled_reason(
            ext, enablement, str(env.workspace)
        )
        if reason is not None:
            info.active, info.reason = False, reason
        # Read even when hooks are switched off (Gemini does not read them then): the
        # hooks are listed, not running, as what would run once hooks are back on.
        _load_hooks(ext, env, workspace_env, problems)
        extensions.append(ext)
    return extensions, problems


def _entries(root: Path, problems: list[Problem]) -> list[str] | None:
    """The names in the extensions directory, sorted; None when there is none to read."""
    try:
        return sorted(os.listdir(root))
    except FileNotFoundError:
        return None
    except OSError as exc:
        problems.append(
            Problem(
                severity="warning",
                code="extensions-unreadable",
                message=f"The extensions directory cannot be read ({exc.strerror}); Gemini "
                "CLI loads no extension from it.",
                file=str(root),
            )
        )
        return None


def _read_enablement(env: GeminiEnvironment, problems: list[Problem]) -> dict[str, Any]:
    """extension-enablement.json; an unreadable one counts as empty, as in Gemini."""
    enablement, enablement_error = _read_json(env.extension_enablement_path)
    if enablement_error not in (None, "missing") or (
        enablement is not None and not isinstance(enablement, dict)
    ):
        problems.append(
            Problem(
                severity="warning",
                code="extension-enablement-invalid",
                message="Gemini CLI cannot read extension-enablement.json ('Failed to read "
                "extension enablement config.') and treats every extension as enabled"
                + (f" ({enablement_error})." if enablement_error else "."),
                fix="Fix the JSON in extension-enablement.json.",
                file=str(env.extension_enablement_path),
            )
        )
        return {}
    return enablement or {}


def _blocked_reason(ext: Extension, allowed: Any, block_git: bool) -> str | None:
    """Why the `security` settings block an extension, or None."""
    source = ext.metadata.get("source")
    if isinstance(allowed, list) and allowed:
        real = os.path.realpath(str(source or ext.info.path))
        if not any(_safe_search(str(p), real) for p in allowed):
            return "blocked: its source is not in security.allowedExtensions"
    if block_git and ext.metadata.get("type") in ("git", "github-release"):
        return "blocked: security.blockGitExtensions is on"
    return None


def _disabled_reason(ext: Extension, enablement: dict[str, Any], workspace: str) -> str | None:
    """Why extension-enablement.json disables an extension in this workspace, or None."""
    rules = enablement.get(ext.info.name, {})
    overrides = rules.get("overrides") if isinstance(rules, dict) else None
    ok, rule = enablement_for(
        [r for r in overrides if isinstance(r, str)] if isinstance(overrides, list) else [],
        workspace,
    )
    return None if ok else f"disabled for this workspace (extension-enablement.json rule {rule})"


def _safe_search(pattern: str, text: str) -> bool:
    try:
        return re.search(pattern, text) is not None
    except re.error:
        return False


def _load_one(
    install_dir: Path, env: GeminiEnvironment, problems: list[Problem]
) -> Extension | None:
    metadata, _ = _read_json(install_dir / INSTALL_METADATA)
    linked = isinstance(metadata, dict) and metadata.get("type") == "link"
    path = install_dir
    if linked and isinstance(metadata, dict) and isinstance(metadata.get("source"), str):
        path = Path(metadata["source"])
    manifest, error = _read_json(path / MANIFEST)
    if error is not None or not isinstance(manifest, dict):
        where = "the linked source" if linked else "the extension directory"
        problems.append(
            _manifest_problem(
                path,
                f"{MANIFEST} in {where} is {error or 'not a JSON object'}",
                "Reinstall the extension, or fix its manifest.",
            )
        )
        return None
    name = manifest.get("name")
    version = manifest.get("version")
    if not isinstance(name, str) or not _NAME.match(name) or not version:
        problems.append(
            _manifest_problem(
                path,
                f"{MANIFEST} needs a 'name' of letters, digits and dashes and a 'version'",
                "Fix the manifest's name and version.",
            )
        )
        return None
    info = ExtensionInfo(
        name=name,
        path=str(path),
        active=True,
        version=str(version),
        linked=linked,
        install_dir=str(install_dir),
    )
    return Extension(
        info=info, manifest=manifest, metadata=metadata if isinstance(metadata, dict) else {}
    )


def _manifest_problem(path: Path, what: str, fix: str) -> Problem:
    return Problem(
        severity="error",
        code="extension-manifest-invalid",
        message=f"{what}; Gemini CLI skips this extension and its hooks.",
        fix=fix,
        file=str(path / MANIFEST),
    )


def _load_hooks(
    ext: Extension,
    env: GeminiEnvironment,
    workspace_env: Mapping[str, str],
    problems: list[Problem],
) -> None:
    """The extension's hooks/hooks.json, hydrated with its variables and settings."""
    path = Path(ext.info.path)
    hooks_file = path / "hooks" / "hooks.json"
    found = _read_hooks_file(ext.info.name, hooks_file, problems)
    if found is None:
        return
    hooks, text = found
    user_env = _read_dotenv(env.extensions_dir / ext.info.name / ".env")
    custom_env = {**user_env, **workspace_env}
    sep = "\\" if env.platform == "win32" else "/"
    context = {
        "extensionPath": str(path),
        "workspacePath": str(env.workspace),
        "/": sep,
        "pathSeparator": sep,
        **custom_env,
    }
    settings = ext.manifest.get("settings")
    for setting in settings if isinstance(settings, list) else []:
        var = setting.get("envVar") if isinstance(setting, dict) else None
        if isinstance(var, str) and var in custom_env:
            ext.env[var] = custom_env[var]
    ext.hooks = hydrate_extension_value(hooks, context)
    ext.raw_hooks = hooks
    ext.hooks_file = hooks_file
    ext.text = text


def _read_hooks_file(
    name: str, hooks_file: Path, problems: list[Problem]
) -> tuple[dict[str, Any], str] | None:
    """The `hooks` object of a hooks.json and its text, or None (and why, in `problems`)."""

    def problem(
        severity: Severity, why: str, fix: str | None = None, at: json.JSONDecodeError | None = None
    ) -> None:
        problems.append(
            Problem(
                severity=severity,
                code="extension-hooks-invalid",
                message=f"hooks/hooks.json of extension '{name}' {why}",
                fix=fix,
                file=str(hooks_file),
                line=at.lineno if at is not None else None,
                column=at.colno if at is not None else None,
            )
        )

    try:
        text = files.read_text(hooks_file)
    except FileNotFoundError:
        return None
    except OSError as exc:
        problem(
            "warning",
            f"cannot be read ({exc.strerror}); Gemini CLI loads none of its hooks.",
        )
        return None
    try:
        data = nesting.json_loads(text)
    except json.JSONDecodeError as exc:
        problem(
            "error",
            f"is not valid JSON ({exc.msg}); Gemini CLI loads none of its hooks (comments are "
            "not allowed in this file).",
            "Fix the JSON (plain JSON: no comments, no trailing commas).",
            exc,
        )
        return None
    hooks = data.get("hooks") if isinstance(data, dict) else None
    if not isinstance(hooks, dict):
        problem(
            "warning",
            "has no 'hooks' object; Gemini CLI ignores the file.",
            'Use the shape {"hooks": {"BeforeTool": [...]}}.',
        )
        return None
    return hooks, text
