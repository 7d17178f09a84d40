#!/usr/bin/env python3
"""Claude protocol: blocks prompts that mention a secret (decision: block)."""
import json, sys
p = json.load(sys.stdin)
if "password" in p.get("prompt", ""):
    print(json.dumps({"decision": "block", "reason": "prompt mentions a password"}))
