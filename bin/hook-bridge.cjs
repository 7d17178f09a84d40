#!/usr/bin/env node
'use strict';
// `run` sits on every tool call of the host agent: it gets its own dependency-free bundle.
require(process.argv[2] === 'run' ? '../dist/run.cjs' : '../dist/cli.cjs');
