#!/usr/bin/env python3
# Todo validator (Stop): do not stop while the todo list has unfinished items.
import json, os, sys
p = json.load(sys.stdin)
sid = p["session_id"]
path = os.path.join(os.path.expanduser("~"), ".claude", "todos", f"{sid}-agent-{sid}.json")
try:
    todos = json.load(open(path))
except FileNotFoundError:
    print(f"no todo list at {path}", file=sys.stderr)
    sys.exit(0)
open_items = [t["content"] for t in todos if t.get("status") != "completed"]
if open_items:
    print(json.dumps({"decision": "block", "reason": "Unfinished todos: " + "; ".join(open_items)}))
