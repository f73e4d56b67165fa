"""OpenCode: plugins, code it imports into its own process at start, with no trust step.

Confirmed in the shipped opencode 1.18.33 (opencode-linux-x64, the JavaScript inside its
binary): for every config directory (each `.opencode` folder from the working directory
up to the worktree root, and the user's) it globs `{plugin,plugins}/*.{ts,js}` (dot files
and symbolic links included) and imports each file; for every config document
(`opencode.json`, `opencode.jsonc`, also inside `.opencode/`) each entry of `plugins` (the
older `plugin` key too) is a package name installed from the npm registry and imported,
or a `file://` URL or a `./`, `../` path, relative to that document, imported as it is.
An entry is a string or `{package, options}` (`[spec, options]` in the older form).
A plugin runs whatever it wants when OpenCode starts, and hooks every tool call it likes
(`tool.execute.before`); nothing asks first.

Only the repository's root is read: `.opencode` folders below it (for a working
directory deeper in the tree) and above it are not.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hookdash.core.scan.reader import BaseReader, Document, Entry, Skipped, Syntax, listing
from hookdash.core.scan.shapes import ptr

_DIRS = (".opencode/plugin", ".opencode/plugins")
_CONFIGS = (
    "opencode.json",
    "opencode.jsonc",
    ".opencode/opencode.json",
    ".opencode/opencode.jsonc",
)
_CODE = (".ts", ".js")
_WHEN = "OpenCode imports and runs it every time it starts in this folder, without asking."
_PACKAGE_WHEN = (
    "OpenCode installs this package from the npm registry and runs it every time it "
    "starts in this folder, without asking: what runs is whatever that package publishes."
)


class OpencodeReader(BaseReader):
    agent = "opencode"
    label = "OpenCode"
    rank = 100
    listed = _DIRS

    def paths(self, root: Path) -> list[str]:
        found = [
            f"{directory}/{name}"
            for directory in _DIRS
            for name in listing(root, directory)
            if name.endswith(_CODE)
        ]
        return found + list(_CONFIGS)

    def watched(self) -> tuple[str, ...]:
        return (*_DIRS, *_CONFIGS)

    def syntax(self, rel: str) -> Syntax:
        return "json" if rel in _CONFIGS else "executable"

    def entries(self, doc: Document) -> Iterator[Entry | Skipped]:
        if doc.rel not in _CONFIGS:
            yield Entry(event="start", command=doc.rel, line=1, field="file", kind="plugin",
                        rule_id="repo-plugin")  # fmt: skip
            return
        if not isinstance(doc.value, dict):
            yield Skipped("the file is not a JSON object", "")
            return
        base = posixpath.dirname(doc.rel)
        for key in ("plugins", "plugin"):
            value = doc.value.get(key)
            if value is None:
                continue
            if not isinstance(value, list):
                yield Skipped(f"'{key}' is not an array of plugins", ptr("", key))
                continue
            for i, item in enumerate(value):
                yield _plugin(item, ptr("", key, i), base)

    def runs_when(self, rel: str) -> str:
        return _WHEN


def _plugin(item: Any, at: str, base: str) -> Entry | Skipped:
    spec = item
    if isinstance(item, list) and item:
        spec = item[0]
    elif isinstance(item, dict):
        spec = item.get("package")
    if not isinstance(spec, str) or not spec:
        return Skipped("a plugin entry names no package or file", at)
    local = spec.removeprefix("file://")
    if spec.startswith("file://") or spec.startswith(("./", "../")):
        rel = (
            posixpath.normpath(posixpath.join(base, local)) if not local.startswith("/") else local
        )
        return Entry(event="start", command=rel, pointer=at, field="file", kind="plugin",
                     rule_id="repo-plugin")  # fmt: skip
    return Entry(event="start", command=spec, pointer=at, field="package", kind="plugin",
                 runs_when=_PACKAGE_WHEN, rule_id="repo-plugin")  # fmt: skip


READER = OpencodeReader()
