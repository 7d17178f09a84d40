#!/usr/bin/env python3
"""Claude Code protocol: denies Write/Edit on .env files with a JSON permissionDecision."""
import json, os, sys

data = json.load(sys.stdin)
if data.get("tool_name") in ("Write", "Edit"):
    path = data.get("tool_input", {}).get("file_path", "")
    if os.path.basename(path) == ".env":
        print(json.dumps({"hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": f"protect-env: {path} holds secrets",
        }}))
