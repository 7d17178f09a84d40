// The real-world suite: fixtures that reproduce the hook-config shapes found in public repositories
// (survey in test/real-world/SURVEY.md; each fixture is our own synthetic project, not a copy).
// For every fixture and every other dialect: convert succeeds (the CLI's exit 0/1, never 2) with a report
// row per hook, a second run changes nothing, converting back gives the same hooks and commands, and
// audit never calls an event that the agent documents "unsupported" at error level (the source on its own
// agent, the source with --target, and the written file on its agent).
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse as parseJsoncText } from 'jsonc-parser';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { audit, convertProject, HookBridgeError, type DialectId } from '../../src/index.js';
import { dialects } from '../../src/dialects/index.js';
import type { ConvertProjectResult } from '../../src/convert/project.js';
import type { Hook } from '../../src/model/hook.js';
import { CASES, type Case } from './cases.js';

const FIXTURES = resolve(import.meta.dirname, 'fixtures');
const ALL: DialectId[] = ['claude', 'qwen', 'codebuddy', 'codebuddy-ide', 'hooks-yaml'];

/**
 * Events each agent documents (or, for Claude Code, declares in its bundle), independent of mappings/:
 * - claude: test/fixtures/documented/claude-hook-events.json (copied from the ground truth: the event enum of Claude
 *   Code 2.1.332's binary)
 * - qwen: Qwen Code hooks reference (qwenlm.github.io/qwen-code-docs …/hooks-reference) and seed 001
 * - codebuddy: CodeBuddy Code "Hooks 配置参考" (cloud.tencent.com/document/product/1831/137030), v1.16.0+
 * - codebuddy-ide: seed 003 (CodeBuddy IDE hooks documentation)
 * - hooks-yaml: seed 002 (hooks.yaml v2.0.0 event table)
 * - gemini: the `hooks` events of Gemini CLI 0.61.0's settingsSchema.ts (test/fixtures/ground-truth/gemini/README.md)
 * - codex: the events Codex CLI 0.169.0 fired, and PermissionRequest from its source
 *   (test/fixtures/ground-truth/codex/README.md)
 * - copilot: the 15 events of GitHub Copilot CLI 1.0.102's settings schema (test/fixtures/observed/copilot/README.md
 *   §3)
 * - pi: the events hook-bridge's Pi extension binds to Pi's own (src/dialects/pi.ts)
 * - cursor: the events of its hooks reference that have a row in events.yaml (test/fixtures/vendor/cursor/README.md)
 * - kiro: the 5 triggers of Kiro CLI's agent hooks (test/fixtures/vendor/kiro/README.md)
 * - droid: the hook-event enum of the droid 0.225.2 binary; auggie: the one of the @augmentcode/auggie 0.36.0 bundle
 */
