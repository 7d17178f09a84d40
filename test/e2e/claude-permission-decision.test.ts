// Claude Code 2.1.330 reads hookSpecificOutput.permissionDecision on PreToolUse only (observed, native hooks, no
// hook-bridge): the same deny on PostToolUse, UserPromptSubmit or Stop blocks nothing. Anthropic's hookify plugin
// answers a matching `block` rule with that deny on PostToolUse too (plus a systemMessage, which the user sees), so
// `run` must not turn it into a block on any host (issue 24; src/run/answer.ts reads permissionDecision on tool-
// permission events only). decision:block on PostToolUse is the control: it does reach the model (p03).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClaude } from './harness/claude.js';
import { ensureAgent } from './harness/install.js';
import type { AgentRunResult } from './harness/types.js';
import { makeWorkspace, writeFileEnsured, writeJson, type TempWorkspace } from './harness/util.js';

interface Case {
  name: string;
  event: 'PostToolUse' | 'UserPromptSubmit' | 'Stop';
  answer: object;
  /** The model was sent this token (a block's reason); main requests: 2 = no block (tool turn + final text). */
  expected: { ran: boolean; requests: number; told: boolean; userSaw?: string };
  token: string;
}

const deny = (event: string, token: string) => ({
  hookSpecificOutput: { hookEventName: event, permissionDecision: 'deny', permissionDecisionReason: token },
});
const CASES: Case[] = [
  {
    name: "PostToolUse permissionDecision deny (hookify's shape): nothing blocked, its systemMessage shown",
    event: 'PostToolUse',
    answer: { ...deny('PostToolUse', 'PD-POST'), systemMessage: 'SM-POST' },
    token: 'PD-POST',
    expected: { ran: true, requests: 2, told: false, userSaw: 'SM-POST' },
  },
  {
    name: 'control: PostToolUse decision block reaches the model',
    event: 'PostToolUse',
    answer: { decision: 'block', reason: 'BLOCK-POST' },
    token: 'BLOCK-POST',
    expected: { ran: true, requests: 2, told: true },
  },
  {
    name: 'UserPromptSubmit permissionDecision deny: the prompt goes on',
    event: 'UserPromptSubmit',
    answer: deny('UserPromptSubmit', 'PD-UPS'),
    token: 'PD-UPS',
    expected: { ran: true, requests: 2, told: false },
  },
  {
    name: 'Stop permissionDecision deny: the turn ends (no further request)',
    event: 'Stop',
    answer: deny('Stop', 'PD-STOP'),
    token: 'PD-STOP',
    expected: { ran: true, requests: 2, told: false },
  },
];

const workspaces: TempWorkspace[] = [];
beforeAll(() => void ensureAgent('claude'));
afterAll(() =>
  workspaces.forEach((w) => {
    w.cleanup();
  }),
);

const explain = (r: AgentRunResult) =>
  `exit=${r.exitCode} ${r.durationMs} ms, toolResults=${JSON.stringify(r.toolResults)}\n${r.stderr.slice(-1500)}`;

describe('Claude Code 2.1.337 (first seen on 2.1.330): permissionDecision outside PreToolUse (native hooks)', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const ws = makeWorkspace('hb-e2e-claude-pd-');
      workspaces.push(ws);
      const script = writeFileEnsured(join(ws.root, 'hook.sh'), `cat >/dev/null\necho '${JSON.stringify(c.answer)}'\n`);
      writeJson(join(ws.projectDir, '.claude/settings.json'), {
        hooks: {
          [c.event]: [
            {
              ...(c.event === 'PostToolUse' ? { matcher: 'Bash' } : {}),
              hooks: [{ type: 'command', command: `sh ${JSON.stringify(script)}` }],
            },
          ],
        },
      });
      const r = await runClaude({
        projectDir: ws.projectDir,
        homeDir: ws.homeDir,
        steps: [{ tool: 'Bash', args: { command: 'touch ran.marker' } }],
      });
      const got = {
        ran: existsSync(join(ws.projectDir, 'ran.marker')),
        requests: r.requests.length,
        told: r.requests.some((q) => JSON.stringify(q.body).includes(c.token)),
        ...(c.expected.userSaw
          ? { userSaw: r.stdout.includes(c.expected.userSaw) ? c.expected.userSaw : '(not shown)' }
          : {}),
      };
      expect(got, explain(r)).toEqual(c.expected);
    });
  }
});
