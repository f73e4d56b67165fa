"""The words, patterns and reasons the risk rules share: which programs talk to the
network or run code, what a secret's path or name looks like, and the sentence each flag
gives as its reason."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from hookdash.core.lazy_regex import lazy_compile
from hookdash.core.scripts import AGENT_PLACE_VARIABLES

# How a text is read: shell through tree-sitter-bash, Python through its syntax tree,
# other code by call patterns.
Language = Literal["shell", "python", "code"]
# Longer text is not handed to the parser (0.5 s per MB); the token scan covers it.
PARSE_LIMIT = 256 * 1024
_SPAN_TEXT = 200  # a span's `text` is cut to this many characters
_MAX_PER_KIND = 10  # flags of one kind in one text
_MAX_DEPTH = 4  # nested `sh -c '…'` / `eval '…'` strings parsed in turn


# ------------------------------------------------------------------------ vocabulary

SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "busybox"})
INTERPRETERS = frozenset(
    {"python", "python2", "python3", "perl", "ruby", "node", "nodejs", "php", "deno", "bun"}
    | {"lua", "luajit", "Rscript", "osascript", "pwsh", "powershell", "tclsh", "wish"}
    | {"awk", "gawk", "mawk", "nawk", "busybox-awk"}
)
AWKS = frozenset({"awk", "gawk", "mawk", "nawk", "busybox-awk"})
# The option that takes inline code, per interpreter (a cluster ending in it counts too:
# `perl -ne CODE`); python also runs `python3.11`, `python3.12`, … (see `_code_flags`).
CODE_FLAGS: dict[str, tuple[str, ...]] = {
    "python": ("-c",),
    "perl": ("-e", "-E"),
    "ruby": ("-e",),
    "node": ("-e", "-p", "--eval", "--print"),
    "nodejs": ("-e", "-p", "--eval", "--print"),
    "bun": ("-e", "-p", "--eval", "--print"),
    "deno": ("eval",),
    "php": ("-r",),
    "lua": ("-e",),
    "luajit": ("-e",),
    "Rscript": ("-e",),
    "osascript": ("-e",),
    "pwsh": ("-c", "-command", "-encodedcommand", "-ec", "-e"),
    "powershell": ("-c", "-command", "-encodedcommand", "-ec", "-e"),
}
NETWORK = frozenset(
    {
        "curl",
        "wget",
        "nc",
        "ncat",
        "netcat",
        "ssh",
        "scp",
        "sftp",
        "telnet",
        "socat",
        "ftp",
        "aria2c",
        "http",  # httpie
        "https",
        "xh",
        "nslookup",  # DNS lookups carry data out too
        "dig",
        "host",
        "drill",
        "ping",
        "ping6",
        "whois",
        "tftp",
        "mail",
        "mailx",
        "sendmail",
        "mutt",
        "smbclient",
        "ncftp",
        "lftp",
        "rclone",
    }
)
# Programs that talk to the network only when given a remote: `rsync a b` copies locally.
_REMOTE_COPY = frozenset({"rsync"})
# Programs that fetch a URL, and the options of theirs that take a value (what is left
# are the URLs: all of them local means the command stays on this machine).
# fmt: off
_FETCHERS: dict[str, frozenset[str]] = {
    "curl": frozenset({
        "--abstract-unix-socket", "--cacert", "--capath", "--cert", "--cert-type",
        "--connect-timeout", "--cookie", "--cookie-jar", "--data", "--data-ascii",
        "--data-binary", "--data-raw", "--data-urlencode", "--dump-header",
        "--expect100-timeout", "--form", "--form-string", "--header", "--interface", "--json",
        "--key", "--key-type", "--limit-rate", "--local-port", "--max-filesize", "--max-time",
        "--noproxy", "--oauth2-bearer", "--output", "--output-dir", "--range", "--referer",
        "--request", "--retry", "--retry-delay", "--retry-max-time", "--speed-limit",
        "--speed-time", "--stderr", "--trace", "--trace-ascii", "--unix-socket",
        "--upload-file", "--user", "--user-agent", "--write-out", "-A", "-C", "-D", "-E", "-F",
        "-H", "-Q", "-T", "-U", "-X", "-Y", "-b", "-c", "-d", "-e", "-m", "-o", "-r", "-u",
        "-w", "-y", "-z"
    }),
    "wget": frozenset({
        "--append-output", "--body-data", "--body-file", "--ca-certificate", "--certificate",
        "--directory-prefix", "--header", "--load-cookies", "--method", "--output-document",
        "--output-file", "--password", "--post-data", "--post-file", "--private-key",
        "--save-cookies", "--timeout", "--tries", "--user", "--user-agent", "--wait", "-O",
        "-P", "-T", "-U", "-a", "-o", "-t", "-w"
    }),
}
# Options that send a fetcher elsewhere or read its options from a file: never local.
_FETCHER_AWAY: dict[str, frozenset[str]] = {
    "curl": frozenset({
        "--config", "--connect-to", "--doh-url", "--preproxy", "--proxy", "--resolve",
        "--socks4", "--socks4a", "--socks5", "--socks5-hostname", "-K", "-x"
    }),
    "wget": frozenset({"--config", "--execute", "--input-file", "-e", "-i"}),
}
# fmt: on
_LOCAL_URL = lazy_compile(
    r"^(?:(?:https?|wss?)://)?(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)"
    r"(?::\d+)?(?:[/?#][^\s@]*)?$",
    re.I,
)
_WRAPPERS = frozenset(
    {"nohup", "time", "exec", "builtin", "command", "nice", "stdbuf", "ionice", "setsid"}
    | {"firejail", "nsenter", "unshare"}
    | {"chronic", "unbuffer", "caffeinate", "systemd-inhibit", "torsocks", "proxychains"}
)
_ELEVATE = frozenset({"sudo", "doas", "pkexec", "run0"})
_SUDO_ARG_OPTIONS = frozenset({"-u", "-g", "-C", "-h", "-p", "-r", "-t", "-U", "-D", "-R"})
_NO_EFFECT = frozenset({"echo", "printf", ":", "true", "false", "logger", "test", "["})
_WRITERS = frozenset({"cp", "mv", "install", "ln"})
_TEMP_DIRS = ("/tmp/", "/var/tmp/", "/private/tmp/", "/dev/shm/")
_HARMLESS_DEVICES = lazy_compile(r"^/dev/(?:null|stdout|stderr|stdin|tty|fd/\d+)$|^/proc/self/fd/")
_WORKSPACE_VARS = lazy_compile(
    r"^(?:\$\{?(?:GEMINI_PROJECT_DIR|GEMINI_CWD|CLAUDE_PROJECT_DIR|PWD)\}?|\$\(pwd\))(?:/|$)"
)
_TEMP_VARS = lazy_compile(r"^\$\{?(?:TMPDIR|TMP|TEMP|RUNNER_TEMP)(?::-[^}]*)?\}?(?:/|$)")
_HOME = lazy_compile(r"^(?:~|\$\{?HOME\}?)(?=/|$)")
# Variables whose value is a known place: a program named `$HOME/bin/x` or
# `"$GEMINI_PROJECT_DIR"/.gemini/hooks/x.sh` is a path hookdash can read.
_PLACE_VARS = ("HOME", *AGENT_PLACE_VARIABLES, "PWD")
_PLACE_PROGRAM = lazy_compile(
    r"^(?:~|\$(?:" + "|".join(_PLACE_VARS) + r")\b|\$\{(?:" + "|".join(_PLACE_VARS) + r")\})"
    r"(?:/[^$`*?\[{]*)?$"
)
# Variables that hold the running shell: `$0 -c CODE` runs CODE in a shell.
_SHELL_VARS = lazy_compile(r"^\$(?:0|\{0\}|SHELL|\{SHELL(?::?-[^}]*)?\}|BASH|\{BASH\})$")
_TEMP_PROGRAM = lazy_compile(
    r"^(?:/tmp/|/var/tmp/|/private/tmp/|/dev/shm/|\$\{?(?:TMPDIR|TMP|TEMP|RUNNER_TEMP)\b)"
)
_DISK = lazy_compile(r"^/dev/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|mapper/)")
_NET_DEVICE = lazy_compile(r"/dev/(?:tcp|udp)/")
_URL = lazy_compile(r"\b(?:https?|ftps?|wss?|sftp|scp|ssh|telnet|gopher)://[^\s'\"<>`|;&)]+", re.I)

_SECRET_PATH = lazy_compile(
    r"(?:^|[/\s=:'\"@])(?:"
    r"\.(?:ssh|aws|gnupg|kube|docker|azure|password-store|codex)(?:/|$|[\s'\"])"
    r"|\.config/(?:gcloud|gh|hub|op|rclone)(?:/|$|[\s'\"])"
    r"|\.(?:netrc|git-credentials|pgpass|pypirc|npmrc|vault-token|boto|s3cfg)(?:$|[\s'\"])"
    r"|\.(?:bash|zsh|psql|mysql)_history(?:$|[\s'\"])"
    r"|\.(?:gemini/oauth_creds\.json|claude/\.credentials\.json|terraform\.d/credentials"
    r"|cargo/credentials|gem/credentials)"
    r"|Library/Keychains(?:/|$|[\s'\"])"
    r"|(?:Google/Chrome|google-chrome|chromium|BraveSoftware|Microsoft\ Edge|\.mozilla/firefox"
    r"|Firefox/Profiles)/"
    r"|id_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?(?:$|[\s'\"])"
    r"|\.env(?!\.(?:example|sample|template|dist)(?:$|[\s'\"]))(?:\.[\w.-]+)?(?:$|[\s'\"])"
    r"|\.envrc(?:$|[\s'\"])"
    r")"
    r"|^/etc/(?:shadow|gshadow|sudoers)$"
    r"|/proc/[^/\s]+/environ"
)
# Where a write sets up something that runs later: shell startup files, login keys, cron,
# launch agents and systemd units, git's and the agents' own configuration, Python's
# start-up hooks. Matched against the path with the home directory written as "~/".
_PERSISTENT_PATH = lazy_compile(
    r"(?:^~/|^|/)(?:"
    r"\.(?:bash(?:rc|_profile|_login|_logout|_aliases)|profile|zshrc|zshenv|zprofile|zlogin|zlogout"
    r"|cshrc|tcshrc|kshrc|mkshrc|xprofile|xinitrc|xsessionrc|pam_environment|envrc"
    r"|gitconfig|npmrc|yarnrc|pydistutils\.cfg|vimrc|exrc)$"
    r"|\.config/(?:fish|autostart|systemd|environment\.d|git/config|pip)(?:/|$)"
    r"|\.ssh/(?:authorized_keys2?|rc|environment|config)$"
    r"|(?:\.pip|\.local/share/systemd)(?:/|$)"
    r"|Library/(?:LaunchAgents|LaunchDaemons|StartupItems)(?:/|$)"
    r"|etc/(?:cron|crontab|anacrontab|profile|bash\.bashrc|zsh/|rc\.local|systemd/|init\.d/"
    r"|xdg/autostart|sudoers|ld\.so\.preload|environment)"
    r"|var/spool/cron(?:/|$)|(?:usr/)?lib/systemd/"
    r"|\.git/(?:hooks(?:/|$)|config$)"
    r"|\.(?:gemini|claude|qwen|cursor)/settings(?:\.local)?\.json$|\.claude\.json$"
    r"|site-packages/(?:[^/]+\.pth|sitecustomize\.py|usercustomize\.py)$"
    r")"
)
_SECRET_NAME_PARTS = frozenset(
    {
        "TOKEN",
        "TOKENS",
        "SECRET",
        "SECRETS",
        "PASSWORD",
        "PASSWD",
        "PASS",
        "PASSPHRASE",
        "KEY",
        "APIKEY",
        "CREDENTIAL",
        "CREDENTIALS",
        "CREDS",
        "AUTH",
        "PAT",
        "PRIVATE",
    }
)
# Variables any hook may read without reaching for a secret (their names contain KEY…).
_NOT_SECRET_NAMES = frozenset({"KEYMAP", "XKB_DEFAULT_KEYMAP"})


@lru_cache(maxsize=1024)
def secret_name(name: str) -> bool:
    """Whether an environment variable's name says it holds a secret (GITHUB_TOKEN,
    AWS_SECRET_ACCESS_KEY, DB_PASSWORD); word parts, so MONKEY or AUTHOR do not count."""
    upper = name.upper()
    if upper in _NOT_SECRET_NAMES:
        return False
    return any(part in _SECRET_NAME_PARTS for part in re.split(r"[^A-Z0-9]+", upper))


_WHY = {
    "network": "it talks to the network: data can leave this machine",
    "url": "it passes a URL to a program: data can leave this machine",
    "pipe": "it pipes text into {shell}, which runs it as code",
    "eval": "eval runs its arguments as shell code, decided only when it runs",
    "dynamic-c": "{shell} -c runs the output of a command as code",
    "procsub": "{shell} runs code produced by another command",
    "source": "{name} runs code produced by another command",
    "herestring": "{shell} runs the text it is given as code",
    "decode": "it decodes a payload that is then run as code, hiding what runs",
    "rm": "rm -rf deletes files and whole directories, without asking",
    "git-force": "a forced push overwrites history on the remote",
    "git-reset": "git reset --hard throws away uncommitted work",
    "git-clean": "git clean -f deletes untracked files",
    "dd": "dd writes raw blocks to a file or device",
    "disk": "it writes to a disk device",
    "wipe": "{name} destroys data beyond recovery",
    "secret-path": "it reads credentials or key files",
    "secret-var": "it reads ${name}, which holds a secret",
    "env-dump": "it dumps the whole environment, tokens and keys included",
    "outside": "it writes outside the workspace",
    "sudo": "{name} runs a command as another user (usually root)",
    "git-push": "git push sends commits to a remote",
    "git-delete": "it deletes a branch or tag on the remote",
    "secret-command": "{name} prints stored credentials or keys",
    "recursive-outside": "{name} -R changes every file under a directory outside the workspace",
    "outside-change": "{name} changes files outside the workspace",
    "delete-outside": "it deletes files outside the workspace",
    "find-delete": "find deletes what it finds under a directory outside the workspace",
    "kill-all": "kill -1 signals every process you own",
    "prune": "{name} prune deletes containers, images or volumes",
    "persist-write": "it writes to a file that makes code run later (startup file, cron,"
    " git hook, agent settings)",
    "persist-cron": "{name} installs commands that run later, on a schedule",
    "persist-service": "{name} installs a service that starts on its own",
    "persist-config": "it changes {name}'s configuration for every later run",
    "persist-git": "it sets git's {name}, which makes git run another program later",
    "opaque-name": "hookdash cannot tell what this runs: the program's name is built when it"
    " runs ({name})",
    "opaque-glob": "hookdash cannot tell what this runs: the program's name is a pattern"
    " matched against files when it runs",
    "opaque-temp": "hookdash cannot tell what this runs: it runs a file from a temporary"
    " directory, written when the hook runs",
    "opaque-script": "hookdash cannot tell what this runs: {name} runs a file named at run time",
    "opaque-target": "hookdash cannot tell what this runs: {name} runs a script or target"
    " named at run time",
    "opaque-parse": "hookdash cannot tell what this runs: the shell code does not parse",
    "opaque-long": "hookdash cannot tell what this runs: the text is too long to read in full",
    "opaque-sed": "hookdash cannot tell what this runs: sed's e command runs text as a shell"
    " command",
    "opaque-code": "hookdash cannot tell what this runs: {name} -c is given its code when it runs",
    "secret-indirect": "it reads a variable by a name computed when it runs (any variable,"
    " tokens included)",
    "secret-search": "it searches files outside the workspace for passwords, tokens or keys",
    "jq-env": "jq's env holds the whole environment, tokens and keys included",
    "git-history": "{name} destroys history or uncommitted work beyond recovery",
    "git-inject-code": "git -c {name} makes git run its value as a shell command",
    "git-inject": "git -c {name} makes git run programs or hooks that hookdash does not read",
    "docker-host": "{name} {option} gives the container the host: it can change or delete"
    " anything on this machine",
    "docker-mount": "{name} mounts {value} from the host into the container: it can change"
    " or delete the host's files",
    "runs-option": "{name} {option} runs its value as a shell command",
    "loads-library": "{name} loads a shared library into the shell: its code runs",
    "trap": "trap runs code decided when the hook runs",
    "persist-code": "its code names a shell startup file and writes files: whatever it writes"
    " there runs in every later shell",
}


# ------------------------------------------------------------------------ findings


# Characters, words and names without which none of the shell rules can fire: most hook
# commands hold none of them and are never parsed. (One big case-insensitive regex was
# 30 µs a command; splitting into words and looking them up in a set is about 2 µs.)
_SUSPECT_MARKS = lazy_compile(
    r"[|>`]|<[(<]|\$\(|://|/dev/|/etc/|environ|b64decode|atob|\.env|id_(?:rsa|dsa|ecdsa|ed2)|mkfs"
    # A name the shell builds or spells in pieces: quotes or a backslash inside a word,
    # a glob or a brace, an expansion of anything but a known place (`$HOME/…`).
    r"|\w['\"\\]|\\\w|[*?\[{]"
    r"|\$(?!(?:" + "|".join(_PLACE_VARS) + r")\b|\{(?:" + "|".join(_PLACE_VARS) + r")\})"
    r"|/tmp/|/var/tmp|TMPDIR|\.git/|rc\b|profile|authorized_keys|Library/|systemd|settings\."
    r"|\(\(|\[\[|(?:^|[\s;&|(])[A-Za-z_]\w*=|~|bash_aliases|\w@[\w^~.]|\b(?:deno|nix)\s.*\brun\b"
    r"|\.claude|site-packages|history|Cookies|cookies|Login Data|credentials|oauth"
)
_WORD = lazy_compile(r"[\w.+-]+")
# A `;` or `&` with nothing before it, or right after another: shell that does not parse.
_MISPLACED_OPERATOR = lazy_compile(r"(?:^|[;&])\s*[;&]")
_SUSPECT_WORDS = (
    NETWORK
    | SHELLS
    | INTERPRETERS
    | _ELEVATE
    | _WRAPPERS
    | _REMOTE_COPY
    | {"eval", "source", "base64", "base32", "basenc", "xxd", "openssl", "uudecode"}
    | {"rm", "git", "dd", "shred", "wipefs", "su", "tee", "touch", "mkdir", "unlink"}
    | {"chmod", "chown", "chgrp", "truncate", "kill", "docker", "podman", "sed"}
    | {"-delete", "-exec", "-execdir", "-ok", "-okdir", "xargs", "timeout", "watch", "alias"}
    | {"env", "printenv", "export", "declare", "typeset", "set"}
    | {"crontab", "at", "batch", "launchctl", "systemctl", "systemd-run", "loginctl"}
    | {"defaults", "config", "set", "trap", "let", "printf", "enable", "tar", "run0"}
    | {"npx", "pnpx", "bunx", "uvx", "pipx", "install", "dlx", "add", "binstall", "inject"}
    | {"isntall", "get", "update", "upgrade", "require", "create-project", "global", "x"}
    | {"nerdctl", "declare", "zip", "ssh", "rsync", "local", "readonly", "i", "-g", "tool"}
    | {"unzip", "bsdtar", "7z"}
    | {"security", "gcloud", "gh", "aws", "kubectl", "op", "pass", "gpg", "credential", "vault"}
    | {"az", "secret-tool", "bw", "lpass", "heroku", "parallel", "pkill", "killall"}
    | _WRITERS
    | {".ssh", ".aws", ".gnupg", ".kube", ".docker", ".azure", ".password-store", ".config"}
    | {".netrc", ".git-credentials", ".pgpass", ".pypirc", ".npmrc", ".vault-token", ".envrc"}
    | {".codex", ".boto", ".s3cfg", ".gitconfig", ".gemini", "Keychains"}
)


def _suspect(text: str) -> bool:
    """Whether `text` could hold anything the shell rules flag (a cheap over-estimate),
    shell that may not parse included: it is `opaque` (an unclosed quote, a list operator
    with nothing before it)."""
    if _SUSPECT_MARKS.search(text) or "&&" in text or "||" in text:
        return True
    if _MISPLACED_OPERATOR.search(text):
        return True
    if text.count("'") % 2 or text.count('"') % 2:
        return True
    return not _SUSPECT_WORDS.isdisjoint(_WORD.findall(text))
