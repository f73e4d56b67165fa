"""Claude Code's part of the trust review (`T`): the repository's project and local hooks
and settings commands never reviewed or changed since, recorded in hookdash's own review
(Claude Code keeps none per hook) exactly as shown (`claude_review_token`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.text import Text

from hookdash.core import visible
from hookdash.tui.hosts.claude.review_body import review_body

if TYPE_CHECKING:
    from hookdash.core import Configuration
    from hookdash.tui.app import HookdashApp
    from hookdash.tui.colors import Colors


class ClaudeReviewing:
    name = "claude"
    label = "Claude Code"

    def items(self, config: Configuration) -> list[Any]:
        from hookdash.core import claude_hooks_to_review

        return list(claude_hooks_to_review(config.claude)) if config.claude is not None else []

    def prompt(self, item: Any, colors: Colors) -> Text:
        from hookdash.core import claude_review_label
        from hookdash.tui.reviewing import review_line

        label = visible(claude_review_label(item))
        return review_line(item.review == "new", visible(item.id), label, item, colors)

    def whole(self, config: Configuration, item: Any, colors: Colors) -> RenderableType:
        return self.question(config, [item], colors)

    def question(self, config: Configuration, items: list[Any], colors: Colors) -> RenderableType:
        assert config.claude is not None
        return review_body(config.claude, items, colors, config.env.environ)

    async def record(self, app: HookdashApp, config: Configuration, items: list[Any]) -> str:
        from hookdash.core import claude_review_noun, claude_review_token, trust_claude_hooks

        claude = config.claude
        assert claude is not None
        token = claude_review_token(items)  # exactly what the question showed
        result = await app.write(
            f"review {claude_review_noun(items)}",
            trust_claude_hooks,
            claude,
            items,
            config.env.environ,
            reviewed=token,
        )
        return visible(result.message)


REVIEWING = ClaudeReviewing()
