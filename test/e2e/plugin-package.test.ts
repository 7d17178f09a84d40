// A Claude Code plugin installed into the real agent (issue 36): the guard scenarios of the differential suite (deny,
// allow, additionalContext, a Stop block), their hooks written as a plugin's (`${CLAUDE_PLUGIN_ROOT}/scripts/…`),
// installed offline into a sandboxed HOME through the agent's own import of Claude plugins (the anchor: Qwen Code's
// `qwen extensions install <plugin>`) and through the package `hook-bridge convert <plugin> --to <agent> --package`
// writes (`qwen|gemini extensions install <package> --consent`; Codex CLI's marketplace add and plugin add, Copilot
// CLI's plugin install, as `package.install` says). hook-bridge's package must reach Claude Code's outcome (each
// scenario's `expected`, asserted on real Claude Code by differential.test.ts); the agent's own import is recorded.
// Real plugins the same two ways: obra/superpowers (its SessionStart context) and affaan-m/everything-claude-code (its
// `git commit --no-verify` deny). Both installed at once: Qwen Code refuses the second of one name, so no hook runs
// twice.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mappings } from '../../src/model/mappings.js';
import { codexCommandEnv, runCodex } from './harness/codex.js';
import { copilotCommandEnv } from './harness/copilot.js';
import { GEMINI_USER_SETTINGS, geminiEnv } from './harness/gemini.js';
import { droidCommandEnv } from './harness/droid.js';
import { forkCommandEnv } from './harness/opencode.js';
import { ensureAgent, ensureNode22 } from './harness/install.js';
import type { AgentRun } from './harness/types.js';
import { baseEnv, makeWorkspace, writeJson, type TempWorkspace } from './harness/util.js';
import { bin, HOSTS, repoRoot, withHookBridgeOnPath, type HostId } from './scenarios/hosts.js';
import { SCENARIOS, type Observation, type Scenario } from './scenarios/scenarios.js';

const scripts = join(import.meta.dirname, 'scenarios/scripts');
const PLUGIN = 'hb-e2e-guards';
/** deny, allow, additionalContext after a tool, a Stop block. */
const PLAYED = ['guard-exit2', 'guard-harmless', 'post-context', 'stop-block'];
type Way = 'ownImport' | 'package';
type AgentId = Extract<HostId, 'qwen' | 'gemini' | 'codex' | 'copilot' | 'pi' | 'opencode' | 'kilo' | 'droid'>;
/** The agents with a package format, and whether each imports Claude plugins itself. */
const AGENTS: { id: AgentId; ways: Way[] }[] = [
  { id: 'qwen', ways: ['ownImport', 'package'] },
  { id: 'gemini', ways: ['package'] },
  { id: 'codex', ways: ['ownImport', 'package'] },
  { id: 'copilot', ways: ['ownImport', 'package'] },
  // Pi imports no Claude plugin: a package carries hook-bridge's loader as its extension. Installed for the user, it
  // runs in a project Pi was never told to trust (the scenarios' projects are not).
  { id: 'pi', ways: ['package'] },
  // OpenCode imports none either: the package is a plugin module (hook-bridge's loader), installed globally.
  { id: 'opencode', ways: ['package'] },
  { id: 'kilo', ways: ['package'] },
  // Factory Droid installs Claude plugins from a Claude marketplace itself (its own import, the anchor).
  { id: 'droid', ways: ['ownImport', 'package'] },
];
/** Codex CLI: the harness turns plugins off (their startup sync goes online); an installed plugin needs them on. */
const RUN_ARGS: Partial<Record<AgentId, string[]>> = { codex: ['--enable', 'plugins'] };

/**
 * The agent run with hook-bridge on PATH. hook-bridge's Codex package runs without --dangerously-bypass-hook-trust:
 * convert --trust-codex-hooks recorded its hooks' trust (the agent's own import has none: bypassed, as recorded).
 */
function runAgent(id: AgentId, way: Way, run: AgentRun) {
  const r = withHookBridgeOnPath({ ...run, args: RUN_ARGS[id] ?? [] });
  return id === 'codex' && way === 'package' ? runCodex(r, { bypassHookTrust: false }) : HOSTS[id].run(r);
}
const workspaces: TempWorkspace[] = [];
/** Per agent and way, each scenario played: did it reach Claude Code's outcome? */
const scores = new Map<string, Map<Way, { id: string; same: boolean }[]>>();

