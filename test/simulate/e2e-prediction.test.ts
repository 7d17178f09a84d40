// `hook-bridge test` predicts what the real agents do with the end-to-end scenarios (test/e2e/scenarios/): the
// scenario's hook scripts and call, run through `simulate` headless with permissions bypassed (as the e2e
// harness runs every agent), give — per host, as they are and through hook-bridge — the observations recorded
// from the real agents in fixtures/e2e-outcomes.json (test/simulate/record-e2e.ts; README there). GitHub Copilot CLI
// has no row there: what the differential suite recorded for it (docs/agents.md, "Measured against the real agents")
// is, per scenario, whether the outcome was the same as Claude Code's — checked against Claude Code's recorded one.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Host } from '../e2e/scenarios/hosts.js';
import { SCENARIOS, type Observation, type Scenario } from '../e2e/scenarios/scenarios.js';
import type { Call } from '../../src/simulate/call.js';
import { simulate, type SimulateRow } from '../../src/simulate/simulate.js';
import { scenarioProject } from './scenario-project.js';

type RecordedHost = 'claude' | 'qwen' | 'codebuddy' | 'gemini' | 'codex';
type Recorded = Observation | { notApplicable: string };
const recorded = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/e2e-outcomes.json'), 'utf8')) as {
  outcomes: Record<string, Record<RecordedHost, Partial<Record<'as-is' | 'bridged', Recorded>>>>;
};
const HOSTS = ['qwen', 'codebuddy', 'gemini', 'codex'] as const;

/**
 * GitHub Copilot CLI 1.0.102 in the differential suite (test/e2e/differential.test.ts -t "reference|copilot",
 * 2026-11-26; docs/agents.md): the scenarios whose outcome with the Claude file left as it is (Copilot runs it itself)
 * was the same as Claude Code's — 7 of 16; through hook-bridge all 16 were (asserted there).
 */
const COPILOT_AS_IS_SAME = new Set([
  'guard-json-bash',
  'guard-harmless',
  'rewrite',
  'ups-block',
  'stop-block',
  'timeout',
  'ask',
  // pre-context (issue 35, -t "reference|copilot" 2026-12-07): Copilot's Claude-compatible mode gives the note itself
  'pre-context',
]);

/** The scenario's steps name Claude Code's tools (the call as Claude Code's model makes it). */
const claudeTools = { tools: { shell: 'Bash', write: 'Write', edit: 'Edit', grep: 'Grep' } } as Host;

/** Did the tool run: nothing stopped it (an allow, or no decision). */
const ran = (r: SimulateRow) => r.decision === 'allow' || r.decision === 'none';
/** Was the model (or user) told this: in the reason shown, or in the context. */
const told = (r: SimulateRow, token: string) => [r.reason ?? '', ...r.context].some((t) => t.includes(token));

interface Prediction {
  /** The call, beyond the scenario's own step (its result, its prompt). */
  call?: (s: Scenario, dir: string) => Partial<Call>;
  /** A Claude Code transcript of the session so far (JSONL lines). */
  transcript?: object[];
  /** The scenario's observations from what a host decides. */
  observe: (r: SimulateRow) => Observation;
}

/** Claude Code's Bash result for `echo hi`, and its Grep result in the default mode (ground truth
 * PostToolUse-Bash.json, observed Grep).
 */
const bashResult = { stdout: 'hi', stderr: '', interrupted: false, isImage: false, noOutputExpected: false };
const grepResult = { mode: 'files_with_matches', filenames: ['src/needle.txt'], numFiles: 1 };

const PREDICT: Record<string, Prediction> = {
  'guard-exit2': { observe: (r) => ({ toolRan: ran(r), toldReason: told(r, 'Blocked by block-rm.sh') }) },
  'guard-json-bash': { observe: (r) => ({ toolRan: ran(r), toldReason: told(r, 'JSON-DENY: no rm -rf') }) },
  'guard-harmless': { observe: (r) => ({ toolRan: ran(r) }) },
  'guard-json-deny': {
    observe: (r) => ({ toolRan: ran(r), toldReason: told(r, 'holds secrets and may not be written') }),
  },
  rewrite: {
    observe: (r) => {
      const rewritten =
        ran(r) && typeof r.updatedInput?.command === 'string' && r.updatedInput.command.includes('rewritten');
      return {
        originalRan: ran(r) && !rewritten,
        rewrittenRan: rewritten,
        toldRewrite: told(r, 'Re-issue the call as'),
      };
    },
  },
  'post-context': { call: () => ({ response: bashResult }), observe: (r) => ({ toldContext: told(r, 'CTX-POST') }) },
  // What `test` shows as context on PreToolUse reaches the model with the tool result (Claude Code: a system message
  // after it; through hook-bridge on Qwen/CodeBuddy/Gemini: with the call's PostToolUse context).
  'pre-context': {
    observe: (r) => ({ toolRan: ran(r), toldNote: told(r, 'CTX-PRENOTE'), noteWithResult: told(r, 'CTX-PRENOTE') }),
  },
  'post-grep-result': {
    call: () => ({ response: grepResult }),
    observe: (r) => ({ toldFiles: told(r, 'GREP-FILES: src/needle.txt') }),
  },
  'ups-json': { observe: (r) => ({ toldContext: told(r, 'CTX-UPSJ') }) },
  'ups-plain': { observe: (r) => ({ toldContext: told(r, 'CTX-UPSP') }) },
  'ups-block': { observe: (r) => ({ modelCalled: r.decision !== 'block' }) },
  'session-start': { observe: (r) => ({ toldContext: told(r, 'CTX-SS') }) },
  'stop-block': { observe: (r) => ({ toldReason: r.decision === 'block' && told(r, 'CONTINUE-STOP') }) },
  'stop-transcript': {
    // the mock model answered the prompt "go" with "done"; a block is one more turn
    transcript: [
      { type: 'user', message: { role: 'user', content: 'go' } },
      { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'done' }] } },
    ],
    observe: (r) => ({
      toldLastMessage: r.decision === 'block' && told(r, 'TRANSCRIPT-SAYS[done]'),
      oneMoreTurn: r.decision === 'block',
    }),
  },
  timeout: { observe: (r) => ({ toolRan: ran(r) }) },
  crash: { observe: (r) => ({ toolRan: ran(r) }) },
  ask: { observe: (r) => ({ toolRan: ran(r), toldReason: told(r, 'ASK-REASON') }) },
};

