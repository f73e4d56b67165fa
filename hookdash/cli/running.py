"""`hookdash plan`, `fire` and `log`: thin wrappers over the shared engine."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hookdash.cli.output import (
    EXIT_NEEDS_CONFIRMATION,
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    Style,
    print_json,
)
from hookdash.cli.workspace import configuration
from hookdash.core import NO_MATCHER, json_text, shorten, visible

if TYPE_CHECKING:
    from hookdash.core import LogFeed

# --------------------------------------------------- plan, fire, log (the shared engine)
# Thin wrappers over Gemini's fire (core.hosts.gemini.fire) and the log feed (core.run.logfeed).


def _event_arg(name: str) -> str:
    from hookdash.core import UnknownEvent, check_event

    try:
        return check_event(name)
    except UnknownEvent as exc:
        raise CliError(str(exc), EXIT_USAGE) from exc


def _context_label(event: str, tool: str | None, trigger: str | None) -> str:
    from hookdash.core import TRIGGER_FIELD, match_kind

    kind = match_kind(event)
    if kind == "tool":
        return f"tool {visible(tool)}" if tool else "any tool"
    if kind == "trigger":
        field = TRIGGER_FIELD[event]
        return f"{field} {visible(trigger)}" if trigger else f"any {field}"
    return NO_MATCHER


def _plan_notes(event: str, tool: str | None, trigger: str | None) -> list[str]:
    from hookdash.core import FIRED_TRIGGERS, TRIGGER_FIELD, match_kind

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
                f"Gemini CLI 0.61 never fires {event} with {field} {visible(repr(trigger))} "
                f"(it uses {', '.join(FIRED_TRIGGERS[event])})."
            )
    return notes


def _hook_where(hook: Any, env: Any) -> str:
    line = f":{hook.line}" if hook.line else ""
    return f"{env.display(hook.file)}{line}"


def cmd_plan(args: argparse.Namespace) -> int:
    from hookdash.core import killed_at_once, plan

    event = _event_arg(args.event)
    config = configuration(args)
    the_plan = plan(config, event, args.tool, args.trigger)
    notes = _plan_notes(event, args.tool, args.trigger)
    from hookdash.cli.any_host import also_planned

    notes += also_planned(args, config.snapshot.host, event)
    if args.json:
        data = the_plan.model_dump(mode="json")
        data["notes"] = notes
        print_json(data)
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
            shown = hook.shown
            matcher = (
                f" [{shown.matcher}]" if isinstance(hook.matcher, str) and shown.matcher else ""
            )
            out.write(
                f"  {i}. {s.green(shown.id)} {s.cyan(shown.layer_label)}{matcher}"
                f"  {s.dim(_hook_where(hook, env))}\n"
            )
            if hook.name and hook.command:
                out.write(f"       {s.dim(shorten(shown.command, 90))}\n")
            if at_once := killed_at_once(hook.timeout_raw):
                out.write(s.yellow(f"       ! {visible(at_once)}") + "\n")
    else:
        out.write(f"{s.bold(event)} · {label}: Gemini runs no hook.\n")
    if the_plan.error:
        out.write(s.red(f"! {visible(the_plan.error)}") + "\n")
    if the_plan.skipped:
        out.write("Not run:\n")
        for skipped in the_plan.skipped:
            out.write(_skipped_line(skipped, s) + "\n")
    for note in notes:
        out.write(s.dim(f"note: {note}") + "\n")
    return EXIT_OK


def _skipped_line(skipped: Any, s: Style) -> str:
    """`  - id layer: reason — why` for a hook the plan leaves out."""
    layer = f"extension {visible(skipped.extension)}" if skipped.extension else skipped.scope
    reason = s.yellow(skipped.reason)  # raw-ok: a SkipReason literal
    line = f"  {s.dim('-')} {visible(skipped.id)} {s.cyan(layer)}: {reason}"
    if skipped.detail and skipped.detail != skipped.reason:
        line += f" — {visible(skipped.detail)}"
    return line


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
        raise CliError(f"cannot read --input {visible(source)}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise CliError(f"--input {visible(source)} is not UTF-8 text") from exc
    from hookdash.core import json_loads

    try:
        data = json_loads(text)
    except json.JSONDecodeError as exc:
        where = "stdin" if source == "-" else visible(source)
        raise CliError(
            f"--input {where} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from exc
    if not isinstance(data, dict):
        raise CliError("--input must be a JSON object; its keys replace the payload's")
    return data


def _select_hook(config: Any, ident: str, event: str) -> Any:
    from hookdash.core import HookdashError, select_hook

    try:
        return select_hook(config, ident, event)
    except HookdashError as exc:
        raise CliError(exc.message) from exc


def cmd_fire(args: argparse.Namespace) -> int:
    from hookdash.core import (
        FireInterrupted,
        build_payload,
        confirmations_needed,
        context_of,
        fire_sync,
        merge_input,
        plan_event,
    )

    event = _event_arg(args.event)
    override = _read_input(args.input)
    config = configuration(args)
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
        lines = "\n".join(
            f"  {visible(c.id)} ({visible(c.ref)}): {visible(c.reason)}" for c in needed
        )
        raise CliError(
            "These hooks have not been reviewed, so hookdash asks before running them:\n"
            f"{lines}\nReview them (`hookdash list`), then pass --yes to run anyway.",
            EXIT_NEEDS_CONFIRMATION,
        )
    try:
        result = fire_sync(config, event, hook=hook, payload=payload, input_override=override)
    except FireInterrupted as exc:
        # 128 + the signal, as a shell reports a process it ended (Ctrl-C: 130).
        raise CliError(f"fire {exc}", 128 + exc.signum) from None
    if args.json:
        print_json(result.model_dump(mode="json"))
        return EXIT_OK
    _print_fire(result, config, Style(sys.stdout))
    return EXIT_OK


def _print_fire(result: Any, config: Any, s: Style) -> None:
    out = sys.stdout
    label = _context_label(result.event, result.context.tool_name, result.context.trigger)
    session = visible(str(result.input.get("session_id", ""))[:8])
    if result.hook is not None:
        what = f"hook {result.results[0].shown.id}" if result.results else "one hook"
    elif result.results:
        n = len(result.results)
        what = f"{n} hook{'s' if n > 1 else ''} " + (
            "sequentially" if result.sequential else "in parallel"
        )
    else:
        what = "no hook"
    out.write(f"{s.bold(visible(result.event))} · {label} · {what} · session {session}\n")
    if not result.gemini_would_run:
        why = visible("; ".join(result.gemini_would_not_run_because))
        out.write(s.yellow(f"! Gemini CLI would not run this hook: {why}") + "\n")
    for warning in result.warnings:
        out.write(s.yellow(f"! payload: {visible(warning)}") + "\n")
    for sentence in result.timeouts:
        out.write(s.yellow(f"! {visible(sentence)}") + "\n")
    for r in result.results:
        for line in run_lines(r, s):
            out.write(line + "\n")
    if not result.results and result.skipped:
        out.write("Not run:\n")
        for skipped in result.skipped:
            out.write(_skipped_line(skipped, s) + "\n")
    if result.run_error:
        out.write(s.red(f"! {visible(result.run_error)}") + "\n")
    if result.aggregate is not None:
        out.write(s.dim("aggregate: ") + json_text(result.aggregate) + "\n")
    out.write(s.bold("effect: ") + visible(result.effect) + "\n")
    if result.results:
        from hookdash.core import RUNLOG_NAME, state_dir

        where = config.env.display(state_dir(config.env.environ) / RUNLOG_NAME)
        out.write(s.dim(f"logged {len(result.results)} run(s) to {where}") + "\n")


def _verdict(run: Any, s: Style) -> str:
    """`⊘ blocked`, `✔ ok`, …: the words and marks of the dashboard (`core.verdict_text`),
    coloured as it colours them."""
    from hookdash.core import outcome_of, verdict_text

    outcome = outcome_of(run)
    text = verdict_text(run)
    if outcome == "ok":
        return s.green(text)
    if outcome in ("warning", "blocked"):
        return s.yellow(text)
    return s.dim(text) if outcome == "cancelled" else s.red(text)


def run_lines(r: Any, s: Style) -> list[str]:
    """One hook's result as `fire` prints it: a heading, stdout, stderr, error, output."""
    shown = r.shown
    lines = []
    mark = _verdict(r, s)
    status = (
        "timed out"
        if r.timed_out
        else f"exit {r.exit_code}" + (f" (signal {r.signal})" if r.signal else "")
        if r.executed
        else "not started"
    )
    fmt = f" · {r.output_format} output" if r.output_format else ""
    lines.append(
        f"{mark} {s.bold(shown.id)} {s.cyan(shown.layer)}  {status} · {r.duration_ms} ms{fmt}"
    )
    for name, text in (("stdout", shown.stdout), ("stderr", shown.stderr)):
        text = text.rstrip("\n")
        if text:
            body = text if len(text) <= 2000 else text[:2000] + " …"
            lines.append(s.dim(f"    {name}: ") + body.replace("\n", "\n            "))
    if shown.error:
        lines.append(s.red("    error: " + shown.error.replace("\n", "\n           ")))
    if r.output is not None:
        lines.append(s.dim("    output: ") + json_text(r.output))
    return lines


