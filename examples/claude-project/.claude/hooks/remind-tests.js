#!/usr/bin/env node
// After an edit, reminds the model to run the tests (Claude Code protocol: additionalContext).
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  const { tool_input: t = {} } = JSON.parse(input);
  process.stdout.write(JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: `You changed ${t.file_path}; run npm test before finishing.` },
  }));
});
