"""Risk flags in hook scripts written in Python, JavaScript and other languages.

A Python guard that *blocks* `rm -rf` holds the text "rm -rf" as data: scanning it for
shell words would flag exactly the hooks that protect the user. So code is read as code:
- Python through `ast` (the standard library): the shell commands it starts
  (`subprocess.run([...])`, `os.system("…")`: their literal text goes through the shell
  rules), network calls (`requests.*`, `urlopen`, sockets, …), secret environment
  variables and key files it reads, `shutil.rmtree`, files it opens for writing outside
  the workspace, and `exec`/`eval` (of a decoded payload: decode-and-run). Aliases from
  `import x as y` / `from x import y` are followed.
- Anything else (JavaScript, Ruby, Perl, PHP; Python that does not parse): patterns for
  the same calls over the text with its comments blanked out.

This module knows no shell: the caller passes `shell(text)`, which returns the shell
rules' findings for a command, and `outside(path)`, which says whether a path lies outside
the workspace. Findings are `(kind, start, end, why)` with character offsets into the text.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from typing import Any

Finding = tuple[str, int, int, str]
ShellRules = Callable[[str], list[tuple[str, str]]]  # command -> [(kind, why)]
PathRule = Callable[[str], bool]

_SPAWN = frozenset(
    {
        "subprocess.run",
        "subprocess.call",
        "subprocess.check_call",
        "subprocess.check_output",
        "subprocess.Popen",
        "subprocess.getoutput",
        "subprocess.getstatusoutput",
        "os.system",
        "os.popen",
        "os.execv",
        "os.execvp",
        "os.execvpe",
        "os.execl",
        "os.execlp",
        "os.spawnv",
        "os.spawnvp",
        "pty.spawn",
        "asyncio.create_subprocess_shell",
        "asyncio.create_subprocess_exec",
    }
)
_NETWORK_PREFIXES = (
    "requests.",
    "httpx.",
    "aiohttp.",
    "urllib3.",
    "paramiko.",
    "ftplib.",
    "smtplib.",
    "telnetlib.",
)
_NETWORK = frozenset(
    {
        "urllib.request.urlopen",
        "urllib.request.urlretrieve",
        "urllib.request.Request",
        "urllib.request.build_opener",
        "http.client.HTTPConnection",
        "http.client.HTTPSConnection",
        "socket.socket",
        "socket.create_connection",
        "socket.getaddrinfo",
        "webbrowser.open",
    }
)
_ENV_READS = frozenset({"os.getenv", "os.environ.get", "os.environb.get"})
_DECODERS = frozenset(
    {
        "base64.b64decode",
        "base64.b32decode",
        "base64.a85decode",
        "base64.decodebytes",
        "codecs.decode",
        "bytes.fromhex",
        "zlib.decompress",
        "gzip.decompress",
        "bz2.decompress",
        "lzma.decompress",
        "marshal.loads",
        "pickle.loads",
    }
)
_OPENERS = frozenset({"open", "io.open", "os.open", "pathlib.Path", "Path", "os.path.expanduser"})

_WHY = {
    "network": "it talks to the network: data can leave this machine",
    "secret-var": "it reads ${name}, which holds a secret",
    "secret-path": "it reads credentials or key files",
    "rmtree": "shutil.rmtree deletes whole directories, without asking",
    "eval": "{name}() runs text as code, decided only when it runs",
    "decode": "it decodes a payload that is then run as code, hiding what runs",
    "outside": "it writes outside the workspace",
    "dynamic-shell": "it runs a shell command built at run time",
}


def python_findings(
    text: str,
    *,
    shell: ShellRules,
    outside: PathRule,
    secret_name: Callable[[str], bool],
    secret_path: re.Pattern[str],
) -> list[Finding] | None:
    """The findings in Python source, or None when it does not parse as Python."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    walker = _PythonWalker(text, shell, outside, secret_name, secret_path)
    try:
        walker.walk(tree)
    except RecursionError:
        return None
    return walker.found


