#!/usr/bin/env bash
# Claude Code protocol: tells the user where the project is (SessionStart systemMessage) and what the hook's cwd is.
printf '{"systemMessage":"project=%s cwd=%s"}\n' "$CLAUDE_PROJECT_DIR" "$PWD"
