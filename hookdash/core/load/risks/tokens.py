"""The token scan: regular expressions over raw text, for when there is no parse to trust
(broken shell, text over `PARSE_LIMIT`, a failing parser)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from hookdash.core.findings import RiskKind
from hookdash.core.lazy_regex import LazyRegex, lazy_compile
from hookdash.core.load.risks.findings import _Found
from hookdash.core.load.risks.vocabulary import _WHY, secret_name

_TOKEN_RULES: list[tuple[RiskKind, LazyRegex, str]] = [
    (
        "decode-and-run",
        lazy_compile(
            r"\b(?:base64|base32|openssl|xxd)\b[^|\n]*\s(?:-d|--decode|-D|-r)\b[^|\n]*\|\s*"
            r"(?:sudo\s+)?(?:ba|z|da|k)?sh\b"
            r"|b64decode\([^\n]*\)[^\n]*\b(?:exec|eval)\b|\b(?:exec|eval)\s*\([^\n]*b64decode"
            r"|\batob\([^\n]*\)[^\n]*\beval\b|\beval\s*\([^\n]*\batob\b",
        ),
        _WHY["decode"],
    ),
    (
        "pipe-to-shell",
        lazy_compile(
            r"\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b(?!\s+[\w./$~-])"
            r"|(?<![\w.-])eval\b|\b(?:ba|z)?sh\s+-c\s+[\"']?\$\(|(?:ba|z)?sh\s+<\(|source\s+<\("
        ),
        "it runs text as shell code",
    ),
    (
        "network",
        lazy_compile(
            r"(?<![\w.-])(?:curl|wget|nc|ncat|netcat|ssh|scp|sftp|telnet|socat)(?![\w.-])"
            r"|\b(?:https?|ftps?|wss?)://[^\s'\"<>`|;&)]+|/dev/(?:tcp|udp)/"
            r"|\b(?:requests|httpx|aiohttp)\.(?:get|post|put|patch|delete|head|request|Session"
            r"|Client|AsyncClient|ClientSession)\b|\burlopen\(|\bfetch\(|\bhttps?\.(?:get|request)\("
            r"|\bsocket\.(?:socket|create_connection)\b"
        ),
        _WHY["network"],
    ),
    (
        "destructive",
        lazy_compile(
            r"(?<![\w.-])rm\s+(?:-\w*(?:r\w*f|f\w*r)\w*|(?:-\w+\s+)*-\w*[rR]\w*\s+-\w*f|"
            r"--recursive\s+--force|--force\s+--recursive)\b"
            r"|\bgit\s+push\b[^\n|;&]*\s(?:-f|--force)\b|\bgit\s+reset\s+--hard\b"
            r"|(?<![\w.-])dd\s+[^\n]*\bof=|\bmkfs(?:\.\w+)?\b|\b(?:shred|wipefs)\b"
            r"|\bshutil\.rmtree\(|\brmSync\([^\n]*recursive"
        ),
        "it deletes or overwrites data",
    ),
    (
        "secrets",
        lazy_compile(
            r"(?:~|\$\{?HOME\}?|/home/[^/\s]+|/root)?/?\.(?:ssh|aws|gnupg|kube|docker|azure)/"
            r"|(?<![\w.-])\.(?:netrc|git-credentials|pgpass|pypirc|npmrc)\b"
            r"|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|/etc/(?:shadow|gshadow)\b"
            r"|(?<![\w.-])\.env(?:\.[\w-]+)?(?![\w-])|/proc/\S+/environ"
            r"|(?<![\w-])(?:printenv|env)\s*(?:$|[|;&>)])"
        ),
        _WHY["secret-path"],
    ),
    (
        "sudo",
        lazy_compile(r"(?<![\w.-])(?:sudo|doas|pkexec)(?![\w.-])"),
        "it runs a command as another user (usually root)",
    ),
    (
        "outside-workspace",
        lazy_compile(
            r"(?<![<>&\d])>>?\|?\s*(?:~|\$\{?HOME\}?|/(?!dev/(?:null|std\w+|tty|fd/)|tmp/|"
            r"var/tmp/))[^\s;&|)]*"
        ),
        _WHY["outside"],
    ),
]
_SECRET_VARIABLE = lazy_compile(
    r"\$\{?([A-Za-z_][A-Za-z0-9_]*)"
    r"|(?:environ(?:\.get)?\s*[\[(]\s*|getenv\s*\(\s*|process\.env\.|process\.env\[\s*|ENV\[\s*)"
    r"[\"']?([A-Za-z_][A-Za-z0-9_]*)"
)


def token_scan(text: str) -> list[_Found]:
    """Regular expressions over raw text: the fallback when there is no parse to trust.

    It cannot tell a pattern from a command or a comment from code, so it flags more
    than the parser does. It also reads code in other languages (a Python or JavaScript
    script, `python -c`), where shell words and URLs are still worth flagging.
    """
    found: list[_Found] = []
    for kind, pattern, why in _TOKEN_RULES:
        for match in _limited(pattern.finditer(text)):
            found.append(_Found(kind, match.start(), match.end(), why))
    for match in _limited(_SECRET_VARIABLE.finditer(text)):
        name = match.group(1) or match.group(2)
        if name and secret_name(name):
            found.append(
                _Found("secrets", match.start(), match.end(), _WHY["secret-var"].format(name=name))
            )
    return found


def _limited(matches: Iterator[re.Match[str]], limit: int = 50) -> Iterator[re.Match[str]]:
    """At most `limit` hits per rule: a 1 MB command of `curl curl curl…` needs one flag,
    not a million."""
    for count, match in enumerate(matches):
        if count >= limit:
            return
        yield match
