"""Risk flags: what a reviewer must not miss in a hook's command or the script it runs.

Network egress, code piped into a shell or `eval`, decoded payloads that are run,
destructive commands, secrets read (key files, `.env`, secret-looking variables,
environment dumps), writes outside the workspace, and `sudo`. Each flag names the kind,
the span of text it was found in (with offsets), and one sentence on why it matters.

The shell is parsed with tree-sitter-bash (the `tree-sitter` and `tree-sitter-bash`
packages), chosen after trying the candidates on real and hostile commands:
- tree-sitter-bash: a complete bash grammar (case, `[[ ]]`, arithmetic, heredocs,
  process substitution, coproc), maintained by the tree-sitter organisation, MIT. It
  never raises: bad input gives ERROR nodes and the rest still parses. Written in C:
  about 5 µs for a typical hook command, 0.5 s for a 1 MB command, and 10,000 levels
  of `$(` nesting in 4 ms. Prebuilt wheels; the same two packages textual's own
  `syntax` extra installs.
- bashlex (a port of bash's parser): GPL-3.0-or-later, which an Apache-2.0 project
  cannot depend on; raises NotImplementedError on `case`, `$((…))`, `select` and
  `coproc` and ParsingError on `[[ -f x ]]`; RecursionError on deep nesting; 12 s for a
  1 MB command; about 200 µs for a typical one. Its last release is from 2023.
- hookdash.core.gemini.shell is a port of shell-quote's quoting, not a parser.
A parser is what tells `grep 'rm -rf'` (a pattern) from `rm -rf` (a command), a URL in
a comment from one passed to curl, and `printenv` from `printenv HOME`.

Scripts in other languages are read as code, not scanned for shell words (a Python guard
that blocks `rm -rf` holds that text as data): see core.load.code_risks.

Bad input never raises: a command the parser marks as broken, one too long to parse
(over `PARSE_LIMIT`), or any failure of the parser falls back to a token scan, a set of
regular expressions over the raw text that errs on the side of flagging.

The package: vocabulary (word lists, patterns, reasons), syntax (reading the tree),
commands (rules on a command's words), shell (the walk), tokens (the token scan), paths
(outside the workspace), findings (spans and their thinning); this module holds the
entry points.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from functools import lru_cache

from hookdash.core.gemini import jsonc
from hookdash.core.gemini.scripts import (
    INTERPRETERS as _ALL_INTERPRETERS,
    ScriptInfo,
    first_simple_command,
)
from hookdash.core.load.risks.environment import env_risks
from hookdash.core.load.risks.findings import _Found
from hookdash.core.load.risks.paths import outside_workspace
from hookdash.core.load.risks.shell import _analyze_text, _Analyzer
from hookdash.core.load.risks.syntax import _parser
from hookdash.core.load.risks.tokens import token_scan
from hookdash.core.load.risks.vocabulary import (
    _SPAN_TEXT,
    INTERPRETERS,
    NETWORK,
    PARSE_LIMIT,
    SHELLS,
    Language,
    _suspect,
    secret_name,
)
from hookdash.core.load.script_head import read_head
from hookdash.core.model import RISK_KINDS, RiskFlag, RiskKind, RiskSpan

__all__ = [
    "INTERPRETERS",
    "NETWORK",
    "PARSE_LIMIT",
    "SHELLS",
    "Language",
    "_Analyzer",
    "_parser",
    "_suspect",
    "command_risks",
    "env_risks",
    "hook_risks",
    "kinds_of",
    "outside_workspace",
    "script_language",
    "script_risks",
    "secret_name",
    "token_scan",
]


def command_risks(
    command: str, *, workspace: str | None = None, home: str | None = None
) -> list[RiskFlag]:
    """The risks in a hook's command (offsets into `command`)."""
    return [_flag(f, command) for f in _analyze_text(command, "shell", workspace, home)]


def script_risks(
    text: str,
    path: str,
    *,
    language: Language = "shell",
    workspace: str | None = None,
    home: str | None = None,
) -> list[RiskFlag]:
    """The risks in a script's text (offsets and lines into `text`); see
    `script_language` for `language`."""
    return list(_script_flags(text, path, language, workspace, home))


@lru_cache(maxsize=64)
def _script_flags(
    text: str, path: str, language: Language, workspace: str | None, home: str | None
) -> tuple[RiskFlag, ...]:
    # Cached: many hooks may run one script, and the dashboard reloads on every change.
    found = _analyze_text(text, language, workspace, home)
    if not found:
        return ()
    lines = jsonc.LineIndex(text)
    return tuple(
        _flag(f, text).model_copy(update={"file": path, "line": lines.line(f.start)}) for f in found
    )


def _flag(found: _Found, text: str) -> RiskFlag:
    shown = text[found.start : found.end]
    if len(shown) > _SPAN_TEXT:
        shown = shown[: _SPAN_TEXT - 1] + "…"
    return RiskFlag(
        kind=found.kind,
        span=RiskSpan(text=shown, start=found.start, end=found.end),
        why=found.why,
    )


_SHEBANG = re.compile(r"^#!\s*(\S+)(?:\s+(\S+))?")
_FOREIGN_SUFFIXES = (".py", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pl", ".php", ".lua")


def script_language(text: str, path: str, interpreter: str | None) -> Language:
    """How to read a script: by the interpreter named in the command, else its shebang,
    else its file name (a file without a shebang that bash runs is shell)."""
    program = posixpath.basename(interpreter) if interpreter is not None else None
    if program is None:
        match = _SHEBANG.match(text)
        if match:
            program = posixpath.basename(match.group(1))
            if program == "env" and match.group(2):
                program = posixpath.basename(match.group(2))
    if program is None:
        if path.endswith(".py"):
            return "python"
        return "code" if path.endswith(_FOREIGN_SUFFIXES) else "shell"
    if program in SHELLS:
        return "shell"
    return "python" if program.startswith("python") else "code"


def hook_risks(
    command: str | None,
    script: ScriptInfo | None,
    *,
    workspace: str | None = None,
    home: str | None = None,
    env: Mapping[str, str] | None = None,
) -> list[RiskFlag]:
    """The flags of a hook: its `env`'s (core.load.risks.environment), its command's, then
    those of the script file it runs (the first `SCRIPT_HEAD_BYTES` of it; a project file,
    not a program on PATH)."""
    flags = env_risks(env) if env else []
    flags += command_risks(command, workspace=workspace, home=home) if command else []
    if script is None or script.kind not in ("script", "interpreted") or not script.exists:
        return flags
    assert script.path is not None  # an existing script has a path
    head = read_head(script.path)
    if head.text is None:
        return flags
    interpreter = None
    if script.kind == "interpreted" and command:
        words = first_simple_command(command) or []
        interpreter = next((w for w in words if posixpath.basename(w) in _ALL_INTERPRETERS), None)
    language = script_language(head.text, script.path, interpreter)
    return flags + script_risks(
        head.text, script.path, language=language, workspace=workspace, home=home
    )


def kinds_of(flags: list[RiskFlag]) -> list[RiskKind]:
    """The kinds present, in the order `check` names them."""
    present = {f.kind for f in flags}
    return [k for k in RISK_KINDS if k in present]