const DOCUMENTED: Record<DialectId, string[]> = {
  claude: (
    JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../fixtures/documented/claude-hook-events.json'), 'utf8'),
    ) as { events: string[] }
  ).events,
  qwen: [
    'PreToolUse',
    'PostToolUse',
    'PostToolUseFailure',
    'SubagentStart',
    'SubagentStop',
    'Notification',
    'SessionStart',
    'SessionEnd',
    'PreCompact',
    'PostCompact',
    'Stop',
    'UserPromptSubmit',
    'PermissionRequest',
    'ConfigChange',
    'StopFailure',
    'TeammateIdle',
    'InstructionsLoaded',
    'CwdChanged',
    'FileChanged',
    'WorktreeCreate',
  ],
  codebuddy: [
    'PreToolUse',
    'PostToolUse',
    'PostToolUseFailure',
    'SessionStart',
    'SessionEnd',
    'Stop',
    'SubagentStart',
    'SubagentStop',
    'StopFailure',
    'UserPromptSubmit',
    'Notification',
    'PermissionRequest',
    'PermissionDenied',
    'Elicitation',
    'ElicitationResult',
    'PreCompact',
    'PostCompact',
    'InstructionsLoaded',
    'ConfigChange',
    'TaskCreated',
    'TaskCompleted',
    'TeammateIdle',
    'FileChanged',
    'CwdChanged',
    'WorktreeCreate',
    'WorktreeRemove',
    'Setup',
  ],
  'codebuddy-ide': [
    'PreToolUse',
    'PostToolUse',
    'UserPromptSubmit',
    'Stop',
    'SessionStart',
    'SessionEnd',
    'PreCompact',
  ],
  'hooks-yaml': [
    'PreToolUse',
    'Stop',
    'SubagentStop',
    'InputReceived',
    'BeforeResponse',
    'AfterResponse',
    'SessionStart',
    'AppStartup',
    'AppShutdown',
  ],
  gemini: [
    'BeforeTool',
    'AfterTool',
    'BeforeAgent',
    'AfterAgent',
    'Notification',
    'SessionStart',
    'SessionEnd',
    'PreCompress',
    'BeforeModel',
    'AfterModel',
    'BeforeToolSelection',
  ],
  codex: [
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PostToolUse',
    'Stop',
    'SessionEnd',
    'SubagentStart',
    'SubagentStop',
    'PreCompact',
    'PostCompact',
    'PermissionRequest',
  ],
  copilot: [
    'sessionStart',
    'sessionEnd',
    'userPromptSubmitted',
    'userPromptTransformed',
    'preToolUse',
    'postToolUse',
    'postToolUseFailure',
    'permissionRequest',
    'agentStop',
    'subagentStart',
    'subagentStop',
    'preCompact',
    'notification',
    'errorOccurred',
    'preMcpToolCall',
  ],
  // The events hook-bridge's Pi extension binds (src/dialects/pi.ts).
  pi: [
    'PreToolUse',
    'PostToolUse',
    'PostToolUseFailure',
    'UserPromptSubmit',
    'Stop',
    'SessionStart',
    'SessionEnd',
    'PreCompact',
    'PostCompact',
  ],
  // The events hook-bridge's OpenCode plugin binds (src/dialects/opencode.ts).
  opencode: ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SessionStart'],
  // Kilo Code CLI's is the same plugin (src/dialects/kilo.ts reuses OpenCode's binding).
  kilo: ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SessionStart'],
  // The events Cline's event files carry (mappings/dialects/cline.yaml config.eventFiles).
  cline: ['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'UserPromptSubmit', 'Stop', 'SessionStart', 'SessionEnd'],
  droid: (
    JSON.parse(readFileSync(resolve(import.meta.dirname, '../fixtures/documented/droid-hook-events.json'), 'utf8')) as {
      events: string[];
    }
  ).events,
  auggie: (
    JSON.parse(readFileSync(resolve(import.meta.dirname, '../fixtures/vendor/auggie/hook-events.json'), 'utf8')) as {
      events: string[];
    }
  ).events,
  cursor: [
    'preToolUse',
    'postToolUse',
    'postToolUseFailure',
    'beforeSubmitPrompt',
    'stop',
    'sessionStart',
    'sessionEnd',
    'subagentStart',
    'subagentStop',
    'preCompact',
  ],
  kiro: ['agentSpawn', 'userPromptSubmit', 'preToolUse', 'postToolUse', 'stop'],
};

// Shapes found in public files that are not valid configs of any agent: hook-bridge must answer with a clear
// error naming the file (exit 2) or convert them with a report row per hook; never crash, never lose hooks silently.
const MALFORMED: { name: string; file: string }[] = [
  { name: 'malformed-hooks-list', file: 'hooks/hooks.json' }, // "hooks": [ { event, command } ]
  { name: 'malformed-no-hooks-wrapper', file: 'hooks/hooks.json' }, // events at the top level, no "hooks" key
  { name: 'malformed-matchers', file: 'hooks/hooks.json' }, // expression matcher; "*.jsonl" (not a regex)
];

/**
 * What fails on today's code, and why (issue 9). These run as `it.fails`: when a fix makes one pass, the
 * suite goes red until its entry is deleted here, so a fixed case cannot silently stay marked.
 * Keys: `<case>|<to>` (convert), `<case>|audit` (audit on its own agent), `cli:<case>`, `<malformed case>|<to>`.
 */
