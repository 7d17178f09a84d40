#!/usr/bin/env bash
# CodeBuddy IDE protocol: rewrites execute_command input via modifiedInput (merged).
p=$(cat)
[ "$(printf '%s' "$p" | jq -r .tool_name)" = "execute_command" ] || exit 0
cmd=$(printf '%s' "$p" | jq -r .tool_input.command)
case "$cmd" in *original*) jq -cn --arg c "${cmd//original/rewritten}" '{hookSpecificOutput:{hookEventName:"PreToolUse",modifiedInput:{command:$c}}}';; esac