/** The scenario's Claude hooks as a plugin: its scripts under scripts/, named through the plugin root. */
function writePlugin(s: Scenario, dir: string): void {
  mkdirSync(join(dir, '.claude-plugin'), { recursive: true });
  writeJson(join(dir, '.claude-plugin/plugin.json'), { name: PLUGIN, version: '1.0.0', description: s.name });
  cpSync(scripts, join(dir, 'scripts'), { recursive: true });
  for (const f of ['block-rm.sh', 'protect-env.py'])
    cpSync(join(repoRoot, 'examples/claude-project/.claude/hooks', f), join(dir, 'scripts', f));
  const hooks = JSON.stringify({ hooks: s.hooks })
    .replaceAll('\\"$CLAUDE_PROJECT_DIR\\"/.hooks/', '\\"${CLAUDE_PLUGIN_ROOT}\\"/scripts/')
    .replaceAll('$CLAUDE_PROJECT_DIR/.hooks/', '${CLAUDE_PLUGIN_ROOT}/scripts/');
  expect(hooks).not.toContain('CLAUDE_PROJECT_DIR');
  writeJson(join(dir, 'hooks/hooks.json'), JSON.parse(hooks));
}

/** The agent's environment for its `extensions` commands (the run's HOME, offline). */
function agentEnv(id: 'qwen' | 'gemini', homeDir: string, projectDir: string): NodeJS.ProcessEnv {
  if (id === 'gemini') {
    writeJson(join(homeDir, '.gemini/settings.json'), GEMINI_USER_SETTINGS);
    return geminiEnv({ projectDir, homeDir, steps: [] }, 'http://127.0.0.1:9');
  }
  return { ...baseEnv(), HOME: homeDir, QWEN_CODE_NO_RELAUNCH: 'true', QWEN_TELEMETRY_ENABLED: 'false' };
}

function install(id: 'qwen' | 'gemini', source: string, homeDir: string, projectDir: string) {
  return spawnSync(process.execPath, [ensureAgent(id), 'extensions', 'install', source, '--consent'], {
    cwd: projectDir,
    env: agentEnv(id, homeDir, projectDir),
    input: '',
    encoding: 'utf8',
    timeout: 120_000,
  });
}

const pluginName = (plugin: string): string =>
  (JSON.parse(readFileSync(join(plugin, '.claude-plugin/plugin.json'), 'utf8')) as { name: string }).name;

/** The Claude plugin in a marketplace of its own, as Codex CLI takes one (what hook-bridge's Codex package is too). */
function ownMarketplace(plugin: string, dir: string): string {
  const name = pluginName(plugin);
  cpSync(plugin, join(dir, 'plugins', name), { recursive: true });
  const source = { source: 'local', path: `./plugins/${name}` };
  writeJson(join(dir, '.agents/plugins/marketplace.json'), { name, plugins: [{ name, source }] });
  return dir;
}

/** The agents installed by their own package commands (`package.install`), not the extensions commands. */
type Documented = Exclude<AgentId, 'qwen' | 'gemini'>;

/** The agent's program for its package commands, and their environment (the run's HOME, offline). */
function packageCommand(id: Documented, ws: TempWorkspace): { argv: string[]; env: NodeJS.ProcessEnv } {
  const homeDir = ws.homeDir;
  if (id === 'pi') return { argv: [ensureNode22(), ensureAgent('pi')], env: { ...baseEnv(), HOME: homeDir } };
  if (id === 'opencode' || id === 'kilo') return { argv: [ensureAgent(id)], env: forkCommandEnv(id, ws) };
  if (id === 'droid') return { argv: [ensureAgent(id)], env: droidCommandEnv(homeDir) };
  const env = id === 'codex' ? codexCommandEnv(homeDir) : copilotCommandEnv(homeDir);
  return { argv: [ensureAgent(id)], env };
}

/** The Claude plugin in a Claude Code marketplace of its own (what Factory Droid installs Claude plugins from). */
function claudeMarketplace(plugin: string, dir: string): string {
  const name = pluginName(plugin);
  cpSync(plugin, join(dir, 'plugins', name), { recursive: true });
  const plugins = [{ name, source: `./plugins/${name}` }];
  writeJson(join(dir, '.claude-plugin/marketplace.json'), { name, owner: { name: 'e2e' }, plugins });
  return dir;
}

/**
 * Installed by the commands `package.install` of mappings/dialects/<id>.yaml says (what convert tells the user), the
 * agent's program for its name: Codex CLI's marketplace add and plugin add, Copilot CLI's plugin install, `pi install`.
 */
