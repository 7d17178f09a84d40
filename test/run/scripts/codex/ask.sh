#!/usr/bin/env bash
# Claude Code protocol: asks the user before every Bash command.
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"ask: confirm this command"}}'
