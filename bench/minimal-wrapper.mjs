#!/usr/bin/env node
// The lean floor for a hook wrapper, used by bench/bench.mjs as the yardstick for `hook-bridge run`.
// ESM, no dependencies: read the whole payload, rename the Qwen names to Claude's, run the hook with
// `/bin/sh -c <cmd>` and the renamed JSON on stdin, hand its stdout/stderr back, exit with its code.
// Like any real wrapper it captures the hook's output (a real one must translate it) before writing it.
// usage: node bench/minimal-wrapper.mjs '<shell command>' < payload.json
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TOOLS = { run_shell_command: 'Bash', write_file: 'Write', edit: 'Edit', read_file: 'Read' };
const EVENTS = { PreToolUse: 'PreToolUse', PostToolUse: 'PostToolUse', UserPromptSubmit: 'UserPromptSubmit' };

async function readStdin() {
  try {
    return readFileSync(0);
  } catch (e) {
    if (e.code !== 'EAGAIN') throw e; // non-blocking stdin: fall back to the stream
    const chunks = [];
    for await (const c of process.stdin) chunks.push(c);
    return Buffer.concat(chunks);
  }
}

const payload = JSON.parse((await readStdin()).toString('utf8'));
if (TOOLS[payload.tool_name]) payload.tool_name = TOOLS[payload.tool_name];
if (EVENTS[payload.hook_event_name]) payload.hook_event_name = EVENTS[payload.hook_event_name];

const child = spawn('/bin/sh', ['-c', process.argv[2]], { stdio: ['pipe', 'pipe', 'pipe'] });
const out = [];
const err = [];
child.stdout.on('data', (c) => out.push(c));
child.stderr.on('data', (c) => err.push(c));
child.stdin.on('error', () => {}); // a hook that never reads stdin
child.stdin.end(`${JSON.stringify(payload)}\n`);
child.on('close', (code) => {
  if (err.length) process.stderr.write(Buffer.concat(err));
  process.stdout.write(Buffer.concat(out));
  process.exitCode = code ?? 1;
});
