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
"""

from __future__ import annotations

import bisect
import posixpath
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from hookdash.core.gemini import jsonc
from hookdash.core.gemini.scripts import (
    INTERPRETERS as _ALL_INTERPRETERS,
    ScriptInfo,
    first_simple_command,
)
from hookdash.core.load.code_risks import code_findings, python_findings
from hookdash.core.load.script_head import read_head
from hookdash.core.model import RISK_KINDS, RiskFlag, RiskKind, RiskSpan

if TYPE_CHECKING:
    from tree_sitter import Node, Parser

# How a text is read: shell through tree-sitter-bash, Python through its syntax tree,
# other code by call patterns.
Language = Literal["shell", "python", "code"]
# Longer text is not handed to the parser (0.5 s per MB); the token scan covers it.
PARSE_LIMIT = 256 * 1024
_SPAN_TEXT = 200  # a span's `text` is cut to this many characters
_MAX_PER_KIND = 10  # flags of one kind in one text
_MAX_DEPTH = 4  # nested `sh -c '…'` / `eval '…'` strings parsed in turn


# ------------------------------------------------------------------------ vocabulary

SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "busybox"})
INTERPRETERS = frozenset(
    {"python", "python2", "python3", "perl", "ruby", "node", "nodejs", "php", "deno", "bun"}
)
NETWORK = frozenset(
    {
        "curl",
        "wget",
        "nc",
        "ncat",
        "netcat",
        "ssh",
        "scp",
        "sftp",
        "telnet",
        "socat",
        "ftp",
        "aria2c",
        "http",  # httpie
        "https",
        "xh",
        "nslookup",  # DNS lookups carry data out too
        "dig",
    }
)
_WRAPPERS = frozenset({"nohup", "time", "exec", "builtin", "command", "nice", "stdbuf", "ionice"})
_ELEVATE = frozenset({"sudo", "doas", "pkexec"})
_SUDO_ARG_OPTIONS = frozenset({"-u", "-g", "-C", "-h", "-p", "-r", "-t", "-U", "-D", "-R"})
_NO_EFFECT = frozenset({"echo", "printf", ":", "true", "false", "logger", "test", "["})
_WRITERS = frozenset({"cp", "mv", "install", "ln"})
_TEMP_DIRS = ("/tmp/", "/var/tmp/", "/private/tmp/", "/dev/shm/")
_HARMLESS_DEVICES = re.compile(r"^/dev/(?:null|stdout|stderr|stdin|tty|fd/\d+)$|^/proc/self/fd/")
_WORKSPACE_VARS = re.compile(
    r"^(?:\$\{?(?:GEMINI_PROJECT_DIR|GEMINI_CWD|CLAUDE_PROJECT_DIR|PWD)\}?|\$\(pwd\))(?:/|$)"
)
_TEMP_VARS = re.compile(r"^\$\{?(?:TMPDIR|TMP|TEMP|RUNNER_TEMP)(?::-[^}]*)?\}?(?:/|$)")
_HOME = re.compile(r"^(?:~|\$\{?HOME\}?)(?=/|$)")
_DISK = re.compile(r"^/dev/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|mapper/)")
_NET_DEVICE = re.compile(r"/dev/(?:tcp|udp)/")
_URL = re.compile(r"\b(?:https?|ftps?|wss?|sftp|scp|ssh|telnet|gopher)://[^\s'\"<>`|;&)]+", re.I)

_SECRET_PATH = re.compile(
    r"(?:^|[/\s=:'\"])(?:"
    r"\.(?:ssh|aws|gnupg|kube|docker|azure|password-store)(?:/|$|[\s'\"])"
    r"|\.config/(?:gcloud|gh)(?:/|$|[\s'\"])"
    r"|\.(?:netrc|git-credentials|pgpass|pypirc|npmrc|vault-token)(?:$|[\s'\"])"
    r"|id_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?(?:$|[\s'\"])"
    r"|\.env(?:\.[\w.-]+)?(?:$|[\s'\"])"
    r"|\.envrc(?:$|[\s'\"])"
    r")"
    r"|^/etc/(?:shadow|gshadow|sudoers)$"
    r"|/proc/(?:self|\d+|\$\$|\$\{?\w+\}?)/environ"
)
_SECRET_NAME_PARTS = frozenset(
    {
        "TOKEN",
        "TOKENS",
        "SECRET",
        "SECRETS",
        "PASSWORD",
        "PASSWD",
        "PASS",
        "PASSPHRASE",
        "KEY",
        "APIKEY",
        "CREDENTIAL",
        "CREDENTIALS",
        "CREDS",
        "AUTH",
        "PAT",
        "PRIVATE",
    }
)
# Variables any hook may read without reaching for a secret (their names contain KEY…).
_NOT_SECRET_NAMES = frozenset({"KEYMAP", "XKB_DEFAULT_KEYMAP"})


@lru_cache(maxsize=1024)
def secret_name(name: str) -> bool:
    """Whether an environment variable's name says it holds a secret (GITHUB_TOKEN,
    AWS_SECRET_ACCESS_KEY, DB_PASSWORD); word parts, so MONKEY or AUTHOR do not count."""
    upper = name.upper()
    if upper in _NOT_SECRET_NAMES:
        return False
    return any(part in _SECRET_NAME_PARTS for part in re.split(r"[^A-Z0-9]+", upper))


_WHY = {
    "network": "it talks to the network: data can leave this machine",
    "url": "it passes a URL to a program: data can leave this machine",
    "pipe": "it pipes text into {shell}, which runs it as code",
    "eval": "eval runs its arguments as shell code, decided only when it runs",
    "dynamic-c": "{shell} -c runs the output of a command as code",
    "procsub": "{shell} runs code produced by another command",
    "source": "{name} runs code produced by another command",
    "herestring": "{shell} runs the text it is given as code",
    "decode": "it decodes a payload that is then run as code, hiding what runs",
    "rm": "rm -rf deletes files and whole directories, without asking",
    "git-force": "a forced push overwrites history on the remote",
    "git-reset": "git reset --hard throws away uncommitted work",
    "git-clean": "git clean -f deletes untracked files",
    "dd": "dd writes raw blocks to a file or device",
    "disk": "it writes to a disk device",
    "wipe": "{name} destroys data beyond recovery",
    "secret-path": "it reads credentials or key files",
    "secret-var": "it reads ${name}, which holds a secret",
    "env-dump": "it dumps the whole environment, tokens and keys included",
    "outside": "it writes outside the workspace",
    "sudo": "{name} runs a command as another user (usually root)",
    "git-push": "git push sends commits to a remote",
}


# ------------------------------------------------------------------------ findings


@dataclass
class _Found:
    kind: RiskKind
    start: int
    end: int
    why: str


@dataclass
class _Word:
    """One word of a command: `value` unquoted as far as it is static (expansions are
    left as written), `static` when it has no expansion or substitution at all."""

    value: str
    static: bool
    start: int
    end: int
    node: Node | None = None


@dataclass
class _Source:
    """Text being analysed, with what turns tree-sitter's byte offsets into characters."""

    text: str
    data: bytes
    base: int  # where `text` starts in the outermost text
    _starts: list[int] | None = field(default=None, repr=False)

    def char(self, byte: int) -> int:
        if self._starts is None:
            if self.text.isascii():
                return self.base + byte
            starts, pos = [], 0
            for ch in self.text:
                starts.append(pos)
                pos += len(ch.encode("utf-8", "replace"))
            self._starts = starts
        return self.base + bisect.bisect_left(self._starts, byte)

    def node_text(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")


# ------------------------------------------------------------------------ parser


@lru_cache(maxsize=1)
def _parser() -> Parser:
    # Imported on first use: a configuration with nothing suspicious never pays for it.
    import tree_sitter_bash
    from tree_sitter import Language, Parser

    return Parser(Language(tree_sitter_bash.language()))


# Characters, words and names without which none of the shell rules can fire: most hook
# commands hold none of them and are never parsed. (One big case-insensitive regex was
# 30 µs a command; splitting into words and looking them up in a set is about 2 µs.)
_SUSPECT_MARKS = re.compile(
    r"[|>`]|<[(<]|\$\(|://|/dev/|/etc/|environ|b64decode|atob|\.env|id_(?:rsa|dsa|ecdsa|ed2)|mkfs"
)
_WORD = re.compile(r"[\w.+-]+")
_VARIABLE = re.compile(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)")
_SUSPECT_WORDS = (
    NETWORK
    | SHELLS
    | _ELEVATE
    | {"eval", "source", "base64", "base32", "basenc", "xxd", "openssl", "uudecode"}
    | {"rm", "git", "dd", "shred", "wipefs", "su", "tee", "touch", "mkdir"}
    | {"env", "printenv", "export", "declare", "typeset", "set"}
    | _WRITERS
    | {".ssh", ".aws", ".gnupg", ".kube", ".docker", ".azure", ".password-store", ".config"}
    | {".netrc", ".git-credentials", ".pgpass", ".pypirc", ".npmrc", ".vault-token", ".envrc"}
)


def _suspect(text: str) -> bool:
    """Whether `text` could hold anything the shell rules flag (a cheap over-estimate)."""
    if _SUSPECT_MARKS.search(text):
        return True
    if not _SUSPECT_WORDS.isdisjoint(_WORD.findall(text)):
        return True
    return "$" in text and any(secret_name(m) for m in _VARIABLE.findall(text))


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


def _analyze_text(
    text: str, language: Language, workspace: str | None, home: str | None, depth: int = 0
) -> list[_Found]:
    if not text:
        return []
    if language != "shell":
        return _dedupe(_code_findings(text, language, workspace, home, depth))
    if len(text) > PARSE_LIMIT:
        return _dedupe(token_scan(text))
    if not _suspect(text):
        return []
    return _dedupe(_shell_findings(text, workspace, home, depth))


def _shell_findings(text: str, workspace: str | None, home: str | None, depth: int) -> list[_Found]:
    try:
        return _Analyzer(workspace, home, depth).run(text)
    except Exception:
        # The parser is C code fed hostile input: whatever it or the walk does, a hook
        # listing must not fail. The token scan never parses.
        return token_scan(text)


def _code_findings(
    text: str, language: Language, workspace: str | None, home: str | None, depth: int
) -> list[_Found]:
    """Python through its syntax tree, other languages by call patterns (code_risks); the
    shell commands they start go through the shell rules, one level deeper."""

    def shell(command: str) -> list[tuple[str, str]]:
        if depth >= _MAX_DEPTH or len(command) > PARSE_LIMIT or not _suspect(command):
            return []
        return [(f.kind, f.why) for f in _shell_findings(command, workspace, home, depth + 1)]

    found = None
    if language == "python":
        found = python_findings(
            text,
            shell=shell,
            outside=lambda path: outside_workspace(path, workspace, home),
            secret_name=secret_name,
            secret_path=_SECRET_PATH,
        )
    if found is None:
        found = code_findings(text, shell=shell, secret_name=secret_name)
    return [_Found(_as_kind(kind), start, end, why) for kind, start, end, why in found]


def _as_kind(kind: str) -> RiskKind:
    assert kind in RISK_KINDS, kind  # code_risks uses the same names
    return kind


def _dedupe(found: list[_Found]) -> list[_Found]:
    """One flag per kind and span: a span inside another of the same kind is dropped, and
    each kind keeps its first `_MAX_PER_KIND` (a script of a thousand curls needs a few)."""
    out: list[_Found] = []
    reach: dict[str, int] = {}  # per kind, the furthest end of the spans kept so far
    kept: dict[str, int] = {}
    for f in sorted(found, key=lambda f: (f.start, -(f.end - f.start))):
        # Sorted by start: an earlier span of the same kind contains this one exactly
        # when it reaches at least as far.
        if f.end <= reach.get(f.kind, -1) or kept.get(f.kind, 0) >= _MAX_PER_KIND:
            continue
        reach[f.kind] = max(reach.get(f.kind, -1), f.end)
        kept[f.kind] = kept.get(f.kind, 0) + 1
        out.append(f)
    return out


# ------------------------------------------------------------------------ the walk


class _Analyzer:
    def __init__(self, workspace: str | None, home: str | None, depth: int = 0) -> None:
        self.workspace = workspace.rstrip("/") if workspace else None
        self.home = home.rstrip("/") if home else None
        self.depth = depth
        self.found: list[_Found] = []

    def run(self, text: str) -> list[_Found]:
        self._parse(text, 0, self.depth)
        return self.found

    def _parse(self, text: str, base: int, depth: int) -> None:
        data = text.encode("utf-8", "replace")  # a lone surrogate becomes "?": offsets kept
        tree = _parser().parse(data)
        src = _Source(text, data, base)
        root = tree.root_node
        if root.has_error:
            # Broken shell: what parsed is still walked, and the raw text is scanned too.
            self.found.extend(
                _Found(f.kind, f.start + base, f.end + base, f.why) for f in token_scan(text)
            )
        stack = [root]
        while stack:  # iterative: 10,000 levels of nesting must not recurse
            node = stack.pop()
            kind = node.type
            if kind == "command":
                self._command(node, src, depth)
            elif kind == "declaration_command":
                self._declaration(node, src)
            elif kind == "file_redirect":
                self._redirect(node, src)
            elif kind in ("simple_expansion", "expansion"):
                self._variable(node, src)
            elif kind == "comment":
                continue  # a URL or `rm -rf` in a comment runs nothing
            stack.extend(reversed(node.children))

    # --- words -----------------------------------------------------------------------

    def _word(self, node: Node, src: _Source) -> _Word:
        start, end = src.char(node.start_byte), src.char(node.end_byte)
        text = src.node_text(node)
        kind = node.type
        if kind == "raw_string":
            return _Word(text[1:-1], True, start, end, node)
        if kind == "ansi_c_string":
            return _Word(text[2:-1], True, start, end, node)
        if kind in ("word", "number", "command_name"):
            if kind == "command_name" and node.named_child_count == 1:
                return self._word(node.named_children[0], src)
            static = kind != "command_name" or all(
                c.type in ("word", "raw_string", "string", "number") for c in node.children
            )
            return _Word(re.sub(r"\\(.)", r"\1", text), static, start, end, node)
        if kind == "string":
            parts = [c for c in node.children if c.type != '"']
            static = all(c.type == "string_content" for c in parts)
            return _Word("".join(src.node_text(c) for c in parts), static, start, end, node)
        if kind == "concatenation":
            words = [self._word(c, src) for c in node.children]
            return _Word("".join(w.value for w in words), all(w.static for w in words), start, end)
        return _Word(text, False, start, end, node)

    # --- commands --------------------------------------------------------------------

    def _command(self, node: Node, src: _Source, depth: int) -> None:
        name_node = node.child_by_field_name("name")
        if name_node is None:
            return
        words = [self._word(name_node, src)] + [
            self._word(c, src) for c in node.children_by_field_name("argument")
        ]
        start, end = src.char(node.start_byte), src.char(node.end_byte)
        add = self._adder(start, end)
        words = self._unwrap(words, add)
        if not words:
            return
        name = posixpath.basename(words[0].value)
        args = words[1:]
        values = [w.value for w in args]
        stdin_stage = self._stdin_stage(node)

        if name in NETWORK:
            add("network", _WHY["network"])
        elif name not in _NO_EFFECT and name not in SHELLS and name != "eval":
            # (A shell's or eval's code is parsed itself: its URLs are judged in place.)
            for w in args:
                if _URL.search(w.value):
                    add("network", _WHY["url"])
                    break
        if any(_NET_DEVICE.search(v) for v in values):
            add("network", _WHY["network"])

        if name == "git":
            self._git(values, add)
        elif name == "rm":
            if _rm_recursive_force(values):
                add("destructive", _WHY["rm"])
        elif name == "dd":
            targets = [v[3:] for v in values if v.startswith("of=")]
            if targets:
                add("destructive", _WHY["dd"])
                for target in targets:
                    if self._outside(target):
                        add("outside-workspace", _WHY["outside"])
        elif name.startswith("mkfs") or name in ("shred", "wipefs"):
            add("destructive", _WHY["wipe"].format(name=name))
        elif name == "eval":
            add("pipe-to-shell", _WHY["eval"])
            if self._decodes(node):
                add("decode-and-run", _WHY["decode"])
            for w in args:
                if w.static and w.node is not None:
                    self._nested(w, src, depth)
        elif name in ("source", "."):
            if args and (
                _is_type(args[0], "process_substitution") or args[0].value in ("/dev/stdin", "-")
            ):
                add("pipe-to-shell", _WHY["source"].format(name=name))
                if self._decodes(node):
                    add("decode-and-run", _WHY["decode"])
        elif name in ("env", "printenv"):
            rest = [v for v in values if not v.startswith("-")]
            if not rest:
                add("secrets", _WHY["env-dump"])
            elif name == "printenv" and any(secret_name(v) for v in rest):
                secret = next(v for v in rest if secret_name(v))
                add("secrets", _WHY["secret-var"].format(name=secret))
        elif name in ("export", "declare", "typeset"):
            if not values or all(v in ("-p", "-x", "-px", "-xp") for v in values):
                add("secrets", _WHY["env-dump"])
        elif name == "set" and not values:
            add("secrets", _WHY["env-dump"])
        elif name == "su":
            add("sudo", _WHY["sudo"].format(name="su"))
        elif name == "tee":
            for v in values:
                if not v.startswith("-") and self._outside(v):
                    add("outside-workspace", _WHY["outside"])
                    break
        elif name in _WRITERS or name in ("touch", "mkdir"):
            self._writes(name, values, add)

        if name in SHELLS or name in INTERPRETERS:
            self._runs_code(node, name, args, src, depth, stdin_stage, add)

        for w in words:
            if _SECRET_PATH.search(w.value):
                add("secrets", _WHY["secret-path"])
                break

    def _declaration(self, node: Node, src: _Source) -> None:
        """`export -p`, `declare -x`, bare `export`: the whole environment printed."""
        words = [src.node_text(c) for c in node.children]
        if (
            words
            and words[0] in ("export", "declare", "typeset")
            and all(w in ("-p", "-x", "-px", "-xp") for w in words[1:])
        ):
            self._add_node(node, src, "secrets", _WHY["env-dump"])

    def _adder(self, start: int, end: int) -> Callable[[RiskKind, str], None]:
        def add(kind: RiskKind, why: str) -> None:
            self.found.append(_Found(kind, start, end, why))

        return add

    def _unwrap(self, words: list[_Word], add: Callable[[RiskKind, str], None]) -> list[_Word]:
        """The command a wrapper runs: `sudo -u x env A=1 nohup curl …` → `curl …`."""
        for _ in range(16):  # wrappers of wrappers, bounded
            if not words:
                return words
            name = posixpath.basename(words[0].value)
            rest = words[1:]
            if name in _ELEVATE:
                add("sudo", _WHY["sudo"].format(name=name))
                i = 0
                while i < len(rest) and rest[i].value.startswith("-"):
                    i += 2 if rest[i].value in _SUDO_ARG_OPTIONS else 1
                words = rest[i:]
            elif name == "env":
                i = 0
                while i < len(rest) and (
                    rest[i].value.startswith("-") or re.match(r"^\w+=", rest[i].value)
                ):
                    i += 2 if rest[i].value in ("-u", "-C", "-S") else 1
                if i >= len(rest):
                    return words  # `env` alone (or with only settings): a dump
                words = rest[i:]
            elif name in _WRAPPERS:
                if name == "command" and rest and rest[0].value in ("-v", "-V"):
                    return []  # `command -v x` only looks x up
                i = 0
                while i < len(rest) and rest[i].value.startswith("-"):
                    i += 2 if name == "nice" and rest[i].value == "-n" else 1
                words = rest[i:]
            elif name == "timeout":
                i = 0
                while i < len(rest) and rest[i].value.startswith("-"):
                    i += 1
                words = rest[i + 1 :]  # the duration, then the command
            elif name == "xargs":
                i = 0
                while i < len(rest) and rest[i].value.startswith("-"):
                    takes = rest[i].value in ("-I", "-n", "-P", "-L", "-d", "-E", "-s", "-a")
                    i += 2 if takes else 1
                words = rest[i:]
            else:
                return words
        return words

    def _git(self, values: list[str], add: Callable[[RiskKind, str], None]) -> None:
        i = 0
        while i < len(values) and values[i].startswith("-"):
            i += 2 if values[i] in ("-C", "-c") else 1
        if i >= len(values):
            return
        sub, rest = values[i], values[i + 1 :]
        if sub == "push":
            add("network", _WHY["git-push"])
            force = any(
                v in ("-f", "--force", "--mirror") or v.startswith("--force-with-lease")
                for v in rest
            ) or any(v.startswith("+") and not v.startswith("+-") for v in rest)
            if force:
                add("destructive", _WHY["git-force"])
        elif sub == "reset" and "--hard" in rest:
            add("destructive", _WHY["git-reset"])
        elif sub == "clean" and any(
            v == "--force" or (v.startswith("-") and not v.startswith("--") and "f" in v)
            for v in rest
        ):
            add("destructive", _WHY["git-clean"])

    def _writes(self, name: str, values: list[str], add: Callable[[RiskKind, str], None]) -> None:
        paths = [v for v in values if not v.startswith("-")]
        if not paths:
            return
        if name in ("touch", "mkdir"):
            targets = paths
        else:
            target_dir = next(
                (values[i + 1] for i, v in enumerate(values[:-1]) if v in ("-t",)), None
            )
            targets = [target_dir] if target_dir else paths[-1:] if len(paths) > 1 else []
        if any(self._outside(t) for t in targets):
            add("outside-workspace", _WHY["outside"])

    def _runs_code(
        self,
        node: Node,
        name: str,
        args: list[_Word],
        src: _Source,
        depth: int,
        stdin_stage: list[Node] | None,
        add: Callable[[RiskKind, str], None],
    ) -> None:
        shell = name in SHELLS
        inline = _inline_code(name, args)
        if inline is not None:
            if not inline.static:
                if _has_substitution(inline.node):
                    add("pipe-to-shell", _WHY["dynamic-c"].format(shell=name))
                    if inline.node is not None and self._decodes(inline.node):
                        add("decode-and-run", _WHY["decode"])
            elif shell:
                self._nested(inline, src, depth)
            elif depth < _MAX_DEPTH:
                language: Language = "python" if name.startswith("python") else "code"
                found = _code_findings(inline.value, language, self.workspace, self.home, depth)
                # Escapes shift offsets inside the argument: point at all of it.
                self.found.extend(_Found(f.kind, inline.start, inline.end, f.why) for f in found)
            return
        if any(_is_type(w, "process_substitution") for w in args):
            add("pipe-to-shell", _WHY["procsub"].format(shell=name))
            if self._decodes(node):
                add("decode-and-run", _WHY["decode"])
            return
        reads_stdin = _reads_code_from_stdin(name, [w.value for w in args])
        if not reads_stdin:
            return
        herestring = _redirect_of(node, "herestring_redirect")
        heredoc = _redirect_of(node, "heredoc_redirect")
        if stdin_stage is not None:
            add("pipe-to-shell", _WHY["pipe"].format(shell=name))
            if any(self._decodes(stage) for stage in stdin_stage):
                add("decode-and-run", _WHY["decode"])
        elif herestring is not None:
            if _has_substitution(herestring):
                add("pipe-to-shell", _WHY["herestring"].format(shell=name))
                if self._decodes(herestring):
                    add("decode-and-run", _WHY["decode"])
        elif heredoc is not None and shell:
            body = next((c for c in heredoc.children if c.type == "heredoc_body"), None)
            if body is not None:
                self._nested_node(body, src, depth)

    def _stdin_stage(self, node: Node) -> list[Node] | None:
        """The earlier stages when this command reads a pipe; None when it does not."""
        child, parent = node, node.parent
        while parent is not None and parent.type in ("redirected_statement", "negated_command"):
            child, parent = parent, parent.parent
        if parent is None or parent.type != "pipeline":
            return None
        before: list[Node] = []
        piped = False
        for sibling in parent.children:
            if sibling.id == child.id:
                break
            if sibling.type in ("|", "|&"):
                piped = True
            elif sibling.is_named:
                before.append(sibling)
        if not piped:
            return None
        holder = parent.parent
        if holder is not None and holder.type == "heredoc_redirect":
            # `base64 -d <<EOF | sh`: tree-sitter hangs the pipe on the heredoc.
            statement = holder.parent
            body = statement.child_by_field_name("body") if statement is not None else None
            if body is not None:
                before.insert(0, body)
        return before

    def _decodes(self, node: Node) -> bool:
        """Whether a decoder (base64 -d, xxd -r, openssl … -d, …) runs anywhere in `node`."""
        stack = [node]
        while stack:
            n = stack.pop()
            if n.type == "command":
                name_node = n.child_by_field_name("name")
                if name_node is not None:
                    words = [
                        _plain(c.text) for c in [name_node, *n.children_by_field_name("argument")]
                    ]
                    if _is_decoder(words):
                        return True
            stack.extend(n.children)
        return False

    def _nested(self, word: _Word, src: _Source, depth: int) -> None:
        """Shell code inside a string (`sh -c '…'`, `eval '…'`): parsed in turn."""
        if word.node is None or depth >= _MAX_DEPTH or not word.value.strip():
            return
        kind, raw = word.node.type, src.node_text(word.node)
        if kind == "raw_string" or (kind == "string" and "\\" not in raw):
            self._parse(word.value, word.start + 1, depth + 1)  # inside the quotes
        elif kind == "word" and "\\" not in raw:
            self._parse(word.value, word.start, depth + 1)
        else:
            # Escapes, expansions or a $'…' string: offsets inside no longer line up with
            # the text, so every finding points at the whole string.
            before = len(self.found)
            self._parse(word.value, 0, depth + 1)
            for f in self.found[before:]:
                f.start, f.end = word.start, word.end

    def _nested_node(self, node: Node, src: _Source, depth: int) -> None:
        if depth >= _MAX_DEPTH:
            return
        self._parse(src.node_text(node), src.char(node.start_byte), depth + 1)

    # --- redirects and variables ------------------------------------------------------

    def _redirect(self, node: Node, src: _Source) -> None:
        operator = next((c.type for c in node.children if not c.is_named), "")
        destination = node.child_by_field_name("destination")
        if destination is None or (operator.startswith("<") and operator != "<>"):
            if destination is not None and _NET_DEVICE.search(src.node_text(destination)):
                self._add_node(node, src, "network", _WHY["network"])
            return
        if operator in (">&", "<&") and destination.type == "number":
            return  # 2>&1: a file descriptor, not a file
        target = self._word(destination, src).value
        if _NET_DEVICE.search(target):
            self._add_node(node, src, "network", _WHY["network"])
        elif _DISK.search(target):
            self._add_node(node, src, "destructive", _WHY["disk"])
        elif self._outside(target):
            self._add_node(node, src, "outside-workspace", _WHY["outside"])
        if _SECRET_PATH.search(target):
            self._add_node(node, src, "secrets", _WHY["secret-path"])

    def _variable(self, node: Node, src: _Source) -> None:
        name_node = next((c for c in node.children if c.type == "variable_name"), None)
        if name_node is None:
            return
        name = src.node_text(name_node)
        if secret_name(name):
            self._add_node(node, src, "secrets", _WHY["secret-var"].format(name=name))

    def _add_node(self, node: Node, src: _Source, kind: RiskKind, why: str) -> None:
        self.found.append(_Found(kind, src.char(node.start_byte), src.char(node.end_byte), why))

    # --- paths -------------------------------------------------------------------------

    def _outside(self, path: str) -> bool:
        return outside_workspace(path, self.workspace, self.home)


def outside_workspace(path: str, workspace: str | None, home: str | None) -> bool:
    """Whether writing to `path` writes outside the workspace (as far as it can be told
    without running anything: a path built from other variables is given the benefit of
    the doubt). Hooks run in the workspace, so a relative path leaves it only by `..`."""
    path = path.strip()
    workspace = workspace.rstrip("/") if workspace else None
    if not path or _HARMLESS_DEVICES.search(path) or _TEMP_VARS.match(path):
        return False
    if _WORKSPACE_VARS.match(path):
        inside = posixpath.normpath("/w/" + _WORKSPACE_VARS.sub("", path))
        return not (inside == "/w" or inside.startswith("/w/"))
    at_home = _HOME.match(path)
    if at_home:
        if home is None:
            return True
        path = home.rstrip("/") + path[at_home.end() :]
    if path.startswith(("$", "`")):
        return False  # another variable: unknown
    if path.startswith("/"):
        resolved = posixpath.normpath(path)
        if any((resolved + "/").startswith(t) for t in _TEMP_DIRS):
            return False
        if workspace is not None:
            return not (resolved + "/").startswith(workspace + "/")
        return True
    relative = posixpath.normpath(path)
    return relative == ".." or relative.startswith("../")


def _plain(data: bytes | None) -> str:
    text = (data or b"").decode("utf-8", "replace")
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1]
    return posixpath.basename(text) if "/" in text and not text.startswith("-") else text


