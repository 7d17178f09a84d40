#!/usr/bin/env bash
# Starts a background process that inherits stdout (and holds the pipe open for 30 s), writes its pid to $1,
# then denies and exits at once. Claude Code reads the answer when the script exits.
cat >/dev/null
sleep 30 &
echo $! > "$1"
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"bg: denied while a child holds stdout"}}'
exit 0
