#!/usr/bin/env bash
# Written for Claude Code: only looks at Bash calls.
[ "$(jq -r .tool_name)" = "Bash" ] || exit 0
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}'
