#!/usr/bin/env bash
# Quality gate (Stop): files were edited in this session but no test command ran -> keep the agent going.
set -euo pipefail
tp=$(jq -r '.transcript_path')
uses() { jq -c 'select(.type == "assistant") | .message.content[]? | select(.type == "tool_use")' "$tp"; }
edits=$(uses | jq -s 'map(select(.name == "Edit" or .name == "Write" or .name == "MultiEdit")) | length')
tests=$(uses | jq -s 'map(select(.name == "Bash" and (.input.command | test("\\b(npm|pnpm|yarn) test\\b|pytest|vitest")))) | length')
if [ "$edits" -gt 0 ] && [ "$tests" -eq 0 ]; then
  echo "You changed $edits file(s) but ran no tests: run them before stopping." >&2
  exit 2
fi
exit 0
