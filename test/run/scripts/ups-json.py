#!/usr/bin/env python3
"""Claude Code protocol: UserPromptSubmit additionalContext as JSON; blocks prompts mentioning a password."""
import json, sys

p = json.load(sys.stdin)
if p.get("hook_event_name") != "UserPromptSubmit":
    sys.exit(0)
if "password" in p.get("prompt", ""):
    print(json.dumps({"decision": "block", "reason": "ups-json: the prompt mentions a password"}))
else:
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "ups-json: mode " + p.get("permission_mode", "?")}}))
