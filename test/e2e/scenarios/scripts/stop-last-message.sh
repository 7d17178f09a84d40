#!/usr/bin/env bash
# Claude Stop hook that decides from the transcript (the Ralph-loop pattern): the last assistant text,
# read from transcript_path with grep + jq, is quoted in a block that keeps the agent going once.
# Claude Code 2.1.330 flushes its transcript after the Stop hook has started (observed: the file is absent for
# the first 100-200 ms), so the script waits up to 3 s for an assistant line, as a careful Ralph-loop script does.
input=$(cat)
[ "$(printf '%s' "$input" | jq -r '.stop_hook_active // false')" = "true" ] && exit 0
tp=$(printf '%s' "$input" | jq -r '.transcript_path')
for _ in $(seq 1 30); do grep -q '"role":"assistant"' "$tp" 2>/dev/null && break; sleep 0.1; done
last=$(grep '"role":"assistant"' "$tp" 2>/dev/null | tail -1 | jq -r '.message.content | map(select(.type == "text")) | map(.text) | join("\n")' 2>/dev/null)
if [ -z "$last" ]; then
  echo "No assistant messages found in transcript" >&2
  exit 0
fi
printf '{"decision":"block","reason":"TRANSCRIPT-SAYS[%s]: go on one more turn"}' "$last"
