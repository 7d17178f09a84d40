#!/usr/bin/env bash
# Claude Code protocol: blocks every Stop, ignoring stop_hook_active (Claude Code ends the turn after 9 blocks).
echo '{"decision":"block","reason":"stop-always: keep going"}'
