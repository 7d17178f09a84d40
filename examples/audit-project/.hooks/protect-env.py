#!/usr/bin/env python3
import json, sys
p = json.load(sys.stdin)
if p.get("tool_input", {}).get("file_path", "").endswith(".env"):
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "no .env"}}))
