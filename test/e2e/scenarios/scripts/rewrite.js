#!/usr/bin/env node
// Claude protocol: rewrites "original" to "rewritten" in Bash commands via updatedInput (replaces tool_input).
let s = '';
process.stdin
  .on('data', (c) => (s += c))
  .on('end', () => {
    const p = JSON.parse(s);
    const cmd = p.tool_input?.command ?? '';
    if (!cmd.includes('original')) return;
    process.stdout.write(
      JSON.stringify({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          updatedInput: { ...p.tool_input, command: cmd.replaceAll('original', 'rewritten') },
        },
      }),
    );
  });
