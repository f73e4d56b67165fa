"""The hook form's review pane: the checks of the draft (what Save would refuse or warn
about, the hook's verdict once saved), the result of Test and the diff Save would write.

Pure rendering of a `DraftReview` and a `FireResult`: the screen keeps the draft.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text

from hookdash.core import DraftReview, FireResult, visible
from hookdash.tui.colors import Colors
from hookdash.tui.widgets.run_view import run_heading, run_sections


def checks_body(review: DraftReview | None, colors: Colors) -> RenderableType:
    """What Save would refuse or warn about, and the hook's verdict once saved."""
    text = Text()
    if review is None:
        text.append("Checking…", style=colors.dim)
        return text
    if review.refusal is not None:
        text.append("✖ Save would write nothing: ", style=f"bold {colors.error}")
        text.append(visible(review.refusal))
    elif review.unchanged:
        text.append("· Nothing to save: every field is as written.", style=colors.dim)
    else:
        text.append("✔ ", style=f"bold {colors.success}")
        text.append(visible(review.message.replace("Would ", "Save will ", 1)))
    warnings_and_notes(text, review.warnings, review.notes, colors)
    hook = review.hook
    if hook is not None and review.refusal is None:
        text.append("\n")
        if hook.runs:
            text.append("Once saved, Gemini CLI runs it.", style=colors.success)
            if hook.trust == "new":
                text.append(
                    " A project hook: Save records it as trusted, so Gemini does not warn.",
                    style=colors.dim,
                )
        else:
            why = "; ".join(hook.not_running_because) or "it is not registered"
            text.append(f"Once saved, Gemini CLI would not run it: {visible(why)}.",
                        style=colors.warning)  # fmt: skip
    return text


def warnings_and_notes(text: Text, warnings: list[str], notes: list[str], colors: Colors) -> None:
    """A dry run's warnings (`!`) and notes (`·`, dim), one line each, after `text`."""
    for warning in warnings:
        text.append("\n! ", style=f"bold {colors.warning}")
        text.append(visible(warning))
    for note in notes:
        text.append("\n· ", style=colors.dim)
        text.append(visible(note), style=colors.dim)


def settings_diff(diff: str, colors: Colors) -> Text:
    """The diff of the settings file Save would write."""
    # Wrapped, never cut: what Save writes is shown whole, long commands included.
    text = Text(overflow="fold")
    for line in diff.splitlines():
        style: str | Style = ""
        if line.startswith(("+++", "---")):
            style = "bold"
        elif line.startswith("+"):
            style = colors.success
        elif line.startswith("-"):
            style = colors.error
        elif line.startswith("@@"):
            style = colors.dim
        text.append(visible(line, multiline=True) + "\n", style=style)
    return text


def test_result_body(result: FireResult, colors: Colors) -> RenderableType:
    """What the draft did under Test: Gemini's verdict, the effect, each run."""
    parts: list[RenderableType] = []
    if not result.gemini_would_run:
        why = visible("; ".join(result.gemini_would_not_run_because))
        parts.append(Text(f"! Gemini CLI would not run it for this payload: {why}",
                          style=colors.warning))  # fmt: skip
    parts.append(Text(visible(result.effect), style="bold"))
    context = result.context.tool_name or result.context.trigger
    payload = f"{visible(result.event)} payload" + (f" for {visible(context)}" if context else "")
    parts.append(Text(f"({payload}, as f would send it; l shows the run in the log)",
                      style=colors.dim))  # fmt: skip
    for run in result.results:
        parts += [
            run_heading(run, colors),
            *run_sections(run, colors, with_input=False, fold=True),
        ]
    if result.run_error:
        parts.append(Text(f"! {visible(result.run_error)}", style=colors.error))
    return Group(*parts)
