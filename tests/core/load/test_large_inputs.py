"""Loading grows linearly with the configuration: long disabled lists, many hooks, many
extensions, many distinct scripts (time at n against 4n, see tests/scaling.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hookdash.core.hosts.gemini.environment import resolve_environment
from hookdash.core.load.loader import load_configuration
from tests.conftest import Sandbox, command_hook, definition
from tests.scaling import FACTOR, LINEAR_BOUND, growth


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
    assert ratio < LINEAR_BOUND, f"{FACTOR}x the hooks and entries took {ratio:.1f}x as long"


def test_a_reload_does_not_analyse_unchanged_scripts_again(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The risk cache held 64 scripts: with more configured, each reload analysed every
    script again (200 scripts of 64 KiB: 29 s per reload)."""
    import hookdash.core.load.risks as risks

    analysed: list[str] = []
    analyse = risks._analyze_text

    def counted(text: str, *args: Any, **kwargs: Any) -> Any:
        analysed.append(text)
        return analyse(text, *args, **kwargs)

    monkeypatch.setattr(risks, "_analyze_text", counted)
    sandbox.trust_folder()
    hooks = []
    for i in range(150):
        script = sandbox.script(f".gemini/hooks/s{i}.sh", f"curl -s https://example.com/{i}")
        hooks.append(definition(command_hook(f"bash {script}", name=f"s{i}")))
    sandbox.write_workspace({"hooks": {"BeforeTool": hooks}})
    first = sandbox.load()
    scripts = {t for t in analysed if t.startswith("#!")}
    assert len(scripts) == 150
    assert all(h.risks for h in first.hooks)
    analysed.clear()
    again = sandbox.load()
    assert [t for t in analysed if t.startswith("#!")] == []
    assert [h.risks for h in again.hooks] == [h.risks for h in first.hooks]
