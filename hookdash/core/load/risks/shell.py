"""The shell analysis: a text parsed with tree-sitter-bash and its tree walked, command by
command, redirect by redirect; code in other languages handed to core.load.code_risks.
Nested code (`sh -c '…'`, `eval '…'`, heredocs, `python -c`) is analysed in turn, to
`_MAX_DEPTH` levels."""

from __future__ import annotations

import os
import posixpath
import re
import stat
from typing import TYPE_CHECKING

from hookdash.core.findings import RiskKind
from hookdash.core.lazy_regex import lazy_compile
from hookdash.core.load.risks.commands import (
    Add,
    command_rules,
    git_code,
    git_rules,
    network_rules,
    unwrap,
)
from hookdash.core.load.risks.environment import startup_variable
from hookdash.core.load.risks.fetched import fetched_rules
from hookdash.core.load.risks.findings import _as_kind, _dedupe, _Found
from hookdash.core.load.risks.later import (
    CODE_VARIABLES,
    HARMLESS_VALUES,
    WHY_PRINTF,
    arithmetic_node,
    numeric_names,
    unsafe_arithmetic,
)
from hookdash.core.load.risks.paths import outside_workspace, persistent_target
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
    _PLACE_PROGRAM,
    _SECRET_PATH,
    _SHELL_VARS,
    _TEMP_PROGRAM,
    _WHY,
    AWKS,
    INTERPRETERS,
    PARSE_LIMIT,
    SHELLS,
    Language,
    _suspect,
    secret_name,
)

if TYPE_CHECKING:
    from tree_sitter import Node


def _analyze_text(
    text: str,
    language: Language,
    workspace: str | None,
    home: str | None,
    depth: int = 0,
    dialect: str = "any",
) -> list[_Found]:
    if not text:
        return []
    if language != "shell":
        try:
            return _dedupe(_code_findings(text, language, workspace, home, depth, dialect))
        except Exception:
            # Hostile code must not fail a hook listing (the rules are regular expressions
            # and Python's own parser); what was not read is not vouched for.
            return _dedupe(_unread(text, "opaque-parse"))
    if len(text) > PARSE_LIMIT:
        return _dedupe(_unread(text, "opaque-long"))
    if not _suspect(text):
        return []
    return _dedupe(_shell_findings(text, workspace, home, depth))


def _shell_findings(text: str, workspace: str | None, home: str | None, depth: int) -> list[_Found]:
    try:
        return _Analyzer(workspace, home, depth).run(text)
    except Exception:
        # The parser is C code fed hostile input: whatever it or the walk does, a hook
        # listing must not fail. The token scan never parses.
        return _unread(text, "opaque-parse")


def _unread(text: str, reason: str) -> list[_Found]:
    """What the token scan finds in text that was not read in full, and an opaque flag:
    no other flag can vouch for it."""
    return [*token_scan(text), _Found("opaque", 0, len(text), _WHY[reason])]


def _code_findings(
    text: str,
    language: Language,
    workspace: str | None,
    home: str | None,
    depth: int,
    dialect: str = "any",
) -> list[_Found]:
    """Python through its syntax tree, other languages by call patterns (code_risks); the
    shell commands they start go through the shell rules, one level deeper."""
    # Imported here: a scan whose hooks run no code but shell reads none of its tables.
    from hookdash.core.load.code_risks import code_findings, python_findings

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
            persistent=lambda path: persistent_target(path, workspace, home),
        )
    if found is None:
        found = code_findings(text, shell=shell, secret_name=secret_name, dialect=dialect)
    out = [_Found(_as_kind(kind), start, end, why) for kind, start, end, why in found]
    startup = _STARTUP_FILE.search(text)
    if startup is not None and _CODE_WRITES.search(text):
        out.append(_Found("persistence", 0, len(text), _WHY["persist-code"]))
    return out


