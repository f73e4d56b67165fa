"""Codex CLI's part of the trust review (`T`): the hooks Codex skips without a word for
want of trust (never trusted, or changed since) and the trusted ones whose scripts changed
since the review, each shown whole (event, layer and key, command, matcher, timeout, why
Codex skips it, risk flags, scripts); recorded exactly as shown (`codex_review_token`)
in the user's hooks.state, as `trust --host codex --yes --reviewed TOKEN` does."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.text import Text

from hookdash.core import visible
from hookdash.tui.hosts.codex.firing import LABEL, NAME, codex_snapshot

if TYPE_CHECKING:
    from hookdash.core import CodexHook, Configuration
    from hookdash.tui.app import HookdashApp
    from hookdash.tui.colors import Colors

INTRO = (
    "hookdash records these hooks as trusted in your Codex config.toml (hooks.state), "
    "exactly as shown: Codex then runs them. A hook that changes afterwards is skipped "
    "again, and hookdash says what changed.\n"
)


def review_body(hooks: Sequence[CodexHook], display: Callable[[str], str]) -> Text:
    """Each hook as it would be trusted: event, layer and key, the whole command, matcher,
    timeout, why Codex skips it now, its risk flags and scripts."""
    from hookdash.core import risk_lines

    body = Text(INTRO)
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


class CodexReviewing:
    name = NAME
    label = LABEL

    def items(self, config: Configuration) -> list[Any]:
        from hookdash.core import host

        snapshot = codex_snapshot(config)
        return list(host(NAME).to_review(snapshot)) if snapshot is not None else []

    def prompt(self, item: Any, colors: Colors) -> Text:
        from hookdash.tui.reviewing import review_line

        hook: CodexHook = item
        new = hook.trust == "untrusted"  # (else changed: its hash, or a script it runs)
        return review_line(new, visible(hook.id), visible(hook.event), hook, colors)

    def whole(self, config: Configuration, item: Any, colors: Colors) -> RenderableType:
        return self.question(config, [item], colors)

    def question(self, config: Configuration, items: list[Any], colors: Colors) -> RenderableType:
        return review_body(items, config.env.display)

    async def record(self, app: HookdashApp, config: Configuration, items: list[Any]) -> str:
        from hookdash.core import codex_review_token, trust_codex_hooks

        snapshot = codex_snapshot(config)
        assert snapshot is not None  # (its items come from a loaded Codex snapshot)
        noun = "hook" if len(items) == 1 else "hooks"
        result = await app.write(
            f"trust {len(items)} {LABEL} {noun}",
            trust_codex_hooks,
            snapshot,
            items,
            config.env.environ,
            reviewed=codex_review_token(items),  # exactly what the question showed
        )
        return visible(result.message)


REVIEWING = CodexReviewing()
