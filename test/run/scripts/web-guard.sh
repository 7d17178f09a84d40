#!/usr/bin/env bash
# A web guard written for Claude Code: WebFetch only from allowed domains, no WebSearch for secrets (exit 2 + stderr).
input=$(cat)
tool=$(jq -r '.tool_name' <<<"$input")
case "$tool" in
  WebFetch)
    url=$(jq -r '.tool_input.url // ""' <<<"$input")
    case "$url" in
      https://docs.example.com/*) exit 0 ;;
      *) echo "web-guard: $url is not an allowed domain" >&2; exit 2 ;;
    esac ;;
  WebSearch)
    q=$(jq -r '.tool_input.query // ""' <<<"$input")
    if grep -qi 'api key' <<<"$q"; then echo "web-guard: no searching for keys" >&2; exit 2; fi ;;
esac
exit 0
