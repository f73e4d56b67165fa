"""Risk flags: what a reviewer must not miss in a hook's command or the script it runs.

Network egress, code piped into a shell or `eval`, decoded payloads that are run,
destructive commands, secrets read (key files, `.env`, secret-looking variables,
environment dumps, credential stores), persistence (cron, startup files, git hooks and
git settings that run programs, launch agents, package-manager configuration), writes
outside the workspace, and `sudo`. Each flag names the kind, the span of text it was found
in (with offsets), and one sentence on why it matters.

No static reader sees through every trick, so "no flag" must mean "read and understood",
never "not understood": whatever hookdash cannot resolve without running it gets its own
flag, "opaque" — a program whose name is built at run time (`$c`, `$(printf …)`,
`${x:1}`, arrays), a glob as a program, a file run from a temporary directory, a script
or `npm run`/`make` target named at run time, interpreter code that calls or loads by a
computed name or decodes text at run time, shell code that does not parse, text too long
to parse. Spellings that only hide a static name are resolved instead (`c''url`,
`c\\url`, `$'\\x63url'`, `alias x=…`, `env -S '…'`, `$0 -c …`), so the rules judge the
program they spell.

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
- hookdash.core.hosts.gemini.shell is a port of shell-quote's quoting, not a parser.
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
from _thread import allocate_lock  # threading.Lock itself, without importing threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from functools import lru_cache

from hookdash.core import jsonc
from hookdash.core.findings import RISK_KINDS, RiskFlag, RiskKind, RiskSpan
from hookdash.core.lazy_regex import lazy_compile
from hookdash.core.load.risks.environment import env_risks
from hookdash.core.load.risks.findings import _Found
from hookdash.core.load.risks.paths import outside_workspace
from hookdash.core.load.risks.shell import _analyze_text, _Analyzer, _dialect
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
from hookdash.core.load.script_head import SCRIPT_SCAN_BYTES, read_head
from hookdash.core.record_class import replace
from hookdash.core.scripts import (
    INTERPRETERS as _ALL_INTERPRETERS,
    ScriptInfo,
    first_simple_command,
)

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
    return list(_command_flags(command, workspace, home))


@lru_cache(maxsize=4096)
def _command_flags(command: str, workspace: str | None, home: str | None) -> tuple[RiskFlag, ...]:
    # Cached: the dashboard reloads on every change, and most commands are read more than
    # once (about 60 µs each when parsed).
    return tuple(_flag(f, command) for f in _analyze_text(command, "shell", workspace, home))


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


# The scripts' flags, kept by the size of their texts rather than their number: a count
# (64) smaller than the scripts configured made every reload analyse every script again
# (200 scripts of 64 KiB: 29 s per reload of the dashboard).
FLAG_CACHE_CHARS = 64 << 20
_flag_cache: OrderedDict[tuple[str, str, str, str | None, str | None], tuple[RiskFlag, ...]] = (
    OrderedDict()
)
_flag_cache_chars = 0
_flag_cache_lock = allocate_lock()


def clear_flag_cache() -> None:
    """Forget every script's cached flags (tests that count the analyses)."""
    global _flag_cache_chars
    with _flag_cache_lock:
        _flag_cache.clear()
        _flag_cache_chars = 0


def _script_flags(
    text: str, path: str, language: Language, workspace: str | None, home: str | None
) -> tuple[RiskFlag, ...]:
    """Cached: many hooks may run one script, and the dashboard reloads on every change
    (the least recently used go first once the texts kept pass FLAG_CACHE_CHARS)."""
    global _flag_cache_chars
    key = (text, path, language, workspace, home)
    with _flag_cache_lock:
        flags = _flag_cache.get(key)
        if flags is not None:
            _flag_cache.move_to_end(key)
            return flags
    flags = _analyze_script(text, path, language, workspace, home)
    with _flag_cache_lock:
        if key not in _flag_cache and len(text) <= FLAG_CACHE_CHARS:
            _flag_cache[key] = flags
            _flag_cache_chars += len(text)
            while _flag_cache_chars > FLAG_CACHE_CHARS:
                (old_text, *_), _ = _flag_cache.popitem(last=False)
                _flag_cache_chars -= len(old_text)
    return flags


def _analyze_script(
    text: str, path: str, language: Language, workspace: str | None, home: str | None
) -> tuple[RiskFlag, ...]:
    dialect = _script_dialect(text, path) if language == "code" else "any"
    found = _analyze_text(text, language, workspace, home, dialect=dialect)
    if not found:
        return ()
    lines = jsonc.LineIndex(text)
    return tuple(replace(_flag(f, text), file=path, line=lines.line(f.start)) for f in found)


def _flag(found: _Found, text: str) -> RiskFlag:
    shown = text[found.start : found.end]
    if len(shown) > _SPAN_TEXT:
        shown = shown[: _SPAN_TEXT - 1] + "…"
    return RiskFlag(
        kind=found.kind,
        span=RiskSpan(text=shown, start=found.start, end=found.end),
        why=found.why,
    )


