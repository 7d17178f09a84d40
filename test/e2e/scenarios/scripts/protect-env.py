#!/usr/bin/env python3
"""Denies writes to .env files (Claude Code protocol: JSON permissionDecision)."""
import json, os, sys

data = json.load(sys.stdin)
path = data.get("tool_input", {}).get("file_path", "")
if os.path.basename(path).startswith(".env"):
    print(json.dumps({"hookSpecificOutput": {
        "hookEventName": "PreToolUse",
        "permissionDecision": "deny",
        "permissionDecisionReason": f"protect-env.py: {path} holds secrets and may not be written",
    }}))
