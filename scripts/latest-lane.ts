// The latest lane (npm run test:latest): the newest published version of every installable agent beside its pin.
// 1. asks npm for each agent's newest version and prints which moved;
// 2. for each that moved: installs it into the e2e cache and prints what changed in what its package declares (hook
//    events, tools, the text the facts of its dialect rest on: config paths, trust) and its differences from mappings/
//    (test/e2e/harness/package-facts.ts, the recipes in mappings/dialects/<id>.yaml `declares`);
// 3. runs the e2e files that start a moved agent (all of them with --all) with HOOK_BRIDGE_E2E_VERSIONS naming the
//    newest versions, beside the pinned ones of the others; `-t <pattern>` and file names after `--` go to vitest.
// Usage: tsx scripts/latest-lane.ts [--agents claude,qwen] [--all] [--no-e2e] [-- <vitest arguments>]
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unpackCopilot } from '../test/e2e/harness/copilot.js';
import { type AgentId, agentPackage, ensureAgent, PINS } from '../test/e2e/harness/install.js';
import { checkAgainstMappings, type Declared, diffDeclared, readDeclared } from '../test/e2e/harness/package-facts.js';

const root = join(import.meta.dirname, '..');
const e2eDir = join(root, 'test/e2e');

interface Options {
  agents: AgentId[];
  all: boolean;
  e2e: boolean;
  vitest: string[];
}

function parseArgs(argv: string[]): Options {
  const dash = argv.indexOf('--');
  const own = dash < 0 ? argv : argv.slice(0, dash);
  const o: Options = {
    agents: Object.keys(PINS) as AgentId[],
    all: false,
    e2e: true,
    vitest: dash < 0 ? [] : argv.slice(dash + 1),
  };
  for (let i = 0; i < own.length; i++) {
    const a = own[i]!;
    if (a === '--all') o.all = true;
    else if (a === '--no-e2e') o.e2e = false;
    else if (a === '--agents') {
      const list = (own[++i] ?? '').split(',').filter(Boolean);
      const bad = list.filter((x) => !(x in PINS));
      if (bad.length || !list.length)
        fail(`--agents: expected some of ${Object.keys(PINS).join(', ')}; got "${own[i] ?? ''}"`);
      o.agents = list as AgentId[];
    } else fail(`unknown argument "${a}" (expected --agents <ids>, --all, --no-e2e, or -- <vitest arguments>)`);
  }
  return o;
}

function fail(message: string): never {
  console.error(`latest-lane: ${message}`);
  process.exit(2);
}

/** The newest published version of an agent's package (npm view). */
function newest(agent: AgentId): string {
  const { pkg } = agentPackage(agent);
  return execFileSync('npm', ['view', pkg, 'version'], { encoding: 'utf8', timeout: 120_000 }).trim();
}

/** Installs a version (Copilot's JavaScript unpacked too) and reads its declarations. */
function declaredAt(agent: AgentId, version: string): Declared {
  const previous = process.env.HOOK_BRIDGE_E2E_VERSIONS;
  process.env.HOOK_BRIDGE_E2E_VERSIONS = `${agent}=${version}`;
  try {
    ensureAgent(agent, version);
    if (agent === 'copilot') unpackCopilot();
    return readDeclared(agent, version);
  } finally {
    if (previous === undefined) delete process.env.HOOK_BRIDGE_E2E_VERSIONS;
    else process.env.HOOK_BRIDGE_E2E_VERSIONS = previous;
  }
}

/** Prints what moved between the pin and the newest version, and the newest one's differences from mappings/. */
function report(agent: AgentId, pinned: string, latest: string): boolean {
  console.log(`\n## ${agent}: ${pinned} -> ${latest}`);
  const before = declaredAt(agent, pinned);
  const after = declaredAt(agent, latest);
  const changes = diffDeclared(before, after);
  console.log(changes.length ? changes.map((l) => `- ${l}`).join('\n') : '- its package declares the same');
  const check = checkAgainstMappings(after);
  for (const p of check.problems) console.log(`- DIFFERS from mappings/: ${p}`);
  for (const n of check.notes) console.log(`- note: ${n}`);
  return check.problems.length === 0;
}

/** The e2e test files that start one of these agents (they name it, or its harness). */
function e2eFilesFor(agents: AgentId[]): string[] {
  return readdirSync(e2eDir)
    .filter((f) => f.endsWith('.test.ts'))
    .filter((f) => {
      const text = readFileSync(join(e2eDir, f), 'utf8');
      return agents.some((a) => text.includes(`'${a}'`) || text.includes(`harness/${a}.js`) || f.startsWith(`${a}-`));
    })
    .map((f) => `test/e2e/${f}`);
}

function main(): void {
  const o = parseArgs(process.argv.slice(2));
  const moved: Partial<Record<AgentId, string>> = {};
  console.log('# Latest lane\n\n| agent | pinned | newest | |\n|---|---|---|---|');
  for (const agent of o.agents) {
    const latest = newest(agent);
    if (latest !== PINS[agent]) moved[agent] = latest;
    console.log(`| ${agent} | ${PINS[agent]} | ${latest} | ${latest === PINS[agent] ? 'pinned is newest' : 'moved'} |`);
  }
  let same = true;
  for (const [agent, latest] of Object.entries(moved) as [AgentId, string][])
    same = report(agent, PINS[agent], latest) && same;
  const ids = Object.keys(moved) as AgentId[];
  if (!o.e2e || (!ids.length && !o.all)) {
    console.log(
      ids.length ? '\nend-to-end: not run (--no-e2e)' : '\nno agent moved: the pinned e2e suite is the newest',
    );
    process.exit(same ? 0 : 1);
  }
  const versions = ids.map((a) => `${a}=${moved[a]}`).join(',');
  // Test files named after `--` are the run: the agents' own list is left out.
  const files = o.all || o.vitest.some((a) => a.endsWith('.ts')) ? [] : e2eFilesFor(ids);
  console.log(
    `\nend-to-end with HOOK_BRIDGE_E2E_VERSIONS=${versions}: ${files.length ? files.join(' ') : 'the whole suite'}`,
  );
  const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...files, ...o.vitest], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, HOOK_BRIDGE_E2E_VERSIONS: versions },
  });
  process.exit(run.status === 0 && same ? 0 : 1);
}

main();
