"""The risk flags against the corpus (risk_corpus.py): every hostile case is flagged with
its kinds, every benign one gets nothing, and the rates over the whole sets hold.

Run as a script for the rates per category:
    .venv/bin/python -m tests.core.load.test_risk_corpus
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from hookdash.core.load.risks import command_risks, kinds_of, script_language, script_risks
from hookdash.core.model import RiskFlag
from tests.core.load.risk_corpus import BENIGN, HOSTILE, Benign, Hostile

WORKSPACE = "/home/dev/project"
HOME = "/home/dev"
HOSTILE_FLAGGED = 0.95  # at least this share of hostile cases flagged
BENIGN_FLAGGED = 0.10  # at most this share of benign cases flagged


def flags_of(case: Hostile | Benign) -> list[RiskFlag]:
    if case.script is None:
        return command_risks(case.command, workspace=WORKSPACE, home=HOME)
    language = script_language(case.command, case.script, None)
    path = f"{WORKSPACE}/.gemini/hooks/{case.script}"
    return script_risks(case.command, path, language=language, workspace=WORKSPACE, home=HOME)


def _id(case: Hostile | Benign) -> str:
    return f"{case.category}:{case.command[:60]}"


@pytest.mark.parametrize("case", HOSTILE, ids=_id)
def test_hostile_case_is_flagged_with_its_kinds(case: Hostile) -> None:
    flags = flags_of(case)
    kinds = set(kinds_of(flags))
    assert kinds, "no flag"
    assert case.kinds <= kinds, [(f.kind, f.span.text) for f in flags]
    for flag in flags:
        assert flag.why
        text = case.command[flag.span.start : flag.span.end]
        assert flag.span.text == text[: len(flag.span.text)] or flag.span.text.endswith("…")


@pytest.mark.parametrize("case", BENIGN, ids=_id)
def test_benign_case_is_not_flagged(case: Benign) -> None:
    flags = flags_of(case)
    assert flags == [], [(f.kind, f.span.text, f.why) for f in flags]


@pytest.mark.parametrize("case", [*HOSTILE, *BENIGN], ids=_id)
def test_the_rules_read_every_case_without_falling_back(
    case: Hostile | Benign, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rule that raises is caught (a listing must not fail) and the text falls back to
    the token scan: that would hide a bug behind a flag. No case here may take that path."""
    import hookdash.core.load.risks as risks
    import hookdash.core.load.risks.shell as shell

    risks._command_flags.cache_clear()
    risks.clear_flag_cache()

    def fail(text: str, reason: str) -> list[object]:
        if reason != "opaque-parse" or "{curl," not in text:  # the one that does not parse
            raise AssertionError(f"fell back ({reason}) on {text[:80]!r}")
        return []

    monkeypatch.setattr(shell, "_unread", fail)
    monkeypatch.setattr(shell, "token_scan", lambda text: [])
    flags_of(case)


def rates() -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]]:
    """Per category: (flagged, total), for the hostile and the benign sets."""
    hostile: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    benign: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for table, cases in ((hostile, HOSTILE), (benign, BENIGN)):
        for case in cases:
            table[case.category][0] += bool(flags_of(case))
            table[case.category][1] += 1
    return (
        {k: (v[0], v[1]) for k, v in hostile.items()},
        {k: (v[0], v[1]) for k, v in benign.items()},
    )


def report() -> str:
    hostile, benign = rates()
    lines = []
    for title, table in (("hostile flagged", hostile), ("benign flagged", benign)):
        flagged = sum(v[0] for v in table.values())
        total = sum(v[1] for v in table.values())
        lines.append(f"{title}: {flagged}/{total} = {flagged / total:.1%}")
        lines += [f"  {k:<14} {v[0]:>3}/{v[1]:<3}" for k, v in sorted(table.items())]
    return "\n".join(lines)


def test_the_sets_are_big_and_varied() -> None:
    assert len(HOSTILE) >= 150 and len(BENIGN) >= 100
    assert len({c.category for c in HOSTILE}) >= 8
    assert len({c.command for c in HOSTILE}) == len(HOSTILE)
    assert len({c.command for c in BENIGN}) == len(BENIGN)


def test_rates(capsys: pytest.CaptureFixture[str]) -> None:
    hostile, benign = rates()
    hostile_rate = sum(v[0] for v in hostile.values()) / sum(v[1] for v in hostile.values())
    benign_rate = sum(v[0] for v in benign.values()) / sum(v[1] for v in benign.values())
    with capsys.disabled():
        print("\n" + report())
    assert hostile_rate >= HOSTILE_FLAGGED
    assert benign_rate <= BENIGN_FLAGGED


if __name__ == "__main__":
    print(report())
