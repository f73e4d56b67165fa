"""The rules that judge a simple command by its words alone (no tree needed): the
wrappers around it, network programs and URLs, destructive and dumping commands, and
writes outside the workspace. Each rule reports through `add(kind, why)`."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable

from hookdash.core.load.risks.syntax import _Word
from hookdash.core.load.risks.vocabulary import (
    _ELEVATE,
    _NET_DEVICE,
    _NO_EFFECT,
    _SUDO_ARG_OPTIONS,
    _URL,
    _WHY,
    _WRAPPERS,
    _WRITERS,
    NETWORK,
    SHELLS,
    secret_name,
)
from hookdash.core.model import RiskKind

# How a rule reports a finding: the span is the command's, fixed by whoever calls it.
Add = Callable[[RiskKind, str], None]
# Whether writing to a path writes outside the workspace (paths.outside_workspace, bound).
Outside = Callable[[str], bool]


def unwrap(words: list[_Word], add: Add) -> list[_Word]:
    """The command a wrapper runs: `sudo -u x env A=1 nohup curl …` → `curl …`."""
    for _ in range(16):  # wrappers of wrappers, bounded
        if not words:
            return words
        name = posixpath.basename(words[0].value)
        rest = words[1:]
        if name in _ELEVATE:
            add("sudo", _WHY["sudo"].format(name=name))
            i = 0
            while i < len(rest) and rest[i].value.startswith("-"):
                i += 2 if rest[i].value in _SUDO_ARG_OPTIONS else 1
            words = rest[i:]
        elif name == "env":
            i = 0
            while i < len(rest) and (
                rest[i].value.startswith("-") or re.match(r"^\w+=", rest[i].value)
            ):
                i += 2 if rest[i].value in ("-u", "-C", "-S") else 1
            if i >= len(rest):
                return words  # `env` alone (or with only settings): a dump
            words = rest[i:]
        elif name in _WRAPPERS:
            if name == "command" and rest and rest[0].value in ("-v", "-V"):
                return []  # `command -v x` only looks x up
            i = 0
            while i < len(rest) and rest[i].value.startswith("-"):
                i += 2 if name == "nice" and rest[i].value == "-n" else 1
            words = rest[i:]
        elif name == "timeout":
            i = 0
            while i < len(rest) and rest[i].value.startswith("-"):
                i += 1
            words = rest[i + 1 :]  # the duration, then the command
        elif name == "xargs":
            i = 0
            while i < len(rest) and rest[i].value.startswith("-"):
                takes = rest[i].value in ("-I", "-n", "-P", "-L", "-d", "-E", "-s", "-a")
                i += 2 if takes else 1
            words = rest[i:]
        else:
            return words
    return words


def network_rules(name: str, args: list[_Word], values: list[str], add: Add) -> None:
    """A network program, a URL handed to a program, or a /dev/tcp path."""
    if name in NETWORK:
        add("network", _WHY["network"])
    elif name not in _NO_EFFECT and name not in SHELLS and name != "eval":
        # (A shell's or eval's code is parsed itself: its URLs are judged in place.)
        for w in args:
            if _URL.search(w.value):
                add("network", _WHY["url"])
                break
    if any(_NET_DEVICE.search(v) for v in values):
        add("network", _WHY["network"])


def command_rules(name: str, values: list[str], add: Add, outside: Outside) -> None:
    """The rules chosen by the command's name (after its wrappers are taken off), except
    those that need the tree (eval, source, shells and interpreters)."""
    if name == "git":
        git_rules(values, add)
    elif name == "rm":
        if _rm_recursive_force(values):
            add("destructive", _WHY["rm"])
    elif name == "dd":
        targets = [v[3:] for v in values if v.startswith("of=")]
        if targets:
            add("destructive", _WHY["dd"])
            for target in targets:
                if outside(target):
                    add("outside-workspace", _WHY["outside"])
    elif name.startswith("mkfs") or name in ("shred", "wipefs"):
        add("destructive", _WHY["wipe"].format(name=name))
    elif name in ("env", "printenv"):
        rest = [v for v in values if not v.startswith("-")]
        if not rest:
            add("secrets", _WHY["env-dump"])
        elif name == "printenv" and any(secret_name(v) for v in rest):
            secret = next(v for v in rest if secret_name(v))
            add("secrets", _WHY["secret-var"].format(name=secret))
    elif name in ("export", "declare", "typeset"):
        if not values or all(v in ("-p", "-x", "-px", "-xp") for v in values):
            add("secrets", _WHY["env-dump"])
    elif name == "set" and not values:
        add("secrets", _WHY["env-dump"])
    elif name == "su":
        add("sudo", _WHY["sudo"].format(name="su"))
    elif name == "tee":
        for v in values:
            if not v.startswith("-") and outside(v):
                add("outside-workspace", _WHY["outside"])
                break
    elif name in _WRITERS or name in ("touch", "mkdir"):
        write_rules(name, values, add, outside)


def git_rules(values: list[str], add: Add) -> None:
    """`git push` (forced or not), `git reset --hard`, `git clean -f`."""
    i = 0
    while i < len(values) and values[i].startswith("-"):
        i += 2 if values[i] in ("-C", "-c") else 1
    if i >= len(values):
        return
    sub, rest = values[i], values[i + 1 :]
    if sub == "push":
        add("network", _WHY["git-push"])
        force = any(
            v in ("-f", "--force", "--mirror") or v.startswith("--force-with-lease") for v in rest
        ) or any(v.startswith("+") and not v.startswith("+-") for v in rest)
        if force:
            add("destructive", _WHY["git-force"])
    elif sub == "reset" and "--hard" in rest:
        add("destructive", _WHY["git-reset"])
    elif sub == "clean" and any(
        v == "--force" or (v.startswith("-") and not v.startswith("--") and "f" in v) for v in rest
    ):
        add("destructive", _WHY["git-clean"])


def write_rules(name: str, values: list[str], add: Add, outside: Outside) -> None:
    """`cp`, `mv`, `install`, `ln`, `touch`, `mkdir` into a place outside the workspace."""
    paths = [v for v in values if not v.startswith("-")]
    if not paths:
        return
    if name in ("touch", "mkdir"):
        targets = paths
    else:
        target_dir = next((values[i + 1] for i, v in enumerate(values[:-1]) if v in ("-t",)), None)
        targets = [target_dir] if target_dir else paths[-1:] if len(paths) > 1 else []
    if any(outside(t) for t in targets):
        add("outside-workspace", _WHY["outside"])


def _rm_recursive_force(values: list[str]) -> bool:
    recursive = force = False
    for v in values:
        if v == "--":
            break
        if v in ("--recursive",):
            recursive = True
        elif v == "--force":
            force = True
        elif v.startswith("-") and not v.startswith("--"):
            recursive |= "r" in v or "R" in v
            force |= "f" in v
    return recursive and force
