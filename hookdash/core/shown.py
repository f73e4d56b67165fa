"""The display side of the models: their untrusted text as a terminal may show it.

A hook's name, command, description, matcher and file, a run's stdout, stderr and error,
a problem's message: all of it comes from files and processes hookdash does not control.
The models keep the exact values (for `--json`, for running, for writing); views read
them through `hook.shown`, `run.shown` and `problem.shown`, which apply core.display's
rule on the way out. Each attribute is computed when read (most of a hook's fields are
never shown on one line), so handing out a `Shown…` costs nothing.

cli/ and tui/ read untrusted text only this way (or through `visible()` itself, or
present.py, whose sentences are built from these); a test scans them for raw fields in
f-strings and text constructors.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hookdash.core.display import visible

if TYPE_CHECKING:
    from hookdash.core.model import Hook
    from hookdash.core.problems import Problem
    from hookdash.core.run.runlog import RunRecord
    from hookdash.core.run.runner import HookRunResult


def _opt(value: str | None) -> str:
    return visible(value) if value else ""


def matcher_text(matcher: Any) -> str:
    """A matcher as written: a string as it is, anything else (a number, a list: Gemini
    ignores or misreads those) as its Python repr; "" for none."""
    if matcher is None or matcher == "":
        return ""
    return visible(matcher if isinstance(matcher, str) else repr(matcher))


class ShownHook:
    """`hook.shown`: a hook's text fields through `visible()` ("" where a field is None)."""

    __slots__ = ("_hook",)

    def __init__(self, hook: Hook) -> None:
        self._hook = hook

    @property
    def id(self) -> str:
        return visible(self._hook.id)

    @property
    def name(self) -> str:
        return _opt(self._hook.name)

    @property
    def command(self) -> str:
        return _opt(self._hook.command)

    @property
    def command_raw(self) -> str:
        return _opt(self._hook.command_raw)

    @property
    def command_lines(self) -> str:
        """The command with its newlines and tabs kept (a multi-line command is shown as
        it runs); every other hidden character shown."""
        return visible(self._hook.command or "", multiline=True)

    @property
    def command_raw_lines(self) -> str:
        return visible(self._hook.command_raw or "", multiline=True)

    @property
    def description(self) -> str:
        return _opt(self._hook.description)

    @property
    def event(self) -> str:
        return visible(self._hook.event)

    @property
    def key(self) -> str:
        return visible(self._hook.key)

    @property
    def matcher(self) -> str:
        return matcher_text(self._hook.matcher)

    @property
    def layer_label(self) -> str:
        return visible(self._hook.layer_label)

    @property
    def extension(self) -> str:
        return _opt(self._hook.extension)

    @property
    def file(self) -> str:
        return visible(self._hook.file)

    @property
    def pointer(self) -> str:
        return visible(self._hook.pointer)

    @property
    def trust_detail(self) -> str:
        return _opt(self._hook.trust_detail)

    @property
    def env(self) -> list[tuple[str, str]]:
        """(name, value) of each variable the hook sets, sorted by name."""
        return [(visible(k), visible(v)) for k, v in sorted(self._hook.env.items())]

    @property
    def program(self) -> str:
        """The script's path, else the program as written in the command, else ""."""
        script = self._hook.script
        if script is None:
            return ""
        return visible(script.path or script.program)


class ShownRun:
    """`run.shown`: a run record's or an engine result's text through `visible()`.

    stdout, stderr and the error keep their newlines and tabs (they are shown as blocks);
    everything else is one line.
    """

    __slots__ = ("_run",)

    def __init__(self, run: RunRecord | HookRunResult) -> None:
        self._run = run

    @property
    def id(self) -> str:
        return visible(self._run.id)

    @property
    def event(self) -> str:
        return _opt(getattr(self._run, "event", None))

    @property
    def key(self) -> str:
        return _opt(self._run.key)

    @property
    def command(self) -> str:
        return _opt(self._run.command)

    @property
    def layer(self) -> str:
        """`extension <name>`, or the settings scope, or "" (a record of unknown origin)."""
        run = self._run
        if run.extension:
            return "extension " + visible(run.extension)
        return _opt(run.scope)

    @property
    def stdout(self) -> str:
        return visible(self._run.stdout or "", multiline=True)

    @property
    def stderr(self) -> str:
        return visible(self._run.stderr or "", multiline=True)

    @property
    def error(self) -> str:
        return visible(self._run.error or "", multiline=True)

    @property
    def decision(self) -> str:
        return _opt(getattr(self._run, "decision", None))

    @property
    def session_id(self) -> str:
        return _opt(getattr(self._run, "session_id", None))


class ShownProblem:
    """`problem.shown`: a problem's message, fix and file through `visible()`."""

    __slots__ = ("_problem",)

    def __init__(self, problem: Problem) -> None:
        self._problem = problem

    @property
    def code(self) -> str:
        return visible(self._problem.code)

    @property
    def message(self) -> str:
        return visible(self._problem.message)

    @property
    def fix(self) -> str:
        return _opt(self._problem.fix)

    @property
    def file(self) -> str:
        return _opt(self._problem.file)
