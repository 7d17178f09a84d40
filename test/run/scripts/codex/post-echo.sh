#!/usr/bin/env bash
# Claude Code protocol: hands the tool's result back to the model as context (PostToolUse additionalContext).
jq -c '{hookSpecificOutput: {hookEventName: "PostToolUse", additionalContext: (.tool_name + " " + (.tool_response | tojson))}}'
