// Two answers a host reads differently from Claude Code, in the real agents (docs/observations.md):
// - Stop + `continue: false` ("end now" on Claude) is "go on" on CodeBuddy Code: it logs "Stop hook requested
//   continuation" (in -p the process ends anyway). Through hook-bridge it is not forwarded.
// - `ask` on Qwen Code 0.24.4: a deny with the reason in -p (as Claude Code in -p), a wait for the user's
//   confirmation when the session can prompt (stream-json input). hook-bridge now relays it to Qwen.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAgent } from './harness/install.js';
import { makeWorkspace, type TempWorkspace } from './harness/util.js';
import type { AgentRunResult } from './harness/types.js';
import { HOSTS, installConfig } from './scenarios/hosts.js';

const workspaces: TempWorkspace[] = [];
beforeAll(() => {
  ensureAgent('qwen');
  ensureAgent('codebuddy');
});
afterAll(() =>
  workspaces.forEach((w) => {
    w.cleanup();
  }),
);

const explain = (r: AgentRunResult) =>
  `exit=${r.exitCode} ${r.durationMs} ms, ${r.requests.length} request(s), toolResults=` +
  `${JSON.stringify(r.toolResults)}\n${r.stderr.slice(-1500)}`;

/** A project with one Claude hook script, written in .claude/settings.json (and, when `bridged`, converted for the
 * host).
 */
function project(host: 'qwen' | 'codebuddy', event: string, matcher: string | undefined, body: string) {
  const ws = makeWorkspace(`hb-e2e-${host}-${event}-`);
  workspaces.push(ws);
  const dir = ws.projectDir;
  mkdirSync(join(dir, '.claude/hooks'), { recursive: true });
  writeFileSync(
    join(dir, '.claude/hooks/hook.sh'),
    `#!/bin/sh\ncat >/dev/null\necho fired >> "$CLAUDE_PROJECT_DIR/hook.log"\n${body}\n`,
    { mode: 0o755 },
  );
  const group = {
    ...(matcher ? { matcher } : {}),
    hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/hook.sh' }],
  };
  writeFileSync(join(dir, '.claude/settings.json'), JSON.stringify({ hooks: { [event]: [group] } }, null, 2));
  return { ws, dir };
}

/** CodeBuddy Code's own log lines for this HOME (~/.codebuddy/logs/<day>/*.log). */
function codebuddyLog(home: string): string {
  const root = join(home, '.codebuddy/logs');
  if (!existsSync(root)) return '';
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.log'))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

describe('CodeBuddy Code: Stop + continue:false', () => {
  const STOP = `echo '{"continue":false,"stopReason":"END-NOW-42"}'`;
  it('native: CodeBuddy Code reads it as a request to continue (the opposite of Claude Code)', async () => {
    const { ws, dir } = project('codebuddy', 'Stop', undefined, STOP);
    mkdirSync(join(dir, '.codebuddy'), { recursive: true });
    writeFileSync(
      join(dir, '.codebuddy/settings.json'),
      readFileSync(join(dir, '.claude/settings.json'), 'utf8').replaceAll(
        'CLAUDE_PROJECT_DIR',
        'CODEBUDDY_PROJECT_DIR',
      ),
    );
    const r = await HOSTS.codebuddy.run({ projectDir: dir, homeDir: ws.homeDir, steps: [{ text: 'first answer' }] });
    expect(existsSync(join(dir, 'hook.log')), explain(r)).toBe(true);
    expect(codebuddyLog(ws.homeDir)).toContain('Stop hook requested continuation');
  });
  it('through hook-bridge: the Stop hook runs and CodeBuddy Code is not asked to continue', async () => {
    const { ws, dir } = project('codebuddy', 'Stop', undefined, STOP);
    installConfig(dir, HOSTS.codebuddy, 'bridged');
    const r = await HOSTS.codebuddy.run({ projectDir: dir, homeDir: ws.homeDir, steps: [{ text: 'first answer' }] });
    expect(existsSync(join(dir, 'hook.log')), explain(r)).toBe(true);
    expect(r.exitCode, explain(r)).toBe(0);
    expect(codebuddyLog(ws.homeDir)).not.toContain('Stop hook requested continuation');
  });
});

describe('Qwen Code: a Claude hook asks (relayed by hook-bridge)', () => {
  const ASK =
    `echo ` +
    `'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"AS` +
    `K-REASON-7"}}'`;
  const step = { tool: 'run_shell_command', args: { command: 'touch ran.marker', description: 'make a marker' } };
  it('-p (nobody to ask): denied with the reason, as Claude Code does in -p (d10)', async () => {
    const { ws, dir } = project('qwen', 'PreToolUse', 'Bash', ASK);
    installConfig(dir, HOSTS.qwen, 'bridged');
    const r = await HOSTS.qwen.run({ projectDir: dir, homeDir: ws.homeDir, steps: [step] });
    expect(existsSync(join(dir, 'hook.log')), explain(r)).toBe(true);
    expect(existsSync(join(dir, 'ran.marker')), explain(r)).toBe(false);
    expect(
      r.toolResults.some((t) => t.includes('ASK-REASON-7')),
      explain(r),
    ).toBe(true);
  });
  it(
    'a session that can prompt (stream-json input): the call waits ' + 'for confirmation — neither run nor denied',
    async () => {
      const { ws, dir } = project('qwen', 'PreToolUse', 'Bash', ASK);
      installConfig(dir, HOSTS.qwen, 'bridged');
      const stdin = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'go' } })}\n`;
      const r = await HOSTS.qwen.run({
        projectDir: dir,
        homeDir: ws.homeDir,
        steps: [step],
        stdin,
        args: ['--input-format', 'stream-json'],
        timeoutMs: 15_000,
      });
      expect(existsSync(join(dir, 'hook.log')), explain(r)).toBe(true);
      expect(existsSync(join(dir, 'ran.marker')), explain(r)).toBe(false);
      // No tool result went back to the model: the call is held for the user, not denied.
      expect(r.requests.length, explain(r)).toBe(1);
      expect(r.toolResults, explain(r)).toEqual([]);
    },
  );
  it('control: the same session with a deny answers at once (so the wait above is the confirmation)', async () => {
    const { ws, dir } = project('qwen', 'PreToolUse', 'Bash', ASK.replace('"ask"', '"deny"'));
    installConfig(dir, HOSTS.qwen, 'bridged');
    const stdin = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'go' } })}\n`;
    const r = await HOSTS.qwen.run({
      projectDir: dir,
      homeDir: ws.homeDir,
      steps: [step],
      stdin,
      args: ['--input-format', 'stream-json'],
      timeoutMs: 15_000,
    });
    expect(r.exitCode, explain(r)).toBe(0);
    expect(
      r.toolResults.some((t) => t.includes('ASK-REASON-7')),
      explain(r),
    ).toBe(true);
  });
});
