// The seed events an in-process host can express beyond the differential scenarios, on the real Pi, OpenCode and Kilo
// Code CLI (issues 31, 37): a failed tool call (PostToolUseFailure: its context reaches the model), the end of the
// session (SessionEnd), and on OpenCode and Kilo a compaction (PreCompact, PostCompact: both compact a session whose
// last turn used more tokens than the model's context leaves, here made tiny). Each hook logs the payload it is
// handed, in Claude Code's shape, and the log is what is asserted. And Pi 1.x's project trust: the untrusted project's
// hooks do not run (what convert and doctor warn about), convert --trust-pi-project makes them run, --remove takes it
// back.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAgent } from './harness/install.js';
import { runKilo, runOpencode } from './harness/opencode.js';
import { runPi } from './harness/pi.js';
import type { AgentRunResult, ModelStep } from './harness/types.js';
import { makeWorkspace, readJsonLog, type TempWorkspace, writeJson } from './harness/util.js';
import { bin, HOSTS, installConfig, runner, withHookBridgeOnPath } from './scenarios/hosts.js';

const workspaces: TempWorkspace[] = [];
afterAll(() => {
  for (const w of workspaces) w.cleanup();
});
const hosts = ['pi', 'opencode', 'kilo'] as const;
beforeAll(() => {
  for (const h of hosts) ensureAgent(h);
});

/**
 * Logs its payload to <project>/<event>.log; on PostToolUseFailure answers context naming the tool; denies a
 * PreToolUse whose input has SECRET in it (exit 2).
 */
const LOGGER = `const fs = require('fs');
let s = '';
process.stdin.on('data', (d) => (s += d)).on('end', () => {
  const p = JSON.parse(s);
  fs.appendFileSync(process.env.CLAUDE_PROJECT_DIR + '/' + p.hook_event_name + '.log', JSON.stringify(p) + '\\n');
  if (p.hook_event_name === 'PreToolUse' && JSON.stringify(p.tool_input).includes('SECRET')) {
    console.error('no secrets');
    process.exit(2);
  }
  if (p.hook_event_name === 'PostToolUseFailure')
    console.log(JSON.stringify({
      hookSpecificOutput: { hookEventName: p.hook_event_name, additionalContext: 'CTX-FAIL-' + p.tool_name },
    }));
});
`;
const log = { type: 'command', command: 'node "$CLAUDE_PROJECT_DIR/.hooks/log.js"' };

/** A project whose Claude hooks log the events, converted for the host. */
function project(host: (typeof hosts)[number], events: string[], hooks?: Record<string, unknown>, untrusted = false) {
  const ws = makeWorkspace(`hb-e2e-events-${host}-`);
  workspaces.push(ws);
  const dir = ws.projectDir;
  mkdirSync(join(dir, '.hooks'));
  writeFileSync(join(dir, '.hooks/log.js'), LOGGER);
  writeJson(join(dir, '.claude/settings.json'), {
    hooks: hooks ?? Object.fromEntries(events.map((e) => [e, [{ hooks: [log] }]])),
  });
  installConfig(dir, HOSTS[host], 'bridged', ws.homeDir, { untrusted });
  return { ws, dir };
}
const logged = (dir: string, event: string) => readJsonLog(join(dir, `${event}.log`));
const explain = (r: AgentRunResult) =>
  `exit=${r.exitCode} ${r.durationMs} ms\ntoolResults=${JSON.stringify(r.toolResults)}\n` +
  `stderr: ${r.stderr.slice(-2000)}`;

