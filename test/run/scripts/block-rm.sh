#!/usr/bin/env bash
# Claude Code protocol: blocks destructive shell commands with exit 2, the reason on stderr.
cmd=$(jq -r 'if .tool_name == "Bash" then .tool_input.command // "" else "" end')
if printf '%s' "$cmd" | grep -Eq 'rm[[:space:]]+-[a-zA-Z]*[rf][a-zA-Z]*[[:space:]]'; then
  echo "block-rm: destructive command: $cmd" >&2
  exit 2
fi
exit 0
