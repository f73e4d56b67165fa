#!/usr/bin/env bash
# BeforeAgent hook: record the length of every prompt in .gemini/prompt-stats.log.
# New in this checkout and not yet trusted: review it before you trust the project.
set -euo pipefail
length=$(python3 -c 'import json,sys; print(len(json.load(sys.stdin).get("prompt","")))')
printf '%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$length" >> "${GEMINI_PROJECT_DIR:-.}/.gemini/prompt-stats.log"
echo '{}'
