"""hookdash: a terminal dashboard for Gemini CLI hooks."""

__version__ = "0.1.0"


def version_line() -> str:
    """What `hookdash --version` prints."""
    return f"hookdash {__version__}"
