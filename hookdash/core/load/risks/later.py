"""Text bash evaluates later: a value that becomes code when the hook runs.

- Arithmetic (`$(( v ))`, `(( v ))`, `let`, `declare -i`, `[[ $v -gt 1 ]]`, an array's
  subscript): bash evaluates a variable's value as an expression, and `a[$(cmd)]` in that
  value runs cmd. A variable read from the hook's input (`v=$(jq -r …)`) is the attacker's.
- `printf -v NAME`: a NAME built at run time (`a[$(cmd)]`) runs cmd.
- `trap ARG SIG`: ARG is shell code run at SIG; built at run time, nothing vouches for it.
- Variables that decide what a program runs, set on the command's line or exported
  (`GIT_SSH_COMMAND=… git fetch`, `export PAGER=…`, `PS4='$(…)'` with `set -x`): reviewed
  like a hook's `env` object (core.load.risks.environment), their code values read as shell.

A variable given a literal number (or an arithmetic result, or a `for ((…))` counter) in
the same text is not the attacker's, nor are bash's own counters (`$?`, `$#`, `$RANDOM`…).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hookdash.core.load.risks.syntax import _Source

if TYPE_CHECKING:
    from tree_sitter import Node

_OWN = frozenset(
    {"?", "#", "$", "!", "-", "0", "RANDOM", "SECONDS", "LINENO", "BASHPID", "PPID", "UID"}
    | {"EUID", "EPOCHSECONDS", "EPOCHREALTIME", "SRANDOM", "COLUMNS", "LINES", "OPTIND"}
)
_ARITHMETIC_TESTS = frozenset({"-eq", "-ne", "-lt", "-le", "-gt", "-ge"})
# Variables whose value a program runs as a shell command (or a program's name).
CODE_VARIABLES = frozenset(
    {"GIT_SSH_COMMAND", "GIT_SSH", "GIT_PAGER", "PAGER", "MANPAGER", "EDITOR", "VISUAL"}
    | {"GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_EXTERNAL_DIFF", "GIT_ASKPASS", "SSH_ASKPASS"}
    | {"PROMPT_COMMAND", "LESSOPEN", "LESSCLOSE", "BROWSER", "PS4", "GIT_PROXY_COMMAND"}
    | {"SUDO_ASKPASS", "DIFF_COMMAND"}
)
# Values of those that run nothing but a pager or nothing at all.
HARMLESS_VALUES = frozenset({"", "cat", "less", "less -R", "less -FRX", "more", "true", ":"})

WHY_ARITHMETIC = (
    "bash evaluates ${name} as arithmetic when the hook runs: a value like a[$(cmd)] runs cmd"
)
WHY_ARITHMETIC_OUTPUT = (
    "bash evaluates a command's output as arithmetic: an output like a[$(cmd)] runs cmd"
)
WHY_PRINTF = "printf -v assigns to a name built when the hook runs: a[$(cmd)] as a name runs cmd"
WHY_TRAP = "trap runs code decided when the hook runs"


def numeric_names(root: Node, src: _Source) -> set[str]:
    """Variables the text gives only literal numbers or arithmetic results."""
    given: dict[str, bool] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "variable_assignment":
            name = node.child_by_field_name("name")
            value = node.child_by_field_name("value")
            if name is not None and name.type == "variable_name":
                safe = value is not None and value.type in ("number", "arithmetic_expansion")
                key = src.node_text(name)
                given[key] = given.get(key, True) and safe
        stack.extend(node.children)
    return {name for name, safe in given.items() if safe}


def arithmetic_names(node: Node, src: _Source) -> tuple[list[str], bool]:
    """The variables an arithmetic expression reads, and whether a command's output is
    part of it."""
    names: list[str] = []
    output = False
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type in ("command_substitution", "process_substitution"):
            output = True
            continue
        if n.type in ("do_group", "compound_statement") and n is not node:
            continue  # a `for ((…))` loop's body: commands, not arithmetic
        if n.type == "variable_name":
            names.append(src.node_text(n))
            continue
        if n.type == "word":
            text = src.node_text(n)
            if text.replace("_", "a").isalnum() and not text[0].isdigit():
                names.append(text)  # a bare name: arithmetic reads the variable
            continue
        if n.type == "special_variable_name":
            continue
        stack.extend(n.children)
    return names, output


def arithmetic_node(node: Node, src: _Source) -> Node | None:
    """The expression of an arithmetic context, or None when `node` is not one."""
    kind = node.type
    if kind in ("arithmetic_expansion", "c_style_for_statement"):
        return node
    if kind == "compound_statement" and src.node_text(node).startswith("(("):
        return node
    if kind == "subscript":
        return node.child_by_field_name("index")
    if kind == "test_command":
        for child in node.children:
            if child.type == "binary_expression":
                operator = child.child_by_field_name("operator")
                if operator is not None and src.node_text(operator) in _ARITHMETIC_TESTS:
                    return child
    return None


def unsafe_arithmetic(node: Node, src: _Source, safe: set[str]) -> str | None:
    """Why an arithmetic context evaluates text decided at run time, or None."""
    names, output = arithmetic_names(node, src)
    if output:
        return WHY_ARITHMETIC_OUTPUT
    for name in names:
        if name not in _OWN and name not in safe and not name.isdigit():
            return WHY_ARITHMETIC.format(name=name)
    return None
