#!/usr/bin/env bash
# Prints invalid JSON: Claude Code ignores it and the tool runs (d17).
cat >/dev/null
echo '{"hookSpecificOutput": {"permissionDecision": "deny", oops'
