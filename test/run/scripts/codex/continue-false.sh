#!/usr/bin/env bash
# Claude Code protocol: stops the agent from a PreToolUse hook (continue:false + stopReason).
echo '{"continue":false,"stopReason":"continue-false: enough for today"}'
