"""The rule catalogue: every finding hookdash reports, from `check` and from `scan`, by its
stable id, with a level, a short description and help text, defined here and nowhere else.

A rule's `level` is its default: a finding may be reported at another level when the
same rule weighs differently in context (a missing script is an error for a hook that
runs, a warning for one that does not yet). SARIF carries both: the rule's
`defaultConfiguration.level` and each result's own `level`.

Levels are SARIF's: `error`, `warning`, `note`. A `Problem`'s severity `info` is a note.

What is not here: the codes of `core.errors` (`hook-not-found`, `file-changed`, …) name
why a command failed, not something found in a configuration; they never become findings.

A leaf module, so `core.problems` can check codes against it. The catalogue is constant
data written here, never read from outside: a frozen dataclass, not a pydantic model
(building 150 models cost `scan` a tenth of its start-up).
"""

from __future__ import annotations

from typing import Final, Literal

Level = Literal["error", "warning", "note"]
LEVELS: tuple[Level, ...] = ("error", "warning", "note")
# How serious a level is: lower is worse (for sorting and `--fail-on`).
LEVEL_RANK: dict[str, int] = {"error": 0, "warning": 1, "note": 2}


class Rule:
    """One kind of finding."""

    __slots__ = ("description", "help", "id", "level")
    id: Final[str]
    level: Final[Level]
    description: Final[str]  # one line: what was found
    help: Final[str]  # what it means and what to do

    def __init__(self, id: str, level: Level, description: str, help: str) -> None:
        self.id = id
        self.level = level
        self.description = description
        self.help = help


class UnknownRuleError(KeyError):
    """A finding whose rule id is not in the catalogue (a bug in hookdash)."""


def level_of(severity: str) -> Level:
    """The SARIF level of a `Problem` severity (`info` is a note)."""
    if severity in ("error", "warning"):
        return severity  # type: ignore[return-value]
    return "note"


def _rules(*entries: tuple[str, Level, str, str]) -> dict[str, Rule]:
    return {e[0]: Rule(id=e[0], level=e[1], description=e[2], help=e[3]) for e in entries}


