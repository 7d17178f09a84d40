#!/usr/bin/env bash
# Claude protocol: asks for confirmation; headless Claude denies with the reason.
cat >/dev/null
printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"%s"}}' "ASK-$(echo REASON) confirm first"
