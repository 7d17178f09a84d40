#!/usr/bin/env node
// Reproduction (not a copy): after a successful write to a lintable file, run the project's Biome on it and tell the
// model when it fails; without Biome installed (no node_modules/.bin/biome), nothing.
const { execFileSync } = require('child_process');
const fs = require('fs');
require('./read-input.js')().then((input) => {
  const args = input.tool_input || {};
  const file = args.file_path || args.path;
  const biome = 'node_modules/.bin/biome';
  if (!file || !/\.(ts|js|tsx|jsx|svelte|json|css)$/.test(file) || !fs.existsSync(biome)) {
    console.log('{}');
    return;
  }
  try {
    execFileSync(biome, ['check', '--write', file], { stdio: 'pipe' });
    console.log('{}');
  } catch (e) {
    const context = `Biome found problems in ${file}:\n${String(e.stdout || e.message)}`;
    console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: context } }));
  }
});
