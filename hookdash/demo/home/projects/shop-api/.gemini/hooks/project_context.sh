#!/usr/bin/env bash
# SessionStart hook: give the model the project's house rules and open TODOs.
# Whatever goes into hookSpecificOutput.additionalContext is added to the conversation.
set -euo pipefail
cd "${GEMINI_PROJECT_DIR:-.}"
todos=$(grep -rn "TODO" --include='*.py' . 2>/dev/null | wc -l | tr -d ' ')
context="Project shop-api: Python 3.11, tests with 'python3 -m pytest -q', code in src/.
Open TODOs in the code: ${todos}. Never commit to main directly."
python3 -c 'import json,sys; print(json.dumps({"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": sys.argv[1]}}))' "$context"
