#!/usr/bin/env bash
# Claude Code protocol: puts a header line on top of every file a Write creates.
jq -c 'select(.tool_name == "Write")
  | {hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow",
     updatedInput: (.tool_input | .content = "# generated\n" + .content)}}'
