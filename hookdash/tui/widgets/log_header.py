"""What the live log shows above its runs: the title line (how many runs, from which
files, whether it follows them), the notice (a log that cannot be read, or what Gemini's
telemetry settings leave out) and the facets of the filter."""

from __future__ import annotations

from typing import Literal

from textual.content import Content

from hookdash.core import Configuration, RunFilter, visible

# Short enough to be read whole at 80 columns (the notice is not cut, so it takes the
# lines it needs), the settings on a line of their own.
TELEMETRY_HOWTO = (
    "Only hookdash's own runs show here: Gemini CLI's telemetry file is not set. For the "
    "hook calls of real Gemini sessions, add to ~/.gemini/settings.json:\n"
    '"telemetry": {"enabled": true, "target": "local", "outfile": "~/.gemini/telemetry.log"}'
    "\n(or run gemini with GEMINI_TELEMETRY_ENABLED=true and GEMINI_TELEMETRY_OUTFILE)."
)


FollowState = Literal["following", "not following", "starting"]


def log_title(
    shown: int | None, total: int, cap: int, files: list[str], state: FollowState
) -> Content:
    """`shown`: the runs the filter lets through (None: no filter)."""
    parts = [Content.styled("Live log", "bold")]
    if shown is not None:
        count = f"{shown:,} of {total:,} runs · x shows all"
    else:
        count = f"{total:,} run" + ("" if total == 1 else "s")
    parts.append(Content(count))
    parts.append(Content.styled(f"the last {cap:,} are kept in memory", "$text-muted"))
    if files:
        parts.append(Content.styled(" + ".join(files), "$text-muted"))
    parts.append(
        Content.styled("following", "$text-success")
        if state == "following"
        else Content.styled("not following (r to reread)", "$text-muted")
        if state == "not following"
        else Content.styled("starting…", "$text-muted")
    )
    return Content(" · ").join(parts)


def log_notice(config: Configuration, error: str | None) -> str | None:
    """The error, else what the telemetry settings keep out of the log (None: nothing)."""
    telemetry = config.snapshot.telemetry
    if error is not None:
        return error
    if telemetry.outfile is None:
        return TELEMETRY_HOWTO
    if not telemetry.enabled:
        return (
            f"telemetry.outfile is {config.env.display(telemetry.outfile)}, but telemetry "
            "is not enabled: Gemini CLI writes nothing there. Set telemetry.enabled to "
            'true (and telemetry.target to "local") in settings.json.'
        )
    if not telemetry.log_prompts:
        return (
            "telemetry.logPrompts is off: Gemini's records carry no input, output, stdout "
            "or stderr — only the hook, its duration and its exit code."
        )
    return None


def facets_line(run_filter: RunFilter) -> Content:
    """`b blocked · s source · e event · h hook`: what each key narrows (bright: what
    it narrows to now; dim: nothing yet)."""
    hook = run_filter.hook.label if run_filter.hook is not None else None
    facets = (
        ("b", run_filter.outcome.replace("-", " ") if run_filter.outcome != "all" else None,
         "outcome"),
        ("s", run_filter.source if run_filter.source != "all" else None, "source"),
        ("e", run_filter.event, "event"),
        ("h", hook, "hook"),
    )  # fmt: skip
    parts: list[Content] = []
    for key, value, otherwise in facets:
        shown = (
            Content.styled(visible(value), "bold $text-accent")
            if value is not None
            else Content.styled(otherwise, "$text-muted")
        )
        parts.append(Content.assemble((key, "bold"), " ", shown))
    return Content(" · ").join(parts)
