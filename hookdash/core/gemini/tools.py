"""Gemini CLI's built-in tools: the names a tool matcher can meet, with plausible arguments."""

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
    "read_many_files": {"include": ["src/**/*.py"]},
    "list_directory": {"dir_path": "."},
    "glob": {"pattern": "**/*.py"},
    "search_file_content": {"pattern": "TODO", "dir_path": "."},
    "grep_search": {"pattern": "TODO", "dir_path": "."},
    "web_fetch": {"prompt": "Summarise https://example.com"},
    "google_web_search": {"query": "gemini cli hooks"},
    "save_memory": {"fact": "The project uses pytest."},
    "write_todos": {"todos": [{"description": "Write tests", "status": "pending"}]},
}

# Claude Code tool names and the Gemini tool `gemini hooks migrate` maps them to.
CLAUDE_TOOL_NAMES: Final[dict[str, str]] = {
    "Bash": "run_shell_command",
    "Edit": "replace",
    "Read": "read_file",
    "Write": "write_file",
    "Glob": "glob",
    "Grep": "search_file_content",
    "LS": "list_directory",
}
