#!/usr/bin/env bash
# Codex CLI protocol: rewrites "hello" to "HELLO" in every added line of a patch (updatedInput {command}).
jq -c 'select(.tool_name == "apply_patch") | .tool_input.command as $p
  | ($p | split("\n") | map(if startswith("+") then gsub("hello"; "HELLO") else . end) | join("\n")) as $q
  | select($q != $p)
  | {hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: {command: $q}}}'
