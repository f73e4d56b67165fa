"""What a reviewer must look at: project hooks not yet trusted, and risk flags."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hookdash.core.display import shorten, visible
from hookdash.core.load.checks.about import _about
from hookdash.core.load.risks import kinds_of
from hookdash.core.load.understood import unknowns_sentence
from hookdash.core.model import Hook, Unknown
from hookdash.core.problems import Problem


def untrusted_project_hooks(hooks: Iterable[Hook]) -> list[Hook]:
    """The project hooks a person should review (NEW, CHANGED): the one definition the
    banner, the trust review and `check` count. Disabled ones count too: Gemini's start-up
    warning names every project hook whose key it has not seen, and trusting records them
    all, so switching one on later brings no second warning."""
    return [h for h in hooks if h.trust in ("new", "changed")]


def untrusted_summary(untrusted: Sequence[Hook]) -> str:
    """“3 project hooks are not trusted yet (2 NEW, 1 CHANGED)”, worded once."""
    new = sum(h.trust == "new" for h in untrusted)
    kinds = ", ".join(
        f"{n} {label}" for n, label in ((new, "NEW"), (len(untrusted) - new, "CHANGED")) if n
    )
    noun = "hook is" if len(untrusted) == 1 else "hooks are"
    return f"{len(untrusted)} project {noun} not trusted yet ({kinds})"


def _check_untrusted_project_hooks(hooks: list[Hook]) -> list[Problem]:
    """One problem for all of them, like Gemini's single start-up warning."""
    pending = untrusted_project_hooks(hooks)
    if not pending:
        return []
    names = list(dict.fromkeys(h.id for h in pending))
    changed = [h for h in pending if h.trust == "changed"]
    detail = ""
    if changed:
        detail = (
            " Changed since trusted: "
            + "; ".join(f"{h.id} ({h.trust_detail})" for h in changed)
            + "."
        )
    first = pending[0]
    return [
        Problem(
            severity="warning",
            code="project-hook-untrusted",
            message=f"{untrusted_summary(pending)}: {', '.join(names)}. Gemini CLI prints a "
            "warning at start, runs them anyway and records them as trusted." + detail,
            fix="Review them (`hookdash list`), then run `hookdash trust`.",
            file=first.file,
            pointer=first.pointer,
            line=first.line,
        )
    ]


def _check_risks(hooks: list[Hook]) -> list[Problem]:
    """One warning per hook whose command or script does something a reviewer must see."""
    out: list[Problem] = []
    for hook in hooks:
        if not hook.risks:
            continue
        kinds = kinds_of(hook.risks)
        examples = []
        for kind in kinds:
            flag = next(f for f in hook.risks if f.kind == kind)
            where = f" in {visible(flag.file)}:{flag.line}" if flag.file else ""
            where = " in its env" if flag.env is not None else where
            examples.append(f"{kind} ({visible(shorten(flag.span.text, 60))}{where})")
        in_script = any(f.file for f in hook.risks)
        in_env = any(f.env is not None for f in hook.risks)
        parts = ["command", *(["env"] if in_env else []), *(["script"] if in_script else [])]
        out.append(
            _about(
                hook,
                "warning",
                "risky-command",
                f"The command of hook '{visible(hook.id)}'"
                + (", or the env it sets," if in_env else "")
                + (" or the script it runs" if in_script else "")
                + f" does what a reviewer must not miss: {'; '.join(examples)}.",
                f"Read its {_and(parts)}"
                + "; keep or trust the hook only if you expect each of these "
                "(`hookdash list --json` lists every flag with its span and why).",
            )
        )
    return out


def check_unknowns(hooks: list[Hook]) -> list[Problem]:
    """One note per hook hookdash did not understand all of: no flag does not mean safe."""
    return [
        _about(hook, "info", "not-understood", *not_understood_text(hook.id, hook.unknowns))
        for hook in hooks
        if hook.unknowns
    ]


def not_understood_text(ident: str, unknowns: Sequence[Unknown]) -> tuple[str, str]:
    """The message and fix of a `not-understood` finding (every host's `check`), escaped."""
    return (
        f"hookdash does not understand all of hook '{visible(shorten(ident, 60))}': "
        f"{visible(unknowns_sentence(unknowns))}.",
        "Read those parts yourself: no risk flag does not mean safe while hookdash does not "
        "know what a part does (`hookdash list --json` lists every unknown).",
    )


def _and(words: list[str]) -> str:
    """ "command", "command and script", "command, env and script"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
