#!/usr/bin/env bash
# SessionEnd hook: one line per finished session in ~/.gemini/sessions.log.
set -euo pipefail
payload="$(cat)"
summary="$(printf '%s' "$payload" | python3 -c '
import json, sys
event = json.load(sys.stdin)
print(event.get("session_id", "?"), event.get("reason", "?"), event.get("cwd", "?"), sep="\t")
')"
printf '%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$summary" >> "${GEMINI_CLI_HOME:-$HOME}/.gemini/sessions.log"
echo '{}'
