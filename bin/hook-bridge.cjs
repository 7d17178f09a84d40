#!/usr/bin/env node
'use strict';
// `run` and `dispatch` sit on every tool call of the host agent: each gets its own lean bundle. Every
// other command goes through a small commander entry that loads one bundle per command on demand.
const cmd = process.argv[2];
require(cmd === 'run' ? '../dist/run.cjs' : cmd === 'dispatch' ? '../dist/dispatch.cjs' : '../dist/cli/main.cjs');
