// Drives OpenCode (headless `opencode run --format json`) against the OpenAI-compatible mock model server.
//
// Recipe (test/fixtures/observed/opencode/README.md "Run it headless"): the mock is a provider of the
// project's opencode.json (@ai-sdk/openai-compatible, bundled), every permission allowed; HOME and the XDG folders
// under the run's home; no autoupdate, share, models fetch or LSP download. The project is a git repository.
//
// At every start OpenCode installs @opencode-ai/plugin into each config folder it reads (~/.config/opencode/, the
// project's .opencode/) and loads no plugin before that is done — 5 s of a 8 s run here, 64 MB written into each
// folder, and the npm registry needed. Its installer (Npm.install in the binary) skips a folder whose node_modules
// exists and whose package-lock.json lists every package.json dependency: what a user's folders look like from the
// second start on. The harness gives each run that state, from one install in the cache (seedPluginDeps).
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

function opencodeEnv(run: AgentRun): Record<string, string> {
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
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_SHARE: '1',
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    ...(run.env ?? {}),
  };
}

/**
 * The config folders OpenCode installs its plugin package into, as it leaves them after a first start: package.json
 * and package-lock.json naming @opencode-ai/plugin (at the agent's version), node_modules linked to one install in the
 * cache. A project folder is seeded only where the project has one (OpenCode makes none).
 */
function seedPluginDeps(run: Pick<AgentRun, 'projectDir' | 'homeDir'>): void {
  const version = agentVersion('opencode');
  const entry = ensurePackage(`opencode-plugin-${version}`, {
    pkg: '@opencode-ai/plugin',
    version,
    entry: 'node_modules/@opencode-ai/plugin/package.json',
    ignoreScripts: true,
  });
  const installed = join(entry, '../../../..');
  const dirs = [join(run.homeDir, '.config/opencode'), join(run.projectDir, '.opencode')];
  for (const dir of dirs) {
    if (dir !== dirs[0] && !existsSync(dir)) continue;
    mkdirSync(dir, { recursive: true });
    if (existsSync(join(dir, 'node_modules'))) continue;
    for (const f of ['package.json', 'package-lock.json']) copyFileSync(join(installed, f), join(dir, f));
    symlinkSync(join(installed, 'node_modules'), join(dir, 'node_modules'));
  }
}

/** What a run may change in the harness's opencode.json and mock. */
export interface OpencodeRunOptions {
  /** The mock model's token limits (OpenCode compacts a session whose last turn used more than context - output). */
  limit?: { context: number; output: number };
  stepOf?: OpenAIMockOptions['stepOf'];
  usage?: OpenAIMockOptions['usage'];
}

export async function runOpencode(run: AgentRun, o: OpencodeRunOptions = {}): Promise<AgentRunResult> {
  const exe = ensureAgent('opencode');
  seedPluginDeps(run);
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
      writeJson(join(run.projectDir, 'opencode.json'), {
        $schema: 'https://opencode.ai/config.json',
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
        env: opencodeEnv(run),
      };
    },
    { model: OPENCODE_MODEL, ...(o.stepOf ? { stepOf: o.stepOf } : {}), ...(o.usage ? { usage: o.usage } : {}) },
  );
}

/** A scenario step (OpenCode's tool name, Claude's parameters) as OpenCode's model sends it: parameters renamed. */
export function opencodeStep(step: ModelStep, _dir: string): ModelStep {
  if (!('tool' in step)) return step;
  const c = canonicalTool('opencode', step.tool);
  const entry = c ? toolEntry('opencode', c) : undefined;
  if (!entry) throw new NoSuchTool(`OpenCode has no ${step.tool} tool`);
  return { tool: step.tool, args: renameParams(step.args, toolEntry('claude', c!), entry) };
}
