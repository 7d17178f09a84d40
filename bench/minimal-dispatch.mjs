#!/usr/bin/env node
// The floor for running several hooks on one call, used by bench/bench.mjs beside `hook-bridge dispatch`:
// bench/minimal-wrapper.mjs's work, but the renamed payload goes to every command given, all started at once,
// and their outputs are handed back when all have exited (exit code: the highest). No matching, no config.
// usage: node bench/minimal-dispatch.mjs '<shell command>' ['<shell command>' …] < payload.json
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TOOLS = { run_shell_command: 'Bash', write_file: 'Write', edit: 'Edit', read_file: 'Read' };
const payload = JSON.parse(readFileSync(0).toString('utf8'));
if (TOOLS[payload.tool_name]) payload.tool_name = TOOLS[payload.tool_name];
const input = `${JSON.stringify(payload)}\n`;

const runs = process.argv.slice(2).map(
  (cmd) =>
    new Promise((done) => {
      const child = spawn('/bin/sh', ['-c', cmd], { stdio: ['pipe', 'pipe', 'pipe'] });
      const out = [];
      const err = [];
      child.stdout.on('data', (c) => out.push(c));
      child.stderr.on('data', (c) => err.push(c));
      child.stdin.on('error', () => {});
      child.stdin.end(input);
      child.on('close', (code) => done({ code: code ?? 1, out: Buffer.concat(out), err: Buffer.concat(err) }));
    }),
);
const all = await Promise.all(runs);
for (const r of all) if (r.err.length) process.stderr.write(r.err);
process.stdout.write(Buffer.concat(all.map((r) => r.out)));
process.exitCode = Math.max(...all.map((r) => r.code));
