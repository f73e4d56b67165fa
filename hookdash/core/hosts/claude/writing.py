"""One write of a Claude Code settings file (park, unpark, add, edit, remove, hooks
off|on): the file a scope names, its text as read, and the write itself.

Claude reads its settings as strict JSON and drops a whole file over one comment or
trailing comma, so hookdash writes a Claude file only when it parses strictly before
(refused otherwise, with the line and column) and the new text parses strictly after.
The write is the shared atomic one (`atomic.update_text_file`: through symlinks, mode and
owner kept, recorded by `write_journal` for undo) and is refused when the file changed
since hookdash read it: an edit is planned on the text read, never re-applied blindly.
Managed and plugin files are never written. A project or local file whose links lead
out of its folder (or onto the user's or the machine's settings) is refused, as a
Gemini workspace write is (the same check: core.disk.confinement); the user's own file
goes where its links go.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from hookdash.core import jsonc
from hookdash.core.disk import files
from hookdash.core.disk.atomic import Confine, resolve_target, update_text_file
from hookdash.core.disk.confinement import escape_of
from hookdash.core.display import shorten
from hookdash.core.edit.editor.settings_write import unified_diff
from hookdash.core.edit.edits import Change, ChangeAction
from hookdash.core.errors import (
    EditError,
    FileChangedError,
    FileWriteError,
    OutsideWorkspaceError,
    ReadOnlyScopeError,
    SettingsParseError,
    WorkspaceIsHomeError,
)
from hookdash.core.hosts.claude.files import strict_error
from hookdash.core.hosts.claude.layers import claude_home, home_of, local_root, managed_dir
from hookdash.core.hosts.claude.model import ClaudeHook

WritableClaudeScope = Literal["user", "project", "local"]
WRITABLE: tuple[WritableClaudeScope, ...] = ("user", "project", "local")
BOM = "\ufeff"


@dataclass(frozen=True)
class ClaudeWorld:
    """Where Claude's files are for one workspace and environment; also what names
    hookdash's state directory (`HOOKDASH_STATE_DIR`, a `HasEnviron`)."""

    workspace: Path
    environ: Mapping[str, str]

    @classmethod
    def of(
        cls, workspace: str | Path | None = None, environ: Mapping[str, str] | None = None
    ) -> ClaudeWorld:
        folder = Path(os.path.abspath(workspace if workspace is not None else os.getcwd()))
        return cls(folder, dict(os.environ if environ is None else environ))

    @property
    def home(self) -> Path:
        return home_of(self.environ)

    @property
    def user_file(self) -> Path:
        return claude_home(self.environ) / "settings.json"

    def display(self, path: str | Path) -> str:
        text, home = str(path), str(self.home).rstrip("/")
        if home and (text == home or text.startswith(home + "/")):
            return "~" + text[len(home) :]
        return text

    def path_of(self, scope: str) -> Path:
        """The file `--scope` names (ReadOnlyScopeError for managed and plugin files)."""
        scope = writable_scope(scope)
        if scope == "user":
            return self.user_file
        if scope == "project":
            path = self.workspace / ".claude" / "settings.json"
            if _same(path, self.user_file):
                raise WorkspaceIsHomeError(
                    "The workspace is your home directory: its .claude/settings.json is your "
                    "user settings file; use --scope user."
                )
            return path
        return local_root(self.workspace, self.home) / ".claude" / "settings.local.json"


def claude_settings_path(
    scope: str, workspace: str | Path | None = None, environ: Mapping[str, str] | None = None
) -> Path:
    """The file `add --host claude --scope SCOPE` writes in this workspace (what the form's
    scope hint names); ReadOnlyScopeError / WorkspaceIsHomeError as the write would say."""
    return ClaudeWorld.of(workspace, environ).path_of(scope)


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def writable_scope(scope: str) -> WritableClaudeScope:
    """`scope` as one hookdash writes, or why it does not."""
    if scope == "managed":
        raise ReadOnlyScopeError(
            "Managed settings belong to the administrator of this machine; hookdash writes "
            "only your user, project and local Claude Code settings."
        )
    if scope == "plugin":
        raise ReadOnlyScopeError(
            "A plugin's hooks belong to the plugin (Claude Code reinstalls its files); "
            "hookdash does not write them. Disable the plugin in Claude Code instead."
        )
    if scope == "workspace":
        raise EditError(
            "Claude Code has no workspace scope: use --scope project (.claude/settings.json) "
            "or --scope local (.claude/settings.local.json)."
        )
    if scope not in WRITABLE:
        raise EditError(f"Unknown scope '{scope}': use user, project or local.")
    return scope


def hook_file(world: ClaudeWorld, hook: ClaudeHook) -> ClaudeFile:
    """The settings file an edit of `hook` writes; a skill's or an agent's hook is in the
    frontmatter of its markdown file, which hookdash does not write."""
    if hook.source != "settings":
        raise ReadOnlyScopeError(
            f"This hook is in the frontmatter of the {hook.source} "
            f"'{shorten(hook.source_name or '', 40)}' ({hook.file}); hookdash writes settings "
            "files only. Edit that file yourself."
        )
    return ClaudeFile.at(world, hook.scope, hook.file)