_SHEBANG = lazy_compile(r"^#!\s*(\S+)(?:\s+(\S+))?")
_FOREIGN_SUFFIXES = (".py", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pl", ".php", ".lua")


def _shebang(text: str) -> str | None:
    """The program a script's `#!` line names (through `env`), or None."""
    match = _SHEBANG.match(text)
    if not match:
        return None
    program = posixpath.basename(match.group(1))
    if program == "env" and match.group(2):
        program = posixpath.basename(match.group(2))
    return program


def script_language(text: str, path: str, interpreter: str | None) -> Language:
    """How to read a script: by the interpreter named in the command, else its shebang,
    else its file name (a file without a shebang that bash runs is shell)."""
    program = posixpath.basename(interpreter) if interpreter is not None else _shebang(text)
    if program is None:
        if path.endswith(".py"):
            return "python"
        return "code" if path.endswith(_FOREIGN_SUFFIXES) else "shell"
    if program in SHELLS:
        return "shell"
    return "python" if program.startswith("python") else "code"


_DIALECT_SUFFIXES = {
    ".js": "js",
    ".mjs": "js",
    ".cjs": "js",
    ".ts": "js",
    ".rb": "ruby",
    ".pl": "perl",
    ".php": "php",
    ".lua": "lua",
    ".awk": "awk",
}


def _script_dialect(text: str, path: str) -> str:
    """Which language a script that is not shell or Python is in: its shebang's
    interpreter, else its file name's suffix; "any" when neither says."""
    program = _shebang(text)
    if program is not None and _dialect(program) != "any":
        return _dialect(program)
    if text.startswith("<?php"):
        return "php"
    return next((d for s, d in _DIALECT_SUFFIXES.items() if path.endswith(s)), "any")


def hook_risks(
    command: str | None,
    scripts: ScriptInfo | Sequence[ScriptInfo] | None,
    *,
    workspace: str | None = None,
    home: str | None = None,
    env: Mapping[str, str] | None = None,
) -> list[RiskFlag]:
    """The flags of a hook: its `env`'s (core.load.risks.environment), its command's, then
    those of every script it runs (each project file read whole, up to
    `SCRIPT_SCAN_BYTES`; each npm script or make recipe it starts), in order."""
    flags = env_risks(env) if env else []
    flags += command_risks(command, workspace=workspace, home=home) if command else []
    listed = [scripts] if isinstance(scripts, ScriptInfo) else list(scripts or ())
    for script in listed:
        flags += _script_file_flags(command, script, workspace, home)
    return flags


def _script_file_flags(
    command: str | None, script: ScriptInfo, workspace: str | None, home: str | None
) -> list[RiskFlag]:
    if script.is_task and script.code is not None and script.path:
        return _task_flags(script, workspace, home)
    if script.kind not in ("script", "interpreted") or not script.exists:
        return []
    assert script.path is not None  # an existing script has a path
    head = read_head(script.path)
    if head.text is None:
        return []
    interpreter = None
    if script.kind == "interpreted" and command:
        words = first_simple_command(command) or []
        interpreter = next((w for w in words if posixpath.basename(w) in _ALL_INTERPRETERS), None)
    language = script_language(head.text, script.path, interpreter)
    if len(head.text) > _CACHED_TEXT:  # its text is not kept as a key: it may be 16 MiB
        flags = list(_large_script_flags(head.text, script.path, language, workspace, home))
    else:
        flags = script_risks(
            head.text, script.path, language=language, workspace=workspace, home=home
        )
    if head.truncated:
        flags.append(_too_large(script.path))
    return flags


_CACHED_TEXT = 1024 * 1024  # scripts up to this size keep their flags between loads
_LARGE_KEPT = 32  # flags of larger scripts kept, by the digest of their text
_large_flags: OrderedDict[tuple[str, str, str, str | None, str | None], tuple[RiskFlag, ...]] = (
    OrderedDict()
)


def _large_script_flags(
    text: str, path: str, language: Language, workspace: str | None, home: str | None
) -> tuple[RiskFlag, ...]:
    """The flags of a script too large to key the text cache on, kept by its SHA-256: one
    2 MiB script run by 20 hooks is analysed once, not 20 times (seconds each)."""
    import hashlib  # here: OpenSSL's library is a few ms of every start, needed for these only

    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    key = (digest, path, language, workspace, home)
    with _flag_cache_lock:
        flags = _large_flags.get(key)
        if flags is not None:
            _large_flags.move_to_end(key)
            return flags
    flags = _analyze_script(text, path, language, workspace, home)
    with _flag_cache_lock:
        _large_flags[key] = flags
        while len(_large_flags) > _LARGE_KEPT:
            _large_flags.popitem(last=False)
    return flags


def _too_large(path: str) -> RiskFlag:
    mib = SCRIPT_SCAN_BYTES // (1024 * 1024)
    return RiskFlag(
        kind="opaque",
        span=RiskSpan(text=path[-_SPAN_TEXT:], start=0, end=0),
        why=f"the script is larger than the {mib} MiB hookdash reads: what lies beyond is "
        "not checked",
        file=path,
        line=None,
    )


def _task_flags(script: ScriptInfo, workspace: str | None, home: str | None) -> list[RiskFlag]:
    """The flags of an npm script or a make recipe, at their lines in package.json or
    the Makefile."""
    assert script.code is not None and script.path is not None
    from hookdash.core.load.project_tasks import shell_text  # a task's hook only

    text = shell_text(script.kind, script.code)
    flags = script_risks(text, script.path, language="shell", workspace=workspace, home=home)
    if script.line is None:
        return flags
    first = script.line
    return [replace(f, line=first + (f.line or 1) - 1) for f in flags]


def kinds_of(flags: list[RiskFlag]) -> list[RiskKind]:
    """The kinds present, in the order `check` names them."""
    present = {f.kind for f in flags}
    return [k for k in RISK_KINDS if k in present]
