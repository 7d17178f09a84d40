#!/usr/bin/env bash
# Claude Code protocol: keeps the agent going once (decision: block), honours stop_hook_active.
active=$(jq -r '.stop_hook_active // false')
[ "$active" = "true" ] && exit 0
printf '{"decision":"block","reason":"%s"}\n' "stop-once: summarise before stopping"
