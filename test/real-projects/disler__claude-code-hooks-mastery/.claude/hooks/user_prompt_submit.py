#!/usr/bin/env -S uv run --script
# /// script
# requires-python = ">=3.11"
# ///
# Reproduction (not a copy): logs the prompt to logs/user_prompt_submit.json and, with --store-last-prompt,
# records it in .claude/data/sessions/<session_id>.json; never blocks (--log-only).
import json
import sys
from pathlib import Path


def append(path, item):
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        entries = json.loads(path.read_text()) if path.exists() else []
    except ValueError:
        entries = []
    entries.append(item)
    path.write_text(json.dumps(entries, indent=2))


try:
    data = json.loads(sys.stdin.read())
    append(Path("logs") / "user_prompt_submit.json", data)
    if "--store-last-prompt" in sys.argv:
        session = Path(".claude/data/sessions") / f"{data.get('session_id', 'unknown')}.json"
        session.parent.mkdir(parents=True, exist_ok=True)
        record = json.loads(session.read_text()) if session.exists() else {"prompts": []}
        record["prompts"].append(data.get("prompt", ""))
        session.write_text(json.dumps(record, indent=2))
except Exception:
    pass
sys.exit(0)
