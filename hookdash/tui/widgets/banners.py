"""Banners above the hook list, for what changes every hook at once.

An untrusted folder, hooks switched off, a settings file that does not parse, a system
file Gemini ignores, legacy keys: one banner per kind (core.status.banner_lines, from
`hookdash check`'s problems). A click opens the problem list at that problem. Project
hooks that are NEW or CHANGED get a banner too, whose click opens the trust review.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.containers import Vertical
from textual.content import Content
from textual.events import Click
from textual.widgets import Static

from hookdash.tui.plain import plain_content

if TYPE_CHECKING:
    from hookdash.core import ClaudeReviewed, Problem


@dataclass(frozen=True)
class Notice:
    """A line about the dashboard itself, above the banners (the demo, why it opened)."""

    kind: str  # its look: "demo", "notice" or "warning" (counted with the warnings)
    text: str
    action: str | None = None  # run on a click (an app- or screen-namespaced action)


MAX_BANNERS = 4  # more would push the hook list off a small terminal
_MARKS = {"error": "✖", "warning": "!", "info": "i"}


class Banner(Static):
    def __init__(
        self, content: Content, classes: str, code: str | None = None, action: str | None = None
    ) -> None:
        super().__init__(content, classes=classes)
        self.code = code
        self.action = action  # run on a click (an app- or screen-namespaced action)
        if action is None and code is not None:
            self.action = f"app.show_problems({code!r})"
        self.set_class(self.action is not None, "-clickable")

    @property
    def cut(self) -> bool:
        """Whether the banner shows one line of a longer text (folded, `…` at its end)."""
        if self.has_class("-open") or _unfolded(self):
            return False
        content = self.content
        width = self.content_size.width
        return width > 0 and isinstance(content, Content) and content.cell_length > width

    def on_click(self, event: Click) -> None:
        if self.cut:
            # The first click shows the whole text; the next one does what it says.
            event.stop()
            self.add_class("-open")
            return
        if self.action is None:
            return
        event.stop()
        self.app.call_later(self.app.run_action, self.action)


def _unfolded(banner: Banner) -> bool:
    parent = banner.parent
    return isinstance(parent, Banners) and parent.has_class("-unfolded")


def trust_banner(
    summary: str | None, claude_to_review: Sequence[ClaudeReviewed] = ()
) -> Banner | None:
    """“3 project hooks to review (2 NEW, 1 CHANGED)” (`summary`: `untrusted_summary`, None
    when there is none to review; `claude_to_review`: the Claude Code project hooks and
    settings commands never reviewed or changed since, `claude_hooks_to_review`), opening
    the trust review."""
    if summary is None and not claude_to_review:
        return None
    parts = [summary] if summary else []
    if claude_to_review:
        from hookdash.core import claude_review_noun

        parts.append(f"{claude_review_noun(claude_to_review)} not reviewed yet")
    text = Content.assemble(
        ("! ", "bold"),
        (f"{'; '.join(parts)}: ", "bold"),
        "press T (or click) to review and trust them.",
    )
    banner = Banner(text, classes="banner trust warning", action="screen.review_trust")
    banner.tooltip = (
        "Gemini CLI warns about these at its next start, runs them anyway and records them "
        "as trusted. Review them first."
    )
    return banner


class Banners(Vertical):
    """The banners of a snapshot's problems; hidden when there are none."""

    # The look of each kind of banner. (Where the strip goes and how tall it may grow is
    # the screen's: styles/hooks.tcss.)
    DEFAULT_CSS = """
    Banners .banner {
        /* One line each (the demo's took 6–8 rows): `b`, or a click, shows them whole. */
        height: 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        padding: 0 1;
        color: $foreground;
        border-left: outer $primary;
        background: $primary 10%;

        &.error {
            border-left: outer $error;
            background: $error 18%;
        }
        &.warning {
            border-left: outer $warning;
            background: $warning 10%;
        }
        &.demo {
            border-left: outer $primary;
            background: $primary 25%;
            color: $text-primary;
            text-style: bold;
        }
        &.notice {
            border-left: outer $success;
            background: $success 15%;
            text-style: bold;
        }
        &.-open {
            height: auto;
            text-wrap: wrap;
        }
        &.-clickable:hover, &.summary:hover {
            background: $warning 20%;
        }
    }
    Banners.-unfolded .banner {
        height: auto;
        text-wrap: wrap;
    }
    /* Shown instead of the banners on a short terminal (the screen's stylesheet). */
    Banners .banner.summary {
        display: none;
    }
    """

    def compose(self) -> Any:
        return []

    def toggle_unfolded(self) -> None:
        """Every banner in full, or each on one line again."""
        self.toggle_class("-unfolded")
        if not self.has_class("-unfolded"):
            self.query(".banner").remove_class("-open")

    def show(
        self,
        problems: list[Problem],
        display: Callable[[str], str],
        notices: Sequence[Notice] = (),
        to_review: int = 0,
        review_summary: str | None = None,
        claude_to_review: Sequence[ClaudeReviewed] = (),
    ) -> None:
        """`notices`: lines shown first (the demo, why it opened); `to_review` project hooks
        to review, `review_summary` saying so (`untrusted_summary`), `claude_to_review`
        Claude Code project hooks and settings commands new or changed: the trust banner
        (worked out with the hook list, off the event loop for a large configuration)."""
        from hookdash.core import banner_lines

        self.remove_children()
        banners: list[Static] = [
            Banner(plain_content(n.text), classes=f"banner {n.kind}", action=n.action)
            for n in notices
        ]
        for banner, notice in zip(banners, notices, strict=True):
            banner.tooltip = plain_content(notice.text)  # whole, however narrow the terminal
        trust = trust_banner(review_summary, claude_to_review)
        if trust is not None:
            banners.append(trust)
        lines = banner_lines(problems, display)
        for line in lines[:MAX_BANNERS]:
            # Where first: a one-line banner on a small terminal must keep file:line:col.
            where = line.locations[0] + "  " if line.locations else ""
            text = Content.assemble(
                (f"{_MARKS.get(line.severity, '!')} ", "bold"),
                (where, "bold"),
                line.message,  # raw-ok: banner_lines gives it shown
            )
            banner = Banner(text, classes=f"banner problem {line.severity}", code=line.code)
            banner.tooltip = Content(line.text + "\n\nClick for the problem list.")
            banners.append(banner)
        if len(lines) > MAX_BANNERS:
            more = Content(f"… and {len(lines) - MAX_BANNERS} more: press c for the problem list")
            banners.append(Banner(more, classes="banner problem info"))
        if banners:
            severities = [line.severity for line in lines]
            to_review += len(claude_to_review)
            banners.append(_summary(notices, to_review, severities))
        self.mount_all(banners)
        self.display = bool(banners)