function installAsDocumented(id: Documented, dir: string, name: string, ws: TempWorkspace) {
  const { argv, env } = packageCommand(id, ws);
  let last: ReturnType<typeof spawnSync> | undefined;
  for (const command of mappings.dialects[id].package!.install.split(' && ')) {
    const [, ...args] = command
      .split(' ')
      .map((w) => w.replace('<dir>', dir).replaceAll('<dirname>', basename(dir)).replaceAll('<name>', name));
    const [program, ...first] = argv;
    last = spawnSync(program!, [...first, ...args], {
      cwd: ws.projectDir,
      env,
      input: '',
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (last.status !== 0) break;
  }
  return last!;
}

/** The plugin installed for the run's user: as it is (the agent's own import), or hook-bridge's package of it. */
function installedWay(id: AgentId, way: Way, plugin: string, ws: TempWorkspace): void {
  let source = plugin;
  if (way === 'package') {
    source = join(ws.root, 'package', basename(plugin));
    const trust = mappings.dialects[id].package!.trustKey ? ['--trust-codex-hooks'] : [];
    const env = { ...process.env, HOME: ws.homeDir, CODEX_HOME: join(ws.homeDir, '.codex') };
    execFileSync(process.execPath, [bin, 'convert', plugin, '--to', id, '--package', source, ...trust], {
      stdio: 'pipe',
      env,
    });
  } else if (id === 'codex') source = ownMarketplace(plugin, join(ws.root, 'marketplace'));
  else if (id === 'droid') source = claudeMarketplace(plugin, join(ws.root, 'marketplace'));
  const inst =
    id !== 'qwen' && id !== 'gemini'
      ? installAsDocumented(id, source, pluginName(plugin), ws)
      : install(id, source, ws.homeDir, ws.projectDir);
  expect(inst.status, `${inst.stdout}\n${inst.stderr}`).toBe(0);
}

/** The scenario on the agent with the plugin installed one way; what was observed. */
async function play(s: Scenario, id: AgentId, way: Way): Promise<Observation> {
  const ws = makeWorkspace(`hb-e2e-pkg-${s.id}-${id}-`);
  workspaces.push(ws);
  const dir = ws.projectDir;
  mkdirSync(join(dir, 'victim'));
  writeFileSync(join(dir, 'victim/keep.txt'), 'keep');
  for (const [f, text] of Object.entries(s.files ?? {})) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), text);
  }
  const plugin = join(ws.root, 'plugin', PLUGIN);
  writePlugin(s, plugin);
  installedWay(id, way, plugin, ws);
  const h = HOSTS[id];
  const steps = s.steps(h, dir).map((st) => (h.step ? h.step(st, dir) : st));
  const r = await runAgent(id, way, { projectDir: dir, homeDir: ws.homeDir, steps });
  return s.observe(r, dir);
}

afterAll(() => {
  for (const w of workspaces) w.cleanup();
  const count = (xs: { same: boolean }[]) => `${xs.filter((x) => x.same).length}/${xs.length}`;
  const differ = (xs: { id: string; same: boolean }[]) => xs.filter((x) => !x.same).map((x) => x.id);
  const line = [...scores].map(
    ([id, ways]) =>
      `${id}: ${[...ways]
        .map(([w, xs]) => `${w} ${count(xs)}${differ(xs).length ? ` (different: ${differ(xs).join(', ')})` : ''}`)
        .join(', ')}`,
  );
  console.log(`\nA Claude plugin's guard scenarios, Claude's outcome reached:\n${line.join('\n')}\n`);
  // Recorded beside the differential scores (docs/e2e-scores.json `plugins`) when every scenario was played.
  const file = join(repoRoot, 'docs/e2e-scores.json');
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const full = [...scores].filter(([, ways]) => [...ways.values()].every((xs) => xs.length === PLAYED.length));
  if (process.env.HOOK_BRIDGE_E2E_SCORES === 'write' && full.length) {
    const plugins = { ...(recorded.plugins as Record<string, unknown> | undefined) };
    for (const [id, ways] of full) plugins[id] = Object.fromEntries([...ways].map(([w, xs]) => [w, count(xs)]));
    writeFileSync(file, `${JSON.stringify({ ...recorded, plugins }, null, 2)}\n`);
  }
});

for (const { id, ways } of AGENTS)
  describe(`a Claude plugin installed into ${id}`, () => {
    describe.each(ways)('through %s', (way) => {
      it.each(PLAYED)(
        '%s',
        async (sid) => {
          const s = SCENARIOS.find((x) => x.id === sid)!;
          const o = await play(s, id, way);
          const expected = s.limits?.[id]?.expected ?? s.expected;
          const same = JSON.stringify(o) === JSON.stringify(expected);
          const byWay = scores.get(id) ?? new Map<Way, { id: string; same: boolean }[]>();
          scores.set(id, byWay.set(way, [...(byWay.get(way) ?? []), { id: sid, same }]));
          if (way === 'package') expect(o).toEqual(expected);
        },
        240_000,
      );
    });
  });

