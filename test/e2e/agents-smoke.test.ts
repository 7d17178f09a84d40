// Smoke tests of the end-to-end harness against the REAL agent CLIs with native hook configs
// (no hook-bridge involved): the scripted model calls the shell tool, a PreToolUse hook can block
// it (exit 2 + stderr), and UserPromptSubmit additionalContext reaches the model.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCodebuddy } from './harness/codebuddy.js';
import { ensureAgent, type AgentId } from './harness/install.js';
import { runQwen } from './harness/qwen.js';
import type { AgentRun, AgentRunResult } from './harness/types.js';
import { makeWorkspace, writeFileEnsured, writeJson, type TempWorkspace } from './harness/util.js';

interface AgentCase {
  id: Exclude<AgentId, 'claude'>;
  run: (r: AgentRun) => Promise<AgentRunResult>;
  /** project settings file holding the hooks */
  settings: string;
  shellTool: string;
}

const CASES: AgentCase[] = [
  { id: 'qwen', run: runQwen, settings: '.qwen/settings.json', shellTool: 'run_shell_command' },
  { id: 'codebuddy', run: runCodebuddy, settings: '.codebuddy/settings.json', shellTool: 'Bash' },
];

/** What to print when an assertion about a run fails. */
function explain(r: AgentRunResult): string {
  return [
    `exit=${r.exitCode} in ${r.durationMs} ms, ${r.requests.length} main request(s)`,
    `toolResults=${JSON.stringify(r.toolResults)}`,
    `stdout (tail):\n${r.stdout.slice(-3000)}`,
    `stderr (tail):\n${r.stderr.slice(-3000)}`,
  ].join('\n');
}

function hookCommand(script: string): string {
  return `sh ${JSON.stringify(script)}`;
}

for (const c of CASES) {
  describe(c.id, () => {
    let ws: TempWorkspace | undefined;

    beforeAll(() => {
      ensureAgent(c.id);
    });

    afterEach(() => {
      ws?.cleanup();
      ws = undefined;
    });

    const shellStep = { tool: c.shellTool, args: { command: 'echo hi > marker.txt' } };

    it('runs the shell tool the model calls (no hooks)', async () => {
      ws = makeWorkspace(`hb-e2e-${c.id}-`);
      const r = await c.run({ projectDir: ws.projectDir, homeDir: ws.homeDir, steps: [shellStep] });
      expect(r.exitCode, explain(r)).toBe(0);
      expect(existsSync(join(ws.projectDir, 'marker.txt')), explain(r)).toBe(true);
      expect(r.requests.length, explain(r)).toBe(2);
      expect(r.toolResults, explain(r)).toHaveLength(1);
      expect(r.toolResults[0], explain(r)).toContain('echo hi > marker.txt');
    });

    it('a PreToolUse hook exiting 2 blocks the tool and the model sees its stderr', async () => {
      ws = makeWorkspace(`hb-e2e-${c.id}-`);
      const script = writeFileEnsured(
        join(ws.projectDir, 'hooks', 'deny.sh'),
        'cat > /dev/null\necho BLOCKED-BY-TEST >&2\nexit 2\n',
        0o755,
      );
      writeJson(join(ws.projectDir, c.settings), {
        hooks: {
          PreToolUse: [{ matcher: c.shellTool, hooks: [{ type: 'command', command: hookCommand(script) }] }],
        },
      });
      const r = await c.run({ projectDir: ws.projectDir, homeDir: ws.homeDir, steps: [shellStep] });
      expect(r.exitCode, explain(r)).toBe(0);
      expect(existsSync(join(ws.projectDir, 'marker.txt')), explain(r)).toBe(false);
      expect(
        r.toolResults.some((t) => t.includes('BLOCKED-BY-TEST')),
        explain(r),
      ).toBe(true);
    });

    it('UserPromptSubmit additionalContext reaches the model', async () => {
      ws = makeWorkspace(`hb-e2e-${c.id}-`);
      const token = `CTX-TOKEN-${Math.random().toString(36).slice(2, 10)}`;
      const output = JSON.stringify({
        hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: token },
      });
      const script = writeFileEnsured(
        join(ws.projectDir, 'hooks', 'ctx.sh'),
        `cat > /dev/null\nprintf '%s\\n' '${output}'\n`,
        0o755,
      );
      writeJson(join(ws.projectDir, c.settings), {
        hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: hookCommand(script) }] }] },
      });
      const r = await c.run({ projectDir: ws.projectDir, homeDir: ws.homeDir, steps: [] });
      expect(r.exitCode, explain(r)).toBe(0);
      expect(r.requests.length, explain(r)).toBeGreaterThanOrEqual(1);
      expect(r.lastRequestText, explain(r)).toContain(token);
    });
  });
}
