"""Edits of the user's [hooks.state]: one entry changes, every other byte stays, the key
(which holds dots) stays one quoted key, and off then on gives the same bytes back."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given, strategies as st

from hookdash.core.errors import SettingsParseError, UnsupportedShapeError
from hookdash.core.hosts.codex.hook_state import REMOVE, set_hook_state

KEY = "/home/u/.codex/hooks.json:pre_tool_use:0:0"
CONFIGS = [
    "",
    'model = "x"\n',
    '# mine\nmodel = "x"   # keep\n\n[tui]\nfoo = 1\n',
    '[[hooks.PreToolUse]]\nmatcher = "Bash"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\n'
    'command = "echo a"\n\n# tail\n[tui]\nx = 1\n',
    f'[hooks.state]\n\n[hooks.state."{KEY}"]\ntrusted_hash = "sha256:1" # mine\n\n[z]\n',
    f'[hooks.state]\n"{KEY}" = {{ trusted_hash = "sha256:1" }}\n[z]\n',
    "a = 1\r\n[b]\r\nc = 2\r\n",
]


@pytest.mark.parametrize("text", CONFIGS)
def test_off_then_on_gives_the_same_bytes(text: str) -> None:
    off = set_hook_state(text, KEY, {"enabled": False})
    assert tomllib.loads(off)["hooks"]["state"][KEY]["enabled"] is False
    assert set_hook_state(off, KEY, {"enabled": REMOVE}) == text


@pytest.mark.parametrize("text", CONFIGS)
def test_trust_writes_one_quoted_key(text: str) -> None:
    out = set_hook_state(text, KEY, {"trusted_hash": "sha256:abc"})
    state = tomllib.loads(out)["hooks"]["state"]
    assert state[KEY]["trusted_hash"] == "sha256:abc"
    assert "/home/u/" not in "".join(k for k in state if k != KEY)  # never split at dots
    assert out.startswith(text.rstrip("\r\n")) or KEY in text


def test_refuses_a_file_that_does_not_parse() -> None:
    with pytest.raises(SettingsParseError):
        set_hook_state("x = [\n", KEY, {"enabled": False})


def test_refuses_where_a_table_cannot_join() -> None:
    with pytest.raises(UnsupportedShapeError):
        set_hook_state("hooks = { a = 1 }\n", KEY, {"enabled": False})


names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12)


@given(
    body=st.dictionaries(st.from_regex(r"[a-z][a-z0-9_]{0,6}", fullmatch=True), names, max_size=4),
    key=names.map(lambda s: f"/p/{s}.json:stop:0:0"),
)
def test_any_config_keeps_its_other_values(body: dict[str, str], key: str) -> None:
    import json

    text = "".join(f"{k} = {json.dumps(v, ensure_ascii=False)}\n" for k, v in body.items())
    out = set_hook_state(text, key, {"trusted_hash": "sha256:1", "enabled": False})
    value = tomllib.loads(out)
    assert value["hooks"]["state"] == {key: {"trusted_hash": "sha256:1", "enabled": False}}
    assert {k: v for k, v in value.items() if k != "hooks"} == body
    assert out.startswith(text)
