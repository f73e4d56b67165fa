"""The live log's lines at every width: the duration keeps its unit; columns go first."""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text

from hookdash.core import host_names
from hookdash.core.run.runlog import RunLog, RunRecord
from hookdash.tui.screens.log import LogScreen
from hookdash.tui.widgets.run_line import record_line, short_duration
from tests.conftest import Sandbox, command_hook, definition
from tests.tui.helpers import COLORS, make_app, settle


def _record(duration: float | None, **fields: Any) -> RunRecord:
    data: dict[str, Any] = {
        "ts": "2026-01-01T09:14:03.000Z",
        "origin": "gemini",
        "event": "BeforeTool",
        "id": "block-dangerous-shell",
        "scope": "user",
        "success": True,
        "exit_code": 0,
        "duration_ms": duration,
    }
    data.update(fields)
    return RunRecord(**data)


def _shown(text: Text, width: int) -> str:
    """What a line shows in `width` cells (the list crops what does not fit)."""
    assert text.cell_len <= width, (text.plain, width)
    return text.plain[:width]


def test_short_durations_keep_their_unit() -> None:
    assert short_duration(3) == "3ms"
    assert short_duration(1926) == "1,926ms"
    assert short_duration(9999.4) == "9,999ms"
    assert short_duration(12_345) == "12.3s"
    assert short_duration(250_000) == "250s"
    assert short_duration(None) == "?"
    assert all(len(short_duration(ms)) <= 7 for ms in (0, 9999, 10_000, 99_999, 9_999_999))


@pytest.mark.parametrize("width", range(40, 131))
@pytest.mark.parametrize(("duration", "shown"), [(3, "3ms"), (1926, "1,926ms"), (61_000, "61.0s")])
def test_the_duration_is_never_cut(width: int, duration: float, shown: str) -> None:
    for record in (
        _record(duration),
        _record(duration, event="BeforeToolSelection", id="a" * 60),
        _record(duration, success=False, exit_code=127, extension="safety-net", scope=None),
        _record(duration, timed_out=True, success=False, exit_code=None),
    ):
        line = _shown(record_line(record, COLORS, width), width)
        assert line.rstrip().endswith(shown) or f" {shown}  " in line, (width, line)


@pytest.mark.parametrize("host", host_names())
def test_a_column_says_whose_hook_ran(host: str) -> None:
    record = _record(3).model_copy(update={"host": host, "origin": "hookdash"})
    for width in (117, 77):  # the whole line; the list's width in an 80-column terminal
        words = record_line(record, COLORS, width).plain.split()
        assert host in words and words.index(host) < words.index("block-dangerous-shell")


def test_columns_go_in_order_of_importance() -> None:
    record = _record(3, extension="safety-net", scope=None)
    wide = record_line(record, COLORS, 117).plain
    assert wide.startswith("01-01 ") and "gemini" in wide and "extension safety-net" in wide
    assert "block-dangerous-shell" in wide and "BeforeTool" in wide
    at_80 = record_line(record, COLORS, 77).plain  # the list's width in an 80-column terminal
    assert not at_80.startswith("01-01 ")  # the date went first (the layer had no room)
    assert "gemini" in at_80 and "block-dangerous-shell" in at_80 and "BeforeTool" in at_80
    assert "safety-net" not in at_80
    at_60 = record_line(record, COLORS, 57).plain  # in a 60-column terminal
    assert "gemini" not in at_60 and "BeforeTool" in at_60 and "block-dange" in at_60
    narrowest = record_line(record, COLORS, 40).plain
    assert "BeforeTool" not in narrowest and narrowest.rstrip().endswith("3ms")
    assert "✔ ok" in narrowest


@pytest.mark.parametrize("size", [(120, 36), (80, 24), (60, 15)])
async def test_the_log_screen_shows_whole_durations(
    sandbox: Sandbox, size: tuple[int, int]
) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("true", name="g"))]}})
    RunLog(sandbox.state).append(
        [_record(ms, ts=f"2026-01-01T09:14:0{i}.000Z") for i, ms in enumerate((3, 1926, 48))]
    )
    app = make_app(sandbox)
    async with app.run_test(size=size) as pilot:
        await pilot.press("l")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LogScreen)
        runs = screen.runs
        lines = [
            "".join(segment.text for segment in runs.render_line(y))
            for y in range(min(3, runs.scrollable_content_region.height))
        ]
    assert lines
    for line, duration in zip(lines, ("3ms", "1,926ms", "48ms"), strict=False):
        assert duration in line.split(), lines
