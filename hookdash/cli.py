"""The headless commands. Thin: parse arguments, call hookdash.core, print."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_NEEDS_CONFIRMATION = 0, 1, 2, 3


class CliError(Exception):
    """An expected failure: printed as one message on stderr, exit code 1 (or as given)."""

    def __init__(self, message: str, code: int = EXIT_FAILED):
        super().__init__(message)
        self.code = code


# ------------------------------------------------------------------------- output style


class Style:
    """ANSI colours when writing to a terminal (NO_COLOR respected)."""

    def __init__(self, stream: TextIO):
        self.on = stream.isatty() and not os.environ.get("NO_COLOR")

    def _wrap(self, code: str, text: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.on else text

    def bold(self, t: str) -> str:
        return self._wrap("1", t)

    def dim(self, t: str) -> str:
        return self._wrap("2", t)

    def red(self, t: str) -> str:
        return self._wrap("31", t)

    def green(self, t: str) -> str:
        return self._wrap("32", t)

    def yellow(self, t: str) -> str:
        return self._wrap("33", t)

    def cyan(self, t: str) -> str:
        return self._wrap("36", t)


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


# --------------------------------------------------------------------------- loading


def _environment(args: argparse.Namespace) -> Any:
    from hookdash.core.environment import resolve_environment

    workspace = getattr(args, "workspace", None)
    if workspace is not None and not os.path.isdir(workspace):
        raise CliError(f"workspace {workspace!r} is not a directory")
    return resolve_environment(workspace)


def _configuration(args: argparse.Namespace) -> Any:
    from hookdash.core.snapshot import load_configuration

    return load_configuration(_environment(args))


# ---------------------------------------------------------------------------- list


def _state(hook: Any, s: Style) -> str:
    if hook.runs and hook.duplicate_of is not None:
        text = s.yellow("duplicate")
    elif hook.runs:
        text = s.green("runs")
    elif hook.disabled and hook.will_register:
        text = s.dim("disabled")
    else:
        text = s.red("not running")
    if hook.trust == "new":
        text += " " + s.yellow("NEW")
    elif hook.trust == "changed":
        text += " " + s.yellow("CHANGED")
    return text


def _visible_len(text: str) -> int:
    import re

    return len(re.sub(r"\x1b\[[0-9;]*m", "", text))


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _visible_len(text))


def cmd_list(args: argparse.Namespace) -> int:
    config = _configuration(args)
    snap = config.snapshot
    if args.json:
        _print_json(snap.model_dump(mode="json"))
        return EXIT_OK
    s = Style(sys.stdout)
    env = config.env
    out = sys.stdout
    out.write(_header(snap, env, s))
    for line in _banners(snap, env, s):
        out.write(line + "\n")
    if not snap.hooks:
        out.write(
            '\nNo hooks configured. Hooks go in the "hooks" object of '
            f"{env.display(env.user_settings_path)} (all projects) or "
            f"{env.display(env.workspace_settings_path)} (this project), or in an "
            "extension's hooks/hooks.json. Try `hookdash demo` to see them in action.\n"
        )
        return EXIT_OK
    groups: dict[str, dict[str, list[Any]]] = {}
    for hook in snap.hooks:
        groups.setdefault(hook.event, {}).setdefault(hook.layer_label, []).append(hook)
    id_width = min(28, max(len(_short(h.id, 28)) for h in snap.hooks))
    for event, layers in groups.items():
        out.write("\n" + s.bold(event) + "\n")
        for label, hooks in layers.items():
            out.write(f"  {s.cyan(label)} {s.dim(env.display(hooks[0].file))}\n")
            for hook in hooks:
                out.write(_hook_line(hook, s, id_width) + "\n")
                for reason in _explanations(hook):
                    out.write(f"      {s.dim('↳ ' + reason)}\n")
    counts = _counts(snap)
    out.write("\n" + s.dim(counts) + "\n")
    return EXIT_OK


def _short(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _hook_line(hook: Any, s: Style, id_width: int) -> str:
    state = _pad(_state(hook, s), 17)
    ident = _pad(_short(hook.id, id_width), id_width)
    matcher = ""
    if isinstance(hook.matcher, str) and hook.matcher:
        matcher = f" [{_short(hook.matcher, 24)}]"
    elif hook.matcher not in (None, ""):
        matcher = f" [{hook.matcher!r}]"
    line = f" L{hook.line}" if hook.line else ""
    command = ""
    if hook.name and hook.command:
        command = "  " + s.dim(_short(hook.command, 48))
    return f"    {state}{ident}{matcher}{s.dim(line)}{command}"


def _explanations(hook: Any) -> list[str]:
    from hookdash.core.status import hook_notes  # shared with the dashboard

    return hook_notes(hook)


def _counts(snap: Any) -> str:
    from hookdash.core.status import count_hooks

    return count_hooks(snap.hooks).text


def _header(snap: Any, env: Any, s: Style) -> str:
    from hookdash.core.folder_trust import describe

    lines = [
        s.bold("workspace ") + env.display(snap.workspace),
        f"folder {describe(snap.folder_trust)} · hooks {'on' if snap.hooks_enabled else 'OFF'}",
    ]
    return "\n".join(lines) + "\n"


def _banners(snap: Any, env: Any, s: Style) -> list[str]:
    from hookdash.core.status import banner_problems  # the dashboard shows the same

    lines = []
    for p in banner_problems(snap.problems):
        where = ""
        if p.file:
            where = env.display(p.file) + (f":{p.line}" if p.line else "")
            where += f":{p.column}" if p.column and p.line else ""
            where = f" ({where})"
        mark = s.red("✖") if p.severity == "error" else s.yellow("!")
        lines.append(f"{mark} {p.message}{s.dim(where)}")
    return lines


# --------------------------------------------------------------------------- check


def cmd_check(args: argparse.Namespace) -> int:
    config = _configuration(args)
    snap = config.snapshot
    problems = snap.problems
    if args.json:
        _print_json(
            {
                "workspace": snap.workspace,
                "errors": sum(p.severity == "error" for p in problems),
                "warnings": sum(p.severity == "warning" for p in problems),
                "problems": [p.model_dump(mode="json") for p in problems],
            }
        )
        return EXIT_FAILED if snap.has_errors else EXIT_OK
    s = Style(sys.stdout)
    env = config.env
    if not problems:
        print(f"No problems found in the hooks of {env.display(snap.workspace)}.")
        return EXIT_OK
    marks = {"error": s.red("error  "), "warning": s.yellow("warning"), "info": s.cyan("info   ")}
    for p in problems:
        where = ""
        if p.file:
            where = env.display(p.file) + (f":{p.line}" if p.line else "")
            where += f":{p.column}" if p.column and p.line else ""
        print(f"{marks[p.severity]} {s.bold(p.code)}" + (f"  {s.dim(where)}" if where else ""))
        print(f"        {p.message}")
        if p.fix:
            print(f"        {s.dim('fix: ' + p.fix)}")
    errors = sum(p.severity == "error" for p in problems)
    warnings = sum(p.severity == "warning" for p in problems)
    print(
        f"\n{errors} error(s), {warnings} warning(s), {len(problems) - errors - warnings} note(s)"
    )
    return EXIT_FAILED if errors else EXIT_OK


# ------------------------------------------------------------------ dashboard and demo
# Bare `hookdash` and `hookdash demo` open the Textual dashboard (hookdash/tui). Textual
# is imported only here, so the headless commands start fast.

NO_SETTINGS_NOTICE = (
    "No Gemini CLI settings found on this machine, so this is hookdash's demo "
    "(`hookdash demo` opens it again). Your files are not touched."
)


def _interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def cmd_dashboard(args: argparse.Namespace) -> int:
    """The dashboard on the workspace; the demo when Gemini CLI was never set up here."""
    from hookdash.core.demo import nothing_configured

    config = _configuration(args)
    if not _interactive():
        print(
            "hookdash: the dashboard needs a terminal; here is `hookdash list` instead.",
            file=sys.stderr,
        )
        args.json = False
        return cmd_list(args)
    if nothing_configured(config.snapshot):
        return _run_demo(keep=False, notice=NO_SETTINGS_NOTICE)
    return _run_dashboard(config.env, config)


def cmd_demo(args: argparse.Namespace) -> int:
    if not _interactive():
        raise CliError("the demo opens the dashboard, which needs a terminal")
    return _run_demo(keep=args.keep, notice=None)


def _run_demo(keep: bool, notice: str | None) -> int:
    from hookdash.core.demo import create_demo

    demo = create_demo()
    # Whatever this process starts (a hook fired from the dashboard) sees the demo's
    # home and settings paths too, never the user's (nor their trust/telemetry overrides).
    for name in [n for n in os.environ if n not in demo.environ]:
        del os.environ[name]
    os.environ.update(demo.environ)
    try:
        return _run_dashboard(demo.env, None, demo=demo, notice=notice)
    finally:
        if keep:
            print(f"The demo files are kept in {demo.root}")
        else:
            demo.cleanup()


def _run_dashboard(env: Any, config: Any, demo: Any = None, notice: str | None = None) -> int:
    from hookdash.tui.app import HookdashApp

    app = HookdashApp(env, configuration=config, demo=demo, notice=notice)
    try:
        app.run()
    finally:
        for owned in app.owned_demos:  # demos opened from inside the dashboard
            owned.cleanup()
    return app.return_code or EXIT_OK


def _add_dashboard_commands(sub: Any) -> None:
    p = sub.add_parser(
        "demo",
        help="open the dashboard on a bundled demo setup (a temporary copy)",
        description="Open the dashboard on a bundled demo: system, user and project "
        "settings, two extensions and real hook scripts, copied to a fresh temporary "
        "directory. Nothing of yours is read or written; the copy is deleted on exit.",
    )
    p.add_argument("--keep", action="store_true", help="keep the demo files after quitting")
    p.set_defaults(func=cmd_demo)


# ---------------------------------------------------------------------------- main


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"hookdash: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    common = _Parser(add_help=False)
    common.add_argument(
        "--workspace",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="the project folder Gemini CLI would run in (default: the current directory)",
    )
    with_json = _Parser(add_help=False)
    with_json.add_argument(
        "--json", action="store_true", default=argparse.SUPPRESS, help="print JSON"
    )

    parser = _Parser(
        prog="hookdash",
        description="See, review, switch, test and watch Gemini CLI hooks.",
        parents=[common],
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser(
        "list", parents=[common, with_json], help="every configured hook and its verdict"
    )
    p.set_defaults(func=cmd_list)
    p = sub.add_parser(
        "check", parents=[common, with_json], help="problems in the hook configuration"
    )
    p.add_argument("--fix", action="store_true", help="apply the safe fixes")
    p.set_defaults(func=cmd_check)
    _add_dashboard_commands(sub)
    return parser


def _version() -> str:
    from hookdash import __version__

    return f"hookdash {__version__}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    for name, default in (("workspace", None), ("json", False)):
        if not hasattr(args, name):
            setattr(args, name, default)
    try:
        if args.command is None:
            return cmd_dashboard(args)
        result: int = args.func(args)
        return result
    except CliError as exc:
        print(f"hookdash: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
