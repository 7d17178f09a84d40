// Differential end to end (issue #6): every scenario runs on real Claude Code with the original
// Claude config (the reference), then on Qwen Code, CodeBuddy Code, Gemini CLI, Codex CLI and GitHub Copilot CLI with
// the
// config converted by `hook-bridge convert` (must match the reference, or the documented degradation where the host
// cannot express the behaviour), and with the config copied verbatim (recorded: what users get
// today; on Copilot CLI, which runs the Claude file itself, that file left as it is). The table of verbatim vs bridged
// outcomes is printed at the end.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, describe as suite, expect, it } from 'vitest';
import { NoSuchTool, runCodex } from './harness/codex.js';
import { ensureAgent } from './harness/install.js';
import type { AgentRun, AgentRunResult } from './harness/types.js';
import { makeWorkspace, writeJson, type TempWorkspace } from './harness/util.js';
import {
  HAND_FIXES,
  HOSTS,
  MIGRATES,
  NO_PROJECT_DIR_VAR,
  installConfig,
  repoRoot,
  type HostId,
  type Mode,
} from './scenarios/hosts.js';
import { SCENARIOS, type Observation, type Scenario } from './scenarios/scenarios.js';

const scripts = join(import.meta.dirname, 'scenarios/scripts');
const workspaces: TempWorkspace[] = [];
const reference = new Map<string, Observation>();
/** same (true) / different (false); bridged: 'failed' when the assertion fails */
type Outcome = boolean | 'n/a' | 'failed';
const table: {
  scenario: string;
  host: HostId;
  verbatim?: Outcome;
  pathFixed?: Outcome;
  handFixed?: Outcome;
  migrated?: Outcome;
  bridged?: Outcome;
}[] = [];

/** Plays a scenario on a host; `run` replaces the host's driver (e.g. Codex without the hook-trust bypass). */
async function play(
  s: Scenario,
  host: HostId,
  mode: Mode,
  run: (r: AgentRun) => Promise<AgentRunResult> = HOSTS[host].run,
  install: { trustCodexHooks?: boolean; convertedFor?: HostId } = {},
): Promise<{ o: Observation; r: AgentRunResult }> {
  const ws = makeWorkspace(`hb-e2e-${s.id}-${host}-`);
  workspaces.push(ws);
  const dir = ws.projectDir;
  cpSync(scripts, join(dir, '.hooks'), { recursive: true });
  // The guards of the bundled example project are the scenarios' guards too.
  for (const f of ['block-rm.sh', 'protect-env.py'])
    cpSync(join(repoRoot, 'examples/claude-project/.claude/hooks', f), join(dir, '.hooks', f));
  mkdirSync(join(dir, 'victim'));
  writeFileSync(join(dir, 'victim/keep.txt'), 'keep');
  for (const [f, text] of Object.entries(s.files ?? {})) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), text);
  }
  writeJson(join(dir, '.claude/settings.json'), { hooks: s.hooks });
  // convertedFor: the project converted for another agent first (Copilot CLI gates the Claude file), then run on
  // `host`.
  installConfig(dir, HOSTS[install.convertedFor ?? host], install.convertedFor ? 'bridged' : mode, ws.homeDir, install);
  const h = HOSTS[host];
  const steps = s.steps(h, dir).map((st) => (h.step ? h.step(st, dir) : st));
  const r = await run({
    projectDir: dir,
    homeDir: ws.homeDir,
    steps,
    ...(s.prompt ? { prompt: s.prompt } : {}),
    ...(s.args?.[host] ? { args: s.args[host] } : {}),
  });
  return { o: s.observe(r, dir), r };
}

/** Why a scenario cannot be played on a host at all (it uses a tool the host does not have), or undefined. */
function notApplicable(s: Scenario, host: HostId): string | undefined {
  const h = HOSTS[host];
  try {
    for (const st of s.steps(h, '/PROJECT')) h.step?.(st, '/PROJECT');
  } catch (e) {
    if (e instanceof NoSuchTool) return e.message;
  }
  return undefined;
}

const explain = (r: AgentRunResult) =>
  `exit=${r.exitCode} ${r.durationMs} ms, ${r.requests.length} request(s)\ntoolResults=` +
  `${JSON.stringify(r.toolResults)}\nstderr: ${r.stderr.slice(-1200)}`;
const row = (scenario: string, host: HostId) => {
  let x = table.find((t) => t.scenario === scenario && t.host === host);
  if (!x) table.push((x = { scenario, host }));
  return x;
};