# A shell startup file named in code (however its path is joined), and code that writes a
# file: together, code that may write the startup file, whatever it writes there.
_STARTUP_FILE = lazy_compile(
    r"['\"/](?:\.(?:bashrc|bash_profile|bash_login|bash_logout|bash_aliases|profile|zshrc"
    r"|zshenv|zprofile|zlogin|kshrc|mkshrc|cshrc|tcshrc|xprofile|pam_environment)"
    r"|\.config/fish/config\.fish|authorized_keys)(?![\w.])"
)
_CODE_WRITES = lazy_compile(
    r"\bopen\s*\(|\bwrite_(?:text|bytes)\b|\b(?:append|write)File(?:Sync)?\b|createWriteStream"
    r"|\bFile\.(?:open|write|new)\b|\bIO\.write\b|file_put_contents|\bfopen\s*\(|>>|\bprint\s+\w+"
    r"|\bDeno\.writeTextFile|\bBun\.write|\bio\.open\s*\(|\bshutil\.copy|\bos\.rename|\bwritelines\b"
)


class _Analyzer:
    def __init__(self, workspace: str | None, home: str | None, depth: int = 0) -> None:
        self.workspace = workspace.rstrip("/") if workspace else None
        self.home = home.rstrip("/") if home else None
        self.depth = depth
        self.found: list[_Found] = []
        self.numeric: set[str] = set()  # variables given only numbers (later.numeric_names)

    def run(self, text: str) -> list[_Found]:
        self._parse(text, 0, self.depth)
        return self.found

    def _parse(self, text: str, base: int, depth: int) -> None:
        data = text.encode("utf-8", "replace")  # a lone surrogate becomes "?": offsets kept
        tree = _parser().parse(parser_input(text))
        src = _Source(text, data, base)
        root = tree.root_node
        if root.has_error:
            # Broken shell: what parsed is still walked, and the raw text is scanned too;
            # what did not parse cannot be said to be understood.
            self.found.extend(
                _Found(f.kind, f.start + base, f.end + base, f.why) for f in token_scan(text)
            )
        unread = False
        self.numeric |= numeric_names(root, src)
        stack = [root]
        while stack:  # iterative: 10,000 levels of nesting must not recurse
            node = stack.pop()
            kind = node.type
            arithmetic = arithmetic_node(node, src)
            if arithmetic is not None:
                why = unsafe_arithmetic(arithmetic, src, self.numeric)
                if why is not None:
                    self._add_node(node, src, "opaque", why)
            if (
                kind == "variable_assignment"
                and node.parent is not None
                and node.parent.type
                in (
                    "program",
                    "list",
                    "compound_statement",
                    "do_group",
                    "subshell",
                    "if_statement",
                    "else_clause",
                    "elif_clause",
                    "function_definition",
                )
            ):
                self._assignment(node, src, depth, in_shell=True)
            if kind == "ERROR" and not unread and _WORDY.search(src.node_text(node)):
                # Words the parser could not place. (Operators alone, like the `>` of
                # `3<>file` that tree-sitter-bash does not know, hide no command.)
                unread = True
                self.found.append(_Found("opaque", base, base + len(text), _WHY["opaque-parse"]))
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
        for child in node.children:
            if child.type == "variable_assignment":
                self._assignment(child, src, depth)
        self._words(node, words, src, depth, add)
        for w in words:
            if _SECRET_PATH.search(w.value):
                add("secrets", _WHY["secret-path"])
                break

    def _words(
        self, node: Node, words: list[_Word], src: _Source, depth: int, add: Add, level: int = 0
    ) -> None:
        """The rules on one simple command's words (also a command `find -exec` runs)."""
        after_env = False
        for w in words:
            if after_env and re.match(r"^[A-Za-z_]\w*=", w.value):
                key, value = w.value.split("=", 1)
                self._variable_set(key, value, w.static, add, depth)
            after_env = posixpath.basename(w.value) == "env" or (after_env and w.value[:1] == "-")
        words = unwrap(words, add)
        if not words:
            return
        name = self._program(words[0], add)
        args = words[1:]
        values = [w.value for w in args]
        network_rules(name or "", args, values, add)
        if name is None:
            return
        fetched_rules(name, values, add, self.workspace)
        self._later(name, args, add, depth)
        if name == "eval":
            self._eval(node, args, src, depth, add)
        elif name in ("source", "."):
            self._source(node, name, args, add)
        elif name == "git":
            for key, value in git_rules(values, add):
                code = git_code(key, value)
                if code:
                    self._code_in(code, add, depth)
        elif name == "alias":
            for w in args:
                if "=" in w.value:
                    self._code_in(w.value.split("=", 1)[1], add, depth)
        elif name == "find":
            self._find(node, args, src, depth, add, level)
        else:
            command_rules(name, values, add, self._outside, self._persistent)
        if name in _RUNNERS:
            self._runner(name, args, add)
        if name in SHELLS or name in INTERPRETERS:
            self._runs_code(node, name, args, src, depth, add)

    def _later(self, name: str, args: list[_Word], add: Add, depth: int) -> None:
        """Builtins that keep text to evaluate later (`trap`, `let`, `printf -v`, `enable
        -f`) and programs whose options run a command (`tar --to-command`, `ssh -o
        ProxyCommand`, `rsync -e`, `zip -TT`): core.load.risks.later."""
        values = [w.value for w in args]
        if name == "trap":
            action = next((w for w in args if w.value not in ("--",)), None)
            if action is None or (action.value.startswith("-") and action.value in ("-p", "-l")):
                return
            if not action.static:
                add("opaque", _WHY["trap"])
            elif action.value != "-" and not action.value.isdigit():
                self._code_in(action.value, add, depth)
        elif name == "let" and any(not w.static or _LETTERS.search(w.value) for w in args):
            names = [m for w in args for m in _LETTERS.findall(w.value)]
            if any(not w.static for w in args) or any(n not in self.numeric for n in names):
                add("opaque", "let evaluates its arguments as arithmetic when the hook runs: "
                    "a value like a[$(cmd)] runs cmd")  # fmt: skip
        elif name == "printf":
            for i, v in enumerate(values[:-1]):
                if v == "-v" and (not args[i + 1].static or "[" in values[i + 1]):
                    add("opaque", WHY_PRINTF)
        elif name == "enable" and any(v.startswith("-") and "f" in v for v in values):
            add("opaque", _WHY["loads-library"].format(name="enable -f"))
        else:
            for option, code in _option_code(name, values):
                add("pipe-to-shell", _WHY["runs-option"].format(name=name, option=option))
                self._code_in(code, add, depth)

    def _assignment(self, node: Node, src: _Source, depth: int, in_shell: bool = False) -> None:
        """`NAME=value` on a command's line, exported, or (for the shell's own variables
        such as PS4 and PROMPT_COMMAND) set in the shell itself."""
        name_node = node.child_by_field_name("name")
        value_node = node.child_by_field_name("value")
        if name_node is None or name_node.type != "variable_name":
            return
        name = src.node_text(name_node)
        if in_shell and name not in _SHELL_OWN:
            return
        value = word_of(value_node, src) if value_node is not None else None
        add = self._adder(src.char(node.start_byte), src.char(node.end_byte))
        self._variable_set(
            name, value.value if value else "", value.static if value else True, add, depth
        )

    def _variable_set(self, name: str, value: str, static: bool, add: Add, depth: int) -> None:
        why = startup_variable(name)
        if name == "PATH" and all(_PLAIN_PATH.match(part) for part in value.split(":")):
            return  # the project's own tool folders added to the PATH it had
        if name in CODE_VARIABLES:
            if static and value.strip() in HARMLESS_VALUES:
                return
            add("startup-env", f"{name}: {why or 'a program runs its value as a command'}")
            if static:
                self._code_in(value, add, depth)
            else:
                add("opaque", f"{name} is set to a command decided when the hook runs")
        elif why is not None:
            add("startup-env", f"{name}: {why}")

    def _program(self, word: _Word, add: Add) -> str | None:
        """The program a command runs, by name; None (and an opaque flag) when it cannot
        be told without running it: a name built from variables or commands, a glob, a
        file in a temporary directory. `$0 -c …` and `$SHELL -c …` run a shell."""
        value = word.value
        if not word.static:
            if _SHELL_VARS.match(value):
                return "sh"
            if not _PLACE_PROGRAM.match(value):
                if self._temporary(value):
                    add("opaque", _WHY["opaque-temp"])
                else:
                    shown = value if len(value) <= 40 else value[:39] + "…"
                    add("opaque", _WHY["opaque-name"].format(name=shown))
                return None
        elif _unquoted_glob(word.node):
            add("opaque", _WHY["opaque-glob"])
            return None
        elif self._temporary(value):
            add("opaque", _WHY["opaque-temp"])
            return None
        return posixpath.basename(value)

    def _runner(self, name: str, args: list[_Word], add: Add) -> None:
        """`npm run "$X"`, `npx $(…)`, `make $(…)`: the script, package or target is named
        when it runs (the words after the target are only its arguments)."""
        targets = []
        i = 0
        while i < len(args) and args[i].value != "--":
            w = args[i]
            if w.value in _RUNNER_PLACES and i + 1 < len(args):
                targets.append(args[i + 1])  # make -f FILE, npm --prefix DIR
                i += 2
                continue
            if not w.value.startswith("-") and "=" not in w.value:
                targets.append(w)
            i += 1
        if name in _SCRIPT_RUNNERS:
            if targets and targets[0].value in ("run", "run-script", "exec", "x", "dlx"):
                targets = targets[:2]
            else:
                targets = targets[:1]
        elif name in _PACKAGE_RUNNERS:
            targets = targets[:1]
        for w in targets:
            if not w.static and not _PLACE_PROGRAM.match(w.value):
                add("opaque", _WHY["opaque-target"].format(name=name))
                return

    def _find(
        self, node: Node, args: list[_Word], src: _Source, depth: int, add: Add, level: int
    ) -> None:
        """What `find` deletes (`-delete`, `-exec rm`) under a directory outside the
        workspace, and every command its `-exec`/`-ok` runs, read like any other."""
        roots: list[str] = []
        i = 0
        while i < len(args) and args[i].value in ("-H", "-L", "-P"):
            i += 1
        while i < len(args) and not args[i].value.startswith(("-", "(", "!")):
            roots.append(args[i].value)
            i += 1
        deletes = False
        while i < len(args):
            v = args[i].value
            if v == "-delete":
                deletes = True
            elif v in ("-exec", "-execdir", "-ok", "-okdir"):
                j = i + 1
                while j < len(args) and args[j].value not in (";", "+"):
                    j += 1
                run = args[i + 1 : j]
                if run and level < _MAX_DEPTH:
                    program = posixpath.basename(run[0].value)
                    deletes |= program in ("rm", "shred", "unlink", "truncate")
                    self._words(node, run, src, depth, add, level + 1)
                i = j
            i += 1
        if deletes and any(self._outside(r) for r in roots or ["."]):
            add("destructive", _WHY["find-delete"])

    def _code_in(self, code: str, add: Add, depth: int) -> None:
        """Shell code held in a value (`alias x='…'`, git's `core.sshCommand=…`): parsed in
        turn, its findings pointing at the whole command."""
        if depth >= _MAX_DEPTH or not code.strip():
            return
        before = len(self.found)
        self._parse(code, 0, depth + 1)
        nested = self.found[before:]
        del self.found[before:]
        for f in nested:
            add(f.kind, f.why)

    def _eval(self, node: Node, args: list[_Word], src: _Source, depth: int, add: Add) -> None:
        add("pipe-to-shell", _WHY["eval"])
        if decodes(node):
            add("decode-and-run", _WHY["decode"])
        for w in args:
            if w.static and w.node is not None:
                self._nested(w, src, depth)

    def _source(self, node: Node, name: str, args: list[_Word], add: Add) -> None:
        """`source <(…)` or `. /dev/stdin`: code produced by another command, run; `source
        "$X"` or a file in /tmp: a file hookdash cannot read."""
        if args and (
            _is_type(args[0], "process_substitution") or args[0].value in ("/dev/stdin", "-")
        ):
            add("pipe-to-shell", _WHY["source"].format(name=name))
            if decodes(node):
                add("decode-and-run", _WHY["decode"])
        elif args:
            self._script_operand(args[0], name, add)

    def _script_operand(self, word: _Word, name: str, add: Add) -> None:
        """The file a shell, an interpreter or `source` runs: named at run time, or in a
        temporary directory, it cannot be read now."""
        if self._temporary(word.value):
            add("opaque", _WHY["opaque-temp"])
        elif not word.static and not _PLACE_PROGRAM.match(word.value):
            add("opaque", _WHY["opaque-script"].format(name=name))

    def _declaration(self, node: Node, src: _Source) -> None:
        """`export -p`, `declare -x`, bare `export`: the whole environment printed.
        `export NAME=…` of a variable that decides what programs run (later); `declare
        -i NAME=…` evaluates its value as arithmetic."""
        words = [src.node_text(c) for c in node.children]
        options = [w for w in words[1:] if w.startswith("-")]
        exported = words[:1] == ["export"] or any("x" in o for o in options)
        integer = any("i" in o for o in options)
        for child in node.children:
            if child.type != "variable_assignment":
                continue
            if exported:
                self._assignment(child, src, self.depth)
            value = child.child_by_field_name("value")
            if integer and value is not None:
                why = unsafe_arithmetic(value, src, self.numeric)
                if why is not None or _has_substitution(value):
                    self._add_node(child, src, "opaque", why or _WHY["trap"])
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
        """What a shell or interpreter runs: `-c CODE`, `<(…)`, a script file, or its stdin."""
        inline = _awk_program(args) if name in AWKS else _inline_code(name, args)
        if name.startswith("python") or name == "php":
            _module_servers(name, args, add)
        if inline is not None:
            self._inline(inline, name, args, src, depth, add)
        elif any(_is_type(w, "process_substitution") for w in args):
            add("pipe-to-shell", _WHY["procsub"].format(shell=name))
            if decodes(node):
                add("decode-and-run", _WHY["decode"])
        elif name in SHELLS and any(
            w.value == "-c" or (w.value[:1] == "-" and w.value[1:].isalpha() and w.value[-1] == "c")
            for w in args
        ):
            add("opaque", _WHY["opaque-code"].format(name=name))  # xargs sh -c: code added later
        elif _reads_code_from_stdin(name, [w.value for w in args]):
            self._from_stdin(node, name, src, depth, add)
        elif name not in AWKS:
            operand = next((w for w in args if not w.value.startswith("-")), None)
            if operand is not None:
                self._script_operand(operand, name, add)

    def _inline(
        self, inline: _Word, name: str, args: list[_Word], src: _Source, depth: int, add: Add
    ) -> None:
        """`sh -c CODE`, `python -c CODE`, `node -e CODE`, `awk 'PROGRAM'`."""
        if not inline.static:
            if _has_substitution(inline.node):
                add("pipe-to-shell", _WHY["dynamic-c"].format(shell=name))
                if inline.node is not None and decodes(inline.node):
                    add("decode-and-run", _WHY["decode"])
            else:
                add("opaque", _WHY["opaque-code"].format(name=name))  # xargs -I{} sh -c '{}'
        elif name in SHELLS:
            self._nested(inline, src, depth)
        elif depth < _MAX_DEPTH:
            language: Language = "python" if name.startswith("python") else "code"
            code = _preloads(name, args) + inline.value
            found = _code_findings(
                code, language, self.workspace, self.home, depth, dialect=_dialect(name)
            )
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
        elif heredoc is not None:
            body = next((c for c in heredoc.children if c.type == "heredoc_body"), None)
            if body is None:
                return
            if name in SHELLS:
                self._nested_node(body, src, depth)
            elif depth < _MAX_DEPTH:
                language: Language = "python" if name.startswith("python") else "code"
                start, end = src.char(body.start_byte), src.char(body.end_byte)
                found = _code_findings(
                    src.node_text(body),
                    language,
                    self.workspace,
                    self.home,
                    depth,
                    dialect=_dialect(name),
                )
                self.found.extend(_Found(f.kind, start, end, f.why) for f in found)

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
            if destination is not None:
                read = word_of(destination, src).value
                if _NET_DEVICE.search(read):
                    self._add_node(node, src, "network", _WHY["network"])
                if _SECRET_PATH.search(read):
                    self._add_node(node, src, "secrets", _WHY["secret-path"])
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
        if self._persistent(target):
            self._add_node(node, src, "persistence", _WHY["persist-write"])
        if _SECRET_PATH.search(target):
            self._add_node(node, src, "secrets", _WHY["secret-path"])

    def _variable(self, node: Node, src: _Source) -> None:
        name_node = next((c for c in node.children if c.type == "variable_name"), None)
        if name_node is None:
            return
        name = src.node_text(name_node)
        if src.node_text(node).startswith("${!"):
            self._add_node(node, src, "secrets", _WHY["secret-indirect"])
        elif secret_name(name) and not _only_tested(node, src):
            self._add_node(node, src, "secrets", _WHY["secret-var"].format(name=name))

    def _add_node(self, node: Node, src: _Source, kind: RiskKind, why: str) -> None:
        self.found.append(_Found(kind, src.char(node.start_byte), src.char(node.end_byte), why))

    # --- paths -------------------------------------------------------------------------

    def _outside(self, path: str) -> bool:
        return outside_workspace(path, self.workspace, self.home)

    def _persistent(self, path: str) -> bool:
        return persistent_target(path, self.workspace, self.home)

    def _temporary(self, path: str) -> bool:
        """Whether a program or script lies in a temporary directory anyone can write to
        (/tmp itself, /dev/shm, `$TMPDIR`): a file put there when the hook runs. A
        workspace, a home or a private directory under /tmp (a fresh clone, a
        `mkdtemp`) is not one."""
        if not _TEMP_PROGRAM.match(path):
            return False
        if path.startswith("$"):
            return True
        resolved = posixpath.normpath(path)
        if any(
            place is not None and (resolved + "/").startswith(place + "/")
            for place in (self.workspace, self.home)
        ):
            return False
        return _shared_directory(posixpath.dirname(resolved))