def _is_type(word: _Word, kind: str) -> bool:
    return word.node is not None and word.node.type == kind


def _is_decoder(words: list[str]) -> bool:
    if not words:
        return False
    name, args = words[0], words[1:]
    if name in ("base64", "base32", "basenc", "b64"):
        return any(a in ("-d", "--decode", "-D") or re.fullmatch(r"-\w*d\w*", a) for a in args)
    if name == "openssl":
        return "-d" in args  # openssl enc -d, openssl base64 -d
    if name == "xxd":
        return any(a.startswith("-r") or a == "--revert" for a in args)
    if name in ("gunzip", "zcat", "uudecode", "bunzip2", "xzcat", "unxz"):
        return True
    if name in ("gzip", "xz", "bzip2"):
        return "-d" in args or "--decompress" in args
    return False


def _inline_code(name: str, args: list[_Word]) -> _Word | None:
    """The code argument of `sh -c CODE`, `python -c CODE`, `node -e CODE`, …"""
    flags = ("c",) if name in SHELLS else ("c", "e", "E", "r") if name != "node" else ("e", "p")
    long_flags = ("--eval", "--print", "--command")
    for i, w in enumerate(args[:-1]):
        v = w.value
        if v in long_flags or (
            v.startswith("-") and not v.startswith("--") and any(f in v[1:] for f in flags)
        ):
            return args[i + 1]
    return None


