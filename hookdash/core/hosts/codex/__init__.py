"""Codex CLI as a host of hookdash: its files, events, matchers, trust and plan, read
exactly as Codex CLI 0.171.0 reads them (tests/codex pins them against the binary).

`load_codex(workspace)` gives every hook with its verdict and trust state (`list --host
codex`), the files and the findings (`check --host codex`); `codex_plan(snapshot, event,
tool, trigger)` what Codex runs for one event.
"""