def skipped_lines(skipped: Sequence[Any], s: Style) -> list[str]:
    """The hooks a plan or firing leaves out, one line each: id, scope, reason and why."""
    return [
        f"  {s.dim('-')} {visible(shorten(k.id, 50))} {s.cyan(k.scope)}: "
        f"{s.yellow(visible(k.reason))} — {visible(k.why)}"
        for k in skipped
    ]


def write_fire_outcome(
    result: Any,
    label: str,
    s: Style,
    *,
    would_run: bool,
    why_not: Sequence[str],
    not_fired: Sequence[tuple[str, str]] = (),
) -> None:
    """A firing of a host whose event's hooks all run at once (`FireOutcome` with its
    `match_field`, `value` and `notes`), as `fire` prints it: the event and what it
    matched, each run, what was not fired (`(id, why)`) or not run, the notes and the
    effect. `label` names the agent; `would_run` False says why it would not run the
    one hook fired."""
    out = sys.stdout
    context = (
        f"{result.match_field} {visible(repr(result.value))}" if result.match_field else NO_MATCHER
    )
    count = len(result.results)
    what = f"{count} hook{'s' if count != 1 else ''}" + (" in parallel" if count > 1 else "")
    session = visible(str(result.input.get("session_id", ""))[:8])
    out.write(f"{s.bold(visible(result.event))} · {context} · {what} · session {session}\n")
    if not would_run:
        why = visible("; ".join(why_not))
        out.write(s.yellow(f"! {label} would not run this hook: {why}") + "\n")
    for warning in result.warnings:
        out.write(s.yellow(f"! {visible(warning)}") + "\n")
    for r in result.results:
        for line in run_lines(r, s):
            out.write(line + "\n")
    for ident, why in not_fired:
        out.write(s.dim(f"  - {visible(shorten(ident, 60))}: {visible(why)}") + "\n")
    if not result.results and result.skipped:
        out.write("Not run:\n" + "\n".join(skipped_lines(result.skipped, s)) + "\n")
    for note in result.notes:
        out.write(s.dim(f"note: {visible(note)}") + "\n")
    out.write(s.bold("effect: ") + visible(result.effect) + "\n")


