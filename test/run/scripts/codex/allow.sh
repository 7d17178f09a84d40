#!/usr/bin/env bash
# Claude Code protocol: approves every call (permissionDecision allow, no rewrite).
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"fine"}}'
