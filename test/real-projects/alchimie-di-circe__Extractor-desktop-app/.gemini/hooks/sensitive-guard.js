#!/usr/bin/env node
// Reproduction (not a copy): before a write to a configuration or secrets file, allow it with a warning
// (systemMessage); any other write: a plain allow.
const read = require('./read-input.js');
const SENSITIVE = ['.env', '.env.local', 'AGENTS.md', 'package.json', 'pnpm-lock.yaml'];
read().then((input) => {
  const args = input.tool_input || {};
  const file = args.file_path || args.path || args.file;
  const answer = { decision: 'allow' };
  if (file && SENSITIVE.some((s) => file.endsWith(s))) answer.systemMessage = `Critical file: ${file}. Check the change.`;
  console.log(JSON.stringify(answer));
});
