#!/usr/bin/env bash
# Claude Code's PreToolUse hook of this project: refuse the shell commands it fears.
command=$(jq -r '.tool_input.command // empty')
if printf '%s' "$command" | grep -qE 'rm -rf|git push --force'; then
  echo "Blocked by the shop-api project: $command" >&2
  exit 2
fi
exit 0
