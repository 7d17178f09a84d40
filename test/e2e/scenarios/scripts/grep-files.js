#!/usr/bin/env node
// Claude protocol: a PostToolUse hook on Grep that reads Claude Code's result object
// (tool_response.filenames, files_with_matches by default) and tells the model which files matched.
let raw = '';
process.stdin.on('data', (c) => (raw += c));
process.stdin.on('end', () => {
  const p = JSON.parse(raw);
  if (p.tool_name !== 'Grep') return;
  const files = Array.isArray(p.tool_response?.filenames)
    ? p.tool_response.filenames.join(',')
    : `unreadable ${typeof p.tool_response}`;
  process.stdout.write(
    JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: `GREP-FILES: ${files}` } }),
  );
});
