#!/usr/bin/env python3
# A PostToolUse lint gate written for Claude Code: after a Write of a Python file that still has a TODO,
# block with feedback for the model (decision: block).
import json, sys
data = json.load(sys.stdin)
if data.get("tool_name") in ("Write", "Edit"):
    path = data.get("tool_input", {}).get("file_path", "")
    content = data.get("tool_input", {}).get("content", "")
    if path.endswith(".py") and "TODO" in content:
        print(json.dumps({"decision": "block", "reason": f"lint-gate: {path.rsplit('/', 1)[-1]} still has a TODO"}))
sys.exit(0)
