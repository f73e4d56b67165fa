"""First-seen trust of project hooks: Gemini's `trusted_hooks.json`.

Gemini fingerprints only the workspace file's hooks, by `name:command` (command after
`$VAR` expansion), under the key `path.resolve(cwd)`. It warns once about unknown keys,
then records every current key; the file never gates execution.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from hookdash.core import nesting
from hookdash.core.disk import files
from hookdash.core.problems import Problem

TrustStore = dict[str, list[str]]


def hook_key(hook: Mapping[str, Any]) -> str:
    """getHookKey: `${name || ''}:${command}` (command only for type "command").

    A template string in JS, so a missing command reads "undefined".
    """
    name = hook.get("name") or ""
    if hook.get("type") == "command":
        command = hook.get("command")
        return f"{name}:{_js_str(command)}"
    return f"{name}:"


def _js_str(value: Any) -> str:
    if value is None:
        return "undefined"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, int | float):
        return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
    return json.dumps(value) if isinstance(value, list) else "[object Object]"


def iter_project_hooks(project_hooks: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """The hooks Gemini fingerprints, in its walk order (no event-name validation)."""
    for definitions in project_hooks.values():
        if not isinstance(definitions, list):
            continue
        for definition in definitions:
            if not definition or not isinstance(definition, dict):
                continue
            hooks = definition.get("hooks")
            if not isinstance(hooks, list):
                continue
            for hook in hooks:
                if not isinstance(hook, dict) or hook.get("type") == "runtime":
                    continue
                yield hook


def untrusted_hooks(
    store: TrustStore, project_root: str, project_hooks: Mapping[str, Any]
) -> list[str]:
    """getUntrustedHooks: display names of unknown hooks, first occurrence kept."""
    trusted = set(store.get(project_root, []))
    names: list[str] = []
    for hook in iter_project_hooks(project_hooks):
        if hook_key(hook) not in trusted:
            label = hook.get("name") or hook.get("command") or "unknown-hook"
            names.append(str(label))
    return list(dict.fromkeys(names))


def trusted_keys(project_hooks: Mapping[str, Any]) -> list[str]:
    """The keys trustHooks records for the project's hooks, in Gemini's walk order."""
    return [hook_key(h) for h in iter_project_hooks(project_hooks)]


def with_trusted(existing: Iterable[str], keys: Iterable[str]) -> list[str]:
    """trustHooks' merge, `Array.from(new Set([...existing, ...keys]))`: existing keys
    first (stale ones kept), new keys appended, each once."""
    return list(dict.fromkeys([*existing, *keys]))


def store_after_trust(
    store: TrustStore, project_root: str, project_hooks: Mapping[str, Any]
) -> TrustStore:
    """trustHooks: existing keys first (stale ones kept), new keys appended."""
    result = {k: list(v) for k, v in store.items()}
    result[project_root] = with_trusted(result.get(project_root, []), trusted_keys(project_hooks))
    return result


def read_store(path: Path) -> tuple[TrustStore, Problem | None]:
    """Plain JSON.parse; on any error Gemini treats the file as empty (and overwrites it)."""
    try:
        text = files.read_text(path, errors="strict")
    except FileNotFoundError:
        return {}, None
    except OSError as exc:
        return {}, _store_problem(path, f"cannot read it ({exc.strerror})")
    except UnicodeDecodeError:
        return {}, _store_problem(path, "it is not valid UTF-8")
    try:
        data = nesting.json_loads(text)
    except json.JSONDecodeError as exc:
        return {}, _store_problem(path, f"it is not valid JSON ({exc.msg}, line {exc.lineno})")
    if not isinstance(data, dict):
        return {}, _store_problem(path, "it is not a JSON object")
    store: TrustStore = {}
    for key, value in data.items():
        if isinstance(value, list):
            store[key] = [v for v in value if isinstance(v, str)]
    return store, None


def _store_problem(path: Path, why: str) -> Problem:
    return Problem(
        severity="warning",
        code="trusted-hooks-unreadable",
        message=f"Gemini CLI cannot use trusted_hooks.json: {why}. It treats every project "
        "hook as new and will overwrite the file, losing its entries.",
        fix="Fix the JSON, or delete the file and re-trust your projects.",
        file=str(path),
    )


def dumps_store(store: Mapping[str, Any]) -> str:
    """JSON.stringify(obj, null, 2): two-space indent, no trailing newline."""
    return json.dumps(store, indent=2, ensure_ascii=False)
