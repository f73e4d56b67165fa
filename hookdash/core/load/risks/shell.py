"""The shell analysis: a text parsed with tree-sitter-bash and its tree walked, command by
command, redirect by redirect; code in other languages handed to core.load.code_risks.
Nested code (`sh -c '…'`, `eval '…'`, heredocs, `python -c`) is analysed in turn, to
`_MAX_DEPTH` levels."""

from __future__ import annotations

import posixpath
from typing import TYPE_CHECKING

from hookdash.core.load.code_risks import code_findings, python_findings
from hookdash.core.load.risks.commands import Add, command_rules, network_rules, unwrap
from hookdash.core.load.risks.findings import _as_kind, _dedupe, _Found
from hookdash.core.load.risks.paths import outside_workspace
from hookdash.core.load.risks.syntax import (
    _has_substitution,
    _inline_code,
    _is_type,
    _parser,
    _reads_code_from_stdin,
    _redirect_of,
    _Source,
    _Word,
    decodes,
    parser_input,
    stdin_stage,
    word_of,
)
from hookdash.core.load.risks.tokens import token_scan
from hookdash.core.load.risks.vocabulary import (
    _DISK,
    _MAX_DEPTH,
    _NET_DEVICE,
    _SECRET_PATH,
    _WHY,
    INTERPRETERS,
    PARSE_LIMIT,
    SHELLS,
    Language,
    _suspect,
    secret_name,
)
from hookdash.core.model import RiskKind

if TYPE_CHECKING:
    from tree_sitter import Node


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
        tree = _parser().parse(parser_input(text))
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

    # --- commands --------------------------------------------------------------------

    def _command(self, node: Node, src: _Source, depth: int) -> None:
        name_node = node.child_by_field_name("name")
        if name_node is None:
            return
        words = [word_of(name_node, src)] + [
            word_of(c, src) for c in node.children_by_field_name("argument")
        ]
        add = self._adder(src.char(node.start_byte), src.char(node.end_byte))
        words = unwrap(words, add)
        if not words:
            return
        name = posixpath.basename(words[0].value)
        args = words[1:]
        values = [w.value for w in args]

        network_rules(name, args, values, add)
        if name == "eval":
            self._eval(node, args, src, depth, add)
        elif name in ("source", "."):
            self._source(node, name, args, add)
        else:
            command_rules(name, values, add, self._outside)
        if name in SHELLS or name in INTERPRETERS:
            self._runs_code(node, name, args, src, depth, add)
        for w in words:
            if _SECRET_PATH.search(w.value):
                add("secrets", _WHY["secret-path"])
                break

    def _eval(self, node: Node, args: list[_Word], src: _Source, depth: int, add: Add) -> None:
        add("pipe-to-shell", _WHY["eval"])
        if decodes(node):
            add("decode-and-run", _WHY["decode"])
        for w in args:
            if w.static and w.node is not None:
                self._nested(w, src, depth)

    def _source(self, node: Node, name: str, args: list[_Word], add: Add) -> None:
        """`source <(…)` or `. /dev/stdin`: code produced by another command, run."""
        if args and (
            _is_type(args[0], "process_substitution") or args[0].value in ("/dev/stdin", "-")
        ):
            add("pipe-to-shell", _WHY["source"].format(name=name))
            if decodes(node):
                add("decode-and-run", _WHY["decode"])

    def _declaration(self, node: Node, src: _Source) -> None:
        """`export -p`, `declare -x`, bare `export`: the whole environment printed."""
        words = [src.node_text(c) for c in node.children]
        if (
            words
            and words[0] in ("export", "declare", "typeset")
            and all(w in ("-p", "-x", "-px", "-xp") for w in words[1:])
        ):
            self._add_node(node, src, "secrets", _WHY["env-dump"])

    def _adder(self, start: int, end: int) -> Add:
        def add(kind: RiskKind, why: str) -> None:
            self.found.append(_Found(kind, start, end, why))

        return add

    # --- shells and interpreters -------------------------------------------------------

    def _runs_code(
        self, node: Node, name: str, args: list[_Word], src: _Source, depth: int, add: Add
    ) -> None:
        """What a shell or interpreter runs: `-c CODE`, `<(…)`, or its stdin."""
        inline = _inline_code(name, args)
        if inline is not None:
            self._inline(inline, name, src, depth, add)
        elif any(_is_type(w, "process_substitution") for w in args):
            add("pipe-to-shell", _WHY["procsub"].format(shell=name))
            if decodes(node):
                add("decode-and-run", _WHY["decode"])
        elif _reads_code_from_stdin(name, [w.value for w in args]):
            self._from_stdin(node, name, src, depth, add)

    def _inline(self, inline: _Word, name: str, src: _Source, depth: int, add: Add) -> None:
        """`sh -c CODE`, `python -c CODE`, `node -e CODE`."""
        if not inline.static:
            if _has_substitution(inline.node):
                add("pipe-to-shell", _WHY["dynamic-c"].format(shell=name))
                if inline.node is not None and decodes(inline.node):
                    add("decode-and-run", _WHY["decode"])
        elif name in SHELLS:
            self._nested(inline, src, depth)
        elif depth < _MAX_DEPTH:
            language: Language = "python" if name.startswith("python") else "code"
            found = _code_findings(inline.value, language, self.workspace, self.home, depth)
            # Escapes shift offsets inside the argument: point at all of it.
            self.found.extend(_Found(f.kind, inline.start, inline.end, f.why) for f in found)

    def _from_stdin(self, node: Node, name: str, src: _Source, depth: int, add: Add) -> None:
        """A program read from stdin: a pipe, a here-string or a heredoc."""
        stages = stdin_stage(node)
        herestring = _redirect_of(node, "herestring_redirect")
        heredoc = _redirect_of(node, "heredoc_redirect")
        if stages is not None:
            add("pipe-to-shell", _WHY["pipe"].format(shell=name))
            if any(decodes(stage) for stage in stages):
                add("decode-and-run", _WHY["decode"])
        elif herestring is not None:
            if _has_substitution(herestring):
                add("pipe-to-shell", _WHY["herestring"].format(shell=name))
                if decodes(herestring):
                    add("decode-and-run", _WHY["decode"])
        elif heredoc is not None and name in SHELLS:
            body = next((c for c in heredoc.children if c.type == "heredoc_body"), None)
            if body is not None:
                self._nested_node(body, src, depth)

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
        target = word_of(destination, src).value
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
