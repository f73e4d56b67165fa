"""`f` on a Codex CLI hook: fire it on the payload Codex would send for its event, after a
question where `fire --host codex` asks for --yes (a hook Codex skips for want of trust);
the result (what Codex would do, each run's exit code, stdout, stderr) opens in the output
view, and the run is in the log (`l`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from hookdash.core import HookdashError, shorten, visible
from hookdash.tui.screens.confirm import ConfirmScreen
from hookdash.tui.screens.output import OutputScreen

if TYPE_CHECKING:
    from hookdash.core import CodexFireResult
    from hookdash.tui.screens.hook_writing import HookWriting

FIRE_TITLE = "Cannot fire this Codex CLI hook"


def result_sections(result: CodexFireResult) -> list[tuple[str, str]]:
    """(title, text) of what Codex would do, why it would not run the hook, each run's
    stdout, stderr and error, whole, and the warnings: the output view."""
    sections = [("what Codex CLI would do", result.effect)]
    for why in result.codex_would_not_run_because:
        sections.append(("Codex CLI would not run it", why))
    for run in result.results:
        code = "timed out" if run.timed_out else f"exit {run.exit_code}"
        verdict = f" · {run.verdict}" if run.verdict else ""
        head = f"{run.outcome}{verdict} · {code} · {run.duration_ms} ms"
        sections += [(f"{head} · stdout", run.stdout), ("stderr", run.stderr)]
        if run.error:
            sections.append(("error", visible(run.error, multiline=True)))
    sections += [("warning", w) for w in result.warnings]
    return sections


async def fire_hook(screen: HookWriting, hook: Any, snapshot: Any) -> None:
    from hookdash.core import codex_confirmations, host

    app = screen.hd_app
    needed = codex_confirmations([hook])
    if needed:
        body = Text()
        for confirmation in needed:
            body.append(f"{visible(confirmation.reason)}: Codex would skip it.\n\n")
        body.append("It runs on this machine:\n")
        body.append(visible(hook.command, multiline=True), style="bold")
        question = ConfirmScreen("Run this Codex CLI hook?", body, "Run it")
        if not await app.push_screen_wait(question):
            return
    try:
        result = await host(hook.host).fire(snapshot, hook.event, hook=hook)
    except HookdashError as exc:
        screen.refuse(visible(exc.message, multiline=True), FIRE_TITLE)
        return
    title = f"Fired {visible(hook.event)}: {visible(shorten(hook.id, 60))}"
    app.push_screen(OutputScreen(title, result_sections(result)))  # type: ignore[arg-type]
