#!/usr/bin/env node
// "Inject role context into subagents", written for Claude Code: every Agent (Task) call goes on with the whole
// tool_input handed back and the role prepended to its prompt (updatedInput replaces the input on Claude Code).
let s = '';
process.stdin
  .on('data', (c) => (s += c))
  .on('end', () => {
    const p = JSON.parse(s);
    if (p.tool_name !== 'Agent' && p.tool_name !== 'Task') return;
    const prompt = `[role: careful reviewer; cite files]\n${p.tool_input.prompt}`;
    process.stdout.write(
      JSON.stringify({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          updatedInput: { ...p.tool_input, prompt },
        },
      }),
    );
  });