def _shared_directory(directory: str) -> bool:
    """Whether the nearest existing directory at or above `directory` is writable by
    anyone (as /tmp and /dev/shm are)."""
    for _ in range(64):
        try:
            return bool(os.stat(directory).st_mode & stat.S_IWOTH)
        except OSError:
            if directory in ("/", ""):
                return True
            directory = posixpath.dirname(directory)
    return True


_WORDY = lazy_compile(r"[\w$`]")
_LETTERS = lazy_compile(r"[A-Za-z_]\w*")
# A PATH entry that adds only the project's tool folders or the usual system ones.
_PLAIN_PATH = lazy_compile(
    r"^(?:\$\{?PATH\}?|(?:\$\{?(?:PWD|CLAUDE_PROJECT_DIR|GEMINI_PROJECT_DIR)\}?/|\./)?"
    r"(?:node_modules/\.bin|\.venv/bin|venv/bin)|/usr/local/s?bin|/usr/s?bin|/s?bin"
    r"|/opt/homebrew/s?bin)$"
)
# The shell's own variables: setting them changes this shell, exported or not.
_SHELL_OWN = frozenset(
    {"PS4", "PROMPT_COMMAND", "IFS", "PATH", "SHELLOPTS", "BASHOPTS", "GLOBIGNORE", "CDPATH"}
    | {"BASH_ENV", "ENV", "BASH_XTRACEFD", "FPATH"}
)
# Options whose value a program runs as a shell command, per program.
_CODE_OPTIONS: dict[str, tuple[str, ...]] = {
    "tar": ("--to-command", "--use-compress-program", "-I", "--info-script", "-F",
            "--new-volume-script", "--rsh-command", "--checkpoint-action"),
    "rsync": ("-e", "--rsh", "--rsync-path"),
    "zip": ("-TT", "--unzip-command"),
    "git": ("--open-files-in-pager", "-O", "--upload-pack", "--receive-pack", "--exec"),
    "ssh": ("ProxyCommand", "LocalCommand", "KnownHostsCommand"),
    "scp": ("ProxyCommand", "LocalCommand", "-S"),
    "sftp": ("ProxyCommand", "-S"),
    "man": ("-P", "--pager", "-H", "--html"),
}  # fmt: skip


