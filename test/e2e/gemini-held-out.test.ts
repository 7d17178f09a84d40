// Issue 24 on the real Gemini CLI 0.61.0: a Stop hook that ends the session, a WebFetch guard, and a Notification
// hook that knows Claude's notification types. Each case runs native Gemini hooks (the fact, no hook-bridge) and/or
// the Claude hook converted by `hook-bridge convert --to gemini` (bridged), headless against the mock model;
// Notification needs an interactive session (harness/gemini-interactive.ts): only a tool waiting for a
// confirmation fires it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGemini } from './harness/gemini.js';
import { runGeminiInteractive } from './harness/gemini-interactive.js';
import { ensureAgent } from './harness/install.js';
import type { AgentRunResult } from './harness/types.js';
import { makeWorkspace, writeJson, type TempWorkspace } from './harness/util.js';
import { HOSTS, installConfig } from './scenarios/hosts.js';

const workspaces: TempWorkspace[] = [];
beforeAll(() => void ensureAgent('gemini'));
afterAll(() =>
  workspaces.forEach((w) => {
    w.cleanup();
  }),
);

const explain = (r: AgentRunResult) =>
  `exit=${r.exitCode} ${r.durationMs} ms, ${r.requests.length} request(s)\nstdout: ${r.stdout.slice(-800)}` +
  `\nstderr: ${r.stderr.slice(-1500)}`;
const told = (r: AgentRunResult, token: string) => r.requests.some((q) => JSON.stringify(q.body).includes(token));

type Hook = { event: string; matcher?: string; answer?: object; script?: string };

/**
 * A project whose hooks each answer with a fixed JSON object (or run a node script body reading the payload `p`):
 * native = in .gemini/settings.json under Gemini's event names; bridged = in .claude/settings.json under Claude's,
 * converted by hook-bridge.
 */
function project(mode: 'native' | 'bridged', hooks: Hook[]) {
  const ws = makeWorkspace(`hb-e2e-gemini-${mode}-`);
  workspaces.push(ws);
  const dir = ws.projectDir;
  mkdirSync(join(dir, '.hooks'));
  const config: Record<string, object[]> = {};
  hooks.forEach((h, i) => {
    const body = h.script ?? `process.stdout.write(${JSON.stringify(JSON.stringify(h.answer))})`;
    writeFileSync(
      join(dir, `.hooks/h${i}.js`),
      `let s='';process.stdin.on('data',c=>s+=c).on('end',()=>{const p=JSON.parse(s);\n${body}\n});\n`,
    );
    (config[h.event] ??= []).push({
      ...(h.matcher ? { matcher: h.matcher } : {}),
      hooks: [{ type: 'command', command: `node ${JSON.stringify(join(dir, `.hooks/h${i}.js`))}` }],
    });
  });
  if (mode === 'native') writeJson(join(dir, '.gemini/settings.json'), { hooks: config });
  else {
    writeJson(join(dir, '.claude/settings.json'), { hooks: config });
    installConfig(dir, HOSTS.gemini, 'bridged');
  }
  return { ws, dir };
}

