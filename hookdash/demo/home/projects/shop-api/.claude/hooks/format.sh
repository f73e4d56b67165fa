#!/usr/bin/env bash
# Claude Code's PostToolUse hook of this project: format the file just written.
file=$(jq -r '.tool_input.file_path // empty')
case "$file" in *.py) ruff format --quiet "$file" 2>/dev/null ;; esac
exit 0
