"""Gemini CLI's environment sanitization for hook processes (environmentSanitization.ts).

Off by default: the whole environment is passed on. It is on when
`security.environmentVariableRedaction.enabled` is true, or in strict mode (running in
GitHub: `GITHUB_SHA` set or `SURFACE=Github`), where everything not allowed is dropped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from hookdash.core.hosts.gemini.jsvalues import js_truthy

ALWAYS_ALLOWED = frozenset(
    [
        "PATH",
        "SYSTEMROOT",
        "COMSPEC",
        "PATHEXT",
        "WINDIR",
        "TEMP",
        "TMP",
        "USERPROFILE",
        "SYSTEMDRIVE",
        "HOME",
        "LANG",
        "SHELL",
        "TMPDIR",
        "USER",
        "LOGNAME",
        "TERM",
        "COLORTERM",
        "ADDITIONAL_CONTEXT",
        "AVAILABLE_LABELS",
        "BRANCH_NAME",
        "DESCRIPTION",
        "EVENT_NAME",
        "GITHUB_ENV",
        "IS_PULL_REQUEST",
        "ISSUES_TO_TRIAGE",
        "ISSUE_BODY",
        "ISSUE_NUMBER",
        "ISSUE_TITLE",
        "PULL_REQUEST_NUMBER",
        "REPOSITORY",
        "TITLE",
        "TRIGGERING_ACTOR",
    ]
)
NEVER_ALLOWED = frozenset(
    [
        "CLIENT_ID",
        "DB_URI",
        "CONNECTION_STRING",
        "AWS_DEFAULT_REGION",
        "AZURE_CLIENT_ID",
        "AZURE_TENANT_ID",
        "SLACK_WEBHOOK_URL",
        "TWILIO_ACCOUNT_SID",
        "DATABASE_URL",
        "GOOGLE_CLOUD_PROJECT",
        "GOOGLE_CLOUD_ACCOUNT",
        "FIREBASE_PROJECT_ID",
    ]
)
_NAME_PATTERN = re.compile(
    r"TOKEN|SECRET|PASSWORD|PASSWD|KEY|AUTH|CREDENTIAL|CREDS|PRIVATE|CERT", re.IGNORECASE
)
_VALUE_PATTERNS = [
    re.compile(p, re.IGNORECASE)
    for p in (
        r"-----BEGIN (RSA|OPENSSH|EC|PGP) PRIVATE KEY-----",
        r"-----BEGIN CERTIFICATE-----",
        r"(https?|ftp|smtp)://[^:\s]{1,1024}:[^@\s]{1,1024}@",
        r"(ghp|gho|ghu|ghs|ghr|github_pat)_[a-zA-Z0-9_]{36,}",
        r"AIzaSy[a-zA-Z0-9_\\-]{33}",
        r"AKIA[A-Z0-9]{16}",
        r"eyJ[a-zA-Z0-9_-]{0,10240}\.[a-zA-Z0-9_-]{0,10240}\.[a-zA-Z0-9_-]{0,10240}",
        r"(s|r)k_(live|test)_[0-9a-zA-Z]{24}",
        r"xox[abpr]-[a-zA-Z0-9-]+",
    )
]


class Sanitization(BaseModel):
    """`security.environmentVariableRedaction` from the merged settings."""

    enabled: bool = False
    allowed: list[str] = []
    blocked: list[str] = []

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> Sanitization:
        security = settings.get("security")
        redaction = (
            security.get("environmentVariableRedaction") if isinstance(security, dict) else None
        )
        if not isinstance(redaction, dict):
            return cls()

        def names(value: Any) -> list[str]:
            return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []

        return cls(
            enabled=js_truthy(redaction.get("enabled")),
            allowed=names(redaction.get("allowed")),
            blocked=names(redaction.get("blocked")),
        )


def strict_mode(environ: Mapping[str, str]) -> bool:
    return bool(environ.get("GITHUB_SHA")) or environ.get("SURFACE") == "Github"


def _redact(key: str, value: str, allowed: set[str], blocked: set[str], strict: bool) -> bool:
    key = key.upper()
    value = value.upper()
    if key.startswith("GEMINI_CLI_"):
        return False
    if value and any(p.search(value) for p in _VALUE_PATTERNS):
        return True
    if key.startswith("GIT_CONFIG_") or key in allowed:
        return False
    if key in blocked:
        return True
    if key in ALWAYS_ALLOWED:
        return False
    if key in NEVER_ALLOWED or strict:
        return True
    return bool(_NAME_PATTERN.search(key))


def sanitize_environment(environ: Mapping[str, str], config: Sanitization) -> dict[str, str]:
    """sanitizeEnvironment: the variables a hook process inherits from Gemini's."""
    strict = strict_mode(environ)
    if not config.enabled and not strict:
        return dict(environ)
    allowed = {k.upper() for k in config.allowed}
    blocked = {k.upper() for k in config.blocked}
    return {k: v for k, v in environ.items() if not _redact(k, v, allowed, blocked, strict)}
