"""Environment variables that change what a hook runs without changing its command.

A hook's `env` (and a project `.env` file Gemini CLI loads into its own environment) reaches
the `bash -c` that runs every hook. Some variables decide how that shell, or a program the
command starts, starts up or what it loads: `BASH_ENV` names a file bash runs before the
command, `LD_PRELOAD` a library every program loads, `PATH` which program a name runs,
`NODE_OPTIONS` may `--require` a file, `GIT_CONFIG_*` can set `core.fsmonitor` (a command
`git status` runs). `git diff --stat` with `BASH_ENV=.gemini/profile.sh` runs
`profile.sh` first: the command alone reads as harmless. Such a variable is a
`startup-env` flag, whatever its value (an empty `PATH` or `IFS` changes what runs too).

Variables that only tune output (`PYTHONUNBUFFERED`, `NO_COLOR`, `GIT_TERMINAL_PROMPT`)
are not flagged: a flag must mean something a reviewer has to read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from hookdash.core.findings import RiskFlag, RiskSpan
from hookdash.core.lazy_regex import lazy_compile
from hookdash.core.load.risks.vocabulary import _SPAN_TEXT

_SHELL = "the shell that runs the hook"

# Exact names, and why each matters (the hook runs as `bash -c <command>`).
_NAMES: dict[str, str] = {
    "BASH_ENV": "bash runs the file it names before the hook's command (`bash -c` reads it)",
    "ENV": "sh, and bash in POSIX mode, run the file it names at start-up",
    "SHELLOPTS": f"sets options of {_SHELL} (xtrace, with PS4, runs code)",
    "BASHOPTS": f"sets shopt options of {_SHELL}",
    "PS4": "expanded (and any command substitution in it run) on every traced line",
    "PROMPT_COMMAND": "a command bash runs before each prompt",
    "IFS": f"changes how {_SHELL} splits words, so the command runs other words",
    "CDPATH": "makes `cd` go to a directory other than the one named",
    "GLOBIGNORE": "changes which files a glob matches",
    "BASH_XTRACEFD": "sends the shell's trace to another file descriptor",
    "ZDOTDIR": "zsh reads its start-up files (.zshenv, .zshrc) from this directory",
    "FPATH": "where zsh and ksh load functions from",
    "PATH": "decides which program each command name runs",
    "HOME": "where shells and tools read their dotfiles (.bashrc, .gitconfig, .npmrc) from",
    "XDG_CONFIG_HOME": "where git and other tools read their configuration from",
    "SHELL": "the shell programs start for subcommands",
    "GCONV_PATH": "glibc loads character-conversion modules (code) from it",
    "PYTHONPATH": "Python imports modules from it first (any `import` can run its code)",
    "PYTHONHOME": "Python loads its standard library from it",
    "PYTHONSTARTUP": "a file Python runs at start-up",
    "PYTHONUSERBASE": "Python imports user site-packages (and their .pth code) from it",
    "PYTHONWARNINGS": "can make Python import a module at start-up",
    "PYTHONBREAKPOINT": "a callable Python imports and runs at breakpoint()",
    "PYTHONINSPECT": "leaves Python in interactive mode after the script",
    "PYTHONEXECUTABLE": "changes which program Python reports as itself",
    "PYTHONPLATLIBDIR": "where Python loads its platform libraries from",
    "NODE_OPTIONS": "options for every node process (`--require`/`--import` load a file)",
    "NODE_PATH": "where node resolves modules from",
    "NODE_REPL_EXTERNAL_MODULE": "a module node loads instead of its REPL",
    "PERL5LIB": "Perl loads modules from it first",
    "PERLLIB": "Perl loads modules from it first",
    "PERL5OPT": "options for every perl process (`-M` loads a module)",
    "PERL5DB": "code the Perl debugger runs",
    "RUBYOPT": "options for every ruby process (`-r` loads a file)",
    "RUBYLIB": "Ruby loads libraries from it first",
    "GEM_HOME": "where Ruby loads gems from",
    "GEM_PATH": "where Ruby loads gems from",
    "BUNDLE_GEMFILE": "which Gemfile (and gems) bundler loads",
    "JAVA_TOOL_OPTIONS": "options for every JVM (`-javaagent` loads code)",
    "_JAVA_OPTIONS": "options for every JVM (`-javaagent` loads code)",
    "JDK_JAVA_OPTIONS": "options for every `java` launch (`-javaagent` loads code)",
    "CLASSPATH": "where Java loads classes from",
    "LUA_INIT": "code Lua runs at start-up",
    "LUA_PATH": "where Lua loads modules from",
    "LUA_CPATH": "where Lua loads native modules from",
    "PHPRC": "which php.ini PHP reads (auto_prepend_file runs code)",
    "PHP_INI_SCAN_DIR": "extra php.ini files PHP reads (auto_prepend_file runs code)",
    "TCLLIBPATH": "where Tcl loads packages from",
    "EDITOR": "a program git and other tools run",
    "VISUAL": "a program git and other tools run",
    "PAGER": "a program git, man and other tools run",
    "MANPAGER": "a program man runs",
    "LESSOPEN": "a command less runs on every file it opens",
    "LESSCLOSE": "a command less runs after every file it opens",
    "BROWSER": "a program tools run to open links",
    "SSH_ASKPASS": "a program ssh runs to ask for a passphrase",
    "MAKEFLAGS": "options for every make (which makefiles, which commands)",
    "MAKEFILES": "makefiles make reads before the project's",
    "GOFLAGS": "flags for every go command (`-toolexec` runs a program)",
    "RUSTC_WRAPPER": "a program cargo runs instead of rustc",
    "RUSTC": "the program cargo runs as the compiler",
    "PIP_INDEX_URL": "where pip downloads packages (code) from",
    "PIP_EXTRA_INDEX_URL": "where pip downloads packages (code) from",
    "PIP_CONFIG_FILE": "the configuration pip reads (indexes, options)",
    "YARN_RC_FILENAME": "the configuration yarn reads (yarnPath runs a file)",
}

_LOADER = "the dynamic loader reads it: every program may load a library it names"
_GIT = "git reads it (config, hooks, the programs git runs such as ssh, pager, editor)"
_NPM = "npm reads it as configuration (script-shell, node-options, registry run code)"
_BASH_FUNC = "bash imports it as a shell function, which can replace any command"

# Prefixes (matched case-sensitively, npm's case-insensitively).
_PREFIXES: tuple[tuple[str, str], ...] = (
    ("LD_", _LOADER),
    ("DYLD_", _LOADER),
    ("GIT_", _GIT),
    ("BASH_FUNC_", _BASH_FUNC),
)
# GIT_ variables that only change what git prints or records, never what it runs.
_QUIET_GIT = frozenset(
    {
        "GIT_TERMINAL_PROMPT",
        "GIT_AUTHOR_NAME",
        "GIT_AUTHOR_EMAIL",
        "GIT_AUTHOR_DATE",
        "GIT_COMMITTER_NAME",
        "GIT_COMMITTER_EMAIL",
        "GIT_COMMITTER_DATE",
        "GIT_OPTIONAL_LOCKS",
        "GIT_FLUSH",
        "GIT_MERGE_AUTOEDIT",
        "GIT_ADVICE",
    }
)
# `npm_config_x` and `NPM_CONFIG_X` (npm reads its env configuration case-insensitively).
_NPM_CONFIG = lazy_compile(r"npm_config_", re.IGNORECASE)


def startup_variable(name: str) -> str | None:
    """Why setting `name` changes what a hook's shell or programs run or load, or None
    for a variable that does not."""
    why = _NAMES.get(name)
    if why is not None:
        return why
    if name in _QUIET_GIT:
        return None
    for prefix, reason in _PREFIXES:
        if name.startswith(prefix):
            return reason
    if name.startswith("BASH_FUNC") or name.endswith("%%"):
        return _BASH_FUNC  # `BASH_FUNC_f%%`, and any exported-function form
    if _NPM_CONFIG.match(name):
        return _NPM
    return None


def env_risks(env: Mapping[str, str]) -> list[RiskFlag]:
    """A `startup-env` flag for each such variable a hook sets (by name, sorted). The
    span is `NAME=value` (offsets into that text), `env` the variable's name."""
    flags: list[RiskFlag] = []
    for name in sorted(env):
        why = startup_variable(name)
        if why is None:
            continue
        text = f"{name}={env[name]}"
        shown = text if len(text) <= _SPAN_TEXT else text[: _SPAN_TEXT - 1] + "…"
        flags.append(
            RiskFlag(
                kind="startup-env",
                span=RiskSpan(text=shown, start=0, end=len(text)),
                why=f"{name}: {why}",
                env=name,
            )
        )
    return flags


__all__ = ["env_risks", "startup_variable"]