beforeAll(() => {
  for (const id of Object.keys(HOSTS) as HostId[]) ensureAgent(id);
});
afterAll(() => {
  workspaces.forEach((w) => {
    w.cleanup();
  });
  const mark = (v: Outcome | undefined) =>
    v === undefined
      ? '—'
      : v === 'n/a'
        ? 'not applicable'
        : v === 'failed'
          ? '**FAILED**'
          : v
            ? 'same'
            : '**different**';
  const lines = [
    '| scenario | host | copied verbatim | copied, project path written out | fixed by hand | through the ' +
      "agent's own migration | through hook-bridge |",
    '|---|---|---|---|---|---|---|',
  ];
  for (const t of table)
    lines.push(
      `| ${t.scenario} | ${t.host} | ${mark(t.verbatim)} | ${mark(t.pathFixed)} | ${mark(t.handFixed)} | ` +
        `${mark(t.migrated)} | ` +
        (t.bridged === false ? 'documented degradation' : mark(t.bridged)) +
        ` |`,
    );
  const count = (h: HostId, k: 'verbatim' | 'pathFixed' | 'handFixed' | 'migrated' | 'bridged') =>
    String(table.filter((t) => t.host === h && t[k] === true).length) +
    `/` +
    String(table.filter((t) => t.host === h && t[k] !== undefined && t[k] !== 'n/a').length);
  const totals = [...new Set(table.map((t) => t.host))].map(
    (h) =>
      `${h}: verbatim ${count(h, 'verbatim')}` +
      (NO_PROJECT_DIR_VAR.includes(h) ? `, path written out ${count(h, 'pathFixed')}` : '') +
      (HAND_FIXES[h] ? `, fixed by hand ${count(h, 'handFixed')}` : '') +
      (MIGRATES[h] ? `, own migration ${count(h, 'migrated')}` : '') +
      `, hook-bridge ${count(h, 'bridged')}`,
  );
  console.log(
    `\nCompatibility (outcome vs the script's own agent — real Claude Code running the original config):\n` +
      `${lines.join('\n')}\n${totals.join('\n')}\n`,
  );
  // The scores the README's agent table shows (docs/e2e-scores.json): rewritten on request, compared otherwise.
  // (a host whose rows are all "not applicable" was not run: `-t` filtered it out)
  const ran = (t: (typeof table)[number]) =>
    [t.verbatim, t.pathFixed, t.handFixed, t.migrated, t.bridged].some((v) => v !== undefined && v !== 'n/a');
  const hosts = [...new Set(table.filter(ran).map((t) => t.host))].filter((h) => h !== 'claude');
  const other = (h: HostId) =>
    NO_PROJECT_DIR_VAR.includes(h)
      ? (['pathFixed', 'project path written out'] as const)
      : HAND_FIXES[h]
        ? (['handFixed', 'the fix its docs lead to'] as const)
        : MIGRATES[h]
          ? (['migrated', 'its own migration'] as const)
          : undefined;
  // A column counts for a host only when every scenario was played in it (a `-t` run that filters scenarios, or one
  // column, leaves the other recorded numbers as they are).
  const measured = (h: HostId, k: 'verbatim' | 'pathFixed' | 'handFixed' | 'migrated' | 'bridged') =>
    SCENARIOS.every((s) => table.find((t) => t.scenario === s.id && t.host === h)?.[k] !== undefined);
  const score = (h: HostId, k: 'verbatim' | 'pathFixed' | 'handFixed' | 'migrated' | 'bridged') =>
    count(h, k).endsWith('/0') ? '—' : count(h, k);
  const scores: Record<string, Record<string, string>> = Object.fromEntries(
    hosts.map((h) => {
      const o = other(h);
      return [
        h,
        {
          ...(measured(h, 'verbatim') ? { asIs: score(h, 'verbatim') } : {}),
          ...(o && measured(h, o[0]) ? { other: score(h, o[0]), otherIs: o[1] } : {}),
          ...(measured(h, 'bridged') ? { bridged: score(h, 'bridged') } : {}),
        },
      ];
    }),
  );
  const file = join(repoRoot, 'docs/e2e-scores.json');
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as {
    about: string;
    agents: Record<string, Record<string, string>>;
  };
  const merged = Object.fromEntries(hosts.map((h) => [h, { ...recorded.agents[h], ...scores[h] }]));
  const differs = hosts.filter((h) => JSON.stringify(recorded.agents[h]) !== JSON.stringify(merged[h]));
  if (process.env.HOOK_BRIDGE_E2E_SCORES === 'write' && differs.length) {
    writeFileSync(
      file,
      `${JSON.stringify({ about: recorded.about, agents: { ...recorded.agents, ...merged } }, null, 2)}\n`,
    );
    console.log(
      `scores of ${differs.join(', ')} written to docs/e2e-scores.json; regenerate the README's table: ` +
        `npx tsx scripts/event-table.ts --write`,
    );
  } else if (differs.length)
    console.log(
      `these scores differ from docs/e2e-scores.json (HOOK_BRIDGE_E2E_SCORES=write npm run test:e2e records ` +
        `them): ${JSON.stringify(Object.fromEntries(differs.map((h) => [h, scores[h]])))}`,
    );
});

