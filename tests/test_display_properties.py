"""Property: whatever text a configuration, a script, hook output or a telemetry record
holds, no text renderer lets a control, format, bidi, separator or surrogate character
through — the models' `.shown`, present.py's sentences, the CLI's line formatters and
printers, and the dashboard's render helpers (rendered by Rich to segments).

The strings mix ordinary text and markup brackets with exactly the characters the rule is
about; the oracle (`raw_hidden`) asks `unicodedata`, not core.display.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from hypothesis import given, settings, strategies as st
from rich.console import Console, RenderableType

from hookdash.cli.edits import change_line, edit_failed, print_edit
from hookdash.cli.listing import _banners, _hook_line
from hookdash.cli.output import Style, terminal_text
from hookdash.cli.problem_report import problem_lines
from hookdash.cli.running import _log_line, _skipped_line, run_lines
from hookdash.core.edit.edits import Change, EditResult
from hookdash.core.errors import HookNotFound
from hookdash.core.hosts.gemini.environment import resolve_environment
from hookdash.core.hosts.gemini.planner import Skipped
from hookdash.core.hosts.gemini.runner import HookRunResult
from hookdash.core.load.preview import ScriptPreview
from hookdash.core.model import Hook, HookRef, RiskFlag, RiskSpan
from hookdash.core.present import (
    banner_lines,
    describe_trust,
    hook_badges,
    hook_notes,
    problem_location,
    risk_lines,
)
from hookdash.core.problems import Problem
from hookdash.core.run.runlog import RunRecord
from hookdash.core.scripts import ScriptInfo
from hookdash.tui.colors import Colors
from hookdash.tui.plain import plain, plain_content
from hookdash.tui.widgets.hook_details import hidden_body, preview_body, risk_body
from hookdash.tui.widgets.run_line import record_line
from hookdash.tui.widgets.run_view import json_block, run_heading, run_sections, text_block
from hookdash.tui.widgets.trust_review import marked, script_diff_body
from tests.conftest import examples
from tests.hostile_text import raw_hidden

NASTY = (
    "\x1b", "\r", "\x07", "\x08", "\x00", "\x7f", "\x85", "\x9b", "\u202e", "\u2066",
    "\u2069", "\u200b", "\u200f", "\ufeff", "\u00ad", "\u2028", "\u2029", "\ud800",
    "\udfff", "\u3164", "\U000e0041", "\n", "\t",
)  # fmt: skip
ORDINARY = st.sampled_from(list("ab Z09[]/=@:;'\"\\{}.-_é日😀"))
hostile = st.text(st.one_of(st.sampled_from(NASTY), ORDINARY), max_size=40)

COLORS = Colors(
    dark=True, foreground="#ffffff", background="#000000", surface="#111111",
    muted="#888888", primary="#0000ff", accent="#00ffff", success="#00ff00",
    warning="#ffff00", error="#ff0000",
)  # fmt: skip
ENV = resolve_environment("/w", environ={"GEMINI_CLI_HOME": "/h"})
SETTINGS = settings(max_examples=examples(0.6))


def leaks(text: str) -> list[str]:
    return raw_hidden(text, frozenset("\n"))


def rendered(renderable: RenderableType) -> str:
    """Every segment's text as Rich gives it to a terminal (control segments aside)."""
    console = Console(width=100, color_system=None, file=io.StringIO(), legacy_windows=False)
    return "".join(s.text for s in console.render(renderable) if not s.control)


@contextlib.contextmanager
def printed() -> Iterator[io.StringIO]:
    """What a printer writes to stdout, without the CLI's guard (the formatter alone)."""
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        yield buffer


def a_hook(text: str, *, risky: bool = True) -> Hook:
    flag = RiskFlag(kind="network", span=RiskSpan(text=text, start=0, end=1), why=text)
    return Hook(
        id=text or "x", key=f"{text}:{text}", ref=f"workspace:/hooks/{text}", event=text,
        scope="workspace", extension=text, file=f"/w/{text}", pointer=f"/hooks/{text}",
        gemini_source="project", matcher=text, sequential=False, type="command",
        name=text, command=text, command_raw=text + "$X", description=text,
        timeout_ms=1000, env={text: text}, trust="changed", trust_detail=text,
        not_running_because=[text], runs=False,
        duplicate_of=HookRef(id=text, scope="extension", extension=text, ref=text),
        script=ScriptInfo(path=f"/w/{text}", program=text, kind="script", exists=True,
                          executable=True),
        risks=[flag, replace(flag, kind="sudo", file=f"/w/{text}", line=3)]
        if risky else [],
    )  # fmt: skip


def a_record(text: str) -> RunRecord:
    return RunRecord(
        ts=text, origin="gemini", session_id=text, event=text, id=text, key=text,
        scope=text, command=text, duration_ms=3, exit_code=2, success=False,
        decision=text, stdout=text, stderr=text, input={text: text}, output={text: [text]},
        error=text, extension=text,
    )  # fmt: skip


def a_result(text: str) -> HookRunResult:
    return HookRunResult(
        id=text, key=text, scope="user", extension=text, ref=text, command=text,
        input={text: text}, started_at="2026-01-01T00:00:00Z", duration_ms=3, exit_code=1,
        success=False, stdout=text, stderr=text, output={"reason": text},
        output_format="json", error=text,
    )  # fmt: skip


