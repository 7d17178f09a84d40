// Issue 29: everything-claude-code (test/real-projects/affaan-m__everything-claude-code) converted to every agent with
// default flags starts hook-bridge once per tool call its hooks watch, and not at all for a call none watches (it
// started once per matcher group: every group carries a `description` and an `id`, and some hooks `async`; 7 times
// before a write_file on Qwen Code and 8 after), and its denies still arrive. What convert writes is run the way
// each host runs it (`hook-bridge test`'s engine: the host's selection of entries, its shell, payload and environment,
// its reading of the answers), through a runner that counts its own starts; the decision is compared with the original
// hooks' under Claude Code.
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertProject } from '../../src/index.js';
import { parseGroup } from '../../src/dialects/wrapper.js';
import type { DialectId } from '../../src/model/dialect-ids.js';
import { shellQuote } from '../../src/dialects/wrapper.js';
import type { SimulateResult } from '../../src/simulate/simulate.js';
import { simulateSettled } from '../real-projects/harness.js';
import type { Call } from '../../src/simulate/call.js';
import { BIN, cleanEnv } from '../run/cli.js';

const ECC = resolve(import.meta.dirname, '../real-projects/affaan-m__everything-claude-code');
const HOSTS: DialectId[] = ['qwen', 'codebuddy', 'codebuddy-ide', 'gemini', 'codex', 'copilot'];

let root: string;
let project: string;
let home: string;
let starts: string;
let runner: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'hb-ecc-'));
  project = join(root, 'project');
  home = join(root, 'home');
  cpSync(ECC, project, { recursive: true });
  mkdirSync(join(project, '.git'));
  // Installed where its hooks look for it when no plugin root is set (~/.claude/plugins/ecc): the hooks find their
  // scripts whether or not the converted entries carry one.
  mkdirSync(join(home, '.claude/plugins'), { recursive: true });
  symlinkSync(project, join(home, '.claude/plugins/ecc'));
  // hook-bridge as the hosts start it, counting each start: one line per process, with its arguments.
  starts = join(root, 'starts.log');
  runner = join(root, 'bin/hook-bridge');
  mkdirSync(join(root, 'bin'));
  writeFileSync(
    runner,
    `#!/bin/sh\nprintf '%s\\n' "$*" | cut -c1-80 >> ${shellQuote(starts)}\nexec ${shellQuote(process.execPath)} ` +
      `${shellQuote(BIN)} "$@"\n`,
  );
  chmodSync(runner, 0o755);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The starts of the last run, per host (`--to <host>` in what it was started with). */
function startsPerHost(): Record<string, number> {
  const lines = readFileSync(starts, 'utf8').split('\n').filter(Boolean);
  writeFileSync(starts, '');
  const out: Record<string, number> = Object.fromEntries(HOSTS.map((h) => [h, 0]));
  for (const l of lines) {
    const host = / --to (\S+)/.exec(l)?.[1];
    if (host) out[host] = (out[host] ?? 0) + 1;
  }
  return out;
}

async function play(call: Call): Promise<{ r: SimulateResult; starts: Record<string, number> }> {
  const r = await simulateSettled(
    { inputs: [project], call, to: HOSTS, runner, env: cleanEnv({ HOME: home, PATH: process.env.PATH ?? '' }) },
    () => writeFileSync(starts, ''),
  );
  return { r, starts: startsPerHost() };
}

const CALLS: { what: string; call: Call; watched: boolean; decision?: string; reason?: RegExp }[] = [
  {
    what: 'git commit --no-verify (its block-no-verify guard)',
    call: { event: 'PreToolUse', tool: 'Bash', input: { command: 'git commit --no-verify -m x' } },
    watched: true,
    decision: 'deny',
    reason: /--no-verify flag is not allowed/,
  },
  {
    what: 'a first write to a source file (its fact-forcing gate)',
    call: { event: 'PreToolUse', tool: 'Write', input: { file_path: 'src/app.ts', content: 'export const a = 1;\n' } },
    watched: true,
    decision: 'deny',
    reason: /Fact-Forcing Gate/,
  },
  {
    what: 'a harmless command',
    call: { event: 'PreToolUse', tool: 'Bash', input: { command: 'ls' } },
    watched: true,
  },
  {
    what: 'after a write (10 hooks, 3 of them async)',
    call: {
      event: 'PostToolUse',
      tool: 'Write',
      input: { file_path: 'README.md', content: 'x\n' },
      response: { filePath: 'README.md', success: true },
    },
    watched: true,
  },
  { what: 'Stop (6 hooks, 4 of them async)', call: { event: 'Stop' }, watched: true },
  { what: 'a prompt (no hook watches it)', call: { event: 'UserPromptSubmit', prompt: 'hello' }, watched: false },
];

