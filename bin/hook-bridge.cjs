#!/usr/bin/env node
'use strict';
// A closed pipe (`hook-bridge dialects | head`) ends every command quietly, with the exit code it has set
// so far (`run` sets its reply's code before the write fails, so a deny by exit 2 still exits 2).
for (const s of [process.stdout, process.stderr]) {
  s.on('error', (e) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit();
  });
}
// `run` and `dispatch` sit on every tool call of the host agent: each gets its own lean bundle. Every
// other command goes through a small commander entry that loads one bundle per command on demand.
const cmd = process.argv[2];
require(cmd === 'run' ? '../dist/run.cjs' : cmd === 'dispatch' ? '../dist/dispatch.cjs' : '../dist/cli/main.cjs');
