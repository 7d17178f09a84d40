// The Codex CLI hook-runner facts the codex dialect data relies on (pinned: 0.171.0; first observed on 0.169.0, the
// model-request events on 0.171.0), observed on the real agent with
// native Codex hooks (no hook-bridge involved): headless, offline, the model runs one shell command that
// writes a marker file (or one apply_patch); a PreToolUse hook in .codex/hooks.json answers in one form; we
// observe whether the call ran and what the model was told — and check that mappings/dialects/codex.yaml
// (compiled) states the fact the case observes.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codexStep, runCodex, type CodexOptions } from './harness/codex.js';
import { ensureAgent } from './harness/install.js';
import type { AgentRunResult, ModelStep } from './harness/types.js';
import { makeWorkspace, writeFileEnsured, writeJson, type TempWorkspace } from './harness/util.js';
import { mappings, type DialectSpec } from '../../src/model/mappings.js';

interface Fact {
  name: string;
  /** what of the codex dialect data (mappings/dialects/codex.yaml) the case backs … */
  key: string;
  /** … and that the data says so */
  states: (codex: DialectSpec) => boolean;
  /** the hook's script body (sh); stdin is read first; $OUT is a file outside the project for its notes */
  script: string;
  /** handler fields besides type/command */
  handler?: Record<string, unknown>;
  /** PreToolUse matcher (default Bash) */
  matcher?: string;
  /** the model's call (default: exec_command `touch ran.marker`) */
  step?: ModelStep;
  opts?: CodexOptions;
  /** ran: the model's call ran; told: the model got this text; hookRan (default true): the hook started */
  expected: { ran: boolean; told?: string; hookRan?: boolean };
}

const deny = (reason?: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      ...(reason ? { permissionDecisionReason: reason } : {}),
    },
    ...extra,
  });