def _reads_code_from_stdin(name: str, values: list[str]) -> bool:
    """`sh`, `bash -s`, `python3 -` read their program from stdin; `sh x.sh` does not."""
    if "-s" in values or "-" in values:
        return True
    if name == "busybox":
        return bool(values) and values[0] in SHELLS and len(values) == 1
    for v in values:
        if v == "--":
            continue
        if not v.startswith("-"):
            return False  # a script file (or, for busybox, an applet)
        if name not in SHELLS and v in ("-m", "--module"):
            return False
    return True


def _has_substitution(node: Node | None) -> bool:
    if node is None:
        return False
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type in ("command_substitution", "process_substitution", "simple_expansion"):
            return True
        if n.type == "expansion":
            return True
        stack.extend(n.children)
    return False


def _redirect_of(node: Node, kind: str) -> Node | None:
    """A redirect of the command: its own (`bash <<< …`) or its statement's (`sh <<EOF`)."""
    holders = [node]
    if node.parent is not None and node.parent.type == "redirected_statement":
        holders.append(node.parent)
    for holder in holders:
        for redirect in holder.children_by_field_name("redirect"):
            if redirect.type == kind:
                return redirect
    return None


def _rm_recursive_force(values: list[str]) -> bool:
    recursive = force = False
    for v in values:
        if v == "--":
            break
        if v in ("--recursive",):
            recursive = True
        elif v == "--force":
            force = True
        elif v.startswith("-") and not v.startswith("--"):
            recursive |= "r" in v or "R" in v
            force |= "f" in v
    return recursive and force


