// Issue 23: with default flags a tool call starts hook-bridge at most once, whatever the number of hooks it
// matches, and not at all when none does — on every host. Counted the way a host's runner would start processes:
// the converted file's entries whose matcher fires for the call under that host's semantics. Which hooks then run
// must be exactly those the one-wrapper-per-hook conversion (--wrap) runs for the same call.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { convert, convertProject } from '../../src/index.js';
import { canonicalEvent, toolsOf } from '../../src/dialects/catalog.js';
import { matcherFires } from '../../src/dialects/matcher.js';
import {
  groupCommand,
  parseGroup,
  parseGroupedHooks,
  parseWrapper,
  type GroupedHook,
} from '../../src/dialects/wrapper.js';
import type { DialectId } from '../../src/model/dialect-ids.js';
import { mappings } from '../../src/model/mappings.js';
import { stableJson } from '../../src/model/stable-json.js';
import { parseJsonc } from '../../src/dialects/jsonc.js';
import { execFileSync } from 'node:child_process';
import { settings } from './helpers.js';

const HOSTS: DialectId[][] = [
  ['qwen'],
  ['codebuddy'],
  ['codebuddy-ide'],
  ['gemini'],
  ['codex'],
  ['codebuddy', 'codebuddy-ide'],
];
/** Claude Code is a host too, for hooks written for another agent. */
const ALL_HOSTS: DialectId[][] = [...HOSTS, ['claude']];
const hook = (command: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command, ...extra });
/** A value of a config's JSON, as a config file carries it (-0 is written 0). */
const json = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);

/** A starter kit as the issue describes it: 9 PostToolUse hooks on every edit, 5 PreToolUse on Bash, and the rest. */
const KIT = {
  PreToolUse: [
    {
      matcher: 'Bash',
      hooks: [1, 2, 3, 4, 5].map((i) => hook(`bash .claude/hooks/bash-guard-${i}.sh`, i === 2 ? { timeout: 20 } : {})),
    },
    { matcher: 'Read', hooks: [hook('bash .claude/hooks/read-log.sh')] },
    { matcher: 'mcp__github__.*', hooks: [hook('bash .claude/hooks/gh.sh')] },
    { matcher: 'mcp__.*__write.*', hooks: [hook('bash .claude/hooks/mcp-write.sh')] },
    { matcher: 'WebFetch', hooks: [hook('bash .claude/hooks/fetch.sh')] },
  ],
  PostToolUse: [
    {
      matcher: 'Write|Edit',
      hooks: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => hook(`bash .claude/hooks/after-edit-${i}.sh`, { timeout: 30 + i })),
    },
    { matcher: 'Edit', hooks: [hook('bash .claude/hooks/edit-only.sh')] },
    { matcher: 'Glob', hooks: [hook('bash .claude/hooks/glob.sh')] },
  ],
  UserPromptSubmit: [{ hooks: [hook('bash .claude/hooks/ups-a.sh'), hook('bash .claude/hooks/ups-b.sh')] }],
  SessionStart: [
    { matcher: 'startup', hooks: [hook('bash .claude/hooks/start.sh')] },
    { matcher: 'startup|resume', hooks: [hook('bash .claude/hooks/load.sh')] },
    { matcher: 'clear', hooks: [hook('bash .claude/hooks/clear.sh')] },
  ],
  Stop: [{ hooks: [hook('bash .claude/hooks/stop-a.sh'), hook('bash .claude/hooks/stop-b.sh')] }],
};

const FIXTURES = resolve(import.meta.dirname, '../real-world/fixtures');
/** Real-world shapes (test/real-world/SURVEY.md) with several hooks on one event. */
const REAL_WORLD = [
  'claude-all-lifecycle',
  'claude-async-groups',
  'claude-exec-args-if',
  'claude-mcp-matchers',
  'claude-project-dir-paths',
  'claude-settings-plus-local',
  'plugin-standard',
  'hooks-yaml-priority',
  'codebuddy-project',
  'qwen-project',
];

type Entry = { event: string; matcher?: unknown; handler: Record<string, unknown> };

