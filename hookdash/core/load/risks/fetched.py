"""Code fetched from a package registry and run: `npx -y`, `pnpm dlx`, `yarn dlx`, `bunx`,
`npm exec --yes`, `uvx`, `pipx run`, `pip install`, `npm i -g`, `cargo install`, `go install`,
`gem install`, … What runs is whatever the registry serves when the hook runs (a package's
install scripts included), so no review of the command can vouch for it: a flag of its own,
`fetched-code`.

`npx X` (and `npm exec X`, `bunx X`) runs the project's own copy when one is installed in
`node_modules/.bin`; without one it downloads X, and without a terminal (a hook has none) it
does not ask first. So it is flagged unless the project installs X or `--no-install`/`--no`
forbids the download."""

from __future__ import annotations

import json
import os
import posixpath

from hookdash.core.load.risks.commands import Add, _operands

_WHY = (
    "it downloads code from a package registry ({what}) and runs it: what runs is what the"
    " registry serves when the hook runs"
)
_WHY_INSTALL = "it installs packages from a registry ({what}), running their install scripts"

# Subcommands that install packages, per package manager (the first operand). System
# package managers (apt, dnf, …) need root: their `sudo` is flagged already.
_INSTALLS: dict[str, frozenset[str]] = {
    "npm": frozenset(
        {"install", "i", "add", "isntall", "in", "ins", "inst", "insta", "instal"}
        | {"update", "up", "upgrade", "install-test", "it"}
    ),
    "pnpm": frozenset({"add", "install", "i", "update", "up"}),
    "yarn": frozenset({"add", "install", "upgrade"}),
    "bun": frozenset({"add", "install", "i", "update"}),
    "pip": frozenset({"install", "download"}),
    "pip3": frozenset({"install", "download"}),
    "pipx": frozenset({"install", "inject", "run", "upgrade"}),
    "cargo": frozenset({"install", "binstall"}),
    "go": frozenset({"install", "get"}),
    "gem": frozenset({"install", "update"}),
    "brew": frozenset({"install", "reinstall", "upgrade", "tap"}),
    "conda": frozenset({"install", "create"}),
    "mamba": frozenset({"install", "create"}),
    "composer": frozenset({"require", "create-project", "global"}),  # (install: the lock)
    "luarocks": frozenset({"install"}),
    "deno": frozenset({"install"}),
}
# Programs that fetch and run a package in one go (all of their runs do).
_RUNNERS = frozenset({"uvx", "pnpx", "dlx"})
# Their options that take a value (so the package is the word after).
_VALUE_OPTIONS = frozenset(
    {"-p", "--package", "-c", "--call", "--prefix", "--registry", "--cache", "--userconfig"}
    | {"-w", "--workspace", "--from", "--with", "--python", "--index-url", "-i", "--spec"}
)


def _local_bin(package: str, workspace: str | None) -> bool:
    """Whether the project has the program `npx package` would run: installed in
    `node_modules/.bin`, or a dependency its package.json declares (run after `npm
    install`). A workspace that is not on this disk cannot be looked at: given the benefit
    of the doubt."""
    if workspace is None or not os.path.isdir(workspace):
        return True
    if not package:
        return False
    versioned = package.count("@") > (1 if package.startswith("@") else 0)
    name = package.rsplit("@", 1)[0] if versioned else package
    if os.path.exists(posixpath.join(workspace, "node_modules", ".bin", posixpath.basename(name))):
        return True
    return name in _declared(posixpath.join(workspace, "package.json"))


def _declared(path: str) -> set[str]:
    """The dependencies a package.json declares (none when it is missing or unreadable)."""
    try:
        with open(path, "rb") as file:
            data = json.loads(file.read(1 << 20))
    except (OSError, ValueError):
        return set()
    if not isinstance(data, dict):
        return set()
    names: set[str] = set()
    for key in ("dependencies", "devDependencies", "optionalDependencies", "peerDependencies"):
        value = data.get(key)
        if isinstance(value, dict):
            names |= {k for k in value if isinstance(k, str)}
    return names


def fetched_rules(name: str, values: list[str], add: Add, workspace: str | None) -> None:
    """The `fetched-code` flag of one simple command (its wrappers already taken off)."""
    operands = _operands(values, takes=tuple(_VALUE_OPTIONS))
    yes = any(v in ("-y", "--yes") or v.startswith("--yes=true") for v in values)
    no_install = any(v in ("--no-install", "--no", "--offline") for v in values)
    if name in _RUNNERS:
        add("fetched-code", _WHY.format(what=name))
        return
    if name in ("npx", "bunx"):
        if not no_install and (yes or not operands or not _local_bin(operands[0], workspace)):
            add("fetched-code", _WHY.format(what=name))
        return
    sub, rest = (operands[0], operands[1:]) if operands else ("", [])
    if name in ("npm", "pnpm", "yarn", "bun") and sub in ("exec", "x", "dlx"):
        if name in ("pnpm", "yarn") and sub == "dlx":
            add("fetched-code", _WHY.format(what=f"{name} dlx"))
        elif not no_install and (yes or not rest or not _local_bin(rest[0], workspace)):
            add("fetched-code", _WHY.format(what=f"{name} {sub}"))
        return
    if name == "yarn" and sub == "global" and rest[:1] == ["add"]:
        add("fetched-code", _WHY_INSTALL.format(what="yarn global add"))
        return
    if name == "uv" and (
        operands[:2] in (["tool", "run"], ["tool", "install"]) or operands[:2] == ["pip", "install"]
    ):
        add("fetched-code", _WHY.format(what="uv " + " ".join(operands[:2])))
        return
    if name == "go" and sub == "run" and any("@" in r for r in rest):
        add("fetched-code", _WHY.format(what="go run package@version"))
        return
    if (
        name == "deno"
        and sub == "run"
        and any(r.startswith(("http://", "https://", "npm:", "jsr:")) for r in rest)
    ):
        add("fetched-code", _WHY.format(what="deno run of a remote module"))
        return
    if name == "nix" and sub in ("run", "shell") and rest:
        add("fetched-code", _WHY.format(what=f"nix {sub}"))
        return
    if name.startswith("python") and values[:2] == ["-m", "pip"] and "install" in values[2:]:
        add("fetched-code", _WHY_INSTALL.format(what="pip install"))
        return
    installs = _INSTALLS.get(name)
    own = name in ("npm", "pnpm", "yarn", "bun") and not rest and not _global(values)
    if installs is not None and sub in installs and not own:
        # (`npm install` alone installs the project's own locked dependencies.)
        add("fetched-code", _WHY_INSTALL.format(what=f"{name} {sub}".strip()))


def _global(values: list[str]) -> bool:
    return any(v in ("-g", "--global", "--location=global") for v in values)
