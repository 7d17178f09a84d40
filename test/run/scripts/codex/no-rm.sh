#!/usr/bin/env bash
# Claude Code protocol: no deleting files from the shell (exit 2, the reason on stderr).
cmd=$(jq -r 'if .tool_name == "Bash" then .tool_input.command // "" else "" end')
case "$cmd" in rm\ *) echo "no-rm: $cmd" >&2; exit 2 ;; esac
exit 0