const FACTS: Fact[] = [
  {
    name: 'exit 2 + stderr blocks, the reason reaches the model',
    key: 'output.exit2Reason: stderr',
    states: (c) => c.output?.exit2Reason === 'stderr',
    script: 'echo NO-EXIT2 >&2; exit 2',
    expected: { ran: false, told: 'NO-EXIT2' },
  },
  {
    name: 'exit 2 with an empty stderr does nothing, even with a JSON deny on stdout',
    key: 'output.exit2NeedsStderr',
    states: (c) => c.output?.exit2NeedsStderr === true,
    script: `echo '${deny('NO-STDOUT')}'; exit 2`,
    expected: { ran: true },
  },
  {
    name: 'a JSON deny at exit 1 is ignored: JSON is read only at exit 0',
    key: 'output.jsonOnNonZeroExit: ignored',
    states: (c) => c.output?.jsonOnNonZeroExit === 'ignored',
    script: `echo '${deny('NO-EXIT1')}'; exit 1`,
    expected: { ran: true },
  },
  {
    name: 'a PreToolUse permissionDecision deny with a reason blocks',
    key: 'output.permissionDecision: deny',
    states: (c) => !!c.output?.permissionDecision?.includes('deny'),
    script: `echo '${deny('NO-JSON')}'`,
    expected: { ran: false, told: 'NO-JSON' },
  },
  {
    name: 'a legacy decision block with a reason blocks',
    key: 'output.legacyDecision: block',
    states: (c) => !!c.output?.legacyDecision?.includes('block'),
    script: `echo '{"decision":"block","reason":"NO-LEGACY"}'`,
    expected: { ran: false, told: 'NO-LEGACY' },
  },
  {
    name: 'a deny without a reason is void: the tool runs',
    key: 'output.voids: deny-without-reason',
    states: (c) => !!c.output?.voids?.includes('deny-without-reason'),
    script: `echo '${deny()}'`,
    expected: { ran: true },
  },
  {
    name: 'ask voids the whole answer: the tool runs',
    key: 'output.askHeadless: void',
    states: (c) => c.output?.askHeadless === 'void' && !!c.output?.voids?.includes('ask'),
    script:
      `echo '` +
      JSON.stringify({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'ask',
          permissionDecisionReason: 'ASK-IT',
        },
      }) +
      `'`,
    expected: { ran: true },
  },
  {
    name: 'an unknown key voids a deny: the tool runs',
    key: 'output.answerSchema: strict, voids: unknown-field',
    states: (c) => c.output?.answerSchema === 'strict' && !!c.output?.voids?.includes('unknown-field'),
    script: `echo '${deny('NO-UNKNOWN', { note: 'x' })}'`,
    expected: { ran: true },
  },
  {
    name: 'continue:false on PreToolUse is void: the tool runs',
    key: 'output.continueFalse.pre-tool-use: answer-void',
    states: (c) => c.output?.continueFalse?.['pre-tool-use'] === 'answer-void',
    script: `echo '{"continue":false,"stopReason":"STOP-IT"}'`,
    expected: { ran: true },
  },
  {
    name: 'timeout is in seconds: timeout 1 kills a 3 s hook and the tool runs (fail open)',
    key: 'timeout.unit: s, onTimeout: proceed',
    states: (c) => c.timeout.unit === 's' && c.timeout.onTimeout === 'proceed',
    script: 'sleep 3; echo NO-LATE >&2; exit 2',
    handler: { timeout: 1 },
    expected: { ran: true },
  },
  {
    name: 'timeout is in seconds: timeout 5 lets a 2 s hook block',
    key: 'timeout.unit: s',
    states: (c) => c.timeout.unit === 's',
    script: 'sleep 2; echo NO-SLOW >&2; exit 2',
    handler: { timeout: 5 },
    expected: { ran: false, told: 'NO-SLOW' },
  },
  {
    name: 'no project-dir variable: CLAUDE_PROJECT_DIR and CODEX_PROJECT_DIR unset, cwd = the project',
    key: 'env.projectDir: []',
    states: (c) => c.env?.projectDir?.length === 0,
    script: 'printf "%s|%s|%s" "${CLAUDE_PROJECT_DIR-unset}" "${CODEX_PROJECT_DIR-unset}" "$PWD" > "$OUT"',
    expected: { ran: true },
  },
  {
    name: 'the matcher Edit fires on an apply_patch that adds a file (aliases match every patch)',
    key: 'tools.yaml file.patch: apply_patch, aliases [Write, Edit]',
    states: () => mappings.index.toolByAlias.codex.Edit?.includes('file.patch') === true,
    matcher: 'Edit',
    step: { tool: 'Write', args: { file_path: 'ran.marker', content: 'x\n' } },
    script: 'echo NO-PATCH >&2; exit 2',
    expected: { ran: false, told: 'NO-PATCH' },
  },
  {
    name: 'without --dangerously-bypass-hook-trust an untrusted hook is skipped silently (trusted project)',
    key: 'config.hookTrust: trusted-hash',
    states: (c) => c.config.hookTrust === 'trusted-hash',
    script: 'echo NO-UNTRUSTED >&2; exit 2',
    opts: { bypassHookTrust: false },
    expected: { ran: true, hookRan: false },
  },
  {
    name: 'in an untrusted project the project hooks are skipped silently, even with the bypass flag',
    key: 'config.folderTrust: project-hooks-need-trust',
    states: (c) => c.config.folderTrust === 'project-hooks-need-trust',
    script: 'echo NO-UNTRUSTED-PROJECT >&2; exit 2',
    opts: { trustProject: false },
    expected: { ran: true, hookRan: false },
  },
];

const workspaces: TempWorkspace[] = [];
beforeAll(() => void ensureAgent('codex'));
afterAll(() =>
  workspaces.forEach((w) => {
    w.cleanup();
  }),
);

const told = (r: AgentRunResult, token: string) => r.requests.some((q) => JSON.stringify(q.body).includes(token));

