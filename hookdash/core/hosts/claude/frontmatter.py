"""The YAML frontmatter of a Claude Code skill (`SKILL.md`) or agent (`agents/*.md`), read
as 2.1.332 reads it (its frontmatter reader, `strings` of the binary):

- the block is what `^---\\s*\\n([\\s\\S]*?)---\\s*\\n?` captures, after a UTF-8 byte order
  mark: the first `---` line, then everything up to the next `---`, wherever it stands;
- it is parsed as YAML; a block that does not parse is parsed again with each leading tab
  turned into two spaces; one that still does not parse, or that is not a mapping, gives
  no keys (Claude logs "Failed to parse YAML frontmatter" and loads the file without them).

Claude's reader is a full YAML parser (the `yaml` package, YAML 1.2). hookdash reads the
block with PyYAML's safe loader, with two changes that keep it to what the 1.2 core schema
makes of the same text: `yes`/`no`/`on`/`off` stay strings, and an alias (`*name`) is
refused, so a document of nested aliases cannot flood memory. The block is read up to
`MAX_BLOCK_BYTES`; a longer one is not read and says so.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from hookdash.core.disk import files
from hookdash.core.jsonc import escape_pointer_token

# The binary's own limit on a frontmatter block it reads from a folder it does not trust
# (65,536 characters); hookdash applies it to every file it reads.
MAX_BLOCK_BYTES = 65536
# A skill or agent file is read up to this size (the block sits at its top).
MAX_FILE_BYTES = 1024 * 1024
_BLOCK = re.compile(r"^---\s*\n([\s\S]*?)---\s*\n?")
_LEADING_TABS = re.compile(r"^\t+", re.MULTILINE)


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader, as YAML 1.2's core schema reads booleans, and without aliases."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise yaml.composer.ComposerError(
                None, None, "an alias (*name): hookdash does not expand them", event.start_mark
            )
        return super().compose_node(parent, index)


# YAML 1.1's yes/no/on/off booleans are strings in YAML 1.2: keep only true/false.
_Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


class Frontmatter:
    """One file's frontmatter: its keys (empty when none parse), where the block starts,
    and the line of each node (by JSON pointer) for findings."""

    __slots__ = ("error", "error_line", "exists", "lines", "path", "unreadable", "value")
    path: Path
    exists: bool
    value: dict[str, Any]
    error: str | None  # why Claude (or hookdash) reads no keys from it
    unreadable: str | None
    error_line: int | None  # where the block stops being YAML, 1-based in the file
    lines: dict[str, int]  # pointer -> 1-based line in the file

    def __init__(
        self,
        path: Path,
        exists: bool,
        value: dict[str, Any] | None = None,
        error: str | None = None,
        unreadable: str | None = None,
        error_line: int | None = None,
        lines: dict[str, int] | None = None,
    ) -> None:
        self.path = path
        self.exists = exists
        self.value = {} if value is None else value
        self.error = error
        self.unreadable = unreadable
        self.error_line = error_line
        self.lines = {} if lines is None else lines

    def line(self, pointer: str) -> int | None:
        """The line of `pointer`, else of its nearest parent that has one."""
        while True:
            if pointer in self.lines:
                return self.lines[pointer]
            if not pointer:
                return None
            pointer = pointer.rpartition("/")[0]


def _node_lines(
    node: yaml.Node, pointer: str, offset: int, out: dict[str, int], line: int | None = None
) -> None:
    """Each node's line by pointer: a mapping member's is its key's line."""
    out[pointer] = (node.start_mark.line if line is None else line) + 1 + offset
    if isinstance(node, yaml.MappingNode):
        for key, child in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else ""
            at = f"{pointer}/{escape_pointer_token(str(name))}"
            _node_lines(child, at, offset, out, key.start_mark.line)
    elif isinstance(node, yaml.SequenceNode):
        for i, child in enumerate(node.value):
            _node_lines(child, f"{pointer}/{i}", offset, out)


def _parse(block: str) -> tuple[Any, yaml.Node | None]:
    loader = _Loader(block)
    try:
        node = loader.get_single_node()
        return (loader.construct_document(node) if node is not None else None), node
    finally:
        loader.dispose()


def parse_block(block: str) -> tuple[Any, yaml.Node | None, str | None]:
    """(the value, its node, None) of a frontmatter block, as Claude's two tries do; or
    (None, None, why) when neither parses."""
    value, node, why, _line = _parse_tries(block)
    return value, node, why


def _parse_tries(block: str) -> tuple[Any, yaml.Node | None, str | None, int | None]:
    """`parse_block`, with the 1-based line in the block where the first try failed."""
    try:
        value, node = _parse(block)
        return value, node, None, None
    except (yaml.YAMLError, ValueError, RecursionError) as first:
        retried = _LEADING_TABS.sub(lambda m: "  " * len(m.group(0)), block)
        try:
            value, node = _parse(retried)
            return value, node, None, None
        except (yaml.YAMLError, ValueError, RecursionError):
            return None, None, *_why(first)


def _why(exc: BaseException) -> tuple[str, int | None]:
    """What is wrong, in one line, and where in the block (PyYAML's own position names an
    internal "<unicode string>" and counts from the block, not the file)."""
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None)
    if mark is None or not problem:
        return " ".join(str(exc).split()), None
    context = getattr(exc, "context", None)
    what = f"{context}, {problem}" if context else str(problem)
    return " ".join(what.split()), mark.line + 1


def block_of(text: str) -> str | None:
    """The frontmatter block of a file's text (its BOM and CRLFs as Claude drops them)."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    match = _BLOCK.match(text) if text.find("---", 3) >= 0 else None
    return match.group(1) if match is not None else None


def read_frontmatter(path: Path) -> Frontmatter:
    """The frontmatter of the markdown file at `path`; never raises for what it holds."""
    try:
        data = files.read_bytes(path, cap=MAX_FILE_BYTES)
    except (FileNotFoundError, NotADirectoryError):
        return Frontmatter(path, exists=False)
    except OSError as exc:
        return Frontmatter(path, exists=True, unreadable=exc.strerror or str(exc))
    return frontmatter_of(path, data.decode("utf-8", "replace"))


def frontmatter_of(path: Path, text: str) -> Frontmatter:
    """The frontmatter of a markdown file's text (`path` names it); never raises for what
    the text holds. `hookdash list` reads it from the file, `scan` from its own safe read."""
    block = block_of(text)
    if block is None:
        return Frontmatter(path, exists=True)
    if len(block.encode()) > MAX_BLOCK_BYTES:
        return Frontmatter(
            path,
            exists=True,
            error=f"over {MAX_BLOCK_BYTES // 1024} KB: hookdash did not read it",
        )
    value, node, error, at = _parse_tries(block)
    if error is not None:
        line = at + 1 if at is not None else None  # the block starts on the file's second line
        where = f", line {line} of the file" if line is not None else ""
        return Frontmatter(path, exists=True, error=f"not YAML ({error}{where})", error_line=line)
    if not isinstance(value, dict):
        return Frontmatter(path, exists=True)
    lines: dict[str, int] = {}
    if node is not None:
        _node_lines(node, "", 1, lines)  # the block starts on the file's second line
    return Frontmatter(path, exists=True, value=value, lines=lines)