def a_problem(text: str) -> Problem:
    return Problem(
        severity="error", code="settings-parse-error", message=text, fix=text,
        file=f"/h/{text}", pointer=f"/hooks/{text}", line=2, column=3,
    )  # fmt: skip


@SETTINGS
@given(hostile)
def test_the_models_hand_out_only_shown_text(text: str) -> None:
    hook, record, result, problem = a_hook(text), a_record(text), a_result(text), a_problem(text)
    fields: list[Any] = [
        getattr(hook.shown, name)
        for name in ("id", "name", "command", "command_raw", "description", "event", "key",
                     "matcher", "layer_label", "extension", "file", "pointer",
                     "trust_detail", "program")
    ]  # fmt: skip
    fields += [v for pair in hook.shown.env for v in pair]
    for run in (record, result):
        fields += [
            getattr(run.shown, name)
            for name in ("id", "event", "key", "command", "layer", "decision", "session_id")
        ]
        fields += [run.shown.stdout, run.shown.stderr, run.shown.error]  # newlines kept
    fields += [problem.shown.code, problem.shown.message, problem.shown.fix, problem.shown.file]
    fields += [hook.shown.command_lines, hook.shown.command_raw_lines]
    for field in fields:
        assert leaks(field.replace("\t", " ")) == [], field


@SETTINGS
@given(hostile)
def test_present_sentences_are_shown(text: str) -> None:
    hook, problem = a_hook(text), a_problem(text)
    out = [describe_trust(hook), problem_location(problem, ENV.display), ENV.display(text)]
    out += hook_notes(hook)
    out += hook_notes(hook.model_copy(update={"runs": True}))
    out += [b.label for b in hook_badges(hook, hidden=True)]
    for line in banner_lines([problem.model_copy(update={"code": "folder-untrusted"})]):
        out += [line.text, line.message, *line.locations]
    for risk in risk_lines(hook, ENV.display):
        out += [risk.label, risk.span, risk.where, risk.why]
    for sentence in out:
        assert leaks(sentence) == [], sentence


@SETTINGS
@given(hostile)
def test_the_cli_formatters_write_only_shown_text(text: str) -> None:
    s = Style(io.StringIO())
    hook, problem = a_hook(text), a_problem(text)
    lines = [_hook_line(hook, s, 28, 12, hidden=True), _log_line(a_record(text), s)]
    lines += problem_lines(problem, ENV, s)
    lines += run_lines(a_result(text), s)
    lines.append(_skipped_line(
        Skipped(id=text, key=text, scope="user", extension=text, ref=text, reason="matcher",
                detail=text), s))  # fmt: skip
    change = Change(file=f"/h/{text}", scope="user", key=text, action="add", value=[text],
                    note=text)  # fmt: skip
    lines.append(change_line(change, ENV, s))
    snap = type(
        "Snap", (), {"problems": [problem.model_copy(update={"code": "hooks-switched-off"})]}
    )
    lines += _banners(snap, ENV, s)
    lines.append(str(edit_failed(HookNotFound(text), as_json=False)))
    with printed() as out:
        print_edit(EditResult(action="disable", changed=True, message=text, changes=[change],
                              notes=[text]), ENV)  # fmt: skip
    lines.append(out.getvalue())
    for line in lines:
        assert leaks(line.replace("\t", " ")) == [], line


@SETTINGS
@given(hostile)
def test_the_terminal_guard_lets_only_its_own_colours_through(text: str) -> None:
    """Whatever a formatter forgot, `Terminal` writes no hidden character but newlines
    and tabs (and a mark-free text never gets an escape)."""
    assert leaks(terminal_text(text).replace("\t", " ")) == []


@SETTINGS
@given(hostile)
def test_the_dashboards_render_helpers_draw_only_shown_text(text: str) -> None:
    hook, record, result = a_hook(text), a_record(text), a_result(text)
    pieces: list[RenderableType] = [
        plain(text), plain(text, multiline=True), text_block(text, COLORS),
        json_block({text: [text, 1]}, COLORS), record_line(record, COLORS),
        run_heading(record, COLORS), run_heading(result, COLORS),
        *run_sections(record, COLORS, with_input=True), *run_sections(result, COLORS,
                                                                     with_input=False),
        *risk_body(risk_lines(hook, ENV.display), COLORS),
        *hidden_body([a_problem(text)], COLORS),
        *preview_body(ScriptPreview(f"/w/{text}", text, 3, True), COLORS, ENV.display),
        *preview_body(ScriptPreview(f"/w/{text}", "", 0, False, text), COLORS, ENV.display),
        *marked(text, text + "x", COLORS),
    ]  # fmt: skip
    diff = type(
        "Diff",
        (),
        {
            "trusted_at": text,
            "unavailable": None,
            "more": 0,
            "lines": ["--- a", "+++ b", "@@ -1 +1 @@", "-" + text, "+" + text],
        },
    )
    pieces += script_diff_body(diff, COLORS)  # type: ignore[arg-type]
    for piece in pieces:
        assert leaks(rendered(piece)) == [], repr(piece)
    assert leaks(plain_content(text).plain) == []
