#!/usr/bin/env bash
input=$(cat)
cp "$(echo "$input" | jq -r .transcript_path)" "$CLAUDE_PROJECT_DIR/.claude/backups/"
echo "$input" | jq -r '.custom_instructions // empty'
