"""What an agent reads from your home, as its room says: each room `core/hosts/<agent>/`
may hold a `user_hooks` module whose `user_sources(environ)` lists the user-level files of
that agent hookdash watches. Fixed paths only (a file, or the files of one folder): no
walk of a tree. The rooms are found by looking, never by a list of names here.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, Protocol

from hookdash.core import jsonc
from hookdash.core.scan.reader import Entry, Skipped
from hookdash.core.scan.shapes import handlers, hooks_object

# What a hooks file holds, parsed: (entries, why it could not be read or None).
Parse = Callable[[bytes], Iterable[Entry | Skipped]]
SourceKind = Literal["hooks", "code"]
# At most this many files are watched in one folder (sorted by name).
MAX_FOLDER_FILES = 200


@dataclass(frozen=True)
class UserSource:
    """One user-level file an agent reads: a file of hooks (`parse` gives its hooks), or a
    file of code the agent loads (a plugin: watched whole)."""

    agent: str  # the agent's name as people know it ("Claude Code")
    path: Path
    kind: SourceKind = "hooks"
    parse: Parse | None = None


class UserHooksModule(Protocol):
    def user_sources(self, environ: Mapping[str, str]) -> list[UserSource]: ...


@cache
def _modules() -> tuple[UserHooksModule, ...]:
    import hookdash.core.hosts as hosts

    found: list[Any] = []
    for info in sorted(pkgutil.iter_modules(hosts.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        try:
            found.append(importlib.import_module(f"{hosts.__name__}.{info.name}.user_hooks"))
        except ModuleNotFoundError:
            continue
    return tuple(found)


def user_sources(environ: Mapping[str, str]) -> list[UserSource]:
    """Every user-level file of every agent whose room says what it reads."""
    return [source for module in _modules() for source in module.user_sources(environ)]


# Moves the home whose agent files hookdash watches (tests; another account's home).
HOME_VARIABLE = "HOOKDASH_AGENTS_HOME"


def agents_home(environ: Mapping[str, str]) -> Path:
    """The home whose agents' user files are watched: `$HOOKDASH_AGENTS_HOME`, else `$HOME`
    (an agent's own variable, such as `CODEX_HOME`, still moves that agent's folder)."""
    import os

    return Path(environ.get(HOME_VARIABLE) or environ.get("HOME") or os.path.expanduser("~"))


def folder_files(directory: Path, suffixes: tuple[str, ...]) -> list[Path]:
    """The files of one folder ending in one of `suffixes` (not hidden), sorted, capped."""
    import os

    try:
        with os.scandir(directory) as entries:
            names = sorted(
                e.name for e in entries if not e.name.startswith(".") and e.name.endswith(suffixes)
            )
    except OSError:
        return []
    return [directory / name for name in names[:MAX_FOLDER_FILES]]


def _decoded(data: bytes) -> str:
    text = data.decode("utf-8", "replace")
    return text[1:] if text.startswith("\ufeff") else text


def _parse_json(text: str, comments: bool) -> Any:
    """The document: the C parser first (a file of thousands of hooks costs milliseconds),
    hookdash's own where it fails (comments, and the line of an error)."""
    import json

    try:
        return json.loads(text)
    except ValueError:
        return jsonc.parse(text, comments=comments)


_EMPTY = object()  # a blank file: no hooks, nothing to say


def _document(data: bytes, comments: bool) -> Any:
    """The file's document, `_EMPTY` for a blank file, or a Skipped saying why not."""
    text = _decoded(data)
    if not text.strip():
        return _EMPTY
    try:
        return _parse_json(text, comments)
    except jsonc.JsonParseError as exc:
        return Skipped(f"the file does not parse ({exc.message})", "")


def json_hooks(fields: tuple[str, ...] = ("command",), *, comments: bool = False) -> Parse:
    """A JSON (or, with `comments`, JSON-with-comments) file whose root object holds a
    `hooks` object of events (Claude Code's shape and the flat one: core.scan.shapes)."""

    def parse(data: bytes) -> Iterator[Entry | Skipped]:
        value = _document(data, comments)
        if isinstance(value, Skipped):
            yield value
        elif value is not _EMPTY:
            yield from hooks_object(value, fields)

    return parse


def json_events(fields: tuple[str, ...] = ("command",)) -> Parse:
    """A JSON file whose root object is the object of events itself (no `hooks` key)."""

    def parse(data: bytes) -> Iterator[Entry | Skipped]:
        value = _document(data, False)
        if isinstance(value, Skipped) or value is _EMPTY:
            yield from [value] if isinstance(value, Skipped) else []
            return
        if not isinstance(value, dict):
            yield Skipped("the file is not a JSON object", "")
            return
        for event, entries in value.items():
            yield from handlers(entries, "/" + jsonc.escape_pointer_token(event), event, fields)

    return parse


def toml_hooks(fields: tuple[str, ...] = ("command",)) -> Parse:
    """A TOML file's `[hooks]` table, in Claude Code's shape (Codex CLI's config.toml)."""

    def parse(data: bytes) -> Iterator[Entry | Skipped]:
        import tomllib

        try:
            value = tomllib.loads(_decoded(data))
        except tomllib.TOMLDecodeError as exc:
            yield Skipped(f"the file does not parse ({exc})", "")
            return
        if "hooks" in value:
            yield from hooks_object({"hooks": value["hooks"]}, fields)

    return parse
