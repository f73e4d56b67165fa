#!/usr/bin/env bash
source=$(jq -r '.source')
echo "Session $source: read NOTES.md first."
