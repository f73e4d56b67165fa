"""The display rule, made hard to forget: cli/ and tui/ put no raw untrusted field into
text they show.

A field that comes from a configuration, a script, hook output or a telemetry record
(a hook's id, name, command, …; a run's stdout, stderr, error; a problem's message) may
reach an f-string, a text constructor (`Text`, `Content`, `Static`, `Label`, `Option`,
`Hit`), a text-adding call (`append`, `add_row`, `update`, `notify`, `print`, `write`) or
an error (`CliError`) only through `.shown` (`hook.shown.id`), `visible()`, or a helper
that applies it (`plain`, `json_text`, `env.display`, present.py's sentences). A line
that shows a field known to be safe says why with a `# raw-ok: <why>` comment.

This is a lint, not the proof: the proof is the dashboard walk and the CLI runs on a
hostile configuration (test_hostile_text). The lint points at the line that would leak.
"""

from __future__ import annotations

import ast
from pathlib import Path

import hookdash

PACKAGE = Path(hookdash.__file__).parent
UNTRUSTED = frozenset(
    {
        "id", "name", "command", "command_raw", "description", "matcher", "key", "event",
        "stdout", "stderr", "error", "message", "fix", "detail", "reason", "trust_detail",
        "extension", "layer_label", "session_id", "decision", "program", "version", "why",
        "ts", "run_error", "effect", "warnings", "notes", "not_running_because",
        "gemini_would_not_run_because", "ignored_reason", "unavailable", "trusted_at",
    }
)  # fmt: skip
# Calls whose result is safe to show, whatever their arguments hold.
SANITIZERS = frozenset(
    {
        "visible", "plain", "plain_content", "json_text", "json_block", "text_block",
        "display", "problem_location", "describe_trust", "hook_notes", "risk_lines",
        "CliError", "local_time", "local_date_time",
        # Not shown: they compute, count or look up.
        "len", "bool", "isinstance", "hidden_refs", "hidden_problems_of", "hook_badges",
        "outcome_of", "outcome_label", "verdict_text", "is_run_of", "count_hooks", "state_badge",
        "changed_script", "trusted_commands", "script_preview", "match_kind",
        "describe_execution", "select_hook", "hook_for_problem", "registrable",
    }
)  # fmt: skip
SHOWING = frozenset(
    {
        "Text", "Content", "Static", "Label", "Option", "Hit", "styled", "assemble",
        "append", "add_row", "update", "notify", "print", "write", "Padding",
        "ConfirmScreen", "Banner", "RadioButton", "Button",
    }
)  # fmt: skip
# Names whose attributes are not untrusted text: `shown` (a hook.shown / run.shown /
# problem.shown), `risk` (present.RiskLine, already shown), styles, streams.
SAFE_BASES = frozenset({"shown", "risk", "colors", "sys", "s"})


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _raw_fields(node: ast.AST) -> list[ast.Attribute]:
    """Untrusted attributes read in `node`, except under `.shown`, on a safe name, or in
    a sanitizer call."""
    found: list[ast.Attribute] = []

    def walk(n: ast.AST) -> None:
        if isinstance(n, ast.Call) and _name(n.func) in SANITIZERS:
            return
        if isinstance(n, ast.Attribute):
            base = n.value
            if n.attr == "shown" or (isinstance(base, ast.Name) and base.id in SAFE_BASES):
                return
            under_shown = isinstance(base, ast.Attribute) and base.attr == "shown"
            if n.attr in UNTRUSTED and isinstance(n.ctx, ast.Load) and not under_shown:
                found.append(n)
        for child in ast.iter_child_nodes(n):
            walk(child)

    walk(node)
    return found


def _offenses(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    hits: dict[int, str] = {}

    def report(attribute: ast.Attribute, where: str) -> None:
        line = attribute.lineno
        if "# raw-ok:" in lines[line - 1]:
            return
        hits.setdefault(line, f"{path.relative_to(PACKAGE.parent)}:{line}: .{attribute.attr} "
                              f"in {where}: {lines[line - 1].strip()}")  # fmt: skip

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.Call) and _name(node.func) in SANITIZERS:
            return  # whatever it is given comes out shown
        if isinstance(node, ast.JoinedStr):
            for value in node.values:
                if isinstance(value, ast.FormattedValue):
                    for attribute in _raw_fields(value.value):
                        report(attribute, "an f-string")
        elif isinstance(node, ast.Call) and _name(node.func) in SHOWING:
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                if not isinstance(arg, ast.JoinedStr):  # (those are visited below)
                    for attribute in _raw_fields(arg):
                        report(attribute, f"{_name(node.func)}()")
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return [hits[line] for line in sorted(hits)]


def test_cli_and_tui_show_no_raw_untrusted_field() -> None:
    offenses = [
        offense
        for floor in ("cli", "tui")
        for path in sorted((PACKAGE / floor).rglob("*.py"))
        for offense in _offenses(path)
    ]
    assert offenses == [], "read these through .shown or visible():\n" + "\n".join(offenses)


def test_the_lint_finds_what_it_is_for(tmp_path: Path) -> None:
    """It flags a raw field in an f-string and in a text constructor, and passes the same
    through `.shown`, `visible()` and a `# raw-ok:` line."""
    bad = tmp_path / "bad.py"
    bad.write_text(
        "a = f'{hook.id} runs'\n"
        "t = Text(run.stdout)\n"
        "text.append(problem.message, style='x')\n"
        "b = f'{hook.shown.id} {visible(hook.name)} {len(hook.command)}'\n"
        "u = Text(hook.shown.command)\n"
        "w = Text(record.decision)  # raw-ok: one of allow, deny, block\n"
    )
    found = [line.split(": ", 1)[0].rsplit(":", 1)[1] for line in _offenses_at(bad)]
    assert found == ["1", "2", "3"]


def _offenses_at(path: Path) -> list[str]:
    global PACKAGE
    saved = PACKAGE
    PACKAGE = path.parent / "pkg"  # relative_to(PACKAGE.parent) is then the file name
    try:
        return _offenses(path)
    finally:
        PACKAGE = saved
