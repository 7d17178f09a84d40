#!/usr/bin/env bash
# A Notification hook written for Claude Code: a permission prompt pages the user; other notifications are ignored.
input=$(cat)
case "$(jq -r '.notification_type // ""' <<<"$input")" in
  permission_prompt) jq -c '{systemMessage: ("page: needs your OK: " + .message)}' <<<"$input" ;;
esac
exit 0