def _option_code(name: str, values: list[str]) -> list[tuple[str, str]]:
    """(option, code) for each option of `name` given a command to run (`tar
    --to-command=CMD`, `ssh -o ProxyCommand=CMD`, `rsync -e CMD` unless it is plain ssh)."""
    options = _CODE_OPTIONS.get(name)
    if not options:
        return []
    out: list[tuple[str, str]] = []
    for i, v in enumerate(values):
        if name in ("ssh", "scp", "sftp") and v.startswith("-o"):
            setting = v[2:] or (values[i + 1] if i + 1 < len(values) else "")
            key, _, code = setting.replace(" ", "=", 1).partition("=")
            if key in options:
                out.append((f"-o {key}", code))
            continue
        option, eq, code = v.partition("=")
        if option not in options:
            continue
        if not eq:
            code = values[i + 1] if i + 1 < len(values) else ""
        if name == "tar" and option == "--checkpoint-action":
            if not code.startswith("exec="):
                continue
            code = code[5:]
        if (
            name == "rsync"
            and posixpath.basename(code.split(" ", 1)[0]) == "ssh"
            and option != "--rsync-path"
        ):
            continue
        out.append((option, code))
    return out


# Programs that run a script or target named by their arguments (npm run X, make X).
_SCRIPT_RUNNERS = frozenset({"npm", "yarn", "pnpm", "bun"})
_PACKAGE_RUNNERS = frozenset({"npx", "pnpx", "bunx"})
_RUNNERS = _SCRIPT_RUNNERS | _PACKAGE_RUNNERS | {"make", "gmake", "just", "task", "rake", "invoke"}
_RUNNER_PLACES = frozenset(
    {"-f", "--file", "--makefile", "-C", "--directory", "--prefix", "--cwd", "--dir"}
    | {"--justfile", "--taskfile", "-t"}
)
_GLOB = frozenset("*?[")


