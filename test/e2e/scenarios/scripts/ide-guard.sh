#!/usr/bin/env bash
# CodeBuddy IDE protocol: execute_command with rm is blocked (exit 2, reason on stderr).
p=$(cat)
[ "$(printf '%s' "$p" | jq -r .tool_name)" = "execute_command" ] || exit 0
if printf '%s' "$p" | jq -r .tool_input.command | grep -q 'rm '; then echo "IDE-$(echo BLOCK): no rm" >&2; exit 2; fi
