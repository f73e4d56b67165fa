"""The rules that judge a simple command by its words alone (no tree needed): the
wrappers around it, network programs and URLs, destructive and dumping commands, and
writes outside the workspace. Each rule reports through `add(kind, why)`."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable

from hookdash.core.findings import RiskKind
from hookdash.core.lazy_regex import lazy_compile
from hookdash.core.load.risks.syntax import _Word
from hookdash.core.load.risks.vocabulary import (
    _ELEVATE,
    _FETCHER_AWAY,
    _FETCHERS,
    _LOCAL_URL,
    _NET_DEVICE,
    _NO_EFFECT,
    _REMOTE_COPY,
    _SUDO_ARG_OPTIONS,
    _URL,
    _WHY,
    _WRAPPERS,
    _WRITERS,
    NETWORK,
    SHELLS,
    secret_name,
)

# How a rule reports a finding: the span is the command's, fixed by whoever calls it.
Add = Callable[[RiskKind, str], None]
# Whether writing to a path writes outside the workspace (paths.outside_workspace, bound),
# or to a file that makes code run later (paths.persistent_target, bound).
Outside = Callable[[str], bool]


def _as_shell(word: _Word, code: _Word) -> list[_Word]:
    """`sh -c CODE`, standing for a wrapper that hands CODE to a shell (`watch 'cmd'`,
    `su -c cmd`, `env -S 'cmd'`): the shell rules then read CODE."""
    return [_Word("sh", True, word.start, word.end), _Word("-c", True, word.start, word.end), code]


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
                value = rest[i].value
                if value in ("-S", "--split-string") and i + 1 < len(rest):
                    return _as_shell(words[0], rest[i + 1])  # env -S 'curl x': split, run
                if value.startswith(("--split-string=", "-S")) and value not in ("-S",):
                    code = value.split("=", 1)[1] if value.startswith("--") else value[2:]
                    cut = len(value) - len(code)
                    word = rest[i]
                    code_word = _Word(code, word.static, word.start + cut, word.end, word.node)
                    return _as_shell(words[0], code_word)
                i += 2 if value in ("-u", "-C") else 1
            if i >= len(rest):
                return words  # `env` alone (or with only settings): a dump
            words = rest[i:]
        elif name in ("watch", "su", "script", "flock"):
            found = _wrapped_code(name, words, add)
            if found is None:
                return words
            words = found
        elif name == "busybox" and rest and not rest[0].value.startswith("-"):
            words = rest  # busybox nc …: the applet
        elif name in _WRAPPERS:
            if name == "command" and rest and rest[0].value in ("-v", "-V"):
                return []  # `command -v x` only looks x up
            takes = _WRAPPER_VALUES.get(name, ())
            i = 0
            while i < len(rest) and rest[i].value.startswith("-"):
                i += 2 if rest[i].value in takes else 1
            words = rest[i:]
        elif name == "timeout":
            i = 0
            while i < len(rest) and rest[i].value.startswith("-"):
                i += 2 if rest[i].value in ("-s", "--signal", "-k", "--kill-after") else 1
            words = rest[i + 1 :]  # the duration, then the command
        elif name == "xargs":
            words = _xargs(rest)
        elif name == "parallel":
            words = _parallel(words)
        else:
            return words
    return words


# The options of wrappers that take a value (`exec -a NAME cmd`, `nice -n 5 cmd`).
_WRAPPER_VALUES: dict[str, tuple[str, ...]] = {
    "nice": ("-n", "--adjustment"),
    "exec": ("-a",),
    "ionice": ("-c", "-n", "-p", "-P", "-u", "--class", "--classdata"),
    "stdbuf": ("-i", "-o", "-e", "--input", "--output", "--error"),
    "time": ("-f", "-o", "--format", "--output"),
    "systemd-inhibit": ("--what", "--who", "--why", "--mode"),
    "torsocks": ("-a", "-P", "-u", "-p", "--address", "--port", "--user", "--pass"),
    "proxychains": ("-f",),
}


def _xargs(rest: list[_Word]) -> list[_Word]:
    """The command xargs runs. Words that hold its replace string (`-I {}`) are filled in
    from its input when it runs, so they are not static: `xargs -I{} sh -c '{}'` runs
    whatever its input says."""
    replace: str | None = None
    i = 0
    while i < len(rest) and rest[i].value.startswith("-"):
        v = rest[i].value
        if v in ("-I", "--replace") and i + 1 < len(rest):
            replace = rest[i + 1].value
        elif v.startswith("-I") and len(v) > 2:
            replace = v[2:]
        elif v in ("-i", "--replace") or v.startswith("--replace="):
            replace = v.split("=", 1)[1] if "=" in v else "{}"
        takes = v in ("-I", "-n", "-P", "-L", "-d", "-E", "-s", "-a", "--arg-file")
        i += 2 if takes else 1
    words = rest[i:]
    if replace:
        words = [
            _Word(w.value, False, w.start, w.end, w.node) if replace in w.value else w
            for w in words
        ]
    return words


def _parallel(words: list[_Word]) -> list[_Word]:
    """GNU parallel's command, or with none before `:::`, the first argument after it
    (parallel runs each argument as a shell command)."""
    rest = words[1:]
    split = next((i for i, w in enumerate(rest) if w.value in (":::", "::::", ":::+")), len(rest))
    command = [w for w in rest[:split] if not w.value.startswith("-")]
    if command:
        return [
            _Word(w.value, w.static and "{" not in w.value, w.start, w.end, w.node) for w in command
        ]
    after = rest[split + 1 : split + 2]
    return _as_shell(words[0], after[0]) if after else []


def _wrapped_code(name: str, words: list[_Word], add: Add) -> list[_Word] | None:
    """The command a wrapper that takes shell code runs: `watch [-n N] 'cmd'`, `su -c cmd`,
    `script -c cmd`, `flock FILE -c cmd`; None when it runs nothing this can read."""
    rest = words[1:]
    if name == "su":
        add("sudo", _WHY["sudo"].format(name="su"))
    for i, w in enumerate(rest[:-1]):
        if (name != "watch" and w.value in ("-c", "--command")) or w.value.startswith("--command="):
            code = rest[i + 1] if not w.value.startswith("--command=") else w
            return _as_shell(words[0], code)
    if name != "watch":
        return None if name != "flock" else rest[1:] if len(rest) > 1 else None
    i, direct = 0, False
    while i < len(rest) and rest[i].value.startswith("-"):
        direct |= rest[i].value in ("-x", "--exec")
        i += 2 if rest[i].value in ("-n", "--interval", "-q", "--equexit") else 1
    if i >= len(rest):
        return None
    if len(rest) - i == 1 and not direct:
        return _as_shell(words[0], rest[i])  # watch runs its one argument with sh -c
    return rest[i:]


def _probes_locally(name: str, args: list[_Word]) -> bool:
    """`nc -z localhost 5432`: a port check on this machine (scan only, no data sent)."""
    if name not in ("nc", "ncat", "netcat") or not any(
        w.value.startswith("-") and "z" in w.value for w in args
    ):
        return False
    operands = [w for w in args if not w.value.startswith("-")]
    hosts = [w for w in operands if not re.fullmatch(r"[\d-]+", w.value)]
    return (
        bool(hosts)
        and all(w.static and _LOCAL_URL.match(w.value) for w in hosts)
        and all(
            re.fullmatch(r"-[zvnuw46]+", w.value) or w.value in ("-w",) or w.value.isdigit()
            for w in args
            if w.value.startswith("-")
        )
    )


def network_rules(name: str, args: list[_Word], values: list[str], add: Add) -> None:
    """A network program (unless it only fetches from this machine), a URL to anywhere but
    this machine handed to a program, a remote `rsync`/`scp` path, or a /dev/tcp path."""
    fetches = name in NETWORK and not (name in _FETCHERS and _fetches_locally(name, args))
    fetches = fetches and not _probes_locally(name, args)
    if fetches or (name == "openssl" and values[:1] in (["s_client"], ["s_server"], ["s_time"])):
        add("network", _WHY["network"])
    elif name in _REMOTE_COPY:
        if any(re.match(r"^(?:[\w.-]+@)?[\w.-]+:|^rsync://", v) for v in values):
            add("network", _WHY["network"])
    elif name not in _NO_EFFECT and name not in SHELLS and name != "eval":
        # (A shell's or eval's code is parsed itself: its URLs are judged in place.)
        for w in args:
            if any(not _LOCAL_URL.match(u) for u in _URL.findall(w.value)):
                add("network", _WHY["url"])
                break
    if any(_NET_DEVICE.search(v) for v in values):
        add("network", _WHY["network"])


def _fetches_locally(name: str, args: list[_Word]) -> bool:
    """Whether `curl …`/`wget …` names only URLs on this machine (localhost, 127.x, ::1):
    a health check, not egress. Any URL built at run time, a proxy, or options read from
    a file count as elsewhere."""
    takes_value = _FETCHERS[name]
    targets: list[_Word] = []
    i = 0
    while i < len(args):
        w = args[i]
        option = w.value.split("=", 1)[0]
        if option in _FETCHER_AWAY[name] or (w.value.startswith("-x") and name == "curl"):
            return False
        if option == "--url" and "=" not in w.value and i + 1 < len(args):
            targets.append(args[i + 1])
            i += 2
        elif w.value.startswith("-") and w.value != "-":
            i += 2 if w.value in takes_value else 1
        else:
            targets.append(w)
            i += 1
    return bool(targets) and all(t.static and _LOCAL_URL.match(t.value) for t in targets)


def command_rules(
    name: str, values: list[str], add: Add, outside: Outside, persistent: Outside
) -> None:
    """The rules chosen by the command's name (after its wrappers are taken off), except
    those that need the tree (eval, source, shells and interpreters, git's code values)."""
    if name in _SECRET_COMMANDS:
        if _SECRET_COMMANDS[name](values):
            add("secrets", _WHY["secret-command"].format(name=name))
        return
    if name in _PERSISTENCE_RULES:
        why = _PERSISTENCE_RULES[name](values)
        if why is not None:
            add("persistence", why.format(name=name))
        if name == "crontab" and "-r" in values:
            add("destructive", _WHY["wipe"].format(name="crontab -r"))
        return
    if name == "rm":
        if _rm_recursive_force(values) and not _rm_inside(values, outside):
            add("destructive", _WHY["rm"])
        elif any(outside(p) for p in _operands(values)):
            add("destructive", _WHY["delete-outside"])
    elif name == "unlink":
        if any(outside(p) for p in _operands(values)):
            add("destructive", _WHY["delete-outside"])
    elif name in ("chmod", "chown", "chgrp"):
        operands = _operands(values)
        targets = operands if any(v.startswith("--reference") for v in values) else operands[1:]
        if any(outside(t) for t in targets):
            recursive = any(
                v in ("-R", "--recursive") or re.fullmatch(r"-\w*R\w*", v) for v in values
            )
            add(
                "destructive",
                _WHY["recursive-outside" if recursive else "outside-change"].format(name=name),
            )
    elif name == "truncate":
        if any(outside(t) for t in _operands(values, takes=("-s", "--size", "-r"))):
            add("destructive", _WHY["outside-change"].format(name=name))
        elif any(
            (v in ("-s", "--size") and values[i + 1 : i + 2] in (["0"], ["-0"]))
            or v in ("-s0", "--size=0")
            for i, v in enumerate(values)
        ):
            add("destructive", _WHY["wipe"].format(name="truncate -s 0"))
    elif name == "rsync":
        operands = _operands(values, takes=("-e", "--rsh", "--exclude", "--include", "-f"))
        if any(v.startswith("--delete") for v in values) and operands and outside(operands[-1]):
            add("destructive", _WHY["delete-outside"])
    elif name in ("pkill", "killall") and any(
        v in ("-u", "--user") or v.startswith("--user=") for v in values
    ):
        add("destructive", _WHY["kill-all"])
    elif name in _SEARCHERS:
        operands = _operands(values, takes=("-e", "-f", "-m", "--include", "--exclude", "-g"))
        pattern = next((values[i + 1] for i, v in enumerate(values[:-1]) if v == "-e"), None)
        if pattern is None and operands:
            pattern, operands = operands[0], operands[1:]
        if pattern and _SECRET_WORDS.search(pattern) and any(outside(o) for o in operands):
            add("secrets", _WHY["secret-search"])
    elif name == "kill":
        rest = values[2:] if values and values[0] in ("-s", "-n") else values[1:]
        if values and not values[0].startswith("-"):
            rest = values
        if "-1" in rest or (values[:1] == ["--"] and "-1" in values):
            add("destructive", _WHY["kill-all"])
    elif name in ("docker", "podman", "nerdctl"):
        docker_rules(name, values, add)
    elif name in ("unzip", "tar", "bsdtar", "7z"):
        # Where an archive is unpacked: `unzip -d DIR`, `tar -x -C DIR`, `7z x -oDIR`.
        places = [values[i + 1] for i, v in enumerate(values[:-1]) if v in _UNPACK_PLACES]
        places += [v.split("=", 1)[1] for v in values if v.startswith("--directory=")]
        places += [v[2:] for v in values if name == "7z" and v.startswith("-o") and len(v) > 2]
        if any(outside(p) for p in places):
            add("outside-workspace", _WHY["outside"])
    elif name == "sed":
        _sed_rules(values, add, outside, persistent)
    elif name == "jq":
        _jq_rules(values, add)
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
        if any(not v.startswith("-") and persistent(v) for v in values):
            add("persistence", _WHY["persist-write"])
    elif name in _WRITERS or name in ("touch", "mkdir"):
        write_rules(name, values, add, outside, persistent)


# git settings whose value names a program git runs later (or where it fetches from).
_GIT_PROGRAM_KEYS = lazy_compile(
    r"^(?:core\.(?:hookspath|fsmonitor|sshcommand|pager|editor|askpass|gitproxy|worktree)"
    r"|sequence\.editor|credential\.(?:.+\.)?helper|alias\..+|url\..+\.(?:push)?insteadof"
    r"|include\.path|includeif\..+\.path|filter\..+\.(?:clean|smudge|process)"
    r"|diff\.external|diff\..+\.(?:textconv|command)|merge\..+\.driver|gpg\.(?:.+\.)?program"
    r"|pager\..+|https?\.proxy|remote\..+\.(?:push)?url|remote\..+\.(?:uploadpack|receivepack)"
    r"|uploadpack\.packobjectshook|protocol\..+\.allow)$",
    re.I,
)
# …and those whose value is shell code (an alias or helper only when it starts with "!").
_GIT_CODE_KEYS = lazy_compile(
    r"^(?:core\.(?:fsmonitor|sshcommand|pager|editor|askpass|gitproxy)|sequence\.editor"
    r"|credential\.(?:.+\.)?helper|alias\..+|filter\..+\.(?:clean|smudge|process)"
    r"|diff\.external|diff\..+\.(?:textconv|command)|merge\..+\.driver"
    r"|gpg\.(?:.+\.)?program|pager\..+|uploadpack\.packobjectshook)$",
    re.I,
)
_GIT_VALUE_OPTIONS = ("-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path")


def git_code(key: str, value: str) -> str | None:
    """The shell code a git setting runs, if it is one (`alias.x=!curl …` → `curl …`)."""
    if not _GIT_CODE_KEYS.match(key):
        return None
    if key.lower().startswith(("alias.", "credential.")):
        return value[1:] if value.startswith("!") else None
    return value


def git_rules(values: list[str], add: Add) -> list[tuple[str, str]]:
    """`git push` (forced or not, or deleting), `git reset --hard`, `git clean -f`, `git
    config` of a setting that runs a program later, `git credential fill`. Returns the
    settings whose value is shell code (`-c core.sshCommand=…`, `config alias.x '!…'`),
    as (key, value), for the caller to read as code."""
    code: list[tuple[str, str]] = []
    i = 0
    while i < len(values) and values[i].startswith("-"):
        setting = values[i + 1] if values[i] == "-c" and i + 1 < len(values) else None
        if values[i].startswith("--config-env="):
            setting = values[i].split("=", 1)[1]
        if setting is not None and "=" in setting:
            key, value = setting.split("=", 1)
            code.append((key, value))
            _git_injected(key, value, add)
        i += 2 if values[i] in _GIT_VALUE_OPTIONS else 1
    if i >= len(values):
        return code
    sub, rest = values[i], values[i + 1 :]
    if sub == "push":
        add("network", _WHY["git-push"])
        force = any(
            v in ("-f", "--force", "--mirror") or v.startswith("--force-with-lease") for v in rest
        ) or any(v.startswith("+") and not v.startswith("+-") for v in rest)
        if force:
            add("destructive", _WHY["git-force"])
        if any(v in ("-d", "--delete") for v in rest) or any(
            v.startswith(":") and len(v) > 1 for v in rest
        ):
            add("destructive", _WHY["git-delete"])
    elif sub == "config":
        code += _git_config(rest, add)
    elif sub == "credential" and rest[:1] in (["fill"], ["get"]):
        add("secrets", _WHY["secret-command"].format(name="git credential"))
    elif sub == "reset" and "--hard" in rest:
        add("destructive", _WHY["git-reset"])
    elif sub in _GIT_HISTORY and _GIT_HISTORY[sub](rest):
        add("destructive", _WHY["git-history"].format(name=f"git {sub}"))
    elif sub == "clean" and any(
        v == "--force" or (v.startswith("-") and not v.startswith("--") and "f" in v) for v in rest
    ):
        add("destructive", _WHY["git-clean"])
    return code


def _git_injected(key: str, value: str, add: Add) -> None:
    """`git -c KEY=VALUE` of a setting that makes git run a program: the option injects it
    into a command that reads as harmless (`git -c core.hooksPath=x commit`)."""
    if not _GIT_PROGRAM_KEYS.match(key):
        return
    if git_code(key, value) is not None:
        add("pipe-to-shell", _WHY["git-inject-code"].format(name=key))
    elif not key.lower().startswith(("alias.", "credential.")):
        add("opaque", _WHY["git-inject"].format(name=key))


def _has(*options: str) -> Callable[[list[str]], bool]:
    return lambda rest: any(
        v in options or v.startswith(tuple(o + "=" for o in options)) for v in rest
    )


def _restores(rest: list[str]) -> bool:
    staged_only = any(v in ("-S", "--staged") for v in rest) and not any(
        v in ("-W", "--worktree") for v in rest
    )
    return not staged_only and bool(_operands(rest))


# git subcommands that destroy history or uncommitted work, with what makes them do it.
_GIT_HISTORY: dict[str, Callable[[list[str]], bool]] = {
    "reflog": lambda rest: rest[:1] in (["expire"], ["delete"]),
    "gc": lambda rest: any(v.startswith("--prune") for v in rest),
    "prune": lambda rest: True,
    "filter-branch": lambda rest: True,
    "filter-repo": lambda rest: True,
    "update-ref": _has("-d", "--stdin"),
    "branch": lambda rest: (
        any(v == "-D" or re.fullmatch(r"-\w*D\w*", v) for v in rest)
        or (_has("-d", "--delete")(rest) and _has("-f", "--force")(rest))
    ),
    "stash": lambda rest: rest[:1] in (["clear"], ["drop"]),
    "tag": _has("-d", "--delete"),
    "checkout": lambda rest: "--" in rest or "." in rest or _has("-f", "--force")(rest),
    "restore": _restores,
    "worktree": lambda rest: rest[:1] == ["remove"] and _has("-f", "--force")(rest),
    "replace": _has("-d", "--delete"),
    "switch": _has("--discard-changes", "-f", "--force"),
}


def docker_rules(name: str, values: list[str], add: Add) -> None:
    """`docker run --privileged`, a host root (or system folder) mounted, the docker socket,
    the host's process or user namespace: the container can change anything on the host."""
    operands = _operands(values, takes=_DOCKER_VALUES)
    if "prune" in operands[:2]:
        add("destructive", _WHY["prune"].format(name=name))
    if not operands or operands[0] not in ("run", "create", "exec", "container"):
        return
    for i, v in enumerate(values):
        option, _, value = v.partition("=")
        if not value and i + 1 < len(values) and option in _DOCKER_VALUES:
            value = values[i + 1]
        if option == "--privileged" or (
            option in ("--pid", "--ipc", "--userns", "--uts") and value == "host"
        ):
            add("destructive", _WHY["docker-host"].format(name=name, option=v))
        elif option in ("--cap-add",) and value.upper() in _DOCKER_CAPS:
            add("destructive", _WHY["docker-host"].format(name=name, option=f"--cap-add={value}"))
        elif option in ("-v", "--volume", "--mount") and _host_source(option, value):
            add("destructive", _WHY["docker-mount"].format(name=name, value=value))
        elif option == "--security-opt" and "unconfined" in value:
            add("destructive", _WHY["docker-host"].format(name=name, option=v))


_DOCKER_VALUES = (
    "-v", "--volume", "--mount", "--pid", "--ipc", "--userns", "--uts", "--cap-add", "-e",
    "--env", "--name", "-w", "--workdir", "-u", "--user", "--security-opt", "--network",
    "--entrypoint", "-p", "--publish", "--platform", "-H", "--host", "--context", "-l",
    "--label", "--env-file", "--device",
)  # fmt: skip
_UNPACK_PLACES = ("-d", "-C", "--directory", "--exdir")
_DOCKER_CAPS = frozenset({"ALL", "SYS_ADMIN", "SYS_PTRACE", "SYS_MODULE", "DAC_READ_SEARCH"})
_HOST_PLACES = lazy_compile(
    r"^(?:/|/(?:etc|root|home|var|usr|boot|dev|proc|sys|bin|sbin|lib\w*|Users|private)(?:/.*)?"
    r"|~(?:/.*)?|\$\{?HOME\}?(?:/.*)?|.*docker\.sock|.*podman\.sock)$"
)


def _host_source(option: str, value: str) -> bool:
    if option == "--mount":
        parts = dict(p.split("=", 1) for p in value.split(",") if "=" in p)
        source = parts.get("source") or parts.get("src") or ""
    else:
        source = value.split(":", 1)[0]
    source = source.rstrip("/") or "/"
    return bool(_HOST_PLACES.match(source))


_SEARCHERS = frozenset({"grep", "egrep", "fgrep", "rg", "ag", "ack", "git-grep"})
_SECRET_WORDS = lazy_compile(
    r"pass(?:word|wd)?|secret|token|api[_-]?key|private|credential|AKIA|BEGIN", re.I
)
_GIT_CONFIG_VALUE_OPTIONS = ("-f", "--file", "--blob", "--type", "--default", "--comment")
_GIT_CONFIG_READS = ("--get", "--get-all", "--get-regexp", "--get-urlmatch", "--list", "-l")


def _git_config(rest: list[str], add: Add) -> list[tuple[str, str]]:
    """`git config [--global] KEY VALUE` (and `git config set …`): a setting that makes git
    run a program later is persistence; any write to the user's or the system's file
    writes outside the workspace. Reads (`--get`, a key alone) are nothing."""
    if rest[:1] in (["get"], ["list"]) or any(v in _GIT_CONFIG_READS for v in rest):
        return []
    if rest[:1] in (["set"], ["unset"]):
        rest = rest[1:]
    operands = _operands(rest, takes=_GIT_CONFIG_VALUE_OPTIONS)
    unset = any(v.startswith("--unset") for v in rest)
    if not operands or (len(operands) < 2 and not unset):
        return []
    key = operands[0]
    if any(v in ("--global", "--system") for v in rest):
        add("outside-workspace", _WHY["outside"])
    if _GIT_PROGRAM_KEYS.match(key) and not unset:
        add("persistence", _WHY["persist-git"].format(name=key))
        return [(key, operands[1])]
    return []


def _operands(values: list[str], takes: tuple[str, ...] = ()) -> list[str]:
    """The words that are not options (nor the values of the options in `takes`)."""
    out: list[str] = []
    i = 0
    while i < len(values):
        v = values[i]
        if v == "--":
            return out + values[i + 1 :]
        if v.startswith("-") and v != "-":
            i += 2 if v in takes else 1
            continue
        out.append(v)
        i += 1
    return out


def write_rules(
    name: str, values: list[str], add: Add, outside: Outside, persistent: Outside
) -> None:
    """`cp`, `mv`, `install`, `ln`, `touch`, `mkdir` into a place outside the workspace or
    onto a file that makes code run later; `mv` of files from outside the workspace."""
    paths = [v for v in values if not v.startswith("-")]
    if not paths:
        return
    sources: list[str] = []
    if name in ("touch", "mkdir"):
        targets = paths
    else:
        target_dir = next((values[i + 1] for i, v in enumerate(values[:-1]) if v in ("-t",)), None)
        targets = [target_dir] if target_dir else paths[-1:] if len(paths) > 1 else []
        sources = [p for p in paths if p not in targets]
    if any(outside(t) for t in targets):
        add("outside-workspace", _WHY["outside"])
    if name != "mkdir" and any(persistent(t) for t in targets):
        add("persistence", _WHY["persist-write"])
    if name == "mv" and any(outside(s) for s in sources):
        add("destructive", _WHY["outside-change"].format(name=name))


def _sed_rules(values: list[str], add: Add, outside: Outside, persistent: Outside) -> None:
    """`sed -i` on a file outside the workspace or one that makes code run later, and
    GNU sed's `e` command (and `s///e`), which runs text as a shell command."""
    scripts: list[str] = []
    files: list[str] = []
    in_place = False
    i = 0
    while i < len(values):
        v = values[i]
        if v in ("-e", "--expression") and i + 1 < len(values):
            scripts.append(values[i + 1])
            i += 2
            continue
        if v.startswith("--expression="):
            scripts.append(v.split("=", 1)[1])
        elif v in ("-f", "--file", "-l", "--line-length"):
            i += 1
        elif (
            v.startswith("-i")
            or v.startswith("--in-place")
            or (v.startswith("-") and not v.startswith("--") and "i" in v)
        ):
            in_place = True
        elif not v.startswith("-") or v == "-":
            files.append(v)
        i += 1
    if not scripts and files:
        scripts, files = files[:1], files[1:]
    if any(_SED_EXECUTES.search(s) for s in scripts):
        add("opaque", _WHY["opaque-sed"])
    if in_place:
        if any(outside(f) for f in files):
            add("outside-workspace", _WHY["outside"])
        if any(persistent(f) for f in files):
            add("persistence", _WHY["persist-write"])


_SED_EXECUTES = lazy_compile(
    r"(?:^|[;\n{}])\s*(?:\d+|\$|/[^/\n]*/)?\s*e(?:\s|$|;)"
    r"|(?:^|[;\n{}]|\d|/)\s*s(.)(?:(?!\1).|\\.)*\1(?:(?!\1).|\\.)*\1[gpiImM0-9]*e"
)
_JQ_VALUE_OPTIONS = ("-f", "--from-file", "--indent", "-L")
_JQ_PAIR_OPTIONS = ("--arg", "--argjson", "--slurpfile", "--rawfile")
_JQ_ENV_DUMP = lazy_compile(r"(?<![\w.$])(?:\$ENV|\$__prog_env|env)\b(?!\s*[.\[])")
_JQ_ENV_NAME = lazy_compile(r"(?<![\w.])(?:\$ENV|env)\.(\w+)|(?<![\w.])(?:\$ENV|env)\[\s*\"(\w+)")


def _jq_rules(values: list[str], add: Add) -> None:
    """jq's `env` / `$ENV`: the whole environment, or a secret variable by name."""
    i = 0
    while i < len(values):
        v = values[i]
        if v in _JQ_PAIR_OPTIONS:
            i += 3
        elif v in _JQ_VALUE_OPTIONS:
            return  # the program is in a file
        elif v.startswith("-"):
            i += 1
        else:
            program = v
            if _JQ_ENV_DUMP.search(program):
                add("secrets", _WHY["jq-env"])
            for m in _JQ_ENV_NAME.finditer(program):
                name = m.group(1) or m.group(2)
                if secret_name(name):
                    add("secrets", _WHY["secret-var"].format(name=name))
            return


def _subcommand(*prefixes: tuple[str, ...]) -> Callable[[list[str]], bool]:
    def rule(values: list[str]) -> bool:
        operands = _operands(values)
        return any(tuple(operands[: len(p)]) == p for p in prefixes)

    return rule


def _gh(values: list[str]) -> bool:
    operands = _operands(values)
    if operands[:2] == ["auth", "token"]:
        return True
    return operands[:2] == ["auth", "status"] and any(v in ("-t", "--show-token") for v in values)


def _kubectl(values: list[str]) -> bool:
    operands = _operands(values)
    if operands[:2] == ["config", "view"]:
        return any(v in ("--raw", "--flatten") for v in values)
    return operands[:1] == ["get"] and operands[1:2] in (["secret"], ["secrets"])


def _pass(values: list[str]) -> bool:
    operands = _operands(values)
    not_shown = ("ls", "list", "init", "insert", "add", "generate", "rm", "edit", "git", "mv")
    return bool(operands) and (operands[0] == "show" or operands[0] not in not_shown)


def _gpg(values: list[str]) -> bool:
    return any(v.startswith(("--export-secret", "--export-ssh-key")) for v in values)


# Programs that print stored credentials, with the arguments that make them do it.
_SECRET_COMMANDS: dict[str, Callable[[list[str]], bool]] = {
    "security": _subcommand(
        ("find-generic-password",), ("find-internet-password",), ("dump-keychain",), ("export",)
    ),
    "gcloud": _subcommand(
        ("auth", "print-access-token"),
        ("auth", "print-identity-token"),
        ("auth", "application-default", "print-access-token"),
        ("config", "config-helper"),
    ),
    "gh": _gh,
    "aws": _subcommand(
        ("configure", "get"),
        ("configure", "export-credentials"),
        ("sts", "get-session-token"),
        ("ecr", "get-login-password"),
        ("secretsmanager", "get-secret-value"),
        ("ssm", "get-parameter"),
        ("ssm", "get-parameters"),
    ),
    "kubectl": _kubectl,
    "op": _subcommand(("read",), ("item", "get"), ("document", "get"), ("inject",)),
    "pass": _pass,
    "gpg": _gpg,
    "vault": _subcommand(("read",), ("kv", "get"), ("token", "create")),
    "az": _subcommand(("account", "get-access-token")),
    "secret-tool": _subcommand(("lookup",)),
    "bw": _subcommand(("get",), ("export",)),
    "lpass": _subcommand(("show",), ("export",)),
    "heroku": _subcommand(("auth:token",)),
    "git-credential-store": _subcommand(("get",)),
}


def _crontab(values: list[str]) -> str | None:
    reads = [v for v in values if v != "-u"]
    return (
        None
        if "-l" in reads and len(_operands(values, takes=("-u",))) == 0
        else _WHY["persist-cron"]
    )


def _config_set(values: list[str]) -> str | None:
    operands = _operands(values)
    if operands[:1] == ["set"] or operands[:2] in (["config", "set"], ["config", "edit"]):
        return _WHY["persist-config"]
    return None


def _systemctl(values: list[str]) -> str | None:
    installs = {"enable", "reenable", "link", "edit", "preset", "set-environment"}
    installs |= {"import-environment", "add-wants", "add-requires", "set-property", "revert"}
    return _WHY["persist-service"] if installs & set(_operands(values)) else None


# Programs that set up what runs later, each with what makes it do so (its reason).
_PERSISTENCE_RULES: dict[str, Callable[[list[str]], str | None]] = {
    "crontab": _crontab,
    "at": lambda values: _WHY["persist-cron"] if "-l" not in values else None,
    "batch": lambda values: _WHY["persist-cron"],
    "launchctl": lambda values: (
        _WHY["persist-service"]
        if set(_operands(values)[:1]) & {"load", "bootstrap", "submit", "enable", "setenv"}
        else None
    ),
    "systemctl": _systemctl,
    "systemd-run": lambda values: _WHY["persist-service"],
    "loginctl": lambda values: (
        _WHY["persist-service"] if _operands(values)[:1] == ["enable-linger"] else None
    ),
    "npm": _config_set,
    "pnpm": _config_set,
    "yarn": _config_set,
    "pip": _config_set,
    "pip3": _config_set,
    "defaults": lambda values: (
        _WHY["persist-config"] if _operands(values)[:1] == ["write"] else None
    ),
}


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


# Names `rm -rf` may take inside a workspace without a flag: caches and build output
# that tools write again (never the workspace itself, its history, or a pattern).
_REBUILT = lazy_compile(
    r"^(?:\./)?(?:[\w.-]+/)*(?:node_modules/\.cache|\.cache|__pycache__|\.pytest_cache|\.mypy_cache"
    r"|\.ruff_cache|\.tox|\.nox|\.next|\.nuxt|\.turbo|\.parcel-cache|\.eslintcache|coverage"
    r"|htmlcov|\.coverage|dist|build|target|out|tmp|\.tmp|\.gradle|\.dart_tool|\.angular)/?$"
)


def _rm_inside(values: list[str], outside: Outside) -> bool:
    """Whether every operand of `rm -rf` is a cache or build folder of the workspace, named
    as written (no variable, no pattern, no `..`)."""
    operands = _operands(values)
    return bool(operands) and all(
        _REBUILT.match(o) and ".." not in o.split("/") and not outside(o) for o in operands
    )