def _log_line(record: Any, s: Style) -> str:
    from datetime import datetime

    try:
        moment = datetime.fromisoformat(record.ts.replace("Z", "+00:00")).astimezone()
        when = moment.strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        when = visible(record.ts or "?")
    mark = _verdict(record, s)
    if record.timed_out:
        status = "timed out"
    elif record.exit_code is not None:
        status = f"exit {record.exit_code}"
    else:
        status = "no exit code"
    duration = f"{record.duration_ms:g} ms" if record.duration_ms is not None else "?"
    shown = record.shown
    origin = s.cyan(visible(record.origin).ljust(8))
    host = s.dim(visible(record.host).ljust(6))
    where = f" {s.dim(shown.layer)}" if shown.layer else ""
    parts = [f"{s.dim(when)} {origin} {host} {shown.event:<19} {mark} {s.bold(shown.id)}{where}"]
    parts.append(f"{status} · {duration}")
    if shown.decision:
        parts.append(f"decision {shown.decision}")
    if shown.error:
        parts.append(s.red(shorten(visible(record.error), 80)))
    return "  ".join(parts)


def _print_records(records: Sequence[Any], as_json: bool, s: Style) -> None:
    for record in records:
        if as_json:
            sys.stdout.write(json_text(record.model_dump(mode="json")) + "\n")
        else:
            sys.stdout.write(_log_line(record, s) + "\n")
    sys.stdout.flush()


