"""Reading tree-sitter-bash's tree: words as the shell sees them, byte offsets as
characters, and the questions the rules ask of a node (is it fed a pipe, does a decoder
run in it, which redirect does it carry)."""

from __future__ import annotations

import posixpath
import re
from _thread import _local  # threading.local itself, without importing threading
from typing import TYPE_CHECKING

from hookdash.core.lazy_regex import lazy_compile
from hookdash.core.load.risks.vocabulary import CODE_FLAGS, SHELLS

if TYPE_CHECKING:
    from tree_sitter import Node, Parser


class _Word:
    """One word of a command: `value` unquoted as far as it is static (expansions are
    left as written), `static` when it has no expansion or substitution at all."""

    __slots__ = ("end", "node", "start", "static", "value")
    value: str
    static: bool
    start: int
    end: int
    node: Node | None

    def __init__(
        self, value: str, static: bool, start: int, end: int, node: Node | None = None
    ) -> None:
        self.value = value
        self.static = static
        self.start = start
        self.end = end
        self.node = node


class _Source:
    """Text being analysed, with what turns tree-sitter's byte offsets into characters."""

    __slots__ = ("_starts", "base", "data", "text")
    text: str
    data: bytes
    base: int  # where `text` starts in the outermost text
    _starts: list[int] | None

    def __init__(self, text: str, data: bytes, base: int, _starts: list[int] | None = None) -> None:
        self.text = text
        self.data = data
        self.base = base
        self._starts = _starts

    def char(self, byte: int) -> int:
        if self._starts is None:
            if self.text.isascii():
                return self.base + byte
            starts, pos = [], 0
            for ch in self.text:
                starts.append(pos)
                pos += len(ch.encode("utf-8", "replace"))
            self._starts = starts
        import bisect  # here: only text that is not ASCII needs it

        return self.base + bisect.bisect_left(self._starts, byte)

    def node_text(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")


# ------------------------------------------------------------------------ parser

# tree-sitter-bash 0.25.1 reads out of bounds on some characters outside the BMP after a
# `{` (`{\U00060000` crashes the process in a few thousand parses; fuzzing a hook's command
# found it). The parser is given each non-ASCII character as a letter of the same UTF-8
# length instead: bash's metacharacters are all ASCII, so the shell's words and structure
# are the same, the byte offsets are the same, and the words are read from the real text.
_NON_ASCII = lazy_compile(r"[^\x00-\x7f]")
_SAME_LENGTH = {2: "\u00e9", 3: "\u4e00", 4: "\U00010000"}


def parser_input(text: str) -> bytes:
    """`text` as the parser is given it: its UTF-8 with each non-ASCII character (a lone
    surrogate: "?", as `encode(..., "replace")` writes it) replaced as explained above."""
    if text.isascii():
        return text.encode()
    return _NON_ASCII.sub(_placeholder, text).encode("utf-8", "replace")


def _placeholder(match: re.Match[str]) -> str:
    ch = match.group()
    if "\ud800" <= ch <= "\udfff":
        return "?"
    return _SAME_LENGTH[len(ch.encode())]


_per_thread = _local()


def _parser() -> Parser:
    # One per thread: a tree-sitter Parser must not parse in two threads at once (the
    # dashboard loads in a worker thread while its forms analyse commands on the main one).
    # Imported on first use: a configuration with nothing suspicious never pays for it.
    parser: Parser | None = getattr(_per_thread, "parser", None)
    if parser is None:
        from tree_sitter import Language, Parser

        parser = _per_thread.parser = Parser(Language(_bash_grammar()))
    return parser


def _bash_grammar() -> object:
    """tree-sitter-bash's grammar, from the package's extension module. Importing the
    package would load the same module, after importing importlib.resources (for a
    highlighting query hookdash never reads) and through it tempfile and random: 4 to 8
    ms of a scan. The package is imported when its layout is not the one known here, or
    when something imported it already."""
    import sys
    from importlib.machinery import ExtensionFileLoader, PathFinder

    if "tree_sitter_bash" not in sys.modules:
        package = PathFinder.find_spec("tree_sitter_bash")
        where = package.submodule_search_locations if package is not None else None
        spec = PathFinder.find_spec("tree_sitter_bash._binding", where) if where else None
        if spec is not None and isinstance(spec.loader, ExtensionFileLoader):
            binding = spec.loader.create_module(spec)
            spec.loader.exec_module(binding)
            return binding.language()
    import tree_sitter_bash

    return tree_sitter_bash.language()


def word_of(node: Node, src: _Source) -> _Word:
    """A word node as a `_Word`: quotes taken off, backslash escapes undone."""
    start, end = src.char(node.start_byte), src.char(node.end_byte)
    text = src.node_text(node)
    kind = node.type
    if kind == "raw_string":
        return _Word(text[1:-1], True, start, end, node)
    if kind == "ansi_c_string":
        return _Word(ansi_c(text[2:-1]), True, start, end, node)
    if kind in ("word", "number", "command_name"):
        if kind == "command_name" and node.named_child_count == 1:
            return word_of(node.named_children[0], src)
        static = kind != "command_name" or all(
            c.type in ("word", "raw_string", "string", "number") for c in node.children
        )
        return _Word(re.sub(r"\\(.)", r"\1", text), static, start, end, node)
    if kind == "string":
        parts = [c for c in node.children if c.type != '"']
        static = all(c.type == "string_content" for c in parts)
        return _Word("".join(src.node_text(c) for c in parts), static, start, end, node)
    if kind == "concatenation":
        words = [word_of(c, src) for c in node.children]
        static = all(w.static for w in words)
        return _Word("".join(w.value for w in words), static, start, end, node)
    return _Word(text, False, start, end, node)


_ANSI_C = lazy_compile(
    r"\\(?:x([0-9A-Fa-f]{1,2})|u([0-9A-Fa-f]{1,4})|U([0-9A-Fa-f]{1,8})|([0-7]{1,3})|c(.)|(.))", re.S
)
_ANSI_C_LETTERS = {"a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "n": "\n"}
_ANSI_C_LETTERS |= {"r": "\r", "t": "\t", "v": "\v"}


def ansi_c(body: str) -> str:
    """The text of a `$'…'` string as bash makes it: `$'\\x63url'` is `curl`."""

    def one(m: re.Match[str]) -> str:
        hex2, u4, u8, octal, control, other = m.groups()
        number = hex2 or u4 or u8
        if number is not None:
            code = int(number, 16)
            return chr(code) if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else "\ufffd"
        if octal is not None:
            return chr(int(octal, 8) & 0xFF)
        if control is not None:
            return chr(ord(control) & 0x1F)
        return _ANSI_C_LETTERS.get(other, other)

    return _ANSI_C.sub(one, body) if "\\" in body else body


def stdin_stage(node: Node) -> list[Node] | None:
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


def decodes(node: Node) -> bool:
    """Whether a decoder (base64 -d, xxd -r, openssl … -d, …) runs anywhere in `node`."""
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type == "command":
            name_node = n.child_by_field_name("name")
            if name_node is not None:
                words = [_plain(c.text) for c in [name_node, *n.children_by_field_name("argument")]]
                if _is_decoder(words):
                    return True
        stack.extend(n.children)
    return False


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


def _code_flags(name: str) -> tuple[str, ...]:
    if name in SHELLS:
        return ("-c",)
    if name.startswith("python"):
        return CODE_FLAGS["python"]
    return CODE_FLAGS.get(name, ())


def _inline_code(name: str, args: list[_Word]) -> _Word | None:
    """The code argument of `sh -c CODE`, `python -c CODE`, `perl -ne CODE`, `deno eval
    CODE`, …: the word after the interpreter's code option (or a cluster of short options
    that ends in it), before its first operand."""
    flags = _code_flags(name)
    for i, w in enumerate(args[:-1]):
        v = w.value if name not in ("pwsh", "powershell") else w.value.lower()
        if v in flags or (
            len(v) > 2
            and v[0] == "-"
            and v[1] != "-"
            and "-" + v[-1] in flags
            and v[1:].isalpha()
            and name not in ("pwsh", "powershell")
        ):
            return args[i + 1]
        if not v.startswith("-") and name not in SHELLS and flags != ("eval",):
            return None  # a script file: what follows are its arguments
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
