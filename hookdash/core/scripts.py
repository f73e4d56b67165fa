"""What a hook command runs, as the model holds it (`ScriptInfo`), and the words shared by
the readers of commands. Which scripts a command runs is core.load.command_scripts."""

from __future__ import annotations

from hookdash.core.lazy_regex import lazy_compile
from hookdash.core.record_class import ByValue, value_record

INTERPRETERS = frozenset(
    {
        "bash",
        "sh",
        "zsh",
        "dash",
        "ksh",
        "fish",
        "python",
        "python3",
        "node",
        "ruby",
        "perl",
        "php",
        "deno",
        "bun",
        "tsx",
        "ts-node",
        "pwsh",
        "powershell",
        "lua",
        "Rscript",
        "osascript",
    }
)
_BUILTIN_WORDS = (
    "alias bg bind break builtin caller cd command compgen complete continue declare dirs "
    "disown echo enable eval exec exit export false fc fg getopts hash help history jobs "
    "kill let local logout mapfile popd printf pushd pwd read readarray readonly return set "
    "shift shopt source suspend test times trap true type typeset ulimit umask unalias "
    "unset wait if then else elif fi case esac for while until do done function select "
    "[ [[ { ! ."
)
SHELL_BUILTINS = frozenset(_BUILTIN_WORDS.split())
# Variables the agents set for a hook to a place: the project directory (each agent's own
# name for it; Gemini CLI sets Claude's too) and a Claude plugin's folder. A program named
# `"$QWEN_PROJECT_DIR"/.qwen/hooks/x.sh` is a path hookdash can read.
AGENT_PLACE_VARIABLES = (
    "GEMINI_PROJECT_DIR",
    "GEMINI_CWD",
    "CLAUDE_PROJECT_DIR",
    "CLAUDE_PLUGIN_ROOT",
    "QWEN_PROJECT_DIR",
    "CURSOR_PROJECT_DIR",
    "CODEX_PROJECT_DIR",
)
_CONTROL = lazy_compile(r"\|\||&&|[|;&\n]")


@value_record
class ScriptInfo(ByValue):
    """The program a hook's command starts: a script file, or a command on PATH. A plain
    dataclass (as core.findings' records are): `scan` builds one per script and validates
    none; the host records that carry it validate it as a field."""

    path: str | None  # None: a command that is not on PATH
    program: str  # as bash runs it (its words expanded)
    # "script" (run directly), "interpreted" (read by bash/python/…), "reached" (a file that
    # decides what runs: package.json for `node .`, an included makefile, an xargs list),
    # "command" (a tool on PATH), "npm-script" / "make-target" (project code: `code`, from
    # `line` of `path`)
    kind: str
    exists: bool
    executable: bool
    target: str | None = None  # the npm script or make target
    code: str | None = None
    line: int | None = None

    @property
    def is_task(self) -> bool:
        """Project code defined in a package.json or a Makefile, not a file of its own."""
        return self.code is not None

    @property
    def label(self) -> str:
        """How a view names it: its path, and for project code which part of that file."""
        where = self.path or self.program
        if self.kind == "npm-script":
            return f"{where} (scripts.{self.target})"
        if self.kind == "make-target":
            return f"{where} (target {self.target})"
        return where


def first_simple_command(command: str) -> list[str] | None:
    """Words of the command's first simple command (before any | ; && ||), or None."""
    head = _CONTROL.split(command, maxsplit=1)[0]
    if not any(c in head for c in "'\"\\`"):
        # No quoting: plain word splitting is what shlex would do, only faster.
        words = head.split()
        for i, word in enumerate(words):
            if word.startswith("#"):
                return words[:i]
        return words
    try:
        import shlex  # here: most scans join and split no command line

        return shlex.split(head, comments=True)
    except ValueError:
        return None
