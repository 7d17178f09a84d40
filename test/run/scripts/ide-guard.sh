#!/usr/bin/env bash
# CodeBuddy IDE protocol: IDE tool names (execute_command, write_to_file) and parameter names (filePath).
# Blocks rm -rf (exit 2), denies writes to .env (JSON), moves drafts to final files (modifiedInput, merged).
p=$(cat)
case "$(printf '%s' "$p" | jq -r .tool_name)" in
  execute_command)
    if printf '%s' "$p" | jq -r '.tool_input.command // ""' | grep -q 'rm -rf'; then echo "ide-guard: no rm -rf" >&2; exit 2; fi ;;
  write_to_file)
    f=$(printf '%s' "$p" | jq -r '.tool_input.filePath // ""')
    case "$f" in
      */.env) jq -cn --arg f "$f" '{hookSpecificOutput:{permissionDecision:"deny",permissionDecisionReason:("ide-guard: " + $f + " is protected")}}' ;;
      *draft*) jq -cn --arg f "${f//draft/final}" '{hookSpecificOutput:{hookEventName:"PreToolUse",modifiedInput:{filePath:$f}}}' ;;
    esac ;;
esac
exit 0