/** A settings.json's entries (raw, as the host reads them). */
function entries(text: string): Entry[] {
  const hooks =
    (
      parseJsonc(text, 'target') as {
        hooks?: Record<string, { matcher?: unknown; hooks: Record<string, unknown>[] }[]>;
      }
    ).hooks ?? {};
  return Object.entries(hooks).flatMap(([event, groups]) =>
    groups.flatMap((g) => g.hooks.map((handler) => ({ event, matcher: g.matcher, handler }))),
  );
}

/** A call the host can make on an event: the tool it names, or the value its matcher is tested against. */
interface Call {
  event: string;
  on: 'tool' | 'value' | 'none';
  subject: string;
}

/** Does the host fire an entry with this matcher for the call? (Its own rule: lifecycle values exact where it compares
 * them so.)
 */
function hostFires(host: DialectId, matcher: unknown, call: Call): boolean {
  if (call.on === 'none') return true;
  if (call.on === 'value' && mappings.dialects[host].matcher.valuesExact)
    return matcher === undefined || matcher === '' || matcher === '*' || matcher === call.subject;
  return matcherFires(host, matcher, call.subject);
}

/** Every call to try on an event: each tool of each host, MCP and unknown names; each value of the event, and another.
 */
function callsOn(hosts: DialectId[], event: string): Call[] {
  const c = canonicalEvent(hosts[0]!, event);
  const row = c ? mappings.events[c] : undefined;
  if (row?.matcherOn === 'tool') {
    const names = new Set([
      ...hosts.flatMap((h) => toolsOf(h).map((t) => t.entry.name)),
      'mcp__github__create_issue',
      'mcp__notes__write_page',
      'mcp__memory__create_entities',
      'mcp__other__read',
      'SomeFutureTool',
    ]);
    return [...names].map((subject) => ({ event, on: 'tool', subject }));
  }
  if (row?.matcherOn && row.matcherOn !== 'unknown') {
    const values = new Set([
      ...hosts.flatMap((h) => row.values[h] ?? []),
      'startup',
      'resume',
      'clear',
      'compact',
      'auto',
      'manual',
      'other',
    ]);
    return [...values].map((subject) => ({ event, on: 'value', subject }));
  }
  return [{ event, on: 'none', subject: '' }];
}

/** The hooks a call runs through hook-bridge, by entry: per started process, the commands it runs. */
function started(host: DialectId, list: Entry[], call: Call): { processes: Entry[]; commands: string[] } {
  const processes: Entry[] = [];
  const commands: string[] = [];
  for (const e of list.filter((x) => x.event === call.event && hostFires(host, x.matcher, call))) {
    const command = String(e.handler.command);
    const group = parseGroup(command);
    const wrapper = parseWrapper(command);
    if (!group && !wrapper) continue;
    processes.push(e);
    if (wrapper) commands.push(`${wrapper.from} ${wrapper.command}`);
    // dispatch runs the carried hooks whose own matcher (else the entry's) the host would fire.
    for (const g of group?.hooks ?? [])
      if (hostFires(host, g.matcher ?? e.matcher, call)) commands.push(`${g.from} ${g.command}`);
  }
  return { processes, commands: commands.sort() };
}

/**
 * The fields of an entry that hooks must agree on to share one: those the host applies per entry (its handlerFields)
 * and dispatch cannot apply per hook (it applies `async: true`; `statusMessage` is only shown). Metadata and fields the
 * host does not act on never split a group.
 */
const fieldsOf = (hosts: DialectId[], e: Entry) => {
  const applied = new Set(hosts.flatMap((h) => mappings.dialects[h].handlerFields ?? []));
  return JSON.stringify(
    Object.entries(e.handler).filter(
      ([k, v]) => applied.has(k) && k !== 'statusMessage' && !(k === 'async' && v === true),
    ),
  );
};

async function both(dir: string, hosts: DialectId[], inputs?: string[]) {
  const run = async (wrap?: boolean) =>
    (
      await convertProject({
        project: dir,
        to: hosts,
        stdout: true,
        ...(inputs ? { inputs } : {}),
        ...(wrap !== undefined ? { wrap } : {}),
      })
    ).targets[0]!.after;
  return { grouped: entries(await run()), perHook: entries(await run(true)) };
}

