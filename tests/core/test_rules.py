"""The rule catalogue is the one place every finding's code is defined: every code written
in the source (a `Problem(code=…)`, an `_about(hook, severity, code, …)`, a `code = "…"`
a check picks from, a module's `CODE`) is in it, and a Problem with any other code is
refused while the tests run."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from pydantic import ValidationError

import hookdash
from hookdash.core.problems import Problem
from hookdash.core.rules import LEVELS, RULES, UnknownRuleError, level_of, rule

SOURCE = Path(hookdash.__file__).parent
# Modules whose `code` names are not findings: the failure families of core.errors.
NOT_FINDINGS = {SOURCE / "core" / "errors.py"}


def codes_in_source() -> dict[str, list[str]]:
    """Every problem code written as a literal in hookdash, and where."""
    found: dict[str, list[str]] = {}

    def add(code: object, path: Path, node: ast.AST) -> None:
        if isinstance(code, str):
            where = f"{path.relative_to(SOURCE.parent)}:{getattr(node, 'lineno', '?')}"
            found.setdefault(code, []).append(where)

    for path in SOURCE.rglob("*.py"):
        if path in NOT_FINDINGS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                if name == "Problem":
                    for kw in node.keywords:
                        if kw.arg == "code" and isinstance(kw.value, ast.Constant):
                            add(kw.value.value, path, node)
                elif name == "_about" and len(node.args) >= 3:
                    add(_constant(node.args[2]), path, node)
                elif name == "_find" and len(node.args) >= 2:  # core.scan's findings
                    add(_constant(node.args[1]), path, node)
                elif name == "problem" and isinstance(node.func, ast.Attribute) and node.args:
                    # a hook file's own `self.problem(code, …)` (core.load.hook_files)
                    add(_constant(node.args[0]), path, node)
            elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
                for target in node.targets:
                    if isinstance(target, ast.Name) and target.id in ("code", "CODE"):
                        add(node.value.value, path, node)
    return found


def _constant(node: ast.AST) -> object:
    return node.value if isinstance(node, ast.Constant) else None


def test_every_code_in_the_source_is_in_the_catalogue() -> None:
    found = codes_in_source()
    assert len(found) >= 40  # the walk did find them
    missing = {code: where for code, where in found.items() if code not in RULES}
    assert missing == {}


def test_every_rule_is_described() -> None:
    for rule_id, r in RULES.items():
        assert r.id == rule_id
        assert r.level in LEVELS
        assert r.description.endswith(".") and r.help


def test_an_unknown_code_is_refused_while_testing() -> None:
    with pytest.raises(ValidationError, match="rule catalogue"):
        Problem(severity="error", code="no-such-rule", message="m")
    Problem(severity="error", code="hidden-characters", message="m")  # a known one


def test_lookups() -> None:
    assert rule("risky-command").level == "warning"
    with pytest.raises(UnknownRuleError):
        rule("no-such-rule")
    assert [level_of(s) for s in ("error", "warning", "info")] == ["error", "warning", "note"]