describe('reference: Claude Code runs the original config', () => {
  for (const s of SCENARIOS) {
    it(s.name, async () => {
      const { o, r } = await play(s, 'claude', 'reference');
      expect(o, explain(r)).toEqual(s.expected);
      reference.set(s.id, o);
    });
  }
});

/** A scenario the host cannot play: recorded as not applicable, shown as skipped with the reason. */
function skipNotApplicable(
  s: Scenario,
  host: HostId,
  mode: 'verbatim' | 'pathFixed' | 'handFixed' | 'bridged',
): boolean {
  const why = notApplicable(s, host);
  if (!why) return false;
  it.skip(`${s.name} (not applicable: ${why})`, () => {});
  row(s.id, host)[mode] = 'n/a';
  return true;
}

/**
 * Hosts whose runs are played two at a time (the e2e config's maxConcurrency): each run has its own workspace, HOME and
 * mock. Most of a Pi or OpenCode run is the agent starting up, which a second run overlaps (measured on 2 cores:
 * OpenCode's 32 runs 86 s → 62 s, Pi's 30 runs 30 s → 20 s).
 */
const CONCURRENT: readonly HostId[] = ['pi', 'opencode', 'kilo'];

for (const host of ['qwen', 'codebuddy', 'gemini', 'codex', 'copilot', 'pi', 'opencode', 'kilo', 'droid'] as const) {
  const describe = CONCURRENT.includes(host) ? suite.concurrent : suite;
  describe(`${host}: the config converted by hook-bridge behaves as on Claude Code`, () => {
    for (const s of SCENARIOS) {
      if (skipNotApplicable(s, host, 'bridged')) continue;
      const limit = s.limits?.[host];
      it(`${s.name}${limit ? ` (limit: ${limit.why})` : ''}`, async ({ expect }) => {
        const { o, r } = await play(s, host, 'bridged');
        const want = limit ? limit.expected : (reference.get(s.id) ?? s.expected);
        row(s.id, host).bridged = JSON.stringify(o) === JSON.stringify(want) ? !limit : 'failed';
        expect(o, explain(r)).toEqual(want);
      });
    }
  });
  describe(`${host}: the config copied verbatim (recorded, not asserted)`, () => {
    for (const s of SCENARIOS) {
      if (skipNotApplicable(s, host, 'verbatim')) continue;
      it(s.name, async () => {
        const { o } = await play(s, host, 'verbatim');
        row(s.id, host).verbatim = JSON.stringify(o) === JSON.stringify(reference.get(s.id) ?? s.expected);
      });
    }
  });
  if (NO_PROJECT_DIR_VAR.includes(host)) {
    describe(
      `${host}: the config copied with $CLAUDE_PROJECT_DIR written out ` +
        `as the project path (recorded, not asserted)`,
      () => {
        for (const s of SCENARIOS) {
          if (skipNotApplicable(s, host, 'pathFixed')) continue;
          it(s.name, async () => {
            const { o } = await play(s, host, 'pathFixed');
            row(s.id, host).pathFixed = JSON.stringify(o) === JSON.stringify(reference.get(s.id) ?? s.expected);
          });
        }
      },
    );
  }
  if (HAND_FIXES[host]) {
    describe(`${host}: the config fixed by hand as its docs lead to (recorded, not asserted)`, () => {
      for (const s of SCENARIOS) {
        if (skipNotApplicable(s, host, 'handFixed')) continue;
        it(s.name, async () => {
          const { o } = await play(s, host, 'handFixed');
          row(s.id, host).handFixed = JSON.stringify(o) === JSON.stringify(reference.get(s.id) ?? s.expected);
        });
      }
    });
  }
  if (MIGRATES[host]) {
    describe(`${host}: the config through the agent's own migration (recorded, not asserted)`, () => {
      for (const s of SCENARIOS) {
        it(s.name, async () => {
          const { o } = await play(s, host, 'migrate');
          row(s.id, host).migrated = JSON.stringify(o) === JSON.stringify(reference.get(s.id) ?? s.expected);
        });
      }
    });
  }
}

describe('claude: the project converted --to copilot (its Claude hooks gated) runs on Claude Code as before', () => {
  for (const s of SCENARIOS) {
    it(s.name, async () => {
      const { o, r } = await play(s, 'claude', 'reference', HOSTS.claude.run, { convertedFor: 'copilot' });
      expect(o, explain(r)).toEqual(reference.get(s.id) ?? s.expected);
    });
  }
});

