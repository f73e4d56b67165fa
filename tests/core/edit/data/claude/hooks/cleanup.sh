#!/usr/bin/env bash
reason=$(jq -r '.reason')
rm -f /tmp/claude-scratch-*
