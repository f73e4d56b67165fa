#!/usr/bin/env bash
# BeforeAgent hook: add the current git branch and working-tree state to the prompt.
set -uo pipefail
cd "${GEMINI_PROJECT_DIR:-.}" || exit 0
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  context="Not a git repository."
else
  branch=$(git rev-parse --abbrev-ref HEAD 2>/dev/null)
  changed=$(git status --porcelain 2>/dev/null | wc -l | tr -d ' ')
  if ahead=$(git rev-list --count '@{upstream}..HEAD' 2>/dev/null); then
    pushed="${ahead} commit(s) not pushed"
  else
    pushed="no upstream branch yet"
  fi
  context="Git: on branch ${branch}, ${changed} changed file(s), ${pushed}."
fi
python3 -c 'import json,sys; print(json.dumps({"hookSpecificOutput": {"hookEventName": "BeforeAgent", "additionalContext": sys.argv[1]}}))' "$context"
