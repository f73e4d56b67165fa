from __future__ import annotations

from hookdash.core.hosts.gemini.expand import (
    expand_settings_string,
    expand_settings_value,
    hydrate_extension_value,
)

ENV = {"HOME": "/home/u", "EMPTY": "", "X_1": "v"}


def test_settings_forms() -> None:
    assert expand_settings_string("$HOME/a ${HOME}/b", ENV) == "/home/u/a /home/u/b"
    assert expand_settings_string("${MISSING:-/fallback}/x", ENV) == "/fallback/x"
    assert expand_settings_string("${MISSING:-}x", ENV) == "x"
    assert expand_settings_string("$MISSING ${MISSING}", ENV) == "$MISSING ${MISSING}"
    assert expand_settings_string("[$EMPTY]", ENV) == "[]"  # empty counts as defined
    assert expand_settings_string("${HOME:-nope}", ENV) == "/home/u"
    assert expand_settings_string("$X_1-$X_1x", ENV) == "v-$X_1x"


def test_word_characters_are_ascii_like_javascript() -> None:
    # JS \w stops at "é", so $HOME is expanded and "é" kept.
    assert expand_settings_string("$HOMEé", ENV) == "/home/ué"


def test_every_string_value_but_not_keys() -> None:
    value = {"$HOME": ["$HOME", 1, True, None, {"k": "${X_1}"}]}
    assert expand_settings_value(value, ENV) == {"$HOME": ["/home/u", 1, True, None, {"k": "v"}]}


def test_extension_hydration_only_braces_from_context() -> None:
    ctx = {"extensionPath": "/ext", "/": "/", "workspacePath": "/ws"}
    hooks = {"command": "${extensionPath}${/}run.sh $HOME ${HOME} ${workspacePath}"}
    assert hydrate_extension_value(hooks, ctx) == {"command": "/ext/run.sh $HOME ${HOME} /ws"}


def test_extension_hydration_drops_prototype_keys() -> None:
    assert hydrate_extension_value({"__proto__": 1, "a": 2}, {}) == {"a": 2}
