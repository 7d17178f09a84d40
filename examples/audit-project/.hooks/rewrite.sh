#!/usr/bin/env bash
# Rewrites npm to pnpm (Claude protocol: updatedInput).
cmd=$(jq -r .tool_input.command)
jq -cn --arg c "${cmd//npm /pnpm }" '{hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"allow",updatedInput:{command:$c}}}'
