// Records what the REAL agents do with each end-to-end scenario (test/e2e/scenarios/), both columns of
// `hook-bridge test`: the Claude config copied verbatim into the host's settings file ("as-is") and converted by
// hook-bridge ("bridged"), plus real Claude Code on the original config (the reference). The observations go to
// test/simulate/fixtures/e2e-outcomes.json, which test/simulate/e2e-prediction.test.ts compares `hook-bridge test`'s
// predictions with. The differential suite (test/e2e/differential.test.ts) asserts the bridged column and prints
// only same/different; this records each observation's value.
//
// Run (real agents, offline against the harness's mock model servers; a few minutes):
//   npm run build && npx tsx test/simulate/record-e2e.ts [scenario-id …]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NoSuchTool } from '../e2e/harness/codex.js';
import { agentPackage, ensureAgent } from '../e2e/harness/install.js';
import { makeWorkspace } from '../e2e/harness/util.js';
import { HOSTS, installConfig, type HostId } from '../e2e/scenarios/hosts.js';
import { SCENARIOS, type Observation, type Scenario } from '../e2e/scenarios/scenarios.js';
import { scenarioProject } from './scenario-project.js';

type RecordedMode = 'as-is' | 'bridged';
interface Recorded {
  note: string;
  agents: Record<string, string>;
  /** scenario id -> host -> mode -> what was observed, or the reason it cannot be played there. */
  outcomes: Record<
    string,
    Partial<Record<HostId, Partial<Record<RecordedMode, Observation | { notApplicable: string }>>>>
  >;
}

const FIXTURE = join(import.meta.dirname, 'fixtures/e2e-outcomes.json');

/** One scenario on one host, the way the differential suite plays it. */
async function observe(
  s: Scenario,
  host: HostId,
  mode: 'reference' | 'verbatim' | 'bridged',
): Promise<Observation | { notApplicable: string }> {
  const h = HOSTS[host];
  const ws = makeWorkspace(`hb-record-${s.id}-${host}-`);
  try {
    const dir = ws.projectDir;
    scenarioProject(s, dir);
    let steps: ReturnType<typeof s.steps>;
    try {
      steps = s.steps(h, dir).map((st) => (h.step ? h.step(st, dir) : st));
    } catch (e) {
      if (e instanceof NoSuchTool) return { notApplicable: e.message };
      throw e;
    }
    installConfig(dir, h, mode, ws.homeDir);
    const r = await h.run({
      projectDir: dir,
      homeDir: ws.homeDir,
      steps,
      ...(s.prompt ? { prompt: s.prompt } : {}),
      ...(s.args?.[host] ? { args: s.args[host] } : {}),
    });
    return s.observe(r, dir);
  } finally {
    ws.cleanup();
  }
}

async function main(only: string[]): Promise<void> {
  const hosts: HostId[] = ['qwen', 'codebuddy', 'gemini', 'codex'];
  for (const id of ['claude', ...hosts] as const) ensureAgent(id);
  const prior: Recorded | undefined = existsSync(FIXTURE) ? JSON.parse(readFileSync(FIXTURE, 'utf8')) : undefined;
  const out: Recorded = {
    note:
      'Observed by test/simulate/record-e2e.ts on the real agents (headless, permissions bypassed, offline against ' +
      "the e2e mock model servers): as-is = the Claude config copied verbatim into the host's settings file, " +
      'bridged = converted by hook-bridge convert. Regenerate after a change to the scenarios.',
    // The agents this records (Copilot CLI's, Pi's and OpenCode's record is the differential suite's).
    agents: Object.fromEntries(
      (['claude', ...hosts] as const).map((id) => [id, `${agentPackage(id).pkg}@${agentPackage(id).version}`]),
    ),
    outcomes: prior?.outcomes ?? {},
  };
  for (const s of SCENARIOS.filter((x) => !only.length || only.includes(x.id))) {
    const row: Recorded['outcomes'][string] = { claude: { 'as-is': await observe(s, 'claude', 'reference') } };
    for (const host of hosts)
      row[host] = { 'as-is': await observe(s, host, 'verbatim'), bridged: await observe(s, host, 'bridged') };
    out.outcomes[s.id] = row;
    process.stderr.write(`${s.id}: ${JSON.stringify(row)}\n`);
  }
  mkdirSync(join(FIXTURE, '..'), { recursive: true });
  writeFileSync(FIXTURE, `${JSON.stringify(out, null, 2)}\n`);
}

await main(process.argv.slice(2));
