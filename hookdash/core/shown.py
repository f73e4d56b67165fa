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

from typing import TYPE_CHECKING, Any, overload

from hookdash.core.display import visible

if TYPE_CHECKING:
    from hookdash.core.hosts.gemini.runner import HookRunResult
    from hookdash.core.model import Hook
    from hookdash.core.problems import Problem
    from hookdash.core.run.runlog import RunRecord


class _Text:
    """A text field of the model a `Shown…` wraps, through `visible()` when read; "" where
    it is None or empty. `multiline` keeps newlines and tabs (for text shown as a block)."""

    __slots__ = ("field", "multiline")

    def __init__(self, field: str = "", *, multiline: bool = False) -> None:
        self.field = field
        self.multiline = multiline

    def __set_name__(self, owner: type, name: str) -> None:
        self.field = self.field or name

    @overload
    def __get__(self, shown: None, owner: type) -> _Text: ...
    @overload
    def __get__(self, shown: _Shown, owner: type | None = None) -> str: ...
    def __get__(self, shown: _Shown | None, owner: type | None = None) -> _Text | str:
        if shown is None:  # on the class (help(), introspection): the field itself
            return self
        # getattr with a default: a run record has fields an engine result lacks.
        value = getattr(shown.model, self.field, None)
        return visible(value, multiline=self.multiline) if value else ""


class _Shown:
    __slots__ = ("model",)

    def __init__(self, model: Any) -> None:
        self.model = model


def matcher_text(matcher: Any) -> str:
    """A matcher as written: a string as it is, anything else (a number, a list: Gemini
    ignores or misreads those) as its Python repr; "" for none."""
    if matcher is None or matcher == "":
        return ""
    return visible(matcher if isinstance(matcher, str) else repr(matcher))


class ShownHook(_Shown):
    """`hook.shown`: a hook's text fields through `visible()` ("" where a field is None)."""

    __slots__ = ()

    model: Hook
    id = _Text()
    name = _Text()
    command = _Text()
    command_raw = _Text()
    # The command with its newlines and tabs kept (a multi-line command is shown as it
    # runs); every other hidden character shown.
    command_lines = _Text("command", multiline=True)
    command_raw_lines = _Text("command_raw", multiline=True)
    description = _Text()
    event = _Text()
    key = _Text()
    layer_label = _Text()
    extension = _Text()
    file = _Text()
    pointer = _Text()
    trust_detail = _Text()

    @property
    def matcher(self) -> str:
        return matcher_text(self.model.matcher)

    @property
    def env(self) -> list[tuple[str, str]]:
        """(name, value) of each variable the hook sets, sorted by name."""
        return [(visible(k), visible(v)) for k, v in sorted(self.model.env.items())]

    @property
    def program(self) -> str:
        """The script's path, else the program as written in the command, else ""."""
        script = self.model.script
        if script is None:
            return ""
        return visible(script.path or script.program)


class ShownRun(_Shown):
    """`run.shown`: a run record's or an engine result's text through `visible()`.

    stdout, stderr and the error keep their newlines and tabs (they are shown as blocks);
    everything else is one line.
    """

    __slots__ = ()

    model: RunRecord | HookRunResult
    id = _Text()
    event = _Text()
    key = _Text()
    command = _Text()
    stdout = _Text(multiline=True)
    stderr = _Text(multiline=True)
    error = _Text(multiline=True)
    decision = _Text()
    session_id = _Text()

    @property
    def layer(self) -> str:
        """`extension <name>`, or the settings scope, or "" (a record of unknown origin)."""
        run = self.model
        if run.extension:
            return "extension " + visible(run.extension)
        return visible(run.scope) if run.scope else ""


class ShownProblem(_Shown):
    """`problem.shown`: a problem's message, fix and file through `visible()`."""

    __slots__ = ()

    model: Problem
    code = _Text()
    message = _Text()
    fix = _Text()
    file = _Text()