describe('Codex CLI hook runner (native hooks)', () => {
  for (const f of FACTS) {
    it(`${f.name} [${f.key}]`, async () => {
      const ws = makeWorkspace('hb-codex-fact-');
      workspaces.push(ws);
      const dir = ws.projectDir;
      const out = join(ws.root, 'hook.out');
      const script = writeFileEnsured(
        join(ws.root, 'hook.sh'),
        `cat > /dev/null\nOUT=${JSON.stringify(out)}\ntouch "$OUT.started"\n${f.script}\n`,
      );
      const handler = { type: 'command', command: `sh ${JSON.stringify(script)}`, ...f.handler };
      writeJson(join(dir, '.codex/hooks.json'), {
        hooks: { PreToolUse: [{ matcher: f.matcher ?? 'Bash', hooks: [handler] }] },
      });
      const step = codexStep(f.step ?? { tool: 'Bash', args: { command: 'touch ran.marker' } }, dir);
      const r = await runCodex({ projectDir: dir, homeDir: ws.homeDir, steps: [step] }, f.opts);
      const got = {
        ran: existsSync(join(dir, 'ran.marker')),
        ...(f.expected.told ? { told: told(r, f.expected.told) ? f.expected.told : '(not told)' } : {}),
        hookRan: existsSync(`${out}.started`),
      };
      expect(
        got,
        `exit=${r.exitCode}\ntoolResults=${JSON.stringify(r.toolResults)}\nstderr: ${r.stderr.slice(-1500)}`,
      ).toEqual({ hookRan: true, ...f.expected });
      expect(f.states(mappings.dialects.codex), `mappings/dialects/codex.yaml states ${f.key}`).toBe(true);
      if (f.key === 'env.projectDir: []') expect(readFileSync(out, 'utf8')).toBe(`unset|unset|${dir}`);
    });
  }
});

// PreModelRequest / PostModelRequest (README "0.171.0"): before and after each model request, observe-only, matchers
// ignored; what hook-bridge's data says of them (events.yaml, codex.yaml output.observeOnly) and its trust hash.
describe('Codex CLI model-request hooks: fired around every request, answers ignored', () => {
  const bin = join(import.meta.dirname, '../../bin/hook-bridge.cjs');
  /** A project whose model-request hooks log their payload (one JSON line each) and answer with `answer` (sh). */
  function setup(answer: string) {
    const ws = makeWorkspace('hb-codex-model-');
    workspaces.push(ws);
    const log = join(ws.root, 'model.log');
    const hook = (name: string) => ({
      type: 'command',
      command: `sh ${JSON.stringify(
        writeFileEnsured(join(ws.root, `${name}.sh`), `{ cat; echo; } >> ${JSON.stringify(log)}\n${answer}\n`),
      )}`,
    });
    writeJson(join(ws.projectDir, '.codex/hooks.json'), {
      hooks: {
        // a matcher that matches nothing: Codex ignores it on these events (mr23)
        PreModelRequest: [{ matcher: 'zzz-nomatch', hooks: [hook('pre')] }],
        PostModelRequest: [{ hooks: [hook('post')] }],
      },
    });
    const payloads = () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as Record<string, unknown>)
        : [];
    return { ws, dir: ws.projectDir, payloads };
  }
  const steps = (dir: string) => [codexStep({ tool: 'Bash', args: { command: 'touch ran.marker' } }, dir)];

  it("Pre and Post fire once per request, with the 0.171.0 captures' keys; the events are Codex's own", async () => {
    const { ws, dir, payloads } = setup('exit 0');
    const r = await runCodex({ projectDir: dir, homeDir: ws.homeDir, steps: steps(dir) });
    expect(r.exitCode, r.stderr.slice(-1500)).toBe(0);
    const got = payloads();
    expect(got.map((p) => p.hook_event_name)).toEqual([
      'PreModelRequest',
      'PostModelRequest',
      'PreModelRequest',
      'PostModelRequest',
    ]);
    const gtKeys = (f: string) =>
      Object.keys(
        JSON.parse(
          readFileSync(join(import.meta.dirname, `../fixtures/ground-truth/codex/payloads/${f}-0.171.json`), 'utf8'),
        ),
      ).sort();
    expect(Object.keys(got[0]!).sort()).toEqual(gtKeys('PreModelRequest'));
    expect(Object.keys(got[1]!).sort()).toEqual(gtKeys('PostModelRequest'));
    expect(got[1]).toMatchObject({ status: 'completed', request_id: got[0]!.request_id });
    expect(mappings.events['pre-model-request']!.names.codex).toBe('PreModelRequest');
    expect(mappings.events['post-model-request']!.names.codex).toBe('PostModelRequest');
    expect(mappings.events['pre-model-request']!.matcherOn).toBeNull();
  });

  it.each([
    ['exit 2 + stderr', 'echo NO-MODEL-EXIT2 >&2; exit 2'],
    ['decision block', `echo '{"decision":"block","reason":"NO-MODEL-BLOCK"}'`],
    ['continue:false', `echo '{"continue":false,"stopReason":"NO-MODEL-STOP"}'`],
  ])(
    '%s from both: the requests are made, the tool runs, nothing reaches the model [output.observeOnly]',
    async (_n, answer) => {
      const { ws, dir, payloads } = setup(answer);
      const r = await runCodex({ projectDir: dir, homeDir: ws.homeDir, steps: steps(dir) });
      expect({ exit: r.exitCode, ran: existsSync(join(dir, 'ran.marker')) }, r.stderr.slice(-1500)).toEqual({
        exit: 0,
        ran: true,
      });
      expect(payloads().length).toBe(4);
      expect(told(r, 'NO-MODEL-')).toBe(false);
      expect(mappings.dialects.codex.output?.observeOnly).toEqual(['pre-model-request', 'post-model-request']);
    },
  );

  it('the hash convert --trust-codex-hooks records runs them without the bypass (pre_model_request)', async () => {
    const { ws, dir, payloads } = setup('exit 0');
    // the same hooks in the project's config.toml, converted into .codex/hooks.json by hook-bridge with their trust
    const hooks = readFileSync(join(dir, '.codex/hooks.json'), 'utf8');
    rmSync(join(dir, '.codex/hooks.json'));
    const src = join(ws.root, 'source-hooks.json');
    writeFileEnsured(src, hooks);
    const env = { ...process.env, HOME: ws.homeDir, CODEX_HOME: join(ws.homeDir, '.codex') };
    const c = spawnSync(
      process.execPath,
      [bin, 'convert', src, '--from', 'codex', '--to', 'codex', '--project', dir, '--trust-codex-hooks', '--no-backup'],
      { cwd: dir, env, encoding: 'utf8' },
    );
    expect(c.status, c.stderr).toBe(0);
    expect(readFileSync(join(ws.homeDir, '.codex/config.toml'), 'utf8')).toContain(':pre_model_request:0:0"]');
    const r = await runCodex({ projectDir: dir, homeDir: ws.homeDir, steps: steps(dir) }, { bypassHookTrust: false });
    expect(r.exitCode, r.stderr.slice(-1500)).toBe(0);
    expect(payloads().map((p) => p.hook_event_name)).toEqual([
      'PreModelRequest',
      'PostModelRequest',
      'PreModelRequest',
      'PostModelRequest',
    ]);
  });
});

