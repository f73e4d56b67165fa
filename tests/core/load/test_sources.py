"""Which directories the configuration depends on (core/sources.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from hookdash.core.load.sources import is_relevant, watch_targets
from tests.conftest import Sandbox, command_hook, definition
from tests.scaling import LINEAR_BOUND, growth


def test_targets_cover_every_file_gemini_reads(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    script = sandbox.root / "scripts" / "guard.sh"
    sandbox.write(script, "#!/bin/sh\n")
    sandbox.write_user(
        {"hooks": {"BeforeTool": [definition(command_hook(f"bash {script}", name="g"))]}}
    )
    targets = watch_targets(sandbox.load())
    gemini = sandbox.home / ".gemini"
    for path in (
        gemini / "settings.json",
        gemini / "trustedFolders.json",
        gemini / "trusted_hooks.json",
        gemini / "extensions" / "ext" / "hooks" / "hooks.json",
        sandbox.workspace / ".gemini" / "settings.json",
        sandbox.workspace / ".gemini" / "hooks" / "x.sh",
        sandbox.workspace / ".env",
        sandbox.system_settings,
        sandbox.system_defaults,
        script,
    ):
        assert is_relevant(path, targets), path
    for path in (
        gemini / "tmp" / "project" / "chats" / "session.jsonl",  # Gemini's chat log
        gemini / "telemetry.log",
        sandbox.workspace / "src" / "main.py",
        sandbox.system_dir / "other.json",
    ):
        assert not is_relevant(path, targets), path


def test_creating_a_missing_directory_is_relevant(sandbox: Sandbox) -> None:
    targets = watch_targets(sandbox.load())
    assert not (sandbox.workspace / ".gemini").exists()
    assert is_relevant(sandbox.workspace / ".gemini", targets)
    assert is_relevant(sandbox.home / ".gemini" / "extensions", targets)


def test_watch_targets_grow_linearly_with_the_hooks(sandbox: Sandbox) -> None:
    """Issue 17: one set copy per hook made 40,000 hooks take 75 s on the event loop."""
    from dataclasses import replace

    from hookdash.core.scripts import ScriptInfo

    sandbox.write_user(
        {"hooks": {"BeforeTool": [definition(command_hook("./hooks/a.sh", name="a"))]}}
    )
    config = sandbox.load()
    template = config.hooks[0]
    directory = sandbox.workspace / "hooks"

    def prepare(count: int) -> Callable[[], object]:
        hooks = [
            template.model_copy(
                update={
                    "scripts": [
                        ScriptInfo(
                            path=str(directory / f"s{i}.sh"),
                            program=f"./hooks/s{i}.sh",
                            kind="script",
                            exists=True,
                            executable=True,
                        )
                    ]
                }
            )
            for i in range(count)
        ]
        big = replace(config, snapshot=config.snapshot.model_copy(update={"hooks": hooks}))

        def run() -> object:
            targets = watch_targets(big)
            names = next(t.names for t in targets if t.directory == directory)
            assert names is not None and len(names) == count
            return targets

        return run

    # CPU time at n and 8n (tests/scaling.py): linear about 8x, quadratic 64x.
    assert growth(prepare, 2000) < LINEAR_BOUND


def test_changed_since_sees_only_what_changed_after_the_load(tmp_path: Path) -> None:
    """Armed, the watcher reads again only when something changed after the load read its
    files: no second full load of an unchanged (huge) configuration."""
    import time

    from hookdash.core.load.sources import MTIME_SLACK_NS, WatchTarget, changed_since

    named, tree = tmp_path / "named", tmp_path / "tree"
    (tree / "ext").mkdir(parents=True)
    named.mkdir()
    for path in (named / "settings.json", named / "other", tree / "ext" / "hooks.json"):
        path.write_text("{}")
    targets = [
        WatchTarget(named, names=frozenset({"settings.json", "missing.json"})),
        WatchTarget(tree, recursive=True),
    ]
    # Every file was just written (ctime cannot be set back), so "unchanged" is asked
    # about a load that started after them; "changed" about one that started before.
    later = time.time_ns() + 2 * MTIME_SLACK_NS
    before = time.time_ns() - 5 * MTIME_SLACK_NS
    assert not changed_since(targets, later)
    assert changed_since([targets[1]], before)  # deep in the tree
    assert changed_since([targets[0]], before)
    missing_only = [WatchTarget(named, names=frozenset({"missing.json"}))]
    assert not changed_since(missing_only, later)
