// Drives Gemini CLI (headless `-p`) against the Gemini-API mock model server.
//
// Recipe (test/fixtures/observed/gemini/README.md):
// - GOOGLE_GEMINI_BASE_URL points @google/genai at the mock; alone it selects the auth type `gateway`,
//   which the headless auth check rejects (exit 41), so the run's user settings select `gemini-api-key`
//   and GEMINI_API_KEY is set;
// - GEMINI_CLI_TRUST_WORKSPACE=true: an untrusted folder drops the project's hooks (`--skip-trust` is
//   applied after the settings are loaded, so it does not help);
// - usage statistics and telemetry off, so the only connection is the one to the mock;
// - a fixed --model skips the routing-classifier call the default model `auto` makes every turn.
// Hooks are read from `<projectDir>/.gemini/settings.json` (the caller writes it).
import { ensureAgent } from './install.js';
import { runWithGeminiMock } from './gemini-mock.js';
import type { AgentLaunch } from './openai-mock.js';
import type { AgentRun, AgentRunResult } from './types.js';
import { baseEnv, writeJson } from './util.js';
import { join } from 'node:path';

export const PERMISSION_ARGS = /^(--yolo|-y|--approval-mode)(=|$)/;

export const GEMINI_USER_SETTINGS = {
  security: { auth: { selectedType: 'gemini-api-key' } },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
};

export function geminiEnv(run: AgentRun, baseUrl: string): Record<string, string> {
  const env = baseEnv();
  for (const k of Object.keys(env)) if (/^CLOUD_SHELL/.test(k)) delete env[k];
  return {
    ...env,
    HOME: run.homeDir,
    USERPROFILE: run.homeDir,
    GOOGLE_GEMINI_BASE_URL: baseUrl,
    GEMINI_API_KEY: 'mock-key',
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
    GEMINI_TELEMETRY_ENABLED: 'false',
    NO_BROWSER: 'true',
  };
}

/** Runs `gemini -p`; `wrap` may launch it elsewhere (in a terminal: harness/tmux.ts `launch`). */
export async function runGemini(
  run: AgentRun,
  wrap: (l: AgentLaunch) => AgentLaunch = (l) => l,
): Promise<AgentRunResult> {
  const entry = ensureAgent('gemini');
  const extra = run.args ?? [];
  writeJson(join(run.homeDir, '.gemini/settings.json'), GEMINI_USER_SETTINGS);
  const args = [
    entry,
    '-p',
    run.prompt ?? 'go',
    '--model',
    'gemini-2.5-flash',
    ...(extra.includes('--output-format') || extra.includes('-o') ? [] : ['--output-format', 'stream-json']),
    ...(extra.some((a) => PERMISSION_ARGS.test(a)) ? [] : ['--approval-mode', 'yolo']),
    ...extra,
  ];
  return runWithGeminiMock(run, (mock) =>
    wrap({ command: process.execPath, args, env: { ...geminiEnv(run, mock.baseUrl), ...(run.env ?? {}) } }),
  );
}
