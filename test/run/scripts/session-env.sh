#!/usr/bin/env bash
# A SessionStart hook as real plugins write it: `set -u`, and session variables appended to $CLAUDE_ENV_FILE
# (Claude Code gives SessionStart hooks that file). Without the variable it dies with "unbound variable".
set -euo pipefail
cat >/dev/null
echo "export HB_SESSION_MODE=plugin" >> "$CLAUDE_ENV_FILE"
echo 'export PATH="$PATH:/opt/hb-tools"' >> "$CLAUDE_ENV_FILE"
echo "$CLAUDE_ENV_FILE" > "$CLAUDE_PROJECT_DIR/.env-file-path"
echo "session-env: ready"
