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

import re
from collections.abc import Callable, Iterator
from typing import Any

from hookdash.core.deferred_module import defer
from hookdash.core.lazy_regex import LazyRegex, lazy_compile

# `ast` is imported when a Python script is first parsed: most scans read none.
defer("ast")

import ast  # noqa: E402 (after the deferral)

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
# Calls that carry what they get to the outside (print, a file, a socket, a request): the
# whole environment passed to one is dumped.
_OUTPUTS = frozenset({"print", "json.dumps", "json.dump", "str", "repr", "pprint.pprint"})
_OUTPUT_SUFFIXES = (".write", ".send", ".sendall", ".post", ".put", ".dumps", ".dump")
# Modules whose use hookdash does not follow: C calls, code loading.
_UNFOLLOWED_MODULES = ("ctypes", "cffi", "_ctypes", "marshal", "runpy", "code", "codeop")

_WHY = {
    "network": "it talks to the network: data can leave this machine",
    "secret-var": "it reads ${name}, which holds a secret",
    "secret-path": "it reads credentials or key files",
    "rmtree": "shutil.rmtree deletes whole directories, without asking",
    "eval": "{name}() runs text as code, decided only when it runs",
    "decode": "it decodes a payload that is then run as code, hiding what runs",
    "outside": "it writes outside the workspace",
    "dynamic-shell": "hookdash cannot tell what this runs: it starts a command built at run time",
    "dynamic-import": "hookdash cannot tell what this runs: it loads a module or looks up a"
    " function by a name built at run time",
    "unfollowed": "hookdash cannot tell what this runs: it uses {name}, which runs code"
    " hookdash does not follow",
    "decoded": "hookdash cannot tell what this runs: it decodes text at run time",
    "env-dump": "it dumps the whole environment, tokens and keys included",
    "persistent": "it names a file that makes code run later (a startup file, cron, a git hook)",
}