for (const host of hosts) {
  describe(`${host}: a failed call and the session's end`, () => {
    it('PostToolUseFailure: a missing file, a command that exits 3, context to the model; SessionEnd', async () => {
      const { ws, dir } = project(host, ['PostToolUse', 'PostToolUseFailure', 'SessionEnd']);
      const h = HOSTS[host];
      const steps: ModelStep[] = [
        { tool: 'read', args: { file_path: join(dir, 'missing.txt') } },
        { tool: h.tools.shell, args: { command: 'echo partial; exit 3', description: 'fail' } },
      ].map((s) => (h.step ? h.step(s, dir) : s));
      const r = await h.run({ projectDir: dir, homeDir: ws.homeDir, steps });
      const why = explain(r);
      const failures = logged(dir, 'PostToolUseFailure');
      expect(
        failures.map((p) => p.tool_name),
        why,
      ).toEqual(['Read', 'Bash']);
      expect(failures[0], why).toMatchObject({ tool_input: { file_path: join(dir, 'missing.txt') } });
      expect(String(failures[0]!.error), why).toMatch(/not found|ENOENT|no such file/i);
      expect(failures[1], why).toMatchObject({ tool_input: { command: 'echo partial; exit 3' } });
      expect(String(failures[1]!.error), why).toMatch(/partial[\s\S]*3|3[\s\S]*partial/);
      // A failed call is no PostToolUse (OpenCode calls no tool.execute.after for a tool that throws; a command's exit
      // other than 0 is Claude Code's failure).
      expect(logged(dir, 'PostToolUse'), why).toEqual([]);
      expect(r.toolResults[0], why).toContain('CTX-FAIL-Read');
      expect(r.toolResults[1], why).toContain('CTX-FAIL-Bash');
      expect(logged(dir, 'SessionEnd'), why).toEqual([
        expect.objectContaining({ hook_event_name: 'SessionEnd', reason: 'other' }),
      ]);
    });
  });
}

describe('pi: an edit with several replacements is one Claude Edit each', () => {
  it('a PreToolUse Edit hook sees each replacement; a deny of one blocks the whole edit', async () => {
    const { ws, dir } = project('pi', [], { PreToolUse: [{ matcher: 'Edit', hooks: [log] }] });
    writeFileSync(join(dir, 'x.txt'), 'alpha\nbeta\n');
    const edit = (edits: { oldText: string; newText: string }[]) => ({ tool: 'edit', args: { path: 'x.txt', edits } });
    const steps: ModelStep[] = [
      edit([
        { oldText: 'alpha', newText: 'ALPHA' },
        { oldText: 'beta', newText: 'BETA' },
      ]),
      edit([
        { oldText: 'ALPHA', newText: 'one' },
        { oldText: 'BETA', newText: 'SECRET=1' },
      ]),
    ];
    const r = await HOSTS.pi.run({ projectDir: dir, homeDir: ws.homeDir, steps });
    const why = explain(r);
    const file = join(dir, 'x.txt');
    expect(
      logged(dir, 'PreToolUse').map((p) => [p.tool_name, p.tool_input]),
      why,
    ).toEqual([
      ['Edit', { file_path: file, old_string: 'alpha', new_string: 'ALPHA' }],
      ['Edit', { file_path: file, old_string: 'beta', new_string: 'BETA' }],
      ['Edit', { file_path: file, old_string: 'ALPHA', new_string: 'one' }],
      ['Edit', { file_path: file, old_string: 'BETA', new_string: 'SECRET=1' }],
    ]);
    expect(readFileSync(file, 'utf8'), why).toBe('ALPHA\nBETA\n');
    expect(r.toolResults[1], why).toContain('no secrets');
  });
});

for (const [host, run] of [
  ['opencode', runOpencode],
  ['kilo', runKilo],
] as const)
  describe(`${host}: a compaction`, () => {
    it('PreCompact (auto) before the summary request, PostCompact with the summary, no Stop for it', async () => {
      const { ws, dir } = project(host, ['PreCompact', 'PostCompact', 'Stop']);
      const steps = [{ tool: 'bash', args: { command: 'echo hi' } }];
      // The first turn uses 15 tokens against a context of 20 less 10 for the output: the session is compacted after
      // the call; the turns after it use 1 (else each would be compacted again).
      const r = await run(withHookBridgeOnPath({ projectDir: dir, homeDir: ws.homeDir, steps, timeoutMs: 60_000 }), {
        limit: { context: 20, output: 10 },
        stepOf: 'main-requests',
        usage: (n) => (n > 0 ? { prompt_tokens: 1, completion_tokens: 0, total_tokens: 1 } : undefined),
      });
      const why = explain(r);
      expect(logged(dir, 'PreCompact'), why).toEqual([
        expect.objectContaining({ hook_event_name: 'PreCompact', trigger: 'auto' }),
      ]);
      expect(logged(dir, 'PostCompact'), why).toEqual([
        expect.objectContaining({ hook_event_name: 'PostCompact', trigger: 'auto', compact_summary: 'ok' }),
      ]);
      expect(
        logged(dir, 'Stop').map((p) => p.last_assistant_message),
        why,
      ).toEqual(['done']);
    });
  });

