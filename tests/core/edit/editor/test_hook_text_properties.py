"""Property tests of writing hooks: random settings files in random styles.

- add then remove gives back the original bytes, exactly, whatever the file's style
  (CRLF, tabs, odd spacing, comments anywhere, minified) and whatever it already holds
  (other events, definitions with the same or another matcher, other keys);
- what an add writes is what Gemini reads: the new hook, in the definition with its
  matcher and flag, and the rest of the document unchanged.

Generated documents use the formatter of `test_jsonedit_properties`; the settings have a
`hooks` object with random events and definitions (or none). The one shape where
add-then-remove cannot give back spacing it never saw is an empty container written on
its first line with something inside it (`[ ]`, `{/*c*/}`): such documents are skipped
(`_restorable`), and an empty event list counts as one unless written `[]`.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from hypothesis import HealthCheck, given, settings, strategies as st

from hookdash.core import jsonc
from hookdash.core.edit.editor.hook_text import (
    add_hook,
    definition_object,
    hook_object,
    matching_definition,
    remove_hook,
)
from tests.conftest import examples
from tests.core.edit.editor.test_jsonedit_properties import ANY, TEXT, Style

EXAMPLES = examples()
EVENTS = ["BeforeTool", "AfterTool", "SessionStart", "Odd/Event~1"]
MATCHERS = st.one_of(st.none(), st.sampled_from(["run_shell_command", "", "*", "glob|read"]))

HOOK = st.fixed_dictionaries(
    {"type": st.just("command"), "command": TEXT.filter(bool)},
    optional={"name": TEXT, "timeout": st.integers(1, 90000), "description": TEXT, "x": ANY},
)


@st.composite
def definitions(draw: st.DrawFn) -> list[Any]:
    out = []
    for _ in range(draw(st.integers(0, 3))):
        d: dict[str, Any] = {}
        matcher = draw(MATCHERS)
        if matcher is not None:
            d["matcher"] = matcher
        if draw(st.booleans()):
            d["sequential"] = draw(st.sampled_from([True, False, "true"]))
        d["hooks"] = draw(st.lists(HOOK, min_size=1, max_size=3))
        out.append(d)
    return out


@st.composite
def settings_value(draw: st.DrawFn) -> dict[str, Any]:
    doc: dict[str, Any] = draw(st.dictionaries(st.sampled_from(["model", "ui"]), ANY, max_size=2))
    if draw(st.booleans()):
        hooks = {
            e: draw(definitions()) for e in draw(st.lists(st.sampled_from(EVENTS), unique=True))
        }
        doc["hooks"] = hooks
    if draw(st.booleans()):
        doc["hooksConfig"] = {"disabled": draw(st.lists(TEXT, max_size=2))}
    order = draw(st.permutations(list(doc)))
    return {k: doc[k] for k in order}


def _restorable(text: str, value: dict[str, Any]) -> bool:
    """False for a document with an empty container whose opening bracket is followed by
    something on its own line (`[ ]`, `{/*c*/}`, `{ // c`): add opens it over several
    lines, remove writes it back as `[]`/`{}` (or keeps the comment on a line of its own),
    not as the user spaced it."""
    spans = jsonc.locate(text)
    containers = [("", value)]
    hooks = value.get("hooks")
    if isinstance(hooks, dict):
        containers.append(("/hooks", hooks))
        containers.extend((jsonc.pointer("hooks", e), d) for e, d in hooks.items())
    for ptr, node in containers:
        if node in ({}, []):
            inner = text[spans[ptr].start : spans[ptr].end]
            if inner not in ("{}", "[]") and not re.match(r"[{\[][ \t]*\r?\n", inner):
                return False
            if isinstance(node, list) and inner != "[]":
                return False
    return True


@st.composite
def document(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    value = draw(settings_value())
    style = Style(draw)
    lead = style.inline_gap() + (style.line_end() if draw(st.booleans()) else "")
    tail = draw(st.sampled_from(["", style.nl, style.line_end()]))
    text = lead + style.fmt(value, "") + tail
    assert jsonc.parse(text) == value
    return text, value


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(
    document(),
    st.sampled_from(EVENTS),
    MATCHERS,
    st.booleans(),
    st.builds(
        hook_object,
        command=TEXT.filter(bool),
        name=st.one_of(st.none(), TEXT.filter(bool)),
        timeout_ms=st.one_of(st.none(), st.integers(1, 600000)),
        description=st.one_of(st.none(), TEXT.filter(bool)),
    ),
)
def test_add_then_remove_gives_back_the_original_bytes(
    doc: tuple[str, dict[str, Any]],
    event: str,
    matcher: str | None,
    sequential: bool,
    hook: dict[str, Any],
) -> None:
    text, value = doc
    if not _restorable(text, value):
        return  # see _restorable
    added = add_hook(text, event, hook, matcher, sequential)
    assert added.path is not None
    # What Gemini reads: the hook where it should be, nothing else changed.
    expected = copy.deepcopy(value)
    events = expected.setdefault("hooks", {})
    defs = events.setdefault(event, [])
    index = matching_definition(value.get("hooks", {}).get(event, []), matcher, sequential)
    if index is None:
        defs.append(definition_object(hook, matcher, sequential))
    else:
        defs[index]["hooks"].append(hook)
    assert jsonc.parse(added.text) == expected
    removed = remove_hook(added.text, added.path, added.created)
    assert removed.text == text
