#!/usr/bin/env bash
# Claude Code protocol: plain stdout on UserPromptSubmit becomes context.
prompt=$(jq -r '.prompt // ""')
echo "ups-plain: the prompt has ${#prompt} characters"
