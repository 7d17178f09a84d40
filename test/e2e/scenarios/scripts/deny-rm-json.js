#!/usr/bin/env node
// Claude protocol: denies rm -rf in Bash commands with a JSON permissionDecision (exit 0).
let s = '';
process.stdin
  .on('data', (c) => (s += c))
  .on('end', () => {
    const cmd = JSON.parse(s).tool_input?.command ?? '';
    if (/rm\s+-rf/.test(cmd)) {
      process.stdout.write(
        JSON.stringify({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: `JSON-${'DENY'}: no rm -rf`,
          },
        }),
      );
    }
  });
