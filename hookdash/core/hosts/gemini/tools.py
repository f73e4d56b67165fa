"""Gemini CLI's built-in tools: the names a tool matcher can meet, with plausible arguments.

Checked against the shipped Gemini CLI 0.61.0 (`Config.createToolRegistry` and the
`*_TOOL_NAME` constants of its bundle): these are the names a BeforeTool/AfterTool hook
sees. `search_file_content` is only a legacy alias of `grep_search` there, `read_many_files`
is used for `@file` references without going through the tool scheduler (no hook fires),
and there is no `save_memory` tool any more. `write_todos`, the plan-mode tools and
`activate_skill` are registered only when their feature is on; MCP tools are
`mcp_<server>_<tool>`.
"""

from __future__ import annotations

from typing import Any, Final

# name -> a plausible `tool_input` (the model's arguments) for a test event.
BUILTIN_TOOLS: Final[dict[str, dict[str, Any]]] = {
    "run_shell_command": {"command": "ls -la", "description": "List the files in the project"},
    "read_file": {"file_path": "README.md"},
    "write_file": {"file_path": "notes.txt", "content": "hello from hookdash\n"},
    "replace": {
        "file_path": "src/app.py",
        "old_string": "print('hello')",
        "new_string": "print('hello, world')",
        "instruction": "Greet the whole world",
    },
    "list_directory": {"dir_path": "."},
    "glob": {"pattern": "**/*.py"},
    "grep_search": {"pattern": "TODO", "dir_path": "."},
    "web_fetch": {"prompt": "Summarise https://example.com"},
    "google_web_search": {"query": "gemini cli hooks"},
    "write_todos": {"todos": [{"description": "Write tests", "status": "pending"}]},
    "ask_user": {
        "questions": [{"question": "Which database should I use?", "header": "DB", "type": "text"}]
    },
    "activate_skill": {"name": "code-review"},
    "invoke_agent": {"agent_name": "codebase_investigator", "prompt": "Where is auth handled?"},
    "list_background_processes": {},
    "read_background_output": {"pid": 4242},
    "update_topic": {"title": "Fix the failing tests", "summary": "Running pytest"},
    "enter_plan_mode": {"reason": "The change touches many files"},
    "exit_plan_mode": {"plan_filename": "plan.md"},
    "read_mcp_resource": {"uri": "file:///README.md"},
    "list_mcp_resources": {},
}
