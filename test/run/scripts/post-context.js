#!/usr/bin/env node
// Claude Code protocol: after a Bash call, tells the model what it printed (PostToolUse additionalContext).
let s = '';
process.stdin
  .on('data', (c) => (s += c))
  .on('end', () => {
    const p = JSON.parse(s);
    if (p.hook_event_name !== 'PostToolUse' || p.tool_name !== 'Bash') return;
    const ctx = `post-context: Bash printed ${JSON.stringify(p.tool_response?.stdout ?? null)}`;
    process.stdout.write(
      JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: ctx } }),
    );
  });