describe('everything-claude-code converted to every agent with default flags', () => {
  for (const c of CALLS)
    it(`${c.what}: ${c.watched ? 'one start' : 'no start'} per host, the decision of Claude Code`, async () => {
      const { r, starts: n } = await play(c.call);
      const ref = r.results[0]!;
      expect(ref.host).toBe('claude');
      if (c.decision) expect(ref.decision).toBe(c.decision);
      if (c.reason) expect(ref.reason).toMatch(c.reason);
      for (const host of HOSTS) {
        const row = r.results.find((x) => x.host === host && x.mode === 'bridged')!;
        const what = `${host}: ${JSON.stringify({ decision: row.decision, reason: row.reason, hooks: row.hooks })}`;
        expect(row.decision, what).toBe(ref.decision);
        if (c.reason) expect(row.reason, what).toMatch(c.reason);
        expect(n[host], `${host}: hook-bridge processes started`).toBe(c.watched ? 1 : 0);
        expect(row.hooks, what).toHaveLength(c.watched ? 1 : 0);
      }
    }, 240_000);

  it('the entries convert writes: one per event the hooks use, metadata and async carried per hook', async () => {
    const qwen = await convertProject({ project, to: ['qwen'], stdout: true, runner: 'hook-bridge' });
    const json = JSON.parse(qwen.targets[0]!.after) as {
      hooks: Record<string, { matcher?: string; hooks: { command: string; async?: boolean }[] }[]>;
    };
    const entries = Object.entries(json.hooks).map(([event, groups]) => [
      event,
      groups.flatMap((g) => g.hooks.map((h) => parseGroup(h.command)?.hooks.length ?? 1)),
    ]);
    expect(entries).toEqual([
      ['PreToolUse', [8]],
      ['PreCompact', [1]],
      ['SessionStart', [1]],
      ['PostToolUse', [10]],
      ['PostToolUseFailure', [1]],
      ['Stop', [6]],
      ['SessionEnd', [1]],
    ]);
    const pre = parseGroup(json.hooks.PreToolUse![0]!.hooks[0]!.command)!;
    expect(pre.hooks.map((h) => [h.matcher, h.async, h.groupFields?.id])).toEqual([
      ['^run_shell_command$', undefined, 'pre:bash:dispatcher'],
      ['^write_file$', undefined, 'pre:write:doc-file-warning'],
      ['^(edit|write_file)$', undefined, 'pre:edit-write:suggest-compact'],
      [undefined, true, 'pre:observe:continuous-learning'],
      ['^(run_shell_command|write_file|edit)$', undefined, 'pre:governance-capture'],
      ['^(write_file|edit)$', undefined, 'pre:config-protection'],
      [undefined, undefined, 'pre:mcp-health-check'],
      ['^(edit|write_file)$', undefined, 'pre:edit-write:gateguard-fact-force'],
    ]);
  });

  it('converting back gives what --wrap gives back (byte for byte); --remove gives the project back', async () => {
    for (const to of HOSTS) {
      const back = async (wrap?: boolean) => {
        const dir = mkdtempSync(join(root, `${to}-`));
        cpSync(ECC, dir, { recursive: true });
        const before = tree(dir);
        const out = await convertProject({ project: dir, to: [to], ...(wrap ? { wrap } : {}) });
        const file = out.targets[0]!.file;
        const text = (await convertProject({ project: dir, from: to, to: ['claude'], inputs: [file], stdout: true }))
          .targets[0]!.after;
        await convertProject({ project: dir, to: [to], remove: true });
        expect(tree(dir), `${to}: --remove`).toEqual(before);
        return text;
      };
      const grouped = await back();
      const wrapped = await back(true);
      // Copilot's own files have no matcher groups: the grouped entry carries their fields where --wrap loses them.
      if (to === 'copilot') expect(grouped).toContain('"id": "pre:bash:dispatcher"');
      else expect(grouped, to).toBe(wrapped);
    }
  }, 120_000);
});

/** Every file under dir, with its bytes. */
function tree(dir: string, at = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(join(dir, at), { withFileTypes: true })) {
    const rel = join(at, e.name);
    if (e.isDirectory()) Object.assign(out, tree(dir, rel));
    else out[rel] = readFileSync(join(dir, rel), 'latin1');
  }
  return out;
}
