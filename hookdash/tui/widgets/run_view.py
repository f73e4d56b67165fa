"""How one hook run reads: a fire result or a live-log record, as Rich renderables.

The words come from core (`logfeed.outcome_of`); this module only lays them out: a
heading line, then stdout, stderr, the parsed output, the error and (for a record) the
input, each under a small heading. JSON is shown with Rich's `Syntax` (read-only).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import RenderableType
from rich.padding import Padding
from rich.style import Style
from rich.syntax import Syntax
from rich.text import Text

from hookdash.core import (
    OUTCOME_MARKS,
    HookRunResult,
    Outcome,
    RunRecord,
    json_text,
    outcome_label,
    outcome_of,
    visible,
)
from hookdash.tui.colors import Colors
from hookdash.tui.plain import plain

# Longer texts are cut in the views (a hook may print megabytes; the record has it all).
MAX_SHOWN_CHARS = 20_000
# Folded, an output of more lines shows only its first and last ones (and a count).
FOLD_ABOVE_LINES = 24
FOLD_HEAD = 8
FOLD_TAIL = 8
FOLD_LINE_CHARS = 200  # a folded view cuts longer lines
FOLD_CHARS = 1_500  # a folded view of a few very long lines cuts here
FOLD_STRING_CHARS = 120  # a folded JSON value shows longer strings cut here


def outcome_style(outcome: Outcome, colors: Colors) -> Style:
    if outcome == "ok":
        return Style(color=colors.success, bold=True)
    if outcome in ("warning", "blocked"):
        return Style(color=colors.warning, bold=True)
    if outcome == "cancelled":
        return Style(color=colors.muted, bold=True)
    return Style(color=colors.error, bold=True)


def shorten_strings(value: Any, limit: int = FOLD_STRING_CHARS) -> tuple[Any, int]:
    """`value` with every string longer than `limit` cut (with how much is left out),
    and how many were cut: a JSON output whose `reason` is 20,000 lines stays short."""
    cut = 0

    def walk(item: Any) -> Any:
        nonlocal cut
        if isinstance(item, str) and len(item) > limit:
            cut += 1
            return f"{item[:limit]}… ({len(item) - limit:,} more characters)"
        if isinstance(item, dict):
            return {key: walk(v) for key, v in item.items()}
        if isinstance(item, list):
            return [walk(v) for v in item]
        return item

    return walk(value), cut


def json_block(value: Any, colors: Colors, *, fold: bool = False, hint: str = "") -> RenderableType:
    """A JSON value, highlighted: exact JSON, hidden characters as `\\u001b` escapes.
    Folded, long strings in it are cut (`shorten_strings`)."""
    if fold:
        value, _ = shorten_strings(value)
    try:
        text = json_text(value, indent=2)
    except (TypeError, ValueError):
        text = visible(repr(value), multiline=True)
    if len(text) > MAX_SHOWN_CHARS:
        return text_block(text, colors, fold=fold, hint=hint)
    syntax = Syntax(
        text,
        "json",
        theme=colors.syntax_theme,
        word_wrap=True,
        background_color=colors.surface,
    )
    return Padding(syntax, (0, 0, 0, 2))


def _cut_line(line: str) -> str:
    if len(line) <= FOLD_LINE_CHARS:
        return line
    return line[:FOLD_LINE_CHARS] + f" … ({len(line) - FOLD_LINE_CHARS:,} more characters)"


def line_count(text: str) -> int:
    """How many lines a run's output has (a last newline ends a line, it does not start one)."""
    return text.count("\n") + (0 if text.endswith("\n") else 1) if text else 0