def _no_runs_yet(source: str, telemetry: str | None, exists: bool) -> str:
    """What an empty log says: which file holds no run yet, and how runs get there."""
    hookdash = "`hookdash fire EVENT` runs hooks through the engine"
    if telemetry is None:
        return (
            f"No hook runs yet. {hookdash}; turn on Gemini's telemetry file to see real sessions."
        )
    gemini = (
        f"Gemini CLI's telemetry file {telemetry} does not exist yet: Gemini creates it when a "
        "session starts with telemetry on"
        if not exists
        else f"Gemini CLI's telemetry file {telemetry} records no hook call yet"
    )
    if source not in ("hookdash", "all"):  # only the agent's own records
        return f"No hook runs yet. {gemini}."
    return f"No hook runs yet. {hookdash}; {gemini[0].lower()}{gemini[1:]}."


def cmd_log(args: argparse.Namespace) -> int:
    from pathlib import Path

    from hookdash.core import LogFeed, LogUnreadableError, host, state_dir

    if args.limit < 0:
        raise CliError("--limit must be 0 or more", EXIT_USAGE)
    if args.host is not None and args.source not in ("hookdash", "all"):
        chosen = host(args.host)
        if "run-records" not in chosen.capabilities:
            raise CliError(
                f"--source gemini is Gemini CLI's telemetry file: it holds no {chosen.label} runs",
                EXIT_USAGE,
            )
    config = configuration(args)
    telemetry = config.snapshot.telemetry.outfile
    if args.source not in ("hookdash", "all") and not telemetry:
        raise CliError(
            "Gemini CLI's telemetry file is not configured: set telemetry.enabled, "
            'telemetry.target "local" and telemetry.outfile in settings.json (or '
            "GEMINI_TELEMETRY_OUTFILE) so Gemini writes one."
        )
    own_records = args.host is None or "run-records" in host(args.host).capabilities
    feed = LogFeed(
        state_dir(config.env.environ),
        Path(telemetry) if telemetry and own_records else None,
        args.source,
        config.hooks,
        host=args.host,
    )
    s = Style(sys.stdout)
    try:
        if args.follow:
            feed.start_following()
        records = feed.recent(args.limit)
    except LogUnreadableError as exc:
        raise CliError(str(exc)) from None
    if not records and not args.json and not args.follow:
        shown = config.env.display(telemetry) if telemetry else None
        print(_no_runs_yet(args.source, shown, bool(telemetry) and Path(telemetry).exists()))
    _print_records(records, args.json, s)
    if args.follow:
        try:
            _follow(feed, args.json, s)
        except LogUnreadableError as exc:
            raise CliError(str(exc)) from None
    return EXIT_OK


# Ctrl-C ends `log --follow` within this long, whatever its watch was doing.
STOP_WAIT_S = 1.0


def _follow(feed: LogFeed, as_json: bool, s: Style) -> None:
    """Print what is appended to the logs until Ctrl-C.

    Ctrl-C is taken through the event loop's own signal handling, which wakes the loop
    whichever thread the signal lands on (`asyncio.run`'s handler does not: one run at a
    load of 6 slept on after Ctrl-C until the test's bound). The watch is then cancelled
    and given `STOP_WAIT_S` to end; a watch that has not ended by then (a thread of it
    still waiting) does not hold the exit: there is nothing left to write."""
    import asyncio
    import signal

    async def until_interrupted() -> bool:
        loop = asyncio.get_running_loop()
        interrupted = asyncio.Event()
        loop.add_signal_handler(signal.SIGINT, interrupted.set)
        following = asyncio.ensure_future(
            feed.follow(lambda records: _print_records(records, as_json, s))
        )
        stopping = asyncio.ensure_future(interrupted.wait())
        try:
            await asyncio.wait({following, stopping}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            loop.remove_signal_handler(signal.SIGINT)
            stopping.cancel()
            following.cancel()
            await asyncio.wait({following}, timeout=STOP_WAIT_S)
        if following.done() and not following.cancelled():
            following.result()  # its error, if it ended on one (a log that cannot be read)
        return following.done()

    loop = asyncio.new_event_loop()
    try:
        ended = loop.run_until_complete(until_interrupted())
    except KeyboardInterrupt:  # a second Ctrl-C while the watch was being stopped
        ended = False
    finally:
        feed.close()
    if not ended:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        os._exit(EXIT_OK)
    loop.close()
