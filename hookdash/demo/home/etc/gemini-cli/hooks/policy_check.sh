#!/usr/bin/env bash
# BeforeTool hook for every tool: the company's tool policy (demo version).
# Denies tools on the deny list in /etc/gemini-cli/denied-tools (one name per line).
set -euo pipefail
tool=$(python3 -c 'import json,sys; print(json.load(sys.stdin).get("tool_name",""))')
list="$(dirname "$0")/../denied-tools"
if [ -f "$list" ] && grep -qx "$tool" "$list"; then
  printf '{"decision": "deny", "reason": "%s is not allowed by company policy"}\n' "$tool"
else
  echo '{}'
fi
