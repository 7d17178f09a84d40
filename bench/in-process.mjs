#!/usr/bin/env node
// npm run bench, plugin hosts (issue 31): what a guarded tool call costs on Pi and OpenCode through the plugin
// `convert --to pi|opencode` writes. The engine (dist/in-process-engine.cjs) is loaded once, as the agent loads it,
// and driven through each agent's binding the way the agent calls it (Pi's tool_call handler, OpenCode's
// tool.execute.before hook) with a Claude Bash guard (examples/claude-project block-rm.sh, bash + jq) converted for it.
// Per call: the processes started (every child_process spawn, hook-bridge's own told apart by its bin), and the wall
// time beside the agent without hooks (no work at all for the call: the cost is the whole guarded call), the bare hook
// (/bin/sh -c the guard with the payload on stdin: what any host that runs the hook pays) and one `hook-bridge
// dispatch` process running the same hook file (the one-process-per-call alternative).
//   BENCH_ROUNDS=n   rounds (default 30)
import childProcess, { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS) || 30);
const BIN = join(root, 'bin/hook-bridge.cjs');
const GUARD = '"$CLAUDE_PROJECT_DIR"/.claude/hooks/block-rm.sh';

// Every process the engine starts, counted (the bundle calls child_process.spawn through the module object).
const started = [];
for (const k of ['spawn', 'spawnSync']) {
  const orig = childProcess[k];
  childProcess[k] = (cmd, args, ...rest) => {
    started.push([cmd, ...(args ?? [])].join(' '));
    return orig(cmd, args, ...rest);
  };
}
const engine = createRequire(import.meta.url)(join(root, 'dist/in-process-engine.cjs'));

function project(host) {
  const dir = mkdtempSync(join(tmpdir(), `hb-bench-${host}-`));
  cpSync(join(root, 'examples/claude-project/.claude/hooks/block-rm.sh'), join(dir, '.claude/hooks/block-rm.sh'));
  writeFileSync(
    join(dir, '.claude/settings.json'),
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: GUARD }] }] } }),
  );
  const r = childProcess.spawnSync(process.execPath, [BIN, 'convert', '--to', host, '--project', dir], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`convert --to ${host}: ${r.stderr}`);
  started.length = 0;
  return dir;
}

/** The guarded call as each agent makes it, through its binding. */
const CALLS = {
  pi(dir) {
    const handlers = {};
    engine.start('pi', { on: (e, h) => (handlers[e] = h), sendUserMessage() {} }, { project: dir, say() {} });
    const ctx = {
      cwd: dir,
      hasUI: false,
      sessionManager: { getSessionId: () => 'bench', getSessionFile: () => undefined },
      abort() {},
    };
    return () => handlers.tool_call({ toolName: 'bash', toolCallId: 'c', input: { command: 'ls -la' } }, ctx);
  },
  opencode(dir) {
    const hooks = engine.start('opencode', { directory: dir }, { project: dir, say() {} });
    return () =>
      hooks['tool.execute.before']({ tool: 'bash', sessionID: 'bench', callID: 'c' }, { args: { command: 'ls -la' } });
  },
};

function run(cmd, args, input, env) {
  return new Promise((res) => {
    const p = spawn(cmd, args, { env, stdio: ['pipe', 'ignore', 'ignore'] });
    p.on('close', res);
    p.stdin.end(input);
  });
}
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
async function time(f) {
  const t = process.hrtime.bigint();
  await f();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const lines = ['', 'plugin hosts: a guarded Bash call (Claude bash+jq guard), median of ' + ROUNDS + ' rounds'];
lines.push(
  '| host | hook-bridge processes per call | other processes per call | bare hook | through the plugin | ' +
    'one `dispatch` process |',
);
lines.push('|---|---|---|---|---|---|');
const results = {};
for (const host of ['pi', 'opencode']) {
  const dir = project(host);
  const call = CALLS[host](dir);
  const env = { ...process.env, CLAUDE_PROJECT_DIR: dir };
  const payload = JSON.stringify({
    session_id: 'bench',
    transcript_path: '',
    cwd: dir,
    hook_event_name: 'PreToolUse',
    tool_name: 'bash',
    tool_input: { command: 'ls -la' },
  });
  const claudePayload = payload.replace('"bash"', '"Bash"');
  const guard = GUARD.replace('"$CLAUDE_PROJECT_DIR"', dir);
  for (let i = 0; i < 2; i++) await call(); // warm-up: the engine's first call compiles what it runs
  started.length = 0;
  await call();
  const own = started.filter((s) => s.includes('hook-bridge')).length;
  const other = started.length - own;
  const t = { bare: [], plugin: [], dispatch: [] };
  for (let i = 0; i < ROUNDS; i++) {
    t.bare.push(await time(() => run('/bin/sh', ['-c', guard], claudePayload, env)));
    t.plugin.push(await time(call));
    t.dispatch.push(
      await time(() =>
        run(
          process.execPath,
          [BIN, 'dispatch', '--to', host, '--from', host, '--config', join(dir, `.${host}/hooks.json`)],
          payload,
          env,
        ),
      ),
    );
  }
  const m = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, median(v)]));
  results[host] = { hookBridgeProcessesPerCall: own, otherProcessesPerCall: other, medianMs: m };
  lines.push(
    `| ${host} | ${own} | ${other} (the hook's shell) | ${m.bare.toFixed(1)} ms | ${m.plugin.toFixed(1)} ms ` +
      `(+${(m.plugin - m.bare).toFixed(1)} ms over the bare hook) | ${m.dispatch.toFixed(1)} ms |`,
  );
}
lines.push(
  'Without hooks the agent spends nothing on the call: "through the plugin" is the whole cost of the guarded call. ' +
    'Target: 0 hook-bridge processes per call.',
);
console.log(lines.join('\n'));
export default results;
