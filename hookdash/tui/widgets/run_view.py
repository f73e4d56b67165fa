"""How one hook run reads: a fire result or a live-log record, as Rich renderables.

The words come from core (`logfeed.outcome_of`); this module only lays them out: a
heading line, then stdout, stderr, the parsed output, the error and (for a record) the
input, each under a small heading. JSON is shown with Rich's `Syntax` (read-only).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.padding import Padding
from rich.style import Style
from rich.syntax import Syntax
from rich.text import Text

from hookdash.core import HookRunResult, Outcome, RunLike, RunRecord, json_text, outcome_of, visible
from hookdash.tui.colors import Colors
from hookdash.tui.plain import plain

# One narrow character per outcome (the log's lines must stay aligned).
OUTCOME_MARKS: dict[Outcome, str] = {
    "ok": "✔",
    "warning": "!",
    "blocked": "⊘",
    "stopped": "■",
    "failed": "✖",
    "timed-out": "◷",
    "cancelled": "○",
}
# Longer texts are cut in the views (a hook may print megabytes; the record has it all).
MAX_SHOWN_CHARS = 20_000


def outcome_style(outcome: Outcome, colors: Colors) -> Style:
    if outcome == "ok":
        return Style(color=colors.success, bold=True)
    if outcome in ("warning", "blocked"):
        return Style(color=colors.warning, bold=True)
    if outcome == "cancelled":
        return Style(color=colors.muted, bold=True)
    return Style(color=colors.error, bold=True)


def outcome_label(run: RunLike) -> str:
    """`ok`, `blocked`, `exit 3`, `timed out`, … — the word a log line shows."""
    outcome = outcome_of(run)
    if outcome in ("failed", "warning") and run.exit_code not in (None, 0):
        return f"exit {run.exit_code}"
    if outcome == "failed":
        return "error"
    return outcome.replace("-", " ")


def json_block(value: Any, colors: Colors) -> RenderableType:
    """A JSON value, highlighted: exact JSON, hidden characters as `\\u001b` escapes."""
    try:
        text = json_text(value, indent=2)
    except (TypeError, ValueError):
        text = visible(repr(value), multiline=True)
    if len(text) > MAX_SHOWN_CHARS:
        return text_block(text, colors)
    syntax = Syntax(
        text,
        "json",
        theme=colors.syntax_theme,
        word_wrap=True,
        background_color=colors.surface,
    )
    return Padding(syntax, (0, 0, 0, 2))


def text_block(text: str, colors: Colors) -> RenderableType:
    """Hook output as a block: its lines kept, every other hidden character shown."""
    if not text:
        return Padding(Text("(empty)", style=colors.dim), (0, 0, 0, 2))
    shown = text if len(text) <= MAX_SHOWN_CHARS else text[:MAX_SHOWN_CHARS]
    body = plain(shown.rstrip("\n"), multiline=True)
    if len(text) > MAX_SHOWN_CHARS:
        body.append(f"\n… {len(text) - MAX_SHOWN_CHARS:,} more characters", style=colors.dim)
    return Padding(body, (0, 0, 0, 2))


def heading(text: str, colors: Colors, note: str = "", *, first: bool = False) -> Text:
    """A section's title, after a blank line (unless it is the first)."""
    out = Text()
    out.append(("" if first else "\n") + text, style=colors.heading)
    if note:
        out.append("  " + note, style=colors.dim)
    return out


def duration_text(ms: float | None) -> str:
    if ms is None:
        return "?"
    return f"{ms:,.0f} ms" if ms < 10_000 else f"{ms / 1000:,.1f} s"


def run_heading(run: HookRunResult | RunRecord, colors: Colors) -> Text:
    """`⊘ blocked  guard  user · exit 0 · 48 ms · json output`."""
    outcome = outcome_of(run)
    style = outcome_style(outcome, colors)
    shown = run.shown
    text = Text()
    text.append(f"{OUTCOME_MARKS[outcome]} {outcome_label(run)}  ", style=style)
    text.append(shown.id, style="bold")
    if shown.layer:
        text.append(f"  {shown.layer}", style=colors.accent)
    parts: list[str] = []
    if run.timed_out:
        parts.append("timed out")
    elif run.exit_code is not None:
        parts.append(f"exit {run.exit_code}")
    if isinstance(run, HookRunResult) and run.signal:
        parts.append(f"signal {run.signal}")
    if isinstance(run, HookRunResult) and not run.executed:
        parts.append("not started")
    parts.append(duration_text(run.duration_ms))
    if run.output_format:
        parts.append(f"{run.output_format} output")
    text.append(" · " + " · ".join(parts), style=colors.dim)
    return text


def run_sections(
    run: HookRunResult | RunRecord,
    colors: Colors,
    *,
    with_input: bool,
    display: Callable[[str], str] = str,
) -> list[RenderableType]:
    """stdout, stderr, parsed output, error (and the input): everything a run left."""
    shown = run.shown
    parts: list[RenderableType] = []
    if shown.error:
        parts += [heading("error", colors), Padding(Text(shown.error, style=colors.error), (0, 2))]
    for name, text in (("stdout", shown.stdout), ("stderr", shown.stderr)):
        note = ""
        if isinstance(run, HookRunResult):
            total = getattr(run, f"{name}_bytes")
            if getattr(run, f"{name}_truncated"):
                note = f"(first part of {total:,} bytes)"
        parts += [heading(name, colors, note), text_block(text, colors)]
    if run.output is None:
        parts += [
            heading("output", colors),
            Padding(
                Text(
                    "none: Gemini reads nothing from this run (empty, or a bare JSON value)",
                    style=colors.dim,
                ),
                (0, 0, 0, 2),
            ),
        ]
    else:
        how = {
            "json": "(json: stdout parsed as JSON)",
            "text": "(text: plain output turned into a decision by the exit code)",
        }.get(run.output_format or "", "")
        parts += [heading("output", colors, how), json_block(run.output, colors)]
    if with_input and run.input is not None:
        parts += [heading("input", colors, "(stdin)"), json_block(run.input, colors)]
    if run.command:
        parts += [heading("command", colors), Padding(Text(shown.command), (0, 0, 0, 2))]
    return parts
