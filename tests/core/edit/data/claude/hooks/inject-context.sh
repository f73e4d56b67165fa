#!/usr/bin/env bash
prompt=$(jq -r '.prompt')
echo "Current branch: $(git branch --show-current)"
