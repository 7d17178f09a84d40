#!/bin/bash
# A reproduction of the shape of anthropics/claude-code's
# plugins/plugin-dev/skills/hook-development/examples/validate-write.sh (commit 5cfc0a19), not a copy (that
# repository's licence does not allow copying): a PreToolUse Write/Edit guard that reads tool_input.file_path with jq
# and refuses a path containing `..` (path traversal) or under a system directory, by JSON on stderr and exit 2.
set -euo pipefail
input=$(cat)
file_path=$(echo "$input" | jq -r '.tool_input.file_path // empty')
if [ -z "$file_path" ]; then
  echo '{"continue": true}'
  exit 0
fi
if [[ "$file_path" == *".."* ]]; then
  echo '{"hookSpecificOutput": {"permissionDecision": "deny"}, "systemMessage": "Path traversal detected in: '"$file_path"'"}' >&2
  exit 2
fi
if [[ "$file_path" == /etc/* ]] || [[ "$file_path" == /sys/* ]] || [[ "$file_path" == /usr/* ]]; then
  echo '{"hookSpecificOutput": {"permissionDecision": "deny"}, "systemMessage": "Cannot write to system directory: '"$file_path"'"}' >&2
  exit 2
fi
exit 0