RULES: dict[str, Rule] = _rules(
    # ---------------------------------------------------------------- settings files
    (
        "settings-parse-error",
        "error",
        "A settings file does not parse.",
        "Gemini CLI's parser (comments allowed, no trailing commas) rejects the file: its "
        "hooks and every other setting in it are lost. Fix the file at the line named.",
    ),
    (
        "settings-not-object",
        "error",
        "A settings file is not a JSON object.",
        "Gemini CLI expects an object at the top of a settings file; nothing in it is read.",
    ),
    (
        "settings-unreadable",
        "error",
        "A settings file cannot be read.",
        "It is not a regular file, too large, not UTF-8, or not readable: Gemini CLI cannot "
        "use it either. Replace it with a readable settings file.",
    ),
    (
        "settings-invalid",
        "warning",
        "A settings file has values of the wrong type.",
        "Gemini CLI warns 'Invalid configuration' and uses the values as written, without "
        "coercion. Correct the types named.",
    ),
    (
        "system-file-ignored",
        "warning",
        "Gemini CLI ignores a system settings file.",
        "Gemini reads a system file only when it and every parent directory are root-owned "
        "and not writable by group or others; its hooks do not run.",
    ),
    (
        "trusted-folders-invalid",
        "error",
        "trustedFolders.json cannot be used.",
        "Gemini CLI cannot read its folder-trust file, which changes which folders are "
        "trusted. Fix or remove the file.",
    ),
    (
        "trusted-hooks-unreadable",
        "warning",
        "trusted_hooks.json cannot be read.",
        "Gemini CLI's record of trusted project hooks is unusable: every project hook "
        "counts as new. Fix or remove the file.",
    ),
    (
        "gemini-version-unverified",
        "warning",
        "The installed Gemini CLI is a version hookdash has not been checked against.",
        "hookdash's verdicts model its reference Gemini CLI; run the differential harness "
        "against the installed version to confirm them.",
    ),
    # ---------------------------------------------------------------- extensions
    (
        "extension-duplicate-name",
        "error",
        "Two extensions have the same name.",
        "Gemini CLI refuses to start with duplicate extension names. Remove or rename one.",
    ),
    (
        "extension-enablement-invalid",
        "warning",
        "extension-enablement.json cannot be used.",
        "Gemini CLI cannot read which extensions are enabled where. Fix or remove the file.",
    ),
    (
        "extension-hooks-invalid",
        "error",
        "An extension's hooks/hooks.json is invalid.",
        "Gemini CLI skips the hooks of that extension. Fix the file.",
    ),
    (
        "extension-manifest-invalid",
        "error",
        "An extension's manifest is invalid.",
        "Gemini CLI does not load the extension, nor its hooks. Fix gemini-extension.json.",
    ),
    (
        "extensions-unreadable",
        "warning",
        "The extensions directory cannot be read.",
        "No extension, and no extension hook, can be listed. Check the directory.",
    ),
    # ---------------------------------------------------------------- what stops every hook
    (
        "folder-untrusted",
        "warning",
        "The workspace folder is not trusted.",
        "In an untrusted folder Gemini CLI drops the workspace settings, and with them the "
        "user and system hooks too. Trust the folder if you mean to run hooks here.",
    ),
    (
        "hooks-switched-off",
        "warning",
        "Hooks are switched off.",
        "hooksConfig.enabled is false: Gemini CLI runs no hook at all.",
    ),
    (
        "hooks-not-object",
        "error",
        "'hooks' in a settings file is not an object.",
        'Gemini CLI cannot read any hook from it. Use the shape "hooks": {"BeforeTool": [ ... ]}.',
    ),
    (
        "invalid-definition",
        "error",
        "A hook definition does not have the shape Gemini CLI reads.",
        'Gemini CLI discards it. Each entry needs {"matcher": "...", "hooks": [{"type": '
        '"command", "command": "..."}]}.',
    ),
    (
        "hook-not-object",
        "error",
        "An entry of a 'hooks' array is not an object.",
        'Gemini CLI discards it. Write it as {"type": "command", "command": "..."}.',
    ),
    # ---------------------------------------------------------------- one hook
    (
        "unknown-event",
        "error",
        "A hook is registered for an event Gemini CLI does not have.",
        "Gemini CLI skips it. Use one of Gemini's event names (BeforeTool, AfterAgent, …).",
    ),
    (
        "unknown-hook-type",
        "error",
        "A hook has a type Gemini CLI does not know.",
        'Gemini CLI discards the hook silently. Set "type": "command".',
    ),
    (
        "hook-missing-command",
        "error",
        "A command hook has no command.",
        "Gemini CLI discards it. Add the command to run.",
    ),
    (
        "runtime-hook-in-settings",
        "error",
        "A 'runtime' hook is written in a settings file.",
        "Runtime hooks come from code, not files: Gemini CLI cannot run this one. Use a "
        "command hook.",
    ),
    (
        "plugin-hook-type",
        "warning",
        "A hook has the type 'plugin'.",
        "Gemini CLI runs it as a command hook (and fails without a command). Use "
        '"type": "command".',
    ),
    (
        "hook-unknown-key",
        "warning",
        "A hook has a key Gemini CLI does not read.",
        "The key has no effect (matcher and sequential belong on the definition).",
    ),
    (
        "sequential-not-boolean",
        "warning",
        '"sequential" is not true or false.',
        'Gemini CLI only honours the boolean true. Write "sequential": true.',
    ),
    (
        "timeout-zero",
        "error",
        "A hook's timeout is zero or under 1 ms.",
        "A zero timeout kills the hook at once. Set a timeout in milliseconds.",
    ),
    (
        "timeout-looks-like-seconds",
        "warning",
        "A hook's timeout looks like seconds.",
        "Gemini CLI reads timeouts in milliseconds: a timeout of 30 is 30 ms.",
    ),
    (
        "duplicate-hook",
        "note",
        "The same hook is registered twice.",
        "Gemini CLI keeps the first copy (same name and command) and drops the other.",
    ),
    # ---------------------------------------------------------------- matchers
    (
        "matcher-ignored",
        "warning",
        "A matcher on an event that has nothing to match.",
        "Gemini CLI ignores it and runs the hook every time.",
    ),
    (
        "matcher-not-string",
        "error",
        "A matcher is not a string.",
        "Gemini's planner throws on it and no hook of that event runs. Quote the matcher.",
    ),
    (
        "matcher-invalid-regex",
        "warning",
        "A matcher is not a valid regular expression.",
        "Gemini CLI compares it as a plain string instead, which rarely matches.",
    ),
    (
        "matcher-never-matches",
        "warning",
        "A matcher can never match.",
        "Gemini CLI compares trigger matchers exactly with the values it fires. Use one of "
        "those, or '*'.",
    ),
    (
        "matcher-claude-tool-name",
        "warning",
        "A matcher names Claude Code's tools.",
        "It matches none of Gemini CLI's tools. Use Gemini's tool names.",
    ),
    # ---------------------------------------------------------------- scripts
    (
        "command-not-found",
        "error",
        "The program a hook runs is not on PATH.",
        "bash exits 127, which Gemini CLI treats as a blocking deny (on an event that can "
        "block). Install it or give the full path.",
    ),
    (
        "script-missing",
        "error",
        "The script a hook runs does not exist.",
        "bash exits 127, which Gemini CLI treats as a blocking deny (on an event that can "
        "block). Create it or fix the path.",
    ),
    (
        "script-not-a-file",
        "error",
        "The script a hook runs is not a regular file.",
        "A FIFO, device or directory: running it fails or waits until the hook's timeout, "
        "and hookdash does not read it.",
    ),
    (
        "script-not-executable",
        "error",
        "The script a hook runs is not executable.",
        "bash exits 126, which Gemini CLI treats as a blocking deny (on an event that can "
        "block). chmod +x it.",
    ),
    # ---------------------------------------------------------------- review
    (
        "project-hook-untrusted",
        "warning",
        "Project hooks are not trusted yet.",
        "Gemini CLI prints a warning at start, runs them anyway and records them as "
        "trusted. Review them, then `hookdash trust`.",
    ),
    (
        "risky-command",
        "warning",
        "A hook's command or script does something a reviewer must see.",
        "Network access, code piped into a shell, decoded payloads run, destructive "
        "commands, secrets read, writes outside the workspace or sudo. Read the command "
        "and its script before letting an agent run it.",
    ),
    (
        "not-understood",
        "note",
        "hookdash does not understand all of a hook's command.",
        "A program outside hookdash's table of programs, an option it does not know of a "
        "known program, or a file the hook runs that hookdash could not follow. No flag "
        "does not mean safe here: read those parts yourself before letting an agent run it.",
    ),
    (
        "hidden-characters",
        "error",
        "Hook configuration or a hook script holds characters a reviewer cannot see.",
        "Control characters, bidirectional overrides or zero-width characters: what a "
        "reviewer reads is not what the agent runs. Remove them, and do not run the hook "
        "until you know why they are there.",
    ),
    # ---------------------------------------------------------------- Claude Code
    (
        "claude-settings-unreadable",
        "error",
        "A Claude Code settings file cannot be read.",
        "It is not a regular file or not readable: Claude Code cannot use it either. "
        "Replace it with a readable JSON file.",
    ),
    (
        "claude-settings-parse-error",
        "error",
        "A Claude Code settings file is not strict JSON.",
        "Claude Code 2.1.332 reads settings with JSON.parse: one comment or trailing comma "
        "and the whole file is ignored, without a word (a managed file that does not parse "
        "stops Claude Code from starting). Fix the file at the line named.",
    ),
    (
        "claude-settings-invalid",
        "error",
        "A Claude Code settings file fails Claude's settings schema.",
        "Claude Code ignores such a file whole, its hooks included, without a word (a "
        "handler without a command, a timeout that is not a positive number, a matcher "
        "that is not a string, an unknown handler type, …). Correct the value named.",
    ),
    (
        "claude-hook-ignored",
        "warning",
        "Claude Code ignores one invalid hook entry of a settings file.",
        "Under an event other than PreToolUse, PermissionRequest and PreSkillShellCommand, an "
        "invalid matcher group or handler is dropped alone, without a word; the rest of the "
        "file is read. Correct the entry.",
    ),
    (
        "claude-settings-not-read",
        "note",
        "A Claude Code settings file of the repository is not read in this folder.",
        "Started in a subdirectory of a git repository, Claude Code reads the root's "
        ".claude/settings.local.json but not its .claude/settings.json.",
    ),
    (
        "claude-project-disables-all-hooks",
        "error",
        "A repository's Claude Code settings switch off every hook of yours.",
        "disableAllHooks: true in a project's .claude/settings.json (or settings.local.json) "
        "switches off the user's own hooks too, safety hooks included; only managed hooks "
        "still run. Remove it, or do not run Claude Code there until you know why it is set.",
    ),
    (
        "claude-project-enables-hooks",
        "warning",
        "A repository's Claude Code settings switch back on the hooks you switched off.",
        "disableAllHooks: false in a project file overrides a user's disableAllHooks: true "
        "(the later layer wins), so every hook runs in that repository.",
    ),
    (
        "claude-project-enables-plugin",
        "warning",
        "A repository's Claude Code settings switch on an installed plugin.",
        'enabledPlugins: {"NAME@MARKETPLACE": true} in a project\'s .claude/settings.json '
        "(or settings.local.json) turns on a plugin installed for the user, even one the user "
        "set to false (the later layer wins), and Claude Code runs its hooks there. An error "
        "when it overrides your false. Set it to false in .claude/settings.local.json.",
    ),
    (
        "claude-project-mcp-server",
        "error",
        "A repository's .mcp.json starts an MCP server.",
        "An MCP server is a process Claude Code starts (or a URL it contacts) beside the "
        "hooks. Claude Code 2.1.332 starts every server of the .mcp.json of the folder it "
        "starts in, and of each folder above it, when `claude -p` starts, without asking, "
        "whatever enableAllProjectMcpServers or enabledMcpjsonServers say; an interactive "
        "session asks first unless a settings file, the repository's own included, approves "
        "it. An error for a process, a warning for a URL; a note for mcpServers in a "
        "settings file, which starts nothing. disabledMcpjsonServers in your "
        ".claude/settings.local.json keeps one from starting.",
    ),
    (
        "gemini-workspace-mcp-server",
        "error",
        "A workspace's Gemini CLI settings start an MCP server.",
        "An MCP server in .gemini/settings.json (mcpServers) is a process Gemini CLI 0.61 "
        "starts (or a URL it contacts) in a trusted folder, without asking, headless or not; "
        "in a folder not trusted it starts no server at all. An error when the folder is "
        "trusted, a warning when no trust decision is made (an interactive session asks the "
        "trust question first), a note when the folder is not trusted. mcp.excluded in your "
        "user settings keeps one from starting.",
    ),
    (
        "claude-project-settings-command",
        "warning",
        "A repository's Claude Code settings set a command that is not a hook.",
        "apiKeyHelper, the other credential helpers (awsAuthRefresh, awsCredentialExport, "
        "gcpAuthRefresh, otelHeadersHelper, proxyAuthHelper), statusLine, subagentStatusLine "
        "and fileSuggestion in a project's .claude/settings.json (or settings.local.json) are "
        "commands Claude Code runs. An error when it runs without asking: apiKeyHelper at "
        "every start, `claude -p` included, and a helper whose switch the repository's own "
        "env block turns on; a warning for a helper that needs a switch of your environment "
        "and for the interactive UI's commands (after the folder trust dialog); a note for "
        "processWrapper and policyHelpers, which Claude does not take from a project file.",
    ),
    (
        "claude-hook-changed",
        "warning",
        "A repository's Claude Code hook changed since you reviewed it.",
        "Its command, or a script it runs, differs from what `hookdash trust --host claude` "
        "recorded; Claude Code runs it without asking, `claude -p` in any folder.",
    ),
    (
        "claude-settings-command-changed",
        "warning",
        "A repository's Claude Code settings command changed since you reviewed it.",
        "Its command (apiKeyHelper, statusLine, …), or a script it runs, differs from what "
        "`hookdash trust --host claude` recorded; claude-project-settings-command says when "
        "Claude Code runs it.",
    ),
    (
        "claude-mod",
        "warning",
        "A Claude Code plugin loads a hooks module (a mod) into Claude Code itself.",
        "A plugin's hooks/hooks.json names an ES module in `modules`: Claude Code 2.1.332 "
        "imports it into its own process in every session, on by default, with nothing to "
        "accept and no sandbox, and its top-level code runs on import. hookdash does not "
        "read JavaScript, so what it does is unknown. An error when the repository's own "
        "settings switch the plugin on. Managed settings can allow only the organization's "
        "mods: pluginConfigs.cc-plugin-sec-default@builtin.options.allowManagedModsOnly.",
    ),
    (
        "claude-dev-mod",
        "warning",
        "A mod Claude Code wrote in a session sits in ~/.claude/dev-mods.",
        "Claude Code loads the mods it wrote during a session (~/.claude/dev-mods/<session>/) "
        "in that session and again when it is resumed: code inside Claude Code that nobody "
        "reviewed. Read it, or remove the folder.",
    ),
    (
        "claude-frontmatter-unparsed",
        "warning",
        "The YAML frontmatter of a Claude Code skill or agent does not parse.",
        "Claude Code loads the skill or agent without any of its frontmatter (its name, its "
        "hooks, its allowed-tools), with a warning in its debug log only.",
    ),
    (
        "user-hook-changed",
        "error",
        "One of your own hooks (user-level, any agent) appeared or changed since you last looked.",
        "hookdash keeps a baseline of every user-level hook of every coding agent on the "
        "machine (~/.claude, ~/.gemini, ~/.codex, ~/.copilot/hooks, ~/.cursor, ~/.qwen, "
        "~/.factory, ~/.config/opencode/plugins) and of each script they run. Worms plant "
        "hooks there (a SessionStart hook in ~/.claude/settings.json runs in every session, "
        "in every folder). If you made the change, accept it: `hookdash baseline accept` (B "
        "in the dashboard); if not, remove it before an agent starts. A warning when one is "
        "gone.",
    ),
    (
        "claude-dir-executable",
        "warning",
        "An executable file in a .claude folder that no hook runs.",
        "Claude Code needs no executable in .claude/ except the scripts its hooks run: one "
        "that nothing runs may have been planted to be run later (by a hook added after "
        "your review, or by a person). Read it, and remove it if you do not know it.",
    ),
    (
        "github-script-hook",
        "warning",
        "A hook runs a JavaScript file of .github/ with node.",
        "`node .github/….js` in a hook runs code that sits beside CI workflows, where a "
        "reviewer rarely looks, at every event of every session: a pattern of the spring "
        "2026 repository worms. Read the script.",
    ),
    (
        "vscode-folder-open-task",
        "warning",
        "A VS Code task of the repository runs when the folder is opened.",
        '`runOptions.runOn: "folderOpen"` in .vscode/tasks.json makes VS Code (and its '
        "forks) run the task's command as soon as the folder opens, once automatic tasks are "
        "allowed: a repository's command that no agent hook list shows. Read it.",
    ),
    (
        "claude-hooks-switched-off",
        "note",
        "Claude Code's hooks are switched off (disableAllHooks or allowManagedHooksOnly).",
        "Only managed hooks run, or none at all when the managed settings set disableAllHooks.",
    ),
    (
        "claude-unknown-event",
        "warning",
        "A Claude Code settings file names an event Claude Code does not have.",
        "Claude Code ignores such hooks without a word (often a Gemini CLI event name such "
        "as BeforeTool in a Claude file). Use Claude's event name, or remove them.",
    ),
    # ---------------------------------------------------------------- Codex CLI
    (
        "codex-hooks-file-refused",
        "error",
        "Codex CLI refuses a hooks.json whole.",
        "Codex reads hooks.json as strict JSON with only `description` and `hooks` at the "
        "top: a comment, a trailing comma, a `$schema` key or a handler that fails its schema "
        "drops every hook in the file, with only a warning. The folder's config.toml still works.",
    ),
    (
        "codex-config-unreadable",
        "error",
        "Codex CLI cannot load a config.toml.",
        "A config.toml that does not parse, or whose [hooks] fail Codex's schema, leaves Codex "
        "without a configuration: no hook runs. Fix the file at the line named.",
    ),
    (
        "codex-project-untrusted",
        "warning",
        "A project's .codex hooks are not loaded: the folder is not trusted.",
        "Codex loads a project's .codex folder only when your config.toml trusts the folder "
        "or its repository's root; otherwise its hooks are not even listed.",
    ),
    (
        "codex-project-hook-state",
        "warning",
        "A project's config.toml holds [hooks.state], which Codex ignores.",
        "Codex reads hook trust from your own config.toml only; a repository cannot trust "
        "its own hooks.",
    ),
    (
        "codex-hooks-switched-off",
        "warning",
        "[features] hooks = false switches off every Codex CLI hook.",
        "Set in a trusted project's config.toml it switches off your own hooks too.",
    ),
    (
        "codex-managed-hooks-only",
        "note",
        "allow_managed_hooks_only: only system and managed Codex CLI hooks run.",
        "Your hooks and the project's are listed but do not run.",
    ),
    (
        "codex-invalid-matcher",
        "warning",
        "A Codex CLI matcher is not a regex Codex accepts.",
        "Codex drops the whole group with a warning. Matchers are Rust regexes, matched "
        "against the whole tool name.",
    ),
    (
        "codex-hook-untrusted",
        "warning",
        "A Codex CLI hook was never trusted: Codex skips it without a word.",
        "Review it and trust it (`hookdash trust --host codex`, or Codex's /hooks).",
    ),
    (
        "codex-hook-modified",
        "warning",
        "A Codex CLI hook changed since it was trusted: Codex skips it without a word.",
        "Its command, timeout, matcher, statusMessage or place in the file changed. Review "
        "it again and trust it.",
    ),
    (
        "codex-hook-script-changed",
        "warning",
        "A script a trusted Codex CLI hook runs changed since you reviewed it.",
        "Codex's trust hash covers the command text only: it runs the changed script "
        "without asking. Review the script, then trust the hook again.",
    ),
    # ---------------------------------------------------------------- legacy keys
    (
        "legacy-hooks-disabled",
        "warning",
        "Hooks are disabled only in the legacy hooks.disabled list.",
        "Gemini CLI 0.26+ ignores hooks.disabled: these hooks run. `hookdash check --fix` "
        "copies the entries into hooksConfig.disabled.",
    ),
    (
        "legacy-hooks-disabled-mirrored",
        "note",
        "hooks.disabled is mirrored in hooksConfig.disabled.",
        "Both generations of Gemini CLI agree; nothing to do.",
    ),
    (
        "legacy-hooks-enabled",
        "warning",
        "The legacy hooks.enabled switch is set.",
        "Gemini CLI 0.26+ reads hooksConfig.enabled instead. Move the setting there.",
    ),
    (
        "legacy-hooks-notifications",
        "note",
        "The legacy hooks.notifications key is set.",
        "Gemini CLI 0.26+ reads hooksConfig.notifications instead.",
    ),
    (
        "legacy-tools-enableHooks",
        "warning",
        "The legacy tools.enableHooks key is set.",
        "Gemini CLI no longer reads it. Use hooksConfig.enabled to switch hooks off.",
    ),
    # ---------------------------------------------------------------- disabled list
    (
        "disabled-entry-is-command",
        "warning",
        "A disabled entry names a hook by its command although the hook has a name.",
        "Gemini CLI matches disabled entries against a hook's name when it has one: this "
        "entry disables nothing. Use the name.",
    ),
    (
        "disabled-entry-unmatched",
        "warning",
        "A disabled entry matches no hook.",
        "It has no effect. Remove it, or correct the name.",
    ),
    # ---------------------------------------------------------------- scan (every agent)
    (
        "repo-hook",
        "note",
        "A hook this repository brings for a coding agent.",
        "Opening the repository with that agent runs this command at the event named (see "
        "'runs when' for the agent's own review step). Read it, and the script it runs, "
        "before you trust the folder.",
    ),
    (
        "repo-plugin",
        "warning",
        "Code this repository brings that a coding agent loads into itself at start.",
        "The agent imports the file (or installs and imports the package) when it starts in "
        "this folder, with no trust step: it runs inside the agent, with the agent's access "
        "to your files, keys and network. hookdash does not follow what code does: read it.",
    ),
    (
        "double-firing",
        "warning",
        "One command runs twice at the same moment: two agents' files configure it, and "
        "one agent runs both.",
        "An agent that also reads another agent's hook file (Copilot CLI and VS Code read a "
        "repository's .claude/settings.json) runs the same command once for each file. "
        "Keep it in one file, or make the second copy do nothing when the first has run.",
    ),
    (
        "hook-file-unreadable",
        "error",
        "An agent's hook file cannot be reviewed.",
        "It is not a regular file (a FIFO, a device, a directory), too large, not UTF-8, "
        "or a symbolic link leading out of the repository: hookdash does not read it, and "
        "cannot tell what it would run. Replace it with a readable file, or remove it.",
    ),
    # ---------------------------------------------------------------- a hostile project
    (
        "script-unresolved",
        "warning",
        "hookdash cannot tell every script a hook runs.",
        "Part of the command is only known when it runs (a path built with $(…) or a "
        "variable, code piped into a shell, a missing package.json script or make target): "
        "no fingerprint can tell a later change there. Read the command as code you cannot "
        "run, or make it name its script.",
    ),
    (
        "script-too-large",
        "warning",
        "A script a hook runs is larger than hookdash reads (16 MiB).",
        "Risk flags and hidden characters past that point are not checked, and its "
        "fingerprint covers only the start. A hook script that large is itself suspect.",
    ),
    (
        "dotenv-startup-env",
        "error",
        "The .env file Gemini CLI loads sets a variable that changes how programs start.",
        "Gemini loads it into its own environment, so every hook (yours too) runs with it: "
        "BASH_ENV=./x.sh makes bash run x.sh first. Remove the variable, or do not trust "
        "the folder.",
    ),
    (
        "hook-key-collision",
        "error",
        "Two different hooks make the same name:command trust key.",
        "Gemini keys trust and deduplication on name:command: trusting either hook trusts "
        "both, and only one of them runs. Rename one of them.",
    ),
    (
        "hook-name-has-colon",
        "warning",
        "A hook's name holds ':', the separator of Gemini's trust key.",
        "A name with ':' can make the key of another (name, command) pair: a colon-free "
        "name cannot be confused with a command.",
    ),
    (
        "project-disables-hook",
        "warning",
        "The project's settings switch off one of your own hooks.",
        "Gemini merges every file's disabled list: a repository can switch off a user, "
        "system or extension hook, such as a safety guard. Remove the entry, or re-enable "
        "the hook in a file that wins.",
    ),
    (
        "project-disables-all-hooks",
        "warning",
        "The project's settings switch off every hook, yours included.",
        "hooksConfig.enabled: false in the workspace settings wins the merge: no hook runs, "
        "extension hooks and safety guards included.",
    ),
    (
        "workspace-settings-outside",
        "warning",
        "The workspace settings file is a link that leads out of the workspace.",
        "Gemini reads that file as the project's settings though it is not in the "
        "repository; hookdash refuses every workspace write through it.",
    ),
    (
        "timeout-too-large",
        "error",
        "A hook's timeout is more than Node's setTimeout can take (2147483647 ms).",
        "Node fires after 1 ms instead, so Gemini CLI kills the hook at once, every time. "
        "Use at most 2147483647 ms (about 24.8 days).",
    ),
    (
        "timeout-not-a-number",
        "error",
        "A hook's timeout is not a number.",
        "Node's setTimeout then fires after 1 ms: Gemini CLI kills the hook at once. Write "
        "the timeout in milliseconds, as a number.",
    ),
    (
        "hook-file-does-not-parse",
        "error",
        "An agent's hook file does not parse.",
        "hookdash cannot tell what it would run; the agent may reject it too, or read it "
        "differently. Fix the file at the line named.",
    ),
    (
        "hook-file-unexpected-shape",
        "warning",
        "Part of an agent's hook file does not have the shape that agent reads.",
        "hookdash skipped that part, and the agent most likely ignores it or rejects the "
        "file. Compare it with the agent's documented format.",
    ),
)


def rule(rule_id: str) -> Rule:
    """The rule with this id; UnknownRuleError when there is none."""
    try:
        return RULES[rule_id]
    except KeyError:
        raise UnknownRuleError(rule_id) from None


def is_known(rule_id: str) -> bool:
    return rule_id in RULES
