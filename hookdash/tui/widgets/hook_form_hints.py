"""The hook form's hints: the event list's lines, and the live lines under the matcher
(which tools or trigger values it matches) and under the command (whether its program
exists and can run). Every value from the draft or the files goes through `visible()`.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.content import Content

from hookdash.core import EVENT_SUMMARIES, Hook, MatcherPreview, visible

SHOWN_TOOLS = 6  # matched tool names listed in the matcher's hint before "+N more"


def event_prompt(event: str) -> Content:
    """One line of the event list: the event, then when it fires and what its hook can do."""
    return Content.assemble((f"{event:<20}", "bold"), (EVENT_SUMMARIES[event], "$text-muted"))


def matcher_hint(preview: MatcherPreview) -> Content:
    """One or two lines under the matcher: what it matches, in the event's terms."""
    if preview.kind == "none":
        return Content.styled(visible(preview.sentence), "$text-muted")
    if preview.kind == "trigger":
        parts: list[Content] = []
        for value in preview.candidates:
            hit = value in preview.matched
            mark = Content.styled("✔ " if hit else "✗ ", "$text-success" if hit else "$text-error")
            label = Content(value)
            if value in preview.never_fired:
                label += Content.styled(" (never sent)", "$text-muted")
            parts.append(mark + label)
        return Content.styled("matches ", "$text-muted") + Content("  ").join(parts)
    builtin = len(preview.candidates) - len(preview.seen)
    seen_note = f" and {len(preview.seen)} seen in the logs" if preview.seen else ""
    if preview.matched and len(preview.matched) == len(preview.candidates):
        return Content.styled(
            f"matches every tool ({builtin} built-in{seen_note}, MCP tools too)", "$text-success"
        )
    if not preview.matched:
        text = f"matches none of the {builtin} built-in tools{seen_note}"
        if preview.sentence.startswith("not a valid"):
            text = preview.sentence
        return Content.styled(
            visible(text) + " · MCP tools are mcp_<server>_<tool>", "$text-warning"
        )
    names = [
        visible(t) + (" (logs)" if t in preview.seen else "") for t in preview.matched[:SHOWN_TOOLS]
    ]
    more = len(preview.matched) - SHOWN_TOOLS
    listed = ", ".join(names) + (f" +{more} more" if more > 0 else "")
    total = f"{len(preview.matched)} of {builtin} built-in tools"
    if preview.seen:
        total = (
            f"{len(preview.matched)} of {len(preview.candidates)} tools: {builtin} built-in, "
            f"{len(preview.seen)} from the logs"
        )
    hint = Content.assemble(("matches ", "$text-muted"), (listed, "$text-success"))
    return hint + Content.styled(f" ({total})", "$text-muted")


def command_hint(hook: Hook | None, display: Callable[[str], str]) -> Content:
    """Under the command: the program it starts, flagged when it is missing or cannot run."""
    script = hook.script if hook is not None else None
    if script is None:
        return Content("")
    shown = visible(display(script.path)) if script.path else visible(script.program)
    if script.kind == "command":
        if script.exists:
            return Content.styled(f"✔ runs {shown} (on PATH)", "$text-muted")
        return Content.styled(f"✖ {shown} is not on PATH: bash exits 127", "$text-error")
    if not script.exists:
        return Content.styled(f"✖ {shown} does not exist: bash exits 127", "$text-error")
    if not script.executable:
        what = "readable" if script.kind in ("interpreted", "reached") else "executable"
        fix = f" (chmod +x {shown})" if what == "executable" else ""
        return Content.styled(f"✖ {shown} is not {what}{fix}: bash exits 126", "$text-error")
    return Content.styled(f"✔ runs {shown}", "$text-muted")
