// Drives GitHub Copilot CLI (headless `copilot -p`) against the OpenAI-compatible mock model server.
//
// Recipe (test/fixtures/observed/copilot/README.md):
// - the native binary of the platform package is run directly (install.ts); on its first run it unpacks its
//   JavaScript package (235 MB) into `$COPILOT_PKG_CACHE_HOME/pkg/<platform>/<version>`: the harness points
//   that at one directory of the install cache, so a fresh HOME does not unpack it again;
// - BYOK offline: COPILOT_OFFLINE=true, COPILOT_PROVIDER_BASE_URL = the mock (chat completions, the default
//   wire API), a dummy key, COPILOT_MODEL; COPILOT_AUTO_UPDATE=false; an isolated HOME with COPILOT_HOME under it;
// - `--allow-all-tools` (headless, nobody can approve a call) and `--trust-folder` (the project's hooks —
//   `.github/hooks/*.json`, `.github/copilot/settings*.json`, `.claude/settings*.json` — are skipped silently in
//   an untrusted folder), `--no-custom-instructions`, `--no-auto-update`;
// - every COPILOT*/GH_*/GITHUB_* variable of the caller removed (a token would switch auth on).
// The caller writes the hook files; the project should be a git repository (`initGitRepo`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheRoot, ensureAgent } from './install.js';
import { runWithOpenAIMock } from './openai-mock.js';
import type { AgentRun, AgentRunResult, ModelStep } from './types.js';
import { canonicalTool, renameParams, toolEntry } from '../../../src/dialects/catalog.js';
import { baseEnv } from './util.js';

/** A model id Copilot knows (its token limits and tool set come from its catalog). */
const COPILOT_MODEL = 'gpt-4.1';

export interface CopilotOptions {
  /** pass --trust-folder (default true) */
  trustFolder?: boolean;
  /** pass --allow-all-tools (default true) */
  allowAllTools?: boolean;
}

function copilotHome(homeDir: string): string {
  return join(homeDir, '.copilot');
}

function copilotEnv(run: AgentRun, baseUrl: string): Record<string, string> {
  const env = baseEnv();
  for (const k of Object.keys(env)) if (/^(COPILOT|GH_|GITHUB_)/i.test(k)) delete env[k];
  return {
    ...env,
    HOME: run.homeDir,
    USERPROFILE: run.homeDir,
    COPILOT_HOME: copilotHome(run.homeDir),
    COPILOT_PKG_CACHE_HOME: join(cacheRoot(), 'copilot-pkg'),
    COPILOT_OFFLINE: 'true',
    COPILOT_AUTO_UPDATE: 'false',
    COPILOT_PROVIDER_BASE_URL: baseUrl,
    COPILOT_PROVIDER_API_KEY: 'sk-mock',
    COPILOT_MODEL,
    SHELL: '/bin/bash',
    ...(run.env ?? {}),
  };
}

/**
 * Unpacks this run's Copilot CLI into the cache's copilot-pkg folder (what its first run does) without a session:
 * `copilot --version` in a scratch HOME. The package check reads the unpacked JavaScript.
 */
export function unpackCopilot(): void {
  const home = mkdtempSync(join(tmpdir(), 'hook-bridge-copilot-'));
  try {
    execFileSync(ensureAgent('copilot'), ['--version'], {
      env: copilotEnv({ projectDir: home, homeDir: home, steps: [] }, 'http://127.0.0.1:9'),
      stdio: 'ignore',
      timeout: 300_000,
    });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** The environment for a `copilot plugin …` command in the run's HOME (offline, no model). */
export const copilotCommandEnv = (homeDir: string): Record<string, string> =>
  copilotEnv({ projectDir: homeDir, homeDir, steps: [] }, 'http://127.0.0.1:9');

/** `git init` in the project (Copilot resolves the repository root as the project; hooks run there). */
export function initGitRepo(dir: string): void {
  execFileSync('git', ['init', '-q', dir], { stdio: 'ignore' });
}

export async function runCopilot(run: AgentRun, opts: CopilotOptions = {}): Promise<AgentRunResult> {
  const exe = ensureAgent('copilot');
  const args = [
    '-p',
    run.prompt ?? 'go',
    ...(opts.allowAllTools === false ? [] : ['--allow-all-tools']),
    ...(opts.trustFolder === false ? [] : ['--trust-folder']),
    '--no-custom-instructions',
    '--no-auto-update',
    ...(run.args ?? []),
  ];
  return runWithOpenAIMock(run, (mock) => ({ command: exe, args, env: copilotEnv(run, mock.baseUrl) }), {
    model: COPILOT_MODEL,
  });
}

/**
 * A scenario step (Copilot's tool name, Claude's parameter names — the scenarios are written for Claude) as Copilot's
 * model sends it: the parameters renamed by the mappings (file_path -> path, content -> file_text, old_string ->
 * old_str …), a bash call given the description its schema requires.
 */
export function copilotStep(step: ModelStep, _dir: string): ModelStep {
  if (!('tool' in step)) return step;
  const c = canonicalTool('copilot', step.tool);
  const args = c ? renameParams(step.args, toolEntry('claude', c), toolEntry('copilot', c)) : step.args;
  return {
    tool: step.tool,
    args: step.tool === 'bash' && args.description === undefined ? { ...args, description: 'run it' } : args,
  };
}

/** `copilot` run in a project made a git repository first (Copilot takes the repository root as the project). */
export const runCopilotInRepo = (run: AgentRun, opts?: CopilotOptions): Promise<AgentRunResult> => {
  initGitRepo(run.projectDir);
  return runCopilot(run, opts);
};
