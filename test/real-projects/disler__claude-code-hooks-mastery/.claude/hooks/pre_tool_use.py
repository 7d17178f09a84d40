#!/usr/bin/env -S uv run --script
# /// script
# requires-python = ">=3.8"
# ///
# Reproduction (not a copy) of the project's PreToolUse guard: exit 2 (Claude Code blocks the call) for any
# access to a .env file (file tools by file_path, Bash by a ".env" word; .env.sample allowed) and for rm with
# both recursive and force flags or a recursive rm of /, ~, $HOME, .., * or .; otherwise logs the input to
# logs/pre_tool_use.json under the working directory and exits 0.
import json
import re
import sys
from pathlib import Path


def dangerous_rm(command):
    text = " ".join(command.lower().split())
    if re.search(r"\brm\s+.*(-[a-z]*r[a-z]*f|-[a-z]*f[a-z]*r|--recursive\s+--force|--force\s+--recursive)", text):
        return True
    if re.search(r"\brm\s+-r\s+.*-f|\brm\s+-f\s+.*-r", text):
        return True
    return bool(re.search(r"\brm\s+.*-[a-z]*r", text) and re.search(r"/|~|\$home|\.\.|\*|\.", text))


def env_access(tool, args):
    if tool in ("Read", "Edit", "MultiEdit", "Write"):
        path = args.get("file_path", "")
        return ".env" in path and not path.endswith(".env.sample")
    if tool == "Bash":
        return bool(re.search(r"\b\.env\b(?!\.sample)", args.get("command", "")))
    return False


try:
    data = json.load(sys.stdin)
except ValueError:
    sys.exit(0)
tool = data.get("tool_name", "")
args = data.get("tool_input", {}) or {}
if env_access(tool, args):
    print("BLOCKED: Access to .env files containing sensitive data is prohibited", file=sys.stderr)
    sys.exit(2)
if tool == "Bash" and dangerous_rm(args.get("command", "")):
    print("BLOCKED: Dangerous rm command detected and prevented", file=sys.stderr)
    sys.exit(2)
try:
    logs = Path.cwd() / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    path = logs / "pre_tool_use.json"
    entries = json.loads(path.read_text()) if path.exists() else []
    entries.append(data)
    path.write_text(json.dumps(entries, indent=2))
except Exception:
    pass
sys.exit(0)
