"""Every link in the README and the manual (docs/) leads somewhere: the file exists, and a
`#anchor` names a heading of that file, spelled as GitHub spells heading anchors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
_FENCE = re.compile(r"^(```|~~~)")


def _prose(text: str) -> list[str]:
    """The lines outside fenced code blocks (a `# comment` in a shell example is no heading)."""
    lines, fenced = [], False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line)
    return lines


def github_anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped (word characters,
    spaces and hyphens kept), each space a hyphen."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found: set[str] = set()
    seen: dict[str, int] = {}
    for line in _prose(page.read_text(encoding="utf-8")):
        match = re.match(r"#{1,6} (.*)", line)
        if match is None:
            continue
        base = github_anchor(match.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def test_the_slug_rule_matches_githubs() -> None:
    assert github_anchor("`hookdash list [--json]`") == "hookdash-list---json"
    assert github_anchor("Reviewing a repository you don't trust") == (
        "reviewing-a-repository-you-dont-trust"
    )


def test_the_readme_is_a_front_page() -> None:
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 300


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_resolves(page: Path) -> None:
    broken: list[str] = []
    for line in _prose(page.read_text(encoding="utf-8")):
        for target in _LINK.findall(line):
            if re.match(r"[a-z]+:", target):  # https:, mailto: — not ours to check
                continue
            path, _, anchor = target.partition("#")
            dest = (page.parent / path).resolve() if path else page
            if not dest.exists():
                broken.append(f"{target}: no such file")
            elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                broken.append(f"{target}: no heading with that anchor")
    assert not broken, f"{page.relative_to(ROOT)}: " + "; ".join(broken)
