#!/usr/bin/env bash
# Sleeps past any short timeout. $1: file to write a background grandchild's pid to. $2=deny-first: prints a deny before sleeping.
[ "$2" = "deny-first" ] && echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"slow: denied before sleeping"}}'
sleep 30 >/dev/null 2>&1 &
echo $! > "$1"
sleep 5
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"slow: too late"}}'
