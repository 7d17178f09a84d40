#!/usr/bin/env bash
# Ralph-loop pattern (the Stop hook of Anthropic's ralph-wiggum plugin): the last assistant text in the
# transcript decides whether the loop goes on.
set -euo pipefail
tp=$(jq -r '.transcript_path')
if [ ! -f "$tp" ]; then echo "transcript not found: $tp" >&2; exit 0; fi
last_line=$(grep '"role":"assistant"' "$tp" | tail -1 || true)
if [ -z "$last_line" ]; then
  echo "No assistant messages found in transcript; this may indicate a transcript format issue" >&2
  exit 0
fi
last=$(printf '%s' "$last_line" | jq -r '.message.content | map(select(.type == "text")) | map(.text) | join("\n")')
case "$last" in *"<promise>DONE</promise>"*) exit 0 ;; esac
jq -cn --arg r "Keep going. Your last message was: $last" '{decision: "block", reason: $r}'
