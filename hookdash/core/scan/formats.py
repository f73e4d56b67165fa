"""Findings for machines: SARIF 2.1.0 (code-scanning uploads) and GitHub Actions workflow
commands. `scan` and `check` both print through here, so both name their rules from the
one catalogue (core.rules).

SARIF: one run, `tool.driver.rules` holding every rule the results use (id, name, short
and full description, help, default level), each result with its rule id and index, its
level, its message, and where there is a file, a location with a start line. Files inside
the scanned root are relative URIs against `%SRCROOT%` (what GitHub code scanning
expects); others are absolute `file:` URIs.

GitHub: `::error file=F,line=L,title=T::message` (`::warning`, `::notice` for notes),
escaped as the Actions runner reads them: in the message `%`, CR and LF become `%25`,
`%0D`, `%0A`; in a property `:` and `,` also become `%3A` and `%2C`; any other control
character is shown visibly (core.display), as on a terminal. A finding's text
(from a repository someone else wrote) can therefore never start a command of its own.
A file whose name holds a control or hidden character cannot carry an annotation (no
escape makes the runner find it), nor can a file outside the repository (`check` reports
your own settings too): the message names the file, shown visibly, instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from hookdash.core.display import has_hidden, visible
from hookdash.core.rules import rule
from hookdash.core.scan.model import Finding

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/hookdash/hookdash"
_SRCROOT = "%SRCROOT%"
_GITHUB_COMMAND = {"error": "error", "warning": "warning", "note": "notice"}


def sarif_log(findings: Iterable[Finding], *, root: str, version: str) -> dict[str, Any]:
    """The findings as a SARIF 2.1.0 log."""
    rules: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    results: list[dict[str, Any]] = []
    for finding in findings:
        if finding.rule_id not in index:
            index[finding.rule_id] = len(rules)
            rules.append(_sarif_rule(finding.rule_id))
        result: dict[str, Any] = {
            "ruleId": finding.rule_id,
            "ruleIndex": index[finding.rule_id],
            "level": finding.level,
            "message": {"text": finding.message},
        }
        if finding.file:
            region = {"region": {"startLine": finding.line}} if finding.line else {}
            result["locations"] = [
                {"physicalLocation": {"artifactLocation": _artifact(finding.file), **region}}
            ]
        if finding.agent:
            result["properties"] = {"agent": finding.agent}
        results.append(result)
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "hookdash",
                        "version": version,
                        "informationUri": INFORMATION_URI,
                        "rules": rules,
                    }
                },
                "originalUriBaseIds": {_SRCROOT: {"uri": Path(root).as_uri() + "/"}},
                "results": results,
            }
        ],
    }


def _sarif_rule(rule_id: str) -> dict[str, Any]:
    r = rule(rule_id)
    return {
        "id": r.id,
        "name": "".join(part.capitalize() for part in r.id.split("-")),
        "shortDescription": {"text": r.description},
        "fullDescription": {"text": r.help},
        "help": {"text": r.help},
        "defaultConfiguration": {"level": r.level},
    }


def _artifact(file: str) -> dict[str, str]:
    path = Path(file)
    if path.is_absolute():
        return {"uri": path.as_uri()}
    return {"uri": quote(path.as_posix()), "uriBaseId": _SRCROOT}


def github_commands(findings: Iterable[Finding]) -> list[str]:
    """One workflow command per finding."""
    lines = []
    for finding in findings:
        props = []
        message = finding.message
        if finding.file and has_hidden(finding.file):
            # No annotation can point at such a file (the runner's escapes cover only
            # `%`, CR, LF, `:` and `,`): the message names it, visibly, instead.
            where = f", line {finding.line}" if finding.line else ""
            message = (
                f"{message} (in the file {visible(finding.file)}{where}: its name holds "
                "control or hidden characters, so this annotation cannot be attached to it)"
            )
        elif finding.file and Path(finding.file).is_absolute():
            # Outside the repository (your own settings, for `check`): GitHub annotates
            # only the repository's files, so the message says where instead.
            where = f", line {finding.line}" if finding.line else ""
            message = (
                f"{message} (in {visible(finding.file)}{where}: outside the repository, so "
                "GitHub cannot attach this annotation to the file)"
            )
        elif finding.file:
            props.append(f"file={_property(finding.file)}")
            if finding.line:
                props.append(f"line={finding.line}")
        props.append(f"title={_property(finding.rule_id)}")
        command = _GITHUB_COMMAND[finding.level]
        lines.append(f"::{command} {','.join(props)}::{_data(message)}")
    return lines


def _data(text: str) -> str:
    # CR and LF as the runner reads them, then every other control character shown
    # visibly (core.display): an escape sequence from a repository never reaches the log.
    return visible(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")
