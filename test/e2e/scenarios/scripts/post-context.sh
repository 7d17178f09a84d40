#!/usr/bin/env bash
# Claude protocol: PostToolUse additionalContext for Bash calls.
tool=$(jq -r .tool_name)
[ "$tool" = "Bash" ] || exit 0
printf '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"%s"}}' "CTX-$(echo POST)"
