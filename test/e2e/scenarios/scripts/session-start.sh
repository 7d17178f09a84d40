#!/usr/bin/env bash
# Claude protocol: plain stdout on SessionStart becomes context. Never reads stdin.
echo "CTX-$(echo SS)"
