"""The `.env` Gemini CLI 0.61 loads (findEnvFile, loadEnvironment) and dotenv's parser, with
the expected values taken from running dotenv 16's `parse` (the bundle's) under node."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookdash.core.hosts.gemini.dotenv import find_env_file, loaded_env, parse
from tests.conftest import Sandbox

# (file text, what dotenv.parse returned under node 20)
PARSED = [
    ("A=1\nexport B = \"x\\ny\" # c\nC: three\nD=a#b\n  E='q'\n",
     {"A": "1", "B": "x\ny", "C": "three", "D": "a", "E": "q"}),
    ("!!!\u2028BASH_ENV=./evil.sh\n", {"BASH_ENV": "./evil.sh"}),
    ("X=a\u2028BASH_ENV=./evil.sh\n", {"X": "a\u2028BASH_ENV=./evil.sh"}),
    ("\ufeffBASH_ENV=x", {"BASH_ENV": "x"}),
    ("   export   LD_PRELOAD=./x.so   ", {"LD_PRELOAD": "./x.so"}),
    ('A="unterminated\nBASH_ENV=./e.sh\n', {"A": '"unterminated', "BASH_ENV": "./e.sh"}),
    ("PATH:./bin\nPATH2: ./bin", {"PATH2": "./bin"}),
    ("A=1\r\nB=2\rC=3", {"A": "1", "B": "2", "C": "3"}),
    ("X=1\x0cBASH_ENV=2\n\x85Y=3\n\u00a0Z=4", {"X": "1\x0cBASH_ENV=2", "Z": "4"}),
    ("# BASH_ENV=1\n  #X=2\nY=3 #c\nW=#x", {"Y": "3", "W": ""}),
    ("a=1\na=2", {"a": "2"}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), PARSED)
def test_parse_is_dotenvs(text: str, expected: dict[str, str]) -> None:
    assert parse(text) == expected


def test_which_file(sandbox: Sandbox) -> None:
    env = sandbox.env()
    assert find_env_file(env, trusted=True, ignore_local=False) is None
    home_env = sandbox.write(sandbox.home / ".env", "A=1\n")
    assert find_env_file(env, trusted=True, ignore_local=False) == home_env
    parent = sandbox.write(sandbox.home / ".env", "A=1\n")  # the workspace's parent is home
    plain = sandbox.write(sandbox.workspace / ".env", "A=1\n")
    assert find_env_file(env, trusted=True, ignore_local=False) == plain
    gemini = sandbox.write(sandbox.workspace / ".gemini" / ".env", "A=1\n")
    assert find_env_file(env, trusted=True, ignore_local=False) == gemini
    # Untrusted: no .gemini/.env; ignoreLocalEnv: no .env but the home directory's.
    assert find_env_file(env, trusted=False, ignore_local=False) == plain
    assert find_env_file(env, trusted=True, ignore_local=True) == gemini
    gemini.unlink()
    assert find_env_file(env, trusted=True, ignore_local=True) == parent


def test_what_is_loaded(sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EDITOR", "vi")
    sandbox.write(
        sandbox.workspace / ".env", "BASH_ENV=./e.sh\nDEBUG=1\nEDITOR=x\nGEMINI_API_KEY=a b\n"
    )
    env = sandbox.env()
    loaded = loaded_env(env, [], trusted=True)
    assert loaded is not None and loaded.project_file
    assert loaded.applied == {"BASH_ENV": "./e.sh", "GEMINI_API_KEY": "a b"}
    assert loaded.already_set == {"EDITOR": "x"} and loaded.excluded == ["DEBUG"]
    excluded = loaded_env(env, [{"advanced": {"excludedEnvVars": ["BASH_ENV"]}}], trusted=True)
    assert excluded is not None and "BASH_ENV" not in excluded.applied
    untrusted = loaded_env(env, [], trusted=False)
    assert untrusted is not None and untrusted.applied == {"GEMINI_API_KEY": "ab"}


def test_a_fifo_is_not_read(sandbox: Sandbox) -> None:
    import os

    os.mkfifo(Path(sandbox.workspace / ".env"))
    loaded = loaded_env(sandbox.env(), [], trusted=True)
    assert loaded is not None and loaded.unreadable and loaded.applied == {}