def text_block(text: str, colors: Colors, *, fold: bool = False, hint: str = "") -> RenderableType:
    """Hook output as a block: its lines kept, every other hidden character shown.
    Folded (`fold`), a long one shows its first and last lines and how many are between
    (`hint` says how to see them): the verdict above it and the sections below stay in
    view."""
    if not text:
        return Padding(Text("(empty)", style=colors.dim), (0, 0, 0, 2))
    if fold:
        lines = text.rstrip("\n").split("\n")
        if len(lines) > FOLD_ABOVE_LINES:
            hidden = len(lines) - FOLD_HEAD - FOLD_TAIL
            body = plain("\n".join(_cut_line(line) for line in lines[:FOLD_HEAD]), multiline=True)
            body.append(f"\n… {hidden:,} more lines{hint} …\n", style=colors.dim)
            body.append_text(
                plain("\n".join(_cut_line(line) for line in lines[-FOLD_TAIL:]), multiline=True)
            )
            return Padding(body, (0, 0, 0, 2))
        if len(text) > FOLD_CHARS:
            body = plain(text[:FOLD_CHARS], multiline=True)
            body.append(f"\n… {len(text) - FOLD_CHARS:,} more characters{hint}", style=colors.dim)
            return Padding(body, (0, 0, 0, 2))
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


def agent_of(run: HookRunResult | RunRecord) -> str:
    """The agent whose run it is, as a person names it (`Claude Code`)."""
    from hookdash.core import host, host_names

    name = run.host
    return host(name).label if name in host_names() else visible(name)


def run_sections(
    run: HookRunResult | RunRecord,
    colors: Colors,
    *,
    with_input: bool,
    display: Callable[[str], str] = str,
    fold: bool = False,
    hint: str = "",
) -> list[RenderableType]:
    """stdout, stderr, parsed output, error (and the input): everything a run left.
    Folded, long stdout and stderr show their first and last lines (`text_block`)."""
    shown = run.shown
    parts: list[RenderableType] = []
    if shown.error:
        parts += [heading("error", colors), Padding(Text(shown.error, style=colors.error), (0, 2))]
    for name, text in (("stdout", shown.stdout), ("stderr", shown.stderr)):
        notes = []
        lines = line_count(text)
        if lines > 1:
            notes.append(f"{lines:,} lines")
        if isinstance(run, HookRunResult):
            total = getattr(run, f"{name}_bytes")
            if getattr(run, f"{name}_truncated"):
                notes.append(f"the first part of {total:,} bytes")
        note = f"({', '.join(notes)})" if notes else ""
        parts += [heading(name, colors, note), text_block(text, colors, fold=fold, hint=hint)]
    if run.output is None:
        parts += [
            heading("output", colors),
            Padding(
                Text(
                    f"none: {agent_of(run)} reads nothing from this run (empty, or a bare "
                    "JSON value)",
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
        if fold and shorten_strings(run.output)[1]:
            how = (how[:-1] + "; " if how else "(") + f"long strings cut{hint})"
        parts += [
            heading("output", colors, how.strip()),
            json_block(run.output, colors, fold=fold, hint=hint),
        ]
    if with_input and run.input is not None:
        parts += [heading("input", colors, "(stdin)"), json_block(run.input, colors)]
    if run.command:
        parts += [heading("command", colors), Padding(Text(shown.command), (0, 0, 0, 2))]
    return parts


def output_sections(
    runs: Sequence[HookRunResult | RunRecord], aggregate: Any = None
) -> list[tuple[str, str]]:
    """(title, text) of every run's stdout, stderr and parsed output, whole, and of the
    aggregate: what `o` shows."""
    sections: list[tuple[str, str]] = []
    for run in runs:
        of = f" of {run.shown.id}" if len(runs) > 1 else ""
        for name in ("stdout", "stderr"):
            text = getattr(run, name) or ""
            lines = line_count(text)
            note = f"{lines:,} line{'s' if lines != 1 else ''}" if text else "empty"
            if isinstance(run, HookRunResult) and getattr(run, f"{name}_truncated"):
                total = getattr(run, f"{name}_bytes")
                note += f"; the engine kept the first part of {total:,} bytes"
            sections.append((f"{name}{of} ({note})", text))
        if run.output is not None:
            sections.append((f"output{of} (parsed)", _json_text(run.output)))
    if aggregate is not None:
        sections.append(("aggregate", _json_text(aggregate)))
    return sections


def _json_text(value: Any) -> str:
    try:
        return json_text(value, indent=2)
    except (TypeError, ValueError):
        return visible(repr(value), multiline=True)