describe(
  'codex: hook trust (the report warns: headless, untrusted hooks are ' +
    'skipped silently; --trust-codex-hooks records them)',
  () => {
    // Codex itself refuses `rm -f`-style commands ("rm -f style commands are not permitted", observed), so the
    // guard's scenario runs `rm -r` here, which Codex allows and block-rm.sh blocks.
    const base = SCENARIOS.find((x) => x.id === 'guard-exit2')!;
    const guard: Scenario = {
      ...base,
      id: 'guard-exit2-rm-r',
      steps: (h) => [{ tool: h.tools.shell, args: { command: 'rm -r victim && touch removed.marker' } }],
    };
    it(
      'without --dangerously-bypass-hook-trust and no trusted hash recorded, ' +
        'the converted guard never runs: rm -r runs, nothing is said',
      async () => {
        const { o, r } = await play(guard, 'codex', 'bridged', (run) => runCodex(run, { bypassHookTrust: false }));
        expect(o, explain(r)).toEqual({ toolRan: true, toldReason: false });
        expect(`${r.stdout}\n${r.stderr}`).not.toMatch(/hook/i);
      },
    );
    it('the same run with --dangerously-bypass-hook-trust: the guard blocks rm -r with its reason', async () => {
      const { o, r } = await play(guard, 'codex', 'bridged');
      expect(o, explain(r)).toEqual({ toolRan: false, toldReason: true });
    });
    it(
      "converted with --trust-codex-hooks (the hashes recorded in the run's ~/.codex/config.toml), the guard runs " +
        'WITHOUT the bypass flag and blocks',
      async () => {
        const { o, r } = await play(guard, 'codex', 'bridged', (run) => runCodex(run, { bypassHookTrust: false }), {
          trustCodexHooks: true,
        });
        expect(o, explain(r)).toEqual({ toolRan: false, toldReason: true });
        expect(r.stdout).not.toContain('dangerously-bypass-hook-trust');
      },
    );
  },
);

describe('reverse: CodeBuddy IDE-dialect scripts under CodeBuddy Code', () => {
  // The IDE dialect (execute_command, filePath, modifiedInput) has no runnable reference agent here:
  // the expectation is the IDE's documented behaviour (DESIGN.md seed 003).
  const ideHooks = {
    hooks: {
      PreToolUse: [
        {
          matcher: 'execute_command',
          hooks: [{ type: 'command', command: '"$CODEBUDDY_PROJECT_DIR"/.hooks/ide-guard.sh' }],
        },
        {
          matcher: 'execute_command',
          hooks: [{ type: 'command', command: '"$CODEBUDDY_PROJECT_DIR"/.hooks/ide-rewrite.sh' }],
        },
      ],
    },
  };
  async function playIde(command: string, mode: 'bridged' | 'verbatim') {
    const ws = makeWorkspace('hb-e2e-ide-');
    workspaces.push(ws);
    const dir = ws.projectDir;
    cpSync(scripts, join(dir, '.hooks'), { recursive: true });
    writeJson(join(dir, 'ide-hooks.json'), ideHooks);
    if (mode === 'verbatim') cpSync(join(dir, 'ide-hooks.json'), join(dir, '.codebuddy/settings.json'));
    else {
      const { execFileSync } = await import('node:child_process');
      const { bin, runner } = await import('./scenarios/hosts.js');
      execFileSync(
        process.execPath,
        [bin, 'convert', 'ide-hooks.json', '--from', 'codebuddy-ide', '--to', 'codebuddy', '--runner', runner],
        { cwd: dir, stdio: 'ignore' },
      );
    }
    const r = await HOSTS.codebuddy.run({
      projectDir: dir,
      homeDir: ws.homeDir,
      steps: [{ tool: 'Bash', args: { command, description: 'run it' } }],
    });
    return { r, dir };
  }
  it('an IDE guard (tool_name == execute_command, exit 2) blocks Bash through hook-bridge', async () => {
    const { r, dir } = await playIde('rm -rf victim; touch ide-removed.marker', 'bridged');
    expect(
      { ran: existsSync(join(dir, 'ide-removed.marker')), told: r.toolResults.some((t) => t.includes('IDE-BLOCK')) },
      explain(r),
    ).toEqual({ ran: false, told: true });
  });
  it('an IDE modifiedInput rewrite becomes an updatedInput CodeBuddy Code applies', async () => {
    const { r, dir } = await playIde('touch original.marker', 'bridged');
    expect(
      { original: existsSync(join(dir, 'original.marker')), rewritten: existsSync(join(dir, 'rewritten.marker')) },
      explain(r),
    ).toEqual({ original: false, rewritten: true });
  });
  it('copied verbatim, the IDE guard never fires (recorded)', async () => {
    const { dir } = await playIde('rm -rf victim; touch ide-removed.marker', 'verbatim');
    const same = !existsSync(join(dir, 'ide-removed.marker'));
    table.push({ scenario: 'ide-guard (IDE script)', host: 'codebuddy', verbatim: same, bridged: true });
  });
});
