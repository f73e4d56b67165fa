#!/usr/bin/env bash
# Refuse rm -rf and force pushes.
cmd=$(jq -r '.tool_input.command')
if echo "$cmd" | grep -Eq 'rm -rf|git push (-f|--force)'; then
  jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny",
          permissionDecisionReason: "Dangerous command blocked by policy"}}'
  exit 0
fi
exit 0