/**
 * What an agent decides itself, before or besides any hook: those observations are the agent's, not its hooks' —
 * `test` does not predict them; the recording must show the agent's own outcome instead.
 */
const AGENT_OWN: { scenario: string; host: RecordedHost; outcome: Observation; why: string }[] = [
  {
    scenario: 'guard-exit2',
    host: 'codex',
    outcome: { toolRan: false },
    why: 'Codex CLI refuses rm -f style commands itself (README, Codex)',
  },
  {
    scenario: 'guard-json-bash',
    host: 'codex',
    outcome: { toolRan: false },
    why: 'Codex CLI refuses rm -f style commands itself',
  },
  {
    scenario: 'guard-json-deny',
    host: 'gemini',
    outcome: { toolRan: false, toldReason: false },
    why: "Gemini CLI refuses a .env path before any hook runs (the scenario's limit)",
  },
];

const dirs: string[] = [];
afterAll(() =>
  dirs.forEach((d) => {
    rmSync(d, { recursive: true, force: true });
  }),
);

/** The scenario's project, in a directory of its own (the transcript goes beside it). */
function project(s: Scenario): string {
  const root = mkdtempSync(join(tmpdir(), `hb-predict-${s.id}-`));
  dirs.push(root);
  const dir = join(root, 'project');
  scenarioProject(s, dir);
  return dir;
}

it('every scenario has a prediction and a recorded outcome on every host', () => {
  expect(Object.keys(PREDICT).sort()).toEqual(SCENARIOS.map((s) => s.id).sort());
  for (const s of SCENARIOS)
    for (const h of ['claude', ...HOSTS] as const) expect(recorded.outcomes[s.id]?.[h], `${s.id} ${h}`).toBeDefined();
});

describe('hook-bridge test predicts the real agents (as they are and through hook-bridge)', () => {
  for (const s of SCENARIOS) {
    it(s.name, async () => {
      const p = PREDICT[s.id]!;
      const dir = project(s);
      const step = s.steps(claudeTools, dir)[0];
      const event = Object.keys(s.hooks)[0]!;
      const call: Call = {
        event,
        ...(step && 'tool' in step ? { tool: step.tool, input: step.args } : {}),
        ...(event === 'UserPromptSubmit' ? { prompt: s.prompt ?? 'go' } : {}),
        ...p.call?.(s, dir),
      };
      let transcript: string | undefined;
      if (p.transcript)
        writeFileSync(
          (transcript = join(dir, '..', 'transcript.jsonl')),
          `${p.transcript.map((l) => JSON.stringify(l)).join('\n')}\n`,
        );
      const r = await simulate({
        inputs: [dir],
        to: [...HOSTS, 'copilot'],
        call,
        headless: true,
        permissionMode: 'bypassPermissions',
        ...(transcript ? { transcript } : {}),
      });
      const wrong: string[] = [];
      for (const x of r.results) {
        if (x.host === 'copilot') {
          const same = x.mode === 'bridged' || COPILOT_AS_IS_SAME.has(s.id);
          const predicted = p.observe(x);
          const claude = recorded.outcomes[s.id]!.claude['as-is']!;
          if (isDeepStrictEqual(predicted, claude) !== same)
            wrong.push(
              `copilot ${x.mode}: predicted ${JSON.stringify(predicted)} (${x.decision}` +
                (x.reason ? `: ${x.reason}` : '') +
                `), recorded ` +
                (same ? 'the same as' : 'other than') +
                ` Claude Code's ${JSON.stringify(claude)}`,
            );
          continue;
        }
        const real = recorded.outcomes[s.id]![x.host as RecordedHost]![x.mode]!;
        if ('notApplicable' in real) {
          if (!x.notes.some((n) => /has no \S+ tool: this call never happens there/.test(n)))
            wrong.push(
              `${x.host} ${x.mode}: not applicable on the real agent (${real.notApplicable}), predicted ${x.decision}`,
            );
          continue;
        }
        const predicted = p.observe(x);
        const own = AGENT_OWN.find((o) => o.scenario === s.id && o.host === x.host);
        for (const [k, v] of Object.entries(own?.outcome ?? {})) {
          if (real[k] !== v)
            wrong.push(`${x.host} ${x.mode}: ${k} should be the agent's own ${v} (${own!.why}), recorded ${real[k]}`);
          predicted[k] = v;
        }
        if (!isDeepStrictEqual(predicted, real))
          wrong.push(
            `${x.host} ${x.mode}: predicted ${JSON.stringify(predicted)} (${x.decision}` +
              (x.reason ? `: ${x.reason}` : '') +
              (x.context.length ? ` + ${x.context.join(' / ')}` : '') +
              `), recorded ${JSON.stringify(real)}`,
          );
      }
      expect(wrong).toEqual([]);
    }, 60_000);
  }
});
