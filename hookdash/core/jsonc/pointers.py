"""JSON pointers (RFC 6901): how spans and edits name a value in a document."""

from __future__ import annotations


def escape_pointer_token(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def unescape_pointer_token(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def pointer_tokens(ptr: str) -> list[str]:
    """The tokens of a JSON pointer, unescaped (the root, "", has none)."""
    return [unescape_pointer_token(t) for t in ptr.split("/")[1:]]


def pointer(*tokens: str | int) -> str:
    return "".join("/" + escape_pointer_token(str(t)) for t in tokens)