def _unquoted_glob(node: Node | None) -> bool:
    """Whether a word holds an unquoted `*`, `?` or `[`: bash replaces it by the names of
    matching files, so the word is decided by the files there when it runs."""
    if node is None:
        return False
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type == "word" and not _GLOB.isdisjoint((n.text or b"").decode("utf-8", "replace")):
            return True
        if n.type not in ("string", "raw_string", "ansi_c_string"):
            stack.extend(n.children)
    return False


def _only_tested(node: Node, src: _Source) -> bool:
    """Whether a variable is only tested (`[ -n "$TOKEN" ]`, `test -S "$SSH_AUTH_SOCK"`):
    its value goes nowhere."""
    parent = node.parent
    for _ in range(8):
        if parent is None:
            return False
        kind = parent.type
        if kind == "test_command":
            return True
        if kind == "command":
            name = parent.child_by_field_name("name")
            return name is not None and src.node_text(name) in ("test", "[")
        if kind in ("command_substitution", "process_substitution", "redirected_statement"):
            return False
        parent = parent.parent
    return False


_AWK_VALUE_OPTIONS = ("-F", "-v", "--field-separator", "--assign", "-W")


def _awk_program(args: list[_Word]) -> _Word | None:
    """awk's program: its first operand, unless `-f FILE` names a file."""
    i = 0
    while i < len(args):
        v = args[i].value
        if v in ("-f", "--file") or v.startswith("-f"):
            return None
        if v == "--":
            return args[i + 1] if i + 1 < len(args) else None
        if v in _AWK_VALUE_OPTIONS:
            i += 2
            continue
        if not v.startswith("-"):
            return args[i]
        i += 1
    return None


