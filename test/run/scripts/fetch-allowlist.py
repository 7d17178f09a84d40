#!/usr/bin/env python3
# A WebFetch domain allow-list written for Claude Code: tool_input.url must be on an allowed host. A call without
# a url is left alone (nothing to check), as such scripts usually do.
import json, sys
from urllib.parse import urlparse
ALLOWED = {"docs.example.com", "api.example.com"}
data = json.load(sys.stdin)
if data.get("tool_name") == "WebFetch":
    host = urlparse(data.get("tool_input", {}).get("url", "")).hostname
    if host and host not in ALLOWED:
        print(f"fetch-allowlist: {host} is not an allowed domain", file=sys.stderr)
        sys.exit(2)
sys.exit(0)