class _PythonWalker:
    def __init__(
        self,
        text: str,
        shell: ShellRules,
        outside: PathRule,
        secret_name: Callable[[str], bool],
        secret_path: re.Pattern[str],
    ) -> None:
        self.shell = shell
        self.outside = outside
        self.secret_name = secret_name
        self.secret_path = secret_path
        self.found: list[Finding] = []
        self.aliases: dict[str, str] = {}
        self.lines = text.splitlines(keepends=True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))

    def _offset(self, line: int, byte_col: int) -> int:
        # ast columns count UTF-8 bytes of the line.
        if line - 1 >= len(self.lines):
            return self.starts[-1]
        text = self.lines[line - 1]
        col = len(text.encode("utf-8", "replace")[:byte_col].decode("utf-8", "replace"))
        return self.starts[line - 1] + col

    def _span(self, node: ast.AST) -> tuple[int, int]:
        line: int = getattr(node, "lineno", None) or 1
        start = self._offset(line, getattr(node, "col_offset", None) or 0)
        end_line: int = getattr(node, "end_lineno", None) or line
        end_col: int | None = getattr(node, "end_col_offset", None)
        end = self._offset(end_line, end_col) if end_col is not None else start
        return start, end

    def add(self, node: ast.AST, kind: str, why: str) -> None:
        start, end = self._span(node)
        self.found.append((kind, start, end, why))

    def name_of(self, node: ast.AST) -> str | None:
        """The dotted name a call goes to, with import aliases resolved."""
        parts: list[str] = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name):
            return None
        parts.append(self.aliases.get(node.id, node.id))
        return ".".join(reversed(parts))

    def walk(self, tree: ast.AST) -> None:
        nodes = list(ast.walk(tree))  # breadth-first and iterative
        for node in nodes:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    self.aliases[alias.asname or alias.name.split(".")[0]] = (
                        alias.name if alias.asname else alias.name.split(".")[0]
                    )
            elif isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    self.aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        for node in nodes:
            if isinstance(node, ast.Call):
                self.call(node)
            elif isinstance(node, ast.Subscript):
                self.subscript(node)

    def call(self, node: ast.Call) -> None:
        name = self.name_of(node.func)
        if name is None:
            return
        if name in _SPAWN:
            self.spawn(node, name)
        elif name in _NETWORK or name.startswith(_NETWORK_PREFIXES):
            self.add(node, "network", _WHY["network"])
        elif name in _ENV_READS:
            key = _constant_str(node.args[0]) if node.args else None
            if key is not None and self.secret_name(key):
                self.add(node, "secrets", _WHY["secret-var"].format(name=key))
        elif name in ("shutil.rmtree",):
            self.add(node, "destructive", _WHY["rmtree"])
        elif name in ("exec", "eval", "builtins.exec", "builtins.eval"):
            self.runs_code(node, name.split(".")[-1])
        if name in _OPENERS or name.endswith((".read_text", ".read_bytes", ".open")):
            self.paths(node, name)

    def runs_code(self, node: ast.Call, name: str) -> None:
        """exec/eval of anything but a literal: code decided only when the hook runs."""
        if not node.args or _constant_str(node.args[0]) is not None:
            return
        self.add(node, "pipe-to-shell", _WHY["eval"].format(name=name))
        if any(
            isinstance(n, ast.Call) and self.name_of(n.func) in _DECODERS
            for n in ast.walk(node.args[0])
        ):
            self.add(node, "decode-and-run", _WHY["decode"])

    def spawn(self, node: ast.Call, name: str) -> None:
        first: ast.AST | None = node.args[0] if node.args else None
        for keyword in node.keywords:
            if keyword.arg in ("args", "cmd"):
                first = keyword.value
        command = _command_text(first)
        if command is None:
            shell_kw = any(
                k.arg == "shell" and isinstance(k.value, ast.Constant) and k.value.value is True
                for k in node.keywords
            )
            if name in ("os.system", "os.popen", "subprocess.getoutput") or shell_kw:
                self.add(node, "pipe-to-shell", _WHY["dynamic-shell"])
            return
        for kind, why in self.shell(command):
            self.add(node, kind, why)

    def paths(self, node: ast.Call, name: str) -> None:
        literal = _constant_str(node.args[0]) if node.args else None
        if literal is None:
            return
        if self.secret_path.search(literal):
            self.add(node, "secrets", _WHY["secret-path"])
        mode = _constant_str(node.args[1]) if len(node.args) > 1 else None
        for keyword in node.keywords:
            if keyword.arg == "mode":
                mode = _constant_str(keyword.value)
        writes = mode is not None and any(c in mode for c in "wax+")
        if writes and self.outside(literal):
            self.add(node, "outside-workspace", _WHY["outside"])

    def subscript(self, node: ast.Subscript) -> None:
        target = self.name_of(node.value)
        if target not in ("os.environ", "os.environb"):
            return
        key = _constant_str(node.slice)
        if key is not None and self.secret_name(key):
            self.add(node, "secrets", _WHY["secret-var"].format(name=key))


