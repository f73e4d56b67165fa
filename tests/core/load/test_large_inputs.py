"""Loading grows linearly with the configuration: long disabled lists, many hooks, many
extensions, many distinct scripts (time at n against 4n, see tests/scaling.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hookdash.core.gemini.environment import resolve_environment
from hookdash.core.load.loader import load_configuration
from tests.conftest import Sandbox, command_hook, definition
from tests.scaling import LINEAR_BOUND, growth


def _machine(root: Path, monkeypatch: pytest.MonkeyPatch) -> Sandbox:
    box = Sandbox(root, monkeypatch)
    box.trust_folder()
    return box


def _loader(box: Sandbox) -> Callable[[], object]:
    env = resolve_environment(box.workspace, environ=box.environ)
    return lambda: load_configuration(env)


def test_disabled_lists_and_hooks_load_in_linear_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """n hooks and 10·n disabled entries over two layers: every hook is looked up in the
    list, and the layers' lists are merged (both were quadratic: 2,000 hooks and 20,000
    entries took over three minutes)."""

    def prepare(n: int) -> Callable[[], object]:
        box = _machine(tmp_path / str(n), monkeypatch)
        hooks = [definition(command_hook(f"run {i}", name=f"h{i}")) for i in range(n)]
        entries = [f"gone-{i}" for i in range(5 * n)]
        box.write_user({"hooks": {"BeforeTool": hooks}, "hooksConfig": {"disabled": entries}})
        box.write_workspace({"hooksConfig": {"disabled": [*entries[::2], *entries, "h1"]}})
        load = _loader(box)
        config: Any = load()
        assert [h.id for h in config.hooks if h.disabled] == ["h1"]
        return load

    ratio = growth(prepare, 150)
    assert ratio < LINEAR_BOUND, f"4x the hooks and entries took {ratio:.1f}x as long"