describe('pi: a compaction', () => {
  it('PreCompact (auto) and PostCompact with the summary, when a reply nears the context window', async () => {
    const { ws, dir } = project('pi', ['PreCompact', 'PostCompact', 'Stop']);
    // Pi compacts after a run whose last reply used more than the window (128000 here) less 16384 reserved; it
    // keeps the last 20000 tokens' worth of messages unless told otherwise.
    writeJson(join(ws.homeDir, '.pi/agent/settings.json'), { compaction: { keepRecentTokens: 1 } });
    const steps: ModelStep[] = [{ tool: 'bash', args: { command: 'echo hi' } }];
    const r = await runPi(withHookBridgeOnPath({ projectDir: dir, homeDir: ws.homeDir, steps }), {
      usage: (n) => (n >= 1 ? { prompt_tokens: 120000, completion_tokens: 1, total_tokens: 120001 } : undefined),
    });
    const why = explain(r);
    expect(logged(dir, 'PreCompact'), why).toEqual([
      expect.objectContaining({ hook_event_name: 'PreCompact', trigger: 'auto' }),
    ]);
    expect(logged(dir, 'PostCompact'), why).toEqual([
      expect.objectContaining({
        hook_event_name: 'PostCompact',
        trigger: 'auto',
        compact_summary: expect.stringMatching(/\S/),
      }),
    ]);
  });
});

describe('pi: project trust (Pi 1.x runs .pi/extensions only in a trusted project)', () => {
  it('untrusted: no hook runs, as doctor says; --trust-pi-project: the deny holds; --remove: as it was', async () => {
    const { ws, dir } = project('pi', [], { PreToolUse: [{ matcher: 'Bash', hooks: [log] }] }, true);
    const { PI_CODING_AGENT_DIR: _, ...parent } = process.env;
    const env = { ...parent, HOME: ws.homeDir };
    const hb = (...args: string[]) =>
      execFileSync(process.execPath, [bin, ...args], { cwd: dir, env, encoding: 'utf8', stdio: 'pipe' });
    const doctorSays = () => {
      let out: string;
      try {
        out = hb('doctor', '--format', 'json');
      } catch (e) {
        out = (e as { stdout: string }).stdout; // exit 1: a problem found
      }
      const checks = (JSON.parse(out) as { checks: { kind: string; status: string; message: string }[] }).checks;
      return checks.filter((c) => c.kind === 'trust' && c.message.includes('.pi/extensions/hook-bridge.ts'));
    };
    const steps: ModelStep[] = [{ tool: 'bash', args: { command: 'echo SECRET' } }];
    const trustFile = join(ws.homeDir, '.pi/agent/trust.json');
    const other = '{"/somewhere/else": true}';
    mkdirSync(join(ws.homeDir, '.pi/agent'), { recursive: true });
    writeFileSync(trustFile, other);

    // convert's report says it when it writes the hook file (again here, as installConfig wrote it).
    hb('convert', '--to', 'pi', '--remove');
    const report = JSON.parse(hb('convert', '--to', 'pi', '--runner', runner, '--no-backup', '--format', 'json'));
    expect(report.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'projectUntrusted', message: expect.stringContaining('without a word') }),
    );
    expect(doctorSays()).toEqual([expect.objectContaining({ status: 'problem' })]);
    const untrusted = await HOSTS.pi.run({ projectDir: dir, homeDir: ws.homeDir, steps });
    expect(logged(dir, 'PreToolUse'), explain(untrusted)).toEqual([]);
    expect(untrusted.toolResults[0], explain(untrusted)).toContain('SECRET');
    expect(untrusted.stderr, explain(untrusted)).not.toMatch(/trust/i); // Pi says nothing of it

    expect(JSON.parse(hb('convert', '--to', 'pi', '--trust-pi-project', '--format', 'json')).targets[0]).toEqual(
      expect.objectContaining({ projectTrust: expect.objectContaining({ trusted: true, recorded: true }) }),
    );
    expect(doctorSays()).toEqual([expect.objectContaining({ status: 'ok' })]);
    const trusted = await HOSTS.pi.run({ projectDir: dir, homeDir: ws.homeDir, steps });
    expect(logged(dir, 'PreToolUse'), explain(trusted)).toEqual([
      expect.objectContaining({ tool_name: 'Bash', tool_input: { command: 'echo SECRET' } }),
    ]);
    expect(trusted.toolResults[0], explain(trusted)).toContain('no secrets');

    hb('convert', '--to', 'pi', '--remove');
    expect(readFileSync(trustFile, 'utf8')).toBe(other);
    expect(existsSync(join(ws.homeDir, '.pi/agent/trust.hook-bridge.json'))).toBe(false);
  });
});
