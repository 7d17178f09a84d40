// Drives OpenCode (headless `opencode run --format json`) and its fork Kilo Code CLI (`kilo run --format json`, the
// same executable under other names) against the OpenAI-compatible mock model server.
//
// Recipe (test/fixtures/observed/opencode/README.md "Run it headless"): the mock is a provider of the
// project's opencode.json (kilo.json on Kilo: @ai-sdk/openai-compatible, bundled), every permission allowed; HOME and
// the XDG folders under the run's home; no autoupdate, share, models fetch or LSP download (Kilo: no telemetry either).
// The project is a git repository.
//
// At every start OpenCode installs @opencode-ai/plugin into each config folder it reads (~/.config/opencode/, the
// project's .opencode/) and loads no plugin before that is done — 5 s of a 8 s run here, 64 MB written into each
// folder, and the npm registry needed. Its installer (Npm.install in the binary) skips a folder whose node_modules
// exists and whose package-lock.json lists every package.json dependency: what a user's folders look like from the
// second start on. The harness gives each run that state, from one install in the cache (seedPluginDeps). Kilo does
// the same with @kilocode/plugin in ~/.config/kilo/ and .kilo/.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalTool, renameParams, toolEntry } from '../../../src/dialects/catalog.js';
import { NoSuchTool } from './codex.js';
import { agentVersion, ensureAgent, ensurePackage } from './install.js';
import { type OpenAIMockOptions, runWithOpenAIMock } from './openai-mock.js';
import type { AgentRun, AgentRunResult, ModelStep } from './types.js';
import { baseEnv, writeJson } from './util.js';

const OPENCODE_MODEL = 'mock-model';

/** Where OpenCode and its fork differ for the harness: names of folders, files, packages and variables. */
interface Fork {
  id: 'opencode' | 'kilo';
  agent: string;
  /** The plugin package the agent installs into its config folders. */
  plugin: string;
  /** Its version the seed installs, where not the agent's own. */
  pluginVersion?: string;
  /** Its config folders: the user's (under ~/.config) and the project's. */
  dirs: [string, string];
  /** The project's config file (its $schema, where the agent names one). */
  config: string;
  schema?: string;
  /** The variables that keep it off the network. */
  env: Record<string, string>;
  /** What its config file adds for that. */
  config_?: Record<string, unknown>;
}

const FORKS: Record<Fork['id'], Fork> = {
  opencode: {
    id: 'opencode',
    agent: 'OpenCode',
    plugin: '@opencode-ai/plugin',
    dirs: ['.config/opencode', '.opencode'],
    config: 'opencode.json',
    schema: 'https://opencode.ai/config.json',
    env: {
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      OPENCODE_DISABLE_SHARE: '1',
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    },
  },
  kilo: {
    id: 'kilo',
    agent: 'Kilo Code CLI',
    plugin: '@kilocode/plugin',
    // Kilo asks for @kilocode/plugin at its own version, which is not published for 7.7.7 (the newest is 7.3.1): its
    // install fails at every start. Its installer compares names only (package.json's against package-lock.json's),
    // so folders seeded with the newest published one are left alone.
    pluginVersion: '7.3.1',
    dirs: ['.config/kilo', '.kilo'],
    config: 'kilo.json',
    env: {
      KILO_DISABLE_AUTOUPDATE: '1',
      KILO_DISABLE_SHARE: '1',
      KILO_DISABLE_MODELS_FETCH: '1',
      KILO_DISABLE_LSP_DOWNLOAD: '1',
      // PostHog: on unless this is "all" (its telemetry init reads it once at start).
      KILO_TELEMETRY_LEVEL: 'off',
      KILO_DISABLE_SESSION_INGEST: 'true',
      // Its codebase index of the project (9 s of a run).
      KILO_DISABLE_CODEBASE_INDEXING: 'true',
    },
    // Its own providers fetch their model lists at start (20 s of a 40 s run offline, with KILO_DISABLE_MODELS_FETCH).
    config_: { disabled_providers: ['kilo', 'apertis'] },
  },
};

function forkEnv(f: Fork, run: AgentRun): Record<string, string> {
  const h = run.homeDir;
  return {
    ...baseEnv(),
    HOME: h,
    USERPROFILE: h,
    XDG_CONFIG_HOME: join(h, '.config'),
    XDG_DATA_HOME: join(h, '.local/share'),
    XDG_CACHE_HOME: join(h, '.cache'),
    XDG_STATE_HOME: join(h, '.local/state'),
    TERM: 'dumb',
    // OpenCode takes its directory from PWD (the caller's would make it read another project's config).
    PWD: run.projectDir,
    ...f.env,
    ...(run.env ?? {}),
  };
}

/**
 * The config folders the agent installs its plugin package into, as it leaves them after a first start: package.json
 * and package-lock.json naming the plugin package (at the agent's version), node_modules linked to one install in the
 * cache. A project folder is seeded only where the project has one (the agent makes none).
 */
