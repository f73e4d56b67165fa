"""The headless commands. Thin: parse arguments, call hookdash.core, print."""

from __future__ import annotations

import argparse
import atexit
import json
import os
import signal
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
    # Exact JSON in which no hidden character is raw (and a lone surrogate cannot fail).
    from hookdash.core.visible import json_text

    sys.stdout.write(json_text(data, indent=2) + "\n")


# --------------------------------------------------------------------------- loading


def _environment(args: argparse.Namespace) -> Any:
    from hookdash.core.gemini.environment import resolve_environment

    workspace = getattr(args, "workspace", None)
    if workspace is not None and not os.path.isdir(workspace):
        raise CliError(f"workspace {workspace!r} is not a directory")
    return resolve_environment(workspace)


def _configuration(args: argparse.Namespace) -> Any:
    from hookdash.core.load.snapshot import load_configuration

    return load_configuration(_environment(args))


# ---------------------------------------------------------------------------- list


_BADGE_STYLE = {
    "runs": "green",
    "duplicate": "yellow",
    "disabled": "dim",
    "not-running": "red",
    "new": "yellow",
    "changed": "yellow",
    "legacy": "yellow",
}


def _state(hook: Any, s: Style) -> str:
    """The dashboard's badges (core.status), coloured for a terminal."""
    from hookdash.core.status import hook_badges

    return " ".join(getattr(s, _BADGE_STYLE[b.kind])(b.label) for b in hook_badges(hook))


def _visible_len(text: str) -> int:
    import re

    return len(re.sub(r"\x1b\[[0-9;]*m", "", text))


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _visible_len(text))


def cmd_list(args: argparse.Namespace) -> int:
    config = _configuration(args)
    snap = config.snapshot
    if args.json:
        _print_json(snap)
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
    state_width = 1 + max(_visible_len(_state(h, s)) for h in snap.hooks)
    from hookdash.core.gemini.events import EVENTS

    order = [e for e in EVENTS if e in groups] + [e for e in groups if e not in EVENTS]
    for event in order:
        layers = groups[event]
        out.write("\n" + s.bold(event) + "\n")
        for label, hooks in layers.items():
            out.write(f"  {s.cyan(label)} {s.dim(env.display(hooks[0].file))}\n")
            for hook in hooks:
                out.write(_hook_line(hook, s, id_width, state_width) + "\n")
                for reason in _explanations(hook):
                    out.write(f"      {s.dim('↳ ' + reason)}\n")
    counts = _counts(snap)
    out.write("\n" + s.dim(counts) + "\n")
    return EXIT_OK