/** The done-when check on one converted project, for one host set: returns how many calls started a process. */
function checkCalls(hosts: DialectId[], grouped: Entry[], perHook: Entry[]): { calls: number; maxProcesses: number } {
  let calls = 0;
  let maxProcesses = 0;
  for (const event of new Set(perHook.map((e) => e.event))) {
    for (const call of callsOn(hosts, event)) {
      for (const host of hosts) {
        const g = started(host, grouped, call);
        const w = started(host, perHook, call);
        const what = `${host} ${event} ${call.subject}`;
        expect(g.commands, `${what}: the hooks that run`).toEqual(w.commands);
        // At most one hook-bridge start per set of the fields the host applies per entry among the hooks the call
        // matches (one, unless e.g. `if` differs on CodeBuddy Code); none when no hook matches.
        const fieldSets = new Set(w.processes.map((e) => fieldsOf(hosts, e))).size;
        expect(g.processes.length, `${what}: hook-bridge processes`).toBeLessThanOrEqual(fieldSets);
        if (w.processes.length === 0) expect(g.processes, `${what}: nothing matches, nothing starts`).toEqual([]);
        if (w.processes.length) calls++;
        maxProcesses = Math.max(maxProcesses, g.processes.length);
      }
    }
  }
  return { calls, maxProcesses };
}

describe("default conversion: one hook-bridge start per call (counted with each host's matcher semantics)", () => {
  for (const hosts of HOSTS) {
    it(
      `a starter kit (5 Bash guards, 9 hooks on every edit …) on ${hosts.join(',')}: at most one process per call, ` +
        `none for an unwatched call, the same hooks as --wrap`,
      async () => {
        const dir = mkdtempSync(join(tmpdir(), 'hb-group-'));
        mkdirSync(join(dir, '.claude'));
        writeFileSync(join(dir, '.claude/settings.json'), settings(KIT));
        const { grouped, perHook } = await both(dir, hosts);
        const { calls, maxProcesses } = checkCalls(hosts, grouped, perHook);
        expect(calls).toBeGreaterThan(5);
        expect(maxProcesses).toBe(1);
        // The 5 Bash guards and the 9 edit hooks: one entry each, that the host fires for its shell tool.
        const shell = toolsOf(hosts[0]!).find((t) => t.canonical === 'shell')!.entry.name;
        const bash = grouped.filter((e) => /bash-guard/.test(String(e.handler.command)));
        expect(bash).toHaveLength(1);
        expect(matcherFires(hosts[0]!, bash[0]!.matcher, shell)).toBe(true);
        expect(String(bash[0]!.handler.command).match(/ run --from claude /g)).toHaveLength(5);
        expect(grouped.filter((e) => /after-edit/.test(String(e.handler.command)))).toHaveLength(1);
        expect(perHook.filter((e) => /after-edit/.test(String(e.handler.command)))).toHaveLength(9);
      },
    );
  }

  for (const name of REAL_WORLD) {
    it(
      `real-world ${name}: on every host, at most one process per call and set of entry fields; the same hooks as ` +
        `--wrap`,
      async () => {
        const dir = mkdtempSync(join(tmpdir(), `hb-group-${name}-`));
        cpSync(join(FIXTURES, name), dir, { recursive: true });
        const from = name === 'codebuddy-project' ? 'codebuddy' : name === 'qwen-project' ? 'qwen' : 'claude';
        for (const hosts of ALL_HOSTS) {
          if (hosts.some((h) => h === from || (from === 'codebuddy' && h === 'codebuddy-ide'))) continue;
          const { grouped, perHook } = await both(dir, hosts);
          checkCalls(hosts, grouped, perHook);
        }
      },
    );
  }
});

