#!/usr/bin/env node
'use strict';
// `run` sits on every tool call of the host agent: it gets its own dependency-free bundle. Every other
// command goes through a small commander entry that loads one bundle per command on demand.
require(process.argv[2] === 'run' ? '../dist/run.cjs' : '../dist/cli/main.cjs');
