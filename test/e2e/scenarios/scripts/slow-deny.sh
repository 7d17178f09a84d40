#!/usr/bin/env bash
# Times out (timeout: 2 in the config) before it would deny: Claude lets the tool run.
cat >/dev/null
sleep 6
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"too late"}}'
