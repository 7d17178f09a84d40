#!/usr/bin/env bash
# Claude Code protocol: upper-cases "bye" in what an Edit writes (updatedInput replaces tool_input).
jq -c 'select(.tool_name == "Edit" and (.tool_input.new_string | test("bye")))
  | {hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow",
     updatedInput: (.tool_input | .new_string |= gsub("bye"; "BYE"))}}'
