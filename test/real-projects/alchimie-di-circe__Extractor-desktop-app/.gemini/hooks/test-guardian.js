#!/usr/bin/env node
// Reproduction (not a copy): after a write to src/lib/*.ts or *.svelte (a relative path), context for the model
// asking for a test when no <name>.spec.ts or <name>.test.ts sits beside the file; otherwise nothing.
const fs = require('fs');
const path = require('path');
require('./read-input.js')().then((input) => {
  const args = input.tool_input || {};
  const file = args.file_path || args.path;
  if (!file || !/^src\/lib\/.*\.(ts|svelte)$/.test(file) || /\.(spec|test)\./.test(file)) {
    console.log('{}');
    return;
  }
  const base = path.join(path.dirname(file), path.basename(file, path.extname(file)));
  const tested = fs.existsSync(`${base}.spec.ts`) || fs.existsSync(`${base}.test.ts`);
  const context = tested ? `Remember to run the tests of ${file}.` : `No test found for ${file}: consider adding one.`;
  console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: context } }));
});
