"""hookdash: a terminal dashboard for Gemini CLI hooks."""

__version__ = "0.1.0"