# ------------------------------------------------------------------------ token scan

_TOKEN_RULES: list[tuple[RiskKind, re.Pattern[str], str]] = [
    (
        "decode-and-run",
        re.compile(
            r"\b(?:base64|base32|openssl|xxd)\b[^|\n]*\s(?:-d|--decode|-D|-r)\b[^|\n]*\|\s*"
            r"(?:sudo\s+)?(?:ba|z|da|k)?sh\b"
            r"|b64decode\([^\n]*\)[^\n]*\b(?:exec|eval)\b|\b(?:exec|eval)\s*\([^\n]*b64decode"
            r"|\batob\([^\n]*\)[^\n]*\beval\b|\beval\s*\([^\n]*\batob\b",
        ),
        _WHY["decode"],
    ),
    (
        "pipe-to-shell",
        re.compile(
            r"\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b(?!\s+[\w./$~-])"
            r"|(?<![\w.-])eval\b|\b(?:ba|z)?sh\s+-c\s+[\"']?\$\(|(?:ba|z)?sh\s+<\(|source\s+<\("
        ),
        "it runs text as shell code",
    ),
    (
        "network",
        re.compile(
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
        re.compile(
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
        re.compile(
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
        re.compile(r"(?<![\w.-])(?:sudo|doas|pkexec)(?![\w.-])"),
        "it runs a command as another user (usually root)",
    ),
    (
        "outside-workspace",
        re.compile(
            r"(?<![<>&\d])>>?\|?\s*(?:~|\$\{?HOME\}?|/(?!dev/(?:null|std\w+|tty|fd/)|tmp/|"
            r"var/tmp/))[^\s;&|)]*"
        ),
        _WHY["outside"],
    ),
]
_SECRET_VARIABLE = re.compile(
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


# ------------------------------------------------------------------------ per hook

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
) -> list[RiskFlag]:
    """The flags of a hook: its command's, then those of the script file it runs (the
    first `SCRIPT_HEAD_BYTES` of it; a project file, not a program on PATH)."""
    flags = command_risks(command, workspace=workspace, home=home) if command else []
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