@dataclass(frozen=True)
class ClaudeFile:
    """One writable Claude settings file as an edit names it."""

    world: ClaudeWorld
    scope: WritableClaudeScope
    path: Path

    @classmethod
    def at(cls, world: ClaudeWorld, scope: str, path: str | Path | None = None) -> ClaudeFile:
        checked = writable_scope(scope)
        return cls(world, checked, Path(path) if path is not None else world.path_of(checked))

    @property
    def shown(self) -> str:
        return self.world.display(self.path)

    def change(self, key: str, action: ChangeAction, value: Any, **more: Any) -> Change:
        return Change(
            file=str(self.path), scope=self.scope, key=key, action=action, value=value, **more
        )

    def confine(self) -> Confine | None:
        """A project or local file must stay a file of its folder (`<root>/.claude/…`)
        once its links are followed, and must not be the user's or the machine's."""
        if self.scope == "user":
            return None
        root = Path(os.path.realpath(self.path.parent.parent))
        world = self.world
        reserved = [
            ("user settings", world.user_file),
            ("managed settings", managed_dir(world.environ) / "managed-settings.json"),
        ]

        def confine(target: Path) -> None:
            escape = escape_of(self.path, root, reserved, target)
            if escape is not None:
                raise OutsideWorkspaceError(
                    f"{escape.describe(world.display)}: a {self.scope} write would land "
                    "there, so nothing was written (a repository's files may not point "
                    "outside it).",
                    path=str(escape.path),
                )

        return confine


@dataclass
class Read:
    """A Claude file as an edit read it: its text (None: no file), the digest of its
    bytes, and its parsed value (`{}` for a missing or blank file)."""

    file: ClaudeFile
    text: str | None
    sha256: bytes | None
    value: dict[str, Any] = field(default_factory=dict)

    @property
    def bom(self) -> str:
        return BOM if self.text is not None and self.text.startswith(BOM) else ""

    @property
    def body(self) -> str:
        """The JSON an edit starts from: without its BOM; `{}` for no file or a blank one."""
        if self.text is None or not self.text[len(self.bom) :].strip():
            return "{}"
        return self.text[len(self.bom) :]


def strict_value(text: str, file: ClaudeFile) -> dict[str, Any]:
    """The JSON object `text` holds, parsed as Claude parses it, or SettingsParseError
    naming where it breaks."""
    try:
        value = jsonc.parse(text, comments=False)
    except jsonc.JsonParseError as exc:
        error = strict_error(text, exc)
        where = f" at line {error.line}, column {error.column}" if error.line else ""
        raise SettingsParseError(
            f"{file.shown} is {error.message}{where}; Claude Code ignores such a file, and "
            "hookdash does not rewrite it — fix it first.",
            path=str(file.path),
            line=error.line,
            column=error.column,
        ) from None
    if not isinstance(value, dict):
        raise SettingsParseError(
            f"{file.shown} is not a JSON object; hookdash leaves it alone.",
            path=str(file.path),
            line=1,
            column=1,
        )
    return value


def read_file(file: ClaudeFile) -> Read:
    """The file as it is now, parsed strictly (refused otherwise)."""
    try:
        target = resolve_target(file.path, file.confine())
        data = files.read_bytes_if_any(target)
    except OSError as exc:
        raise FileWriteError(
            f"hookdash cannot read {file.shown} ({exc.strerror or exc}).", path=str(file.path)
        ) from None
    if data is None:
        return Read(file, None, None)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SettingsParseError(
            f"{file.shown} is not valid UTF-8; hookdash does not rewrite it.",
            path=str(file.path),
            line=None,
            column=None,
        ) from None
    read = Read(file, text, hashlib.sha256(data).digest())
    body = read.body
    read.value = strict_value(body, file) if body != "{}" else {}
    return read


def write_file(read: Read, body: str, dry_run: bool = False) -> str:
    """Write `body` (the new JSON, without BOM) over the file `read` read, its BOM kept;
    refused when the new text is not strict JSON or the file changed since the read.
    Returns the unified diff."""
    strict_value(body, read.file)  # what Claude will read: never write what it drops
    new_text = read.bom + body
    diff = unified_diff(read.text, new_text, read.file.shown)
    if dry_run or new_text == read.text:
        return diff
    file = read.file

    def compute(_text: str | None, sha256: bytes | None) -> bytes | None:
        if sha256 != read.sha256:
            raise FileChangedError(
                f"{file.shown} changed on disk since hookdash read it; nothing was written. "
                "Run the command again.",
                path=str(file.path),
            )
        return new_text.encode("utf-8")

    try:
        update_text_file(file.path, compute, confine=file.confine())
    except files.NotUtf8Error:
        raise FileChangedError(
            f"{file.shown} changed on disk since hookdash read it; nothing was written.",
            path=str(file.path),
        ) from None
    return diff


def digest_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