const KNOWN_FAILING: Record<string, string> = {};
/** `it`, or `it.fails` for a known failure (its reason in the title). */
const check = (key: string) => (title: string, fn: () => unknown) =>
  KNOWN_FAILING[key] ? it.fails(`${title} [known failure: ${KNOWN_FAILING[key]}]`, fn) : it(title, fn);

it('known failures name only cases that exist', () => {
  const keys = [
    ...CASES.flatMap((c) => ['audit', ...ALL.filter((d) => d !== c.from)].map((t) => `${c.name}|${t}`)),
    ...CASES.map((c) => `cli:${c.name}`),
    ...MALFORMED.flatMap((m) => ALL.filter((d) => d !== 'claude').map((t) => `${m.name}|${t}`)),
  ];
  expect(Object.keys(KNOWN_FAILING).filter((k) => !keys.includes(k))).toEqual([]);
});

it('every fixture directory is in the table (none silently skipped)', () => {
  const dirs = readdirSync(FIXTURES).filter((d) => !d.startsWith('malformed-'));
  expect(dirs.sort()).toEqual(CASES.map((c) => c.name).sort());
});

/** A fresh copy of a fixture (convert writes into the project). */
function copy(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `hb-rw-${name}-`));
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  return dir;
}

/** Source config files of a case, as absolute paths. */
function sourceFiles(c: Case, dir: string): string[] {
  if (c.inputs) return c.inputs.map((f) => join(dir, f));
  const found: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (
        /(settings(\.local)?\.json|hooks\.json|hooks\.yaml)$/.test(e.name) ||
        /[/\\]\.github[/\\]hooks[/\\][^/\\]+\.json$/.test(p)
      )
        found.push(p);
    }
  };
  walk(dir);
  return found;
}

/** How many handlers a config file holds, counted from the raw text (not through hook-bridge's readers). */
function countHandlers(file: string): number {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.yaml')) return ((parseYaml(text) as { hooks?: unknown[] }).hooks ?? []).length;
  const hooks =
    (
      parseJsoncText(text, [], { allowTrailingComma: true }) as {
        hooks?: Record<string, { hooks?: unknown[]; type?: string }[]>;
      }
    ).hooks ?? {};
  // Matcher groups of handlers, or (GitHub Copilot CLI's files) one flat list of actions per event.
  return Object.values(hooks).reduce(
    (n, groups) => n + groups.reduce((m, g) => m + (g.hooks?.length ?? (g.type ? 1 : 0)), 0),
    0,
  );
}

/** `hook-bridge convert` as the CLI runs it, in process: exit 2 is a thrown HookBridgeError. */
async function convertExit(
  o: Parameters<typeof convertProject>[0],
): Promise<{ exit: number; result?: ConvertProjectResult; error?: string }> {
  try {
    const result = await convertProject({ backup: false, ...o });
    const rows = result.targets.flatMap((t) => t.result.report);
    return { exit: rows.some((r) => r.status === 'dropped') ? 1 : 0, result }; // = --fail-on dropped
  } catch (e) {
    if (e instanceof HookBridgeError) return { exit: 2, error: e.message };
    throw e; // anything else is a crash: let the test show it
  }
}

/**
 * The identity of a hook for the round trip: event, type, command and exec-form args, prompt/url body. A plugin's
 * hook written unwrapped outside its plugin starts by setting the plugin's root (no agent sets it for a settings
 * file's hook), and keeps doing so when it is converted back into a settings file: that prefix is not compared.
 */
function identity(h: Hook, pluginRoot?: string): string {
  let command = h.command;
  if (command !== undefined && pluginRoot)
    command = command
      .split(pluginRoot)
      .join('${CLAUDE_PLUGIN_ROOT}')
      .replace(/^export CLAUDE_PLUGIN_ROOT="[^"]*"; /, '');
  return JSON.stringify([
    h.nativeEvent,
    h.type,
    command ?? null,
    h.fields.args ?? null,
    h.fields.prompt ?? null,
    h.fields.url ?? null,
  ]);
}

function readHooks(d: DialectId, file: string): Hook[] {
  return dialects[d].codec.read(readFileSync(file, 'utf8'), file, dialects[d]).hooks;
}