def _constant_str(node: Any) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str | bytes):
        value = node.value
        return value if isinstance(value, str) else value.decode("utf-8", "replace")
    return None


def _command_text(node: ast.AST | None) -> str | None:
    """A spawned command as shell text: a string as it is, a list of words joined with
    spaces (a part computed at run time stands as `x`); None when nothing is literal."""
    if node is None:
        return None
    literal = _constant_str(node)
    if literal is not None:
        return literal
    if isinstance(node, ast.JoinedStr):
        parts = [_constant_str(v) or "x" for v in node.values]
        return "".join(parts) if any(_constant_str(v) for v in node.values) else None
    if isinstance(node, ast.List | ast.Tuple):
        words = [_constant_str(e) for e in node.elts]
        if not any(w is not None for w in words):
            return None
        return " ".join(_quote(w) if w is not None else "x" for w in words)
    return None


def _quote(word: str) -> str:
    if word and re.fullmatch(r"[\w@%+=:,./~-]+", word):
        return word
    return "'" + word.replace("'", "'\"'\"'") + "'"


# ------------------------------------------------------------------------ other languages

_COMMENTS = re.compile(r"/\*.*?\*/|^[ \t]*(?://|#)[^\n]*", re.S | re.M)
_SPAWN_CALL = re.compile(
    r"\b(?:execSync|exec|execFileSync|execFile|spawnSync|spawn|system|popen|shell_exec|"
    r"passthru|proc_open)\s*\(\s*(?:\[\s*)?(['\"`])((?:(?!\1)[^\\]|\\.)*)\1",
    re.S,
)
_CODE_RULES: list[tuple[str, re.Pattern[str], str]] = [
    (
        "network",
        re.compile(
            r"\bfetch\s*\(|\b(?:https?|net|tls|dgram|http2)\.(?:get|request|connect|"
            r"createConnection)\s*\(|\baxios\b|\bXMLHttpRequest\b|\bnew\s+WebSocket\s*\(|"
            r"Net::HTTP|LWP::|IO::Socket|HTTP::Tiny|\bcurl_exec\s*\(|\bfsockopen\s*\(|"
            r"file_get_contents\s*\(\s*['\"]https?:"
        ),
        _WHY["network"],
    ),
    (
        "destructive",
        re.compile(r"\brmSync\s*\([^)]*recursive|\brimraf\b|\brm_rf\b|FileUtils\.rm_r|\brmtree\b"),
        "it deletes whole directories, without asking",
    ),
    (
        "decode-and-run",
        re.compile(
            r"\b(?:eval|Function)\s*\(\s*(?:atob|Buffer\.from|base64_decode|Base64\.decode)"
        ),
        _WHY["decode"],
    ),
    (
        "pipe-to-shell",
        re.compile(r"(?<![\w.])eval\s*\(|\bnew\s+Function\s*\("),
        "it runs text as code, decided only when it runs",
    ),
    ("secrets", re.compile(r"['\"][^'\"\n]*(?:\.ssh/|\.aws/|\.netrc|id_rsa|\.env\b)"), ""),
]
_ENV_NAME = re.compile(
    r"process\.env\.(\w+)|process\.env\[\s*['\"](\w+)|\bENV\[\s*['\"](\w+)|"
    r"\bgetenv\(\s*['\"](\w+)|\$ENV\{\s*['\"]?(\w+)"
)


def code_findings(
    text: str, *, shell: ShellRules, secret_name: Callable[[str], bool]
) -> list[Finding]:
    """Call patterns over code in any language, its comments blanked out first."""
    code = _COMMENTS.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    found: list[Finding] = []
    for kind, pattern, why in _CODE_RULES:
        for match in _first(pattern.finditer(code)):
            found.append((kind, match.start(), match.end(), why or _WHY["secret-path"]))
    for match in _first(_ENV_NAME.finditer(code)):
        name = next(g for g in match.groups() if g)
        if secret_name(name):
            found.append(
                ("secrets", match.start(), match.end(), _WHY["secret-var"].format(name=name))
            )
    for match in _first(_SPAWN_CALL.finditer(code)):
        for kind, why in shell(match.group(2)):
            found.append((kind, match.start(), match.end(), why))
    return found


def _first(matches: Iterator[re.Match[str]], limit: int = 50) -> Iterator[re.Match[str]]:
    for count, match in enumerate(matches):
        if count >= limit:
            return
        yield match
