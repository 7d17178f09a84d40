// A hook that times out or is killed, inside Pi's extension: Claude Code's rule (a non-blocking error; the call goes
// on), not the exit code a killed process gets. Pi 1.6.0's pi.exec reports 128 + the signal for a command a signal
// ended (143 for SIGTERM, where earlier versions reported 0: docs/observations.md "Pi 1.6.0"); hook-bridge's binding
// does not run hooks through pi.exec — the engine starts them itself with Claude Code's timeouts
// (src/run/in-process-engine.ts) — so a timed-out or killed hook is one of Claude Code's non-blocking errors here, an
// exit
// code of 137 or 143 a hook returns by itself is too, and only exit 2 blocks.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertProject } from '../../src/convert/project.js';
import { start } from '../../src/run/in-process-engine.js';

type Handler = (event: Record<string, unknown>, ctx: unknown) => unknown;

/** A project whose one Bash PreToolUse hook runs `command` (timeout in seconds), converted --to pi; its tool_call. */
async function toolCall(command: string, timeout?: number) {
  const dir = mkdtempSync(join(tmpdir(), 'hb-plugin-killed-'));
  const hook = { type: 'command', command, ...(timeout ? { timeout } : {}) };
  writeFileSync(
    join(dir, 'claude.json'),
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } }),
  );
  const home = mkdtempSync(join(tmpdir(), 'hb-plugin-killed-home-'));
  await convertProject({ inputs: [join(dir, 'claude.json')], from: 'claude', to: ['pi'], project: dir, home });
  const handlers = new Map<string, Handler>();
  const said: string[] = [];
  start(
    'pi',
    { on: (e: string, h: Handler) => handlers.set(e, h), sendUserMessage: () => {} },
    {
      project: dir,
      say: (t) => said.push(t),
    },
  );
  const ctx = {
    cwd: dir,
    hasUI: false,
    sessionManager: { getSessionId: () => 's1', getSessionFile: () => undefined },
    abort: () => {},
  };
  const started = Date.now();
  const answer = await handlers.get('tool_call')!(
    { toolName: 'bash', toolCallId: 'c1', input: { command: 'ls' } },
    ctx,
  );
  return { answer, said, ms: Date.now() - started };
}

describe('a PreToolUse hook that times out or is killed, in Pi', () => {
  it('a hook past its timeout is killed and the call goes on (a non-blocking error), at the timeout', async () => {
    const r = await toolCall('echo "no way" >&2; sleep 30; exit 2', 1);
    expect(r.answer).toBeUndefined();
    expect(r.ms).toBeLessThan(15_000);
  });
  it('a hook killed by a signal (SIGTERM, SIGKILL) does not block the call', async () => {
    expect((await toolCall('kill -TERM $$')).answer).toBeUndefined();
    expect((await toolCall('kill -KILL $$')).answer).toBeUndefined();
  });
  it('exit 143 or 137 from the hook itself is an ordinary non-zero exit: the call goes on', async () => {
    expect((await toolCall('echo x >&2; exit 143')).answer).toBeUndefined();
    expect((await toolCall('echo x >&2; exit 137')).answer).toBeUndefined();
  });
  it('exit 2 still blocks, with the reason', async () => {
    expect((await toolCall('echo "not here" >&2; exit 2')).answer).toEqual({
      block: true,
      reason: expect.stringContaining('not here'),
    });
  });
});