def python_findings(
    text: str,
    *,
    shell: ShellRules,
    outside: PathRule,
    secret_name: Callable[[str], bool],
    secret_path: LazyRegex,
    persistent: PathRule | None = None,
) -> list[Finding] | None:
    """The findings in Python source, or None when it does not parse as Python."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    walker = _PythonWalker(text, shell, outside, secret_name, secret_path)
    walker.persistent = persistent or (lambda path: False)
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
        secret_path: LazyRegex,
    ) -> None:
        self.shell = shell
        self.outside = outside
        self.secret_name = secret_name
        self.secret_path = secret_path
        self.persistent: PathRule = lambda path: False
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
        if isinstance(node, ast.Call):
            # `__import__('os').system`, `importlib.import_module('os').system`
            module = self._imported(node)
            if module is None:
                return None
            parts.append(module)
            return ".".join(reversed(parts))
        if not isinstance(node, ast.Name):
            return None
        parts.append(self.aliases.get(node.id, node.id))
        return ".".join(reversed(parts))

    def _imported(self, node: ast.Call) -> str | None:
        func = node.func
        name = None
        if isinstance(func, ast.Name):
            name = self.aliases.get(func.id, func.id)
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            name = f"{self.aliases.get(func.value.id, func.value.id)}.{func.attr}"
        if name not in ("__import__", "importlib.import_module") or not node.args:
            return None
        return _constant_str(node.args[0])

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
        for module in self.aliases.values():
            if module.split(".")[0] in _UNFOLLOWED_MODULES:
                self.add(tree, "opaque", _WHY["unfollowed"].format(name=module.split(".")[0]))
                break
        for node in nodes:
            if isinstance(node, ast.Call):
                self.call(node)
            elif isinstance(node, ast.Subscript):
                self.subscript(node)

    def call(self, node: ast.Call) -> None:
        name = self.name_of(node.func)
        if name is None:
            return
        self.dynamic(node, name)
        if name in _OUTPUTS or name.endswith(_OUTPUT_SUFFIXES):
            self.environment_out(node)
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

    def dynamic(self, node: ast.Call, name: str) -> None:
        """A module or a function looked up by a name built at run time."""
        if name in ("__import__", "importlib.import_module", "importlib.__import__"):
            computed = not node.args or _constant_str(node.args[0]) is None
        elif name in ("getattr", "builtins.getattr"):
            computed = len(node.args) < 2 or _constant_str(node.args[1]) is None
        else:
            return
        if computed:
            self.add(node, "opaque", _WHY["dynamic-import"])

    def environment_out(self, node: ast.Call) -> None:
        """`print(os.environ)`, `json.dumps(dict(os.environ))`: the environment, out."""
        inner = [n for a in [*node.args, *(k.value for k in node.keywords)] for n in ast.walk(a)]
        reads = set()
        for n in inner:  # os.environ['X'] and os.environ.get('X') read one variable
            if isinstance(n, ast.Subscript) or (
                isinstance(n, ast.Attribute) and n.attr in ("get", "getenv")
            ):
                reads.add(id(n.value))
        for n in inner:
            whole = id(n) not in reads and isinstance(n, ast.Attribute | ast.Name)
            if whole and self.name_of(n) in ("os.environ", "os.environb"):
                self.add(node, "secrets", _WHY["env-dump"])
                return

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
        program_unknown = isinstance(first, ast.List | ast.Tuple) and (
            not first.elts or _constant_str(first.elts[0]) is None
        )
        if command is None or program_unknown:
            # The program or the whole command is decided when the script runs.
            self.add(node, "opaque", _WHY["dynamic-shell"])
        if command is None:
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
        if writes and self.persistent(literal):
            self.add(node, "persistence", _WHY["persistent"])

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

_COMMENTS = lazy_compile(r"/\*.*?\*/|^[ \t]*(?://|#)[^\n]*", re.S | re.M)
_STRING = lazy_compile(r"""(['"])((?:(?!\1)[^\\\n]|\\.)*)\1""")
_LITERAL = r"""(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)"""
_SPAWN_NAMES = (
    r"(?:execSync|exec|execFileSync|execFile|spawnSync|spawn|system|popen|shell_exec|passthru"
    r"|proc_open|execute|capture2e?|capture3|popen2e?|popen3|pipeline_r|Process\.spawn)"
)
# A spawn whose arguments are literals: `system("cmd")`, `spawn('sh', ['-c', 'cmd'])`,
# `system "cmd"` (Perl, Ruby): the literals, joined as words, go through the shell rules.
_SPAWN_CALL = lazy_compile(
    r"(?<![\w$])(?:[\w$]+\.)?" + _SPAWN_NAMES + r"\s*(?:\(\s*|[ \t]+(?=['\"]))(?:\[\s*)?"
    r"(" + _LITERAL + r"(?:\s*,\s*\[?\s*" + _LITERAL + r")*)",
    re.S,
)
# A spawn of anything else (a variable, a call), on the code with its strings blanked.
_SPAWN_DYNAMIC = lazy_compile(
    r"(?<![\w$])(?:[\w$]+\.)?" + _SPAWN_NAMES + r"\b\s*\(\s*(?!['\"`\[\s)])"
)
# Perl's and Ruby's call without parentheses: `system $cmd`, `exec pack(…)`.
_SPAWN_DYNAMIC_BARE = lazy_compile(
    r"(?<![\w$.>:])(?:system|exec|spawn)[ \t]+(?=[$@%\w(])(?!(?:if|unless|and|or)\b)"
)
_BACKTICKS = lazy_compile(r"`((?:[^`\\]|\\.)*)`|(?:\bqx|%x)\s*([^\w\s])", re.S)
_CLOSERS = {"(": ")", "[": "]", "{": "}", "<": ">"}
# Perl's pipe open: `open(F, "|-", "cmd")`, `open(F, "|cmd")` (fed the script's output),
# `open(F, "-|", "cmd")`, `open(F, "cmd|")` (read from).
_PERL_PIPE_OPEN = lazy_compile(
    r"\bopen\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*(?:(['\"])(\|-|-\|)\1\s*,\s*(" + _LITERAL + r")?"
    r"|(['\"])\s*(\|?)([^'\"|]+?)(\|?)\s*\4)"
)
# AppleScript's `do shell script "cmd"` (osascript -e).
_APPLESCRIPT = lazy_compile(r"\bdo\s+shell\s+script\s+(\"(?:[^\"\\]|\\.)*\")?")
_JS_SPAWNS = lazy_compile(r"child_process|\bBun\.spawn|\bDeno\.(?:run|Command)\b")
_CODE_RULES: list[tuple[str, LazyRegex, str]] = [
    (
        "network",
        lazy_compile(
            r"\bfetch\s*\(|\b(?:https?|net|tls|dgram|http2)\.(?:get|request|connect|"
            r"createConnection)\s*\(|\baxios\b|\bXMLHttpRequest\b|\bnew\s+WebSocket\s*\(|"
            r"Net::HTTP|LWP::|IO::Socket|HTTP::Tiny|\bcurl_exec\s*\(|\bfsockopen\s*\(|"
            r"file_get_contents\s*\(\s*['\"]https?:|"
            r"\bTCPSocket\b|\bUDPSocket\b|\bSocket\.tcp\b|\buse\s+Socket\b|"
            r"\bsocket\s*\(\s*\w+\s*,\s*(?:PF_INET|AF_INET)|\bstream_socket_client\s*\(|"
            r"/inet6?/(?:tcp|udp)/|\bURI\.open\b|\bopen-uri\b|\bDeno\.(?:connect|listen)\b|"
            r"\bcurl_init\s*\(|\bsocket\.(?:connect|tcp|udp)\b|"
            r"\brequire\s*\(?\s*['\"](?:socket|net/https?|net|tls|dgram|https?|http2|axios|"
            r"node-fetch|undici|ws|ssl\.https)['\"]"
        ),
        _WHY["network"],
    ),
    (
        "destructive",
        lazy_compile(
            r"\brmSync\s*\([^;\n]*recursive|\brimraf\b|\brm_rf\b|FileUtils\.rm_r|\brmtree\b"
        ),
        "it deletes whole directories, without asking",
    ),
    (
        "decode-and-run",
        lazy_compile(
            r"\b(?:eval|Function)\s*\(\s*(?:atob|Buffer\.from|base64_decode|Base64\.decode)"
        ),
        _WHY["decode"],
    ),
    (
        "pipe-to-shell",
        lazy_compile(r"(?<![\w.])eval\s*\(|\bnew\s+Function\s*\(|(?<![\w.$])eval\s+[$\w@%]"),
        "it runs text as code, decided only when it runs",
    ),
    (
        "secrets",
        lazy_compile(
            r"['\"][^'\"\n]*(?:\.ssh/|\.aws/|\.netrc|id_rsa|"
            r"(?<!\w)\.env(?!\.(?:example|sample|template|dist)\b)\b)"
        ),
        "",
    ),
    (
        "persistence",
        lazy_compile(
            r"['\"][^'\"\n]*(?:\.(?:bashrc|zshrc|bash_profile|zprofile|profile)\b|authorized_keys"
            r"|LaunchAgents|/etc/cron|/var/spool/cron|\.git/hooks/|\.config/autostart)"
        ),
        _WHY["persistent"],
    ),
]
# What hookdash cannot follow, on the code with its strings blanked (per language, and
# for text of unknown language, all of them).
_DYNAMIC: dict[str, LazyRegex] = {
    "js": lazy_compile(
        r"\b(?:require|import)\s*\(\s*(?!(?:'\s*'|\"\s*\"|`\s*`)\s*\))"
        r"|\bDeno\.(?:run|Command)\b|\bBun\.spawn|\bchild_process\.fork\b"
        r"|\b(?:global|globalThis|window|self|this)\s*\[|\bprocess\.(?:binding|dlopen|mainModule)"
        r"|\bmodule\.constructor\b|\bReflect\.(?:apply|construct)\b|\bvm\.(?:run\w*|Script)\b"
        r"|\.constructor\s*\("
    ),
    "perl": lazy_compile(
        r"&\s*\$\w+|&\s*\{|->\s*\$\w+\s*\(|\*\{|\bpack\s*\(|\bdo\s+\$|\brequire\s+\$|\bsyscall\b"
    ),
    "ruby": lazy_compile(
        r"\.(?:send|__send__|public_send|instance_eval|class_eval|module_eval|instance_exec"
        r"|const_get)\b|\bmethod\s*\(|\.pack\s*\(|\bbinding\b|\bFiddle\b"
    ),
    "php": lazy_compile(
        r"(?<![\w>:])\$\w+\s*\(|\bcall_user_func(?:_array)?\s*\(|\bcreate_function\s*\("
        r"|\bassert\s*\(\s*\$|\bpreg_replace\s*\(\s*['\"][^'\"]*/e|\bFFI::"
    ),
    "lua": lazy_compile(
        r"\bload(?:string)?\s*\(|\bdofile\s*\(|\b_G\s*\[|\bsetfenv\b|\bpackage\.loadlib"
    ),
    "awk": lazy_compile(r"(?<![|])\|&?\s*(?![\s\"|])(?!getline)|(?<![|\"])\s\|&?\s*getline"),
}
_DECODED = lazy_compile(
    r"\batob\s*\(|\bBuffer\.from\s*\([^)]*['\"](?:base64|hex)['\"]|\bdecode_base64\b"
    r"|\bBase64\.(?:decode64|strict_decode64|urlsafe_decode64)|\bunpack1?\s*\(\s*['\"][mu]"
    r"|\bbase64_decode\s*\(|\bstr_rot13\s*\(|\bgz(?:inflate|uncompress|decode)\s*\("
    r"|\bString\.fromCharCode\b|\bstring\.char\s*\(|\bchr\s*\(\s*\d+\s*\)\s*[.+]|\.chr\b"
    r"|(?:\\x[0-9A-Fa-f]{2}[^\\\n]{0,3}){4}|(?:\\[0-7]{3}){4}"
)
_ENV_DUMP = lazy_compile(
    r"(?:stringify|log|write|send|print|puts|dump|body\s*:)\s*\(?\s*(?:\{\s*\.\.\.)?process\.env\b"
    r"(?!\s*[.\[])|\bENV\.(?:to_h|to_a|to_hash|inspect|each|map|keys|values|select)\b"
    r"|\bputs\s+ENV\b(?!\s*\[)|\b(?:keys|values|each)\s*\(?\s*%ENV|\bprint\s+%ENV|Dumper\s*\(\s*\\%ENV"
    r"|\bin\s+ENVIRON\b|\$_ENV\b(?!\s*\[)|\bgetenv\s*\(\s*\)|\bos\.environ\b(?!\s*[\[.])"
)
_ENV_NAME = lazy_compile(
    r"process\.env\.(\w+)|process\.env\[\s*['\"](\w+)|\bENV\[\s*['\"](\w+)|"
    r"\bgetenv\(\s*['\"](\w+)|\$ENV\{\s*['\"]?(\w+)|\bENVIRON\[\s*\"(\w+)|\$_ENV\[\s*['\"](\w+)"
    r"|\bENV\.fetch\(\s*['\"](\w+)"
)


def code_findings(
    text: str, *, shell: ShellRules, secret_name: Callable[[str], bool], dialect: str = "any"
) -> list[Finding]:
    """Call patterns over code in any language, its comments blanked out first. `dialect`
    (js, perl, ruby, php, lua, awk, or any) says which language's tricks to look for."""
    code = _COMMENTS.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    bare = _STRING.sub(lambda m: m.group(1) + " " * len(m.group(2)) + m.group(1), code)
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
    for match in _first(_ENV_DUMP.finditer(bare)):
        found.append(("secrets", match.start(), match.end(), _WHY["env-dump"]))
    spawns = (
        dialect not in ("js", "any")
        or bool(_JS_SPAWNS.search(code))
        or (dialect == "any" and not _looks_like_js(code))
    )
    if spawns:
        for match in _first(_SPAWN_CALL.finditer(code)):
            for kind, why in shell(_spawned_command(match.group(1))):
                found.append((kind, match.start(), match.end(), why))
        for match in _first(_SPAWN_DYNAMIC.finditer(bare)):
            found.append(("opaque", match.start(), match.end(), _WHY["dynamic-shell"]))
        if dialect in ("perl", "ruby", "any") and not _looks_like_js(code):
            for match in _first(_SPAWN_DYNAMIC_BARE.finditer(bare)):
                found.append(("opaque", match.start(), match.end(), _WHY["dynamic-shell"]))
    if dialect in ("perl", "ruby", "php") or (dialect == "any" and not _looks_like_js(code)):
        for match in _first(_BACKTICKS.finditer(code)):
            command = match.group(1)
            if command is None:  # qx{…}, %x(…): up to the matching closer
                opener = match.group(2)
                close = code.find(_CLOSERS.get(opener, opener), match.end())
                command = code[match.end() : close] if close >= 0 else code[match.end() :]
            for kind, why in shell(command):
                found.append((kind, match.start(), match.end(), why))
    if dialect in ("perl", "any"):
        found += _perl_pipes(code, shell)
    for match in _first(_APPLESCRIPT.finditer(code)):
        if match.group(1) is None:
            found.append(("opaque", match.start(), match.end(), _WHY["dynamic-shell"]))
        else:
            for kind, why in shell(_unquote(match.group(1))):
                found.append((kind, match.start(), match.end(), why))
    if dialect == "awk":
        found += _awk_pipes(code, shell)
    for language, pattern in _DYNAMIC.items():
        if dialect in (language, "any") and (language != "awk" or dialect == "awk"):
            for match in _first(pattern.finditer(bare)):
                found.append(("opaque", match.start(), match.end(), _WHY["dynamic-import"]))
    for match in _first(_DECODED.finditer(code)):
        found.append(("opaque", match.start(), match.end(), _WHY["decoded"]))
    return found


def _looks_like_js(code: str) -> bool:
    return bool(re.search(r"=>|\bconst\s|\blet\s|\brequire\s*\(|\bconsole\.", code))


def _unquote(literal: str) -> str:
    body = literal[1:-1]
    return re.sub(r"\\(.)", r"\1", body) if "\\" in body else body


def _spawned_command(literals: str) -> str:
    """`"cmd"` → cmd; `'sh', ['-c', 'cmd']` → sh -c 'cmd' (words, quoted for the shell)."""
    words = [_unquote(m.group()) for m in re.finditer(_LITERAL, literals)]
    if len(words) == 1:
        return words[0]
    return " ".join(_quote(w) for w in words)


def _perl_pipes(code: str, shell: ShellRules) -> list[Finding]:
    """Commands a Perl pipe open starts (a non-literal one: opaque)."""
    found: list[Finding] = []
    for match in _first(_PERL_PIPE_OPEN.finditer(code)):
        mode, literal, before, body, after = (match.group(i) for i in (2, 3, 5, 6, 7))
        if mode is not None:
            if literal is None:
                found.append(("opaque", match.start(), match.end(), _WHY["dynamic-shell"]))
                continue
            command = _unquote(literal)
            fed = mode == "|-"
        elif before or after:
            command, fed = body, bool(before)
        else:
            continue  # an ordinary file
        for kind, why in shell((": | " if fed else "") + command):
            found.append((kind, match.start(), match.end(), why))
    return found


_AWK_PIPE = lazy_compile(
    r"\|&?\s*(\"(?:[^\"\\\n]|\\.)*\")|(\"(?:[^\"\\\n]|\\.)*\")\s*\|&?\s*getline"
)


def _awk_pipes(code: str, shell: ShellRules) -> list[Finding]:
    """awk's `print | "cmd"` and `"cmd" | getline`: commands awk runs through sh (the first
    with awk's output on its stdin)."""
    found: list[Finding] = []
    for match in _first(_AWK_PIPE.finditer(code)):
        if match.group(1) is not None:
            command = ": | " + _unquote(match.group(1))  # fed awk's output
        else:
            command = _unquote(match.group(2))
        for kind, why in shell(command):
            found.append((kind, match.start(), match.end(), why))
    return found


def _first(matches: Iterator[re.Match[str]], limit: int = 50) -> Iterator[re.Match[str]]:
    for count, match in enumerate(matches):
        if count >= limit:
            return
        yield match
