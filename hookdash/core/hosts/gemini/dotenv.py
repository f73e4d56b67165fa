"""The `.env` file Gemini CLI 0.61 loads into its own environment at start-up, which every
hook then inherits (`loadEnvironment`, `findEnvFile` in its settings loader; checked in the
0.61.0 bundle).

- One file, the first found: from the workspace up to `/`, in each directory
  `.gemini/.env` (only when the folder is trusted) then `.env` (skipped when
  `advanced.ignoreLocalEnv` is set, except in the home directory); after `/`,
  `~/.gemini/.env` (trusted only) then `~/.env`.
- Trusted folder: every variable, unless it is already set in Gemini's environment; in a
  file whose path does not contain `.gemini` (a "project" file, by a substring test), the
  names in `advanced.excludedEnvVars` (union over the layers, default `DEBUG`,
  `DEBUG_MODE`) are skipped.
- Untrusted folder: only `GEMINI_API_KEY`, `GOOGLE_API_KEY`, `GOOGLE_CLOUD_PROJECT`,
  `GOOGLE_CLOUD_LOCATION`, with every character outside `[A-Za-z0-9._/-]` removed.

`parse` is dotenv 16's `parse` (the regular expression the bundle holds), ported with
JavaScript's whitespace and line-terminator classes: a hostile file must not set a variable
Gemini sees and hookdash does not (`KEY: value`, `export KEY=…`, a key after a
U+2028 line separator).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from hookdash.core.disk import files
from hookdash.core.hosts.gemini.environment import GeminiEnvironment

GEMINI_DIR = ".gemini"
DEFAULT_EXCLUDED = ("DEBUG", "DEBUG_MODE")
AUTH_WHITELIST = (
    "GEMINI_API_KEY",
    "GOOGLE_API_KEY",
    "GOOGLE_CLOUD_PROJECT",
    "GOOGLE_CLOUD_LOCATION",
)
# A file larger than this is not parsed (dotenv's expression can take quadratic time on
# hostile input); the check says it could not be read.
MAX_DOTENV_BYTES = 1024 * 1024

# JavaScript's `\s` and its line terminators (what `^`, `$` and `.` see under the `m` flag).
_WS = "\t\n\v\f\r \u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff" + "".join(
    map(chr, range(0x2000, 0x200B))
)
_LT = "\n\r\u2028\u2029"
_S = f"[{_WS}]"


@cache
def _line() -> re.Pattern[str]:
    # Compiled when a .env is first parsed (a few ms: most loads find no .env).
    return re.compile(
        rf"(?:\A|(?<=[{_LT}])){_S}*(?:export{_S}+)?([A-Za-z0-9_.-]+)(?:{_S}*={_S}*?|:{_S}+?)"
        rf"({_S}*'(?:\\'|[^'])*'|{_S}*\"(?:\\\"|[^\"])*\"|{_S}*`(?:\\`|[^`])*`|[^#\r\n]+)?"
        rf"{_S}*(?:#[^{_LT}]*)?(?=[{_LT}]|\Z)"
    )


_QUOTED = re.compile(r"\A(['\"`])([\s\S]*)\1\Z")


def _js_trim(value: str) -> str:
    return value.strip(_WS)


def parse(text: str) -> dict[str, str]:
    """dotenv.parse: `KEY=value` and `KEY: value` lines, `export`, quotes, `#` comments;
    the last assignment of a key wins."""
    text = re.sub(r"\r\n?", "\n", text)
    values: dict[str, str] = {}
    for match in _line().finditer(text):
        value = _js_trim(match.group(2) or "")
        quote = value[:1]
        # JS: value.replace(/^(['"`])([\s\S]*)\1$/mg, "$2"), with ^ and $ at line ends too;
        # a whole quoted value is what matters (a multi-line one keeps its inner lines).
        unquoted = _QUOTED.match(value)
        if unquoted:
            value = unquoted.group(2)
        if quote == '"':
            value = value.replace("\\n", "\n").replace("\\r", "\r")
        values[match.group(1)] = value
    return values


@dataclass(eq=False, repr=False)
class DotEnv:
    """The `.env` Gemini would load, and what it would set."""

    path: Path
    applied: dict[str, str]  # what Gemini puts into its environment
    already_set: dict[str, str] = field(default_factory=dict)  # set in the file, kept as is
    excluded: list[str] = field(default_factory=list)  # skipped by excludedEnvVars
    unreadable: str | None = None  # why it could not be read (nothing applied then)

    @property
    def project_file(self) -> bool:
        """Gemini's own test: excludedEnvVars apply unless the path contains `.gemini`."""
        return GEMINI_DIR not in str(self.path)


def _advanced(layers: list[dict[str, Any]]) -> tuple[bool, set[str]]:
    """(ignoreLocalEnv, excludedEnvVars) as the merge gives them: the last layer that sets
    the switch wins; the lists are a union over the defaults and every layer."""
    ignore = False
    excluded = set(DEFAULT_EXCLUDED)
    for settings in layers:
        advanced = settings.get("advanced")
        if not isinstance(advanced, dict):
            continue
        if "ignoreLocalEnv" in advanced:
            ignore = bool(advanced["ignoreLocalEnv"])
        listed = advanced.get("excludedEnvVars")
        if isinstance(listed, list):
            excluded.update(v for v in listed if isinstance(v, str))
    return ignore, excluded


def find_env_file(env: GeminiEnvironment, trusted: bool, ignore_local: bool) -> Path | None:
    """findEnvFile: the first `.env` Gemini would load, or None."""
    home = str(env.home)
    current = os.path.abspath(env.workspace)
    while True:
        if trusted:
            gemini_env = os.path.join(current, GEMINI_DIR, ".env")
            if os.path.exists(gemini_env):
                return Path(gemini_env)
        plain = os.path.join(current, ".env")
        if os.path.exists(plain) and (not ignore_local or current == home):
            return Path(plain)
        parent = os.path.dirname(current)
        if parent == current or not parent:
            if trusted:
                home_gemini = os.path.join(home, GEMINI_DIR, ".env")
                if os.path.exists(home_gemini):
                    return Path(home_gemini)
            home_env = os.path.join(home, ".env")
            return Path(home_env) if os.path.exists(home_env) else None
        current = parent


def loaded_env(
    env: GeminiEnvironment, layers: list[dict[str, Any]], trusted: bool
) -> DotEnv | None:
    """What Gemini's `loadEnvironment` would do in this folder (`layers`: the settings of
    every layer in merge order, as they would contribute; `trusted`: the folder's trust)."""
    ignore_local, excluded = _advanced(layers)
    path = find_env_file(env, trusted, ignore_local)
    if path is None:
        return None
    try:
        data = files.read_bytes(path, cap=MAX_DOTENV_BYTES + 1)
    except OSError as exc:
        why = exc.strerror or str(exc)
        return DotEnv(path=path, applied={}, unreadable=why)
    if len(data) > MAX_DOTENV_BYTES:
        return DotEnv(path=path, applied={}, unreadable="it is larger than 1 MiB")
    parsed = parse(data.decode("utf-8", "replace"))
    result = DotEnv(path=path, applied={})
    for key, value in parsed.items():
        if not trusted:
            if key not in AUTH_WHITELIST:
                continue
            value = re.sub(r"[^a-zA-Z0-9\-_./]", "", value)
        if result.project_file and key in excluded:
            result.excluded.append(key)
        elif key in env.environ:
            result.already_set[key] = value
        else:
            result.applied[key] = value
    return result