class BannerSummary(Static):
    """Every banner in one line, for a short terminal; a click shows them all."""

    def on_click(self, event: Click) -> None:
        event.stop()
        self.app.call_later(self.app.run_action, "screen.toggle_banners")


def _summary(notices: Sequence[Notice], to_review: int, severities: Sequence[str]) -> BannerSummary:
    """All the banners in one line, for a short terminal (its screen shows this instead)."""
    # A notice that warns (Claude Code's no-ask sentence) counts with the warnings, one
    # that alarms (your own hooks changed) with the errors.
    alarms = ("warning", "error")
    parts = ["DEMO" if n.kind == "demo" else "a notice" for n in notices if n.kind not in alarms]
    severities = [*severities, *(n.kind for n in notices if n.kind in alarms)]
    if to_review:
        parts.append(f"{to_review} to review (T)")
    for severity, noun in (("error", "error"), ("warning", "warning"), ("info", "note")):
        count = severities.count(severity)
        if count:
            parts.append(f"{count} {noun}{'s' if count > 1 else ''}")
    worst = next((s for s in ("error", "warning") if s in severities), "")
    text = Content.assemble(("▸ ", "bold"), (" · ".join(parts), "bold"), "  b: show all")
    summary = BannerSummary(text, classes=f"banner summary {worst}")
    summary.tooltip = "Every banner in full: b (again to fold them)."
    return summary
