// Drives Codex CLI (headless `codex exec`) against the Responses-API mock model server.
//
// Recipe (test/fixtures/observed/codex/README.md):
// - the native binary of the platform package is run directly (bin/codex.js needs node >= 22.15);
// - an isolated HOME with CODEX_HOME=$HOME/.codex; its config.toml selects a custom provider on the mock
//   (`wire_api = "responses"`, no retries), the catalog model slug `gpt-5.5` (an unknown slug gets
//   fallback metadata without the apply_patch tool), approval `never`, no sandbox, no update check, no
//   analytics/feedback, `[features] plugins = false` (else the plugin sync resolves github.com and
//   chatgpt.com), and the project trusted (an untrusted project's .codex/ layer — its hooks.json — is
//   ignored silently);
// - `--dangerously-bypass-hook-trust` by default: a hook runs only when its hash is recorded as trusted in
//   the user config, and headless nothing asks (`bypassHookTrust: false` to test that);
// - every CODEX*/OPENAI* variable of the caller removed; stdin closed at once (exec appends piped stdin to
//   the prompt).
// Hooks are read from `<projectDir>/.codex/hooks.json` (the caller writes it).
import { existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { ensureAgent } from './install.js';
import { runWithResponsesMock, type ResponsesMockRequest } from './responses-mock.js';
import type { AgentRun, AgentRunResult, ModelStep } from './types.js';
import { baseEnv, writeFileEnsured } from './util.js';

const CODEX_MODEL = 'gpt-5.5';
const KEY_VAR = 'E2E_MOCK_API_KEY';

export interface CodexOptions {
  /** pass --dangerously-bypass-hook-trust (default true) */
  bypassHookTrust?: boolean;
  /** trust the project in config.toml (default true) */
  trustProject?: boolean;
  /** a command the agent is run under, e.g. strace with its arguments */
  wrapper?: string[];
}

const toml = (s: string) => JSON.stringify(s);

/** The user config the harness runs Codex with; `extra` (e.g. recorded hook trust) is kept after it. */
function codexConfig(baseUrl: string, projectDir: string, trustProject: boolean, extra = ''): string {
  const project = `[projects.${toml(realpathSync(projectDir))}]`;
  return [
    `model = ${toml(CODEX_MODEL)}`,
    'model_provider = "e2e_mock"',
    'approval_policy = "never"',
    'sandbox_mode = "danger-full-access"',
    'check_for_update_on_startup = false',
    '',
    '[features]',
    'plugins = false',
    '',
    '[analytics]',
    'enabled = false',
    '',
    '[feedback]',
    'enabled = false',
    '',
    '[model_providers.e2e_mock]',
    'name = "e2e mock"',
    `base_url = ${toml(baseUrl)}`,
    'wire_api = "responses"',
    `env_key = "${KEY_VAR}"`,
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '',
    ...(trustProject && !extra.includes(project) ? [project, 'trust_level = "trusted"', ''] : []),
    extra,
  ].join('\n');
}

function codexHome(homeDir: string): string {
  return join(homeDir, '.codex');
}

function codexEnv(run: AgentRun): Record<string, string> {
  const env = baseEnv();
  for (const k of Object.keys(env)) if (/^(CODEX|OPENAI)/i.test(k)) delete env[k];
  return {
    ...env,
    HOME: run.homeDir,
    CODEX_HOME: codexHome(run.homeDir),
    [KEY_VAR]: 'sk-mock',
    SHELL: '/bin/bash',
    ...(run.env ?? {}),
  };
}

/** The environment for a `codex plugin …` command in the run's HOME (offline, no model); CODEX_HOME made. */
export function codexCommandEnv(homeDir: string): Record<string, string> {
  mkdirSync(codexHome(homeDir), { recursive: true });
  return codexEnv({ projectDir: homeDir, homeDir, steps: [] });
}

export async function runCodex(
  run: AgentRun,
  opts: CodexOptions = {},
): Promise<AgentRunResult & { allRequests: ResponsesMockRequest[] }> {
  const exe = ensureAgent('codex');
  const cfg = join(codexHome(run.homeDir), 'config.toml');
  // The harness's settings are rewritten on every run (the mock's port changes); what the config held before the
  // first run, or below the marker since (e.g. hook trust recorded by `convert --trust-codex-hooks`), is kept.
  const marker = '# hook-bridge e2e harness settings above';
  const before = existsSync(cfg) ? readFileSync(cfg, 'utf8') : '';
  const userPart = before.includes(marker) ? before.slice(before.indexOf(marker) + marker.length) : before;
  const args = [
    'exec',
    '--json',
    '--skip-git-repo-check',
    ...(opts.bypassHookTrust === false ? [] : ['--dangerously-bypass-hook-trust']),
    ...(run.args ?? []),
    run.prompt ?? 'go',
  ];
  return runWithResponsesMock(run, (mock) => {
    writeFileEnsured(
      cfg,
      codexConfig(mock.baseUrl, run.projectDir, opts.trustProject !== false, `${marker}\n${userPart}`),
    );
    const [command, ...pre] = [...(opts.wrapper ?? []), exe];
    return { command: command ?? exe, args: [...pre, ...args], env: codexEnv(run) };
  });
}

/**
 * A canonical (Claude-shaped) scenario step as the Codex model would make it: Bash → `exec_command {cmd}`,
 * Write → an apply_patch `Add File`, Edit → an apply_patch `Update File` with one hunk (the file is read
 * from `dir` to get whole lines). A tool Codex does not have throws `NoSuchTool` (before anything is read).
 */
export class NoSuchTool extends Error {}

export function codexStep(step: ModelStep, dir: string): ModelStep {
  if (!('tool' in step)) return step;
  const a = step.args as Record<string, string>;
  switch (step.tool) {
    case 'Bash':
      return { tool: 'exec_command', args: { cmd: a.command ?? '' } };
    case 'Write':
      return {
        tool: 'apply_patch',
        args: { input: patch([`*** Add File: ${a.file_path}`, ...lines(a.content ?? '').map((l) => `+${l}`)]) },
      };
    case 'Edit':
      return {
        tool: 'apply_patch',
        args: {
          input: patch([
            `*** Update File: ${a.file_path}`,
            ...updateHunk(readFileSync(abs(a.file_path ?? '', dir), 'utf8'), a.old_string ?? '', a.new_string ?? ''),
          ]),
        },
      };
    default:
      throw new NoSuchTool(`Codex CLI has no ${step.tool} tool`);
  }
}

const abs = (p: string, dir: string) => (p.startsWith('/') ? p : join(dir, p));
const patch = (body: string[]) => ['*** Begin Patch', ...body, '*** End Patch'].join('\n');
const lines = (text: string) => (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');

/** `@@` hunk replacing the whole lines that hold old_string (first occurrence) with the edited lines. */
function updateHunk(text: string, oldString: string, newString: string): string[] {
  const at = text.indexOf(oldString);
  if (at < 0 || oldString === '') throw new Error(`Edit step: old_string not found`);
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const nl = text.indexOf('\n', at + oldString.length);
  const end = nl < 0 ? text.length : nl;
  const before = text.slice(start, end);
  const after = before.slice(0, at - start) + newString + before.slice(at - start + oldString.length);
  return ['@@', ...before.split('\n').map((l) => `-${l}`), ...after.split('\n').map((l) => `+${l}`)];
}
