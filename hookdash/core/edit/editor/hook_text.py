"""One hook in a settings file's text: add it, change its fields, move it, remove it.

The shape Gemini CLI reads is `hooks.<Event>: [{matcher?, sequential?, hooks: [{type,
command, name?, description?, timeout?}]}]`; Claude Code's settings have the same shape,
so both hosts' writes (hosts/gemini/authoring, hosts/claude/authoring and parking) use
it. Every function here is a pure function of the text built from `jsonedit`'s splices,
so comments, indentation, line ends and every byte outside the edited value stay as they
were, each result is checked to parse to exactly the intended document, and
`atomic.update_file` can apply it again when the file changed on disk. Errors are
`json_paths.JsonEditError` (the caller words them for the user).

Containers an add creates (the `hooks` object, an event's list) are reported in
`created`; `remove_hook` removes such a container again once it is empty only when the
caller says it may (`droppable`), so that add-then-remove gives back the original bytes
while a list the user wrote stays, even when empty. A definition a removal leaves without
hooks is always removed: it does nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hookdash.core import jsonc
from hookdash.core.edit.editor import jsonedit
from hookdash.core.edit.editor.json_paths import JsonEditError, JsonPath, get_value
from hookdash.core.edit.editor.json_verify import same_value

# The order hookdash writes a hook's keys in (Gemini's documentation writes them so).
HOOK_KEY_ORDER: tuple[str, ...] = ("name", "type", "command", "timeout", "description")


@dataclass(frozen=True)
class HookPath:
    """Where one hook sits: `hooks.<event>[definition].hooks[index]`; `definition` is None
    for an event written as a lone definition object (Gemini's merge wraps it in a list)."""

    event: str
    definition: int | None
    index: int

    @property
    def definition_path(self) -> tuple[str | int, ...]:
        if self.definition is None:
            return ("hooks", self.event)
        return ("hooks", self.event, self.definition)

    @property
    def hooks_path(self) -> tuple[str | int, ...]:
        return (*self.definition_path, "hooks")

    @property
    def path(self) -> tuple[str | int, ...]:
        return (*self.hooks_path, self.index)

    @property
    def pointer(self) -> str:
        return jsonc.pointer(*self.path)

    @property
    def definition_pointer(self) -> str:
        return jsonc.pointer(*self.definition_path)


def parse_hook_pointer(pointer: str) -> HookPath:
    """The HookPath of a settings hook's JSON pointer (`Hook.pointer`)."""
    tokens = jsonc.pointer_tokens(pointer)
    shape = [t if not t.isdigit() else "#" for t in tokens]
    if len(tokens) == 5 and shape[0::2] == ["hooks", "#", "#"] and tokens[3] == "hooks":
        return HookPath(tokens[1], int(tokens[2]), int(tokens[4]))
    if len(tokens) == 4 and shape[0] == "hooks" and shape[2:] == ["hooks", "#"]:
        return HookPath(tokens[1], None, int(tokens[3]))
    raise JsonEditError(f"{pointer} is not the place of a hook in a settings file", pointer)


@dataclass
class TextEdit:
    """A settings file's new text and what the edit did to its hooks."""

    text: str
    path: HookPath | None = None  # where the hook is after the edit (None: removed)
    created: list[str] = field(default_factory=list)  # containers the edit added
    dropped: list[str] = field(default_factory=list)  # containers it removed, now empty
    joined: str | None = None  # add: the definition the hook joined (None: a new one)
    definition_removed: bool = False  # remove: its definition went with it


def hook_object(
    *,
    command: str,
    name: str | None = None,
    timeout_ms: int | None = None,
    description: str | None = None,
) -> dict[str, Any]:
    """A command hook as hookdash writes it (keys in HOOK_KEY_ORDER, absent ones left out)."""
    values: dict[str, Any] = {
        "name": name,
        "type": "command",
        "command": command,
        "timeout": timeout_ms,
        "description": description,
    }
    return {k: values[k] for k in HOOK_KEY_ORDER if values[k] is not None}


def normal_matcher(matcher: Any) -> Any:
    """A matcher as Gemini reads it: missing and "" both mean "everything"."""
    return None if matcher is None or matcher == "" else matcher


def is_sequential(definition: Mapping[str, Any]) -> bool:
    return definition.get("sequential") is True  # Gemini honours only the boolean true


def matching_definition(
    definitions: list[Any], matcher: str | None, sequential: bool
) -> int | None:
    """The last definition with this matcher and sequential flag (the one whose hooks run
    last, so a hook joining it keeps "added last" as close as the file allows), or None."""
    found = None
    for i, definition in enumerate(definitions):
        if (
            isinstance(definition, dict)
            and isinstance(definition.get("hooks"), list)
            and normal_matcher(definition.get("matcher")) == normal_matcher(matcher)
            and is_sequential(definition) == sequential
        ):
            found = i
    return found


def definition_object(
    hook: dict[str, Any], matcher: str | None, sequential: bool
) -> dict[str, Any]:
    definition: dict[str, Any] = {}
    if normal_matcher(matcher) is not None:
        definition["matcher"] = matcher
    if sequential:
        definition["sequential"] = True
    definition["hooks"] = [hook]
    return definition


def event_definitions(value: Any, event: str) -> list[Any] | None:
    """The event's list of definitions (None: no such key); JsonEditError for a shape
    hookdash does not rewrite (`hooks` not an object, the event not a list)."""
    if not isinstance(value, dict):
        raise JsonEditError("the settings file is not a JSON object")
    hooks = value.get("hooks")
    if hooks is None:
        return None
    if not isinstance(hooks, dict):
        raise JsonEditError('"hooks" is not an object of event names', "/hooks")
    if event not in hooks:
        return None
    definitions = hooks[event]
    if not isinstance(definitions, list):
        raise JsonEditError(
            f"hooks.{event} is not a list of definitions (write it as [ ... ] first)",
            jsonc.pointer("hooks", event),
        )
    return definitions


def parse_hooks(text: str) -> dict[str, Any]:
    """A settings text's `hooks` member alone (the rest is checked, not built: a large
    file's other members cost nothing), as `{"hooks": …}`."""
    value: dict[str, Any] = jsonc.parse(text, keep={"hooks"})
    return value


def add_hook(
    text: str, event: str, hook: dict[str, Any], matcher: str | None, sequential: bool
) -> TextEdit:
    """Add `hook` to `event`: into the last definition with the same matcher and
    sequential flag, else as a new definition at the end of the event's list."""
    value = parse_hooks(text)
    definitions = event_definitions(value, event)
    created: list[str] = []
    if definitions is not None:
        index = matching_definition(definitions, matcher, sequential)
        if index is not None:
            hooks_path: JsonPath = ("hooks", event, index, "hooks")
            position = len(definitions[index]["hooks"])
            new_text = jsonedit.append_to_list(text, hooks_path, hook)
            return TextEdit(
                text=new_text,
                path=HookPath(event, index, position),
                joined=jsonc.pointer("hooks", event, index),
            )
    else:
        if not isinstance(value.get("hooks"), dict):
            created.append("/hooks")
        created.append(jsonc.pointer("hooks", event))
    position = 0 if definitions is None else len(definitions)
    new_text = jsonedit.append_to_list(
        text, ("hooks", event), definition_object(hook, matcher, sequential)
    )
    return TextEdit(text=new_text, path=HookPath(event, position, 0), created=created)


@dataclass(frozen=True)
class NewHook:
    """A hook to add: to `event`, joining a definition with this matcher and flag."""

    event: str
    hook: dict[str, Any]
    matcher: str | None
    sequential: bool = False


def add_hooks(text: str, new: Sequence[NewHook]) -> tuple[str, list[HookPath]]:
    """Add every hook as `add_hook` called for each in turn does (the same text, the same
    places), with one parse and one splice per list that grows: adding a thousand hooks
    one at a time parsed and mapped the whole, growing, file a thousand times."""
    if not new:
        return text, []
    value = parse_hooks(text)
    plans: dict[str, _EventPlan] = {}
    paths: list[HookPath] = []
    for item in new:
        plan = plans.get(item.event)
        if plan is None:
            plan = plans[item.event] = _EventPlan(item.event, event_definitions(value, item.event))
        paths.append(plan.add(item))
    for event, plan in plans.items():
        for index, hooks in plan.joined.items():
            text = jsonedit.extend_list(text, ("hooks", event, index, "hooks"), hooks)
        text = jsonedit.extend_list(text, ("hooks", event), plan.created)
    return text, paths


class _EventPlan:
    """Where the hooks added to one event go: `matching_definition` kept as an index of
    the last definition per (matcher, flag), so that each hook is placed in constant time."""

    def __init__(self, event: str, definitions: list[Any] | None):
        self.event = event
        self.first_new = len(definitions or ())
        self.last: dict[tuple[str | None, bool], int] = {}
        self.sizes: dict[int, int] = {}
        for i, definition in enumerate(definitions or ()):
            if isinstance(definition, dict) and isinstance(definition.get("hooks"), list):
                matcher = normal_matcher(definition.get("matcher"))
                if matcher is None or isinstance(matcher, str):  # else it matches no new hook
                    self.last[(matcher, is_sequential(definition))] = i
                    self.sizes[i] = len(definition["hooks"])
        self.joined: dict[int, list[dict[str, Any]]] = {}  # existing definition -> new hooks
        self.created: list[dict[str, Any]] = []  # new definitions, with their hooks

    def add(self, item: NewHook) -> HookPath:
        key = (normal_matcher(item.matcher), item.sequential)
        index = self.last.get(key)
        if index is None:
            index = self.last[key] = self.first_new + len(self.created)
            self.created.append(definition_object(item.hook, item.matcher, item.sequential))
            self.sizes[index] = 1
            return HookPath(self.event, index, 0)
        position = self.sizes[index]
        self.sizes[index] += 1
        if index < self.first_new:
            self.joined.setdefault(index, []).append(item.hook)
        else:
            self.created[index - self.first_new]["hooks"].append(item.hook)
        return HookPath(self.event, index, position)


def hook_at(value: Any, where: HookPath) -> Any:
    """The hook object at `where` in a parsed document (JsonEditError if there is none)."""
    found, hook = get_value(value, where.path)
    if not found:
        raise JsonEditError(f"there is no hook at {where.pointer}", where.pointer)
    return hook


def definition_at(value: Any, where: HookPath) -> dict[str, Any]:
    found, definition = get_value(value, where.definition_path)
    if not found or not isinstance(definition, dict):
        raise JsonEditError(
            f"there is no definition at {where.definition_pointer}", where.definition_pointer
        )
    return definition


def remove_hook(text: str, where: HookPath, droppable: Collection[str] = ()) -> TextEdit:
    """Remove the hook at `where`, the definition it leaves empty, and then the event's
    list and the `hooks` object if they are left empty and listed in `droppable`."""
    value = parse_hooks(text)
    hook_at(value, where)
    definition = definition_at(value, where)
    if len(definition["hooks"]) > 1:
        return TextEdit(text=jsonedit.remove_from_list(text, where.hooks_path, where.index))
    # The definition would be left with no hooks: it goes as a whole.
    if where.definition is None:
        new_text = jsonedit.remove_member(text, ("hooks", where.event))
        edit = TextEdit(text=new_text, definition_removed=True)
    else:
        new_text = jsonedit.remove_from_list(text, ("hooks", where.event), where.definition)
        edit = TextEdit(text=new_text, definition_removed=True)
        event_ptr = jsonc.pointer("hooks", where.event)
        remaining = event_definitions(parse_hooks(new_text), where.event)
        if remaining == [] and event_ptr in droppable:
            edit.text = jsonedit.remove_member(edit.text, ("hooks", where.event))
            edit.dropped.append(event_ptr)
    hooks = parse_hooks(edit.text).get("hooks")
    if hooks == {} and "/hooks" in droppable and (where.definition is None or edit.dropped):
        edit.text = jsonedit.remove_member(edit.text, ("hooks",))
        edit.dropped.append("/hooks")
    return edit


def set_fields(text: str, path: JsonPath, fields: Mapping[str, Any]) -> str:
    """Set members of the object at `path`; a None value removes the member."""
    for key, new in fields.items():
        found, current = get_value(jsonc.parse(text, keep={str(path[0])}), (*path, key))
        if new is None:
            if found:
                text = jsonedit.remove_member(text, (*path, key))
        elif not found or not same_value(current, new):
            text = jsonedit.set_member(text, (*path, key), new)
    return text


def hook_paths(value: Any, event: str) -> list[HookPath]:
    """Where every hook object of `event` sits in a parsed settings file."""
    hooks = value.get("hooks") if isinstance(value, dict) else None
    definitions = hooks.get(event) if isinstance(hooks, dict) else None
    out: list[HookPath] = []
    if isinstance(definitions, dict):
        entries = definitions.get("hooks")
        if isinstance(entries, list):
            out.extend(
                HookPath(event, None, j) for j, h in enumerate(entries) if isinstance(h, dict)
            )
        return out
    if not isinstance(definitions, list):
        return out
    for i, definition in enumerate(definitions):
        entries = definition.get("hooks") if isinstance(definition, dict) else None
        if isinstance(entries, list):
            out.extend(HookPath(event, i, j) for j, h in enumerate(entries) if isinstance(h, dict))
    return out
