#!/usr/bin/env bash
# Notification hook: tell the desktop that Gemini CLI is waiting for a confirmation.
# Uses notify-send when there is one; otherwise rings the terminal bell.
set -uo pipefail
message="$(python3 -c 'import json,sys; print(json.load(sys.stdin).get("message","Gemini CLI needs you"))')"
if command -v notify-send >/dev/null 2>&1; then
  notify-send "Gemini CLI" "$message"
else
  printf '\a' >/dev/tty 2>/dev/null || true
fi
echo '{}'