describe('Gemini CLI: continue:false on AfterAgent ends the turn, even when another hook blocks', () => {
  const stop = { continue: false, stopReason: 'STOP-AA-7' };
  const block = { decision: 'block', reason: 'GO-ON-AA-7' };
  it('native control: a block alone makes it go on with the reason (one more turn)', async () => {
    const { ws, dir } = project('native', [
      {
        event: 'AfterAgent',
        answer: block,
        script: `if(!p.stop_hook_active)process.stdout.write(${JSON.stringify(JSON.stringify(block))})`,
      },
    ]);
    const r = await runGemini({ projectDir: dir, homeDir: ws.homeDir, steps: [], args: ['--output-format', 'text'] });
    expect({ told: told(r, 'GO-ON-AA-7'), requests: r.requests.length }, explain(r)).toEqual({
      told: true,
      requests: 2,
    });
  });
  it(
    'native: continue:false wins over the block; the turn ends ' + 'with "Agent execution stopped: <stopReason>"',
    async () => {
      const { ws, dir } = project('native', [
        { event: 'AfterAgent', answer: stop },
        { event: 'AfterAgent', answer: block },
      ]);
      const r = await runGemini({ projectDir: dir, homeDir: ws.homeDir, steps: [], args: ['--output-format', 'text'] });
      expect(
        {
          told: told(r, 'GO-ON-AA-7'),
          requests: r.requests.length,
          shown: r.stderr.includes('Agent execution stopped: STOP-AA-7'),
        },
        explain(r),
      ).toEqual({ told: false, requests: 1, shown: true });
    },
  );
  it(
    'bridged: a Claude Stop hook answering continue:false ends it ' +
      'the same way (Claude: continue:false wins, st04)',
    async () => {
      const { ws, dir } = project('bridged', [
        { event: 'Stop', answer: stop },
        { event: 'Stop', answer: block },
      ]);
      const r = await runGemini({ projectDir: dir, homeDir: ws.homeDir, steps: [], args: ['--output-format', 'text'] });
      expect(
        {
          told: told(r, 'GO-ON-AA-7'),
          requests: r.requests.length,
          shown: r.stderr.includes('Agent execution stopped: STOP-AA-7'),
        },
        explain(r),
      ).toEqual({ told: false, requests: 1, shown: true });
    },
  );
});

describe("Gemini CLI: a Claude WebFetch guard sees the URLs of web_fetch's prompt", () => {
  // A domain allow-list reading tool_input.url, as Claude scripts do. Loopback only: a guard that let the call through
  // would make Gemini fetch a closed local port, nothing else.
  const guard =
    `if(p.tool_name==='WebFetch'){const h=new ` +
    `URL(p.tool_input.url||'http://x').hostname;if(p.tool_input.url&&h!=='127.0.0.1'){console.error('NOT-ALLOWED ` +
    `'+h);process.exit(2)}}`;
  it(
    'bridged: a prompt with an allowed and a foreign URL is blocked ' + "with the guard's reason (one run per URL)",
    async () => {
      const { ws, dir } = project('bridged', [{ event: 'PreToolUse', matcher: 'WebFetch', script: guard }]);
      const r = await runGemini({
        projectDir: dir,
        homeDir: ws.homeDir,
        steps: [{ tool: 'web_fetch', args: { prompt: 'Compare http://127.0.0.1:9/a with http://localhost:9/b' } }],
      });
      expect(told(r, 'NOT-ALLOWED localhost'), explain(r)).toBe(true);
    },
  );
});

describe('Gemini CLI: Notification (interactive session, a shell command waiting for confirmation)', () => {
  // Each hook writes the notification_type it was given to a file named after it.
  const record = (name: string) =>
    `require('fs').writeFileSync(require('path').join(process.env.GEMINI_PROJECT_DIR||process.env.CLAUDE_PROJECT_` +
    `DIR, ` +
    `${JSON.stringify(name)}), String(p.notification_type))`;
  const shell = { tool: 'run_shell_command', args: { command: 'touch ran.marker' } };
  it('native: notification_type is ToolPermission', async () => {
    const { ws, dir } = project('native', [{ event: 'Notification', script: record('seen.txt') }]);
    const r = await runGeminiInteractive({ projectDir: dir, homeDir: ws.homeDir, steps: [shell] });
    expect(
      existsSync(join(dir, 'seen.txt')) ? readFileSync(join(dir, 'seen.txt'), 'utf8') : '(did not fire)',
      explain(r),
    ).toBe('ToolPermission');
  });
  it("bridged: a Claude Notification hook on permission_prompt gets Claude's value", async () => {
    const { ws, dir } = project('bridged', [
      { event: 'Notification', matcher: 'permission_prompt', script: record('seen.txt') },
    ]);
    const r = await runGeminiInteractive({ projectDir: dir, homeDir: ws.homeDir, steps: [shell] });
    expect(
      existsSync(join(dir, 'seen.txt')) ? readFileSync(join(dir, 'seen.txt'), 'utf8') : '(did not fire)',
      explain(r),
    ).toBe('permission_prompt');
  });
});