def _short(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _hook_line(hook: Any, s: Style, id_width: int, state_width: int) -> str:
    state = _pad(_state(hook, s), state_width)
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
    from hookdash.core.gemini.folder_trust import describe

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
    fixes = _apply_fixes(args) if args.fix else None
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
                **({"fixes": fixes.model_dump(mode="json")} if fixes is not None else {}),
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


# --------------------------------------------------- plan, fire, log (the shared engine)
# Thin wrappers over hookdash.core.run.engine / logfeed; every run goes through engine.fire.


def _event_arg(name: str) -> str:
    from hookdash.core.run.engine import UnknownEvent, check_event

    try:
        return check_event(name)
    except UnknownEvent as exc:
        raise CliError(str(exc), EXIT_USAGE) from exc


def _context_label(event: str, tool: str | None, trigger: str | None) -> str:
    from hookdash.core.gemini.events import TRIGGER_FIELD, match_kind

    kind = match_kind(event)
    if kind == "tool":
        return f"tool {tool}" if tool else "any tool"
    if kind == "trigger":
        return f"{TRIGGER_FIELD[event]} {trigger}" if trigger else f"any {TRIGGER_FIELD[event]}"
    return "no match context"


def _plan_notes(event: str, tool: str | None, trigger: str | None) -> list[str]:
    from hookdash.core.gemini.events import FIRED_TRIGGERS, TRIGGER_FIELD, match_kind

    kind = match_kind(event)
    notes = []
    if kind == "none" and (tool or trigger):
        notes.append(
            f"Gemini fires {event} without a match context: matchers are ignored, and so "
            "are --tool and --trigger."
        )
    if kind == "tool" and not tool:
        notes.append(
            "No --tool given: Gemini always passes the tool's name, so this lists every hook "
            "as if its matcher matched. Pass --tool NAME to see which do."
        )
    if kind == "tool" and trigger:
        notes.append(f"{event} matches on the tool name: --trigger is ignored.")
    if kind == "trigger":
        field = TRIGGER_FIELD[event]
        if tool:
            notes.append(f"{event} matches on its {field}: --tool is ignored.")
        if not trigger:
            notes.append(
                f"No --trigger given: Gemini always passes a {field} "
                f"({', '.join(FIRED_TRIGGERS[event])}); pass --trigger VALUE to see which "
                "hooks match it."
            )
        elif trigger not in FIRED_TRIGGERS[event]:
            notes.append(
                f"Gemini CLI 0.61 never fires {event} with {field} {trigger!r} "
                f"(it uses {', '.join(FIRED_TRIGGERS[event])})."
            )
    return notes


def _hook_where(hook: Any, env: Any) -> str:
    line = f":{hook.line}" if hook.line else ""
    return f"{env.display(hook.file)}{line}"


def cmd_plan(args: argparse.Namespace) -> int:
    from hookdash.core.run.engine import plan

    event = _event_arg(args.event)
    config = _configuration(args)
    the_plan = plan(config, event, args.tool, args.trigger)
    notes = _plan_notes(event, args.tool, args.trigger)
    if args.json:
        data = the_plan.model_dump(mode="json")
        data["notes"] = notes
        _print_json(data)
        return EXIT_OK
    s = Style(sys.stdout)
    env = config.env
    label = _context_label(event, the_plan.context.tool_name, the_plan.context.trigger)
    out = sys.stdout
    if the_plan.hooks:
        mode = "one after another (sequential)" if the_plan.sequential else "in parallel"
        count = f"{len(the_plan.hooks)} hook{'s' if len(the_plan.hooks) > 1 else ''}"
        out.write(f"{s.bold(event)} · {label}: Gemini runs {count} {mode}\n")
        for i, hook in enumerate(the_plan.hooks, 1):
            matcher = f" [{hook.matcher}]" if isinstance(hook.matcher, str) and hook.matcher else ""
            out.write(
                f"  {i}. {s.green(hook.id)} {s.cyan(hook.layer_label)}{matcher}"
                f"  {s.dim(_hook_where(hook, env))}\n"
            )
            if hook.name and hook.command:
                out.write(f"       {s.dim(_short(hook.command, 90))}\n")
    else:
        out.write(f"{s.bold(event)} · {label}: Gemini runs no hook.\n")
    if the_plan.error:
        out.write(s.red(f"! {the_plan.error}") + "\n")
    if the_plan.skipped:
        out.write("Not run:\n")
        for skipped in the_plan.skipped:
            layer = f"extension {skipped.extension}" if skipped.extension else skipped.scope
            why = skipped.detail or skipped.reason
            out.write(f"  {s.dim('-')} {skipped.id} {s.cyan(layer)}: {s.yellow(skipped.reason)}")
            out.write(f" — {why}\n" if why != skipped.reason else "\n")
    for note in notes:
        out.write(s.dim(f"note: {note}") + "\n")
    return EXIT_OK


def _read_input(source: str | None) -> dict[str, Any] | None:
    if source is None:
        return None
    try:
        if source == "-":
            text = sys.stdin.read()
        else:
            with open(source, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as exc:
        raise CliError(f"cannot read --input {source}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise CliError(f"--input {source} is not UTF-8 text") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        where = "stdin" if source == "-" else source
        raise CliError(
            f"--input {where} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from exc
    if not isinstance(data, dict):
        raise CliError("--input must be a JSON object; its keys replace the payload's")
    return data


def _select_hook(config: Any, ident: str, event: str) -> Any:
    from hookdash.core.run.engine import EngineError, select_hook

    try:
        return select_hook(config.hooks, ident, event)
    except EngineError as exc:
        raise CliError(str(exc)) from exc


def cmd_fire(args: argparse.Namespace) -> int:
    from hookdash.core.run.engine import build_payload, confirmations_needed, fire_sync
    from hookdash.core.run.payloads import context_of, merge_input
    from hookdash.core.run.planner import plan_event

    event = _event_arg(args.event)
    override = _read_input(args.input)
    config = _configuration(args)
    hook = _select_hook(config, args.hook, event) if args.hook else None
    payload = build_payload(config, event, hook=hook, tool_name=args.tool, trigger=args.trigger)
    final = merge_input(payload, override)
    to_run = (
        [hook]
        if hook is not None
        else plan_event(config.hooks, event, context_of(event, final)).hooks
    )
    needed = confirmations_needed(config, to_run)
    if needed and not args.yes:
        lines = "\n".join(f"  {c.id} ({c.ref}): {c.reason}" for c in needed)
        raise CliError(
            "Gemini CLI would not run these hooks without asking first:\n"
            f"{lines}\nReview them (`hookdash list`), then pass --yes to run anyway.",
            EXIT_NEEDS_CONFIRMATION,
        )
    result = fire_sync(config, event, hook=hook, payload=payload, input_override=override)
    if args.json:
        _print_json(result.model_dump(mode="json"))
        return EXIT_OK
    _print_fire(result, config, Style(sys.stdout))
    return EXIT_OK


def _print_fire(result: Any, config: Any, s: Style) -> None:
    out = sys.stdout
    label = _context_label(result.event, result.context.tool_name, result.context.trigger)
    session = str(result.input.get("session_id", ""))[:8]
    if result.hook is not None:
        what = f"hook {result.results[0].id}" if result.results else "one hook"
    elif result.results:
        n = len(result.results)
        what = f"{n} hook{'s' if n > 1 else ''} " + (
            "sequentially" if result.sequential else "in parallel"
        )
    else:
        what = "no hook"
    out.write(f"{s.bold(result.event)} · {label} · {what} · session {session}\n")
    if not result.gemini_would_run:
        why = "; ".join(result.gemini_would_not_run_because)
        out.write(s.yellow(f"! Gemini CLI would not run this hook: {why}") + "\n")
    for warning in result.warnings:
        out.write(s.yellow(f"! payload: {warning}") + "\n")
    for r in result.results:
        mark = s.green("✔") if r.success else s.red("✖")
        status = (
            "timed out"
            if r.timed_out
            else f"exit {r.exit_code}" + (f" (signal {r.signal})" if r.signal else "")
            if r.executed
            else "not started"
        )
        fmt = f" · {r.output_format} output" if r.output_format else ""
        layer = f"extension {r.extension}" if r.extension else r.scope
        out.write(f"{mark} {s.bold(r.id)} {s.cyan(layer)}  {status} · {r.duration_ms} ms{fmt}\n")
        for name in ("stdout", "stderr"):
            text = getattr(r, name).rstrip("\n")
            if text:
                body = text if len(text) <= 2000 else text[:2000] + " …"
                out.write(s.dim(f"    {name}: ") + body.replace("\n", "\n            ") + "\n")
        if r.error:
            out.write(s.red(f"    error: {r.error}") + "\n")
        if r.output is not None:
            out.write(s.dim("    output: ") + json.dumps(r.output, ensure_ascii=False) + "\n")
    if not result.results and result.skipped:
        out.write("Not run:\n")
        for skipped in result.skipped:
            out.write(f"  - {skipped.id} ({skipped.reason}): {skipped.detail or skipped.reason}\n")
    if result.run_error:
        out.write(s.red(f"! {result.run_error}") + "\n")
    if result.aggregate is not None:
        out.write(s.dim("aggregate: ") + json.dumps(result.aggregate, ensure_ascii=False) + "\n")
    out.write(s.bold("effect: ") + result.effect + "\n")
    if result.results:
        from hookdash.core.run.runlog import RUNLOG_NAME
        from hookdash.core.state import state_dir

        where = config.env.display(state_dir(config.env.environ) / RUNLOG_NAME)
        out.write(s.dim(f"logged {len(result.results)} run(s) to {where}") + "\n")


def _log_line(record: Any, s: Style) -> str:
    from datetime import datetime

    try:
        moment = datetime.fromisoformat(record.ts.replace("Z", "+00:00")).astimezone()
        when = moment.strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        when = record.ts or "?"
    mark = s.green("✔") if record.success else s.red("✖")
    if record.timed_out:
        status = "timed out"
    elif record.exit_code is not None:
        status = f"exit {record.exit_code}"
    else:
        status = "no exit code"
    duration = f"{record.duration_ms:g} ms" if record.duration_ms is not None else "?"
    origin = s.cyan(record.origin.ljust(8))
    layer = f"extension {record.extension}" if record.extension else record.scope
    where = f" {s.dim(layer)}" if layer else ""
    parts = [f"{s.dim(when)} {origin} {record.event:<19} {mark} {s.bold(record.id)}{where}"]
    parts.append(f"{status} · {duration}")
    if record.decision:
        parts.append(f"decision {record.decision}")
    if record.error:
        parts.append(s.red(_short(record.error, 80)))
    return "  ".join(parts)


def _print_records(records: Sequence[Any], as_json: bool, s: Style) -> None:
    for record in records:
        if as_json:
            sys.stdout.write(json.dumps(record.model_dump(mode="json"), ensure_ascii=False) + "\n")
        else:
            sys.stdout.write(_log_line(record, s) + "\n")
    sys.stdout.flush()


def cmd_log(args: argparse.Namespace) -> int:
    from pathlib import Path

    from hookdash.core.run.logfeed import LogFeed
    from hookdash.core.state import state_dir

    if args.limit < 0:
        raise CliError("--limit must be 0 or more", EXIT_USAGE)
    config = _configuration(args)
    telemetry = config.snapshot.telemetry.outfile
    if args.source == "gemini" and not telemetry:
        raise CliError(
            "Gemini CLI's telemetry file is not configured: set telemetry.enabled, "
            'telemetry.target "local" and telemetry.outfile in settings.json (or '
            "GEMINI_TELEMETRY_OUTFILE) so Gemini writes one."
        )
    feed = LogFeed(
        state_dir(config.env.environ),
        Path(telemetry) if telemetry else None,
        args.source,
        config.hooks,
    )
    s = Style(sys.stdout)
    if args.follow:
        feed.start_following()
    records = feed.recent(args.limit)
    if not records and not args.json and not args.follow:
        print(
            "No hook runs yet. `hookdash fire EVENT` runs hooks through the engine"
            + ("." if telemetry else "; turn on Gemini's telemetry file to see real sessions.")
        )
    _print_records(records, args.json, s)
    if args.follow:
        _follow(feed, args.json, s)
    return EXIT_OK


def _follow(feed: Any, as_json: bool, s: Style) -> None:
    import watchfiles

    watched = {p.parent for p in feed.paths}
    for directory in watched:
        directory.mkdir(parents=True, exist_ok=True)
    try:
        for _changes in watchfiles.watch(
            *watched, debounce=50, step=25, rust_timeout=1000, yield_on_timeout=True
        ):
            _print_records(feed.read_new(), as_json, s)
    except KeyboardInterrupt:
        pass
    finally:
        feed.close()


# --------------------------------------------- disable, enable, trust, check --fix (edits)
# Thin wrappers over hookdash.core.edit.disabled_list / trust_store / fixes: every message comes
# from the core's EditResult, so the dashboard shows the same words.


def _edit_failed(exc: Any, as_json: bool) -> CliError:
    """An EditError as a one-message failure (candidates listed), JSON on stdout if asked."""
    from hookdash.core.edit.edits import AmbiguousHookError

    message = exc.message
    if isinstance(exc, AmbiguousHookError):
        message += "\n" + "\n".join(f"  {c.id}  [{c.ref}]" for c in exc.candidates)
    if exc.applied:
        message += "\nAlready written before the failure:\n" + "\n".join(
            f"  {c.file}  {c.key}  {c.action} {json.dumps(c.value, ensure_ascii=False)}"
            for c in exc.applied
        )
    if as_json:
        _print_json(exc.to_dict())
    return CliError(message)


def _change_line(change: Any, env: Any, s: Style) -> str:
    mark = {"add": s.green("+"), "remove": s.red("-"), "replace": s.yellow("~")}.get(
        change.action, s.cyan("*")
    )
    if change.action == "replace":
        old, new = (json.dumps(change.value[k], ensure_ascii=False) for k in ("from", "to"))
        what = f"{old} → {new}"
    elif isinstance(change.value, list):
        what = ", ".join(json.dumps(v, ensure_ascii=False) for v in change.value) or "(none)"
    else:
        what = json.dumps(change.value, ensure_ascii=False)
    note = s.dim(f"  ({change.note})") if change.note else ""
    return f"  {mark} {env.display(change.file)}  {s.bold(change.key)}  {what}{note}"


def _print_edit(result: Any, env: Any) -> None:
    s = Style(sys.stdout)
    print(result.message)
    for change in result.changes:
        print(_change_line(change, env, s))
    for note in result.notes:
        print(s.dim("note: ") + note)


def _run_edit(args: argparse.Namespace, operation: Any) -> int:
    from hookdash.core.edit.edits import EditError

    config = _configuration(args)
    try:
        result = operation(config)
    except EditError as exc:
        raise _edit_failed(exc, args.json) from None
    if args.json:
        _print_json(result.model_dump(mode="json"))
    else:
        _print_edit(result, config.env)
    return EXIT_OK


def cmd_disable(args: argparse.Namespace) -> int:
    from hookdash.core.edit.disabled_list import disable_hook

    return _run_edit(args, lambda c: disable_hook(c, args.id, args.scope, args.disabled_key))


def cmd_enable(args: argparse.Namespace) -> int:
    from hookdash.core.edit.disabled_list import enable_hook

    return _run_edit(args, lambda c: enable_hook(c, args.id, args.disabled_key))


def _plan_hook(hook: Any) -> dict[str, Any]:
    return {
        "id": hook.id,
        "key": hook.key,
        "ref": hook.ref,
        "event": hook.event,
        "line": hook.line,
        "command": hook.command,
        "script": hook.script.path if hook.script else None,
        "trust": hook.trust,
        "trust_detail": hook.trust_detail,
    }


def cmd_trust(args: argparse.Namespace) -> int:
    from hookdash.core.edit.edits import EditError
    from hookdash.core.edit.trust_store import plan_trust, trust_hooks

    config = _configuration(args)
    env = config.env
    try:
        plan = plan_trust(config)
    except EditError as exc:
        raise _edit_failed(exc, args.json) from None
    if not plan.empty and not args.yes:
        if args.json:
            _print_json(
                {
                    "needs_confirmation": True,
                    "project_root": plan.project_root,
                    "trust": [_plan_hook(h) for h in plan.trust],
                    "watch": [_plan_hook(h) for h in plan.watch],
                }
            )
            return EXIT_NEEDS_CONFIRMATION
        s = Style(sys.stdout)
        if plan.trust:
            print(
                f"hookdash would trust these project hooks of {env.display(plan.project_root)}, "
                f"in {env.display(env.trusted_hooks_path)} and by fingerprinting their scripts:"
            )
            for hook in plan.trust:
                badge = s.yellow("NEW    " if hook.trust == "new" else "CHANGED")
                print(f"  {badge} {hook.id}  {s.dim(f'{hook.event}, line {hook.line}')}")
                if hook.name and hook.command:
                    print(f"          {s.dim('command: ' + hook.command)}")
                if hook.script and hook.script.path:
                    print(f"          {s.dim('script: ' + env.display(hook.script.path))}")
                if hook.trust_detail:
                    print(f"          {s.dim(hook.trust_detail)}")
        if plan.watch:
            print(
                "and remember the scripts of these hooks (already trusted by Gemini CLI) "
                "to notice later changes:"
            )
            for hook in plan.watch:
                assert hook.script is not None and hook.script.path is not None
                print(f"  {hook.id}  {s.dim(env.display(hook.script.path))}")
        print("Review them, then run `hookdash trust --yes`.")
        return EXIT_NEEDS_CONFIRMATION
    return _run_edit(args, trust_hooks)


def _apply_fixes(args: argparse.Namespace) -> Any:
    """check --fix: apply the safe fixes, print them (human mode), return the result."""
    from hookdash.core.edit.edits import EditError
    from hookdash.core.edit.fixes import apply_safe_fixes

    config = _configuration(args)
    try:
        result = apply_safe_fixes(config)
    except EditError as exc:
        raise _edit_failed(exc, args.json) from None
    if not args.json:
        s = Style(sys.stdout)
        _print_edit(result, config.env)
        if result.skipped:
            print(s.dim("not fixed automatically:"))
            for reason in result.skipped:
                print(s.dim(f"  {reason}"))
        print()
    return result


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
    if not keep:
        # Belt and braces with the signal handling in _run_dashboard: whatever ends the
        # process normally also removes the copy.
        atexit.register(demo.cleanup)
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
    import asyncio

    from hookdash.tui.app import HookdashApp

    app = HookdashApp(env, configuration=config, demo=demo, notice=notice)

    def leave(signum: int, frame: Any) -> None:
        # A closed terminal (SIGHUP) or `kill` (SIGTERM) ends the app like `q` does, so the
        # terminal is restored and the demo's temporary copy removed.
        try:
            asyncio.get_running_loop().call_soon_threadsafe(app.exit, None, 128 + signum)
        except RuntimeError:  # the app's loop is not running (yet, or any more)
            raise SystemExit(128 + signum) from None

    previous = {sig: signal.signal(sig, leave) for sig in (signal.SIGHUP, signal.SIGTERM)}
    try:
        app.run()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
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

    # --- plan, fire, log (the shared engine) ---
    firing = _Parser(add_help=False)  # what plan and fire both take: an event and its context
    firing.add_argument("event", metavar="EVENT", help="a Gemini CLI event, e.g. BeforeTool")
    firing.add_argument("--tool", metavar="NAME", help="the tool name (BeforeTool, AfterTool)")
    firing.add_argument(
        "--trigger",
        metavar="VALUE",
        help="the source, reason or trigger (SessionStart, SessionEnd, PreCompress)",
    )
    p = sub.add_parser(
        "plan",
        parents=[common, with_json, firing],
        help="which hooks Gemini would run for an event, in order, and why others would not",
    )
    p.set_defaults(func=cmd_plan)
    p = sub.add_parser(
        "fire",
        parents=[common, with_json, firing],
        help="run an event's hooks (or one hook) with a realistic payload",
    )
    p.add_argument("--hook", metavar="ID", help="run only this hook (its id or ref)")
    p.add_argument(
        "--input",
        metavar="FILE",
        help="JSON object merged over the payload ('-' reads stdin)",
    )
    p.add_argument(
        "--yes", action="store_true", help="run hooks Gemini would not run without asking"
    )
    p.set_defaults(func=cmd_fire)
    p = sub.add_parser(
        "log",
        parents=[common, with_json],
        help="recent hook runs: hookdash's run log and Gemini's telemetry file",
    )
    p.add_argument("--follow", "-f", action="store_true", help="keep printing new runs")
    p.add_argument("--limit", "-n", type=int, default=20, metavar="N", help="how many (20)")
    p.add_argument(
        "--source",
        choices=("hookdash", "gemini", "all"),
        default="all",
        help="which log to read (default: all)",
    )
    p.set_defaults(func=cmd_log)
    # --- end of plan, fire, log ---
    # disable / enable / trust (edits)
    keys = ("auto", "hooks", "hooksConfig")
    key_help = (
        "which disabled list: auto = hooksConfig.disabled, mirrored into an existing legacy "
        "hooks.disabled; hooks = only the legacy list (Gemini CLI < 0.26); hooksConfig = only "
        "the current one (default: auto)"
    )
    p = sub.add_parser("disable", parents=[common, with_json], help="add a hook to a disabled list")
    p.add_argument("id", metavar="ID", help="the hook's name (or command if unnamed), or its ref")
    p.add_argument(
        "--scope",
        choices=("user", "workspace"),
        default="user",
        help="whose settings file to edit (default: user)",
    )
    p.add_argument("--disabled-key", choices=keys, default="auto", help=key_help)
    p.set_defaults(func=cmd_disable)
    p = sub.add_parser(
        "enable", parents=[common, with_json], help="remove a hook from the disabled lists"
    )
    p.add_argument("id", metavar="ID", help="the hook's name (or command if unnamed), or its ref")
    p.add_argument("--disabled-key", choices=keys, default="auto", help=key_help)
    p.set_defaults(func=cmd_enable)
    p = sub.add_parser(
        "trust",
        parents=[common, with_json],
        help="record the workspace's project hooks in Gemini's trusted_hooks.json",
    )
    p.add_argument("--yes", action="store_true", help="do it without asking")
    p.set_defaults(func=cmd_trust)

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
