#!/usr/bin/env bash
# Claude Code protocol: plain stdout on SessionStart becomes context. Never reads stdin.
echo "session-start: project is $(basename "$CLAUDE_PROJECT_DIR")"
