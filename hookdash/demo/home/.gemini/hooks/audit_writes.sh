#!/usr/bin/env bash
# AfterTool hook for write_file|replace: append the written path to ~/.gemini/audit.log.
# (Switched off in hooksConfig.disabled; kept to show what a disabled hook looks like.)
set -euo pipefail
payload="$(cat)"
path="$(printf '%s' "$payload" | python3 -c 'import json,sys; print(json.load(sys.stdin)["tool_input"].get("file_path",""))')"
printf '%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$path" >> "${GEMINI_CLI_HOME:-$HOME}/.gemini/audit.log"
echo '{}'
