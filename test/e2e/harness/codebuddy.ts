// Drives CodeBuddy Code (headless `-p`) against the OpenAI-compatible mock model server.
//
// The mock is registered as a custom model in `$HOME/.codebuddy/models.json` (as in the ground
// truth recipe) and selected with `--model`; CODEBUDDY_API_KEY skips the login. `-y`
// (bypassPermissions) is the default. Hooks are read from `<projectDir>/.codebuddy/settings.json`
// (the caller writes it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureAgent } from './install.js';
import { runWithOpenAIMock } from './openai-mock.js';
import type { AgentRun, AgentRunResult } from './types.js';
import { baseEnv, writeJson } from './util.js';

/** Args that choose a permission mode; when the caller passes one, `-y` is not added. */
const PERMISSION_ARGS = /^(-y|--dangerously-skip-permissions|--permission-mode)(=|$)/;

/**
 * Environment that keeps CodeBuddy Code offline and lean without changing hook behaviour: no
 * telemetry/tracing, no auto-update, no clone of the built-in plugin marketplace (a `git clone`
 * from cnb.cool on every fresh HOME), no remote config, no IDE probing, no background memory
 * extraction/relevance or session-summary model requests.
 */
function codebuddyEnv(run: AgentRun): Record<string, string> {
  return {
    ...baseEnv(),
    HOME: run.homeDir,
    USERPROFILE: run.homeDir,
    CODEBUDDY_API_KEY: 'sk-mock',
    DISABLE_TELEMETRY: '1',
    DISABLE_GALILEO: '1',
    DISABLE_AUTOUPDATER: '1',
    CODEBUDDY_SKIP_BUILTIN_MARKETPLACE: '1',
    CODEBUDDY_REMOTE_CONFIG_DISABLED: '1',
    CODEBUDDY_GIT_REPO_SCAN_DISABLED: '1',
    CODEBUDDY_DISABLE_IDE: '1',
    CODEBUDDY_MEMORY_EXTRACTION_DISABLED: '1',
    CODEBUDDY_MEMORY_RELEVANCE_DISABLED: '1',
    CODEBUDDY_CODE_DISABLE_SESSION_SUMMARY: '1',
  };
}

/** Adds (or replaces) the mock model in `$HOME/.codebuddy/models.json`, keeping other entries. */
function writeCodebuddyModels(homeDir: string, model: string, baseUrl: string): void {
  const file = join(homeDir, '.codebuddy', 'models.json');
  let cfg: { models?: any[]; availableModels?: string[]; [k: string]: unknown } = {};
  try {
    cfg = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    cfg = {};
  }
  const entry = {
    id: model,
    name: 'Mock Model',
    vendor: 'OpenAI',
    apiKey: 'sk-mock',
    maxInputTokens: 200000,
    maxOutputTokens: 8192,
    url: `${baseUrl}/chat/completions`,
    supportsToolCall: true,
    supportsImages: false,
  };
  const models = (Array.isArray(cfg.models) ? cfg.models : []).filter((m) => m?.id !== model);
  const available = (Array.isArray(cfg.availableModels) ? cfg.availableModels : []).filter((m) => m !== model);
  writeJson(file, { ...cfg, models: [...models, entry], availableModels: [...available, model] });
}

export async function runCodebuddy(run: AgentRun): Promise<AgentRunResult> {
  const entry = ensureAgent('codebuddy');
  const extra = run.args ?? [];
  return runWithOpenAIMock(run, (mock) => {
    writeCodebuddyModels(run.homeDir, mock.model, mock.baseUrl);
    const args = [
      entry,
      '-p',
      run.prompt ?? 'go',
      ...(extra.includes('--model') ? [] : ['--model', mock.model]),
      ...(extra.some((a) => PERMISSION_ARGS.test(a)) ? [] : ['-y']),
      ...(extra.includes('--output-format') ? [] : ['--output-format', 'stream-json']),
      ...extra,
    ];
    return { command: process.execPath, args, env: { ...codebuddyEnv(run), ...run.env } };
  });
}