/** The event a finding is about, from its path (`hooks.Notification…` or a hooks.yaml `hooks[3]…`). */
function eventOf(f: { file: string; path?: string }): string | undefined {
  const json = /^hooks\.([^.[]+)/.exec(f.path ?? '');
  if (json) return json[1];
  const yml = /^hooks\[(\d+)\]/.exec(f.path ?? '');
  if (yml)
    return (parseYaml(readFileSync(f.file, 'utf8')) as { hooks: { event?: string }[] }).hooks[Number(yml[1])]?.event;
  return undefined;
}

for (const c of CASES) {
  describe(`real-world ${c.name} (${c.from})`, () => {
    check(`${c.name}|audit`)(
      `audit on ${c.from} itself: no documented event is "event-unsupported" at error level`,
      () => {
        const dir = copy(c.name);
        const r = audit({ paths: c.inputs ? c.inputs.map((f) => join(dir, f)) : [dir], only: ['event-unsupported'] });
        const wrong = r.findings.filter((f) => f.severity === 'error' && DOCUMENTED[c.from].includes(eventOf(f) ?? ''));
        expect(
          wrong.map((f) => `${f.path}: ${f.message}`),
          'audit: documented events reported unsupported',
        ).toEqual([]);
      },
    );

    for (const to of ALL.filter((d) => d !== c.from)) {
      // CodeBuddy Code and the CodeBuddy IDE read the same .codebuddy/settings.json: write beside it.
      const out =
        (c.from === 'codebuddy' && to === 'codebuddy-ide') || (c.from === 'codebuddy-ide' && to === 'codebuddy')
          ? 'converted.json'
          : undefined;

      check(`${c.name}|${to}`)(
        `-> ${to}: converts (exit 0/1), a report row per hook, idempotent, round-trips, audits`,
        async () => {
          const dir = copy(c.name);
          const sources = sourceFiles(c, dir);
          const handlers = sources.reduce((n, f) => n + countHandlers(f), 0);
          expect(handlers).toBeGreaterThan(0);
          const opts = {
            to: [to],
            project: dir,
            ...(c.inputs ? { inputs: c.inputs.map((f) => join(dir, f)) } : {}),
            ...(c.explicitFrom ? { from: c.from } : {}),
            ...(out ? { out: join(dir, out) } : {}),
          };

          // 0. a source its own agent ignores: refused, naming the fix, nothing written
          if (c.refused) {
            const refused = await convertExit(opts);
            expect(refused.exit).toBe(2);
            expect(refused.error).toMatch(c.refused);
            expect(readdirSync(dir).sort()).toEqual(readdirSync(join(FIXTURES, c.name)).sort());
            return;
          }
          // 1. converts, never exit 2; one report row per handler of the source
          const first = await convertExit(opts);
          if (first.exit === 2) throw new Error(`convert exits 2: ${first.error}`);
          const target = first.result!.targets[0]!;
          expect(target.result.report.length, 'report rows (one per source hook)').toBe(handlers);

          // 2. a second run changes nothing
          const second = await convertExit(opts);
          if (second.exit === 2) throw new Error(`second convert exits 2: ${second.error}`);
          expect(second.result!.targets[0]!.after, 'second convert changes the target file').toBe(target.after);

          // 3. converting back gives the same hooks: same events, types, commands (wrappers unwrapped), args
          const back = await convertExit({
            inputs: [target.file],
            from: to,
            to: [c.from],
            project: mkdtempSync(join(tmpdir(), 'hb-rw-back-')),
            stdout: true,
          });
          if (back.exit === 2) throw new Error(`converting back exits 2: ${back.error}`);
          const backFile = join(
            mkdtempSync(join(tmpdir(), 'hb-rw-backfile-')),
            c.from === 'hooks-yaml' ? 'hooks.yaml' : 'settings.json',
          );
          writeFileSync(backFile, back.result!.targets[0]!.after);
          const pluginRoot = first.result!.sources.find((s) => s.pluginRoot)?.pluginRoot;
          const kept = new Set(
            target.result.report.filter((r) => r.status !== 'dropped').map((r) => `${r.source.file}\0${r.source.path}`),
          );
          const original = first
            .result!.sources.flatMap((s) => readHooks(c.from, s.file))
            .filter((h) => kept.has(`${h.origin.file}\0${h.origin.path}`))
            .map((h) => identity(h))
            .sort();
          const roundTripped = readHooks(c.from, backFile)
            .map((h) => identity(h, pluginRoot))
            .sort();
          expect(roundTripped, 'hooks after converting back').toEqual(original);

          // 4. audit for the target: an event the target documents is never an "event-unsupported" error
          const a = audit({
            paths: c.inputs ? c.inputs.map((f) => join(dir, f)) : sources,
            target: to,
            only: ['event-unsupported'],
          });
          const wrong = a.findings.filter((f) => f.severity === 'error' && DOCUMENTED[to].includes(eventOf(f) ?? ''));
          expect(
            wrong.map((f) => `${f.path}: ${f.message}`),
            `audit --target ${to}: documented events reported unsupported`,
          ).toEqual([]);

          // 5. the written file, audited on its own agent: the same (not for `out`: audit reads files at their real
          //    places)
          if (out) return;
          const written = audit({ paths: [target.file], only: ['event-unsupported'] });
          const wrongWritten = written.findings.filter(
            (f) => f.severity === 'error' && DOCUMENTED[to].includes(eventOf(f) ?? ''),
          );
          expect(
            wrongWritten.map((f) => `${f.path}: ${f.message}`),
            `audit of the converted ${to} file: documented events reported unsupported`,
          ).toEqual([]);
        },
      );
    }
  });
}

describe('real-world malformed shapes', () => {
  for (const m of MALFORMED) {
    for (const to of ALL.filter((d) => d !== 'claude')) {
      check(`${m.name}|${to}`)(
        `${m.name} -> ${to}: a clear error naming the file, or a row for every hook`,
        async () => {
          const dir = copy(m.name);
          const r = await convertExit({ to: [to], project: dir });
          if (r.exit === 2) {
            expect(r.error).toContain(join(dir, m.file));
            expect(r.error).not.toMatch(/\n\s+at .+:\d+:\d+/);
          } else {
            const raw = parseJsoncText(readFileSync(join(dir, m.file), 'utf8')) as Record<string, unknown>;
            const groups = (raw.hooks && !Array.isArray(raw.hooks) ? raw.hooks : raw) as Record<
              string,
              { hooks?: unknown[] }[]
            >;
            const handlers = Object.values(groups)
              .filter(Array.isArray)
              .reduce((n, gs) => n + gs.reduce((k, g) => k + (g.hooks?.length ?? 0), 0), 0);
            expect(r.result!.targets[0]!.result.report.length, 'report rows (one per hook in the file)').toBe(handlers);
          }
        },
      );
    }
  }
});

describe('real-world via the built CLI (exit codes as a user sees them)', () => {
  const bin = resolve(import.meta.dirname, '../../bin/hook-bridge.cjs');
  for (const c of CASES.filter((x) =>
    ['claude-all-lifecycle', 'plugin-custom-hooks-path', 'hooks-yaml-priority', 'codebuddy-project'].includes(x.name),
  )) {
    check(`cli:${c.name}`)(
      `${c.name}: convert --to every other dialect exits 0 or 1, with a report line per hook`,
      () => {
        const dir = copy(c.name);
        const targets = ALL.filter((d) => d !== c.from && !(c.from === 'codebuddy' && d === 'codebuddy-ide'));
        const r = spawnSync(
          process.execPath,
          [bin, 'convert', ...(c.inputs ?? []), '--to', targets.join(','), '--format', 'json', '--stdout'],
          { cwd: dir, encoding: 'utf8' },
        );
        if (r.status === 2) throw new Error(`hook-bridge convert exits 2: ${r.stderr}`);
        expect(r.stderr).toBe('');
        expect([0, 1]).toContain(r.status);
        const json = JSON.parse(r.stdout) as { targets: { report: unknown[] }[] };
        const handlers = sourceFiles(c, dir).reduce((n, f) => n + countHandlers(f), 0);
        for (const t of json.targets) expect(t.report).toHaveLength(handlers);
      },
    );
  }
});
