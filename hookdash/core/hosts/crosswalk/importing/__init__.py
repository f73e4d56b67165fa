"""One host's hooks written as another's: `hookdash import claude` (Claude Code's hooks as
Gemini CLI hooks)."""
