// Drives Qwen Code (headless `-p`, or its terminal UI in tmux) against the OpenAI-compatible mock model server.
//
// Auth that works fully offline: `--auth-type openai` + OPENAI_API_KEY/OPENAI_BASE_URL/OPENAI_MODEL.
// `--yolo` is the default because in `-p` mode Qwen otherwise auto-declines write/edit/shell.
// Hooks are read from `<projectDir>/.qwen/settings.json` (the caller writes it).
import { join } from 'node:path';
import { cacheRoot, ensureAgent } from './install.js';
import { type AgentLaunch, type OpenAIMock, runWithOpenAIMock } from './openai-mock.js';
import type { TmuxScreen } from './tmux.js';
import type { AgentRun, AgentRunResult } from './types.js';
import { baseEnv, joinNodeOptions, v8FlagsPreload } from './util.js';

/** Args that choose a permission mode; when the caller passes one, `--yolo` is not added. */
const PERMISSION_ARGS = /^(--yolo|-y|--approval-mode)(=|$)/;

/**
 * Environment that keeps Qwen Code offline and fast without changing hook behaviour:
 * - QWEN_CODE_NO_RELAUNCH: skip the second self-relaunch (bigger heap), ~1 s per run;
 * - usage statistics (Aliyun RUM), telemetry and API preconnect off: no network besides the mock;
 * - the yolo-without-sandbox notice on stderr is silenced.
 */
function qwenEnv(run: AgentRun, baseUrl: string, model: string): Record<string, string> {
  return {
    ...baseEnv(),
    HOME: run.homeDir,
    USERPROFILE: run.homeDir,
    OPENAI_API_KEY: 'sk-mock',
    OPENAI_BASE_URL: baseUrl,
    OPENAI_MODEL: model,
    QWEN_CODE_NO_RELAUNCH: 'true',
    QWEN_USAGE_STATISTICS_ENABLED: 'false',
    QWEN_TELEMETRY_ENABLED: 'false',
    QWEN_CODE_DISABLE_PRECONNECT: '1',
    QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
  };
}

/** Qwen Code started with `args` against the mock (the agent's environment and preload), as a launch. */
function qwenLaunch(run: AgentRun, mock: OpenAIMock, args: string[]): AgentLaunch {
  const env = qwenEnv(run, mock.baseUrl, mock.model);
  // Qwen's shell tool compiles tree-sitter-bash (wasm); at exit node waits ~1.5 s for V8's
  // optimizing wasm tier-up to finish. Baseline-only wasm (Liftoff) removes that wait.
  const preload = v8FlagsPreload(join(cacheRoot(), 'node-preload'), ['--liftoff-only']);
  const userEnv = run.env ?? {};
  return {
    command: process.execPath,
    args,
    env: { ...env, ...userEnv, NODE_OPTIONS: joinNodeOptions(preload, userEnv.NODE_OPTIONS) },
  };
}

/** `--yolo` unless the run chooses a permission mode. */
const permissionArgs = (extra: string[]) => (extra.some((a) => PERMISSION_ARGS.test(a)) ? [] : ['--yolo']);

export async function runQwen(run: AgentRun): Promise<AgentRunResult> {
  const entry = ensureAgent('qwen');
  const extra = run.args ?? [];
  const args = [
    entry,
    '-p',
    run.prompt ?? 'go',
    '--auth-type',
    'openai',
    ...(extra.includes('--output-format') || extra.includes('-o') ? [] : ['--output-format', 'stream-json']),
    ...permissionArgs(extra),
    ...extra,
  ];
  return runWithOpenAIMock(run, (mock) => qwenLaunch(run, mock, args));
}

/** Qwen Code's terminal UI (the prompt given with --prompt-interactive) in `screen` until the test kills it. */
export async function runQwenTui(run: AgentRun, screen: TmuxScreen): Promise<AgentRunResult> {
  const entry = ensureAgent('qwen');
  const extra = run.args ?? [];
  const args = [entry, '--prompt-interactive', run.prompt ?? 'go', '--auth-type', 'openai', ...permissionArgs(extra)];
  return runWithOpenAIMock({ timeoutMs: 180_000, ...run }, (mock) =>
    screen.launch(qwenLaunch(run, mock, [...args, ...extra]), run.projectDir),
  );
}
