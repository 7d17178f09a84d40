#!/usr/bin/env bash
# Blocks destructive shell commands (Claude Code protocol: exit 2, reason on stderr).
cmd=$(jq -r '.tool_input.command // ""')
if printf '%s' "$cmd" | grep -Eq 'rm[[:space:]]+-[a-zA-Z]*[rf][a-zA-Z]*[[:space:]]'; then
  echo "Blocked by block-rm.sh: destructive command: $cmd" >&2
  exit 2
fi
exit 0
