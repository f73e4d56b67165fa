"""A fourth host appears in `list`, `check` and `plan` by registering, with no change
elsewhere (issue 25): the toy host of `toy_host.py`, run in-process (it exists only here)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from hookdash.cli.main import main
from tests.hosts.conftest import Machine, machine
from tests.hosts.toy_host import toy_registered, write_toy_hooks


@pytest.fixture
def toy_machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Machine]:
    m = machine(tmp_path)
    for name, value in m.environ.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("NO_COLOR", "1")
    write_toy_hooks(
        m.workspace,
        [
            {"event": "BeforeTool", "command": "echo toy-guard", "matcher": "shell"},
            {"event": "Start", "command": "echo toy-start"},
            {"event": "Sometime", "command": "echo toy-never"},
        ],
    )
    with toy_registered():
        yield m


def _run(m: Machine, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main([*argv, "--workspace", str(m.workspace)])
    out, err = capsys.readouterr()
    return code, out, err


def test_list_shows_the_toy_hooks(toy_machine: Machine, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(toy_machine, capsys, "list", "--host", "toy")
    assert code == 0
    assert "Toy Agent" in out and "echo toy-guard [shell]" in out
    assert "Toy has no such event" in out  # why the third does not run
    code, out, _ = _run(toy_machine, capsys, "list", "--host", "toy", "--json")
    data = json.loads(out)
    assert [h["command"] for h in data["hooks"]] == [
        "echo toy-guard",
        "echo toy-start",
        "echo toy-never",
    ]
    assert {h["host"] for h in data["hooks"]} == {"toy"}


def test_list_without_host_covers_the_toy(
    toy_machine: Machine, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(toy_machine, capsys, "list")
    assert code == 0 and "── Toy Agent ──" in out and "echo toy-start" in out
    code, out, _ = _run(toy_machine, capsys, "list", "--json")
    data = json.loads(out)
    assert [h["command"] for h in data["hooks"] if h["host"] == "toy"] == [
        "echo toy-guard",
        "echo toy-start",
        "echo toy-never",
    ]
    assert data["toy"]["workspace"] == str(toy_machine.workspace)


def test_check_covers_the_toy(toy_machine: Machine, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(toy_machine, capsys, "check", "--host", "toy", "--json")
    data = json.loads(out)
    assert code == 0 and data["host"] == "toy" and data["warnings"] == 1
    code, out, _ = _run(toy_machine, capsys, "check", "--json")
    data = json.loads(out)
    assert [p["host"] for p in data["problems"]] == ["toy"]
    code, out, _ = _run(toy_machine, capsys, "check")
    assert "[Toy Agent]" in out and "Toy has no event 'Sometime'" in out


def test_plan_for_the_toy(toy_machine: Machine, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        toy_machine, capsys, "plan", "BeforeTool", "--host", "toy", "--tool", "shell", "--json"
    )
    data = json.loads(out)
    assert code == 0 and [h["command"] for h in data["hooks"]] == ["echo toy-guard"]
    code, out, _ = _run(
        toy_machine, capsys, "plan", "BeforeTool", "--host", "toy", "--tool", "other"
    )
    assert "Toy Agent runs 0 hooks" in out and "echo toy-guard" in out  # in "Not run"
    # An event only the toy host has is the toy's without --host.
    code, out, _ = _run(toy_machine, capsys, "plan", "Start")
    assert code == 0 and "Toy Agent runs 1 hook" in out and "echo toy-start" in out


def test_what_the_toy_lacks_says_so(
    toy_machine: Machine, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv in (
        ("fire", "Start", "--host", "toy"),
        ("disable", "echo toy-start", "--host", "toy"),
        ("trust", "--host", "toy"),
        ("hooks", "off", "--host", "toy"),
    ):
        code, _, err = _run(toy_machine, capsys, *argv)
        assert code == 1, argv
        assert "hookdash cannot" in err and "for Toy Agent." in err, err


def test_an_unknown_host_is_a_usage_error(
    toy_machine: Machine, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["list", "--host", "nobody"])
    assert ended.value.code == 2
    assert "'toy'" in capsys.readouterr().err  # the registered hosts are offered
