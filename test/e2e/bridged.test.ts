// Differential end to end: each scenario runs on real Claude Code with the original Claude config
// (the reference), then on Qwen Code and CodeBuddy Code with the config converted by hook-bridge.
// The outcome on every host must equal the reference's.
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAgent } from './harness/install.js';
import type { AgentRunResult, ModelStep } from './harness/types.js';
import { makeWorkspace, type TempWorkspace } from './harness/util.js';
import { HOSTS, installConfig, repoRoot, type Host, type HostId } from './scenarios/hosts.js';

interface Outcome {
  /** Did the tool call take effect (its marker exists)? */
  toolRan: boolean;
  /** Did the model receive this text in a tool result? */
  modelSawReason: boolean;
}

interface Scenario {
  name: string;
  steps: (h: Host, dir: string) => ModelStep[];
  /** The file whose existence shows that the tool ran. */
  marker: string;
  /** Text the model must be told when the hook blocks. */
  reason?: string;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'Bash guard: exit 2 blocks rm -rf',
    steps: (h) => [{ tool: h.tools.shell, args: { command: 'rm -rf victim && touch removed.marker', description: 'clean up' } }],
    marker: 'removed.marker',
    reason: 'Blocked by block-rm.sh',
  },
  {
    name: 'Bash guard: a harmless command runs',
    steps: (h) => [{ tool: h.tools.shell, args: { command: 'echo ok > harmless.marker', description: 'write marker' } }],
    marker: 'harmless.marker',
  },
  {
    name: 'Write|Edit guard: JSON deny protects .env',
    steps: (h, dir) => [{ tool: h.tools.write, args: { file_path: join(dir, '.env'), content: 'SECRET=1\n' } }],
    marker: '.env',
    reason: 'holds secrets and may not be written',
  },
];

function outcome(r: AgentRunResult, dir: string, s: Scenario): Outcome {
  return { toolRan: existsSync(join(dir, s.marker)), modelSawReason: s.reason !== undefined && r.toolResults.some((t) => t.includes(s.reason!)) };
}

function explain(r: AgentRunResult): string {
  return `exit=${r.exitCode} ${r.durationMs} ms\ntoolResults=${JSON.stringify(r.toolResults)}\nstderr: ${r.stderr.slice(-1500)}`;
}

const reference = new Map<string, Outcome>();
const workspaces: TempWorkspace[] = [];

async function play(host: Host, s: Scenario, mode: 'reference' | 'bridged'): Promise<{ o: Outcome; r: AgentRunResult }> {
  const ws = makeWorkspace(`hb-e2e-${host.id}-`);
  workspaces.push(ws);
  cpSync(join(repoRoot, 'examples/claude-project/.claude'), join(ws.projectDir, '.claude'), { recursive: true });
  mkdirSync(join(ws.projectDir, 'victim'));
  writeFileSync(join(ws.projectDir, 'victim/keep.txt'), 'keep');
  installConfig(ws.projectDir, host, mode);
  const r = await host.run({ projectDir: ws.projectDir, homeDir: ws.homeDir, steps: s.steps(host, ws.projectDir) });
  return { o: outcome(r, ws.projectDir, s), r };
}

beforeAll(() => {
  for (const id of ['claude', 'qwen', 'codebuddy'] as const) ensureAgent(id);
});
afterAll(() => workspaces.forEach((w) => w.cleanup()));

describe('reference: Claude Code runs the original config', () => {
  for (const s of SCENARIOS) {
    it(s.name, async () => {
      const { o, r } = await play(HOSTS.claude, s, 'reference');
      expect(o.toolRan, explain(r)).toBe(s.reason === undefined);
      expect(o.modelSawReason, explain(r)).toBe(s.reason !== undefined);
      reference.set(s.name, o);
    });
  }
});

for (const id of ['qwen', 'codebuddy'] as HostId[]) {
  describe(`${id} runs the config converted by hook-bridge`, () => {
    for (const s of SCENARIOS) {
      it(s.name, async () => {
        const { o, r } = await play(HOSTS[id], s, 'bridged');
        expect(o, explain(r)).toEqual(reference.get(s.name) ?? { toolRan: s.reason === undefined, modelSawReason: s.reason !== undefined });
      });
    }
  });
}
