#!/usr/bin/env bash
# Claude protocol: a PreToolUse reminder that lets the call through (allow with only additionalContext, ground truth
# d16): Claude Code runs the tool and gives the model the note right after the tool result.
tool=$(jq -r .tool_name)
[ "$tool" = "Bash" ] || exit 0
printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"%s"}}' "CTX-$(echo PRENOTE)"
