#!/usr/bin/env bash
# Codex CLI protocol: no patch may touch a .env file (apply_patch's text is tool_input.command).
patch=$(jq -r 'if .tool_name == "apply_patch" then .tool_input.command else "" end')
if printf '%s\n' "$patch" | grep -Eq '^\*\*\* (Add|Update|Delete) File: (.*/)?\.env$'; then
  echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"codex-patch-guard: .env is off limits"}}'
fi
