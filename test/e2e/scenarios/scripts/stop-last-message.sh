#!/usr/bin/env bash
# Claude Stop hook that decides from the transcript (the Ralph-loop pattern): the last assistant text,
# read from transcript_path with grep + jq, is quoted in a block that keeps the agent going once.
input=$(cat)
[ "$(printf '%s' "$input" | jq -r '.stop_hook_active // false')" = "true" ] && exit 0
tp=$(printf '%s' "$input" | jq -r '.transcript_path')
last=$(grep '"role":"assistant"' "$tp" 2>/dev/null | tail -1 | jq -r '.message.content | map(select(.type == "text")) | map(.text) | join("\n")' 2>/dev/null)
if [ -z "$last" ]; then
  echo "No assistant messages found in transcript" >&2
  exit 0
fi
printf '{"decision":"block","reason":"TRANSCRIPT-SAYS[%s]: go on one more turn"}' "$last"
