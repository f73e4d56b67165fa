"""shell-quote@1.8.3, command expansion, environment sanitization, Gemini's storage paths."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from hookdash.core.hosts.gemini.env_sanitize import Sanitization, sanitize_environment, strict_mode
from hookdash.core.hosts.gemini.shell import escape_shell_arg, expand_command, shell_quote
from hookdash.core.hosts.gemini.storage import (
    PlansDirError,
    plans_dir,
    project_slug,
    slugify,
    transcript_path,
)

# Produced by running the real shell-quote@1.8.3 `quote([s])` under Node.
ORACLE = json.loads((Path(__file__).parent / "data" / "shell_quote_1.8.3.json").read_text())


@pytest.mark.parametrize(("value", "quoted"), ORACLE, ids=[repr(v) for v, _ in ORACLE])
def test_shell_quote_matches_the_npm_package(value: str, quoted: str) -> None:
    assert shell_quote(value) == quoted


def test_shell_quote_is_not_shlex() -> None:
    assert shell_quote("/a:b") == "/a\\:b"
    assert shell_quote("it's") == '"it\'s"'
    assert shell_quote("C:$x") == "C:\\$x"  # the drive-letter prefix quirk


def test_empty_value_inserts_nothing() -> None:
    assert escape_shell_arg("") == ""
    assert expand_command("x$GEMINI_SESSION_ID.y", "/p", "/plans", "") == "x.y"


def test_expand_command_order_and_forms() -> None:
    text = "$GEMINI_PROJECT_DIR ${GEMINI_CWD} '$GEMINI_CWD' $CLAUDE_PROJECT_DIR $GEMINI_CWDX"
    assert expand_command(text, "/my proj", "/pl", "s") == (
        "'/my proj' ${GEMINI_CWD} ''/my proj'' '/my proj' '/my proj'X"
    )
    assert expand_command("$GEMINI_PLANS_DIR/$GEMINI_SESSION_ID", "/p", "/a b", "id") == (
        "'/a b'/id"
    )


def test_sanitization_off_by_default_passes_everything() -> None:
    env = {"API_TOKEN": "x", "PATH": "/bin", "AWS_SECRET": "y"}
    assert sanitize_environment(env, Sanitization()) == env


def test_redaction_rules() -> None:
    env = {
        "PATH": "/bin",
        "API_TOKEN": "x",
        "HARMLESS": "ok",
        "URL": "https://user:pw@example.com",
        "GEMINI_CLI_SECRET_TOKEN": "AKIAABCDEFGHIJKLMNOP",
        "DATABASE_URL": "pg://",
        "ALLOWED_KEY": "k",
        "BLOCKED": "b",
        "GIT_CONFIG_KEY_0": "v",
    }
    config = Sanitization(enabled=True, allowed=["allowed_key"], blocked=["blocked"])
    assert sanitize_environment(env, config) == {
        "PATH": "/bin",
        "HARMLESS": "ok",
        "GEMINI_CLI_SECRET_TOKEN": "AKIAABCDEFGHIJKLMNOP",
        "ALLOWED_KEY": "k",
        "GIT_CONFIG_KEY_0": "v",
    }


def test_strict_mode_in_github() -> None:
    env = {"GITHUB_SHA": "abc", "HOME": "/h", "HARMLESS": "ok", "TITLE": "t"}
    assert strict_mode(env)
    assert sanitize_environment(env, Sanitization()) == {"HOME": "/h", "TITLE": "t"}
    assert strict_mode({"SURFACE": "Github"}) and not strict_mode({"GITHUB_SHA": ""})


def test_sanitization_settings() -> None:
    settings = {
        "security": {
            "environmentVariableRedaction": {"enabled": True, "allowed": ["A"], "blocked": [1]}
        }
    }
    assert Sanitization.from_settings(settings) == Sanitization(enabled=True, allowed=["A"])


def test_slugify() -> None:
    assert slugify("My Project!") == "my-project"
    assert slugify("---") == "project"


def test_project_slug_registry_markers_and_collisions(tmp_path: Path) -> None:
    gemini = tmp_path / ".gemini"
    (gemini / "tmp" / "app").mkdir(parents=True)
    (gemini / "tmp" / "app" / ".project_root").write_text("/other/app")
    # "app" belongs to another project on disk: the next free slug is taken.
    assert project_slug(gemini, "/work/app") == "app-1"
    (gemini / "projects.json").write_text(json.dumps({"projects": {"/work/app": "custom"}}))
    assert project_slug(gemini, "/work/app") == "custom"
    (gemini / "projects.json").write_text(json.dumps({"projects": {"/x": "Bad Slug"}}))
    assert project_slug(gemini, "/work/app") == "app-1"  # invalid registry: reset to empty
    (gemini / "tmp" / "mine").mkdir()
    (gemini / "tmp" / "mine" / ".project_root").write_text("/work/app\n")
    assert project_slug(gemini, "/work/app") == "mine"  # an existing marker wins


def test_plans_dir_default_and_custom(tmp_path: Path) -> None:
    gemini = tmp_path / ".gemini"
    project = tmp_path / "proj"
    project.mkdir()
    assert plans_dir(gemini, str(project), "sid", {}) == str(gemini / "tmp/proj/sid/plans")
    custom = {"general": {"plan": {"directory": "docs/plans"}}}
    assert plans_dir(gemini, str(project), "sid", custom) == str(project / "docs/plans")
    with pytest.raises(PlansDirError, match="outside the project root"):
        plans_dir(gemini, str(project), "sid", {"general": {"plan": {"directory": "../x"}}})


def test_transcript_path_format(tmp_path: Path) -> None:
    gemini = tmp_path / ".gemini"
    now = datetime(2026, 11, 21, 10, 24, 23, tzinfo=UTC)
    path = transcript_path(gemini, "/w/project", "d2dac2d8-fbf7-4b1d", now)
    assert path == str(gemini / "tmp/project/chats/session-2026-11-21T10-24-d2dac2d8.jsonl")
