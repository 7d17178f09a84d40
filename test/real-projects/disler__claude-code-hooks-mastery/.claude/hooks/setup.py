#!/usr/bin/env -S uv run --script
# /// script
# requires-python = ">=3.8"
# ///
# Reproduction (not a copy): appends the hook's JSON input to logs/setup.json under the working directory.
import json
import sys
from pathlib import Path

try:
    data = json.load(sys.stdin)
    logs = Path.cwd() / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    path = logs / "setup.json"
    try:
        entries = json.loads(path.read_text()) if path.exists() else []
    except ValueError:
        entries = []
    entries.append(data)
    path.write_text(json.dumps(entries, indent=2))
except Exception:
    pass
sys.exit(0)
