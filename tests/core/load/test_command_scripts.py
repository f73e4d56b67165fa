"""Which scripts a command runs: the files bash runs, never a decoy whose name merely looks
like the command; and, where only the run can tell, a reason instead of a guess."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from hookdash.core.load.command_scripts import CommandScripts, find_scripts

PATH = "/usr/bin:/bin"


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    hooks = root / "hooks"
    hooks.mkdir(parents=True)
    for name in ("lint.sh", "fmt.sh", "x.sh", "chk.sh", "lin[t].sh", "{fmt,x}.sh"):
        script = hooks / name
        script.write_text(f"echo {name}\n")
        script.chmod(0o755)
    (root / "~+" / "hooks").mkdir(parents=True)
    (root / "~+" / "hooks" / "chk.sh").write_text("echo decoy\n")
    return root


def _run(command: str, root: Path, **variables: str) -> CommandScripts:
    return find_scripts(command, root, {"PATH": PATH, "HOME": str(root.parent), **variables})


def _paths(found: CommandScripts, root: Path) -> list[str]:
    return [os.path.relpath(s.path or "", root) for s in found.scripts]


@pytest.mark.parametrize(
    ("command", "runs"),
    [
        # A glob that matches runs the match, not the file literally named like the pattern.
        ("./hooks/lin[t].sh", ["hooks/lint.sh"]),
        # Braces make two words: the first runs, the second is its argument.
        ("./hooks/{fmt,x}.sh", ["hooks/fmt.sh"]),
        # ~+ is the directory bash is in.
        ("~+/hooks/chk.sh", ["hooks/chk.sh"]),
        ("~/project/hooks/x.sh", ["hooks/x.sh"]),
        ("cd hooks && ./x.sh", ["hooks/x.sh"]),
        ("true && ./hooks/x.sh", ["hooks/x.sh"]),
        ("bash -c hooks/x.sh", ["hooks/x.sh"]),
        ("bash -c 'cd hooks; ./x.sh'", ["hooks/x.sh"]),
        ("source hooks/x.sh", ["hooks/x.sh"]),
        (". hooks/x.sh", ["hooks/x.sh"]),
        ("bash < hooks/x.sh", ["hooks/x.sh"]),
        ("sh -s < hooks/x.sh", ["hooks/x.sh"]),
        ("python3 < hooks/x.sh", ["hooks/x.sh"]),
        ("cat hooks/x.sh | bash", ["hooks/x.sh"]),
        ("bash <<'EOF'\n./hooks/x.sh\nEOF", ["hooks/x.sh"]),
        ("bash <<< ./hooks/x.sh", ["hooks/x.sh"]),
        ("python3 hooks/x.sh --fast", ["hooks/x.sh"]),
        ("node hooks/x.sh", ["hooks/x.sh"]),
        ("bash hooks/x.sh", ["hooks/x.sh"]),
        ("jq -r .x | ./hooks/x.sh | ./hooks/fmt.sh", ["hooks/x.sh", "hooks/fmt.sh"]),
        (
            "./hooks/x.sh; ./hooks/fmt.sh & ./hooks/chk.sh",
            ["hooks/x.sh", "hooks/fmt.sh", "hooks/chk.sh"],
        ),
        ("echo $(./hooks/x.sh) <(./hooks/fmt.sh)", ["hooks/x.sh", "hooks/fmt.sh"]),
        ("(cd hooks; ./x.sh) && ./hooks/fmt.sh", ["hooks/x.sh", "hooks/fmt.sh"]),
        ("(cd hooks) && ./hooks/fmt.sh", ["hooks/fmt.sh"]),  # a subshell's cd stays there
        ("cd hooks | true; ./hooks/fmt.sh", ["hooks/fmt.sh"]),  # so does a pipeline stage's
        ("cd missing; ./hooks/x.sh", ["hooks/x.sh"]),  # cd into nothing fails, changes nothing
        ("cd hooks && cd - && ./hooks/x.sh", ["hooks/x.sh"]),
        ("X=hooks; ./$X/x.sh", ["hooks/x.sh"]),
        ('"./hooks/x.sh"', ["hooks/x.sh"]),
        ("'./hooks/lin[t].sh'", ["hooks/lin[t].sh"]),  # quoted: no glob
        ("./hooks/lin\\[t\\].sh", ["hooks/lin[t].sh"]),
        ('./hooks/"{fmt,x}".sh', ["hooks/{fmt,x}.sh"]),
        ("for s in x fmt; do ./hooks/$s.sh; done", ["hooks/x.sh", "hooks/fmt.sh"]),
        ("f() { ./hooks/x.sh; }; f", ["hooks/x.sh"]),
        ("trap ./hooks/x.sh EXIT; echo hi", ["hooks/x.sh"]),
        ("eval ./hooks/x.sh", ["hooks/x.sh"]),
        ("exec env -C hooks ./x.sh", ["hooks/x.sh"]),
        ("timeout 5 nice -n 3 ./hooks/x.sh", ["hooks/x.sh"]),
        ("$GEMINI_PROJECT_DIR/hooks/x.sh", ["hooks/x.sh"]),
        ("./hooks/l*.sh", ["hooks/lin[t].sh"]),  # sorted matches; the first runs
        ("./hooks/none*.sh", ["hooks/none*.sh"]),  # no match: the word as written
        ("set -f; ./hooks/lin[t].sh", ["hooks/lin[t].sh"]),  # noglob
        ("if true; then ./hooks/x.sh; else ./hooks/fmt.sh; fi", ["hooks/x.sh", "hooks/fmt.sh"]),
        ("$'./hooks/x\\x2esh'", ["hooks/x.sh"]),  # ANSI-C quoting decoded
        ("./hooks/?.sh", ["hooks/x.sh"]),
        ("./hooks/[[:alpha:]]mt.sh", ["hooks/fmt.sh"]),
        ("./hooks/[!a-e]*.sh", ["hooks/fmt.sh"]),
        ("./hooks/{x,fmt}.sh", ["hooks/x.sh"]),
        ("./hooks/x{,}.sh", ["hooks/x.sh"]),
        ("echo hi", []),
        ("ruff check .", []),
    ],
)
def test_the_script_bash_runs(tmp_path: Path, command: str, runs: list[str]) -> None:
    root = _project(tmp_path)
    found = _run(command, root, GEMINI_PROJECT_DIR=str(root))
    assert _paths(found, root) == runs, found
    assert found.unresolved is None


def test_brace_argument_is_not_a_script(tmp_path: Path) -> None:
    root = _project(tmp_path)
    found = _run("./hooks/{fmt,x}.sh", root)
    assert found.primary is not None and found.primary.program == "./hooks/fmt.sh"


@pytest.mark.parametrize(
    ("command", "why"),
    [
        ("$(echo ./hooks/x.sh)", "decided when it runs"),
        ("`cat name`", "decided when it runs"),
        ('cd "$X" && ./x.sh', "directory hookdash cannot tell"),
        ("$UNKNOWN/x.sh", "$UNKNOWN is not set"),
        ('bash -c "$CODE"', "bash -c runs code decided when it runs"),
        ("curl -s https://x.example/i | sh", "piped in from `curl -s https://x.example/i`"),
        ("bash hooks/$(date).sh", "bash runs a script decided when it runs"),
        ("if [ -d hooks ]; then cd hooks; fi; ./x.sh", "directory hookdash cannot tell"),
        ("for f in $(ls); do ./$f; done", "decided when it runs"),
        ('eval "$(cat x)"', "eval runs code decided when it runs"),
        ("read p; ./$p", "$p is set when it runs"),
        ("echo 'unterminated", "not valid bash"),
    ],
)
def test_what_only_the_run_can_tell_is_said(tmp_path: Path, command: str, why: str) -> None:
    found = _run(command, _project(tmp_path))
    assert found.unresolved is not None and why in found.unresolved, found.unresolved


def test_a_tool_on_path_is_the_program_not_a_script(tmp_path: Path) -> None:
    root = _project(tmp_path)
    found = _run("sh-that-does-not-exist --x | ./hooks/x.sh", root)
    assert found.program is not None and not found.program.exists
    assert found.primary is not None and found.primary.path == str(root / "hooks/x.sh")
    # PATH leading into the project: a project script, fingerprinted like the others.
    bin_dir = root / "bin"
    bin_dir.mkdir()
    (bin_dir / "helper").write_text("echo\n")
    (bin_dir / "helper").chmod(0o755)
    inside = find_scripts("helper", root, {"PATH": f"bin:{PATH}"})
    assert [s.path for s in inside.scripts] == [str(bin_dir / "helper")]


def _package(root: Path, scripts: dict[str, str]) -> None:
    (root / "package.json").write_text(json.dumps({"name": "p", "scripts": scripts}, indent=2))


def test_npm_run_follows_package_json_with_pre_and_post(tmp_path: Path) -> None:
    root = _project(tmp_path)
    _package(root, {"prelint": "echo pre", "lint": "./hooks/x.sh && eslint .", "test": "jest"})
    found = _run("npm run lint -- --fix", root)
    assert [(s.kind, s.target) for s in found.scripts] == [
        ("npm-script", "prelint"),
        ("npm-script", "lint"),
        ("script", None),  # the script the npm script runs
    ]
    lint = found.scripts[1]
    assert lint.path == str(root / "package.json") and lint.code == "./hooks/x.sh && eslint ."
    assert lint.line == 5
    assert [s.target for s in _run("npm test", root).scripts] == ["test"]
    yarn = _run("cd hooks && yarn lint", root).scripts  # package.json is found upwards
    assert [s.target for s in yarn if s.target] == ["prelint", "lint"]
    assert [s.target for s in _run("pnpm run lint", root).scripts if s.target] == ["lint"]


@pytest.mark.parametrize(
    ("setup", "command", "why"),
    [
        (None, "npm run lint", "there is no package.json"),
        ("{not json", "npm run lint", "is not valid JSON"),
        ('{"scripts": {}}', "npm run lint", "does not define"),
        ('{"scripts": {}}', "npm test", "does not define"),
    ],
)
def test_npm_scripts_that_cannot_be_read_say_so(
    tmp_path: Path, setup: str | None, command: str, why: str
) -> None:
    root = _project(tmp_path)
    if setup is not None:
        (root / "package.json").write_text(setup)
    found = _run(command, root)
    assert found.scripts == () and found.unresolved is not None and why in found.unresolved


def test_make_follows_the_recipe_and_its_prerequisites(tmp_path: Path) -> None:
    root = _project(tmp_path)
    (root / "Makefile").write_text(
        "SCRIPT = hooks/fmt.sh\n"
        "all: lint\n"
        "lint: fmt\n"
        "\t@./hooks/chk.sh $@\n"
        "fmt:\n"
        "\t-bash $(SCRIPT)\n"
        "other:\n"
        "\t./hooks/x.sh\n"
    )
    found = _run("make lint", root)
    assert [(s.kind, s.target or os.path.relpath(s.path or "", root)) for s in found.scripts] == [
        ("make-target", "fmt"),
        ("interpreted", "hooks/fmt.sh"),  # $(SCRIPT) expanded as make does
        ("make-target", "lint"),
        ("script", "hooks/chk.sh"),
    ]
    assert found.scripts[2].code == "@./hooks/chk.sh $@" and found.scripts[2].line == 4
    bare = _run("make", root)  # the first target: all
    assert [s.target for s in bare.scripts if s.target] == ["fmt", "lint"]
    assert _run("make -n lint", root).scripts == ()  # a dry run runs nothing
    missing = _run("make nope", root)
    assert missing.unresolved is not None and "no such target" in missing.unresolved
    none = _run("make -C hooks lint", root)
    assert none.unresolved is not None and "no Makefile" in none.unresolved
