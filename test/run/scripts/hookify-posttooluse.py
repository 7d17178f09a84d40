#!/usr/bin/env python3
# The answer shape of Anthropic's hookify plugin's PostToolUse hook (anthropics/claude-code,
# plugins/hookify/hooks/posttooluse.py + core/rule_engine.py), written here from its description, with one rule
# built in instead of the .claude/hookify.*.local.md files: a matching `block` rule answers
# {"hookSpecificOutput": {"hookEventName": <event>, "permissionDecision": "deny"}, "systemMessage": <message>} on
# PreToolUse AND PostToolUse alike, no match answers {}; it always exits 0. On PostToolUse, Claude Code reads no
# permissionDecision: the user sees the systemMessage and nothing is blocked.
import json, re, sys
RULES = [{"name": "no-env-files", "field": "file_path", "pattern": r"\.env$", "message": "Reading .env files exposes secrets."}]
try:
    data = json.load(sys.stdin)
    event = data.get("hook_event_name", "")
    tool_input = data.get("tool_input", {})
    hits = [r for r in RULES if re.search(r["pattern"], str(tool_input.get(r["field"], "")), re.IGNORECASE) and r["field"] in tool_input]
    result = {}
    if hits:
        message = "\n\n".join(f"**[{r['name']}]**\n{r['message']}" for r in hits)
        result = {"hookSpecificOutput": {"hookEventName": event, "permissionDecision": "deny"}, "systemMessage": message} if event in ("PreToolUse", "PostToolUse") else {"systemMessage": message}
    print(json.dumps(result))
except Exception as e:
    print(json.dumps({"systemMessage": f"Hookify error: {e}"}))
finally:
    sys.exit(0)
