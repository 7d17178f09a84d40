#!/usr/bin/env node
// A sub-agent guard written for Claude Code: no Agent (Task) may be asked to deploy.
let s = '';
process.stdin
  .on('data', (c) => (s += c))
  .on('end', () => {
    const p = JSON.parse(s);
    if (p.tool_name === 'Agent' && /deploy/i.test(String(p.tool_input?.prompt ?? ''))) {
      process.stdout.write(
        JSON.stringify({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: 'agent-guard: sub-agents do not deploy',
          },
        }),
      );
    }
  });
