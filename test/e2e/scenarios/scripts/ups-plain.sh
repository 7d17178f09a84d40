#!/usr/bin/env bash
# Claude protocol: plain stdout on UserPromptSubmit becomes context.
cat >/dev/null
echo "CTX-$(echo UPSP)"
