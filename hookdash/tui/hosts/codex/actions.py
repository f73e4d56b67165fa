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


def _review_body(hooks: list[Any], display: Any) -> Text:
    """Each hook as it would be trusted: event, layer and key, the whole command, matcher,
    timeout, why Codex skips it now, its risk flags and scripts."""
    from hookdash.core import risk_lines

    body = Text(
        "hookdash records these hooks as trusted in your Codex config.toml (hooks.state), "
        "exactly as shown: Codex then runs them. A hook that changes afterwards is skipped "
        "again, and hookdash says what changed.\n"
    )
    for hook in hooks:
        where = visible(display(hook.file)) + (f":{hook.line}" if hook.line else "")
        body.append(f"\n{visible(hook.event)} · {hook.scope} · {where}\n", style="bold")
        body.append(visible(hook.command, multiline=True) + "\n")
        if hook.match_field is not None and hook.matcher not in (None, "", "*"):
            body.append(f"  matcher {visible(repr(hook.matcher))} on {hook.match_field}\n")
        body.append(f"  timeout {hook.timeout:g} s\n")
        for why in [hook.trust_detail, hook.review_detail]:
            if why:
                body.append(f"  {visible(why)}\n")
        for risk in risk_lines(hook, display):
            body.append(f"  ⚠ {risk.label}: {risk.why}\n")
        for script in hook.scripts:
            body.append(f"  runs {visible(display(script.label))}\n")
    return body


async def review_hooks(screen: HookWriting, snapshot: Any) -> bool:
    """`T` for Codex: the hooks Codex skips for want of trust (and trusted ones whose
    scripts changed), shown whole; "Trust" records exactly those (`trust --host codex
    --yes --reviewed TOKEN`). False when there is nothing to review."""
    from hookdash.core import codex_review_token, host, trust_codex_hooks

    app = screen.hd_app
    hooks: list[Any] = list(host(snapshot.host).to_review(snapshot))
    if not hooks:
        return False
    config = app.config
    display = config.env.display if config is not None else str
    token = codex_review_token(hooks)
    noun = "hook" if len(hooks) == 1 else "hooks"
    question = ConfirmScreen(
        f"Trust {len(hooks)} Codex CLI {noun}?", _review_body(hooks, display), "Trust"
    )
    if not await app.push_screen_wait(question):
        return True
    try:
        result = await app.write(
            f"trust {len(hooks)} Codex CLI {noun}",
            trust_codex_hooks,
            snapshot,
            hooks,
            snapshot.environ,
            reviewed=token,
        )
    except HookdashError as exc:
        screen.refuse(visible(exc.message, multiline=True), "Nothing trusted")
        return True
    screen.notify(visible(result.message), title="Trusted", timeout=5, markup=False)
    app.reload("trusted hooks")
    return True
