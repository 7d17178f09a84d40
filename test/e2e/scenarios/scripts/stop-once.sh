#!/usr/bin/env bash
# Claude protocol: blocks the first stop (keeps the agent going), honours stop_hook_active.
active=$(jq -r '.stop_hook_active // false')
[ "$active" = "true" ] && exit 0
printf '{"decision":"block","reason":"%s"}' "CONTINUE-$(echo STOP): also summarise"
