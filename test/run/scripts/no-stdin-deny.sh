#!/usr/bin/env bash
# Never reads stdin; denies at once (Claude Code protocol: JSON permissionDecision).
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no-stdin-deny: denied without reading"}}'
