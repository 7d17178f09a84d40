// Smoke test of the Claude Code driver: the real CLI, native hook configs, the scripted mock model.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureAgent } from './harness/install.js';
import { startAnthropicMock } from './harness/anthropic-mock.js';
import { runClaude } from './harness/claude.js';
import { makeWorkspace, writeFileEnsured, writeJson, type TempWorkspace } from './harness/util.js';
import type { AgentRunResult } from './harness/types.js';

const BASH_MARKER = { tool: 'Bash', args: { command: 'echo hi > marker.txt', description: 'write marker' } };

let ws: TempWorkspace | undefined;
afterEach(() => {
  ws?.cleanup();
  ws = undefined;
});

/** A fresh temp project + HOME; `hooks` (native Claude format) go to `.claude/settings.json`. */
function workspace(hooks?: Record<string, unknown>, scripts: Record<string, string> = {}): TempWorkspace {
  ws = makeWorkspace('hook-bridge-e2e-claude-');
  for (const [name, body] of Object.entries(scripts)) writeFileEnsured(join(ws.projectDir, name), body, 0o755);
  writeJson(join(ws.projectDir, '.claude', 'settings.json'), hooks ? { hooks } : {});
  return ws;
}

const debug = (r: AgentRunResult) =>
  `exit=${r.exitCode} ${r.durationMs}ms\nstderr: ${r.stderr.slice(-2000)}\nstdout: ${r.stdout.slice(-3000)}`;

const command = (script: string) => ({ type: 'command', command: `node "$CLAUDE_PROJECT_DIR/${script}"` });

describe('anthropic mock', () => {
  it('scripts the main loop only, answers side requests with text, closes', async () => {
    const mock = await startAnthropicMock([BASH_MARKER, { text: 'middle' }], { prompt: 'go' });
    const tools = [{ name: 'Bash', input_schema: { type: 'object' } }];
    const post = async (body: unknown) => {
      const res = await fetch(`${mock.url}/v1/messages?beta=true`, { method: 'POST', body: JSON.stringify(body) });
      return (await res.json()) as any;
    };
    const user = {
      role: 'user',
      content: [
        { type: 'text', text: '<system-reminder>x</system-reminder>' },
        { type: 'text', text: 'go' },
      ],
    };
    try {
      const a = await post({ tools, messages: [user] });
      expect(a.stop_reason).toBe('tool_use');
      expect(a.content[0]).toMatchObject({ type: 'tool_use', name: 'Bash', input: BASH_MARKER.args });
      // no tools: title etc.
      expect((await post({ messages: [user] })).content).toEqual([{ type: 'text', text: 'ok' }]);
      const sub = await post({ system: 'x-anthropic-billing-header: cc_is_subagent=true;', tools, messages: [user] });
      expect(sub.content[0].type).toBe('text');
      const turn2 = [
        user,
        { role: 'assistant', content: a.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: a.content[0].id, content: 'r1' }] },
      ];
      expect((await post({ tools, messages: turn2 })).content).toEqual([{ type: 'text', text: 'middle' }]);
      const b = await post({ tools, messages: [user] });
      expect(b.content[0].id).not.toBe(a.content[0].id);
      const streamed = await fetch(`${mock.url}/v1/messages`, {
        method: 'POST',
        body: JSON.stringify({
          stream: true,
          tools,
          messages: [
            ...turn2,
            { role: 'assistant', content: [{ type: 'tool_use', id: 't2', name: 'Bash', input: {} }] },
          ],
        }),
      });
      const sse = await streamed.text();
      expect(sse).toContain('"text":"done"');
      expect(sse).toContain('event: message_stop');
      expect(mock.mainRequests()).toHaveLength(4);
      expect(mock.requests).toHaveLength(6);
    } finally {
      await mock.close();
    }
    await expect(fetch(`${mock.url}/v1/models`)).rejects.toThrow();
  });
});

describe('claude harness smoke', () => {
  beforeAll(() => {
    ensureAgent('claude');
  });

  it('runs the scripted Bash call (no hooks)', async () => {
    const w = workspace();
    const r = await runClaude({
      projectDir: w.projectDir,
      homeDir: w.homeDir,
      steps: [BASH_MARKER],
      timeoutMs: 60_000,
    });
    expect(r.exitCode, debug(r)).toBe(0);
    expect(existsSync(join(w.projectDir, 'marker.txt')), debug(r)).toBe(true);
    expect(r.requests.length, debug(r)).toBe(2);
    expect(r.toolResults).toHaveLength(1);
    expect(r.stdout).toContain('"type":"result"');
  });

  it('a PreToolUse hook exiting 2 blocks the tool and its stderr reaches the model', async () => {
    const w = workspace(
      { PreToolUse: [{ matcher: 'Bash', hooks: [command('block.js')] }] },
      { 'block.js': "process.stderr.write('BLOCKED-BY-TEST');\nprocess.exit(2);\n" },
    );
    const r = await runClaude({
      projectDir: w.projectDir,
      homeDir: w.homeDir,
      steps: [BASH_MARKER],
      timeoutMs: 60_000,
    });
    expect(r.exitCode, debug(r)).toBe(0);
    expect(existsSync(join(w.projectDir, 'marker.txt')), debug(r)).toBe(false);
    expect(r.toolResults, debug(r)).toHaveLength(1);
    expect(r.toolResults[0]).toContain('BLOCKED-BY-TEST');
    expect(r.toolResults[0]).toMatch(/^PreToolUse:Bash hook error: \[.*block\.js"?\]: BLOCKED-BY-TEST$/);
  });

  it('UserPromptSubmit additionalContext reaches the model', async () => {
    const token = `CTX-TOKEN-${process.pid}-${Date.now()}`;
    const out = { hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: token } };
    const w = workspace(
      { UserPromptSubmit: [{ hooks: [command('ctx.js')] }] },
      { 'ctx.js': `process.stdout.write(${JSON.stringify(JSON.stringify(out))});\n` },
    );
    const r = await runClaude({ projectDir: w.projectDir, homeDir: w.homeDir, steps: [], timeoutMs: 60_000 });
    expect(r.exitCode, debug(r)).toBe(0);
    expect(r.requests.length, debug(r)).toBe(1);
    expect(r.lastRequestText, debug(r)).toContain(token);
  });
});
