#!/usr/bin/env bash
# A Stop hook written for Claude Code that ends the session when the budget file says so (continue:false + stopReason).
cat >/dev/null
if [ -f "$CLAUDE_PROJECT_DIR/.budget-exhausted" ]; then
  echo '{"continue": false, "stopReason": "budget exhausted: session ended by stop-end.sh"}'
fi
exit 0
