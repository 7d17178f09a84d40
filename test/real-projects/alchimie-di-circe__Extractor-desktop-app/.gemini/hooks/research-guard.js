#!/usr/bin/env node
// Reproduction (not a copy): every write is allowed with a reminder to consult the docs first (systemMessage).
require('./read-input.js')().then(() =>
  console.log(JSON.stringify({ decision: 'allow', systemMessage: 'Research guard: consult the docs before writing.' })),
);