// strace, when present and allowed to trace here (a container without ptrace rights cannot)
const strace = ['/usr/bin/strace', '/bin/strace'].find(
  (p) => existsSync(p) && spawnSync(p, ['-f', '-qq', '-e', 'trace=none', 'true']).status === 0,
);
describe('Codex CLI runs offline in this harness', () => {
  // every connect() of the agent and its children (hooks, the tool's shell), traced
  it.skipIf(!strace)('a run with hooks on five events connects only to 127.0.0.1 (no DNS, no other host)', async () => {
    const ws = makeWorkspace('hb-codex-offline-');
    workspaces.push(ws);
    const dir = ws.projectDir;
    const trace = join(ws.root, 'connect.trace');
    const hook = { type: 'command', command: 'cat > /dev/null' };
    writeJson(join(dir, '.codex/hooks.json'), {
      hooks: Object.fromEntries(
        ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'].map((e) => [e, [{ hooks: [hook] }]]),
      ),
    });
    const steps = [
      { tool: 'Bash', args: { command: 'touch ran.marker' } },
      { tool: 'Write', args: { file_path: 'new.txt', content: 'x\n' } },
    ].map((s) => codexStep(s, dir));
    const r = await runCodex(
      { projectDir: dir, homeDir: ws.homeDir, steps },
      { wrapper: [strace!, '-f', '-qq', '-e', 'trace=connect,sendto,sendmsg,sendmmsg', '-o', trace] },
    );
    expect(
      { exit: r.exitCode, ran: existsSync(join(dir, 'ran.marker')), requests: r.requests.length },
      r.stderr.slice(-1500),
    ).toEqual({ exit: 0, ran: true, requests: 3 });
    const inet = readFileSync(trace, 'utf8')
      .split('\n')
      .filter((l) => /sa_family=AF_INET6?\b/.test(l));
    const elsewhere = inet.filter((l) => !/inet_addr\("127\.0\.0\.1"\)|inet_pton\(AF_INET6, "::1"/.test(l));
    expect(inet.length).toBeGreaterThan(0);
    expect(elsewhere).toEqual([]);
  });
});
