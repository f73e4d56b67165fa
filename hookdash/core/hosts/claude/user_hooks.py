"""Claude Code's user-level hooks, for hookdash's baseline (core.baseline): the hooks of
`$CLAUDE_CONFIG_DIR/settings.json` (else `~/.claude/settings.json`), the frontmatter hooks
of your own skills and agents (`skills/*/SKILL.md`, `agents/*.md` there), and the mods
Claude wrote under `dev-mods/` (code, watched whole)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from hookdash.core.baseline.sources import UserSource, json_hooks
from hookdash.core.hosts.claude.definitions import folder_definitions
from hookdash.core.hosts.claude.frontmatter import block_of, parse_block
from hookdash.core.hosts.claude.layers import claude_home
from hookdash.core.hosts.claude.mods import dev_mods
from hookdash.core.scan.reader import Entry, Skipped
from hookdash.core.scan.shapes import hooks_object

AGENT = "Claude Code"


def _frontmatter_hooks(data: bytes) -> Iterator[Entry | Skipped]:
    block = block_of(data.decode("utf-8", "replace"))
    if block is None:
        return
    value, _, error = parse_block(block)
    if error is not None:
        yield Skipped(f"its frontmatter is not YAML ({error})", "")
        return
    if isinstance(value, dict) and "hooks" in value:
        yield from hooks_object({"hooks": value["hooks"]}, ("command",))


def user_sources(environ: Mapping[str, str]) -> list[UserSource]:
    home = claude_home(environ)
    out = [UserSource(AGENT, home / "settings.json", parse=json_hooks(("command", "url")))]
    out += [
        UserSource(AGENT, d.path, parse=_frontmatter_hooks)
        for d in folder_definitions(home, "user")
    ]
    out += [UserSource(AGENT, Path(mod.path), kind="code") for mod in dev_mods(environ)]
    return out
