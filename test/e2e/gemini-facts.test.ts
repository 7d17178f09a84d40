// The Gemini CLI 0.61.0 facts mappings/dialects/gemini.yaml states, observed on the real agent with native
// Gemini hooks (no hook-bridge involved): headless, offline, the model runs one shell command that writes a
// marker file; a BeforeTool hook answers in one form; we observe whether the command ran and what the
// model was told.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGemini } from './harness/gemini.js';
import { ensureAgent } from './harness/install.js';
import type { AgentRunResult } from './harness/types.js';
import { makeWorkspace, writeFileEnsured, writeJson, type TempWorkspace } from './harness/util.js';

interface Fact {
  name: string;
  /** gemini.yaml key the case backs */
  key: string;
  /** the hook's script body (sh), reading the payload on stdin */
  script: string;
  /** handler fields besides type/command */
  handler?: Record<string, unknown>;
  /** `hooks` of .gemini/settings.json, given the hook handler; default: BeforeTool on run_shell_command */
  hooks?: (handler: object) => object;
  expected: { ran: boolean; told?: string; hung?: boolean };
  /** kill the agent after this long (a case that hangs) */
  timeoutMs?: number;
}

const FACTS: Fact[] = [
  {
    name: 'exit 2 + stderr blocks, the reason reaches the model',
    key: 'output.exit2Reason',
    script: 'echo NO-EXIT2 >&2; exit 2',
    expected: { ran: false, told: 'NO-EXIT2' },
  },
  // hookRunner.js parses stdout-or-stderr as JSON first: "1" parses to a number, which is then neither JSON output nor
  // text
  {
    name: 'exit 2 whose reason is a bare JSON number is ignored: the tool runs',
    key: 'emit: deny as a top-level decision, not exit 2',
    script: 'echo 1 >&2; exit 2',
    expected: { ran: true },
  },
  {
    name: 'exit 3 blocks too',
    key: 'output.otherExit: blocks-from-2',
    script: 'echo NO-EXIT3 >&2; exit 3',
    expected: { ran: false, told: 'NO-EXIT3' },
  },
  {
    name: 'exit 1 is a warning: the tool runs',
    key: 'output.otherExit',
    script: 'echo WARN >&2; exit 1',
    expected: { ran: true },
  },
  {
    name: 'a top-level decision deny blocks with its reason',
    key: 'output.legacyDecision',
    script: `echo '{"decision":"deny","reason":"NO-TOPLEVEL"}'`,
    expected: { ran: false, told: 'NO-TOPLEVEL' },
  },
  // it waits for a confirmation nobody can give: the run never ends (killed by the harness after 20 s)
  {
    name: 'a top-level decision ask hangs a headless run (--approval-mode yolo)',
    key: 'output.askHeadless: hang',
    script: `echo '{"decision":"ask","reason":"ASK-TOPLEVEL"}'`,
    timeoutMs: 20_000,
    expected: { ran: false, hung: true },
  },
  {
    name: "Claude's hookSpecificOutput.permissionDecision deny is not read",
    key: 'output.permissionDecision: []',
    script:
      `echo ` +
      (`'{"hookSpecificOutput":{"hookEventName":"BeforeTool","permissionDecision":"deny","permissionDecisionReason` +
        `":"NO-HSO"}}'`),
    expected: { ran: true },
  },
  {
    name: 'timeout is in ms: timeout 300 kills a 3 s hook and the tool runs',
    key: 'timeout.unit: ms, onTimeout: proceed',
    script: 'sleep 3; echo NO-LATE >&2; exit 2',
    handler: { timeout: 300 },
    expected: { ran: true },
  },
  {
    name: 'a lifecycle matcher is one exact string: SessionStart "startup|resume" never fires, "startup" does',
    key: 'matcher.valuesExact',
    script: 'true',
    hooks: () => ({
      SessionStart: [
        {
          matcher: 'startup|resume',
          hooks: [{ type: 'command', command: 'touch "$GEMINI_PROJECT_DIR/ss-list.marker"' }],
        },
        { matcher: 'startup', hooks: [{ type: 'command', command: 'touch "$GEMINI_PROJECT_DIR/ss-exact.marker"' }] },
      ],
    }),
    expected: { ran: true },
  },
];

const workspaces: TempWorkspace[] = [];
beforeAll(() => void ensureAgent('gemini'));
afterAll(() =>
  workspaces.forEach((w) => {
    w.cleanup();
  }),
);

const told = (r: AgentRunResult, token: string) => r.requests.some((q) => JSON.stringify(q.body).includes(token));

describe('Gemini CLI 0.61.0 hook runner (native hooks)', () => {
  for (const f of FACTS) {
    it(`${f.name} [${f.key}]`, async () => {
      const ws = makeWorkspace('hb-gemini-fact-');
      workspaces.push(ws);
      const dir = ws.projectDir;
      const script = writeFileEnsured(join(ws.root, 'hook.sh'), `cat > /dev/null\n${f.script}\n`);
      const handler = { type: 'command', command: `sh ${JSON.stringify(script)}`, ...f.handler };
      writeJson(join(dir, '.gemini/settings.json'), {
        hooks: f.hooks ? f.hooks(handler) : { BeforeTool: [{ matcher: 'run_shell_command', hooks: [handler] }] },
      });
      const r = await runGemini({
        projectDir: dir,
        homeDir: ws.homeDir,
        steps: [{ tool: 'run_shell_command', args: { command: 'touch ran.marker' } }],
        ...(f.timeoutMs ? { timeoutMs: f.timeoutMs } : {}),
      });
      const got = {
        ran: existsSync(join(dir, 'ran.marker')),
        ...(f.expected.told ? { told: told(r, f.expected.told) ? f.expected.told : '(not told)' } : {}),
        ...(f.expected.hung !== undefined ? { hung: r.stderr.includes('[harness] killed after') } : {}),
      };
      expect(
        got,
        `exit=${r.exitCode}\ntoolResults=${JSON.stringify(r.toolResults)}\nstderr: ${r.stderr.slice(-1500)}`,
      ).toEqual(f.expected);
      if (f.key === 'matcher.valuesExact')
        expect({
          list: existsSync(join(dir, 'ss-list.marker')),
          exact: existsSync(join(dir, 'ss-exact.marker')),
        }).toEqual({ list: false, exact: true });
    });
  }
});