/** A fresh workspace (its project a git repository) with a plugin of test/real-projects installed one way. */
function withRealPlugin(project: string, id: AgentId, way: Way): TempWorkspace {
  const ws = makeWorkspace(`hb-e2e-pkg-real-${id}-`);
  workspaces.push(ws);
  execFileSync('git', ['init', '-q', ws.projectDir]);
  const plugin = join(ws.root, 'plugin', project.replace(/^.*__/, ''));
  cpSync(join(repoRoot, 'test/real-projects', project), plugin, { recursive: true });
  installedWay(id, way, plugin, ws);
  return ws;
}

describe("a real plugin: obra/superpowers' SessionStart context (test/real-projects)", () => {
  const told = (r: { requests: { body: unknown }[] }, text: string) =>
    r.requests.some((q) => JSON.stringify(q.body).includes(text));
  const ran: string[] = [];
  afterAll(() => console.log(`\nsuperpowers, the model told "You have superpowers.": ${ran.join(', ')}\n`));
  for (const { id, ways } of AGENTS)
    it.each(ways)(
      `${id} through %s`,
      async (way) => {
        const ws = withRealPlugin('obra__superpowers', id, way);
        const r = await runAgent(id, way, { projectDir: ws.projectDir, homeDir: ws.homeDir, steps: [] });
        ran.push(`${id} ${way}: ${told(r, 'You have superpowers.')}`);
        if (way === 'package') expect(told(r, 'You have superpowers.')).toBe(true);
      },
      240_000,
    );
});

describe('a real plugin: affaan-m/everything-claude-code keeps its denies (test/real-projects)', () => {
  const ran: string[] = [];
  afterAll(() =>
    console.log(`\neverything-claude-code, commit --no-verify denied with its reason: ${ran.join(', ')}\n`),
  );
  for (const { id, ways } of AGENTS)
    it.each(ways)(
      `${id} through %s`,
      async (way) => {
        const ws = withRealPlugin('affaan-m__everything-claude-code', id, way);
        const h = HOSTS[id];
        const d = ws.projectDir;
        const steps = [
          { tool: h.tools.shell, args: { command: 'git commit --no-verify -m x && touch committed.marker' } },
          // Its fact-forcing gate stops the session's first other shell command, once; the next goes through.
          { tool: h.tools.shell, args: { command: 'touch first.marker' } },
          { tool: h.tools.shell, args: { command: 'touch harmless.marker' } },
        ].map((st) => (h.step ? h.step(st, d) : st));
        const r = await runAgent(id, way, { projectDir: d, homeDir: ws.homeDir, steps, timeoutMs: 300_000 });
        const denied = String(r.toolResults[0]).includes('BLOCKED: --no-verify flag is not allowed with git commit');
        ran.push(`${id} ${way}: ${denied}`);
        if (way === 'package') {
          const why = `${JSON.stringify(r.toolResults, null, 1)}\n${r.stderr.slice(-2000)}`;
          expect(denied, why).toBe(true);
          expect(existsSync(join(d, 'committed.marker')), why).toBe(false);
          expect(existsSync(join(d, 'harmless.marker')), why).toBe(true);
        }
      },
      360_000,
    );
});

describe('both installed: the agent takes one package of a name, so no hook runs twice', () => {
  it('qwen: its own import first, then the package is refused (and the other way round)', () => {
    const s = SCENARIOS.find((x) => x.id === 'guard-exit2')!;
    for (const first of ['ownImport', 'package'] as const) {
      const ws = makeWorkspace('hb-e2e-pkg-both-');
      workspaces.push(ws);
      const plugin = join(ws.root, 'plugin', PLUGIN);
      writePlugin(s, plugin);
      const pkg = join(ws.root, 'package', PLUGIN);
      execFileSync(process.execPath, [bin, 'convert', plugin, '--to', 'qwen', '--package', pkg], { stdio: 'pipe' });
      const [a, b] = first === 'ownImport' ? [plugin, pkg] : [pkg, plugin];
      expect(install('qwen', a, ws.homeDir, ws.projectDir).status).toBe(0);
      const second = install('qwen', b, ws.homeDir, ws.projectDir);
      expect(second.status).not.toBe(0);
      expect(`${second.stdout}${second.stderr}`).toContain(`"${PLUGIN}" is already installed`);
    }
  }, 240_000);
});
