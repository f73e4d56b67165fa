"""The words, patterns and reasons the risk rules share: which programs talk to the
network or run code, what a secret's path or name looks like, and the sentence each flag
gives as its reason."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

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
)
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
    }
)
_WRAPPERS = frozenset({"nohup", "time", "exec", "builtin", "command", "nice", "stdbuf", "ionice"})
_ELEVATE = frozenset({"sudo", "doas", "pkexec"})
_SUDO_ARG_OPTIONS = frozenset({"-u", "-g", "-C", "-h", "-p", "-r", "-t", "-U", "-D", "-R"})
_NO_EFFECT = frozenset({"echo", "printf", ":", "true", "false", "logger", "test", "["})
_WRITERS = frozenset({"cp", "mv", "install", "ln"})
_TEMP_DIRS = ("/tmp/", "/var/tmp/", "/private/tmp/", "/dev/shm/")
_HARMLESS_DEVICES = re.compile(r"^/dev/(?:null|stdout|stderr|stdin|tty|fd/\d+)$|^/proc/self/fd/")
_WORKSPACE_VARS = re.compile(
    r"^(?:\$\{?(?:GEMINI_PROJECT_DIR|GEMINI_CWD|CLAUDE_PROJECT_DIR|PWD)\}?|\$\(pwd\))(?:/|$)"
)
_TEMP_VARS = re.compile(r"^\$\{?(?:TMPDIR|TMP|TEMP|RUNNER_TEMP)(?::-[^}]*)?\}?(?:/|$)")
_HOME = re.compile(r"^(?:~|\$\{?HOME\}?)(?=/|$)")
_DISK = re.compile(r"^/dev/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|mapper/)")
_NET_DEVICE = re.compile(r"/dev/(?:tcp|udp)/")
_URL = re.compile(r"\b(?:https?|ftps?|wss?|sftp|scp|ssh|telnet|gopher)://[^\s'\"<>`|;&)]+", re.I)

_SECRET_PATH = re.compile(
    r"(?:^|[/\s=:'\"])(?:"
    r"\.(?:ssh|aws|gnupg|kube|docker|azure|password-store)(?:/|$|[\s'\"])"
    r"|\.config/(?:gcloud|gh)(?:/|$|[\s'\"])"
    r"|\.(?:netrc|git-credentials|pgpass|pypirc|npmrc|vault-token)(?:$|[\s'\"])"
    r"|id_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?(?:$|[\s'\"])"
    r"|\.env(?:\.[\w.-]+)?(?:$|[\s'\"])"
    r"|\.envrc(?:$|[\s'\"])"
    r")"
    r"|^/etc/(?:shadow|gshadow|sudoers)$"
    r"|/proc/(?:self|\d+|\$\$|\$\{?\w+\}?)/environ"
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
}


# ------------------------------------------------------------------------ findings


# Characters, words and names without which none of the shell rules can fire: most hook
# commands hold none of them and are never parsed. (One big case-insensitive regex was
# 30 µs a command; splitting into words and looking them up in a set is about 2 µs.)
_SUSPECT_MARKS = re.compile(
    r"[|>`]|<[(<]|\$\(|://|/dev/|/etc/|environ|b64decode|atob|\.env|id_(?:rsa|dsa|ecdsa|ed2)|mkfs"
)
_WORD = re.compile(r"[\w.+-]+")
_VARIABLE = re.compile(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)")
_SUSPECT_WORDS = (
    NETWORK
    | SHELLS
    | _ELEVATE
    | {"eval", "source", "base64", "base32", "basenc", "xxd", "openssl", "uudecode"}
    | {"rm", "git", "dd", "shred", "wipefs", "su", "tee", "touch", "mkdir"}
    | {"env", "printenv", "export", "declare", "typeset", "set"}
    | _WRITERS
    | {".ssh", ".aws", ".gnupg", ".kube", ".docker", ".azure", ".password-store", ".config"}
    | {".netrc", ".git-credentials", ".pgpass", ".pypirc", ".npmrc", ".vault-token", ".envrc"}
)


def _suspect(text: str) -> bool:
    """Whether `text` could hold anything the shell rules flag (a cheap over-estimate)."""
    if _SUSPECT_MARKS.search(text):
        return True
    if not _SUSPECT_WORDS.isdisjoint(_WORD.findall(text)):
        return True
    return "$" in text and any(secret_name(m) for m in _VARIABLE.findall(text))
