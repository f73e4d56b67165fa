#!/usr/bin/env bash
jq -c '{session_id, transcript_path}' >> "$CLAUDE_PROJECT_DIR/.claude/subagents.log"