function seedPluginDeps(f: Fork, run: Pick<AgentRun, 'projectDir' | 'homeDir'>): void {
  const version = f.pluginVersion ?? agentVersion(f.id);
  const entry = ensurePackage(`${f.id}-plugin-${version}`, {
    pkg: f.plugin,
    version,
    entry: `node_modules/${f.plugin}/package.json`,
    ignoreScripts: true,
  });
  const installed = join(entry, '../../../..');
  const dirs = [join(run.homeDir, f.dirs[0]), join(run.projectDir, f.dirs[1])];
  for (const dir of dirs) {
    if (dir !== dirs[0] && !existsSync(dir)) continue;
    mkdirSync(dir, { recursive: true });
    if (existsSync(join(dir, 'node_modules'))) continue;
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(installed, file), join(dir, file));
    symlinkSync(join(installed, 'node_modules'), join(dir, 'node_modules'));
  }
}

/** What a run may change in the harness's config file and mock. */
export interface OpencodeRunOptions {
  /** The mock model's token limits (OpenCode compacts a session whose last turn used more than context - output). */
  limit?: { context: number; output: number };
  stepOf?: OpenAIMockOptions['stepOf'];
  usage?: OpenAIMockOptions['usage'];
}

async function runFork(f: Fork, run: AgentRun, o: OpencodeRunOptions): Promise<AgentRunResult> {
  const exe = ensureAgent(f.id);
  seedPluginDeps(f, run);
  // A git repository with a commit: OpenCode names the project by its first commit, and reads the project's
  // opencode.json only then (without one it fell back to its own default model).
  const git = (...a: string[]) =>
    execFileSync('git', ['-C', run.projectDir, '-c', 'user.email=e2e@example.org', '-c', 'user.name=e2e', ...a], {
      stdio: 'ignore',
    });
  git('init', '-q');
  git('commit', '-q', '--allow-empty', '-m', 'init');
  return runWithOpenAIMock(
    { ...run, stdin: run.stdin ?? '', timeoutMs: run.timeoutMs ?? 180_000 },
    (mock) => {
      writeJson(join(run.projectDir, f.config), {
        ...(f.schema ? { $schema: f.schema } : {}),
        autoupdate: false,
        share: 'disabled',
        model: `mock/${OPENCODE_MODEL}`,
        small_model: `mock/${OPENCODE_MODEL}`,
        provider: {
          mock: {
            npm: '@ai-sdk/openai-compatible',
            name: 'Mock',
            options: { baseURL: mock.baseUrl, apiKey: 'sk-mock' },
            models: {
              [OPENCODE_MODEL]: {
                name: 'Mock Model',
                tool_call: true,
                limit: o.limit ?? { context: 128000, output: 4096 },
              },
            },
          },
        },
        permission: { edit: 'allow', bash: 'allow', webfetch: 'deny', external_directory: 'allow' },
        ...f.config_,
      });
      return {
        command: exe,
        args: [
          'run',
          '--format',
          'json',
          '--print-logs',
          '--log-level',
          'WARN',
          '--model',
          `mock/${OPENCODE_MODEL}`,
          ...(run.args ?? []),
          run.prompt ?? 'go',
        ],
        env: forkEnv(f, run),
      };
    },
    { model: OPENCODE_MODEL, ...(o.stepOf ? { stepOf: o.stepOf } : {}), ...(o.usage ? { usage: o.usage } : {}) },
  );
}

/** The environment of the agent's own commands (`opencode plugin`, `kilo plugin`) for a run's home and project. */
export const forkCommandEnv = (id: Fork['id'], run: Pick<AgentRun, 'projectDir' | 'homeDir'>) =>
  forkEnv(FORKS[id], { ...run, steps: [] });

export const runOpencode = (run: AgentRun, o: OpencodeRunOptions = {}) => runFork(FORKS.opencode, run, o);
/** Kilo Code CLI, an OpenCode fork: the same run under its own names (`kilo run`, kilo.json, .kilo/). */
export const runKilo = (run: AgentRun, o: OpencodeRunOptions = {}) => runFork(FORKS.kilo, run, o);

/** A scenario step (the agent's tool name, Claude's parameters) as its model sends it: parameters renamed. */
function forkStep(f: Fork, step: ModelStep): ModelStep {
  if (!('tool' in step)) return step;
  const c = canonicalTool(f.id, step.tool);
  const entry = c ? toolEntry(f.id, c) : undefined;
  if (!entry) throw new NoSuchTool(`${f.agent} has no ${step.tool} tool`);
  return { tool: step.tool, args: renameParams(step.args, toolEntry('claude', c!), entry) };
}
export const opencodeStep = (step: ModelStep, _dir: string) => forkStep(FORKS.opencode, step);
export const kiloStep = (step: ModelStep, _dir: string) => forkStep(FORKS.kilo, step);
