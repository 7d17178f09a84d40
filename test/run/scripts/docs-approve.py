#!/usr/bin/env python3
# A legacy PreToolUse auto-approver written for Claude Code: reading docs needs no prompt ({"decision": "approve"}
# with a reason Claude Code shows the user).
import json, sys
data = json.load(sys.stdin)
path = data.get("tool_input", {}).get("file_path", "")
if data.get("tool_name") == "Read" and (path.endswith(".md") or "/docs/" in path):
    print(json.dumps({"decision": "approve", "reason": "docs are always readable"}))
sys.exit(0)