def _dialect(name: str) -> str:
    """Which language's tricks to look for in code an interpreter named `name` runs."""
    if name in AWKS:
        return "awk"
    if name in ("node", "nodejs", "deno", "bun"):
        return "js"
    if name in ("perl", "ruby", "php", "lua", "luajit"):
        return name.replace("luajit", "lua")
    return "any"


def _preloads(name: str, args: list[_Word]) -> str:
    """Modules loaded on the command line (`perl -MIO::Socket`, `ruby -rsocket`), written
    as the code that would load them, so the code rules see them."""
    out = []
    for w in args:
        v = w.value
        if name == "perl" and v.startswith(("-M", "-m")) and len(v) > 2:
            out.append(f"use {v[2:].split('=')[0]};\n")
        elif name == "ruby" and v.startswith("-r") and len(v) > 2:
            out.append(f'require "{v[2:]}"\n')
    return "".join(out)


_SERVERS = frozenset({"http.server", "SimpleHTTPServer", "smtpd", "aiosmtpd", "ftplib", "pydoc"})


def _module_servers(name: str, args: list[_Word], add: Add) -> None:
    """`python3 -m http.server`, `php -S host:port`: a server others can reach."""
    values = [w.value for w in args]
    for i, v in enumerate(values[:-1]):
        if (v == "-m" and values[i + 1] in _SERVERS) or (name == "php" and v == "-S"):
            add("network", _WHY["network"])
            return
