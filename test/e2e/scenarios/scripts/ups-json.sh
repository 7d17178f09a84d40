#!/usr/bin/env bash
# Claude protocol: UserPromptSubmit additionalContext (JSON).
cat >/dev/null
printf '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"%s"}}' "CTX-$(echo UPSJ)"