describe('the grouped entry', () => {
  const text = settings({
    PreToolUse: [
      { matcher: 'Bash', hooks: [hook('./a.sh', { timeout: 10 }), hook('./b.sh', { timeout: 50 })] },
      { matcher: 'Write', hooks: [hook('./w.sh')] },
    ],
  });

  it(
    'names its hooks, their own timeouts and matchers; the host timeout ' +
      'covers the slowest; a hook alone keeps its run wrapper',
    () => {
      const json = JSON.parse(convert(text, { from: 'claude', to: 'qwen' }).output);
      expect(json.hooks.PreToolUse).toEqual([
        {
          matcher: '^run_shell_command$',
          hooks: [
            {
              type: 'command',
              command:
                'hook-bridge dispatch --to qwen run --from claude --timeout 10 -c ' +
                "'./a.sh' run --from claude --timeout 50 -c './b.sh'",
              timeout: 55,
            },
          ],
        },
        {
          matcher: '^write_file$',
          hooks: [{ type: 'command', command: "hook-bridge run --from claude --to qwen -c './w.sh'", timeout: 605 }],
        },
      ]);
    },
  );

  it('overlapping matchers share an entry whose matcher is their union; each hook keeps its own', () => {
    const out = convert(
      settings({
        PostToolUse: [
          { matcher: 'Write|Edit', hooks: [hook('./fmt.sh')] },
          { matcher: 'Edit', hooks: [hook('./lint.sh')] },
        ],
      }),
      { from: 'claude', to: 'qwen' },
    );
    const [group] = JSON.parse(out.output).hooks.PostToolUse;
    expect(group.matcher).toBe('^(write_file|edit)$');
    expect(group.hooks[0].command).toBe(
      "hook-bridge dispatch --to qwen run --from claude -c './fmt.sh' " +
        "run --from claude --matcher '^edit$' -c './lint.sh'",
    );
    expect(out.report.map((r) => r.notes.at(-1))).toEqual([
      expect.stringMatching(
        /^grouped: one `hook-bridge dispatch` entry runs it with 1 other PostToolUse hook that fires for the same calls/,
      ),
      expect.stringMatching(/^grouped/),
    ]);
  });

  it('--wrap (wrap: true) keeps one wrapper entry per hook; --no-wrap none', () => {
    const per = JSON.parse(convert(text, { from: 'claude', to: 'qwen', wrap: true }).output);
    expect(per.hooks.PreToolUse[0].hooks.map((h: { command: string }) => h.command)).toEqual([
      "hook-bridge run --from claude --to qwen --timeout 10 -c './a.sh'",
      "hook-bridge run --from claude --to qwen --timeout 50 -c './b.sh'",
    ]);
    const bare = JSON.parse(convert(text, { from: 'claude', to: 'qwen', wrap: false }).output);
    expect(bare.hooks.PreToolUse[0].hooks.map((h: { command: string }) => h.command)).toEqual(['./a.sh', './b.sh']);
  });

  it(
    "a hook's other fields cost no process: async is dispatch's (--async), metadata and fields the host does not act " +
      'on go with each hook, what all share stays on the entry',
    () => {
      const src = settings({
        Stop: [
          {
            hooks: [
              hook('./a.sh'),
              hook('./b.sh', { once: true }),
              hook('./log1.sh', { async: true, timeout: 10 }),
              hook('./log2.sh', { async: true, statusMessage: 'Logging' }),
            ],
            description: 'stop hooks',
          },
        ],
      });
      const out = JSON.parse(convert(src, { from: 'claude', to: 'qwen' }).output);
      expect(out.hooks.Stop).toEqual([
        {
          hooks: [
            {
              type: 'command',
              command:
                "hook-bridge dispatch --to qwen run --from claude -c './a.sh' run --from claude --fields " +
                `'{"once":true}' -c './b.sh' run --from claude --timeout 10 --async -c './log1.sh' run --from claude ` +
                `--async --fields '{"statusMessage":"Logging"}' -c './log2.sh'`,
              // The hooks dispatch waits for: the background ones do not hold the host.
              timeout: 605,
            },
          ],
          description: 'stop hooks',
        },
      ]);
      // Every hook async: the entry is too (Qwen Code runs it in the background), and each still says so.
      const allAsync = JSON.parse(
        convert(settings({ Stop: [{ hooks: [hook('./x.sh', { async: true }), hook('./y.sh', { async: true })] }] }), {
          from: 'claude',
          to: 'qwen',
        }).output,
      ).hooks.Stop[0].hooks[0];
      expect(allAsync).toMatchObject({
        async: true,
        command: expect.stringMatching(/--async -c '\.\/x\.sh'.*--async/),
      });
    },
  );

  it('a field the host applies per entry and dispatch cannot (if on CodeBuddy Code) keeps hooks apart', () => {
    const src = settings({
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            hook('./push.sh', { if: 'Bash(git push *)' }),
            hook('./rm.sh', { if: 'Bash(rm *)' }),
            hook('./all.sh'),
          ],
        },
      ],
    });
    const commands = (to: DialectId) =>
      JSON.parse(convert(src, { from: 'claude', to }).output).hooks.PreToolUse.flatMap(
        (g: { hooks: { command: string; if?: string }[] }) => g.hooks.map((h) => [h.if, h.command]),
      );
    expect(commands('codebuddy')).toEqual([
      ['Bash(git push *)', "hook-bridge run --from claude --to codebuddy -c './push.sh'"],
      ['Bash(rm *)', "hook-bridge run --from claude --to codebuddy -c './rm.sh'"],
      [undefined, "hook-bridge run --from claude --to codebuddy -c './all.sh'"],
    ]);
    expect(convert(src, { from: 'claude', to: 'codebuddy' }).report[0]!.reason).toMatch(
      /keeps an entry of its own: CodeBuddy Code applies its `if` per entry, which dispatch cannot do per hook/,
    );
    // Qwen Code does not act on `if` (on the hook's own entry either): it goes with each hook, one entry.
    expect(commands('qwen')).toEqual([
      [
        undefined,
        'hook-bridge dispatch --to qwen run --from claude --fields \'{"if":"Bash(git push *)"}\' -c \'./push.sh\' ' +
          `run --from claude --fields '{"if":"Bash(rm *)"}' -c './rm.sh' run --from claude -c './all.sh'`,
      ],
    ]);
  });

  it("hooks of an agent that runs them one after another (Copilot CLI): the host's timeout covers them in turn", () => {
    const copilot = JSON.stringify({
      version: 1,
      hooks: {
        preToolUse: [
          { type: 'command', bash: './a.sh', timeoutSec: 10 },
          { type: 'command', bash: './b.sh', timeoutSec: 20 },
        ],
      },
    });
    const out = convert(copilot, { from: 'copilot', to: 'qwen' });
    const entry = JSON.parse(out.output).hooks.PreToolUse[0].hooks[0];
    expect(entry).toEqual({
      type: 'command',
      command:
        "hook-bridge dispatch --to qwen run --from copilot --timeout 10 -c './a.sh' " +
        "run --from copilot --timeout 20 -c './b.sh'",
      timeout: 35,
    });
    expect(out.report[0]!.notes.at(-1)).toMatch(/GitHub Copilot CLI's order: one after another, a deny ends the chain/);
  });

  it('a lone async hook where the host does not apply async: dispatch runs it (CodeBuddy Code)', () => {
    const src = settings({ Stop: [{ hooks: [hook('./log.sh', { async: true })] }] });
    const cb = convert(src, { from: 'claude', to: 'codebuddy' });
    expect(JSON.parse(cb.output).hooks.Stop[0].hooks[0]).toEqual({
      type: 'command',
      command: "hook-bridge dispatch --to codebuddy run --from claude --async -c './log.sh'",
      timeout: 605,
      async: true,
    });
    expect(cb.report[0]!.status).toBe('translated');
    expect(cb.report[0]!.reason).toMatch(/dispatch starts it in the background/);
    // Qwen Code applies it: the hook keeps its run wrapper, the entry its async.
    expect(JSON.parse(convert(src, { from: 'claude', to: 'qwen' }).output).hooks.Stop[0].hooks[0]).toMatchObject({
      command: "hook-bridge run --from claude --to qwen -c './log.sh'",
      async: true,
    });
  });

  it('converting back gives the original hooks (exec form, plugin root, hooks.yaml priorities, Codex --calls)', () => {
    const claude = settings({
      PreToolUse: [
        { matcher: 'Write', hooks: [hook('node', { args: ['x.js', "it's"] }), hook('./w.sh', { timeout: 7 })] },
        { matcher: 'Edit', hooks: [hook('./e.sh')] },
      ],
    });
    for (const to of ['qwen', 'codebuddy', 'codebuddy-ide', 'gemini', 'codex'] as DialectId[]) {
      const there = convert(claude, { from: 'claude', to });
      const back = convert(there.output, { from: to, to: 'claude' });
      const hooks = JSON.parse(back.output).hooks.PreToolUse.flatMap((g: { hooks: object[] }) => g.hooks);
      expect(hooks, to).toEqual([
        hook('node', { args: ['x.js', "it's"] }),
        hook('./w.sh', { timeout: 7 }),
        hook('./e.sh'),
      ]);
    }
    // Codex has one tool for every edit: each hook runs only for the calls its own matcher names (run --calls), inside
    // the group.
    expect(JSON.parse(convert(claude, { from: 'claude', to: 'codex' }).output).hooks.PreToolUse).toEqual([
      {
        matcher: 'apply_patch',
        hooks: [
          {
            type: 'command',
            command:
              'hook-bridge dispatch --to codex run --from claude --calls Write --argv 3 ' +
              "'node' 'x.js' 'it'\\''s' run --from claude --timeout 7 --calls Write -c " +
              "'./w.sh' run --from claude --calls Edit -c './e.sh'",
            timeout: 605,
          },
        ],
      },
    ]);
    const yaml =
      "version: '2.0.0'\nhooks:\n  - { event: PreToolUse, matcher: Bash, command: ./guard.sh, priority: 5 }\n  - " +
      '{ event: PreToolUse, matcher: Bash, command: ./late.sh, priority: 9 }\n';
    const q = convert(yaml, { from: 'hooks-yaml', to: 'qwen' });
    expect(q.output).toContain(
      "run --from claude --priority 5 -c './guard.sh' run --from claude --priority 9 -c './late.sh'",
    );
    expect(q.report.flatMap((r) => r.notes)).not.toContain('priority 5 kept as order only');
    expect(parseYaml(convert(q.output, { from: 'qwen', to: 'hooks-yaml' }).output)).toEqual(parseYaml(yaml));
  });

  it('property: commands, matchers, fields and group fields survive claude -> host -> claude, grouped', () => {
    const name = fc.constantFrom('Bash', 'Write', 'Edit', 'Read', 'WebFetch', 'Agent');
    const text = fc.string({ unit: 'grapheme', maxLength: 12 });
    const arb = fc.record({
      matcher: fc.uniqueArray(name, { minLength: 1, maxLength: 3 }).map((a) => a.join('|')),
      command: fc.string({ unit: 'grapheme', maxLength: 30 }).filter((s) => s.trim().length > 0),
      // What real hooks carry (everything-claude-code: async, timeout; group description and id), and the rarer ones.
      fields: fc.record(
        {
          timeout: fc.integer({ min: 1, max: 900 }),
          async: fc.boolean(),
          statusMessage: text,
          once: fc.constant(true),
          if: fc.constantFrom('Bash(git *)', 'Edit(*.ts)'),
          note: json,
        },
        { requiredKeys: [] },
      ),
      group: fc.record({ description: text, id: text, $comment: text }, { requiredKeys: [] }),
    });
    fc.assert(
      fc.property(
        fc.array(arb, { minLength: 2, maxLength: 5 }),
        fc.constantFrom<DialectId>('qwen', 'codebuddy', 'codebuddy-ide', 'gemini'),
        (hooks, to) => {
          const src = {
            PreToolUse: hooks.map((h) => ({ matcher: h.matcher, hooks: [hook(h.command, h.fields)], ...h.group })),
          };
          const back = JSON.parse(
            convert(convert(settings(src), { from: 'claude', to }).output, { from: to, to: 'claude' }).output,
          );
          const sorted = (o: object) => stableJson(o);
          const flat = (s: typeof src) =>
            s.PreToolUse.flatMap(({ matcher, hooks: hs, ...group }) =>
              hs.map((x) => JSON.stringify([sorted(x), matcher.split('|').sort(), sorted(group)])),
            ).sort();
          expect(flat(back.hooks)).toEqual(flat(src));
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe("the grouped entry's command (wrapper codec)", () => {
  const word = fc.string({ unit: 'grapheme', maxLength: 20 });
  const groupedHook: fc.Arbitrary<GroupedHook> = fc.record(
    {
      from: fc.constantFrom<DialectId>('claude', 'qwen', 'codebuddy'),
      matcher: word,
      priority: fc.integer({ min: 0, max: 99 }),
      timeoutS: fc.integer({ min: 1, max: 900 }),
      pluginRoot: word,
      emulateTodos: fc.constant(true),
      calls: fc.constant(['Write', 'Edit']),
      async: fc.constant(true),
      fields: fc.dictionary(word, json, { noNullPrototype: true }),
      groupFields: fc.dictionary(word, json, { noNullPrototype: true }),
      command: word,
      args: fc.array(word, { maxLength: 3 }),
    },
    { requiredKeys: ['from', 'command'] },
  );

  it('property: parseGroup reads back what groupCommand writes', () => {
    fc.assert(
      fc.property(fc.array(groupedHook, { minLength: 1, maxLength: 4 }), (hooks) => {
        const g = { runner: 'hook-bridge', to: 'qwen' as DialectId, hooks };
        expect(parseGroup(groupCommand(g))).toEqual(g);
      }),
    );
  });

  it('what a POSIX shell hands dispatch is the same hooks (quotes, $, newlines, backslashes, a word "run")', () => {
    const hooks: GroupedHook[] = [
      { from: 'claude', matcher: '^(write_file|edit)$', timeoutS: 5, command: `echo "it's $HOME" \\ 'x'\nrun` },
      { from: 'claude', calls: ['Write'], command: 'node', args: ['run', '--on-error', 'allow', ''] },
      { from: 'qwen', pluginRoot: "plug ins/it's", emulateTodos: true, priority: 3, command: 'run' },
      {
        from: 'claude',
        async: true,
        fields: { statusMessage: "it's $HOME", once: true },
        groupFields: { description: 'a "b"\n run', id: 'x:y' },
        command: 'true',
      },
    ];
    const command = groupCommand({ runner: 'hook-bridge', to: 'qwen', hooks });
    const argv = JSON.parse(
      execFileSync(
        'sh',
        [
          '-c',
          `node -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- ` +
            command.replace(/^hook-bridge dispatch /, ''),
        ],
        { encoding: 'utf8' },
      ),
    );
    expect(argv.slice(0, 2)).toEqual(['--to', 'qwen']);
    expect(parseGroupedHooks(argv.slice(2))).toEqual(hooks);
  });

  it(
    'another command is not a grouped entry: a --config registration, a ' +
      'foreign runner, a command outside the quoting it writes',
    () => {
      expect(parseGroup("hook-bridge dispatch --to qwen --config '.claude/settings.json'")).toBeUndefined();
      expect(parseGroup("mytool dispatch --to qwen run --from claude -c 'x'")).toBeUndefined();
      expect(parseGroup("mytool dispatch --to qwen run --from claude -c 'x'", ['mytool'])).toMatchObject({
        hooks: [{ command: 'x' }],
      });
      expect(parseGroup('hook-bridge dispatch --to qwen run --from claude -c "x"')).toBeUndefined();
      expect(parseGroup("hook-bridge dispatch --to qwen run --from nobody -c 'x'")).toBeUndefined();
      expect(parseGroupedHooks(['run', '--from', 'claude'])).toMatch(/hook 1: a command is required/);
      expect(parseGroupedHooks(['run', '--from', 'claude', '--argv', '3', 'node'])).toMatch(
        /--argv takes the number of words/,
      );
      expect(parseGroupedHooks(['run', '-c', 'x'])).toMatch(/hook 1: --from <dialect> is required/);
      expect(parseGroupedHooks(['-c', 'x'])).toMatch(/expected "run"/);
      for (const bad of ['[1]', 'null', '{"a":', '"text"'])
        expect(parseGroupedHooks(['run', '--from', 'claude', '--fields', bad, '-c', 'x'])).toMatch(
          /hook 1: --fields takes a JSON object/,
        );
    },
  );

  it("its --config-looking words are a hook's, not a hook set (dispatchConfigs)", async () => {
    const { dispatchConfigs } = await import('../../src/dialects/wrapper.js');
    expect(
      dispatchConfigs("hook-bridge dispatch --to qwen run --from claude -c 'eslint --config missing.json'"),
    ).toEqual([]);
    expect(dispatchConfigs("hook-bridge dispatch --to qwen --config 'hooks.yaml'")).toEqual(['hooks.yaml']);
  });
});
