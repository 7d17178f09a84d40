#!/usr/bin/env bash
# Blocks rm -rf (Claude protocol).
cmd=$(jq -r '.tool_input.command // ""')
case "$cmd" in *"rm -rf"*) echo "blocked: $cmd" >&2; exit 2;; esac
